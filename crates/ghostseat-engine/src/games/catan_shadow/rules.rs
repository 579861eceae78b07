//! Human moves of catan-shadow: the removal vote, real turns on the core's
//! table with this game's robber and monopoly (CSW-ROB, CSW-MONO), and the
//! decisions inside a fictive turn (CSW-FIC-3..-8, CSW-AUC-4..-8). The
//! engine has checked that `next` names the seat.

use super::events::{Event, StandResult};
use super::flow::{hooks, start_fictive};
use super::moves::{Move, ShadowMove};
use super::options::FictiveSevenRemoved;
use super::refusals::Refusal;
use super::state::{Auction, AuctionEnd, FictiveStage, FictiveTurn, Stage, State};
use super::text::TableDie;
use crate::engine::{NeedWords, RuleError, Seat, Turn};
use crate::games::catan::board::other;
use crate::games::catan::moves::CoreMove;
use crate::games::catan::table::{Outcome, RobberCause};
use crate::games::catan::{Cards, Resource};

fn illegal(rule: &str, detail: impl Into<crate::engine::Detail>) -> RuleError {
    RuleError::illegal(rule, detail)
}

/// Unplayable spots are this game's removal (CSW-SETUP-6).
fn remap(e: RuleError) -> RuleError {
    if e.rule == "CAT-BUILD-7" {
        RuleError {
            rule: "CSW-SETUP-6".into(),
            ..e
        }
    } else {
        e
    }
}

/// Applies a human move of `seat`.
pub fn play(
    st: &mut State,
    seat: Seat,
    mv: &Move,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if let Stage::RemovalVote { seat: v } = st.stage {
        let Move::Shadow(ShadowMove::RemovalVote { reroll }) = mv else {
            return Err(illegal("CSW-SETUP-8", Refusal::VoteFirst));
        };
        st.removal.votes[v.index()] = Some(*reroll);
        turn.emit(
            "CSW-SETUP-8",
            Event::RemovalVote {
                seat: v,
                reroll: *reroll,
            },
        );
        st.stage = if v == Seat(0) {
            Stage::RemovalVote { seat: Seat(1) }
        } else {
            Stage::RemovalDecided {
                reroll: st.removal.votes == [Some(true), Some(true)],
            }
        };
        return Ok(());
    }
    if st.stage != Stage::Play {
        return Err(illegal("CSW-SETUP-1", Refusal::RemovalBeingRolled));
    }
    if let Some(mut ft) = st.fictive.take() {
        let r = play_fictive(st, &mut ft, seat, mv, turn);
        st.fictive = Some(ft);
        return r;
    }
    let hk = hooks(&st.options);
    let out = match mv {
        Move::Core(m) => st.table.apply_core(seat, m, &hk, turn).map_err(remap)?,
        Move::Dev(m) => st.table.apply_dev(seat, m, turn).map_err(remap)?,
        Move::Shadow(ShadowMove::RemovalVote { .. }) => {
            return Err(illegal("CSW-SETUP-8", Refusal::RemovalDecided))
        }
        Move::Shadow(_) => return Err(illegal("CSW-TURN-2", Refusal::NoTradeWithFictive)),
    };
    after(st, out, turn)
}

/// The game's own steps after a table move.
fn after(st: &mut State, out: Outcome, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    match out {
        Outcome::Done => {}
        Outcome::Monopoly(r) => monopoly_bonus(st, r, turn)?,
        Outcome::TurnEnded => {
            let runner = st.table.active;
            start_fictive(st, runner, turn);
        }
        Outcome::RemovedHex { seat, cause } => removed_hex(st, seat, cause, turn)?,
    }
    Ok(())
}

