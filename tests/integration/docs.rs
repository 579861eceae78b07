//! The pages for people: `/docs` works from this server alone, and every
//! problem code has its page (`/`, the table page, is in `table.rs`).

use crate::common::TestApp;
use reqwest::StatusCode;
use std::collections::BTreeMap;

/// The values of every `src="…"` and `href="…"` in `html`.
fn references(html: &str) -> Vec<String> {
    let mut out = vec![];
    for attr in ["src=\"", "href=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            let end = rest.find('"').expect("closing quote");
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

/// A reference is served by the page's own server: a path on this origin,
/// not an absolute or protocol-relative URL to another host.
fn same_origin(r: &str) -> bool {
    r.starts_with('/') && !r.starts_with("//") && !r.contains("://")
}

#[tokio::test]
async fn docs_and_every_asset_come_from_this_server() {
    let app = TestApp::spawn().await;
    let get = |path: String| {
        let url = format!("{}{}", app.base, path);
        let client = app.client.clone();
        async move { client.get(url).send().await.unwrap() }
    };
    let page = get("/docs".into()).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let policy = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.starts_with("default-src 'self';"), "{policy}");
    assert!(!policy.contains("http"), "{policy}");
    let html = page.text().await.unwrap();
    let refs = references(&html);
    assert!(
        refs.iter().any(|r| r == "/openapi.json") || html.contains("\"/openapi.json\""),
        "the page names /openapi.json: {html}"
    );
    assert!(refs.len() >= 4, "{refs:?}");
    let mut seen = BTreeMap::new();
    for r in &refs {
        assert!(same_origin(r), "{r} is not on this server");
        let res = get(r.clone()).await;
        assert_eq!(res.status(), StatusCode::OK, "{r}");
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        let expected = match r.rsplit('.').next().unwrap() {
            "js" => "text/javascript; charset=utf-8",
            "css" => "text/css; charset=utf-8",
            "png" => "image/png",
            "json" => "application/json",
            other => panic!("unexpected asset type {other} of {r}"),
        };
        assert_eq!(ct, expected, "{r}");
        if r.contains("/swagger-ui-") {
            assert_eq!(
                res.headers()["cache-control"],
                "public, max-age=31536000, immutable",
                "{r}"
            );
            assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        }
        let body = res.bytes().await.unwrap();
        assert!(!body.is_empty(), "{r}");
        seen.insert(r.clone(), body);
    }
    // What the stylesheet loads is inline (data: URIs), never another host.
    for (r, body) in &seen {
        if r.ends_with(".css") {
            let css = String::from_utf8_lossy(body);
            for part in css.split("url(").skip(1) {
                let target = part.trim_start_matches(['"', '\'']);
                assert!(
                    target.starts_with("data:") || same_origin(target),
                    "{r} loads {}",
                    &target[..target.len().min(60)]
                );
            }
        }
    }
    // Our start script points Swagger UI at this server's document, with
    // the validator badge (another host) off.
    let init = seen
        .iter()
        .find(|(r, _)| r.ends_with("/init.js"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .expect("the page loads /docs/init.js");
    assert!(init.contains("validatorUrl: null"), "{init}");
    // No page of the docs names a CDN.
    assert!(!html.contains("cdn"), "{html}");
    app.stop().await;
}

#[tokio::test]
async fn every_problem_code_has_a_page() {
    let app = TestApp::spawn().await;
    for p in ghostseat::api::problems::CATALOGUE {
        let res = app
            .client
            .get(format!("{}/problems/{}", app.base, p.code))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{}", p.code);
        assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
        let page = res.text().await.unwrap();
        assert!(page.contains(&format!("<code>{}</code>", p.code)), "{page}");
        assert!(page.contains(&format!("HTTP {}", p.status)), "{page}");
    }
    let res = app
        .client
        .get(format!("{}/problems/no_such_code", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // The `type` of a real error answer resolves to its page.
    let (s, v) = app
        .call(
            reqwest::Method::GET,
            "/v1/sessions/not-a-uuid",
            Some("x"),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let res = app
        .client
        .get(format!("{}{}", app.base, v["type"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{v}");
    app.stop().await;
}

/// Every problem code written in the API's source, with the status written
/// beside it: `StatusCode::X, "code"` (in `ApiError::new` calls and in the
/// error module's mapping) and `bad_request("code"`.
fn codes_in_source() -> BTreeMap<String, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/api");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("problems.rs") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let string_after = |s: &str| -> Option<String> {
            let s = s.trim_start();
            let s = s.strip_prefix('"')?;
            let end = s.find('"')?;
            let code = &s[..end];
            (!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
                .then(|| code.to_string())
        };
        for (i, _) in src.match_indices("StatusCode::") {
            let rest = &src[i + "StatusCode::".len()..];
            let name_end = rest
                .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
                .unwrap_or(rest.len());
            let after = rest[name_end..].trim_start();
            if let Some(after) = after.strip_prefix(',') {
                if let Some(code) = string_after(after) {
                    found.insert(code, rest[..name_end].to_string());
                }
            }
        }
        for (i, _) in src.match_indices("bad_request(") {
            if let Some(code) = string_after(&src[i + "bad_request(".len()..]) {
                found.insert(code, "BAD_REQUEST".to_string());
            }
        }
    }
    found
}

#[test]
fn the_catalogue_is_exactly_the_codes_the_api_produces() {
    let found = codes_in_source();
    assert!(found.len() > 20, "the scan found too little: {found:?}");
    for (code, status) in &found {
        let p = ghostseat::api::problems::find(code)
            .unwrap_or_else(|| panic!("{code} has no entry in src/api/problems.rs"));
        // `StatusCode::UNPROCESSABLE_ENTITY` ↔ "Unprocessable Entity".
        let named = reqwest::StatusCode::from_u16(p.status)
            .unwrap()
            .canonical_reason()
            .unwrap()
            .to_uppercase()
            .replace(' ', "_");
        assert_eq!(
            &named, status,
            "{code}: the catalogue says {}, the source {status}",
            p.status
        );
    }
    for p in ghostseat::api::problems::CATALOGUE {
        assert!(
            found.contains_key(p.code),
            "{} is in the catalogue but no code in src/api produces it",
            p.code
        );
    }
}
