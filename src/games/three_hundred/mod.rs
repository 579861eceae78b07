//! three-hundred: 300: Erde & Wasser, the Greeks (human) against PERSS.KI (solo mode by Arié Zarka).
//! Spec: `rules/three-hundred.md` (rule prefix T300); seed `seeds/001_d08068533accd9cc.txt`.
//!
//! Layout: `data` (map, priority lists, cards), `state` (the table), `rules` (Greek moves),
//! `battle` (dice, losses, retreats, reactions), `bot` (PERSS.KI preparation and turns),
//! `flow` (turn ends, supply, scoring), `legal`, `view`, `scenarios` (replayable whole games).
//!
//! Engine decisions where the spec leaves room (each also in the doc comment where it is made):
//! - Decisions of the human inside a Persian turn (reaction, retreat, discard) are answered with a
//!   move; the rest of the Persian turn (further battle rounds, step 4) runs inside that move, so
//!   no `bot_resume` is needed. Supply and scoring run automatically when operations end.
//! - Dice typed in at the table are the server's session option (`Dice::set_table_only`): a roll
//!   without enough table dice fails the whole request with `need_dice` and changes nothing.
//! - `play_event` card 3 takes `port` (or `city`); `fleets` is a number (card 13) or a map
//!   `{port: n}` (card 14).
//! - A naval defender's retreat, like the land defender's sea retreat, may not enter a port with a
//!   Persian fleet (T300-BAT-5).
//! - Miltiades in a Greek attack is offered through `move_land {miltiades: true}` only.
//!
//! The seed and the spec do not contradict each other anywhere this engine could find.

pub mod battle;
pub mod bot;
pub mod data;
pub mod flow;
pub mod legal;
pub mod rules;
pub mod scenarios;
pub mod state;
pub mod view;

#[cfg(test)]
mod tests;

use serde_json::json;
use std::collections::BTreeMap;

use crate::engine::legacy::{Dice, Event, Game, Next, RuleError, Seat, SeatInfo, Step};
use data::{City, Side};
pub use rules::Move;
pub use state::{Options, State};
use state::{Outcome, Phase, Portraits, Units};

pub struct ThreeHundred;

/// The starting table of the solo game (T300-SET-1..6).
pub fn setup(options: &Options, dice: &mut Dice) -> (State, Vec<Event>) {
    let mut units = BTreeMap::new();
    for c in data::CITIES {
        units.insert(c, Units::default());
    }
    let mut st = State {
        options: options.clone(),
        campaign: 3,
        score: 2,
        phase: Phase::PersianPrep,
        units,
        bridge: true,
        portraits: Portraits {
            darius: true,
            xerxes: true,
            ..Portraits::default()
        },
        greek_stock_armies: 6,
        greek_stock_fleets: 3,
        persian_armies_placed: 8,
        persian_fleets_placed: 4,
        deck: (1..=16).collect(),
        discard: vec![],
        hand_greeks: vec![],
        hand_persians: vec![],
        talents: 0,
        fleets_raised: 0,
        mines: false,
        to_act: Side::Persians,
        last_pass: None,
        persian_done: false,
        battle: None,
        pending: None,
        winner: None,
        summary: String::new(),
        bridge_check: false,
        persian_discard_unknown: false,
    };
    for c in [City::Athenai, City::Sparta, City::Korinthos] {
        st.um(c).ga = 1;
    }
    st.um(City::Athenai).gf = 1;
    st.um(City::Sparta).gf = 1;
    for c in [City::Abydos, City::Ephesos] {
        st.um(c).pa = 3;
        st.um(c).pf = 2;
    }
    if options.deck == state::DeckMode::Table {
        st.deck = vec![state::UNKNOWN; 16];
    } else {
        let mut deck = std::mem::take(&mut st.deck);
        dice.shuffle(&mut deck);
        st.deck = deck;
    }
    let ev = vec![Event::new(
        "setup",
        "T300-SET-1",
        "Solo setup: campaign 3, score marker on Persian 2; Greeks in Athenai, Sparta, Korinthos; Persians with 3 armies and 2 fleets in Abydos and Ephesos; the bridge stands; the 16 cards are shuffled.",
    )
    .data(json!({"campaign": 3, "score": 2}))];
    (st, ev)
}

