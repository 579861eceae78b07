//! A finished game stays finished (SESSION-UNDO-3) and a session's work is
//! bounded (SESSION-CAP-1, undo decided before any replay), tried as the
//! two seats and an outsider would.

use crate::common::{args, Backend, Step, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Short games of every variant: (game, options).
fn short_games() -> Vec<(&'static str, Value)> {
    vec![
        ("catan-shadow", json!({"vp_target": 3})),
        ("catan-ck-duel", json!({"max_turns": 30})),
        ("terra-mystica", json!({})),
        ("arler-erde", json!({})),
        ("three-hundred", json!({})),
    ]
}

async fn undo(app: &TestApp, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/v1/sessions/{id}/undo"),
        token,
        None,
    )
    .await
}

/// A session of somebody else, for its token.
async fn outsider(app: &TestApp) -> String {
    let (_, t) = app.create("arler-erde", json!({}), 1).await;
    t[0].clone().unwrap()
}

/// SESSION-UNDO-3, SESSION-SEED-1: in every game the command that ends it
/// answers `undoable: false`, every seat's undo after the end is refused
/// with the rule (before and after a restart), an outsider gets nothing,
/// and the seed, hidden during play, is shown at the end.
#[tokio::test]
async fn a_finished_game_stays_finished_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("finished.db");
    let app = TestApp::spawn_with(args(&db)).await;
    let stranger = outsider(&app).await;
    let mut ended = Vec::new();
    for (i, (game, options)) in short_games().into_iter().enumerate() {
        // The server draws the seed: it must stay hidden until the end.
        let (s, created) = app
            .call(
                Method::POST,
                "/v1/sessions",
                None,
                Some(json!({"game": game, "options": options})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{created}");
        assert!(created["fairness"]["seed"].is_null(), "{game}: {created}");
        let id = created["id"].as_str().unwrap().to_string();
        // Each person claims their own seat (SESSION-SEAT-2).
        let tokens = app.seat_tokens(&created).await;
        let (steps, last) = app.play_last(&id, &tokens, 40 + i as u64, 8000, &[]).await;
        assert_eq!(last["next"]["type"], "finished", "{game}: {}", last["next"]);
        assert_eq!(last["undoable"], false, "{game}: the ending command");
        let humans: Vec<String> = tokens.iter().flatten().cloned().collect();
        for t in humans.iter().chain(humans.iter()) {
            let (s, v) = undo(&app, &id, Some(t)).await;
            assert_eq!(s, StatusCode::CONFLICT, "{game}: {v}");
            assert_eq!(v["rule"], "SESSION-UNDO-3", "{game}: {v}");
            assert_eq!(v["code"], "game_over", "{game}: {v}");
        }
        let (s, v) = undo(&app, &id, Some(&stranger)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = undo(&app, &id, None).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let doc = app.get(&id, &humans[0]).await;
        assert!(doc["fairness"]["seed"].is_string(), "{game}: {doc}");
        assert_eq!(doc["version"].as_u64(), Some(steps.len() as u64));
        assert_eq!(app.verify(&id, &humans[0]).await["ok"], true, "{game}");
        ended.push((id, humans, steps.len() as u64));
    }
    // A fresh process reads the end from the store and refuses alike.
    app.stop().await;
    let app = TestApp::spawn_with(args(&db)).await;
    for (id, humans, version) in &ended {
        for t in humans.iter().rev() {
            let (s, v) = undo(&app, id, Some(t)).await;
            assert_eq!(s, StatusCode::CONFLICT, "{v}");
            assert_eq!(v["rule"], "SESSION-UNDO-3", "{v}");
        }
        assert_eq!(app.get(id, &humans[0]).await["version"], *version);
    }
    app.stop().await;
    drop(dir);
}

/// Plays catan-shadow (two people) until a seat makes a move it may take
/// back; returns that seat.
async fn until_undoable(app: &TestApp, id: &str, tokens: &[Option<String>]) -> usize {
    for i in 0..400 {
        let (steps, last) = app.play_last(id, tokens, 7 + i, 1, &[]).await;
        if let (Some(Step::Move(seat, ..)), true) = (steps.last(), last["undoable"] == true) {
            return *seat;
        }
    }
    panic!("no undoable move in 400 commands");
}

async fn restarted(app: TestApp) -> TestApp {
    let a = args(&app.db);
    restarted_with(app, a).await
}

async fn restarted_with(app: TestApp, a: ghostseat::config::ServeArgs) -> TestApp {
    let dir = app.stop().await;
    let mut again = TestApp::spawn_with(a).await;
    if let Some(d) = dir {
        again.keep(d);
    }
    again
}

#[tokio::test]
async fn undo_is_decided_before_any_replay_by_the_right_seat() {
    undo_by_the_right_seat_on(Backend::Sqlite).await;
}

#[tokio::test]
async fn undo_is_decided_before_any_replay_by_the_right_seat_on_postgres() {
    undo_by_the_right_seat_on(Backend::Postgres).await;
}

/// SESSION-UNDO-1: the other seat and an outsider cannot take a seat's
/// move back, neither from a live session nor from one a fresh process
/// loads (its actor has not seen the move applied); the seat can, once.
async fn undo_by_the_right_seat_on(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend).await else {
        return;
    };
    let stranger = outsider(&app).await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 3).await;
    let mover = until_undoable(&app, &id, &tokens).await;
    let (mine, theirs) = (
        tokens[mover].clone().unwrap(),
        tokens[1 - mover].clone().unwrap(),
    );
    let version = app.get(&id, &mine).await["version"].as_u64().unwrap();
    let (s, v) = undo(&app, &id, Some(&theirs)).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::CONFLICT, Some("nothing_to_undo")),
        "{v}"
    );
    let (s, _) = undo(&app, &id, Some(&stranger)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // A fresh process: the other seat is refused from the last log row.
    let app = restarted(app).await;
    let (s, v) = undo(&app, &id, Some(&theirs)).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::CONFLICT, Some("nothing_to_undo")),
        "{v}"
    );
    let (s, _) = undo(&app, &id, Some(&stranger)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&id, &mine).await["version"], version);
    // The seat takes its move back, after a restart too.
    let app = restarted(app).await;
    let (s, v) = undo(&app, &id, Some(&mine)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["undoable"], false);
    assert_eq!(v["events"][0]["data"]["undoes"], version, "{v}");
    assert_eq!(app.verify(&id, &mine).await["ok"], true);
    // And the stack the actor now knows answers the next undo alike
    // after another restart (its log ends with an undo).
    let (s1, v1) = undo(&app, &id, Some(&mine)).await;
    let app = restarted(app).await;
    let after = app.get(&id, &mine).await["version"].as_u64().unwrap();
    assert_eq!(after, version + 1 + u64::from(s1 == StatusCode::OK), "{v1}");
    app.stop().await;
}

