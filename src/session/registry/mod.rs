//! The registry: creates sessions, finds (or reloads) their actors, retires
//! idle ones, and serves the reads that come straight from the store (log,
//! verify). One file per concern: `lifecycle` (create, claim, rotate, delete,
//! expire), `actors` (the single writer of each live session), `commands`,
//! `reads` (views, legal moves, streams, log, verify), `transfer` (export and
//! import), `pins` (the seats' languages) and `around_game` (past versions,
//! rematch, watchers, notices).

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use super::actor::{
    engine_error, human_seats, redact_table, seat_docs, status_of, to_json, Actor, Meta, Msg,
    Subscription,
};
use super::auth::{hash_token, new_invite, new_token, seat_of, Credential};
use super::{around, fairness, replay, sealed};
use super::{CommandRequest, IdempotencyKey, Reply, SessionError};
use crate::engine::{AnyState, DynGame, Lang, NextKind, Seat, SeatInfo};
use crate::store::{
    CommandRow, IdempotencyRecord, SeatLanguages, SessionRow, SessionStore, Store, StoreError,
};
use crate::wire::{
    CommandKind, CreatedDoc, EventsPart, ExportCommand, ExportDoc, GameIdPart, LogEntryDoc,
    LoggedItem, MovePart, NextPart, OptionsPart, PayloadDoc, SeatRef, Seating, SeatingChoice,
    Status, VerifyDoc, ViewPart,
};

mod actors;
mod around_game;
mod commands;
mod lifecycle;
mod pins;
mod reads;
mod transfer;

use self::actors::*;
pub use self::lifecycle::SeatingRequest;
use self::lifecycle::*;
pub use self::pins::PEER_PIN_TTL;
use self::pins::*;

/// The most commands an import may hold (a whole game of any variant is far
/// below it); with the body limit it bounds what one import stores.
pub const MAX_IMPORT_COMMANDS: usize = 20_000;

/// The longest log payload of one command (a move, its table input): a
/// move of any game with the fields its type declares is a few hundred
/// bytes; the cap makes the size of an export a bound the import's body
/// limit can promise ([`MAX_IMPORT_BODY`]).
pub const MAX_COMMAND_PAYLOAD: usize = 2048;

/// The import route's body limit (`--max-body` when larger): every export
/// of a session this server accepted fits, `MAX_IMPORT_COMMANDS` commands
/// of at most `MAX_COMMAND_PAYLOAD` bytes with 256 bytes each of `seq`,
/// `kind`, `seat` and the whitespace of a pretty-printed file, plus 64 KiB
/// of options: 46,145,536 bytes (44 MiB). Only the operator's token gets
/// this far; any other import is refused before its body is read.
pub const MAX_IMPORT_BODY: usize = MAX_IMPORT_COMMANDS * (MAX_COMMAND_PAYLOAD + 256) + 64 * 1024;

/// The most log entries one `GET …/log` answers (and its default): a
/// longer log is read in pages with `after`.
pub const LOG_PAGE: u64 = 1000;

/// How often a command is computed again when another process moved its
/// session on first (then it is answered 409: the session moved on). Each
/// stale answer means another replica committed, so retries make progress;
/// with two servers taking 64 writers of one session (`tests/integration/reliability.rs`),
/// 3 let about one command in fifty through.
const STALE_RETRIES: usize = 12;

/// Tunables of the session layer.
#[derive(Debug, Clone)]
pub struct RegistryConfig {
    /// An actor with no request for this long stops; the next request reloads it.
    pub idle_timeout: Duration,
    /// Queued requests per session before 503.
    pub mailbox: usize,
    /// Commands a session's log may hold (SESSION-CAP-1); the last place
    /// is kept for a resignation.
    pub max_commands: u64,
    /// SHA-256 (hex) of the operator's token, if there is an operator.
    pub admin_hash: Option<String>,
    /// Live streams at most per session, per seat, per client address.
    pub streams_per_session: usize,
    pub streams_per_seat: usize,
    pub streams_per_address: usize,
    /// Finished sessions are deleted after this (None: kept).
    pub expire_finished: Option<Duration>,
    /// Unfinished sessions without a command for this long are deleted.
    pub expire_abandoned: Option<Duration>,
    /// How long a read of a session's language pins is trusted. `None`
    /// while this process is the database's only writer: every pin then
    /// goes through [`Registry::pin_language`], which drops the cached
    /// read. With replicas ([`PEER_PIN_TTL`]) a peer may pin meanwhile.
    pub pin_ttl: Option<Duration>,
    /// Other processes write the same database (`--peer-poll-ms`): every
    /// read first asks the store for the session's version and answers at
    /// that version or later (read-your-writes through any replica).
    pub peers: bool,
    /// Your-turn notices may go to loopback, private and link-local hosts
    /// (`--notify-allow-private`).
    pub notify_allow_private: bool,
    /// The table page's public address, for the links in notices.
    pub public_url: Option<String>,
}

