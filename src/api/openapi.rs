//! The OpenAPI document: paths from the handlers' annotations (utoipa),
//! schemas from the wire types and every game's own types (schemars).
//! `openapi/openapi.json` in the repository is this document; a test fails
//! when they drift (regenerate with `cargo run -- openapi > openapi/openapi.json`).
//!
//! A document that holds a game part (view, moves, events, next, options)
//! is written once per game with that game's schema in the part's place
//! (`ArlerErdeSessionDoc`, …) and once as the union of those
//! (`SessionDoc`), so a generated client narrows on `game` and types every
//! field of every game.

use axum::routing::get;
use axum::Router;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{docs, games, health, sessions, stream, AppState};
use crate::engine::{
    Domain, DynGame, Lang, Need, Seat, SeatKind, SessionEvent, TableItem, WireEvent,
};
use crate::wire::{self, pascal, PART_NAMES};

struct SeatToken;

impl Modify for SeatToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(c) = openapi.components.as_mut() {
            c.add_security_scheme(
                "seat_token",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .description(Some("The seat token returned by POST /v1/sessions"))
                        .build(),
                ),
            );
            c.add_security_scheme(
                "watch_token",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .description(Some(
                            "A read-only watch token from POST /v1/sessions/{id}/watchers",
                        ))
                        .build(),
                ),
            );
            c.add_security_scheme(
                "operator_token",
                SecurityScheme::Http(
                    HttpBuilder::new()
                        .scheme(HttpAuthScheme::Bearer)
                        .description(Some("The operator's token (--admin-token)"))
                        .build(),
                ),
            );
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "ghostseat", description = "Referee and bot for board-game solo and two-player variants. Errors are application/problem+json (RFC 9457) with a stable `code` and, for rule errors, the `rule` id. Texts are in the language of `Accept-Language` (`en`, `de`)."),
    paths(
        games::list, games::rules, games::rule, games::text,
        sessions::create, sessions::get, sessions::post_move, sessions::bot_turn, sessions::undo,
        sessions::legal_moves, sessions::log, sessions::verify, sessions::delete,
        sessions::export, sessions::import, sessions::stream_ticket, sessions::resign,
        sessions::get_language, sessions::pin_language, sessions::unpin_language,
        sessions::claim, sessions::rotate_token,
        super::around::at, super::around::rematch, super::around::create_watcher,
        super::around::revoke_watcher, super::around::watch, super::around::watch_stream,
        super::around::get_notify, super::around::put_notify, super::around::delete_notify,
        stream::stream, health::healthz, health::readyz,
    ),
    modifiers(&SeatToken),
    tags((name = "games"), (name = "sessions"), (name = "operations"))
)]
pub struct ApiDoc;

/// The settings every schema is generated with: JSON Schema 2020-12 (what
/// OpenAPI 3.1 uses), definitions under `#/components/schemas/`.
fn settings() -> SchemaSettings {
    let mut s = SchemaSettings::draft2020_12();
    s.definitions_path = "/components/schemas/".into();
    s.meta_schema = None;
    s
}

const REF_PREFIX: &str = "#/components/schemas/";

/// Documents that list every game (their game parts are the unions).
const CONTAINERS: &[&str] = &["GamesDoc"];

fn add<T: JsonSchema>(gen: &mut SchemaGenerator) {
    gen.subschema_for::<T>();
}

/// Every `$ref` name inside `v`.
fn refs(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => {
                        if let Some(n) = r.strip_prefix(REF_PREFIX) {
                            out.insert(n.to_string());
                        }
                    }
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

/// Rewrites every `$ref` name inside `v` through `map`.
fn rename_refs(v: &mut Value, map: &dyn Fn(&str) -> Option<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => {
                        if let Some(new) = r.strip_prefix(REF_PREFIX).and_then(map) {
                            *r = format!("{REF_PREFIX}{new}");
                        }
                    }
                    (_, x) => rename_refs(x, map),
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| rename_refs(x, map)),
        _ => {}
    }
}

