//! Fictive turns (fiktive Spielzüge) and the auction for the fictive
//! player's card (Angebot, Zuschlag) (CSW-FIC-1..-8, CSW-AUC-1..-11).

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::engine::legacy::{Dice, Event, RuleError};
use crate::games::catan::board::{seat_id, Colour};
use crate::games::catan::data::{Cards, Resource};
use crate::games::catan::table::{roll_off, Pending, RobberCause, Table};

/// Where a fictive turn stands (catan-shadow §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FictiveStage {
    Roll,
    Discards,
    Chooser,
    Robber,
    Offer,
    Auction,
    Close,
}

/// How an auction ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "how")]
pub enum AuctionEnd {
    Nobody,
    OnlyBidder { seat: usize },
    HigherOffer { seat: usize },
    Tie,
}

/// The open auction (CSW-AUC-3..-9): offers (Angebote) lie face up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    pub resource: Resource,
    /// Eligible seats in entry order (runner first).
    pub order: Vec<usize>,
    /// Index into `order` of the next seat to enter (entry round).
    pub entry_next: usize,
    /// Cards laid out per seat; None = not entered (or passed).
    pub offers: [Option<Cards>; 2],
    pub bidding: bool,
    pub to_act: usize,
    /// The seat that last stood at equal offers.
    pub stood: Option<usize>,
    pub end: Option<AuctionEnd>,
}

/// A fictive turn in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FictiveTurn {
    /// f1 after the first player's turn, f2 after the second's (CSW-GEN-3).
    pub fictive: Colour,
    /// The real seat running it (CSW-FIC-1).
    pub runner: usize,
    pub stage: FictiveStage,
    pub roll: Option<[u8; 2]>,
    pub chooser: Option<usize>,
    pub offer_die: Option<u8>,
    pub offer: Option<Resource>,
    pub auction: Option<Auction>,
}

impl FictiveTurn {
    pub fn new(table: &Table, runner: usize) -> FictiveTurn {
        let fictive = if runner == table.first_player {
            Colour::F1
        } else {
            Colour::F2
        };
        FictiveTurn {
            fictive,
            runner,
            stage: FictiveStage::Roll,
            roll: None,
            chooser: None,
            offer_die: None,
            offer: None,
            auction: None,
        }
    }

    /// The seat a human decision is expected from, if any.
    pub fn human_seat(&self, table: &Table) -> Option<usize> {
        match self.stage {
            FictiveStage::Discards | FictiveStage::Robber => {
                table.pending.first().map(|p| p.seat())
            }
            FictiveStage::Auction => self.auction.as_ref().map(|a| a.to_act),
            _ => None,
        }
    }
}

