//! Session routes: create, read, write (moves, bot turns, undo), log, verify,
//! export/import, delete.

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;

use super::error::ApiError;
use super::extract::{json_body, session_id, AcceptLanguage, CommandHead, Seat, SessionId};
use super::responses::{BodyProblems, CommandProblems, EdgeProblems, SeatProblems};
use super::schema;
use super::{AppState, Body, JsonBody};
use crate::engine::Lang;
use crate::session::{Action, CommandRequest, Created, Credential, Deleted, IdempotencyKey, Reply};
use crate::wire::{
    BotTurnRequest, CreateSession, DeleteDoc, GameIdPart, LanguagePinDoc, LanguagePinRequest,
    LogDoc, MoveRequest, StreamTicketDoc, UndoRequest,
};

/// A JSON answer with its `ETag` (the version) and `Content-Language`.
pub(super) fn json_response(
    status: StatusCode,
    body: String,
    version: Option<u64>,
    lang: Option<Lang>,
) -> Response {
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
    if let Some(l) = lang {
        h.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(l.tag()));
        h.insert(header::VARY, HeaderValue::from_static("accept-language"));
    }
    res
}

/// The language of the answer to a seat's request: the language
/// the seat pinned (`PUT …/language`), else the request's `Accept-Language`.
/// The caller hashes the token once, for this and for the request itself.
pub(super) async fn seat_lang(
    app: &AppState,
    id: &str,
    token: Option<&Credential>,
    asked: Lang,
) -> Lang {
    app.registry.answer_lang(id, token, asked).await
}

/// A session error as the answer to a seat reading `lang`: a refusal's
/// detail is in that language already (the actor rendered it so).
fn seat_error(lang: Lang) -> impl FnOnce(crate::session::SessionError) -> ApiError {
    move |e| {
        use crate::session::SessionError as E;
        let localized = matches!(e, E::Rule(_) | E::NothingToUndo(_) | E::NotUndoable(_));
        ApiError::from(e).answer_lang(lang, localized)
    }
}

/// A created (or imported) session: its description, `ETag` and `Location`.
fn created_response(created: Created, lang: Lang) -> Response {
    let status = StatusCode::from_u16(created.status).unwrap_or(StatusCode::CREATED);
    let mut res = json_response(status, created.body, Some(created.version), Some(lang));
    if let Ok(loc) = HeaderValue::from_str(&format!("/v1/sessions/{}", created.id)) {
        res.headers_mut().insert(header::LOCATION, loc);
    }
    res
}

fn reply(r: Reply, lang: Lang, minimal: bool) -> Response {
    let mut res = json_response(
        StatusCode::from_u16(r.status).unwrap_or(StatusCode::OK),
        r.body,
        Some(r.version),
        Some(lang),
    );
    if minimal {
        res.headers_mut().insert(
            "preference-applied",
            HeaderValue::from_static("return=minimal"),
        );
    }
    res
}

/// A create's `Idempotency-Key` stands for the seats' tokens its first
/// answer holds, so it must be as hard to guess as a secret: at least 22
/// characters from the base64url alphabet (128 bits of a random key; a
/// random UUID's 36 characters qualify).
fn create_key_is_random_enough(key: &str) -> Result<(), ApiError> {
    let ok = key.len() >= 22
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        return Ok(());
    }
    Err(ApiError::bad_request(
        "idempotency_key_too_short",
        "a create's Idempotency-Key must be at least 22 characters of letters, digits, '-' and '_' (16 random bytes in base64url, or a random UUID)",
    )
    .de("Der `Idempotency-Key` eines Anlegens muss mindestens 22 Zeichen aus Buchstaben, Ziffern, '-' und '_' haben (16 Zufallsbytes in base64url oder eine zufällige UUID)."))
}

