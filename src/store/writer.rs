//! The single writer with group commit.
//!
//! Every write of the server goes through one task that owns the only write
//! connection. It takes the first waiting job, then everything else already
//! queued (up to [`MAX_BATCH`]), and commits them in one `BEGIN IMMEDIATE`
//! transaction: one disk flush for the whole batch, while each job still gets
//! its own answer only after the commit. Each job runs inside its own
//! SAVEPOINT, so one failing job (a constraint, a stale version) is rolled
//! back alone and the others of the batch still commit.

use sqlx::{Connection, SqliteConnection};
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

use super::{CommitCommand, SessionRow, StoreError};

/// Most jobs in one transaction.
pub const MAX_BATCH: usize = 512;

/// A write.
pub(super) enum Op {
    Commit(Box<CommitCommand>),
    Create(Box<SessionRow>, Option<(String, String, u16, String)>),
    /// A session with its whole log (import).
    Import(Box<SessionRow>, Vec<super::CommandRow>),
    Delete(String),
    RotateTokens(String, Vec<String>),
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
    pub reply: oneshot::Sender<Result<bool, StoreError>>,
}

pub(super) async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = rx.recv().await {
        if first.op.alone() {
            let r = alone(&mut conn, &first.op).await;
            let _ = first.reply.send(r);
            continue;
        }
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(j) if j.op.alone() => {
                    // Commit what we have first, then run it alone.
                    commit_batch(&mut conn, &mut batch).await;
                    let r = alone(&mut conn, &j.op).await;
                    let _ = j.reply.send(r);
                }
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        commit_batch(&mut conn, &mut batch).await;
    }
    let _ = conn.close().await;
}

async fn alone(conn: &mut SqliteConnection, op: &Op) -> Result<bool, StoreError> {
    match op {
        Op::Backup(path) => {
            sqlx::query("VACUUM INTO ?")
                .bind(path)
                .execute(&mut *conn)
                .await?;
            Ok(true)
        }
        Op::Checkpoint => {
            sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&mut *conn)
                .await?;
            Ok(true)
        }
        _ => Err(StoreError("not a stand-alone operation".into())),
    }
}

async fn commit_batch(conn: &mut SqliteConnection, batch: &mut Vec<Job>) {
    if batch.is_empty() {
        return;
    }
    let started = Instant::now();
    let n = batch.len();
    let mut results: Vec<Result<bool, StoreError>> = Vec::with_capacity(n);
    let begun = sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await;
    let outcome: Result<(), StoreError> = match begun {
        Err(e) => Err(e.into()),
        Ok(_) => {
            for job in batch.iter() {
                results.push(one(conn, &job.op).await);
            }
            match sqlx::query("COMMIT").execute(&mut *conn).await {
                Ok(_) => Ok(()),
                Err(e) => {
                    let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                    Err(e.into())
                }
            }
        }
    };
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
            tracing::error!(error = %e, jobs = n, "commit failed");
            metrics::counter!("ghostseat_store_errors_total").increment(n as u64);
            for job in batch.drain(..) {
                let _ = job.reply.send(Err(e.clone()));
            }
        }
    }
}

/// One job inside its savepoint.
async fn one(conn: &mut SqliteConnection, op: &Op) -> Result<bool, StoreError> {
    sqlx::query("SAVEPOINT job").execute(&mut *conn).await?;
    let r = apply(conn, op).await;
    match &r {
        Ok(_) => {
            sqlx::query("RELEASE job").execute(&mut *conn).await?;
        }
        Err(_) => {
            sqlx::query("ROLLBACK TO job").execute(&mut *conn).await?;
            sqlx::query("RELEASE job").execute(&mut *conn).await?;
        }
    }
    r
}

async fn apply(conn: &mut SqliteConnection, op: &Op) -> Result<bool, StoreError> {
    match op {
        Op::Commit(c) => {
            sqlx::query(
                "INSERT INTO commands (session_id, seq, kind, seat, payload, events, idempotency_key)
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&c.session_id)
            .bind(c.seq as i64)
            .bind(c.kind)
            .bind(c.seat.map(i64::from))
            .bind(c.payload.to_string())
            .bind(c.events.to_string())
            .bind(c.idempotency.as_ref().map(|(k, _)| k.as_str()))
            .execute(&mut *conn)
            .await?;
            let updated = sqlx::query(
                "UPDATE sessions SET version = ?, snapshot = ?, rng_pos = ?, status = ?,
                 updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND version = ?",
            )
            .bind(c.seq as i64)
            .bind(&c.snapshot)
            .bind(c.rng_pos as i64)
            .bind(c.status)
            .bind(&c.session_id)
            .bind(c.seq as i64 - 1)
            .execute(&mut *conn)
            .await?;
            if updated.rows_affected() != 1 {
                return Err(StoreError(format!(
                    "session {} is not at version {}",
                    c.session_id,
                    c.seq - 1
                )));
            }
            if let Some((key, hash)) = &c.idempotency {
                sqlx::query("INSERT INTO idempotency (scope, key, request_hash, status, body) VALUES (?, ?, ?, ?, ?)")
                    .bind(&c.session_id)
                    .bind(key)
                    .bind(hash)
                    .bind(i64::from(c.reply_status))
                    .bind(&c.reply_body)
                    .execute(&mut *conn)
                    .await?;
            }
            Ok(true)
        }
        Op::Create(row, idem) => {
            sqlx::query(
                "INSERT INTO sessions (id, game, options, seed, version, status, snapshot, rng_pos, token_hashes)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&row.id)
            .bind(&row.game)
            .bind(row.options.to_string())
            .bind(row.seed as i64)
            .bind(row.version as i64)
            .bind(&row.status)
            .bind(&row.snapshot)
            .bind(row.rng_pos as i64)
            .bind(serde_json::to_string(&row.token_hashes).unwrap_or_default())
            .execute(&mut *conn)
            .await?;
            if let Some((key, hash, status, body)) = idem {
                sqlx::query("INSERT INTO idempotency (scope, key, request_hash, status, body) VALUES ('create', ?, ?, ?, ?)")
                    .bind(key)
                    .bind(hash)
                    .bind(i64::from(*status))
                    .bind(body)
                    .execute(&mut *conn)
                    .await?;
            }
            Ok(true)
        }
        Op::Import(row, commands) => {
            Box::pin(apply(conn, &Op::Create(row.clone(), None))).await?;
            for c in commands {
                sqlx::query(
                    "INSERT INTO commands (session_id, seq, kind, seat, payload, events) VALUES (?, ?, ?, ?, ?, ?)",
                )
                .bind(&row.id)
                .bind(c.seq as i64)
                .bind(&c.kind)
                .bind(c.seat.map(i64::from))
                .bind(c.payload.to_string())
                .bind(c.events.to_string())
                .execute(&mut *conn)
                .await?;
            }
            Ok(true)
        }
        Op::Delete(id) => {
            sqlx::query("DELETE FROM idempotency WHERE scope = ?")
                .bind(id)
                .execute(&mut *conn)
                .await?;
            let r = sqlx::query("DELETE FROM sessions WHERE id = ?")
                .bind(id)
                .execute(&mut *conn)
                .await?;
            Ok(r.rows_affected() == 1)
        }
        Op::RotateTokens(id, hashes) => {
            let r =
                sqlx::query("UPDATE sessions SET token_hashes = ? WHERE id = ? AND version = 0")
                    .bind(serde_json::to_string(hashes).unwrap_or_default())
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            Ok(r.rows_affected() == 1)
        }
        Op::Backup(_) | Op::Checkpoint => Err(StoreError("not a batch operation".into())),
    }
}
