//! Routes around a game: a past version, a rematch, watchers
//! and their read-only view and stream, your-turn notice settings.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures::Stream;
use serde::Deserialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use utoipa::IntoParams;

use super::error::ApiError;
use super::extract::{session_id, AcceptLanguage, Seat, SessionId};
use super::responses::{BodyProblems, SeatProblems, SessionProblems};
use super::schema;
use super::sessions::{json_response, seat_lang};
use super::{AppState, JsonBody};
use crate::wire::{NotifyRequest, WatchEntryDoc};

/// The query of `GET …/at/{version}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AtQuery {
    /// The id of the seat whose view to show: another seat's only once the
    /// game is over (rule SESSION-AT-2); default the token's seat.
    pub seat: Option<String>,
}

/// The session as the token's seat saw it after `version` commands, with
/// that version's events (rule SESSION-AT-1). A seat sees exactly what it
/// saw then; once the game is over, `?seat=` shows any seat's view (rule
/// SESSION-AT-2). Works during a game for what has happened; each answer
/// replays at most 16 commands from the nearest checkpoint (the first read
/// of a session makes its checkpoints).
#[utoipa::path(get, path = "/v1/sessions/{id}/at/{version}", tag = "around",
    params(("id" = String, Path, description = "Session id"),
           ("version" = u64, Path, description = "A version from 0 (after the setup) to the session's"),
           AtQuery,
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The session at that version", body = schema::SessionAtDoc),
              SeatProblems,
              (status = 400, description = "Not a session id or version", body = schema::Problem, content_type = "application/problem+json"),
              (status = 403, description = "Token of another session, or another seat's view before the end (`viewpoint_hidden`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown session or seat, or a version not reached (`unknown_version`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn at(
    State(app): State<AppState>,
    Path((id, version)): Path<(String, String)>,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
    q: Result<Query<AtQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let version: u64 = version.parse().map_err(|_| {
        ApiError::bad_request("invalid_version", "the version is a whole number from 0")
    })?;
    let Query(q) = q.map_err(|e| ApiError::bad_request("invalid_query", e.body_text()))?;
    let l = seat_lang(&app, &id, token.as_ref(), asked).await;
    let body = app
        .registry
        .at(&id, token, version, q.seat.as_deref(), l)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(StatusCode::OK, body, Some(version), Some(l)))
}

