//! Fair play between people at one table, and a server that can face the
//! internet. Each test reproduces one attack that worked before
//! and shows it fails now.

use crate::common;

use crate::common::{args, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Creates a session as a plain client (no operator token).
async fn create_plain(app: &TestApp, body: Value, headers: &[(&str, &str)]) -> (StatusCode, Value) {
    let (s, _, v) = app
        .call_full(Method::POST, "/v1/sessions", None, Some(body), headers)
        .await;
    (s, v)
}

fn tokens_of(created: &Value) -> Vec<Option<String>> {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(String::from))
        .collect()
}

/// The commitment a client recomputes from a revealed seed and salt.
fn commitment(seed: u64, salt_hex: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"ghostseat/commit/v1");
    h.update(seed.to_le_bytes());
    h.update(hex::decode(salt_hex).unwrap());
    hex::encode(h.finalize())
}

/// SESSION-SEED-1: between people a chosen seed would let its chooser grind
/// for good dice, so it needs the operator; the server's own seed is only
/// committed to while the game runs and revealed when it ends.
#[tokio::test]
async fn the_seed_is_committed_while_the_game_runs_and_revealed_at_the_end() {
    let app = TestApp::spawn().await;
    // Two people: a chosen seed is refused without the operator.
    let (s, v) = create_plain(&app, json!({"game": "catan-shadow", "seed": 7}), &[]).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "seed_not_allowed");
    // The server's seed: only a commitment is shown.
    let (s, created) = create_plain(&app, json!({"game": "catan-shadow"}), &[]).await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let text = created.to_string();
    assert!(created["fairness"]["seed"].is_null() && created["fairness"]["salt"].is_null());
    assert_eq!(created["fairness"]["public_seed"], false);
    assert_eq!(
        created["fairness"]["commitment"].as_str().unwrap().len(),
        64
    );
    assert!(!text.contains("\"seed\":\""), "{text}");
    let id = created["id"].as_str().unwrap();
    let tokens = tokens_of(&created);
    let seat = tokens.iter().flatten().next().unwrap();
    // No read of a seat shows the seed or a digest of the hidden state.
    let verify = app.verify(id, seat).await;
    for hidden in [
        "stored_snapshot_sha256",
        "replayed_snapshot_sha256",
        "stored_rng_pos",
        "replayed_rng_pos",
    ] {
        assert!(verify[hidden].is_null(), "{hidden}: {verify}");
    }
    assert!(verify["fairness"]["seed"].is_null(), "{verify}");
    let session = app.get(id, seat).await;
    assert!(session["fairness"]["seed"].is_null(), "{session}");
    let (_, export) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(seat),
            None,
        )
        .await;
    assert_eq!(export["code"], "operator_only", "{export}");

    // A solo game played to its end with the server's seed: the seed and
    // salt are revealed and give the commitment shown at creation.
    let (s, created) = create_plain(&app, json!({"game": "arler-erde"}), &[]).await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let tokens = tokens_of(&created);
    let seat = tokens.iter().flatten().next().unwrap().clone();
    let promised = created["fairness"]["commitment"]
        .as_str()
        .unwrap()
        .to_string();
    app.play(id, &tokens, 3, 5000).await;
    let verify = app.verify(id, &seat).await;
    assert_eq!(verify["ok"], true, "{verify}");
    let fair = &verify["fairness"];
    let seed: u64 = fair["seed"].as_str().expect("revealed").parse().unwrap();
    let salt = fair["salt"].as_str().expect("revealed");
    assert_eq!(commitment(seed, salt), promised);
    assert!(verify["replayed_snapshot_sha256"].is_string(), "{verify}");
    app.stop().await;
}

/// A chosen seed stays possible for solo games, and says so.
#[tokio::test]
async fn a_chosen_seed_is_public() {
    let app = TestApp::spawn().await;
    let (s, v) = create_plain(&app, json!({"game": "arler-erde", "seed": 5}), &[]).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["fairness"]["public_seed"], true);
    assert_eq!(v["fairness"]["seed"], "5");
    app.stop().await;
}

