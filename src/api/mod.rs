//! The HTTP API: axum routes under `/v1`, problem+json errors, OpenAPI.
//! Handlers parse and authenticate nothing themselves beyond the request's
//! shape; the session layer decides.

mod around;
mod docs;
pub mod error;
mod extract;
mod games;
mod health;
pub mod middleware;
pub mod openapi;
mod pages;
pub mod problems;
mod responses;
mod schema;
mod sessions;
mod stream;
pub mod table;

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
    /// Seconds a client has to send a body.
    pub body_timeout: std::time::Duration,
    /// Requests per second and burst per client address; 0 = no limit.
    pub rate_per_sec: u32,
    pub rate_burst: u32,
    /// Sessions created and imported per hour per client address; 0 = no limit.
    pub creates_per_hour: u32,
    pub imports_per_hour: u32,
    /// Reverse proxies whose forwarding headers name the client.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// SHA-256 (hex) of the token `/metrics` takes besides the operator's.
    pub metrics_token_hash: Option<String>,
    /// `/metrics` without a token: the server listens on loopback only and
    /// no metrics token is set.
    pub metrics_open: bool,
    /// Seconds a stream stays open.
    pub stream_max: std::time::Duration,
    /// Between keep-alive comments: a client that went away is noticed at
    /// the next write, and its place in the stream caps freed.
    pub stream_keepalive: std::time::Duration,
    /// Development only: the table page's files from disk (`--web-dir`).
    pub web_dir: Option<std::path::PathBuf>,
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            max_body: 64 * 1024,
            body_timeout: std::time::Duration::from_secs(15),
            rate_per_sec: 0,
            rate_burst: 0,
            creates_per_hour: 0,
            imports_per_hour: 0,
            trusted_proxies: Vec::new(),
            metrics_token_hash: None,
            metrics_open: false,
            stream_max: std::time::Duration::from_secs(3600),
            stream_keepalive: std::time::Duration::from_secs(15),
            web_dir: None,
        }
    }
}

/// Shared state of the handlers.
#[derive(Clone)]
pub struct AppState {
    pub registry: Arc<Registry>,
    pub cfg: Arc<ApiConfig>,
}

/// The request body, read within the body timeout; too large is a
/// problem+json 413, too slow a 408.
pub struct Body(pub axum::body::Bytes);

impl FromRequest<AppState> for Body {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let read = axum::body::Bytes::from_request(req, state);
        match tokio::time::timeout(state.cfg.body_timeout, read).await {
            Err(_) => Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                "the request body did not arrive in time",
            )),
            Ok(Ok(b)) => Ok(Body(b)),
            Ok(Err(e)) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(too_large()),
            Ok(Err(e)) => Err(ApiError::bad_request("unreadable_body", e.body_text())),
        }
    }
}

/// A JSON body parsed into `T` within our limits ([`extract::json_body`]),
/// with its bytes (an `Idempotency-Key`'s hash covers them).
pub struct JsonBody<T> {
    pub value: T,
    pub raw: axum::body::Bytes,
}

impl<T: serde::de::DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let content_type = req.headers().get(axum::http::header::CONTENT_TYPE).cloned();
        let Body(raw) = Body::from_request(req, state).await?;
        let value = extract::parse_json(content_type.as_ref(), &raw)?;
        Ok(JsonBody { value, raw })
    }
}

/// The import route's body limit: an export of any session this server
/// accepted fits ([`crate::session::MAX_IMPORT_BODY`]).
pub(crate) fn import_limit(cfg: &ApiConfig) -> usize {
    cfg.max_body.max(crate::session::MAX_IMPORT_BODY)
}

pub(crate) fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "body_too_large",
        "the request body is larger than the server accepts",
    )
}

/// All routes.
pub fn router(state: AppState) -> Router {
    let cfg = state.cfg.clone();
    let cfg = &*cfg;
    // The API under /v1, as plain routes: `nest` would add a router level
    // and a path rewrite to every request.
    let app = Router::new()
        .route("/v1/games", get(games::list))
        .route("/v1/games/{id}/rules", get(games::rules))
        .route("/v1/games/{id}/rules/{rule}", get(games::rule))
        .route("/v1/games/{id}/text/{lang}", get(games::text))
        .route("/v1/sessions", post(sessions::create))
        .route(
            "/v1/sessions/import",
            post(sessions::import).layer(DefaultBodyLimit::max(import_limit(cfg))),
        )
        .route("/v1/sessions/{id}/export", get(sessions::export))
        .route(
            "/v1/sessions/{id}",
            get(sessions::get).delete(sessions::delete),
        )
        .route("/v1/sessions/{id}/moves", post(sessions::post_move))
        .route("/v1/sessions/{id}/bot-turn", post(sessions::bot_turn))
        .route("/v1/sessions/{id}/undo", post(sessions::undo))
        .route("/v1/sessions/{id}/resign", post(sessions::resign))
        .route("/v1/sessions/{id}/legal-moves", get(sessions::legal_moves))
        .route("/v1/sessions/{id}/log", get(sessions::log))
        .route("/v1/sessions/{id}/verify", get(sessions::verify))
        .route("/v1/sessions/{id}/stream", get(stream::stream))
        .route(
            "/v1/sessions/{id}/language",
            get(sessions::get_language)
                .put(sessions::pin_language)
                .delete(sessions::unpin_language),
        )
        .route(
            "/v1/sessions/{id}/seats/{seat}/claim",
            post(sessions::claim),
        )
        .route(
            "/v1/sessions/{id}/seats/me/token",
            post(sessions::rotate_token),
        )
        .route(
            "/v1/sessions/{id}/stream-tickets",
            post(sessions::stream_ticket),
        )
        .route("/v1/sessions/{id}/at/{version}", get(around::at))
        .route("/v1/sessions/{id}/rematch", post(around::rematch))
        .route("/v1/sessions/{id}/watchers", post(around::create_watcher))
        .route(
            "/v1/sessions/{id}/watchers/{watcher}",
            axum::routing::delete(around::revoke_watcher),
        )
        .route("/v1/sessions/{id}/watch", get(around::watch))
        .route("/v1/sessions/{id}/watch/stream", get(around::watch_stream))
        .route(
            "/v1/sessions/{id}/seats/me/notify",
            get(around::get_notify)
                .put(around::put_notify)
                .delete(around::delete_notify),
        )
        .route("/metrics", get(health::metrics))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .merge(openapi::routes())
        .merge(pages::routes())
        .merge(table::routes(cfg.web_dir.clone()))
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
        .route_layer(axum::middleware::from_fn(middleware::record))
        .with_state(state);
    // Outermost first: the problem language, the client address, the early
    // 413, the per-address rate limit and the create/import quotas (one
    // `edge` layer), then the body limit. One stack, one `Router::layer`
    // (each call boxes every route again).
    app.layer(
        tower::ServiceBuilder::new()
            .layer(axum::middleware::from_fn_with_state(
                middleware::Edge::new(cfg),
                middleware::edge,
            ))
            .layer(DefaultBodyLimit::max(cfg.max_body)),
    )
}
