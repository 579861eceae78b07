//! Refusals in the language of the request (issue 18): a refused command
//! answers with its `detail` in the language `Accept-Language` picks, with
//! the same rule id and code in every language, and nothing is applied.

mod common;

use common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::json;

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
    // engine's turn gate, SESSION-TURN-1.
    let (s, h, en) = ask("en").await;
    assert_eq!(s, StatusCode::CONFLICT, "{en}");
    assert_eq!(en["code"], "not_your_turn");
    assert_eq!(en["rule"], "SESSION-TURN-1");
    assert_eq!(
        en["detail"],
        "It is not the bot's turn: a human seat must move first."
    );
    assert_eq!(h["content-type"], "application/problem+json");

    let (s, _, de) = ask("de-DE, en;q=0.5").await;
    assert_eq!(s, StatusCode::CONFLICT, "{de}");
    assert_eq!(de["code"], "not_your_turn");
    assert_eq!(de["rule"], "SESSION-TURN-1");
    assert_eq!(
        de["detail"],
        "Der Bot ist nicht am Zug: Zuerst muss ein Mensch ziehen."
    );
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

/// Seats are named in the answer's language (issue 18): "Spieler A" in a
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

/// A seat may pin its language (issue 18): the pin wins over
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
        "Der Bot ist nicht am Zug: Zuerst muss ein Mensch ziehen."
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
