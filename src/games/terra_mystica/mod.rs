//! Terra Mystica with Automa (solo, and two humans with Automa), spec
//! `shared/rules/terra-mystica.md` (rule prefix TMA), seed
//! `shared/seeds/004_8a9d0af3b8406f1f.txt`. The server models the board and
//! resolves every Automa turn to one concrete result; the humans' resources
//! stay at the table.
//!
//! Module map: `data` (cards, difficulty, factions, tiles), `maps` + `board`
//! (geometry, river range, path distance, networks), `setup`, `deck` (Automa's
//! piles in server and physical-table mode), `select` (selection methods),
//! `actions` (Automa's actions and faction actions), `automa` (her turn and
//! pass), `flow` (turn order, round end), `rules` + `rules_legal` (human
//! moves), `scoring`, `view`.
//!
//! Decisions where the spec leaves the shape open:
//! - Physical-table mode (TMA-GEN-12): the engine's bot turn receives no body,
//!   so the cards the table turns over are sent as *table dice* with 16 faces;
//!   the face is the card's number (\*1–\*5 = 1–5, 6–13 as printed,
//!   \*2-mots = 14, \*4-mots = 15, mots-special = 16). The Cultists' card is
//!   the `cultist_card` field of the build/upgrade step, as the spec says.
//! - `automa_pass` reports how many cards are rotated, not their ids (they lie
//!   face down at the table), and only whether a reserve card was added.

pub mod actions;
pub mod automa;
pub mod board;
pub mod data;
pub mod deck;
pub mod flow;
pub mod maps;
pub mod rules;
pub mod scoring;
pub mod select;
pub mod setup;
pub mod state;
pub mod view;

#[cfg(test)]
mod automa_tests;
#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod examples_tests;
#[cfg(test)]
mod human_tests;
#[cfg(test)]
mod random_tests;
#[cfg(test)]
mod setup_tests;
#[cfg(test)]
mod test_util;

use std::collections::BTreeMap;

use crate::engine::legacy::{Dice, Game, Next, RuleError, Seat, SeatInfo, Step};

pub use rules::Move;
pub use state::{Options, State};

use state::{Phase, SetupStep};

pub struct TerraMystica;

impl Game for TerraMystica {
    const ID: &'static str = "terra-mystica";
    const TITLE: &'static str = "Terra Mystica — Automa";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn seats(o: &Options) -> Vec<SeatInfo> {
        let n = usize::from(o.humans.clamp(1, 2));
        let order: Vec<usize> = if n == 2 {
            vec![
                usize::from(o.first_human.min(1)),
                1 - usize::from(o.first_human.min(1)),
            ]
        } else {
            vec![0]
        };
        let mut v: Vec<SeatInfo> = order
            .iter()
            .map(|i| SeatInfo::human(&format!("human{i}"), &format!("Human {}", i + 1)))
            .collect();
        v.push(SeatInfo::bot("automa", "Automa"));
        v
    }

    fn start(o: &Options, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (st, ev) = setup::start(o, dice)?;
        Ok(Step::new(st, ev))
    }

    fn play(st: &State, seat: Seat, mv: &Move, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (s, ev) = rules::play(st, usize::from(seat.0), mv, dice)?;
        Ok(Step::new(s, ev))
    }

    fn bot_turn(st0: &State, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let mut st = st0.clone();
        let mut ev = Vec::new();
        if deck::is_table(&st) {
            // TMA-GEN-12: the engine draws nothing; cards come from the table.
            dice.set_table_only(true);
        }
        if !st.pending.is_empty() {
            return Err(RuleError::out_of_turn(
                "TMA-TURN-5",
                "a human decision is open",
            ));
        }
        match st.phase {
            Phase::Setup => match st.setup.first().copied() {
                Some(step @ (SetupStep::AutomaDwellings | SetupStep::AutomaBonus)) => {
                    automa::setup_step(&mut st, step, dice, &mut ev)?;
                    st.setup.remove(0);
                    if st.setup.is_empty() {
                        flow::begin_round_one(&mut st, &mut ev);
                    }
                }
                _ => return Err(RuleError::out_of_turn("TMA-TURN-5", "a human places now")),
            },
            Phase::Actions if st.to_move == st.automa_seat() => {
                automa::action_turn(&mut st, dice, &mut ev)?
            }
            _ => {
                return Err(RuleError::out_of_turn(
                    "TMA-TURN-5",
                    "it is not Automa's turn",
                ))
            }
        }
        Ok(Step::new(st, ev))
    }

    fn next(st: &State) -> Next {
        if st.phase == Phase::Finished {
            let scores: BTreeMap<String, Option<i64>> = st
                .final_scores
                .iter()
                .map(|f| (f.seat.clone(), Some(f.total)))
                .collect();
            let best = st.final_scores.iter().map(|f| f.total).max().unwrap_or(0);
            let winners: Vec<&str> = st
                .final_scores
                .iter()
                .filter(|f| f.total == best)
                .map(|f| f.seat.as_str())
                .collect();
            return Next::Finished {
                winner: if winners.len() == 1 {
                    Some(winners[0].to_string())
                } else {
                    None
                },
                summary: if winners.len() == 1 {
                    format!("{} wins with {best} VP.", winners[0])
                } else {
                    format!(
                        "{} share the victory with {best} VP (TMA-END-6).",
                        winners.join(" and ")
                    )
                },
                scores,
            };
        }
        let seats = rules::seats_to_move(st);
        if !seats.is_empty() {
            let prompt = match (st.pending.first(), st.phase) {
                (Some(d), _) => format!("{} must answer: {:?}", st.seat_id(d.seat()), d),
                (None, Phase::Setup) => format!(
                    "{}: setup step {:?}",
                    st.seat_id(seats[0]),
                    st.setup.first()
                ),
                (None, Phase::FinalReports) => "final reports (resource scoring)".to_string(),
                _ => format!("round {}: {} to move", st.round, st.seat_id(seats[0])),
            };
            return Next::Human {
                seats: seats.into_iter().map(|s| Seat(s as u8)).collect(),
                prompt,
            };
        }
        Next::Bot {
            prompt: format!("Automa's turn (round {})", st.round),
        }
    }

    type View<'a> = view::View<'a>;

    fn view(st: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(st, seat.map(|s| usize::from(s.0)))
    }

    fn legal_moves(st: &State, seat: Seat) -> Vec<Move> {
        rules_legal::legal_moves(st, usize::from(seat.0))
    }
}

mod rules_legal;