impl Game for ThreeHundred {
    const ID: &'static str = "three-hundred";
    const TITLE: &'static str = "300: Earth & Water — solo against PERSS.KI";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn seats(_options: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("greeks", "The Greeks"),
            SeatInfo::bot("persians", "PERSS.KI (Persians)"),
        ]
    }

    fn start(options: &Options, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (st, ev) = setup(options, dice);
        Ok(Step::new(st, ev))
    }

    fn play(
        state: &State,
        seat: Seat,
        mv: &Move,
        dice: &mut Dice,
    ) -> Result<Step<State>, RuleError> {
        if state.is_finished() {
            return Err(RuleError::out_of_turn("T300-SCO-3", "the game is over"));
        }
        if seat != Seat(0) {
            return Err(RuleError::out_of_turn(
                "T300-GEN-1",
                "only the Greek seat sends moves; PERSS.KI plays through bot turns",
            ));
        }
        if !matches!(Self::next(state), Next::Human { .. }) {
            return Err(RuleError::out_of_turn(
                "T300-SEQ-3",
                "it is PERSS.KI's turn (bot-turn)",
            ));
        }
        let mut st = state.clone();
        let mut ev = Vec::new();
        rules::apply(&mut st, mv, &mut ev, dice)?;
        Ok(Step::new(st, ev))
    }

    fn bot_turn(state: &State, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        if !matches!(Self::next(state), Next::Bot { .. }) {
            return Err(RuleError::out_of_turn(
                "T300-SEQ-3",
                "it is not PERSS.KI's turn",
            ));
        }
        let mut st = state.clone();
        let mut ev = Vec::new();
        match st.phase {
            Phase::PersianPrep => bot::preparation(&mut st, &mut ev, dice)?,
            Phase::Operations => bot::operations_turn(&mut st, &mut ev, dice)?,
            Phase::GreekSupply => flow::greek_cards(&mut st, &mut ev, dice)?,
            _ => {
                return Err(RuleError::out_of_turn(
                    "T300-SEQ-3",
                    "it is not PERSS.KI's turn",
                ))
            }
        }
        Ok(Step::new(st, ev))
    }

    fn next(st: &State) -> Next {
        if st.is_finished() {
            let scores = BTreeMap::from([
                ("greeks".to_string(), Some(-(st.score as i64))),
                ("persians".to_string(), Some(st.score as i64)),
            ]);
            let winner = match st.winner {
                Some(Outcome::Greeks) => Some("greeks".to_string()),
                Some(Outcome::Persians) => Some("persians".to_string()),
                _ => None,
            };
            return Next::Finished {
                scores,
                winner,
                summary: st.summary.clone(),
            };
        }
        let human = |prompt: String| Next::Human {
            seats: vec![Seat(0)],
            prompt,
        };
        if let Some(p) = &st.pending {
            return human(rules::pending_prompt(p));
        }
        match st.phase {
            Phase::PersianPrep => Next::Bot {
                prompt: format!("PERSS.KI prepares campaign {}", st.campaign),
            },
            Phase::GreekBuy => human(format!(
                "Greek preparation: buy cards with your {} talents (buy_cards)",
                st.talents
            )),
            Phase::GreekRaise => human(format!(
                "Greek preparation: raise units with {} talents (raise)",
                st.talents
            )),
            Phase::Operations if st.to_act == Side::Greeks => {
                human("your operations turn: play a card or pass".into())
            }
            Phase::Operations => Next::Bot {
                prompt: "PERSS.KI's operations turn".into(),
            },
            Phase::GreekSupply => Next::Bot {
                prompt: "supply continues".into(),
            },
            Phase::Finished => Next::Bot {
                prompt: String::new(),
            },
        }
    }

    type View<'a> = view::View<'a>;

    fn view(state: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(state, seat)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Move> {
        if seat != Seat(0) || !matches!(Self::next(state), Next::Human { .. }) {
            return vec![];
        }
        legal::legal_moves(state)
    }
}
