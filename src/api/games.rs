//! `GET /v1/games`: the catalogue.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::extract::lang;
use super::schema;
use super::sessions::json_response;
use super::AppState;
use crate::engine::Lang;
use crate::wire::{GameDoc, GameIdPart, GamesDoc, OptionsPart, SeatDoc};

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
                        name: s.name.clone(),
                        token: None,
                    })
                    .collect(),
                default_options: OptionsPart::of(&defaults),
                options_schema: g.options_schema(),
                move_schema: g.move_schema(),
                languages: vec![Lang::En],
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
