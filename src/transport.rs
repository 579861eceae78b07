//! The accept loop: what a server on the internet needs below HTTP.
//!
//! - a global and a per-address connection cap (a new connection above
//!   either is closed at once, before a byte is read), so 300 half-sent
//!   requests cannot exhaust file descriptors; the last eighth of the
//!   global cap is a reserve in which an address holds only a few
//!   connections ([`reserve_share`]), so a few addresses at their cap
//!   cannot shut a fresh client out;
//! - a deadline for a request's headers (hyper) and an idle timeout on the
//!   connection: closed when no request has been in flight for that long
//!   ([`Activity`]; bytes alone, such as HTTP/2 PING frames, keep nothing
//!   open) or when an answer's bytes have waited that long for the client
//!   to take them ([`IdleTimeout`], a client that stopped reading), so a slowloris
//!   client or an idle socket cannot stay forever;
//! - a bounded graceful shutdown: open requests and streams get a grace
//!   period, then the connections are dropped.
//!
//! Body timeouts and early 413s are per request, in `api`.

use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

use axum::extract::ConnectInfo;

/// Limits of the accept loop.
#[derive(Debug, Clone)]
pub struct ConnLimits {
    pub max_connections: usize,
    pub max_per_address: usize,
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
    pub shutdown_grace: Duration,
}

/// The key an address is counted under: the address itself for IPv4, its
/// /64 for IPv6 (one home network hands out a whole /64).
pub fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Open connections, overall and by address.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<String, usize>,
}

/// A connection's place; dropping it frees the place.
struct Place {
    open: Arc<Mutex<Open>>,
    key: String,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut o = self.open.lock().unwrap_or_else(|p| p.into_inner());
        o.total = o.total.saturating_sub(1);
        if let Some(n) = o.by_address.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                o.by_address.remove(&self.key);
            }
        }
        metrics::gauge!("ghostseat_open_connections").set(o.total as f64);
    }
}

/// The connections an address may hold once the open ones reach the
/// reserve (the last eighth of `max_connections`): a sixteenth of the
/// per-address cap, at least 1. With the defaults (1024, 64): above 896
/// open connections an address holding 4 or more gets no new one, so
/// addresses at their cap leave 128 places for at least 32 others.
pub fn reserve_share(limits: &ConnLimits) -> usize {
    (limits.max_per_address / 16).max(1)
}

/// Where the reserve starts: `max_connections` less an eighth of it.
fn reserve_from(limits: &ConnLimits) -> usize {
    limits.max_connections - limits.max_connections / 8
}

fn take_place(open: &Arc<Mutex<Open>>, ip: IpAddr, limits: &ConnLimits) -> Option<Place> {
    let key = address_key(ip);
    let mut o = open.lock().unwrap_or_else(|p| p.into_inner());
    let here = o.by_address.get(&key).copied().unwrap_or(0);
    let cap = if o.total >= reserve_from(limits) {
        reserve_share(limits).min(limits.max_per_address)
    } else {
        limits.max_per_address
    };
    if o.total >= limits.max_connections || here >= cap {
        return None;
    }
    o.total += 1;
    *o.by_address.entry(key.clone()).or_default() += 1;
    metrics::gauge!("ghostseat_open_connections").set(o.total as f64);
    Some(Place {
        open: open.clone(),
        key,
    })
}

/// A connection's requests in flight and when the last one ended: only
/// requests are activity. An answer is in flight until its body is done
/// or dropped, so a live event stream keeps its connection.
#[derive(Clone)]
struct Activity(Arc<Mutex<(usize, Instant)>>);

impl Activity {
    fn new() -> Activity {
        Activity(Arc::new(Mutex::new((0, Instant::now()))))
    }
    fn begin(&self) -> InFlight {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).0 += 1;
        InFlight(self.clone())
    }
    /// Resolves once no request has been in flight for `idle`.
    async fn idle(&self, idle: Duration) {
        loop {
            let (n, last) = *self.0.lock().unwrap_or_else(|p| p.into_inner());
            let wake = if n == 0 {
                if last.elapsed() >= idle {
                    return;
                }
                last + idle
            } else {
                Instant::now() + idle
            };
            tokio::time::sleep_until(wake).await;
        }
    }
}

/// One request in flight; dropped with its answer's body.
struct InFlight(Activity);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut a = (self.0).0.lock().unwrap_or_else(|p| p.into_inner());
        a.0 = a.0.saturating_sub(1);
        a.1 = Instant::now();
    }
}

/// An answer's body that holds its request's [`InFlight`].
struct Counted {
    body: axum::body::Body,
    _flight: InFlight,
}

impl http_body::Body for Counted {
    type Data = axum::body::Bytes;
    type Error = axum::Error;
    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }
    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }
    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// A socket whose writes fail with `TimedOut` once one has waited `idle`
/// for the client to take bytes (a client that stopped reading its
/// answer, or an event stream's). Reads never time out here: a connection
/// without requests is closed by its [`Activity`], a slow request by the
/// header and body timeouts.
pub struct IdleTimeout<S> {
    inner: S,
    idle: Duration,
    sleep: Pin<Box<Sleep>>,
    /// A write is waiting; `sleep` runs from when it started.
    waiting: bool,
}

