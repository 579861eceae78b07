//! The registry: creates sessions, finds (or reloads) their actors, retires
//! idle ones, and serves the reads that come straight from the store (log,
//! verify).

use rand_core::{OsRng, TryRngCore};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use super::actor::{
    engine_error, human_seats, next_json, status_of, Actor, Meta, Msg, Subscription,
};
use super::auth::{hash_token, new_token, seat_of};
use super::replay;
use super::{CommandRequest, Reply, SessionError};
use crate::engine::{redact_events, DynGame, Seat};
use crate::store::{CommandRow, IdempotencyRecord, SessionRow, Store};

/// Tag of the export document.
const EXPORT_FORMAT: &str = "ghostseat-session/1";

/// A session about to be written: its row, its public description and the
/// seat tokens (shown once, never stored).
struct Fresh {
    row: SessionRow,
    body: Value,
    tokens: Vec<Option<String>>,
}

impl Fresh {
    /// The answer to the creator: the description with the tokens.
    fn with_tokens(&self) -> Value {
        let mut body = self.body.clone();
        fill_tokens(&mut body, &self.tokens);
        body
    }
}

/// A token for every human seat (None for bots) and the hashes to store.
fn mint_tokens(seats: &[crate::engine::SeatInfo]) -> (Vec<Option<String>>, Vec<String>) {
    let mut tokens = vec![None; seats.len()];
    let mut hashes = vec![String::new(); seats.len()];
    for (i, _) in human_seats(seats) {
        let t = new_token();
        hashes[i] = hash_token(&t);
        tokens[i] = Some(t);
    }
    (tokens, hashes)
}

/// Writes the tokens into the `seats` of a session description.
fn fill_tokens(body: &mut Value, tokens: &[Option<String>]) {
    if let Some(seats) = body["seats"].as_array_mut() {
        for (s, t) in seats.iter_mut().zip(tokens) {
            s["token"] = json!(t);
        }
    }
}

/// Mints tokens and describes a new session at `version`.
fn fresh_session(
    game: &Arc<dyn DynGame>,
    options: Value,
    seed: u64,
    version: u64,
    state: &crate::engine::AnyState,
    rng_pos: u64,
    events: &[crate::engine::Event],
) -> Result<Fresh, SessionError> {
    let seats = game.seats(&options).map_err(engine_error)?;
    let next = game.next(state).map_err(engine_error)?;
    let id = uuid::Uuid::new_v4().to_string();
    let (tokens, hashes) = mint_tokens(&seats);
    let mut events = serde_json::to_value(events).unwrap_or(Value::Null);
    redact_events(&mut events, None);
    let body = json!({
        "id": id,
        "game": game.id(),
        "options": options,
        "seed": seed.to_string(),
        "version": version,
        "status": status_of(&next),
        "seats": seats
            .iter()
            .enumerate()
            .map(|(i, s)| json!({"index": i, "id": s.id, "kind": s.kind, "name": s.name, "token": null}))
            .collect::<Vec<_>>(),
        "next": next_json(&seats, &next),
        "events": events,
        "view": game.view(state, None).map_err(engine_error)?,
    });
    let row = SessionRow {
        id,
        game: game.id().to_string(),
        options,
        seed,
        version,
        status: status_of(&next).to_string(),
        snapshot: game.snapshot(state).map_err(engine_error)?,
        rng_pos,
        token_hashes: hashes,
        snapshot_version: version,
        snapshot_rng_pos: rng_pos,
    };
    Ok(Fresh { row, body, tokens })
}

/// Tunables of the session layer.
#[derive(Debug, Clone)]
pub struct RegistryConfig {
    /// An actor with no request for this long stops; the next request reloads it.
    pub idle_timeout: Duration,
    /// Queued requests per session before 503.
    pub mailbox: usize,
}

impl Default for RegistryConfig {
    fn default() -> Self {
        RegistryConfig {
            idle_timeout: Duration::from_secs(300),
            mailbox: 64,
        }
    }
}

#[derive(Clone)]
struct Handle {
    tx: mpsc::Sender<Msg>,
    /// Turns true when the actor has drained its mailbox and stopped.
    stopped: watch::Receiver<bool>,
}

/// A created session, with its seat tokens (the only time they are shown).
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    pub status: u16,
    pub body: Value,
}

