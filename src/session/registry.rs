//! The registry: creates sessions, finds (or reloads) their actors, retires
//! idle ones, and serves the reads that come straight from the store (log,
//! verify).

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

/// Tag of the export document.
/// How often a command is computed again when another process moved its
/// session on first (then it is answered 409: the session moved on). Each
/// stale answer means another replica committed, so retries make progress;
/// with two servers taking 64 writers of one session (`tests/integration/reliability.rs`),
/// 3 let about one command in fifty through.
const STALE_RETRIES: usize = 12;

const EXPORT_FORMAT: &str = "ghostseat-session/2";
/// The tag of exports written before seed commitments (still importable).
const EXPORT_FORMAT_V1: &str = "ghostseat-session/1";

/// How a new session's human seats are handed out: a token for each seat
/// its creator holds, an invite code for each other human seat, and the
/// credentials to store (a token's hash, or an invite's hash after
/// [`INVITE`]; empty for bots).
struct Minted {
    seating: Seating,
    tokens: Vec<Option<String>>,
    invites: Vec<Option<String>>,
    hashes: Vec<String>,
}

/// Marks a stored credential as a seat's unclaimed invite: no token hash
/// can equal it, so an invite code never works as a token (SESSION-SEAT-1).
const INVITE: &str = "i:";

/// The seats' credentials: the creator's seat (`creator`, or the first
/// human seat) gets a token; with `invite` seating every other human seat
/// gets a one-time code; with pass-and-play, and in a solo game, every
/// human seat gets a token.
fn mint_seats(
    seats: &[SeatInfo],
    choice: Option<SeatingChoice>,
    creator: Option<&str>,
) -> Result<Minted, SessionError> {
    let humans: Vec<usize> = human_seats(seats).map(|(i, _)| i).collect();
    let own = match creator {
        Some(id) => *humans
            .iter()
            .find(|&&i| seats[i].id == id)
            .ok_or_else(|| SessionError::UnknownSeat(id.to_string()))?,
        None => humans.first().copied().unwrap_or(0),
    };
    let seating = match (humans.len(), choice) {
        (0 | 1, _) => Seating::Solo,
        (_, Some(SeatingChoice::PassAndPlay)) => Seating::PassAndPlay,
        (_, Some(SeatingChoice::Invite) | None) => Seating::Invite,
    };
    let mut m = Minted {
        seating,
        tokens: vec![None; seats.len()],
        invites: vec![None; seats.len()],
        hashes: vec![String::new(); seats.len()],
    };
    for i in humans {
        if seating == Seating::Invite && i != own {
            let code = new_invite();
            m.hashes[i] = format!("{INVITE}{}", hash_token(&code));
            m.invites[i] = Some(code);
        } else {
            let t = new_token();
            m.hashes[i] = hash_token(&t);
            m.tokens[i] = Some(t);
        }
    }
    Ok(m)
}

/// Whether the tokens and invite codes of a create answer are still the
/// session's stored credentials (no seat claimed, no token rotated).
fn credentials_unchanged(answer: &Value, stored: &[String]) -> bool {
    let Some(seats) = answer["seats"].as_array() else {
        return false;
    };
    seats.len() == stored.len()
        && seats.iter().zip(stored).all(|(s, h)| {
            match (s["token"].as_str(), s["invite"].as_str()) {
                (Some(t), _) => hash_token(t) == *h,
                (None, Some(code)) => invite_matches(h, code),
                (None, None) => h.is_empty(),
            }
        })
}

/// Whether `code` is the invite whose credential `stored` holds, compared in
/// constant time.
fn invite_matches(stored: &str, code: &str) -> bool {
    stored.strip_prefix(INVITE).is_some_and(|h| {
        bool::from(subtle::ConstantTimeEq::ct_eq(
            h.as_bytes(),
            hash_token(code).as_bytes(),
        ))
    })
}

/// What a create asks of its seats: invites or pass-and-play, and which
/// seat the creator takes.
#[derive(Debug, Clone, Default)]
pub struct SeatingRequest {
    pub choice: Option<SeatingChoice>,
    pub creator: Option<String>,
}

/// A session about to be written: its row, and its description (without
/// tokens).
struct Fresh {
    row: SessionRow,
    doc: CreatedDoc,
}

impl Fresh {
    /// The answer to the creator: the description with the tokens and
    /// invite codes.
    fn with_tokens(mut self, minted: Minted) -> Created {
        self.doc.seating = minted.seating;
        for ((s, t), i) in self
            .doc
            .seats
            .iter_mut()
            .zip(minted.tokens)
            .zip(minted.invites)
        {
            s.token = t;
            s.invite = i;
        }
        Created {
            status: 201,
            id: self.doc.id.clone(),
            version: self.doc.version,
            body: to_json(&self.doc),
        }
    }
}

/// How a session's seed came about.
struct Seeding {
    seed: u64,
    salt: Option<String>,
    public_seed: bool,
}

/// Describes a new session at `version` and its row.
#[allow(clippy::too_many_arguments)]
fn fresh_session(
    game: &Arc<dyn DynGame>,
    options: Value,
    seeding: Seeding,
    version: u64,
    state: &AnyState,
    rng_pos: u64,
    events: Option<&crate::engine::AnyEvents>,
    hashes: Vec<String>,
    lang: Lang,
) -> Result<Fresh, SessionError> {
    let seats = game.seats(&options).map_err(engine_error)?;
    let next = game.next(state).map_err(engine_error)?;
    let id = uuid::Uuid::new_v4().to_string();
    let cx = crate::engine::TextCx::new(lang, &seats);
    let finished = next == NextKind::Finished;
    let doc = CreatedDoc {
        id: id.clone(),
        game: GameIdPart(game.id()),
        options: OptionsPart::of(&options),
        fairness: fairness::describe(
            seeding.seed,
            seeding.salt.as_deref(),
            seeding.public_seed,
            finished,
        ),
        version,
        status: status_of(&next),
        seating: Seating::Solo,
        seats: seat_docs(&seats, lang),
        next: NextPart::raw(game.next_json(state, &cx).map_err(engine_error)?),
        events: match events {
            Some(ev) => EventsPart::raw(game.events_json(ev, &cx, None).map_err(engine_error)?),
            None => EventsPart::of(&Vec::<()>::new()),
        },
        view: ViewPart::raw(game.view_json(state, None).map_err(engine_error)?),
    };
    let row = SessionRow {
        id,
        game: game.id().to_string(),
        options,
        seed: seeding.seed,
        version,
        status: match status_of(&next) {
            Status::Active => "active".into(),
            Status::Finished => "finished".into(),
        },
        snapshot: game.snapshot(state).map_err(engine_error)?,
        rng_pos,
        token_hashes: hashes,
        snapshot_version: version,
        snapshot_rng_pos: rng_pos,
        salt: seeding.salt,
        public_seed: seeding.public_seed,
        state_version: game.state_version(),
        resigned: None,
    };
    Ok(Fresh { row, doc })
}

/// The fixed facts of a stored session (without its rematch links).
fn meta_of(game: Arc<dyn DynGame>, row: &SessionRow) -> Result<Meta, SessionError> {
    let mode = game.table_mode(&row.options).map_err(engine_error)?;
    let seats = game.seats(&row.options).map_err(engine_error)?;
    Ok(Meta {
        id: row.id.clone(),
        // Old sessions' options in today's fields (what the schema
        // documents); replay keeps reading the stored ones.
        options_json: OptionsPart::of(
            &game
                .options_doc(&row.options)
                .unwrap_or_else(|_| row.options.clone()),
        ),
        game,
        options: row.options.clone(),
        seed: row.seed,
        salt: row.salt.clone(),
        public_seed: row.public_seed,
        seats,
        token_hashes: row.token_hashes.clone(),
        table_mode: mode,
        renders: Arc::default(),
        rematch_of: None,
        rematch: None,
    })
}

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

/// A session being loaded: by how many requests, and the newest version a
/// peer announced while no actor of it was live here (0: none).
#[derive(Default)]
struct Loading {
    loaders: usize,
    announced: u64,
}

