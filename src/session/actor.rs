//! The session actor: owns one live session, applies one command at a time,
//! commits before it replies, then publishes.

use serde::Serialize;
use serde_json::value::{to_raw_value, RawValue};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::auth::seat_of;
use super::replay;
use super::SessionError;
use crate::engine::{
    any_hidden, redact_events, AdapterError, AnyState, Dice, DynGame, Next, RuleError, Seat,
    SeatInfo, SeatKind,
};
use crate::store::{CommitCommand, IdempotencyRecord, Store};

/// A snapshot is written at least every this many commands (and at every
/// undo and at the end of a game), so loading a session replays at most
/// `SNAPSHOT_EVERY - 1` commands after its snapshot (issue 8: commands are
/// the truth; snapshots only bound the replay).
pub const SNAPSHOT_EVERY: u64 = 16;

/// What a command does.
#[derive(Debug, Clone)]
pub enum Action {
    /// A human move (JSON of the game's `Move`), with optional table dice.
    Move { mv: Value, dice: Vec<u8> },
    /// The bot's turn, with optional table dice.
    BotTurn { dice: Vec<u8> },
    /// Take back the last human command when no bot turn followed it.
    Undo,
}

/// A write request to a session.
#[derive(Debug, Clone)]
pub struct CommandRequest {
    pub token: Option<String>,
    pub action: Action,
    /// `If-Match` header: 412 when the session is elsewhere.
    pub if_match: Option<u64>,
    /// `expected_version` in the body: 409 when the session is elsewhere.
    pub expected_version: Option<u64>,
    pub idempotency_key: Option<String>,
    /// Hash of the request (route + body) to detect a reused key.
    pub request_hash: String,
}

/// A committed command's answer, stored for idempotent retries.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub version: u64,
}

/// A live feed of commits (events unredacted) and the subscriber's seat id.
pub type Subscription = (broadcast::Receiver<Arc<LogEntry>>, Option<String>);

/// What subscribers hear after each commit.
#[derive(Debug, Clone, Serialize)]
pub struct LogEntry {
    pub seq: u64,
    pub kind: String,
    pub seat: Option<u8>,
    pub events: Value,
    pub next: Value,
}

pub(super) enum Msg {
    Command(CommandRequest, oneshot::Sender<Result<Reply, SessionError>>),
    /// The session document as JSON text, and its version.
    View(
        Option<String>,
        oneshot::Sender<Result<(String, u64), SessionError>>,
    ),
    /// `{"moves": [...]}` as JSON text.
    LegalMoves(
        Option<String>,
        oneshot::Sender<Result<String, SessionError>>,
    ),
    Subscribe(
        Option<String>,
        oneshot::Sender<Result<Subscription, SessionError>>,
    ),
}

/// The fixed facts of a session.
pub(super) struct Meta {
    pub id: String,
    pub game: Arc<dyn DynGame>,
    pub options: Value,
    pub seed: u64,
    pub seats: Vec<SeatInfo>,
    pub token_hashes: Vec<String>,
}

impl Meta {
    pub fn seat_id(&self, seat: Seat) -> Option<&str> {
        self.seats.get(seat.0 as usize).map(|s| s.id.as_str())
    }
    fn seat(&self, token: &Option<String>) -> Result<Seat, SessionError> {
        let token = token.as_deref().ok_or(SessionError::MissingToken)?;
        seat_of(token, &self.token_hashes).ok_or(SessionError::WrongToken)
    }
}

/// `Next` as JSON, with seat ids beside the indices.
pub(super) fn next_json(seats: &[SeatInfo], next: &Next) -> Value {
    let mut v = serde_json::to_value(next).unwrap_or(Value::Null);
    if let (Next::Human { seats: s, .. }, Some(obj)) = (next, v.as_object_mut()) {
        let ids: Vec<&str> = s
            .iter()
            .filter_map(|x| seats.get(x.0 as usize))
            .map(|i| i.id.as_str())
            .collect();
        obj.insert("seat_ids".into(), json!(ids));
    }
    v
}

pub(super) fn status_of(next: &Next) -> &'static str {
    if matches!(next, Next::Finished { .. }) {
        "finished"
    } else {
        "active"
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
    pub meta: Meta,
    pub state: AnyState,
    pub version: u64,
    pub rng_pos: u64,
    /// The version of the last snapshot written.
    pub snapshot_version: u64,
    /// Set when a commit failed: the actor retires once its queue is empty.
    pub must_reload: bool,
    pub store: Store,
    pub events: broadcast::Sender<Arc<LogEntry>>,
}

