//! Reliability: crashes (SIGKILL) lose nothing acknowledged, contention keeps
//! versions sequential, storage faults answer 503 and change nothing,
//! export/import and backup reproduce sessions, the rate limit answers 429.

use crate::common;

use crate::common::{args, fresh_database, Backend, TestApp, ADMIN};
use ghostseat::store::SessionStore;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::test]
async fn export_and_import_into_another_server_verifies() {
    export_and_import(Backend::Sqlite, Backend::Sqlite).await;
}

/// From a server on SQLite into one on PostgreSQL: the import
/// verifies there and plays on alike.
#[tokio::test]
async fn export_from_sqlite_and_import_into_postgres_verifies() {
    export_and_import(Backend::Sqlite, Backend::Postgres).await;
}

async fn export_and_import(from: Backend, into: Backend) {
    let Some(b) = TestApp::spawn_on(into).await else {
        return;
    };
    let a = TestApp::spawn_on(from).await.expect("the first backend");
    for game in common::games() {
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
    // In German too: the limit answers before any handler.
    let mut limited = None;
    for _ in 0..20 {
        let r = app
            .call_full(
                Method::GET,
                "/v1/games",
                None,
                None,
                &[("accept-language", "de")],
            )
            .await;
        if r.0 == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(r);
            break;
        }
    }
    let (_, h, v) = limited.expect("some request is limited");
    assert_eq!(h.get("content-language").unwrap(), "de");
    assert_eq!(v["title"], "Zu viele Anfragen");
    assert_eq!(
        v["detail"],
        "Zu viele Anfragen von dieser Adresse; bitte langsamer."
    );
    app.stop().await;
}

/// 64 clients write to one session at once; every answer is a documented
/// status, and the log is strictly sequential with one entry per success.
async fn contention(with_if_match: bool, backend: Backend) {
    let Some((db, dir)) = fresh_database(backend).await else {
        return;
    };
    let mut app = TestApp::spawn_with(contention_args(&db, 0)).await;
    if let Some(dir) = dir {
        app.keep(dir);
    }
    contention_through(vec![Arc::new(app)], with_if_match).await;
}

/// 64 writers from one address: above the default cap of 64 connections
/// per address a writer's next connection could be refused while a closing
/// one still counts; these tests are about versions, not that cap.
fn contention_args(db: &std::path::Path, peer_poll_ms: u64) -> ghostseat::config::ServeArgs {
    let mut a = args(db);
    a.max_connections_per_address = 1024;
    a.peer_poll_ms = peer_poll_ms;
    a
}

/// [`contention`] with the writers spread over `apps` (servers on one
/// database): client `i` talks to `apps[i % apps.len()]`.
async fn contention_through(apps: Vec<Arc<TestApp>>, with_if_match: bool) {
    let app = apps[0].clone();
    let (id, tokens) = app.create("arler-erde", json!({}), 77).await;
    let human = tokens[0].clone().unwrap();
    let mut tasks = Vec::new();
    for i in 0..64 {
        let app = apps[i % apps.len()].clone();
        let (id, human) = (id.clone(), human.clone());
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
    for app in &apps {
        assert_eq!(app.verify(&id, &human).await["ok"], true);
    }
}

#[tokio::test]
async fn contention_64_writers_with_if_match() {
    contention(true, Backend::Sqlite).await;
}

#[tokio::test]
async fn contention_64_writers_without_if_match() {
    contention(false, Backend::Sqlite).await;
}

/// Two servers (replicas) on one PostgreSQL database, the 64 writers of
/// one session spread over both: every answer is documented (a stale actor
/// reloads instead of answering 503), the log has each version once and
/// one entry per success, and it verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_database_lose_and_double_nothing() {
    contention_on_servers(Backend::Postgres, 2).await;
}

#[tokio::test]
async fn contention_64_writers_with_if_match_on_postgres() {
    contention(true, Backend::Postgres).await;
}

#[tokio::test]
async fn contention_64_writers_without_if_match_on_postgres() {
    contention(false, Backend::Postgres).await;
}

