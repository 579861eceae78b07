//! Test harness: the real server on a free port with its own database file,
//! and a small client that speaks the API.
#![allow(dead_code)]

pub mod contract;
pub mod pg;

use ghostseat::config::ServeArgs;
use ghostseat::server::Server;
use ghostseat::store::Durability;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::sqlite::SqliteRow;
use sqlx::Row;
use std::path::{Path, PathBuf};
use tokio::sync::oneshot;

pub struct TestApp {
    pub base: String,
    pub db: PathBuf,
    pub client: reqwest::Client,
    /// The server's sessions (which are live here, for routing tests).
    pub registry: std::sync::Arc<ghostseat::session::Registry>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    _dir: Option<tempfile::TempDir>,
}

/// The operator token of test servers (tests choose seeds of games between
/// two people, which needs the operator).
pub const ADMIN: &str = "gst_admin_test_token";

pub fn args(db: &Path) -> ServeArgs {
    let mut a = ServeArgs::with_database(db);
    a.addr = "127.0.0.1:0".parse().unwrap();
    a.log_level = "warn".into();
    a.durability = Durability::Normal;
    a.rate_limit = 0;
    a.rate_burst = 0;
    a.creates_per_hour = 0;
    a.imports_per_hour = 0;
    a.admin_token = Some(ADMIN.into());
    a
}

/// The two store backends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh database on `backend`: a file in a temporary folder (kept alive
/// by the returned folder) or a database of its own on the test cluster.
/// None when the backend is PostgreSQL and it is not installed (the test
/// skips; it fails instead under `GHOSTSEAT_REQUIRE_PG=1`).
pub async fn fresh_database(backend: Backend) -> Option<(PathBuf, Option<tempfile::TempDir>)> {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("test.db");
            Some((db, Some(dir)))
        }
        Backend::Postgres => pg::database().await.map(|d| (PathBuf::from(d.url), None)),
    }
}

impl TestApp {
    /// A server on a fresh database of `backend` (None: skipped, see
    /// [`fresh_database`]).
    pub async fn spawn_on(backend: Backend) -> Option<TestApp> {
        let (db, dir) = fresh_database(backend).await?;
        let mut app = Self::spawn_with(args(&db)).await;
        app._dir = dir;
        Some(app)
    }

