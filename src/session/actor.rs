//! The session actor: owns one live session, applies one command at a time,
//! commits before it replies, then publishes.

use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::auth::seat_of;
use super::replay;
use super::SessionError;
use crate::engine::{
    redact_events, AdapterError, AnyState, Dice, DynGame, Next, RuleError, Seat, SeatInfo, SeatKind,
};
use crate::store::{CommitCommand, Store};

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
    View(
        Option<String>,
        oneshot::Sender<Result<(Value, u64), SessionError>>,
    ),
    LegalMoves(Option<String>, oneshot::Sender<Result<Value, SessionError>>),
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
                Err(_) => {
                    rx.close();
                    while let Some(msg) = rx.recv().await {
                        self.handle(msg).await;
                    }
                    break;
                }
            }
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

    fn legal_moves(&self, seat: Seat) -> Result<Value, SessionError> {
        let moves = self
            .meta
            .game
            .legal_moves(&self.state, seat)
            .map_err(engine_error)?;
        Ok(Value::Array(moves))
    }

    fn seats_json(&self) -> Value {
        json!(self
            .meta
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| json!({"index": i, "id": s.id, "kind": s.kind, "name": s.name}))
            .collect::<Vec<_>>())
    }

    fn view(&self, token: &Option<String>) -> Result<(Value, u64), SessionError> {
        let seat = self.meta.seat(token)?;
        let next = self.next()?;
        let view = self
            .meta
            .game
            .view(&self.state, Some(seat))
            .map_err(engine_error)?;
        let legal = self.legal_moves(seat)?;
        let body = json!({
            "id": self.meta.id,
            "game": self.meta.game.id(),
            "options": self.meta.options,
            "version": self.version,
            "status": status_of(&next),
            "seat": {"index": seat.0, "id": self.meta.seats.get(seat.0 as usize).map(|s| s.id.clone())},
            "seats": self.seats_json(),
            "next": next_json(&self.meta.seats, &next),
            "view": view,
            "legal_moves": legal,
        });
        Ok((body, self.version))
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
        let view = game.view(&new_state, Some(seat)).map_err(engine_error)?;
        let seq = self.version + 1;
        let events_json = serde_json::to_value(&events).unwrap_or(Value::Null);
        let next_v = next_json(&self.meta.seats, &next);
        let mut events_seen = events_json.clone();
        redact_events(&mut events_seen, self.meta.seat_id(seat));
        let body = json!({
            "id": self.meta.id,
            "version": seq,
            "kind": kind,
            "events": events_seen,
            "next": next_v,
            "view": view,
        });
        let body_s = body.to_string();
        let snapshot = game.snapshot(&new_state).map_err(engine_error)?;
        let commit = CommitCommand {
            session_id: self.meta.id.clone(),
            seq,
            kind,
            seat: if kind == "bot_turn" {
                None
            } else {
                Some(seat.0)
            },
            payload,
            events: events_json.clone(),
            idempotency: req
                .idempotency_key
                .clone()
                .map(|k| (k, req.request_hash.clone())),
            reply_status: 200,
            reply_body: body_s.clone(),
            snapshot,
            rng_pos,
            status: status_of(&next),
        };
        let seat_acted = commit.seat;
        self.store.commit(commit).await?;
        metrics::counter!("ghostseat_commands_total", "game" => game.id(), "kind" => kind)
            .increment(1);
        self.state = new_state;
        self.version = seq;
        self.rng_pos = rng_pos;
        let _ = self.events.send(Arc::new(LogEntry {
            seq,
            kind: kind.to_string(),
            seat: seat_acted,
            events: events_json,
            next: next_v,
        }));
        Ok(Reply {
            status: 200,
            body: body_s,
            version: seq,
        })
    }
}

/// Human seats of a seat list.
pub(super) fn human_seats(seats: &[SeatInfo]) -> impl Iterator<Item = (usize, &SeatInfo)> {
    seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SeatKind::Human)
}