/// Runs the chance steps of a fictive turn from its current stage until a
/// human decision is needed or the turn ends. Returns true when it ended.
pub fn run(
    table: &mut Table,
    ft: &mut FictiveTurn,
    resource_die: &[Resource; 5],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    loop {
        match ft.stage {
            FictiveStage::Roll => {
                let v = dice.roll_many(2, 6, "CAT-RNG-2")?;
                let d = [v[0], v[1]];
                ft.roll = Some(d);
                events.push(
                    Event::new(
                        "fictive_roll",
                        "CSW-FIC-2",
                        format!("Seat {} runs the turn of {}: {}+{} = {}.", seat_id(ft.runner), ft.fictive.id(), d[0], d[1], d[0] + d[1]),
                    )
                    .dice(&d)
                    .data(json!({"fictive": ft.fictive, "runner": seat_id(ft.runner), "dice": d, "sum": d[0] + d[1]})),
                );
                if d[0] + d[1] == 7 {
                    table.queue_discards(ft.runner, "CSW-FIC-3", events);
                    ft.stage = if table.pending.is_empty() {
                        FictiveStage::Chooser
                    } else {
                        FictiveStage::Discards
                    };
                    if ft.stage == FictiveStage::Discards {
                        return Ok(false);
                    }
                } else {
                    table.produce(d, "CSW-FIC-2", events);
                    ft.stage = FictiveStage::Offer;
                }
            }
            FictiveStage::Chooser => {
                let (va, vb) = (table.visible_vp(0), table.visible_vp(1));
                let (chooser, rounds) = if va != vb {
                    (if va < vb { 0 } else { 1 }, Vec::new())
                } else {
                    roll_off(dice, 1, "CAT-RNG-2")?
                };
                let flat: Vec<u8> = rounds
                    .iter()
                    .flat_map(|(a, b)| [a.clone(), b.clone()].concat())
                    .collect();
                events.push(
                    Event::new(
                        "robber_chooser",
                        "CSW-FIC-4",
                        if rounds.is_empty() {
                            format!("Seat {} has fewer points ({} to {}) and places the robber.", seat_id(chooser), va.min(vb), va.max(vb))
                        } else {
                            format!("Both have {va} points: after a roll-off seat {} places the robber.", seat_id(chooser))
                        },
                    )
                    .dice(&flat)
                    .data(json!({"vp": {"a": va, "b": vb}, "rolloff": rounds, "chooser": seat_id(chooser)})),
                );
                ft.chooser = Some(chooser);
                table.pending.push(Pending::Robber {
                    seat: chooser,
                    cause: RobberCause::Fictive,
                });
                ft.stage = FictiveStage::Robber;
                return Ok(false);
            }
            FictiveStage::Offer => {
                let face = dice.d6("CAT-RNG-2")?;
                ft.offer_die = Some(face);
                if face == 6 {
                    events.push(
                        Event::new(
                            "fictive_offer",
                            "CSW-AUC-1",
                            "Offer die shows 6: no card is offered this round.",
                        )
                        .dice(&[6])
                        .data(json!({"die": 6, "offer": null})),
                    );
                    return end(table, ft, events);
                }
                let r = resource_die[face as usize - 1];
                if table.bank.resources.get(r) == 0 {
                    events.push(
                        Event::new("fictive_offer", "CSW-AUC-2", format!("Offer die shows {face} ({r}), but the bank has no {r}: no card is offered."))
                            .dice(&[face])
                            .data(json!({"die": face, "resource": r, "offer": null, "reason": "bank_empty"})),
                    );
                    return end(table, ft, events);
                }
                ft.offer = Some(r);
                events.push(
                    Event::new(
                        "fictive_offer",
                        "CSW-AUC-1",
                        format!("Offer die shows {face}: {} offers 1 {r}.", ft.fictive.id()),
                    )
                    .dice(&[face])
                    .data(json!({"die": face, "resource": r})),
                );
                let order: Vec<usize> = [ft.runner, 1 - ft.runner]
                    .into_iter()
                    .filter(|s| table.visible_vp(*s) < 8 && table.players[*s].hand.total() > 0)
                    .collect();
                events.push(
                    Event::new(
                        "auction_open",
                        "CSW-AUC-3",
                        if order.is_empty() {
                            "Nobody may bid (8 or more points, or no resource cards).".to_string()
                        } else {
                            format!(
                                "May bid, in this order: {}.",
                                order
                                    .iter()
                                    .map(|s| seat_id(*s))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        },
                    )
                    .data(json!({
                        "resource": r,
                        "eligible": order.iter().map(|s| seat_id(*s)).collect::<Vec<_>>(),
                        "order": order.iter().map(|s| seat_id(*s)).collect::<Vec<_>>(),
                        "vp": {"a": table.visible_vp(0), "b": table.visible_vp(1)},
                    })),
                );
                if order.is_empty() {
                    return end(table, ft, events);
                }
                ft.auction = Some(Auction {
                    resource: r,
                    to_act: order[0],
                    order,
                    entry_next: 0,
                    offers: [None, None],
                    bidding: false,
                    stood: None,
                    end: None,
                });
                ft.stage = FictiveStage::Auction;
                return Ok(false);
            }
            FictiveStage::Close => {
                close_auction(table, ft, dice, events)?;
                return end(table, ft, events);
            }
            // Human stages: nothing for the bot to do.
            FictiveStage::Discards | FictiveStage::Robber | FictiveStage::Auction => {
                return Ok(false)
            }
        }
    }
}

/// CSW-AUC-11: the fictive turn ends; the other real seat starts its turn.
fn end(table: &mut Table, ft: &FictiveTurn, events: &mut Vec<Event>) -> Result<bool, RuleError> {
    events.push(
        Event::new(
            "fictive_turn_end",
            "CSW-AUC-11",
            format!(
                "The turn of {} ends; seat {} is next.",
                ft.fictive.id(),
                seat_id(1 - ft.runner)
            ),
        )
        .data(json!({"fictive": ft.fictive})),
    );
    table.begin_turn(1 - ft.runner, events);
    Ok(true)
}

/// CSW-AUC-5, -6, -9, -10: the winner, the tie-break and the settlement.
fn close_auction(
    table: &mut Table,
    ft: &mut FictiveTurn,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(a) = ft.auction.clone() else {
        return Ok(());
    };
    let (winner, how, rounds) = match a.end.unwrap_or(AuctionEnd::Nobody) {
        AuctionEnd::Nobody => {
            events.push(
                Event::new("auction_result", "CSW-AUC-4", "Nobody entered the auction.")
                    .data(json!({"winner": null})),
            );
            return Ok(());
        }
        AuctionEnd::OnlyBidder { seat } => (seat, "only_bidder", Vec::new()),
        AuctionEnd::HigherOffer { seat } => (seat, "higher_offer", Vec::new()),
        AuctionEnd::Tie => {
            let (va, vb) = (table.visible_vp(0), table.visible_vp(1));
            if va != vb {
                (if va < vb { 0 } else { 1 }, "fewer_vp", Vec::new())
            } else {
                let (w, rounds) = roll_off(dice, 1, "CAT-RNG-2")?;
                (w, "rolloff", rounds)
            }
        }
    };
    let paid = a.offers[winner].unwrap_or_default();
    let rule = match how {
        "only_bidder" => "CSW-AUC-5",
        "higher_offer" => "CSW-AUC-6",
        _ => "CSW-AUC-9",
    };
    let rest = table.players[winner].hand.minus(&paid).unwrap_or_default();
    table.players[winner].hand = rest;
    table.bank.resources = table.bank.resources.plus(&paid);
    let got = table.bank.resources.take(a.resource, 1);
    if got {
        table.players[winner].hand.add(a.resource, 1);
    }
    let flat: Vec<u8> = rounds
        .iter()
        .flat_map(|(x, y)| [x.clone(), y.clone()].concat())
        .collect();
    events.push(
        Event::new(
            "auction_result",
            rule,
            format!(
                "Seat {} wins the auction ({how}): pays {} to the bank and takes 1 {}.",
                seat_id(winner),
                paid.describe(),
                a.resource
            ),
        )
        .dice(&flat)
        .data(json!({
            "offers": {"a": a.offers[0], "b": a.offers[1]},
            "winner": seat_id(winner), "decided_by": how, "rolloff": rounds,
            "paid": paid, "received": if got { Some(a.resource) } else { None },
        })),
    );
    Ok(())
}

fn total(c: &Option<Cards>) -> u32 {
    c.map(|c| c.total()).unwrap_or(0)
}

/// Entry round: bid one card or pass (CSW-AUC-4).
pub fn enter(
    table: &Table,
    a: &mut Auction,
    seat: usize,
    card: Option<Resource>,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if a.bidding || a.end.is_some() {
        return Err(RuleError::illegal("CSW-AUC-4", "the entry round is over"));
    }
    match card {
        Some(r) => {
            if table.players[seat].hand.get(r) == 0 {
                return Err(RuleError::illegal("CSW-AUC-4", format!("you hold no {r}")));
            }
            a.offers[seat] = Some(Cards::one(r));
            events.push(
                Event::new(
                    "auction_bid",
                    "CSW-AUC-4",
                    format!("Seat {} enters with 1 {r}, face up.", seat_id(seat)),
                )
                .data(json!({"seat": seat_id(seat), "card": r})),
            );
        }
        None => {
            events.push(Event::new(
                "auction_pass",
                "CSW-AUC-4",
                format!("Seat {} passes.", seat_id(seat)),
            ));
        }
    }
    a.entry_next += 1;
    if a.entry_next < a.order.len() {
        a.to_act = a.order[a.entry_next];
        return Ok(());
    }
    let entrants: Vec<usize> = a
        .order
        .iter()
        .copied()
        .filter(|s| a.offers[*s].is_some())
        .collect();
    match entrants.len() {
        0 => a.end = Some(AuctionEnd::Nobody),
        1 => a.end = Some(AuctionEnd::OnlyBidder { seat: entrants[0] }),
        _ => {
            a.bidding = true;
            a.to_act = entrants[1];
            events.push(Event::new(
                "auction_bidding",
                "CSW-AUC-6",
                format!(
                    "Both entered: seat {} may raise or stand first.",
                    seat_id(entrants[1])
                ),
            ));
        }
    }
    Ok(())
}

/// Bidding round: raise strictly ahead (CSW-AUC-6, -7, -8).
pub fn raise(
    table: &Table,
    a: &mut Auction,
    seat: usize,
    cards: &Cards,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !a.bidding || a.end.is_some() {
        return Err(RuleError::illegal(
            "CSW-AUC-6",
            "raising is only possible once both players have entered",
        ));
    }
    if cards.is_empty() {
        return Err(RuleError::illegal(
            "CSW-AUC-6",
            "a raise lays at least one more card",
        ));
    }
    let mine = a.offers[seat].unwrap_or_default();
    let new = mine.plus(cards);
    if !table.players[seat].hand.contains(&new) {
        return Err(RuleError::illegal(
            "CSW-AUC-8",
            "you do not hold those cards besides the ones already offered",
        ));
    }
    let other = total(&a.offers[1 - seat]);
    if new.total() <= other {
        return Err(RuleError::illegal(
            "CSW-AUC-6",
            format!("your offer must go strictly above {other} cards"),
        ));
    }
    a.offers[seat] = Some(new);
    a.stood = None;
    a.to_act = 1 - seat;
    events.push(
        Event::new(
            "auction_raise",
            "CSW-AUC-6",
            format!(
                "Seat {} raises to {} cards ({}).",
                seat_id(seat),
                new.total(),
                new.describe()
            ),
        )
        .data(json!({"seat": seat_id(seat), "offer": new})),
    );
    Ok(())
}

/// Bidding round: stand (CSW-AUC-6).
pub fn stand(a: &mut Auction, seat: usize, events: &mut Vec<Event>) -> Result<(), RuleError> {
    if !a.bidding || a.end.is_some() {
        return Err(RuleError::illegal(
            "CSW-AUC-6",
            "standing is only possible once both players have entered",
        ));
    }
    let (mine, other) = (total(&a.offers[seat]), total(&a.offers[1 - seat]));
    if mine < other {
        a.end = Some(AuctionEnd::HigherOffer { seat: 1 - seat });
        events.push(Event::new(
            "auction_stand",
            "CSW-AUC-6",
            format!(
                "Seat {} stands while behind: seat {} has the higher offer.",
                seat_id(seat),
                seat_id(1 - seat)
            ),
        ));
    } else if a.stood == Some(1 - seat) {
        a.end = Some(AuctionEnd::Tie);
        events.push(Event::new(
            "auction_stand",
            "CSW-AUC-9",
            format!(
                "Seat {} stands too: the offers are tied at {mine} cards.",
                seat_id(seat)
            ),
        ));
    } else {
        a.stood = Some(seat);
        a.to_act = 1 - seat;
        events.push(Event::new(
            "auction_stand",
            "CSW-AUC-6",
            format!("Seat {} stands at equal offers.", seat_id(seat)),
        ));
    }
    Ok(())
}
