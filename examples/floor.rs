//! The floor: what one durable command costs a
//! server built from the same crates that does nothing else.
//!
//! `floor serve` answers `POST /sessions/{id}/moves` with a JSON body of
//! `--bytes` bytes (a fresh copy each time, as a rendered answer would be)
//! after committing one log row for it through a single group-committing
//! writer into SQLite (WAL, `synchronous = FULL` or `NORMAL`; `--store none`
//! skips it). No game, no view, no legal moves, no middleware. `floor load`
//! drives it from keep-alive connections and reads the server's CPU time
//! from `/proc/<pid>/stat` over the load phase, as `ghostseat-bench
//! --server-pid` does. Pinned, the way docs/performance.md measures ghostseat:
//!
//! ```text
//! cargo build --release --example floor
//! taskset -c 0 target/release/examples/floor serve --addr 127.0.0.1:8090 --bytes 12000 --database /tmp/floor.db &
//! taskset -c 1 target/release/examples/floor load --target http://127.0.0.1:8090 --server-pid $! --sessions 64 --seconds 10
//! ```
//!
//! Whatever this prints per request is CPU that ghostseat pays before its
//! first line of game code, so it bounds what any change to that code can
//! win. With `--rate` the load is an open loop, as `ghostseat-bench
//! --rate`: the latency a server that does nothing else shows at a given
//! offered load (say 10,000 tables, `--sessions 10000 --rate 2000`).

use std::{
    path::PathBuf,
    str::FromStr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use axum::{body::Bytes, extract::Path, extract::State, routing::post, Router};
use clap::{Parser, Subcommand, ValueEnum};
use sqlx::{
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous},
    Connection, SqliteConnection,
};
use tokio::sync::{mpsc, oneshot};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The bare server.
    Serve {
        #[arg(long, default_value = "127.0.0.1:8090")]
        addr: std::net::SocketAddr,
        /// Bytes of each answer (ghostseat-bench's mix averages about 12,000).
        #[arg(long, default_value_t = 12_000)]
        bytes: usize,
        #[arg(long, value_enum, default_value_t = Store::Full)]
        store: Store,
        #[arg(long, value_enum, default_value_t = Layout::Keyed)]
        layout: Layout,
        /// Also move each session's version in a `sessions` table whose rows
        /// carry a blob of this many bytes, as ghostseat's fence does (its
        /// rows hold the first snapshot); 0 for rows of the head alone.
        #[arg(long)]
        session_row_bytes: Option<usize>,
        /// The SQLite file (created; removed first if it exists).
        #[arg(long, default_value = "floor.db")]
        database: PathBuf,
    },
    /// The load: each session posts its next move as soon as the last is
    /// answered, or with `--rate` at its fixed slots.
    Load {
        #[arg(long, default_value = "http://127.0.0.1:8090")]
        target: String,
        /// The server's process id, for its CPU time.
        #[arg(long)]
        server_pid: u32,
        #[arg(long, default_value_t = 64)]
        sessions: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// GET this path instead (e.g. ghostseat's `/healthz`: its HTTP
        /// stack, middleware and all, around a trivial handler).
        #[arg(long)]
        get: Option<String>,
        /// A bearer token for the GET (e.g. a seat's, to read a session).
        #[arg(long)]
        bearer: Option<String>,
        /// Open loop: the sessions offer this many requests per second in
        /// all, each at fixed slots `sessions / rate` seconds apart (as
        /// `ghostseat-bench --rate`), latency counted from the slot. The
        /// first round of slots opens the connections and is not measured.
        #[arg(long)]
        rate: Option<f64>,
    },
}

/// How the log rows are keyed.
#[derive(Clone, Copy, ValueEnum)]
enum Layout {
    /// By session and version, as ghostseat's `commands` table: each row
    /// lands on its session's page of the key, so a commit of rows of many
    /// sessions writes as many pages.
    Keyed,
    /// By arrival only: a commit writes the last page or two.
    Append,
}

#[derive(Clone, Copy, ValueEnum)]
enum Store {
    /// Answer without writing anything.
    None,
    /// Each answer after its row's commit is on disk (`synchronous = FULL`).
    Full,
    /// Each answer after its row's commit, without the commit's `fsync`.
    Normal,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The runtime ghostseat's server runs on.
    let runtime = ghostseat::server::runtime()?;
    runtime.block_on(async {
        match Cli::parse().command {
            Command::Serve {
                addr,
                bytes,
                store,
                layout,
                session_row_bytes,
                database,
            } => serve(addr, bytes, store, layout, session_row_bytes, database).await,
            Command::Load {
                target,
                server_pid,
                sessions,
                seconds,
                get,
                bearer,
                rate,
            } => {
                let request = Request { get, bearer };
                load(target, server_pid, sessions, seconds, rate, request).await
            }
        }
    })
}

