//! Cross-cutting layers: per-request metrics ([`record`]) and the edge of
//! every request ([`edge`]): the problem answers' language, the client's
//! address behind trusted proxies, and the per-address limits (rate,
//! quotas, early 413).
//!
//! The edge is one layer, not three: each `from_fn` layer clones the rest
//! of the stack and boxes it and its future on every request.

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use ipnet::IpNet;
use metrics::{Counter, Histogram};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::error::{AnswerLang, ApiError, GermanProblem};
use crate::engine::Lang;
use crate::telemetry::Handles;

/// Counts requests by route, method and status, with a latency histogram
/// (handles kept by their labels: [`crate::telemetry::Handles`]).
pub async fn record(req: Request, next: Next) -> Response {
    static REQUESTS: Handles<(String, Method, u16), (Counter, Histogram)> = Handles::new();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", |m| m.as_str())
        .to_string();
    let method = req.method().clone();
    let started = Instant::now();
    let res = next.run(req).await;
    let status = res.status().as_u16();
    let (requests, seconds) = REQUESTS.get((route, method, status), |(route, method, status)| {
        let (route, method) = (route.clone(), method.to_string());
        (
            metrics::counter!("ghostseat_http_requests_total", "route" => route.clone(), "method" => method.clone(), "status" => status.to_string()),
            metrics::histogram!("ghostseat_http_request_seconds", "route" => route, "method" => method),
        )
    });
    requests.increment(1);
    seconds.record(started.elapsed().as_secs_f64());
    res
}

/// The language a request asks for: `Accept-Language`, or a `lang` query
/// parameter on the paths that take one (the event stream, where an
/// `EventSource` cannot set headers, and the problem pages' links).
pub fn request_lang(req: &Request) -> Lang {
    let path = req.uri().path();
    let takes_query = path.ends_with("/stream") || path.starts_with("/problems");
    let from_query = req.uri().query().filter(|_| takes_query).and_then(|q| {
        q.split('&')
            .filter_map(|kv| kv.strip_prefix("lang="))
            .find_map(Lang::from_tag)
    });
    from_query.unwrap_or_else(|| super::extract::lang(req.headers()))
}

/// Problem answers in the request's language: every
/// `application/problem+json` answer carries its German body in a
/// [`GermanProblem`] extension (see `super::error`); a German request
/// (`lang`) gets that body. Either way the answer names its language in
/// `Content-Language`. Other answers pass untouched.
fn in_language(mut res: Response, lang: Lang) -> Response {
    let is_problem = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/problem+json"));
    let german = res.extensions_mut().remove::<GermanProblem>();
    // A handler that knows the seat's pinned language decided already.
    let lang = res.extensions().get::<AnswerLang>().map_or(lang, |a| a.0);
    if !is_problem {
        return res;
    }
    if let (Lang::De, Some(GermanProblem(body))) = (lang, german) {
        let (mut parts, _) = res.into_parts();
        parts.headers.remove(header::CONTENT_LENGTH);
        res = Response::from_parts(parts, axum::body::Body::from(body));
    }
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.tag()),
    );
    h.append(header::VARY, HeaderValue::from_static("accept-language"));
    res
}

/// The client's address: the socket peer, or, when the peer is a trusted
/// reverse proxy, the address the proxies forwarded (`Forwarded` or
/// `X-Forwarded-For`, read from the right past every trusted hop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// Resolves the client address of a request behind `trusted` proxies.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let mut chain: Vec<IpAddr> = Vec::new();
    for v in headers.get_all("forwarded") {
        for element in v.to_str().unwrap_or("").split(',') {
            for pair in element.split(';') {
                let Some((k, val)) = pair.split_once('=') else {
                    continue;
                };
                if k.trim().eq_ignore_ascii_case("for") {
                    if let Some(ip) = parse_node(val.trim().trim_matches('"')) {
                        chain.push(ip);
                    }
                }
            }
        }
    }
    if chain.is_empty() {
        for v in headers.get_all("x-forwarded-for") {
            chain.extend(
                v.to_str()
                    .unwrap_or("")
                    .split(',')
                    .filter_map(|x| parse_node(x.trim())),
            );
        }
    }
    chain
        .iter()
        .rev()
        .find(|ip| !is_trusted(ip))
        .or(chain.first())
        .copied()
        .unwrap_or(peer)
}

/// An address of a forwarding header: `192.0.2.1`, `192.0.2.1:80`,
/// `[2001:db8::1]`, `[2001:db8::1]:443` or a bare IPv6 address.
fn parse_node(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse() {
        return Some(ip);
    }
    if let Some(rest) = s.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    s.parse::<SocketAddr>().ok().map(|a| a.ip())
}

/// The [`ClientAddr`] of a request behind `trusted` proxies.
fn client_addr(req: &Request, trusted: &[IpNet]) -> ClientAddr {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::from([127, 0, 0, 1]));
    ClientAddr(client_ip(peer, req.headers(), trusted))
}

/// What the edge of every request needs: the trusted proxies and the
/// per-address limits.
#[derive(Clone)]
pub struct Edge {
    trusted: Arc<Vec<IpNet>>,
    limits: Limits,
}

impl Edge {
    pub fn new(cfg: &super::ApiConfig) -> Edge {
        Edge {
            trusted: Arc::new(cfg.trusted_proxies.clone()),
            limits: Limits::new(cfg),
        }
    }
}

/// The edge of every request, outermost first: the language problem
/// answers take ([`in_language`]), the [`ClientAddr`] put into the request
/// (for limits, streams and logs), then the per-address limits
/// ([`admit`]).
pub async fn edge(State(edge): State<Edge>, mut req: Request, next: Next) -> Response {
    let lang = request_lang(&req);
    let private = holds_secrets(req.uri().path());
    let addr = client_addr(&req, &edge.trusted);
    req.extensions_mut().insert(addr);
    let res = match admit(&edge.limits, &req, addr) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    };
    let mut res = in_language(res, lang);
    guard_caching(private, res.headers_mut());
    res
}

