//! The session actor: owns one live session, applies one command at a time,
//! commits before it replies, then publishes.

use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::auth::{seat_of, Credential};
use super::fairness;
use super::render::{RenderCounts, Renders, RENDERS_KEPT};
use super::replay;
use super::SessionError;
use crate::engine::json::Json;
use crate::engine::{
    AdapterError, AnyEvents, AnyState, Chance, Consumed, Dice, DynGame, Lang, NextKind, RuleError,
    RuleErrorKind, Seat, SeatInfo, SeatKind, TableItem, TableMode, TextCx,
};
use crate::store::{CommitCommand, IdempotencyRecord, SessionStore, Store, StoreError};
use crate::telemetry::Handles;
use crate::wire::{
    CommandDoc, CommandKind, Fairness, GameIdPart, LegalMovesDoc, OptionsPart, SeatDoc, Status,
};

/// A snapshot is written at least every this many commands (and at every
/// undo and at the end of a game), so loading a session replays at most
/// `SNAPSHOT_EVERY - 1` commands after its snapshot (commands are
/// the truth; snapshots only bound the replay).
pub const SNAPSHOT_EVERY: u64 = 16;

/// The most undoable moves in a row an actor keeps the earlier states of
/// (far more than one turn has); an undo past them replays the log once.
pub const UNDO_FRAMES_KEPT: usize = 64;

/// What one command computed on a copy of the state, before it is committed.
struct Computed {
    kind: CommandKind,
    /// The log row's payload: the move (and its table input) as sent.
    payload: String,
    state: AnyState,
    rng_pos: u64,
    events: AnyEvents,
    undoable: bool,
}

/// Where a command goes in the log: its place, kind and seat.
struct Logged {
    kind: CommandKind,
    seq: u64,
    /// The seat the log names; `None` for a bot turn.
    seat: Option<u8>,
    /// The seat whose token sent it (a bot turn's too).
    sender: u8,
    undoable: bool,
    /// The dice position after it.
    rng_pos: u64,
}

/// A command on top of the session's stack of effective commands, as the
/// actor saw it applied, so an undo is decided and done without a replay.
pub(super) struct UndoFrame {
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    pub undoable: bool,
    /// The state and dice position before it (kept for undoable moves only).
    pub before: Option<(AnyState, u64)>,
}

/// The top of the stack of effective commands. A command that can never be
/// taken back is a floor: nothing under it can be undone either, so the
/// stack is kept from the last floor up, and only undoable moves carry the
/// state before them.
#[derive(Default)]
pub(super) struct UndoTop {
    /// Oldest first; only `frames[0]` may be a floor.
    pub frames: Vec<UndoFrame>,
    /// What lies under `frames` is known: the start of the game, or
    /// `frames[0]` is a floor. False after a load, until a command or a
    /// replay shows it.
    pub grounded: bool,
}

impl UndoTop {
    /// The stack of a session at its start (nothing to take back).
    pub fn at_start() -> Self {
        UndoTop {
            frames: Vec::new(),
            grounded: true,
        }
    }
    fn push(&mut self, frame: UndoFrame) {
        if !frame.undoable {
            self.frames.clear();
            self.grounded = true;
        } else if self.frames.len() >= UNDO_FRAMES_KEPT {
            self.frames.remove(0);
            self.grounded = false;
        }
        self.frames.push(frame);
    }
    /// The top as far as known: `Some(None)` nothing to undo, `None`
    /// unknown (a replay tells).
    fn top(&self) -> Option<Option<&UndoFrame>> {
        match self.frames.last() {
            Some(f) => Some(Some(f)),
            None if self.grounded => Some(None),
            None => None,
        }
    }
    /// The stack a replay of the whole log ends with.
    fn of_replay(r: &replay::Replay) -> Self {
        let mut top = UndoTop::at_start();
        let mut before = (r.start.clone(), r.start_rng_pos);
        for f in &r.frames {
            top.push(UndoFrame {
                seq: f.seq,
                kind: f.kind,
                seat: f.seat,
                undoable: f.undoable,
                before: f.undoable.then(|| before.clone()),
            });
            before = (f.state.clone(), f.rng_pos);
        }
        top
    }
}

/// What a command does.
#[derive(Debug, Clone)]
pub enum Action {
    /// A human move (JSON of the game's `Move`), with its table input.
    Move { mv: Value, table: Vec<TableItem> },
    /// The bot's turn, with its table input.
    BotTurn { table: Vec<TableItem> },
    /// Take back the seat's last move when it revealed nothing.
    Undo,
    /// The seat resigns: the game ends.
    Resign,
}

