//! The service over real HTTP with the Arler Erde engine: a whole game,
//! restart, determinism, concurrency, idempotency and every error status.

use crate::common;

use crate::common::{games, stored_snapshot, stored_versions, Step, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const GAME: &str = "arler-erde";

fn is_problem(h: &reqwest::header::HeaderMap) -> bool {
    h.get("content-type").and_then(|v| v.to_str().ok()) == Some("application/problem+json")
}

#[tokio::test]
async fn whole_arler_erde_game_over_http() {
    let app = TestApp::spawn().await;
    let (s, games) = app.call(Method::GET, "/v1/games", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(games["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == GAME));

    let (id, tokens) = app.create(GAME, json!({}), 2026).await;
    let human = tokens[0].clone().unwrap();
    assert!(tokens[1].is_none(), "the bot seat gets no token");
    let steps = app.play(&id, &tokens, 7, 500).await;
    let v = app.get(&id, &human).await;
    assert_eq!(v["next"]["type"], "finished", "{}", v["next"]);
    assert_eq!(v["status"], "finished");
    // 9 half-years × 4 workers per side.
    let bots = steps.iter().filter(|s| matches!(s, Step::Bot(_))).count();
    let places = steps
        .iter()
        .filter(|s| matches!(s, Step::Move(_, m, _) if m["type"] == "place_worker"))
        .count();
    assert_eq!(bots, 36);
    assert_eq!(places, 36);
    // Every bot event names its rule and says something.
    let log = app.log(&id, &human).await;
    for c in log["commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["kind"] == "bot_turn")
    {
        for e in c["events"].as_array().unwrap() {
            assert!(e["rule"].as_str().unwrap().starts_with("ARLE-"), "{e}");
            assert!(e["text"].as_str().unwrap().len() > 10, "{e}");
        }
    }
    let ver = app.verify(&id, &human).await;
    assert_eq!(ver["ok"], true, "{ver}");
    app.stop().await;
}

#[tokio::test]
async fn restart_mid_game_continues_like_an_uninterrupted_twin() {
    // The twin plays straight through.
    let twin = TestApp::spawn().await;
    let (tid, ttokens) = twin.create(GAME, json!({}), 99).await;
    let steps = twin.play(&tid, &ttokens, 3, 500).await;
    assert!(steps.len() > 40);

    // The other game plays half, the server stops, a new one opens the file.
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 99).await;
    let half = steps.len() / 2;
    app.replay_steps(&id, &tokens, &steps[..half]).await;
    let db = app.db.clone();
    let dir = app.stop().await;
    let app2 = TestApp::spawn_with(common::args(&db)).await;
    app2.replay_steps(&id, &tokens, &steps[half..]).await;

    let human = tokens[0].as_deref().unwrap();
    let a = app2.get(&id, human).await;
    let b = twin.get(&tid, ttokens[0].as_deref().unwrap()).await;
    assert_eq!(a["view"], b["view"]);
    assert_eq!(a["version"], b["version"]);
    // Identical dice outcomes, event for event.
    let dice = |log: &Value| -> Vec<Value> {
        log["commands"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| {
                c["events"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e["dice"].clone())
            })
            .collect()
    };
    assert_eq!(
        dice(&app2.log(&id, human).await),
        dice(&twin.log(&tid, ttokens[0].as_deref().unwrap()).await)
    );
    assert_eq!(
        stored_snapshot(&db, &id).await,
        stored_snapshot(&twin.db, &tid).await
    );
    app2.stop().await;
    drop(dir);
    twin.stop().await;
}

#[tokio::test]
async fn same_seed_same_commands_same_bytes_and_verify_catches_tampering() {
    let app = TestApp::spawn().await;
    let (a, ta) = app.create(GAME, json!({}), 5).await;
    let (b, tb) = app.create(GAME, json!({}), 5).await;
    let steps = app.play(&a, &ta, 11, 30).await;
    app.replay_steps(&b, &tb, &steps).await;
    assert_eq!(
        stored_snapshot(&app.db, &a).await,
        stored_snapshot(&app.db, &b).await
    );
    let va = app.verify(&a, ta[0].as_deref().unwrap()).await;
    assert_eq!(va["ok"], true, "{va}");
    assert_eq!(
        va["replayed_snapshot_sha256"],
        app.verify(&b, tb[0].as_deref().unwrap()).await["replayed_snapshot_sha256"]
    );

    // Tamper with the stored snapshot of `b`.
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", app.db.display()))
        .await
        .unwrap();
    let snap = stored_snapshot(&app.db, &b).await;
    let mut v: Value = serde_json::from_slice(&snap).unwrap();
    v["half_year"] = json!(9);
    sqlx::query("UPDATE snapshots SET snapshot = ? WHERE session_id = ?")
        .bind(serde_json::to_vec(&v).unwrap())
        .bind(&b)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let vb = app.verify(&b, tb[0].as_deref().unwrap()).await;
    assert_eq!(vb["ok"], false, "{vb}");
    app.stop().await;
}

#[tokio::test]
async fn racing_writers_with_the_same_if_match_get_one_success_and_one_412() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 1).await;
    let human = tokens[0].clone().unwrap();
    let v = app.get(&id, &human).await;
    let mv = app.legal_moves(&id, &human).await[0].clone();
    let etag = format!("\"{}\"", v["version"]);
    let path = format!("/v1/sessions/{id}/moves");
    let body = json!({"move": mv});
    let hdr = [("if-match", etag.as_str())];
    let (r1, r2) = tokio::join!(
        app.call_full(Method::POST, &path, Some(&human), Some(body.clone()), &hdr),
        app.call_full(Method::POST, &path, Some(&human), Some(body.clone()), &hdr),
    );
    let mut statuses = [r1.0.as_u16(), r2.0.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 412]);
    let loser = if r1.0 == StatusCode::PRECONDITION_FAILED {
        &r1
    } else {
        &r2
    };
    assert!(is_problem(&loser.1));
    assert_eq!(loser.2["code"], "precondition_failed");
    app.stop().await;
}

#[tokio::test]
async fn idempotency_key_twice_gives_the_same_answer_and_one_command() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 1).await;
    let human = tokens[0].clone().unwrap();
    let mv = app.legal_moves(&id, &human).await[0].clone();
    let path = format!("/v1/sessions/{id}/moves");
    let body = json!({"move": mv});
    let first = app
        .call_full(
            Method::POST,
            &path,
            Some(&human),
            Some(body.clone()),
            &[("idempotency-key", "k-1")],
        )
        .await;
    let second = app
        .call_full(
            Method::POST,
            &path,
            Some(&human),
            Some(body.clone()),
            &[("idempotency-key", "k-1")],
        )
        .await;
    assert_eq!(first.0, StatusCode::OK);
    assert_eq!(second.0, StatusCode::OK);
    assert_eq!(first.2, second.2);
    let log = app.log(&id, &human).await;
    assert_eq!(log["commands"].as_array().unwrap().len(), 1);
    // The same key with another request is refused.
    let other = app
        .call_full(
            Method::POST,
            &format!("/v1/sessions/{id}/bot-turn"),
            Some(&human),
            None,
            &[("idempotency-key", "k-1")],
        )
        .await;
    assert_eq!(other.0, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other.2["code"], "idempotency_key_reused");
    app.stop().await;
}

