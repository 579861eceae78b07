//! The human moves: the match routes, one function per move checks, mutates and emits.

use super::events::Event;
use super::flow::{most, take};
use super::moves::Move;
use super::state::State;
use super::text::Refusal;
use crate::engine::{RuleError, Turn};

pub fn play(s: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    match mv {
        Move::Take { stones } => take_stones(s, *stones, turn),
    }
}

/// PILE-TURN-1: one to three stones, and no more than the pile holds.
fn take_stones(s: &mut State, stones: u32, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    let most = most(s);
    if !(1..=most).contains(&stones) {
        return Err(RuleError::illegal(
            "PILE-TURN-1",
            Refusal::TakeCount { stones, most },
        ));
    }
    take(s, stones, turn);
    Ok(())
}
