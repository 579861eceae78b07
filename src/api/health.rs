//! Liveness and readiness.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

use super::AppState;

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
pub async fn metrics(State(app): State<AppState>) -> impl axum::response::IntoResponse {
    metrics::gauge!("ghostseat_live_actors").set(app.registry.live_actors().await as f64);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4",
        )],
        super::middleware::prometheus().render(),
    )
}
