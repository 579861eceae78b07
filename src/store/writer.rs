//! The single writer with group commit, on sqlx.
//!
//! Every write of the server goes through one tokio task that owns the only
//! write connection (a `sqlx::SqliteConnection`). It takes the first waiting
//! job, then everything else already queued (up to [`MAX_BATCH`]), lets
//! every other ready task run once ([`super::let_others_queue`]) and takes
//! what they queued too, and commits them in one `BEGIN IMMEDIATE` transaction: one disk flush for the
//! whole batch, while each job still gets its own answer only after the
//! commit.
//!
//! The commands (the hot path) are written with batched statements, the
//! same shape as on PostgreSQL (`pg.rs`), so the batch, not the command,
//! pays sqlx's cost per statement. They travel as one [`CommitScript`]: a
//! multi-statement text that opens the transaction, writes and commits, so
//! a batch of commands is one hop to sqlx's connection thread. Per chunk of
//! commands of distinct sessions:
//! 1. the snapshots and the idempotency records, one multi-row `INSERT`
//!    each, and the session rows' rare update (status, age, resignation),
//!    of the commands whose session is at `seq - 1`: the version fence,
//!    the last `seq` of the session's log ([`super::head_version`]), read
//!    before step 2 moves it;
//! 2. the log rows, under the same fence, `RETURNING session_id, round`:
//!    the log row is the only row every command writes;
//! 3. a command whose session was not returned answers
//!    [`StoreError::Stale`] and wrote nothing.
//!
//! SQLite has no arrays, so the rows travel as a `VALUES` list of
//! [`CHUNKS`] rows, the last one padded with NULL rows that match and insert
//! nothing: sqlx's statement cache holds a few texts per shape of batch.
//!
//! The rare writes (create, import, delete, …) of a batch each run in a
//! SAVEPOINT of the same transaction, so one failing job is rolled back
//! alone. If the script fails (a unique key: with the fence inside the
//! same transaction that means a bug, not a race), the whole transaction is
//! rolled back and done again job by job, each in its savepoint, so one bad
//! command never fails its batch.
//!
//! Why sqlx is fast enough here: sqlx runs each SQLite connection on a
//! worker thread of its own and every query is a hop to that thread and
//! back. With one statement per command (formerly a `rusqlite`
//! connection on a plain thread, because those hops cost more CPU than
//! SQLite itself) that was the bottleneck. With batched statements
//! the hops were per batch (`BEGIN`, four statements, `COMMIT`); as one
//! script, a batch of commands is one hop: at a moderate load (2,250
//! commands/s, 256 sessions) the server switches context 2.6–3.4 times per
//! command instead of 4.5–5.1.

use sqlx::sqlite::{
    SqliteArguments, SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous,
};
use sqlx::{Arguments, Connection, Row};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

use super::{CommitCommand, Durability, IdempotencyRecord, SessionRow, StoreError};

/// Most jobs in one transaction.
pub const MAX_BATCH: usize = 512;

/// Rows per multi-row statement: the smallest that holds what is left (at
/// most the largest), padded with NULL rows. 256 rows × 7 columns = 1,792
/// bind parameters, far below SQLite's 32,766.
const CHUNKS: [usize; 5] = [1, 4, 16, 64, 256];

/// [`super::AGE_RESOLUTION`] as SQLite's date modifier: a command moves a
/// session's `updated_at` only once it is older than this (or when the
/// status changes), so most commands leave the index `sessions_by_age`
/// alone (with 10,000 thinking tables the server wrote 11 % fewer bytes).
/// The expiry sweep also reads the session's last command, so an active
/// session never expires early.
macro_rules! age_resolution {
    () => {
        "-1 hour"
    };
}
const _: () = assert!(
    super::AGE_RESOLUTION.as_secs() == 3600,
    "age_resolution! says -1 hour"
);

/// A write.
pub(super) enum Op {
    Commit(Box<CommitCommand>),
    /// At shutdown: commit what is queued, close the connection, stop.
    Close,
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
    /// A session's seat credentials, swapped if still the old ones.
    SwapTokenHashes(String, Vec<String>, Vec<String>),
    /// A seat pins the language of its answers (`lang`, a BCP 47 tag), or
    /// clears the pin (None).
    PinLanguage {
        id: String,
        seat: u8,
        lang: Option<&'static str>,
    },
    /// Keeps a value around a session (`session_extras`); with `replace`
    /// false only when the key has none yet (1: kept).
    PutExtra {
        id: String,
        kind: &'static str,
        key: String,
        value: String,
        replace: bool,
    },
    /// Removes a value around a session (1: it was there).
    DeleteExtra {
        id: String,
        kind: &'static str,
        key: String,
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
    IssueTicket(TicketToKeep),
    /// Uses a ticket up: 1 if it was there, live and the session's.
    RedeemTicket {
        ticket_hash: String,
        session: String,
        now_ms: i64,
    },
    /// Outside any transaction: `VACUUM INTO`.
    Backup(String),
    /// Outside any transaction: a checkpoint on the writer's own
    /// connection, where nothing else writes meanwhile.
    Checkpoint(CheckpointMode),
}

/// A stream ticket to keep ([`Op::IssueTicket`]): hashes only, and the
/// caps it must stay under.
pub(super) struct TicketToKeep {
    pub ticket_hash: String,
    pub session: String,
    pub token_hash: String,
    /// Unix milliseconds after which the ticket opens nothing.
    pub expires_ms: i64,
    pub now_ms: i64,
    /// Most live tickets of one session.
    pub max: u32,
    /// Most live tickets of one seat (of one token hash).
    pub max_per_seat: u32,
}

/// How the writer checkpoints ([`Op::Checkpoint`]).
#[derive(Debug, Clone, Copy)]
pub(super) enum CheckpointMode {
    /// At shutdown: everything copied and the WAL file emptied (waits for
    /// readers).
    Truncate,
    /// When the WAL has outgrown the checkpointer: everything copied,
    /// waiting for no reader; the next transaction starts the WAL over.
    Passive,
}

impl CheckpointMode {
    fn pragma(self) -> &'static str {
        match self {
            CheckpointMode::Truncate => "PRAGMA wal_checkpoint(TRUNCATE)",
            CheckpointMode::Passive => "PRAGMA wal_checkpoint(PASSIVE)",
        }
    }
}