/// CSW-ROB-2: a robber on a removed hex pays its mover a random resource:
/// die faces 1..5 by `resource_die`, 6 nothing; nothing when the bank has
/// none of it. A knight pays under CSW-ROB-3, a fictive 7 under CSW-FIC-6
/// and only with `fictive_seven_removed_hex: "resource"`.
fn removed_hex(
    st: &mut State,
    seat: Seat,
    cause: RobberCause,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let rule = match cause {
        RobberCause::Seven => "CSW-ROB-2",
        RobberCause::Knight => "CSW-ROB-3",
        RobberCause::Fictive => {
            if st.options.fictive_seven_removed_hex != FictiveSevenRemoved::Resource {
                return Ok(());
            }
            "CSW-FIC-6"
        }
    };
    let words = NeedWords::new(TableDie::Resource {
        faces: st.options.resource_die,
    });
    let face = turn.chance.roll_as(6, "CAT-RNG-2", vec![words])?[0];
    let (resource, bank_empty) = if face <= 5 {
        let r = st.options.resource_die[face as usize - 1];
        if st.table.bank.resources.take(r, 1) {
            st.table.player_mut(seat).hand.add(r, 1);
            (Some(r), false)
        } else {
            (None, true)
        }
    } else {
        (None, false)
    };
    turn.emit(
        rule,
        Event::RemovedHexResource {
            seat,
            face,
            resource,
            bank_empty,
        },
    )
    .dice(&[face]);
    st.table.check_win(turn);
    Ok(())
}

/// CSW-MONO-1, -2: the fictive players' share, from the bank.
fn monopoly_bonus(
    st: &mut State,
    r: Resource,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let seat = st.table.active;
    let words = (1..=2)
        .map(|n| NeedWords::new(TableDie::Monopoly { n }))
        .collect();
    let d = turn.chance.roll_as(6, "CAT-RNG-2", words)?;
    let bonus = u32::from(d[0].saturating_sub(2)) + u32::from(d[1].saturating_sub(2));
    let got = bonus.min(st.table.bank.resources.get(r));
    st.table.bank.resources.take(r, got);
    st.table.player_mut(seat).hand.add(r, got);
    turn.emit(
        if got < bonus {
            "CSW-MONO-2"
        } else {
            "CSW-MONO-1"
        },
        Event::MonopolyBonus {
            seat,
            resource: r,
            bonus,
            received: got,
        },
    )
    .dice(&d);
    st.table.check_win(turn);
    Ok(())
}

