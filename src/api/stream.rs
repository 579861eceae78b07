//! `GET /v1/sessions/{id}/stream`: Server-Sent Events, one per committed
//! command, `id:` = the version it produced; resumable with `Last-Event-ID`.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use serde_json::json;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

use super::error::ApiError;
use super::extract::{bearer, session_id};
use super::AppState;

fn sse_event(seq: u64, kind: &str, seat: Option<u8>, events: &serde_json::Value) -> Event {
    Event::default()
        .id(seq.to_string())
        .event("command")
        .data(json!({"seq": seq, "kind": kind, "seat": seat, "events": events}).to_string())
}

/// Streams commands after `Last-Event-ID` (or all), then live ones.
#[utoipa::path(get, path = "/v1/sessions/{id}/stream", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Last-Event-ID" = Option<String>, Header, description = "Resume after this version")),
    security(("seat_token" = [])),
    responses((status = 200, description = "text/event-stream of `command` events", content_type = "text/event-stream")))]
pub async fn stream(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let id = session_id(&id)?;
    let token = bearer(&headers);
    let mut last: u64 = match headers.get("last-event-id") {
        None => 0,
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| {
                ApiError::bad_request(
                    "invalid_last_event_id",
                    "Last-Event-ID must be a version number",
                )
            })?,
    };
    // Subscribe first (checks the token), so nothing slips between catch-up and live.
    let (mut rx, viewer) = app.registry.subscribe(&id, token.clone()).await?;
    let (tx, out) = mpsc::channel::<Result<Event, Infallible>>(64);
    let stop = app.registry.shutting_down();
    tokio::spawn(async move {
        let feed = async move {
            'outer: loop {
                // Catch up from the store.
                loop {
                    let Ok((_, rows)) = app.registry.log(&id, token.clone(), last, 500).await
                    else {
                        break 'outer;
                    };
                    if rows.is_empty() {
                        break;
                    }
                    for r in rows {
                        last = r.seq;
                        if tx
                            .send(Ok(sse_event(r.seq, &r.kind, r.seat, &r.events)))
                            .await
                            .is_err()
                        {
                            break 'outer;
                        }
                    }
                }
                // Live.
                loop {
                    match rx.recv().await {
                        Ok(e) if e.seq > last => {
                            last = e.seq;
                            let mut events = e.events.clone();
                            crate::engine::redact_events(&mut events, viewer.as_deref());
                            if tx
                                .send(Ok(sse_event(e.seq, &e.kind, e.seat, &events)))
                                .await
                                .is_err()
                            {
                                break 'outer;
                            }
                        }
                        Ok(_) => {}
                        Err(RecvError::Lagged(_)) => continue 'outer,
                        Err(RecvError::Closed) => {
                            // The actor retired; wait for it to come back.
                            loop {
                                if tx.is_closed() {
                                    break 'outer;
                                }
                                match app.registry.subscribe(&id, token.clone()).await {
                                    Ok((r, _)) => {
                                        rx = r;
                                        continue 'outer;
                                    }
                                    Err(crate::session::SessionError::NotFound(_)) => break 'outer,
                                    Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
                                }
                            }
                        }
                    }
                }
            }
        };
        tokio::select! { _ = feed => {}, _ = stop => {} }
    });
    Ok(Sse::new(ReceiverStream::new(out))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