/// One log row on its way to the writer, and where its commit is reported.
type Row = (String, u64, Bytes, oneshot::Sender<()>);

#[derive(Clone)]
struct App {
    answer: Arc<Vec<u8>>,
    rows: Option<mpsc::Sender<Row>>,
    seq: Arc<AtomicU64>,
}

async fn serve(
    addr: std::net::SocketAddr,
    bytes: usize,
    store: Store,
    layout: Layout,
    session_row_bytes: Option<usize>,
    database: PathBuf,
) -> Result<(), Box<dyn std::error::Error>> {
    let rows = match store {
        Store::None => None,
        Store::Full | Store::Normal => {
            let _ = std::fs::remove_file(&database);
            // ghostseat's write settings: WAL, no checkpoint inside a
            // commit (a second connection copies the WAL back every 250 ms),
            // the statement journal in memory.
            let options = SqliteConnectOptions::from_str(&database.to_string_lossy())?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(match store {
                    Store::Full => SqliteSynchronous::Full,
                    _ => SqliteSynchronous::Normal,
                })
                .pragma("wal_autocheckpoint", "0")
                .pragma("temp_store", "memory");
            let mut conn = SqliteConnection::connect_with(&options).await?;
            let key = match layout {
                Layout::Keyed => ", PRIMARY KEY (session_id, seq)",
                Layout::Append => "",
            };
            sqlx::query(&format!(
                "CREATE TABLE commands (session_id TEXT NOT NULL, seq INTEGER NOT NULL,
                 payload TEXT NOT NULL{key})"
            ))
            .execute(&mut conn)
            .await?;
            sqlx::query(
                "CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL,
                 version INTEGER NOT NULL, snapshot BLOB NOT NULL)",
            )
            .execute(&mut conn)
            .await?;
            let mut checkpointer = SqliteConnection::connect_with(&options).await?;
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                    let pass = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)");
                    if let Err(e) = pass.fetch_all(&mut checkpointer).await {
                        eprintln!("checkpoint failed: {e}");
                    }
                }
            });
            let (tx, rx) = mpsc::channel(4096);
            tokio::spawn(writer(conn, rx, session_row_bytes));
            Some(tx)
        }
    };
    // A JSON string of the asked size, like an answer's view.
    let pad = bytes.saturating_sub(12);
    let answer = format!("{{\"view\":\"{}\"}}", "x".repeat(pad)).into_bytes();
    let app = App {
        answer: Arc::new(answer),
        rows,
        seq: Arc::new(AtomicU64::new(0)),
    };
    let router = Router::new()
        .route("/sessions/{id}/moves", post(command))
        .with_state(app);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    axum::serve(listener, router).await?;
    Ok(())
}

async fn command(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<([(axum::http::HeaderName, &'static str); 1], Vec<u8>), axum::http::StatusCode> {
    if let Some(rows) = &app.rows {
        let (done, committed) = oneshot::channel();
        let seq = app.seq.fetch_add(1, Ordering::Relaxed);
        rows.send((id, seq, body, done))
            .await
            .map_err(|_| axum::http::StatusCode::SERVICE_UNAVAILABLE)?;
        committed
            .await
            .map_err(|_| axum::http::StatusCode::SERVICE_UNAVAILABLE)?;
    }
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        app.answer.as_ref().clone(),
    ))
}

/// Group commit: every row that waits when a commit starts goes into it,
/// as one multi-row INSERT (and, with `session_row_bytes`, one multi-row
/// upsert of the rows' sessions) in one transaction, and each waiter hears
/// after the commit.
async fn writer(
    mut conn: SqliteConnection,
    mut rx: mpsc::Receiver<Row>,
    session_row_bytes: Option<usize>,
) {
    const MAX: usize = 256;
    let mut batch = Vec::with_capacity(MAX);
    while rx.recv_many(&mut batch, MAX).await > 0 {
        // One script, one hop to the connection's thread, as ghostseat's
        // writer sends it.
        let rows = |row: &str| vec![row; batch.len()].join(",");
        let mut sql = format!(
            "BEGIN IMMEDIATE;\nINSERT INTO commands (session_id, seq, payload) VALUES {}",
            rows("(?,?,?)")
        );
        if let Some(blob) = session_row_bytes {
            sql.push_str(&format!(
                ";\nINSERT INTO sessions (id, version, snapshot) VALUES {}
                 ON CONFLICT (id) DO UPDATE SET version = version + 1",
                rows(&format!("(?, 1, zeroblob({blob}))"))
            ));
        }
        sql.push_str(";\nCOMMIT;");
        let mut q = sqlx::query(&sql);
        for (id, seq, payload, _) in &batch {
            q = q
                .bind(id.as_str())
                .bind(*seq as i64)
                .bind(String::from_utf8_lossy(payload).into_owned());
        }
        if session_row_bytes.is_some() {
            for (id, _, _, _) in &batch {
                q = q.bind(id.as_str());
            }
        }
        let result = q.execute(&mut conn).await;
        if let Err(e) = result {
            eprintln!("commit failed: {e}");
            let _ = sqlx::query("ROLLBACK").execute(&mut conn).await;
            batch.clear();
            continue;
        }
        for (_, _, _, done) in batch.drain(..) {
            let _ = done.send(());
        }
    }
}

/// User and system CPU seconds of process `pid`, all its threads.
fn process_cpu(pid: u32) -> Result<(f64, f64), Box<dyn std::error::Error>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let mut fields = stat[stat.rfind(')').ok_or("bad stat")? + 1..].split_whitespace();
    let user: f64 = fields.nth(11).ok_or("bad stat")?.parse()?;
    let system: f64 = fields.next().ok_or("bad stat")?.parse()?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Ok((user / hz, system / hz))
}