/// An `Idempotency-Key` and the hash of the request that carried it (route,
/// token and body): the key's reuse for another request is refused.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub key: String,
    pub request_hash: String,
}

/// A write request to a session.
#[derive(Debug, Clone)]
pub struct CommandRequest {
    pub token: Option<Credential>,
    pub action: Action,
    /// `If-Match` header: 412 when the session is elsewhere.
    pub if_match: Option<u64>,
    /// `expected_version` in the body: 409 when the session is elsewhere.
    pub expected_version: Option<u64>,
    /// `Idempotency-Key`: a retry gets the first answer.
    pub idempotency: Option<IdempotencyKey>,
    /// The language of the answer's texts.
    pub lang: Lang,
    /// `Prefer: return=minimal`: no view and legal moves in the answer.
    pub minimal: bool,
}

/// A committed command's answer, stored for idempotent retries.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub version: u64,
}

/// A live feed of commits, and what a subscriber needs to render them.
pub struct Subscription {
    pub rx: broadcast::Receiver<Arc<LogEntry>>,
    pub seat: Seat,
    pub meta: Arc<Meta>,
    /// The session's version when `rx` began: every later one arrives on
    /// `rx`, so a catch-up from the log need not read past it.
    pub version: u64,
}

/// What subscribers hear after each commit: the new version with its
/// typed events, which each subscriber renders and redacts for its seat
/// and language outside the actor, sharing what the command's answer (or
/// another reader of the same seat and language) already rendered.
pub struct LogEntry {
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    /// The version `seq` and its renderings.
    pub renders: Arc<Renders>,
}

pub(super) enum Msg {
    Command(CommandRequest, oneshot::Sender<Result<Reply, SessionError>>),
    /// The session document as JSON text, and its version; at least the
    /// given version (the log already holds it: an actor behind it
    /// retires and answers `Stale`, and the registry asks a fresh one).
    View(
        Option<Credential>,
        Lang,
        u64,
        oneshot::Sender<Result<(String, u64), SessionError>>,
    ),
    /// The legal moves as JSON text, at the version given or later.
    LegalMoves(
        Option<Credential>,
        Lang,
        u64,
        oneshot::Sender<Result<String, SessionError>>,
    ),
    Subscribe(
        Option<Credential>,
        oneshot::Sender<Result<Subscription, SessionError>>,
    ),
    /// The session as an onlooker sees it, as JSON text, at the version
    /// given or later (the registry checked the watch token).
    Watch(
        Lang,
        u64,
        oneshot::Sender<Result<(String, u64), SessionError>>,
    ),
    /// A live feed for an onlooker (the registry checked the watch token).
    SubscribePublic(oneshot::Sender<Result<Subscription, SessionError>>),
    /// The store holds this version of the session: another process on the
    /// same database committed past this actor, which then retires, so the
    /// next request (and every stream, which resubscribes) starts from the
    /// store.
    StoreAt(u64),
}

/// The fixed facts of a session.
pub struct Meta {
    pub id: String,
    pub game: Arc<dyn DynGame>,
    pub options: Value,
    /// The options as JSON, written once.
    pub options_json: OptionsPart,
    pub seed: u64,
    pub salt: Option<String>,
    pub public_seed: bool,
    pub seats: Vec<SeatInfo>,
    pub token_hashes: Vec<String>,
    pub table_mode: TableMode,
    /// The renderings this session's actor made (tests, metrics).
    pub renders: Arc<RenderCounts>,
    /// The session this one is the rematch of, and its own rematch.
    pub rematch_of: Option<String>,
    pub rematch: Option<String>,
}

impl Meta {
    pub fn seat_id(&self, seat: Seat) -> &str {
        self.seats
            .get(seat.index())
            .map(|s| s.id.as_str())
            .unwrap_or("")
    }
    pub(super) fn seat(&self, token: &Option<Credential>) -> Result<Seat, SessionError> {
        let token = token.as_ref().ok_or(SessionError::MissingToken)?;
        seat_of(token, &self.token_hashes).ok_or(SessionError::WrongToken)
    }
    pub fn cx(&self, lang: Lang) -> TextCx<'_> {
        TextCx::new(lang, &self.seats)
    }
    pub fn fairness(&self, finished: bool) -> Fairness {
        fairness::describe(self.seed, self.salt.as_deref(), self.public_seed, finished)
    }
    /// The seats without tokens.
    pub fn seat_docs(&self, lang: Lang) -> Vec<SeatDoc> {
        seat_docs(&self.seats, lang)
    }
}

