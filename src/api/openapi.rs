//! The OpenAPI document, generated from the handlers' annotations, and the
//! interactive docs page. `openapi/openapi.json` in the repository is this
//! document; a test fails when they drift (regenerate with
//! `cargo run -- openapi > openapi/openapi.json`).

use axum::routing::get;
use axum::{Json, Router};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{docs, dto, error, games, health, sessions, stream, AppState};

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

/// Documents the problem+json answers every `/v1` operation can give
/// (handlers list their specific ones; this adds the shared rest).
struct CommonProblems;

impl Modify for CommonProblems {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let all: &[(&str, &str)] = &[
            (
                "400",
                "Malformed request: invalid JSON, unknown fields, bad ids or headers",
            ),
            ("401", "No seat token"),
            ("403", "A token of another session"),
            ("404", "Unknown game or session"),
            ("409", "Not your turn, version conflict, or nothing to undo"),
            ("412", "If-Match failed"),
            ("413", "Body too large"),
            ("415", "Body is not JSON"),
            ("422", "The request breaks a rule (names it in `rule`)"),
            ("429", "Too many requests; see Retry-After"),
            (
                "503",
                "Busy, shutting down or storage unavailable; see Retry-After",
            ),
        ];
        for (path, item) in openapi.paths.paths.iter_mut() {
            let codes: &[&str] = if path.starts_with("/v1/") {
                &[
                    "400", "401", "403", "404", "409", "412", "413", "415", "422", "429", "503",
                ]
            } else {
                &["429"]
            };
            let ops = [
                &mut item.get,
                &mut item.post,
                &mut item.delete,
                &mut item.put,
                &mut item.patch,
            ];
            for op in ops.into_iter().flatten() {
                for (code, desc) in all.iter().filter(|(c, _)| codes.contains(c)) {
                    op.responses
                        .responses
                        .entry(code.to_string())
                        .or_insert_with(|| {
                            ResponseBuilder::new()
                                .description(*desc)
                                .content(
                                    "application/problem+json",
                                    ContentBuilder::new()
                                        .schema(Some(Ref::from_schema_name("Problem")))
                                        .build(),
                                )
                                .into()
                        });
                }
            }
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
    modifiers(&SeatToken, &CommonProblems),
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
        .merge(docs::routes())
}
