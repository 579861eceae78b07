//! Around a game, tried through the HTTP API as the other
//! people at the table would: a past version shows a seat exactly what it
//! saw then (SESSION-AT-1, SESSION-AT-2), a rematch seats the same players
//! with their old tokens (SESSION-REMATCH-1, -2), a watch token reads the
//! public table and nothing else and stops when revoked (SESSION-WATCH-1,
//! -2), and your-turn notices reach a receiver the test starts, carry
//! nothing hidden, and are refused for private targets unless the
//! operator allows them (SESSION-NOTIFY-1).

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{args, Backend, TestApp, ADMIN};

/// A catan-ck-duel between two people (hidden hands), both seats' tokens.
async fn duel(app: &TestApp, seed: u64) -> (String, Vec<String>) {
    let (id, tokens) = app.create("catan-ck-duel", json!({}), seed).await;
    (id, tokens.into_iter().map(Option::unwrap).collect())
}

/// One command: the bot's turn when due, else a legal move of the seat
/// whose turn it is (the `pick`-th, wrapping). Answers the acting seat
/// (None: the bot) and the command's answer, or None when the game is over.
async fn step(
    app: &TestApp,
    id: &str,
    tokens: &[String],
    pick: usize,
) -> Option<(Option<usize>, Value)> {
    let doc = app.get(id, &tokens[0]).await;
    match doc["next"]["type"].as_str() {
        Some("bot") => {
            let (s, r) = app.bot_turn(id, &tokens[0]).await;
            assert_eq!(s, StatusCode::OK, "{r}");
            Some((None, r))
        }
        Some("finished") | None => None,
        Some(_) => {
            let seat = doc["next"]["seats"][0].as_u64().unwrap() as usize;
            let moves = app.legal_moves(id, &tokens[seat]).await;
            let mv = moves[pick % moves.len()].clone();
            let (s, r) = app.post_move(id, &tokens[seat], mv).await;
            assert_eq!(s, StatusCode::OK, "{r}");
            Some((Some(seat), r))
        }
    }
}

async fn at(
    app: &TestApp,
    id: &str,
    v: u64,
    token: &str,
    seat: Option<&str>,
) -> (StatusCode, Value) {
    let q = seat.map(|s| format!("?seat={s}")).unwrap_or_default();
    app.call(
        Method::GET,
        &format!("/v1/sessions/{id}/at/{v}{q}"),
        Some(token),
        None,
    )
    .await
}