/// The shared components: every wire document with its game parts open,
/// and the engine types every game uses.
fn shared_definitions() -> Map<String, Value> {
    let mut gen = settings().into_generator();
    add::<wire::CreateSession>(&mut gen);
    add::<wire::MoveRequest>(&mut gen);
    add::<wire::BotTurnRequest>(&mut gen);
    add::<wire::UndoRequest>(&mut gen);
    add::<wire::CreatedDoc>(&mut gen);
    add::<wire::SessionDoc>(&mut gen);
    add::<wire::CommandDoc>(&mut gen);
    add::<wire::LegalMovesDoc>(&mut gen);
    add::<wire::LogDoc>(&mut gen);
    add::<wire::VerifyDoc>(&mut gen);
    add::<wire::ExportDoc>(&mut gen);
    add::<wire::StreamTicketDoc>(&mut gen);
    add::<wire::DeleteDoc>(&mut gen);
    add::<wire::LanguagePinRequest>(&mut gen);
    add::<wire::LanguagePinDoc>(&mut gen);
    add::<wire::ClaimRequest>(&mut gen);
    add::<wire::SeatTokenDoc>(&mut gen);
    add::<wire::StreamEntryDoc>(&mut gen);
    add::<wire::GamesDoc>(&mut gen);
    add::<wire::RulesDoc>(&mut gen);
    add::<wire::TextDoc>(&mut gen);
    add::<wire::HealthDoc>(&mut gen);
    add::<wire::SessionAtDoc>(&mut gen);
    add::<wire::RematchDoc>(&mut gen);
    add::<wire::WatcherDoc>(&mut gen);
    add::<wire::WatchDoc>(&mut gen);
    add::<wire::WatchEntryDoc>(&mut gen);
    add::<wire::NotifyRequest>(&mut gen);
    add::<wire::NotifyDoc>(&mut gen);
    add::<super::error::Problem>(&mut gen);
    add::<Seat>(&mut gen);
    add::<SeatKind>(&mut gen);
    add::<Lang>(&mut gen);
    add::<Domain>(&mut gen);
    add::<Need>(&mut gen);
    add::<TableItem>(&mut gen);
    add::<SessionEvent>(&mut gen);
    add::<WireEvent<'static, SessionEvent>>(&mut gen);
    gen.take_definitions(true)
}

/// One game's part schemas and the definitions they use, renamed with the
/// game's prefix where they are the game's own (shared engine types keep
/// their names).
fn game_definitions(
    game: &dyn DynGame,
    shared: &Map<String, Value>,
) -> (Map<String, Value>, BTreeMap<&'static str, Value>) {
    let prefix = pascal(game.id());
    let mut gen = settings().into_generator();
    let parts = game.schemas(&mut gen);
    let defs = gen.take_definitions(true);
    let own: BTreeSet<String> = defs
        .iter()
        .filter(|(n, d)| shared.get(n.as_str()) != Some(d))
        .map(|(n, _)| n.clone())
        .collect();
    let map = |n: &str| own.contains(n).then(|| format!("{prefix}{n}"));
    let mut out = Map::new();
    for (n, mut d) in defs {
        if own.contains(&n) {
            rename_refs(&mut d, &map);
            out.insert(format!("{prefix}{n}"), d);
        }
    }
    let part = |mut v: Value| {
        rename_refs(&mut v, &map);
        v
    };
    let parts = BTreeMap::from([
        ("GamePartOptions", part(parts.options)),
        ("GamePartView", part(parts.view)),
        ("GamePartNext", part(parts.next)),
        ("GamePartEvents", part(parts.events)),
        ("GamePartLegalMoves", part(parts.legal_moves)),
        ("GamePartMove", part(parts.mv)),
        ("GamePartId", json!({"type": "string", "const": game.id()})),
    ]);
    (out, parts)
}

/// The components: shared definitions, every game's own, the per-game
/// copies of the documents that hold game parts, and their unions.
fn components(games: &[std::sync::Arc<dyn DynGame>]) -> Map<String, Value> {
    let shared = shared_definitions();
    // Documents that hold a game part, directly or through another one.
    let mut holds: BTreeSet<String> = PART_NAMES.iter().map(|s| s.to_string()).collect();
    loop {
        let before = holds.len();
        for (n, d) in &shared {
            if CONTAINERS.contains(&n.as_str()) {
                continue;
            }
            let mut r = BTreeSet::new();
            refs(d, &mut r);
            if r.iter().any(|x| holds.contains(x)) {
                holds.insert(n.clone());
            }
        }
        if holds.len() == before {
            break;
        }
    }
    let docs: Vec<String> = shared
        .keys()
        .filter(|n| holds.contains(*n) && !PART_NAMES.contains(&n.as_str()))
        .cloned()
        .collect();
    let mut out = Map::new();
    for (n, d) in &shared {
        if !holds.contains(n) {
            out.insert(n.clone(), d.clone());
        }
    }
    let mut unions: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for g in games {
        let prefix = pascal(g.id());
        let (own, parts) = game_definitions(g.as_ref(), &shared);
        out.extend(own);
        // A part that is a reference points at the game's type; any other
        // part becomes a component of its own.
        let mut part_names: BTreeMap<&str, String> = BTreeMap::new();
        for (p, schema) in &parts {
            let target = match schema.as_object() {
                Some(o) if o.len() == 1 => o
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.strip_prefix(REF_PREFIX))
                    .map(str::to_string),
                _ => None,
            };
            let name = target.unwrap_or_else(|| {
                let mut n = format!("{prefix}{}", p.trim_start_matches("GamePart"));
                while out.contains_key(&n) {
                    n.push_str("Part");
                }
                out.insert(n.clone(), schema.clone());
                n
            });
            part_names.insert(p, name);
        }
        let part_name = |p: &str| part_names.get(p).cloned().unwrap_or_default();
        let doc_set: BTreeSet<&String> = docs.iter().collect();
        let map = |n: &str| {
            if n == "GamePartSession" {
                Some(format!("{prefix}SessionDoc"))
            } else if PART_NAMES.contains(&n) {
                Some(part_name(n))
            } else if doc_set.contains(&n.to_string()) {
                Some(format!("{prefix}{n}"))
            } else {
                None
            }
        };
        for n in &docs {
            let mut d = shared[n].clone();
            rename_refs(&mut d, &map);
            out.insert(format!("{prefix}{n}"), d);
            unions
                .entry(n.clone())
                .or_default()
                .push(json!({"$ref": format!("{REF_PREFIX}{prefix}{n}")}));
        }
    }
    for (n, variants) in unions {
        out.insert(
            n.clone(),
            json!({"anyOf": variants, "description": format!("{n} of any game; narrow on `game`.")}),
        );
    }
    // Containers list every game: their parts are the unions.
    for c in CONTAINERS {
        if let Some(d) = out.get_mut(*c) {
            rename_refs(d, &|_| None);
        }
    }
    for d in out.values_mut() {
        common_fields_apart(d);
    }
    out
}

