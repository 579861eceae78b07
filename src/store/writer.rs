//! The single writer with group commit.
//!
//! Every write of the server goes through one thread that owns the only
//! write connection. It takes the first waiting job, then everything else
//! already queued (up to [`MAX_BATCH`]), and commits them in one
//! `BEGIN IMMEDIATE` transaction: one disk flush for the whole batch, while
//! each job still gets its own answer only after the commit. Each job runs
//! inside its own SAVEPOINT, so one failing job (a constraint, a stale
//! version) is rolled back alone and the others of the batch still commit.
//!
//! The writer is a plain OS thread with a `rusqlite` connection and cached
//! prepared statements, not an async task: an async driver sends every
//! statement to a worker thread and back, and under load those hops cost
//! more CPU than SQLite itself (issue 8).

use rusqlite::{params, Connection, OpenFlags};
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

use super::{CommitCommand, Durability, IdempotencyRecord, SessionRow, StoreError};

/// Most jobs in one transaction.
pub const MAX_BATCH: usize = 512;

/// A write.
pub(super) enum Op {
    Commit(Box<CommitCommand>),
    Create(Box<SessionRow>, Option<IdempotencyRecord>),
    /// A session with its whole log (import).
    Import(Box<SessionRow>, Vec<super::CommandRow>),
    Delete(String),
    /// A seat asks to delete; deletes when all `humans` have asked.
    ConsentToDelete {
        id: String,
        seat: u8,
        humans: Vec<u8>,
    },
    /// Deletes up to `limit` sessions finished longer than `finished_age`
    /// ago or untouched for `abandoned_age` (`-N seconds`; None: never).
    Expire {
        finished_age: Option<String>,
        abandoned_age: Option<String>,
        limit: u64,
    },
    RotateTokens(String, Vec<String>),
    /// A seat pins the language of its answers (`lang`, a BCP 47 tag), or
    /// clears the pin (None).
    PinLanguage {
        id: String,
        seat: u8,
        lang: Option<&'static str>,
    },
    /// A snapshot in the current state format at the session's version.
    Resnapshot {
        id: String,
        version: u64,
        snapshot: Vec<u8>,
        rng_pos: u64,
        state_version: u32,
    },
    /// A stream ticket (hashes only), unless the session already has
    /// `max` live ones; expired tickets of every session go first.
    IssueTicket {
        ticket_hash: String,
        session: String,
        token_hash: String,
        expires_ms: i64,
        now_ms: i64,
        max: u32,
    },
    /// Uses a ticket up: 1 if it was there, live and the session's.
    RedeemTicket {
        ticket_hash: String,
        session: String,
        now_ms: i64,
    },
    /// Outside any transaction: `VACUUM INTO`.
    Backup(String),
    /// Outside any transaction: `wal_checkpoint(TRUNCATE)`.
    Checkpoint,
}

impl Op {
    fn alone(&self) -> bool {
        matches!(self, Op::Backup(_) | Op::Checkpoint)
    }
}

pub(super) struct Job {
    pub op: Op,
    /// Rows the job changed (0 = it found nothing to do).
    pub reply: oneshot::Sender<Result<u64, StoreError>>,
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Failed(e.to_string())
    }
}

/// Opens the write connection with the server's settings.
pub(super) fn open(path: &Path, durability: Durability) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    let sync = match durability {
        Durability::Full => "FULL",
        Durability::Normal => "NORMAL",
    };
    conn.pragma_update(None, "synchronous", sync)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Checkpoints run on their own thread (`checkpointer`), not inside the
    // commits that every waiting reply depends on.
    conn.pragma_update(None, "wal_autocheckpoint", 0)?;
    conn.set_prepared_statement_cache_capacity(32);
    Ok(conn)
}

