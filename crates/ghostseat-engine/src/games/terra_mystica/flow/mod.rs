//! Turn order and rounds (TMA-TURN-*, TMA-RND-*), and who acts now and on
//! what (TMA-TURN-5).

pub mod setup;

use std::collections::BTreeMap;

use crate::engine::{Next, Seat, Turn};

use super::data::tile_spade_track;
use super::events::{CardRole, Decision, Event};
use super::state::*;

/// After a player's turn or pass: next unpassed seat in seat order, or the
/// round end (TMA-TURN-1/2).
pub fn end_turn(st: &mut State, t: &mut Turn<'_, Event>) {
    st.turn_steps = 0;
    if st.phase != Phase::Actions {
        return;
    }
    let n = st.n_seats();
    if st.passed.len() >= n {
        round_end(st, t);
        return;
    }
    let mut s = st.to_move;
    for _ in 0..n {
        s = st.seat_after(s);
        if !st.passed.contains(&s) {
            break;
        }
    }
    st.to_move = s;
}

/// End of round (TMA-RND-1/2).
pub fn round_end(st: &mut State, t: &mut Turn<'_, Event>) {
    if st.round >= 6 {
        st.phase = Phase::FinalReports;
        t.emit("TMA-RND-2", Event::LastRoundOver);
        return;
    }
    let tile = st.tile().cloned();
    let n = st.n_seats();
    let mut asked = Vec::new();
    for k in 0..n {
        let s = Seat(((st.start_player.index() + k) % n) as u8);
        if !st.is_human(s) {
            continue;
        }
        let Some(tl) = &tile else { continue };
        let spades = if tl.id.as_str().starts_with("MS") {
            Some(None)
        } else {
            tile_spade_track(&tl.id).and_then(|tr| {
                let k = st.cult[s][tr.idx()] / 4;
                (k > 0).then_some(Some(k))
            })
        };
        if let Some(sp) = spades {
            st.pending.push(Pending::CultBonusTransforms {
                seat: s,
                spades: sp,
            });
            asked.push(s);
        }
    }
    for p in st.power_actions.iter_mut() {
        p.1 = None;
    }
    for rc in st.bonus_row.iter_mut() {
        rc.coins += 1;
    }
    let old = st.round;
    st.round += 1;
    st.passed.clear();
    st.automa.drew_this_round = false;
    st.to_move = st.start_player;
    t.emit(
        "TMA-RND-1",
        Event::RoundEnded {
            round: old,
            tile: tile.map(|x| x.id).unwrap_or_default(),
            next_round: st.round,
            start_player: st.start_player,
            cult_bonus: asked,
        },
    );
    if !st.pending.is_empty() {
        st.phase = Phase::RoundEnd;
    }
}

/// After a pending decision is answered.
pub fn decision_done(st: &mut State) {
    if st.pending.is_empty() && st.phase == Phase::RoundEnd {
        st.phase = Phase::Actions;
    }
}

/// After setup: 1 coin on each row card (TMA-SET-15) and round 1 starts
/// with the first human (TMA-TURN-3).
pub fn begin_round_one(st: &mut State, t: &mut Turn<'_, Event>) {
    for rc in st.bonus_row.iter_mut() {
        rc.coins = 1;
    }
    st.phase = Phase::Actions;
    st.round = 1;
    st.start_player = Seat(0);
    st.to_move = Seat(0);
    t.emit(
        "TMA-TURN-3",
        Event::RoundStarted {
            round: 1,
            start_player: Seat(0),
        },
    );
}

/// Seats that must move now (TMA-TURN-5).
pub fn seats_to_move(st: &State) -> Vec<Seat> {
    if let Some(d) = st.pending.first() {
        return vec![d.seat()];
    }
    match st.phase {
        Phase::Setup => match st.setup.first() {
            Some(SetupStep::HumanDwelling { seat }) | Some(SetupStep::HumanBonus { seat }) => {
                vec![*seat]
            }
            _ => vec![],
        },
        Phase::Actions if st.is_human(st.to_move) && st.automa.suspended.is_none() => {
            vec![st.to_move]
        }
        Phase::FinalReports => st
            .human_seats()
            .filter(|h| st.human(*h).is_some_and(|h| !h.final_reported))
            .collect(),
        _ => vec![],
    }
}

