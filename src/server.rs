//! Wiring: store → registry → router → listener, and a graceful shutdown
//! that stops intake, finishes in-flight requests and checkpoints the WAL.

use axum::http::{HeaderName, HeaderValue, Method, Request};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::api::{self, ApiConfig, AppState};
use crate::config::ServeArgs;
use crate::games;
use crate::session::{Registry, RegistryConfig};
use crate::store::{Store, StoreError};

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub registry: Arc<Registry>,
    listener: TcpListener,
    router: axum::Router,
}

impl Server {
    /// Opens the database, runs migrations and binds the address.
    pub async fn bind(
        args: &ServeArgs,
    ) -> Result<Server, Box<dyn std::error::Error + Send + Sync>> {
        let store = Store::open(&args.database, args.durability)
            .await
            .map_err(|e: StoreError| Box::new(e))?;
        let registry = Arc::new(Registry::new(
            store,
            games::catalog(),
            RegistryConfig {
                idle_timeout: Duration::from_secs(args.idle_secs.max(1)),
                ..Default::default()
            },
        ));
        let _ = crate::api::middleware::prometheus();
        let api_cfg = ApiConfig {
            max_body: args.max_body,
            rate_per_sec: args.rate_limit,
            rate_burst: args.rate_burst,
        };
        let mut router = api::router(AppState { registry: registry.clone() }, &api_cfg)
            .layer(
                // One line per request at INFO: method, path, session id,
                // request id, status and latency (JSON with --log-format json).
                TraceLayer::new_for_http()
                    .make_span_with(|req: &Request<_>| {
                        let rid = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                        let path = req.uri().path();
                        let session = path.strip_prefix("/v1/sessions/").and_then(|r| r.split('/').next()).unwrap_or("-");
                        tracing::info_span!("request", method = %req.method(), path = %path, session_id = %session, request_id = %rid)
                    })
                    .on_request(())
                    .on_response(DefaultOnResponse::new().level(Level::INFO).latency_unit(LatencyUnit::Micros)),
            )
            .layer(PropagateRequestIdLayer::new(REQUEST_ID))
            .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid));
        let origins: Vec<HeaderValue> = args
            .cors_origins
            .iter()
            .filter(|o| !o.is_empty())
            .filter_map(|o| o.parse().ok())
            .collect();
        if !origins.is_empty() {
            router = router.layer(
                CorsLayer::new()
                    .allow_origin(AllowOrigin::list(origins))
                    .allow_methods([Method::GET, Method::POST, Method::DELETE])
                    .allow_headers([
                        axum::http::header::AUTHORIZATION,
                        axum::http::header::CONTENT_TYPE,
                        axum::http::header::IF_MATCH,
                        HeaderName::from_static("idempotency-key"),
                        HeaderName::from_static("last-event-id"),
                    ])
                    .expose_headers([
                        axum::http::header::ETAG,
                        axum::http::header::LOCATION,
                        REQUEST_ID,
                    ]),
            );
        }
        let listener = TcpListener::bind(args.addr).await?;
        let addr = listener.local_addr()?;
        Ok(Server {
            addr,
            registry,
            listener,
            router,
        })
    }

    /// Serves until `shutdown` resolves, then drains and checkpoints.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let registry = self.registry.clone();
        let reg2 = registry.clone();
        axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            shutdown.await;
            reg2.begin_shutdown();
            tracing::info!("shutting down: no new commands, finishing in-flight requests");
        })
        .await?;
        if let Err(e) = registry.store().checkpoint().await {
            tracing::warn!(error = %e, "checkpoint at shutdown failed");
        }
        registry.store().close().await;
        Ok(())
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
