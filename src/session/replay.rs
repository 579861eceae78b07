//! Replaying a command log from the seed: the proof that a snapshot is what
//! the rules and the dice make of its commands (verify), the way back to an
//! earlier state (undo), and the way to rebuild a session whose stored
//! state predates the engine's state format.

use serde_json::Value;
use std::sync::Arc;

use crate::engine::{
    AdapterError, AnyEvents, AnyState, Chance, Consumed, Dice, DynGame, Event, Seat, SessionEvent,
    TableItem, TableMode,
};
use crate::store::CommandRow;
use crate::wire::CommandKind;

/// One applied command on the replay stack.
#[derive(Clone)]
pub struct Frame {
    pub seq: u64,
    pub kind: CommandKind,
    pub seat: Option<u8>,
    pub state: AnyState,
    pub rng_pos: u64,
    /// The seat may take it back (see [`crate::engine::DynStep::undoable`]).
    pub undoable: bool,
}

/// The state after setup and the stack of effective commands after it.
pub struct Replay {
    pub start: AnyState,
    pub start_rng_pos: u64,
    pub frames: Vec<Frame>,
    /// The events of every command replayed, undos included, in log order.
    pub events: Vec<AnyEvents>,
}

/// The events an undo command records.
pub fn undo_events(undone: u64) -> AnyEvents {
    AnyEvents::session(vec![Event::new(
        "SESSION-UNDO-1",
        SessionEvent::MoveUndone { undoes: undone },
    )])
}

/// The events a resignation records.
pub fn resign_events(seat: Seat) -> AnyEvents {
    AnyEvents::session(vec![Event::new(
        "SESSION-RESIGN-1",
        SessionEvent::Resigned { seat },
    )])
}

impl Replay {
    /// The current state and dice position.
    pub fn head(&self) -> (&AnyState, u64) {
        match self.frames.last() {
            Some(f) => (&f.state, f.rng_pos),
            None => (&self.start, self.start_rng_pos),
        }
    }
}

/// Why a replay failed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("command {seq}: {source}")]
    Engine { seq: u64, source: AdapterError },
    #[error("command {seq}: {why}")]
    Log { seq: u64, why: String },
    #[error("setup: {0}")]
    Start(AdapterError),
}

/// The table input a logged command carried: `table` (items, possibly with
/// the seats that may see them), or the `dice` of logs written before table
/// input had kinds.
pub fn table_input(payload: &Value) -> Result<Vec<TableItem>, String> {
    if let Some(t) = payload.get("table") {
        let items: Vec<Consumed> =
            serde_json::from_value(t.clone()).map_err(|e| format!("table input: {e}"))?;
        return Ok(items.into_iter().map(|c| c.item).collect());
    }
    Ok(payload
        .get("dice")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_u64)
                .map(|v| TableItem::Die(v.min(255) as u8))
                .collect()
        })
        .unwrap_or_default())
}

/// The chance of a logged command. Logs written before table input had
/// kinds may carry dice in a session whose options say the server rolls:
/// those are replayed as they were accepted then.
fn chance_for(mode: TableMode, seed: u64, pos: u64, payload: &Value) -> Result<Chance, String> {
    let table = table_input(payload)?;
    let mode = if payload.get("dice").is_some() {
        TableMode { dice: true, ..mode }
    } else {
        mode
    };
    Chance::new(Dice::at(seed, pos), mode, table).map_err(|e| e.to_string())
}

/// Sets up the game from the seed.
pub fn start(
    game: &Arc<dyn DynGame>,
    options: &Value,
    seed: u64,
) -> Result<(AnyState, u64, AnyEvents), AdapterError> {
    let mode = game.table_mode(options)?;
    let step = game.start(options, Chance::new(Dice::new(seed), mode, vec![])?)?;
    Ok((step.state, step.chance.position, step.events))
}

/// Replays `commands` (in seq order) from the seed.
pub fn replay(
    game: &Arc<dyn DynGame>,
    options: &Value,
    seed: u64,
    commands: &[CommandRow],
) -> Result<Replay, ReplayError> {
    let (start, start_rng_pos, _) = start(game, options, seed).map_err(ReplayError::Start)?;
    let mut r = Replay::from(start, start_rng_pos);
    let mode = game.table_mode(options).map_err(ReplayError::Start)?;
    for c in commands {
        r.apply(game, mode, seed, c)?;
    }
    Ok(r)
}

impl Replay {
    /// An empty stack on top of `start` (the setup, or a stored snapshot).
    pub fn from(start: AnyState, start_rng_pos: u64) -> Replay {
        Replay {
            start,
            start_rng_pos,
            frames: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The current state and dice position, owned.
    pub fn into_head(mut self) -> (AnyState, u64) {
        match self.frames.pop() {
            Some(f) => (f.state, f.rng_pos),
            None => (self.start, self.start_rng_pos),
        }
    }

    /// Applies the next logged command. An undo can only take back a move
    /// on this stack, so a replay from a snapshot needs the snapshot to be
    /// written at every undo (the actor does).
    pub fn apply(
        &mut self,
        game: &Arc<dyn DynGame>,
        mode: TableMode,
        seed: u64,
        c: &CommandRow,
    ) -> Result<(), ReplayError> {
        let (state, pos) = self.head();
        let engine_err = |source| ReplayError::Engine { seq: c.seq, source };
        let log_err = |why: String| ReplayError::Log { seq: c.seq, why };
        let kind = CommandKind::parse(&c.kind)
            .ok_or_else(|| log_err(format!("unknown command kind '{}'", c.kind)))?;
        let step = match kind {
            CommandKind::Undo => {
                let undoes = c.payload.get("undoes").and_then(Value::as_u64);
                return match self.frames.last() {
                    Some(top) if Some(top.seq) == undoes && top.kind == CommandKind::Move => {
                        let top_seq = top.seq;
                        self.frames.pop();
                        self.events.push(undo_events(top_seq));
                        Ok(())
                    }
                    _ => Err(log_err("undo does not match the last move".into())),
                };
            }
            CommandKind::Resign => {
                let seat = c
                    .seat
                    .ok_or_else(|| log_err("resign without seat".into()))?;
                let (state, pos) = (state.clone(), pos);
                self.frames.push(Frame {
                    seq: c.seq,
                    kind,
                    seat: Some(seat),
                    state,
                    rng_pos: pos,
                    undoable: false,
                });
                self.events.push(resign_events(Seat(seat)));
                return Ok(());
            }
            CommandKind::Move => {
                let seat = c.seat.ok_or_else(|| log_err("move without seat".into()))?;
                let mv = c.payload.get("move").unwrap_or(&Value::Null);
                let chance = chance_for(mode, seed, pos, &c.payload).map_err(log_err)?;
                game.play(state, Seat(seat), mv, chance)
                    .map_err(engine_err)?
            }
            CommandKind::BotTurn => {
                let chance = chance_for(mode, seed, pos, &c.payload).map_err(log_err)?;
                game.bot_turn(state, chance).map_err(engine_err)?
            }
        };
        self.frames.push(Frame {
            seq: c.seq,
            kind,
            seat: if kind == CommandKind::Move {
                c.seat
            } else {
                None
            },
            state: step.state,
            rng_pos: step.chance.position,
            undoable: step.undoable,
        });
        self.events.push(step.events);
        Ok(())
    }
}
