//! The yellow trade cards (CCK-PROG-26..-30): the merchant, harbors, fleets and monopolies.

use super::super::board::Hex;
use super::super::data::*;
use super::super::events::{Ev, Event, NoEffect};
use super::super::mechanics::*;
use super::super::refusals::{Field, Refusal};
use super::super::rules::hx;
use super::super::state::*;
use super::{name, need, no_effect, Played};
use crate::engine::{Emit, RuleError};
use crate::games::catan::place::Place;

/// The Merchant stands on a hex beside one of the player's buildings (CCK-PROG-26).
pub fn merchant(s: &mut State, seat: Seat, hex: Option<Hex>, ev: &mut Vec<Ev>) -> R<Played> {
    let rule = "CCK-PROG-26";
    let me = colour_of(seat);
    let h = hx(
        hex.ok_or_else(|| RuleError::illegal(rule, name(Field::Hex)))?,
        rule,
    )?;
    need(
        h.corners()
            .iter()
            .any(|v| matches!(s.building(*v), Some(b) if b.colour == me)),
        rule,
        Refusal::MerchantHex,
    )?;
    s.merchant = Some((h, seat));
    ev.emit(
        rule,
        Event::MerchantPlaced {
            seat,
            hex: Hex::of(h),
            place: Place::hex(&s.board, h),
            card: terrain_resource(s.tile(h).terrain),
        },
    );
    Ok(Played::under(rule))
}

/// The Commercial Harbor offers a resource for a commodity of the opponent's choice
/// (CCK-PROG-27).
pub fn commercial_harbor(
    s: &mut State,
    seat: Seat,
    give: Option<Card>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-27";
    let opp = other(seat);
    let r = give.ok_or_else(|| RuleError::illegal(rule, name(Field::Give)))?;
    need(
        !r.is_commodity() && s.players[seat].hand.get(r) > 0,
        rule,
        Refusal::OfferHeldResource,
    )?;
    if s.players[opp].hand.commodities() > 0 {
        s.players[seat].hand.0[r.idx()] -= 1;
        s.players[opp].hand.0[r.idx()] += 1;
        s.pending.push(Pending::CommercialHarborGive { seat: opp });
    } else {
        // (I): no commodity to give, the resource stays with the player.
        no_effect(
            ev,
            rule,
            seat,
            ProgressKind::CommercialHarbor,
            NoEffect::NothingHeld,
        );
    }
    Ok(Played::under(rule))
}

/// The Merchant Fleet trades one card kind 2:1 for the rest of the turn (CCK-PROG-28).
pub fn merchant_fleet(
    s: &mut State,
    seat: Seat,
    kind: Option<Card>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-28";
    let k = kind.ok_or_else(|| RuleError::illegal(rule, name(Field::CardKind)))?;
    s.players[seat].merchant_fleet = Some(k);
    ev.emit(rule, Event::MerchantFleet { seat, card: k });
    Ok(Played::under(rule))
}

/// The Master Merchant takes two cards of an opponent with more points (CCK-PROG-29).
pub fn master_merchant(s: &mut State, seat: Seat) -> R<Played> {
    let rule = "CCK-PROG-29";
    let opp = other(seat);
    need(vp(s, opp) > vp(s, seat), rule, Refusal::OpponentAhead)?;
    let n = s.players[opp].hand.total().min(2);
    s.pending
        .push(Pending::MasterMerchantPick { seat, count: n });
    Ok(Played::under(rule))
}

/// The Trade Monopoly takes one of a commodity from the opponent (CCK-PROG-30).
pub fn trade_monopoly(
    s: &mut State,
    seat: Seat,
    commodity: Option<Card>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-30";
    let c = commodity.ok_or_else(|| RuleError::illegal(rule, name(Field::Commodity)))?;
    need(c.is_commodity(), rule, name(Field::Commodity))?;
    monopoly(s, seat, c, 1, ev);
    Ok(Played::under(rule))
}

/// The Resource Monopoly takes two of a resource from the opponent (CCK-PROG-30).
pub fn resource_monopoly(
    s: &mut State,
    seat: Seat,
    resource: Option<Card>,
    ev: &mut Vec<Ev>,
) -> R<Played> {
    let rule = "CCK-PROG-30";
    let c = resource.ok_or_else(|| RuleError::illegal(rule, name(Field::Resource)))?;
    need(!c.is_commodity(), rule, name(Field::Resource))?;
    monopoly(s, seat, c, 2, ev);
    Ok(Played::under(rule))
}

/// Up to `most` of `card` from the opponent's hand to `seat`'s (CCK-PROG-30).
fn monopoly(s: &mut State, seat: Seat, card: Card, most: u32, ev: &mut Vec<Ev>) {
    let from = other(seat);
    let count = s.players[from].hand.get(card).min(most);
    s.players[from].hand.0[card.idx()] -= count;
    s.players[seat].hand.0[card.idx()] += count;
    ev.emit(
        "CCK-PROG-30",
        Event::Monopoly {
            seat,
            from,
            card,
            count,
        },
    );
}
