//! Each seat's next, view, legal moves and events of a session
//! version are rendered once and shared by the command answer, the GETs
//! and the stream, without ever crossing seats or languages (hidden
//! information, SESSION-LANG texts), and without changing a byte of any
//! answer. "A fresh render" below is the same read answered by a second
//! server on the same database, whose actor has rendered nothing.

use crate::common::{args, TestApp};
use ghostseat::session::RenderTally;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// Two human seats with hidden hands (CCK: a hand is null to the other seat).
const GAME: &str = "catan-ck-duel";

struct Raw {
    status: StatusCode,
    text: String,
}

impl Raw {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("{e}: {}", self.text))
    }
}

async fn raw(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    lang: &str,
    body: Option<Value>,
) -> Raw {
    let mut rb = app
        .client
        .request(method, format!("{}{}", app.base, path))
        .bearer_auth(token)
        .header("accept-language", lang);
    if let Some(b) = body {
        rb = rb.json(&b);
    }
    let res = rb.send().await.unwrap();
    let status = res.status();
    Raw {
        status,
        text: res.text().await.unwrap(),
    }
}

async fn get_session(app: &TestApp, id: &str, token: &str, lang: &str) -> Raw {
    let r = raw(
        app,
        reqwest::Method::GET,
        &format!("/v1/sessions/{id}"),
        token,
        lang,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r
}

async fn get_legal(app: &TestApp, id: &str, token: &str, lang: &str) -> Raw {
    let path = format!("/v1/sessions/{id}/legal-moves");
    let r = raw(app, reqwest::Method::GET, &path, token, lang, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r
}

fn tally(app: &TestApp, id: &str) -> RenderTally {
    app.registry.render_counts(id).expect("the session is live")
}

/// What was rendered between two tallies.
fn since(a: RenderTally, b: RenderTally) -> RenderTally {
    RenderTally {
        next: b.next - a.next,
        view: b.view - a.view,
        legal_moves: b.legal_moves - a.legal_moves,
        events: b.events - a.events,
    }
}

fn renders(next: u64, view: u64, legal_moves: u64, events: u64) -> RenderTally {
    RenderTally {
        next,
        view,
        legal_moves,
        events,
    }
}

/// A two-seat session; returns (id, acting seat's token, other seat's token).
async fn duel(app: &TestApp, seed: u64) -> (String, String, String) {
    let (id, tokens) = app.create(GAME, json!({}), seed).await;
    let tokens: Vec<String> = tokens.into_iter().flatten().collect();
    assert_eq!(tokens.len(), 2);
    for (i, t) in tokens.iter().enumerate() {
        if !app.legal_moves(&id, t).await.is_empty() {
            return (id, t.clone(), tokens[1 - i].clone());
        }
    }
    panic!("nobody may act in a fresh {GAME}");
}

/// A legal move of the token's seat now.
async fn a_move(app: &TestApp, id: &str, token: &str) -> Value {
    app.legal_moves(id, token)
        .await
        .into_iter()
        .next()
        .expect("the seat may act")
}

async fn post_move(app: &TestApp, id: &str, token: &str, lang: &str, mv: Value) -> Raw {
    let path = format!("/v1/sessions/{id}/moves");
    let r = raw(
        app,
        reqwest::Method::POST,
        &path,
        token,
        lang,
        Some(json!({"move": mv})),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r
}

/// A second server on the same database: its answers are fresh renders.
async fn fresh_server(app: &TestApp) -> TestApp {
    TestApp::spawn_with(args(&app.db)).await
}

#[tokio::test]
async fn a_command_then_the_same_seats_reads_at_that_version_render_once() {
    let app = TestApp::spawn().await;
    let (id, a, _) = duel(&app, 4).await;
    let mv = a_move(&app, &id, &a).await;
    let before = tally(&app, &id);
    let answer = post_move(&app, &id, &a, "en", mv).await.json();
    let version = answer["version"].as_u64().unwrap();
    assert_eq!(
        since(before, tally(&app, &id)),
        renders(1, 1, 1, 1),
        "the answer renders each part once"
    );
    let session = get_session(&app, &id, &a, "en").await;
    let legal = get_legal(&app, &id, &a, "en").await;
    assert_eq!(
        since(before, tally(&app, &id)),
        renders(1, 1, 1, 1),
        "GET session and GET legal-moves of the same version reuse the answer's renderings"
    );
    let doc = session.json();
    assert_eq!(doc["version"], version);
    for part in ["next", "view", "legal_moves"] {
        assert_eq!(doc[part], answer[part], "{part}");
    }
    assert_eq!(legal.json()["moves"], answer["legal_moves"]);
    // Byte for byte what a server that rendered nothing answers.
    let fresh = fresh_server(&app).await;
    assert_eq!(get_session(&fresh, &id, &a, "en").await.text, session.text);
    assert_eq!(get_legal(&fresh, &id, &a, "en").await.text, legal.text);
    fresh.stop().await;
    app.stop().await;
}

/// Hidden information: the other seat's view and legal moves at the same
/// version are its own (CCK: an opponent's hand is null), never the first
/// seat's cached ones.
#[tokio::test]
async fn the_other_seat_at_the_same_version_reads_its_own_view() {
    let app = TestApp::spawn().await;
    let (id, a, b) = duel(&app, 5).await;
    let mv = a_move(&app, &id, &a).await;
    let answer = post_move(&app, &id, &a, "en", mv).await.json();
    let before = tally(&app, &id);
    let seen_by_b = get_session(&app, &id, &b, "en").await;
    assert_eq!(
        since(before, tally(&app, &id)),
        renders(0, 1, 1, 0),
        "the other seat renders its own view and legal moves; next is shared"
    );
    let doc = seen_by_b.json();
    assert_eq!(doc["version"], answer["version"]);
    assert_ne!(doc["view"], answer["view"], "the seats' views differ");
    assert_eq!(doc["next"], answer["next"]);
    let fresh = fresh_server(&app).await;
    assert_eq!(
        get_session(&fresh, &id, &b, "en").await.text,
        seen_by_b.text
    );
    assert_eq!(
        get_legal(&fresh, &id, &b, "en").await.text,
        get_legal(&app, &id, &b, "en").await.text
    );
    // And the first seat still reads its own.
    let seen_by_a = get_session(&app, &id, &a, "en").await;
    assert_eq!(seen_by_a.json()["view"], answer["view"]);
    assert_eq!(
        get_session(&fresh, &id, &a, "en").await.text,
        seen_by_a.text
    );
    fresh.stop().await;
    app.stop().await;
}

#[tokio::test]
async fn german_and_english_at_the_same_version_are_each_right() {
    let app = TestApp::spawn().await;
    let (id, a, _) = duel(&app, 6).await;
    let mv = a_move(&app, &id, &a).await;
    post_move(&app, &id, &a, "en", mv).await;
    let before = tally(&app, &id);
    let de = get_session(&app, &id, &a, "de").await;
    assert_eq!(
        since(before, tally(&app, &id)),
        renders(1, 0, 1, 0),
        "German renders its own texts; the view has none and is shared"
    );
    let en = get_session(&app, &id, &a, "en").await;
    let legal_de = get_legal(&app, &id, &a, "de").await;
    assert_eq!(since(before, tally(&app, &id)), renders(1, 0, 1, 0));
    assert_ne!(de.json()["next"], en.json()["next"], "next has a sentence");
    assert_eq!(de.json()["view"], en.json()["view"]);
    let fresh = fresh_server(&app).await;
    assert_eq!(get_session(&fresh, &id, &a, "de").await.text, de.text);
    assert_eq!(get_session(&fresh, &id, &a, "en").await.text, en.text);
    assert_eq!(get_legal(&fresh, &id, &a, "de").await.text, legal_de.text);
    fresh.stop().await;
    app.stop().await;
}

/// Reads SSE text from `res` until it holds the entry `id: {seq}`; returns
/// that entry's data.
async fn entry(res: &mut reqwest::Response, text: &mut String, seq: u64) -> Value {
    let marker = format!("id: {seq}\n");
    loop {
        if let Some(at) = text.find(&marker) {
            if let Some(end) = text[at..].find("\n\n") {
                let block = &text[at..at + end];
                let data = block
                    .lines()
                    .find_map(|l| l.strip_prefix("data: "))
                    .expect("the entry has data");
                return serde_json::from_str(data).unwrap();
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), res.chunk())
            .await
            .expect("the entry arrives")
            .unwrap()
            .expect("the stream is open");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn open_stream(app: &TestApp, id: &str, token: &str, lang: &str) -> reqwest::Response {
    let res = app
        .client
        .get(format!("{}/v1/sessions/{id}/stream?lang={lang}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    res
}

#[tokio::test]
async fn a_stream_subscriber_of_the_acting_seat_reuses_the_commands_rendering() {
    let app = TestApp::spawn().await;
    let (id, a, b) = duel(&app, 7).await;
    let mv = a_move(&app, &id, &a).await;
    // Subscribed once the answer's head is here.
    let mut stream_a = open_stream(&app, &id, &a, "en").await;
    let mut stream_b = open_stream(&app, &id, &b, "en").await;
    let before = tally(&app, &id);
    let answer = post_move(&app, &id, &a, "en", mv).await.json();
    let seq = answer["version"].as_u64().unwrap();
    let (mut text_a, mut text_b) = (String::new(), String::new());
    let live_a = entry(&mut stream_a, &mut text_a, seq).await;
    let live_b = entry(&mut stream_b, &mut text_b, seq).await;
    assert_eq!(
        since(before, tally(&app, &id)),
        renders(1, 2, 2, 2),
        "the acting seat's entry renders nothing; the other seat's its own events, view and legal moves"
    );
    assert_eq!(live_a["events"], answer["events"]);
    let session_a = &live_a["session"];
    for part in ["next", "view", "legal_moves"] {
        assert_eq!(session_a[part], answer[part], "{part}");
    }
    assert_ne!(live_b["session"]["view"], session_a["view"]);
    // Each entry's session is byte for byte a fresh render of its seat.
    let fresh = fresh_server(&app).await;
    for (text, token) in [(&text_a, &a), (&text_b, &b)] {
        let doc = get_session(&fresh, &id, token, "en").await.text;
        assert!(
            text.contains(&format!(",\"session\":{doc}}}")),
            "{text}\n{doc}"
        );
    }
    // The other seat's events are its own (its log reads the same).
    let log_b = fresh.log(&id, &b).await;
    let last = log_b["commands"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(live_b["events"], last["events"]);
    fresh.stop().await;
    drop((stream_a, stream_b));
    app.stop().await;
}

/// SESSION-UNDO-1, SESSION-RESIGN-1: undo and resign make a new version,
/// whose reads are rendered anew and match a fresh render.
#[tokio::test]
async fn undo_and_resign_are_read_as_rendered_anew() {
    let app = TestApp::spawn().await;
    let (id, a, b) = duel(&app, 4).await;
    // Find an undoable move of the acting seat (a setup placement).
    let mut undone = None;
    for _ in 0..6 {
        let acting = if app.legal_moves(&id, &a).await.is_empty() {
            &b
        } else {
            &a
        };
        let before_move = get_session(&app, &id, acting, "en").await;
        let mv = a_move(&app, &id, acting).await;
        let answer = post_move(&app, &id, acting, "en", mv).await.json();
        get_session(&app, &id, acting, "en").await; // cached at the new version
        if answer["undoable"] == true {
            undone = Some((acting.clone(), before_move));
            break;
        }
    }
    let (acting, before_move) = undone.expect("an undoable move within six");
    let path = format!("/v1/sessions/{id}/undo");
    let r = raw(&app, reqwest::Method::POST, &path, &acting, "en", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let after_undo = get_session(&app, &id, &acting, "en").await;
    let (was, is) = (before_move.json(), after_undo.json());
    assert_eq!(is["view"], was["view"], "the undo restores the view");
    assert_eq!(is["legal_moves"], was["legal_moves"]);
    assert_eq!(is["version"], was["version"].as_u64().unwrap() + 2);
    let fresh = fresh_server(&app).await;
    assert_eq!(
        get_session(&fresh, &id, &acting, "en").await.text,
        after_undo.text
    );
    fresh.stop().await;

    let path = format!("/v1/sessions/{id}/resign");
    let r = raw(&app, reqwest::Method::POST, &path, &acting, "en", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let resigned = get_session(&app, &id, &acting, "en").await;
    let doc = resigned.json();
    assert_eq!(doc["status"], "finished");
    assert_eq!(doc["legal_moves"], json!([]));
    let fresh = fresh_server(&app).await;
    assert_eq!(
        get_session(&fresh, &id, &acting, "en").await.text,
        resigned.text
    );
    // GET legal-moves still lists the game's moves after a resignation,
    // as before the cache.
    assert_eq!(
        get_legal(&fresh, &id, &acting, "en").await.text,
        get_legal(&app, &id, &acting, "en").await.text
    );
    fresh.stop().await;
    app.stop().await;
}

/// A reloaded actor (idle retirement here; a store moved by another
/// replica takes the same path) starts with nothing rendered.
#[tokio::test]
async fn a_reloaded_actor_starts_with_nothing_rendered() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("reload.db"));
    a.idle_secs = 1;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let (id, seat, _) = duel(&app, 8).await;
    let mv = a_move(&app, &id, &seat).await;
    post_move(&app, &id, &seat, "en", mv).await;
    let first = get_session(&app, &id, &seat, "en").await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(app.registry.render_counts(&id), None, "the actor retired");
    let again = get_session(&app, &id, &seat, "en").await;
    assert_eq!(
        tally(&app, &id),
        renders(1, 1, 1, 0),
        "rendered anew after the load"
    );
    assert_eq!(again.text, first.text);
    app.stop().await;
}

/// Another replica commits: this server's copy is behind, and its next
/// read is of the newer version, never the cached older one.
#[tokio::test]
async fn a_read_after_another_replica_committed_is_of_the_new_version() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("replicas.db"));
    a.peer_poll_ms = 50;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let (id, a, b) = duel(&app, 9).await;
    let mv = a_move(&app, &id, &a).await;
    post_move(&app, &id, &a, "en", mv).await;
    let old = get_session(&app, &id, &a, "en").await.json();
    let other = fresh_server(&app).await;
    let acting = if other.legal_moves(&id, &a).await.is_empty() {
        &b
    } else {
        &a
    };
    let mv = a_move(&other, &id, acting).await;
    let moved = post_move(&other, &id, acting, "en", mv).await.json();
    assert_eq!(moved["version"], old["version"].as_u64().unwrap() + 1);
    // The peer watch sees the store moved on and retires the stale copy;
    // the reload renders the new version.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let now = get_session(&app, &id, &a, "en").await;
        if now.json()["version"] == moved["version"] {
            assert_eq!(get_session(&other, &id, &a, "en").await.text, now.text);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still {}", now.text);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    other.stop().await;
    app.stop().await;
}