impl Default for RegistryConfig {
    fn default() -> Self {
        RegistryConfig {
            idle_timeout: Duration::from_secs(300),
            mailbox: 64,
            max_commands: MAX_IMPORT_COMMANDS as u64,
            admin_hash: None,
            streams_per_session: 32,
            streams_per_seat: 8,
            streams_per_address: 32,
            expire_finished: None,
            expire_abandoned: None,
            pin_ttl: None,
            peers: false,
            notify_allow_private: false,
            public_url: None,
        }
    }
}

/// What a delete did: the session is gone, or it waits for the consent
/// of the other human seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deleted {
    Now,
    Waiting {
        consented: Vec<u8>,
        waiting_for: Vec<u8>,
    },
}

/// A stream's place in the caps; dropping it frees the place.
pub struct StreamGuard {
    counts: Arc<Mutex<HashMap<String, usize>>>,
    keys: Vec<String>,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        for k in &self.keys {
            if let Some(n) = c.get_mut(k) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    c.remove(k);
                }
            }
        }
    }
}

#[derive(Clone)]
struct Handle {
    tx: mpsc::Sender<Msg>,
    /// Turns true when the actor has drained its mailbox and stopped.
    stopped: watch::Receiver<bool>,
    /// The actor's version as of its last commit.
    version: Arc<std::sync::atomic::AtomicU64>,
    /// The renderings the actor made.
    renders: Arc<super::RenderCounts>,
    /// The seats' token hashes the actor loaded (a claim or rotation
    /// retires it, so they never change while it lives).
    credentials: Arc<[String]>,
}

/// A created session, with its seat tokens (the only time they are shown).
#[derive(Debug, Clone)]
pub struct Created {
    pub status: u16,
    pub id: String,
    pub version: u64,
    /// The answer, JSON.
    pub body: String,
}

pub struct Registry {
    store: Store,
    games: BTreeMap<&'static str, Arc<dyn DynGame>>,
    /// Live actors by session id (a plain lock: it is never held across an await).
    actors: Mutex<HashMap<String, Handle>>,
    cfg: RegistryConfig,
    closing: AtomicBool,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// Live streams by session, seat and address (for the caps).
    streams: Arc<Mutex<HashMap<String, usize>>>,
    /// Creates with an Idempotency-Key in flight: a duplicate waits for the first.
    creating: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    /// The seats' language pins by session, as last read from the store
    /// (trusted for [`RegistryConfig::pin_ttl`]).
    pins: Mutex<HashMap<String, CachedPins>>,
    /// Pins written through this process so far. A read of the pins that
    /// a pin overtook is not cached: without a TTL it would stay stale.
    pin_writes: AtomicU64,
    /// Sessions being loaded here, with the newest version a peer announced
    /// for each meanwhile (locked inside `actors`, never the other way).
    loading: Mutex<HashMap<String, Loading>>,
    /// The replay checkpoints of the sessions read at past versions last.
    checkpoints: around::CheckpointCache,
    /// Your-turn notices.
    notifier: Arc<super::Notifier>,
}

/// A plain lock that stays usable after a holder panicked (every change
/// under it is a single insert, update or remove).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// How long a stream ticket lives unused.
pub const TICKET_TTL: Duration = Duration::from_secs(60);

/// Most live tickets of one session (each expires within a minute).
const MAX_TICKETS_PER_SESSION: u32 = 64;

/// Most live tickets of one seat: a quarter of the session's, so one seat
/// asking in a loop leaves the others (up to four seats) their share.
pub const MAX_TICKETS_PER_SEAT: u32 = MAX_TICKETS_PER_SESSION / 4;

