//! The operator commands as an operator runs them: the real binary, real
//! files, and a server in another process where it matters.

use crate::common;

use crate::common::TestApp;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Output;
use tokio::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_ghostseat");

async fn ghostseat(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("GHOSTSEAT_DATABASE")
        .env_remove("GHOSTSEAT_ADDR")
        .output()
        .await
        .expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A stopped server's database with one session played 6 commands in;
/// returns (folder, database, session id, a seat token).
async fn database() -> (tempfile::TempDir, PathBuf, String, String) {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 3).await;
    app.play(&id, &tokens, 1, 6).await;
    let db = app.db.clone();
    let dir = app.stop().await.unwrap();
    (dir, db, id, tokens[0].clone().unwrap())
}

fn is_stamped_name(name: &str) -> bool {
    // ghostseat-20261122T103000Z.db
    let Some(stamp) = name
        .strip_prefix("ghostseat-")
        .and_then(|r| r.strip_suffix(".db"))
    else {
        return false;
    };
    stamp.len() == 16
        && stamp.as_bytes()[8] == b'T'
        && stamp.ends_with('Z')
        && stamp[..8].bytes().all(|b| b.is_ascii_digit())
        && stamp[9..15].bytes().all(|b| b.is_ascii_digit())
}

#[tokio::test]
async fn backup_into_a_missing_folder_creates_it_and_names_files_by_the_time() {
    let (dir, db, _, _) = database().await;
    let folder = dir.path().join("backups/nightly");
    let dest = format!("{}/", s(&folder));
    let first = ghostseat(&["backup", &dest, "--database", s(&db)]).await;
    assert!(first.status.success(), "{}", text(&first.stderr));
    let written = PathBuf::from(text(&first.stdout).trim());
    assert_eq!(written.parent().unwrap(), folder);
    let name = written.file_name().unwrap().to_str().unwrap();
    assert!(is_stamped_name(name), "{name}");
    let check = ghostseat::ops::check_file(&written).unwrap();
    assert_eq!(check.sessions, 1);
    // The same command again (as in the README) writes another file.
    let second = ghostseat(&["backup", &dest, "--database", s(&db)]).await;
    assert!(second.status.success(), "{}", text(&second.stderr));
    let again = PathBuf::from(text(&second.stdout).trim());
    assert_ne!(again, written);
    assert!(written.exists() && again.exists());
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 2);
    // An existing folder works without the trailing slash too.
    let third = ghostseat(&["backup", s(&folder), "--database", s(&db)]).await;
    assert!(third.status.success(), "{}", text(&third.stderr));
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 3);
}

#[tokio::test]
async fn backup_to_a_file_overwrites_only_when_told() {
    let (dir, db, _, _) = database().await;
    let dest = dir.path().join("a/b/copy.db");
    let first = ghostseat(&["backup", s(&dest), "--database", s(&db)]).await;
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert_eq!(text(&first.stdout).trim(), s(&dest));
    let before = std::fs::read(&dest).unwrap();
    let refused = ghostseat(&["backup", s(&dest), "--database", s(&db)]).await;
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("--overwrite"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(std::fs::read(&dest).unwrap(), before);
    let replaced = ghostseat(&["backup", s(&dest), "--overwrite", "--database", s(&db)]).await;
    assert!(replaced.status.success(), "{}", text(&replaced.stderr));
    assert_eq!(ghostseat::ops::check_file(&dest).unwrap().sessions, 1);
}

#[tokio::test]
async fn backup_says_exactly_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    // No database: said so, and none is created.
    let missing_db = dir.path().join("nothing.db");
    let out = ghostseat(&[
        "backup",
        s(&dir.path().join("b/")),
        "--database",
        s(&missing_db),
    ])
    .await;
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(&format!("no database file at {}", s(&missing_db))),
        "{}",
        text(&out.stderr)
    );
    assert!(!missing_db.exists());
    // A folder that cannot be made (a file stands in the way): named.
    let (dir, db, _, _) = database().await;
    let blocker = dir.path().join("blocker");
    std::fs::write(&blocker, b"a file").unwrap();
    let out = ghostseat(&[
        "backup",
        &format!("{}/sub/", s(&blocker)),
        "--database",
        s(&db),
    ])
    .await;
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("cannot create the folder"), "{err}");
    assert!(err.contains(s(&blocker)), "{err}");
}

