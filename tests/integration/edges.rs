//! The server's edges as an attacker pushes on them: caching and type
//! headers, request ids, the metrics, stream tickets of one seat, extra
//! move fields, connection fairness, imports of long sessions and reads
//! through a second replica.

use crate::common::{args, games, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Every answer says `nosniff`; every `/v1` answer (tokens, hands, views,
/// problems) and the metrics say `no-store`; the table page's files keep
/// their ETag caching.
#[tokio::test]
async fn api_answers_are_never_stored_and_never_sniffed() {
    let app = TestApp::spawn().await;
    let (s, h, v) = app
        .call_full(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(json!({"game": "arler-erde", "seed": 3})),
            &[],
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["seats"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(
        h["cache-control"], "no-store",
        "the create answer holds tokens"
    );
    let paths = [
        (format!("/v1/sessions/{id}"), Some(token.as_str()), 200),
        (format!("/v1/sessions/{id}/legal-moves"), Some(&token), 200),
        (format!("/v1/sessions/{id}/log"), Some(&token), 200),
        // A problem answer too, and an outsider's.
        (format!("/v1/sessions/{id}"), None, 401),
        (format!("/v1/sessions/{id}"), Some("gst_not_a_seat"), 403),
        ("/v1/games".to_string(), None, 200),
        ("/metrics".to_string(), None, 200),
    ];
    for (path, tok, status) in &paths {
        let (s, h, _) = app.call_full(Method::GET, path, *tok, None, &[]).await;
        assert_eq!(s.as_u16(), *status, "{path}");
        assert_eq!(h["cache-control"], "no-store", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
    }
    let (s, h, _) = app
        .call_full(
            Method::POST,
            &format!("/v1/sessions/{id}/stream-tickets"),
            Some(&token),
            None,
            &[],
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(h["cache-control"], "no-store", "a ticket opens a stream");
    for path in ["/", "/table/app.js", "/no/such/page"] {
        let (_, h, _) = app.call_full(Method::GET, path, None, None, &[]).await;
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
    }
    let (s, h, _) = app.call_full(Method::GET, "/", None, None, &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h.contains_key("etag"));
    assert_ne!(
        h.get("cache-control").map(|v| v.to_str().unwrap()),
        Some("no-store"),
        "the page's own files keep their caching"
    );
    app.stop().await;
}

/// A client's request id is kept only when it is short printable ASCII;
/// anything else is replaced by one the server makes (a UUID), so a forged
/// log line or a control character never reaches the log or the answer.
#[tokio::test]
async fn unfit_request_ids_are_replaced() {
    let app = TestApp::spawn().await;
    let rid = |h: &reqwest::header::HeaderMap| h["x-request-id"].to_str().unwrap().to_string();
    let (_, h, _) = app
        .call_full(
            Method::GET,
            "/v1/games",
            None,
            None,
            &[("x-request-id", "trace-42.a_b")],
        )
        .await;
    assert_eq!(rid(&h), "trace-42.a_b", "a fit id is kept");
    let long = "a".repeat(65);
    let sent: Vec<reqwest::header::HeaderValue> = vec![
        long.parse().unwrap(),
        "two words".parse().unwrap(),
        "x\tlevel=error msg=forged".parse().unwrap(),
        reqwest::header::HeaderValue::from_bytes(b"caf\xc3\xa9").unwrap(),
        reqwest::header::HeaderValue::from_bytes(b"\xff\xfe").unwrap(),
    ];
    for v in sent {
        let r = app
            .client
            .get(format!("{}/v1/games", app.base))
            .header("x-request-id", v.clone())
            .send()
            .await
            .unwrap();
        let got = rid(r.headers());
        assert_ne!(got.as_bytes(), v.as_bytes());
        assert!(uuid_shaped(&got), "{v:?} was replaced by {got}");
    }
    // Exactly 64 printable characters still pass; two ids are one too many.
    let edge = "b".repeat(64);
    let (_, h, _) = app
        .call_full(
            Method::GET,
            "/v1/games",
            None,
            None,
            &[("x-request-id", &edge)],
        )
        .await;
    assert_eq!(rid(&h), edge);
    let r = app
        .client
        .get(format!("{}/v1/games", app.base))
        .header("x-request-id", "one")
        .header("x-request-id", "two")
        .send()
        .await
        .unwrap();
    assert!(uuid_shaped(&rid(r.headers())));
    app.stop().await;
}

fn uuid_shaped(s: &str) -> bool {
    s.len() == 36 && s.chars().all(|c| c.is_ascii_hexdigit() || c == '-')
}

/// `/metrics` on a server listening beyond loopback: no token, a seat's
/// token or a wrong one get 401; the operator's token and the metrics
/// token read them. On loopback without a metrics token it is open.
#[tokio::test]
async fn metrics_need_a_token_beyond_loopback() {
    for metrics_token in [None, Some("scrape-me")] {
        let dir = tempfile::tempdir().unwrap();
        let mut a = args(&dir.path().join("m.db"));
        a.addr = "0.0.0.0:0".parse().unwrap();
        a.metrics_token = metrics_token.map(String::from);
        let mut app = TestApp::spawn_with(a).await;
        app.keep(dir);
        // The server listens on every address; the test reaches it on loopback.
        let app = app.through(&app.base.replace("0.0.0.0", "127.0.0.1"));
        let (id, tokens) = app.create("arler-erde", json!({}), 1).await;
        let _ = id;
        let seat = tokens[0].clone().unwrap();
        for tok in [None, Some(seat.as_str()), Some("wrong")] {
            let (s, _, v) = app.call_full(Method::GET, "/metrics", tok, None, &[]).await;
            assert_eq!(s, StatusCode::UNAUTHORIZED, "{tok:?}: {v}");
            assert_eq!(v["code"], "metrics_token");
        }
        let (s, _, v) = app
            .call_full(Method::GET, "/metrics", Some(ADMIN), None, &[])
            .await;
        assert_eq!(s, StatusCode::OK, "the operator reads the metrics");
        assert!(v
            .as_str()
            .unwrap()
            .contains("ghostseat_http_requests_total"));
        if let Some(t) = metrics_token {
            let (s, _, _) = app
                .call_full(Method::GET, "/metrics", Some(t), None, &[])
                .await;
            assert_eq!(s, StatusCode::OK);
        }
    }
    let app = TestApp::spawn().await;
    let (s, _, _) = app
        .call_full(Method::GET, "/metrics", None, None, &[])
        .await;
    assert_eq!(
        s,
        StatusCode::OK,
        "a loopback-only server keeps its metrics open"
    );
    app.stop().await;
}

/// Stream tickets: a seat asking in a loop takes at most its share of the
/// session's tickets; the other seat still gets a ticket and a live stream.
#[tokio::test]
async fn one_seat_cannot_take_every_stream_ticket() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-ck-duel", json!({}), 5).await;
    let humans: Vec<String> = tokens.into_iter().flatten().collect();
    assert_eq!(humans.len(), 2);
    let ticket = |t: String| {
        let app = &app;
        let id = id.clone();
        async move {
            app.call(
                Method::POST,
                &format!("/v1/sessions/{id}/stream-tickets"),
                Some(&t),
                None,
            )
            .await
        }
    };
    let mut taken = 0;
    for _ in 0..70 {
        let (s, _) = ticket(humans[0].clone()).await;
        if s == StatusCode::CREATED {
            taken += 1;
        } else {
            assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
        }
    }
    assert_eq!(
        taken,
        ghostseat::session::MAX_TICKETS_PER_SEAT as usize,
        "one seat's share"
    );
    let (s, v) = ticket(humans[1].clone()).await;
    assert_eq!(s, StatusCode::CREATED, "the other seat is shut out: {v}");
    let url = format!("{}{}", app.base, v["url"].as_str().unwrap());
    let r = app.client.get(url).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    drop(r);
    app.stop().await;
}

/// Extra fields on a move are refused with 400 naming the field, in every
/// game: on moves without fields (serde lets an internally tagged unit
/// variant ignore them) and on moves with fields; the same move without the
/// extra field is then accepted, and nothing of the refused one is logged.
#[tokio::test]
async fn extra_move_fields_are_refused_in_every_game() {
    let app = TestApp::spawn().await;
    for game in games() {
        let (id, tokens) = app.create(game, json!({}), 11).await;
        let (mut bare, mut with_fields) = (false, false);
        for step in 0..400 {
            if bare && with_fields {
                break;
            }
            let any = tokens.iter().flatten().next().unwrap();
            let doc = app.get(&id, any).await;
            if doc["next"]["type"] == "human" {
                let seat = doc["next"]["seats"][0].as_u64().unwrap() as usize;
                let token = tokens[seat].clone().unwrap();
                for mv in app.legal_moves(&id, &token).await {
                    let fields = mv.as_object().unwrap().len() > 1;
                    if (fields && with_fields) || (!fields && bare) {
                        continue;
                    }
                    let mut junk = mv.clone();
                    junk["note"] = json!("x".repeat(2000));
                    let (s, v) = app.post_move(&id, &token, junk).await;
                    assert_eq!(s, StatusCode::BAD_REQUEST, "{game} {mv}: {v}");
                    assert_eq!(v["code"], "malformed");
                    assert!(
                        v["detail"].as_str().unwrap().contains("`note`"),
                        "{game}: {v}"
                    );
                    // Fields of another move type are extra too.
                    let mut stray = mv.clone();
                    stray["vertex"] = json!([0, 0, "N"]);
                    stray["worker"] = json!(1);
                    let (s, v) = app.post_move(&id, &token, stray).await;
                    assert_eq!(s, StatusCode::BAD_REQUEST, "{game} {mv}: {v}");
                    if fields {
                        with_fields = true;
                    } else {
                        bare = true;
                    }
                }
            }
            let _ = app.play(&id, &tokens, step, 1).await;
        }
        assert!(
            bare && with_fields,
            "{game}: found a bare move {bare}, one with fields {with_fields}"
        );
        let any = tokens.iter().flatten().next().unwrap();
        let log = app.log(&id, any).await.to_string();
        assert!(
            !log.contains("xxxxxxxx"),
            "{game}: a refused move reached the log"
        );
        assert_eq!(app.verify(&id, any).await["ok"], true);
    }
    app.stop().await;
}
