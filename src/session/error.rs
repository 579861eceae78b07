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
    #[error("the stream ticket is unknown, used or expired; ask for a new one with POST …/stream-tickets")]
    BadTicket,
    #[error("{0}")]
    Malformed(String),
    /// The engine refused the command (422, or 409 when out of turn).
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the session is at version {current}, the request expected {expected}")]
    VersionConflict { current: u64, expected: u64 },
    #[error("If-Match names version {expected}, the session is at version {current}")]
    PreconditionFailed { current: u64, expected: u64 },
    #[error("{0}")]
    NothingToUndo(String),
    /// The last move drew server chance or revealed something (SESSION-UNDO-2).
    #[error("{0}")]
    NotUndoable(String),
    /// A client seed in a game between people, without the operator.
    #[error("a chosen seed would let a player foresee the other players' cards and dice; in a game between people the server draws the seed (only the operator may choose one, for tests)")]
    SeedNotAllowed,
    /// An operator's action asked by somebody else.
    #[error("{0}")]
    OperatorOnly(String),
    /// Stream caps.
    #[error("{0}")]
    TooManyStreams(String),
    /// A session whose log no longer replays under the current rules.
    #[error("{0}")]
    Legacy(String),
    /// The seat's invite was claimed already (SESSION-SEAT-2).
    #[error("this seat has been claimed already; ask its player, or the creator for a new game")]
    InviteClaimed,
    /// The invite code is not this seat's (SESSION-SEAT-2).
    #[error("this invite code is not the one for this seat")]
    InviteInvalid,
    /// A seat id that names no seat a person can take.
    #[error("the session has no seat '{0}' that a person can take")]
    UnknownSeat(String),
    /// A past version beyond the session's (SESSION-AT-1).
    #[error("the session has no version {version}; it is at version {head}")]
    UnknownVersion { version: u64, head: u64 },
    /// Another seat's view of a past version before the end (SESSION-AT-2).
    #[error("another seat's view of the game is shown only once the game is over")]
    ViewpointHidden,
    /// A rematch of a game still being played (SESSION-REMATCH-1).
    #[error("a rematch is started from a finished game; this one is still being played")]
    NotFinished,
    /// A watch token that is not (or no longer) one of the session's.
    #[error("this watch token is unknown or was revoked")]
    WatchTokenInvalid,
    #[error("the session has no such watcher")]
    UnknownWatcher,
    #[error("the session has its most watchers already; revoke one first")]
    TooManyWatchers,
    /// A notice target the server will not post to (SESSION-NOTIFY-1).
    #[error("{}", .0.en)]
    NotifyRefused(super::around::TargetRefused),
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

impl SessionError {
    /// The error with a refusal's detail rendered in `cx`'s language, for
    /// the answer: the API layer writes details as they are.
    pub fn localized(self, cx: &crate::engine::TextCx<'_>) -> Self {
        match self {
            SessionError::Rule(r) => SessionError::Rule(r.localized(cx)),
            other => other,
        }
    }
}