/// Every seat as the documents list it (no tokens), named in `lang`.
pub(super) fn seat_docs(seats: &[SeatInfo], lang: Lang) -> Vec<SeatDoc> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatDoc {
            index: i as u8,
            id: s.id.clone(),
            kind: s.kind,
            name: s.name_in(lang).to_string(),
            token: None,
            invite: None,
        })
        .collect()
}

pub(super) fn status_of(next: &NextKind) -> Status {
    if *next == NextKind::Finished {
        Status::Finished
    } else {
        Status::Active
    }
}

impl SessionError {
    /// An engine's refusal as the session's.
    pub fn from_engine(e: AdapterError) -> SessionError {
        engine_error(e)
    }
}

pub(super) fn engine_error(e: AdapterError) -> SessionError {
    match e {
        AdapterError::Malformed(m) => SessionError::Malformed(m),
        AdapterError::Rule(r) => SessionError::Rule(r),
        AdapterError::Corrupt(m) => SessionError::Internal(m),
        AdapterError::WrongGame => SessionError::Internal("state of another game".into()),
    }
}

pub(super) struct Actor {
    pub meta: Arc<Meta>,
    /// The session's version, its state, the seat that resigned (if one
    /// did) and what has been rendered of it (made anew, empty, for every
    /// version: a load, a commit).
    pub renders: Arc<Renders>,
    pub rng_pos: u64,
    /// The version of the last snapshot written.
    pub snapshot_version: u64,
    /// Set when a commit failed: the actor retires once its queue is empty.
    pub must_reload: bool,
    /// When this actor last asked the store to move the session row's age
    /// ([`CommitCommand::touch`]); None: not yet.
    pub touched: Option<std::time::Instant>,
    pub store: Store,
    pub events: broadcast::Sender<Arc<LogEntry>>,
    /// `version`, readable without a message (the registry's peer watch
    /// compares it with the store's).
    pub published: Arc<std::sync::atomic::AtomicU64>,
    /// What an undo would take back.
    pub undo_top: UndoTop,
    /// Commands the log may hold (SESSION-CAP-1).
    pub max_commands: u64,
    /// Your-turn notices.
    pub notifier: Arc<super::Notifier>,
}

impl Actor {
    /// The session's version (its `Renders` is of it).
    fn version(&self) -> u64 {
        self.renders.version()
    }

