//! The OpenAPI document, generated from the handlers' annotations, and the
//! interactive docs page. `openapi/openapi.json` in the repository is this
//! document; a test fails when they drift (regenerate with
//! `cargo run -- openapi > openapi/openapi.json`).

use axum::routing::get;
use axum::{Json, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_scalar::{Scalar, Servable};

use super::{dto, error, games, health, sessions, stream, AppState};

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
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "ghostseat", description = "Referee and bot for board-game solo and two-player variants. Errors are application/problem+json."),
    paths(
        games::list,
        sessions::create, sessions::get, sessions::post_move, sessions::bot_turn, sessions::undo,
        sessions::legal_moves, sessions::log, sessions::verify, sessions::delete,
        sessions::export, sessions::import,
        stream::stream, health::healthz, health::readyz,
    ),
    components(schemas(error::Problem, dto::CreateSession, dto::MoveRequest, dto::BotTurnRequest, dto::UndoRequest, dto::SeedInput)),
    modifiers(&SeatToken),
    tags((name = "games"), (name = "sessions"), (name = "operations"))
)]
pub struct ApiDoc;

/// The document as pretty JSON (what `openapi/openapi.json` holds).
pub fn document() -> String {
    let mut s = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    s.push('\n');
    s
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(|| async { Json(ApiDoc::openapi()) }))
        .merge(Scalar::with_url("/docs", ApiDoc::openapi()))
}
