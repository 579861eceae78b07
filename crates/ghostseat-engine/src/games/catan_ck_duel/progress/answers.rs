//! The decisions a progress card leaves open (CCK-PROG-19..-29): who picks, gives or
//! re-places what after the play.

use super::super::board::{Edge, Vertex};
use super::super::data::*;
use super::super::events::{corner_place, path_place, Ev, Event};
use super::super::mechanics::*;
use super::super::refusals::Refusal;
use super::super::rules::{ex, vx};
use super::super::state::*;
use super::deserter_level;
use crate::engine::{Emit, RuleError};

/// The cards `cards` of `seat`'s hand, exactly `count`; `me` names them.
fn exact(s: &State, seat: Seat, me: Seat, cards: &Cards, count: u32, rule: &str) -> R<Hand> {
    let h = Hand::from_cards(cards);
    if !s.players[seat].hand.contains(&h) || h.total() != count {
        return Err(RuleError::illegal(
            rule,
            Refusal::NameExactly {
                count,
                theirs: seat != me,
            },
        ));
    }
    Ok(h)
}

/// The Deserter's victim removes one of their knights; the player places one of that
/// level (CCK-PROG-19).
pub fn deserter_pick(s: &mut State, seat: Seat, vertex: Vertex, ev: &mut Vec<Ev>) -> R<()> {
    let v = vx(vertex, "CCK-PROG-19")?;
    let k = match s.knight(v) {
        Some(k) if k.colour == colour_of(seat) => k,
        _ => return Err(RuleError::illegal("CCK-PROG-19", Refusal::RemoveOwnKnight)),
    };
    s.set_knight(v, None);
    s.players[seat].knights_left[k.level as usize - 1] += 1;
    s.pending.remove(0);
    s.pending.insert(
        0,
        Pending::DeserterPlace {
            seat: other(seat),
            level: k.level,
            active: k.active,
        },
    );
    ev.emit(
        "CCK-PROG-19",
        Event::DeserterRemoved {
            seat,
            vertex: Vertex::of(v),
            place: corner_place(s, v),
        },
    );
    Ok(())
}

/// The Deserter's player places the knight taken, or a basic one when that level is out
/// of stock; no spot places nothing (CCK-PROG-19).
pub fn deserter_place(
    s: &mut State,
    seat: Seat,
    level: u8,
    active: bool,
    vertex: Option<Vertex>,
    ev: &mut Vec<Ev>,
) -> R<()> {
    if let Some(vv) = vertex {
        let v = vx(vv, "CCK-PROG-19")?;
        let lv = deserter_level(s, seat, level)
            .ok_or_else(|| RuleError::illegal("CCK-PROG-19", Refusal::NoKnightInStock))?;
        if !knight_spots(s, colour_of(seat)).contains(&v) {
            return Err(RuleError::illegal("CCK-PROG-19", Refusal::DeserterSpot));
        }
        s.players[seat].knights_left[lv as usize - 1] -= 1;
        s.set_knight(v, Some(Knight::placed(colour_of(seat), lv, active)));
        ev.emit(
            "CCK-PROG-19",
            Event::DeserterPlaced {
                seat,
                level: lv,
                vertex: Vertex::of(v),
                place: corner_place(s, v),
            },
        );
    }
    s.pending.remove(0);
    Ok(())
}

/// The Diplomat's player may re-place the own road removed (CCK-PROG-20).
pub fn diplomat_replace(s: &mut State, seat: Seat, edge: Option<Edge>, ev: &mut Vec<Ev>) -> R<()> {
    if let Some(e) = edge {
        let e = ex(e, "CCK-PROG-20")?;
        if !can_road(s, e, colour_of(seat)) {
            return Err(RuleError::illegal("CAT-BUILD-5", Refusal::RoadNotLegal));
        }
        s.set_road(e, Some(colour_of(seat)));
        s.players[seat].roads_left -= 1;
        ev.emit(
            "CCK-PROG-20",
            Event::DiplomatReplaced {
                seat,
                edge: Edge::of(e),
                place: path_place(s, e),
            },
        );
    }
    s.pending.remove(0);
    Ok(())
}

