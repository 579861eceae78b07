//! Replaying a command log from the seed: the proof that a snapshot is what
//! the rules and the dice make of its commands (verify), and the way back to
//! an earlier state (undo).

use serde_json::Value;
use std::sync::Arc;

use crate::engine::{AdapterError, AnyState, Dice, DynGame, Seat};
use crate::store::CommandRow;

/// One applied command on the replay stack.
pub struct Frame {
    pub seq: u64,
    pub kind: String,
    pub seat: Option<u8>,
    pub state: AnyState,
    pub rng_pos: u64,
}

/// The state after setup and the stack of effective commands after it.
pub struct Replay {
    pub start: AnyState,
    pub start_rng_pos: u64,
    pub frames: Vec<Frame>,
    /// The events of every command replayed, undos included, in log order.
    pub events: Vec<Vec<crate::engine::Event>>,
}

/// The event an undo command records.
pub fn undo_event(undone: u64) -> crate::engine::Event {
    crate::engine::Event::new(
        "move_undone",
        "SESSION-UNDO-1",
        format!("Move {undone} was taken back; the table is as it was before it, dice included."),
    )
    .data(serde_json::json!({"undoes": undone}))
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

/// The table dice a command carried.
pub fn table_dice(payload: &Value) -> Vec<u8> {
    payload
        .get("dice")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_u64())
                .map(|v| v.min(255) as u8)
                .collect()
        })
        .unwrap_or_default()
}

/// Sets up the game from the seed.
pub fn start(
    game: &Arc<dyn DynGame>,
    options: &Value,
    seed: u64,
) -> Result<(AnyState, u64, Vec<crate::engine::Event>), AdapterError> {
    let mut dice = Dice::new(seed);
    let step = game.start(options, &mut dice)?;
    Ok((step.state, dice.position(), step.events))
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
    for c in commands {
        r.apply(game, seed, c)?;
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
        seed: u64,
        c: &CommandRow,
    ) -> Result<(), ReplayError> {
        let (state, pos) = self.head();
        let engine_err = |source| ReplayError::Engine { seq: c.seq, source };
        let (step, pos) = match c.kind.as_str() {
            "undo" => {
                let undoes = c.payload.get("undoes").and_then(Value::as_u64);
                return match self.frames.last() {
                    Some(top) if Some(top.seq) == undoes && top.kind == "move" => {
                        let top_seq = top.seq;
                        self.frames.pop();
                        self.events.push(vec![undo_event(top_seq)]);
                        Ok(())
                    }
                    _ => Err(ReplayError::Log {
                        seq: c.seq,
                        why: "undo does not match the last move".into(),
                    }),
                };
            }
            "move" => {
                let seat = c.seat.ok_or_else(|| ReplayError::Log {
                    seq: c.seq,
                    why: "move without seat".into(),
                })?;
                let mv = c.payload.get("move").unwrap_or(&Value::Null);
                let mut dice = Dice::at(seed, pos).with_table(&table_dice(&c.payload));
                let step = game
                    .play(state, Seat(seat), mv, &mut dice)
                    .map_err(engine_err)?;
                (step, dice.position())
            }
            "bot_turn" => {
                let mut dice = Dice::at(seed, pos).with_table(&table_dice(&c.payload));
                let step = game.bot_turn(state, &mut dice).map_err(engine_err)?;
                (step, dice.position())
            }
            other => {
                return Err(ReplayError::Log {
                    seq: c.seq,
                    why: format!("unknown command kind '{other}'"),
                })
            }
        };
        self.frames.push(Frame {
            seq: c.seq,
            kind: c.kind.clone(),
            seat: if c.kind == "move" { c.seat } else { None },
            state: step.state,
            rng_pos: pos,
        });
        self.events.push(step.events);
        Ok(())
    }
}