    /// A server on a fresh database in a temporary folder.
    pub async fn spawn() -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("test.db");
        let mut app = Self::spawn_with(args(&db)).await;
        app._dir = Some(dir);
        app
    }

    pub async fn spawn_with(args: ServeArgs) -> TestApp {
        let server = Server::bind(&args).await.expect("server binds");
        let base = format!("http://{}", server.addr);
        let registry = server.registry.clone();
        let (tx, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(server.run(async move {
            let _ = rx.await;
        }));
        TestApp {
            base,
            db: args.database.clone(),
            client: reqwest::Client::new(),
            registry,
            stop: Some(tx),
            task: Some(task),
            _dir: None,
        }
    }

    /// Keeps `dir` (the database's folder) alive as long as the server.
    pub fn keep(&mut self, dir: tempfile::TempDir) {
        self._dir = Some(dir);
    }

    /// Stops the server gracefully; keeps the temporary folder alive in the
    /// returned value so a new server can open the same file.
    /// The same helpers aimed at `base` (a proxy in front of this server
    /// and others); stopping it stops nothing.
    pub fn through(&self, base: &str) -> TestApp {
        TestApp {
            base: base.to_string(),
            db: self.db.clone(),
            client: reqwest::Client::new(),
            registry: self.registry.clone(),
            stop: None,
            task: None,
            _dir: None,
        }
    }

    pub async fn stop(mut self) -> Option<tempfile::TempDir> {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.unwrap().unwrap();
        }
        self._dir.take()
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let (s, _, v) = self.call_full(method, path, token, body, &[]).await;
        (s, v)
    }

    pub async fn call_full(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> (StatusCode, reqwest::header::HeaderMap, Value) {
        let mut rb = self
            .client
            .request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            rb = rb.bearer_auth(t);
        }
        for (k, v) in headers {
            rb = rb.header(*k, *v);
        }
        if let Some(b) = body {
            rb = rb.json(&b);
        }
        let method_name = rb
            .try_clone()
            .and_then(|b| b.build().ok())
            .map(|r| r.method().to_string())
            .unwrap_or_default();
        let res = rb.send().await.expect("request sent");
        let status = res.status();
        let headers = res.headers().clone();
        let text = res.text().await.unwrap();
        let v = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        let ct = headers
            .get("content-type")
            .and_then(|c| c.to_str().ok())
            .unwrap_or("");
        contract::check(&method_name, path, status.as_u16(), ct, &v);
        (status, headers, v)
    }

    /// Creates a session; returns (id, tokens by seat index).
    pub async fn create(
        &self,
        game: &str,
        options: Value,
        seed: u64,
    ) -> (String, Vec<Option<String>>) {
        let (s, v) = self
            .call(
                Method::POST,
                "/v1/sessions",
                Some(ADMIN),
                Some(json!({"game": game, "options": options, "seed": seed})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let tokens = self.seat_tokens(&v).await;
        (id, tokens)
    }

    /// Every human seat's token from a create answer: the creator's as
    /// given, every other seat's by claiming its invite, as its player's
    /// device does (None for bots).
    pub async fn seat_tokens(&self, created: &Value) -> Vec<Option<String>> {
        let id = created["id"].as_str().unwrap();
        let mut tokens = Vec::new();
        for s in created["seats"].as_array().unwrap() {
            let token = match (s["token"].as_str(), s["invite"].as_str()) {
                (Some(t), _) => Some(t.to_string()),
                (None, Some(code)) => {
                    let (st, v) = self
                        .call(
                            Method::POST,
                            &format!(
                                "/v1/sessions/{id}/seats/{}/claim",
                                s["id"].as_str().unwrap()
                            ),
                            None,
                            Some(json!({"invite": code})),
                        )
                        .await;
                    assert_eq!(st, StatusCode::OK, "{v}");
                    Some(v["token"].as_str().unwrap().to_string())
                }
                (None, None) => None,
            };
            tokens.push(token);
        }
        tokens
    }

    pub async fn get(&self, id: &str, token: &str) -> Value {
        let (s, v) = self
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v
    }

    pub async fn post_move(&self, id: &str, token: &str, mv: Value) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            &format!("/v1/sessions/{id}/moves"),
            Some(token),
            Some(json!({"move": mv})),
        )
        .await
    }

    pub async fn bot_turn(&self, id: &str, token: &str) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            &format!("/v1/sessions/{id}/bot-turn"),
            Some(token),
            None,
        )
        .await
    }

    /// The legal moves of the token's seat now, as moves (templates filled
    /// with the first value of each parameter).
    pub async fn legal_moves(&self, id: &str, token: &str) -> Vec<Value> {
        self.legal_items(id, token)
            .await
            .iter()
            .filter_map(|i| ghostseat::engine::legal::instantiate(i, &mut |_| 0))
            .collect()
    }

    /// The legal-move items of the token's seat now (label, move or template).
    pub async fn legal_items(&self, id: &str, token: &str) -> Vec<Value> {
        let (s, v) = self
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/legal-moves"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["moves"].as_array().cloned().unwrap_or_default()
    }

    pub async fn verify(&self, id: &str, token: &str) -> Value {
        let (s, v) = self
            .call(
                Method::GET,
                &format!("/v1/sessions/{id}/verify"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v
    }

    /// The whole log, read page by page (`after`), as one document.
    pub async fn log(&self, id: &str, token: &str) -> Value {
        let mut all: Option<Value> = None;
        let mut after = 0;
        loop {
            let (s, v) = self
                .call(
                    Method::GET,
                    &format!("/v1/sessions/{id}/log?after={after}"),
                    Some(token),
                    None,
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            let page = v["commands"].as_array().cloned().unwrap_or_default();
            let version = v["version"].as_u64().unwrap();
            let doc = all.get_or_insert_with(|| {
                let mut d = v.clone();
                d["commands"] = json!([]);
                d
            });
            doc["version"] = v["version"].clone();
            let Some(last) = page.last().and_then(|c| c["seq"].as_u64()) else {
                break;
            };
            doc["commands"].as_array_mut().unwrap().extend(page);
            if last >= version {
                break;
            }
            after = last;
        }
        all.unwrap()
    }

    /// Plays until finished (or `max_steps` commands): bot turns when the bot
    /// is due, otherwise a legal move of a seat that may act, chosen by a
    /// small deterministic generator from `pick_seed`. Returns the commands
    /// sent, for twin replays.
    pub async fn play(
        &self,
        id: &str,
        tokens: &[Option<String>],
        pick_seed: u64,
        max_steps: usize,
    ) -> Vec<Step> {
        self.play_preferring(id, tokens, pick_seed, max_steps, &[])
            .await
    }

    /// Like [`TestApp::play`], but greedy: a move of the first type in
    /// `prefer` that is legal now is taken (a player that builds when it
    /// can, so games reach their points target instead of a turn cap).
    pub async fn play_preferring(
        &self,
        id: &str,
        tokens: &[Option<String>],
        pick_seed: u64,
        max_steps: usize,
        prefer: &[&str],
    ) -> Vec<Step> {
        self.play_last(id, tokens, pick_seed, max_steps, prefer)
            .await
            .0
    }

    /// [`TestApp::play_preferring`], also returning the answer of the last
    /// command sent (the one that ended the game, when it ended).
    pub async fn play_last(
        &self,
        id: &str,
        tokens: &[Option<String>],
        pick_seed: u64,
        max_steps: usize,
        prefer: &[&str],
    ) -> (Vec<Step>, Value) {
        let mut last = Value::Null;
        let mut rng = pick_seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let any = tokens.iter().flatten().next().unwrap().clone();
        let mut steps = Vec::new();
        for _ in 0..max_steps {
            let v = self.get(id, &any).await;
            match v["next"]["type"].as_str().unwrap() {
                "finished" => break,
                "bot" => {
                    let (table, r) = self
                        .with_table(
                            &mut rng,
                            &format!("/v1/sessions/{id}/bot-turn"),
                            &any,
                            json!({}),
                        )
                        .await;
                    assert_eq!(r.0, StatusCode::OK, "bot turn: {}", r.1);
                    last = r.1;
                    steps.push(Step::Bot(table));
                }
                "human" => {
                    let seats = v["next"]["seats"].as_array().unwrap();
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let seat = seats[((rng >> 33) as usize) % seats.len()]
                        .as_u64()
                        .unwrap() as usize;
                    let token = tokens[seat].clone().expect("human seat has a token");
                    let (s, lm) = self
                        .call(
                            Method::GET,
                            &format!("/v1/sessions/{id}/legal-moves"),
                            Some(&token),
                            None,
                        )
                        .await;
                    assert_eq!(s, StatusCode::OK);
                    let moves = lm["moves"].as_array().unwrap();
                    assert!(
                        !moves.is_empty(),
                        "seat {seat} must move but has no legal move: {}",
                        v["view"]
                    );
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    for m in moves {
                        assert!(
                            m["label"].as_str().is_some_and(|l| !l.is_empty()),
                            "a legal move without a label: {m}"
                        );
                    }
                    let type_of = |m: &Value| {
                        m.get("move")
                            .or_else(|| m.get("template"))
                            .and_then(|x| x.get("type"))
                            .cloned()
                            .unwrap_or(Value::Null)
                    };
                    let preferred: Vec<&Value> = prefer
                        .iter()
                        .map(|t| {
                            moves
                                .iter()
                                .filter(|m| type_of(m) == *t)
                                .collect::<Vec<_>>()
                        })
                        .find(|v| !v.is_empty())
                        .unwrap_or_default();
                    let item = if preferred.is_empty() {
                        moves[((rng >> 33) as usize) % moves.len()].clone()
                    } else {
                        preferred[((rng >> 33) as usize) % preferred.len()].clone()
                    };
                    let mv = ghostseat::engine::legal::instantiate(&item, &mut |n| {
                        rng = rng
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((rng >> 33) as usize) % n.max(1)
                    })
                    .expect("a legal move item is a move or a template");
                    let (table, (s, r)) = self
                        .with_table(
                            &mut rng,
                            &format!("/v1/sessions/{id}/moves"),
                            &token,
                            json!({ "move": mv }),
                        )
                        .await;
                    assert_eq!(s, StatusCode::OK, "legal move {mv} refused: {r}");
                    last = r;
                    steps.push(Step::Move(seat, mv, table));
                }
                other => panic!("unknown next {other}"),
            }
        }
        (steps, last)
    }

    /// Sends a command, adding table input as long as the server answers
    /// `dice_needed` (what it needs depends on what was sent). Returns the
    /// table input used and the final answer.
    pub async fn with_table(
        &self,
        rng: &mut u64,
        path: &str,
        token: &str,
        body: Value,
    ) -> (Vec<Value>, (StatusCode, Value)) {
        let mut table: Vec<Value> = Vec::new();
        for _ in 0..32 {
            let mut b = body.clone();
            if !table.is_empty() {
                b["table"] = json!(table);
            }
            let (s, r) = self.call(Method::POST, path, Some(token), Some(b)).await;
            if s != StatusCode::UNPROCESSABLE_ENTITY || r["code"] != "dice_needed" {
                return (table, (s, r));
            }
            let needed = r["needed"].as_array().cloned().unwrap_or_default();
            assert!(
                needed.len() > table.len(),
                "dice_needed asks for nothing new: {r}"
            );
            for n in &needed[table.len()..] {
                *rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let r = (*rng >> 33) as usize;
                table.push(if let Some(d) = n.get("die") {
                    json!({"die": 1 + r % d["sides"].as_u64().unwrap_or(6) as usize})
                } else {
                    let c = n["card"]["candidates"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    json!({"card": c[r % c.len().max(1)]})
                });
            }
        }
        panic!("table input never satisfied the server");
    }

    /// Sends recorded steps again (to a twin session).
    pub async fn replay_steps(&self, id: &str, tokens: &[Option<String>], steps: &[Step]) {
        let any = tokens.iter().flatten().next().unwrap().clone();
        for st in steps {
            let (path, token, mut body, table) = match st {
                Step::Bot(table) => ("bot-turn", &any, json!({}), table),
                Step::Move(seat, mv, table) => (
                    "moves",
                    tokens[*seat].as_ref().unwrap(),
                    json!({ "move": mv }),
                    table,
                ),
            };
            if !table.is_empty() {
                body["table"] = json!(table);
            }
            let (s, r) = self
                .call(
                    Method::POST,
                    &format!("/v1/sessions/{id}/{path}"),
                    Some(token),
                    Some(body),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{r}");
        }
    }
}

/// A command a driven game sent: the table input with it.
#[derive(Debug, Clone)]
pub enum Step {
    Bot(Vec<Value>),
    Move(usize, Value, Vec<Value>),
}

/// Every game of the catalogue.
pub fn games() -> Vec<&'static str> {
    ghostseat::games::catalog().iter().map(|g| g.id()).collect()
}

/// Reads one row of `sessions` with its snapshot straight from the database file.
async fn stored_row<T>(db: &Path, id: &str, columns: &str, f: impl FnOnce(&SqliteRow) -> T) -> T {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let row = sqlx::query(&format!("SELECT {columns} FROM sessions JOIN snapshots ON snapshots.session_id = sessions.id WHERE id = ?"))
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let v = f(&row);
    pool.close().await;
    v
}

/// A session's stored snapshot, straight from the database file.
pub async fn stored_snapshot(db: &Path, id: &str) -> Vec<u8> {
    stored_row(db, id, "snapshot", |r| r.get(0)).await
}

/// A session's (version, snapshot_version), straight from the database file.
pub async fn stored_versions(db: &Path, id: &str) -> (u64, u64) {
    // The version is the last `seq` of the log (migration 0008).
    let version =
        "max(version, coalesce((SELECT max(seq) FROM commands WHERE session_id = id), 0))";
    stored_row(db, id, &format!("{version}, snapshot_version"), |r| {
        (r.get::<i64, _>(0) as u64, r.get::<i64, _>(1) as u64)
    })
    .await
}
