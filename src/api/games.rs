//! `GET /v1/games`: the catalogue; `GET /v1/games/{id}/rules`: a game's
//! rulebook for players.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use super::extract::AcceptLanguage;
use super::responses::EdgeProblems;
use super::schema;
use super::sessions::json_response;
use super::AppState;
use crate::engine::rulebook::{Rule, Rulebook};
use crate::engine::Lang;
use crate::wire::{
    GameDoc, GameIdPart, GamesDoc, OptionsPart, RuleDoc, RulesDoc, SeatDoc, TermDoc, TextDoc,
};

/// Each game's id, title, seats, option schema, defaults and move schema.
#[utoipa::path(get, path = "/v1/games", tag = "games",
    params(("Accept-Language" = Option<String>, Header, description = "`en` or `de`: the language of titles and descriptions")),
    responses((status = 200, description = "The games this server plays", body = schema::GamesDoc),
              EdgeProblems))]
pub async fn list(State(app): State<AppState>, AcceptLanguage(lang): AcceptLanguage) -> Response {
    let games: Vec<GameDoc> = app
        .registry
        .games()
        .map(|g| {
            let defaults = g.default_options();
            let seats = g.seats(&defaults).unwrap_or_default();
            GameDoc {
                id: GameIdPart(g.id()),
                title: g.title(lang).to_string(),
                seats: seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| SeatDoc {
                        index: i as u8,
                        id: s.id.clone(),
                        kind: s.kind,
                        name: s.name_in(lang).to_string(),
                        token: None,
                        invite: None,
                    })
                    .collect(),
                default_options: OptionsPart::of(&defaults),
                options_schema: g.options_schema_in(lang),
                move_schema: g.move_schema(),
                languages: g.languages().to_vec(),
            }
        })
        .collect();
    json_response(
        StatusCode::OK,
        serde_json::to_string(&GamesDoc { games }).unwrap_or_default(),
        None,
        Some(lang),
    )
}

fn book(game: &str) -> Result<&'static Rulebook, ApiError> {
    crate::games::rulebooks::rulebook(game).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_game",
            format!("no game has the id '{game}'"),
        )
    })
}

fn rule_doc(r: &Rule, lang: Lang) -> RuleDoc {
    let e = r.entry(lang);
    RuleDoc {
        id: r.id.clone(),
        section: r.section.get(lang).to_string(),
        title: e.title.clone(),
        summary: e.summary.clone(),
    }
}

/// Every rule id the game's events and refusals can name, with a title and
/// a summary for players, and the game's terms in English and German.
#[utoipa::path(get, path = "/v1/games/{id}/rules", tag = "games",
    params(("id" = String, Path, description = "Game id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    responses((status = 200, description = "The game's rulebook", body = schema::RulesDoc),
              EdgeProblems,
              (status = 404, description = "Unknown game", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rules(
    Path(id): Path<String>,
    AcceptLanguage(lang): AcceptLanguage,
) -> Result<Response, ApiError> {
    let book = book(&id)?;
    let doc = RulesDoc {
        game: id,
        lang,
        rules: book.rules.iter().map(|r| rule_doc(r, lang)).collect(),
        terms: book
            .terms
            .iter()
            .map(|t| TermDoc {
                en: t.en.clone(),
                de: t.de.clone(),
            })
            .collect(),
    };
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        Some(lang),
    ))
}

/// One rule, as an event's or refusal's `rule` names it.
#[utoipa::path(get, path = "/v1/games/{id}/rules/{rule}", tag = "games",
    params(("id" = String, Path, description = "Game id"),
           ("rule" = String, Path, description = "Rule id, e.g. `ARLE-VIM-4`"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    responses((status = 200, description = "The rule", body = schema::RuleDoc),
              EdgeProblems,
              (status = 404, description = "Unknown game or rule", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rule(
    Path((id, rule)): Path<(String, String)>,
    AcceptLanguage(lang): AcceptLanguage,
) -> Result<Response, ApiError> {
    let r = book(&id)?.rule(&rule).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_rule",
            format!("the game '{id}' has no rule '{rule}'"),
        )
    })?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&rule_doc(r, lang)).unwrap_or_default(),
        None,
        Some(lang),
    ))
}

/// FNV-1a, 64 bits, of the answer: its strong `ETag`.
fn etag(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("\"{h:016x}\"")
}

/// The game's text catalogue in one language: as JSON, every name (a message without
/// arguments) by its Fluent id; with `Accept: text/plain`, the Fluent source itself (the
/// shared grammar, then the game's file) for a front end that formats sentences with its own
/// Fluent library. Cacheable: `ETag`, and `If-None-Match` answers 304.
#[utoipa::path(get, path = "/v1/games/{id}/text/{lang}", tag = "games",
    params(("id" = String, Path, description = "Game id"),
           ("lang" = String, Path, description = "`en` or `de`"),
           ("Accept" = Option<String>, Header, description = "`text/plain` for the Fluent source; JSON otherwise"),
           ("If-None-Match" = Option<String>, Header, description = "An `ETag` of an earlier answer: 304 when it is still the same")),
    responses((status = 200, description = "JSON: the names of the game in the language, by Fluent id; text/plain: the Fluent source (`.ftl`)",
               content((schema::TextDoc = "application/json"), (String = "text/plain")),
               headers(("ETag" = String, description = "Changes when the catalogue does"))),
              (status = 304, description = "Not modified: the `If-None-Match` tag is current"),
              EdgeProblems,
              (status = 404, description = "Unknown game or language", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn text(
    State(app): State<AppState>,
    Path((id, tag)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let game = app.registry.games().find(|g| g.id() == id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_game",
            format!("no game has the id '{id}'"),
        )
    })?;
    let lang = Lang::from_tag(&tag)
        .filter(|l| l.tag() == tag && game.languages().contains(l))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_language",
                format!("the game '{id}' has no texts in '{tag}'"),
            )
        })?;
    let plain = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/plain"));
    // A game without a catalogue yet has the shared grammar only.
    let shared = || {
        crate::engine::fluent::SHARED
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or("", |(_, s)| *s)
    };
    let catalogue = game.catalogue();
    let (body, content_type) = if plain {
        let source = catalogue
            .and_then(|c| c.source(lang))
            .unwrap_or_else(|| shared().to_string());
        (source, "text/plain; charset=utf-8")
    } else {
        let messages = match catalogue {
            Some(c) => c.names(lang),
            None => crate::engine::Catalogue::new(game.id(), &[(lang, "")]).names(lang),
        };
        let doc = TextDoc {
            game: id,
            lang,
            messages,
        };
        (
            serde_json::to_string(&doc).unwrap_or_default(),
            "application/json",
        )
    };
    let tag = etag(body.as_bytes());
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        body.into_response()
    };
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.tag()),
    );
    h.insert(header::VARY, HeaderValue::from_static("accept"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, v);
    }
    Ok(res)
}
