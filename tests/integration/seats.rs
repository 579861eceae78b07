//! Seats that belong to their players (SESSION-SEAT-1, SESSION-SEAT-2),
//! tried as the other person at the table would: the creator holds only its
//! own seat, an invite works once, a rotated token stops working, and a
//! create's Idempotency-Key hands out no seat once the table has moved.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{args, fresh_database, Backend, TestApp};

const BACKENDS: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

async fn create_plain(app: &TestApp, body: Value, headers: &[(&str, &str)]) -> (StatusCode, Value) {
    let (s, _, v) = app
        .call_full(Method::POST, "/v1/sessions", None, Some(body), headers)
        .await;
    (s, v)
}

async fn claim(app: &TestApp, id: &str, seat: &str, code: &str) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/v1/sessions/{id}/seats/{seat}/claim"),
        None,
        Some(json!({ "invite": code })),
    )
    .await
}

async fn get(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.call(
        Method::GET,
        &format!("/v1/sessions/{id}"),
        Some(token),
        None,
    )
    .await
}

/// Whether a create answer holds no seat's token or invite code.
fn no_credentials(created: &Value) -> bool {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s.get("token").is_none() && s.get("invite").is_none())
}

/// The human seats of a create answer: (id, token, invite).
fn seats(created: &Value) -> Vec<(String, Option<String>, Option<String>)> {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "human")
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["token"].as_str().map(String::from),
                s["invite"].as_str().map(String::from),
            )
        })
        .collect()
}

/// SESSION-SEAT-1 and SESSION-SEAT-2 on both stores: the creator gets its
/// own token and an invite for the other seat, never the other seat's
/// token; the invite is no token; a claim answers a fresh token once; a
/// second claim, a wrong code and an unknown seat are refused; the claim
/// survives a restart and changes neither version nor log.
#[tokio::test]
async fn an_invite_is_claimed_once_and_the_creator_holds_only_its_seat() {
    for backend in BACKENDS {
        let Some((db, dir)) = fresh_database(backend).await else {
            continue;
        };
        let app = TestApp::spawn_with(args(&db)).await;
        let (s, created) = create_plain(&app, json!({"game": "catan-shadow"}), &[]).await;
        assert_eq!(s, StatusCode::CREATED, "{created}");
        assert_eq!(created["seating"], "invite", "{backend:?}");
        let id = created["id"].as_str().unwrap().to_string();
        let human = seats(&created);
        assert_eq!(human.len(), 2);
        let (a_id, a_token, a_invite) = &human[0];
        let (b_id, b_token, b_invite) = &human[1];
        assert!(a_token.is_some() && a_invite.is_none(), "{created}");
        assert!(
            b_token.is_none(),
            "the creator must not hold B's token: {created}"
        );
        let code = b_invite.clone().expect("B's invite");
        let a = a_token.clone().unwrap();
        assert_ne!(a_id, b_id);

        // The invite code is not a token: it reads nothing.
        let (s, _) = get(&app, &id, &code).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        // The creator's own token reads A's seat only.
        let (s, v) = get(&app, &id, &a).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["seat"]["id"], a_id.as_str());
        let version = v["version"].clone();

        // A wrong code, a code for the wrong seat, an unknown seat.
        let (s, v) = claim(&app, &id, b_id, "gsi_00000000000000000000000000000000").await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("invite_invalid")),
            "{v}"
        );
        assert_eq!(v["rule"], "SESSION-SEAT-2");
        let (s, v) = claim(&app, &id, a_id, &code).await;
        assert_eq!(s, StatusCode::CONFLICT, "A's seat has no invite: {v}");
        let (s, v) = claim(&app, &id, "nobody", &code).await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("unknown_seat")),
            "{v}"
        );
        let (s, v) = claim(&app, "00000000-0000-4000-8000-000000000000", b_id, &code).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{v}");

        // The claim: a fresh token for B, once.
        let (s, v) = claim(&app, &id, b_id, &code).await;
        assert_eq!(s, StatusCode::OK, "{backend:?}: {v}");
        assert_eq!(v["seat"]["id"], b_id.as_str());
        let b = v["token"].as_str().unwrap().to_string();
        assert!(b.starts_with("gst_") && b != a);
        let (s, v) = claim(&app, &id, b_id, &code).await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::CONFLICT, Some("invite_claimed")),
            "{v}"
        );
        assert_eq!(v["rule"], "SESSION-SEAT-2");
        let (s, v) = get(&app, &id, &b).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["seat"]["id"], b_id.as_str());
        // A claim is no game command.
        assert_eq!(v["version"], version);
        let (_, log) = app
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/log"),
                Some(&b),
                None,
            )
            .await;
        assert_eq!(log["commands"].as_array().map(Vec::len), Some(0), "{log}");

        // After a restart the seat is still B's, and the code still spent.
        app.stop().await;
        let app = TestApp::spawn_with(args(&db)).await;
        let (s, _) = get(&app, &id, &b).await;
        assert_eq!(s, StatusCode::OK, "{backend:?}");
        let (s, _) = claim(&app, &id, b_id, &code).await;
        assert_eq!(s, StatusCode::CONFLICT);
        let verify = app.verify(&id, &b).await;
        assert_eq!(verify["ok"], true, "{verify}");
        app.stop().await;
        drop(dir);
    }
}

