//! Liveness and readiness.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

use super::AppState;
use crate::store::SessionStore;

/// The process is up.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = super::schema::HealthDoc)))]
pub async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// The database answers.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, description = "Ready", body = super::schema::HealthDoc),
              (status = 503, description = "The database does not answer", body = super::schema::HealthDoc)))]
pub async fn readyz(State(app): State<AppState>) -> (StatusCode, Json<Value>) {
    match app.registry.store().ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({"status": "ready"}))),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "database unavailable"})),
        ),
    }
}

/// Prometheus metrics: requests by route and status with latency
/// histograms, commands by game and kind, live actors, commit batch sizes
/// and latencies, store errors.
/// A server bound to loopback answers anyone who reaches it; any other
/// needs the operator's token or the metrics token (`--metrics-token`): the
/// counters show refused moves that are in no log.
pub async fn metrics(
    State(app): State<AppState>,
    super::extract::Seat(token): super::extract::Seat,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if !app.cfg.metrics_open {
        let scraper = match (&token, &app.cfg.metrics_token_hash) {
            (Some(c), Some(hash)) => {
                crate::session::seat_of(c, std::slice::from_ref(hash)).is_some()
            }
            _ => false,
        };
        if !scraper && !app.registry.is_operator(&token) {
            return super::error::ApiError::new(
                StatusCode::UNAUTHORIZED,
                "metrics_token",
                "the metrics need the metrics token or the operator's token",
            )
            .into_response();
        }
    }
    metrics::gauge!("ghostseat_live_actors").set(app.registry.live_actors().await as f64);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4",
        )],
        crate::telemetry::prometheus().render(),
    )
        .into_response()
}