/// Now, in Unix milliseconds (ticket expiry, shared by every replica).
fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Registry {
    pub fn new(store: Store, games: Vec<Arc<dyn DynGame>>, cfg: RegistryConfig) -> Self {
        let notifier = Arc::new(super::Notifier::new(
            cfg.notify_allow_private,
            cfg.public_url.clone(),
        ));
        Registry {
            store,
            games: games.into_iter().map(|g| (g.id(), g)).collect(),
            actors: Mutex::new(HashMap::new()),
            cfg,
            closing: AtomicBool::new(false),
            shutdown: tokio::sync::watch::channel(false).0,
            streams: Arc::new(Mutex::new(HashMap::new())),
            creating: Mutex::new(HashMap::new()),
            pins: Mutex::new(HashMap::new()),
            pin_writes: AtomicU64::new(0),
            checkpoints: around::CheckpointCache::default(),
            notifier,
            loading: Mutex::new(HashMap::new()),
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

    /// Whether `token` is the operator's.
    pub fn is_operator(&self, token: &Option<Credential>) -> bool {
        match (&self.cfg.admin_hash, token) {
            (Some(h), Some(t)) => seat_of(t, std::slice::from_ref(h)).is_some(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::reads::payload_doc;
    use super::*;
    use serde_json::json;

    /// A peer's commit announced while this process loads the
    /// session (no actor is live yet to tell). The actor made from a read
    /// before that commit retires at once, so the next read and the
    /// session's streams catch up from the store. Without the
    /// announcement, the loaded actor stays live.
    #[tokio::test]
    async fn a_commit_announced_while_loading_retires_the_actor_it_loads() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("g.db");
        let open = || async {
            let store = Store::open(&db, crate::store::Durability::Normal)
                .await
                .unwrap();
            Registry::new(store, crate::games::catalog(), RegistryConfig::default())
        };
        let peer = open().await;
        let created = peer
            .create(
                "arler-erde",
                &json!({}),
                Some(7),
                SeatingRequest::default(),
                None,
                Lang::En,
                None,
            )
            .await
            .unwrap();
        let here = open().await;

        // A load with nothing announced: the actor stays.
        here.preload(&created.id).await.unwrap();
        assert!(here.is_live(&created.id));
        assert!(
            lock(&here.loading).is_empty(),
            "a finished load is forgotten"
        );
        let here = {
            drop(here);
            open().await
        };

        // Another request's load is in flight (it read the store already);
        // a peer announces a newer version meanwhile.
        let in_flight = LoadingGuard::new(&here.loading, &created.id);
        assert!(!here.store_moved(&created.id, created.version + 1));
        here.preload(&created.id).await.unwrap();
        let mut retired = false;
        for _ in 0..200 {
            retired = !here.is_live(&created.id);
            if retired {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(retired, "the actor behind the announcement retired");
        drop(in_flight);
        assert!(lock(&here.loading).is_empty());

        // An announcement with no load in flight is not kept.
        assert!(!here.store_moved(&created.id, created.version + 5));
        here.preload(&created.id).await.unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(here.is_live(&created.id));
    }

    /// A card a seat entered inside its move (catan-ck-duel at a
    /// physical table) shows in that seat's log only.
    #[test]
    fn cards_inside_a_move_show_to_the_mover_only() {
        let game = crate::games::catalog()
            .into_iter()
            .find(|g| g.id() == "catan-ck-duel")
            .unwrap();
        let fields = game.secret_move_fields();
        let payload = json!({"move": {"type": "knight_chase_robber",
            "knight": [0, 0, "N"], "hex": [1, 0], "stolen": "ore"}});
        let read = |viewer: Option<Seat>| {
            serde_json::to_value(payload_doc(&payload, viewer, Some(Seat(0)), fields)).unwrap()
        };
        assert_eq!(read(Some(Seat(0)))["move"]["stolen"], "ore");
        for viewer in [Some(Seat(1)), None] {
            let doc = read(viewer);
            assert!(doc["move"].get("stolen").is_none(), "{doc}");
            assert_eq!(doc["move"]["hex"], json!([1, 0]));
        }
        // Every field named is a field of some move of the game, so the
        // list cannot silently miss a renamed field.
        let schema = game.move_schema().to_string();
        for f in fields {
            assert!(schema.contains(&format!("\"{f}\"")), "{f}");
        }
        assert!(fields.contains(&"drawn") && fields.contains(&"drawn_cards"));
        // Games that take table items with `visible_to` need no such list.
        for g in crate::games::catalog() {
            if g.id() != "catan-ck-duel" {
                assert!(g.secret_move_fields().is_empty(), "{}", g.id());
            }
        }
    }
}
