//! `ghostseat-bench`: a load generator over loopback HTTP, and the raw
//! SQLite baseline on the same disk, so the server's figures can be read
//! against what the disk itself can do.
//!
//! It starts a server in-process on a scratch database (or targets a running
//! one with `--target`), drives N concurrent sessions through a realistic mix
//! (create, read, legal moves, human moves, bot turns; every game of the
//! catalogue, round robin) for a fixed time, then prints throughput and
//! p50/p90/p99 latency per request kind. Its last line is one JSON object.
//!
//! The load run also reports the server's CPU time per command and so the
//! commands per second one server core can serve. The server runs as a child
//! process (the `ghostseat` binary's `serve`) rather than in this process, so that its CPU
//! time is its own: the kernel's per-process account (`/proc/<pid>/stat`,
//! every thread, ended ones included) read before and after the load phase,
//! with nothing of the load generator in it. `--server-cpu`/`--client-cpu`
//! pin the two to different CPUs; `--runs` repeats the load on a fresh server
//! and reports the medians.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

mod args;

use args::BenchArgs;
use clap::Parser;
use ghostseat::config::ServeArgs;
use ghostseat::server::Server;
use ghostseat::store::Durability;

#[derive(Default)]
struct Samples {
    by_kind: BTreeMap<&'static str, Vec<f64>>,
    errors: BTreeMap<String, u64>,
    /// Entries read from the tables' streams (`--streams`).
    stream_entries: u64,
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs the benchmark; returns the summary JSON (also printed last).
async fn run(args: BenchArgs) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let scratch = args
        .dir
        .join(format!("ghostseat-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let result = run_in(&args, &scratch).await;
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn serve_args(db: PathBuf, durability: Durability) -> ServeArgs {
    let mut a = ServeArgs::with_database(&db);
    a.addr = "127.0.0.1:0".parse().expect("loopback address");
    a.log_level = "error".into();
    a.durability = durability;
    a.idle_secs = 3600;
    a.rate_limit = 0;
    a.rate_burst = 0;
    // The load generator is one client address with many sessions.
    a.creates_per_hour = 0;
    a.max_connections_per_address = a.max_connections;
    a
}

/// Resident memory of this process in MiB (Linux).
fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map(|kb| kb / 1024.0)
        .unwrap_or(0.0)
}

/// Starts a server in-process; returns its base URL, registry and stopper.
async fn start(
    db: PathBuf,
    durability: Durability,
) -> Result<
    (
        String,
        std::sync::Arc<ghostseat::session::Registry>,
        Stopper,
    ),
    Box<dyn std::error::Error + Send + Sync>,
> {
    let server = Server::bind(&serve_args(db, durability)).await?;
    let registry = server.registry.clone();
    let base = format!("http://{}", server.addr);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async move {
        let _ = rx.await;
    }));
    Ok((base, registry, (tx, task)))
}

type Stopper = (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
);

async fn stop((tx, task): Stopper) {
    let _ = tx.send(());
    let _ = task.await;
}

/// A `ghostseat serve` child process; killed when dropped, on the error
/// paths too, so no server outlives the bench.
struct ChildServer {
    child: std::process::Child,
    base: String,
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `bin serve` (the `ghostseat` binary) on `db` as a child process with the in-process
/// server's limits (none in the way of one client with many sessions),
/// pinned to `cpu` from its first instruction when given, so that it sees
/// one core (and picks the single-threaded scheduler, see `main`).
async fn child_server(
    bin: &Path,
    db: &Path,
    durability: Durability,
    cpu: Option<usize>,
    sessions: usize,
    peer_poll_ms: u64,
) -> Result<ChildServer, Box<dyn std::error::Error + Send + Sync>> {
    // One client per session may hold a connection (the open loop opens
    // more while the server lags), so the connection limits grow with the
    // sessions instead of refusing the load generator at 1,024.
    let connections = (sessions + 64).max(1024).to_string();
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let durability = match durability {
        Durability::Full => "full",
        Durability::Normal => "normal",
    };
    let mut cmd = std::process::Command::new(bin);
    cmd.args([
        "serve",
        "--addr",
        &format!("127.0.0.1:{port}"),
        "--log-level",
        "error",
    ])
    .args(["--rate-limit", "0", "--rate-burst", "0"])
    .args(["--creates-per-hour", "0", "--idle-secs", "3600"])
    .args(["--max-connections", &connections])
    .args(["--max-connections-per-address", &connections])
    .args(["--streams-per-address", &connections])
    .args(["--peer-poll-ms", &peer_poll_ms.to_string()])
    .args(["--durability", durability, "--database"])
    .arg(db);
    if let Some(cpu) = cpu {
        pin_before_exec(&mut cmd, cpu)?;
    }
    let child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let server = ChildServer { child, base };
    let client = reqwest::Client::new();
    let t = Instant::now();
    while client
        .get(format!("{}/healthz", server.base))
        .send()
        .await
        .is_err()
    {
        if t.elapsed() > Duration::from_secs(20) {
            return Err("the child server did not start".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(server)
}

/// (utime, stime), in clock ticks, from the text of `/proc/<pid>/stat`. The
/// second field is the program's name in parentheses, which may itself hold
/// spaces and parentheses, so the fields are counted after the last `)`:
/// there utime and stime (fields 14 and 15) are the 12th and 13th.
fn stat_cpu_ticks(stat: &str) -> Option<(u64, u64)> {
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime, stime))
}

/// CPU seconds as the kernel accounts them, all threads of a process: in
/// user space (our code, the libraries, SQLite) and in the kernel on its
/// behalf (sockets, files, `fsync`, futexes): whether fewer instructions or
/// fewer system calls would pay.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct CpuTime {
    user: f64,
    system: f64,
}

impl CpuTime {
    fn total(self) -> f64 {
        self.user + self.system
    }
}

impl std::ops::Add for CpuTime {
    type Output = CpuTime;
    fn add(self, o: CpuTime) -> CpuTime {
        CpuTime {
            user: self.user + o.user,
            system: self.system + o.system,
        }
    }
}

impl std::ops::Sub for CpuTime {
    type Output = CpuTime;
    fn sub(self, o: CpuTime) -> CpuTime {
        CpuTime {
            user: self.user - o.user,
            system: self.system - o.system,
        }
    }
}

/// A process's CPU time (all its threads).
fn process_cpu(pid: u32) -> Result<CpuTime, String> {
    let path = format!("/proc/{pid}/stat");
    let stat = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let (user, system) = stat_cpu_ticks(&stat).ok_or_else(|| format!("cannot parse {path}"))?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz <= 0 {
        return Err("sysconf(_SC_CLK_TCK) failed".into());
    }
    let hz = hz as f64;
    Ok(CpuTime {
        user: user as f64 / hz,
        system: system as f64 / hz,
    })
}

/// The CPU set holding `cpu` alone.
#[cfg(target_os = "linux")]
fn cpu_set(cpu: usize) -> Result<libc::cpu_set_t, String> {
    if cpu >= libc::CPU_SETSIZE as usize {
        return Err(format!("no CPU {cpu}"));
    }
    // SAFETY: cpu_set_t is a plain bit array (all zeroes: the empty set) and
    // `cpu` is within it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        Ok(set)
    }
}