/// The writer loop; returns when every sender is gone.
pub(super) fn run(mut conn: Connection, mut rx: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = rx.blocking_recv() {
        if first.op.alone() {
            let r = alone(&conn, &first.op);
            let _ = first.reply.send(r);
            continue;
        }
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) if j.op.alone() => {
                    // Commit what we have first, then run it alone.
                    commit_batch(&mut conn, &mut batch);
                    let r = alone(&conn, &j.op);
                    let _ = j.reply.send(r);
                }
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        commit_batch(&mut conn, &mut batch);
    }
}

fn alone(conn: &Connection, op: &Op) -> Result<u64, StoreError> {
    match op {
        Op::Backup(path) => {
            conn.execute("VACUUM INTO ?1", [path])?;
            Ok(1)
        }
        Op::Checkpoint => {
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            Ok(1)
        }
        _ => Err(StoreError::Failed("not a stand-alone operation".into())),
    }
}

fn commit_batch(conn: &mut Connection, batch: &mut Vec<Job>) {
    if batch.is_empty() {
        return;
    }
    let started = Instant::now();
    let n = batch.len();
    let mut results: Vec<Result<u64, StoreError>> = Vec::with_capacity(n);
    let outcome: Result<(), StoreError> = (|| {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        for job in batch.iter() {
            results.push(one(conn, &job.op));
        }
        if let Err(e) = conn.execute_batch("COMMIT") {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(e.into());
        }
        Ok(())
    })();
    metrics::histogram!("ghostseat_commit_batch_size").record(n as f64);
    metrics::histogram!("ghostseat_commit_seconds").record(started.elapsed().as_secs_f64());
    match outcome {
        Ok(()) => {
            for (job, r) in batch.drain(..).zip(results) {
                if r.is_err() {
                    metrics::counter!("ghostseat_store_errors_total").increment(1);
                }
                let _ = job.reply.send(r);
            }
        }
        Err(e) => {
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            tracing::error!(error = %e, jobs = n, "commit failed");
            metrics::counter!("ghostseat_store_errors_total").increment(n as u64);
            for job in batch.drain(..) {
                let _ = job.reply.send(Err(e.clone()));
            }
        }
    }
}

/// One job inside its savepoint.
fn one(conn: &Connection, op: &Op) -> Result<u64, StoreError> {
    conn.prepare_cached("SAVEPOINT job")?.execute([])?;
    let r = apply(conn, op);
    if r.is_err() {
        conn.prepare_cached("ROLLBACK TO job")?.execute([])?;
    }
    conn.prepare_cached("RELEASE job")?.execute([])?;
    r
}

fn insert_session(conn: &Connection, row: &SessionRow) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO sessions (id, game, options, seed, version, status, rng_pos,
                               token_hashes, salt, public_seed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        row.id,
        row.game,
        row.options.to_string(),
        row.seed as i64, // u64 stored as its i64 bit pattern
        row.version as i64,
        row.status,
        row.rng_pos as i64,
        serde_json::to_string(&row.token_hashes).unwrap_or_default(),
        row.salt,
        row.public_seed as i64,
    ])?;
    put_snapshot(
        conn,
        &row.id,
        row.version,
        row.rng_pos,
        row.state_version,
        &row.snapshot,
    )
}

/// Stores a session's snapshot, replacing the one before.
fn put_snapshot(
    conn: &Connection,
    id: &str,
    version: u64,
    rng_pos: u64,
    state_version: u32,
    snapshot: &[u8],
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos, state_version, snapshot)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (session_id) DO UPDATE SET
             snapshot_version = excluded.snapshot_version,
             snapshot_rng_pos = excluded.snapshot_rng_pos,
             state_version = excluded.state_version,
             snapshot = excluded.snapshot",
    )?
    .execute(params![
        id,
        version as i64,
        rng_pos as i64,
        state_version as i64,
        snapshot
    ])?;
    Ok(())
}

