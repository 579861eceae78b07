//! Reproducible whole games for replay tests (e.g. the HTTP layer's).
//!
//! [`scripted_game`] returns options, a session seed and the full list of requests: human moves
//! (as JSON for seat `greeks`) and bot turns, in order. Replaying that list against a fresh
//! session with the same seed reaches the named ending, because every die and shuffle comes from
//! the session's one seeded stream. The Greek moves were chosen by a seeded random policy (a
//! second, separate stream keyed by `policy_seed`) over the complete legal moves (templates
//! filled from their domains); the seeds below were picked so that each game reaches its ending.
//! The unit tests check each ending.

use serde::Serialize;
use serde_json::Value;

use super::events::Event;
use super::{Move, Options, State, ThreeHundred};
use crate::engine::{Chance, Dice, Game, Legal, Next, Seat, Turn};

/// The endings (and one mid-game situation) a script can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// After campaign 5 the marker stands on the Greek side (T300-SCO-3).
    GreekPoints,
    /// After campaign 5 the marker stands on the Persian side (T300-SCO-3).
    PersianPoints,
    /// PERSS.KI controls Athenai and Sparta (T300-SCO-2).
    PersianInstant,
    /// A game in which the human answers a battle with a retreat (T300-BAT-5).
    GreekRetreat,
}

/// One request of a script.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScriptStep {
    /// `POST move` from `seat` with this JSON body.
    Human { seat: Seat, mv: Value },
    /// `POST bot-turn`.
    Bot,
}

/// A reproducible game: create a session with `options` and `seed`, then send `steps` in order.
#[derive(Debug, Clone, Serialize)]
pub struct Script {
    pub options: Options,
    pub seed: u64,
    pub steps: Vec<ScriptStep>,
}

/// (session seed, policy seed) per ending, found by search and checked by the tests.
fn seeds(ending: Ending) -> (u64, u64) {
    match ending {
        Ending::GreekPoints => GREEK_POINTS,
        Ending::PersianPoints => PERSIAN_POINTS,
        Ending::PersianInstant => PERSIAN_INSTANT,
        Ending::GreekRetreat => GREEK_RETREAT,
    }
}

const GREEK_POINTS: (u64, u64) = (1, 21);
const PERSIAN_POINTS: (u64, u64) = (0, 0);
const PERSIAN_INSTANT: (u64, u64) = (0, 25);
const GREEK_RETREAT: (u64, u64) = (0, 1);

/// A concrete move from one legal item: the move itself, or the template with each free field
/// picked from its domain.
pub fn concrete(item: &Legal<Move>, pick: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
    match item {
        Legal::Move(m) => Some(m.clone()),
        Legal::Template { base, params } => {
            let mut v = serde_json::to_value(base).ok()?;
            let o = v.as_object_mut()?;
            for p in params {
                o.insert(p.field.to_string(), p.domain.sample(pick));
            }
            serde_json::from_value(v).ok()
        }
    }
}

/// Plays a whole game with the server's dice from `seed` with the seeded random policy; returns
/// the steps, the final state and every event.
pub fn run_policy(
    options: &Options,
    seed: u64,
    policy_seed: u64,
) -> (Vec<ScriptStep>, State, Vec<crate::engine::Event<Event>>) {
    let mode = options.table_mode();
    let mut pick = Dice::new(policy_seed);
    let mut chance = Chance::new(Dice::new(seed), mode, vec![]).expect("no table input");
    let mut turn = Turn::new(None, &mut chance);
    let mut st = super::setup(options, &mut turn);
    let (mut events, _) = turn.finish();
    let mut pos = chance.position();
    let mut steps = Vec::new();
    for _ in 0..5000 {
        let mut chance = Chance::new(Dice::at(seed, pos), mode, vec![]).expect("no table input");
        let mut next = st.clone();
        let (ok, step) = match ThreeHundred::next(&st) {
            Next::Finished { .. } => break,
            Next::Bot { .. } => {
                let mut turn = Turn::new(None, &mut chance);
                let ok = ThreeHundred::bot_turn(&mut next, &mut turn).is_ok();
                if ok {
                    events.extend(turn.finish().0);
                }
                (ok, ScriptStep::Bot)
            }
            Next::Human { .. } => {
                let moves = ThreeHundred::legal_moves(&st, Seat(0));
                if moves.is_empty() {
                    break;
                }
                let item = &moves[pick.pick_index(moves.len())];
                let Some(mv) = concrete(item, &mut |n| pick.pick_index(n)) else {
                    break;
                };
                let mut turn = Turn::new(Some(Seat(0)), &mut chance);
                let ok = ThreeHundred::play(&mut next, &mv, &mut turn).is_ok();
                if ok {
                    events.extend(turn.finish().0);
                }
                (
                    ok,
                    ScriptStep::Human {
                        seat: Seat(0),
                        mv: serde_json::to_value(&mv).unwrap_or(Value::Null),
                    },
                )
            }
        };
        if !ok {
            break;
        }
        st = next;
        pos = chance.position();
        steps.push(step);
    }
    (steps, st, events)
}

/// Every ending with its script, for a test that replays them all.
pub fn all_scripts() -> Vec<(Ending, Script)> {
    [
        Ending::GreekPoints,
        Ending::PersianPoints,
        Ending::PersianInstant,
        Ending::GreekRetreat,
    ]
    .into_iter()
    .map(|e| (e, scripted_game(e)))
    .collect()
}

/// The script that reaches `ending`.
pub fn scripted_game(ending: Ending) -> Script {
    let options = Options::default();
    let (seed, policy) = seeds(ending);
    let (steps, _, _) = run_policy(&options, seed, policy);
    Script {
        options,
        seed,
        steps,
    }
}
