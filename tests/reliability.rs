//! Reliability: crashes (SIGKILL) lose nothing acknowledged, contention keeps
//! versions sequential, storage faults answer 503 and change nothing,
//! export/import and backup reproduce sessions, the rate limit answers 429.

mod common;

use common::{args, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::test]
async fn export_and_import_into_another_server_verifies() {
    let a = TestApp::spawn().await;
    let b = TestApp::spawn().await;
    for game in [
        "arler-erde",
        "three-hundred",
        "catan-shadow",
        "catan-ck-duel",
        "terra-mystica",
    ] {
        let (id, tokens) = a.create(game, json!({}), 31).await;
        let any = tokens.iter().flatten().next().unwrap().clone();
        // SESSION-EXPORT-1: a running game's export holds the seed and every
        // hidden card, so a seat may not take it; the operator may.
        let export = format!("/v1/sessions/{id}/export");
        let (s, refused) = a.call(Method::GET, &export, Some(&any), None).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(refused["code"], "operator_only");
        a.play(&id, &tokens, 4, 60).await;
        let (s, doc) = a.call(Method::GET, &export, Some(ADMIN), None).await;
        assert_eq!(s, StatusCode::OK, "{doc}");
        // Import is the operator's too: a seat token or none is refused.
        let (s, _) = b
            .call(Method::POST, "/v1/sessions/import", None, Some(doc.clone()))
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, created) = b
            .call(
                Method::POST,
                "/v1/sessions/import",
                Some(ADMIN),
                Some(doc.clone()),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{game}: {created}");
        let new_id = created["id"].as_str().unwrap();
        let new_tokens: Vec<Option<String>> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().map(String::from))
            .collect();
        let new_any = new_tokens.iter().flatten().next().unwrap();
        assert_eq!(b.verify(new_id, new_any).await["ok"], true);
        let va = a.get(&id, &any).await;
        let vb = b.get(new_id, new_any).await;
        assert_eq!(va["view"], vb["view"], "{game}");
        assert_eq!(va["version"], vb["version"]);
        // The imported session plays on like the original.
        let sa = a.play(&id, &tokens, 5, 10).await;
        b.replay_steps(new_id, &new_tokens, &sa).await;
        assert_eq!(
            a.get(&id, &any).await["view"],
            b.get(new_id, new_any).await["view"],
            "{game}"
        );
        // A log that does not replay is refused.
        let mut bad = doc.clone();
        if let Some(c) = bad["commands"].as_array_mut().and_then(|c| c.first_mut()) {
            c["payload"] = json!({"move": {"type": "no_such_move"}});
            c["kind"] = json!("move");
            c["seat"] = json!(0);
            let (s, v) = b
                .call(Method::POST, "/v1/sessions/import", Some(ADMIN), Some(bad))
                .await;
            assert!(s == StatusCode::UNPROCESSABLE_ENTITY, "{s} {v}");
        }
    }
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn backup_of_a_live_database_holds_every_session() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 3).await;
    app.play(&id, &tokens, 1, 12).await;
    let dest = app.db.with_file_name("backup.db");
    let store = ghostseat::store::Store::open(&app.db, ghostseat::store::Durability::Full)
        .await
        .unwrap();
    store.backup(&dest).await.unwrap();
    store.close().await;
    let copy = ghostseat::store::Store::open(&dest, ghostseat::store::Durability::Full)
        .await
        .unwrap();
    let row = copy
        .load_session(&id)
        .await
        .unwrap()
        .expect("session in the backup");
    assert_eq!(row.version, 12);
    assert_eq!(row.snapshot, common::stored_snapshot(&app.db, &id).await);
    app.stop().await;
}

#[tokio::test]
async fn a_failing_disk_write_answers_503_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 3).await;
    let human = tokens[0].clone().unwrap();
    let mv = app.legal_moves(&id, &human).await[0].clone();
    // Make every command insert fail, as a full or broken disk would.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", app.db.display()))
        .await
        .unwrap();
    sqlx::query("CREATE TRIGGER broken_disk BEFORE INSERT ON commands BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;").execute(&pool).await.unwrap();
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &format!("/v1/sessions/{id}/moves"),
            Some(&human),
            Some(json!({"move": mv})),
            &[],
        )
        .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["code"], "storage_unavailable");
    assert!(h.get("retry-after").is_some());
    // Memory and disk agree: nothing happened.
    assert_eq!(app.get(&id, &human).await["version"], 0);
    assert_eq!(
        app.log(&id, &human).await["commands"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    sqlx::query("DROP TRIGGER broken_disk")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let (s, v) = app.post_move(&id, &human, mv).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], 1);
    assert_eq!(app.verify(&id, &human).await["ok"], true);
    app.stop().await;
}

