//! Every error leaves as RFC 9457 `application/problem+json` with a stable
//! `code`, a `detail` a player understands and, for rule violations, the
//! `rule` id.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::{Lang, Need, RuleErrorKind};
use crate::session::SessionError;

/// The problem document (RFC 9457), with ghostseat's extension members.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct Problem {
    /// `/problems/{code}`: a page that explains the problem.
    #[serde(rename = "type")]
    pub type_: String,
    pub title: String,
    pub status: u16,
    /// What is wrong, in words a player understands.
    pub detail: String,
    /// Stable machine code (`illegal_move`, `not_your_turn`, …).
    pub code: String,
    /// The rule id the request breaks, for rule errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The invalid option (a dotted path), for `invalid_options`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// The session's version now, for version conflicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// Everything the command needs from the table, in order, for
    /// `dice_needed` (send all of it again, not only the missing part).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needed: Option<Vec<Need>>,
    /// How many table items the request brought, for `dice_needed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent: Option<usize>,
}

/// An error on its way out.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub problem: Box<Problem>,
    pub retry_after: Option<u64>,
    /// The language of the answer, where the handler knows it (a seat's
    /// pinned language wins over `Accept-Language`, issue 18), and whether
    /// `detail` is written in it already (a rule's refusal).
    pub lang: Option<(Lang, bool)>,
}

/// The language an answer is in, as its handler decided (a response
/// extension, for the layers after the handler).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerLang(pub Lang);

impl ApiError {
    /// `code` must be in the catalogue (`super::problems`) with this status:
    /// its `type`, `/problems/{code}`, serves that entry's page.
    pub fn new(status: StatusCode, code: &str, detail: impl Into<String>) -> Self {
        debug_assert!(
            super::problems::find(code).is_some_and(|p| p.status == status.as_u16()),
            "problem code {code} ({status}) is not in src/api/problems.rs"
        );
        ApiError {
            status,
            problem: Box::new(Problem {
                type_: format!("/problems/{code}"),
                title: status.canonical_reason().unwrap_or("Error").to_string(),
                status: status.as_u16(),
                detail: detail.into(),
                code: code.to_string(),
                ..Problem::default()
            }),
            retry_after: None,
            lang: None,
        }
    }
    pub fn rule(mut self, rule: &str) -> Self {
        self.problem.rule = Some(rule.to_string());
        self
    }
    pub fn version(mut self, v: u64) -> Self {
        self.problem.version = Some(v);
        self
    }
    pub fn retry_after(mut self, secs: u64) -> Self {
        self.retry_after = Some(secs);
        self
    }
    /// The answer is for a reader of `lang`; `localized`: `detail` is in
    /// that language already.
    pub fn answer_lang(mut self, lang: Lang, localized: bool) -> Self {
        self.lang = Some((lang, localized));
        self
    }
    pub fn bad_request(code: &str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, detail)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&*self.problem).unwrap_or_default();
        let mut res = (self.status, body).into_response();
        let h = res.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let Some(s) = self.retry_after {
            h.insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            h.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some((lang, localized)) = self.lang {
            if localized {
                h.insert(
                    header::CONTENT_LANGUAGE,
                    HeaderValue::from_static(lang.tag()),
                );
            }
            res.extensions_mut().insert(AnswerLang(lang));
        }
        res
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        use SessionError as E;
        let detail = e.to_string();
        match e {
            E::UnknownGame(_) => ApiError::new(StatusCode::NOT_FOUND, "unknown_game", detail),
            E::NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, "unknown_session", detail),
            E::MissingToken => ApiError::new(StatusCode::UNAUTHORIZED, "missing_token", detail),
            E::WrongToken => ApiError::new(StatusCode::FORBIDDEN, "wrong_token", detail),
            E::Malformed(m) => ApiError::bad_request("malformed", m),
            E::BadTicket => ApiError::new(StatusCode::UNAUTHORIZED, "invalid_ticket", detail),
            E::SeedNotAllowed => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "seed_not_allowed", detail)
                    .rule("SESSION-SEED-1")
            }
            E::OperatorOnly(_) => ApiError::new(StatusCode::FORBIDDEN, "operator_only", detail),
            E::TooManyStreams(_) => {
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_streams", detail)
                    .retry_after(30)
            }
            E::Rule(r) => {
                // Written out in full: the catalogue test reads these pairs.
                let (status, code) = match &r.kind {
                    RuleErrorKind::Illegal => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
                    RuleErrorKind::OutOfTurn => (StatusCode::CONFLICT, "not_your_turn"),
                    RuleErrorKind::GameOver => (StatusCode::CONFLICT, "game_over"),
                    RuleErrorKind::BadOptions { .. } => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_options")
                    }
                    RuleErrorKind::TableInputNeeded { .. } => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "dice_needed")
                    }
                    RuleErrorKind::TableInputUnused { .. } => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "unused_table_input")
                    }
                    RuleErrorKind::TableInputNotAllowed => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "table_input_not_allowed")
                    }
                };
                let mut a = ApiError::new(status, code, r.detail.to_string()).rule(&r.rule);
                match r.kind {
                    RuleErrorKind::BadOptions { option } => a.problem.option = option,
                    RuleErrorKind::TableInputNeeded { needed, sent } => {
                        a.problem.needed = Some(needed);
                        a.problem.sent = Some(sent);
                    }
                    _ => {}
                }
                a
            }
            E::VersionConflict { current, .. } => {
                ApiError::new(StatusCode::CONFLICT, "version_conflict", detail).version(current)
            }
            E::PreconditionFailed { current, .. } => ApiError::new(
                StatusCode::PRECONDITION_FAILED,
                "precondition_failed",
                detail,
            )
            .version(current),
            E::NothingToUndo(_) => ApiError::new(StatusCode::CONFLICT, "nothing_to_undo", detail),
            E::NotUndoable(_) => {
                ApiError::new(StatusCode::CONFLICT, "not_undoable", detail).rule("SESSION-UNDO-2")
            }
            E::Legacy(_) => ApiError::new(StatusCode::CONFLICT, "legacy_session", detail),
            E::IdempotencyKeyReused => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "idempotency_key_reused",
                detail,
            ),
            E::Busy => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", detail).retry_after(1)
            }
            E::ShuttingDown => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "shutting_down", detail)
                    .retry_after(5)
            }
            E::Store(err) => {
                tracing::error!(error = %err, "store error");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "storage_unavailable",
                    "the database refused the write; nothing was applied, retry later",
                )
                .retry_after(5)
            }
            E::Internal(m) => {
                tracing::error!(error = %m, "internal error");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "an internal error occurred; nothing was applied",
                )
            }
        }
    }
}