impl Op {
    fn alone(&self) -> bool {
        matches!(self, Op::Backup(_) | Op::Checkpoint(_))
    }
}

/// WAL frames (pages) beyond which the checkpointer asks the writer to
/// catch the checkpoint up itself ([`CheckpointMode::Passive`]): 4,096 pages of
/// 4 KiB, 16 MiB.
pub(super) const WAL_CATCH_UP_FRAMES: i64 = 4096;

pub(super) struct Job {
    pub op: Op,
    /// Rows the job changed (0 = it found nothing to do).
    pub reply: oneshot::Sender<Result<u64, StoreError>>,
}

/// The write connection's settings.
pub(super) fn options(path: &Path, durability: Durability) -> SqliteConnectOptions {
    let sync = match durability {
        Durability::Full => SqliteSynchronous::Full,
        Durability::Normal => SqliteSynchronous::Normal,
    };
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(sync)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true)
        // Checkpoints run on their own connection (`checkpointer`), not
        // inside the commits that every waiting reply depends on.
        .pragma("wal_autocheckpoint", "0")
        // A batch's multi-row statements need a statement journal (to undo
        // one statement that fails halfway). Kept in memory, it is a copy;
        // on disk (the default) it was a temp file opened, written and
        // unlinked per batch: 4.6 % of the server's CPU under load. It holds
        // nothing a crash needs: the WAL is the durable part.
        .pragma("temp_store", "memory")
        // A command script's text depends on its batch's shape: 5 chunk
        // sizes × snapshots or not × idempotency records or not × whether
        // it opens the transaction, 40 texts, beside the rare writes'.
        .statement_cache_capacity(128)
}

/// Opens the write connection with the server's settings.
pub(super) async fn open(
    path: &Path,
    durability: Durability,
) -> Result<SqliteConnection, StoreError> {
    Ok(SqliteConnection::connect_with(&options(path, durability)).await?)
}

/// The writer loop; returns when every sender is gone.
pub(super) async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    let closed = 'jobs: loop {
        let Some(first) = rx.recv().await else {
            break None;
        };
        if let Op::Close = first.op {
            break Some(first.reply);
        }
        if first.op.alone() {
            let r = alone(&mut conn, &first.op).await;
            let _ = first.reply.send(r);
            continue;
        }
        batch.push(first);
        for round in 0..2 {
            if round == 1 {
                super::let_others_queue().await;
            }
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(j) if matches!(j.op, Op::Close) => {
                        commit_batch(&mut conn, &mut batch).await;
                        break 'jobs Some(j.reply);
                    }
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
        }
        commit_batch(&mut conn, &mut batch).await;
    };
    // Replies once the connection is closed, so a caller that waits knows
    // the database file is no longer held (`SqliteStore::close`).
    let _ = conn.close().await;
    if let Some(reply) = closed {
        let _ = reply.send(Ok(0));
    }
}

async fn alone(conn: &mut SqliteConnection, op: &Op) -> Result<u64, StoreError> {
    match op {
        Op::Backup(path) => {
            sqlx::query("VACUUM INTO ?1")
                .bind(path.as_str())
                .execute(&mut *conn)
                .await?;
            Ok(1)
        }
        Op::Checkpoint(mode) => {
            let started = Instant::now();
            sqlx::query(mode.pragma()).fetch_all(&mut *conn).await?;
            // A catch-up's stall (no batch commits meanwhile); the
            // shutdown's TRUNCATE is not one.
            if let CheckpointMode::Passive = mode {
                metrics::histogram!("ghostseat_wal_catch_up_seconds")
                    .record(started.elapsed().as_secs_f64());
            }
            Ok(1)
        }
        _ => Err(StoreError::Failed("not a stand-alone operation".into())),
    }
}

/// Ends whatever transaction a failed step left open (an error if none is).
async fn rollback(conn: &mut SqliteConnection) {
    let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
}

async fn commit_batch(conn: &mut SqliteConnection, batch: &mut Vec<Job>) {
    if batch.is_empty() {
        return;
    }
    let started = Instant::now();
    let n = batch.len();
    let outcome = match batched(conn, batch).await {
        Ok(results) => Ok(results),
        Err(e) => {
            rollback(conn).await;
            tracing::warn!(error = %e, jobs = n, "batched commit failed; job by job");
            let r = one_by_one(conn, batch).await;
            if r.is_err() {
                rollback(conn).await;
            }
            r
        }
    };
    metrics::histogram!("ghostseat_commit_batch_size").record(n as f64);
    metrics::histogram!("ghostseat_commit_seconds").record(started.elapsed().as_secs_f64());
    match outcome {
        Ok(results) => {
            for (job, r) in batch.drain(..).zip(results) {
                if matches!(r, Err(StoreError::Failed(_))) {
                    metrics::counter!("ghostseat_store_errors_total").increment(1);
                }
                let _ = job.reply.send(r);
            }
        }
        Err(e) => {
            let e = StoreError::from(e);
            tracing::error!(error = %e, jobs = n, "commit failed");
            metrics::counter!("ghostseat_store_errors_total").increment(n as u64);
            for job in batch.drain(..) {
                let _ = job.reply.send(Err(e.clone()));
            }
        }
    }
}

