//! `GET /v1/games`: the catalogue; `GET /v1/games/{id}/rules`: a game's
//! rulebook for players.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::error::ApiError;
use super::extract::lang;
use super::schema;
use super::sessions::json_response;
use super::AppState;
use crate::engine::rulebook::{Rule, Rulebook};
use crate::engine::Lang;
use crate::wire::{
    GameDoc, GameIdPart, GamesDoc, OptionsPart, RuleDoc, RulesDoc, SeatDoc, TermDoc,
};

/// Each game's id, title, seats, option schema, defaults and move schema.
#[utoipa::path(get, path = "/v1/games", tag = "games",
    params(("Accept-Language" = Option<String>, Header, description = "`en` or `de`: the language of titles and descriptions")),
    responses((status = 200, description = "The games this server plays", body = schema::GamesDoc),
              (status = 429, description = "Too many requests", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn list(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let lang = lang(&headers);
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
              (status = 404, description = "Unknown game", body = schema::Problem, content_type = "application/problem+json"),
              (status = 429, description = "Too many requests", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rules(Path(id): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let lang = lang(&headers);
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
              (status = 404, description = "Unknown game or rule", body = schema::Problem, content_type = "application/problem+json"),
              (status = 429, description = "Too many requests", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rule(
    Path((id, rule)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let lang = lang(&headers);
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
