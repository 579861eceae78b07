//! The HTTP API: axum routes under `/v1`, problem+json errors, OpenAPI.
//! Handlers parse and authenticate nothing themselves beyond the request's
//! shape; the session layer decides.

mod docs;
mod dto;
pub mod error;
mod extract;
mod games;
mod health;
pub mod middleware;
pub mod openapi;
mod pages;
pub mod problems;
mod sessions;
mod stream;

use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;

use crate::session::Registry;
use error::ApiError;

/// Limits and switches of the HTTP layer.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// Largest accepted request body in bytes.
    pub max_body: usize,
    /// Requests per second and burst per client address; 0 = no limit.
    pub rate_per_sec: u32,
    pub rate_burst: u32,
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            max_body: 64 * 1024,
            rate_per_sec: 0,
            rate_burst: 0,
        }
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
pub struct AppState {
    pub registry: Arc<Registry>,
}

/// The request body, with a too-large body answered as problem+json 413.
pub struct Body(pub axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::body::Bytes::from_request(req, state).await {
            Ok(b) => Ok(Body(b)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                "the request body is larger than the server accepts",
            )),
            Err(e) => Err(ApiError::bad_request("unreadable_body", e.body_text())),
        }
    }
}

/// All routes.
pub fn router(state: AppState, cfg: &ApiConfig) -> Router {
    let v1 = Router::new()
        .route("/games", get(games::list))
        .route("/sessions", post(sessions::create))
        .route("/sessions/import", post(sessions::import))
        .route("/sessions/{id}/export", get(sessions::export))
        .route(
            "/sessions/{id}",
            get(sessions::get).delete(sessions::delete),
        )
        .route("/sessions/{id}/moves", post(sessions::post_move))
        .route("/sessions/{id}/bot-turn", post(sessions::bot_turn))
        .route("/sessions/{id}/undo", post(sessions::undo))
        .route("/sessions/{id}/legal-moves", get(sessions::legal_moves))
        .route("/sessions/{id}/log", get(sessions::log))
        .route("/sessions/{id}/verify", get(sessions::verify))
        .route("/sessions/{id}/stream", get(stream::stream));
    let mut app = Router::new()
        .nest("/v1", v1)
        .route("/metrics", get(health::metrics))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .merge(openapi::routes())
        .merge(pages::routes())
        .fallback(|| async {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "no_route",
                "no such endpoint; see /openapi.json",
            )
        })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "this endpoint does not take that method; see /openapi.json",
            )
        })
        .layer(DefaultBodyLimit::max(cfg.max_body))
        .route_layer(axum::middleware::from_fn(middleware::record))
        .with_state(state);
    if let Some(rl) = middleware::RateLimit::new(cfg.rate_per_sec, cfg.rate_burst) {
        app = app.layer(axum::middleware::from_fn_with_state(
            rl,
            middleware::rate_limit,
        ));
    }
    app
}