fn play_fictive(
    st: &mut State,
    ft: &mut FictiveTurn,
    seat: Seat,
    mv: &Move,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let wrong = || illegal("CSW-FIC-8", Refusal::FictiveOnly);
    let hk = hooks(&st.options);
    match (ft.stage, mv) {
        (FictiveStage::Discards, Move::Core(m @ CoreMove::Discard { .. })) => {
            st.table.apply_core(seat, m, &hk, turn)?;
            if st.table.pending.is_empty() {
                ft.stage = FictiveStage::Chooser;
            }
        }
        (FictiveStage::Robber, Move::Core(m @ CoreMove::MoveRobber { .. })) => {
            let out = st.table.apply_core(seat, m, &hk, turn).map_err(|e| {
                if e.rule == "CAT-ROB-1" {
                    RuleError {
                        rule: "CSW-FIC-5".into(),
                        ..e
                    }
                } else {
                    e
                }
            })?;
            after(st, out, turn)?;
            ft.stage = FictiveStage::Offer;
        }
        (FictiveStage::Auction, Move::Shadow(m)) => {
            let Some(a) = ft.auction.as_mut() else {
                return Err(wrong());
            };
            match m {
                ShadowMove::AuctionBid { card } => enter(&st.table, a, seat, Some(*card), turn)?,
                ShadowMove::AuctionPass => enter(&st.table, a, seat, None, turn)?,
                ShadowMove::AuctionRaise { cards } => raise(&st.table, a, seat, cards, turn)?,
                ShadowMove::AuctionStand => stand(a, seat, turn)?,
                ShadowMove::RemovalVote { .. } => return Err(wrong()),
            }
            if a.end.is_some() {
                ft.stage = FictiveStage::Close;
            }
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

/// CSW-AUC-4: the entry round is open and it is `seat`'s entry.
pub fn check_enter(
    table: &crate::games::catan::Table,
    a: &Auction,
    seat: Seat,
    card: Option<Resource>,
) -> Result<(), RuleError> {
    if a.bidding || a.end.is_some() {
        return Err(illegal("CSW-AUC-4", Refusal::EntryRoundOver));
    }
    if let Some(r) = card {
        if table.player(seat).hand.get(r) == 0 {
            return Err(illegal("CSW-AUC-4", Refusal::NoneToBid { card: r }));
        }
    }
    Ok(())
}

/// Entry round: bid one card or pass (CSW-AUC-4).
fn enter(
    table: &crate::games::catan::Table,
    a: &mut Auction,
    seat: Seat,
    card: Option<Resource>,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    check_enter(table, a, seat, card)?;
    match card {
        Some(r) => {
            a.offers[seat.index()] = Some(Cards::one(r));
            turn.emit("CSW-AUC-4", Event::AuctionBid { seat, card: r });
        }
        None => {
            turn.emit("CSW-AUC-4", Event::AuctionPass { seat });
        }
    }
    a.entry_next += 1;
    if a.entry_next < a.order.len() {
        a.to_act = a.order[a.entry_next];
        return Ok(());
    }
    let entrants: Vec<Seat> = a
        .order
        .iter()
        .copied()
        .filter(|s| a.offers[s.index()].is_some())
        .collect();
    match entrants.len() {
        0 => a.end = Some(AuctionEnd::Nobody),
        1 => a.end = Some(AuctionEnd::OnlyBidder { seat: entrants[0] }),
        _ => {
            a.bidding = true;
            a.to_act = entrants[1];
            turn.emit("CSW-AUC-6", Event::AuctionBidding { first: entrants[1] });
        }
    }
    Ok(())
}

/// CSW-AUC-6, -7, -8: a raise lays at least one more card, held besides the
/// ones offered, so that the offer is strictly ahead.
pub fn check_raise(
    table: &crate::games::catan::Table,
    a: &Auction,
    seat: Seat,
    cards: &Cards,
) -> Result<(), RuleError> {
    if !a.bidding || a.end.is_some() {
        return Err(illegal("CSW-AUC-6", Refusal::RaiseNotYet));
    }
    if cards.is_empty() {
        return Err(illegal("CSW-AUC-6", Refusal::RaiseEmpty));
    }
    let new = a.offer(seat).plus(cards);
    if !table.player(seat).hand.contains(&new) {
        return Err(illegal("CSW-AUC-8", Refusal::RaiseNotHeld));
    }
    let theirs = a.offer(other(seat)).total();
    if new.total() <= theirs {
        return Err(illegal("CSW-AUC-6", Refusal::RaiseTooLow { theirs }));
    }
    Ok(())
}

fn raise(
    table: &crate::games::catan::Table,
    a: &mut Auction,
    seat: Seat,
    cards: &Cards,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    check_raise(table, a, seat, cards)?;
    let new = a.offer(seat).plus(cards);
    a.offers[seat.index()] = Some(new);
    a.stood = None;
    a.to_act = other(seat);
    turn.emit("CSW-AUC-6", Event::AuctionRaise { seat, offer: new });
    Ok(())
}

/// CSW-AUC-6: standing is possible in the bidding round.
pub fn check_stand(a: &Auction) -> Result<(), RuleError> {
    if !a.bidding || a.end.is_some() {
        return Err(illegal("CSW-AUC-6", Refusal::StandNotYet));
    }
    Ok(())
}

/// Bidding round: stand (CSW-AUC-6, -9).
fn stand(a: &mut Auction, seat: Seat, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    check_stand(a)?;
    let (mine, theirs) = (a.offer(seat).total(), a.offer(other(seat)).total());
    let (result, rule) = if mine < theirs {
        a.end = Some(AuctionEnd::HigherOffer { seat: other(seat) });
        (StandResult::Behind, "CSW-AUC-6")
    } else if a.stood == Some(other(seat)) {
        a.end = Some(AuctionEnd::Tie);
        (StandResult::Tied, "CSW-AUC-9")
    } else {
        a.stood = Some(seat);
        a.to_act = other(seat);
        (StandResult::Level, "CSW-AUC-6")
    };
    turn.emit(rule, Event::AuctionStand { seat, result });
    Ok(())
}
