//! The server's edges as an attacker pushes on them: caching and type
//! headers, request ids, the metrics, stream tickets of one seat, extra
//! move fields, connection fairness, imports of long sessions and reads
//! through a second replica.

use crate::common::{args, games, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::json;

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

/// Connections from `ip` to `addr`, as many as `n`; the ones the server
/// kept (a refused one is closed at once, before a byte is read).
async fn hold(ip: [u8; 4], addr: std::net::SocketAddr, n: usize) -> Vec<tokio::net::TcpStream> {
    let mut out = Vec::new();
    for _ in 0..n {
        let sock = tokio::net::TcpSocket::new_v4().unwrap();
        sock.bind((std::net::Ipv4Addr::from(ip), 0).into()).unwrap();
        out.push(sock.connect(addr).await.unwrap());
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    out.into_iter()
        .filter(|s| {
            let mut b = [0u8; 1];
            // Closed by the server: 0 bytes; kept: nothing to read yet.
            matches!(s.try_read(&mut b), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .collect()
}

/// Four addresses (loopback aliases 127.0.0.2–5, distinct sources on
/// Linux) open as many connections as they may; a fresh address is still
/// served, because near the global cap an address holds only its reserve
/// share.
#[tokio::test]
async fn a_fresh_address_is_served_while_others_hold_their_cap() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("c.db"));
    a.max_connections = 64;
    a.max_connections_per_address = 32;
    a.header_timeout_secs = 30;
    a.idle_connection_secs = 30;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let addr: std::net::SocketAddr = app.base.trim_start_matches("http://").parse().unwrap();
    let mut held = Vec::new();
    let mut per = Vec::new();
    for a in 2..=5u8 {
        let kept = hold([127, 0, 0, a], addr, 40).await;
        per.push(kept.len());
        held.extend(kept);
    }
    assert_eq!(
        per,
        [32, 24, 2, 2],
        "first come up to the reserve, then a share each"
    );
    for fresh in 9..=12u8 {
        let client = reqwest::Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, fresh]))
            .build()
            .unwrap();
        let r = client.get(format!("{}/healthz", app.base)).send().await;
        assert_eq!(
            r.map(|r| r.status()).ok(),
            Some(StatusCode::OK),
            "127.0.0.{fresh} shut out"
        );
    }
    drop(held);
    app.stop().await;
}