/// Starts a rematch of a finished game (rule SESSION-REMATCH-1): a new
/// session of the same game and options, with a fresh seed commitment.
/// Each human seat claims its new seat with
/// `POST /v1/sessions/{new}/seats/{seat}/claim` and its token of this game
/// in `Authorization` (rule SESSION-REMATCH-2); both sessions' documents
/// link to each other (`rematch`, `rematch_of`). Asked again (by any seat),
/// it answers the same new session with 200.
#[utoipa::path(post, path = "/v1/sessions/{id}/rematch", tag = "around",
    params(("id" = String, Path, description = "Session id of the finished game"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 201, description = "The rematch was started", body = schema::RematchDoc),
              (status = 200, description = "The rematch started before", body = schema::RematchDoc),
              SeatProblems,
              (status = 409, description = "The game is not over (`game_not_finished`)", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rematch(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
) -> Result<Response, ApiError> {
    let l = seat_lang(&app, &id, token.as_ref(), asked).await;
    let (status, body) = app
        .registry
        .rematch(&id, token, l)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    Ok(json_response(status, body, None, Some(l)))
}

/// Makes a watch link for a screen everybody at the table looks at (rule
/// SESSION-WATCH-1): a read-only token for `GET …/watch` and
/// `GET …/watch/stream`, which show the table as a reader with no seat
/// sees it (no seat's hidden information, no legal moves). Any seat may
/// make one (at most 8 at once) and revoke any.
#[utoipa::path(post, path = "/v1/sessions/{id}/watchers", tag = "around",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 201, description = "The watcher, with its token (shown only here) and link", body = schema::WatcherDoc),
              SeatProblems,
              (status = 403, description = "Not a seat token of this session (a watch token makes no watchers)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 409, description = "The session has 8 watchers (`too_many_watchers`)", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn create_watcher(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    let doc = app
        .registry
        .create_watcher(&id, token)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(
        StatusCode::CREATED,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    ))
}

/// Revokes a watcher (rule SESSION-WATCH-2): from now on its token is
/// refused with 401 and its open stream ends.
#[utoipa::path(delete, path = "/v1/sessions/{id}/watchers/{watcher}", tag = "around",
    params(("id" = String, Path, description = "Session id"),
           ("watcher" = String, Path, description = "The watcher's id")),
    security(("seat_token" = [])),
    responses((status = 204, description = "Revoked"),
              SeatProblems,
              (status = 403, description = "Not a seat token of this session", body = schema::Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown session or watcher", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn revoke_watcher(
    State(app): State<AppState>,
    Path((id, watcher)): Path<(String, String)>,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    app.registry
        .revoke_watcher(&id, token, &watcher)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The session as an onlooker sees it, with a watch token: the public
/// view, whose turn it is and the scores; no legal moves, nothing hidden.
#[utoipa::path(get, path = "/v1/sessions/{id}/watch", tag = "around",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("watch_token" = [])),
    responses((status = 200, description = "The session for onlookers", body = schema::WatchDoc),
              SessionProblems,
              (status = 401, description = "No token, or a watch token unknown or revoked (`invalid_watch_token`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn watch(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    let (body, version) = app
        .registry
        .watch(&id, token, l)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(StatusCode::OK, body, Some(version), Some(l)))
}

/// How often an open watch stream checks that its token still stands.
const WATCH_RECHECK: Duration = Duration::from_secs(15);

/// Live commands for an onlooker, with a watch token (`fetch` with the
/// `Authorization` header; no catch-up: read `GET …/watch` first). Each
/// `command` event's data is a watch entry: the command's public events and
/// the session after it. The stream ends when the watcher is revoked.
#[utoipa::path(get, path = "/v1/sessions/{id}/watch/stream", tag = "around",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("watch_token" = [])),
    responses((status = 200, description = "text/event-stream of `command` events", body = schema::WatchEntryDoc, content_type = "text/event-stream"),
              SessionProblems,
              (status = 401, description = "No token, or a watch token unknown or revoked", body = schema::Problem, content_type = "application/problem+json"),
              (status = 429, description = "Too many live streams", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn watch_stream(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
    axum::Extension(addr): axum::Extension<crate::api::middleware::ClientAddr>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let mut sub = app
        .registry
        .watch_subscribe(&id, &token)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    // Watchers count as one more seat in the stream caps.
    let address = crate::transport::address_key(addr.0);
    let place = app
        .registry
        .open_stream(&id, crate::engine::Seat(u8::MAX), &address)?;
    let state = app.clone();
    Ok(super::stream::live(
        &state,
        place,
        16,
        move |tx| async move {
            let mut recheck = tokio::time::interval(WATCH_RECHECK);
            recheck.tick().await;
            loop {
                let e = tokio::select! {
                    e = sub.rx.recv() => e,
                    _ = recheck.tick() => {
                        if app.registry.check_watcher(&id, &token).await.is_err() {
                            break;
                        }
                        continue;
                    }
                };
                match e {
                    Ok(e) => {
                        if app.registry.check_watcher(&id, &token).await.is_err() {
                            break;
                        }
                        let Ok(watch) = e.renders.watch_doc(&sub.meta, l) else {
                            break;
                        };
                        let entry = WatchEntryDoc {
                            game: crate::wire::GameIdPart(sub.meta.game.id()),
                            seq: e.seq,
                            kind: e.kind,
                            seat: e.seat,
                            events: watch.events.clone(),
                            watch,
                        };
                        let ev = Event::default()
                            .id(e.seq.to_string())
                            .event("command")
                            .data(serde_json::to_string(&entry).unwrap_or_default());
                        if tx.send(Ok(ev)).await.is_err() {
                            break;
                        }
                    }
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => {
                        // The actor retired: follow the next one.
                        match app.registry.watch_subscribe(&id, &token).await {
                            Ok(s) => sub = s,
                            Err(_) => break,
                        }
                    }
                }
            }
        },
    ))
}

/// The token's seat's your-turn notice target and what became of its
/// notices (`last_error` after a notice failed for good).
#[utoipa::path(get, path = "/v1/sessions/{id}/seats/me/notify", tag = "around",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The setting", body = schema::NotifyDoc),
              SeatProblems))]
pub async fn get_notify(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    let doc = app
        .registry
        .get_notify(&id, token)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    ))
}

/// Sets where the token's seat hears that it is its turn (rule
/// SESSION-NOTIFY-1): when a command leaves the next move to this seat,
/// the server posts "Your turn in <game>: <link>" (never any hidden
/// information) in the chosen format. The link is
/// `<public-url>/#s=<session>&seat=<seat id>` and carries no token (rule
/// SESSION-NOTIFY-2): the table page opens it with the token the seat's own
/// device keeps for that session and seat, and on any other device it
/// opens nothing, so a forwarded notice shows no hand. Notices go out at
/// most once per seat every 10 s, with up to 4 retries 1, 2, 4 and 8 s
/// apart. The URL must be http
/// or https and resolve to public addresses only (unless the operator
/// allows private ones with `--notify-allow-private`).
#[utoipa::path(put, path = "/v1/sessions/{id}/seats/me/notify", tag = "around", request_body = schema::NotifyRequest,
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The setting", body = schema::NotifyDoc),
              SeatProblems,
              BodyProblems,
              (status = 400, description = "Malformed body", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "A target the server does not post to (`notify_target_refused`)", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn put_notify(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
    JsonBody { value: req, .. }: JsonBody<NotifyRequest>,
) -> Result<Response, ApiError> {
    let doc = app
        .registry
        .set_notify(&id, token, req)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    ))
}

/// Removes the token's seat's notice target.
#[utoipa::path(delete, path = "/v1/sessions/{id}/seats/me/notify", tag = "around",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The setting, now without a target", body = schema::NotifyDoc),
              SeatProblems))]
pub async fn delete_notify(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    let doc = app
        .registry
        .clear_notify(&id, token)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    ))
}