/// Three servers on one database file, 64 writers spread over them, one
/// session: no 503, one log entry per success, versions strictly
/// sequential, and every server verifies the session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contention_64_writers_on_three_servers() {
    contention_on_servers(Backend::Sqlite, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contention_64_writers_on_three_servers_on_postgres() {
    contention_on_servers(Backend::Postgres, 3).await;
}

/// [`contention_through`] `n` servers on one fresh database of `backend`,
/// each looking for the others' commits, with and without If-Match.
async fn contention_on_servers(backend: Backend, n: usize) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let mut apps = Vec::new();
    for _ in 0..n {
        apps.push(Arc::new(
            TestApp::spawn_with(contention_args(&db, 50)).await,
        ));
    }
    for with_if_match in [false, true] {
        contention_through(apps.clone(), with_if_match).await;
    }
}

/// Session id → (seat tokens, acknowledged version → what its reply showed).
type Acked = BTreeMap<String, (Vec<Option<String>>, BTreeMap<u64, Value>)>;

/// Starts the real binary on `db`, returns the child and its base URL.
async fn start_binary(db: &std::path::Path) -> (tokio::process::Child, String) {
    start_binary_with(db, &[]).await
}

/// Like [`start_binary`], with more command-line flags.
async fn start_binary_with(
    db: &std::path::Path,
    extra: &[&str],
) -> (tokio::process::Child, String) {
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
        .args(["--creates-per-hour", "0"])
        .args(extra)
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

/// Plays `game` in a new session until the server goes away or the game
/// ends, recording every command whose 2xx reply reached the client.
async fn player(
    client: reqwest::Client,
    base: String,
    acked: Arc<tokio::sync::Mutex<Acked>>,
    game: &'static str,
    seed: u64,
) {
    let Ok(r) = client
        .post(format!("{base}/v1/sessions"))
        // The server draws the seed: games between people refuse a
        // chosen one without the operator (SESSION-SEED-1).
        .json(&json!({"game": game, "seating": "pass_and_play"}))
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
                let seat = seats[(pick >> 33) as usize % seats.len()].as_u64().unwrap() as usize;
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
}

/// After a restart: every acknowledged command is in the log with the
/// events its reply showed, no log is torn, every session verifies.
/// Returns how many commands were checked.
async fn check_acked(base: &str, acked: &Acked) -> usize {
    let client = reqwest::Client::new();
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
            // The reply was read by the seat that acted, the log by another:
            // a secret part shows to its seats only, the rest is the same.
            let public = |events: &Value| -> Value {
                let mut events = events.clone();
                for e in events.as_array_mut().into_iter().flatten() {
                    if let Some(o) = e.as_object_mut() {
                        o.remove("secret");
                    }
                }
                events
            };
            if reply["events"]
                .as_array()
                .is_some_and(|e| e.iter().all(|e| e["data"].get("visible_to").is_none()))
            {
                assert_eq!(public(&c["events"]), public(&reply["events"]), "{id} v{v}");
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
    commands
}

/// Kill -9 at random moments under load, restart on the same file: every
/// acknowledged command is in the log with the events its reply showed, and
/// every session verifies. `GHOSTSEAT_CRASH_CYCLES` sets the cycles (CI: 3).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_load_loses_nothing_acknowledged() {
    sigkill_under_load(Backend::Sqlite).await;
}

/// The same with the store on PostgreSQL: a killed ghostseat
/// loses nothing PostgreSQL acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_load_loses_nothing_acknowledged_on_postgres() {
    sigkill_under_load(Backend::Postgres).await;
}

async fn sigkill_under_load(backend: Backend) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let cycles: u64 = std::env::var("GHOSTSEAT_CRASH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
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
            tasks.push(tokio::spawn(player(client, base, acked, game, seed)));
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
    let acked = acked.lock().await;
    let commands = check_acked(&base, &acked).await;
    eprintln!("crash harness: {cycles} cycles, {} sessions, {commands} acknowledged commands checked, 0 lost", acked.len());
    assert!(commands > 0);
    child.start_kill().unwrap();
    let _ = child.wait().await;
}