/// The Saboteur's victim discards exactly the cards owed to the bank (CCK-PROG-22).
pub fn saboteur_discard(
    s: &mut State,
    seat: Seat,
    cards: &Cards,
    count: u32,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let rule = "CCK-PROG-22";
    let h = exact(s, seat, seat, cards, count, rule)?;
    s.players[seat].hand.sub(&h);
    s.bank.add(&h);
    s.pending.remove(0);
    ev.emit(rule, Event::Sabotaged { seat, count });
    Ok(())
}

/// The Wedding's guest gives exactly the cards owed to the player (CCK-PROG-25).
pub fn wedding_give(
    s: &mut State,
    seat: Seat,
    cards: &Cards,
    count: u32,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let rule = "CCK-PROG-25";
    let h = exact(s, seat, seat, cards, count, rule)?;
    s.players[seat].hand.sub(&h);
    s.players[other(seat)].hand.add(&h);
    s.pending.remove(0);
    ev.emit(rule, Event::WeddingGift { seat, count });
    Ok(())
}

/// The Commercial Harbor's opponent gives a commodity back for the resource
/// (CCK-PROG-27).
pub fn commercial_harbor_give(
    s: &mut State,
    seat: Seat,
    commodity: Card,
    ev: &mut Vec<Ev>,
) -> R<()> {
    if !commodity.is_commodity() || s.players[seat].hand.get(commodity) == 0 {
        return Err(RuleError::illegal(
            "CCK-PROG-27",
            Refusal::GiveHeldCommodity,
        ));
    }
    s.players[seat].hand.0[commodity.idx()] -= 1;
    s.players[other(seat)].hand.0[commodity.idx()] += 1;
    s.pending.remove(0);
    ev.emit("CCK-PROG-27", Event::CommercialHarbor { seat });
    Ok(())
}

/// The Spy takes the named progress card from the opponent; which one only the two see
/// (CCK-PROG-23, -4).
pub fn spy_pick(s: &mut State, seat: Seat, card: ProgressKind, ev: &mut Vec<Ev>) -> R<()> {
    let opp = other(seat);
    let i = s.players[opp]
        .progress
        .iter()
        .position(|c| c.kind == card)
        .ok_or_else(|| RuleError::illegal("CCK-PROG-23", Refusal::OpponentLacksCard { card }))?;
    let mut c = s.players[opp].progress.remove(i);
    c.drawn_turn = s.turn;
    s.players[seat].progress.push(c);
    s.pending.remove(0);
    ev.emit("CCK-PROG-23", Event::Spy { seat, from: opp })
        .secret(
            vec![seat, opp],
            Event::SpyTook {
                seat,
                from: opp,
                card,
            },
            vec![card.name()],
        );
    if s.players[seat].progress.len() > 4 {
        push_front(s, vec![Pending::ProgressExcess { seat }]);
    }
    Ok(())
}

/// The Master Merchant's player takes exactly the cards owed from the opponent's hand; which
/// ones only the two see (CCK-PROG-29).
pub fn master_merchant_pick(
    s: &mut State,
    seat: Seat,
    cards: &Cards,
    count: u32,
    ev: &mut Vec<Ev>,
) -> R<()> {
    let opp = other(seat);
    let h = exact(s, opp, seat, cards, count, "CCK-PROG-29")?;
    s.players[opp].hand.sub(&h);
    s.players[seat].hand.add(&h);
    s.pending.remove(0);
    ev.emit(
        "CCK-PROG-29",
        Event::MasterMerchant {
            seat,
            from: opp,
            count,
        },
    )
    .secret(
        vec![seat, opp],
        Event::CardsTaken {
            seat,
            from: opp,
            cards: h.to_map(),
        },
        Vec::new(),
    );
    Ok(())
}