fn stale(c: &CommitCommand) -> StoreError {
    StoreError::Stale {
        session: c.session_id.clone(),
        version: c.seq.saturating_sub(1),
    }
}

/// The whole batch in one transaction: the rare writes each in its
/// savepoint, then the commands as one [`CommitScript`] that also commits:
/// a batch of commands alone is one hop to the connection's thread. Their
/// order inside the batch is free: every job of a batch was queued before
/// any of them was answered. An `Err` means the transaction must be rolled
/// back.
async fn batched(
    conn: &mut SqliteConnection,
    batch: &[Job],
) -> Result<Vec<Result<u64, StoreError>>, sqlx::Error> {
    let mut results: Vec<Option<Result<u64, StoreError>>> =
        (0..batch.len()).map(|_| None).collect();
    let mut begun = false;
    let mut commits: Vec<(usize, &CommitCommand)> = Vec::with_capacity(batch.len());
    for (i, job) in batch.iter().enumerate() {
        match &job.op {
            Op::Commit(c) => commits.push((i, c)),
            op => {
                if !begun {
                    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
                    begun = true;
                }
                results[i] = Some(one(conn, op).await?);
            }
        }
    }
    if commits.is_empty() {
        if begun {
            sqlx::query("COMMIT").execute(&mut *conn).await?;
        }
    } else {
        let cs: Vec<&CommitCommand> = commits.iter().map(|(_, c)| *c).collect();
        let won = CommitScript::new(&cs, !begun, true)?.run(conn).await?;
        for ((i, c), won) in commits.into_iter().zip(won) {
            results[i] = Some(if won { Ok(1) } else { Err(stale(c)) });
        }
    }
    Ok(results.into_iter().map(|r| r.unwrap_or(Ok(0))).collect())
}

/// After a failed batch: one transaction, each job in its savepoint.
async fn one_by_one(
    conn: &mut SqliteConnection,
    batch: &[Job],
) -> Result<Vec<Result<u64, StoreError>>, sqlx::Error> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let mut results = Vec::with_capacity(batch.len());
    for job in batch {
        results.push(one(conn, &job.op).await?);
    }
    sqlx::query("COMMIT").execute(&mut *conn).await?;
    Ok(results)
}

/// One job inside its savepoint: its own failure is its answer; an `Err`
/// means the savepoint itself failed.
async fn one(conn: &mut SqliteConnection, op: &Op) -> Result<Result<u64, StoreError>, sqlx::Error> {
    sqlx::query("SAVEPOINT job").execute(&mut *conn).await?;
    let r = apply(conn, op).await;
    if r.is_err() {
        sqlx::query("ROLLBACK TO job").execute(&mut *conn).await?;
    }
    sqlx::query("RELEASE job").execute(&mut *conn).await?;
    Ok(r)
}