/// Pins the process `cmd` starts to `cpu` between fork and exec.
#[cfg(target_os = "linux")]
fn pin_before_exec(cmd: &mut std::process::Command, cpu: usize) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let set = cpu_set(cpu)?;
    // SAFETY: the closure only makes one system call (async-signal-safe, no
    // allocation, no lock) on a set built before the fork.
    unsafe {
        cmd.pre_exec(move || {
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    Ok(())
}

/// Pins every thread of the running process `pid` to `cpu`. An affinity
/// mask belongs to one thread and a new thread inherits its creator's, so
/// pinning each thread there is pins the ones to come; a second pass catches
/// a thread started during the first.
#[cfg(target_os = "linux")]
fn pin_process(pid: u32, cpu: usize) -> Result<(), String> {
    let set = cpu_set(cpu)?;
    for _ in 0..2 {
        let dir = format!("/proc/{pid}/task");
        let tasks = std::fs::read_dir(&dir).map_err(|e| format!("cannot read {dir}: {e}"))?;
        for task in tasks {
            let name = task
                .map_err(|e| format!("cannot read {dir}: {e}"))?
                .file_name();
            let Some(tid) = name.to_str().and_then(|n| n.parse::<libc::pid_t>().ok()) else {
                continue;
            };
            // SAFETY: `set` is a valid cpu_set_t of the size given.
            let r = unsafe {
                libc::sched_setaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &set)
            };
            if r != 0 {
                let e = std::io::Error::last_os_error();
                // A thread may end between the listing and the call.
                if e.raw_os_error() != Some(libc::ESRCH) {
                    return Err(format!("cannot pin thread {tid} to CPU {cpu}: {e}"));
                }
            }
        }
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn pin_before_exec(_: &mut std::process::Command, _: usize) -> Result<(), String> {
    Err("pinning needs Linux".into())
}

#[cfg(not(target_os = "linux"))]
fn pin_process(_: u32, _: usize) -> Result<(), String> {
    Err("pinning needs Linux".into())
}

/// The median of a sorted, non-empty slice.
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Each numeric field's median over the runs, field by field (so the median
/// p99 may come from another run than the median throughput); a field no
/// run measured is null.
fn medians(runs: &[Value]) -> Value {
    let mut out = serde_json::Map::new();
    let Some(first) = runs.first().and_then(Value::as_object) else {
        return Value::Object(out);
    };
    for key in first.keys() {
        let mut v: Vec<f64> = runs.iter().filter_map(|r| r[key].as_f64()).collect();
        v.sort_by(|a, b| a.total_cmp(b));
        let m = (!v.is_empty()).then(|| (median(&v) * 100.0).round() / 100.0);
        out.insert(key.clone(), json!(m));
    }
    Value::Object(out)
}

/// Loads every session (none is live), timing each load; sorted, in ms.
async fn timed_loads(
    registry: &ghostseat::session::Registry,
    sessions: &[(String, String)],
) -> Result<Vec<f64>, Box<dyn std::error::Error + Send + Sync>> {
    let mut out = Vec::with_capacity(sessions.len());
    for (id, _) in sessions {
        let t = Instant::now();
        registry.preload(id).await?;
        out.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    out.sort_by(|a, b| a.total_cmp(b));
    Ok(out)
}

/// Creates a session of `game` and plays `steps` commands in it (bot turns
/// and random legal moves drawn from `seed`, fewer if the game stops
/// first); returns its id and a seat token. The server draws the session's
/// own seed: a chosen one needs the operator token in a game between two
/// people (fair play), and the figures do not depend on it.
async fn seeded_session(
    client: &reqwest::Client,
    base: &str,
    game: &str,
    seed: u64,
    steps: usize,
) -> Result<(String, String), Box<dyn std::error::Error + Send + Sync>> {
    let unrecorded = Mutex::new(Samples::default());
    let body = json!({ "game": game, "seating": "pass_and_play" }).to_string();
    let mut table = Table::create(client, base, body, &unrecorded)
        .await
        .ok_or_else(|| format!("cannot create a {game} session"))?;
    let mut rand = xorshift(seed);
    for _ in 0..steps {
        // A finished game, or a seat with nothing to do, ends the log early.
        if !matches!(
            table.step(client, base, &unrecorded, &mut rand).await,
            Step::Played
        ) {
            break;
        }
    }
    let any = table.tokens[table.any_seat].clone().unwrap_or_default();
    Ok((table.id, any))
}

/// Creates `n` sessions of every game with logs of 0 to 2 × SNAPSHOT_EVERY
/// commands, restarts, loads each cold (timed inside the process, without
/// HTTP), then measures RSS with all of them live and one warm HTTP read each.
async fn idle_run(
    args: &BenchArgs,
    scratch: &Path,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let n = args.idle_sessions;
    let db = scratch.join("idle.db");
    let client = reqwest::Client::new();
    // The sessions are made by a server in a child process, so that this
    // process's memory afterwards holds only what loading them costs.
    let server = child_server(&args.server_bin()?, &db, args.durability, None, 32, 0).await?;
    let base = server.base.clone();
    let games: Vec<String> = ghostseat::games::catalog()
        .iter()
        .map(|g| g.id().to_string())
        .collect();
    let per_task = n.div_ceil(32);
    let mut tasks = Vec::new();
    for t in 0..32 {
        let (client, base, games) = (client.clone(), base.clone(), games.clone());
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for i in (t * per_task)..((t + 1) * per_task).min(n) {
                let steps = i % (2 * ghostseat::session::SNAPSHOT_EVERY as usize);
                out.push(
                    seeded_session(&client, &base, &games[i % games.len()], i as u64, steps).await,
                );
            }
            out
        }));
    }
    let mut sessions = Vec::with_capacity(n);
    for t in tasks {
        for r in t.await? {
            sessions.push(r?);
        }
    }
    drop(server);
    // Pass 1: the file as the disk has it (pages may not be in memory).
    let rss_before = rss_mib();
    let (_, registry, stopper) = start(db.clone(), args.durability).await?;
    let disk = timed_loads(&registry, &sessions).await?;
    let live = registry.live_actors().await;
    let rss_after = rss_mib();
    stop(stopper).await;
    // Pass 1's 10,000 actors end with their registry (their queues close),
    // before pass 2 times anything: alive, they shared pass 2's runtime
    // and allocator and put its p99 above pass 1's.
    drop(registry);
    tokio::time::sleep(Duration::from_secs(1)).await;
    // Pass 2: the same with the file in the OS page cache: the load's own cost.
    let _ = std::fs::read(&db)?;
    let (base, registry, stopper) = start(db, args.durability).await?;
    let load = timed_loads(&registry, &sessions).await?;
    let mut warm = Vec::with_capacity(n);
    for (id, token) in &sessions {
        let t = Instant::now();
        let r = client
            .get(format!("{base}/v1/sessions/{id}/legal-moves"))
            .bearer_auth(token)
            .send()
            .await?;
        let _ = r.bytes().await?;
        warm.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    stop(stopper).await;
    warm.sort_by(|a, b| a.total_cmp(b));
    let ms = |v: f64| (v * 1000.0).round() / 1000.0;
    let summary = json!({
        "idle_sessions": n,
        "live_actors": live,
        "rss_mib": (rss_after * 10.0).round() / 10.0,
        "rss_growth_mib": ((rss_after - rss_before) * 10.0).round() / 10.0,
        "cold_load_p50_ms": ms(pct(&disk, 50.0)),
        "cold_load_p99_ms": ms(pct(&disk, 99.0)),
        "cold_load_max_ms": ms(pct(&disk, 100.0)),
        "cold_load_os_cached_p50_ms": ms(pct(&load, 50.0)),
        "cold_load_os_cached_p99_ms": ms(pct(&load, 99.0)),
        "warm_http_read_p50_ms": ms(pct(&warm, 50.0)),
        "warm_http_read_p99_ms": ms(pct(&warm, 99.0)),
    });
    println!("{summary}");
    Ok(summary)
}

async fn run_in(
    args: &BenchArgs,
    scratch: &Path,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    if args.idle_sessions > 0 {
        return idle_run(args, scratch).await;
    }
    if let Some(url) = &args.database {
        return postgres_run(args, url).await;
    }
    let full = sqlite_commits_per_s(
        &scratch.join("baseline-full.db"),
        SqliteSynchronous::Full,
        Duration::from_secs(2),
    )
    .await?;
    let normal = sqlite_commits_per_s(
        &scratch.join("baseline-normal.db"),
        SqliteSynchronous::Normal,
        Duration::from_secs(2),
    )
    .await?;
    eprintln!(
        "sqlite baseline on {}: {full:.0} commits/s (FULL), {normal:.0} commits/s (NORMAL)",
        scratch.display()
    );

    if let Some(cpu) = args.client_cpu {
        pin_process(std::process::id(), cpu)?;
    }
    let mut runs = Vec::new();
    for i in 0..args.runs {
        println!("run {}/{}", i + 1, args.runs);
        let run = match &args.target {
            Some(t) => {
                let pids: Vec<u32> = args.server_pid.into_iter().collect();
                load_run(args, &[t.trim_end_matches('/').to_string()], &pids).await?
            }
            None => replicated_run(args, &scratch.join(format!("bench-{i}.db"))).await?,
        };
        runs.push(run);
    }
    Ok(summary(
        args,
        runs,
        json!({
            "sqlite_full_commits_per_s": full.round(),
            "sqlite_normal_commits_per_s": normal.round(),
        }),
    ))
}

/// The bench's last line: the settings, every run and their medians, and
/// the same run's `baseline` figures; printed and returned.
fn summary(args: &BenchArgs, runs: Vec<Value>, baseline: Value) -> Value {
    let mut summary = json!({
        "sessions": args.sessions,
        "rate": args.rate,
        "seconds": args.seconds,
        "durability": args.durability,
        "replicas": args.replicas,
        "server_cpu": args.server_cpu,
        "client_cpu": args.client_cpu,
        "median": medians(&runs),
        "runs": runs,
    });
    if let (Some(all), Value::Object(extra)) = (summary.as_object_mut(), baseline) {
        all.extend(extra);
    }
    println!("{summary}");
    summary
}

/// One load run on `args.replicas` child servers sharing `db` (a SQLite
/// file or a PostgreSQL URL).
async fn replicated_run(
    args: &BenchArgs,
    db: &Path,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    // Replicas look for each other's commits; a lone server has none.
    let peer_poll_ms = if args.replicas > 1 { 100 } else { 0 };
    let bin = args.server_bin()?;
    let mut servers = Vec::new();
    for _ in 0..args.replicas {
        servers.push(
            child_server(
                &bin,
                db,
                args.durability,
                args.server_cpu,
                args.sessions,
                peer_poll_ms,
            )
            .await?,
        );
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();
    let pids: Vec<u32> = servers.iter().map(|s| s.child.id()).collect();
    load_run(args, &bases, &pids).await
}

/// The load runs on PostgreSQL: each on a fresh database on the server of
/// `url` (created through `url`'s own database, dropped after the run),
/// with that server's single-row commit rate as the baseline.
async fn postgres_run(
    args: &BenchArgs,
    url: &str,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let durable = matches!(args.durability, Durability::Full);
    let baseline = postgres_commits_per_s(url, durable, Duration::from_secs(2)).await?;
    eprintln!(
        "postgres baseline: {baseline:.0} single-row commits/s (synchronous_commit {})",
        if durable { "on" } else { "off" }
    );
    if let Some(cpu) = args.client_cpu {
        pin_process(std::process::id(), cpu)?;
    }
    let mut admin = sqlx::PgConnection::connect(url).await?;
    let mut runs = Vec::new();
    for i in 0..args.runs {
        println!("run {}/{}", i + 1, args.runs);
        let name = format!("ghostseat_bench_{}_{i}", std::process::id());
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await?;
        let run = replicated_run(args, Path::new(&with_database(url, &name))).await;
        // The servers are gone (dropped with the run); the database goes too.
        let dropped = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut admin)
            .await;
        runs.push(run?);
        dropped?;
    }
    admin.close().await?;
    Ok(summary(
        args,
        runs,
        json!({"database": "postgres", "postgres_commits_per_s": baseline.round()}),
    ))
}

/// `url` with its database name replaced by `name` (the query kept).
fn with_database(url: &str, name: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((h, q)) => (h, format!("?{q}")),
        None => (url, String::new()),
    };
    let scheme_end = head.find("://").map_or(0, |i| i + 3);
    let base = match head[scheme_end..].find('/') {
        Some(slash) => &head[..scheme_end + slash],
        None => head,
    };
    format!("{base}/{name}{query}")
}

/// Single-row commits per second on the PostgreSQL server of `url`, each
/// its own transaction, as durable as the server's commits
/// (`synchronous_commit` on for `full`, off for `normal`). The table lives
/// only for the measurement.
pub async fn postgres_commits_per_s(
    url: &str,
    durable: bool,
    dur: Duration,
) -> Result<f64, sqlx::Error> {
    let mut conn = sqlx::PgConnection::connect(url).await?;
    let table = format!("ghostseat_bench_baseline_{}", std::process::id());
    sqlx::query(if durable {
        "SET synchronous_commit = on"
    } else {
        "SET synchronous_commit = off"
    })
    .execute(&mut conn)
    .await?;
    sqlx::query(&format!(
        "CREATE TABLE {table} (id bigserial PRIMARY KEY, v bytea NOT NULL)"
    ))
    .execute(&mut conn)
    .await?;
    let blob = vec![7u8; 512];
    let t = Instant::now();
    let mut n = 0u64;
    let insert = format!("INSERT INTO {table} (v) VALUES ($1)");
    while t.elapsed() < dur {
        sqlx::query(&insert).bind(&blob).execute(&mut conn).await?;
        n += 1;
    }
    let rate = n as f64 / t.elapsed().as_secs_f64();
    sqlx::query(&format!("DROP TABLE {table}"))
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(rate)
}

/// One load phase against the servers at `bases` (replicas of one database;
/// session i talks to `bases[i % n]`): prints the table by request kind,
/// returns the run's figures. `server_pids` are the servers' processes,
/// whose CPU time over the phase (all their threads: HTTP, sessions, the
/// writer and the checkpointer) is charged to the commands (moves and bot
/// turns), as are the creates and reads of the mix that serve them.
async fn load_run(
    args: &BenchArgs,
    bases: &[String],
    server_pids: &[u32],
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let base = bases[0].clone();
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.sessions)
        .build()?;
    let games: Vec<String> = client
        .get(format!("{base}/v1/games"))
        .send()
        .await?
        .json::<Value>()
        .await?["games"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|g| g["id"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if games.is_empty() {
        return Err("the server offers no games".into());
    }
    let samples = Arc::new(Mutex::new(Samples::default()));
    // The open loop's sessions exist before its clock starts, so that the
    // slots measure commands, not a burst of creates.
    let mut ready = match args.rate {
        Some(_) => open_tables(&client, &base, &games, args.sessions).await?,
        None => Vec::new(),
    }
    .into_iter();
    let servers_cpu = || -> Result<Option<CpuTime>, String> {
        if server_pids.is_empty() {
            return Ok(None);
        }
        let mut sum = CpuTime::default();
        for &pid in server_pids {
            sum = sum + process_cpu(pid)?;
        }
        Ok(Some(sum))
    };
    let server_cpu_before = servers_cpu()?;
    let client_cpu_before = process_cpu(std::process::id())?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    let streams = args.streams;
    for i in 0..args.sessions {
        let client = client.clone();
        let base = bases[i % bases.len()].clone();
        let game = games[i % games.len()].clone();
        let samples = samples.clone();
        match args.rate {
            None => tasks.push(tokio::spawn(async move {
                drive(client, base, game, i as u64, deadline, samples, streams).await
            })),
            Some(rate) => {
                let Some(table) = ready.next() else { break };
                // Session i's slots: started + (i + k·n) / rate, k = 0, 1, …
                let slots = Slots {
                    first: started + Duration::from_secs_f64(i as f64 / rate),
                    every: Duration::from_secs_f64(args.sessions as f64 / rate),
                    deadline,
                };
                tasks.push(tokio::spawn(async move {
                    drive_open(client, base, game, table, i as u64, slots, samples).await
                }))
            }
        }
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let server_cpu = match (servers_cpu()?, server_cpu_before) {
        (Some(after), Some(before)) => Some(after - before),
        _ => None,
    };
    let client_cpu = (process_cpu(std::process::id())? - client_cpu_before).total();

    let s = samples.lock().await;
    let mut commands = 0usize;
    let mut all_cmd: Vec<f64> = Vec::new();
    println!(
        "{:<12} {:>9} {:>10} {:>9} {:>9} {:>9}",
        "kind", "count", "per_s", "p50_ms", "p90_ms", "p99_ms"
    );
    // The closed loop's latency is the command's own; the open loop's counts
    // from the command's slot (its `from_slot` samples, one per command).
    let counted: &[&str] = match args.rate {
        None => &["move", "bot_turn"],
        Some(_) => &[FROM_SLOT],
    };
    for (kind, v) in &s.by_kind {
        let mut v = v.clone();
        v.sort_by(|a, b| a.total_cmp(b));
        if counted.contains(kind) {
            commands += v.len();
            all_cmd.extend(&v);
        }
        println!(
            "{:<12} {:>9} {:>10.1} {:>9.2} {:>9.2} {:>9.2}",
            kind,
            v.len(),
            v.len() as f64 / elapsed,
            pct(&v, 50.0),
            pct(&v, 90.0),
            pct(&v, 99.0)
        );
    }
    for (e, n) in &s.errors {
        println!("error {e}: {n}");
    }
    all_cmd.sort_by(|a, b| a.total_cmp(b));
    let round = |v: f64, places: i32| {
        let f = 10f64.powi(places);
        (v * f).round() / f
    };
    // Per command: the server's CPU over the phase; a core serves the inverse.
    let per_command_split = server_cpu.filter(|_| commands > 0).map(|c| CpuTime {
        user: c.user / commands as f64,
        system: c.system / commands as f64,
    });
    let per_command = per_command_split.map(CpuTime::total);
    let run = json!({
        "offered_commands_per_s": args.rate,
        "commands": commands,
        "commands_per_s": round(commands as f64 / elapsed, 1),
        "p50_ms": round(pct(&all_cmd, 50.0), 2),
        "p90_ms": round(pct(&all_cmd, 90.0), 2),
        "p99_ms": round(pct(&all_cmd, 99.0), 2),
        "max_ms": round(pct(&all_cmd, 100.0), 2),
        "errors": s.errors.values().sum::<u64>(),
        "server_cpu_us_per_command": per_command.map(|c| round(c * 1e6, 1)),
        // The same, split: in user space and in the kernel (system calls).
        "server_cpu_user_us_per_command": per_command_split.map(|c| round(c.user * 1e6, 1)),
        "server_cpu_system_us_per_command": per_command_split.map(|c| round(c.system * 1e6, 1)),
        "commands_per_s_per_server_core": per_command.filter(|c| *c > 0.0).map(|c| round(1.0 / c, 0)),
        // CPU seconds per second of load: near 1.0 pinned means the server's
        // core was saturated; well below, the client set the pace.
        "server_cpu_busy": server_cpu.map(|c| round(c.total() / elapsed, 2)),
        "client_cpu_busy": round(client_cpu / elapsed, 2),
        "stream_entries": args.streams.then_some(s.stream_entries),
    });
    println!("{run}");
    Ok(run)
}

/// Whose turn it is, as far as the load generator needs to know.
#[derive(Deserialize)]
struct NextDoc {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seats: Vec<usize>,
}

/// The parts of the answers the client reads; the rest of each body is
/// skipped without building a tree, so the client spends its share of the
/// two cores on requests rather than on parsing views.
#[derive(Deserialize)]
struct CreatedDoc {
    id: String,
    seats: Vec<SeatDoc>,
    next: NextDoc,
}

#[derive(Deserialize)]
struct SeatDoc {
    token: Option<String>,
}

#[derive(Deserialize)]
struct CommandDoc {
    next: NextDoc,
    /// The token's seat's legal moves after the command.
    #[serde(default)]
    legal_moves: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct MovesDoc {
    moves: Vec<Box<RawValue>>,
}

/// Sends a request, records its latency under `kind`, and reads the answer
/// as `T` (`None` on any failure, which is counted).
async fn timed<T: DeserializeOwned>(
    samples: &Mutex<Samples>,
    kind: &'static str,
    rb: reqwest::RequestBuilder,
) -> Option<T> {
    let t = Instant::now();
    let res = match rb.send().await {
        Ok(r) if r.status().is_success() => r.bytes().await.map_err(|e| e.to_string()),
        Ok(r) => Err(r.status().as_u16().to_string()),
        Err(e) => Err(format!("transport: {e}")),
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut s = samples.lock().await;
    match res {
        Ok(bytes) => {
            s.by_kind.entry(kind).or_default().push(ms);
            drop(s);
            serde_json::from_slice(&bytes).ok()
        }
        Err(e) => {
            *s.errors.entry(format!("{kind} {e}")).or_default() += 1;
            None
        }
    }
}

/// A small deterministic generator for the clients' choices.
fn xorshift(salt: u64) -> impl FnMut() -> usize {
    let mut rng = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng as usize
    }
}

/// One session as a client plays it.
struct Table {
    id: String,
    tokens: Vec<Option<String>>,
    /// A human seat, whose token asks for bot turns.
    any_seat: usize,
    next: NextDoc,
    /// A command's answer carries the legal moves of the seat that sent it;
    /// a front end (and this client) asks only when another seat acts.
    known: Option<(usize, Vec<Box<RawValue>>)>,
}

/// What [`Table::step`] did.
enum Step {
    Played,
    Finished,
    Failed,
}

impl Table {
    /// Creates a session from a `POST /v1/sessions` body.
    async fn create(
        client: &reqwest::Client,
        base: &str,
        body: String,
        samples: &Mutex<Samples>,
    ) -> Option<Table> {
        let created = timed::<CreatedDoc>(
            samples,
            "create",
            client
                .post(format!("{base}/v1/sessions"))
                .header("content-type", "application/json")
                .body(body),
        )
        .await?;
        let tokens: Vec<Option<String>> = created.seats.into_iter().map(|s| s.token).collect();
        let any_seat = tokens.iter().position(Option::is_some)?;
        Some(Table {
            id: created.id,
            tokens,
            any_seat,
            next: created.next,
            known: None,
        })
    }

    /// Plays the next command: the bot's turn when it is due, else a random
    /// legal move of a seat that may act.
    async fn step(
        &mut self,
        client: &reqwest::Client,
        base: &str,
        samples: &Mutex<Samples>,
        rand: &mut impl FnMut() -> usize,
    ) -> Step {
        let id = &self.id;
        let (seat, answer) = match self.next.kind.as_str() {
            "bot" => {
                let token = self.tokens[self.any_seat].as_deref().unwrap_or_default();
                let answer = timed::<CommandDoc>(
                    samples,
                    "bot_turn",
                    client
                        .post(format!("{base}/v1/sessions/{id}/bot-turn"))
                        .bearer_auth(token),
                )
                .await;
                (self.any_seat, answer)
            }
            "human" => {
                if self.next.seats.is_empty() {
                    return Step::Failed;
                }
                let seat = self.next.seats[rand() % self.next.seats.len()];
                let Some(Some(token)) = self.tokens.get(seat) else {
                    return Step::Failed;
                };
                let moves = match self.known.take() {
                    Some((s, moves)) if s == seat => moves,
                    _ => {
                        let Some(lm) = timed::<MovesDoc>(
                            samples,
                            "legal_moves",
                            client
                                .get(format!("{base}/v1/sessions/{id}/legal-moves"))
                                .bearer_auth(token),
                        )
                        .await
                        else {
                            return Step::Failed;
                        };
                        lm.moves
                    }
                };
                if moves.is_empty() {
                    return Step::Failed;
                }
                let item: serde_json::Value =
                    serde_json::from_str(moves[rand() % moves.len()].get()).unwrap_or_default();
                let Some(mv) =
                    ghostseat::engine::legal::instantiate(&item, &mut |n| rand() % n.max(1))
                else {
                    return Step::Failed;
                };
                let answer = timed::<CommandDoc>(
                    samples,
                    "move",
                    client
                        .post(format!("{base}/v1/sessions/{id}/moves"))
                        .bearer_auth(token)
                        .header("content-type", "application/json")
                        .body(format!("{{\"move\":{mv}}}")),
                )
                .await;
                (seat, answer)
            }
            _ => return Step::Finished,
        };
        match answer {
            Some(r) => {
                self.next = r.next;
                self.known = Some((seat, r.legal_moves));
                Step::Played
            }
            None => Step::Failed,
        }
    }
}

/// One client: plays sessions of `game` with random legal moves until the deadline.
async fn drive(
    client: reqwest::Client,
    base: String,
    game: String,
    salt: u64,
    deadline: Instant,
    samples: Arc<Mutex<Samples>>,
    streams: bool,
) {
    let mut rand = xorshift(salt);
    let create = json!({"game": game, "seating": "pass_and_play"}).to_string();
    while Instant::now() < deadline {
        let Some(mut table) = Table::create(&client, &base, create.clone(), &samples).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        // Dropped (and so aborted) when this table ends.
        let _stream = streams.then(|| {
            let token = table.tokens[table.any_seat].clone().unwrap_or_default();
            AbortOnDrop(tokio::spawn(read_stream(
                client.clone(),
                format!("{base}/v1/sessions/{}/stream", table.id),
                token,
                samples.clone(),
            )))
        });
        while Instant::now() < deadline {
            match table.step(&client, &base, &samples, &mut rand).await {
                Step::Played => {}
                Step::Failed => break,
                Step::Finished => {
                    // A last look at the table, then a new game.
                    let token = table.tokens[table.any_seat].as_deref().unwrap_or_default();
                    timed::<serde::de::IgnoredAny>(
                        &samples,
                        "view",
                        client
                            .get(format!("{base}/v1/sessions/{}", table.id))
                            .bearer_auth(token),
                    )
                    .await;
                    break;
                }
            }
        }
    }
}

/// A task that stops when its handle goes.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Reads a seat's stream until it ends, counting its entries (each ends
/// with a blank line).
async fn read_stream(
    client: reqwest::Client,
    url: String,
    token: String,
    samples: Arc<Mutex<Samples>>,
) {
    let mut resp = match client.get(&url).bearer_auth(&token).send().await {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => {
            let e = format!("stream {}", r.status().as_u16());
            *samples.lock().await.errors.entry(e).or_default() += 1;
            return;
        }
        Err(_) => return,
    };
    // An entry's `event:` line may be cut between chunks: the last few
    // bytes of one chunk are searched again with the next.
    const MARK: &[u8] = b"event: command\n";
    let mut buf: Vec<u8> = Vec::new();
    while let Ok(Some(chunk)) = resp.chunk().await {
        buf.extend_from_slice(&chunk);
        let n = buf.windows(MARK.len()).filter(|w| *w == MARK).count() as u64;
        if n > 0 {
            samples.lock().await.stream_entries += n;
        }
        let keep = buf.len().min(MARK.len() - 1);
        buf.drain(..buf.len() - keep);
    }
}

/// The open loop's per-command latency, from the command's slot to its answer.
const FROM_SLOT: &str = "from_slot";

/// When one session of the open loop sends its commands.
struct Slots {
    first: Instant,
    every: Duration,
    deadline: Instant,
}

/// Creates `n` sessions (every game in turn, 64 at a time) for the open loop.
async fn open_tables(
    client: &reqwest::Client,
    base: &str,
    games: &[String],
    n: usize,
) -> Result<Vec<Table>, Box<dyn std::error::Error + Send + Sync>> {
    let unrecorded = Arc::new(Mutex::new(Samples::default()));
    let mut tables = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(64) {
        let mut tasks = Vec::new();
        for &i in chunk {
            let (client, base, samples) = (client.clone(), base.to_string(), unrecorded.clone());
            let body =
                json!({"game": games[i % games.len()], "seating": "pass_and_play"}).to_string();
            tasks.push(tokio::spawn(async move {
                Table::create(&client, &base, body, &samples).await
            }));
        }
        for t in tasks {
            tables.push(t.await?.ok_or("cannot create the open loop's sessions")?);
        }
    }
    Ok(tables)
}

/// One session of the open loop: a command at each of its slots, sent late
/// only when the previous one is still unanswered, its latency counted from
/// the slot. A finished game is replaced by a new session in the next slot.
async fn drive_open(
    client: reqwest::Client,
    base: String,
    game: String,
    mut table: Table,
    salt: u64,
    slots: Slots,
    samples: Arc<Mutex<Samples>>,
) {
    let mut rand = xorshift(salt);
    let create = json!({"game": game, "seating": "pass_and_play"}).to_string();
    let mut slot = slots.first;
    while slot < slots.deadline {
        tokio::time::sleep_until(slot.into()).await;
        match table.step(&client, &base, &samples, &mut rand).await {
            Step::Played => {
                let ms = slot.elapsed().as_secs_f64() * 1000.0;
                samples
                    .lock()
                    .await
                    .by_kind
                    .entry(FROM_SLOT)
                    .or_default()
                    .push(ms);
            }
            Step::Finished | Step::Failed => {
                match Table::create(&client, &base, create.clone(), &samples).await {
                    Some(t) => table = t,
                    None => return,
                }
            }
        }
        slot += slots.every;
    }
}

/// Single-row commits per second on `path` with the server's settings.
pub async fn sqlite_commits_per_s(
    path: &Path,
    sync: SqliteSynchronous,
    dur: Duration,
) -> Result<f64, sqlx::Error> {
    let opts = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(sync);
    let mut conn = SqliteConnection::connect_with(&opts).await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
        .execute(&mut conn)
        .await?;
    let blob = vec![7u8; 512];
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < dur {
        sqlx::query("BEGIN IMMEDIATE").execute(&mut conn).await?;
        sqlx::query("INSERT INTO t (v) VALUES (?)")
            .bind(&blob)
            .execute(&mut conn)
            .await?;
        sqlx::query("COMMIT").execute(&mut conn).await?;
        n += 1;
    }
    let rate = n as f64 / t.elapsed().as_secs_f64();
    conn.close().await?;
    Ok(rate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_database_replaces_only_the_name() {
        assert_eq!(
            with_database("postgres://u:p@db:5432/ghostseat", "run_1"),
            "postgres://u:p@db:5432/run_1"
        );
        assert_eq!(
            with_database("postgresql://u@db/x?sslmode=disable", "r"),
            "postgresql://u@db/r?sslmode=disable"
        );
        assert_eq!(with_database("postgres://db", "r"), "postgres://db/r");
        // A slash in the password is percent-encoded in a URL, so the first
        // slash after the scheme ends the authority.
        assert_eq!(
            with_database("postgres://u:a%2Fb@db/x", "r"),
            "postgres://u:a%2Fb@db/r"
        );
    }

    #[test]
    fn stat_cpu_ticks_counts_after_the_last_parenthesis() {
        let stat = "4242 (ghostseat) S 1 4242 4242 0 -1 4194560 1200 0 3 0 250 37 0 0 20 0 5 0 \
                    1000 123456 789 18446744073709551615";
        assert_eq!(stat_cpu_ticks(stat), Some((250, 37)));
        // A name with spaces and parentheses of its own.
        let odd = "17 (a) b (c) d)) R 1 17 17 0 -1 0 0 0 0 0 9 1 0 0 20 0 1 0 5";
        assert_eq!(stat_cpu_ticks(odd), Some((9, 1)));
        // Truncated or garbled: no figure rather than a wrong one.
        assert_eq!(stat_cpu_ticks("17 (x) R 1 17"), None);
        assert_eq!(stat_cpu_ticks("17 x R 1 2 3 4 5 6 7 8 9 10 11 12"), None);
        assert_eq!(stat_cpu_ticks("1 (x) R 1 1 1 0 -1 0 0 0 0 0 ten 1 0"), None);
    }

    #[test]
    fn cpu_time_is_split_into_user_space_and_kernel() {
        let me = std::process::id();
        let start = process_cpu(me).expect("own /proc stat");
        // Work in user space until the kernel has counted a tick of it: a
        // sum the optimiser cannot drop.
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut x = 0u64;
        while process_cpu(me).unwrap().user <= start.user && Instant::now() < deadline {
            for i in 0..1_000_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
        }
        assert!(process_cpu(me).unwrap().user > start.user, "{x}");
        // System calls: the kernel's time on this process's behalf.
        let start = process_cpu(me).unwrap();
        while process_cpu(me).unwrap().system <= start.system && Instant::now() < deadline {
            for _ in 0..2_000 {
                let _ = std::fs::metadata("/proc/self/stat");
            }
        }
        let end = process_cpu(me).unwrap();
        assert!(end.system > start.system);
        let (d, t) = ((end - start).total(), end.total() - start.total());
        assert!((d - t).abs() < 1e-9, "{d} {t}");
    }

    #[test]
    fn medians_are_field_by_field() {
        let runs = [
            json!({"a": 3.0, "b": 10, "c": null}),
            json!({"a": 1.0, "b": 30, "c": null}),
            json!({"a": 2.0, "b": 20, "c": null}),
        ];
        assert_eq!(medians(&runs), json!({"a": 2.0, "b": 20.0, "c": null}));
        assert_eq!(median(&[1.0, 2.0, 4.0, 5.0]), 3.0);
        assert_eq!(medians(&[]), json!({}));
    }
}

/// mimalloc, as in the server: the in-process runs allocate the same way.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let args = BenchArgs::parse();
    let rt = match ghostseat::server::runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match rt.block_on(run(args)) {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench failed: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