/// One request's load of a session, counted in [`Registry::loading`] for as
/// long as it lasts.
struct LoadingGuard<'a> {
    loading: &'a Mutex<HashMap<String, Loading>>,
    id: &'a str,
}

impl<'a> LoadingGuard<'a> {
    fn new(loading: &'a Mutex<HashMap<String, Loading>>, id: &'a str) -> Self {
        lock(loading).entry(id.to_string()).or_default().loaders += 1;
        LoadingGuard { loading, id }
    }
}

impl Drop for LoadingGuard<'_> {
    fn drop(&mut self) {
        let mut loading = lock(self.loading);
        if let Some(l) = loading.get_mut(self.id) {
            l.loaders -= 1;
            if l.loaders == 0 {
                loading.remove(self.id);
            }
        }
    }
}

/// A plain lock that stays usable after a holder panicked (every change
/// under it is a single insert, update or remove).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A session's language pins as read at `read`.
struct CachedPins {
    read: std::time::Instant,
    pins: SeatLanguages,
}

/// How long a read of a session's language pins is trusted when another
/// process writes the same database. Without replicas a read is trusted
/// until this process changes the pins: a TTL there made every command of
/// a table that thinks 5 s or more read the pins from the store again
/// (4 % of the server's CPU at 10,000 thinking tables).
pub const PEER_PIN_TTL: Duration = Duration::from_secs(5);
/// Most sessions whose pins are cached (the cache is emptied beyond).
const MAX_CACHED_PINS: usize = 100_000;

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

    /// Live actors (for metrics and tests); forgets the handles of retired ones.
    pub async fn live_actors(&self) -> usize {
        let mut actors = self.lock_actors();
        actors.retain(|_, h| !h.tx.is_closed());
        actors.len()
    }

    /// Retires every live actor that another process on the same database
    /// has overtaken (a replica committed a command of its session): its
    /// next read then loads what the store holds, and its streams
    /// resubscribe and catch up from the log, so a phone watching through
    /// this process sees a move made through another. Returns
    /// how many actors were behind. One indexed read per 500 live sessions.
    pub async fn retire_overtaken(&self) -> Result<usize, SessionError> {
        let live: Vec<String> = {
            let mut actors = self.lock_actors();
            actors.retain(|_, h| !h.tx.is_closed());
            actors.keys().cloned().collect()
        };
        let mut behind = 0;
        for chunk in live.chunks(500) {
            for head in self.store.heads(chunk.to_vec()).await? {
                behind += usize::from(
                    self.credentials_moved(&head).await || self.store_moved(&head.id, head.version),
                );
            }
        }
        Ok(behind)
    }

    /// Retires the live actor of `head`'s session if its seat credentials
    /// are not the stored ones (a seat claimed or a token rotated through
    /// another process, SESSION-SEAT-1): the next request loads the new
    /// ones, so an old token stops working here too, and the actor's
    /// streams end when they resubscribe with it. Whether one retired.
    async fn credentials_moved(&self, head: &crate::store::Head) -> bool {
        let stale = self
            .lock_actors()
            .get(&head.id)
            .is_some_and(|h| !h.tx.is_closed() && h.credentials[..] != head.token_hashes[..]);
        if stale {
            self.retire(&head.id).await;
        }
        stale
    }

    /// The store holds `version` of session `id` (a peer's commit, seen by
    /// polling or announced by the database): a live actor behind it
    /// retires. Whether one did.
    ///
    /// With no live actor, a load of `id` in flight here may have read the
    /// store before that commit: the announcement is kept for it, and the
    /// actor it makes retires at once if it is behind ([`Registry::handle`]).
    pub fn store_moved(&self, id: &str, version: u64) -> bool {
        let actors = self.lock_actors();
        match actors.get(id) {
            Some(h) if !h.tx.is_closed() => {
                // A full mailbox has requests queued; the next look retries.
                h.version.load(Ordering::Relaxed) < version
                    && h.tx.try_send(Msg::StoreAt(version)).is_ok()
            }
            _ => {
                if let Some(l) = lock(&self.loading).get_mut(id) {
                    l.announced = l.announced.max(version);
                }
                false
            }
        }
    }

    /// How many renderings the live actor of `id` made since it loaded
    /// (None when it is not live here).
    pub fn render_counts(&self, id: &str) -> Option<super::RenderTally> {
        self.lock_actors()
            .get(id)
            .filter(|h| !h.tx.is_closed())
            .map(|h| h.renders.tally())
    }

    /// Whether session `id` is live in this process (routing tests).
    pub fn is_live(&self, id: &str) -> bool {
        self.lock_actors()
            .get(id)
            .is_some_and(|h| !h.tx.is_closed())
    }

    /// Makes a session live (loads it if it is not): for warming up and for
    /// timing the load alone (`ghostseat-bench --idle-sessions`).
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

    /// Whether `token` is the operator's.
    pub fn is_operator(&self, token: &Option<Credential>) -> bool {
        match (&self.cfg.admin_hash, token) {
            (Some(h), Some(t)) => seat_of(t, std::slice::from_ref(h)).is_some(),
            _ => false,
        }
    }

    /// Creates a session. Without a client seed the server draws one from
    /// OS entropy and publishes only a commitment; a chosen seed makes the
    /// game's chance public, which a game between two people only allows
    /// for the operator (tests). With an idempotency key, a retry gets the
    /// first answer again, tokens included (sealed under the key), and a
    /// concurrent duplicate waits for the first.
    #[allow(clippy::too_many_arguments)]
    pub async fn create(
        &self,
        game_id: &str,
        options: &Value,
        seed: Option<u64>,
        seating: SeatingRequest,
        idem: Option<IdempotencyKey>,
        lang: Lang,
        caller: Option<Credential>,
    ) -> Result<Created, SessionError> {
        let game = self.game(game_id)?.clone();
        let Some(IdempotencyKey {
            key,
            request_hash: hash,
        }) = idem
        else {
            return self
                .create_now(&game, options, seed, &seating, None, lang, &caller)
                .await;
        };
        let file = sealed::file_name(&key);
        let lock = self
            .creating
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(file.clone())
            .or_default()
            .clone();
        let _held = lock.lock().await;
        let out = match self.store.idempotent_reply("create", &file).await? {
            Some(prev) => self.replay_create(&game, &key, &hash, prev).await,
            None => {
                let r = self
                    .create_now(
                        &game,
                        options,
                        seed,
                        &seating,
                        Some((&key, &file, &hash)),
                        lang,
                        &caller,
                    )
                    .await;
                match r {
                    // Another process of the same database created it first.
                    Err(SessionError::Store(_)) => {
                        match self.store.idempotent_reply("create", &file).await? {
                            Some(prev) => self.replay_create(&game, &key, &hash, prev).await,
                            None => r,
                        }
                    }
                    r => r,
                }
            }
        };
        drop(_held);
        let mut creating = self.creating.lock().unwrap_or_else(|p| p.into_inner());
        if creating
            .get(&file)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            creating.remove(&file);
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    async fn create_now(
        &self,
        game: &Arc<dyn DynGame>,
        options: &Value,
        seed: Option<u64>,
        seating: &SeatingRequest,
        idem: Option<(&str, &str, &str)>,
        lang: Lang,
        caller: &Option<Credential>,
    ) -> Result<Created, SessionError> {
        let options = game.options(options).map_err(engine_error)?;
        let seats = game.seats(&options).map_err(engine_error)?;
        if seed.is_some() && human_seats(&seats).count() > 1 && !self.is_operator(caller) {
            return Err(SessionError::SeedNotAllowed);
        }
        let seeding = match seed {
            Some(seed) => Seeding {
                seed,
                salt: None,
                public_seed: true,
            },
            None => {
                let (seed, salt) = fairness::draw().map_err(SessionError::Internal)?;
                Seeding {
                    seed,
                    salt: Some(hex::encode(salt)),
                    public_seed: false,
                }
            }
        };
        let (state, rng_pos, events) =
            replay::start(game, &options, seeding.seed).map_err(engine_error)?;
        let minted = mint_seats(&seats, seating.choice, seating.creator.as_deref())?;
        let fresh = fresh_session(
            game,
            options,
            seeding,
            0,
            &state,
            rng_pos,
            Some(&events),
            minted.hashes.clone(),
            lang,
        )?;
        let row = fresh.row.clone();
        let created = fresh.with_tokens(minted);
        let record = match idem {
            Some((key, file, request_hash)) => Some(IdempotencyRecord {
                key: file.to_string(),
                request_hash: request_hash.to_string(),
                status: 201,
                body: sealed::seal(key, &created.body).map_err(SessionError::Internal)?,
            }),
            None => None,
        };
        self.store.create_session(&row, record).await?;
        // No seat can have pinned a language yet: the table's first
        // requests need not read the pins.
        self.remember_pins(
            &row.id,
            SeatLanguages {
                token_hashes: row.token_hashes.clone(),
                pins: Vec::new(),
            },
        );
        // The table's first request finds the session live: its state is at
        // hand, so no load from the store (which, for a group of tables
        // created at once, queued behind each other on the readers). The
        // session is stored either way; without an actor here, the first
        // request loads it.
        let id = row.id.clone();
        if let Ok(actor) = self.actor(game.clone(), row, state, rng_pos, 0, (None, None)) {
            let h = self.spawn(actor);
            self.lock_actors().insert(id, h);
        }
        Ok(created)
    }

    /// Claims `seat` of `id` with its invite code (SESSION-SEAT-2): the
    /// code's credential is swapped for a fresh token's, once; the answer
    /// is that token. Not a game command: the log and version stay.
    pub async fn claim(
        &self,
        id: &str,
        seat: &str,
        code: &str,
    ) -> Result<(SeatRef, String), SessionError> {
        let row = self.row(id).await?;
        let index = self.human_seat(&row, seat)?;
        let stored = &row.token_hashes[index];
        if !stored.starts_with(INVITE) {
            return Err(SessionError::InviteClaimed);
        }
        if !invite_matches(stored, code) {
            return Err(SessionError::InviteInvalid);
        }
        let token = new_token();
        let mut hashes = row.token_hashes.clone();
        hashes[index] = hash_token(&token);
        if !self
            .swap_credentials(id, &row.token_hashes, &hashes)
            .await?
        {
            // Another claim of the same seat (or a rotation) came first.
            return Err(SessionError::InviteClaimed);
        }
        Ok((self.seat_ref(&row, Seat(index as u8))?, token))
    }

    /// Gives `token`'s seat a fresh token; the old one stops working
    /// (SESSION-SEAT-1).
    pub async fn rotate_token(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<(SeatRef, String), SessionError> {
        for _ in 0..STALE_RETRIES {
            let (row, seat) = self.authorised_row(id, &token).await?;
            let fresh = new_token();
            let mut hashes = row.token_hashes.clone();
            hashes[seat.index()] = hash_token(&fresh);
            if self
                .swap_credentials(id, &row.token_hashes, &hashes)
                .await?
            {
                return Ok((self.seat_ref(&row, seat)?, fresh));
            }
        }
        Err(SessionError::Busy)
    }

    /// Stores new seat credentials if they are still `old`, and retires the
    /// live actor, whose copy of them is out of date: the next request loads
    /// the session with the new ones.
    async fn swap_credentials(
        &self,
        id: &str,
        old: &[String],
        new: &[String],
    ) -> Result<bool, SessionError> {
        let swapped = self.store.swap_token_hashes(id, old, new).await?;
        if swapped {
            // After the write: a read of the pins that began before it is
            // not kept (the pins carry the credentials).
            self.pin_writes.fetch_add(1, Ordering::SeqCst);
            self.retire(id).await;
        }
        Ok(swapped)
    }

    /// The session's stored row, or NotFound.
    async fn row(&self, id: &str) -> Result<SessionRow, SessionError> {
        self.store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))
    }

    /// The index of the human seat `seat` (its id) of the row's game.
    fn human_seat(&self, row: &SessionRow, seat: &str) -> Result<usize, SessionError> {
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let found = human_seats(&seats)
            .find(|(_, s)| s.id == seat)
            .map(|(i, _)| i)
            .filter(|&i| i < row.token_hashes.len());
        found.ok_or_else(|| SessionError::UnknownSeat(seat.to_string()))
    }

    /// Exports a session: options, seed and command log, enough for
    /// [`Registry::import`] on another server to rebuild it exactly.
    /// During play only the operator may export (the log holds secret
    /// table input and the seed foresees every coming draw); once the game
    /// is over, any seat may.
    pub async fn export(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<ExportDoc, SessionError> {
        let row = if self.is_operator(&token) {
            self.store
                .load_session(id)
                .await?
                .ok_or_else(|| SessionError::NotFound(id.to_string()))?
        } else {
            let (row, _) = self.authorised_row(id, &token).await?;
            if row.status != "finished" {
                return Err(SessionError::OperatorOnly(
                    "while the game runs only the operator may export it (the export holds the seed and every hidden card); any seat may once it is over".into(),
                ));
            }
            row
        };
        let commands = self.store.commands(id, 0, u64::MAX).await?;
        Ok(ExportDoc {
            format: EXPORT_FORMAT.into(),
            game: row.game,
            options: row.options,
            seed: row.seed.to_string(),
            salt: row.salt,
            public_seed: row.public_seed,
            version: row.version,
            commands: commands
                .into_iter()
                .filter_map(|c| {
                    Some(ExportCommand {
                        seq: c.seq,
                        kind: CommandKind::parse(&c.kind)?,
                        seat: c.seat,
                        payload: c.payload,
                    })
                })
                .collect(),
        })
    }

    /// Imports an exported session under a new id with new seat tokens. The
    /// log is replayed from the seed first; a log that does not replay is
    /// refused and nothing is written.
    /// Only the operator may import (an import mints tokens for every seat).
    pub async fn import(
        &self,
        doc: &Value,
        lang: Lang,
        caller: Option<Credential>,
    ) -> Result<Created, SessionError> {
        if caller.is_none() {
            return Err(SessionError::MissingToken);
        }
        if !self.is_operator(&caller) {
            return Err(SessionError::OperatorOnly(
                "only the operator may import a session".into(),
            ));
        }
        let bad = |why: String| SessionError::Malformed(format!("import: {why}"));
        if doc["commands"]
            .as_array()
            .is_some_and(|c| c.len() > MAX_IMPORT_COMMANDS)
        {
            return Err(bad(format!(
                "an import holds at most {MAX_IMPORT_COMMANDS} commands"
            )));
        }
        let format = doc["format"].as_str().unwrap_or_default();
        if format != EXPORT_FORMAT && format != EXPORT_FORMAT_V1 {
            return Err(bad(format!("format must be \"{EXPORT_FORMAT}\"")));
        }
        let game = self.game(doc["game"].as_str().unwrap_or_default())?.clone();
        let options = game
            .imported_options(&doc["options"])
            .map_err(engine_error)?;
        let seed: u64 = match &doc["seed"] {
            Value::String(s) => s
                .parse()
                .map_err(|_| bad("seed is not a 64-bit integer".into()))?,
            v => v.as_u64().ok_or_else(|| bad("seed is missing".into()))?,
        };
        let salt = doc["salt"].as_str().map(str::to_string);
        if salt.as_deref().is_some_and(|s| hex::decode(s).is_err()) {
            return Err(bad("salt must be hex".into()));
        }
        let public_seed = doc["public_seed"].as_bool().unwrap_or(salt.is_none());
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
            if CommandKind::parse(kind).is_none() {
                return Err(bad(format!("command {seq} has unknown kind '{kind}'")));
            }
            commands.push(CommandRow {
                seq,
                kind: kind.to_string(),
                seat: c["seat"].as_u64().map(|s| s.min(255) as u8),
                payload: c["payload"].clone(),
                events: String::new(),
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
                    crate::engine::SessionRefusal::ImportDoesNotReplay { why: e.to_string() },
                ))
            })?;
        for (c, events) in commands.iter_mut().zip(&replayed.events) {
            c.events = game.events_stored(events).map_err(engine_error)?;
        }
        let (state, rng_pos) = replayed.head();
        let seats = game.seats(&options).map_err(engine_error)?;
        // The operator imports for a table that plays on: every seat's token.
        let minted = mint_seats(&seats, Some(SeatingChoice::PassAndPlay), None)?;
        let fresh = fresh_session(
            &game,
            options,
            Seeding {
                seed,
                salt,
                public_seed,
            },
            commands.len() as u64,
            state,
            rng_pos,
            None,
            minted.hashes.clone(),
            lang,
        )?;
        self.store
            .import_session(fresh.row.clone(), commands)
            .await?;
        Ok(fresh.with_tokens(minted))
    }

    /// The first answer to a create with this Idempotency-Key, as it was
    /// (the same session, the same tokens; nothing is minted or revoked).
    async fn replay_create(
        &self,
        game: &Arc<dyn DynGame>,
        key: &str,
        request_hash: &str,
        prev: crate::store::IdempotentReply,
    ) -> Result<Created, SessionError> {
        if prev.request_hash != request_hash {
            return Err(SessionError::IdempotencyKeyReused);
        }
        let Some(body) = sealed::open(key, &prev.body) else {
            // Records from before sealed answers hold no tokens; they are
            // kept a day and answered as "created, tokens not shown again".
            let _ = game;
            return Err(SessionError::NothingToUndo(
                "this session was created by an earlier request with the same Idempotency-Key; its tokens are not shown again".into(),
            ));
        };
        let v: Value =
            serde_json::from_str(&body).map_err(|e| SessionError::Internal(e.to_string()))?;
        let id = v["id"].as_str().unwrap_or_default().to_string();
        // The session may have been played (or deleted) since.
        let row = self
            .store
            .load_session(&id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.clone()))?;
        let version = v["version"].as_u64().unwrap_or(0);
        let body = if row.version == 0 && credentials_unchanged(&v, &row.token_hashes) {
            body
        } else {
            // Played, claimed or rotated since: the key no longer hands out
            // seats, whoever holds it.
            let mut v = v;
            if let Some(seats) = v["seats"].as_array_mut() {
                for s in seats.iter_mut().filter_map(Value::as_object_mut) {
                    s.remove("token");
                    s.remove("invite");
                }
            }
            v.to_string()
        };
        Ok(Created {
            status: prev.status,
            id,
            version,
            body,
        })
    }

    fn lock_actors(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        lock(&self.actors)
    }

    async fn retire(&self, id: &str) {
        self.lock_actors().remove(id);
        lock(&self.pins).remove(id);
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
            let loading = LoadingGuard::new(&self.loading, id);
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
            let h = self.spawn(actor);
            actors.insert(id.to_string(), h.clone());
            // A peer's commit announced while we loaded: if our read came
            // before it, the actor is behind and retires at once, so its
            // streams catch up from the log.
            let announced = lock(&self.loading).get(id).map_or(0, |l| l.announced);
            drop(loading);
            if announced > h.version.load(Ordering::Relaxed) {
                let _ = h.tx.try_send(Msg::StoreAt(announced));
            }
            return Ok(h);
        }
    }

    /// Starts `actor`'s task; the caller makes it findable.
    fn spawn(&self, actor: Actor) -> Handle {
        let (tx, rx) = mpsc::channel(self.cfg.mailbox);
        let (done, stopped) = watch::channel(false);
        let idle = self.cfg.idle_timeout;
        let version = actor.published.clone();
        let renders = actor.meta.renders.clone();
        let credentials: Arc<[String]> = actor.meta.token_hashes.clone().into();
        tokio::spawn(async move {
            actor.run(rx, idle).await;
            done.send_replace(true);
        });
        Handle {
            tx,
            stopped,
            version,
            renders,
            credentials,
        }
    }

    /// Builds an actor from the store: the last snapshot, then the commands
    /// after it replayed (fewer than `SNAPSHOT_EVERY`). A snapshot in an
    /// older state format is rebuilt by replaying the whole log, and stored
    /// again in the current format.
    async fn load(&self, id: &str) -> Result<Actor, SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let game = self.game(&row.game)?.clone();
        let mode = game.table_mode(&row.options).map_err(engine_error)?;
        let corrupt = |why: String| SessionError::Internal(format!("session {id}: {why}"));
        let (state, rng_pos, snapshot_version) = if row.state_version != game.state_version() {
            let commands = self.store.commands(id, 0, row.version).await?;
            let (g, o, seed) = (game.clone(), row.options.clone(), row.seed);
            let r = tokio::task::spawn_blocking(move || replay::replay(&g, &o, seed, &commands))
                .await
                .map_err(|e| SessionError::Internal(e.to_string()))?
                .map_err(|e| SessionError::Legacy(format!(
                    "this session was played under an earlier version of the {} rules and its log no longer replays ({e}); its log and export can still be read",
                    row.game
                )))?;
            let (state, pos) = r.into_head();
            if pos != row.rng_pos {
                return Err(corrupt(
                    "the rebuilt state ends at another dice position".into(),
                ));
            }
            let snapshot = game.snapshot(&state).map_err(engine_error)?;
            self.store
                .resnapshot(id, row.version, snapshot, pos, game.state_version())
                .await?;
            (state, pos, row.version)
        } else {
            let mut state = game.restore(&row.snapshot).map_err(engine_error)?;
            let mut rng_pos = row.snapshot_rng_pos;
            if row.snapshot_version < row.version {
                // Commands up to `row.version` never change, whatever commits
                // after the row was read.
                let tail = self
                    .store
                    .commands(id, row.snapshot_version, row.version - row.snapshot_version)
                    .await?;
                if tail.len() as u64 != row.version - row.snapshot_version {
                    return Err(corrupt(format!(
                        "the log after the snapshot has {} commands, not {}",
                        tail.len(),
                        row.version - row.snapshot_version
                    )));
                }
                let mut r = replay::Replay::from(state, rng_pos);
                for c in &tail {
                    r.apply(&game, mode, row.seed, c).map_err(|e| {
                        corrupt(format!("the log after the snapshot does not replay: {e}"))
                    })?;
                }
                (state, rng_pos) = r.into_head();
                if rng_pos != row.rng_pos {
                    return Err(corrupt("the log ends at another dice position".into()));
                }
            }
            (state, rng_pos, row.snapshot_version)
        };
        let rematch = self.rematch_links(id).await?;
        self.actor(game, row, state, rng_pos, snapshot_version, rematch)
    }

    /// The session `id` is the rematch of, and its own rematch.
    async fn rematch_links(
        &self,
        id: &str,
    ) -> Result<(Option<String>, Option<String>), SessionError> {
        let rows = self.store.extras(id, around::REMATCH).await?;
        let find = |k: &str| {
            rows.iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        Ok((find("of"), find("next")))
    }

    /// The actor of a session whose current state is at hand: `row` as
    /// stored, `state` at `row.version`, the last snapshot at
    /// `snapshot_version`.
    fn actor(
        &self,
        game: Arc<dyn DynGame>,
        row: SessionRow,
        state: AnyState,
        rng_pos: u64,
        snapshot_version: u64,
        rematch: (Option<String>, Option<String>),
    ) -> Result<Actor, SessionError> {
        let (events, _) = broadcast::channel(256);
        let mut meta = meta_of(game, &row)?;
        meta.rematch_of = rematch.0;
        meta.rematch = rematch.1;
        Ok(Actor {
            meta: Arc::new(meta),
            // A loaded actor starts with nothing rendered.
            renders: super::Renders::new(row.version, state, row.resigned.map(Seat), None),
            rng_pos,
            snapshot_version,
            must_reload: false,
            touched: None,
            store: self.store.clone(),
            events,
            published: Arc::new(std::sync::atomic::AtomicU64::new(row.version)),
            // A session at its start has nothing to take back; a loaded
            // one learns its top at its first undo.
            undo_top: if row.version == 0 {
                super::actor::UndoTop::at_start()
            } else {
                super::actor::UndoTop::default()
            },
            max_commands: self.cfg.max_commands,
            notifier: self.notifier.clone(),
        })
    }

    /// Sends `msg` to the session's actor; a full mailbox is 503, a retired
    /// actor is reloaded once.
    async fn ask<T>(
        &self,
        id: &str,
        token: Option<&Credential>,
        make: impl Fn(oneshot::Sender<Result<T, SessionError>>) -> Msg,
    ) -> Result<T, SessionError> {
        let mut reloaded = false;
        for _ in 0..3 {
            let h = self.handle(id).await?;
            let (tx, rx) = oneshot::channel();
            match h.tx.try_send(make(tx)) {
                Ok(()) => match rx.await {
                    // A seat claimed (or a token rotated) through another
                    // process since this actor loaded: the store has the
                    // token, so this actor's copy is stale.
                    Ok(Err(SessionError::WrongToken)) if !reloaded => {
                        let Some(t) = token else {
                            return Err(SessionError::WrongToken);
                        };
                        let row = self.row(id).await?;
                        if seat_of(t, &row.token_hashes).is_none() {
                            return Err(SessionError::WrongToken);
                        }
                        reloaded = true;
                        self.retire(id).await;
                    }
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
        // With replicas, a token rotated through another one is refused
        // here at once (one indexed read; none on a single server).
        self.stored_head(id).await?;
        // Another process sharing the database may have moved the session
        // on since this one loaded it: the stale actor retires,
        // and the command is computed again on the session as stored,
        // instead of answering 503. If-Match and expected versions are then
        // checked against that version.
        let mut retries = 0;
        loop {
            match self
                .ask(id, req.token.as_ref(), |tx| Msg::Command(req.clone(), tx))
                .await
            {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1;
                    metrics::counter!("ghostseat_stale_commands_total").increment(1);
                    // From the third on, a short growing pause, so two
                    // replicas racing for one session stop meeting head on.
                    if retries > 2 {
                        tokio::time::sleep(std::time::Duration::from_millis(retries as u64)).await;
                    }
                }
                // Other processes kept winning the race: nothing was
                // applied, the session moved on under this command, as
                // with a stale If-Match. The client reads and tries again;
                // the store is fine, so this is no 503.
                Err(SessionError::Store(StoreError::Stale { version, .. })) => {
                    let current = self.store.stored_version(id).await?.unwrap_or(version);
                    return Err(SessionError::VersionConflict {
                        current,
                        expected: version,
                    });
                }
                r => return r,
            }
        }
    }

    pub async fn view(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(String, u64), SessionError> {
        let at_least = self.stored_head(id).await?;
        self.view_at_least(id, token, lang, at_least).await
    }

    /// The version a read must show at least: with replicas, the store's
    /// (a command another process acknowledged is there, whatever this
    /// process heard of it yet; one indexed read); alone, none (this
    /// process made every command its actor holds).
    ///
    /// The same read brings the seats' credentials: a live copy whose
    /// credentials another process changed retires first (SESSION-SEAT-1).
    async fn stored_head(&self, id: &str) -> Result<u64, SessionError> {
        if !self.cfg.peers {
            return Ok(0);
        }
        let Some(head) = self.store.heads(vec![id.to_string()]).await?.pop() else {
            return Ok(0);
        };
        self.credentials_moved(&head).await;
        Ok(head.version)
    }

    /// The session document at `version` or later: a stream that read
    /// `version` from the log asks for it, and a live copy that another
    /// process overtook is reloaded first instead of answering older.
    pub async fn view_at_least(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
        version: u64,
    ) -> Result<(String, u64), SessionError> {
        let mut retries = 0;
        loop {
            match self
                .ask(id, token.as_ref(), |tx| {
                    Msg::View(token.clone(), lang, version, tx)
                })
                .await
            {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1
                }
                r => return r,
            }
        }
    }

    pub async fn legal_moves(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<String, SessionError> {
        let at_least = self.stored_head(id).await?;
        let mut retries = 0;
        loop {
            match self
                .ask(id, token.as_ref(), |tx| {
                    Msg::LegalMoves(token.clone(), lang, at_least, tx)
                })
                .await
            {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1
                }
                r => return r,
            }
        }
    }

    pub async fn subscribe(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<Subscription, SessionError> {
        self.stored_head(id).await?;
        self.ask(id, token.as_ref(), |tx| Msg::Subscribe(token.clone(), tx))
            .await
    }

    /// A short-lived, single-use ticket that opens the session's stream
    /// for the token's seat (`GET …/stream?ticket=…`). The token itself
    /// never goes into a URL. The ticket is kept in the store as a hash,
    /// with the hash of the token it stands for, so any replica redeems it.
    pub async fn issue_ticket(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<String, SessionError> {
        self.authorised_row(id, &token).await?;
        let Some(token) = token else {
            return Err(SessionError::MissingToken);
        };
        let mut bytes = [0u8; 24];
        rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut bytes)
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let ticket = format!("gtk_{}", hex::encode(bytes));
        let now_ms = unix_ms();
        let kept = self
            .store
            .issue_ticket(crate::store::NewTicket {
                ticket_hash: &hash_token(&ticket),
                session: id,
                token_hash: token.hash(),
                expires_ms: now_ms + TICKET_TTL.as_millis() as i64,
                now_ms,
                max: MAX_TICKETS_PER_SESSION,
                max_per_seat: MAX_TICKETS_PER_SEAT,
            })
            .await?;
        if !kept {
            return Err(SessionError::Busy);
        }
        Ok(ticket)
    }

    /// Redeems a stream ticket (once, on any replica) for the credential
    /// it stands for. A ticket whose seat token was rotated since opens
    /// nothing: the credential no longer matches a seat.
    pub async fn redeem_ticket(&self, id: &str, ticket: &str) -> Result<Credential, SessionError> {
        self.store
            .redeem_ticket(&hash_token(ticket), id, unix_ms())
            .await?
            .map(Credential::from_stored_hash)
            .ok_or(SessionError::BadTicket)
    }

    /// The language of the answers to `token`'s seat: the
    /// language the seat pinned, else `asked` (the request's
    /// `Accept-Language`). A request the session will refuse (no token, an
    /// unknown session) keeps `asked`; the refusal is the request's own.
    pub async fn answer_lang(&self, id: &str, token: Option<&Credential>, asked: Lang) -> Lang {
        let Some(token) = token else {
            return asked;
        };
        let pick = |p: &SeatLanguages| -> Lang {
            if p.pins.is_empty() {
                return asked;
            }
            seat_of(token, &p.token_hashes)
                .and_then(|seat| p.pins.iter().find(|(s, _)| *s == seat.0))
                .map_or(asked, |(_, l)| *l)
        };
        if let Some(c) = lock(&self.pins).get(id) {
            if self.cfg.pin_ttl.is_none_or(|ttl| c.read.elapsed() < ttl) {
                return pick(&c.pins);
            }
        }
        let writes = self.pin_writes.load(Ordering::SeqCst);
        let Ok(Some(pins)) = self.store.seat_languages(id).await else {
            return asked;
        };
        let lang = pick(&pins);
        if self.pin_writes.load(Ordering::SeqCst) == writes {
            self.remember_pins(id, pins);
        }
        lang
    }

    /// Keeps `pins` as the session's pins as of now.
    fn remember_pins(&self, id: &str, pins: SeatLanguages) {
        let mut cache = lock(&self.pins);
        if cache.len() >= MAX_CACHED_PINS {
            cache.clear();
        }
        cache.insert(
            id.to_string(),
            CachedPins {
                read: std::time::Instant::now(),
                pins,
            },
        );
    }

    /// The language `token`'s seat pinned, if any, with the seat.
    pub async fn language_pin(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<(SeatRef, Option<Lang>), SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let seat_ref = self.seat_ref(&row, seat)?;
        let pins = self.store.seat_languages(id).await?.unwrap_or_default();
        let pin = pins
            .pins
            .iter()
            .find(|(s, _)| *s == seat.0)
            .map(|(_, l)| *l);
        Ok((seat_ref, pin))
    }

    /// Pins the language of `token`'s seat (None clears the pin).
    pub async fn pin_language(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Option<Lang>,
    ) -> Result<SeatRef, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let seat_ref = self.seat_ref(&row, seat)?;
        self.store.pin_language(id, seat.0, lang).await?;
        // After the write: a read that began before it is not kept.
        self.pin_writes.fetch_add(1, Ordering::SeqCst);
        lock(&self.pins).remove(id);
        Ok(seat_ref)
    }

    fn seat_ref(&self, row: &SessionRow, seat: Seat) -> Result<SeatRef, SessionError> {
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        Ok(SeatRef {
            index: seat.0,
            id: seats
                .get(seat.index())
                .map(|s| s.id.clone())
                .unwrap_or_default(),
        })
    }

    /// Loads the row and checks the token (for store-served reads).
    async fn authorised_row(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<(SessionRow, Seat), SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let token = token.as_ref().ok_or(SessionError::MissingToken)?;
        let seat = seat_of(token, &row.token_hashes).ok_or(SessionError::WrongToken)?;
        Ok((row, seat))
    }

    /// Commands after `after` (at most `limit`) as the token's seat reads
    /// them: events rendered in `lang`, hidden parts and secret table input
    /// of other seats removed. Also the session's version now.
    pub async fn log(
        &self,
        id: &str,
        token: Option<Credential>,
        after: u64,
        limit: u64,
        lang: Lang,
    ) -> Result<(u64, Vec<LogEntryDoc>, &'static str), SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let commands = self.store.commands(id, after, limit.min(LOG_PAGE)).await?;
        // Rendering a page is CPU work: off the async workers.
        let entries = tokio::task::spawn_blocking(move || {
            render_log(&game, &seats, commands, Some(seat), lang)
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))??;
        let game = self.game(&row.game)?.clone();
        Ok((row.version, entries, game.id()))
    }

    /// Replays the stored log from the seed and compares with the stored
    /// snapshot (the state after `snapshot_version` commands) and with the
    /// stored head (version and dice position).
    pub async fn verify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<VerifyDoc, SessionError> {
        self.authorised_row(id, &token).await?;
        // Loading brings a snapshot of an older state format up to date.
        self.handle(id).await?;
        let (row, _) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        // The log up to the row's version: a command committed after the
        // row was read (the session is live) is not what the row describes.
        let commands = self.store.commands(id, 0, row.version).await?;
        let digest = |b: &[u8]| hex::encode(<sha2::Sha256 as sha2::Digest>::digest(b));
        let stored = digest(&row.snapshot);
        // A digest of the state is a digest of hidden cards: shown only once
        // nothing is hidden any more (the game is over, or the seed public).
        let reveal = row.status == "finished" || row.public_seed;
        let (options, seed, at) = (row.options.clone(), row.seed, row.snapshot_version);
        let mode = game.table_mode(&options).map_err(engine_error)?;
        let result = tokio::task::spawn_blocking(move || {
            // The log is numbered 1, 2, 3, …: the first `at` commands lead
            // to the snapshot, the rest to the head.
            let split = commands.iter().take_while(|c| c.seq <= at).count();
            let mut r = replay::replay(&game, &options, seed, &commands[..split])?;
            let at_snapshot = (split as u64 == at).then(|| game.snapshot(r.head().0));
            for c in &commands[split..] {
                r.apply(&game, mode, seed, c)?;
            }
            let pos = r.head().1;
            Ok::<_, replay::ReplayError>((at_snapshot, pos, commands.len()))
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))?;
        let base = VerifyDoc {
            ok: false,
            version: row.version,
            commands_replayed: None,
            snapshot_version: Some(row.snapshot_version),
            stored_snapshot_sha256: Some(stored.clone()),
            replayed_snapshot_sha256: None,
            stored_rng_pos: Some(row.rng_pos),
            replayed_rng_pos: None,
            fairness: None,
            detail: String::new(),
        };
        let doc = match result {
            Ok((Some(Ok(bytes)), pos, n)) => {
                let replayed = digest(&bytes);
                let ok = replayed == stored && pos == row.rng_pos && n as u64 == row.version;
                VerifyDoc {
                    ok,
                    commands_replayed: Some(n as u64),
                    replayed_snapshot_sha256: Some(replayed),
                    replayed_rng_pos: Some(pos),
                    detail: if ok {
                        "replaying the log from the seed reproduces the stored snapshot byte for byte and ends at the stored version and dice position".into()
                    } else {
                        "the stored snapshot or dice position differs from the replay of the log"
                            .into()
                    },
                    ..base
                }
            }
            Ok((Some(Err(e)), _, _)) => VerifyDoc {
                detail: e.to_string(),
                ..base
            },
            Ok((None, _, n)) => VerifyDoc {
                commands_replayed: Some(n as u64),
                detail: format!(
                    "the log has no command {} where the snapshot was taken",
                    row.snapshot_version
                ),
                ..base
            },
            Err(e) => VerifyDoc {
                detail: format!("the log does not replay: {e}"),
                ..base
            },
        };
        Ok(if reveal {
            VerifyDoc {
                fairness: Some(fairness::describe(
                    row.seed,
                    row.salt.as_deref(),
                    row.public_seed,
                    true,
                )),
                ..doc
            }
        } else {
            VerifyDoc {
                stored_snapshot_sha256: None,
                replayed_snapshot_sha256: None,
                stored_rng_pos: None,
                replayed_rng_pos: None,
                ..doc
            }
        })
    }

    /// Deletes a session: at once for the operator; otherwise when every
    /// human seat has asked (solo: the one seat). A seat that asks again
    /// changes nothing.
    pub async fn delete(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<Deleted, SessionError> {
        if self.is_operator(&token) {
            if !self.store.delete_session(id).await? {
                return Err(SessionError::NotFound(id.to_string()));
            }
            self.retire(id).await;
            return Ok(Deleted::Now);
        }
        let (row, seat) = self.authorised_row(id, &token).await?;
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let humans: Vec<u8> = human_seats(&seats).map(|(i, _)| i as u8).collect();
        if self
            .store
            .consent_to_delete(id, seat.0, humans.clone())
            .await?
        {
            self.retire(id).await;
            return Ok(Deleted::Now);
        }
        let consented = self.store.delete_consents(id).await?;
        let waiting_for = humans
            .into_iter()
            .filter(|h| !consented.contains(h))
            .collect();
        Ok(Deleted::Waiting {
            consented,
            waiting_for,
        })
    }

    /// The seat ids of a session, by index.
    pub async fn seat_ids(&self, id: &str) -> Result<Vec<String>, SessionError> {
        let row = self
            .store
            .load_session(id)
            .await?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        let game = self.game(&row.game)?;
        Ok(game
            .seats(&row.options)
            .map_err(engine_error)?
            .into_iter()
            .map(|s| s.id)
            .collect())
    }

    /// Takes a place for a live stream of `seat` of session `id` from
    /// `address`, within the caps.
    pub fn open_stream(
        &self,
        id: &str,
        seat: Seat,
        address: &str,
    ) -> Result<StreamGuard, SessionError> {
        let keys = [
            (
                format!("s:{id}"),
                self.cfg.streams_per_session,
                "this session",
            ),
            (
                format!("p:{id}:{}", seat.0),
                self.cfg.streams_per_seat,
                "this seat",
            ),
            (
                format!("a:{address}"),
                self.cfg.streams_per_address,
                "your address",
            ),
        ];
        let mut counts = self.streams.lock().unwrap_or_else(|p| p.into_inner());
        for (k, cap, what) in &keys {
            if counts.get(k).copied().unwrap_or(0) >= *cap {
                return Err(SessionError::TooManyStreams(format!(
                    "{what} already has {cap} live streams; close one first"
                )));
            }
        }
        for (k, _, _) in &keys {
            *counts.entry(k.clone()).or_default() += 1;
        }
        Ok(StreamGuard {
            counts: self.streams.clone(),
            keys: keys.into_iter().map(|(k, _, _)| k).collect(),
        })
    }

    /// Deletes expired sessions in small batches (each one short write
    /// among the commits), until none is left. Returns how many.
    pub async fn expire(&self) -> Result<u64, SessionError> {
        let mut total = 0;
        if self.cfg.expire_finished.is_none() && self.cfg.expire_abandoned.is_none() {
            return Ok(0);
        }
        loop {
            let n = self
                .store
                .expire(self.cfg.expire_finished, self.cfg.expire_abandoned, 100)
                .await?;
            total += n;
            if n < 100 {
                return Ok(total);
            }
            tokio::task::yield_now().await;
        }
    }
}

/// The logged payload as `viewer` may read it.
fn payload_doc(
    payload: &Value,
    viewer: Option<Seat>,
    mover: Option<Seat>,
    secret_fields: &[&str],
) -> PayloadDoc {
    let mut p = payload.clone();
    redact_table(&mut p, viewer);
    // Cards a seat entered inside its move are for that seat's eyes only.
    if viewer.is_none() || viewer != mover {
        if let Some(mv) = p.get_mut("move").and_then(Value::as_object_mut) {
            for f in secret_fields {
                mv.remove(*f);
            }
        }
    }
    let table: Vec<LoggedItem> = match p.get("table") {
        Some(t) => serde_json::from_value(t.clone()).unwrap_or_default(),
        None => replay::table_input(&p)
            .unwrap_or_default()
            .into_iter()
            .map(LoggedItem::Item)
            .collect(),
    };
    PayloadDoc {
        mv: p.get("move").map(MovePart::of),
        table,
        undoes: p.get("undoes").and_then(Value::as_u64),
    }
}

/// Log rows as `viewer` reads them.
pub(super) fn render_log(
    game: &Arc<dyn DynGame>,
    seats: &[SeatInfo],
    commands: Vec<CommandRow>,
    viewer: Option<Seat>,
    lang: Lang,
) -> Result<Vec<LogEntryDoc>, SessionError> {
    let cx = crate::engine::TextCx::new(lang, seats);
    commands
        .into_iter()
        .map(|c| {
            Ok(LogEntryDoc {
                seq: c.seq,
                kind: CommandKind::parse(&c.kind).ok_or_else(|| {
                    SessionError::Internal(format!("unknown command kind {}", c.kind))
                })?,
                seat: c.seat,
                payload: payload_doc(
                    &c.payload,
                    viewer,
                    c.seat.map(Seat),
                    game.secret_move_fields(),
                ),
                events: EventsPart::raw(
                    game.stored_events_json(&c.events, &cx, viewer)
                        .map_err(engine_error)?,
                ),
                created_at: c.created_at,
            })
        })
        .collect()
}

/// Marks a stored credential as a rematch seat waiting for its player: the
/// SHA-256 of the seat's token in the finished game follows. No token hash
/// can equal it, so only a claim with that old token opens the seat.
const REMATCH_CLAIM: &str = "r:";

/// Watchers one session may have at once.
pub const MAX_WATCHERS: usize = 8;

/// Whether `a` equals `b`, in constant time.
fn same_hash(a: &str, b: &str) -> bool {
    bool::from(subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()))
}

/// Around a game: past versions, rematches, watchers, notices.
impl Registry {
    /// The session as the token's seat saw it after `version` commands
    /// (or, once the game is over, as `viewpoint`, any seat's id, saw it),
    /// with that version's events. Costs one checkpoint and at most
    /// [`around::CHECKPOINT_EVERY`] commands replayed; the first read of a
    /// session makes its checkpoints (one replay of the log so far).
    pub async fn at(
        &self,
        id: &str,
        token: Option<Credential>,
        version: u64,
        viewpoint: Option<&str>,
        lang: Lang,
    ) -> Result<String, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        if version > row.version {
            return Err(SessionError::UnknownVersion {
                version,
                head: row.version,
            });
        }
        let game = self.game(&row.game)?.clone();
        let seats = game.seats(&row.options).map_err(engine_error)?;
        let viewer = match viewpoint {
            None => seat,
            Some(v) => {
                let i = seats
                    .iter()
                    .position(|s| s.id == v)
                    .ok_or_else(|| SessionError::UnknownSeat(v.to_string()))?;
                // SESSION-AT-2: another seat's view only after the end.
                if i != seat.index() && row.status != "finished" {
                    return Err(SessionError::ViewpointHidden);
                }
                Seat(i as u8)
            }
        };
        let mode = game.table_mode(&row.options).map_err(engine_error)?;
        let mut cp = self.checkpoints.of(id).lock_owned().await;
        let base = around::Checkpoints::base_of(version);
        let from = cp.upto();
        let missing = if from.is_none_or(|u| u < base) {
            let from = from.unwrap_or(0);
            self.store.commands(id, from, base - from).await?
        } else {
            Vec::new()
        };
        let tail = match version {
            0 => Vec::new(),
            _ => self.store.commands(id, base, version - base).await?,
        };
        if tail.len() as u64 != version - base.min(version) {
            return Err(SessionError::Internal(format!(
                "session {id}: the log has no command {version}"
            )));
        }
        let (kind, by) = match tail.last() {
            Some(c) => (CommandKind::parse(&c.kind), c.seat),
            None => (None, None),
        };
        let resigned = (version == row.version).then_some(row.resigned).flatten();
        let meta = meta_of(game.clone(), &row)?;
        let head = row.version;
        tokio::task::spawn_blocking(move || {
            let input = around::ReplayInput {
                game: &game,
                options: &row.options,
                seed: row.seed,
                mode,
            };
            let corrupt =
                |e: replay::ReplayError| SessionError::Internal(format!("session {}: {e}", row.id));
            if !missing.is_empty() || cp.upto().is_none() {
                cp.extend(&input, &missing).map_err(corrupt)?;
            }
            let past = cp.at(&input, base, &tail).map_err(corrupt)?;
            drop(cp);
            let renders =
                super::Renders::new(version, past.state, resigned.map(Seat), Some(past.events));
            let doc = crate::wire::SessionAtDoc {
                session: renders.session_doc(&meta, viewer, lang)?,
                events: renders.events(&meta, viewer, lang)?,
                kind,
                by: by.filter(|_| kind != Some(CommandKind::BotTurn)),
                head,
                replayed: past.replayed as u64,
            };
            Ok(to_json(&doc))
        })
        .await
        .map_err(|e| SessionError::Internal(e.to_string()))?
    }

    /// A new session of the finished game's game and options, with a fresh
    /// seed commitment (SESSION-REMATCH-1). Each human seat of the old game
    /// claims its seat in the new one with its old token; both sessions
    /// link to each other. A second rematch answers the same new session
    /// (status 200 instead of 201).
    pub async fn rematch(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(u16, String), SessionError> {
        let (row, _) = self.authorised_row(id, &token).await?;
        if row.status != "finished" {
            return Err(SessionError::NotFinished);
        }
        let game = self.game(&row.game)?.clone();
        if let (_, Some(next)) = self.rematch_links(id).await? {
            return self.rematch_doc(&next, id, lang, 200).await;
        }
        let options = game
            .options(&row.options)
            .or_else(|_| game.imported_options(&row.options))
            .map_err(engine_error)?;
        let (seed, salt) = fairness::draw().map_err(SessionError::Internal)?;
        let seeding = Seeding {
            seed,
            salt: Some(hex::encode(salt)),
            public_seed: false,
        };
        let seats = game.seats(&options).map_err(engine_error)?;
        let mut hashes = vec![String::new(); seats.len()];
        for (i, _) in human_seats(&seats) {
            let old = row.token_hashes.get(i).cloned().unwrap_or_default();
            hashes[i] = if old.starts_with(INVITE) || old.is_empty() {
                // A seat nobody took: its invite code opens it again.
                old
            } else {
                format!("{REMATCH_CLAIM}{old}")
            };
        }
        let (state, rng_pos, events) =
            replay::start(&game, &options, seeding.seed).map_err(engine_error)?;
        let fresh = fresh_session(
            &game,
            options,
            seeding,
            0,
            &state,
            rng_pos,
            Some(&events),
            hashes,
            lang,
        )?;
        let new = fresh.row.id.clone();
        self.store.create_session(&fresh.row, None).await?;
        self.store
            .put_extra(&new, around::REMATCH, "of", id, true)
            .await?;
        if !self
            .store
            .put_extra(id, around::REMATCH, "next", &new, false)
            .await?
        {
            // Another seat's rematch came first: answer that one.
            self.store.delete_session(&new).await?;
            let (_, next) = self.rematch_links(id).await?;
            let next =
                next.ok_or_else(|| SessionError::Internal("a rematch link vanished".into()))?;
            return self.rematch_doc(&next, id, lang, 200).await;
        }
        // The old session's documents now link to the new one.
        self.retire(id).await;
        self.rematch_doc(&new, id, lang, 201).await
    }

    async fn rematch_doc(
        &self,
        new: &str,
        old: &str,
        lang: Lang,
        status: u16,
    ) -> Result<(u16, String), SessionError> {
        let row = self.row(new).await?;
        let game = self.game(&row.game)?;
        let seats = game.seats(&row.options).map_err(engine_error)?;
        Ok((
            status,
            to_json(&crate::wire::RematchDoc {
                id: row.id.clone(),
                game: GameIdPart(game.id()),
                rematch_of: old.to_string(),
                fairness: fairness::describe(
                    row.seed,
                    row.salt.as_deref(),
                    row.public_seed,
                    row.status == "finished",
                ),
                seats: seat_docs(&seats, lang),
            }),
        ))
    }

    /// Claims `seat` of a rematch with the seat's token of the finished
    /// game (SESSION-REMATCH-2): swapped for a fresh token, once.
    pub async fn claim_with_token(
        &self,
        id: &str,
        seat: &str,
        token: &Credential,
    ) -> Result<(SeatRef, String), SessionError> {
        let row = self.row(id).await?;
        let index = self.human_seat(&row, seat)?;
        let stored = &row.token_hashes[index];
        let Some(old) = stored.strip_prefix(REMATCH_CLAIM) else {
            return Err(if stored.starts_with(INVITE) {
                SessionError::InviteInvalid
            } else {
                SessionError::InviteClaimed
            });
        };
        if !same_hash(old, token.hash()) {
            return Err(SessionError::InviteInvalid);
        }
        let fresh = new_token();
        let mut hashes = row.token_hashes.clone();
        hashes[index] = hash_token(&fresh);
        if !self
            .swap_credentials(id, &row.token_hashes, &hashes)
            .await?
        {
            return Err(SessionError::InviteClaimed);
        }
        Ok((self.seat_ref(&row, Seat(index as u8))?, fresh))
    }

    /// A read-only token for the table's shared screen (SESSION-WATCH-1),
    /// made by any seat.
    pub async fn create_watcher(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::WatcherDoc, SessionError> {
        self.authorised_row(id, &token).await?;
        if self.store.extras(id, around::WATCHER).await?.len() >= MAX_WATCHERS {
            return Err(SessionError::TooManyWatchers);
        }
        let mut bytes = [0u8; 8];
        rand_core::TryRngCore::try_fill_bytes(&mut rand_core::OsRng, &mut bytes)
            .map_err(|e| SessionError::Internal(e.to_string()))?;
        let watcher = format!("w{}", hex::encode(bytes));
        let secret = format!("gsw_{}", &new_token()[4..]);
        self.store
            .put_extra(id, around::WATCHER, &watcher, &hash_token(&secret), false)
            .await?;
        Ok(crate::wire::WatcherDoc {
            link: format!("/#w={id}&k={secret}"),
            id: watcher,
            token: secret,
        })
    }

    /// Revokes a watcher (any seat): its token opens nothing from now on,
    /// and its open stream ends.
    pub async fn revoke_watcher(
        &self,
        id: &str,
        token: Option<Credential>,
        watcher: &str,
    ) -> Result<(), SessionError> {
        self.authorised_row(id, &token).await?;
        if !self
            .store
            .delete_extra(id, around::WATCHER, watcher)
            .await?
        {
            return Err(SessionError::UnknownWatcher);
        }
        Ok(())
    }

    /// Checks a watch token (SESSION-WATCH-2): one of the session's live
    /// watchers. A seat's token is no watch token.
    pub async fn check_watcher(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<(), SessionError> {
        let token = token.as_ref().ok_or(SessionError::MissingToken)?;
        let watchers = self.store.extras(id, around::WATCHER).await?;
        let mut found = false;
        for (_, hash) in &watchers {
            found |= same_hash(hash, token.hash());
        }
        if found {
            return Ok(());
        }
        if self.store.stored_version(id).await?.is_none() {
            return Err(SessionError::NotFound(id.to_string()));
        }
        Err(SessionError::WatchTokenInvalid)
    }

    /// The session as an onlooker sees it (the watch token checked).
    pub async fn watch(
        &self,
        id: &str,
        token: Option<Credential>,
        lang: Lang,
    ) -> Result<(String, u64), SessionError> {
        self.check_watcher(id, &token).await?;
        self.watch_at_least(id, lang, self.stored_head(id).await?)
            .await
    }

    /// The onlooker's document at `version` or later (the token checked).
    pub async fn watch_at_least(
        &self,
        id: &str,
        lang: Lang,
        version: u64,
    ) -> Result<(String, u64), SessionError> {
        let mut retries = 0;
        loop {
            match self.ask(id, None, |tx| Msg::Watch(lang, version, tx)).await {
                Err(SessionError::Store(StoreError::Stale { .. })) if retries < STALE_RETRIES => {
                    retries += 1
                }
                r => return r,
            }
        }
    }

    /// A live feed for an onlooker (the watch token checked).
    pub async fn watch_subscribe(
        &self,
        id: &str,
        token: &Option<Credential>,
    ) -> Result<Subscription, SessionError> {
        self.check_watcher(id, token).await?;
        self.ask(id, None, Msg::SubscribePublic).await
    }

    /// Sets where the token's seat hears that it is its turn
    /// (SESSION-NOTIFY-1): the target is checked first.
    pub async fn set_notify(
        &self,
        id: &str,
        token: Option<Credential>,
        req: crate::wire::NotifyRequest,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        around::check_target(&req.url, self.cfg.notify_allow_private)
            .await
            .map_err(SessionError::NotifyRefused)?;
        let target = around::NoticeTarget {
            url: req.url,
            format: req.format,
        };
        let value =
            serde_json::to_string(&target).map_err(|e| SessionError::Internal(e.to_string()))?;
        self.store
            .put_extra(id, around::NOTIFY, &seat.0.to_string(), &value, true)
            .await?;
        self.notifier.reset(id, seat.0);
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    /// Removes the token's seat's notice target.
    pub async fn clear_notify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        self.store
            .delete_extra(id, around::NOTIFY, &seat.0.to_string())
            .await?;
        self.notifier.reset(id, seat.0);
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    /// The token's seat's notice target and what became of its notices.
    pub async fn get_notify(
        &self,
        id: &str,
        token: Option<Credential>,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let (row, seat) = self.authorised_row(id, &token).await?;
        self.reload_targets(id).await?;
        self.notify_doc(&row, seat)
    }

    async fn reload_targets(&self, id: &str) -> Result<(), SessionError> {
        let rows = self.store.extras(id, around::NOTIFY).await?;
        self.notifier.remember(id, around::parse_targets(rows));
        Ok(())
    }

    fn notify_doc(
        &self,
        row: &SessionRow,
        seat: Seat,
    ) -> Result<crate::wire::NotifyDoc, SessionError> {
        let target = self
            .notifier
            .known(&row.id)
            .and_then(|t| t.iter().find(|(s, _)| *s == seat.0).map(|(_, t)| t.clone()));
        let status = self.notifier.status(&row.id, seat.0);
        Ok(crate::wire::NotifyDoc {
            seat: self.seat_ref(row, seat)?,
            url: target.as_ref().map(|t| t.url.clone()),
            format: target.map(|t| t.format),
            last_sent_ms: status.last_sent_ms,
            last_error: status.last_error,
        })
    }

    /// The notifier (tests read its counters).
    pub fn notifier(&self) -> &Arc<super::Notifier> {
        &self.notifier
    }
}

#[cfg(test)]
mod tests {
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
