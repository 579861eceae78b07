//! Session routes: create, read, write (moves, bot turns, undo), log, verify,
//! delete.

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::IntoParams;

use super::dto::{BotTurnRequest, CreateSession, MoveRequest, UndoRequest};
use super::error::{ApiError, Problem};
use super::extract::{bearer, idempotency_key, if_match, json_body, request_hash, session_id};
use super::{AppState, Body};
use crate::session::{Action, CommandRequest, Reply};

fn json_response(status: StatusCode, body: String, version: Option<u64>) -> Response {
    let mut res = (status, body).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Some(v) = version {
        if let Ok(etag) = HeaderValue::from_str(&format!("\"{v}\"")) {
            h.insert(header::ETAG, etag);
        }
    }
    res
}

/// A created (or imported) session: its description, `ETag` and `Location`.
fn created_response(created: crate::session::Created) -> Response {
    let id = created.body["id"].as_str().unwrap_or_default().to_string();
    let status = StatusCode::from_u16(created.status).unwrap_or(StatusCode::CREATED);
    let mut res = json_response(
        status,
        created.body.to_string(),
        created.body["version"].as_u64(),
    );
    if let Ok(loc) = HeaderValue::from_str(&format!("/v1/sessions/{id}")) {
        res.headers_mut().insert(header::LOCATION, loc);
    }
    res
}

fn reply(r: Reply) -> Response {
    json_response(
        StatusCode::from_u16(r.status).unwrap_or(StatusCode::OK),
        r.body,
        Some(r.version),
    )
}

/// Creates a session; the answer carries one secret token per human seat.
#[utoipa::path(post, path = "/v1/sessions", tag = "sessions", request_body = super::dto::CreateSession,
    params(("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the same session")),
    responses((status = 201, description = "Created", body = super::dto::CreatedDoc),
              (status = 400, description = "Malformed", body = Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown game", body = Problem, content_type = "application/problem+json"),
              (status = 422, description = "Options break a rule", body = Problem, content_type = "application/problem+json")))]
pub async fn create(
    State(app): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let req: CreateSession = json_body(&headers, &body)?;
    let seed = match &req.seed {
        None => None,
        Some(s) => Some(s.value().ok_or_else(|| {
            ApiError::bad_request("invalid_seed", "seed must be an integer from 0 to 2^64-1")
        })?),
    };
    let idem =
        idempotency_key(&headers)?.map(|k| (k, request_hash(&method, uri.path(), &headers, &body)));
    let created = app
        .registry
        .create(&req.game, &req.options, seed, idem)
        .await?;
    Ok(created_response(created))
}

/// The table as the token's seat may see it, whose turn it is and what that seat may do.
#[utoipa::path(get, path = "/v1/sessions/{id}", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The session", body = super::dto::SessionDoc),
              (status = 401, description = "No token", body = Problem, content_type = "application/problem+json"),
              (status = 403, description = "Token of another session", body = Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown session", body = Problem, content_type = "application/problem+json")))]
pub async fn get(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let (body, version) = app.registry.view(&id, bearer(&headers)).await?;
    Ok(json_response(StatusCode::OK, body, Some(version)))
}

async fn command(
    app: &AppState,
    id: &str,
    headers: &HeaderMap,
    request_hash: String,
    action: Action,
    expected_version: Option<u64>,
) -> Result<Response, ApiError> {
    let req = CommandRequest {
        token: bearer(headers),
        action,
        if_match: if_match(headers)?,
        expected_version,
        idempotency_key: idempotency_key(headers)?,
        request_hash,
    };
    Ok(reply(app.registry.command(id, req).await?))
}

/// Submits a human move for the token's seat.
#[utoipa::path(post, path = "/v1/sessions/{id}/moves", tag = "sessions", request_body = super::dto::MoveRequest,
    params(("id" = String, Path, description = "Session id"),
           ("If-Match" = Option<String>, Header, description = "The ETag (version) the move is based on"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Applied and committed", body = super::dto::CommandDoc),
              (status = 400, description = "Malformed", body = Problem, content_type = "application/problem+json"),
              (status = 401, description = "No token", body = Problem, content_type = "application/problem+json"),
              (status = 403, description = "Token of another session", body = Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown session", body = Problem, content_type = "application/problem+json"),
              (status = 409, description = "Not your turn, or version conflict", body = Problem, content_type = "application/problem+json"),
              (status = 412, description = "If-Match failed", body = Problem, content_type = "application/problem+json"),
              (status = 413, description = "Body too large", body = Problem, content_type = "application/problem+json"),
              (status = 422, description = "Illegal move (names the rule)", body = Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = Problem, content_type = "application/problem+json")))]
pub async fn post_move(
    State(app): State<AppState>,
    Path(id): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let req: MoveRequest = json_body(&headers, &body)?;
    command(
        &app,
        &id,
        &headers,
        request_hash(&method, uri.path(), &headers, &body),
        Action::Move {
            mv: req.mv,
            dice: req.dice,
        },
        req.expected_version,
    )
    .await
}

/// Runs the bot's whole turn on the server.
#[utoipa::path(post, path = "/v1/sessions/{id}/bot-turn", tag = "sessions", request_body(content = super::dto::BotTurnRequest, description = "Optional"),
    params(("id" = String, Path, description = "Session id"),
           ("If-Match" = Option<String>, Header, description = "The ETag (version) the request is based on"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The bot's turn, committed", body = super::dto::CommandDoc),
              (status = 409, description = "Not the bot's turn", body = Problem, content_type = "application/problem+json"),
              (status = 422, description = "Table dice missing or wrong", body = Problem, content_type = "application/problem+json")))]
