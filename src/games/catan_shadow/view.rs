//! What a seat may see (catan-base §2.3): own hand and development cards in
//! full, the other seat's as counts; deck order never; everything at the end.

use serde_json::{json, Value};

use super::rules::{next, State};
use crate::engine::Seat;
use crate::games::catan::board::{seat_id, seat_index};
use crate::games::catan::geometry::geo;
use crate::games::catan::table::Phase;

pub fn view(s: &State, seat: Option<Seat>) -> Value {
    let t = &s.table;
    let g = geo();
    let me = seat.and_then(seat_index);
    let over = t.phase == Phase::Finished;
    let b = &t.board;
    let tiles: Vec<Value> = b
        .tiles
        .iter()
        .enumerate()
        .map(|(i, tile)| json!({"hex": tile.hex, "terrain": tile.terrain, "token": tile.token, "removed": tile.removed, "robber": b.robber == i}))
        .collect();
    let buildings: Vec<Value> = b
        .buildings
        .iter()
        .enumerate()
        .filter_map(|(v, x)| {
            x.map(|x| json!({"vertex": g.vertices[v], "colour": x.colour, "kind": x.kind}))
        })
        .collect();
    let roads: Vec<Value> = b
        .roads
        .iter()
        .enumerate()
        .filter_map(|(e, c)| c.map(|c| json!({"edge": g.edges[e], "colour": c})))
        .collect();
    let players: Vec<Value> = (0..2)
        .map(|p| {
            let ps = &t.players[p];
            let full = over || me == Some(p);
            let mut v = json!({
                "seat": seat_id(p),
                "cards": ps.hand.total(),
                "development_cards": ps.dev_hand.len(),
                "knights_played": ps.knights_played,
                "roads_left": ps.roads_left,
                "settlements_left": ps.settlements_left,
                "cities_left": ps.cities_left,
                "visible_vp": t.visible_vp(p),
                "road_length": t.road_lengths.get(&crate::games::catan::board::Colour::of_seat(p)).copied().unwrap_or(0),
                "trade_rates": b.trade_rates(crate::games::catan::board::Colour::of_seat(p)),
            });
            if full {
                v["hand"] = json!(ps.hand);
                v["dev_hand"] = json!(ps.dev_hand);
                v["total_vp"] = json!(t.total_vp(p));
            }
            v
        })
        .collect();
    json!({
        "game": "catan-shadow",
        "you": me.map(seat_id),
        "next": next(s),
        "stage": s.stage,
        "board": {
            "tiles": tiles,
            "harbours": b.harbours,
            "robber": g.hexes.get(b.robber),
            "buildings": buildings,
            "roads": roads,
            "unplayable_vertices": b.unplayable_vertices.iter().map(|v| g.vertices[*v]).collect::<Vec<_>>(),
            "unplayable_edges": b.unplayable_edges.iter().map(|e| g.edges[*e]).collect::<Vec<_>>(),
        },
        "removal": s.removal,
        "players": players,
        "bank": {"resources": t.bank.resources, "development_cards": t.bank.dev_deck.len()},
        "turn": {
            "number": t.turn, "first_player": seat_id(t.first_player), "active": seat_id(t.active),
            "phase": t.phase, "rolls": t.rolls, "pending": t.pending, "offer": t.offer,
        },
        "awards": {"longest_road": t.longest_road, "largest_army": t.largest_army.map(seat_id), "road_lengths": t.road_lengths},
        "fictive": s.fictive,
        "winner": t.winner.map(seat_id),
        "colours": s.options.colour_labels(),
    })
}