/// Rewrites `{properties, anyOf}` (what schemars makes of fields flattened
/// beside an untagged enum, e.g. an event's `rule` and `text` beside the
/// Catan events) as `allOf: [{properties}, {anyOf}]`. Both mean the same;
/// generators read the first as "the fields OR one variant" (openapi-typescript
/// makes `{rule, text} | A | B`, so `event.rule` does not compile) and the
/// second as "the fields AND one variant".
fn common_fields_apart(v: &mut Value) {
    match v {
        Value::Object(o) => {
            if o.contains_key("properties") && o.contains_key("anyOf") && !o.contains_key("allOf") {
                let any_of = o.remove("anyOf").unwrap_or(Value::Null);
                let mut fields = Map::new();
                for k in ["type", "properties", "required", "additionalProperties"] {
                    if let Some(x) = o.remove(k) {
                        fields.insert(k.into(), x);
                    }
                }
                o.insert(
                    "allOf".into(),
                    json!([Value::Object(fields), {"anyOf": any_of}]),
                );
            }
            for x in o.values_mut() {
                common_fields_apart(x);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(common_fields_apart),
        _ => {}
    }
}

fn build() -> Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or(Value::Null);
    let games = crate::games::catalog();
    let schemas = components(&games);
    if let Some(c) = doc.get_mut("components").and_then(Value::as_object_mut) {
        c.insert("schemas".into(), Value::Object(schemas));
    } else if let Some(o) = doc.as_object_mut() {
        o.insert("components".into(), json!({ "schemas": schemas }));
    }
    doc
}

/// The document as a JSON value (built once).
pub fn document_value() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(build)
}

/// The document as pretty JSON (what `openapi/openapi.json` holds).
pub fn document() -> String {
    let mut s = serde_json::to_string_pretty(document_value()).unwrap_or_default();
    s.push('\n');
    s
}

pub fn routes() -> Router<AppState> {
    Router::new().merge(docs::routes()).route(
        "/openapi.json",
        get(|| async {
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                serde_json::to_string(document_value()).unwrap_or_default(),
            )
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_component_the_handlers_name_exists_and_every_ref_resolves() {
        let doc = document_value();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for n in super::super::schema::NAMES {
            assert!(schemas.contains_key(*n), "{n} is named but not generated");
        }
        let mut all = BTreeSet::new();
        refs(doc, &mut all);
        for r in all {
            assert!(schemas.contains_key(&r), "dangling $ref {r}");
        }
    }

    #[test]
    fn documents_with_game_parts_are_unions_of_per_game_documents() {
        let doc = document_value();
        let schemas = &doc["components"]["schemas"];
        for g in crate::games::catalog() {
            let p = pascal(g.id());
            let s = &schemas[format!("{p}SessionDoc")];
            assert_eq!(
                s["properties"]["game"]["$ref"],
                format!("{REF_PREFIX}{p}Id")
            );
            assert_eq!(schemas[format!("{p}Id")]["const"], g.id());
            let union = schemas["SessionDoc"]["anyOf"].as_array().unwrap();
            assert!(union.contains(&json!({"$ref": format!("{REF_PREFIX}{p}SessionDoc")})));
        }
        // No part placeholder is left anywhere a client could see it.
        let text = doc.to_string();
        for part in PART_NAMES {
            assert!(
                !text.contains(&format!("{REF_PREFIX}{part}\"")),
                "{part} left"
            );
        }
    }

    #[test]
    fn fields_beside_a_union_are_all_of_the_fields_and_the_union() {
        let mut v = json!({"description": "d", "type": "object",
            "properties": {"rule": {"type": "string"}}, "required": ["rule"],
            "anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]});
        common_fields_apart(&mut v);
        assert_eq!(
            v,
            json!({"description": "d", "allOf": [
                {"type": "object", "properties": {"rule": {"type": "string"}}, "required": ["rule"]},
                {"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]}]})
        );
        // In the document no schema keeps fields beside an `anyOf`.
        fn none_left(v: &Value) -> bool {
            match v {
                Value::Object(o) => {
                    !(o.contains_key("properties") && o.contains_key("anyOf"))
                        && o.values().all(none_left)
                }
                Value::Array(a) => a.iter().all(none_left),
                _ => true,
            }
        }
        assert!(none_left(document_value()));
    }
}
