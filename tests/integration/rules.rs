//! `GET /v1/games/{id}/rules`: the players' rulebook in English and German.

use crate::common;

use crate::common::TestApp;
use reqwest::{Method, StatusCode};

#[tokio::test]
async fn every_game_has_its_rulebook_in_both_languages() {
    let app = TestApp::spawn().await;
    for game in common::games() {
        let path = format!("/v1/games/{game}/rules");
        let (s, h, en) = app
            .call_full(Method::GET, &path, None, None, &[("Accept-Language", "en")])
            .await;
        assert_eq!(s, StatusCode::OK, "{en}");
        assert_eq!(h["content-language"], "en");
        let (s, h, de) = app
            .call_full(
                Method::GET,
                &path,
                None,
                None,
                &[("Accept-Language", "de-AT, en;q=0.5")],
            )
            .await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(h["content-language"], "de");
        let (en_rules, de_rules) = (
            en["rules"].as_array().unwrap(),
            de["rules"].as_array().unwrap(),
        );
        assert_eq!(en_rules.len(), de_rules.len());
        assert!(en_rules.len() > 20, "{game}");
        let differ = en_rules
            .iter()
            .zip(de_rules)
            .filter(|(e, d)| e["id"] == d["id"] && e["summary"] != d["summary"])
            .count();
        assert_eq!(
            differ,
            en_rules.len(),
            "{game}: every summary is written in both"
        );
        // The session rules are in every game's book.
        assert!(en_rules.iter().any(|r| r["id"] == "SESSION-UNDO-2"));
        // One rule, as a refusal names it.
        let first = en_rules[0]["id"].as_str().unwrap();
        let (s, one) = app
            .call(Method::GET, &format!("{path}/{first}"), None, None)
            .await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(one["title"], en_rules[0]["title"]);
    }
    let (s, p) = app
        .call(
            Method::GET,
            "/v1/games/arler-erde/rules/NO-SUCH-1",
            None,
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(p["code"], "unknown_rule");
    let (s, p) = app
        .call(Method::GET, "/v1/games/chess/rules", None, None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(p["code"], "unknown_game");
    app.stop().await;
}

/// `GET /v1/games/{id}/text/{lang}`: the names of 300 by Fluent id in each language, the
/// Fluent source as text/plain, cached by ETag; an unknown language or game is 404.
#[tokio::test]
async fn a_games_catalogue_is_served_by_language_and_cached_by_etag() {
    let app = TestApp::spawn().await;
    let path = "/v1/games/three-hundred/text/de";
    let (s, h, de) = app.call_full(Method::GET, path, None, None, &[]).await;
    assert_eq!(s, StatusCode::OK, "{de}");
    assert_eq!(h["content-language"], "de");
    assert_ne!(h["cache-control"], "no-store");
    assert_eq!(de["messages"]["card-triremes"], "Triremen");
    assert_eq!(de["messages"]["field-port.none"], "keinen Hafen");
    // Sentences with arguments are in the source only.
    assert!(de["messages"].get("refusal-not-in-hand").is_none());
    let (_, _, en) = app
        .call_full(
            Method::GET,
            "/v1/games/three-hundred/text/en",
            None,
            None,
            &[],
        )
        .await;
    assert_eq!(en["messages"]["card-triremes"], "Triremes");
    let tag = h["etag"].to_str().unwrap().to_string();
    let (s, _, _) = app
        .call_full(Method::GET, path, None, None, &[("If-None-Match", &tag)])
        .await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    let (s, h, ftl) = app
        .call_full(Method::GET, path, None, None, &[("Accept", "text/plain")])
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(h["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let ftl = ftl.as_str().unwrap();
    assert!(ftl.contains("grammar-and = und") && ftl.contains("refusal-not-in-hand = Du hast"));
    assert_ne!(
        h["etag"].to_str().unwrap(),
        tag,
        "each form has its own tag"
    );
    for (path, code) in [
        ("/v1/games/three-hundred/text/fr", "unknown_language"),
        ("/v1/games/three-hundred/text/de-AT", "unknown_language"),
        ("/v1/games/no-such-game/text/en", "unknown_game"),
    ] {
        let (s, p) = app.call(Method::GET, path, None, None).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(p["code"], code, "{path}");
    }
}
