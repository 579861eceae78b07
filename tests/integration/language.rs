//! Refusals in the language of the request: a refused command
//! answers with its `detail` in the language `Accept-Language` picks, with
//! the same rule id and code in every language, and nothing is applied.

use crate::common;

use crate::common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

#[tokio::test]
async fn a_refusal_reads_in_the_requests_language() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    let path = format!("/v1/sessions/{id}/bot-turn");
    let ask = |lang: &'static str| {
        let (path, human) = (path.clone(), human.clone());
        let app = &app;
        async move {
            app.call_full(
                Method::POST,
                &path,
                Some(&human),
                None,
                &[("Accept-Language", lang)],
            )
            .await
        }
    };
    // The human starts (ARLE-SET-2): the bot's turn is refused by the
    // engine's turn gate under the game's rule ARLE-TURN-1, the session
    // rule SESSION-TURN-1 at the end of the text.
    let (s, h, en) = ask("en").await;
    assert_eq!(s, StatusCode::CONFLICT, "{en}");
    assert_eq!(en["code"], "not_your_turn");
    assert_eq!(en["rule"], "ARLE-TURN-1");
    assert_eq!(
        en["detail"],
        "It is not the bot's turn: a human seat must move first (SESSION-TURN-1)."
    );
    assert_eq!(h["content-type"], "application/problem+json");
    assert_eq!(h["content-language"], "en");
    assert_eq!(en["title"], "Not your turn");

    let (s, h, de) = ask("de-DE, en;q=0.5").await;
    assert_eq!(s, StatusCode::CONFLICT, "{de}");
    assert_eq!(de["code"], "not_your_turn");
    assert_eq!(de["rule"], "ARLE-TURN-1");
    assert_eq!(
        de["detail"],
        "Der Bot ist nicht am Zug: Zuerst muss ein Mensch ziehen (SESSION-TURN-1)."
    );
    assert_eq!(de["title"], "Nicht am Zug");
    assert_eq!(h["content-language"], "de");
    // Nothing was applied by either.
    assert_eq!(app.get(&id, &human).await["version"], 0);
}

#[tokio::test]
async fn undo_refusals_read_in_the_requests_language() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    let (s, _, de) = app
        .call_full(
            Method::POST,
            &format!("/v1/sessions/{id}/undo"),
            Some(&human),
            None,
            &[("Accept-Language", "de")],
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{de}");
    assert_eq!(de["code"], "nothing_to_undo");
    assert_eq!(
        de["detail"],
        "Es gibt keinen Zug, den du zurücknehmen kannst."
    );
}