impl Actor {
    /// Runs until idle for `idle`, then drains what is queued and stops.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Msg>, idle: Duration) {
        loop {
            match tokio::time::timeout(idle, rx.recv()).await {
                Ok(Some(msg)) => self.handle(msg).await,
                Ok(None) => break,
                Err(_) => break,
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
                let r = self.command(req).await;
                let _ = reply.send(r);
            }
            Msg::View(token, reply) => {
                let _ = reply.send(self.view(&token));
            }
            Msg::LegalMoves(token, reply) => {
                let r = self
                    .meta
                    .seat(&token)
                    .and_then(|seat| self.legal_moves(seat));
                let _ = reply.send(r);
            }
            Msg::Subscribe(token, reply) => {
                let r = self.meta.seat(&token).map(|seat| {
                    (
                        self.events.subscribe(),
                        self.meta.seat_id(seat).map(String::from),
                    )
                });
                let _ = reply.send(r);
            }
        }
    }

    fn next(&self) -> Result<Next, SessionError> {
        self.meta.game.next(&self.state).map_err(engine_error)
    }

    fn legal_moves_raw(&self, seat: Seat) -> Result<Box<RawValue>, SessionError> {
        self.meta
            .game
            .legal_moves_json(&self.state, seat)
            .map_err(engine_error)
    }

    fn legal_moves(&self, seat: Seat) -> Result<String, SessionError> {
        let moves = self.legal_moves_raw(seat)?;
        Ok(to_json(&MovesDoc { moves: &moves }))
    }

    fn view(&self, token: &Option<String>) -> Result<(String, u64), SessionError> {
        let seat = self.meta.seat(token)?;
        let next = self.next()?;
        let view = self
            .meta
            .game
            .view_json(&self.state, Some(seat))
            .map_err(engine_error)?;
        let legal = self.legal_moves_raw(seat)?;
        let seats: Vec<SeatDoc<'_>> = self
            .meta
            .seats
            .iter()
            .enumerate()
            .map(|(index, s)| SeatDoc {
                index,
                id: &s.id,
                kind: s.kind,
                name: &s.name,
            })
            .collect();
        let body = SessionDoc {
            id: &self.meta.id,
            game: self.meta.game.id(),
            options: &self.meta.options,
            version: self.version,
            status: status_of(&next),
            seat: SeatRef {
                index: seat.0,
                id: self.meta.seat_id(seat),
            },
            seats,
            next: next_json(&self.meta.seats, &next),
            view: &view,
            legal_moves: &legal,
        };
        Ok((to_json(&body), self.version))
    }

    async fn command(&mut self, req: CommandRequest) -> Result<Reply, SessionError> {
        let seat = self.meta.seat(&req.token)?;
        if let Some(key) = &req.idempotency_key {
            if let Some(prev) = self.store.idempotent_reply(&self.meta.id, key).await? {
                if prev.request_hash != req.request_hash {
                    return Err(SessionError::IdempotencyKeyReused);
                }
                let version = serde_json::from_str::<Value>(&prev.body)
                    .ok()
                    .and_then(|v| v.get("version").and_then(Value::as_u64))
                    .unwrap_or(self.version);
                return Ok(Reply {
                    status: prev.status,
                    body: prev.body,
                    version,
                });
            }
        }
        if let Some(expected) = req.if_match {
            if expected != self.version {
                return Err(SessionError::PreconditionFailed {
                    current: self.version,
                    expected,
                });
            }
        }
        if let Some(expected) = req.expected_version {
            if expected != self.version {
                return Err(SessionError::VersionConflict {
                    current: self.version,
                    expected,
                });
            }
        }

        let game = self.meta.game.clone();
        let (kind, payload, new_state, rng_pos, events) = match &req.action {
            Action::Move { mv, dice } => {
                let mut d = Dice::at(self.meta.seed, self.rng_pos).with_table(dice);
                let step = game
                    .play(&self.state, seat, mv, &mut d)
                    .map_err(engine_error)?;
                if d.table_left() > 0 {
                    return Err(SessionError::UnusedDice(d.table_left()));
                }
                let mut payload = json!({"move": mv});
                if !dice.is_empty() {
                    payload["dice"] = json!(dice);
                }
                ("move", payload, step.state, d.position(), step.events)
            }
            Action::BotTurn { dice } => {
                if !matches!(self.next()?, Next::Bot { .. }) {
                    return Err(SessionError::Rule(RuleError::out_of_turn(
                        "SESSION-BOT-1",
                        "it is not the bot's turn: a human seat must move first",
                    )));
                }
                let mut d = Dice::at(self.meta.seed, self.rng_pos).with_table(dice);
                let step = game.bot_turn(&self.state, &mut d).map_err(engine_error)?;
                if d.table_left() > 0 {
                    return Err(SessionError::UnusedDice(d.table_left()));
                }
                let payload = if dice.is_empty() {
                    json!({})
                } else {
                    json!({"dice": dice})
                };
                ("bot_turn", payload, step.state, d.position(), step.events)
            }
            Action::Undo => {
                let commands = self.store.commands(&self.meta.id, 0, u64::MAX).await?;
                let mut r = replay::replay(&game, &self.meta.options, self.meta.seed, &commands)
                    .map_err(|e| SessionError::Internal(e.to_string()))?;
                let top =
                    match r.frames.last() {
                        Some(top) if top.kind == "move" => top,
                        Some(_) => return Err(SessionError::NothingToUndo(
                            "the bot has played since the last human move; it cannot be taken back"
                                .into(),
                        )),
                        None => {
                            return Err(SessionError::NothingToUndo(
                                "there is no move to take back".into(),
                            ))
                        }
                    };
                if top.seat != Some(seat.0) {
                    return Err(SessionError::NothingToUndo(
                        "the last move was made by another seat; only that seat can take it back"
                            .into(),
                    ));
                }
                let undone = top.seq;
                r.frames.pop();
                let (state, pos) = r.head();
                let ev = replay::undo_event(undone);
                (
                    "undo",
                    json!({"undoes": undone}),
                    state.clone(),
                    pos,
                    vec![ev],
                )
            }
        };

        let next = game.next(&new_state).map_err(engine_error)?;
        let view = game
            .view_json(&new_state, Some(seat))
            .map_err(engine_error)?;
        let legal = game
            .legal_moves_json(&new_state, seat)
            .map_err(engine_error)?;
        let seq = self.version + 1;
        let viewer = self.meta.seat_id(seat);
        let events_raw = to_raw_value(&events).map_err(internal)?;
        let redacted = if any_hidden(&events, viewer) {
            let mut tree = serde_json::to_value(&events).map_err(internal)?;
            redact_events(&mut tree, viewer);
            Some(to_raw_value(&tree).map_err(internal)?)
        } else {
            None
        };
        let next_v = next_json(&self.meta.seats, &next);
        let body = to_json(&CommandDoc {
            id: &self.meta.id,
            version: seq,
            kind,
            events: redacted.as_deref().unwrap_or(&events_raw),
            next: &next_v,
            view: &view,
            legal_moves: &legal,
        });
        let finished = matches!(next, Next::Finished { .. });
        let snapshot =
            if kind == "undo" || finished || seq - self.snapshot_version >= SNAPSHOT_EVERY {
                Some(game.snapshot(&new_state).map_err(engine_error)?)
            } else {
                None
            };
        let wrote_snapshot = snapshot.is_some();
        let seat_acted = if kind == "bot_turn" {
            None
        } else {
            Some(seat.0)
        };
        let commit = CommitCommand {
            session_id: self.meta.id.clone(),
            seq,
            kind,
            seat: seat_acted,
            payload: payload.to_string(),
            events: Box::<str>::from(events_raw).into_string(),
            idempotency: req.idempotency_key.clone().map(|key| IdempotencyRecord {
                key,
                request_hash: req.request_hash.clone(),
                status: 200,
                body: body.clone(),
            }),
            snapshot,
            rng_pos,
            status: status_of(&next),
        };
        if let Err(e) = self.store.commit(commit).await {
            // Nothing was applied. The store may hold a newer version than
            // this actor (or the disk failed): stop after the queue, so the
            // next request starts from what the store holds.
            self.must_reload = true;
            return Err(e.into());
        }
        metrics::counter!("ghostseat_commands_total", "game" => game.id(), "kind" => kind)
            .increment(1);
        self.state = new_state;
        self.version = seq;
        self.rng_pos = rng_pos;
        if wrote_snapshot {
            self.snapshot_version = seq;
        }
        // Subscribers redact per seat, so they get the whole events.
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(Arc::new(LogEntry {
                seq,
                kind: kind.to_string(),
                seat: seat_acted,
                events: serde_json::to_value(&events).unwrap_or(Value::Null),
                next: next_v,
            }));
        }
        Ok(Reply {
            status: 200,
            body,
            version: seq,
        })
    }
}