#[tokio::test]
async fn every_error_status_is_problem_json() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 1).await;
    let human = tokens[0].clone().unwrap();
    let (other_id, other_tokens) = app.create(GAME, json!({}), 2).await;
    let other = other_tokens[0].clone().unwrap();
    let moves = format!("/v1/sessions/{id}/moves");
    let c = &app.client;

    let check =
        |s: StatusCode, h: &reqwest::header::HeaderMap, v: &Value, status: u16, code: &str| {
            assert_eq!(s.as_u16(), status, "{v}");
            assert!(is_problem(h), "{h:?}");
            assert_eq!(v["code"], code, "{v}");
            assert_eq!(v["status"], status);
            assert!(v["detail"].as_str().unwrap().len() > 5);
        };

    // 400 malformed JSON
    let r = c
        .post(format!("{}{moves}", app.base))
        .bearer_auth(&human)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (s, h) = (r.status(), r.headers().clone());
    check(s, &h, &r.json().await.unwrap(), 400, "invalid_json");
    // 400 unknown field
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": {"type": "place_worker", "space": "fisherman"}, "bogus": 1})),
            &[],
        )
        .await;
    check(s, &h, &v, 400, "invalid_body");
    // 400 malformed move
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": {"type": "fly_away"}})),
            &[],
        )
        .await;
    check(s, &h, &v, 400, "malformed");
    // 400 malformed id
    let (s, h, v) = app
        .call_full(
            Method::GET,
            "/v1/sessions/not-a-uuid",
            Some(&human),
            None,
            &[],
        )
        .await;
    check(s, &h, &v, 400, "invalid_id");
    // 401 missing token
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            None,
            Some(json!({"move": {"type": "place_worker", "space": "fisherman"}})),
            &[],
        )
        .await;
    check(s, &h, &v, 401, "missing_token");
    // 403 token of another session
    let (s, h, v) = app
        .call_full(
            Method::GET,
            &format!("/v1/sessions/{id}"),
            Some(&other),
            None,
            &[],
        )
        .await;
    check(s, &h, &v, 403, "wrong_token");
    // 404 unknown game
    let (s, h, v) = app
        .call_full(
            Method::POST,
            "/v1/sessions",
            None,
            Some(json!({"game": "chess"})),
            &[],
        )
        .await;
    check(s, &h, &v, 404, "unknown_game");
    // 404 unknown session
    let (s, h, v) = app
        .call_full(
            Method::GET,
            &format!("/v1/sessions/{}", uuid::Uuid::new_v4()),
            Some(&human),
            None,
            &[],
        )
        .await;
    check(s, &h, &v, 404, "unknown_session");
    // 409 not the bot's turn (the human starts, ARLE-SET-2)
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &format!("/v1/sessions/{id}/bot-turn"),
            Some(&human),
            None,
            &[],
        )
        .await;
    check(s, &h, &v, 409, "not_your_turn");
    // 409 version conflict
    let (s, h, v) = app.call_full(Method::POST, &moves, Some(&human), Some(json!({"move": {"type": "place_worker", "space": "fisherman"}, "expected_version": 5})), &[]).await;
    check(s, &h, &v, 409, "version_conflict");
    // 412 If-Match failed
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": {"type": "place_worker", "space": "fisherman"}})),
            &[("if-match", "\"3\"")],
        )
        .await;
    check(s, &h, &v, 412, "precondition_failed");
    // 413 body too large
    let big = "x".repeat(70 * 1024);
    let r = c
        .post(format!("{}{moves}", app.base))
        .bearer_auth(&human)
        .header("content-type", "application/json")
        .body(format!("{{\"move\":\"{big}\"}}"))
        .send()
        .await
        .unwrap();
    let (s, h) = (r.status(), r.headers().clone());
    check(s, &h, &r.json().await.unwrap(), 413, "body_too_large");
    // 415 wrong media type
    let r = c
        .post(format!("{}{moves}", app.base))
        .bearer_auth(&human)
        .header("content-type", "text/plain")
        .body("{}x")
        .send()
        .await
        .unwrap();
    let (s, h) = (r.status(), r.headers().clone());
    check(
        s,
        &h,
        &r.json().await.unwrap(),
        415,
        "unsupported_media_type",
    );
    // 422 illegal move, naming the rule: a space that does not exist this season.
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": {"type": "place_worker", "space": "no_such_space"}})),
            &[],
        )
        .await;
    check(s, &h, &v, 422, "illegal_move");
    assert!(v["rule"].as_str().unwrap().starts_with("ARLE-"), "{v}");
    // Nothing was applied by any of these.
    assert_eq!(app.get(&id, &human).await["version"], 0);
    assert_eq!(app.get(&other_id, &other).await["version"], 0);
    // 404 for unknown routes, 405 for wrong methods, also problem+json.
    let (s, h, v) = app
        .call_full(Method::GET, "/v1/nothing", None, None, &[])
        .await;
    check(s, &h, &v, 404, "no_route");
    let (s, h, v) = app
        .call_full(Method::PUT, "/v1/games", None, None, &[])
        .await;
    check(s, &h, &v, 405, "method_not_allowed");
    app.stop().await;
}

