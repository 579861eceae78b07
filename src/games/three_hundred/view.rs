//! What a seat may see: the whole board; the Greek hand only for the Greeks; PERSS.KI's hand and
//! the draw order only as counts.

use serde_json::{json, Value};

use super::battle;
use super::data::{card_name, CITIES};
use super::flow;
use super::rules::pending_prompt;
use super::state::State;
use crate::engine::Seat;

pub fn view(st: &State, seat: Option<Seat>) -> Value {
    let cities: Vec<Value> = CITIES
        .iter()
        .map(|&c| {
            let u = st.u(c);
            json!({
                "city": c, "name": c.name(), "port": c.has_port(), "amphorae": c.amphorae(),
                "points": c.points(), "major_of": c.major_of(), "roads": c.roads(st.bridge),
                "greek_armies": u.ga, "persian_armies": u.pa, "greek_fleets": u.gf, "persian_fleets": u.pf,
                "controller": st.controller(c),
            })
        })
        .collect();
    let is_greek = seat == Some(Seat(0));
    json!({
        "campaign": st.campaign,
        "score": st.score,
        "score_side": if st.score > 0 { "persians" } else if st.score < 0 { "greeks" } else { "even" },
        "phase": st.phase,
        "to_act": st.to_act,
        "cities": cities,
        "bridge": st.bridge,
        "portraits": st.portraits,
        "greek_stock": {"armies": st.greek_stock_armies, "fleets": st.greek_stock_fleets},
        "persian_placed": {"armies": st.persian_armies_placed, "fleets": st.persian_fleets_placed},
        "deck_size": st.deck.len(),
        "discard": st.discard,
        "discard_top": st.discard.last().map(|&c| json!({"card": c, "name": card_name(c)})),
        "hand": if is_greek { json!(st.hand_greeks.iter().map(|&c| json!({"card": c, "name": card_name(c)})).collect::<Vec<_>>()) } else { Value::Null },
        "greek_hand_size": st.hand_greeks.len(),
        "persian_hand_size": st.hand_persians.len(),
        "talents": st.talents,
        "fleets_raised": st.fleets_raised,
        "mines_of_laurion": st.mines,
        "last_pass": st.last_pass,
        "persian_done": st.persian_done,
        "battle": st.battle,
        "retreats": battle::retreats(st),
        "pending": st.pending,
        "prompt": st.pending.as_ref().map(pending_prompt),
        "points_now": {"greeks": flow::points(st, super::data::Side::Greeks), "persians": flow::points(st, super::data::Side::Persians)},
        "winner": st.winner,
        "summary": st.summary,
    })
}