/// One line of `GET /sessions/{id}/log`.
pub type SessionSummary = CommandRow;

pub struct Registry {
    store: Store,
    games: BTreeMap<&'static str, Arc<dyn DynGame>>,
    /// Live actors by session id (a plain lock: it is never held across an await).
    actors: Mutex<HashMap<String, Handle>>,
    cfg: RegistryConfig,
    closing: AtomicBool,
    shutdown: tokio::sync::watch::Sender<bool>,
}

impl Registry {
    pub fn new(store: Store, games: Vec<Arc<dyn DynGame>>, cfg: RegistryConfig) -> Self {
        Registry {
            store,
            games: games.into_iter().map(|g| (g.id(), g)).collect(),
            actors: Mutex::new(HashMap::new()),
            cfg,
            closing: AtomicBool::new(false),
            shutdown: tokio::sync::watch::channel(false).0,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The catalogue.
    pub fn games(&self) -> impl Iterator<Item = &Arc<dyn DynGame>> {
        self.games.values()
    }

    pub fn game(&self, id: &str) -> Result<&Arc<dyn DynGame>, SessionError> {
        self.games
            .get(id)
            .ok_or_else(|| SessionError::UnknownGame(id.to_string()))
    }

    /// Live actors (for metrics and tests); forgets the handles of retired ones.
    pub async fn live_actors(&self) -> usize {
        let mut actors = self.lock_actors();
        actors.retain(|_, h| !h.tx.is_closed());
        actors.len()
    }

    /// Makes a session live (loads it if it is not): for warming up and for
    /// timing the load alone (`ghostseat bench --idle-sessions`).
    pub async fn preload(&self, id: &str) -> Result<(), SessionError> {
        self.handle(id).await.map(|_| ())
    }

    /// Stops intake: new commands get 503 while in-flight ones finish.
    pub fn begin_shutdown(&self) {
        self.closing.store(true, Ordering::SeqCst);
        self.shutdown.send_replace(true);
    }

    /// Resolves once shutdown has begun (long-lived streams end then, so a
    /// graceful shutdown never waits on them).
    pub fn shutting_down(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.shutdown.subscribe();
        async move {
            let _ = rx.wait_for(|v| *v).await;
        }
    }

    /// Creates a session. With an idempotency key, a retry returns the same
    /// session; its tokens are minted anew while nobody has moved yet (the
    /// first answer was lost), since plain tokens are never stored.
    pub async fn create(
        &self,
        game_id: &str,
        options: &Value,
        seed: Option<u64>,
        idem: Option<(String, String)>,
    ) -> Result<Created, SessionError> {
        let game = self.game(game_id)?.clone();
        if let Some((key, hash)) = &idem {
            if let Some(prev) = self.store.idempotent_reply("create", key).await? {
                if &prev.request_hash != hash {
                    return Err(SessionError::IdempotencyKeyReused);
                }
                return self.replay_create(&game, prev.status, &prev.body).await;
            }
        }
        let options = game.options(options).map_err(engine_error)?;
        let seed = match seed {
            Some(s) => s,
            None => OsRng
                .try_next_u64()
                .map_err(|e| SessionError::Internal(e.to_string()))?,
        };
        let (state, rng_pos, events) =
            replay::start(&game, &options, seed).map_err(engine_error)?;
        let fresh = fresh_session(&game, options, seed, 0, &state, rng_pos, &events)?;
        let record = idem.map(|(key, request_hash)| IdempotencyRecord {
            key,
            request_hash,
            status: 201,
            body: fresh.body.to_string(),
        });
        let body = fresh.with_tokens();
        self.store.create_session(&fresh.row, record).await?;
        Ok(Created { status: 201, body })
    }

    /// Exports a session: options, seed and command log, enough for
    /// [`Registry::import`] on another server to rebuild it exactly.
    pub async fn export(&self, id: &str, token: Option<String>) -> Result<Value, SessionError> {
        let (row, _) = self.authorised_row(id, &token).await?;
        let commands = self.store.commands(id, 0, u64::MAX).await?;
        let commands: Vec<Value> = commands
            .iter()
            .map(|c| json!({"seq": c.seq, "kind": c.kind, "seat": c.seat, "payload": c.payload}))
            .collect();
        Ok(json!({
            "format": EXPORT_FORMAT,
            "game": row.game,
            "options": row.options,
            "seed": row.seed.to_string(),
            "version": row.version,
            "commands": commands,
        }))
    }

    /// Imports an exported session under a new id with new seat tokens. The
    /// log is replayed from the seed first; a log that does not replay is
    /// refused and nothing is written.
    pub async fn import(&self, doc: &Value) -> Result<Created, SessionError> {
        let bad = |why: String| SessionError::Malformed(format!("import: {why}"));
        if doc["format"] != EXPORT_FORMAT {
            return Err(bad(format!("format must be \"{EXPORT_FORMAT}\"")));
        }
        let game = self.game(doc["game"].as_str().unwrap_or_default())?.clone();
        let options = game.options(&doc["options"]).map_err(engine_error)?;
        let seed: u64 = match &doc["seed"] {
            Value::String(s) => s
                .parse()
                .map_err(|_| bad("seed is not a 64-bit integer".into()))?,
            v => v.as_u64().ok_or_else(|| bad("seed is missing".into()))?,
        };
        let mut commands = Vec::new();
        for (i, c) in doc["commands"]
            .as_array()
            .ok_or_else(|| bad("commands must be a list".into()))?
            .iter()
            .enumerate()
        {
            let seq = c["seq"].as_u64().unwrap_or(0);
            if seq != i as u64 + 1 {
                return Err(bad(format!(
                    "command {} has seq {seq}; commands must be numbered 1, 2, 3, …",
                    i + 1
                )));
            }
            let kind = c["kind"].as_str().unwrap_or_default();
            if !["move", "bot_turn", "undo"].contains(&kind) {
                return Err(bad(format!("command {seq} has unknown kind '{kind}'")));
            }
            commands.push(CommandRow {
                seq,
                kind: kind.to_string(),
                seat: c["seat"].as_u64().map(|s| s.min(255) as u8),
                payload: c["payload"].clone(),
                events: Value::Null,
                idempotency_key: None,
                created_at: String::new(),
            });
        }
        let (g, o, cmds) = (game.clone(), options.clone(), commands.clone());
        let replayed = tokio::task::spawn_blocking(move || replay::replay(&g, &o, seed, &cmds))
            .await
            .map_err(|e| SessionError::Internal(e.to_string()))?
            .map_err(|e| {
                SessionError::Rule(crate::engine::RuleError::illegal(
                    "SESSION-IMPORT-1",
                    format!("the log does not replay: {e}"),
                ))
            })?;
        for (c, events) in commands.iter_mut().zip(&replayed.events) {
            c.events = serde_json::to_value(events).unwrap_or(Value::Null);
        }
        let (state, rng_pos) = replayed.head();
        let fresh = fresh_session(
            &game,
            options,
            seed,
            commands.len() as u64,
            state,
            rng_pos,
            &[],
        )?;
        let body = fresh.with_tokens();
        let row = fresh.row;
        self.store.import_session(row, commands).await?;
        Ok(Created { status: 201, body })
    }

    async fn replay_create(
        &self,
        game: &Arc<dyn DynGame>,
        status: u16,
        stored: &str,
    ) -> Result<Created, SessionError> {
        let mut body: Value =
            serde_json::from_str(stored).map_err(|e| SessionError::Internal(e.to_string()))?;
        let id = body["id"].as_str().unwrap_or_default().to_string();
        let row = self
            .store
            .load_session(&id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.clone()))?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let (tokens, hashes) = mint_tokens(&seats);
        if !self.store.rotate_tokens(&id, &hashes).await? {
            return Err(SessionError::NothingToUndo(
                "this session was created by an earlier request with the same Idempotency-Key and has been played since; its tokens are not shown again".into(),
            ));
        }
        self.retire(&id).await;
        fill_tokens(&mut body, &tokens);
        Ok(Created { status, body })
    }

    fn lock_actors(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        // The map stays consistent even if a holder panicked: every change
        // is a single insert or remove.
        self.actors.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn retire(&self, id: &str) {
        self.lock_actors().remove(id);
    }

    /// The live actor of `id`, loading it from the store if needed. The map
    /// is locked only to look up and to insert, never across the load, so a
    /// cold session does not hold up the others.
    async fn handle(&self, id: &str) -> Result<Handle, SessionError> {
        loop {
            let seen = match self.lock_actors().get(id) {
                Some(h) if !h.tx.is_closed() => return Ok(h.clone()),
                Some(h) => Some(h.stopped.clone()),
                None => None,
            };
            // A retiring actor may still be draining commands: load after it.
            if let Some(mut stopped) = seen.clone() {
                let _ = stopped.wait_for(|s| *s).await;
            }
            let started = std::time::Instant::now();
            let actor = self.load(id).await?;
            metrics::histogram!("ghostseat_session_load_seconds")
                .record(started.elapsed().as_secs_f64());
            let mut actors = self.lock_actors();
            match (actors.get(id), &seen) {
                (Some(h), _) if !h.tx.is_closed() => return Ok(h.clone()), // loaded meanwhile
                (None, None) => {}
                (Some(h), Some(s)) if h.stopped.same_channel(s) => {}
                // Another actor came and went while we loaded: ours may be stale.
                _ => continue,
            }
            let (tx, rx) = mpsc::channel(self.cfg.mailbox);
            let (done, stopped) = watch::channel(false);
            let idle = self.cfg.idle_timeout;
            tokio::spawn(async move {
                actor.run(rx, idle).await;
                done.send_replace(true);
            });
            let h = Handle { tx, stopped };
            actors.insert(id.to_string(), h.clone());
            return Ok(h);
        }
    }

    /// Builds an actor from the store: the last snapshot, then the commands
    /// after it replayed (fewer than `SNAPSHOT_EVERY`).
    async fn load(&self, id: &str) -> Result<Actor, SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let game = self.game(&row.game)?.clone();
        let mut state = game.restore(&row.snapshot).map_err(engine_error)?;
        let mut rng_pos = row.snapshot_rng_pos;
        if row.snapshot_version < row.version {
            // Commands up to `row.version` never change, whatever commits
            // after the row was read.
            let tail = self
                .store
                .commands(id, row.snapshot_version, row.version - row.snapshot_version)
                .await?;
            let corrupt = |why: String| {
                SessionError::Internal(format!("session {id}: the log after the snapshot {why}"))
            };
            if tail.len() as u64 != row.version - row.snapshot_version {
                return Err(corrupt(format!(
                    "has {} commands, not {}",
                    tail.len(),
                    row.version - row.snapshot_version
                )));
            }
            let mut r = replay::Replay::from(state, rng_pos);
            for c in &tail {
                r.apply(&game, row.seed, c)
                    .map_err(|e| corrupt(format!("does not replay: {e}")))?;
            }
            (state, rng_pos) = r.into_head();
            if rng_pos != row.rng_pos {
                return Err(corrupt("ends at another dice position".into()));
            }
        }
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let (events, _) = broadcast::channel(256);
        Ok(Actor {
            meta: Meta {
                id: row.id.clone(),
                game,
                options: row.options,
                seed: row.seed,
                seats,
                token_hashes: row.token_hashes,
            },
            state,
            version: row.version,
            rng_pos,
            snapshot_version: row.snapshot_version,
            must_reload: false,
            store: self.store.clone(),
            events,
        })
    }

    /// Sends `msg` to the session's actor; a full mailbox is 503, a retired
    /// actor is reloaded once.
    async fn ask<T>(
        &self,
        id: &str,
        make: impl Fn(oneshot::Sender<Result<T, SessionError>>) -> Msg,
    ) -> Result<T, SessionError> {
        for _ in 0..2 {
            let h = self.handle(id).await?;
            let (tx, rx) = oneshot::channel();
            match h.tx.try_send(make(tx)) {
                Ok(()) => match rx.await {
                    Ok(r) => return r,
                    Err(_) => {
                        return Err(SessionError::Internal("the session actor stopped".into()))
                    }
                },
                Err(mpsc::error::TrySendError::Full(_)) => return Err(SessionError::Busy),
                Err(mpsc::error::TrySendError::Closed(_)) => continue,
            }
        }
        Err(SessionError::Busy)
    }

    pub async fn command(&self, id: &str, req: CommandRequest) -> Result<Reply, SessionError> {
        if self.closing.load(Ordering::SeqCst) {
            return Err(SessionError::ShuttingDown);
        }
        self.ask(id, |tx| Msg::Command(req.clone(), tx)).await
    }

    pub async fn view(
        &self,
        id: &str,
        token: Option<String>,
    ) -> Result<(String, u64), SessionError> {
        self.ask(id, |tx| Msg::View(token.clone(), tx)).await
    }

    pub async fn legal_moves(
        &self,
        id: &str,
        token: Option<String>,
    ) -> Result<String, SessionError> {
        self.ask(id, |tx| Msg::LegalMoves(token.clone(), tx)).await
    }

    pub async fn subscribe(
        &self,
        id: &str,
        token: Option<String>,
    ) -> Result<Subscription, SessionError> {
        self.ask(id, |tx| Msg::Subscribe(token.clone(), tx)).await
    }

    /// Loads the row and checks the token (for store-served reads).
    async fn authorised_row(
        &self,
        id: &str,
        token: &Option<String>,
    ) -> Result<(SessionRow, Seat), SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let token = token.as_deref().ok_or(SessionError::MissingToken)?;
        let seat = seat_of(token, &row.token_hashes).ok_or(SessionError::WrongToken)?;
        Ok((row, seat))
    }