/// SESSION-UNDO-2: a command that rolled the server's dice or drew from its
/// shuffled decks cannot be taken back (roll, see 2+3, undo, roll again);
/// a command that did not can.
#[tokio::test]
async fn undo_never_reveals() {
    let app = TestApp::spawn().await;
    for game in common::games() {
        let (id, tokens) = app.create(game, json!({}), 11).await;
        let mut refused = 0;
        let mut undone = 0;
        for step in 0..150u64 {
            let v = app.get(&id, tokens.iter().flatten().next().unwrap()).await;
            let (seat, reply) = match v["next"]["type"].as_str() {
                Some("bot") => {
                    let t = tokens.iter().flatten().next().unwrap();
                    let (s, r) = app.bot_turn(&id, t).await;
                    assert_eq!(s, StatusCode::OK, "{r}");
                    // The bot's turn is the server's: never undoable.
                    assert_eq!(r["undoable"], false, "{game}: {r}");
                    continue;
                }
                Some("human") => {
                    let seats = v["next"]["seats"].as_array().unwrap();
                    let seat = seats[step as usize % seats.len()].as_u64().unwrap() as usize;
                    let token = tokens[seat].clone().unwrap();
                    let items = app.legal_items(&id, &token).await;
                    let mv = ghostseat::engine::legal::instantiate(
                        &items[(step as usize * 7) % items.len()],
                        &mut |n| (step as usize) % n.max(1),
                    )
                    .unwrap();
                    (token.clone(), app.post_move(&id, &token, mv).await)
                }
                _ => break,
            };
            let (s, r) = reply;
            assert_eq!(s, StatusCode::OK, "{game}: {r}");
            let undo = format!("/v1/sessions/{id}/undo");
            let (s, u) = app.call(Method::POST, &undo, Some(&seat), None).await;
            if r["undoable"] == true {
                assert_eq!(s, StatusCode::OK, "{game}: {u}");
                undone += 1;
                // Play on from the restored position.
                let items = app.legal_items(&id, &seat).await;
                let again = ghostseat::engine::legal::instantiate(&items[0], &mut |_| 0).unwrap();
                let (s, r) = app.post_move(&id, &seat, again).await;
                assert_eq!(s, StatusCode::OK, "{game}: {r}");
            } else if r["next"]["type"] == "finished" {
                // The ending move stays (SESSION-UNDO-3).
                assert_eq!(s, StatusCode::CONFLICT, "{game}: {u}");
                assert_eq!(u["rule"], "SESSION-UNDO-3", "{u}");
                refused += 1;
            } else {
                assert_eq!(s, StatusCode::CONFLICT, "{game}: {u}");
                assert_eq!(u["code"], "not_undoable", "{u}");
                assert_eq!(u["rule"], "SESSION-UNDO-2", "{u}");
                refused += 1;
            }
        }
        assert!(undone + refused > 0, "{game}: no human move was tried");
    }
    app.stop().await;
}

/// The catan roll with the server's dice is the classic peek: refused.
#[tokio::test]
async fn a_server_roll_cannot_be_undone() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 3).await;
    for _ in 0..400 {
        let any = tokens.iter().flatten().next().unwrap();
        let v = app.get(&id, any).await;
        match v["next"]["type"].as_str() {
            Some("bot") => {
                app.bot_turn(&id, any).await;
            }
            Some("human") => {
                let seat = v["next"]["seats"][0].as_u64().unwrap() as usize;
                let token = tokens[seat].clone().unwrap();
                let moves = app.legal_moves(&id, &token).await;
                if let Some(roll) = moves.iter().find(|m| m["type"] == "roll") {
                    let (s, r) = app.post_move(&id, &token, roll.clone()).await;
                    assert_eq!(s, StatusCode::OK, "{r}");
                    assert_eq!(r["undoable"], false, "{r}");
                    let (s, u) = app
                        .call(
                            Method::POST,
                            &format!("/v1/sessions/{id}/undo"),
                            Some(&token),
                            None,
                        )
                        .await;
                    assert_eq!(s, StatusCode::CONFLICT, "{u}");
                    assert_eq!(u["code"], "not_undoable");
                    app.stop().await;
                    return;
                }
                app.post_move(&id, &token, moves[0].clone()).await;
            }
            _ => break,
        }
    }
    panic!("no roll came up");
}

