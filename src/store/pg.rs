//! The store on PostgreSQL: a `sqlx::PgPool` for reads and the
//! rarer writes, and one writer task per process that group-commits the
//! commands (the hot path) with ONE statement per batch, one round trip
//! (its data-modifying `WITH` parts are atomic together, so it needs no
//! `BEGIN` or `COMMIT`; see `write_commits`):
//! 1. the session rows locked in id order, then the version fence and the
//!    rows' update (`UPDATE sessions AS s … WHERE s.version = v.seq - 1
//!    RETURNING s.id`);
//! 2. the log rows of the sessions returned;
//! 3. their snapshots and idempotency records;
//! 4. a command whose session was not returned answers
//!    [`StoreError::Stale`] and wrote nothing.
//!
//! The rows travel as arrays (`UNNEST($1::text[], …)`) rather than as a
//! `VALUES` list with N × 7 parameters: the statement text is then the same
//! for every batch size, so it is prepared once per connection, and no
//! batch can exceed the 65,535 bind parameters of the protocol.
//!
//! If step 2 or 3 fails (a unique key: with the fence inside the same
//! statement that means a bug, not a race), the batch is rolled back and
//! done again command by command, each in a savepoint, so one bad command
//! never fails its batch.
//!
//! Every other write (create, import, delete, …) is rare and runs in its own
//! transaction on the pool; PostgreSQL orders them against the writer's.

use serde_json::Value;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::{Postgres, Row, Transaction};
use std::collections::HashSet;
use std::str::FromStr;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

use super::{
    CommandRow, CommitCommand, Durability, IdempotencyRecord, IdempotentReply, SeatLanguages,
    SessionRow, SessionStore, StoreError,
};

use super::migrations::POSTGRES_MIGRATOR as MIGRATOR;

/// Most commands in one transaction.
pub const MAX_BATCH: usize = 512;

/// A command's commit, queued for the writer task.
struct Job {
    c: Box<CommitCommand>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The PostgreSQL store.
#[derive(Clone)]
pub(crate) struct PgStore {
    pool: PgPool,
    writer: mpsc::Sender<Job>,
    /// This process's tag in commit announcements, set once it listens.
    announce: Announce,
}

/// Commits are announced (`NOTIFY`) only by a process that also listens
/// to its peers' announcements; the tag lets it skip its own.
type Announce = std::sync::Arc<std::sync::OnceLock<String>>;

/// The channel replicas announce their commits on: `<tag> <id> <version>`.
const COMMITS_CHANNEL: &str = "ghostseat_commits";

/// `created_at` as SQLite writes it (`2026-01-02T03:04:05.678Z`), so logs
/// and exports read the same on both backends.
const CREATED_AT: &str =
    r#"to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#;

impl PgStore {
    /// Connects and runs the migrations under sqlx's advisory lock, so
    /// replicas starting at once migrate one after the other.
    ///
    /// `Durability::Normal` maps to `synchronous_commit = off`: a commit is
    /// acknowledged before PostgreSQL flushed its WAL, so a crash of the
    /// database server (not of ghostseat) may lose the last commits.
    pub async fn open(url: &str, durability: Durability) -> Result<PgStore, StoreError> {
        let mut opts = PgConnectOptions::from_str(url)?;
        if durability == Durability::Normal {
            opts = opts.options([("synchronous_commit", "off")]);
        }
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(opts)
            .await?;
        MIGRATOR
            .run(&pool)
            .await
            .map_err(|e| StoreError::Failed(e.to_string()))?;
        let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
        let announce = Announce::default();
        tokio::spawn(run(pool.clone(), rx, announce.clone()));
        Ok(PgStore {
            pool,
            writer: tx,
            announce,
        })
    }

