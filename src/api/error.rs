//! Every error leaves as RFC 9457 `application/problem+json` with a stable
//! `code`, a `detail` a player understands and, for rule violations, the
//! `rule` id.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::RuleErrorKind;
use crate::session::SessionError;

/// The problem document.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Problem {
    /// `/problems/{code}`
    #[serde(rename = "type")]
    pub type_: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Stable machine code (`illegal_move`, `not_your_turn`, …).
    pub code: String,
    /// The rule id the request breaks, for rule errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Extra fields (current version, dice needed, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<serde_json::Value>,
}

/// An error on its way out.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub problem: Box<Problem>,
    pub retry_after: Option<u64>,
}

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
                rule: None,
                extra: None,
            }),
            retry_after: None,
        }
    }
    pub fn rule(mut self, rule: &str) -> Self {
        self.problem.rule = Some(rule.to_string());
        self
    }
    pub fn extra(mut self, v: serde_json::Value) -> Self {
        self.problem.extra = Some(v);
        self
    }
    pub fn retry_after(mut self, secs: u64) -> Self {
        self.retry_after = Some(secs);
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
            E::Rule(r) => {
                let (status, code, extra) = match r.kind {
                    RuleErrorKind::Illegal => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move", None)
                    }
                    RuleErrorKind::OutOfTurn => (StatusCode::CONFLICT, "not_your_turn", None),
                    RuleErrorKind::BadOptions => {
                        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_options", None)
                    }
                    RuleErrorKind::NeedDice { count } => (
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "dice_needed",
                        Some(serde_json::json!({"dice_needed": count})),
                    ),
                };
                let mut a = ApiError::new(status, code, r.detail.clone()).rule(&r.rule);
                a.problem.extra = extra;
                a
            }
            E::VersionConflict { current, .. } => {
                ApiError::new(StatusCode::CONFLICT, "version_conflict", detail)
                    .extra(serde_json::json!({"version": current}))
            }
            E::PreconditionFailed { current, .. } => ApiError::new(
                StatusCode::PRECONDITION_FAILED,
                "precondition_failed",
                detail,
            )
            .extra(serde_json::json!({"version": current})),
            E::UnusedDice(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unused_dice", detail)
            }
            E::NothingToUndo(_) => ApiError::new(StatusCode::CONFLICT, "nothing_to_undo", detail),
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