pub async fn bot_turn(
    State(app): State<AppState>,
    Path(id): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let req: BotTurnRequest = json_body(&headers, &body)?;
    command(
        &app,
        &id,
        &headers,
        request_hash(&method, uri.path(), &headers, &body),
        Action::BotTurn { dice: req.dice },
        req.expected_version,
    )
    .await
}

/// Takes back the token seat's last move when no bot turn followed it.
#[utoipa::path(post, path = "/v1/sessions/{id}/undo", tag = "sessions", request_body(content = super::dto::UndoRequest, description = "Optional"),
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Undone, committed as a command", body = super::dto::CommandDoc),
              (status = 409, description = "Nothing to undo", body = Problem, content_type = "application/problem+json")))]
pub async fn undo(
    State(app): State<AppState>,
    Path(id): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let req: UndoRequest = json_body(&headers, &body)?;
    command(
        &app,
        &id,
        &headers,
        request_hash(&method, uri.path(), &headers, &body),
        Action::Undo,
        req.expected_version,
    )
    .await
}

/// The legal moves of the token's seat now.
#[utoipa::path(get, path = "/v1/sessions/{id}/legal-moves", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Moves the seat may send now", body = Vec<Object>)))]
pub async fn legal_moves(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let moves = app.registry.legal_moves(&id, bearer(&headers)).await?;
    Ok(json_response(StatusCode::OK, moves, None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// Only commands after this version.
    #[serde(default)]
    after: u64,
    /// At most this many (default 1000).
    #[serde(default)]
    limit: Option<u64>,
}

/// The command log: every command with its payload and events.
#[utoipa::path(get, path = "/v1/sessions/{id}/log", tag = "sessions",
    params(("id" = String, Path, description = "Session id"), LogQuery),
    security(("seat_token" = [])),
    responses((status = 200, description = "The log", body = super::dto::LogDoc)))]
pub async fn log(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<LogQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let Query(q) = q.map_err(|e| ApiError::bad_request("invalid_query", e.body_text()))?;
    let (version, commands) = app
        .registry
        .log(
            &id,
            bearer(&headers),
            q.after,
            q.limit.unwrap_or(1000).min(10_000),
        )
        .await?;
    let body = json!({"id": id, "version": version, "commands": commands});
    Ok(json_response(
        StatusCode::OK,
        body.to_string(),
        Some(version),
    ))
}

/// Replays the log from the seed and compares with the stored snapshot.
#[utoipa::path(get, path = "/v1/sessions/{id}/verify", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The verdict", body = super::dto::VerifyDoc)))]
pub async fn verify(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let v: Value = app.registry.verify(&id, bearer(&headers)).await?;
    Ok(json_response(StatusCode::OK, v.to_string(), None))
}

/// Deletes the session and its log.
#[utoipa::path(delete, path = "/v1/sessions/{id}", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 204, description = "Deleted"),
              (status = 404, description = "Unknown session", body = Problem, content_type = "application/problem+json")))]
pub async fn delete(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let id = session_id(&id)?;
    app.registry.delete(&id, bearer(&headers)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Exports the session (options, seed, command log) for backup or another server.
#[utoipa::path(get, path = "/v1/sessions/{id}/export", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The export document (format ghostseat-session/1)", body = Object)))]
pub async fn export(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    let doc = app.registry.export(&id, bearer(&headers)).await?;
    Ok(json_response(StatusCode::OK, doc.to_string(), None))
}

/// Imports an exported session under a new id; the log is replayed and
/// checked first. Answers like session creation, with new seat tokens.
#[utoipa::path(post, path = "/v1/sessions/import", tag = "sessions", request_body(content = Object, description = "An export document"),
    responses((status = 201, description = "Imported", body = super::dto::CreatedDoc),
              (status = 400, description = "Not an export document", body = Problem, content_type = "application/problem+json"),
              (status = 422, description = "The log does not replay", body = Problem, content_type = "application/problem+json")))]
pub async fn import(
    State(app): State<AppState>,
    headers: HeaderMap,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let doc: Value = json_body(&headers, &body)?;
    let created = app.registry.import(&doc).await?;
    Ok(created_response(created))
}
