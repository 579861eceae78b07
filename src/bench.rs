//! `ghostseat bench` (part of the binary, not the library): a load generator over loopback HTTP, and the raw
//! SQLite baseline on the same disk, so the server's figures can be read
//! against what the disk itself can do.
//!
//! It starts a server in-process on a scratch database (or targets a running
//! one with `--target`), drives N concurrent sessions through a realistic mix
//! (create, read, legal moves, human moves, bot turns; every game of the
//! catalogue, round robin) for a fixed time, then prints throughput and
//! p50/p90/p99 latency per request kind. Its last line is one JSON object.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

use ghostseat::config::{BenchArgs, ServeArgs};
use ghostseat::server::Server;
use ghostseat::store::Durability;

#[derive(Default)]
struct Samples {
    by_kind: BTreeMap<&'static str, Vec<f64>>,
    errors: BTreeMap<String, u64>,
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs the benchmark; returns the summary JSON (also printed last).
pub async fn run(args: BenchArgs) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let scratch = args
        .dir
        .join(format!("ghostseat-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let result = run_in(&args, &scratch).await;
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn serve_args(db: PathBuf, durability: Durability) -> ServeArgs {
    let mut a = ServeArgs::with_database(&db);
    a.addr = "127.0.0.1:0".parse().expect("loopback address");
    a.log_level = "error".into();
    a.durability = durability;
    a.idle_secs = 3600;
    a.rate_limit = 0;
    a.rate_burst = 0;
    // The load generator is one client address with many sessions.
    a.creates_per_hour = 0;
    a.max_connections_per_address = a.max_connections;
    a
}

/// Resident memory of this process in MiB (Linux).
fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map(|kb| kb / 1024.0)
        .unwrap_or(0.0)
}

/// Starts a server in-process; returns its base URL, registry and stopper.
async fn start(
    db: PathBuf,
    durability: Durability,
) -> Result<
    (
        String,
        std::sync::Arc<ghostseat::session::Registry>,
        Stopper,
    ),
    Box<dyn std::error::Error + Send + Sync>,
> {
    let server = Server::bind(&serve_args(db, durability)).await?;
    let registry = server.registry.clone();
    let base = format!("http://{}", server.addr);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async move {
        let _ = rx.await;
    }));
    Ok((base, registry, (tx, task)))
}

type Stopper = (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
);

async fn stop((tx, task): Stopper) {
    let _ = tx.send(());
    let _ = task.await;
}

