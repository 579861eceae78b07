//! `GET /v1/games`: the catalogue.

use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};

use super::AppState;

/// Each game's id, title, seats, option schema, defaults and move schema.
#[utoipa::path(get, path = "/v1/games", tag = "games",
    responses((status = 200, description = "The games this server plays", body = super::dto::GamesDoc)))]
pub async fn list(State(app): State<AppState>) -> Json<Value> {
    let games: Vec<Value> = app
        .registry
        .games()
        .map(|g| {
            let info = g.info();
            let seats: Vec<Value> = info
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| json!({"index": i, "id": s.id, "kind": s.kind, "name": s.name}))
                .collect();
            json!({
                "id": info.id,
                "title": info.title,
                "seats": seats,
                "default_options": info.default_options,
                "options_schema": info.options_schema,
                "move_schema": info.move_schema,
            })
        })
        .collect();
    Json(json!({ "games": games }))
}