/// Two claims of one seat at once (two people opening the same link): one
/// gets the seat, the other 409.
#[tokio::test]
async fn two_claims_at_once_give_the_seat_to_one() {
    let app = TestApp::spawn().await;
    let (_, created) = create_plain(&app, json!({"game": "catan-ck-duel"}), &[]).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (b_id, _, code) = seats(&created)[1].clone();
    let code = code.unwrap();
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let (client, base, id, b_id, code) = (
            app.client.clone(),
            app.base.clone(),
            id.clone(),
            b_id.clone(),
            code.clone(),
        );
        tasks.push(tokio::spawn(async move {
            client
                .post(format!("{base}/v1/sessions/{id}/seats/{b_id}/claim"))
                .json(&json!({ "invite": code }))
                .send()
                .await
                .unwrap()
                .status()
        }));
    }
    let mut won = 0;
    for t in tasks {
        match t.await.unwrap() {
            StatusCode::OK => won += 1,
            StatusCode::CONFLICT => {}
            other => panic!("a claim answered {other}"),
        }
    }
    assert_eq!(won, 1);
    app.stop().await;
}

/// SESSION-SEAT-1: a seat rotates its token; the old one reads, plays and
/// opens streams no more, on a live session and after a restart, and the
/// other seat is untouched.
#[tokio::test]
async fn a_rotated_token_stops_working() {
    for backend in BACKENDS {
        let Some((db, dir)) = fresh_database(backend).await else {
            continue;
        };
        let app = TestApp::spawn_with(args(&db)).await;
        let (_, created) = create_plain(&app, json!({"game": "catan-shadow"}), &[]).await;
        let id = created["id"].as_str().unwrap().to_string();
        let tokens = app.seat_tokens(&created).await;
        let humans: Vec<String> = tokens.iter().flatten().cloned().collect();
        let (old, other) = (humans[0].clone(), humans[1].clone());
        // The session is live (the actor caches the credentials).
        assert_eq!(get(&app, &id, &old).await.0, StatusCode::OK);
        let path = format!("/v1/sessions/{id}/seats/me/token");
        let (s, v) = app.call(Method::POST, &path, None, None).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = app.call(Method::POST, &path, Some(&old), None).await;
        assert_eq!(s, StatusCode::OK, "{backend:?}: {v}");
        let new = v["token"].as_str().unwrap().to_string();
        assert_ne!(new, old);
        assert_eq!(v["seat"]["index"], 0);
        let (s, _) = get(&app, &id, &old).await;
        assert_eq!(
            s,
            StatusCode::FORBIDDEN,
            "{backend:?}: the old token still reads"
        );
        let (s, _) = app
            .call(
                Method::POST,
                &format!("/v1/sessions/{id}/stream-tickets"),
                Some(&old),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = app.call(Method::POST, &path, Some(&old), None).await;
        assert_eq!(
            s,
            StatusCode::FORBIDDEN,
            "the old token cannot rotate again"
        );
        assert_eq!(get(&app, &id, &new).await.0, StatusCode::OK);
        assert_eq!(get(&app, &id, &other).await.0, StatusCode::OK);
        // The game goes on with the new token.
        let fresh: Vec<Option<String>> = tokens
            .iter()
            .map(|t| {
                t.as_ref()
                    .map(|t| if *t == old { new.clone() } else { t.clone() })
            })
            .collect();
        app.play(&id, &fresh, 2, 6).await;
        app.stop().await;
        let app = TestApp::spawn_with(args(&db)).await;
        assert_eq!(get(&app, &id, &old).await.0, StatusCode::FORBIDDEN);
        assert_eq!(get(&app, &id, &new).await.0, StatusCode::OK);
        app.stop().await;
        drop(dir);
    }
}

/// A seat claimed through one server is B's through another server on the
/// same database, even where that server had the session live.
#[tokio::test]
async fn a_claim_through_one_server_holds_on_another() {
    for backend in BACKENDS {
        let Some((db, dir)) = fresh_database(backend).await else {
            continue;
        };
        let one = TestApp::spawn_with(args(&db)).await;
        let two = TestApp::spawn_with(args(&db)).await;
        let (_, created) = create_plain(&one, json!({"game": "catan-shadow"}), &[]).await;
        let id = created["id"].as_str().unwrap().to_string();
        let (_, a, _) = seats(&created)[0].clone();
        let (b_id, _, code) = seats(&created)[1].clone();
        // The second server loads the session before the claim.
        assert_eq!(
            get(&two, &id, a.as_deref().unwrap()).await.0,
            StatusCode::OK
        );
        let (s, v) = claim(&one, &id, &b_id, code.as_deref().unwrap()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let b = v["token"].as_str().unwrap();
        let (s, v) = get(&two, &id, b).await;
        assert_eq!(s, StatusCode::OK, "{backend:?}: {v}");
        assert_eq!(v["seat"]["id"], b_id.as_str());
        // And the spent code is spent there too.
        assert_eq!(
            claim(&two, &id, &b_id, code.as_deref().unwrap()).await.0,
            StatusCode::CONFLICT
        );
        one.stop().await;
        two.stop().await;
        drop(dir);
    }
}

/// Pass and play keeps one device at every seat, and says so; a solo game
/// says `solo`; the creator may take another seat than the first.
#[tokio::test]
async fn seating_is_chosen_and_said() {
    let app = TestApp::spawn().await;
    let (_, v) = create_plain(
        &app,
        json!({"game": "catan-shadow", "seating": "pass_and_play"}),
        &[],
    )
    .await;
    assert_eq!(v["seating"], "pass_and_play");
    assert!(
        seats(&v).iter().all(|(_, t, i)| t.is_some() && i.is_none()),
        "{v}"
    );
    let (_, v) = create_plain(&app, json!({"game": "arler-erde"}), &[]).await;
    assert_eq!(v["seating"], "solo");
    assert!(
        seats(&v).iter().all(|(_, t, i)| t.is_some() && i.is_none()),
        "{v}"
    );
    // The creator takes the second seat: its token there, the invite on the first.
    let (_, plain) = create_plain(&app, json!({"game": "catan-ck-duel"}), &[]).await;
    let second = seats(&plain)[1].0.clone();
    let (s, v) = create_plain(&app, json!({"game": "catan-ck-duel", "seat": second}), &[]).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let human = seats(&v);
    assert!(human[0].1.is_none() && human[0].2.is_some(), "{v}");
    assert!(human[1].1.is_some() && human[1].2.is_none(), "{v}");
    let (s, v) = create_plain(
        &app,
        json!({"game": "catan-ck-duel", "seat": "nobody"}),
        &[],
    )
    .await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_seat")),
        "{v}"
    );
    let (s, _) = create_plain(
        &app,
        json!({"game": "catan-ck-duel", "seating": "everyone"}),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    app.stop().await;
}

/// A create's Idempotency-Key is no bearer secret: keys under 128 bits are
/// refused, and a replay after the table moved (a claim, a rotation, a
/// move) answers the session without any token or invite code.
#[tokio::test]
async fn a_create_key_hands_out_no_seat_once_the_table_moved() {
    let app = TestApp::spawn().await;
    let body = json!({"game": "catan-shadow"});
    for short in [
        "k-1",
        "create-once-1",
        "0123456789abcdefghij!",
        "012345678901234567890",
    ] {
        let (s, v) = create_plain(&app, body.clone(), &[("Idempotency-Key", short)]).await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("idempotency_key_too_short")),
            "{short}: {v}"
        );
    }
    let uuid = "3f2b8c1e-9a4d-4e7f-b0c2-5d6e7f8a9b0c";
    let (s, _) = create_plain(
        &app,
        json!({"game": "arler-erde"}),
        &[("Idempotency-Key", uuid)],
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "a random UUID is a fine key");

    // Before anything happened, the retry is the creator's lost answer.
    let key = [("Idempotency-Key", "Qm9hcmQtZ2FtZS1rZXktMTIz")];
    let (s, first) = create_plain(&app, body.clone(), &key).await;
    assert_eq!(s, StatusCode::CREATED, "{first}");
    let (_, again) = create_plain(&app, body.clone(), &key).await;
    assert_eq!(again["seats"], first["seats"]);
    // Once B has claimed, whoever repeats key and body gets no seat.
    let id = first["id"].as_str().unwrap();
    let (b_id, _, code) = seats(&first)[1].clone();
    assert_eq!(
        claim(&app, id, &b_id, code.as_deref().unwrap()).await.0,
        StatusCode::OK
    );
    let (s, replay) = create_plain(&app, body.clone(), &key).await;
    assert!(s.is_success(), "{replay}");
    assert_eq!(replay["id"], first["id"]);
    assert!(no_credentials(&replay), "{replay}");

    // Pass and play, moved on by a move: no tokens either.
    let key = [("Idempotency-Key", "cGFzcy1hbmQtcGxheS1rZXk")];
    let body = json!({"game": "catan-shadow", "seating": "pass_and_play"});
    let (_, first) = create_plain(&app, body.clone(), &key).await;
    let id = first["id"].as_str().unwrap();
    let tokens = app.seat_tokens(&first).await;
    app.play(id, &tokens, 2, 1).await;
    let (_, replay) = create_plain(&app, body, &key).await;
    assert_eq!(replay["id"], first["id"]);
    assert!(no_credentials(&replay), "{replay}");
    app.stop().await;
}