    /// Runs until idle for `idle`, then drains what is queued and stops.
    /// Renderings are dropped after [`RENDERS_KEPT`] without a message.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Msg>, idle: Duration) {
        let mut quiet = Duration::ZERO;
        loop {
            let mut wait = idle.saturating_sub(quiet);
            if !self.renders.is_empty() {
                wait = wait.min(RENDERS_KEPT);
            }
            match tokio::time::timeout(wait, rx.recv()).await {
                Ok(Some(msg)) => {
                    quiet = Duration::ZERO;
                    self.handle(msg).await
                }
                Ok(None) => break,
                Err(_) => {
                    quiet += wait;
                    if quiet >= idle {
                        break;
                    }
                    self.renders = self.renders.emptied();
                }
            }
            if self.must_reload {
                break;
            }
        }
        // Refuse new messages, answer the queued ones, stop.
        rx.close();
        while let Some(msg) = rx.recv().await {
            self.handle(msg).await;
        }
    }

    async fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Command(req, reply) => {
                let lang = req.lang;
                let mut r = self.command(req).await;
                if let Err(e) = &r {
                    if !matches!(e, SessionError::Store(_)) && self.behind_the_store().await {
                        // Refused on a position another process has moved
                        // on from: retire; the registry computes it again.
                        self.must_reload = true;
                        r = Err(SessionError::Store(StoreError::Stale {
                            session: self.meta.id.clone(),
                            version: self.version(),
                        }));
                    }
                }
                let _ = reply.send(r.map_err(|e| e.localized(&self.meta.cx(lang))));
            }
            Msg::View(_, _, at_least, reply) if at_least > self.version() => {
                self.must_reload = true;
                let _ = reply.send(Err(SessionError::Store(StoreError::Stale {
                    session: self.meta.id.clone(),
                    version: self.version(),
                })));
            }
            Msg::View(token, lang, _, reply) => {
                let r = self.meta.seat(&token).and_then(|seat| {
                    let doc = self.renders.session_doc(&self.meta, seat, lang)?;
                    Ok((to_json(&doc), self.version()))
                });
                let _ = reply.send(r);
            }
            Msg::LegalMoves(_, _, at_least, reply) if at_least > self.version() => {
                self.must_reload = true;
                let _ = reply.send(Err(SessionError::Store(StoreError::Stale {
                    session: self.meta.id.clone(),
                    version: self.version(),
                })));
            }
            Msg::LegalMoves(token, lang, _, reply) => {
                let r = self.meta.seat(&token).and_then(|seat| {
                    Ok(to_json(&LegalMovesDoc {
                        game: GameIdPart(self.meta.game.id()),
                        moves: self.renders.game_legal(&self.meta, seat, lang)?,
                    }))
                });
                let _ = reply.send(r);
            }
            Msg::StoreAt(v) => {
                if v > self.version() {
                    self.must_reload = true;
                }
            }
            Msg::Subscribe(token, reply) => {
                let r = self.meta.seat(&token).map(|seat| Subscription {
                    rx: self.events.subscribe(),
                    seat,
                    meta: self.meta.clone(),
                    version: self.version(),
                });
                let _ = reply.send(r);
            }
            Msg::Watch(_, at_least, reply) if at_least > self.version() => {
                self.must_reload = true;
                let _ = reply.send(Err(SessionError::Store(StoreError::Stale {
                    session: self.meta.id.clone(),
                    version: self.version(),
                })));
            }
            Msg::Watch(lang, _, reply) => {
                let r = self
                    .renders
                    .watch_doc(&self.meta, lang)
                    .map(|doc| (to_json(&doc), self.version()));
                let _ = reply.send(r);
            }
            Msg::SubscribePublic(reply) => {
                // An onlooker's feed: `seat` is not used to render it
                // (entries are rendered for no seat).
                let _ = reply.send(Ok(Subscription {
                    rx: self.events.subscribe(),
                    seat: crate::engine::Seat(0),
                    meta: self.meta.clone(),
                    version: self.version(),
                }));
            }
        }
    }

    /// Whether the database holds a newer version of the session than this
    /// actor (a second process shares the file). Asked only when
    /// a command is refused, so a single server pays nothing for it.
    async fn behind_the_store(&self) -> bool {
        matches!(self.store.stored_version(&self.meta.id).await, Ok(Some(v)) if v > self.version())
    }

    fn chance(&self, table: &[TableItem]) -> Result<Chance, SessionError> {
        Chance::new(
            Dice::at(self.meta.seed, self.rng_pos),
            self.meta.table_mode,
            table.to_vec(),
        )
        .map_err(SessionError::Rule)
    }

    /// One command: refused before anything is computed, computed on a
    /// copy, committed, and only then adopted and published.
    async fn command(&mut self, req: CommandRequest) -> Result<Reply, SessionError> {
        let seat = self.meta.seat(&req.token)?;
        if let Some(reply) = self.replayed_reply(&req).await? {
            return Ok(reply);
        }
        self.check_command_gate(&req)?;
        let before = (self.renders.state().clone(), self.rng_pos);
        let computed = self.compute(seat, &req).await?;
        let resigned = match computed.kind {
            CommandKind::Resign => Some(seat),
            _ => self.renders.resigned(),
        };
        let seq = self.version() + 1;
        let game = self.meta.game.clone();
        // The new version's renderings start here, with the answer's; they
        // replace the actor's only once the command is committed.
        let stored_events = game.events_stored(&computed.events).map_err(engine_error)?;
        let log = Logged {
            kind: computed.kind,
            seq,
            seat: (computed.kind != CommandKind::BotTurn).then_some(seat.0),
            sender: seat.0,
            undoable: computed.undoable,
            rng_pos: computed.rng_pos,
        };
        let renders = Renders::new(seq, computed.state, resigned, Some(computed.events));
        let status = renders.status(&self.meta)?;
        let body = self.answer_body(&renders, &log, seat, &req)?;
        let finished = status == Status::Finished;
        let commit = self.commit_of(
            &renders,
            &log,
            computed.payload,
            stored_events,
            &req,
            &body,
            finished,
        )?;
        let wrote_snapshot = commit.snapshot.is_some();
        let touch = commit.touch;
        if let Err(e) = self.store.commit(commit).await {
            // Nothing was applied. The store may hold a newer version than
            // this actor (or the disk failed): stop after the queue, so the
            // next request starts from what the store holds.
            self.must_reload = true;
            return Err(e.into());
        }
        self.adopt(renders, &log, before, wrote_snapshot, touch, finished);
        Ok(Reply {
            status: 200,
            body,
            version: seq,
        })
    }

    /// The stored answer of a command sent again with its idempotency key,
    /// or a refusal when the key came with another request.
    async fn replayed_reply(&self, req: &CommandRequest) -> Result<Option<Reply>, SessionError> {
        let Some(idem) = &req.idempotency else {
            return Ok(None);
        };
        let Some(prev) = self
            .store
            .idempotent_reply(&self.meta.id, &idem.key)
            .await?
        else {
            return Ok(None);
        };
        if prev.request_hash != idem.request_hash {
            return Err(SessionError::IdempotencyKeyReused);
        }
        let version = serde_json::from_str::<Value>(&prev.body)
            .ok()
            .and_then(|v| v.get("version").and_then(Value::as_u64))
            .unwrap_or(self.version());
        Ok(Some(Reply {
            status: prev.status,
            body: prev.body,
            version,
        }))
    }

    /// The checks before a command is computed: the versions it names, a
    /// resigned game (SESSION-RESIGN-1) and the log's cap (SESSION-CAP-1).
    fn check_command_gate(&self, req: &CommandRequest) -> Result<(), SessionError> {
        if let Some(expected) = req.if_match {
            if expected != self.version() {
                return Err(SessionError::PreconditionFailed {
                    current: self.version(),
                    expected,
                });
            }
        }
        if let Some(expected) = req.expected_version {
            if expected != self.version() {
                return Err(SessionError::VersionConflict {
                    current: self.version(),
                    expected,
                });
            }
        }
        if self.renders.resigned().is_some() {
            return Err(SessionError::Rule(RuleError::new(
                "SESSION-RESIGN-1",
                crate::engine::SessionRefusal::Resigned,
                RuleErrorKind::GameOver,
            )));
        }
        // SESSION-CAP-1: the last place in the log is kept for a
        // resignation, so a table at the cap can still end its game.
        if !matches!(req.action, Action::Resign) && self.version() + 1 >= self.max_commands {
            return Err(SessionError::Rule(RuleError::new(
                "SESSION-CAP-1",
                crate::engine::SessionRefusal::CommandCap {
                    cap: self.max_commands,
                },
                RuleErrorKind::CommandCap,
            )));
        }
        Ok(())
    }

    /// The command applied to a copy of the state: what the log will hold
    /// and what the game became. Nothing of the actor changes here.
    async fn compute(
        &mut self,
        seat: Seat,
        req: &CommandRequest,
    ) -> Result<Computed, SessionError> {
        let game = self.meta.game.clone();
        let computed = match &req.action {
            Action::Move { mv, table } => {
                game.check_move_fields(mv).map_err(engine_error)?;
                let step = game
                    .play(self.renders.state(), seat, mv, self.chance(table)?)
                    .map_err(engine_error)?;
                let payload = if step.chance.consumed.is_empty() {
                    // Most moves: written straight, the bytes `json!` gave.
                    Json::of(&MovePayload { mv })
                        .map_err(|e| SessionError::Internal(e.to_string()))?
                        .into_string()
                } else {
                    json!({ "move": mv, "table": step.chance.consumed }).to_string()
                };
                Computed {
                    kind: CommandKind::Move,
                    payload,
                    state: step.state,
                    rng_pos: step.chance.position,
                    events: step.events,
                    undoable: step.undoable,
                }
            }
            Action::BotTurn { table } => {
                let step = game
                    .bot_turn(self.renders.state(), self.chance(table)?)
                    .map_err(engine_error)?;
                let payload = if step.chance.consumed.is_empty() {
                    "{}".to_string()
                } else {
                    json!({ "table": step.chance.consumed }).to_string()
                };
                Computed {
                    kind: CommandKind::BotTurn,
                    payload,
                    state: step.state,
                    rng_pos: step.chance.position,
                    events: step.events,
                    undoable: false,
                }
            }
            Action::Undo => self.undo(seat, req.lang).await?,
            Action::Resign => {
                if game.next(self.renders.state()).map_err(engine_error)? == NextKind::Finished {
                    return Err(SessionError::Rule(RuleError::new(
                        "SESSION-TURN-2",
                        crate::engine::SessionRefusal::NothingToResign,
                        RuleErrorKind::GameOver,
                    )));
                }
                Computed {
                    kind: CommandKind::Resign,
                    payload: "{}".to_string(),
                    state: self.renders.state().clone(),
                    rng_pos: self.rng_pos,
                    events: replay::resign_events(seat),
                    undoable: false,
                }
            }
        };
        if computed.payload.len() > super::MAX_COMMAND_PAYLOAD {
            return Err(SessionError::Malformed(format!(
                "a command is logged in at most {} bytes; this one needs {}",
                super::MAX_COMMAND_PAYLOAD,
                computed.payload.len()
            )));
        }
        Ok(computed)
    }

    /// The answer to the command's sender, written once: it is also the
    /// idempotency record's body.
    fn answer_body(
        &self,
        renders: &Renders,
        log: &Logged,
        seat: Seat,
        req: &CommandRequest,
    ) -> Result<String, SessionError> {
        let meta = &self.meta;
        let doc = CommandDoc {
            id: meta.id.clone(),
            game: GameIdPart(meta.game.id()),
            version: log.seq,
            kind: log.kind,
            undoable: log.undoable,
            events: renders.events(meta, seat, req.lang)?,
            next: renders.next(meta, req.lang)?,
            view: match req.minimal {
                true => None,
                false => Some(renders.view(meta, seat)?),
            },
            legal_moves: match req.minimal {
                true => None,
                false => Some(renders.legal(meta, seat, req.lang)?),
            },
        };
        let embedded = doc.events.get().len()
            + doc.next.get().len()
            + doc.view.as_ref().map_or(0, |v| v.get().len())
            + doc.legal_moves.as_ref().map_or(0, |l| l.get().len());
        Ok(to_json_sized(&doc, embedded))
    }

    /// The row the store commits: the command, its events, the answer under
    /// its idempotency key, and a snapshot at every `SNAPSHOT_EVERY`, undo
    /// and end of game.
    #[allow(clippy::too_many_arguments)]
    fn commit_of(
        &self,
        renders: &Renders,
        log: &Logged,
        payload: String,
        events: String,
        req: &CommandRequest,
        body: &str,
        finished: bool,
    ) -> Result<CommitCommand, SessionError> {
        let game = &self.meta.game;
        let snapshot = if log.kind == CommandKind::Undo
            || finished
            || log.seq - self.snapshot_version >= SNAPSHOT_EVERY
        {
            Some(game.snapshot(renders.state()).map_err(engine_error)?)
        } else {
            None
        };
        // A plain command leaves the session row alone (`CommitCommand::touch`).
        let touch = finished
            || matches!(log.kind, CommandKind::Undo | CommandKind::Resign)
            || self
                .touched
                .is_none_or(|t| t.elapsed() >= crate::store::AGE_RESOLUTION);
        Ok(CommitCommand {
            session_id: self.meta.id.clone(),
            seq: log.seq,
            kind: log.kind.as_str(),
            seat: log.seat,
            payload,
            events,
            idempotency: req.idempotency.clone().map(|idem| IdempotencyRecord {
                key: idem.key,
                request_hash: idem.request_hash,
                status: 200,
                body: body.to_string(),
            }),
            snapshot,
            state_version: game.state_version(),
            rng_pos: log.rng_pos,
            status: if finished { "finished" } else { "active" },
            touch,
        })
    }

    /// A committed command becomes the actor's state: the undo stack, the
    /// renderings, the published version, the notices and the streams.
    fn adopt(
        &mut self,
        renders: Arc<Renders>,
        log: &Logged,
        before: (AnyState, u64),
        wrote_snapshot: bool,
        touch: bool,
        finished: bool,
    ) {
        let game = self.meta.game.id();
        static COMMANDS: Handles<(&'static str, CommandKind), metrics::Counter> = Handles::new();
        COMMANDS
            .get((game, log.kind), |(game, kind)| {
                metrics::counter!("ghostseat_commands_total", "game" => *game, "kind" => kind.as_str())
            })
            .increment(1);
        if log.kind == CommandKind::Undo {
            self.undo_top.frames.pop();
        } else {
            self.undo_top.push(UndoFrame {
                seq: log.seq,
                kind: log.kind,
                seat: log.seat,
                undoable: log.undoable,
                before: log.undoable.then_some(before),
            });
        }
        self.renders = renders;
        self.published
            .store(log.seq, std::sync::atomic::Ordering::Relaxed);
        self.rng_pos = log.rng_pos;
        if wrote_snapshot {
            self.snapshot_version = log.seq;
        }
        if touch {
            self.touched = Some(std::time::Instant::now());
        }
        if !finished {
            self.notify_turn(Some(log.sender));
        }
        // Subscribers render and redact per seat, outside the actor.
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(Arc::new(LogEntry {
                seq: log.seq,
                kind: log.kind,
                seat: log.seat,
                renders: self.renders.clone(),
            }));
        }
    }

    /// Tells each seat with a notice target that the command just
    /// committed left the next move to it (and not to the seat that acted).
    /// Nothing of the table goes out: the game and a link.
    fn notify_turn(&self, acted: Option<u8>) {
        let id = &self.meta.id;
        let targets = match self.notifier.known(id) {
            Some(t) if t.is_empty() => return,
            Some(t) => t,
            None => {
                // Not read yet in this process: read once, in the background;
                // this command's notice is sent when the read comes back.
                let (store, notifier, meta) =
                    (self.store.clone(), self.notifier.clone(), self.meta.clone());
                let (version, state) = (self.version(), self.renders.state().clone());
                tokio::spawn(async move {
                    let Ok(rows) = store.extras(&meta.id, super::around::NOTIFY).await else {
                        return;
                    };
                    let targets = super::around::parse_targets(rows);
                    notifier.remember(&meta.id, targets.clone());
                    super::around::your_turn(&notifier, &meta, &state, version, acted, &targets);
                });
                return;
            }
        };
        super::around::your_turn(
            &self.notifier,
            &self.meta,
            self.renders.state(),
            self.version(),
            acted,
            &targets,
        );
    }

    /// Takes back the seat's last move, if no other command followed it and
    /// it drew no server chance and revealed nothing (SESSION-UNDO-2): undo
    /// never lets a player see a roll or a card and try again. Nothing is
    /// taken back once the game is over (SESSION-UNDO-3). Decided from
    /// what the actor saw applied; only an actor that has not seen the top
    /// of the stack (just loaded) replays the log, once, off the async
    /// workers, and only after the last row showed it may be this seat's.
    async fn undo(&mut self, seat: Seat, lang: Lang) -> Result<Computed, SessionError> {
        if self
            .meta
            .game
            .next(self.renders.state())
            .map_err(engine_error)?
            == NextKind::Finished
        {
            return Err(SessionError::Rule(RuleError::new(
                "SESSION-UNDO-3",
                crate::engine::SessionRefusal::FinishedStaysFinished,
                RuleErrorKind::GameOver,
            )));
        }
        if self.undo_top.top().is_none() {
            self.learn_undo_top(seat, lang).await?;
        }
        let cx = self.meta.cx(lang);
        let top = match self.undo_top.top() {
            None | Some(None) => return Err(nothing_to_undo(&cx)),
            Some(Some(top)) => top,
        };
        check_undo(top, seat, &cx)?;
        let (state, pos) = top
            .before
            .clone()
            .ok_or_else(|| SessionError::Internal("an undoable move without its state".into()))?;
        Ok(Computed {
            kind: CommandKind::Undo,
            payload: json!({ "undoes": top.seq }).to_string(),
            state,
            rng_pos: pos,
            events: replay::undo_events(top.seq),
            undoable: false,
        })
    }

    /// Learns the top of the stack of a session this actor loaded: the last
    /// log row refuses most undos at once (a bot turn, another seat's move);
    /// otherwise the log is replayed from the seed on the blocking pool.
    async fn learn_undo_top(&mut self, seat: Seat, lang: Lang) -> Result<(), SessionError> {
        let v = self.version();
        let last = self
            .store
            .commands(&self.meta.id, v.saturating_sub(1), 1)
            .await?;
        let cx = self.meta.cx(lang);
        match last.first() {
            None => {
                self.undo_top = UndoTop::at_start();
                return Ok(());
            }
            Some(row) if row.kind != CommandKind::Undo.as_str() => {
                let kind = CommandKind::parse(&row.kind)
                    .ok_or_else(|| SessionError::Internal(format!("unknown kind {}", row.kind)))?;
                if kind != CommandKind::Move || row.seat != Some(seat.0) {
                    let top = UndoFrame {
                        seq: row.seq,
                        kind,
                        seat: row.seat,
                        undoable: false,
                        before: None,
                    };
                    return check_undo(&top, seat, &cx);
                }
            }
            Some(_) => {}
        }
        let commands = self.store.commands(&self.meta.id, 0, v).await?;
        let (game, options, seed) = (
            self.meta.game.clone(),
            self.meta.options.clone(),
            self.meta.seed,
        );
        let r =
            tokio::task::spawn_blocking(move || replay::replay(&game, &options, seed, &commands))
                .await
                .map_err(|e| SessionError::Internal(e.to_string()))?
                .map_err(|e| SessionError::Internal(e.to_string()))?;
        self.undo_top = UndoTop::of_replay(&r);
        Ok(())
    }
}

