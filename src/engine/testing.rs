//! Drivers for tests, fuzzers and the load generator: whole games through
//! the erased contract, exactly as the session layer plays them (turn gate,
//! table input, templates), with no game named.

use serde_json::Value;
use std::sync::Arc;

use super::{
    AdapterError, AnyState, Chance, Dice, DynGame, Need, NextKind, RuleErrorKind, Seat, TableItem,
};

/// One command of a driven game.
#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    Move {
        seat: Seat,
        mv: Value,
        table: Vec<TableItem>,
    },
    Bot {
        table: Vec<TableItem>,
    },
}

/// A driven game: where it ended and how it got there.
pub struct Played {
    pub state: AnyState,
    /// Table input the setup used.
    pub setup_table: Vec<TableItem>,
    pub rng_pos: u64,
    pub log: Vec<Cmd>,
    pub finished: bool,
}

/// Random choices of a driver (its own seeded stream, apart from the game's).
pub struct Picker(Dice);

impl Picker {
    pub fn new(seed: u64) -> Self {
        Picker(Dice::new(seed ^ 0x9e37_79b9_7f4a_7c15))
    }
    pub fn pick(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.pick_index(n)
        }
    }
}

/// Table items for everything a "needed" answer lists.
fn supply(needed: &[Need], picker: &mut Picker) -> Vec<TableItem> {
    needed
        .iter()
        .map(|n| match n {
            Need::Die { sides } => TableItem::Die(1 + picker.pick(usize::from(*sides)) as u8),
            Need::Card { candidates, .. } => {
                TableItem::Card(candidates[picker.pick(candidates.len())].clone())
            }
        })
        .collect()
}

/// Runs a command, supplying table input as long as the engine asks for
/// more (what it needs depends on what it was sent). Returns the step and
/// the table input used.
pub fn run_with_table(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    pos: u64,
    picker: &mut Picker,
    mut run: impl FnMut(Chance) -> Result<super::DynStep, AdapterError>,
) -> Result<(super::DynStep, Vec<TableItem>), AdapterError> {
    let mode = game.table_mode(options)?;
    let mut table: Vec<TableItem> = Vec::new();
    for _ in 0..64 {
        let chance = Chance::new(Dice::at(seed, pos), mode, table.clone())?;
        match run(chance) {
            Ok(step) => return Ok((step, table)),
            Err(AdapterError::Rule(e)) => match &e.kind {
                RuleErrorKind::TableInputNeeded { needed, sent } if needed.len() > *sent => {
                    let mut more = supply(&needed[table.len()..], picker);
                    table.append(&mut more);
                }
                _ => return Err(AdapterError::Rule(e)),
            },
            Err(e) => return Err(e),
        }
    }
    Err(AdapterError::Malformed(
        "table input never satisfied the engine".into(),
    ))
}

/// Plays a whole game with random legal moves (templates sampled), the bot
/// whenever due and table input on demand, for at most `max_steps` commands.
/// Every listed move must be accepted.
pub fn random_game(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    max_steps: usize,
) -> Result<Played, String> {
    let mut picker = Picker::new(seed);
    let options = game.options(options).map_err(|e| e.to_string())?;
    let (start, setup_table) = run_with_table(game, &options, seed, 0, &mut picker, |c| {
        game.start(&options, c)
    })
    .map_err(|e| format!("start: {e}"))?;
    let mut state = start.state;
    let mut pos = start.chance.position;
    let mut log = Vec::new();
    for step in 0..max_steps {
        let next = game.next(&state).map_err(|e| e.to_string())?;
        let (cmd, s) = match next {
            NextKind::Finished => {
                return Ok(Played {
                    state,
                    setup_table,
                    rng_pos: pos,
                    log,
                    finished: true,
                })
            }
            NextKind::Bot => {
                let (s, table) = run_with_table(game, &options, seed, pos, &mut picker, |c| {
                    game.bot_turn(&state, c)
                })
                .map_err(|e| format!("step {step}: bot turn refused: {e}"))?;
                (Cmd::Bot { table }, s)
            }
            NextKind::Human(seats) => {
                let seat = seats[picker.pick(seats.len())];
                let moves = game
                    .sample_moves(&state, seat, &mut |n| picker.pick(n))
                    .map_err(|e| e.to_string())?;
                if moves.is_empty() {
                    return Err(format!(
                        "step {step}: seat {} must move but has no legal move",
                        seat.0
                    ));
                }
                let mv = moves[picker.pick(moves.len())].clone();
                let (s, table) = run_with_table(game, &options, seed, pos, &mut picker, |c| {
                    game.play(&state, seat, &mv, c)
                })
                .map_err(|e| format!("step {step}: listed move {mv} refused: {e}"))?;
                (Cmd::Move { seat, mv, table }, s)
            }
        };
        state = s.state;
        pos = s.chance.position;
        log.push(cmd);
    }
    Ok(Played {
        state,
        setup_table,
        rng_pos: pos,
        log,
        finished: false,
    })
}

/// Replays a driven game from the seed (the table input as logged).
pub fn replay(
    game: &dyn DynGame,
    options: &Value,
    seed: u64,
    played: &Played,
) -> Result<(AnyState, u64), AdapterError> {
    let options = game.options(options)?;
    let mode = game.table_mode(&options)?;
    let log = &played.log;
    let start = game.start(
        &options,
        Chance::new(Dice::new(seed), mode, played.setup_table.clone())?,
    )?;
    let mut state = start.state;
    let mut pos = start.chance.position;
    for c in log {
        let step = match c {
            Cmd::Move { seat, mv, table } => game.play(
                &state,
                *seat,
                mv,
                Chance::new(Dice::at(seed, pos), mode, table.clone())?,
            )?,
            Cmd::Bot { table } => game.bot_turn(
                &state,
                Chance::new(Dice::at(seed, pos), mode, table.clone())?,
            )?,
        };
        state = step.state;
        pos = step.chance.position;
    }
    Ok((state, pos))
}

/// The catalogue as `&dyn DynGame`s.
pub fn games() -> Vec<Arc<dyn DynGame>> {
    crate::games::catalog()
}