/// Creates a session. Between people (`seating: invite`, the default) the
/// answer carries the creator's own token and a one-time invite code for
/// every other human seat; with `pass_and_play`, and in a solo game, every
/// human seat's token.
#[utoipa::path(post, path = "/v1/sessions", tag = "sessions", request_body = schema::CreateSession,
    params(("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key and body returns the same session. The key must carry at least 128 random bits (22 or more characters of letters, digits, '-' and '_'; a random UUID qualifies), since a retry while nothing has happened yet answers the seats' tokens and invite codes again; once any command was applied, a seat claimed or a token rotated, a retry answers the session without any token or code."),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`: the language of the answer's texts")),
    responses((status = 201, description = "Created", body = schema::CreatedDoc),
              EdgeProblems,
              BodyProblems,
              (status = 400, description = "Malformed body, unknown option field, bad seed, or an Idempotency-Key shorter than 128 bits (`idempotency_key_too_short`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown game, or `seat` names no human seat", body = schema::Problem, content_type = "application/problem+json"),
              (status = 409, description = "The Idempotency-Key's session was played since", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "An option is invalid (`option` names it), a chosen seed in a game between people without the operator's token, or the Idempotency-Key was used for another request", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Storage unavailable or shutting down; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn create(
    State(app): State<AppState>,
    head: CommandHead,
    body: JsonBody<CreateSession>,
) -> Result<Response, ApiError> {
    let req = body.value;
    let seed = match &req.seed {
        None => None,
        Some(s) => Some(s.value().ok_or_else(|| {
            ApiError::bad_request("invalid_seed", "seed must be an integer from 0 to 2^64-1")
        })?),
    };
    let idem = head.idempotency(&body.raw);
    if let Some(k) = &idem {
        create_key_is_random_enough(&k.key)?;
    }
    let lang = head.lang;
    let seating = crate::session::SeatingRequest {
        choice: req.seating,
        creator: req.seat.clone(),
    };
    // The session does not exist yet, but its seats do: a setup roll asked
    // of the table names them ("Player A's die"), not "seat 0".
    let seats = new_seats(&app, &req.game, &req.options);
    let cx = crate::engine::TextCx::new(lang, &seats);
    // The setup's table input (ARLE-SET-3's die) goes into the stored
    // options: a replay starts from them alone.
    let options = match app.registry.game(&req.game) {
        Ok(g) if !req.table.is_empty() => g
            .setup_table(&req.options, &req.table)
            .map_err(|e| crate::session::SessionError::from_engine(e).localized(&cx))?,
        _ => req.options.clone(),
    };
    let created = app
        .registry
        .create(&req.game, &options, seed, seating, idem, lang, head.seat)
        .await
        .map_err(|e| e.localized(&cx))?;
    Ok(created_response(created, lang))
}

/// The seats a new session of `game` with `options` will have (none if the
/// game or its options are unknown: the create refuses those anyway).
fn new_seats(app: &AppState, game: &str, options: &Value) -> Vec<crate::engine::SeatInfo> {
    let Ok(g) = app.registry.game(game) else {
        return Vec::new();
    };
    g.options(options)
        .and_then(|o| g.seats(&o))
        .unwrap_or_default()
}

/// The table as the token's seat may see it, whose turn it is and what that seat may do.
#[utoipa::path(get, path = "/v1/sessions/{id}", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The session", body = schema::SessionDoc),
              SeatProblems,
              (status = 409, description = "A session from an earlier rules version that no longer replays", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn get(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
) -> Result<Response, ApiError> {
    let lang = seat_lang(&app, &id, token.as_ref(), asked).await;
    let (body, version) = app
        .registry
        .view(&id, token, lang)
        .await
        .map_err(seat_error(lang))?;
    Ok(json_response(
        StatusCode::OK,
        body,
        Some(version),
        Some(lang),
    ))
}

async fn command(
    app: &AppState,
    id: &str,
    head: CommandHead,
    idempotency: Option<IdempotencyKey>,
    action: Action,
    expected_version: Option<u64>,
) -> Result<Response, ApiError> {
    let lang = seat_lang(app, id, head.seat.as_ref(), head.lang).await;
    let minimal = head.minimal;
    let req = CommandRequest {
        token: head.seat,
        action,
        if_match: head.if_match,
        expected_version,
        idempotency,
        lang,
        minimal,
    };
    let replied = app
        .registry
        .command(id, req)
        .await
        .map_err(seat_error(lang))?;
    Ok(reply(replied, lang, minimal))
}

/// Submits a human move for the token's seat.
#[utoipa::path(post, path = "/v1/sessions/{id}/moves", tag = "sessions", request_body = schema::MoveRequest,
    params(("id" = String, Path, description = "Session id"),
           ("If-Match" = Option<String>, Header, description = "The ETag (version) the move is based on"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer"),
           ("Prefer" = Option<String>, Header, description = "`return=minimal`: answer without `view` and `legal_moves`"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Applied and committed", body = schema::CommandDoc),
              CommandProblems,
              (status = 400, description = "Malformed body or move, bad header", body = schema::Problem, content_type = "application/problem+json"),
              (status = 409, description = "Not your turn, game over, version conflict (`expected_version`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "Illegal move (names the rule), table input missing (`needed`), unused or not allowed, or a reused Idempotency-Key", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn post_move(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    head: CommandHead,
    body: JsonBody<MoveRequest>,
) -> Result<Response, ApiError> {
    let idempotency = head.idempotency(&body.raw);
    let req = body.value;
    command(
        &app,
        &id,
        head,
        idempotency,
        Action::Move {
            mv: req.mv,
            table: req.table,
        },
        req.expected_version,
    )
    .await
}

/// Runs the bot's whole turn on the server.
#[utoipa::path(post, path = "/v1/sessions/{id}/bot-turn", tag = "sessions", request_body(content = schema::BotTurnRequest, description = "Optional"),
    params(("id" = String, Path, description = "Session id"),
           ("If-Match" = Option<String>, Header, description = "The ETag (version) the request is based on"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer"),
           ("Prefer" = Option<String>, Header, description = "`return=minimal`: answer without `view` and `legal_moves`"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The bot's turn, committed", body = schema::CommandDoc),
              CommandProblems,
              (status = 409, description = "Not the bot's turn, game over, version conflict", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "Table input missing (`needed`), wrong, unused or not allowed", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn bot_turn(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    head: CommandHead,
    body: JsonBody<BotTurnRequest>,
) -> Result<Response, ApiError> {
    let idempotency = head.idempotency(&body.raw);
    let req = body.value;
    command(
        &app,
        &id,
        head,
        idempotency,
        Action::BotTurn { table: req.table },
        req.expected_version,
    )
    .await
}

/// Takes back the token seat's last move when nothing followed it and it
/// drew no server chance and revealed nothing hidden.
#[utoipa::path(post, path = "/v1/sessions/{id}/undo", tag = "sessions", request_body(content = schema::UndoRequest, description = "Optional"),
    params(("id" = String, Path, description = "Session id"),
           ("If-Match" = Option<String>, Header, description = "The ETag (version) the request is based on"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Undone, committed as a command", body = schema::CommandDoc),
              CommandProblems,
              (status = 409, description = "Nothing to undo, not undoable (it drew chance or revealed something), version conflict", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn undo(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    head: CommandHead,
    body: JsonBody<UndoRequest>,
) -> Result<Response, ApiError> {
    let idempotency = head.idempotency(&body.raw);
    let req = body.value;
    command(
        &app,
        &id,
        head,
        idempotency,
        Action::Undo,
        req.expected_version,
    )
    .await
}

/// The legal moves of the token's seat now.
#[utoipa::path(get, path = "/v1/sessions/{id}/legal-moves", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Moves the seat may send now", body = schema::LegalMovesDoc),
              SeatProblems,
              (status = 409, description = "A session from an earlier rules version that no longer replays", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn legal_moves(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
) -> Result<Response, ApiError> {
    let lang = seat_lang(&app, &id, token.as_ref(), asked).await;
    let moves = app
        .registry
        .legal_moves(&id, token, lang)
        .await
        .map_err(seat_error(lang))?;
    Ok(json_response(StatusCode::OK, moves, None, Some(lang)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// Only commands after this version.
    #[serde(default)]
    after: u64,
    /// At most this many: one page, 1000 entries by default and at most.
    /// A longer log is read in pages: ask again with `after` = the last
    /// `seq` of the page while it is below the answer's `version`.
    #[serde(default)]
    limit: Option<u64>,
    /// `en` or `de`: the language of this answer, over the seat's pinned
    /// language and `Accept-Language` (a log reads in either language).
    #[serde(default)]
    #[param(value_type = Option<String>, example = "de")]
    lang: Option<Lang>,
}

/// The command log: every command with its payload and events, as the token's seat may read it.
///
/// One page of at most 1000 commands after `after`; read a longer log page by page.
#[utoipa::path(get, path = "/v1/sessions/{id}/log", tag = "sessions",
    params(("id" = String, Path, description = "Session id"), LogQuery,
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The log", body = schema::LogDoc),
              SeatProblems,
              (status = 400, description = "Not a session id, or a bad query", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn log(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
    q: Result<Query<LogQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request("invalid_query", e.body_text()))?;
    let lang = match q.lang {
        Some(l) => l,
        None => seat_lang(&app, &id, token.as_ref(), asked).await,
    };
    let (version, commands, game) = app
        .registry
        .log(
            &id,
            token,
            q.after,
            q.limit
                .unwrap_or(crate::session::LOG_PAGE)
                .min(crate::session::LOG_PAGE),
            lang,
        )
        .await
        .map_err(seat_error(lang))?;
    let doc = LogDoc {
        id,
        game: GameIdPart(game),
        version,
        commands,
    };
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        Some(version),
        Some(lang),
    ))
}

/// Replays the log from the seed and compares with the stored snapshot.
#[utoipa::path(get, path = "/v1/sessions/{id}/verify", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The verdict", body = schema::VerifyDoc),
              SeatProblems,
              (status = 409, description = "A session from an earlier rules version that no longer replays", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn verify(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
) -> Result<Response, ApiError> {
    let v = app.registry.verify(&id, token).await?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&v).unwrap_or_default(),
        None,
        None,
    ))
}

/// Deletes the session and its log: at once with the operator's token;
/// with a seat token once every human seat has asked (solo: at once).
#[utoipa::path(delete, path = "/v1/sessions/{id}", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = []), ("operator_token" = [])),
    responses((status = 204, description = "Deleted"),
              (status = 202, description = "Consent recorded; waiting for the other human seats", body = schema::DeleteDoc),
              SeatProblems))]
pub async fn delete(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
) -> Result<Response, ApiError> {
    match app.registry.delete(&id, token).await? {
        Deleted::Now => Ok(StatusCode::NO_CONTENT.into_response()),
        Deleted::Waiting {
            consented,
            waiting_for,
        } => {
            let seats = app.registry.seat_ids(&id).await?;
            let ids = |v: Vec<u8>| {
                v.into_iter()
                    .filter_map(|s| seats.get(usize::from(s)).cloned())
                    .collect()
            };
            let doc = DeleteDoc {
                consented: ids(consented),
                waiting_for: ids(waiting_for),
            };
            Ok(json_response(
                StatusCode::ACCEPTED,
                serde_json::to_string(&doc).unwrap_or_default(),
                None,
                None,
            ))
        }
    }
}

/// The token's seat resigns: the game ends there (logged as a command;
/// with two people the other seat wins).
#[utoipa::path(post, path = "/v1/sessions/{id}/resign", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key returns the first answer"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Resigned, committed as a command", body = schema::CommandDoc),
              SeatProblems,
              (status = 400, description = "Not a session id, or a bad header", body = schema::Problem, content_type = "application/problem+json"),
              (status = 409, description = "The game is already over", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "A reused Idempotency-Key", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy, shutting down or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn resign(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    head: CommandHead,
    body: JsonBody<UndoRequest>,
) -> Result<Response, ApiError> {
    let idempotency = head.idempotency(&body.raw);
    let req = body.value;
    command(
        &app,
        &id,
        head,
        idempotency,
        Action::Resign,
        req.expected_version,
    )
    .await
}

/// Exports the session (options, seed, command log) for backup or another
/// server: the operator at any time, any seat once the game is over.
#[utoipa::path(get, path = "/v1/sessions/{id}/export", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = []), ("operator_token" = [])),
    responses((status = 200, description = "The export document", body = schema::ExportDoc),
              SeatProblems,
              (status = 403, description = "Token of another session, or a seat's token while the game runs", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn export(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
) -> Result<Response, ApiError> {
    let doc = app.registry.export(&id, token).await?;
    Ok(json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    ))
}

/// Imports an exported session under a new id (operator only); the log is
/// replayed and checked first. Answers like session creation, with new
/// seat tokens.
#[utoipa::path(post, path = "/v1/sessions/import", tag = "sessions", request_body(content = schema::ExportDoc, description = "An export document"),
    params(("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("operator_token" = [])),
    responses((status = 201, description = "Imported", body = schema::CreatedDoc),
              SeatProblems,
              BodyProblems,
              (status = 400, description = "Not an export document", body = schema::Problem, content_type = "application/problem+json"),
              (status = 403, description = "Not the operator's token", body = schema::Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown game", body = schema::Problem, content_type = "application/problem+json"),
              (status = 413, description = "Body too large: this route takes up to 46,145,536 bytes (or `--max-body`, if larger), enough for an export of any session the server accepted (20,000 commands of at most 2,048 bytes each)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 422, description = "Invalid options, or the log does not replay", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn import(
    State(app): State<AppState>,
    Seat(caller): Seat,
    AcceptLanguage(lang): AcceptLanguage,
    req: axum::extract::Request,
) -> Result<Response, ApiError> {
    // The route takes an export of any size this server can hold: only
    // the operator's body is read.
    if caller.is_none() {
        return Err(crate::session::SessionError::MissingToken.into());
    }
    if !app.registry.is_operator(&caller) {
        return Err(crate::session::SessionError::OperatorOnly(
            "only the operator may import a session".into(),
        )
        .into());
    }
    let JsonBody { value: doc, .. } =
        <JsonBody<Value> as axum::extract::FromRequest<AppState>>::from_request(req, &app).await?;
    let created = app
        .registry
        .import(&doc, lang, caller)
        .await
        .map_err(|e| e.localized(&crate::engine::TextCx::new(lang, &[])))?;
    Ok(created_response(created, lang))
}

/// A short-lived, single-use ticket to open the session's stream from a
/// browser (`new EventSource(url)` cannot send the token).
#[utoipa::path(post, path = "/v1/sessions/{id}/stream-tickets", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 201, description = "A ticket for one stream", body = schema::StreamTicketDoc),
              SeatProblems,
              (status = 503, description = "Too many open tickets or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn stream_ticket(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
) -> Result<Response, ApiError> {
    let ticket = app.registry.issue_ticket(&id, token).await?;
    let doc = StreamTicketDoc {
        url: format!("/v1/sessions/{id}/stream?ticket={ticket}"),
        ticket,
        expires_in: crate::session::TICKET_TTL.as_secs(),
    };
    let mut res = json_response(
        StatusCode::CREATED,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// The seat's language pin as a document, in `lang`.
fn language_response(seat: crate::wire::SeatRef, language: Option<Lang>, lang: Lang) -> Response {
    json_response(
        StatusCode::OK,
        serde_json::to_string(&LanguagePinDoc { seat, language }).unwrap_or_default(),
        None,
        Some(lang),
    )
}

/// The language the token's seat pinned for its answers, if any.
#[utoipa::path(get, path = "/v1/sessions/{id}/language", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The seat's pin (`language` null: none)", body = schema::LanguagePinDoc),
              SeatProblems))]
pub async fn get_language(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
) -> Result<Response, ApiError> {
    let (seat, pin) = app.registry.language_pin(&id, token).await?;
    Ok(language_response(seat, pin, pin.unwrap_or(asked)))
}

/// Pins the language of every text the token's seat reads (answers, stream
/// entries, errors), whatever its devices send as `Accept-Language`.
#[utoipa::path(put, path = "/v1/sessions/{id}/language", tag = "sessions", request_body = schema::LanguagePinRequest,
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "Pinned", body = schema::LanguagePinDoc),
              SeatProblems,
              BodyProblems,
              (status = 400, description = "Not a session id, or not a language the server writes", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn pin_language(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    JsonBody { value: req, .. }: JsonBody<LanguagePinRequest>,
) -> Result<Response, ApiError> {
    let seat = app
        .registry
        .pin_language(&id, token, Some(req.language))
        .await?;
    Ok(language_response(seat, Some(req.language), req.language))
}

/// Clears the seat's pin: answers follow each request's `Accept-Language` again.
#[utoipa::path(delete, path = "/v1/sessions/{id}/language", tag = "sessions",
    params(("id" = String, Path, description = "Session id"),
           ("Accept-Language" = Option<String>, Header, description = "`en` or `de`")),
    security(("seat_token" = [])),
    responses((status = 200, description = "No pin now", body = schema::LanguagePinDoc),
              SeatProblems))]
pub async fn unpin_language(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(token): Seat,
    AcceptLanguage(asked): AcceptLanguage,
) -> Result<Response, ApiError> {
    let seat = app.registry.pin_language(&id, token, None).await?;
    Ok(language_response(seat, None, asked))
}

/// A seat's fresh token as the answer to a claim or a rotation.
fn seat_token_response(seat: crate::wire::SeatRef, token: String) -> Response {
    let doc = crate::wire::SeatTokenDoc { seat, token };
    json_response(
        StatusCode::OK,
        serde_json::to_string(&doc).unwrap_or_default(),
        None,
        None,
    )
}

/// Takes a seat with the one-time invite code the creator was given for it
/// (rule SESSION-SEAT-2): the answer is the seat's own token, and the code
/// is spent. No `Authorization`: the code is the credential.
///
/// A seat of a rematch (`POST …/rematch`) is claimed instead with the seat's
/// token of the finished game in `Authorization` and no `invite` (an empty
/// body or `{}`), once (rule SESSION-REMATCH-2).
#[utoipa::path(post, path = "/v1/sessions/{id}/seats/{seat}/claim", tag = "sessions", request_body = schema::ClaimRequest,
    params(("id" = String, Path, description = "Session id"),
           ("seat" = String, Path, description = "The seat's id (`seats[].id` of the create answer)")),
    security((), ("seat_token" = [])),
    responses((status = 200, description = "The seat is yours: its token, shown only here", body = schema::SeatTokenDoc),
              SeatProblems,
              BodyProblems,
              (status = 400, description = "Not a session id, or a malformed body", body = schema::Problem, content_type = "application/problem+json"),
              (status = 401, description = "Neither an invite code nor the old game's token (`missing_token`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 403, description = "Not this seat's invite code, or not this seat's token of the finished game (`invite_invalid`)", body = schema::Problem, content_type = "application/problem+json"),
              (status = 404, description = "Unknown session, or no human seat by that id", body = schema::Problem, content_type = "application/problem+json"),
              (status = 409, description = "The seat was claimed already (`invite_claimed`)", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn claim(
    State(app): State<AppState>,
    Path((id, seat)): Path<(String, String)>,
    headers: HeaderMap,
    Seat(old_token): Seat,
    AcceptLanguage(l): AcceptLanguage,
    Body(body): Body,
) -> Result<Response, ApiError> {
    let id = session_id(&id)?;
    // A rematch seat is claimed with the old game's token and no code.
    let (seat, token) = match (old_token, body.is_empty()) {
        (Some(old), true) => app.registry.claim_with_token(&id, &seat, &old).await,
        (old, _) => {
            let req: crate::wire::ClaimRequest = json_body(&headers, &body)?;
            match (req.invite, old) {
                (Some(code), _) => app.registry.claim(&id, &seat, &code).await,
                (None, Some(old)) => app.registry.claim_with_token(&id, &seat, &old).await,
                (None, None) => Err(crate::session::SessionError::MissingToken),
            }
        }
    }
    .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(seat_token_response(seat, token))
}

/// Gives the token's seat a new token (rule SESSION-SEAT-1): from this
/// answer on, the old token is refused (`401`/`403`) and stream tickets
/// made with it open nothing.
#[utoipa::path(post, path = "/v1/sessions/{id}/seats/me/token", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    security(("seat_token" = [])),
    responses((status = 200, description = "The seat's new token, shown only here", body = schema::SeatTokenDoc),
              SeatProblems,
              (status = 403, description = "Token of another session, or one rotated away", body = schema::Problem, content_type = "application/problem+json"),
              (status = 503, description = "Busy or storage unavailable; retry", body = schema::Problem, content_type = "application/problem+json")))]
pub async fn rotate_token(
    State(app): State<AppState>,
    SessionId(id): SessionId,
    Seat(old): Seat,
    AcceptLanguage(l): AcceptLanguage,
) -> Result<Response, ApiError> {
    let (seat, token) = app
        .registry
        .rotate_token(&id, old)
        .await
        .map_err(|e| ApiError::from(e).answer_lang(l, false))?;
    Ok(seat_token_response(seat, token))
}
