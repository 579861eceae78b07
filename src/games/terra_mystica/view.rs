//! What a seat may see (§2): the whole board; Automa's deck, reserve and
//! piles only as counts (face down for everyone).

use serde_json::{json, Value};

use super::board::geo;
use super::rules::seats_to_move;
use super::state::*;

pub fn view(st: &State, _seat: Option<usize>) -> Value {
    let Some(g) = geo(&st.options.map) else {
        return json!({});
    };
    let cells: Vec<Value> = g
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "cell": c.name, "row": c.row, "x2": c.x2, "river": c.terrain.is_none(),
                "terrain": st.terrain[i],
                "building": st.buildings[i].map(|b| json!({"owner": st.seat_id(b.owner), "kind": b.kind, "marked": b.marked})),
                "automa_trade_marker": st.trade_marker[i], "symbiont_cube": st.cube[i], "blight": st.blight[i],
            })
        })
        .collect();
    let seats: Vec<String> = (0..st.n_seats()).map(|s| st.seat_id(s)).collect();
    let cult: Vec<Value> = super::data::CULTS
        .iter()
        .map(|t| {
            json!({
                "track": t,
                "positions": (0..st.n_seats()).map(|s| (st.seat_id(s), st.cult[s][t.idx()])).collect::<std::collections::BTreeMap<_, _>>(),
                "priest_spaces": st.priest_spaces[t.idx()].iter().enumerate().map(|(i, p)| json!({"value": if i == 0 {3} else {2}, "seat": p.map(|s| st.seat_id(s))})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let a = &st.automa;
    let automa_v = json!({
        "faction": a.faction, "home_terrain": a.home, "vp": a.vp, "difficulty": st.options.difficulty,
        "supply": super::data::KINDS.iter().map(|k| (k.name(), a.supply[k.idx()])).collect::<std::collections::BTreeMap<_, _>>(),
        "priests": a.priests, "trade_markers": a.trade_markers, "favor_tiles": a.favors, "bonus_card": a.bonus,
        "action_card": a.action_card, "support_card": a.support_pile.first(), "support_pile": a.support_pile,
        "deck_size": super::deck::deck_len(st),
        "rotated_in_deck": if super::deck::is_table(st) { super::deck::deck_len(st).min(2) } else { a.deck.iter().filter(|c| a.rotated.contains(c)).count() },
        "chance_source": st.options.chance_source,
        "reserve_size": super::deck::reserve_len(st), "cultist_aside": a.cultist_aside, "mots_set_aside": a.mots_set_aside.is_some(),
        "achievements": a.achievements,
        "shipping_this_round": st.options.difficulty.ship(st.round.max(1)),
        "x_this_round": st.options.difficulty.x(st.round.max(1)),
    });
    json!({
        "game": "terra-mystica",
        "phase": st.phase,
        "setup_next": st.setup.first(),
        "round": st.round,
        "seats": seats,
        "start_player": st.seat_id(st.start_player),
        "to_move": seats_to_move(st).iter().map(|s| st.seat_id(*s)).collect::<Vec<_>>(),
        "automa_to_move": st.phase == Phase::Actions && st.pending.is_empty() && st.to_move == st.automa_seat()
            || st.phase == Phase::Setup && matches!(st.setup.first(), Some(SetupStep::AutomaDwellings | SetupStep::AutomaBonus)),
        "passed": st.passed.iter().map(|s| st.seat_id(*s)).collect::<Vec<_>>(),
        "map": st.options.map,
        "cells": cells,
        "bridges": st.bridges.iter().map(|b| json!({"owner": st.seat_id(b.owner), "a": g.name(b.a), "b": g.name(b.b)})).collect::<Vec<_>>(),
        "cults": cult,
        "power_actions": st.power_ids.iter().zip(&st.power_actions).map(|(id, p)| json!({"space": id, "covered_by": p.map(|s| st.seat_id(s))})).collect::<Vec<_>>(),
        "favor_supply": st.favor_supply,
        "town_supply": st.town_supply,
        "bonus_row": st.bonus_row,
        "scoring_tiles": st.scoring_tiles,
        "final_scoring_tile": st.options.final_scoring_tile,
        "humans": st.humans.iter().enumerate().map(|(s, h)| json!({
            "seat": st.seat_id(s), "faction": h.faction, "home_terrain": h.home, "reach": h.reach,
            "vp": st.human_vp(s), "vp_start": h.start_vp, "vp_reported": h.vp_reported, "vp_engine": h.vp_engine,
            "priests_placed": h.priests_placed, "bridges_placed": h.bridges_placed, "keys": h.keys,
            "favor_tiles": h.favors, "town_tiles": h.towns, "bonus_card": h.bonus,
            "supply": super::data::KINDS.iter().map(|k| (k.name(), super::rules::human_supply(st, s, *k))).collect::<std::collections::BTreeMap<_, _>>(),
        })).collect::<Vec<_>>(),
        "automa": automa_v,
        "pending": st.pending.iter().map(|d| json!({"seat": st.seat_id(d.seat()), "decision": d})).collect::<Vec<_>>(),
        "final_scores": st.final_scores,
        // TMA-DOC-1: designers' notes, no rules.
        "designer_notes": [
            "Automa is named after the automatic opponents of the Automa Factory.",
            "Human dwellings placed centrally tend to end up near Automa's first dwellings.",
            "Automa grows in two expansion areas, told apart by the power chips on her marked buildings.",
        ],
    })
}