/// Only requests keep a connection: an HTTP/2 client that sends nothing
/// but PING frames is closed at the idle limit, while a connection with
/// an open event stream stays.
#[tokio::test]
async fn http2_pings_do_not_keep_a_connection_open() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut a = args(&dir.path().join("p.db"));
    a.idle_connection_secs = 1;
    let mut app = TestApp::spawn_with(a).await;
    app.keep(dir);
    let addr = app.base.trim_start_matches("http://").to_string();
    let tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let (mut client, mut conn) = h2::client::handshake(tcp).await.unwrap();
    let mut pinger = conn.ping_pong().expect("a ping handle");
    let closed = tokio::spawn(async move {
        let _ = conn.await;
        Instant::now()
    });
    let req = http::Request::get(format!("http://{addr}/healthz"))
        .body(())
        .unwrap();
    let (answer, _) = client.send_request(req, true).unwrap();
    let answer = answer.await.unwrap();
    assert_eq!(answer.status(), 200);
    let mut body = answer.into_body();
    while let Some(chunk) = body.data().await {
        chunk.unwrap();
    }
    let answered = Instant::now();
    // A PING every 200 ms: bytes both ways, but no request.
    let pings = tokio::spawn(async move {
        while pinger.ping(h2::Ping::opaque()).await.is_ok() {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
    let closed_at = tokio::time::timeout(Duration::from_secs(6), closed)
        .await
        .expect("PINGs kept the connection open past the idle limit")
        .unwrap();
    let after = closed_at - answered;
    assert!(
        after >= Duration::from_millis(900),
        "closed too early: {after:?}"
    );
    pings.abort();

    // An open stream is a request in flight: its connection outlives the limit.
    let (id, tokens) = app.create("arler-erde", json!({}), 2).await;
    let token = tokens[0].clone().unwrap();
    let r = app
        .client
        .get(format!("{}/v1/sessions/{id}/stream", app.base))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let mut r = r;
    let started = Instant::now();
    let read = tokio::time::timeout(Duration::from_millis(2500), async {
        while let Ok(Some(_)) = r.chunk().await {}
    })
    .await;
    assert!(
        read.is_err(),
        "the stream ended after {:?}",
        started.elapsed()
    );
    app.stop().await;
}

/// Read-your-writes through any replica: a command acknowledged through
/// replica B is in the next read through replica A (the session document
/// and the legal moves), even before A hears of it (on SQLite A only polls,
/// and here once a minute), so a client that follows `next` from A's answer
/// always sends the command that is due.
async fn reads_follow_writes_of_another_replica(backend: crate::common::Backend) {
    let Some((db, dir)) = crate::common::fresh_database(backend).await else {
        return;
    };
    let replica = || {
        let mut a = args(&db);
        a.peer_poll_ms = 60_000;
        TestApp::spawn_with(a)
    };
    let mut a = replica().await;
    let b = replica().await;
    if let Some(dir) = dir {
        a.keep(dir);
    }
    let (id, tokens) = a.create("arler-erde", json!({}), 21).await;
    let human = tokens[0].clone().unwrap();
    let mut acked = 0;
    for _ in 0..60 {
        // Read through A (its actor stays live), act through B on what A said.
        let doc = a.get(&id, &human).await;
        assert!(
            doc["version"].as_u64().unwrap() >= acked,
            "{backend:?}: A answered version {} after B acknowledged {acked}",
            doc["version"]
        );
        let (s, r) = match doc["next"]["type"].as_str().unwrap() {
            "finished" => break,
            "bot" => b.bot_turn(&id, &human).await,
            _ => {
                let legal = a.legal_moves(&id, &human).await;
                assert_eq!(
                    legal,
                    b.legal_moves(&id, &human).await,
                    "{backend:?}: A's legal moves are old"
                );
                b.post_move(&id, &human, legal[0].clone()).await
            }
        };
        assert_eq!(
            s,
            StatusCode::OK,
            "{backend:?}: a command that followed A's `next`: {r}"
        );
        acked = r["version"].as_u64().unwrap();
    }
    assert!(acked >= 30, "{backend:?}: only {acked} commands");
    b.stop().await;
    a.stop().await;
}

#[tokio::test]
async fn reads_follow_writes_of_another_replica_on_sqlite() {
    reads_follow_writes_of_another_replica(crate::common::Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_follow_writes_of_another_replica_on_postgres() {
    reads_follow_writes_of_another_replica(crate::common::Backend::Postgres).await;
}

/// An export of a long session imports under the default limits: the
/// import route takes an export of any session the server accepted
/// (`MAX_IMPORT_BODY`), far above `--max-body`. Its size is read only
/// for the operator: anyone else is refused before the body is read.
#[tokio::test]
async fn a_long_sessions_export_imports_with_the_default_limits() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 8).await;
    let human = tokens[0].clone().unwrap();
    // A move and its undo, again and again: a log as long as we like.
    for _ in 0..600 {
        let mv = app.legal_moves(&id, &human).await[0].clone();
        let (s, r) = app.post_move(&id, &human, mv).await;
        assert_eq!(s, StatusCode::OK, "{r}");
        let (s, r) = app
            .call(
                Method::POST,
                &format!("/v1/sessions/{id}/undo"),
                Some(&human),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{r}");
    }
    let (s, doc) = app
        .call(
            Method::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let body = serde_json::to_vec_pretty(&doc).unwrap();
    let max_body = args(std::path::Path::new("x")).max_body;
    assert!(body.len() > max_body, "the export is {} bytes", body.len());
    let r = app
        .client
        .post(format!("{}/v1/sessions/import", app.base))
        .bearer_auth(ADMIN)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let created: serde_json::Value = r.json().await.unwrap();
    let new_id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let copy = app.get(new_id, token).await;
    assert_eq!(copy["version"], 1200);
    assert_eq!(copy["view"], app.get(&id, &human).await["view"]);

    // An outsider declaring a huge import gets 401 at once, its body unread;
    // the operator above the import limit gets an early 413.
    let addr = app.base.trim_start_matches("http://").to_string();
    let huge = ghostseat::session::MAX_IMPORT_BODY - 1;
    for (auth, len, want) in [
        ("", huge, "401"),
        (
            "authorization: Bearer gst_not_the_operator\r\n",
            huge,
            "403",
        ),
        (
            &*format!("authorization: Bearer {ADMIN}\r\n"),
            huge + 2,
            "413",
        ),
    ] {
        let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let head = format!(
            "POST /v1/sessions/import HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n{auth}content-length: {len}\r\n\r\n{{"
        );
        s.write_all(head.as_bytes()).await.unwrap();
        let mut buf = vec![0u8; 512];
        let n = tokio::time::timeout(std::time::Duration::from_secs(5), s.read(&mut buf))
            .await
            .expect("answered before the body")
            .unwrap();
        let answer = String::from_utf8_lossy(&buf[..n]);
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {want}")),
            "{auth}: {answer}"
        );
    }
    app.stop().await;
}