/// Table input where the server rolls is refused, for a human move and for
/// the bot's turn: nobody chooses the dice in server mode.
#[tokio::test]
async fn table_dice_in_server_mode_are_refused() {
    let app = TestApp::spawn().await;
    for game in common::games() {
        let (id, tokens) = app.create(game, json!({}), 9).await;
        let any = tokens.iter().flatten().next().unwrap().clone();
        let v = app.get(&id, &any).await;
        let six = json!([{"die": 6}, {"die": 6}]);
        let (path, token, body) = match v["next"]["type"].as_str() {
            Some("bot") => (
                format!("/v1/sessions/{id}/bot-turn"),
                any.clone(),
                json!({"table": six}),
            ),
            _ => {
                let seat = v["next"]["seats"][0].as_u64().unwrap() as usize;
                let token = tokens[seat].clone().unwrap();
                let mv = app.legal_moves(&id, &token).await[0].clone();
                (
                    format!("/v1/sessions/{id}/moves"),
                    token,
                    json!({"move": mv, "table": six}),
                )
            }
        };
        let (s, r) = app
            .call(Method::POST, &path, Some(&token), Some(body))
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {r}");
        assert_eq!(r["code"], "table_input_not_allowed", "{game}: {r}");
        assert_eq!(
            app.get(&id, &any).await["version"],
            v["version"],
            "{game}: nothing applied"
        );
    }
    // The bot's turn specifically, in a game whose bot rolls.
    let (id, tokens) = app.create("arler-erde", json!({}), 2).await;
    let any = tokens.iter().flatten().next().unwrap().clone();
    let (s, r) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/bot-turn"),
            Some(&any),
            Some(json!({"table": [{"die": 1}]})),
        )
        .await;
    assert!(
        s == StatusCode::UNPROCESSABLE_ENTITY || s == StatusCode::CONFLICT,
        "{s} {r}"
    );
    app.stop().await;
}