/// Seats are named in the answer's language: "Spieler A" in a
/// German answer, "Player A" in an English one, in the session, in the
/// created answer and in the catalogue.
#[tokio::test]
async fn seats_are_named_in_the_answers_language() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 7).await;
    let a = tokens[0].clone().unwrap();
    let names = |doc: &serde_json::Value| -> Vec<String> {
        doc["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect()
    };
    let path = format!("/v1/sessions/{id}");
    let (_, h, de) = app
        .call_full(
            Method::GET,
            &path,
            Some(&a),
            None,
            &[("Accept-Language", "de")],
        )
        .await;
    assert_eq!(h["content-language"], "de");
    assert_eq!(names(&de), ["Spieler A", "Spieler B"]);
    let (_, _, en) = app
        .call_full(
            Method::GET,
            &path,
            Some(&a),
            None,
            &[("Accept-Language", "en")],
        )
        .await;
    assert_eq!(names(&en), ["Player A", "Player B"]);

    let (_, _, games) = app
        .call_full(
            Method::GET,
            "/v1/games",
            None,
            None,
            &[("Accept-Language", "de")],
        )
        .await;
    let seats = |game: &str| -> Vec<String> {
        let g = games["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == game)
            .unwrap();
        names(g)
    };
    assert_eq!(seats("arler-erde"), ["Spieler", "VIM"]);
    assert_eq!(seats("three-hundred"), ["Die Griechen", "PERSS.KI"]);
    assert_eq!(seats("terra-mystica"), ["Spieler 1", "Automa"]);
}

/// A seat may pin its language: the pin wins over
/// `Accept-Language` in the seat's answers, refusals and log, and
/// `Content-Language` says which was used; the other seat is untouched; the
/// pin survives a restart and can be cleared.
#[tokio::test]
async fn a_pinned_language_wins_over_accept_language() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    let lang_path = format!("/v1/sessions/{id}/language");

    // No pin yet.
    let (s, pin) = app.call(Method::GET, &lang_path, Some(&human), None).await;
    assert_eq!(s, StatusCode::OK, "{pin}");
    assert_eq!(pin["language"], serde_json::Value::Null);
    assert_eq!(pin["seat"]["id"], "human");

    // Refused: no token, a token of another session, a language the
    // server does not write, a field that does not exist.
    let body = json!({"language": "de"});
    let (s, _) = app
        .call(Method::PUT, &lang_path, None, Some(body.clone()))
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (other_id, other) = app.create("arler-erde", json!({}), 8).await;
    let (s, _) = app
        .call(
            Method::PUT,
            &lang_path,
            other[0].as_deref(),
            Some(body.clone()),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, e) = app
        .call(
            Method::PUT,
            &lang_path,
            Some(&human),
            Some(json!({"language": "fr"})),
        )
        .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_body"))
    );
    let (s, _) = app
        .call(
            Method::PUT,
            &lang_path,
            Some(&human),
            Some(json!({"language": "de", "x": 1})),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);

    let (s, pin) = app
        .call(Method::PUT, &lang_path, Some(&human), Some(body))
        .await;
    assert_eq!(s, StatusCode::OK, "{pin}");
    assert_eq!(pin["language"], "de");

    // The device still asks for English: the seat reads German.
    let en = [("Accept-Language", "en")];
    let session = format!("/v1/sessions/{id}");
    let (_, h, doc) = app
        .call_full(Method::GET, &session, Some(&human), None, &en)
        .await;
    assert_eq!(h["content-language"], "de");
    assert_eq!(doc["seats"][0]["name"], "Spieler");
    let (s, h, refused) = app
        .call_full(
            Method::POST,
            &format!("{session}/bot-turn"),
            Some(&human),
            None,
            &en,
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(h["content-language"], "de");
    assert_eq!(
        refused["detail"],
        "Der Bot ist nicht am Zug: Zuerst muss ein Mensch ziehen (SESSION-TURN-1)."
    );
    let (_, h, _) = app
        .call_full(
            Method::GET,
            &format!("{session}/log"),
            Some(&human),
            None,
            &en,
        )
        .await;
    assert_eq!(h["content-language"], "de");
    // The API's own problems follow the pin too: a stale version.
    let (s, h, stale) = app
        .call_full(
            Method::POST,
            &format!("{session}/undo"),
            Some(&human),
            Some(json!({"expected_version": 99})),
            &en,
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{stale}");
    assert_eq!(stale["code"], "version_conflict");
    assert_eq!(h["content-language"], "de");
    assert!(
        stale["detail"].as_str().unwrap().contains("Version"),
        "{stale}"
    );
    assert!(
        !stale["detail"].as_str().unwrap().contains("session"),
        "{stale}"
    );
    // A log asked for in a language (`lang=`) reads in it, pin or not.
    let (_, h, _) = app
        .call_full(
            Method::GET,
            &format!("{session}/log?lang=en"),
            Some(&human),
            None,
            &en,
        )
        .await;
    assert_eq!(h["content-language"], "en");
    let (_, h, _) = app
        .call_full(
            Method::GET,
            &format!("{session}/legal-moves"),
            Some(&human),
            None,
            &en,
        )
        .await;
    assert_eq!(h["content-language"], "de");

    // Another session's seat is not affected.
    let (_, h, _) = app
        .call_full(
            Method::GET,
            &format!("/v1/sessions/{other_id}"),
            other[0].as_deref(),
            None,
            &en,
        )
        .await;
    assert_eq!(h["content-language"], "en");

    // The pin is stored: it survives a restart.
    let db = app.db.clone();
    let dir = app.stop().await;
    let mut app = TestApp::spawn_with(common::args(&db)).await;
    if let Some(dir) = dir {
        app.keep(dir);
    }
    let (_, h, _) = app
        .call_full(Method::GET, &session, Some(&human), None, &en)
        .await;
    assert_eq!(h["content-language"], "de");

    // Cleared: the request's language again.
    let (s, pin) = app
        .call(Method::DELETE, &lang_path, Some(&human), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{pin}");
    assert_eq!(pin["language"], serde_json::Value::Null);
    let (_, h, doc) = app
        .call_full(Method::GET, &session, Some(&human), None, &en)
        .await;
    assert_eq!(h["content-language"], "en");
    assert_eq!(doc["seats"][0]["name"], "Player");
}

/// The API's own problems in the request's language: `title`
/// and `detail` in German for a German request, with the parameters of
/// the case in the sentence; the same code, status and fields in both.
#[tokio::test]
async fn problems_read_in_the_requests_language() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    let (_, other_tokens) = app.create("arler-erde", json!({}), 8).await;
    let other = other_tokens[0].clone().unwrap();
    let moves = format!("/v1/sessions/{id}/moves");
    let place = json!({"type": "place_worker", "space": "fisherman"});
    let de = [("Accept-Language", "de-DE, en;q=0.5")];
    // Every German answer reads German: no English word in title or detail.
    let german = |s: StatusCode, h: &reqwest::header::HeaderMap, v: &Value, code: &str| {
        assert_eq!(v["code"], code, "{v}");
        assert_eq!(v["status"], s.as_u16(), "{v}");
        assert_eq!(h["content-type"], "application/problem+json");
        assert_eq!(h["content-language"], "de", "{v}");
        for f in ["title", "detail"] {
            let t = v[f].as_str().unwrap();
            ghostseat::engine::testing::check_german(code, t).unwrap();
            ghostseat::engine::testing::check_text(code, t).unwrap();
        }
        let p = ghostseat::api::problems::find(code).unwrap();
        assert_eq!(v["title"], p.title_de, "{v}");
        assert_eq!(v["type"], format!("/problems/{code}"));
    };

    // 404: the unknown id in the sentence.
    let missing = uuid::Uuid::new_v4().to_string();
    let path = format!("/v1/sessions/{missing}");
    let (s, h, v) = app
        .call_full(Method::GET, &path, Some(&human), None, &de)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    german(s, &h, &v, "unknown_session");
    assert_eq!(v["title"], "Unbekannte Sitzung");
    assert_eq!(
        v["detail"],
        format!("Keine Sitzung hat die ID '{missing}'.")
    );
    // English stays as it was, with the code's title.
    let (s, h, v) = app
        .call_full(Method::GET, &path, Some(&human), None, &[])
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(h["content-language"], "en");
    assert_eq!(v["title"], "Unknown session");
    assert_eq!(v["detail"], format!("no session with id '{missing}'"));

    // 403: a token of another session.
    let (s, h, v) = app
        .call_full(
            Method::GET,
            &format!("/v1/sessions/{id}"),
            Some(&other),
            None,
            &de,
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    german(s, &h, &v, "wrong_token");
    assert_eq!(v["title"], "Falsches Token");
    assert_eq!(v["detail"], "Das Token gehört nicht zu dieser Sitzung.");

    // 401: no token at all.
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            None,
            Some(json!({"move": place})),
            &de,
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    german(s, &h, &v, "missing_token");

    // 400: invalid JSON, with where parsing stopped.
    let res = app
        .client
        .post(format!("{}{moves}", app.base))
        .bearer_auth(&human)
        .header("content-type", "application/json")
        .header("accept-language", "de")
        .body("{\"move\":\n  nope}")
        .send()
        .await
        .unwrap();
    let (s, h) = (res.status(), res.headers().clone());
    let v: Value = res.json().await.unwrap();
    assert_eq!(s, StatusCode::BAD_REQUEST);
    german(s, &h, &v, "invalid_json");
    assert_eq!(v["title"], "Ungültiges JSON");
    assert_eq!(
        v["detail"],
        "Der Anfragekörper ist kein gültiges JSON: Das Lesen brach in Zeile 2, Spalte 4 ab."
    );
    // The English answer names the same place (serde_json: at the `o`
    // that makes `nope` no `null`).
    let res = app
        .client
        .post(format!("{}{moves}", app.base))
        .bearer_auth(&human)
        .header("content-type", "application/json")
        .body("{\"move\":\n  nope}")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-language"], "en");
    let v: Value = res.json().await.unwrap();
    assert!(
        v["detail"]
            .as_str()
            .unwrap()
            .ends_with("at line 2 column 4"),
        "{v}"
    );
    assert_eq!(v["title"], "Invalid JSON");

    // 409: the versions in the sentence.
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": place, "expected_version": 5})),
            &de,
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    german(s, &h, &v, "version_conflict");
    assert_eq!(v["title"], "Versionskonflikt");
    assert_eq!(
        v["detail"],
        "Die Sitzung ist bei Version 0, die Anfrage erwartete 5."
    );
    assert_eq!(v["version"], 0);

    // 412: If-Match and the session's version.
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": place})),
            &[("Accept-Language", "de"), ("if-match", "\"3\"")],
        )
        .await;
    assert_eq!(s, StatusCode::PRECONDITION_FAILED);
    german(s, &h, &v, "precondition_failed");
    assert_eq!(v["title"], "Vorbedingung nicht erfüllt");
    assert_eq!(
        v["detail"],
        "`If-Match` nennt Version 3, die Sitzung ist bei Version 0."
    );

    // 422: a rule refusal keeps the detail its game wrote in German; the
    // title is German too, the rule id the same as in English.
    let bad = json!({"move": {"type": "place_worker", "space": "no_such_space"}});
    let (s, h, en) = app
        .call_full(Method::POST, &moves, Some(&human), Some(bad.clone()), &[])
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{en}");
    assert_eq!(en["title"], "Illegal move");
    assert_eq!(h["content-language"], "en");
    let (s, h, v) = app
        .call_full(Method::POST, &moves, Some(&human), Some(bad), &de)
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    german(s, &h, &v, "illegal_move");
    assert_eq!(v["title"], "Unzulässiger Zug");
    assert_eq!(v["rule"], en["rule"]);
    assert_ne!(v["detail"], en["detail"]);

    // A problem whose site wrote no German sentence gives the code's
    // German meaning, never the English sentence.
    let (s, h, v) = app
        .call_full(
            Method::POST,
            &moves,
            Some(&human),
            Some(json!({"move": place, "bogus": 1})),
            &de,
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    german(s, &h, &v, "invalid_body");
    let p = ghostseat::api::problems::find("invalid_body").unwrap();
    assert_eq!(v["detail"], p.meaning_de);

    // The event stream takes `?lang=` (an EventSource sets no headers).
    let (s, h, v) = app
        .call_full(
            Method::GET,
            &format!("/v1/sessions/{missing}/stream?lang=de"),
            Some(&human),
            None,
            &[],
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    german(s, &h, &v, "unknown_session");

    // Problems from outside the handlers too: no route.
    let (s, h, v) = app
        .call_full(Method::GET, "/v1/nothing", None, None, &de)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    german(s, &h, &v, "no_route");

    // Nothing was applied by any of these.
    assert_eq!(app.get(&id, &human).await["version"], 0);
    app.stop().await;
}

/// The problem pages in German: `Accept-Language`, or `?lang=`
/// for links, which wins.
#[tokio::test]
async fn problem_pages_read_in_german() {
    let app = TestApp::spawn().await;
    let page = |path: &'static str, lang: &'static str| {
        let app = &app;
        async move {
            let res = app
                .client
                .get(format!("{}{path}", app.base))
                .header("accept-language", lang)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            let h = res.headers().clone();
            assert_eq!(h["content-type"], "text/html; charset=utf-8");
            (
                h["content-language"].to_str().unwrap().to_string(),
                res.text().await.unwrap(),
            )
        }
    };
    let p = ghostseat::api::problems::find("unknown_session").unwrap();
    let (cl, html) = page("/problems/unknown_session", "de").await;
    assert_eq!(cl, "de");
    assert!(html.contains("<html lang=\"de\">"), "{html}");
    assert!(html.contains("<h2>Was tun?</h2>"), "{html}");
    assert!(html.contains("Unbekannte Sitzung"), "{html}");
    assert!(html.contains(p.meaning_de), "{html}");
    assert!(html.contains(p.remedy_de), "{html}");
    assert!(html.contains("HTTP 404"), "{html}");
    assert!(!html.contains(p.meaning), "{html}");
    // The English page as before.
    let (cl, html) = page("/problems/unknown_session", "en").await;
    assert_eq!(cl, "en");
    assert!(html.contains("<html lang=\"en\">"), "{html}");
    assert!(html.contains("<h2>What to do</h2>"), "{html}");
    assert!(html.contains(p.meaning), "{html}");
    assert!(html.contains("HTTP 404 Not Found"), "{html}");
    // The query wins, and the index links stay German.
    let (cl, html) = page("/problems?lang=de", "en").await;
    assert_eq!(cl, "de");
    assert!(html.contains("<h1>Probleme</h1>"), "{html}");
    assert!(
        html.contains("href=\"/problems/invalid_json?lang=de\""),
        "{html}"
    );
    assert!(
        html.contains("Der Anfragekörper ist kein gültiges JSON."),
        "{html}"
    );
    let (cl, html) = page("/problems/unknown_session?lang=en", "de").await;
    assert_eq!(cl, "en");
    assert!(html.contains("<h2>What to do</h2>"), "{html}");
    // An unknown code is a problem in German too.
    let res = app
        .client
        .get(format!("{}/problems/no_such_code?lang=de", app.base))
        .send()
        .await
        .unwrap();
    let (s, h) = (res.status(), res.headers().clone());
    let v: Value = res.json().await.unwrap();
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(h["content-language"], "de");
    assert_eq!(v["title"], "Unbekannter Endpunkt");
    assert_eq!(
        v["detail"],
        "Kein Problem hat diesen Code; siehe /problems."
    );
    app.stop().await;
}

/// Replicas (`--peer-poll-ms`) share one database: a pin made through one
/// server reaches the seat's answers from the other once that server's
/// read of the pins is older than `PEER_PIN_TTL`; the server that pinned
/// answers in the pinned language at once.
#[tokio::test]
async fn a_pin_made_on_one_replica_reaches_the_other() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("replicas.db");
    let replica = || {
        let mut a = common::args(&db);
        a.peer_poll_ms = 50;
        TestApp::spawn_with(a)
    };
    let a = replica().await;
    let b = replica().await;
    let (id, tokens) = a.create("arler-erde", json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    let session = format!("/v1/sessions/{id}");
    // A created the session, so it knows there are no pins, and keeps that.
    assert_eq!(content_language(&a, &session, &human).await, "en");
    let (s, pin) = b
        .call(
            Method::PUT,
            &format!("{session}/language"),
            Some(&human),
            Some(json!({"language": "de"})),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{pin}");
    assert_eq!(content_language(&b, &session, &human).await, "de");
    let pinned = std::time::Instant::now();
    let ttl = ghostseat::session::PEER_PIN_TTL;
    loop {
        if content_language(&a, &session, &human).await == "de" {
            break;
        }
        assert!(
            pinned.elapsed() < ttl + std::time::Duration::from_secs(3),
            "replica A still answers in English {:?} after the pin",
            pinned.elapsed()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    a.stop().await;
    b.stop().await;
}

/// The language `app` answers `token`'s seat in, asked for English.
async fn content_language(app: &TestApp, session: &str, token: &str) -> String {
    let (s, h, doc) = app
        .call_full(
            Method::GET,
            session,
            Some(token),
            None,
            &[("Accept-Language", "en")],
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{doc}");
    h["content-language"].to_str().unwrap().to_string()
}
