//! Set-up and turn order: who acts now.

use std::collections::BTreeMap;

use super::events::{Decision, Event};
use super::options::Options;
use super::state::{State, BOT, PLAYER};
use crate::engine::{Next, RuleError, Seat, Turn};

/// The most stones a turn takes (PILE-TURN-1).
pub const MOST: u32 = 3;

/// PILE-SETUP-1, PILE-SETUP-2: the pile, and who takes first.
pub fn start(options: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
    turn.emit(
        "PILE-SETUP-1",
        Event::PileLaid {
            stones: options.stones,
        },
    );
    Ok(State {
        options: options.clone(),
        stones: options.stones,
        to_move: if options.bot_first { BOT } else { PLAYER },
        winner: None,
    })
}

/// The stones the mover may take now.
pub fn most(s: &State) -> u32 {
    s.stones.min(MOST)
}

pub fn next(s: &State) -> Next<Decision> {
    if let Some(winner) = s.winner {
        return Next::Finished {
            scores: scores(winner),
            winner: Some(seat_id(winner).to_string()),
            decision: Decision::Finished { winner },
        };
    }
    if s.to_move == BOT {
        return Next::Bot {
            decision: Decision::BotTurn { stones: s.stones },
        };
    }
    Next::Human {
        seats: vec![PLAYER],
        decision: Decision::Take {
            stones: s.stones,
            most: most(s),
        },
    }
}

/// Takes `stones` for the mover and passes the turn, or ends the game (PILE-TURN-1, PILE-END-1).
pub fn take(s: &mut State, stones: u32, turn: &mut Turn<'_, Event>) {
    let seat = s.to_move;
    s.stones -= stones;
    turn.emit(
        "PILE-TURN-1",
        Event::Took {
            seat,
            stones,
            left: s.stones,
        },
    );
    if s.stones == 0 {
        s.winner = Some(seat);
        turn.emit("PILE-END-1", Event::GameOver { winner: seat });
    } else {
        s.to_move = if seat == PLAYER { BOT } else { PLAYER };
    }
}

fn seat_id(seat: Seat) -> &'static str {
    if seat == PLAYER {
        "player"
    } else {
        "bot"
    }
}

/// PILE-END-1: the winner scores 1.
fn scores(winner: Seat) -> BTreeMap<String, Option<i64>> {
    [PLAYER, BOT]
        .into_iter()
        .map(|s| (seat_id(s).to_string(), Some(i64::from(s == winner))))
        .collect()
}