/// A create replayed with its Idempotency-Key returns the first answer (the
/// same tokens, which stay valid); eight at once all get that answer.
#[tokio::test]
async fn create_with_a_key_replays_and_races_safely() {
    let app = TestApp::spawn().await;
    let key = [("Idempotency-Key", "create-once-0123456789abcdef")];
    let body = json!({"game": "catan-shadow"});
    let (s, first) = create_plain(&app, body.clone(), &key).await;
    assert_eq!(s, StatusCode::CREATED, "{first}");
    let (s, again) = create_plain(&app, body.clone(), &key).await;
    assert!(s.is_success(), "{again}");
    assert_eq!(first["id"], again["id"]);
    assert_eq!(tokens_of(&first), tokens_of(&again), "no fresh tokens");
    let id = first["id"].as_str().unwrap();
    for t in tokens_of(&first).iter().flatten() {
        app.get(id, t).await; // still valid
    }
    // Another body under the same key is refused.
    let (s, v) = create_plain(&app, json!({"game": "arler-erde"}), &key).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");

    // Eight at once with a new key: one session, eight equal answers.
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (client, base) = (app.client.clone(), app.base.clone());
        tasks.push(tokio::spawn(async move {
            let r = client
                .post(format!("{base}/v1/sessions"))
                .header("Idempotency-Key", "race-0123456789abcdefghij")
                .json(&json!({"game": "three-hundred"}))
                .send()
                .await
                .unwrap();
            (r.status(), r.json::<Value>().await.unwrap())
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        let (s, v) = t.await.unwrap();
        assert!(s.is_success(), "{s} {v}");
        answers.push((v["id"].clone(), tokens_of(&v)));
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
    app.stop().await;
}

/// SESSION-DELETE-1: one seat cannot delete a game two people share; it
/// goes when every human seat asked, or at once for the operator.
#[tokio::test]
async fn deleting_a_shared_game_needs_every_seat() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 4).await;
    let humans: Vec<&String> = tokens.iter().flatten().collect();
    assert!(humans.len() >= 2);
    let path = format!("/v1/sessions/{id}");
    let (s, v) = app.call(Method::DELETE, &path, Some(humans[0]), None).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    assert_eq!(v["consented"].as_array().unwrap().len(), 1);
    assert!(!v["waiting_for"].as_array().unwrap().is_empty());
    app.get(&id, humans[1]).await; // still there
    let (s, _) = app.call(Method::DELETE, &path, Some(humans[1]), None).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, _) = app.call(Method::GET, &path, Some(humans[1]), None).await;
    assert!(
        s == StatusCode::NOT_FOUND || s == StatusCode::FORBIDDEN,
        "{s}"
    );
    // Solo: the one seat deletes at once; the operator deletes any.
    let (id, tokens) = app.create("arler-erde", json!({}), 4).await;
    let (s, _) = app
        .call(
            Method::DELETE,
            &format!("/v1/sessions/{id}"),
            tokens.iter().flatten().next().map(String::as_str),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (id, _) = app.create("catan-ck-duel", json!({}), 4).await;
    let (s, _) = app
        .call(
            Method::DELETE,
            &format!("/v1/sessions/{id}"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    app.stop().await;
}

/// A seat may resign; the game ends there and says so.
#[tokio::test]
async fn a_seat_may_resign() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 8).await;
    let seat = tokens.iter().flatten().next().unwrap();
    let (s, r) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/resign"),
            Some(seat),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let v = app.get(&id, seat).await;
    assert_eq!(v["status"], "finished", "{v}");
    let (s, r) = app.post_move(&id, seat, json!({"type": "roll"})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{r}");
    app.stop().await;
}

/// A server with short timeouts and small caps for the transport tests.
async fn strict_server(tune: impl FnOnce(&mut ghostseat::config::ServeArgs)) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("t.db"));
    a.header_timeout_secs = 1;
    a.body_timeout_secs = 1;
    a.idle_connection_secs = 2;
    a.shutdown_grace_secs = 1;
    tune(&mut a);
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    app
}

fn addr(app: &TestApp) -> String {
    app.base.trim_start_matches("http://").to_string()
}

/// Reads until the server closes (Ok(bytes)) or `limit` passes (Err).
async fn read_until_closed(s: &mut TcpStream, limit: Duration) -> Result<Vec<u8>, ()> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    let end = Instant::now() + limit;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Ok(all),
            Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
            Err(_) => return Err(()),
        }
    }
}

/// Slowloris: a header byte every so often does not keep a connection.
#[tokio::test]
async fn a_slow_header_is_cut_off() {
    let app = strict_server(|_| {}).await;
    let mut s = TcpStream::connect(addr(&app)).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\n").await.unwrap();
    let t = Instant::now();
    let mut closed = false;
    for _ in 0..10 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        if s.write_all(b"X-A: b\r\n").await.is_err() {
            closed = true;
            break;
        }
    }
    if !closed {
        closed = read_until_closed(&mut s, Duration::from_secs(3))
            .await
            .is_ok();
    }
    assert!(closed, "still open after {:?}", t.elapsed());
    assert!(t.elapsed() < Duration::from_secs(6));
    app.stop().await;
}

