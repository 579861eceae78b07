//! What a session request can fail with; `api::error` maps each to a status.

use crate::engine::RuleError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("no game with id '{0}'")]
    UnknownGame(String),
    #[error("no session with id '{0}'")]
    NotFound(String),
    #[error("this request needs a seat token (Authorization: Bearer …)")]
    MissingToken,
    #[error("the token does not belong to this session")]
    WrongToken,
    #[error("{0}")]
    Malformed(String),
    /// The engine refused the command (422, or 409 when out of turn).
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the session is at version {current}, the request expected {expected}")]
    VersionConflict { current: u64, expected: u64 },
    #[error("If-Match names version {expected}, the session is at version {current}")]
    PreconditionFailed { current: u64, expected: u64 },
    #[error("the request sent {0} table dice the engine did not use; send exactly the dice the step needs")]
    UnusedDice(usize),
    #[error("{0}")]
    NothingToUndo(String),
    #[error("this Idempotency-Key was used for a different request")]
    IdempotencyKeyReused,
    #[error("the session is busy; retry shortly")]
    Busy,
    #[error("the server is shutting down")]
    ShuttingDown,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("internal error: {0}")]
    Internal(String),
}
