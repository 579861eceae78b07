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