fn nothing_to_undo(cx: &TextCx<'_>) -> SessionError {
    SessionError::NothingToUndo(
        cx.pick(
            "There is no move to take back.",
            "Es gibt keinen Zug, den du zurücknehmen kannst.",
        )
        .into(),
    )
}

/// SESSION-UNDO-1 and -2 on the top of the stack.
fn check_undo(top: &UndoFrame, seat: Seat, cx: &TextCx<'_>) -> Result<(), SessionError> {
    if top.kind != CommandKind::Move {
        return Err(SessionError::NothingToUndo(
            cx.pick(
                "The bot has played since the last move; it cannot be taken back.",
                "Der Bot hat seit dem letzten Zug gespielt; der Zug kann nicht mehr zurückgenommen werden.",
            )
            .into(),
        ));
    }
    if top.seat != Some(seat.0) {
        return Err(SessionError::NothingToUndo(
            cx.pick(
                "The last move was made by another seat; only that seat can take it back.",
                "Den letzten Zug hat ein anderer Platz gemacht; nur dieser kann ihn zurücknehmen.",
            )
            .into(),
        ));
    }
    if !top.undoable {
        return Err(SessionError::NotUndoable(
            cx.pick(
                "The last move rolled the server's dice, drew a card or showed something hidden; it cannot be taken back.",
                "Der letzte Zug hat die Würfel des Servers geworfen, eine Karte gezogen oder Verdecktes gezeigt; er kann nicht zurückgenommen werden.",
            )
            .into(),
        ));
    }
    Ok(())
}

