//! `GET /v1/sessions/{id}/stream`: Server-Sent Events, one `command` event
//! per committed command, `id:` = the version it produced; resumable with
//! `Last-Event-ID`. A browser's `EventSource` cannot send the token, so the
//! stream also opens with a single-use ticket (`?ticket=…`).
//!
//! Each entry carries the command's events as the stream's seat reads them
//! and, when it is the newest, the whole session document after it (view,
//! next, legal moves): a client redraws from the stream alone, and a phone
//! that wakes up catches up from the last entry it saw.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use utoipa::IntoParams;

use super::error::ApiError;
use super::extract::{AcceptLanguage, Seat, SessionId};
use super::responses::SeatProblems;
use super::schema;
use super::AppState;
use crate::engine::Lang;
use crate::session::{Credential, SessionError, Subscription};
use crate::wire::{SessionPart, StreamEntryDoc};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// A ticket from `POST …/stream-tickets` (instead of the token header).
    ticket: Option<String>,
    /// `en` or `de`: the language of the entries, over the seat's pinned
    /// language and `Accept-Language` (an `EventSource` cannot send
    /// headers; the table page adds it to the ticket's URL).
    lang: Option<String>,
}

/// The most entries a stream's catch-up sends: a client further behind
/// (or one that sends no `Last-Event-ID` to a long session) starts at the
/// newest this many, and reads older ones from `GET …/log` in pages.
pub const STREAM_CATCH_UP: u64 = 500;

fn sse(entry: &StreamEntryDoc) -> Event {
    Event::default()
        .id(entry.seq.to_string())
        .event("command")
        .data(serde_json::to_string(entry).unwrap_or_default())
}

/// A live entry for the subscriber's seat and language, rendered here
/// (outside the actor: a slow client holds up no one), sharing what the
/// command's answer or another reader of the version already rendered.
fn live_entry(
    sub: &Subscription,
    e: &crate::session::LogEntry,
    lang: Lang,
) -> Result<StreamEntryDoc, SessionError> {
    let meta = &sub.meta;
    let events = e.renders.events(meta, sub.seat, lang)?;
    let session = e.renders.session_doc(meta, sub.seat, lang)?;
    Ok(StreamEntryDoc {
        game: crate::wire::GameIdPart(meta.game.id()),
        seq: e.seq,
        kind: e.kind,
        seat: e.seat,
        events,
        session: Some(SessionPart::of(&session)),
    })
}

/// Streams commands after `Last-Event-ID` (or from the start), then live ones.
///
/// The catch-up sends at most the newest 500 entries: a client
/// further behind gets the newest 500 (the first entry's `seq` then says
/// what was skipped; read older ones from `GET …/log` in pages).
#[utoipa::path(get, path = "/v1/sessions/{id}/stream", tag = "sessions",
    params(("id" = String, Path, description = "Session id"), StreamQuery,
           ("Last-Event-ID" = Option<String>, Header, description = "Resume after this version")),
    security(("seat_token" = []), ()),
    responses((status = 200, description = "text/event-stream of `command` events; each event's data is a stream entry", body = schema::StreamEntryDoc, content_type = "text/event-stream"),
              SeatProblems,
              (status = 400, description = "Not a session id, a bad query or Last-Event-ID", body = schema::Problem, content_type = "application/problem+json"),
              (status = 401, description = "No token, or an unknown, used or expired ticket", body = schema::Problem, content_type = "application/problem+json"),
              (status = 429, description = "Too many requests, or too many live streams of this session, seat or address", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn stream(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(seat): Seat,
    AcceptLanguage(asked): AcceptLanguage,
    headers: HeaderMap,
    axum::Extension(addr): axum::Extension<crate::api::middleware::ClientAddr>,
    q: Result<Query<StreamQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request("invalid_query", e.body_text()))?;
    let token = match &q.ticket {
        Some(t) => Some(app.registry.redeem_ticket(&id, t).await?),
        None => seat,
    };
    // `lang=` is this request's own choice; else the seat's pinned
    // language, else `Accept-Language`.
    let lang = match q.lang.as_deref().and_then(Lang::from_tag) {
        Some(l) => l,
        None => app.registry.answer_lang(&id, token.as_ref(), asked).await,
    };
    let last = last_event_id(&headers)?;
    // Subscribe first (checks the token), so nothing slips between catch-up and live.
    let sub = app.registry.subscribe(&id, token.clone()).await?;
    let address = crate::transport::address_key(addr.0);
    let place = app.registry.open_stream(&id, sub.seat, &address)?;
    let state = app.clone();
    Ok(live(&state, place, 64, move |tx| {
        Feed {
            // The first catch-up reads the log up to the version the
            // subscription began at; every later version comes live.
            upto: Some(sub.version),
            // Bounded work per stream: a catch-up renders at most the newest
            // STREAM_CATCH_UP entries; older ones are read from the log in pages.
            last: last.max(sub.version.saturating_sub(STREAM_CATCH_UP)),
            app,
            id,
            token,
            lang,
            sub,
            tx,
        }
        .run()
    }))
}

/// The channel of a live stream's events.
pub(super) type Events = mpsc::Sender<Result<Event, Infallible>>;

/// A live stream's answer: `feed` writes its events to the channel it is given, and the
/// stream's place in the caps (`place`) is held until the feed ends, the client goes, the
/// server shuts down or `--stream-max-secs` passes (the client then reconnects with
/// `Last-Event-ID`). The body is dropped once a write (a keep-alive at the latest) finds the
/// client gone; a feed may wait far longer for its next version, so the place is freed then,
/// not at the feed's next send.
pub(super) fn live<F>(
    app: &AppState,
    place: crate::session::StreamGuard,
    buffer: usize,
    feed: impl FnOnce(Events) -> F,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>>
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, out) = mpsc::channel(buffer);
    let gone = tx.clone();
    let feed = feed(tx);
    let lifetime = tokio::time::sleep(app.cfg.stream_max);
    let stop = app.registry.shutting_down();
    tokio::spawn(async move {
        tokio::select! {
            _ = feed => {}
            _ = gone.closed() => {}
            _ = stop => {}
            _ = lifetime => {}
        }
        drop(place);
    });
    Sse::new(ReceiverStream::new(out))
        .keep_alive(KeepAlive::new().interval(app.cfg.stream_keepalive))
}

