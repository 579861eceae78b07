//! Wiring: store → registry → router → accept loop, a background sweeper
//! for expired sessions, and a graceful shutdown that stops intake, gives
//! open requests a bounded grace and checkpoints the WAL.

use axum::http::{HeaderName, HeaderValue, Method, Request};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceBuilder;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::api::{self, ApiConfig, AppState};
use crate::config::ServeArgs;
use crate::games;
use crate::session::{hash_token, Registry, RegistryConfig, PEER_PIN_TTL};
use crate::store::{Store, StoreError};
use crate::transport::{self, ConnLimits};

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest client `x-request-id` kept (a UUID is 36 characters).
pub const MAX_REQUEST_ID: usize = 64;

/// A client's request id is kept only when it is short printable ASCII
/// (`!`..`~`, at most [`MAX_REQUEST_ID`]); any other is dropped here, so
/// the server makes one and neither the log nor the answer ever carries
/// what the client sent (no forged log lines, no control characters).
fn drop_unfit_request_id<B>(mut req: Request<B>) -> Request<B> {
    let fit = |v: &HeaderValue| {
        let b = v.as_bytes();
        !b.is_empty() && b.len() <= MAX_REQUEST_ID && b.iter().all(|c| c.is_ascii_graphic())
    };
    let ids = req.headers().get_all(REQUEST_ID);
    let keep = ids.iter().count() == 1 && ids.iter().all(fit);
    if !keep {
        req.headers_mut().remove(REQUEST_ID);
    }
    req
}

/// How often expired sessions are swept.
const SWEEP_EVERY: Duration = Duration::from_secs(600);

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub registry: Arc<Registry>,
    listener: TcpListener,
    router: axum::Router,
    limits: ConnLimits,
    /// `--peer-poll-ms`, if on.
    peer_poll: Option<Duration>,
}

fn days(n: u32) -> Option<Duration> {
    (n > 0).then(|| Duration::from_secs(u64::from(n) * 86_400))
}

/// The async runtime the server runs on. On one core (a small board, or
/// `taskset -c 0`), tokio's single-threaded scheduler: the multi-threaded
/// one with one worker pays for stealing and cross-thread wakes it never
/// uses. The blocking pool (replays, file I/O) and sqlx's connection
/// threads exist either way.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let one_core = std::thread::available_parallelism().is_ok_and(|n| n.get() == 1);
    if one_core {
        tokio::runtime::Builder::new_current_thread()
    } else {
        tokio::runtime::Builder::new_multi_thread()
    }
    .enable_all()
    .build()
}