#[tokio::test]
async fn the_rate_limit_answers_429_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("rl.db"));
    a.rate_limit = 2;
    a.rate_burst = 3;
    let app = TestApp::spawn_with(a).await;
    let mut limited = None;
    for _ in 0..20 {
        let r = app
            .call_full(Method::GET, "/v1/games", None, None, &[])
            .await;
        if r.0 == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(r);
            break;
        }
    }
    let (_, h, v) = limited.expect("some request is limited");
    assert_eq!(v["code"], "rate_limited");
    assert_eq!(h.get("content-type").unwrap(), "application/problem+json");
    assert!(
        h.get("retry-after")
            .unwrap()
            .to_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            >= 1
    );
    app.stop().await;
}

/// 64 clients write to one session at once; every answer is a documented
/// status, and the log is strictly sequential with one entry per success.
async fn contention(with_if_match: bool) {
    let app = Arc::new(TestApp::spawn().await);
    let (id, tokens) = app.create("arler-erde", json!({}), 77).await;
    let human = tokens[0].clone().unwrap();
    let mut tasks = Vec::new();
    for _ in 0..64 {
        let (app, id, human) = (app.clone(), id.clone(), human.clone());
        tasks.push(tokio::spawn(async move {
            let mut statuses = Vec::new();
            for _ in 0..4 {
                let v = app.get(&id, &human).await;
                let etag = format!("\"{}\"", v["version"]);
                let hdr: Vec<(&str, &str)> = if with_if_match {
                    vec![("if-match", etag.as_str())]
                } else {
                    vec![]
                };
                let (path, body) = if v["next"]["type"] == "bot" {
                    (format!("/v1/sessions/{id}/bot-turn"), None)
                } else {
                    let m = ghostseat::engine::legal::instantiate(&v["legal_moves"][0], &mut |_| 0)
                        .unwrap();
                    (format!("/v1/sessions/{id}/moves"), Some(json!({"move": m})))
                };
                let (s, _, _) = app
                    .call_full(Method::POST, &path, Some(&human), body, &hdr)
                    .await;
                statuses.push(s.as_u16());
            }
            statuses
        }));
    }
    let mut counts: BTreeMap<u16, usize> = BTreeMap::new();
    for t in tasks {
        for s in t.await.unwrap() {
            *counts.entry(s).or_default() += 1;
        }
    }
    let documented = if with_if_match {
        vec![200, 409, 412, 422]
    } else {
        vec![200, 409, 422]
    };
    assert!(counts.keys().all(|s| documented.contains(s)), "{counts:?}");
    let log = app.log(&id, &human).await;
    let seqs: Vec<u64> = log["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as u64).collect::<Vec<_>>(),
        "versions strictly sequential"
    );
    assert_eq!(
        seqs.len(),
        counts.get(&200).copied().unwrap_or(0),
        "one log entry per success: {counts:?}"
    );
    assert_eq!(app.verify(&id, &human).await["ok"], true);
}

#[tokio::test]
async fn contention_64_writers_with_if_match() {
    contention(true).await;
}

#[tokio::test]
async fn contention_64_writers_without_if_match() {
    contention(false).await;
}

/// Session id → (seat tokens, acknowledged version → what its reply showed).
type Acked = BTreeMap<String, (Vec<Option<String>>, BTreeMap<u64, Value>)>;

/// Starts the real binary on `db`, returns the child and its base URL.
async fn start_binary(db: &std::path::Path) -> (tokio::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_ghostseat"))
        .args([
            "serve",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--database",
        ])
        .arg(db)
        .args(["--log-level", "error", "--rate-limit", "0"])
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let t = Instant::now();
    while client.get(format!("{base}/healthz")).send().await.is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "server did not start"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (child, base)
}

