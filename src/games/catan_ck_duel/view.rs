//! What a seat may see (hands and decks of others filtered out).

use serde_json::{json, Value};

use super::actions;
use super::board::geo;
use super::neutral;
use super::rules::*;
use super::state::*;

pub fn view(s: &State, seat: Option<usize>) -> Value {
    let g = geo();
    let buildings: Vec<Value> = (0..g.vertices.len())
        .filter_map(|v| s.buildings[v].map(|b| json!({"vertex": g.vertices[v], "colour": b.colour, "city": b.city, "wall": b.wall, "metropolis": b.metropolis})))
        .collect();
    let knights: Vec<Value> = (0..g.vertices.len())
        .filter_map(|v| s.knights[v].map(|k| json!({"vertex": g.vertices[v], "colour": k.colour, "level": k.level, "active": k.active})))
        .collect();
    let roads: Vec<Value> = (0..g.edges.len())
        .filter_map(|e| s.roads[e].map(|c| json!({"edge": g.edges[e], "colour": c})))
        .collect();
    let players: Vec<Value> = (0..2)
        .map(|p| {
            let pl = &s.players[p];
            // The Spy / Master Merchant player sees the opponent's hand (CCK-PROG-23, -29).
            let peek = matches!(s.pending.first(), Some(Pending::SpyPick { seat: x }) | Some(Pending::MasterMerchantPick { seat: x, .. }) if Some(*x) == seat && p == other(*x));
            let own = seat == Some(p) || s.phase == Phase::Finished;
            json!({
                "seat": Colour::of_seat(p),
                "vp": vp_breakdown(s, p),
                "cards": pl.hand.total(),
                "hand": if own || peek { json!(pl.hand.to_map()) } else { Value::Null },
                "progress_count": pl.progress.len(),
                "progress": if own || peek { json!(pl.progress) } else { Value::Null },
                "vp_cards": pl.vp_cards,
                "defender": pl.defender,
                "improvements": {"trade": pl.imp[0], "politics": pl.imp[1], "science": pl.imp[2]},
                "tokens": pl.tokens,
                "pieces_left": {"roads": pl.roads_left, "settlements": pl.settlements_left, "cities": pl.cities_left, "walls": pl.walls_left, "knights": pl.knights_left},
                "token_action_used": pl.token_action_used,
                "knight_removed": pl.knight_removed,
                "merchant_fleet": pl.merchant_fleet,
                "active_knight_strength": active_strength(s, p),
            })
        })
        .collect();
    let neutral_options = match s.pending.first() {
        Some(Pending::Neutral { task, .. }) => neutral::options(s, task)
            .into_iter()
            .map(|(c, sp)| {
                let mut v = neutral::spot_json(sp);
                if let Some(o) = v.as_object_mut() {
                    o.insert("colour".into(), json!(c));
                }
                v
            })
            .collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    json!({
        "game": "catan-ck-duel",
        "colours": s.opts.colours,
        "turn": s.turn,
        "phase": s.phase,
        "active": Colour::of_seat(s.active),
        "deciding": actions::deciding_seat(s).map(Colour::of_seat),
        "hexes": s.tiles,
        "harbours": s.harbours,
        "robber": s.tiles[s.robber].hex,
        "robber_awake": s.robber_awake,
        "merchant": s.merchant.map(|(h, p)| json!({"hex": s.tiles[h].hex, "seat": Colour::of_seat(p)})),
        "buildings": buildings,
        "roads": roads,
        "knights": knights,
        "barbarian": {"position": s.barbarian, "track": s.opts.barbarian_track},
        "players": players,
        "neutrals": s.neutrals,
        "bank": s.bank.to_map(),
        "decks": {"trade": s.decks[0].len(), "politics": s.decks[1].len(), "science": s.decks[2].len()},
        "defender_left": s.defender_left,
        "metropolis": {"trade": s.metropolis[0].map(Colour::of_seat), "politics": s.metropolis[1].map(Colour::of_seat), "science": s.metropolis[2].map(Colour::of_seat)},
        "token_supply": s.token_supply,
        "longest_road": s.longest_road,
        "rolls": s.rolls,
        "pending": s.pending.iter().map(|p| match p {
            Pending::TradeResponse { seat, .. } => json!({"type": "trade_response", "seat": Colour::of_seat(*seat)}),
            p => json!(p),
        }).collect::<Vec<_>>(),
        "neutral_options": neutral_options,
        "winner": s.winner.map(Colour::of_seat),
    })
}