#[tokio::test]
async fn restore_puts_a_good_backup_in_place_and_keeps_the_old_file() {
    let (dir, db, id, token) = database().await;
    let backup = dir.path().join("backup.db");
    let out = ghostseat(&["backup", s(&backup), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Play on after the backup, so the database differs from it.
    let app = TestApp::spawn_with(common::args(&db)).await;
    let (later, _) = app.create("arler-erde", json!({}), 4).await;
    app.stop().await;
    assert_eq!(ghostseat::ops::check_file(&db).unwrap().sessions, 2);

    let out = ghostseat(&["restore", s(&backup), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let kept: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_str().unwrap().contains(".before-restore-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        text(&out.stderr).contains(s(&kept[0])),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(ghostseat::ops::check_file(&kept[0]).unwrap().sessions, 2);
    assert!(!Path::new(&format!("{}-wal", s(&db))).exists());

    // The server serves the restored sessions, and they verify.
    let app = TestApp::spawn_with(common::args(&db)).await;
    assert_eq!(app.get(&id, &token).await["version"], 6);
    assert_eq!(app.verify(&id, &token).await["ok"], true);
    let (status, _) = app
        .call(
            reqwest::Method::GET,
            &format!("/v1/sessions/{later}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::NOT_FOUND);
    app.stop().await;

    // The README's restore line, run twice, keeps both earlier files. (A
    // database file may be kept with its `-wal`/`-shm` when the server that
    // just stopped left them; those go with their file and are not counted.)
    let out = ghostseat(&["restore", s(&backup), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let kept: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
        .filter(|n| n.contains(".before-restore-") && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
}

#[tokio::test]
async fn restore_refuses_a_corrupt_or_foreign_file_and_changes_nothing() {
    let (dir, db, _, _) = database().await;
    let original = std::fs::read(&db).unwrap();
    // The database's own -wal/-shm come and go as connections close.
    let listing = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n != "test.db-wal" && n != "test.db-shm")
            .collect();
        v.sort();
        v
    };
    let before = listing(dir.path());

    // Not a database at all.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, vec![0x5a; 8192]).unwrap();
    // A real backup with pages overwritten in the middle.
    let damaged = dir.path().join("damaged.db");
    let out = ghostseat(&["backup", s(&damaged), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut bytes = std::fs::read(&damaged).unwrap();
    assert!(bytes.len() > 3 * 4096, "{}", bytes.len());
    for b in &mut bytes[4096 + 100..3 * 4096] {
        *b = 0xa5;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    // A SQLite file that is not ghostseat's.
    let foreign = dir.path().join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();

    for (file, why) in [
        (&junk, "not a readable SQLite database"),
        (&damaged, ""),
        (&foreign, "not a ghostseat database"),
    ] {
        let out = ghostseat(&["restore", s(file), "--database", s(&db)]).await;
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{} was restored: {err}", s(file));
        assert!(err.contains("nothing changed"), "{err}");
        assert!(err.contains("is not a usable backup"), "{err}");
        assert!(err.contains(why), "{err}");
        assert_eq!(std::fs::read(&db).unwrap(), original);
    }
    let mut after = listing(dir.path());
    after.retain(|n| !["junk.db", "damaged.db", "foreign.db"].contains(&n.as_str()));
    assert_eq!(after, before, "restore left files behind");
}

#[tokio::test]
async fn restore_refuses_while_a_server_has_the_database_open() {
    let (dir, db, id, token) = database().await;
    let backup = dir.path().join("backup.db");
    let out = ghostseat(&["backup", s(&backup), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let app = TestApp::spawn_with(common::args(&db)).await;
    app.get(&id, &token).await;
    let out = ghostseat(&["restore", s(&backup), "--database", s(&db)]).await;
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("stop the server first"), "{err}");
    // The server goes on undisturbed.
    assert_eq!(app.verify(&id, &token).await["ok"], true);
    app.stop().await;
    let out = ghostseat(&["restore", s(&backup), "--database", s(&db)]).await;
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[tokio::test]
async fn healthcheck_follows_the_configured_address_and_logs_have_no_colour() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // As in the container: the server listens on every address at a port
    // that is not 8080, and the health check is given only the environment.
    let addr = format!("0.0.0.0:{port}");
    let server = Command::new(BIN)
        .env("GHOSTSEAT_ADDR", &addr)
        .env("GHOSTSEAT_DATABASE", dir.path().join("h.db"))
        .env("GHOSTSEAT_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let health = || {
        Command::new(BIN)
            .arg("healthcheck")
            .env("GHOSTSEAT_ADDR", &addr)
            .output()
    };
    let mut healthy = false;
    for _ in 0..100 {
        if health().await.unwrap().status.success() {
            healthy = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(healthy, "the health check never passed on {addr}");
    // SIGTERM: the server stops cleanly, and the check then fails, saying why.
    let pid = server.id().unwrap().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .await
        .unwrap();
    assert!(killed.success());
    let out = server.wait_with_output().await.unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let logs = text(&out.stderr);
    assert!(logs.contains("ghostseat listening"), "{logs}");
    assert!(
        !logs.contains('\u{1b}'),
        "ANSI escapes in piped logs: {logs:?}"
    );
    let after = health().await.unwrap();
    assert!(!after.status.success());
    assert!(
        text(&after.stderr).contains(&format!("127.0.0.1:{port}")),
        "{}",
        text(&after.stderr)
    );
}