/// The version a reconnecting client saw last (`Last-Event-ID`), 0 without one.
fn last_event_id(headers: &HeaderMap) -> Result<u64, ApiError> {
    match headers.get("last-event-id") {
        None => Ok(0),
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| {
                ApiError::bad_request(
                    "invalid_last_event_id",
                    "Last-Event-ID must be a version number",
                )
            }),
    }
}

/// One stream's reader: catches up from the log, then follows the session's
/// broadcast, rendered once and shared with the command's answer, however
/// late it first reads the log. After a lag or a re-subscription it reads
/// the log on to the newest version.
struct Feed {
    app: AppState,
    id: String,
    token: Option<Credential>,
    lang: Lang,
    sub: Subscription,
    tx: Events,
    /// The newest version sent (or skipped).
    last: u64,
    /// Where the catch-up stops; `None`: at the newest version.
    upto: Option<u64>,
}

/// What the feed does after a part of it ended.
enum Then {
    CatchUp,
    Stop,
}

impl Feed {
    async fn run(mut self) {
        loop {
            if let Then::Stop = self.catch_up().await {
                return;
            }
            if let Then::Stop = self.live().await {
                return;
            }
        }
    }

    /// Sends the log after `last` up to `upto`, in pages; the newest entry
    /// carries the session.
    async fn catch_up(&mut self) -> Then {
        loop {
            if self.upto.is_some_and(|u| self.last >= u) {
                return Then::CatchUp;
            }
            let read =
                self.app
                    .registry
                    .log(&self.id, self.token.clone(), self.last, 500, self.lang);
            let Ok((version, mut rows, game)) = read.await else {
                return Then::Stop;
            };
            if let Some(u) = self.upto {
                rows.retain(|r| r.seq <= u);
            }
            if rows.is_empty() {
                return Then::CatchUp;
            }
            let head = self.upto.map_or(version, |u| version.min(u));
            let newest = rows.last().map_or(head, |r| r.seq.max(head));
            for r in rows {
                self.last = r.seq;
                let session = match r.seq == newest {
                    true => self.session_at(r.seq).await,
                    false => None,
                };
                let entry = StreamEntryDoc {
                    game: crate::wire::GameIdPart(game),
                    seq: r.seq,
                    kind: r.kind,
                    seat: r.seat,
                    events: r.events,
                    session,
                };
                if self.tx.send(Ok(sse(&entry))).await.is_err() {
                    return Then::Stop;
                }
            }
        }
    }

    /// The session after `seq`, if that is still the newest version. The
    /// row's version and the log are two reads, and another process may
    /// commit between them, so the newest is the last row read.
    async fn session_at(&self, seq: u64) -> Option<SessionPart> {
        let read = self
            .app
            .registry
            .view_at_least(&self.id, self.token.clone(), self.lang, seq);
        match read.await {
            Ok((body, v)) if v == seq => {
                crate::engine::Json::parse(body).ok().map(SessionPart::raw)
            }
            _ => None,
        }
    }

    /// Sends each committed version as it comes; a lag reads the log again.
    async fn live(&mut self) -> Then {
        loop {
            match self.sub.rx.recv().await {
                Ok(e) if e.seq > self.last => {
                    self.last = e.seq;
                    let Ok(entry) = live_entry(&self.sub, &e, self.lang) else {
                        return Then::Stop;
                    };
                    if self.tx.send(Ok(sse(&entry))).await.is_err() {
                        return Then::Stop;
                    }
                }
                Ok(_) => {}
                Err(RecvError::Lagged(_)) => {
                    self.upto = None;
                    return Then::CatchUp;
                }
                Err(RecvError::Closed) => return self.resubscribe().await,
            }
        }
    }

    /// The actor retired: waits for it to come back. A peer's commit that
    /// lands while the new actor loads reaches it only through the log, so
    /// the feed reads on from there.
    async fn resubscribe(&mut self) -> Then {
        loop {
            if self.tx.is_closed() {
                return Then::Stop;
            }
            match self
                .app
                .registry
                .subscribe(&self.id, self.token.clone())
                .await
            {
                Ok(s) => {
                    self.upto = None;
                    self.sub = s;
                    return Then::CatchUp;
                }
                // Deleted, or the seat's token was rotated (here or through
                // a replica): the stream ends.
                Err(SessionError::NotFound(_) | SessionError::WrongToken) => return Then::Stop,
                Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
            }
        }
    }
}