#[tokio::test]
async fn undo_takes_back_the_last_human_move_only() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 8).await;
    let human = tokens[0].clone().unwrap();
    let before = app.get(&id, &human).await;
    let mv = app.legal_moves(&id, &human).await[0].clone();
    let (s, reply) = app.post_move(&id, &human, mv).await;
    assert_eq!(s, StatusCode::OK);
    // The answer carries the seat's next choices: no second request needed.
    assert_eq!(
        reply["legal_moves"].as_array().unwrap(),
        &app.legal_items(&id, &human).await
    );
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/undo"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], 2);
    let after = app.get(&id, &human).await;
    assert_eq!(after["view"], before["view"]);
    // An undo always writes a snapshot, so a tail replay never has to take
    // back a move from before its snapshot.
    assert_eq!(stored_versions(&app.db, &id).await, (2, 2));
    // Nothing left to undo.
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/undo"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["code"], "nothing_to_undo");
    // After a bot turn, the human move before it cannot be taken back.
    app.play(&id, &tokens, 1, 2).await;
    let (s, _) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/undo"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(app.verify(&id, &human).await["ok"], true);
    app.stop().await;
}

#[tokio::test]
async fn stream_resumes_after_last_event_id() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 4).await;
    let human = tokens[0].clone().unwrap();
    app.play(&id, &tokens, 2, 4).await;
    let res = app
        .client
        .get(format!("{}/v1/sessions/{id}/stream", app.base))
        .bearer_auth(&human)
        .header("last-event-id", "2")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut res = res;
    let mut text = String::new();
    while !text.contains("id: 4") {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), res.chunk())
            .await
            .expect("events arrive")
            .unwrap()
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(
        !text.contains("id: 1\n") && !text.contains("id: 2\n"),
        "{text}"
    );
    assert!(text.contains("id: 3"), "{text}");
    // A live command arrives too.
    app.play(&id, &tokens, 2, 1).await;
    while !text.contains("id: 5") {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), res.chunk())
            .await
            .expect("live event")
            .unwrap()
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    // Shutdown ends the stream instead of waiting for the client to leave.
    app.stop().await;
    tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while let Ok(Some(_)) = res.chunk().await {}
    })
    .await
    .expect("the stream ends at shutdown");
}

