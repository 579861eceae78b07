//! Turn order and phases of catan-shadow: set-up with the removal, real
//! turns on the core's table, and a fictive turn after every real turn
//! (CSW-SETUP-1, CSW-TURN-3, CSW-FIC-1, CSW-AUC-11).

use std::collections::BTreeMap;

use super::events::{Decision, Event};
use super::options::{FictiveSevenRemoved, Options};
use super::removal;
use super::state::{FictiveStage, FictiveTurn, Stage, State};
use crate::engine::{Next, RuleError, Seat, Turn};
use crate::games::catan::board::{other, SEATS};
use crate::games::catan::layout::lay_out;
use crate::games::catan::table::{Hooks, Phase, RobberPolicy, Table};
use crate::games::catan::{Colour, Resource};

/// The robber policies of catan-shadow by cause (CSW-ROB-1..-3, CSW-FIC-5..-7).
pub fn hooks(o: &Options) -> Hooks {
    Hooks {
        // CSW-ROB-1: a rolled robber may also use a removed hex.
        seven: RobberPolicy {
            removed_allowed: true,
            ..RobberPolicy::default()
        },
        // CSW-ROB-3: a knight only with knight_to_removed_hex.
        knight: RobberPolicy {
            removed_allowed: o.knight_to_removed_hex,
            refused_rule: "CSW-ROB-3",
            ..RobberPolicy::default()
        },
        // CSW-FIC-5..-7: the chooser moves it; the card goes to the bank.
        fictive: RobberPolicy {
            removed_allowed: o.fictive_seven_removed_hex != FictiveSevenRemoved::Forbidden,
            refused_rule: "CSW-FIC-6",
            moved_rule: "CSW-FIC-5",
            theft_rule: "CSW-FIC-7",
            to_bank: true,
        },
    }
}

/// Sets up the table (CSW-SETUP-1): the island, robber, bank and deck;
/// the removal follows in bot turns.
pub fn start(o: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
    let board = lay_out::<_, Resource, _>(&o.layout_options(), turn, false)?;
    let table = Table::new(board, o.base(), turn);
    turn.emit("CSW-GEN-1", Event::FictivePlayers);
    Ok(State {
        options: o.clone(),
        stage: Stage::Removal,
        table,
        removal: Default::default(),
        fictive: None,
    })
}

/// The removal is decided: take the land out and find the first player
/// (CSW-SETUP-1, CAT-SETUP-4).
pub fn finish_setup(st: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    removal::apply(&mut st.table.board, &mut st.removal, turn);
    let fp = st.options.first_player;
    st.table.choose_first_player(fp, turn)?;
    st.stage = Stage::Play;
    Ok(())
}

/// After a real `end_turn`: the runner's fictive turn follows (CSW-TURN-3,
/// CSW-FIC-1, CSW-GEN-3).
pub fn start_fictive(st: &mut State, runner: Seat, turn: &mut Turn<'_, Event>) {
    let fictive = if runner == st.table.first_player {
        Colour::F1
    } else {
        Colour::F2
    };
    turn.emit("CSW-FIC-1", Event::FictiveTurnStarts { fictive, runner });
    st.fictive = Some(FictiveTurn {
        fictive,
        runner,
        stage: FictiveStage::Roll,
        roll: None,
        chooser: None,
        offer_die: None,
        offer: None,
        auction: None,
    });
}

/// CSW-AUC-11: the fictive turn ends; the other real seat starts its turn.
pub fn end_fictive(table: &mut Table, ft: &FictiveTurn, turn: &mut Turn<'_, Event>) {
    let next = other(ft.runner);
    turn.emit(
        "CSW-AUC-11",
        Event::FictiveTurnEnd {
            fictive: ft.fictive,
            next,
        },
    );
    table.begin_turn(next, turn);
}

/// The human seat a fictive turn waits for, if any.
pub fn fictive_seat(ft: &FictiveTurn, table: &Table) -> Option<Seat> {
    match ft.stage {
        FictiveStage::Discards | FictiveStage::Robber => table.pending.first().map(|p| p.seat()),
        FictiveStage::Auction => ft.auction.as_ref().map(|a| a.to_act),
        _ => None,
    }
}

/// Who acts now, and what is being decided.
pub fn next(s: &State) -> Next<Decision> {
    let t = &s.table;
    if t.phase == Phase::Finished {
        let scores: BTreeMap<String, Option<i64>> = SEATS
            .iter()
            .map(|seat| {
                (
                    Colour::of_seat(*seat).id().to_string(),
                    Some(i64::from(t.total_vp(*seat))),
                )
            })
            .collect();
        return Next::Finished {
            scores,
            winner: t.winner.map(|w| Colour::of_seat(w).id().to_string()),
            decision: Decision::GameOver {
                winner: t.winner,
                scores: SEATS.iter().map(|x| t.score_line(*x)).collect(),
            },
        };
    }
    match s.stage {
        Stage::Removal => {
            return Next::Bot {
                decision: Decision::RollRemoval,
            }
        }
        Stage::RemovalDecided { reroll } => {
            return Next::Bot {
                decision: Decision::DecideRemoval { reroll },
            }
        }
        Stage::RemovalVote { seat } => {
            return Next::Human {
                seats: vec![seat],
                decision: Decision::RemovalVote {
                    seat,
                    red_tokens: s
                        .removal
                        .rolls
                        .last()
                        .map(|r| r.red_tokens_lost)
                        .unwrap_or(0),
                },
            }
        }
        Stage::Play => {}
    }
    if let Some(ft) = &s.fictive {
        return match fictive_seat(ft, t) {
            Some(seat) => {
                let decision = match (&ft.auction, ft.stage) {
                    (Some(a), super::state::FictiveStage::Auction) if !a.bidding => {
                        Decision::AuctionEnter {
                            seat,
                            resource: a.resource,
                        }
                    }
                    (Some(a), super::state::FictiveStage::Auction) => Decision::AuctionRaise {
                        seat,
                        resource: a.resource,
                        mine: a.offer(seat).total(),
                        theirs: a.offer(other(seat)).total(),
                    },
                    _ => match t.decision() {
                        Some(d) => Decision::Table(d),
                        None => Decision::FictiveTurn {
                            fictive: ft.fictive,
                            runner: ft.runner,
                            stage: ft.stage,
                        },
                    },
                };
                Next::Human {
                    seats: vec![seat],
                    decision,
                }
            }
            None => Next::Bot {
                decision: Decision::FictiveTurn {
                    fictive: ft.fictive,
                    runner: ft.runner,
                    stage: ft.stage,
                },
            },
        };
    }
    match (t.expected_seat(), t.decision()) {
        (Some(seat), Some(d)) => Next::Human {
            seats: vec![seat],
            decision: Decision::Table(d),
        },
        _ => Next::Bot {
            decision: Decision::RollRemoval,
        },
    }
}
