//! The green science cards (CCK-PROG-10..-17): building, tokens and the harvest.

use super::super::board::{Edge, EdgeId, Hex, HexId, Vertex};
use super::super::data::*;
use super::super::events::{corner_place, path_place, Ev, Event, Took};
use super::super::mechanics::*;
use super::super::refusals::{Field, Refusal};
use super::super::rules::{self, ex, hx, vx};
use super::super::state::*;
use super::{name, need, Played};
use crate::engine::{Emit, RuleError};
use crate::games::catan::data::Terrain as CoreTerrain;
use crate::games::catan::place::Place;

/// The Alchemist is played before the first roll only, never as a main-phase play
/// (CCK-PROG-10).
pub fn alchemist() -> R<Played> {
    Err(RuleError::illegal(
        "CCK-PROG-10",
        Refusal::AlchemistOnlyFirstRoll,
    ))
}

/// The Crane is played with a city improvement, never on its own (CCK-PROG-11).
pub fn crane() -> R<Played> {
    Err(RuleError::illegal(
        "CCK-PROG-11",
        Refusal::CraneWithImprovement,
    ))
}

/// The Engineer builds a city wall for free (CCK-PROG-12).
pub fn engineer(s: &mut State, seat: Seat, vertex: Option<Vertex>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-12";
    let v = vx(
        vertex.ok_or_else(|| RuleError::illegal(rule, name(Field::CityVertex)))?,
        rule,
    )?;
    rules::build_wall(s, seat, v, false)?;
    ev.emit(
        rule,
        Event::WallBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(Played::under(rule))
}

/// The Inventor swaps two number tokens, neither a 2, 12, 6 or 8 (CCK-PROG-13).
pub fn inventor(s: &mut State, seat: Seat, hexes: Option<&[Hex]>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-13";
    let hs = hexes
        .filter(|h| h.len() == 2)
        .ok_or_else(|| RuleError::illegal(rule, name(Field::TwoHexes)))?;
    let a = hx(hs[0], rule)?;
    let b = hx(hs[1], rule)?;
    let ok = |t: u8| t != 0 && ![2, 12, 6, 8].contains(&t);
    need(
        a != b && ok(s.token(a)) && ok(s.token(b)),
        rule,
        Refusal::InventorTokens,
    )?;
    let (ta, tb) = (s.tile(a).token, s.tile(b).token);
    let places = [Place::hex(&s.board, a), Place::hex(&s.board, b)];
    let numbers = [s.token(a), s.token(b)];
    s.board.tile_mut(a).token = tb;
    s.board.tile_mut(b).token = ta;
    ev.emit(
        rule,
        Event::TokensSwapped {
            seat,
            hexes: [Hex::of(a), Hex::of(b)],
            numbers,
            places,
        },
    );
    Ok(Played::under(rule))
}

/// Irrigation: two grain per fields hex beside the player's settlements and cities
/// (CCK-PROG-14).
pub fn irrigation(s: &mut State, seat: Seat) -> R<Played> {
    Ok(harvest(s, seat, CoreTerrain::Fields, Card::Grain))
}

/// Mining: two ore per mountains hex beside the player's settlements and cities
/// (CCK-PROG-14).
pub fn mining(s: &mut State, seat: Seat) -> R<Played> {
    Ok(harvest(s, seat, CoreTerrain::Mountains, Card::Ore))
}

/// Two `card` per `terrain` hex touching one of `seat`'s buildings, as far as the bank has
/// them (CCK-PROG-14).
fn harvest(s: &mut State, seat: Seat, terrain: CoreTerrain, card: Card) -> Played {
    let me = colour_of(seat);
    let n = HexId::all()
        .filter(|h| {
            s.tile(*h).terrain == terrain
                && h.corners()
                    .iter()
                    .any(|v| matches!(s.building(*v), Some(b) if b.colour == me))
        })
        .count() as u32;
    let take = (2 * n).min(s.bank.get(card));
    s.bank.0[card.idx()] -= take;
    s.players[seat].hand.0[card.idx()] += take;
    Played {
        rule: "CCK-PROG-14",
        took: Some(Took { count: take, card }),
    }
}

/// Medicine upgrades a settlement to a city at its reduced cost (CCK-PROG-15).
pub fn medicine(s: &mut State, seat: Seat, vertex: Option<Vertex>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-15";
    let v = vx(
        vertex.ok_or_else(|| RuleError::illegal(rule, name(Field::SettlementVertex)))?,
        rule,
    )?;
    rules::upgrade_city(s, seat, v, &COST_MEDICINE, rule)?;
    ev.emit(
        rule,
        Event::CityBuilt {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(Played::under(rule))
}

/// Road Building places two free roads, or one when a second is impossible; each owes a
/// neutral road (CCK-PROG-16).
pub fn road_building(
    s: &mut State,
    seat: Seat,
    edges: Option<&[Edge]>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-16";
    let me = colour_of(seat);
    let es = edges
        .filter(|e| (1..=2).contains(&e.len()))
        .ok_or_else(|| RuleError::illegal(rule, name(Field::Paths)))?;
    let mut placed = 0;
    for e in es {
        let e = ex(*e, rule)?;
        need(
            s.players[seat].roads_left > 0 && can_road(s, e, me),
            "CAT-BUILD-5",
            Refusal::RoadsLegal,
        )?;
        s.set_road(e, Some(me));
        s.players[seat].roads_left -= 1;
        placed += 1;
        ev.emit(
            rule,
            Event::RoadBuilt {
                seat,
                edge: Edge::of(e),
                place: path_place(s, e),
            },
        );
    }
    if es.len() == 1 {
        let more = s.players[seat].roads_left > 0 && EdgeId::all().any(|e| can_road(s, e, me));
        need(!more, rule, Refusal::SecondRoadPossible)?;
    }
    for _ in 0..placed {
        s.pending.push(Pending::Neutral {
            task: NeutralTask::Road,
            trigger: "CCK-PROG-16".into(),
        });
    }
    s.built_this_turn = true;
    Ok(Played::under(rule))
}

/// The Smith promotes one or two knights for free; each promotion owes a neutral one
/// (CCK-PROG-17).
pub fn smith(s: &mut State, seat: Seat, knights: Option<&[Vertex]>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-17";
    let ks = knights
        .filter(|k| (1..=2).contains(&k.len()))
        .ok_or_else(|| RuleError::illegal(rule, name(Field::Knights)))?;
    let mut levels = Vec::new();
    for k in ks {
        let v = vx(*k, rule)?;
        let nl = rules::promote_check(s, seat, v, true)?;
        rules::promote_apply(s, seat, v);
        ev.emit(
            rule,
            Event::KnightPromoted {
                seat,
                vertex: Vertex::of(v),
                level: nl,
                smith: true,
                place: corner_place(s, v),
            },
        );
        levels.push(nl);
    }
    for nl in levels {
        rules::neutral_promotion(s, nl, "CCK-PROG-17", ev);
    }
    Ok(Played::under(rule))
}