/// A body that trickles in gets 408 and the connection closes.
#[tokio::test]
async fn a_slow_body_gets_408() {
    let app = strict_server(|_| {}).await;
    let mut s = TcpStream::connect(addr(&app)).await.unwrap();
    s.write_all(
        b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .await
    .unwrap();
    let reply = read_until_closed(&mut s, Duration::from_secs(6))
        .await
        .expect("closed");
    let text = String::from_utf8_lossy(&reply);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("body_timeout"), "{text}");
    app.stop().await;
}

/// An idle connection is closed.
#[tokio::test]
async fn an_idle_connection_is_closed() {
    let app = strict_server(|_| {}).await;
    let mut s = TcpStream::connect(addr(&app)).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // The answer comes, then nothing: the keep-alive connection goes.
    let reply = read_until_closed(&mut s, Duration::from_secs(6))
        .await
        .expect("closed");
    assert!(String::from_utf8_lossy(&reply).starts_with("HTTP/1.1 200"));
    app.stop().await;
}

/// `Content-Length: 10000000000` is answered 413 at once, not waited for.
#[tokio::test]
async fn an_oversized_length_is_refused_early() {
    let app = strict_server(|_| {}).await;
    let mut s = TcpStream::connect(addr(&app)).await.unwrap();
    s.write_all(b"POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n")
        .await
        .unwrap();
    let t = Instant::now();
    let mut buf = vec![0u8; 2048];
    let n = tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf))
        .await
        .expect("answered early")
        .unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(1));
    app.stop().await;
}