/// The dwellings a human has placed at setup so far.
fn placed(st: &State, s: Seat) -> u8 {
    st.on_map(s, super::data::Kind::Dwelling) as u8
}

/// Who acts now and what is asked (TMA-TURN-5).
pub fn next(st: &State) -> Next<Decision> {
    if st.phase == Phase::Finished {
        let scores: BTreeMap<String, Option<i64>> = st
            .final_scores
            .iter()
            .map(|f| (seat_id(st, f.seat), Some(f.total)))
            .collect();
        let best = st.final_scores.iter().map(|f| f.total).max().unwrap_or(0);
        let winners: Vec<Seat> = st
            .final_scores
            .iter()
            .filter(|f| f.total == best)
            .map(|f| f.seat)
            .collect();
        return Next::Finished {
            winner: (winners.len() == 1).then(|| seat_id(st, winners[0])),
            scores,
            decision: Decision::GameOver { winners, vp: best },
        };
    }
    if let Some(p) = st.pending.first() {
        return Next::Human {
            seats: vec![p.seat()],
            decision: pending_decision(st, p),
        };
    }
    let table = st.is_table();
    match st.phase {
        Phase::Setup => match st.setup.first().copied() {
            Some(SetupStep::HumanDwelling { seat: s }) => Next::Human {
                seats: vec![s],
                decision: Decision::PlaceInitialDwelling {
                    seat: s,
                    terrain: st.humans[s].home,
                    number: placed(st, s) + 1,
                    of: st.humans[s].initial_dwellings,
                },
            },
            Some(SetupStep::HumanBonus { seat: s }) => Next::Human {
                seats: vec![s],
                decision: Decision::ChooseBonusCard { seat: s },
            },
            Some(SetupStep::AutomaDwellings) => Next::Bot {
                decision: Decision::AutomaInitialDwellings {
                    card_from_table: table,
                },
            },
            _ => Next::Bot {
                decision: Decision::AutomaBonusCard,
            },
        },
        Phase::FinalReports => {
            let seats: Vec<Seat> = seats_to_move(st);
            Next::Human {
                seats: seats.clone(),
                decision: Decision::FinalReports { seats },
            }
        }
        _ if st.is_human(st.to_move) && st.automa.suspended.is_none() => Next::Human {
            seats: vec![st.to_move],
            decision: Decision::TakeTurn {
                seat: st.to_move,
                round: st.round,
                steps_taken: st.turn_steps,
            },
        },
        _ => {
            let resumes = st.automa.suspended.is_some();
            let first = !st.automa.drew_this_round;
            let turn_over = if resumes {
                vec![]
            } else if first {
                if st.deck_len() >= 2 {
                    vec![CardRole::Support, CardRole::Action]
                } else {
                    vec![]
                }
            } else if st.deck_len() > 0 {
                vec![CardRole::Action]
            } else {
                vec![]
            };
            Next::Bot {
                decision: Decision::AutomaTurn {
                    round: st.round,
                    first_of_round: first && !resumes,
                    resumes,
                    turn_over,
                    card_from_table: table,
                },
            }
        }
    }
}

/// The decision a pending item asks.
pub fn pending_decision(st: &State, p: &Pending) -> Decision {
    match *p {
        Pending::CultistCultStep { seat: s, card } => Decision::CultistCultStep { seat: s, card },
        Pending::CultBonusTransforms { seat: s, spades } => Decision::CultBonusTransforms {
            seat: s,
            round: st.round.saturating_sub(1).max(1),
            spades,
        },
        Pending::PowerGainReport { seat: s, offered } => {
            Decision::PowerGainReport { seat: s, offered }
        }
    }
}

/// The seat id of the API (`human0`, `human1`, `automa`).
pub fn seat_id(st: &State, s: Seat) -> String {
    match st.human(s) {
        Some(h) => format!("human{}", h.opt),
        None => "automa".into(),
    }
}
