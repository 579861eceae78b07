//! The store: SQLite through sqlx. Sessions, their command log and
//! idempotency records. The database file is created on first start and the
//! embedded migrations run at boot.
//!
//! SQLite runs in WAL mode with one writer: all writes go through a pool of a
//! single connection and open `BEGIN IMMEDIATE`, so a writer never has to
//! upgrade a read lock; readers use their own pool.

use serde_json::Value;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A store error: the disk or the database refused (HTTP 503).
#[derive(Debug, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(#[from] pub sqlx::Error);

/// Durability of a commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Durability {
    /// `synchronous=FULL`: a reply means the command is on disk.
    #[default]
    Full,
    /// `synchronous=NORMAL`: survives a process crash, may lose the last
    /// commits on power loss.
    Normal,
}

/// A session row.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: String,
    pub game: String,
    pub options: Value,
    pub seed: u64,
    pub version: u64,
    pub status: String,
    pub snapshot: Vec<u8>,
    pub rng_pos: u64,
    pub token_hashes: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// A command row.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CommandRow {
    pub seq: u64,
    pub kind: String,
    pub seat: Option<u8>,
    pub payload: Value,
    pub events: Value,
    pub idempotency_key: Option<String>,
    pub created_at: String,
}

/// A stored answer to an idempotent request.
#[derive(Debug, Clone)]
pub struct IdempotentReply {
    pub request_hash: String,
    pub status: u16,
    pub body: String,
}

/// Everything one command writes, committed in one transaction.
#[derive(Debug, Clone)]
pub struct CommitCommand {
    pub session_id: String,
    pub seq: u64,
    pub kind: &'static str,
    pub seat: Option<u8>,
    pub payload: Value,
    pub events: Value,
    pub idempotency: Option<(String, String)>, // (key, request hash)
    pub reply_status: u16,
    pub reply_body: String,
    pub snapshot: Vec<u8>,
    pub rng_pos: u64,
    pub status: &'static str,
}

#[derive(Clone)]
pub struct Store {
    read: SqlitePool,
    write: SqlitePool,
}

fn seed_to_db(seed: u64) -> i64 {
    seed as i64
}
fn seed_from_db(v: i64) -> u64 {
    v as u64
}

impl Store {
    /// Opens (creating if missing) the database file and runs migrations.
    pub async fn open(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        let sync = match durability {
            Durability::Full => SqliteSynchronous::Full,
            Durability::Normal => SqliteSynchronous::Normal,
        };
        let opts = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(sync)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(opts.clone())
            .await?;
        MIGRATOR
            .run(&write)
            .await
            .map_err(|e| StoreError(e.into()))?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(opts.read_only(true))
            .await?;
        Ok(Store { read, write })
    }