/// SESSION-SEAT-1 with replicas (`--peer-poll-ms`): a token rotated through
/// one server is refused at once by another that has the session live, for a
/// read, a command and a stream ticket, and a stream that other server had
/// open with the old token ends. The other seat plays on.
#[tokio::test]
async fn a_token_rotated_through_one_replica_stops_working_on_another() {
    for backend in BACKENDS {
        let Some((db, dir)) = fresh_database(backend).await else {
            continue;
        };
        let replica = || {
            let mut a = args(&db);
            a.peer_poll_ms = 100;
            a
        };
        let one = TestApp::spawn_with(replica()).await;
        let two = TestApp::spawn_with(replica()).await;
        let (_, created) = create_plain(&one, json!({"game": "catan-shadow"}), &[]).await;
        let id = created["id"].as_str().unwrap().to_string();
        let tokens = one.seat_tokens(&created).await;
        let humans: Vec<String> = tokens.iter().flatten().cloned().collect();
        let (old, other) = (humans[0].clone(), humans[1].clone());
        // Replica 2 has the session live with the old credentials, and a
        // stream open for the old token's seat.
        assert_eq!(get(&two, &id, &old).await.0, StatusCode::OK);
        let tickets = format!("/v1/sessions/{id}/stream-tickets");
        let (s, t) = two.call(Method::POST, &tickets, Some(&old), None).await;
        assert_eq!(s, StatusCode::CREATED, "{t}");
        let url = t["url"].as_str().unwrap().to_string();
        let mut stream = two
            .client
            .get(format!("{}{url}", two.base))
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), StatusCode::OK);
        // A second ticket, issued before the rotation, redeemed after it.
        let (_, t2) = two.call(Method::POST, &tickets, Some(&old), None).await;
        let late_url = t2["url"].as_str().unwrap().to_string();
        let path = format!("/v1/sessions/{id}/seats/me/token");
        let (s, v) = one.call(Method::POST, &path, Some(&old), None).await;
        assert_eq!(s, StatusCode::OK, "{backend:?}: {v}");
        let new = v["token"].as_str().unwrap().to_string();
        let refused = get(&one, &id, &old).await.0;
        assert!(refused.is_client_error(), "{refused}");
        // At once on replica 2: a read, a command, a ticket, a stream.
        let (s, v) = get(&two, &id, &old).await;
        assert_eq!(s, refused, "{backend:?}: the old token still reads: {v}");
        let (s, v) = two.post_move(&id, &old, json!({"type": "end_turn"})).await;
        assert_eq!(s, refused, "{backend:?}: the old token still plays: {v}");
        let (s, v) = two.call(Method::POST, &tickets, Some(&old), None).await;
        assert_eq!(
            s, refused,
            "{backend:?}: the old token still gets tickets: {v}"
        );
        let late = two
            .client
            .get(format!("{}{late_url}", two.base))
            .send()
            .await
            .unwrap();
        assert!(
            late.status().is_client_error(),
            "{backend:?}: {}",
            late.status()
        );
        // The stream that was open ends.
        let ended = tokio::time::timeout(std::time::Duration::from_secs(10), async {
            while let Ok(Some(_)) = stream.chunk().await {}
        })
        .await;
        assert!(
            ended.is_ok(),
            "{backend:?}: the old token's stream stays open"
        );
        // The new token and the other seat work through both.
        for app in [&one, &two] {
            assert_eq!(get(app, &id, &new).await.0, StatusCode::OK);
            assert_eq!(get(app, &id, &other).await.0, StatusCode::OK);
        }
        let fresh: Vec<Option<String>> = tokens
            .iter()
            .map(|t| {
                t.as_ref()
                    .map(|t| if *t == old { new.clone() } else { t.clone() })
            })
            .collect();
        two.play(&id, &fresh, 2, 4).await;
        one.stop().await;
        two.stop().await;
        drop(dir);
    }
}