/// Two replicas on one database under load; one is killed (SIGKILL) mid-burst.
/// Every command either replica acknowledged is in the log with
/// the events its reply showed, read through the survivor, which loads the
/// dead replica's sessions from the store; every session verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_one_of_two_replicas_loses_nothing_acknowledged() {
    kill_one_replica(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_one_of_two_replicas_loses_nothing_acknowledged_on_postgres() {
    kill_one_replica(Backend::Postgres).await;
}

async fn kill_one_replica(backend: Backend) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let peers = ["--peer-poll-ms", "50"];
    let (mut doomed, doomed_base) = start_binary_with(&db, &peers).await;
    let (mut survivor, survivor_base) = start_binary_with(&db, &peers).await;
    let games = common::games();
    let acked: Arc<tokio::sync::Mutex<Acked>> = Default::default();
    let client = reqwest::Client::new();
    let mut tasks = Vec::new();
    for w in 0..8u64 {
        // Each session on one replica, as behind the hashing proxy.
        let base = [&doomed_base, &survivor_base][w as usize % 2].clone();
        let game = games[w as usize % games.len()];
        tasks.push(tokio::spawn(player(
            client.clone(),
            base,
            acked.clone(),
            game,
            0x9E37_79B9 * (w + 1),
        )));
    }
    tokio::time::sleep(Duration::from_millis(400)).await;
    doomed.start_kill().unwrap(); // SIGKILL, mid-burst
    let _ = doomed.wait().await;
    // The survivor's players keep going a moment, then stop wherever they are.
    tokio::time::sleep(Duration::from_millis(200)).await;
    for t in &tasks {
        t.abort();
    }
    for t in tasks {
        let _ = t.await;
    }
    let acked = acked.lock().await;
    let commands = check_acked(&survivor_base, &acked).await;
    eprintln!(
        "one replica killed: {} sessions, {commands} acknowledged commands checked, 0 lost",
        acked.len()
    );
    assert!(commands > 0);
    survivor.start_kill().unwrap();
    let _ = survivor.wait().await;
}

/// SIGTERM: the server stops taking commands, finishes what is in flight,
/// checkpoints the WAL and exits 0; everything is there after a restart.
#[tokio::test]
async fn sigterm_drains_checkpoints_and_exits_cleanly() {
    sigterm_drains(Backend::Sqlite).await;
}

/// The same restart with the store on PostgreSQL.
#[tokio::test]
async fn sigterm_drains_and_exits_cleanly_on_postgres() {
    sigterm_drains(Backend::Postgres).await;
}

async fn sigterm_drains(backend: Backend) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
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
        backend == Backend::Postgres
            || !wal.exists()
            || std::fs::metadata(&wal).unwrap().len() == 0,
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
/// same file moved the session on) is refused by the version guard, with
/// nothing applied; the server then reloads the session and computes the
/// command again on what the store holds, instead of answering
/// 503: a command the client made for the current position is applied, and
/// an If-Match for the old version gets 412.
#[tokio::test]
async fn a_stale_actor_reloads_and_computes_the_command_again() {
    a_stale_actor_reloads(Backend::Sqlite).await;
}

/// The same with two servers (replicas) on one PostgreSQL database.
#[tokio::test]
async fn a_stale_actor_reloads_and_computes_the_command_again_on_postgres() {
    a_stale_actor_reloads(Backend::Postgres).await;
}

async fn a_stale_actor_reloads(backend: Backend) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let one = TestApp::spawn_with(args(&db)).await;
    let two = TestApp::spawn_with(args(&db)).await;
    let (id, tokens) = one.create("three-hundred", json!({}), 5).await;
    let human = tokens.iter().flatten().next().unwrap().clone();
    // Both servers hold the session live at the same version.
    let v0 = one.get(&id, &human).await["version"].as_u64().unwrap();
    assert_eq!(two.get(&id, &human).await["version"], v0);
    one.play(&id, &tokens, 1, 1).await;
    // `two` does not know. A command for the position `one` left (as a
    // client that reads from `one` would make it) is applied through `two`.
    let (path, body) = next_command(&one, &id, &human).await;
    let (s, v) = two.call(Method::POST, &path, Some(&human), body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], v0 + 2);
    // Now `one` is behind. A command that insists on the version `one`
    // knew gets 412 with the version the store holds; nothing is applied.
    let (path, body) = next_command(&two, &id, &human).await;
    let etag = format!("\"{}\"", v0 + 1);
    let (s, _, v) = one
        .call_full(
            Method::POST,
            &path,
            Some(&human),
            body,
            &[("if-match", etag.as_str())],
        )
        .await;
    assert_eq!(s, StatusCode::PRECONDITION_FAILED, "{v}");
    assert_eq!(two.get(&id, &human).await["version"], v0 + 2);
    // And back: `two` moves on, `one` is behind again and applies a command
    // made for the position `two` shows.
    let (s, v) = one_command(&two, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (path, body) = next_command(&two, &id, &human).await;
    let (s, v) = one.call(Method::POST, &path, Some(&human), body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], v0 + 4);
    assert_eq!(two.verify(&id, &human).await["ok"], true);
    assert_eq!(one.verify(&id, &human).await["ok"], true);
    two.stop().await;
    one.stop().await;
}