    /// Cheap readiness probe.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.read).await?;
        Ok(())
    }

    /// Writes a new session (version 0).
    pub async fn create_session(
        &self,
        row: &SessionRow,
        idem: Option<(&str, &str, u16, &str)>,
    ) -> Result<(), StoreError> {
        let mut conn = self.write.acquire().await?;
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
        let res = async {
            sqlx::query(
                "INSERT INTO sessions (id, game, options, seed, version, status, snapshot, rng_pos, token_hashes)
                 VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
            )
            .bind(&row.id)
            .bind(&row.game)
            .bind(row.options.to_string())
            .bind(seed_to_db(row.seed))
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
                    .bind(i64::from(status))
                    .bind(body)
                    .execute(&mut *conn)
                    .await?;
            }
            Ok::<(), sqlx::Error>(())
        }
        .await;
        finish(&mut conn, res).await
    }

    /// Commits one command: the log row, the new snapshot and RNG position,
    /// and the idempotency record, atomically.
    pub async fn commit(&self, c: &CommitCommand) -> Result<(), StoreError> {
        let mut conn = self.write.acquire().await?;
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
        let res = async {
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
                return Err(sqlx::Error::RowNotFound);
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
            Ok(())
        }
        .await;
        finish(&mut conn, res).await
    }

    pub async fn load_session(&self, id: &str) -> Result<Option<SessionRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, game, options, seed, version, status, snapshot, rng_pos, token_hashes, created_at, updated_at
             FROM sessions WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.read)
        .await?;
        Ok(row.map(|r| SessionRow {
            id: r.get("id"),
            game: r.get("game"),
            options: serde_json::from_str(r.get::<&str, _>("options")).unwrap_or(Value::Null),
            seed: seed_from_db(r.get("seed")),
            version: r.get::<i64, _>("version") as u64,
            status: r.get("status"),
            snapshot: r.get("snapshot"),
            rng_pos: r.get::<i64, _>("rng_pos") as u64,
            token_hashes: serde_json::from_str(r.get::<&str, _>("token_hashes"))
                .unwrap_or_default(),
            created_at: r.get("created_at"),
            updated_at: r.get("updated_at"),
        }))
    }

    /// Commands with `seq > after`, in order, at most `limit`.
    pub async fn commands(
        &self,
        id: &str,
        after: u64,
        limit: u64,
    ) -> Result<Vec<CommandRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, kind, seat, payload, events, idempotency_key, created_at FROM commands
             WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
        )
        .bind(id)
        .bind(after as i64)
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(&self.read)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| CommandRow {
                seq: r.get::<i64, _>("seq") as u64,
                kind: r.get("kind"),
                seat: r.get::<Option<i64>, _>("seat").map(|s| s as u8),
                payload: serde_json::from_str(r.get::<&str, _>("payload")).unwrap_or(Value::Null),
                events: serde_json::from_str(r.get::<&str, _>("events")).unwrap_or(Value::Null),
                idempotency_key: r.get("idempotency_key"),
                created_at: r.get("created_at"),
            })
            .collect())
    }

    pub async fn idempotent_reply(
        &self,
        scope: &str,
        key: &str,
    ) -> Result<Option<IdempotentReply>, StoreError> {
        let row = sqlx::query(
            "SELECT request_hash, status, body FROM idempotency WHERE scope = ? AND key = ?",
        )
        .bind(scope)
        .bind(key)
        .fetch_optional(&self.read)
        .await?;
        Ok(row.map(|r| IdempotentReply {
            request_hash: r.get("request_hash"),
            status: r.get::<i64, _>("status") as u16,
            body: r.get("body"),
        }))
    }

    /// Replaces the token hashes of a session still at version 0 (an
    /// idempotent create retried by a client that lost the first answer).
    pub async fn rotate_tokens(&self, id: &str, hashes: &[String]) -> Result<bool, StoreError> {
        let r = sqlx::query("UPDATE sessions SET token_hashes = ? WHERE id = ? AND version = 0")
            .bind(serde_json::to_string(hashes).unwrap_or_default())
            .bind(id)
            .execute(&self.write)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Deletes a session, its log and its idempotency records.
    pub async fn delete_session(&self, id: &str) -> Result<bool, StoreError> {
        let mut conn = self.write.acquire().await?;
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
        let res = async {
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
        .await;
        finish(&mut conn, res).await
    }

    /// Copies the live database to `dest` consistently (`VACUUM INTO`).
    pub async fn backup(&self, dest: &Path) -> Result<(), StoreError> {
        sqlx::query("VACUUM INTO ?")
            .bind(dest.display().to_string())
            .execute(&self.write)
            .await?;
        Ok(())
    }

    /// Checkpoints the WAL into the main file (at shutdown).
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&self.write)
            .await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.read.close().await;
        self.write.close().await;
    }

    /// Test and tooling access to the writer pool (tamper tests, benches).
    pub fn writer(&self) -> &SqlitePool {
        &self.write
    }
}

/// Commits on success, rolls back on error, and returns the result.
async fn finish<T>(
    conn: &mut sqlx::SqliteConnection,
    res: Result<T, sqlx::Error>,
) -> Result<T, StoreError> {
    match res {
        Ok(v) => {
            if let Err(e) = sqlx::query("COMMIT").execute(&mut *conn).await {
                let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                return Err(e.into());
            }
            Ok(v)
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e.into())
        }
    }
}
