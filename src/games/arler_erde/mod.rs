//! Arler Erde (Fields of Arle), the alternative solo variant against VIM,
//! the virtual player (virtueller Mitspieler) who blocks action spaces and
//! takes buildings out of the game. Spec: `rules/arler-erde.md`.
//!
//! Table dice: a `bot-turn` request may carry the dice VIM needs (2, plus 4
//! when it lands on a building space). With `dice = "table"` a missing die
//! answers `need_dice` with the count still missing; the client may instead
//! send the dice beforehand with the human move `enter_dice`, which accepts
//! exactly the count the coming VIM turn still needs (ARLE-GEN-6). Table
//! dice a VIM turn does not use are refused (ARLE-GEN-6), so the dice typed
//! in always match the log.
//!
//! Decisions where the spec is silent: with table dice and no `display`
//! the server still deals the display (a deal is a shuffle, not a die);
//! `report_score` may be repeated to correct the score; green slots accept
//! starter and dark-green houses alike; a custom board's Laborer (for
//! ARLE-HUM-5) is the space with id `laborer`.

mod bot;
mod data;
mod rules;
mod setup;
mod state;
mod view;

use std::collections::BTreeMap;

use crate::engine::legacy::{Dice, Game, Next, RuleError, Seat, SeatInfo, Step};

pub use data::{Season, Side};
pub use rules::Move;
pub use state::{Options, State};

/// The game `arler-erde`.
pub struct ArlerErde;

impl Game for ArlerErde {
    const ID: &'static str = "arler-erde";
    const TITLE: &'static str = "Arler Erde — solo variant against VIM";
    type Options = Options;
    type State = State;
    type Move = Move;

    fn seats(_options: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("human", "Player"),
            SeatInfo::bot("vim", "VIM"),
        ]
    }

    fn start(options: &Options, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (state, events) = setup::start(options, dice)?;
        Ok(Step::new(state, events))
    }

    fn play(
        state: &State,
        seat: Seat,
        mv: &Move,
        _dice: &mut Dice,
    ) -> Result<Step<State>, RuleError> {
        if seat != Seat(0) {
            return Err(RuleError::out_of_turn(
                "ARLE-TURN-1",
                "VIM's seat is played by the server",
            ));
        }
        let (state, events) = rules::play(state, mv)?;
        Ok(Step::new(state, events))
    }

    fn bot_turn(state: &State, dice: &mut Dice) -> Result<Step<State>, RuleError> {
        let (state, events) = bot::vim_turn(state, dice)?;
        Ok(Step::new(state, events))
    }

    fn next(s: &State) -> Next {
        match s.to_place {
            _ if s.finished => {
                let mut scores = BTreeMap::new();
                scores.insert("human".to_string(), s.reported_score);
                Next::Finished {
                    scores,
                    winner: None,
                    summary: format!(
                        "Nine half-years played. VIM removed {} buildings, the human reported {}; {} (ARLE-END-3, ARLE-END-4).",
                        s.removed_by_vim.len(),
                        s.built_by_human.len(),
                        match s.reported_score {
                            Some(p) => format!("final score {p}"),
                            None => "score it at the table and report it with report_score".to_string(),
                        }
                    ),
                }
            }
            Some(Side::Vim) => {
                let need = bot::dice_needed(s);
                Next::Bot {
                    prompt: if s.dice_mode == state::DiceMode::Table {
                        format!(
                            "Half-year {} ({}): VIM places worker {} of 4. Roll its 2 dice at the table and send them with the bot-turn request ({} still needed; 4 more follow if VIM lands on a building space).",
                            s.half_year,
                            s.season.name(),
                            5 - s.workers_left.vim,
                            need
                        )
                    } else {
                        format!(
                            "Half-year {} ({}): VIM places worker {} of 4.",
                            s.half_year,
                            s.season.name(),
                            5 - s.workers_left.vim
                        )
                    },
                }
            }
            _ => Next::Human {
                seats: vec![Seat(0)],
                prompt: format!(
                    "Half-year {} ({}): place worker {} of 4{}.",
                    s.half_year,
                    s.season.name(),
                    5 - s.workers_left.human,
                    if s.off_season_used_by.is_none() {
                        "; the off-season placement is still free"
                    } else {
                        ""
                    }
                ),
            },
        }
    }

    type View<'a> = view::View<'a>;

    fn view(state: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(state, seat)
    }

    fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
        if seat != Seat(0) {
            return Vec::new();
        }
        if s.finished {
            return vec![Move::ReportScore { points: 0 }];
        }
        let mut out = rules::legal_placements(s);
        for slot in &s.display {
            if let Some(b) = &slot.building {
                out.push(Move::ReportBuilding {
                    building: b.clone(),
                });
            }
        }
        let need = bot::dice_needed(s);
        if s.dice_mode == state::DiceMode::Table && need > 0 {
            out.push(Move::EnterDice {
                values: vec![6; need],
            });
        }
        out
    }
}

#[cfg(test)]
mod examples_tests;
#[cfg(test)]
mod testkit;
#[cfg(test)]
mod tests;