impl<S> IdleTimeout<S> {
    pub fn new(inner: S, idle: Duration) -> Self {
        IdleTimeout {
            inner,
            idle,
            sleep: Box::pin(tokio::time::sleep(idle)),
            waiting: false,
        }
    }
    /// A write's outcome: bytes written end the wait; waiting past `idle`
    /// is a timeout.
    fn written(
        &mut self,
        cx: &mut Context<'_>,
        r: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match r {
            Poll::Pending => {
                if !self.waiting {
                    self.waiting = true;
                    self.sleep.as_mut().reset(Instant::now() + self.idle);
                }
                if self.sleep.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Err(timed_out()));
                }
                Poll::Pending
            }
            done => {
                self.waiting = false;
                done
            }
        }
    }
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "connection idle too long")
}

impl<S: AsyncRead + Unpin> AsyncRead for IdleTimeout<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for IdleTimeout<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, data);
        self.written(cx, r)
    }
    /// Passed through so that hyper writes head and body with one
    /// `writev` instead of first copying the body into its own buffer.
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.written(cx, r)
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then gives open
/// connections `limits.shutdown_grace` to finish. `on_shutdown` runs when the
/// signal arrives (the registry stops intake and ends its streams).
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
    on_shutdown: impl FnOnce() + Send + 'static,
) -> io::Result<()> {
    let open = Arc::new(Mutex::new(Open::default()));
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    builder.http2().timer(TokioTimer::new());
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer): (TcpStream, SocketAddr) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors and the like: back off briefly.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let Some(place) = take_place(&open, peer.ip(), &limits) else {
            metrics::counter!("ghostseat_connections_refused_total").increment(1);
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleTimeout::new(stream, limits.idle_timeout));
        let activity = Activity::new();
        let requests = activity.clone();
        let router = router.clone();
        let svc = tower::service_fn(move |mut req: axum::http::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let flight = requests.begin();
            let answer = tower::ServiceExt::oneshot(router.clone(), req);
            async move {
                let res = answer.await?;
                Ok::<_, std::convert::Infallible>(res.map(|body| {
                    axum::body::Body::new(Counted {
                        body,
                        _flight: flight,
                    })
                }))
            }
        });
        let conn = builder
            .serve_connection_with_upgrades(io, TowerToHyperService::new(svc))
            .into_owned();
        let conn = graceful.watch(conn);
        let idle = limits.idle_timeout;
        tokio::spawn(async move {
            tokio::select! {
                _ = conn => {}
                _ = activity.idle(idle) => {
                    metrics::counter!("ghostseat_idle_connections_closed_total").increment(1);
                }
            }
            drop(place);
        });
    }
    drop(listener);
    on_shutdown();
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(limits.shutdown_grace) => {
            let left = open.lock().map(|o| o.total).unwrap_or(0);
            tracing::warn!(connections = left, "shutdown grace over: closing the remaining connections");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_is_counted_per_64_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let m: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(m), "192.0.2.7");
    }

    #[test]
    fn places_are_capped_globally_and_per_address() {
        let limits = ConnLimits {
            max_connections: 3,
            max_per_address: 2,
            header_timeout: Duration::from_secs(1),
            idle_timeout: Duration::from_secs(1),
            shutdown_grace: Duration::from_secs(1),
        };
        let open = Arc::new(Mutex::new(Open::default()));
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let p1 = take_place(&open, a, &limits).unwrap();
        let _p2 = take_place(&open, a, &limits).unwrap();
        assert!(take_place(&open, a, &limits).is_none(), "per address");
        let _p3 = take_place(&open, b, &limits).unwrap();
        assert!(take_place(&open, b, &limits).is_none(), "global");
        drop(p1);
        assert!(take_place(&open, b, &limits).is_some());
    }

    /// Addresses at their cap fill the places up to the reserve; there an
    /// address holds at most its reserve share, so fresh ones get in.
    #[test]
    fn the_reserve_keeps_places_for_fresh_addresses() {
        let limits = ConnLimits {
            max_connections: 64,
            max_per_address: 32,
            header_timeout: Duration::from_secs(1),
            idle_timeout: Duration::from_secs(1),
            shutdown_grace: Duration::from_secs(1),
        };
        assert_eq!((reserve_from(&limits), reserve_share(&limits)), (56, 2));
        let open = Arc::new(Mutex::new(Open::default()));
        let mut held = Vec::new();
        let mut per = Vec::new();
        for a in 2..=5u8 {
            let ip = IpAddr::from([192, 0, 2, a]);
            let before = held.len();
            while let Some(p) = take_place(&open, ip, &limits) {
                held.push(p);
                assert!(held.len() < 64);
            }
            per.push(held.len() - before);
        }
        assert_eq!(
            per,
            [32, 24, 2, 2],
            "the third and fourth get only their share"
        );
        for a in 10..14u8 {
            let ip = IpAddr::from([192, 0, 2, a]);
            let p = take_place(&open, ip, &limits).expect("a fresh address gets in");
            held.push(p);
        }
    }
}
