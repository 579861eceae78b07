//! The blue politics cards (CCK-PROG-18..-25): the robber, knights, roads and the opponent's
//! hand.

use super::super::board::{adjacent, Edge, EdgeId, Hex, Vertex, VertexId};
use super::super::data::*;
use super::super::events::{Ev, Event, NoEffect};
use super::super::mechanics::*;
use super::super::refusals::{Field, Refusal};
use super::super::rules::{self, ex, hx, vx};
use super::super::state::*;
use super::{name, need, no_effect, Played};
use crate::engine::{Chance, Emit, RuleError};
use crate::games::catan::place::Place;

/// The level the Deserter's player may place, if any (CCK-PROG-19).
pub fn deserter_level(s: &State, seat: Seat, level: u8) -> Option<u8> {
    let st = &s.players[seat].knights_left;
    if st[(level as usize).clamp(1, 3) - 1] > 0 {
        Some(level)
    } else if st[0] > 0 {
        Some(1)
    } else {
        None
    }
}

/// An open road of any colour: an end touching no other piece of its colour (CCK-PROG-20).
pub fn is_open_road(s: &State, e: EdgeId) -> bool {
    let Some(c) = s.road(e) else { return false };
    e.ends().iter().any(|&v| {
        piece_colour(s, v) != Some(c)
            && !adjacent(v).any(|(_, oe)| oe != e && s.road(oe) == Some(c))
    })
}

/// Knights of the opponent or neutrals at an end of `seat`'s roads (CCK-PROG-21).
pub fn intrigue_targets(s: &State, seat: Seat) -> Vec<VertexId> {
    let c = colour_of(seat);
    VertexId::all()
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour != c) && touches_road(s, *v, c))
        .collect()
}

/// The Bishop moves the robber and steals (CCK-PROG-18).
pub fn bishop(
    s: &mut State,
    seat: Seat,
    hex: Option<Hex>,
    dice: &mut Chance,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-18";
    let h = hx(
        hex.ok_or_else(|| RuleError::illegal(rule, name(Field::Hex)))?,
        rule,
    )?;
    rules::move_robber(s, seat, h, dice, ev, rule)?;
    Ok(Played::under(rule))
}

/// The Deserter takes a knight of another colour: the opponent picks one of theirs, a
/// neutral colour gives up its weakest (CCK-PROG-19).
pub fn deserter(
    s: &mut State,
    seat: Seat,
    target: Option<Colour>,
    knight: Option<Vertex>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-19";
    let t = target.ok_or_else(|| RuleError::illegal(rule, name(Field::TargetColour)))?;
    if t == colour_of(seat) {
        return Err(RuleError::illegal(rule, Refusal::NotYourself));
    }
    if t.seat().is_some() {
        need(
            s.knights().any(|k| k.colour == t),
            rule,
            Refusal::OpponentNoKnight,
        )?;
        s.pending.push(Pending::DeserterPick { seat: other(seat) });
    } else {
        desert_neutral(s, seat, t, knight, ev)?;
    }
    Ok(Played::under(rule))
}

/// The Deserter against a neutral colour: its weakest knight (the one named, when several
/// tie) goes back to its stock and the player places one (CCK-PROG-19).
fn desert_neutral(
    s: &mut State,
    seat: Seat,
    t: Colour,
    knight: Option<Vertex>,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let rule = "CCK-PROG-19";
    let theirs: Vec<VertexId> = VertexId::all()
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == t))
        .collect();
    need(!theirs.is_empty(), rule, Refusal::NeutralNoKnight)?;
    let min = theirs
        .iter()
        .filter_map(|v| s.knight(*v).map(|k| k.level))
        .min()
        .unwrap_or(1);
    let weakest: Vec<VertexId> = theirs
        .into_iter()
        .filter(|v| s.knight(*v).map(|k| k.level) == Some(min))
        .collect();
    let v = match knight {
        Some(k) => vx(k, rule)?,
        None if weakest.len() == 1 => weakest[0],
        None => return Err(RuleError::illegal(rule, Refusal::SeveralWeakest)),
    };
    need(weakest.contains(&v), rule, Refusal::WeakestNeutral)?;
    let k = s.take_knight(v);
    if let (Some(k), Some(ni)) = (k, t.neutral_index()) {
        s.neutrals[ni].knights_left[k.level as usize - 1] += 1;
        ev.emit(
            rule,
            Event::DeserterTook {
                seat,
                colour: t,
                level: k.level,
                vertex: Vertex::of(v),
                place: Place::corner(&s.board, v),
            },
        );
        s.pending.push(Pending::DeserterPlace {
            seat,
            level: k.level,
            active: false,
        });
    }
    Ok(())
}