/// 300 half-sent requests cannot exhaust the server: above the per-address
/// cap a connection is closed at once, others are served meanwhile, and the
/// held ones are cut by the header timeout.
#[tokio::test]
async fn half_sent_requests_cannot_exhaust_the_server() {
    let app = strict_server(|a| {
        a.max_connections_per_address = 16;
        a.max_connections = 64;
        a.header_timeout_secs = 2;
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..300 {
        if let Ok(mut s) = TcpStream::connect(addr(&app)).await {
            let _ = s.write_all(b"GET /healthz HTTP/1.1\r\n").await;
            held.push(s);
        }
    }
    // The ones above the cap were closed without a byte.
    let mut closed = 0;
    for s in held.iter_mut().skip(16) {
        if read_until_closed(s, Duration::from_millis(200))
            .await
            .is_ok()
        {
            closed += 1;
        }
    }
    assert!(closed >= 280, "only {closed} of 284 refused");
    drop(held);
    // Once they are gone, the address is served again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (s, _) = app.call(Method::GET, "/healthz", None, None).await;
    assert_eq!(s, StatusCode::OK);
    app.stop().await;
}

/// SIGTERM (here: the stop signal) does not wait for ever on a stalled
/// client: after the grace period the server is gone.
#[tokio::test]
async fn shutdown_does_not_wait_for_stalled_clients() {
    let app = strict_server(|a| {
        a.header_timeout_secs = 30;
        a.idle_connection_secs = 60;
        a.shutdown_grace_secs = 1;
    })
    .await;
    let mut s = TcpStream::connect(addr(&app)).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\n").await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let t = Instant::now();
    tokio::time::timeout(Duration::from_secs(5), app.stop())
        .await
        .expect("stopped within the grace period");
    assert!(t.elapsed() < Duration::from_secs(4));
}

/// SSE flood: subscribers per session (and seat) are capped.
#[tokio::test]
async fn stream_subscribers_are_capped() {
    let app = strict_server(|a| {
        a.streams_per_session = 3;
        a.streams_per_seat = 2;
        a.idle_connection_secs = 30;
    })
    .await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 1).await;
    let humans: Vec<String> = tokens.iter().flatten().cloned().collect();
    let open = |t: String| {
        let (client, url) = (
            app.client.clone(),
            format!("{}/v1/sessions/{id}/stream", app.base),
        );
        async move { client.get(url).bearer_auth(t).send().await.unwrap() }
    };
    let a1 = open(humans[0].clone()).await;
    let a2 = open(humans[0].clone()).await;
    assert_eq!(a1.status(), StatusCode::OK);
    assert_eq!(a2.status(), StatusCode::OK);
    let a3 = open(humans[0].clone()).await;
    assert_eq!(a3.status(), StatusCode::TOO_MANY_REQUESTS, "per seat");
    let b1 = open(humans[1].clone()).await;
    assert_eq!(b1.status(), StatusCode::OK);
    let b2 = open(humans[1].clone()).await;
    assert_eq!(b2.status(), StatusCode::TOO_MANY_REQUESTS, "per session");
    let problem: Value = b2.json().await.unwrap();
    assert_eq!(problem["code"], "too_many_streams");
    drop((a1, a2, b1));
    app.stop().await;
}

/// A phone that closed its stream, or lost its network, gives its place in
/// the caps back within a keep-alive, though its game may never move again
/// (a finished game's streams once held their places for the whole
/// `--stream-max-secs`, and a table page that reopened its stream a few
/// times was refused with 429). The watch stream likewise.
#[tokio::test]
async fn a_closed_stream_frees_its_place_within_a_keepalive() {
    let app = strict_server(|a| {
        a.streams_per_seat = 1;
        a.stream_keepalive_secs = 1;
        a.idle_connection_secs = 30;
    })
    .await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 1).await;
    let seat = tokens.iter().flatten().next().unwrap().clone();
    let (s, w) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/watchers"),
            Some(&seat),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{w}");
    let watcher = w["token"].as_str().unwrap().to_string();
    for (path, token) in [("stream", &seat), ("watch/stream", &watcher)] {
        let open = || {
            app.client
                .get(format!("{}/v1/sessions/{id}/{path}", app.base))
                .bearer_auth(token)
                .send()
        };
        let first = open().await.unwrap();
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        let second = open().await.unwrap();
        assert_eq!(
            second.status(),
            StatusCode::TOO_MANY_REQUESTS,
            "{path}: the cap holds"
        );
        // The client goes away; nothing is committed after it.
        drop(first);
        let deadline = Instant::now() + Duration::from_secs(6);
        let status = loop {
            let again = open().await.unwrap();
            if again.status() != StatusCode::TOO_MANY_REQUESTS || Instant::now() > deadline {
                break again.status();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(status, StatusCode::OK, "{path}: the place came back");
    }
    app.stop().await;
}

/// SESSION-OPT-1: an 8,000-character colour name is refused, not stored.
#[tokio::test]
async fn oversized_option_strings_are_refused() {
    let app = TestApp::spawn().await;
    let long = "x".repeat(8000);
    for (game, options) in [
        ("catan-shadow", json!({"colours": [long.clone(), "red"]})),
        ("arler-erde", json!({"name": long.clone()})),
    ] {
        let (s, v) = app
            .call(
                Method::POST,
                "/v1/sessions",
                Some(ADMIN),
                Some(json!({"game": game, "options": options})),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {v}");
        assert_eq!(v["rule"], "SESSION-OPT-1", "{v}");
        assert!(
            !v.to_string().contains(&long),
            "the answer does not echo it"
        );
    }
    app.stop().await;
}

/// Creates per address per hour are limited: a burst of a quarter of the
/// hourly quota, then one every 3600/n seconds.
#[tokio::test]
async fn creates_have_a_quota() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("q.db"));
    a.creates_per_hour = 12;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    for _ in 0..3 {
        let (s, v) = create_plain(&app, json!({"game": "arler-erde"}), &[]).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, h, v) = app
        .call_full(
            Method::POST,
            "/v1/sessions",
            None,
            Some(json!({"game": "arler-erde"})),
            &[],
        )
        .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["code"], "quota_exceeded");
    assert!(h.contains_key("retry-after"));
    app.stop().await;
}

