//! Turn order and rounds (TMA-TURN-*, TMA-RND-*), and who acts now (TMA-TURN-5).

use serde_json::json;

use crate::engine::legacy::Event;

use super::data::{house_tile_cult, tile_spade_track};
use super::state::*;

/// After a player's turn or pass: next unpassed seat in seat order, or the round end (TMA-TURN-1/2).
pub fn end_turn(st: &mut State, ev: &mut Vec<Event>) {
    if st.phase != Phase::Actions {
        return;
    }
    let n = st.n_seats();
    if st.passed.len() >= n {
        round_end(st, ev);
        return;
    }
    let mut s = st.to_move;
    for _ in 0..n {
        s = (s + 1) % n;
        if !st.passed.contains(&s) {
            break;
        }
    }
    st.to_move = s;
}

/// End of round (TMA-RND-1/2).
pub fn round_end(st: &mut State, ev: &mut Vec<Event>) {
    if st.round >= 6 {
        st.phase = Phase::FinalReports;
        ev.push(Event::new(
            "game_end",
            "TMA-RND-2",
            "Round 6 is over: no cult bonus. Each human now sends a final report.",
        ));
        return;
    }
    let tile = st.tile().cloned();
    let n = st.n_seats();
    let mut asked = Vec::new();
    for k in 0..n {
        let s = (st.start_player + k) % n;
        if s >= st.n_humans {
            continue;
        }
        let Some(t) = &tile else { continue };
        let spades = if t.id.starts_with("MS") {
            Some(None)
        } else {
            tile_spade_track(&t.id).and_then(|tr| {
                let k = st.cult[s][tr.idx()] / 4;
                if k > 0 {
                    Some(Some(k))
                } else {
                    None
                }
            })
        };
        if let Some(sp) = spades {
            st.pending.push(Decision::CultBonusTransforms {
                seat: s,
                spades: sp,
            });
            asked.push(st.seat_id(s));
        }
    }
    for p in st.power_actions.iter_mut() {
        *p = None;
    }
    for rc in st.bonus_row.iter_mut() {
        rc.coins += 1;
    }
    let old = st.round;
    st.round += 1;
    st.passed.clear();
    st.automa.drew_this_round = false;
    st.to_move = st.start_player;
    let _ = house_tile_cult;
    ev.push(
        Event::new(
            "round_end",
            "TMA-RND-1",
            format!(
                "Round {old} ends: power actions are uncovered, 1 coin goes on each bonus card in the row, tile {} leaves the game. Round {} begins with {}.{}",
                tile.as_ref().map(|t| t.id.as_str()).unwrap_or("?"),
                st.round,
                st.seat_id(st.start_player),
                if asked.is_empty() { String::new() } else { format!(" Cult-bonus transforms owed by {}.", asked.join(", ")) }
            ),
        )
        .data(json!({"round": old, "next_round": st.round, "start_player": st.seat_id(st.start_player), "cult_bonus": asked})),
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

/// After setup: 1 coin on each row card (TMA-SET-15) and round 1 starts with the first human (TMA-TURN-3).
pub fn begin_round_one(st: &mut State, ev: &mut Vec<Event>) {
    for rc in st.bonus_row.iter_mut() {
        rc.coins = 1;
    }
    st.phase = Phase::Actions;
    st.round = 1;
    st.start_player = 0;
    st.to_move = 0;
    ev.push(Event::new(
        "round_start",
        "TMA-TURN-3",
        format!("Round 1 begins; {} has the first turn.", st.seat_id(0)),
    ));
}