#[tokio::test]
async fn a_session_has_a_command_cap_and_can_still_be_resigned() {
    cap_on(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_session_has_a_command_cap_and_can_still_be_resigned_on_postgres() {
    cap_on(Backend::Postgres).await;
}

/// SESSION-CAP-1: once the log holds one command less than the cap, every
/// command of either seat but resigning is refused with its own code, also
/// after a restart; the resignation ends the game and the export imports.
async fn cap_on(backend: Backend) {
    let Some((db, dir)) = crate::common::fresh_database(backend).await else {
        return;
    };
    let mut a = args(&db);
    a.max_commands = 12;
    let mut app = TestApp::spawn_with(a.clone()).await;
    if let Some(d) = dir {
        app.keep(d);
    }
    let (id, tokens) = app.create("catan-shadow", json!({}), 5).await;
    app.play(&id, &tokens, 1, 11).await;
    let (a_tok, b_tok) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    assert_eq!(app.get(&id, &a_tok).await["version"], 11);
    let check = |s: StatusCode, v: &Value| {
        assert_eq!(s, StatusCode::CONFLICT, "{v}");
        assert_eq!(v["code"], "command_cap_reached", "{v}");
        assert_eq!(v["rule"], "SESSION-CAP-1", "{v}");
    };
    for t in [&a_tok, &b_tok] {
        for mv in app.legal_moves(&id, t).await.into_iter().take(2) {
            let (s, v) = app.post_move(&id, t, mv).await;
            check(s, &v);
        }
        let (s, v) = undo(&app, &id, Some(t)).await;
        check(s, &v);
    }
    let (s, v) = app.bot_turn(&id, &a_tok).await;
    assert!(s == StatusCode::CONFLICT, "{v}");
    let app = restarted_with(app, a).await;
    let (s, v) = undo(&app, &id, Some(&b_tok)).await;
    check(s, &v);
    let (s, v) = app
        .call(
            Method::POST,
            &format!("/v1/sessions/{id}/resign"),
            Some(&b_tok),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["version"], 12);
    let (s, v) = undo(&app, &id, Some(&a_tok)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(app.verify(&id, &a_tok).await["ok"], true);
    let (s, export) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(&a_tok),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{export}");
    let (s, v) = app
        .call(
            Method::POST,
            "/v1/sessions/import",
            Some(ADMIN),
            Some(export),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    app.stop().await;
}