/// Kill -9 at random moments under load, restart on the same file: every
/// acknowledged command is in the log with the events its reply showed, and
/// every session verifies. `GHOSTSEAT_CRASH_CYCLES` sets the cycles (CI: 3).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_load_loses_nothing_acknowledged() {
    let cycles: u64 = std::env::var("GHOSTSEAT_CRASH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let games = common::games();
    // session id -> (tokens, acknowledged version -> events of the reply)
    let acked: Arc<tokio::sync::Mutex<Acked>> = Default::default();
    let mut word = 0x2545_F491_4F6C_DD1Du64;
    let mut rand = move || {
        word ^= word << 13;
        word ^= word >> 7;
        word ^= word << 17;
        word
    };
    for cycle in 0..cycles {
        let (mut child, base) = start_binary(&db).await;
        let client = reqwest::Client::new();
        let mut tasks = Vec::new();
        for w in 0..8u64 {
            let (client, base, acked) = (client.clone(), base.clone(), acked.clone());
            let game = games[((cycle + w) as usize) % games.len()];
            let seed = rand();
            tasks.push(tokio::spawn(async move {
                let Ok(r) = client
                    .post(format!("{base}/v1/sessions"))
                    // The server draws the seed: games between people refuse a
                    // chosen one without the operator (SESSION-SEED-1).
                    .json(&json!({"game": game}))
                    .send()
                    .await
                else {
                    return;
                };
                let Ok(created) = r.json::<Value>().await else {
                    return;
                };
                let id = created["id"].as_str().unwrap().to_string();
                let tokens: Vec<Option<String>> = created["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["token"].as_str().map(String::from))
                    .collect();
                acked
                    .lock()
                    .await
                    .insert(id.clone(), (tokens.clone(), BTreeMap::new()));
                let any = tokens.iter().flatten().next().unwrap().clone();
                let mut pick = seed;
                loop {
                    let Ok(r) = client
                        .get(format!("{base}/v1/sessions/{id}"))
                        .bearer_auth(&any)
                        .send()
                        .await
                    else {
                        return;
                    };
                    let Ok(v) = r.json::<Value>().await else {
                        return;
                    };
                    let req = match v["next"]["type"].as_str() {
                        Some("bot") => client
                            .post(format!("{base}/v1/sessions/{id}/bot-turn"))
                            .bearer_auth(&any),
                        Some("human") => {
                            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1);
                            let seats = v["next"]["seats"].as_array().unwrap();
                            let seat = seats[(pick >> 33) as usize % seats.len()].as_u64().unwrap()
                                as usize;
                            let token = tokens[seat].clone().unwrap();
                            let Ok(r) = client
                                .get(format!("{base}/v1/sessions/{id}/legal-moves"))
                                .bearer_auth(&token)
                                .send()
                                .await
                            else {
                                return;
                            };
                            let Ok(lm) = r.json::<Value>().await else {
                                return;
                            };
                            let moves = lm["moves"].as_array().unwrap();
                            let mv = ghostseat::engine::legal::instantiate(
                                &moves[(pick >> 40) as usize % moves.len()],
                                &mut |n| (pick >> 20) as usize % n.max(1),
                            )
                            .unwrap();
                            client
                                .post(format!("{base}/v1/sessions/{id}/moves"))
                                .bearer_auth(&token)
                                .json(&json!({"move": mv}))
                        }
                        _ => return,
                    };
                    let Ok(r) = req.send().await else { return };
                    if r.status() != StatusCode::OK {
                        return;
                    }
                    // The 2xx reply reached us: from here on the command must survive.
                    let Ok(body) = r.json::<Value>().await else {
                        return;
                    };
                    let mut a = acked.lock().await;
                    let entry = a.get_mut(&id).unwrap();
                    entry.1.insert(
                        body["version"].as_u64().unwrap(),
                        json!({"events": body["events"], "seat": body["seat"]}),
                    );
                }
            }));
        }
        tokio::time::sleep(Duration::from_millis(150 + rand() % 600)).await;
        child.start_kill().unwrap(); // SIGKILL
        let _ = child.wait().await;
        for t in tasks {
            let _ = t.await;
        }
    }
    // Restart once more and check everything.
    let (mut child, base) = start_binary(&db).await;
    let client = reqwest::Client::new();
    let acked = acked.lock().await;
    let mut commands = 0;
    for (id, (tokens, versions)) in acked.iter() {
        let any = tokens.iter().flatten().next().unwrap();
        let log: Value = client
            .get(format!("{base}/v1/sessions/{id}/log?limit=10000"))
            .bearer_auth(any)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let by_seq: BTreeMap<u64, &Value> = log["commands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["seq"].as_u64().unwrap(), c))
            .collect();
        for (v, reply) in versions {
            let c = by_seq
                .get(v)
                .unwrap_or_else(|| panic!("acknowledged command {v} of {id} is lost"));
            if reply["events"]
                .as_array()
                .is_some_and(|e| e.iter().all(|e| e["data"].get("visible_to").is_none()))
            {
                assert_eq!(c["events"], reply["events"], "{id} v{v}");
            }
            commands += 1;
        }
        let seqs: Vec<u64> = by_seq.keys().copied().collect();
        assert_eq!(
            seqs,
            (1..=seqs.len() as u64).collect::<Vec<_>>(),
            "no torn log in {id}"
        );
        let ver: Value = client
            .get(format!("{base}/v1/sessions/{id}/verify"))
            .bearer_auth(any)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(ver["ok"], true, "{id}: {ver}");
    }
    eprintln!("crash harness: {cycles} cycles, {} sessions, {commands} acknowledged commands checked, 0 lost", acked.len());
    assert!(commands > 0);
    child.start_kill().unwrap();
    let _ = child.wait().await;
}

/// SIGTERM: the server stops taking commands, finishes what is in flight,
/// checkpoints the WAL and exits 0; everything is there after a restart.
#[tokio::test]
async fn sigterm_drains_checkpoints_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("term.db");
    let (mut child, base) = start_binary(&db).await;
    let client = reqwest::Client::new();
    let created: Value = client
        .post(format!("{base}/v1/sessions"))
        .json(&json!({"game": "arler-erde", "seed": 5}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let r = client
        .post(format!("{base}/v1/sessions/{id}/moves"))
        .bearer_auth(&token)
        .json(&json!({"move": {"type": "place_worker", "space": "fisherman"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let pid = child.id().unwrap().to_string();
    let st = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(st.success());
    let exit = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("exits after SIGTERM")
        .unwrap();
    assert!(exit.success(), "{exit:?}");
    // Checkpointed: the WAL holds nothing the main file lacks.
    let wal = db.with_extension("db-wal");
    assert!(
        !wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0,
        "WAL was checkpointed"
    );
    let (mut child, base) = start_binary(&db).await;
    let v: Value = client
        .get(format!("{base}/v1/sessions/{id}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["version"], 1);
    child.start_kill().unwrap();
    let _ = child.wait().await;
}

/// An actor whose state fell behind the store (here: a second server on the
/// same file moved the session on) is refused by the version guard, answers
/// 503 with nothing applied, and retires; the next request reloads from the
/// store and succeeds on top of what the other server wrote.
#[tokio::test]
async fn a_stale_actor_is_refused_once_then_reloads() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let one = TestApp::spawn_with(args(&db)).await;
    let two = TestApp::spawn_with(args(&db)).await;
    let (id, tokens) = one.create("three-hundred", json!({}), 5).await;
    let human = tokens.iter().flatten().next().unwrap().clone();
    // Both servers hold the session live at the same version.
    let v0 = one.get(&id, &human).await["version"].as_u64().unwrap();
    assert_eq!(two.get(&id, &human).await["version"], v0);
    one.play(&id, &tokens, 1, 1).await;
    // `two` does not know: its commit is refused and nothing is applied.
    let (s, v) = one_command(&two, &id, &human).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    // The next request reloads and builds on what `one` wrote.
    let (s, v) = one_command(&two, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], v0 + 2);
    assert_eq!(two.verify(&id, &human).await["ok"], true);
    two.stop().await;
    one.stop().await;
}

/// Sends the next command a seat can make: the bot's turn when it is due,
/// else the seat's first legal move.
async fn one_command(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    let v = app.get(id, token).await;
    let (path, body) = if v["next"]["type"] == "bot" {
        (format!("/v1/sessions/{id}/bot-turn"), None)
    } else {
        let mv = ghostseat::engine::legal::instantiate(&v["legal_moves"][0], &mut |_| 0).unwrap();
        (
            format!("/v1/sessions/{id}/moves"),
            Some(json!({"move": mv})),
        )
    };
    app.call(Method::POST, &path, Some(token), body).await
}

/// Checkpoints run on their own thread, not inside commits: the writer has
/// automatic checkpoints off, so without the checkpointer the WAL would only
/// grow. After a quiet moment everything has been copied back, and the next
/// commit starts the WAL over from its first frame.
#[tokio::test]
async fn the_checkpointer_keeps_the_wal_short() {
    use sqlx::Row;
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 3).await;
    app.play(&id, &tokens, 2, 60).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let human = tokens[0].clone().unwrap();
    let (s, v) = one_command(&app, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", app.db.display()))
        .await
        .unwrap();
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&pool)
        .await
        .unwrap();
    let frames: i64 = row.get(1);
    assert!(
        (0..20).contains(&frames),
        "the WAL holds {frames} frames after a pause and one command"
    );
    pool.close().await;
    app.stop().await;
}