async fn resign(app: &TestApp, id: &str, token: &str) {
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/resign"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// SESSION-AT-1, SESSION-AT-2: at every version each seat reads exactly
/// the document it read then (view, legal moves, next) and the events its
/// log shows for that command; another seat's view only after the end.
#[tokio::test]
async fn a_past_version_is_what_the_seat_saw_then() {
    let app = TestApp::spawn().await;
    let (id, tokens) = duel(&app, 11).await;
    let mut seen: Vec<[Value; 2]> = vec![[
        app.get(&id, &tokens[0]).await,
        app.get(&id, &tokens[1]).await,
    ]];
    for i in 0..40 {
        if step(&app, &id, &tokens, i * 7).await.is_none() {
            break;
        }
        seen.push([
            app.get(&id, &tokens[0]).await,
            app.get(&id, &tokens[1]).await,
        ]);
    }
    let head = seen.len() as u64 - 1;
    assert!(head >= 20, "a game of some length ({head})");
    let mut hands_differ = 0;
    for (v, docs) in seen.iter().enumerate() {
        let v = v as u64;
        let mut views = Vec::new();
        for (seat, then) in docs.iter().enumerate() {
            let (s, now) = at(&app, &id, v, &tokens[seat], None).await;
            assert_eq!(s, StatusCode::OK, "{now}");
            let past = &now["session"];
            assert_eq!(past["version"], v);
            for key in ["view", "legal_moves", "next", "status", "seat", "fairness"] {
                assert_eq!(past[key], then[key], "version {v}, seat {seat}, {key}");
            }
            assert_eq!(now["head"], head);
            assert!(now["replayed"].as_u64().unwrap() <= 16);
            if v > 0 {
                let (_, log) = app
                    .call(
                        Method::GET,
                        &format!("/v1/sessions/{id}/log?after={}&limit=1", v - 1),
                        Some(&tokens[seat]),
                        None,
                    )
                    .await;
                assert_eq!(now["events"], log["commands"][0]["events"], "events of {v}");
                assert_eq!(now["kind"], log["commands"][0]["kind"]);
            }
            views.push(past["view"].clone());
        }
        if views[0] != views[1] {
            hands_differ += 1;
        }
        // Before the end, not through the other seat's eyes.
        let (s, p) = at(&app, &id, v, &tokens[0], Some("b")).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{p}");
        assert_eq!(p["code"], "viewpoint_hidden");
        assert_eq!(p["rule"], "SESSION-AT-2");
    }
    assert!(
        hands_differ > 0,
        "the seats' views differ somewhere (hidden hands)"
    );
    // Not a version yet, not a number, not a seat.
    let (s, p) = at(&app, &id, head + 1, &tokens[0], None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{p}");
    assert_eq!(p["code"], "unknown_version");
    let (s, _) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}/at/-1"),
            Some(&tokens[0]),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = at(&app, &id, 0, "gst_not_a_token", None).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // Own seat named explicitly is fine before the end.
    let (s, _) = at(&app, &id, 3, &tokens[0], Some("a")).await;
    assert_eq!(s, StatusCode::OK);

    // After the end, every seat may look through every seat's eyes.
    resign(&app, &id, &tokens[1]).await;
    for (v, docs) in seen.iter().enumerate() {
        let (s, now) = at(&app, &id, v as u64, &tokens[0], Some("b")).await;
        assert_eq!(s, StatusCode::OK, "{now}");
        assert_eq!(now["session"]["view"], docs[1]["view"], "version {v} as b");
        assert_eq!(now["session"]["seat"]["id"], "b");
    }
}

/// The worst step of a 1,000-command game: every version read once after
/// the first read made the checkpoints; each replays at most 16 commands.
/// Prints the figures (`cargo test --test integration around::worst -- --nocapture`).
#[tokio::test]
async fn worst_step_of_a_thousand_command_game() {
    let mut a = args(std::path::Path::new("/nonexistent"));
    let dir = tempfile::tempdir().unwrap();
    a.database = dir.path().join("w.db");
    a.max_body = 8 << 20;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    // A short game up to a move its seat may take back, then that move
    // and its undo again and again (as examples/worst_request.rs does).
    let (id, tokens) = app.create("catan-shadow", json!({}), 3).await;
    let tokens: Vec<String> = tokens.into_iter().flatten().collect();
    let mut found = None;
    for i in 0..400 {
        let (seat, r) = step(&app, &id, &tokens, i).await.expect("not over yet");
        if r["undoable"] == true {
            found = Some((seat.unwrap(), r));
            break;
        }
    }
    let (seat, _) = found.expect("an undoable move");
    let (_, export) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(ADMIN),
            None,
        )
        .await;
    let mut commands = export["commands"].as_array().unwrap().clone();
    let last = commands.pop().unwrap();
    let total = 1000u64;
    while (commands.len() as u64) < total - 1 {
        let seq = commands.len() as u64 + 1;
        commands
            .push(json!({"seq": seq, "kind": "move", "seat": seat, "payload": last["payload"]}));
        commands.push(
            json!({"seq": seq + 1, "kind": "undo", "seat": seat, "payload": {"undoes": seq}}),
        );
    }
    commands.truncate(total as usize - 1);
    commands.push(json!({"seq": total, "kind": "move", "seat": seat, "payload": last["payload"]}));
    let mut doc = export.clone();
    doc["commands"] = Value::Array(commands);
    doc["version"] = json!(total);
    let (s, imported) = app
        .call(Method::POST, "/v1/sessions/import", Some(ADMIN), Some(doc))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{imported}");
    let id = imported["id"].as_str().unwrap().to_string();
    let token = imported["seats"][seat]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let t = Instant::now();
    let (s, first) = at(&app, &id, total, &token, None).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    let first_ms = t.elapsed().as_secs_f64() * 1e3;
    let (mut worst, mut worst_v, mut sum) = (0.0f64, 0, 0.0);
    let mut all = Vec::new();
    for v in (0..=total).rev() {
        let t = Instant::now();
        let (s, doc) = at(&app, &id, v, &token, None).await;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        assert_eq!(s, StatusCode::OK, "{doc}");
        assert_eq!(doc["session"]["version"], v);
        assert!(
            doc["replayed"].as_u64().unwrap() <= 16,
            "{}",
            doc["replayed"]
        );
        sum += ms;
        all.push(ms);
        if ms > worst {
            (worst, worst_v) = (ms, v);
        }
    }
    all.sort_by(f64::total_cmp);
    println!(
        "1,000-command catan-shadow: first read (makes the checkpoints) {first_ms:.1} ms; \
         then each version: mean {:.2} ms, p99 {:.2} ms, worst {worst:.2} ms (version {worst_v}) (debug build, over HTTP)",
        sum / (total + 1) as f64,
        all[all.len() * 99 / 100]
    );
}