/// Streams across processes: a phone watching a session through
/// one server sees a move made through another server on the same database,
/// and a read through the first shows the new version. The first server
/// looks for sessions moved on by others every `--peer-poll-ms`.
#[tokio::test]
async fn a_stream_sees_a_move_made_through_another_process() {
    stream_across_processes(Backend::Sqlite, 50).await;
}

#[tokio::test]
async fn a_stream_sees_a_move_made_through_another_process_on_postgres() {
    stream_across_processes(Backend::Postgres, 50).await;
}

/// On PostgreSQL the database announces every commit (`NOTIFY`) to the
/// replicas that listen: with a poll far too slow to matter (ten minutes),
/// the stream still hears the other server's moves at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_hears_another_replicas_move_announced_by_postgres() {
    stream_across_processes(Backend::Postgres, 600_000).await;
}

/// A stream ticket lives in the database: asked for on one
/// server, it opens the stream on another, once; a second use on either
/// server is refused, as is the ticket for another session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_from_one_server_opens_the_stream_on_another() {
    ticket_across_processes(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_from_one_server_opens_the_stream_on_another_on_postgres() {
    ticket_across_processes(Backend::Postgres).await;
}

async fn ticket_across_processes(backend: Backend) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let one = TestApp::spawn_with(args(&db)).await;
    let two = TestApp::spawn_with(args(&db)).await;
    let (id, tokens) = one.create("three-hundred", json!({}), 5).await;
    let (other, _) = one.create("three-hundred", json!({}), 6).await;
    let human = tokens.iter().flatten().next().unwrap().clone();
    one.play(&id, &tokens, 1, 1).await;
    let (s, t) = one
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/stream-tickets"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    let url = t["url"].as_str().unwrap().to_string();
    let ticket = t["ticket"].as_str().unwrap().to_string();
    // Not for another session (and that try does not use it up).
    let res = two
        .client
        .get(format!(
            "{}/v1/sessions/{other}/stream?ticket={ticket}",
            two.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // The other server opens the stream with it, no token sent.
    let mut res = two
        .client
        .get(format!("{}{url}", two.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{backend:?}");
    let mut text = String::new();
    read_whole_entry(&mut res, &mut text, "id: 1\n", "the stream sends the log").await;
    // Used up, on both servers.
    for app in [&one, &two] {
        let res = app
            .client
            .get(format!("{}{url}", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "invalid_ticket", "{body}");
    }
    drop(res);
    two.stop().await;
    one.stop().await;
}

/// Reads the stream into `text` until the entry that starts with `marker`
/// has arrived whole (an entry may come split over several chunks).
async fn read_whole_entry(
    res: &mut reqwest::Response,
    text: &mut String,
    marker: &str,
    what: &str,
) {
    while !text
        .find(marker)
        .is_some_and(|at| text[at..].contains("\n\n"))
    {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), res.chunk())
            .await
            .expect(what)
            .unwrap()
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn stream_across_processes(backend: Backend, poll_ms: u64) {
    let Some((db, _dir)) = fresh_database(backend).await else {
        return;
    };
    let watching = || {
        let mut a = args(&db);
        a.peer_poll_ms = poll_ms;
        a
    };
    let one = TestApp::spawn_with(watching()).await;
    // Watching too, so that on PostgreSQL it announces its commits.
    let two = TestApp::spawn_with(watching()).await;
    let (id, tokens) = one.create("three-hundred", json!({}), 5).await;
    let human = tokens.iter().flatten().next().unwrap().clone();
    one.play(&id, &tokens, 1, 1).await;
    let v0 = one.get(&id, &human).await["version"].as_u64().unwrap();
    let mut res = one
        .client
        .get(format!("{}/v1/sessions/{id}/stream", one.base))
        .bearer_auth(&human)
        .header("last-event-id", v0.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // Two commands through the other server.
    let (s, v) = one_command(&two, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = one_command(&two, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let mut text = String::new();
    let newest = format!("id: {}\n", v0 + 2);
    read_whole_entry(
        &mut res,
        &mut text,
        &newest,
        "the other server's moves reach this stream",
    )
    .await;
    assert!(text.contains(&format!("id: {}\n", v0 + 1)), "{text}");
    assert_eq!(text.matches(&newest).count(), 1, "{text}");
    // The newest entry carries the session as stored, not this server's old copy.
    let last = text
        .split("\n\n")
        .find(|e| e.contains(&newest))
        .and_then(|e| e.lines().find_map(|l| l.strip_prefix("data: ")))
        .map(|d| serde_json::from_str::<Value>(d).unwrap())
        .unwrap();
    assert_eq!(last["session"]["version"], v0 + 2, "{last}");
    assert_eq!(one.get(&id, &human).await["version"], v0 + 2);
    // A move through this server still reaches its own stream once.
    let (s, v) = one_command(&one, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let newer = format!("id: {}\n", v0 + 3);
    read_whole_entry(&mut res, &mut text, &newer, "this server's own move").await;
    assert_eq!(text.matches(&newer).count(), 1, "{text}");
    assert_eq!(one.verify(&id, &human).await["ok"], true);
    drop(res);
    two.stop().await;
    one.stop().await;
}

/// The proxy of the `replicas` compose profile, as shipped
/// (`deploy/haproxy.cfg`, only its addresses made local), in front of three
/// servers on one database: every request of a session after its
/// create reaches one replica, so the session is live on at most two (the
/// one that created it and the one its id hashes to); a stream ticket and
/// its stream meet on one replica; a stream through the proxy sees moves as
/// they are made; every session verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_proxy_keeps_each_session_on_one_replica() {
    let Some(haproxy) = which("haproxy") else {
        assert!(
            std::env::var("GHOSTSEAT_REQUIRE_PROXY").as_deref() != Ok("1"),
            "haproxy is not installed (GHOSTSEAT_REQUIRE_PROXY=1)"
        );
        eprintln!("skipped: haproxy is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    let mut replicas = Vec::new();
    for _ in 0..3 {
        replicas.push(TestApp::spawn_with(contention_args(&db, 50)).await);
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let shipped = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/haproxy.cfg"),
    )
    .unwrap();
    assert!(shipped.contains("balance uri depth 3"), "{shipped}");
    let mut cfg = shipped.replace("bind :8080", &format!("bind 127.0.0.1:{port}"));
    for (i, r) in replicas.iter().enumerate() {
        let name = format!("replica-{}", i + 1);
        let local = r.base.trim_start_matches("http://");
        cfg = cfg.replace(&format!("{name}:8080"), local);
    }
    assert!(!cfg.contains(":8080"), "{cfg}");
    let cfg_path = dir.path().join("haproxy.cfg");
    std::fs::write(&cfg_path, cfg).unwrap();
    let mut proxy = tokio::process::Command::new(haproxy)
        .arg("-db")
        .arg("-f")
        .arg(&cfg_path)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let t = Instant::now();
    while !matches!(client.get(format!("{base}/healthz")).send().await, Ok(r) if r.status().is_success())
    {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "the proxy did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Every request from here on goes through the proxy.
    let front = replicas[0].through(&base);
    let mut sessions = Vec::new();
    for seed in 0..6 {
        let (id, tokens) = front.create("three-hundred", json!({}), 100 + seed).await;
        sessions.push((id, tokens));
    }
    for (id, tokens) in &sessions {
        front.play(id, tokens, 3, 1).await;
    }
    for (id, tokens) in &sessions {
        let human = tokens.iter().flatten().next().unwrap();
        let live = replicas.iter().filter(|r| r.registry.is_live(id)).count();
        assert!((1..=2).contains(&live), "{id} is live on {live} replicas");
        assert_eq!(front.verify(id, human).await["ok"], true);
    }
    // A ticket and its stream meet on the replica the id hashes to.
    let (id, tokens) = &sessions[0];
    let human = tokens.iter().flatten().next().unwrap().clone();
    let (s, t) = front
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/stream-tickets"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    let v = front.get(id, &human).await["version"].as_u64().unwrap();
    let mut res = client
        .get(format!("{base}{}", t["url"].as_str().unwrap()))
        .header("last-event-id", v.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let (s, body) = one_command(&front, id, &human).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let want = format!("id: {}\n", v + 1);
    let mut text = String::new();
    while !text.contains(&want) {
        let chunk = tokio::time::timeout(Duration::from_secs(10), res.chunk())
            .await
            .expect("the move reaches the stream through the proxy")
            .unwrap()
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    drop(res);
    let _ = proxy.kill().await;
    front.stop().await;
    for r in replicas {
        r.stop().await;
    }
}

/// The program `name` on the PATH, if any.
fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| std::path::Path::new(d).join(name))
        .chain(["/usr/sbin", "/sbin"].map(|d| std::path::Path::new(d).join(name)))
        .find(|p| p.is_file())
}

/// Sends the next command a seat can make: the bot's turn when it is due,
/// else the seat's first legal move.
async fn one_command(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    let (path, body) = next_command(app, id, token).await;
    app.call(Method::POST, &path, Some(token), body).await
}

/// The next command a seat can make as `app` sees the session: the bot's
/// turn when it is due, else the seat's first legal move (path and body).
async fn next_command(app: &TestApp, id: &str, token: &str) -> (String, Option<Value>) {
    let v = app.get(id, token).await;
    if v["next"]["type"] == "bot" {
        (format!("/v1/sessions/{id}/bot-turn"), None)
    } else {
        let mv = ghostseat::engine::legal::instantiate(&v["legal_moves"][0], &mut |_| 0).unwrap();
        (
            format!("/v1/sessions/{id}/moves"),
            Some(json!({"move": mv})),
        )
    }
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
    // The checkpointer runs every 250 ms; a quiet moment of ten of its
    // periods leaves room for a machine busy with other builds.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let human = tokens[0].clone().unwrap();
    let (s, v) = one_command(&app, &id, &human).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", app.db.display()))
        .await
        .unwrap();
    // The server's checkpointer may hold the checkpoint lock at this very
    // moment; SQLite then answers busy (1) and -1 frames, which says
    // nothing about the WAL's length. Ask again until a checkpoint runs.
    let mut answer = (1, -1);
    for _ in 0..50 {
        let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&pool)
            .await
            .unwrap();
        answer = (row.get::<i64, _>(0), row.get::<i64, _>(1));
        if answer.0 == 0 && answer.1 >= 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (busy, frames) = answer;
    assert_eq!(busy, 0, "a passive checkpoint stayed busy for a second");
    assert!(
        (0..20).contains(&frames),
        "the WAL holds {frames} frames after a pause and one command"
    );
    pool.close().await;
    app.stop().await;
}

/// Open file descriptors and resident memory (KiB) of a process (Linux).
fn fds_and_rss(pid: u32) -> (usize, u64) {
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0);
    (fds, rss)
}

/// A bounded soak: games of every variant are played while slowloris
/// clients, a request flood and an SSE flood run against the same server;
/// then kill -9. Every acknowledged command survives, and open file
/// descriptors and memory stay under the caps. `GHOSTSEAT_SOAK_SECS` sets
/// the length (default 12).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn soak_with_slow_clients_and_floods_then_kill() {
    let secs: u64 = std::env::var("GHOSTSEAT_SOAK_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    const MAX_CONNECTIONS: usize = 96;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("soak.db");
    let (mut child, base) = start_binary_with(
        &db,
        &[
            "--max-connections",
            &MAX_CONNECTIONS.to_string(),
            "--max-connections-per-address",
            "40",
            "--header-timeout-secs",
            "2",
            "--idle-connection-secs",
            "4",
            "--streams-per-session",
            "8",
        ],
    )
    .await;
    let pid = child.id().unwrap();
    let (fds_at_start, rss_at_start) = fds_and_rss(pid);
    let acked: Arc<tokio::sync::Mutex<Acked>> = Default::default();
    let end = Instant::now() + Duration::from_secs(secs);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(4)
        .build()
        .unwrap();
    let mut tasks = Vec::new();
    // Players: two sessions of every variant at a time, new ones as games end.
    for (i, game) in common::games().into_iter().cycle().take(10).enumerate() {
        let (client, base, acked) = (client.clone(), base.clone(), acked.clone());
        tasks.push(tokio::spawn(async move {
            let mut seed = i as u64 * 7919 + 1;
            while Instant::now() < end {
                tokio::select! {
                    () = player(client.clone(), base.clone(), acked.clone(), game, seed) => {}
                    () = tokio::time::sleep_until(end.into()) => {}
                }
                seed += 1;
            }
        }));
    }
    // Slowloris from another address (127.0.0.2): 200 connections that
    // send a header byte now and then.
    let server: std::net::SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    for _ in 0..200 {
        tasks.push(tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            while Instant::now() < end {
                let socket = tokio::net::TcpSocket::new_v4().unwrap();
                socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
                let Ok(mut s) = socket.connect(server).await else {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                };
                let _ = s.write_all(b"GET /v1/games HTTP/1.1\r\n").await;
                while Instant::now() < end && s.write_all(b"X").await.is_ok() {
                    tokio::time::sleep(Duration::from_millis(700)).await;
                }
            }
        }));
    }
    // A request flood (from 127.0.0.3) and an SSE flood on the first
    // session (from 127.0.0.4).
    let from = |ip: [u8; 4]| {
        reqwest::Client::builder()
            .local_address(std::net::IpAddr::from(ip))
            .build()
            .unwrap()
    };
    {
        let (client, base) = (from([127, 0, 0, 3]), base.clone());
        tasks.push(tokio::spawn(async move {
            while Instant::now() < end {
                let _ = client.get(format!("{base}/v1/games")).send().await;
            }
        }));
    }
    let mut streams = Vec::new();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let first = acked
        .lock()
        .await
        .iter()
        .next()
        .map(|(id, (t, _))| (id.clone(), t.clone()));
    let mut refused_streams = 0;
    if let Some((id, tokens)) = first {
        let token = tokens.iter().flatten().next().unwrap().clone();
        let client = from([127, 0, 0, 4]);
        for _ in 0..40 {
            match client
                .get(format!("{base}/v1/sessions/{id}/stream"))
                .bearer_auth(&token)
                .send()
                .await
            {
                Ok(r) if r.status() == StatusCode::OK => streams.push(r),
                Ok(r) if r.status() == StatusCode::TOO_MANY_REQUESTS => refused_streams += 1,
                _ => {}
            }
        }
    }
    // Watch the process while it all runs.
    let (mut max_fds, mut max_rss) = (0, 0);
    while Instant::now() < end {
        let (f, r) = fds_and_rss(pid);
        max_fds = max_fds.max(f);
        max_rss = max_rss.max(r);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    child.start_kill().unwrap(); // SIGKILL
    let _ = child.wait().await;
    drop(streams);
    for t in tasks {
        let _ = t.await;
    }
    let (mut child, base) = start_binary(&db).await;
    let acked = acked.lock().await;
    let commands = check_acked(&base, &acked).await;
    eprintln!(
        "soak: {secs} s, {} sessions, {commands} acknowledged commands survived kill -9; \
         fds {fds_at_start} at start, {max_fds} at most (cap {MAX_CONNECTIONS} connections); \
         RSS {rss_at_start} KiB at start, {max_rss} KiB at most; {refused_streams} of 40 streams refused",
        acked.len()
    );
    assert!(commands > 50, "the games went on under the floods");
    assert!(refused_streams >= 30, "streams per session are capped");
    // Descriptors: the connection cap, plus the database, listener and runtime.
    assert!(
        max_fds <= fds_at_start + MAX_CONNECTIONS + 16,
        "{max_fds} descriptors"
    );
    assert!(max_rss < 512 * 1024, "{max_rss} KiB resident");
    child.start_kill().unwrap();
    let _ = child.wait().await;
}