/// Serializes a reply document. Our documents are plain data (string keys
/// only), so this cannot fail; an empty object stands in if it ever did.
pub(super) fn to_json<T: serde::Serialize>(doc: &T) -> String {
    to_json_sized(doc, 0)
}

/// [`to_json`] into a buffer sized up front: `embedded` bytes of renderings
/// the document carries, plus room for its envelope. A command's answer
/// runs to 20 KB; grown from empty it was copied through eight doublings.
pub(super) fn to_json_sized<T: serde::Serialize>(doc: &T, embedded: usize) -> String {
    crate::engine::Json::with_capacity(doc, embedded + 1024)
        .map(crate::engine::Json::into_string)
        .unwrap_or_else(|_| "{}".into())
}

/// Human seats of a seat list.
pub(super) fn human_seats(seats: &[SeatInfo]) -> impl Iterator<Item = (usize, &SeatInfo)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SeatKind::Human)
}

/// A move's log payload without table items, `{"move":…}`: the text
/// `json!({ "move": mv }).to_string()` gives, without building the map.
#[derive(Serialize)]
struct MovePayload<'a> {
    #[serde(rename = "move")]
    mv: &'a Value,
}

/// The table input of a command as `viewer` may read it in the log: items
/// drawn in secret are hidden from the other seats.
pub fn redact_table(payload: &mut Value, viewer: Option<Seat>) {
    let Some(items) = payload.get_mut("table").and_then(Value::as_array_mut) else {
        return;
    };
    for item in items {
        let hidden = serde_json::from_value::<Consumed>(item.clone())
            .ok()
            .and_then(|c| c.visible_to)
            .is_some_and(|seats| viewer.is_none_or(|v| !seats.contains(&v)));
        if hidden {
            *item = json!({ "hidden": true });
        } else if let Some(o) = item.as_object_mut() {
            o.remove("visible_to");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The log's payload bytes are what replay, verify and export read: the
    /// direct writing must give exactly the text the map gave.
    #[test]
    fn a_move_payload_is_written_as_the_map_wrote_it() {
        let moves = [
            json!({"type": "place", "space": "fisherman", "season": "summer"}),
            json!({"type": "build", "cell": "E4", "extra": {"z": 1, "a": [true, null, 2.5]}}),
            json!({"type": "say", "text": "quote \" and \\ and ü and \u{1}"}),
            json!("pass"),
        ];
        for mv in &moves {
            let ours = Json::of(&MovePayload { mv }).unwrap().into_string();
            assert_eq!(ours, json!({ "move": mv }).to_string());
        }
    }
}