/// Starts `ghostseat serve` on `db` as a child process; returns it and its URL.
async fn child_server(
    db: &Path,
    durability: Durability,
) -> Result<(std::process::Child, String), Box<dyn std::error::Error + Send + Sync>> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let durability = match durability {
        Durability::Full => "full",
        Durability::Normal => "normal",
    };
    let child = std::process::Command::new(std::env::current_exe()?)
        .args([
            "serve",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--log-level",
            "error",
        ])
        .args([
            "--rate-limit",
            "0",
            "--durability",
            durability,
            "--database",
        ])
        .arg(db)
        .spawn()?;
    let client = reqwest::Client::new();
    let t = Instant::now();
    while client.get(format!("{base}/healthz")).send().await.is_err() {
        if t.elapsed() > Duration::from_secs(20) {
            return Err("the child server did not start".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok((child, base))
}

/// Loads every session (none is live), timing each load; sorted, in ms.
async fn timed_loads(
    registry: &ghostseat::session::Registry,
    sessions: &[(String, String)],
) -> Result<Vec<f64>, Box<dyn std::error::Error + Send + Sync>> {
    let mut out = Vec::with_capacity(sessions.len());
    for (id, _) in sessions {
        let t = Instant::now();
        registry.preload(id).await?;
        out.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    out.sort_by(|a, b| a.total_cmp(b));
    Ok(out)
}

/// Creates a session of `game` and plays `steps` commands in it (bot turns
/// and random legal moves, fewer if the game stops first); returns its id
/// and a seat token.
async fn seeded_session(
    client: &reqwest::Client,
    base: &str,
    game: &str,
    seed: u64,
    steps: usize,
) -> Result<(String, String), Box<dyn std::error::Error + Send + Sync>> {
    let unrecorded = Mutex::new(Samples::default());
    let body = json!({"game": game, "seed": seed}).to_string();
    let mut table = Table::create(client, base, body, &unrecorded)
        .await
        .ok_or_else(|| format!("cannot create a {game} session"))?;
    let mut rand = xorshift(seed);
    for _ in 0..steps {
        // A finished game, or a seat with nothing to do, ends the log early.
        if !matches!(
            table.step(client, base, &unrecorded, &mut rand).await,
            Step::Played
        ) {
            break;
        }
    }
    let any = table.tokens[table.any_seat].clone().unwrap_or_default();
    Ok((table.id, any))
}

/// Creates `n` sessions of every game with logs of 0 to 2 × SNAPSHOT_EVERY
/// commands, restarts, loads each cold (timed inside the process, without
/// HTTP), then measures RSS with all of them live and one warm HTTP read each.
async fn idle_run(
    args: &BenchArgs,
    scratch: &Path,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    let n = args.idle_sessions;
    let db = scratch.join("idle.db");
    let client = reqwest::Client::new();
    // The sessions are made by a server in a child process, so that this
    // process's memory afterwards holds only what loading them costs.
    let (mut child, base) = child_server(&db, args.durability).await?;
    let games: Vec<String> = ghostseat::games::catalog()
        .iter()
        .map(|g| g.id().to_string())
        .collect();
    let per_task = n.div_ceil(32);
    let mut tasks = Vec::new();
    for t in 0..32 {
        let (client, base, games) = (client.clone(), base.clone(), games.clone());
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for i in (t * per_task)..((t + 1) * per_task).min(n) {
                let steps = i % (2 * ghostseat::session::SNAPSHOT_EVERY as usize);
                out.push(
                    seeded_session(&client, &base, &games[i % games.len()], i as u64, steps).await,
                );
            }
            out
        }));
    }
    let mut sessions = Vec::with_capacity(n);
    for t in tasks {
        for r in t.await? {
            sessions.push(r?);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    // Pass 1: the file as the disk has it (pages may not be in memory).
    let rss_before = rss_mib();
    let (_, registry, stopper) = start(db.clone(), args.durability).await?;
    let disk = timed_loads(&registry, &sessions).await?;
    let live = registry.live_actors().await;
    let rss_after = rss_mib();
    stop(stopper).await;
    // Pass 2: the same with the file in the OS page cache: the load's own cost.
    let _ = std::fs::read(&db)?;
    let (base, registry, stopper) = start(db, args.durability).await?;
    let load = timed_loads(&registry, &sessions).await?;
    let mut warm = Vec::with_capacity(n);
    for (id, token) in &sessions {
        let t = Instant::now();
        let r = client
            .get(format!("{base}/v1/sessions/{id}/legal-moves"))
            .bearer_auth(token)
            .send()
            .await?;
        let _ = r.bytes().await?;
        warm.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    stop(stopper).await;
    warm.sort_by(|a, b| a.total_cmp(b));
    let ms = |v: f64| (v * 1000.0).round() / 1000.0;
    let summary = json!({
        "idle_sessions": n,
        "live_actors": live,
        "rss_mib": (rss_after * 10.0).round() / 10.0,
        "rss_growth_mib": ((rss_after - rss_before) * 10.0).round() / 10.0,
        "cold_load_p50_ms": ms(pct(&disk, 50.0)),
        "cold_load_p99_ms": ms(pct(&disk, 99.0)),
        "cold_load_max_ms": ms(pct(&disk, 100.0)),
        "cold_load_os_cached_p50_ms": ms(pct(&load, 50.0)),
        "cold_load_os_cached_p99_ms": ms(pct(&load, 99.0)),
        "warm_http_read_p50_ms": ms(pct(&warm, 50.0)),
        "warm_http_read_p99_ms": ms(pct(&warm, 99.0)),
    });
    println!("{summary}");
    Ok(summary)
}

async fn run_in(
    args: &BenchArgs,
    scratch: &Path,
) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
    if args.idle_sessions > 0 {
        return idle_run(args, scratch).await;
    }
    let full = sqlite_commits_per_s(
        &scratch.join("baseline-full.db"),
        SqliteSynchronous::Full,
        Duration::from_secs(2),
    )
    .await?;
    let normal = sqlite_commits_per_s(
        &scratch.join("baseline-normal.db"),
        SqliteSynchronous::Normal,
        Duration::from_secs(2),
    )
    .await?;
    eprintln!(
        "sqlite baseline on {}: {full:.0} commits/s (FULL), {normal:.0} commits/s (NORMAL)",
        scratch.display()
    );

    let (base, stopper) = match &args.target {
        Some(t) => (t.trim_end_matches('/').to_string(), None),
        None => {
            let (base, _, stopper) = start(scratch.join("bench.db"), args.durability).await?;
            (base, Some(stopper))
        }
    };

    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.sessions)
        .build()?;
    let games: Vec<String> = client
        .get(format!("{base}/v1/games"))
        .send()
        .await?
        .json::<Value>()
        .await?["games"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|g| g["id"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if games.is_empty() {
        return Err("the server offers no games".into());
    }
    let samples = Arc::new(Mutex::new(Samples::default()));
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..args.sessions {
        let client = client.clone();
        let base = base.clone();
        let game = games[i % games.len()].clone();
        let samples = samples.clone();
        tasks.push(tokio::spawn(async move {
            drive(client, base, game, i as u64, deadline, samples).await
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(stopper) = stopper {
        stop(stopper).await;
    }

    let s = samples.lock().await;
    let mut commands = 0usize;
    let mut all_cmd: Vec<f64> = Vec::new();
    println!(
        "{:<12} {:>9} {:>10} {:>9} {:>9} {:>9}",
        "kind", "count", "per_s", "p50_ms", "p90_ms", "p99_ms"
    );
    for (kind, v) in &s.by_kind {
        let mut v = v.clone();
        v.sort_by(|a, b| a.total_cmp(b));
        if *kind == "move" || *kind == "bot_turn" {
            commands += v.len();
            all_cmd.extend(&v);
        }
        println!(
            "{:<12} {:>9} {:>10.1} {:>9.2} {:>9.2} {:>9.2}",
            kind,
            v.len(),
            v.len() as f64 / elapsed,
            pct(&v, 50.0),
            pct(&v, 90.0),
            pct(&v, 99.0)
        );
    }
    for (e, n) in &s.errors {
        println!("error {e}: {n}");
    }
    all_cmd.sort_by(|a, b| a.total_cmp(b));
    let summary = json!({
        "sessions": args.sessions,
        "commands_per_s": (commands as f64 / elapsed * 10.0).round() / 10.0,
        "p50_ms": (pct(&all_cmd, 50.0) * 100.0).round() / 100.0,
        "p99_ms": (pct(&all_cmd, 99.0) * 100.0).round() / 100.0,
        "sqlite_full_commits_per_s": full.round(),
        "sqlite_normal_commits_per_s": normal.round(),
        "durability": args.durability,
    });
    println!("{summary}");
    Ok(summary)
}

/// Whose turn it is, as far as the load generator needs to know.
#[derive(Deserialize)]
struct NextDoc {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seats: Vec<usize>,
}

/// The parts of the answers the client reads; the rest of each body is
/// skipped without building a tree, so the client spends its share of the
/// two cores on requests rather than on parsing views.
#[derive(Deserialize)]
struct CreatedDoc {
    id: String,
    seats: Vec<SeatDoc>,
    next: NextDoc,
}

#[derive(Deserialize)]
struct SeatDoc {
    token: Option<String>,
}

#[derive(Deserialize)]
struct CommandDoc {
    next: NextDoc,
    /// The token's seat's legal moves after the command.
    #[serde(default)]
    legal_moves: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct MovesDoc {
    moves: Vec<Box<RawValue>>,
}

/// Sends a request, records its latency under `kind`, and reads the answer
/// as `T` (`None` on any failure, which is counted).
async fn timed<T: DeserializeOwned>(
    samples: &Mutex<Samples>,
    kind: &'static str,
    rb: reqwest::RequestBuilder,
) -> Option<T> {
    let t = Instant::now();
    let res = match rb.send().await {
        Ok(r) if r.status().is_success() => r.bytes().await.map_err(|e| e.to_string()),
        Ok(r) => Err(r.status().as_u16().to_string()),
        Err(e) => Err(format!("transport: {e}")),
    };
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut s = samples.lock().await;
    match res {
        Ok(bytes) => {
            s.by_kind.entry(kind).or_default().push(ms);
            drop(s);
            serde_json::from_slice(&bytes).ok()
        }
        Err(e) => {
            *s.errors.entry(format!("{kind} {e}")).or_default() += 1;
            None
        }
    }
}

/// A small deterministic generator for the clients' choices.
fn xorshift(salt: u64) -> impl FnMut() -> usize {
    let mut rng = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng as usize
    }
}

/// One session as a client plays it.
struct Table {
    id: String,
    tokens: Vec<Option<String>>,
    /// A human seat, whose token asks for bot turns.
    any_seat: usize,
    next: NextDoc,
    /// A command's answer carries the legal moves of the seat that sent it;
    /// a front end (and this client) asks only when another seat acts.
    known: Option<(usize, Vec<Box<RawValue>>)>,
}

/// What [`Table::step`] did.
enum Step {
    Played,
    Finished,
    Failed,
}

impl Table {
    /// Creates a session from a `POST /v1/sessions` body.
    async fn create(
        client: &reqwest::Client,
        base: &str,
        body: String,
        samples: &Mutex<Samples>,
    ) -> Option<Table> {
        let created = timed::<CreatedDoc>(
            samples,
            "create",
            client
                .post(format!("{base}/v1/sessions"))
                .header("content-type", "application/json")
                .body(body),
        )
        .await?;
        let tokens: Vec<Option<String>> = created.seats.into_iter().map(|s| s.token).collect();
        let any_seat = tokens.iter().position(Option::is_some)?;
        Some(Table {
            id: created.id,
            tokens,
            any_seat,
            next: created.next,
            known: None,
        })
    }

    /// Plays the next command: the bot's turn when it is due, else a random
    /// legal move of a seat that may act.
    async fn step(
        &mut self,
        client: &reqwest::Client,
        base: &str,
        samples: &Mutex<Samples>,
        rand: &mut impl FnMut() -> usize,
    ) -> Step {
        let id = &self.id;
        let (seat, answer) = match self.next.kind.as_str() {
            "bot" => {
                let token = self.tokens[self.any_seat].as_deref().unwrap_or_default();
                let answer = timed::<CommandDoc>(
                    samples,
                    "bot_turn",
                    client
                        .post(format!("{base}/v1/sessions/{id}/bot-turn"))
                        .bearer_auth(token),
                )
                .await;
                (self.any_seat, answer)
            }
            "human" => {
                if self.next.seats.is_empty() {
                    return Step::Failed;
                }
                let seat = self.next.seats[rand() % self.next.seats.len()];
                let Some(Some(token)) = self.tokens.get(seat) else {
                    return Step::Failed;
                };
                let moves = match self.known.take() {
                    Some((s, moves)) if s == seat => moves,
                    _ => {
                        let Some(lm) = timed::<MovesDoc>(
                            samples,
                            "legal_moves",
                            client
                                .get(format!("{base}/v1/sessions/{id}/legal-moves"))
                                .bearer_auth(token),
                        )
                        .await
                        else {
                            return Step::Failed;
                        };
                        lm.moves
                    }
                };
                if moves.is_empty() {
                    return Step::Failed;
                }
                let item: serde_json::Value =
                    serde_json::from_str(moves[rand() % moves.len()].get()).unwrap_or_default();
                let Some(mv) =
                    ghostseat::engine::legal::instantiate(&item, &mut |n| rand() % n.max(1))
                else {
                    return Step::Failed;
                };
                let answer = timed::<CommandDoc>(
                    samples,
                    "move",
                    client
                        .post(format!("{base}/v1/sessions/{id}/moves"))
                        .bearer_auth(token)
                        .header("content-type", "application/json")
                        .body(format!("{{\"move\":{mv}}}")),
                )
                .await;
                (seat, answer)
            }
            _ => return Step::Finished,
        };
        match answer {
            Some(r) => {
                self.next = r.next;
                self.known = Some((seat, r.legal_moves));
                Step::Played
            }
            None => Step::Failed,
        }
    }
}

/// One client: plays sessions of `game` with random legal moves until the deadline.
async fn drive(
    client: reqwest::Client,
    base: String,
    game: String,
    salt: u64,
    deadline: Instant,
    samples: Arc<Mutex<Samples>>,
) {
    let mut rand = xorshift(salt);
    let create = json!({"game": game}).to_string();
    while Instant::now() < deadline {
        let Some(mut table) = Table::create(&client, &base, create.clone(), &samples).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        while Instant::now() < deadline {
            match table.step(&client, &base, &samples, &mut rand).await {
                Step::Played => {}
                Step::Failed => break,
                Step::Finished => {
                    // A last look at the table, then a new game.
                    let token = table.tokens[table.any_seat].as_deref().unwrap_or_default();
                    timed::<serde::de::IgnoredAny>(
                        &samples,
                        "view",
                        client
                            .get(format!("{base}/v1/sessions/{}", table.id))
                            .bearer_auth(token),
                    )
                    .await;
                    break;
                }
            }
        }
    }
}

/// Single-row commits per second on `path` with the server's settings.
pub async fn sqlite_commits_per_s(
    path: &Path,
    sync: SqliteSynchronous,
    dur: Duration,
) -> Result<f64, sqlx::Error> {
    let opts = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(sync);
    let mut conn = SqliteConnection::connect_with(&opts).await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
        .execute(&mut conn)
        .await?;
    let blob = vec![7u8; 512];
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < dur {
        sqlx::query("BEGIN IMMEDIATE").execute(&mut conn).await?;
        sqlx::query("INSERT INTO t (v) VALUES (?)")
            .bind(&blob)
            .execute(&mut conn)
            .await?;
        sqlx::query("COMMIT").execute(&mut conn).await?;
        n += 1;
    }
    let rate = n as f64 / t.elapsed().as_secs_f64();
    conn.close().await?;
    Ok(rate)
}
