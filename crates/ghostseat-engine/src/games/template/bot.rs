//! The bot's turn: PILE-BOT-1 before PILE-BOT-2.

use super::events::Event;
use super::flow::{most, take, MOST};
use super::state::State;
use super::text::BotDie;
use crate::engine::{NeedWords, RuleError, Turn};

pub fn bot_turn(s: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    let stones = match winning_take(s.stones) {
        Some(stones) => stones,
        None => rolled_take(s, turn)?,
    };
    take(s, stones, turn);
    Ok(())
}

/// PILE-BOT-1: the take that leaves a multiple of four, if there is one.
fn winning_take(stones: u32) -> Option<u32> {
    Some(stones % (MOST + 1)).filter(|&n| n > 0)
}

/// PILE-BOT-2: otherwise a die says how many (1–2 take one, 3–4 two, 5–6 three), at most the pile.
fn rolled_take(s: &State, turn: &mut Turn<'_, Event>) -> Result<u32, RuleError> {
    let face = turn
        .chance
        .roll_as(6, "PILE-BOT-2", vec![NeedWords::new(BotDie)])?[0];
    let stones = u32::from(face).div_ceil(2).min(most(s));
    turn.emit("PILE-BOT-2", Event::BotRolled { face, stones })
        .dice(&[face]);
    Ok(stones)
}