/// One bind value of a multi-row statement.
#[derive(Clone, Copy)]
enum Val<'a> {
    Int(i64),
    OptInt(Option<i64>),
    Text(&'a str),
    OptText(Option<&'a str>),
    Blob(&'a [u8]),
}

/// `(?, ?, …), (?, ?, …), …`: `rows` rows of `cols` placeholders.
fn placeholders(rows: usize, cols: usize) -> String {
    let row = format!("({})", vec!["?"; cols].join(", "));
    vec![row; rows].join(", ")
}

/// Runs `sql(values)` over `vals` (`cols` values a row) in chunks of
/// [`CHUNKS`] rows, the last chunk padded with NULL rows (the import's log
/// rows).
async fn chunked(
    conn: &mut SqliteConnection,
    cols: usize,
    vals: &[Val<'_>],
    sql: impl Fn(&str) -> String,
) -> Result<(), sqlx::Error> {
    for chunk in vals.chunks(cols * CHUNKS[CHUNKS.len() - 1]) {
        let n = chunk.len() / cols;
        let size = chunk_size(n);
        let text = sql(&placeholders(size, cols));
        let mut args = SqliteArguments::default();
        for v in chunk {
            add(&mut args, *v)?;
        }
        for _ in n * cols..size * cols {
            args.add(None::<i64>).map_err(sqlx::Error::Encode)?;
        }
        sqlx::query_with(&text, args).execute(&mut *conn).await?;
    }
    Ok(())
}

/// The rows of a statement for `n` rows: the smallest of [`CHUNKS`] that
/// holds them.
fn chunk_size(n: usize) -> usize {
    CHUNKS.iter().copied().find(|&s| s >= n).unwrap_or(n)
}

/// The statements that write commands, as one multi-statement text and its
/// arguments, run in one hop to the connection's thread (sqlx binds the
/// anonymous `?` of the statements in turn).
///
/// Per [`CHUNKS`]-sized chunk of commands of distinct sessions (a session's
/// second command of a batch goes in a later round, so it sees the first):
/// 1. the snapshots, 2. the idempotency records, each inserted only for a
///    command whose session is at `seq - 1` (the fence: the last `seq` of
///    its log, [`super::head_version`]);
/// 3. the status and age, where they change (`age_resolution`);
/// 4. the log rows, which move the fence, `RETURNING session_id, round`.
///
/// Steps 1 to 3 read the fence before step 4 moves it, inside one
/// transaction, so a command either writes everything or nothing. The
/// snapshot and idempotency statements, when a chunk has any, are padded to
/// the chunk's size, so sqlx's statement cache holds a handful of texts.
struct CommitScript<'q> {
    text: String,
    args: SqliteArguments<'q>,
    /// Each command's session and round: a session's commands of one batch
    /// each go in a round of their own (`(session, version)` may repeat
    /// when two replicas raced), and the update returns its round.
    keys: Vec<(&'q str, i64)>,
}

impl<'q> CommitScript<'q> {
    /// `begin`/`commit`: whether the text opens and ends the transaction
    /// itself.
    fn new(cs: &[&'q CommitCommand], begin: bool, commit: bool) -> Result<Self, sqlx::Error> {
        let mut script = CommitScript {
            text: String::new(),
            args: SqliteArguments::default(),
            keys: cs.iter().map(|c| (c.session_id.as_str(), 0)).collect(),
        };
        if begin {
            script.text.push_str("BEGIN IMMEDIATE;\n");
        }
        let mut pending: Vec<usize> = (0..cs.len()).collect();
        let mut round = 0i64;
        while !pending.is_empty() {
            let mut seen = HashSet::new();
            let (now, rest): (Vec<usize>, Vec<usize>) = pending
                .into_iter()
                .partition(|&i| seen.insert(cs[i].session_id.as_str()));
            pending = rest;
            let now: Vec<&CommitCommand> = now
                .into_iter()
                .map(|i| {
                    script.keys[i].1 = round;
                    cs[i]
                })
                .collect();
            for chunk in now.chunks(CHUNKS[CHUNKS.len() - 1]) {
                script.chunk(chunk, round)?;
            }
            round += 1;
        }
        if commit {
            script.text.push_str("COMMIT;\n");
        }
        Ok(script)
    }

    /// Steps 1 to 4 for commands of distinct sessions.
    fn chunk(&mut self, cs: &[&'q CommitCommand], round: i64) -> Result<(), sqlx::Error> {
        let size = chunk_size(cs.len());
        // The fence: the session is at `seq - 1`. Steps 1 to 3 read it
        // before step 4 moves it.
        const FENCE: &str = concat!(
            "FROM (VALUES {values}) AS v, sessions s
             WHERE s.id = v.column1 AND ",
            super::head_version!("s"),
            " = v.column2 - 1"
        );
        // 1. Snapshots (every few commands).
        if cs.iter().any(|c| c.snapshot.is_some()) {
            let rows = cs.iter().filter_map(|c| {
                c.snapshot.as_deref().map(|s| {
                    [
                        Val::Text(&c.session_id),
                        Val::Int(c.seq as i64),
                        Val::Int(c.rng_pos as i64),
                        Val::Int(i64::from(c.state_version)),
                        Val::Blob(s),
                    ]
                })
            });
            self.statement(
                "INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos,
                                        state_version, snapshot)
                 SELECT v.* ",
                FENCE,
                " ON CONFLICT (session_id) DO UPDATE SET
                     snapshot_version = excluded.snapshot_version,
                     snapshot_rng_pos = excluded.snapshot_rng_pos,
                     state_version = excluded.state_version,
                     snapshot = excluded.snapshot",
                size,
                rows,
            )?;
        }
        // 2. Idempotency records.
        if cs.iter().any(|c| c.idempotency.is_some()) {
            let rows = cs.iter().filter_map(|c| {
                c.idempotency.as_ref().map(|r| {
                    [
                        Val::Text(&c.session_id),
                        Val::Int(c.seq as i64),
                        Val::Text(&r.key),
                        Val::Text(&r.request_hash),
                        Val::Int(i64::from(r.status)),
                        Val::Text(&r.body),
                    ]
                })
            });
            self.statement(
                "INSERT INTO idempotency (scope, key, request_hash, status, body)
                 SELECT v.column1, v.column3, v.column4, v.column5, v.column6 ",
                FENCE,
                "",
                size,
                rows,
            )?;
        }
        // 3. The session row, only where the status changes, a seat
        //    resigns, or the age is older than [`age_resolution`]: the
        //    status and age are keys of `sessions_by_age`, and an UPDATE
        //    that names a key column rewrites its index entry even with the
        //    same value, a page at a random place of the index in the WAL
        //    for every command.
        //    Only the commands that ask ([`CommitCommand::touch`]): most
        //    commands of a batch skip this statement.
        let touching = cs.iter().filter(|c| c.touch).count();
        let rows = cs.iter().filter(|c| c.touch).map(|c| {
            [
                Val::Text(&c.session_id),
                Val::Int(c.seq as i64),
                Val::Text(c.status),
                Val::Text(c.kind),
                Val::OptInt(c.seat.map(i64::from)),
            ]
        });
        if touching > 0 {
            self.statement(
                "WITH v (id, seq, status, kind, seat) AS (VALUES {values})
             UPDATE sessions SET status = v.status,
                 updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                 resigned = CASE WHEN v.kind = 'resign' THEN v.seat ELSE sessions.resigned END ",
                concat!(
                    "FROM v WHERE sessions.id = v.id AND ",
                    super::head_version!("sessions"),
                    " = v.seq - 1
                   AND (sessions.status <> v.status OR v.kind = 'resign'
                        OR sessions.updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '",
                    age_resolution!(),
                    "'))"
                ),
                "",
                chunk_size(touching),
                rows,
            )?;
        }
        // 4. The log rows: the fence moves. NULL padding rows match no
        //    session.
        let rows = cs.iter().map(|c| {
            [
                Val::Text(&c.session_id),
                Val::Int(c.seq as i64),
                Val::Text(c.kind),
                Val::OptInt(c.seat.map(i64::from)),
                Val::Text(&c.payload),
                Val::Text(&c.events),
                Val::OptText(c.idempotency.as_ref().map(|r| r.key.as_str())),
                Val::Int(c.rng_pos as i64),
            ]
        });
        self.statement(
            "INSERT INTO commands (session_id, seq, kind, seat, payload, events, idempotency_key,
                                   rng_pos)
             SELECT v.* ",
            FENCE,
            &format!(" RETURNING session_id, {round}"),
            size,
            rows,
        )
    }

    /// Appends `head tail end;` with `{values}` in `head` or `tail` standing
    /// for `size` rows of placeholders, and binds `rows`, padded with NULL
    /// rows to `size`.
    fn statement<const COLS: usize>(
        &mut self,
        head: &str,
        tail: &str,
        end: &str,
        size: usize,
        rows: impl Iterator<Item = [Val<'q>; COLS]>,
    ) -> Result<(), sqlx::Error> {
        let values = placeholders(size, COLS);
        for part in [head, tail] {
            self.text.push_str(&part.replace("{values}", &values));
        }
        self.text.push_str(end);
        self.text.push_str(";\n");
        let mut n = 0;
        for row in rows {
            for v in row {
                add(&mut self.args, v)?;
            }
            n += 1;
        }
        for _ in n * COLS..size * COLS {
            self.args.add(None::<i64>).map_err(sqlx::Error::Encode)?;
        }
        Ok(())
    }

    /// Runs the script; returns for each command whether it passed the
    /// fence (the others wrote nothing).
    async fn run(self, conn: &mut SqliteConnection) -> Result<Vec<bool>, sqlx::Error> {
        let rows = sqlx::query_with(&self.text, self.args)
            .fetch_all(&mut *conn)
            .await?;
        let won: HashSet<(String, i64)> = rows
            .iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(self
            .keys
            .iter()
            .map(|&(id, round)| won.contains(&(id.to_string(), round)))
            .collect())
    }
}

fn add<'q>(args: &mut SqliteArguments<'q>, v: Val<'q>) -> Result<(), sqlx::Error> {
    match v {
        Val::Int(i) => args.add(i),
        Val::OptInt(i) => args.add(i),
        Val::Text(s) => args.add(s),
        Val::OptText(s) => args.add(s),
        Val::Blob(b) => args.add(b),
    }
    .map_err(sqlx::Error::Encode)
}

async fn insert_session(conn: &mut SqliteConnection, row: &SessionRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sessions (id, game, options, seed, version, status, rng_pos,
                               token_hashes, salt, public_seed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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
    .bind(row.public_seed as i64)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO snapshots (session_id, snapshot_version, snapshot_rng_pos, state_version, snapshot)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(&row.id)
    .bind(row.version as i64)
    .bind(row.rng_pos as i64)
    .bind(i64::from(row.state_version))
    .bind(row.snapshot.as_slice())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Deletes a session with its log, consents and idempotency records.
async fn delete_session(conn: &mut SqliteConnection, id: &str) -> Result<u64, StoreError> {
    sqlx::query("DELETE FROM idempotency WHERE scope = ?1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let n = sqlx::query("DELETE FROM sessions WHERE id = ?1")
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok(n)
}

/// Keeps a first answer under its scope (the session id, or `create`).
async fn insert_idempotency(
    conn: &mut SqliteConnection,
    scope: &str,
    r: &IdempotencyRecord,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO idempotency (scope, key, request_hash, status, body)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(scope)
    .bind(&r.key)
    .bind(&r.request_hash)
    .bind(i64::from(r.status))
    .bind(&r.body)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// One operation of a batch, in the batch's transaction: the match routes,
/// each operation's own function writes. Returns the rows it changed (what
/// the store's callers read as "done").
async fn apply(conn: &mut SqliteConnection, op: &Op) -> Result<u64, StoreError> {
    match op {
        Op::Commit(c) => commit_one(conn, c).await,
        Op::Create(row, idem) => create(conn, row, idem.as_ref()).await,
        Op::Import(row, commands) => import(conn, row, commands).await,
        Op::Delete(id) => delete_session(conn, id).await,
        Op::IssueTicket(t) => issue_ticket(conn, t).await,
        Op::RedeemTicket {
            ticket_hash,
            session,
            now_ms,
        } => redeem_ticket(conn, ticket_hash, session, *now_ms).await,
        Op::ConsentToDelete { id, seat, humans } => {
            consent_to_delete(conn, id, *seat, humans).await
        }
        Op::PinLanguage { id, seat, lang } => pin_language(conn, id, *seat, *lang).await,
        Op::Expire {
            finished_age,
            abandoned_age,
            limit,
        } => {
            expire(
                conn,
                finished_age.as_deref(),
                abandoned_age.as_deref(),
                *limit,
            )
            .await
        }
        Op::PutExtra {
            id,
            kind,
            key,
            value,
            replace,
        } => put_extra(conn, id, kind, key, value, *replace).await,
        Op::DeleteExtra { id, kind, key } => delete_extra(conn, id, kind, key).await,
        Op::SwapTokenHashes(id, old, new) => swap_token_hashes(conn, id, old, new).await,
        Op::Resnapshot {
            id,
            version,
            snapshot,
            rng_pos,
            state_version,
        } => resnapshot(conn, id, *version, snapshot, *rng_pos, *state_version).await,
        Op::Backup(_) | Op::Checkpoint(_) | Op::Close => {
            Err(StoreError::Failed("not a batch operation".into()))
        }
    }
}

/// A command on its own: the same statements as a batch of one. The
/// version guard first: a session another process moved on is stale, not
/// a duplicate command.
async fn commit_one(conn: &mut SqliteConnection, c: &CommitCommand) -> Result<u64, StoreError> {
    if CommitScript::new(&[c], false, false)?.run(conn).await?[0] {
        Ok(1)
    } else {
        Err(stale(c))
    }
}

/// A new session, with the answer to its create request when that carried
/// an `Idempotency-Key`.
async fn create(
    conn: &mut SqliteConnection,
    row: &SessionRow,
    idem: Option<&IdempotencyRecord>,
) -> Result<u64, StoreError> {
    insert_session(conn, row).await?;
    if let Some(record) = idem {
        insert_idempotency(conn, "create", record).await?;
    }
    Ok(1)
}

/// An imported session and its whole log, the log in chunked inserts.
async fn import(
    conn: &mut SqliteConnection,
    row: &SessionRow,
    commands: &[super::CommandRow],
) -> Result<u64, StoreError> {
    insert_session(conn, row).await?;
    let payloads: Vec<String> = commands.iter().map(|c| c.payload.to_string()).collect();
    let vals: Vec<Val> = commands
        .iter()
        .zip(&payloads)
        .flat_map(|(c, payload)| {
            [
                Val::Text(&row.id),
                Val::Int(c.seq as i64),
                Val::Text(&c.kind),
                Val::OptInt(c.seat.map(i64::from)),
                Val::Text(payload),
                Val::Text(&c.events),
            ]
        })
        .collect();
    chunked(conn, 6, &vals, |values| {
        format!(
            "INSERT INTO commands (session_id, seq, kind, seat, payload, events)
             SELECT * FROM (VALUES {values}) WHERE column1 IS NOT NULL"
        )
    })
    .await?;
    Ok(1)
}

/// Keeps a stream ticket unless the session or the seat has its most live
/// ones; expired tickets of every session go first (0: not kept).
async fn issue_ticket(conn: &mut SqliteConnection, t: &TicketToKeep) -> Result<u64, StoreError> {
    let TicketToKeep {
        ticket_hash,
        session,
        token_hash,
        expires_ms,
        now_ms,
        max,
        max_per_seat,
    } = t;
    sqlx::query("DELETE FROM stream_tickets WHERE expires_ms <= ?1")
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    let (live, seat): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE token_hash = ?2)
         FROM stream_tickets WHERE session_id = ?1",
    )
    .bind(session)
    .bind(token_hash)
    .fetch_one(&mut *conn)
    .await?;
    if live >= i64::from(*max) || seat >= i64::from(*max_per_seat) {
        return Ok(0);
    }
    let n = sqlx::query(
        "INSERT INTO stream_tickets (ticket_hash, session_id, token_hash, expires_ms)
         VALUES (?1, ?2, ?3, ?4)",
    )
    .bind(ticket_hash)
    .bind(session)
    .bind(token_hash)
    .bind(expires_ms)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(n)
}

/// Uses a ticket up: 1 if it was there, live and the session's.
async fn redeem_ticket(
    conn: &mut SqliteConnection,
    ticket_hash: &str,
    session: &str,
    now_ms: i64,
) -> Result<u64, StoreError> {
    let n = sqlx::query(
        "DELETE FROM stream_tickets
         WHERE ticket_hash = ?1 AND session_id = ?2 AND expires_ms > ?3",
    )
    .bind(ticket_hash)
    .bind(session)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(n)
}

/// Records `seat`'s wish to delete, and deletes once every seat of
/// `humans` has asked (the rows deleted; 0 while some have not).
async fn consent_to_delete(
    conn: &mut SqliteConnection,
    id: &str,
    seat: u8,
    humans: &[u8],
) -> Result<u64, StoreError> {
    sqlx::query("INSERT OR IGNORE INTO delete_consents (session_id, seat) VALUES (?1, ?2)")
        .bind(id)
        .bind(i64::from(seat))
        .execute(&mut *conn)
        .await?;
    let consented: Vec<i64> =
        sqlx::query_scalar("SELECT seat FROM delete_consents WHERE session_id = ?1")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
    if humans.iter().all(|h| consented.contains(&i64::from(*h))) {
        delete_session(conn, id).await
    } else {
        Ok(0)
    }
}

/// Pins `seat`'s language (`lang`, a BCP 47 tag), or clears the pin (None).
async fn pin_language(
    conn: &mut SqliteConnection,
    id: &str,
    seat: u8,
    lang: Option<&'static str>,
) -> Result<u64, StoreError> {
    let n = match lang {
        Some(lang) => sqlx::query(
            "INSERT INTO seat_languages (session_id, seat, lang) VALUES (?1, ?2, ?3)
             ON CONFLICT (session_id, seat) DO UPDATE SET lang = excluded.lang",
        )
        .bind(id)
        .bind(i64::from(seat))
        .bind(lang)
        .execute(&mut *conn)
        .await?
        .rows_affected(),
        None => sqlx::query("DELETE FROM seat_languages WHERE session_id = ?1 AND seat = ?2")
            .bind(id)
            .bind(i64::from(seat))
            .execute(&mut *conn)
            .await?
            .rows_affected(),
    };
    Ok(n)
}

/// Deletes up to `limit` sessions finished longer than `finished_age` ago
/// or untouched for `abandoned_age` (`-N seconds`; None: never), and the
/// create answers older than a day. Returns how many sessions went.
async fn expire(
    conn: &mut SqliteConnection,
    finished_age: Option<&str>,
    abandoned_age: Option<&str>,
    limit: u64,
) -> Result<u64, StoreError> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM sessions
         WHERE (status = 'finished' AND ?1 IS NOT NULL
                AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1))
            OR (status = 'active' AND ?2 IS NOT NULL
                AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2)
                -- `updated_at` may lag (see `age_resolution`): the
                -- last command says when the session was touched.
                AND coalesce((SELECT c.created_at FROM commands c
                              WHERE c.session_id = sessions.id
                              ORDER BY c.seq DESC LIMIT 1), '')
                    < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2))
         LIMIT ?3",
    )
    .bind(finished_age)
    .bind(abandoned_age)
    .bind(limit.min(i64::MAX as u64) as i64)
    .fetch_all(&mut *conn)
    .await?;
    for id in &ids {
        delete_session(conn, id).await?;
    }
    // Create answers are kept a day for retries; then they go.
    sqlx::query(
        "DELETE FROM idempotency WHERE scope = 'create' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')",
    )
    .execute(&mut *conn)
    .await?;
    Ok(ids.len() as u64)
}

/// Keeps `value` under (`kind`, `key`) beside session `id`; with `replace`
/// false only when the key has none yet (1: kept).
async fn put_extra(
    conn: &mut SqliteConnection,
    id: &str,
    kind: &'static str,
    key: &str,
    value: &str,
    replace: bool,
) -> Result<u64, StoreError> {
    let sql = if replace {
        "INSERT INTO session_extras (session_id, kind, key, value) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (session_id, kind, key) DO UPDATE SET value = excluded.value"
    } else {
        "INSERT INTO session_extras (session_id, kind, key, value) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (session_id, kind, key) DO NOTHING"
    };
    let n = sqlx::query(sql)
        .bind(id)
        .bind(kind)
        .bind(key)
        .bind(value)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok(n)
}

/// Removes (`kind`, `key`) beside session `id` (1: it was there).
async fn delete_extra(
    conn: &mut SqliteConnection,
    id: &str,
    kind: &'static str,
    key: &str,
) -> Result<u64, StoreError> {
    let n =
        sqlx::query("DELETE FROM session_extras WHERE session_id = ?1 AND kind = ?2 AND key = ?3")
            .bind(id)
            .bind(kind)
            .bind(key)
            .execute(&mut *conn)
            .await?
            .rows_affected();
    Ok(n)
}

/// A session's seat credentials, swapped only while they are still `old`.
async fn swap_token_hashes(
    conn: &mut SqliteConnection,
    id: &str,
    old: &[String],
    new: &[String],
) -> Result<u64, StoreError> {
    let n =
        sqlx::query("UPDATE sessions SET token_hashes = ?1 WHERE id = ?2 AND token_hashes = ?3")
            .bind(serde_json::to_string(new).unwrap_or_default())
            .bind(id)
            .bind(serde_json::to_string(old).unwrap_or_default())
            .execute(&mut *conn)
            .await?
            .rows_affected();
    Ok(n)
}

/// A snapshot in the current state format at `version`, only while the
/// session is still at that version and dice position.
async fn resnapshot(
    conn: &mut SqliteConnection,
    id: &str,
    version: u64,
    snapshot: &[u8],
    rng_pos: u64,
    state_version: u32,
) -> Result<u64, StoreError> {
    let n = sqlx::query(concat!(
        r#"UPDATE snapshots SET snapshot = ?1, snapshot_version = ?2,
         snapshot_rng_pos = ?3, state_version = ?4
         WHERE session_id = ?5 AND EXISTS (
             SELECT 1 FROM sessions s
             WHERE s.id = ?5 AND "#,
        super::head_version!("s"),
        r#" = ?2
               AND (CASE WHEN s.version = ?2 THEN s.rng_pos
                         ELSE (SELECT c.rng_pos FROM commands c
                               WHERE c.session_id = ?5 AND c.seq = ?2) END) = ?3)"#
    ))
    .bind(snapshot)
    .bind(version as i64)
    .bind(rng_pos as i64)
    .bind(i64::from(state_version))
    .bind(id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(n)
}

/// Copies the WAL back into the database file every `every`, on its own
/// connection, so a commit never pays for a checkpoint. Ends when `stop`
/// has no sender left (the store is gone).
///
/// SQLite starts the WAL over only when a write transaction begins while
/// every frame is already copied. Under a load without gaps the next batch
/// always begins while this connection is still copying, so the WAL would
/// grow for as long as the load lasts (311 MB after 25 s at 4k commands/s).
/// Once it holds more than `catch_up_frames`, this connection copies what
/// its pass left in up to [`CATCH_UP_PASSES`] quicker passes, and then the
/// writer is asked to copy the rest itself between two batches
/// ([`CheckpointMode::Passive`]): a stall of milliseconds (its two fsyncs,
/// 11 ms on average with 10,000 tables on the 2-core VM, 17 ms with one
/// pass, about 6 ms since the flush below), after which the WAL starts
/// over.
///
/// SQLite flushes the database file only after a pass that reached the end
/// of the WAL, which under load is the writer's catch-up alone. So every
/// page this connection copied since the last catch-up (16 MiB, scattered)
/// was still in the OS's cache and the writer's fsync had to write them
/// all while no command could commit (25 ms under `perf trace` with 10,000
/// tables). This connection now flushes the file itself ([`flush`]) before
/// it asks, and the writer's fsync finds only the pages of its own few
/// frames. Flushing after every pass instead was worse: four flushes a
/// second competed with the commits' own fsyncs (more commits over 10 ms).
pub(super) async fn checkpointer(
    mut conn: SqliteConnection,
    db: PathBuf,
    mut stop: mpsc::Receiver<()>,
    every: Duration,
    writer: mpsc::WeakSender<Job>,
    catch_up_frames: i64,
) {
    loop {
        tokio::select! {
            _ = stop.recv() => break,
            _ = tokio::time::sleep(every) => {}
        }
        let Some((frames, mut left)) = passive(&mut conn).await else {
            continue;
        };
        if frames < catch_up_frames {
            continue;
        }
        // Before the writer stops for it, copy what the last pass left
        // (the commits made meanwhile) while the writer goes on: each pass
        // is shorter than the last, and the writer's own then copies a few
        // pages instead of a whole period's.
        for _ in 0..CATCH_UP_PASSES {
            match passive(&mut conn).await {
                Some((_, now_left)) if now_left < left => left = now_left,
                _ => break,
            }
        }
        flush(&db).await;
        let Some(writer) = writer.upgrade() else {
            break;
        };
        let (reply, done) = oneshot::channel();
        if writer
            .send(Job {
                op: Op::Checkpoint(CheckpointMode::Passive),
                reply,
            })
            .await
            .is_err()
        {
            break;
        }
        drop(writer);
        metrics::counter!("ghostseat_wal_catch_ups_total").increment(1);
        metrics::histogram!("ghostseat_wal_catch_up_frames").record(left as f64);
        if let Ok(Err(e)) = done.await {
            tracing::warn!(error = %e, "the writer's checkpoint failed");
        }
    }
    let _ = conn.close().await;
}

/// Passes of the checkpointer before it asks the writer to catch up.
const CATCH_UP_PASSES: usize = 3;

/// Writes the database file's pages that the checkpointer copied out of the
/// OS's cache to the disk (`fdatasync` on a descriptor of our own: the
/// cache is the file's, whichever descriptor wrote it), on a blocking
/// thread, so the writer's own fsync of the file has little left to do.
/// Harmless when it fails: the writer's fsync still makes the file durable.
async fn flush(db: &Path) {
    let db = db.to_path_buf();
    let started = Instant::now();
    let flushed = tokio::task::spawn_blocking(move || std::fs::File::open(&db)?.sync_data())
        .await
        .unwrap_or_else(|e| Err(std::io::Error::other(e)));
    match flushed {
        Ok(()) => metrics::histogram!("ghostseat_checkpoint_flush_seconds")
            .record(started.elapsed().as_secs_f64()),
        Err(e) => tracing::warn!(error = %e, "flushing the database file failed"),
    }
}

/// A passive checkpoint: the frames in the WAL and those not yet copied
/// back (None if it failed, as logged).
async fn passive(conn: &mut SqliteConnection) -> Option<(i64, i64)> {
    // One row: busy, frames in the WAL, frames copied.
    match sqlx::query(CheckpointMode::Passive.pragma())
        .fetch_one(conn)
        .await
    {
        Ok(row) => {
            let frames = row.try_get::<i64, _>(1).unwrap_or(0);
            let copied = row.try_get::<i64, _>(2).unwrap_or(0);
            Some((frames, frames - copied))
        }
        Err(e) => {
            tracing::warn!(error = %e, "checkpoint failed");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `passive` reports the WAL's frames and those it could not copy: a
    /// reader still on an older snapshot holds the frames after it back (as
    /// the writer's next batch does under load), and once it is gone a pass
    /// leaves nothing, which is what the catch-up passes count on.
    #[tokio::test]
    async fn a_passive_pass_reports_the_frames_it_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("passes.db");
        let mut writer = open(&path, Durability::Normal).await.unwrap();
        let insert = "INSERT INTO t VALUES (zeroblob(10000))";
        sqlx::query("CREATE TABLE t (x BLOB)")
            .execute(&mut writer)
            .await
            .unwrap();
        sqlx::query(insert).execute(&mut writer).await.unwrap();
        let mut reader = open(&path, Durability::Normal).await.unwrap();
        sqlx::query("BEGIN").execute(&mut reader).await.unwrap();
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM t")
            .fetch_one(&mut reader)
            .await
            .unwrap();
        assert_eq!(n, 1);
        for _ in 0..4 {
            sqlx::query(insert).execute(&mut writer).await.unwrap();
        }
        let mut checkpointer = open(&path, Durability::Normal).await.unwrap();
        let (frames, left) = passive(&mut checkpointer).await.unwrap();
        // Each 10 kB row is three pages and more.
        assert!(
            left >= 4 * 3 && frames > left,
            "{frames} frames, {left} left"
        );
        sqlx::query("COMMIT").execute(&mut reader).await.unwrap();
        assert_eq!(passive(&mut checkpointer).await, Some((frames, 0)));
    }
}