#[tokio::test]
async fn delete_removes_the_session() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 4).await;
    let human = tokens[0].clone().unwrap();
    let (s, _) = app
        .call(
            Method::DELETE,
            &format!("/v1/sessions/{id}"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, v) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}"),
            Some(&human),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    app.stop().await;
}

#[tokio::test]
async fn health_ready_and_docs() {
    let app = TestApp::spawn().await;
    for p in ["/healthz", "/readyz", "/openapi.json"] {
        let (s, _) = app.call(Method::GET, p, None, None).await;
        assert_eq!(s, StatusCode::OK, "{p}");
    }
    let r = app
        .client
        .get(format!("{}/docs", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.text().await.unwrap().contains("<html"));
    app.stop().await;
}

/// A created session is live at once: the table's first request does not
/// load from the store what the create just wrote.
#[tokio::test]
async fn a_created_session_is_live_without_a_load() {
    let app = TestApp::spawn().await;
    assert_eq!(app.registry.live_actors().await, 0);
    let (id, tokens) = app.create(GAME, json!({}), 12).await;
    assert_eq!(app.registry.live_actors().await, 1);
    // The live actor is the session as stored: it plays on, and the log
    // replays to the same state.
    app.play(&id, &tokens, 3, 6).await;
    let human = tokens[0].clone().unwrap();
    assert_eq!(app.verify(&id, &human).await["ok"], true);
    assert_eq!(app.registry.live_actors().await, 1);
    app.stop().await;
}

/// The metrics on a command's path count what happened: kept handles
/// count into the same series `counter!` would. Other tests in
/// this process count too, so each series must grow by at least as much.
#[tokio::test]
async fn metrics_count_commands_renders_and_requests() {
    let app = TestApp::spawn().await;
    let metrics = || async {
        let (_, _, m) = app
            .call_full(Method::GET, "/metrics", None, None, &[])
            .await;
        m.as_str().unwrap().to_string()
    };
    let value = |text: &str, series: &str| -> f64 {
        text.lines()
            .find(|l| l.starts_with(series))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let commands = format!("ghostseat_commands_total{{game=\"{GAME}\",kind=\"move\"}}");
    let views = "ghostseat_renders_total{part=\"view\"}";
    let metrics_gets =
        "ghostseat_http_requests_total{route=\"/metrics\",method=\"GET\",status=\"200\"}";
    let (id, tokens) = app.create(GAME, json!({}), 12).await;
    let before = metrics().await;
    let human = tokens[0].clone().unwrap();
    let moves = app.play(&id, &tokens, 3, 6).await;
    let after = metrics().await;
    assert!(!moves.is_empty());
    assert!(
        value(&after, &commands) >= value(&before, &commands) + 1.0,
        "{after}"
    );
    assert!(value(&after, views) >= value(&before, views) + 1.0);
    assert!(value(&after, metrics_gets) >= value(&before, metrics_gets) + 1.0);
    assert!(after.contains("ghostseat_http_request_seconds_count{route=\"/v1/sessions/{id}\""));
    assert_eq!(app.verify(&id, &human).await["ok"], true);
    app.stop().await;
}

#[tokio::test]
async fn idle_actors_retire_and_reload_from_the_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = common::args(&dir.path().join("idle.db"));
    a.idle_secs = 1;
    let app = TestApp::spawn_with(a).await;
    let (id, tokens) = app.create(GAME, json!({}), 12).await;
    let human = tokens[0].clone().unwrap();
    app.play(&id, &tokens, 3, 6).await;
    let before = app.get(&id, &human).await;
    let live = |m: &str| -> f64 {
        m.lines()
            .find(|l| l.starts_with("ghostseat_live_actors"))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|v| v.parse().ok())
            .unwrap_or(-1.0)
    };
    let (_, _, m) = app
        .call_full(Method::GET, "/metrics", None, None, &[])
        .await;
    assert!(live(m.as_str().unwrap()) >= 1.0);
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let (_, _, m) = app
        .call_full(Method::GET, "/metrics", None, None, &[])
        .await;
    let text = m.as_str().unwrap().to_string();
    assert_eq!(live(&text), 0.0, "the idle actor stopped");
    assert!(text.contains("ghostseat_commands_total"));
    // A batch size counts commands: its buckets are counts, up to the
    // writer's largest batch, not the latencies' seconds.
    assert!(
        text.contains("ghostseat_commit_batch_size_bucket{le=\"1\"}")
            && text.contains("ghostseat_commit_batch_size_bucket{le=\"512\"}")
            && !text.contains("ghostseat_commit_batch_size_bucket{le=\"0.0005\"}"),
        "{text}"
    );
    assert!(text.contains("ghostseat_http_requests_total"));
    // The next request reloads it (a timed load), and play goes on.
    let after = app.get(&id, &human).await;
    assert_eq!(before["view"], after["view"]);
    let (_, _, m) = app
        .call_full(Method::GET, "/metrics", None, None, &[])
        .await;
    assert!(m
        .as_str()
        .unwrap()
        .contains("ghostseat_session_load_seconds"));
    app.play(&id, &tokens, 3, 4).await;
    assert_eq!(app.verify(&id, &human).await["ok"], true);
    app.stop().await;
}

