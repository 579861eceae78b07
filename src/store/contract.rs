//! What the server asks of a store, declared once: both backends
//! ([`super::SqliteStore`], [`super::pg::PgStore`]) implement it, and
//! [`super::Store`] implements it by handing each call to the backend it
//! holds. What only one backend has (a backup, a WAL checkpoint, the
//! peers' commit announcements) stays inherent.
//!
//! The futures are `Send`: actors and request handlers await them on any
//! worker thread.

use super::{
    CommandRow, CommitCommand, Head, IdempotencyRecord, IdempotentReply, NewTicket, SeatLanguages,
    SessionRow, StoreError,
};
use std::future::Future;
use std::time::Duration;

/// A store of sessions, their command logs, idempotency records and what
/// sits beside a session (language pins, extras, stream tickets).
pub trait SessionStore {
    /// Cheap readiness probe.
    fn ping(&self) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Writes a new session at its version (0 when created, more when imported).
    fn create_session(
        &self,
        row: &SessionRow,
        idem: Option<IdempotencyRecord>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Commits one command: the log row, the new snapshot and RNG position,
    /// and the idempotency record, atomically (batched with other sessions'
    /// commands by the writer), if the session is still at `c.seq - 1`;
    /// otherwise [`StoreError::Stale`] and nothing is written.
    fn commit(&self, c: CommitCommand) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A session's row at its head: the version and dice position of the
    /// last command, and the latest snapshot.
    fn load_session(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<SessionRow>, StoreError>> + Send;

    /// The version a session has in the database (another process sharing
    /// it may have moved it on), if it exists.
    fn stored_version(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<u64>, StoreError>> + Send;

    /// The heads (version and seat credentials) of the sessions `ids` that
    /// exist, for replicas (`--peer-poll-ms`): a live copy whose credentials
    /// differ was overtaken by a claim or a token rotation elsewhere.
    fn heads(&self, ids: Vec<String>)
        -> impl Future<Output = Result<Vec<Head>, StoreError>> + Send;

    /// Commands with `seq > after`, in order, at most `limit`.
    fn commands(
        &self,
        id: &str,
        after: u64,
        limit: u64,
    ) -> impl Future<Output = Result<Vec<CommandRow>, StoreError>> + Send;

    /// The answer kept for `key` in `scope`, if a request with that
    /// `Idempotency-Key` was answered before.
    fn idempotent_reply(
        &self,
        scope: &str,
        key: &str,
    ) -> impl Future<Output = Result<Option<IdempotentReply>, StoreError>> + Send;

    /// Writes an imported session and its whole log in one transaction.
    fn import_session(
        &self,
        row: SessionRow,
        commands: Vec<CommandRow>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Replaces a session's seat credentials (`old` by `new`) if they are
    /// still `old`: a claimed invite or a rotated token. False when another
    /// request changed them first (or the session is gone).
    fn swap_token_hashes(
        &self,
        id: &str,
        old: &[String],
        new: &[String],
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Pins the language of `seat`'s answers (None clears the pin).
    fn pin_language(
        &self,
        id: &str,
        seat: u8,
        lang: Option<crate::engine::Lang>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A session's token hashes (index = seat) and its seats' language
    /// pins, if the session exists: what a request needs to find the
    /// language its seat pinned, without loading the snapshot.
    fn seat_languages(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<SeatLanguages>, StoreError>> + Send;

    /// Keeps `value` under (`kind`, `key`) beside session `id` (see
    /// `session_extras`); with `replace` false only if nothing is there
    /// yet. True: kept.
    fn put_extra(
        &self,
        id: &str,
        kind: &'static str,
        key: &str,
        value: &str,
        replace: bool,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Removes (`kind`, `key`) beside session `id`; true if it was there.
    fn delete_extra(
        &self,
        id: &str,
        kind: &'static str,
        key: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Every (key, value) of `kind` beside session `id`, by key.
    fn extras(
        &self,
        id: &str,
        kind: &'static str,
    ) -> impl Future<Output = Result<Vec<(String, String)>, StoreError>> + Send;

    /// Replaces the snapshot of a session at `version` with one in the
    /// current state format (a session rebuilt from its log at load).
    fn resnapshot(
        &self,
        id: &str,
        version: u64,
        snapshot: Vec<u8>,
        rng_pos: u64,
        state_version: u32,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Keeps a stream ticket (its hash and the hash of the token it
    /// stands for) until `expires_ms`; false when the session already has
    /// `max` live tickets (or its seat `max_per_seat`).
    fn issue_ticket(
        &self,
        t: NewTicket<'_>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Uses a stream ticket up: the token hash it stood for, if it was
    /// live and the session's. The delete decides, so two redemptions of
    /// one ticket (on two replicas) cannot both win.
    fn redeem_ticket(
        &self,
        ticket_hash: &str,
        session: &str,
        now_ms: i64,
    ) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    /// Deletes a session, its log and its idempotency records.
    fn delete_session(&self, id: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Records that `seat` wants the session deleted; deletes it when every
    /// seat of `humans` has. True when deleted.
    fn consent_to_delete(
        &self,
        id: &str,
        seat: u8,
        humans: Vec<u8>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The seats that asked to delete the session.
    fn delete_consents(&self, id: &str)
        -> impl Future<Output = Result<Vec<u8>, StoreError>> + Send;

    /// Deletes up to `limit` sessions finished more than `finished` ago or
    /// untouched for `abandoned` (None: never). Returns how many.
    fn expire(
        &self,
        finished: Option<Duration>,
        abandoned: Option<Duration>,
        limit: u64,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send;
}