/// Whether answers on `path` may hold secrets: the API and the metrics, but not a game's
/// text catalogue (public, and cached by its ETag).
fn holds_secrets(path: &str) -> bool {
    let catalogue = path.starts_with("/v1/games/") && path.contains("/text/");
    (path.starts_with("/v1/") || path == "/v1" || path == "/metrics") && !catalogue
}

/// Headers every answer carries: `nosniff` everywhere (a browser never
/// guesses a type we did not send), and `Cache-Control: no-store` on the
/// API and the metrics, whose answers hold seat tokens, hands, views and
/// tickets that no shared or browser cache may keep. The table page's
/// files, the docs and the OpenAPI document keep their own caching (ETags).
fn guard_caching(private: bool, h: &mut HeaderMap) {
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if private {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

type Bucket = DefaultKeyedRateLimiter<String>;

/// The per-address limits of the HTTP layer.
#[derive(Clone)]
pub struct Limits {
    max_body: usize,
    max_import_body: usize,
    requests: Option<Arc<Bucket>>,
    creates: Option<Arc<Bucket>>,
    imports: Option<Arc<Bucket>>,
}

fn bucket(q: Option<Quota>) -> Option<Arc<Bucket>> {
    let limiter = Arc::new(RateLimiter::keyed(q?));
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
    Some(limiter)
}

impl Limits {
    pub fn new(cfg: &super::ApiConfig) -> Limits {
        let per_hour = |n: u32| {
            NonZeroU32::new(n).map(|n| {
                Quota::with_period(Duration::from_secs(3600) / n.get())
                    .unwrap_or(Quota::per_hour(n))
                    .allow_burst(NonZeroU32::new((n.get() / 4).max(1)).unwrap_or(n))
            })
        };
        let requests = NonZeroU32::new(cfg.rate_per_sec).map(|rate| {
            let burst = NonZeroU32::new(cfg.rate_burst.max(cfg.rate_per_sec)).unwrap_or(rate);
            Quota::per_second(rate).allow_burst(burst)
        });
        Limits {
            max_body: cfg.max_body,
            max_import_body: super::import_limit(cfg),
            requests: bucket(requests),
            creates: bucket(per_hour(cfg.creates_per_hour)),
            imports: bucket(per_hour(cfg.imports_per_hour)),
        }
    }
}

/// `Err(seconds to wait)` when `key` is over its quota in `limiter`.
fn check(limiter: &Bucket, key: &String) -> Result<(), u64> {
    limiter.check_key(key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
    })
}

/// Early 413 on a declared oversized body; then the per-address rate limit
/// (health, readiness and metrics exempt: an orchestrator's probe must not
/// be starved by a flood) and the create and import quotas.
fn admit(l: &Limits, req: &Request, addr: ClientAddr) -> Result<(), ApiError> {
    let declared = req
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let path = req.uri().path();
    let import = path == "/v1/sessions/import";
    let limit = if import {
        l.max_import_body
    } else {
        l.max_body
    };
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(super::too_large());
    }
    let exempt = matches!(path, "/healthz" | "/readyz" | "/metrics");
    let quota = match (req.method() == axum::http::Method::POST, path) {
        (true, "/v1/sessions") => l
            .creates
            .as_ref()
            .map(|b| (b, "sessions created", "angelegten Sitzungen")),
        (true, "/v1/sessions/import") => l
            .imports
            .as_ref()
            .map(|b| (b, "sessions imported", "importierten Sitzungen")),
        _ => None,
    };
    let requests = l.requests.as_ref().filter(|_| !exempt);
    if requests.is_none() && quota.is_none() {
        return Ok(());
    }
    let key = crate::transport::address_key(addr.0);
    if let Some(b) = requests {
        check(b, &key).map_err(|secs| {
            metrics::counter!("ghostseat_rate_limited_total", "code" => "rate_limited")
                .increment(1);
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many requests from this address; slow down",
            )
            .de("Zu viele Anfragen von dieser Adresse; bitte langsamer.")
            .retry_after(secs)
        })?;
    }
    if let Some((b, what, what_de)) = quota {
        check(b, &key).map_err(|secs| {
            metrics::counter!("ghostseat_rate_limited_total", "code" => "quota_exceeded")
                .increment(1);
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "quota_exceeded",
                format!(
                    "this address has reached its quota of {what} per hour; try again later"
                ),
            )
            .de(format!(
                "Diese Adresse hat ihr Kontingent an {what_de} pro Stunde erreicht; versuche es später erneut."
            ))
            .retry_after(secs)
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hdrs(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted: Vec<IpNet> = vec!["10.0.0.0/24".parse().unwrap()];
        let xff = hdrs(&[("x-forwarded-for", "203.0.113.9, 10.0.0.7")]);
        assert_eq!(
            client_ip(proxy, &xff, &trusted),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
        // A client cannot pick its address by sending the header itself.
        let direct: IpAddr = "198.51.100.4".parse().unwrap();
        assert_eq!(client_ip(direct, &xff, &trusted), direct);
        // A forged left-most entry is ignored: the right-most untrusted hop counts.
        let forged = hdrs(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9")]);
        assert_eq!(
            client_ip(proxy, &forged, &trusted),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
        let fwd = hdrs(&[(
            "forwarded",
            "for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.5",
        )]);
        assert_eq!(
            client_ip(proxy, &fwd, &trusted),
            "2001:db8::7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &trusted), proxy);
    }
}