#[tokio::test]
async fn deep_json_long_strings_and_cors() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = common::args(&dir.path().join("limits.db"));
    a.cors_origins = vec!["https://table.example".into()];
    let app = TestApp::spawn_with(a).await;
    let (id, tokens) = app.create(GAME, json!({}), 12).await;
    let human = tokens[0].clone().unwrap();
    let mut deep = json!(1);
    for _ in 0..40 {
        deep = json!([deep]);
    }
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/moves"),
            Some(&human),
            Some(json!({"move": deep})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["code"], "json_too_deep");
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/moves"),
            Some(&human),
            Some(json!({"move": {"type": "x".repeat(9000)}})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["code"], "string_too_long");
    // CORS: the configured origin is allowed, another is not.
    let ok = app
        .client
        .get(format!("{}/v1/games", app.base))
        .header("origin", "https://table.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        ok.headers().get("access-control-allow-origin").unwrap(),
        "https://table.example"
    );
    let other = app
        .client
        .get(format!("{}/v1/games", app.base))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    // No answer ever carries a token hash or another seat's token.
    let v = app.get(&id, &human).await;
    assert!(!v.to_string().contains(&human));
    app.stop().await;
}

/// Snapshots are written every `SNAPSHOT_EVERY` commands, not every
/// command; a session that is not live loads from its last snapshot plus
/// the log tail after it, and then plays on exactly like a session that
/// never left memory. Every game of the catalogue.
#[tokio::test]
async fn sessions_load_from_the_last_snapshot_plus_the_log_tail() {
    use ghostseat::session::SNAPSHOT_EVERY;
    let games = games();
    let app = TestApp::spawn().await;
    let mut played = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let (id, tokens) = app.create(game, json!({}), 40 + i as u64).await;
        // Stop at a version that is not a multiple of the interval.
        let steps = app
            .play(&id, &tokens, 7, 2 * SNAPSHOT_EVERY as usize + 5)
            .await;
        let (version, at) = stored_versions(&app.db, &id).await;
        assert_eq!(version, steps.len() as u64, "{game}");
        assert!(
            at <= version && version - at < SNAPSHOT_EVERY,
            "{game}: {at}/{version}"
        );
        if version % SNAPSHOT_EVERY != 0 && at != version {
            assert!(at < version, "{game}: the snapshot is older than the head");
        }
        let token = tokens.iter().flatten().next().unwrap().clone();
        let before = app.get(&id, &token).await;
        played.push((game, id, tokens, token, steps, before, at < version));
    }
    assert!(
        played.iter().any(|p| p.6),
        "at least one game stops between snapshots"
    );
    let db = app.db.clone();
    let dir = app.stop().await;
    let app = TestApp::spawn_with(common::args(&db)).await;
    for (game, id, tokens, token, steps, before, _) in &played {
        // Cold load: snapshot + tail replay gives the same table.
        let after = app.get(id, token).await;
        assert_eq!(before, &after, "{game}");
        let v = app.verify(id, token).await;
        assert_eq!(v["ok"], true, "{game}: {v}");
        // It plays on like a session that replays the same commands live.
        let more = app.play(id, tokens, 9, 10).await;
        let (twin, twin_tokens) = app
            .create(game, json!({}), {
                let i = games.iter().position(|g| g == *game).unwrap();
                40 + i as u64
            })
            .await;
        let all: Vec<Step> = steps.iter().chain(&more).cloned().collect();
        app.replay_steps(&twin, &twin_tokens, &all).await;
        let twin_token = twin_tokens.iter().flatten().next().unwrap();
        assert_eq!(
            app.get(id, token).await["view"],
            app.get(&twin, twin_token).await["view"],
            "{game}"
        );
        assert_eq!(app.verify(id, token).await["ok"], true, "{game}");
    }
    app.stop().await;
    drop(dir);
}

