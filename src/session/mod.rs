//! Sessions: one tokio task (actor) per live session owns its state and
//! applies one command at a time; the [`Registry`] starts, finds and retires
//! actors. A command is committed to the store before its reply is sent, then
//! published to subscribers.

mod actor;
pub mod around;
mod auth;
mod error;
pub mod fairness;
mod registry;
mod render;
pub mod replay;
mod sealed;

pub use actor::{
    redact_table, Action, CommandRequest, IdempotencyKey, LogEntry, Meta, Reply, Subscription,
    SNAPSHOT_EVERY, UNDO_FRAMES_KEPT,
};
pub use around::{NoticeFormat, Notifier, CHECKPOINT_EVERY};
pub use auth::{hash_token, new_token, seat_of, Credential};
pub use error::SessionError;
pub use registry::{
    Created, Deleted, Registry, RegistryConfig, SeatingRequest, StreamGuard, LOG_PAGE,
    MAX_COMMAND_PAYLOAD, MAX_IMPORT_BODY, MAX_IMPORT_COMMANDS, MAX_TICKETS_PER_SEAT, PEER_PIN_TTL,
    TICKET_TTL,
};
pub use render::{Part, RenderCounts, RenderTally, Renders, RENDERS_KEPT};