impl Server {
    /// Opens the database, runs migrations and binds the address.
    pub async fn bind(
        args: &ServeArgs,
    ) -> Result<Server, Box<dyn std::error::Error + Send + Sync>> {
        let trusted_proxies = args
            .trusted_proxies
            .iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                let p = p.trim();
                p.parse::<ipnet::IpNet>()
                    .or_else(|_| p.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| format!("--trusted-proxies: '{p}' is not an address or CIDR"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let store = Store::open(&args.database, args.durability)
            .await
            .map_err(|e: StoreError| Box::new(e))?;
        let registry = Arc::new(Registry::new(
            store,
            games::catalog(),
            RegistryConfig {
                idle_timeout: Duration::from_secs(args.idle_secs.max(1)),
                max_commands: args.max_commands.max(2),
                admin_hash: args.admin_token.as_deref().map(hash_token),
                streams_per_session: args.streams_per_session,
                streams_per_seat: args.streams_per_seat,
                streams_per_address: args.streams_per_address,
                expire_finished: days(args.expire_finished_days),
                expire_abandoned: days(args.expire_abandoned_days),
                pin_ttl: (args.peer_poll_ms > 0).then_some(PEER_PIN_TTL),
                peers: args.peer_poll_ms > 0,
                notify_allow_private: args.notify_allow_private,
                public_url: args.public_url.clone(),
                ..Default::default()
            },
        ));
        let _ = crate::telemetry::prometheus();
        let api_cfg = ApiConfig {
            max_body: args.max_body,
            body_timeout: Duration::from_secs(args.body_timeout_secs.max(1)),
            rate_per_sec: args.rate_limit,
            rate_burst: args.rate_burst,
            creates_per_hour: args.creates_per_hour,
            imports_per_hour: args.imports_per_hour,
            trusted_proxies,
            metrics_token_hash: args.metrics_token.as_deref().map(hash_token),
            metrics_open: args.addr.ip().is_loopback() && args.metrics_token.is_none(),
            stream_max: Duration::from_secs(args.stream_max_secs.max(1)),
            stream_keepalive: Duration::from_secs(args.stream_keepalive_secs.max(1)),
            web_dir: args.web_dir.clone(),
        };
        let origins: Vec<&str> = args
            .cors_origins
            .iter()
            .map(|o| o.trim())
            .filter(|o| !o.is_empty())
            .collect();
        let cors = if origins.is_empty() {
            None
        } else {
            // Tokens travel in the Authorization header, never in cookies:
            // CORS never allows credentials, so `*` is safe to offer.
            let allow = if origins.contains(&"*") {
                AllowOrigin::any()
            } else {
                AllowOrigin::list(
                    origins
                        .iter()
                        .map(|o| {
                            o.parse::<HeaderValue>()
                                .map_err(|_| format!("--cors-origins: '{o}' is not an origin"))
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                )
            };
            Some(
                CorsLayer::new()
                    .allow_origin(allow)
                    .allow_methods([Method::GET, Method::POST, Method::DELETE])
                    .allow_headers([
                        axum::http::header::AUTHORIZATION,
                        axum::http::header::CONTENT_TYPE,
                        axum::http::header::IF_MATCH,
                        axum::http::header::ACCEPT_LANGUAGE,
                        HeaderName::from_static("idempotency-key"),
                        HeaderName::from_static("last-event-id"),
                        HeaderName::from_static("prefer"),
                    ])
                    .expose_headers([
                        axum::http::header::ETAG,
                        axum::http::header::LOCATION,
                        axum::http::header::CONTENT_LANGUAGE,
                        axum::http::header::RETRY_AFTER,
                        HeaderName::from_static("preference-applied"),
                        REQUEST_ID,
                    ]),
            )
        };
        // One stack, outermost first, added with one `Router::layer`: each
        // `Router::layer` call boxes every route again, and a request then
        // clones and polls one boxed service per call.
        let router = api::router(AppState {
            registry: registry.clone(),
            cfg: Arc::new(api_cfg),
        })
        .layer(
            ServiceBuilder::new()
                .option_layer(cors)
                // CORS answers preflights itself, so its inner body must
                // have a default; the trace layer's body has none.
                .map_response(|r: axum::http::Response<_>| r.map(axum::body::Body::new))
                .map_request(drop_unfit_request_id)
                .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
                .layer(PropagateRequestIdLayer::new(REQUEST_ID))
                // One line per request at INFO: method, path, session id,
                // request id, status and latency (JSON with --log-format
                // json). The query is never logged (it may hold a stream
                // ticket).
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(|req: &Request<_>| {
                            let rid = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                            let path = req.uri().path();
                            let session = path.strip_prefix("/v1/sessions/").and_then(|r| r.split('/').next()).unwrap_or("-");
                            tracing::info_span!("request", method = %req.method(), path = %path, session_id = %session, request_id = %rid)
                        })
                        .on_request(())
                        .on_response(DefaultOnResponse::new().level(Level::INFO).latency_unit(LatencyUnit::Micros)),
                ),
        );
        let listener = TcpListener::bind(args.addr).await?;
        let addr = listener.local_addr()?;
        Ok(Server {
            addr,
            registry,
            listener,
            router,
            peer_poll: (args.peer_poll_ms > 0).then(|| Duration::from_millis(args.peer_poll_ms)),
            limits: ConnLimits {
                max_connections: args.max_connections.max(1),
                max_per_address: args.max_connections_per_address.max(1),
                header_timeout: Duration::from_secs(args.header_timeout_secs.max(1)),
                idle_timeout: Duration::from_secs(args.idle_connection_secs.max(1)),
                shutdown_grace: Duration::from_secs(args.shutdown_grace_secs),
            },
        })
    }

    /// Serves until `shutdown` resolves, then drains and checkpoints.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let registry = self.registry.clone();
        let sweeper = tokio::spawn(sweep(registry.clone()));
        let peers = self
            .peer_poll
            .map(|every| tokio::spawn(watch_peers(Arc::downgrade(&registry), every)));
        let announced = match self.peer_poll {
            Some(_) => match registry.store().peer_commits().await {
                Ok(Some(rx)) => Some(tokio::spawn(hear_peers(Arc::downgrade(&registry), rx))),
                Ok(None) => None,
                Err(e) => {
                    tracing::warn!(error = %e, "commit announcements unavailable; polling only");
                    None
                }
            },
            None => None,
        };
        let reg2 = registry.clone();
        transport::serve(
            self.listener,
            self.router,
            self.limits,
            shutdown,
            move || {
                reg2.begin_shutdown();
                tracing::info!("shutting down: no new commands, finishing in-flight requests");
            },
        )
        .await?;
        sweeper.abort();
        for task in [peers, announced].into_iter().flatten() {
            task.abort();
        }
        if let Err(e) = registry.store().checkpoint().await {
            tracing::warn!(error = %e, "checkpoint at shutdown failed");
        }
        registry.store().close().await;
        Ok(())
    }
}

/// Looks every `every` for sessions another process on the same database
/// has moved on (`--peer-poll-ms`).
async fn watch_peers(registry: std::sync::Weak<Registry>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        let Some(registry) = registry.upgrade() else {
            return;
        };
        match registry.retire_overtaken().await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(sessions = n, "moved on by another process; reloading"),
            Err(e) => tracing::warn!(error = %e, "peer watch failed"),
        }
    }
}

/// Retires a live session as soon as the database announces that another
/// replica committed one of its commands (PostgreSQL): its streams hear the
/// move at once, not at the next poll.
async fn hear_peers(
    registry: std::sync::Weak<Registry>,
    mut rx: tokio::sync::mpsc::Receiver<(String, u64)>,
) {
    while let Some((id, version)) = rx.recv().await {
        let Some(registry) = registry.upgrade() else {
            return;
        };
        registry.store_moved(&id, version);
    }
}

/// Deletes expired sessions now and then, in small batches between the
/// commits (never one long transaction).
async fn sweep(registry: Arc<Registry>) {
    loop {
        tokio::time::sleep(Duration::from_secs(5)).await;
        match registry.expire().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(sessions = n, "expired sessions deleted"),
            Err(e) => tracing::warn!(error = %e, "expiry sweep failed"),
        }
        tokio::time::sleep(SWEEP_EVERY).await;
    }
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}