    /// Listens to the other replicas' commit announcements and starts
    /// announcing this process's own: `(session id, version)` for every
    /// command a peer committed, as PostgreSQL delivers it (`LISTEN`).
    /// The listener reconnects by itself; announcements sent while it was
    /// away are lost, which is why the peer poll stays as the safety net.
    pub async fn peer_commits(&self) -> Result<mpsc::Receiver<(String, u64)>, StoreError> {
        let mut listener = sqlx::postgres::PgListener::connect_with(&self.pool).await?;
        listener.listen(COMMITS_CHANNEL).await?;
        let mut tag = [0u8; 8];
        rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut tag)
            .map_err(|e| StoreError::Failed(e.to_string()))?;
        let tag = self.announce.get_or_init(|| hex::encode(tag)).clone();
        let (tx, rx) = mpsc::channel(4096);
        tokio::spawn(async move {
            loop {
                let n = tokio::select! {
                    _ = tx.closed() => return,
                    n = listener.recv() => n,
                };
                let n = match n {
                    Ok(n) => n,
                    Err(e) => {
                        tracing::warn!(error = %e, "commit announcements: listener failed");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                };
                let mut parts = n.payload().split(' ');
                let (Some(from), Some(id), Some(Ok(v))) = (
                    parts.next(),
                    parts.next(),
                    parts.next().map(str::parse::<u64>),
                ) else {
                    continue;
                };
                // A full queue drops the announcement; the poll catches up.
                if from != tag {
                    let _ = tx.try_send((id.to_string(), v));
                }
            }
        });
        Ok(rx)
    }

    /// Not on PostgreSQL: `pg_dump` is the tool for a consistent copy of a
    /// live PostgreSQL database (`ghostseat backup` copies SQLite files).
    pub async fn backup(&self, _dest: &std::path::Path) -> Result<(), StoreError> {
        Err(StoreError::Failed(
            "backup copies a SQLite file; for PostgreSQL use pg_dump".into(),
        ))
    }

    /// Nothing to do: PostgreSQL checkpoints its own WAL.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

impl SessionStore for PgStore {
    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    async fn create_session(
        &self,
        row: &SessionRow,
        idem: Option<IdempotencyRecord>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_session(&mut tx, row).await?;
        if let Some(r) = &idem {
            insert_idempotency(&mut tx, "create", r).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn commit(&self, c: CommitCommand) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writer
            .send(Job {
                c: Box::new(c),
                reply: tx,
            })
            .await
            .map_err(|_| StoreError::Failed("the writer has stopped".into()))?;
        rx.await
            .map_err(|_| StoreError::Failed("the writer has stopped".into()))?
    }

    async fn load_session(&self, id: &str) -> Result<Option<SessionRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, game, options, seed, version, status, snapshot, rng_pos,
                    token_hashes, snapshot_version, snapshot_rng_pos, salt,
                    public_seed, state_version, resigned
             FROM sessions JOIN snapshots ON snapshots.session_id = sessions.id
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| session_row(&r)).transpose().map_err(Into::into)
    }

    async fn stored_version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let v: Option<i64> = sqlx::query_scalar("SELECT version FROM sessions WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(v.map(|v| v as u64))
    }

    async fn heads(&self, ids: Vec<String>) -> Result<Vec<super::Head>, StoreError> {
        let rows: Vec<(String, i64, String)> =
            sqlx::query_as("SELECT id, version, token_hashes FROM sessions WHERE id = ANY($1)")
                .bind(&ids)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.into_iter().map(super::Head::from_row).collect())
    }