/// What the load sends: a move to its session, or the same GET for all.
#[derive(Clone)]
struct Request {
    get: Option<String>,
    bearer: Option<String>,
}

impl Request {
    fn build(
        &self,
        client: &reqwest::Client,
        target: &str,
        session: usize,
    ) -> reqwest::RequestBuilder {
        let rb = match &self.get {
            Some(path) => client.get(format!("{target}{path}")),
            None => client
                .post(format!("{target}/sessions/s{session:04}/moves"))
                .header("content-type", "application/json")
                .body(r#"{"move":{"kind":"place_worker","space":"fisherman"}}"#),
        };
        match &self.bearer {
            Some(token) => rb.bearer_auth(token),
            None => rb,
        }
    }
}

async fn load(
    target: String,
    server_pid: u32,
    sessions: usize,
    seconds: u64,
    rate: Option<f64>,
    request: Request,
) -> Result<(), Box<dyn std::error::Error>> {
    if rate.is_some_and(|r| !(r > 0.0 && r.is_finite())) {
        return Err("--rate must be a positive number of requests per second".into());
    }
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(sessions)
        .build()?;
    // Warm-up opens the connections (a second, or the open loop's first
    // round of slots), then the measured phase.
    let start = Instant::now();
    let interval = rate.map(|r| Duration::from_secs_f64(sessions as f64 / r));
    let warm = start + interval.unwrap_or(Duration::from_secs(1));
    let deadline = warm + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for s in 0..sessions {
        let client = client.clone();
        let (target, request) = (target.clone(), request.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0u64;
            // The open loop's next slot and their interval: session s
            // first at s / rate seconds.
            let mut slot = interval.map(|i| (start + i.mul_f64(s as f64 / sessions as f64), i));
            loop {
                // A late request still counts from its slot.
                let t = match &mut slot {
                    Some((at, interval)) => {
                        let t = *at;
                        tokio::time::sleep_until(t.into()).await;
                        *at += *interval;
                        t
                    }
                    None => Instant::now(),
                };
                if t >= deadline {
                    break;
                }
                let r = request.build(&client, &target, s).send().await;
                let ok = match r {
                    Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
                    _ => false,
                };
                if t >= warm {
                    match ok {
                        true => latencies.push(t.elapsed().as_secs_f64() * 1000.0),
                        false => errors += 1,
                    }
                }
            }
            (latencies, errors)
        }));
    }
    tokio::time::sleep_until(warm.into()).await;
    let before = process_cpu(server_pid)?;
    tokio::time::sleep_until(deadline.into()).await;
    let after = process_cpu(server_pid)?;
    let mut all = Vec::new();
    let mut errors = 0;
    for t in tasks {
        let (l, e) = t.await?;
        all.extend(l);
        errors += e;
    }
    all.sort_by(f64::total_cmp);
    let n = all.len().max(1) as f64;
    let pct = |p: f64| {
        all.get(((all.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let (user, system) = (after.0 - before.0, after.1 - before.1);
    println!(
        "{}",
        serde_json::json!({
            "requests": all.len(),
            "errors": errors,
            "requests_per_s": (n / seconds as f64).round(),
            "server_cpu_us_per_request": ((user + system) * 1e6 / n * 10.0).round() / 10.0,
            "server_cpu_user_us_per_request": (user * 1e6 / n * 10.0).round() / 10.0,
            "server_cpu_system_us_per_request": (system * 1e6 / n * 10.0).round() / 10.0,
            "server_cpu_busy": ((user + system) / seconds as f64 * 100.0).round() / 100.0,
            "p50_ms": (pct(0.5) * 100.0).round() / 100.0,
            "p99_ms": (pct(0.99) * 100.0).round() / 100.0,
        })
    );
    Ok(())
}