/// The Diplomat removes an open road; the player may re-place their own (CCK-PROG-20).
pub fn diplomat(s: &mut State, seat: Seat, edge: Option<Edge>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-20";
    let e = ex(
        edge.ok_or_else(|| RuleError::illegal(rule, name(Field::RoadEdge)))?,
        rule,
    )?;
    need(is_open_road(s, e), rule, Refusal::OpenRoadOnly)?;
    let c = s.take_road(e);
    if let Some(colour) = c {
        ev.emit(
            rule,
            Event::RoadRemoved {
                seat,
                colour,
                edge: Edge::of(e),
                place: Place::path(&s.board, e),
            },
        );
    }
    match c {
        Some(c) if c == colour_of(seat) => {
            s.players[seat].roads_left += 1;
            s.pending.push(Pending::DiplomatReplace { seat });
        }
        Some(c) => match seat_of(c) {
            Some(o) => s.players[o].roads_left += 1,
            None => {
                if let Some(ni) = c.neutral_index() {
                    s.neutrals[ni].roads_left += 1
                }
            }
        },
        None => {}
    }
    Ok(Played::under(rule))
}

/// Intrigue displaces a knight at an end of the player's roads (CCK-PROG-21).
pub fn intrigue(s: &mut State, seat: Seat, knight: Option<Vertex>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-21";
    let v = vx(
        knight.ok_or_else(|| RuleError::illegal(rule, name(Field::Knight)))?,
        rule,
    )?;
    need(
        intrigue_targets(s, seat).contains(&v),
        rule,
        Refusal::IntrigueTarget,
    )?;
    rules::displace(s, v, ev, rule);
    Ok(Played::under(rule))
}

/// The Saboteur makes an opponent with at least as many points discard half their hand
/// (CCK-PROG-22).
pub fn saboteur(s: &mut State, seat: Seat, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-22";
    let opp = other(seat);
    if vp(s, opp) >= vp(s, seat) {
        let n = s.players[opp].hand.total() / 2;
        s.pending.push(Pending::SaboteurDiscard {
            seat: opp,
            count: n,
        });
    } else {
        no_effect(ev, rule, seat, ProgressKind::Saboteur, NoEffect::NotAhead);
    }
    Ok(Played::under(rule))
}

/// The Spy looks at the opponent's progress cards and takes one (CCK-PROG-23).
pub fn spy(s: &mut State, seat: Seat) -> R<Played> {
    s.pending.push(Pending::SpyPick { seat });
    Ok(Played::under("CCK-PROG-23"))
}

/// The Warlord activates all of the player's knights (CCK-PROG-24).
pub fn warlord(s: &mut State, seat: Seat, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-24";
    let me = colour_of(seat);
    let turn = s.turn;
    let asleep: Vec<VertexId> = VertexId::all()
        .filter(|v| matches!(s.knight(*v), Some(k) if k.colour == me && !k.active))
        .collect();
    for k in s.knights_mut() {
        if k.colour == me && !k.active {
            k.active = true;
            k.activated_turn = turn;
        }
    }
    ev.emit(
        rule,
        Event::KnightsActivated {
            seat,
            knights: asleep.iter().map(|v| Vertex::of(*v)).collect(),
            places: asleep.iter().map(|v| Place::corner(&s.board, *v)).collect(),
        },
    );
    Ok(Played::under(rule))
}

/// The Wedding: an opponent with more points gives two cards of their choice (CCK-PROG-25).
pub fn wedding(s: &mut State, seat: Seat, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-25";
    let opp = other(seat);
    if vp(s, opp) > vp(s, seat) {
        let n = s.players[opp].hand.total().min(2);
        s.pending.push(Pending::WeddingGive {
            seat: opp,
            count: n,
        });
    } else {
        no_effect(ev, rule, seat, ProgressKind::Wedding, NoEffect::NotAhead);
    }
    Ok(Played::under(rule))
}
