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
