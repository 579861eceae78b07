//! The game's test helpers, on the engine's rule-test driver: positions built directly, moves
//! and bot turns with chosen dice.

use serde_json::Value;

use super::super::state::{State, BOT, PLAYER};
use super::super::{Event, Move, Options, Pile};
use crate::engine::testing::{ReadEvent, Rules};
use crate::engine::{Chance, Dice, RuleError, TableItem, TableMode};

pub type E = ReadEvent<Event>;

pub fn rules() -> Rules<Pile> {
    Rules::new(&Options::default())
}

/// A pile of `stones` with `bot` to move or not.
pub fn at(stones: u32, bot: bool) -> State {
    State {
        options: Options::default(),
        stones,
        to_move: if bot { BOT } else { PLAYER },
        winner: None,
    }
}

/// The server's stream at `seed`.
pub fn server(seed: u64) -> Chance {
    Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).expect("server chance")
}

/// Dice rolled at the table.
pub fn table(dice: &[u8]) -> Chance {
    Chance::new(
        Dice::new(0),
        TableMode::TABLE,
        dice.iter().map(|&d| TableItem::Die(d)).collect(),
    )
    .expect("table chance")
}

/// The player's move, from its JSON.
pub fn take(s: &State, mv: Value) -> Result<(State, Vec<E>), RuleError> {
    let mv: Move = serde_json::from_value(mv).expect("move json");
    let step = rules().play(s, PLAYER, &mv, &mut server(0))?;
    Ok((step.state, step.events))
}

/// The bot's turn with `chance`, which must be used up.
pub fn bot(s: &State, mut chance: Chance) -> Result<(State, Vec<E>), RuleError> {
    let step = rules().bot(s, &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}