/// `GET /v1/games` sends each game's options schema in the request's
/// language: every top-level option has a title, and in German
/// the title and description are German; the `$ref` of an enum option stays
/// beside them.
#[tokio::test]
async fn option_titles_and_descriptions_follow_accept_language() {
    let app = TestApp::spawn().await;
    let games = |lang: &'static str| {
        let app = &app;
        async move {
            let (s, h, v) = app
                .call_full(
                    Method::GET,
                    "/v1/games",
                    None,
                    None,
                    &[("Accept-Language", lang)],
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(h["content-language"], lang);
            v
        }
    };
    let schema = |v: &Value, id: &str| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap()["options_schema"]
            .clone()
    };
    let en = games("en").await;
    let de = games("de").await;

    // SESSION-TABLE-3: one option says what the table supplies, offering
    // only the values that mean something for the game.
    let mode = &schema(&en, GAME)["properties"]["table_mode"];
    assert_eq!(mode["title"], "Dice");
    assert!(mode["description"]
        .as_str()
        .unwrap()
        .starts_with("Who rolls VIM's dice: the server, or you"));
    assert_eq!(mode["enum"], serde_json::json!(["server", "all"]), "{mode}");
    assert_eq!(mode["x-basic"], true);
    assert_eq!(
        mode["x-values"][1],
        serde_json::json!({"value": "all", "title": "We roll at the table"})
    );
    let mode = &schema(&de, GAME)["properties"]["table_mode"];
    assert_eq!(mode["title"], "Würfel");
    assert!(
        mode["description"]
            .as_str()
            .unwrap()
            .starts_with("Wer die Würfel von VIM wirft"),
        "{mode}"
    );
    assert_eq!(mode["x-values"][1]["title"], "Wir würfeln am Tisch");
    assert!(schema(&en, GAME)["properties"].get("dice").is_none());
    for (game, values) in [
        (
            "three-hundred",
            serde_json::json!(["server", "dice", "all"]),
        ),
        ("catan-shadow", serde_json::json!(["server", "dice", "all"])),
        (
            "catan-ck-duel",
            serde_json::json!(["server", "dice", "all"]),
        ),
        ("terra-mystica", serde_json::json!(["server", "all"])),
    ] {
        let props = &schema(&en, game)["properties"];
        assert_eq!(props["table_mode"]["enum"], values, "{game}");
        for old in ["dice", "deck", "physical_table", "chance_source"] {
            assert!(props.get(old).is_none(), "{game}: {old}");
        }
    }

    // The people first: the form's order puts "humans" before Automa.
    let tm = &schema(&en, "terra-mystica")["properties"];
    assert_eq!(tm["humans"]["x-order"], 0);
    assert!(tm["automa_faction"]["x-order"].as_u64() > tm["human_seats"]["x-order"].as_u64());
    let difficulty = &tm["difficulty"];
    assert_eq!(difficulty["title"], "Difficulty");
    assert_eq!(
        difficulty["description"],
        "How strong Automa plays, from Automalein (easiest) to Alptrauma (hardest)."
    );
    let difficulty = &schema(&de, "terra-mystica")["properties"]["difficulty"];
    assert_eq!(difficulty["title"], "Schwierigkeit");
    assert_eq!(
        difficulty["x-values"][0]["title"],
        "1 · Automalein (am leichtesten)"
    );
    assert!(difficulty["$ref"].as_str().is_some(), "{difficulty}");
    assert_eq!(difficulty["default"], "automa");

    // Every option of every game has a title in both languages.
    for v in [&en, &de] {
        for g in v["games"].as_array().unwrap() {
            for (name, p) in g["options_schema"]["properties"].as_object().unwrap() {
                assert!(p["title"].is_string(), "{} {name}: no title", g["id"]);
            }
        }
    }
    app.stop().await;
}

