//! Operator commands that run beside the server: health check, backup and
//! restore. They print what they did (or exactly what stands in the way) and
//! never create a database where none was meant to be.

use rusqlite::{Connection, OpenFlags};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The tables every ghostseat database has (besides sqlx's `_sqlx_migrations`).
const TABLES: [&str; 3] = ["sessions", "commands", "idempotency"];

/// Where to probe a server that listens on `addr`: a wildcard address
/// (`0.0.0.0:9000`, `[::]:9000`, as in a container) is probed on loopback.
pub fn probe_addr(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => (Ipv4Addr::LOCALHOST, addr.port()).into(),
        IpAddr::V6(ip) if ip.is_unspecified() => (Ipv6Addr::LOCALHOST, addr.port()).into(),
        _ => addr,
    }
}

/// `GET /healthz` over a plain TCP connection to the server's configured
/// address (`--addr` / `GHOSTSEAT_ADDR`, the same variable `serve` reads);
/// exit 0 on `200`, else say why on stderr (Docker keeps it in
/// `docker inspect`'s health log).
pub async fn healthcheck(addr: SocketAddr) -> ExitCode {
    let target = probe_addr(addr);
    let probe = async {
        let mut s = tokio::net::TcpStream::connect(target).await?;
        s.write_all(
            format!("GET /healthz HTTP/1.1\r\nHost: {target}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await?;
        Ok::<Vec<u8>, std::io::Error>(buf)
    };
    match tokio::time::timeout(Duration::from_secs(3), probe).await {
        Ok(Ok(buf)) if buf.starts_with(b"HTTP/1.1 200") => ExitCode::SUCCESS,
        Ok(Ok(buf)) => {
            let line = String::from_utf8_lossy(&buf);
            let line = line.lines().next().unwrap_or("an empty answer");
            eprintln!("unhealthy: {target}/healthz answered {line}");
            ExitCode::FAILURE
        }
        Ok(Err(e)) => {
            eprintln!("unhealthy: no answer from {target}: {e}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("unhealthy: {target} did not answer within 3 s");
            ExitCode::FAILURE
        }
    }
}

/// `20261122T103000Z`: the UTC time of `t`, for file names.
pub fn utc_stamp(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// What a check of a database file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DbCheck {
    pub sessions: u64,
    pub migrations: usize,
}

/// Opens an existing database file, never creating one.
fn open_existing(path: &Path) -> Result<Connection, String> {
    if crate::store::is_postgres(path) {
        // Backup, restore and the file check are for the SQLite file; a
        // PostgreSQL server has its own tools (the password stays out).
        return Err(
            "this is a PostgreSQL database: use pg_dump and pg_restore; backup, restore and \
             the file check work on SQLite files"
                .to_string(),
        );
    }
    if !path.is_file() {
        return Err(format!("no database file at {}", path.display()));
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(|e| e.to_string())?;
    Ok(conn)
}

/// Checks that `conn` holds an intact ghostseat database this binary can
/// serve: `PRAGMA integrity_check` is `ok`, ghostseat's tables are there, and
/// every applied migration is one of ours (a backup made by a newer ghostseat
/// is refused; an older one is migrated when the server starts).
fn check_database(conn: &Connection) -> Result<DbCheck, String> {
    let problems: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|e| format!("not a readable SQLite database ({e})"))?;
    if problems != ["ok"] {
        let shown: Vec<&str> = problems.iter().take(3).map(String::as_str).collect();
        return Err(format!("integrity check failed: {}", shown.join("; ")));
    }
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|e| e.to_string())?;
    for t in TABLES.iter().chain(["_sqlx_migrations"].iter()) {
        if !tables.iter().any(|x| x == t) {
            return Err(format!("not a ghostseat database (no table `{t}`)"));
        }
    }
    let applied: Vec<(i64, Vec<u8>, bool)> = conn
        .prepare("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
        .and_then(|mut s| {
            s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<_, _>>()
        })
        .map_err(|e| format!("unreadable migration table: {e}"))?;
    let known = crate::store::migrator();
    for (version, checksum, success) in &applied {
        if !success {
            return Err(format!("migration {version} did not finish in this file"));
        }
        match known.iter().find(|m| m.version == *version) {
            None => {
                return Err(format!(
                    "made by a newer ghostseat (migration {version} is unknown to this one)"
                ))
            }
            Some(m) if m.checksum.as_ref() != checksum.as_slice() => {
                return Err(format!("migration {version} differs from this ghostseat's"))
            }
            Some(_) => {}
        }
    }
    let sessions: i64 = conn
        .query_row("SELECT count(*) FROM sessions", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    Ok(DbCheck {
        sessions: sessions.max(0) as u64,
        migrations: applied.len(),
    })
}

/// Opens and checks a database file (see [`check_database`]).
pub fn check_file(path: &Path) -> Result<DbCheck, String> {
    check_database(&open_existing(path)?)
}

/// Creates `folder` and its parents, or says which folder could not be made
/// and inside which existing one.
fn make_folder(folder: &Path) -> Result<(), String> {
    if folder.as_os_str().is_empty() || folder.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(folder).map_err(|e| {
        let existing = folder
            .ancestors()
            .skip(1)
            .find(|a| a.as_os_str().is_empty() || a.is_dir())
            .map(|a| {
                if a.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    a
                }
            })
            .unwrap_or(Path::new("/"));
        let missing = folder
            .ancestors()
            .take_while(|a| !a.is_dir())
            .last()
            .unwrap_or(folder);
        format!(
            "cannot create the folder {} (the nearest existing folder is {}): {e}",
            missing.display(),
            existing.display()
        )
    })
}

fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `name` with `suffix` appended to its file name (`ghostseat.db` →
/// `ghostseat.db.before-restore-…`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn sync_folder(folder: &Path) {
    if let Ok(f) = std::fs::File::open(folder) {
        let _ = f.sync_all();
    }
}

/// A written backup.
#[derive(Debug)]
pub struct Backup {
    pub path: PathBuf,
    pub check: DbCheck,
}

/// Writes a consistent copy of `database` (safe while a server uses it:
/// `VACUUM INTO` reads one snapshot). `dest` ending in `/` or naming an
/// existing folder gets a new `ghostseat-<UTC time>.db` inside it; a file
/// path is refused when it exists unless `overwrite`. Missing folders are
/// created. The copy is written under a temporary name, checked, and only
/// then renamed into place, so a failed backup leaves no half file behind.
pub fn backup(database: &Path, dest: &Path, overwrite: bool) -> Result<Backup, String> {
    let src = open_existing(database).map_err(|e| match crate::store::is_postgres(database) {
        true => e,
        false => {
            format!("{e} (pass --database or set GHOSTSEAT_DATABASE to the server's database)")
        }
    })?;
    check_database(&src).map_err(|e| format!("{}: {e}", database.display()))?;
    let as_folder = dest.is_dir() || dest.as_os_str().to_string_lossy().ends_with('/');
    let (folder, target) = if as_folder {
        make_folder(dest)?;
        let stamp = utc_stamp(SystemTime::now());
        let mut target = dest.join(format!("ghostseat-{stamp}.db"));
        let mut n = 2;
        while target.exists() {
            target = dest.join(format!("ghostseat-{stamp}-{n}.db"));
            n += 1;
        }
        (dest.to_path_buf(), target)
    } else {
        let folder = parent_of(dest);
        make_folder(&folder)?;
        if dest.exists() && !overwrite {
            return Err(format!(
                "{} exists; pass --overwrite to replace it, or give a folder (ending in /) \
                 to get a new file named after the time",
                dest.display()
            ));
        }
        (folder, dest.to_path_buf())
    };
    let partial = folder.join(format!(
        ".{}.partial-{}",
        target.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&partial);
    let partial_text = partial
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", partial.display()))?;
    let written = src
        .execute("VACUUM INTO ?1", [partial_text])
        .map_err(|e| format!("cannot write {}: {e}", partial.display()))
        .and_then(|_| {
            // A self-contained file (no -wal beside it), checked before it
            // takes the real name.
            let copy = open_existing(&partial)?;
            copy.pragma_update(None, "journal_mode", "DELETE")
                .map_err(|e| e.to_string())?;
            let check = check_database(&copy)?;
            drop(copy);
            std::fs::File::open(&partial)
                .and_then(|f| f.sync_all())
                .map_err(|e| e.to_string())?;
            std::fs::rename(&partial, &target)
                .map_err(|e| format!("cannot rename into {}: {e}", target.display()))?;
            sync_folder(&folder);
            Ok(check)
        });
    match written {
        Ok(check) => Ok(Backup {
            path: target,
            check,
        }),
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// A finished restore.
#[derive(Debug)]
pub struct Restored {
    pub check: DbCheck,
    /// Where the database that was replaced now lies (none if there was none).
    pub kept: Option<PathBuf>,
}

/// Replaces `database` with a copy of `backup`, after checking the copy
/// (integrity, ghostseat's tables, known migrations). Refuses while a
/// process (a running server) has `database` open. The replaced file, with
/// its `-wal`/`-shm` if any, is kept as `DB.before-restore-<UTC time>`.
pub fn restore(backup: &Path, database: &Path) -> Result<Restored, String> {
    if !backup.is_file() {
        return Err(format!("no backup file at {}", backup.display()));
    }
    let folder = parent_of(database);
    make_folder(&folder)?;
    // Check a copy beside the database, so what is checked is what is put
    // in place, and the backup file itself is never touched.
    let incoming = with_suffix(database, &format!(".restore-{}", std::process::id()));
    let _ = std::fs::remove_file(&incoming);
    std::fs::copy(backup, &incoming).map_err(|e| {
        format!(
            "cannot copy {} to {}: {e}",
            backup.display(),
            incoming.display()
        )
    })?;
    let result = restore_checked(backup, &incoming, database, &folder);
    if result.is_err() {
        let _ = std::fs::remove_file(&incoming);
        for s in ["-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(with_suffix(&incoming, s));
        }
    }
    result
}

fn restore_checked(
    backup: &Path,
    incoming: &Path,
    database: &Path,
    folder: &Path,
) -> Result<Restored, String> {
    let check = {
        let copy = open_existing(incoming)?;
        let check = check_database(&copy)
            .map_err(|e| format!("{} is not a usable backup: {e}", backup.display()))?;
        copy.pragma_update(None, "journal_mode", "DELETE")
            .map_err(|e| e.to_string())?;
        check
    };
    std::fs::File::open(incoming)
        .and_then(|f| f.sync_all())
        .map_err(|e| e.to_string())?;
    if database.exists() {
        // Any other connection (a running server keeps several open) holds a
        // lock that an exclusive transaction cannot pass.
        let conn = open_existing(database)?;
        conn.busy_timeout(Duration::from_millis(500))
            .map_err(|e| e.to_string())?;
        let locked = conn
            .pragma_update(None, "locking_mode", "EXCLUSIVE")
            .and_then(|_| conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;"));
        if let Err(e) = locked {
            return Err(format!(
                "{} is in use ({e}): stop the server first \
                 (docker compose stop ghostseat), then restore",
                database.display()
            ));
        }
        // Fold the WAL into the file so the copy kept aside is whole.
        let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        drop(conn);
    }
    let stamp = utc_stamp(SystemTime::now());
    let mut kept = with_suffix(database, &format!(".before-restore-{stamp}"));
    let mut n = 2;
    while kept.exists() {
        kept = with_suffix(database, &format!(".before-restore-{stamp}-{n}"));
        n += 1;
    }
    let mut moved = false;
    for s in ["", "-wal", "-shm"] {
        let from = with_suffix(database, s);
        if from.exists() {
            std::fs::rename(&from, with_suffix(&kept, s))
                .map_err(|e| format!("cannot move {} aside: {e}", from.display()))?;
            moved |= s.is_empty();
        }
    }
    std::fs::rename(incoming, database)
        .map_err(|e| format!("cannot put the backup in place: {e}"))?;
    sync_folder(folder);
    Ok(Restored {
        check,
        kept: moved.then_some(kept),
    })
}

fn sessions(n: u64) -> String {
    if n == 1 {
        "1 session".into()
    } else {
        format!("{n} sessions")
    }
}

/// `ghostseat backup`: prints the file written on stdout.
pub fn backup_command(database: &Path, dest: &Path, overwrite: bool) -> ExitCode {
    match backup(database, dest, overwrite) {
        Ok(b) => {
            eprintln!(
                "backup of {} written ({}, integrity ok)",
                database.display(),
                sessions(b.check.sessions)
            );
            println!("{}", b.path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("backup failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `ghostseat restore`.
pub fn restore_command(backup: &Path, database: &Path) -> ExitCode {
    match restore(backup, database) {
        Ok(r) => {
            eprintln!(
                "restored {} into {} ({}, integrity ok)",
                backup.display(),
                database.display(),
                sessions(r.check.sessions)
            );
            match r.kept {
                Some(k) => eprintln!("the previous database is kept as {}", k.display()),
                None => eprintln!("there was no previous database"),
            }
            eprintln!("start the server again to use it");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("restore failed, nothing changed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Says why the server cannot create or open its database when the reason
/// is a folder it may not write (a root-owned bind mount in Docker), with
/// the line that fixes it.
pub fn explain_unwritable(database: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let folder = parent_of(database);
    let meta = std::fs::metadata(&folder).ok()?;
    let probe = folder.join(format!(".ghostseat-write-test-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            None
        }
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            let uid = effective_uid().map_or("this user".to_string(), |u| format!("uid {u}"));
            Some(format!(
                "the folder {} (owned by uid {}) is not writable by {uid}; \
                 on the host, give it to that user, e.g. `sudo chown -R {}:{} <host folder>`",
                folder.display(),
                meta.uid(),
                effective_uid().unwrap_or(10001),
                effective_gid().unwrap_or(10001),
            ))
        }
        Err(_) => None,
    }
}

fn proc_status_id(key: &str) -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    // Real, effective, saved, filesystem: the effective one decides.
    line.split_whitespace().nth(2)?.parse().ok()
}

fn effective_uid() -> Option<u32> {
    proc_status_id("Uid:")
}

fn effective_gid() -> Option<u32> {
    proc_status_id("Gid:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_addresses_are_probed_on_loopback() {
        let p = |s: &str| probe_addr(s.parse().unwrap()).to_string();
        assert_eq!(p("0.0.0.0:9000"), "127.0.0.1:9000");
        assert_eq!(p("[::]:9000"), "[::1]:9000");
        assert_eq!(p("192.0.2.7:8080"), "192.0.2.7:8080");
        assert_eq!(p("127.0.0.1:8080"), "127.0.0.1:8080");
    }

    #[test]
    fn a_postgres_url_points_to_pg_dump_without_its_password() {
        let e = open_existing(Path::new("postgres://u:secret@db/x"))
            .err()
            .unwrap();
        assert!(e.contains("pg_dump"), "{e}");
        assert!(!e.contains("secret"), "{e}");
    }

    #[test]
    fn stamps_are_utc_calendar_times() {
        let at = |s: u64| utc_stamp(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "19700101T000000Z");
        assert_eq!(at(951_782_400), "20000229T000000Z");
        assert_eq!(at(1_795_343_400), "20261122T103000Z");
        assert_eq!(at(4_107_542_399), "21000228T235959Z");
    }
}
