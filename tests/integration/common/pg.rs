//! A throw-away PostgreSQL cluster for the tests that run on both backends.
//! One cluster per test binary, started on first use: `initdb`
//! into a temporary folder, a unix socket in that folder and a free TCP
//! port on 127.0.0.1, `fsync=on` (the durability tests mean it); each test
//! gets a database of its own (`CREATE DATABASE`). The cluster is stopped
//! (`pg_ctl stop -m immediate`) and its folder removed when the test binary
//! exits.
//!
//! `initdb` refuses to run as root, so under root (CI) the PostgreSQL
//! programs run as the system user `ghostseat-ci` (created if missing;
//! `nobody` if it cannot be), which owns the temporary folder.
//!
//! Debian's binaries live in `/usr/lib/postgresql/<version>/bin` (the
//! newest version found is used; `GHOSTSEAT_PG_BIN` overrides). Without
//! them a test that needs PostgreSQL is skipped with a note on stderr, and
//! FAILS when `GHOSTSEAT_REQUIRE_PG=1` (CI sets it, so a CI without
//! PostgreSQL cannot pass by skipping).
#![allow(dead_code)]

use sqlx::Connection;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// The role the tests connect as (trust authentication, loopback only).
const ROLE: &str = "ghostseat";

/// A running cluster.
pub struct PgCluster {
    bin: PathBuf,
    /// Owned by `user`; holds `data/`, the socket and the server's log.
    dir: PathBuf,
    port: u16,
    /// The user the programs run as (None: this process's own).
    user: Option<String>,
}

/// One test's database on the shared cluster.
pub struct PgDb {
    /// `postgres://ghostseat@127.0.0.1:<port>/<name>`.
    pub url: String,
    pub name: String,
}

static CLUSTER: OnceLock<Result<PgCluster, String>> = OnceLock::new();
/// What `atexit` stops: the cluster's folder, bin and user.
static TO_STOP: Mutex<Option<(PathBuf, PathBuf, Option<String>)>> = Mutex::new(None);
static NEXT_DB: AtomicU32 = AtomicU32::new(0);

/// The folder with `initdb` and `pg_ctl`, if PostgreSQL is installed.
fn find_bin() -> Option<PathBuf> {
    if let Ok(b) = std::env::var("GHOSTSEAT_PG_BIN") {
        return Some(PathBuf::from(b)).filter(|p| p.join("initdb").exists());
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, b)| b)
}

fn required() -> bool {
    std::env::var("GHOSTSEAT_REQUIRE_PG").is_ok_and(|v| v == "1")
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `program` from `bin`, as `user` when one is given.
fn command(bin: &Path, user: Option<&str>, program: &str) -> Command {
    match user {
        Some(u) => {
            let mut c = Command::new("runuser");
            c.args(["-u", u, "--"]).arg(bin.join(program));
            c
        }
        None => Command::new(bin.join(program)),
    }
}

/// The non-root user to run the PostgreSQL programs as (None when this
/// process is not root).
fn pg_user() -> Result<Option<(String, u32, u32)>, String> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    let ids = |u: &str| -> Option<(u32, u32)> {
        let uid = run(Command::new("id").args(["-u", u])).ok()?;
        let gid = run(Command::new("id").args(["-g", u])).ok()?;
        Some((uid.trim().parse().ok()?, gid.trim().parse().ok()?))
    };
    if ids("ghostseat-ci").is_none() {
        let _ = run(Command::new("useradd").args([
            "--system",
            "--no-create-home",
            "--shell",
            "/usr/sbin/nologin",
            "ghostseat-ci",
        ]));
    }
    for u in ["ghostseat-ci", "nobody"] {
        if let Some((uid, gid)) = ids(u) {
            return Ok(Some((u.to_string(), uid, gid)));
        }
    }
    Err("running as root, and neither user ghostseat-ci nor nobody exists".into())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

extern "C" fn stop_at_exit() {
    let taken = TO_STOP.lock().ok().and_then(|mut g| g.take());
    if let Some((dir, bin, user)) = taken {
        stop(&dir, &bin, user.as_deref());
    }
}

fn stop(dir: &Path, bin: &Path, user: Option<&str>) {
    let _ = command(bin, user, "pg_ctl")
        .arg("-D")
        .arg(dir.join("data"))
        .args(["-m", "immediate", "-w", "stop"])
        .output();
    let _ = std::fs::remove_dir_all(dir);
}

impl PgCluster {
    fn start() -> Result<PgCluster, String> {
        let bin = find_bin().ok_or("no PostgreSQL binaries in /usr/lib/postgresql/*/bin")?;
        let user = pg_user()?;
        let dir = tempfile::Builder::new()
            .prefix("ghostseat-pg-")
            .tempdir()
            .map_err(|e| e.to_string())?
            .keep();
        if let Some((_, uid, gid)) = &user {
            std::os::unix::fs::chown(&dir, Some(*uid), Some(*gid))
                .map_err(|e| format!("chown {}: {e}", dir.display()))?;
        }
        let user = user.map(|(u, _, _)| u);
        let u = user.as_deref();
        let data = dir.join("data");
        run(command(&bin, u, "initdb")
            .arg("-D")
            .arg(&data)
            .args(["-U", ROLE, "-A", "trust", "-E", "UTF8", "--no-sync"])
            .args(["--locale", "C"]))?;
        *TO_STOP.lock().unwrap() = Some((dir.clone(), bin.clone(), user.clone()));
        // SAFETY: registers a plain extern "C" function with no arguments.
        unsafe { libc::atexit(stop_at_exit) };
        let mut last = String::new();
        for _ in 0..3 {
            let port = free_port();
            let opts = format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=on \
                 -c max_connections=400 -c shared_buffers=32MB",
                dir.display()
            );
            let started = run(command(&bin, u, "pg_ctl")
                .arg("-D")
                .arg(&data)
                .arg("-l")
                .arg(dir.join("server.log"))
                .args(["-w", "-t", "60", "-o", &opts, "start"]));
            match started {
                Ok(_) => {
                    return Ok(PgCluster {
                        bin,
                        dir,
                        port,
                        user,
                    })
                }
                Err(e) => {
                    let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
                    last = format!("{e}\n{log}");
                }
            }
        }
        Err(format!("pg_ctl start failed three times: {last}"))
    }

    pub fn url(&self, db: &str) -> String {
        format!("postgres://{ROLE}@127.0.0.1:{}/{db}", self.port)
    }

    /// Stops the cluster now (a test of a database that went away).
    pub fn stop(&self) {
        stop(&self.dir, &self.bin, self.user.as_deref());
    }
}

/// The shared cluster, started on first use; None (skip) when PostgreSQL
/// is not installed and not required.
pub fn cluster() -> Option<&'static PgCluster> {
    match CLUSTER.get_or_init(PgCluster::start) {
        Ok(c) => Some(c),
        Err(e) if required() => panic!("PostgreSQL is required (GHOSTSEAT_REQUIRE_PG=1): {e}"),
        Err(e) => {
            eprintln!("skipped: this test needs PostgreSQL ({e}); apt-get install postgresql");
            None
        }
    }
}

/// A fresh database of its own for one test, or None (skip) as [`cluster`].
pub async fn database() -> Option<PgDb> {
    let c = cluster()?;
    let name = format!(
        "t{}_{}",
        std::process::id(),
        NEXT_DB.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = sqlx::PgConnection::connect(&c.url("postgres"))
        .await
        .expect("connect to the test cluster");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create a test database");
    admin.close().await.ok();
    Some(PgDb {
        url: c.url(&name),
        name,
    })
}