    async fn commands(
        &self,
        id: &str,
        after: u64,
        limit: u64,
    ) -> Result<Vec<CommandRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT seq, kind, seat, payload, events, idempotency_key, {CREATED_AT}
             FROM commands WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
        ))
        .bind(id)
        .bind(after.min(i64::MAX as u64) as i64)
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(CommandRow {
                    seq: r.try_get::<i64, _>(0)? as u64,
                    kind: r.try_get(1)?,
                    seat: r.try_get::<Option<i32>, _>(2)?.map(|s| s as u8),
                    payload: serde_json::from_str(r.try_get::<&str, _>(3)?).unwrap_or(Value::Null),
                    events: r.try_get(4)?,
                    idempotency_key: r.try_get(5)?,
                    created_at: r.try_get(6)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    async fn idempotent_reply(
        &self,
        scope: &str,
        key: &str,
    ) -> Result<Option<IdempotentReply>, StoreError> {
        let row = sqlx::query(
            "SELECT request_hash, status, body FROM idempotency WHERE scope = $1 AND key = $2",
        )
        .bind(scope)
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(IdempotentReply {
                request_hash: r.try_get(0)?,
                status: r.try_get::<i32, _>(1)? as u16,
                body: r.try_get(2)?,
            })
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    async fn import_session(
        &self,
        row: SessionRow,
        commands: Vec<CommandRow>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_session(&mut tx, &row).await?;
        let n = commands.len();
        sqlx::query(
            "INSERT INTO commands (session_id, seq, kind, seat, payload, events)
             SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::text[], $4::int[],
                                  $5::text[], $6::text[])",
        )
        .bind(vec![row.id.clone(); n])
        .bind(commands.iter().map(|c| c.seq as i64).collect::<Vec<_>>())
        .bind(commands.iter().map(|c| c.kind.clone()).collect::<Vec<_>>())
        .bind(
            commands
                .iter()
                .map(|c| c.seat.map(i32::from))
                .collect::<Vec<_>>(),
        )
        .bind(
            commands
                .iter()
                .map(|c| c.payload.to_string())
                .collect::<Vec<_>>(),
        )
        .bind(
            commands
                .iter()
                .map(|c| c.events.clone())
                .collect::<Vec<_>>(),
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn swap_token_hashes(
        &self,
        id: &str,
        old: &[String],
        new: &[String],
    ) -> Result<bool, StoreError> {
        let n = sqlx::query(
            "UPDATE sessions SET token_hashes = $1 WHERE id = $2 AND token_hashes = $3",
        )
        .bind(serde_json::to_string(new).unwrap_or_default())
        .bind(id)
        .bind(serde_json::to_string(old).unwrap_or_default())
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n > 0)
    }

    async fn pin_language(
        &self,
        id: &str,
        seat: u8,
        lang: Option<crate::engine::Lang>,
    ) -> Result<(), StoreError> {
        match lang {
            Some(lang) => {
                sqlx::query(
                    "INSERT INTO seat_languages (session_id, seat, lang) VALUES ($1, $2, $3)
                     ON CONFLICT (session_id, seat) DO UPDATE SET lang = excluded.lang",
                )
                .bind(id)
                .bind(i32::from(seat))
                .bind(lang.tag())
                .execute(&self.pool)
                .await?
            }
            None => {
                sqlx::query("DELETE FROM seat_languages WHERE session_id = $1 AND seat = $2")
                    .bind(id)
                    .bind(i32::from(seat))
                    .execute(&self.pool)
                    .await?
            }
        };
        Ok(())
    }

    async fn seat_languages(&self, id: &str) -> Result<Option<SeatLanguages>, StoreError> {
        let rows: Vec<super::PinRow> = sqlx::query_as(
            "SELECT s.token_hashes, CAST(l.seat AS BIGINT), l.lang
             FROM sessions s LEFT JOIN seat_languages l ON l.session_id = s.id
             WHERE s.id = $1",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(SeatLanguages::from_rows(rows))
    }

    async fn put_extra(
        &self,
        id: &str,
        kind: &'static str,
        key: &str,
        value: &str,
        replace: bool,
    ) -> Result<bool, StoreError> {
        let sql = if replace {
            "INSERT INTO session_extras (session_id, kind, key, value) VALUES ($1, $2, $3, $4)
             ON CONFLICT (session_id, kind, key) DO UPDATE SET value = excluded.value"
        } else {
            "INSERT INTO session_extras (session_id, kind, key, value) VALUES ($1, $2, $3, $4)
             ON CONFLICT (session_id, kind, key) DO NOTHING"
        };
        let n = sqlx::query(sql)
            .bind(id)
            .bind(kind)
            .bind(key)
            .bind(value)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(n > 0)
    }

    async fn delete_extra(
        &self,
        id: &str,
        kind: &'static str,
        key: &str,
    ) -> Result<bool, StoreError> {
        let n = sqlx::query(
            "DELETE FROM session_extras WHERE session_id = $1 AND kind = $2 AND key = $3",
        )
        .bind(id)
        .bind(kind)
        .bind(key)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n > 0)
    }

    async fn extras(
        &self,
        id: &str,
        kind: &'static str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT key, value FROM session_extras WHERE session_id = $1 AND kind = $2 ORDER BY key",
        )
        .bind(id)
        .bind(kind)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn resnapshot(
        &self,
        id: &str,
        version: u64,
        snapshot: Vec<u8>,
        rng_pos: u64,
        state_version: u32,
    ) -> Result<bool, StoreError> {
        // Only while the session is still at that version and position.
        let n = sqlx::query(
            "UPDATE snapshots SET snapshot = $1, snapshot_version = $2,
             snapshot_rng_pos = $3, state_version = $4
             WHERE session_id = $5 AND EXISTS (
                 SELECT 1 FROM sessions WHERE id = $5 AND version = $2 AND rng_pos = $3)",
        )
        .bind(snapshot)
        .bind(version as i64)
        .bind(rng_pos as i64)
        .bind(i64::from(state_version))
        .bind(id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n > 0)
    }

    /// Keeps a stream ticket unless the session has `max` live ones (a
    /// soft cap against flooding: two replicas issuing at the same moment
    /// may each pass it once).
    async fn issue_ticket(&self, t: super::NewTicket<'_>) -> Result<bool, StoreError> {
        sqlx::query("DELETE FROM stream_tickets WHERE expires_ms <= $1")
            .bind(t.now_ms)
            .execute(&self.pool)
            .await?;
        let n = sqlx::query(
            "INSERT INTO stream_tickets (ticket_hash, session_id, token_hash, expires_ms)
             SELECT $1, $2, $3, $4
             WHERE (SELECT count(*) FROM stream_tickets WHERE session_id = $2) < $5
               AND (SELECT count(*) FROM stream_tickets
                    WHERE session_id = $2 AND token_hash = $3) < $6",
        )
        .bind(t.ticket_hash)
        .bind(t.session)
        .bind(t.token_hash)
        .bind(t.expires_ms)
        .bind(i64::from(t.max))
        .bind(i64::from(t.max_per_seat))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n > 0)
    }

    /// Uses a stream ticket up; the `DELETE … RETURNING` decides, so one
    /// ticket opens one stream whichever replicas it is shown to.
    async fn redeem_ticket(
        &self,
        ticket_hash: &str,
        session: &str,
        now_ms: i64,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "DELETE FROM stream_tickets
             WHERE ticket_hash = $1 AND session_id = $2 AND expires_ms > $3
             RETURNING token_hash",
        )
        .bind(ticket_hash)
        .bind(session)
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn delete_session(&self, id: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let n = delete_session(&mut tx, id).await?;
        tx.commit().await?;
        Ok(n > 0)
    }

    async fn consent_to_delete(
        &self,
        id: &str,
        seat: u8,
        humans: Vec<u8>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The session row first, locked: two seats consenting at once on two
        // replicas see each other's consent.
        let exists: Option<String> =
            sqlx::query_scalar("SELECT id FROM sessions WHERE id = $1 FOR UPDATE")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        if exists.is_none() {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO delete_consents (session_id, seat) VALUES ($1, $2)
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(i32::from(seat))
        .execute(&mut *tx)
        .await?;
        let consented: Vec<i32> =
            sqlx::query_scalar("SELECT seat FROM delete_consents WHERE session_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
        let deleted = if humans.iter().all(|h| consented.contains(&i32::from(*h))) {
            delete_session(&mut tx, id).await? > 0
        } else {
            false
        };
        tx.commit().await?;
        Ok(deleted)
    }

    async fn delete_consents(&self, id: &str) -> Result<Vec<u8>, StoreError> {
        let seats: Vec<i32> = sqlx::query_scalar(
            "SELECT seat FROM delete_consents WHERE session_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(seats.into_iter().map(|s| s as u8).collect())
    }

    async fn expire(
        &self,
        finished: Option<Duration>,
        abandoned: Option<Duration>,
        limit: u64,
    ) -> Result<u64, StoreError> {
        let secs = |d: Option<Duration>| d.map(|d| d.as_secs().min(i64::MAX as u64) as i64);
        let mut tx = self.pool.begin().await?;
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM sessions
             WHERE (status = 'finished' AND $1::bigint IS NOT NULL
                    AND updated_at < now() - $1::bigint * interval '1 second')
                OR (status = 'active' AND $2::bigint IS NOT NULL
                    AND updated_at < now() - $2::bigint * interval '1 second'
                    -- `updated_at` may lag an hour: the last command says
                    -- when the session was touched.
                    AND coalesce((SELECT c.created_at FROM commands c
                                  WHERE c.session_id = sessions.id
                                  ORDER BY c.seq DESC LIMIT 1), '-infinity')
                        < now() - $2::bigint * interval '1 second')
             ORDER BY id LIMIT $3",
        )
        .bind(secs(finished))
        .bind(secs(abandoned))
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(&mut *tx)
        .await?;
        for id in &ids {
            delete_session(&mut tx, id).await?;
        }
        // Create answers are kept a day for retries; then they go.
        sqlx::query(
            "DELETE FROM idempotency WHERE scope = 'create'
             AND created_at < now() - interval '1 day'",
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ids.len() as u64)
    }
}

fn session_row(r: &PgRow) -> Result<SessionRow, sqlx::Error> {
    Ok(SessionRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        options: serde_json::from_str(r.try_get::<&str, _>(2)?).unwrap_or(Value::Null),
        seed: r.try_get::<i64, _>(3)? as u64, // stored as its i64 bit pattern
        version: r.try_get::<i64, _>(4)? as u64,
        status: r.try_get(5)?,
        snapshot: r.try_get(6)?,
        rng_pos: r.try_get::<i64, _>(7)? as u64,
        token_hashes: serde_json::from_str(r.try_get::<&str, _>(8)?).unwrap_or_default(),
        snapshot_version: r.try_get::<i64, _>(9)? as u64,
        snapshot_rng_pos: r.try_get::<i64, _>(10)? as u64,
        salt: r.try_get(11)?,
        public_seed: r.try_get(12)?,
        state_version: r.try_get::<i64, _>(13)? as u32,
        resigned: r.try_get::<Option<i32>, _>(14)?.map(|s| s as u8),
    })
}

async fn insert_session(
    tx: &mut Transaction<'_, Postgres>,
    row: &SessionRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (id, game, options, seed, version, status, rng_pos,
                               token_hashes, salt, public_seed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&row.id)
    .bind(&row.game)
    .bind(row.options.to_string())
    .bind(row.seed as i64) // u64 stored as its i64 bit pattern
    .bind(row.version as i64)
    .bind(&row.status)
    .bind(row.rng_pos as i64)
    .bind(serde_json::to_string(&row.token_hashes).unwrap_or_default())
    .bind(&row.salt)
    .bind(row.public_seed)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos, state_version, snapshot)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&row.id)
    .bind(row.version as i64)
    .bind(row.rng_pos as i64)
    .bind(i64::from(row.state_version))
    .bind(&row.snapshot)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn insert_idempotency(
    tx: &mut Transaction<'_, Postgres>,
    scope: &str,
    r: &IdempotencyRecord,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO idempotency (scope, key, request_hash, status, body)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(scope)
    .bind(&r.key)
    .bind(&r.request_hash)
    .bind(i32::from(r.status))
    .bind(&r.body)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn delete_session(tx: &mut Transaction<'_, Postgres>, id: &str) -> Result<u64, sqlx::Error> {
    sqlx::query("DELETE FROM idempotency WHERE scope = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// The writer task; returns when every sender is gone.
async fn run(pool: PgPool, mut rx: mpsc::Receiver<Job>, announce: Announce) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = rx.recv().await {
        batch.push(first);
        for round in 0..2 {
            if round == 1 {
                super::let_others_queue().await;
            }
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(j) => batch.push(j),
                    Err(_) => break,
                }
            }
        }
        commit_batch(&pool, &mut batch, announce.get().map(String::as_str)).await;
    }
}

fn stale(c: &CommitCommand) -> StoreError {
    StoreError::Stale {
        session: c.session_id.clone(),
        version: c.seq.saturating_sub(1),
    }
}

async fn commit_batch(pool: &PgPool, batch: &mut Vec<Job>, tag: Option<&str>) {
    let started = Instant::now();
    let n = batch.len();
    let commands: Vec<&CommitCommand> = batch.iter().map(|j| &*j.c).collect();
    let mut tries = 0;
    let results: Result<Vec<Result<(), StoreError>>, StoreError> = loop {
        tries += 1;
        match batched(pool, &commands, tag).await {
            Ok(r) => break Ok(r),
            // A deadlock or serialization failure rolled the whole batch
            // back; nothing was written, so it may simply run again.
            Err(e) if tries < 4 && retryable(&e) => {
                tracing::debug!(error = %e, jobs = n, "batch rolled back; again");
            }
            Err(e) => {
                // The whole batch was rolled back; each command again on its own.
                tracing::warn!(error = %e, jobs = n, "batched commit failed; job by job");
                break one_by_one(pool, &commands, tag)
                    .await
                    .map_err(StoreError::from);
            }
        }
    };
    drop(commands);
    metrics::histogram!("ghostseat_commit_batch_size").record(n as f64);
    metrics::histogram!("ghostseat_commit_seconds").record(started.elapsed().as_secs_f64());
    match results {
        Ok(results) => {
            for (job, r) in batch.drain(..).zip(results) {
                if matches!(r, Err(StoreError::Failed(_))) {
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

/// PostgreSQL's "try again" errors: deadlock_detected, serialization_failure.
fn retryable(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .and_then(|d| d.code())
        .is_some_and(|c| c == "40P01" || c == "40001")
}

/// The whole batch atomically with one statement per round. Two commands of
/// one session in a batch (not sent by one process's actor, which waits for
/// each commit) go in separate rounds, so the fence sees the first before
/// the second; only then does the batch need a transaction around its
/// statements. The usual batch, one round, is a single statement.
async fn batched(
    pool: &PgPool,
    commands: &[&CommitCommand],
    tag: Option<&str>,
) -> Result<Vec<Result<(), StoreError>>, sqlx::Error> {
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let mut pending: Vec<usize> = (0..commands.len()).collect();
    while !pending.is_empty() {
        let mut seen = HashSet::new();
        let (round, rest): (Vec<usize>, Vec<usize>) = pending
            .into_iter()
            .partition(|&i| seen.insert(commands[i].session_id.as_str()));
        rounds.push(round);
        pending = rest;
    }
    let mut results: Vec<Result<(), StoreError>> = vec![Ok(()); commands.len()];
    let mut tx = match rounds.len() {
        1 => None,
        _ => Some(pool.begin().await?),
    };
    for round in &rounds {
        let cs: Vec<&CommitCommand> = round.iter().map(|&i| commands[i]).collect();
        let won = match tx.as_mut() {
            Some(tx) => write_commits(&mut **tx, &cs, tag).await?,
            None => write_commits(pool, &cs, tag).await?,
        };
        for (&i, c) in round.iter().zip(&cs) {
            if !won.contains(&c.session_id) {
                results[i] = Err(stale(c));
            }
        }
    }
    if let Some(tx) = tx {
        tx.commit().await?;
    }
    Ok(results)
}

/// After a failed batch: one transaction, each command in its savepoint.
async fn one_by_one(
    pool: &PgPool,
    commands: &[&CommitCommand],
    tag: Option<&str>,
) -> Result<Vec<Result<(), StoreError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut results: Vec<Option<Result<(), StoreError>>> = vec![None; commands.len()];
    // In session id order, as the batch locks them.
    let mut order: Vec<usize> = (0..commands.len()).collect();
    order.sort_by(|&a, &b| commands[a].session_id.cmp(&commands[b].session_id));
    for i in order {
        let c = commands[i];
        sqlx::query("SAVEPOINT job").execute(&mut *tx).await?;
        let r = match write_commits(&mut *tx, &[c], tag).await {
            Ok(won) if won.contains(&c.session_id) => Ok(()),
            Ok(_) => Err(stale(c)),
            Err(e) => {
                sqlx::query("ROLLBACK TO SAVEPOINT job")
                    .execute(&mut *tx)
                    .await?;
                Err(StoreError::from(e))
            }
        };
        sqlx::query("RELEASE SAVEPOINT job")
            .execute(&mut *tx)
            .await?;
        results[i] = Some(r);
    }
    tx.commit().await?;
    Ok(results.into_iter().map(|r| r.unwrap_or(Ok(()))).collect())
}

/// Steps 1 to 3 for commands of distinct sessions, in ONE statement (its
/// data-modifying `WITH` parts share its atomicity, so a batch alone needs
/// no `BEGIN` and `COMMIT` around it): one round trip per batch instead of
/// up to eight. Returns the sessions that passed the fence; the others
/// wrote nothing.
///
/// - `locked`: the session rows locked in one order (by id), so two
///   replicas' batches over the same sessions wait for each other instead
///   of deadlocking (an `UPDATE … FROM` locks in whatever order its join
///   runs). The update below only reaches rows this part returned, so every
///   row is first locked here, in that order.
/// - `won`: the fence and the row update. A row a concurrent commit moved
///   after this statement's snapshot is re-read at its newest version and
///   the fence checked against that (PostgreSQL's read-committed recheck),
///   so a stale command loses as it did with one statement per step.
/// - `log`, `snap`, `idem`: the log rows, snapshots and idempotency records
///   of the sessions in `won` only.
/// - The final `SELECT` announces each commit to the listening replicas
///   (delivered at the commit, and not at all if it rolls back).
async fn write_commits<'e, E>(
    executor: E,
    cs: &[&CommitCommand],
    tag: Option<&str>,
) -> Result<HashSet<String>, sqlx::Error>
where
    E: sqlx::PgExecutor<'e>,
{
    let snaps: Vec<&CommitCommand> = cs
        .iter()
        .copied()
        .filter(|c| c.snapshot.is_some())
        .collect();
    let idem: Vec<(&str, &IdempotencyRecord)> = cs
        .iter()
        .filter_map(|c| c.idempotency.as_ref().map(|r| (c.session_id.as_str(), r)))
        .collect();
    let won: Vec<String> = sqlx::query_scalar(
        "WITH v AS (
             SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::bigint[], $4::text[],
                                  $5::text[], $6::int[], $7::text[], $8::text[], $9::text[])
                 AS v(id, seq, rng, status, kind, seat, payload, events, idempotency_key)
         ),
         locked AS MATERIALIZED (
             SELECT id FROM sessions WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE
         ),
         won AS (
             UPDATE sessions AS s
             SET version = v.seq, rng_pos = v.rng, status = v.status,
                 -- Moved only when the status changes or it is an hour old, as
                 -- on SQLite (`writer::age_resolution`): with the keys of
                 -- `sessions_by_age` unchanged the update can stay on its page
                 -- (HOT) and leaves both indexes alone.
                 updated_at = CASE WHEN s.status <> v.status
                                     OR s.updated_at < now() - interval '1 hour'
                                   THEN now() ELSE s.updated_at END,
                 resigned = CASE WHEN v.kind = 'resign' THEN v.seat ELSE s.resigned END
             FROM v JOIN locked USING (id)
             WHERE s.id = v.id AND s.version = v.seq - 1
             RETURNING s.id, v.seq
         ),
         log AS (
             INSERT INTO commands (session_id, seq, kind, seat, payload, events, idempotency_key)
             SELECT v.id, v.seq, v.kind, v.seat, v.payload, v.events, v.idempotency_key
             FROM v JOIN won USING (id)
         ),
         snap AS (
             INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos,
                                    state_version, snapshot)
             SELECT x.* FROM UNNEST($10::text[], $11::bigint[], $12::bigint[], $13::bigint[],
                                    $14::bytea[]) AS x(id, version, rng, state_version, snapshot)
             JOIN won USING (id)
             ON CONFLICT (session_id) DO UPDATE SET
                 snapshot_version = excluded.snapshot_version,
                 snapshot_rng_pos = excluded.snapshot_rng_pos,
                 state_version = excluded.state_version,
                 snapshot = excluded.snapshot
         ),
         idem AS (
             INSERT INTO idempotency (scope, key, request_hash, status, body)
             SELECT x.* FROM UNNEST($15::text[], $16::text[], $17::text[], $18::int[],
                                    $19::text[]) AS x(id, key, request_hash, status, body)
             JOIN won USING (id)
         )
         SELECT won.id FROM won
         LEFT JOIN LATERAL (
             SELECT pg_notify($20, $21 || ' ' || won.id || ' ' || won.seq)
             WHERE $21::text IS NOT NULL
         ) AS announced ON true",
    )
    // v
    .bind(cs.iter().map(|c| c.session_id.as_str()).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.seq as i64).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.rng_pos as i64).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.status).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.kind).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.seat.map(i32::from)).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.payload.as_str()).collect::<Vec<_>>())
    .bind(cs.iter().map(|c| c.events.as_str()).collect::<Vec<_>>())
    .bind(
        cs.iter()
            .map(|c| c.idempotency.as_ref().map(|r| r.key.as_str()))
            .collect::<Vec<_>>(),
    )
    // snap
    .bind(
        snaps
            .iter()
            .map(|c| c.session_id.as_str())
            .collect::<Vec<_>>(),
    )
    .bind(snaps.iter().map(|c| c.seq as i64).collect::<Vec<_>>())
    .bind(snaps.iter().map(|c| c.rng_pos as i64).collect::<Vec<_>>())
    .bind(
        snaps
            .iter()
            .map(|c| i64::from(c.state_version))
            .collect::<Vec<_>>(),
    )
    .bind(
        snaps
            .iter()
            .map(|c| c.snapshot.as_deref().unwrap_or_default())
            .collect::<Vec<_>>(),
    )
    // idem
    .bind(idem.iter().map(|(s, _)| *s).collect::<Vec<_>>())
    .bind(idem.iter().map(|(_, r)| r.key.as_str()).collect::<Vec<_>>())
    .bind(
        idem.iter()
            .map(|(_, r)| r.request_hash.as_str())
            .collect::<Vec<_>>(),
    )
    .bind(
        idem.iter()
            .map(|(_, r)| i32::from(r.status))
            .collect::<Vec<_>>(),
    )
    .bind(
        idem.iter()
            .map(|(_, r)| r.body.as_str())
            .collect::<Vec<_>>(),
    )
    // the announcement
    .bind(COMMITS_CHANNEL)
    .bind(tag)
    .fetch_all(executor)
    .await?;
    Ok(won.into_iter().collect())
}
