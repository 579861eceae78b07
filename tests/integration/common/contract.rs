//! Every answer the tests receive is checked against the committed
//! `openapi/openapi.json`: the operation must document the status, and a
//! JSON body must validate against the documented schema.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

fn document() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json"))
                .expect("openapi/openapi.json exists");
        serde_json::from_str(&text).expect("openapi.json is JSON")
    })
}

fn validator(schema_ref: &str) -> Arc<jsonschema::Validator> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().unwrap().get(schema_ref) {
        return v.clone();
    }
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": schema_ref,
        "components": document()["components"],
    });
    let v = Arc::new(
        jsonschema::options()
            .build(&root)
            .unwrap_or_else(|e| panic!("schema {schema_ref} does not compile: {e}")),
    );
    cache
        .lock()
        .unwrap()
        .insert(schema_ref.to_string(), v.clone());
    v
}

/// The documented path template that `path` (without query) matches.
fn template_of(path: &str) -> Option<&'static str> {
    let segs: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let paths = document()["paths"].as_object()?;
    let mut best: Option<(&'static str, usize)> = None;
    for (t, _) in paths {
        let ts: Vec<&str> = t.split('/').collect();
        if ts.len() != segs.len() {
            continue;
        }
        let mut literal = 0;
        let ok = ts.iter().zip(&segs).all(|(a, b)| {
            if a.starts_with('{') {
                true
            } else {
                literal += 1;
                a == b
            }
        });
        if ok && best.is_none_or(|(_, l)| literal > l) {
            best = Some((t.as_str(), literal));
        }
    }
    best.map(|(t, _)| t)
}

/// Checks one answer; panics with the reason when it breaks the document.
pub fn check(method: &str, path: &str, status: u16, content_type: &str, body: &Value) {
    let path = path.split('?').next().unwrap_or(path);
    let Some(t) = template_of(path) else {
        // Undocumented endpoints (the fallback 404, /metrics, /docs) are not part of the contract.
        return;
    };
    let op = &document()["paths"][t][method.to_ascii_lowercase()];
    if op.is_null() {
        // 405 answers of a path without that method.
        assert_eq!(
            status, 405,
            "{method} {t} is not documented but answered {status}"
        );
        return;
    }
    let responses = &op["responses"];
    let resp = &responses[status.to_string()];
    assert!(
        !resp.is_null(),
        "{method} {t} answered {status}, which its documentation does not list: {body}"
    );
    let mime = content_type.split(';').next().unwrap_or("").trim();
    if mime == "text/event-stream" || body.is_null() {
        return;
    }
    let content = &resp["content"][mime];
    assert!(
        !content.is_null(),
        "{method} {t} {status}: content type {mime} is not documented"
    );
    let Some(r) = content["schema"]["$ref"].as_str() else {
        return;
    };
    let v = validator(r);
    let mut errors: Vec<String> = v
        .iter_errors(body)
        .take(5)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    // A union of per-game documents says only "none matched": name what
    // the game's own document finds wrong.
    if let (false, Some(game), Some(name)) = (
        errors.is_empty(),
        body["game"].as_str(),
        r.rsplit('/').next(),
    ) {
        let pascal: String = game
            .split('-')
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect();
        let own = format!("#/components/schemas/{pascal}{name}");
        if document()["components"]["schemas"][format!("{pascal}{name}")].is_object() {
            errors.extend(
                validator(&own)
                    .iter_errors(body)
                    .take(5)
                    .map(|e| format!("{own}: {} at {}", e, e.instance_path())),
            );
        }
    }
    assert!(
        errors.is_empty(),
        "{method} {path} {status} does not match {r}:\n{}\nbody: {}",
        errors.join("\n"),
        body.to_string().chars().take(3000).collect::<String>()
    );
}