/// SESSION-REMATCH-1, SESSION-REMATCH-2.
#[tokio::test]
async fn a_rematch_seats_the_same_players() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some(app) = TestApp::spawn_on(backend).await else {
            continue;
        };
        let (id, tokens) = duel(&app, 5).await;
        for i in 0..3 {
            step(&app, &id, &tokens, i).await;
        }
        let path = format!("/v1/sessions/{id}/rematch");
        let (s, p) = app.call(Method::POST, &path, Some(&tokens[0]), None).await;
        assert_eq!(s, StatusCode::CONFLICT, "{p}");
        assert_eq!(p["code"], "game_not_finished");
        resign(&app, &id, &tokens[0]).await;
        let (s, p) = app.call(Method::POST, &path, None, None).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{p}");
        let (s, r) = app.call(Method::POST, &path, Some(&tokens[0]), None).await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
        let new = r["id"].as_str().unwrap().to_string();
        assert_ne!(new, id);
        assert_eq!(r["rematch_of"], id.as_str());
        assert!(
            r["fairness"].get("seed").is_none(),
            "a fresh commitment, not revealed"
        );
        let old = app.get(&id, &tokens[1]).await;
        assert_ne!(r["fairness"]["commitment"], old["fairness"]["commitment"]);
        assert!(r["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.get("token").is_none()));
        // Idempotent, from either seat.
        let (s, again) = app.call(Method::POST, &path, Some(&tokens[1]), None).await;
        assert_eq!(s, StatusCode::OK, "{again}");
        assert_eq!(again["id"], new.as_str());
        assert_eq!(old["rematch"], new.as_str());
        // The old tokens open nothing in the new session until claimed.
        let (s, _) = app
            .call(
                Method::GET,
                &format!("/v1/sessions/{new}"),
                Some(&tokens[0]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let claim = |seat: &str| format!("/v1/sessions/{new}/seats/{seat}/claim");
        // Not with the other seat's token, not without one.
        let (s, p) = app
            .call(Method::POST, &claim("b"), Some(&tokens[0]), None)
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{p}");
        assert_eq!(p["code"], "invite_invalid");
        let (s, _) = app
            .call(Method::POST, &claim("b"), None, Some(json!({})))
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let mut fresh = Vec::new();
        for (seat, t) in [("a", &tokens[0]), ("b", &tokens[1])] {
            let (s, v) = app.call(Method::POST, &claim(seat), Some(t), None).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            fresh.push(v["token"].as_str().unwrap().to_string());
            // Once.
            let (s, p) = app.call(Method::POST, &claim(seat), Some(t), None).await;
            assert_eq!(s, StatusCode::CONFLICT, "{p}");
        }
        let doc = app.get(&new, &fresh[1]).await;
        assert_eq!(doc["rematch_of"], id.as_str());
        assert_eq!(doc["version"], 0);
        assert_eq!(doc["options"], old["options"]);
        assert!(
            step(&app, &new, &fresh, 0).await.is_some(),
            "the rematch is playable"
        );
    }
}

/// SESSION-WATCH-1, SESSION-WATCH-2, tried as an attacker holding a watch
/// token would.
#[tokio::test]
async fn a_watcher_reads_the_public_table_and_nothing_else() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some(app) = TestApp::spawn_on(backend).await else {
            continue;
        };
        let (id, tokens) = duel(&app, 8).await;
        for i in 0..4 {
            step(&app, &id, &tokens, i).await;
        }
        let (s, w) = app
            .call(
                Method::POST,
                &format!("/v1/sessions/{id}/watchers"),
                Some(&tokens[1]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{w}");
        let wt = w["token"].as_str().unwrap().to_string();
        let wid = w["id"].as_str().unwrap().to_string();
        assert!(w["link"].as_str().unwrap().contains(&wt));
        let (s, doc) = app
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/watch"),
                Some(&wt),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{doc}");
        assert!(doc.get("legal_moves").is_none());
        let a = app.get(&id, &tokens[0]).await;
        let b = app.get(&id, &tokens[1]).await;
        assert_eq!(doc["version"], a["version"]);
        assert_ne!(doc["view"], a["view"], "not seat a's hidden hand");
        assert_ne!(doc["view"], b["view"], "not seat b's hidden hand");
        assert_eq!(doc["next"], a["next"]);
        // What a watch token cannot do.
        let v = a["version"].as_u64().unwrap();
        let denied = [
            (Method::GET, format!("/v1/sessions/{id}"), None),
            (Method::GET, format!("/v1/sessions/{id}/legal-moves"), None),
            (Method::GET, format!("/v1/sessions/{id}/log"), None),
            (Method::GET, format!("/v1/sessions/{id}/at/{v}"), None),
            (Method::POST, format!("/v1/sessions/{id}/bot-turn"), None),
            (Method::POST, format!("/v1/sessions/{id}/undo"), None),
            (
                Method::POST,
                format!("/v1/sessions/{id}/moves"),
                Some(json!({"move": a["legal_moves"][0]})),
            ),
            (Method::POST, format!("/v1/sessions/{id}/watchers"), None),
            (
                Method::DELETE,
                format!("/v1/sessions/{id}/watchers/{wid}"),
                None,
            ),
            (
                Method::POST,
                format!("/v1/sessions/{id}/stream-tickets"),
                None,
            ),
            (
                Method::PUT,
                format!("/v1/sessions/{id}/seats/me/notify"),
                Some(json!({"url": "http://example.com/x", "format": "json"})),
            ),
            (
                Method::POST,
                format!("/v1/sessions/{id}/seats/me/token"),
                None,
            ),
            (Method::POST, format!("/v1/sessions/{id}/rematch"), None),
        ];
        for (m, path, body) in denied {
            let (s, p) = app.call(m.clone(), &path, Some(&wt), body).await;
            assert_eq!(s, StatusCode::FORBIDDEN, "{m} {path}: {p}");
        }
        assert_eq!(
            app.get(&id, &tokens[0]).await["version"],
            v,
            "nothing was applied"
        );
        // The stream: a command arrives with its public events, no legal moves.
        let mut res = app
            .client
            .get(format!("{}/v1/sessions/{id}/watch/stream", app.base))
            .bearer_auth(&wt)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        step(&app, &id, &tokens, 1).await.unwrap();
        let mut text = String::new();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !text.contains("\n\n") && Instant::now() < deadline {
            match tokio::time::timeout(Duration::from_secs(5), res.chunk()).await {
                Ok(Ok(Some(c))) => text.push_str(&String::from_utf8_lossy(&c)),
                _ => break,
            }
        }
        let data = text
            .lines()
            .find_map(|l| l.strip_prefix("data:"))
            .expect("a command entry");
        let entry: Value = serde_json::from_str(data.trim()).unwrap();
        assert_eq!(entry["seq"], v + 1);
        assert!(entry["events"].is_array());
        assert!(entry["watch"].get("legal_moves").is_none());
        assert!(!data.contains("legal_moves"));
        // Revoked by the other seat: 401 from now on.
        let (s, _) = app
            .call(
                Method::DELETE,
                &format!("/v1/sessions/{id}/watchers/{wid}"),
                Some(&tokens[0]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, p) = app
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/watch"),
                Some(&wt),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{p}");
        assert_eq!(p["code"], "invalid_watch_token");
        let (s, _) = app
            .client
            .get(format!("{}/v1/sessions/{id}/watch/stream", app.base))
            .bearer_auth(&wt)
            .send()
            .await
            .map(|r| (r.status(), ()))
            .unwrap();
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        // The open stream ends at its next command.
        step(&app, &id, &tokens, 2).await.unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match res.chunk().await {
                    Ok(Some(c)) if String::from_utf8_lossy(&c).contains("data:") => return false,
                    Ok(Some(_)) => {}
                    _ => return true,
                }
            }
        })
        .await;
        assert_eq!(ended, Ok(true), "a revoked watcher's stream ends");
        let (s, p) = app
            .call(
                Method::DELETE,
                &format!("/v1/sessions/{id}/watchers/{wid}"),
                Some(&tokens[0]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{p}");
        // A seat token is no watch token, a missing one is 401.
        let (s, _) = app
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/watch"),
                Some(&tokens[0]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, _) = app
            .call(Method::GET, &format!("/v1/sessions/{id}/watch"), None, None)
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        // At most 8 at once.
        for _ in 0..8 {
            let (s, _) = app
                .call(
                    Method::POST,
                    &format!("/v1/sessions/{id}/watchers"),
                    Some(&tokens[0]),
                    None,
                )
                .await;
            assert_eq!(s, StatusCode::CREATED);
        }
        let (s, p) = app
            .call(
                Method::POST,
                &format!("/v1/sessions/{id}/watchers"),
                Some(&tokens[0]),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::CONFLICT, "{p}");
    }
}

/// What a receiver the test starts was sent: (path, content type, body).
type Received = Arc<Mutex<Vec<(String, String, String)>>>;

/// An HTTP receiver on 127.0.0.1: `/ok/…` answers 200, `/refuse/…` 400.
async fn receiver() -> (String, Received) {
    use axum::extract::State;
    let got: Received = Arc::default();
    async fn take(
        State(got): State<Received>,
        uri: axum::http::Uri,
        headers: axum::http::HeaderMap,
        body: String,
    ) -> StatusCode {
        let ct = headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        got.lock().unwrap().push((uri.path().to_string(), ct, body));
        if uri.path().starts_with("/refuse") {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        }
    }
    let router = axum::Router::new()
        .fallback(axum::routing::post(take))
        .with_state(got.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (base, got)
}

/// Plays until a command of seat `from` leaves the next move to the other
/// seat; answers that command's version.
async fn until_turn_passes(app: &TestApp, id: &str, tokens: &[String], from: usize) -> u64 {
    for i in 0..200 {
        let doc = app.get(id, &tokens[0]).await;
        let next_seat = doc["next"]["seats"][0].as_u64().map(|s| s as usize);
        let (seat, r) = step(app, id, tokens, i).await.expect("not over");
        let after = app.get(id, &tokens[0]).await;
        let now_seat = after["next"]["seats"][0].as_u64().map(|s| s as usize);
        if seat == Some(from) && next_seat == Some(from) && now_seat == Some(1 - from) {
            return r["version"].as_u64().unwrap();
        }
    }
    panic!("the turn never passed");
}

/// SESSION-NOTIFY-1: a notice reaches the seat whose turn it is, in its
/// format, with the game and a link only; a receiver's refusal shows as
/// the last error; private targets need `--notify-allow-private`.
#[tokio::test]
async fn your_turn_notices_reach_their_receiver() {
    let (base, got) = receiver().await;
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("n.db"));
    a.notify_allow_private = true;
    a.public_url = Some("https://table.example/".into());
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let (id, tokens) = duel(&app, 21).await;
    let notify = format!("/v1/sessions/{id}/seats/me/notify");
    let (s, d) = app
        .call(
            Method::PUT,
            &notify,
            Some(&tokens[1]),
            Some(json!({"url": format!("{base}/ok/b"), "format": "json"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(d["format"], "json");
    let (s, d) = app
        .call(
            Method::PUT,
            &notify,
            Some(&tokens[0]),
            Some(json!({"url": format!("{base}/refuse/a"), "format": "discord"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{d}");
    let (s, p) = app
        .call(
            Method::PUT,
            &notify,
            Some(&tokens[0]),
            Some(json!({"url": "ftp://example.com/x", "format": "json"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{p}");
    assert_eq!(p["code"], "notify_target_refused");

    let version = until_turn_passes(&app, &id, &tokens, 0).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    let sent = loop {
        let found = got
            .lock()
            .unwrap()
            .iter()
            .find(|(p, _, _)| p == "/ok/b")
            .cloned();
        if let Some(f) = found {
            break f;
        }
        assert!(Instant::now() < deadline, "no notice arrived");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(sent.1, "application/json");
    let body: Value = serde_json::from_str(&sent.2).unwrap();
    assert_eq!(body["event"], "your_turn");
    assert_eq!(body["session"], id.as_str());
    assert_eq!(body["seat"], "b");
    assert_eq!(body["version"], version);
    // The session and the seat, no token (rule SESSION-NOTIFY-2): the
    // seat's own device opens it with the token it keeps.
    assert_eq!(
        body["link"],
        format!("https://table.example/#s={id}&seat=b")
    );
    assert!(body["text"].as_str().unwrap().starts_with("Your turn in "));
    // Nothing of the table: only these fields.
    assert_eq!(body.as_object().unwrap().len(), 7, "{body}");
    assert!(!sent.2.contains("gst_"), "no token");
    let (_, d) = app.call(Method::GET, &notify, Some(&tokens[1]), None).await;
    assert!(d["last_sent_ms"].as_i64().is_some(), "{d}");
    assert!(d.get("last_error").is_none(), "{d}");

    // Seat a's receiver refuses: shown as the last error, no retries of a 400.
    until_turn_passes(&app, &id, &tokens, 1).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, d) = app.call(Method::GET, &notify, Some(&tokens[0]), None).await;
        if let Some(e) = d["last_error"].as_str() {
            assert!(e.contains("400"), "{e}");
            break;
        }
        assert!(Instant::now() < deadline, "no error shown: {d}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let refused: Vec<_> = got
        .lock()
        .unwrap()
        .iter()
        .filter(|(p, _, _)| p == "/refuse/a")
        .cloned()
        .collect();
    assert_eq!(refused.len(), 1);
    let v: Value = serde_json::from_str(&refused[0].2).unwrap();
    assert!(v["content"].as_str().unwrap().contains("Your turn in"));
    // Cleared: no target any more.
    let (s, d) = app
        .call(Method::DELETE, &notify, Some(&tokens[0]), None)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(d.get("url").is_none(), "{d}");
}

#[tokio::test]
async fn private_notice_targets_are_refused_by_default() {
    let (base, _) = receiver().await;
    let app = TestApp::spawn().await;
    let (id, tokens) = duel(&app, 2).await;
    let notify = format!("/v1/sessions/{id}/seats/me/notify");
    for url in [
        format!("{base}/ok"),
        "http://localhost:9/x".into(),
        "http://169.254.169.254/".into(),
        "http://[::1]/x".into(),
    ] {
        let (s, p) = app
            .call(
                Method::PUT,
                &notify,
                Some(&tokens[0]),
                Some(json!({"url": url, "format": "ntfy"})),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {p}");
        assert_eq!(p["code"], "notify_target_refused");
        assert_eq!(p["rule"], "SESSION-NOTIFY-1");
    }
    let (s, p) = app
        .call(
            Method::PUT,
            &notify,
            None,
            Some(json!({"url": "http://example.com", "format": "ntfy"})),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{p}");
}