    pub async fn log(
        &self,
        id: &str,
        token: Option<String>,
        after: u64,
        limit: u64,
    ) -> Result<(u64, Vec<CommandRow>), SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let seats = self
            .game(&row.game)?
            .seats(&row.options)
            .map_err(engine_error)?;
        let viewer = seats.get(seat.0 as usize).map(|s| s.id.as_str());
        let mut commands = self.store.commands(id, after, limit).await?;
        for c in &mut commands {
            redact_events(&mut c.events, viewer);
        }
        Ok((row.version, commands))
    }

    /// Replays the stored log from the seed and compares with the stored
    /// snapshot (the state after `snapshot_version` commands) and with the
    /// stored head (version and dice position).
    pub async fn verify(&self, id: &str, token: Option<String>) -> Result<Value, SessionError> {
        let (row, _) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        let commands = self.store.commands(id, 0, u64::MAX).await?;
        let digest = |b: &[u8]| hex::encode(<sha2::Sha256 as sha2::Digest>::digest(b));
        let stored = digest(&row.snapshot);
        let (options, seed, at) = (row.options.clone(), row.seed, row.snapshot_version);
        let result = tokio::task::spawn_blocking(move || {
            // The log is numbered 1, 2, 3, …: the first `at` commands lead
            // to the snapshot, the rest to the head.
            let split = commands.iter().take_while(|c| c.seq <= at).count();
            let mut r = replay::replay(&game, &options, seed, &commands[..split])?;
            let at_snapshot = (split as u64 == at).then(|| game.snapshot(r.head().0));
            for c in &commands[split..] {
                r.apply(&game, seed, c)?;
            }
            let pos = r.head().1;
            Ok::<_, replay::ReplayError>((at_snapshot, pos, commands.len()))
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))?;
        Ok(match result {
            Ok((Some(Ok(bytes)), pos, n)) => {
                let replayed = digest(&bytes);
                let ok = replayed == stored && pos == row.rng_pos && n as u64 == row.version;
                json!({
                    "ok": ok,
                    "version": row.version,
                    "commands_replayed": n,
                    "snapshot_version": row.snapshot_version,
                    "stored_snapshot_sha256": stored,
                    "replayed_snapshot_sha256": replayed,
                    "stored_rng_pos": row.rng_pos,
                    "replayed_rng_pos": pos,
                    "detail": if ok { "replaying the log from the seed reproduces the stored snapshot byte for byte and ends at the stored version and dice position" } else { "the stored snapshot or dice position differs from the replay of the log" },
                })
            }
            Ok((Some(Err(e)), _, _)) => {
                json!({"ok": false, "version": row.version, "detail": e.to_string()})
            }
            Ok((None, _, n)) => {
                json!({"ok": false, "version": row.version, "commands_replayed": n, "detail": format!("the log has no command {} where the snapshot was taken", row.snapshot_version)})
            }
            Err(e) => {
                json!({"ok": false, "version": row.version, "detail": format!("the log does not replay: {e}")})
            }
        })
    }

    pub async fn delete(&self, id: &str, token: Option<String>) -> Result<(), SessionError> {
        self.authorised_row(id, &token).await?;
        self.retire(id).await;
        self.store.delete_session(id).await?;
        Ok(())
    }
}