/// Deletes a session with its log, consents and idempotency records.
fn delete_session(conn: &Connection, id: &str) -> Result<u64, StoreError> {
    conn.prepare_cached("DELETE FROM idempotency WHERE scope = ?1")?
        .execute([id])?;
    let n = conn
        .prepare_cached("DELETE FROM sessions WHERE id = ?1")?
        .execute([id])?;
    Ok(n as u64)
}

/// Keeps a first answer under its scope (the session id, or `create`).
fn insert_idempotency(
    conn: &Connection,
    scope: &str,
    r: &IdempotencyRecord,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO idempotency (scope, key, request_hash, status, body)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![scope, r.key, r.request_hash, r.status, r.body])?;
    Ok(())
}

fn apply(conn: &Connection, op: &Op) -> Result<u64, StoreError> {
    match op {
        Op::Commit(c) => {
            // The version guard first: a session another process moved on
            // is stale, not a duplicate command. The snapshot lives in its
            // own table: SQLite rewrites a whole
            // record on UPDATE, overflow pages included, so a snapshot in this
            // row would be written again on every command.
            let updated = conn
                .prepare_cached(
                    "UPDATE sessions SET version = ?1, rng_pos = ?2, status = ?3,
                     updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                     WHERE id = ?4 AND version = ?5",
                )?
                .execute(params![
                    c.seq as i64,
                    c.rng_pos as i64,
                    c.status,
                    c.session_id,
                    c.seq as i64 - 1
                ])?;
            if updated != 1 {
                return Err(StoreError::Stale {
                    session: c.session_id.clone(),
                    version: c.seq - 1,
                });
            }
            conn.prepare_cached(
                "INSERT INTO commands (session_id, seq, kind, seat, payload, events, idempotency_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                c.session_id,
                c.seq as i64,
                c.kind,
                c.seat,
                c.payload,
                c.events,
                c.idempotency.as_ref().map(|r| r.key.as_str()),
            ])?;
            if let Some(snapshot) = &c.snapshot {
                put_snapshot(
                    conn,
                    &c.session_id,
                    c.seq,
                    c.rng_pos,
                    c.state_version,
                    snapshot,
                )?;
            }
            if let Some(record) = &c.idempotency {
                insert_idempotency(conn, &c.session_id, record)?;
            }
            if c.kind == "resign" {
                conn.prepare_cached("UPDATE sessions SET resigned = ?1 WHERE id = ?2")?
                    .execute(params![c.seat, c.session_id])?;
            }
            Ok(1)
        }
        Op::Create(row, idem) => {
            insert_session(conn, row)?;
            if let Some(record) = idem {
                insert_idempotency(conn, "create", record)?;
            }
            Ok(1)
        }
        Op::Import(row, commands) => {
            insert_session(conn, row)?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO commands (session_id, seq, kind, seat, payload, events)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for c in commands {
                insert.execute(params![
                    row.id,
                    c.seq as i64,
                    c.kind,
                    c.seat,
                    c.payload.to_string(),
                    c.events,
                ])?;
            }
            Ok(1)
        }
        Op::Delete(id) => delete_session(conn, id),
        Op::IssueTicket {
            ticket_hash,
            session,
            token_hash,
            expires_ms,
            now_ms,
            max,
        } => {
            conn.prepare_cached("DELETE FROM stream_tickets WHERE expires_ms <= ?1")?
                .execute([now_ms])?;
            let live: i64 = conn
                .prepare_cached("SELECT count(*) FROM stream_tickets WHERE session_id = ?1")?
                .query_row([session], |r| r.get(0))?;
            if live >= i64::from(*max) {
                return Ok(0);
            }
            let n = conn
                .prepare_cached(
                    "INSERT INTO stream_tickets (ticket_hash, session_id, token_hash, expires_ms)
                     VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![ticket_hash, session, token_hash, expires_ms])?;
            Ok(n as u64)
        }
        Op::RedeemTicket {
            ticket_hash,
            session,
            now_ms,
        } => {
            let n = conn
                .prepare_cached(
                    "DELETE FROM stream_tickets
                     WHERE ticket_hash = ?1 AND session_id = ?2 AND expires_ms > ?3",
                )?
                .execute(params![ticket_hash, session, now_ms])?;
            Ok(n as u64)
        }
        Op::ConsentToDelete { id, seat, humans } => {
            conn.prepare_cached(
                "INSERT OR IGNORE INTO delete_consents (session_id, seat) VALUES (?1, ?2)",
            )?
            .execute(params![id, seat])?;
            let consented: Vec<u8> = conn
                .prepare_cached("SELECT seat FROM delete_consents WHERE session_id = ?1")?
                .query_map([id], |r| r.get::<_, u8>(0))?
                .collect::<Result<_, _>>()?;
            if humans.iter().all(|h| consented.contains(h)) {
                delete_session(conn, id)
            } else {
                Ok(0)
            }
        }
        Op::PinLanguage { id, seat, lang } => {
            let n = match lang {
                Some(lang) => conn
                    .prepare_cached(
                        "INSERT INTO seat_languages (session_id, seat, lang) VALUES (?1, ?2, ?3)
                         ON CONFLICT (session_id, seat) DO UPDATE SET lang = excluded.lang",
                    )?
                    .execute(params![id, seat, lang])?,
                None => conn
                    .prepare_cached(
                        "DELETE FROM seat_languages WHERE session_id = ?1 AND seat = ?2",
                    )?
                    .execute(params![id, seat])?,
            };
            Ok(n as u64)
        }
        Op::Expire {
            finished_age,
            abandoned_age,
            limit,
        } => {
            let ids: Vec<String> = conn
                .prepare_cached(
                    "SELECT id FROM sessions
                     WHERE (status = 'finished' AND ?1 IS NOT NULL
                            AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1))
                        OR (status = 'active' AND ?2 IS NOT NULL
                            AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2))
                     LIMIT ?3",
                )?
                .query_map(params![finished_age, abandoned_age, *limit as i64], |r| {
                    r.get(0)
                })?
                .collect::<Result<_, _>>()?;
            for id in &ids {
                delete_session(conn, id)?;
            }
            // Create answers are kept a day for retries; then they go.
            conn.prepare_cached(
                "DELETE FROM idempotency WHERE scope = 'create' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')",
            )?
            .execute([])?;
            Ok(ids.len() as u64)
        }
        Op::RotateTokens(id, hashes) => {
            let n = conn
                .prepare_cached(
                    "UPDATE sessions SET token_hashes = ?1 WHERE id = ?2 AND version = 0",
                )?
                .execute(params![
                    serde_json::to_string(hashes).unwrap_or_default(),
                    id
                ])?;
            Ok(n as u64)
        }
        Op::Resnapshot {
            id,
            version,
            snapshot,
            rng_pos,
            state_version,
        } => {
            // Only while the session is still at that version and position.
            let n = conn
                .prepare_cached(
                    "UPDATE snapshots SET snapshot = ?1, snapshot_version = ?2,
                     snapshot_rng_pos = ?3, state_version = ?4
                     WHERE session_id = ?5 AND EXISTS (
                         SELECT 1 FROM sessions WHERE id = ?5 AND version = ?2 AND rng_pos = ?3)",
                )?
                .execute(params![
                    snapshot,
                    *version as i64,
                    *rng_pos as i64,
                    *state_version as i64,
                    id
                ])?;
            Ok(n as u64)
        }
        Op::Backup(_) | Op::Checkpoint => Err(StoreError::Failed("not a batch operation".into())),
    }
}

/// Copies the WAL back into the database file every `every`, on its own
/// connection and thread, so a commit never pays for a checkpoint. Ends when
/// `stop` disconnects (the store is gone).
pub(super) fn checkpointer(conn: Connection, stop: std::sync::mpsc::Receiver<()>, every: Duration) {
    use std::sync::mpsc::RecvTimeoutError;
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(every) {
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!(error = %e, "checkpoint failed");
        }
    }
}