/// Serializes a reply document. Our documents are plain data (string keys
/// only), so this cannot fail; an empty object stands in if it ever did.
fn to_json<T: Serialize>(doc: &T) -> String {
    serde_json::to_string(doc).unwrap_or_else(|_| "{}".into())
}

fn internal(e: serde_json::Error) -> SessionError {
    SessionError::Internal(e.to_string())
}

/// `GET /sessions/{id}`, written straight to JSON.
#[derive(Serialize)]
struct SessionDoc<'a> {
    id: &'a str,
    game: &'a str,
    options: &'a Value,
    version: u64,
    status: &'static str,
    seat: SeatRef<'a>,
    seats: Vec<SeatDoc<'a>>,
    next: Value,
    view: &'a RawValue,
    legal_moves: &'a RawValue,
}

#[derive(Serialize)]
struct SeatRef<'a> {
    index: u8,
    id: Option<&'a str>,
}

#[derive(Serialize)]
struct SeatDoc<'a> {
    index: usize,
    id: &'a str,
    kind: SeatKind,
    name: &'a str,
}

/// `GET /sessions/{id}/legal-moves`.
#[derive(Serialize)]
struct MovesDoc<'a> {
    moves: &'a RawValue,
}

/// The answer to a committed command.
#[derive(Serialize)]
struct CommandDoc<'a> {
    id: &'a str,
    version: u64,
    kind: &'a str,
    events: &'a RawValue,
    next: &'a Value,
    view: &'a RawValue,
    legal_moves: &'a RawValue,
}

/// Human seats of a seat list.
pub(super) fn human_seats(seats: &[SeatInfo]) -> impl Iterator<Item = (usize, &SeatInfo)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SeatKind::Human)
}