/// The session row's age (`updated_at`, in seconds since 1970), and setting
/// it `minutes` back, straight in the database file.
async fn session_age(db: &std::path::Path, id: &str, back_minutes: Option<i64>) -> f64 {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    if let Some(m) = back_minutes {
        sqlx::query(
            "UPDATE sessions SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?2 || ' minutes') WHERE id = ?1",
        )
        .bind(id)
        .bind(m)
        .execute(&pool)
        .await
        .unwrap();
    }
    let age: f64 = sqlx::query_scalar(
        "SELECT (julianday(updated_at) - 2440587.5) * 86400.0 FROM sessions WHERE id = ?1",
    )
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    age
}

/// A plain command writes its log row and leaves the session row alone; a
/// session's actor asks the store to move the row's age at most once an
/// hour (its first command, then not again within the hour), so an active
/// table's age lags by at most two hours. The expiry sweep also reads the
/// last command, so the lag never expires a table that is playing.
#[tokio::test]
async fn an_actor_moves_its_sessions_age_at_most_once_an_hour() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create(GAME, json!({}), 7).await;
    let old = session_age(&app.db, &id, Some(120)).await;
    app.play(&id, &tokens, 1, 1).await;
    let moved = session_age(&app.db, &id, None).await;
    assert!(
        moved > old + 3600.0,
        "the first command: {moved} after {old}"
    );
    let old = session_age(&app.db, &id, Some(120)).await;
    app.play(&id, &tokens, 2, 2).await;
    assert_eq!(
        session_age(&app.db, &id, None).await,
        old,
        "within the hour"
    );
    let (version, _) = stored_versions(&app.db, &id).await;
    assert_eq!(version, 3);
    app.stop().await;
}
