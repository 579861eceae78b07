//! Cross-cutting layers: per-request metrics and a per-client rate limit.

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::error::ApiError;

/// The process-wide Prometheus recorder (installed once, shared by every
/// server in the process, e.g. in tests).
pub fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets(&[
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
            ])
            .map(|b| b.build_recorder())
            .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
        let handle = recorder.handle();
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Counts requests by route, method and status, with a latency histogram.
pub async fn record(req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = req.method().to_string();
    let started = Instant::now();
    let res = next.run(req).await;
    let status = res.status().as_u16().to_string();
    metrics::counter!("ghostseat_http_requests_total", "route" => route.clone(), "method" => method.clone(), "status" => status).increment(1);
    metrics::histogram!("ghostseat_http_request_seconds", "route" => route, "method" => method)
        .record(started.elapsed().as_secs_f64());
    res
}

/// A per-client-address token bucket.
#[derive(Clone)]
pub struct RateLimit {
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl RateLimit {
    /// `per_second` sustained, `burst` at once; None when `per_second` is 0.
    pub fn new(per_second: u32, burst: u32) -> Option<RateLimit> {
        let rate = NonZeroU32::new(per_second)?;
        let burst = NonZeroU32::new(burst.max(per_second)).unwrap_or(rate);
        let limiter = Arc::new(RateLimiter::keyed(
            Quota::per_second(rate).allow_burst(burst),
        ));
        // Forget idle clients now and then so the map stays small.
        let weak = Arc::downgrade(&limiter);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                match weak.upgrade() {
                    Some(l) => l.retain_recent(),
                    None => break,
                }
            }
        });
        Some(RateLimit { limiter })
    }
}

/// Answers 429 with `Retry-After` when the client is over its quota.
pub async fn rate_limit(
    State(rl): State<RateLimit>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    match rl.limiter.check_key(&peer.ip()) {
        Ok(()) => next.run(req).await,
        Err(not_until) => {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            metrics::counter!("ghostseat_rate_limited_total").increment(1);
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many requests from this address; slow down",
            )
            .retry_after(secs.max(1))
            .into_response()
        }
    }
}
