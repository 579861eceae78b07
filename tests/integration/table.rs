//! The table page at `/`: every file is embedded and served by this server
//! with an ETag and the page's CSP, and no served page or asset names
//! another host.

use crate::common::TestApp;
use reqwest::StatusCode;

/// The only absolute URL a file may hold: the SVG namespace, a name that
/// is never fetched.
const NAMESPACES: &[&str] = &["http://www.w3.org/2000/svg"];

/// Absolute or protocol-relative references in `text` other than the
/// namespaces.
fn external_urls(text: &str) -> Vec<String> {
    let mut out = vec![];
    for scheme in [
        "http://", "https://", "ws://", "wss://", "\"//", "'//", "(//",
    ] {
        let mut rest = text;
        while let Some(i) = rest.find(scheme) {
            let tail = &rest[i..];
            let end = tail
                .find(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == ')' || c == '`')
                .map(|e| e.max(scheme.len()))
                .unwrap_or(tail.len());
            let url = tail[..end].trim_start_matches(['"', '\'', '(']);
            // `//` after a quote is a JavaScript comment only outside strings;
            // a protocol-relative URL has a host right after it.
            let host_follows = url
                .trim_start_matches("//")
                .starts_with(|c: char| c.is_ascii_alphanumeric());
            let is_relative_form = url.starts_with("//");
            if !NAMESPACES.iter().any(|n| url.starts_with(n)) && (!is_relative_form || host_follows)
            {
                out.push(url.to_string());
            }
            rest = &rest[i + scheme.len()..];
        }
    }
    out
}

#[test]
fn the_scan_finds_what_it_should() {
    assert_eq!(
        external_urls("a <script src=\"https://cdn.example/x.js\"> b"),
        vec!["https://cdn.example/x.js"]
    );
    assert_eq!(
        external_urls("url(//fonts.example/f.woff)"),
        vec!["//fonts.example/f.woff"]
    );
    assert!(external_urls("createElementNS(\"http://www.w3.org/2000/svg\", 'svg')").is_empty());
    assert!(external_urls("fetch('/v1/games') // a comment").is_empty());
}

#[tokio::test]
async fn the_table_page_and_its_files_come_from_this_server_only() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut paths = vec!["/".to_string()];
    for (name, _, _) in ghostseat::api::table::FILES {
        paths.push(format!("/table/{name}"));
    }
    for path in &paths {
        let res = client
            .get(format!("{}{}", app.base, path))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let h = res.headers().clone();
        let csp = h["content-security-policy"].to_str().unwrap().to_string();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("http"), "{path}: {csp}");
        assert_eq!(h["cache-control"], "no-cache", "{path}");
        let etag = h["etag"].to_str().unwrap().to_string();
        let body = res.text().await.unwrap();
        let found = external_urls(&body);
        assert!(found.is_empty(), "{path} names another host: {found:?}");
        // The ETag lets the browser keep the file: a revalidation is a 304.
        let again = client
            .get(format!("{}{}", app.base, path))
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
    }
    // The page loads its own files, by path on this origin.
    let html = client
        .get(format!("{}/", app.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for needed in ["/table/app.js", "/table/style.css", "/table/qrcode.js"] {
        assert!(html.contains(needed), "{needed}");
    }
    // The API docs stay where they were.
    let docs = client
        .get(format!("{}/docs", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(docs.status(), StatusCode::OK);
    let missing = client
        .get(format!("{}/table/nothing.js", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    app.stop().await;
}

/// Every module the page imports is embedded: a file added to `web/table/`
/// but not to `FILES` would load with `--web-dir` and 404 in the binary.
#[test]
fn every_module_of_the_page_is_embedded() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/table");
    let embedded: Vec<&str> = ghostseat::api::table::FILES
        .iter()
        .map(|(n, _, _)| *n)
        .collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".js") || name.ends_with(".css") || name.ends_with(".html") {
            assert!(embedded.contains(&name.as_str()), "{name} is not in FILES");
        }
    }
    // And every `from "./x.js"` import names an embedded file.
    for (name, _, bytes) in ghostseat::api::table::FILES {
        let text = String::from_utf8_lossy(bytes);
        for part in text.split("from \"./").skip(1) {
            let imported = part.split('"').next().unwrap();
            assert!(
                embedded.contains(&imported),
                "{name} imports {imported}, not embedded"
            );
        }
    }
}

/// The page's stream (an `EventSource`, which cannot send `Accept-Language`)
/// asks for its language with `?lang=` on the ticket's URL: the entries come
/// in German with `lang=de`, in English with `lang=en`.
#[tokio::test]
async fn the_stream_speaks_the_language_of_its_lang_parameter() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("arler-erde", serde_json::json!({}), 7).await;
    let human = tokens[0].clone().unwrap();
    app.play(&id, &tokens, 1, 3).await;
    let mut texts = Vec::new();
    for lang in ["de", "en"] {
        let (s, t) = app
            .call(
                reqwest::Method::POST,
                &format!("/v1/sessions/{id}/stream-tickets"),
                Some(&human),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{t}");
        let url = t["url"].as_str().unwrap();
        let mut res = app
            .client
            .get(format!("{}{url}&lang={lang}", app.base))
            // The header says the other language: the parameter wins.
            .header("accept-language", if lang == "de" { "en" } else { "de" })
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let mut text = String::new();
        while !text.contains("id: 3") {
            let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), res.chunk())
                .await
                .expect("entries arrive")
                .unwrap()
                .unwrap();
            text.push_str(&String::from_utf8_lossy(&chunk));
        }
        texts.push(text);
    }
    // Each stream's event sentences are the log's in that language.
    for (text, lang) in texts.iter().zip(["de", "en"]) {
        let log: serde_json::Value = app
            .client
            .get(format!("{}/v1/sessions/{id}/log", app.base))
            .bearer_auth(&human)
            .header("accept-language", lang)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let want: Vec<String> = log["commands"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["events"].as_array().unwrap().clone())
            .map(|e| e["text"].as_str().unwrap().to_string())
            .collect();
        // Whole SSE events only (the last one read may be cut off).
        let whole = &text[..text.rfind("\n\n").unwrap_or(0)];
        let got: Vec<String> = whole
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .flat_map(|d| {
                let v: serde_json::Value = serde_json::from_str(d.trim()).unwrap();
                v["events"].as_array().unwrap().clone()
            })
            .map(|e| e["text"].as_str().unwrap().to_string())
            .collect();
        assert!(!got.is_empty(), "{text}");
        assert_eq!(got, want[..got.len()], "{lang}");
    }
    assert_ne!(texts[0], texts[1], "the two languages read the same");
    app.stop().await;
}