/// Behind a trusted proxy every client has its own bucket (keyed by the
/// forwarded address), IPv6 per /64; the health check is never limited.
#[tokio::test]
async fn limits_key_on_the_forwarded_client_behind_a_trusted_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("p.db"));
    a.rate_limit = 1;
    a.rate_burst = 3;
    a.trusted_proxies = vec!["127.0.0.1/32".into()];
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let get = |xff: &'static str, path: &'static str| {
        let (client, base) = (app.client.clone(), app.base.clone());
        async move {
            client
                .get(format!("{base}{path}"))
                .header("X-Forwarded-For", xff)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let mut flooded = 0;
    for _ in 0..10 {
        if get("203.0.113.7", "/v1/games").await == StatusCode::TOO_MANY_REQUESTS {
            flooded += 1;
        }
    }
    assert!(flooded >= 5, "the flooding client is limited");
    assert_eq!(
        get("198.51.100.2", "/v1/games").await,
        StatusCode::OK,
        "another client is not"
    );
    assert_eq!(
        get("203.0.113.7", "/healthz").await,
        StatusCode::OK,
        "health is exempt"
    );
    // IPv6: one /64 is one bucket.
    let mut v6 = 0;
    for i in 0..10 {
        let xff: &'static str = Box::leak(format!("2001:db8:1:2::{i:x}").into_boxed_str());
        if get(xff, "/v1/games").await == StatusCode::TOO_MANY_REQUESTS {
            v6 += 1;
        }
    }
    assert!(v6 >= 5, "addresses of one /64 share a bucket");
    assert_eq!(get("2001:db8:9:9::1", "/v1/games").await, StatusCode::OK);
    app.stop().await;
}

/// `/metrics` may ask for its own token; `--cors-origins '*'` starts and
/// answers without credentials.
#[tokio::test]
async fn metrics_token_and_cors_star() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("m.db"));
    a.metrics_token = Some("scrape-me".into());
    a.cors_origins = vec!["*".into()];
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let url = format!("{}/metrics", app.base);
    let r = app.client.get(&url).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = app
        .client
        .get(&url)
        .bearer_auth("wrong")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = app
        .client
        .get(&url)
        .bearer_auth("scrape-me")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let r = app
        .client
        .request(Method::OPTIONS, format!("{}/v1/games", app.base))
        .header("Origin", "https://table.example")
        .header("Access-Control-Request-Method", "GET")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    assert!(r
        .headers()
        .get("access-control-allow-credentials")
        .is_none());
    app.stop().await;
}

/// Expiry: finished sessions older than the finished age and unfinished ones
/// untouched for the abandoned age are deleted; `None` keeps them.
#[tokio::test]
async fn expiry_deletes_old_finished_and_abandoned_sessions() {
    use ghostseat::store::{Durability, SessionStore, Store};
    let app = TestApp::spawn().await;
    let (done, tokens) = app.create("arler-erde", json!({}), 1).await;
    let seat = tokens.iter().flatten().next().unwrap();
    let (s, _) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{done}/resign"),
            Some(seat),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (running, _) = app.create("arler-erde", json!({}), 2).await;
    let db = app.db.clone();
    let dir = app.stop().await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let hour = Duration::from_secs(3600);
    assert_eq!(store.expire(None, None, 100).await.unwrap(), 0, "off");
    assert_eq!(
        store.expire(Some(hour), Some(hour), 100).await.unwrap(),
        0,
        "too young"
    );
    assert_eq!(
        store.expire(Some(Duration::ZERO), None, 100).await.unwrap(),
        1
    );
    assert!(store.load_session(&done).await.unwrap().is_none());
    assert!(store.load_session(&running).await.unwrap().is_some());
    assert_eq!(
        store.expire(None, Some(Duration::ZERO), 100).await.unwrap(),
        1
    );
    assert!(store.load_session(&running).await.unwrap().is_none());
    store.close().await;
    drop(dir);
}
