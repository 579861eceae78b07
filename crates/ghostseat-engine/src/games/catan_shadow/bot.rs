//! The bot: the chance steps of the set-up removal and of every fictive
//! turn (catan-shadow §6). It makes no free choice: every step is chance or
//! a rule with one outcome; the human seats make the decisions.

use super::events::{DecidedBy, Event, OfferOutcome};
use super::flow::{end_fictive, finish_setup};
use super::removal;
use super::state::{Auction, AuctionEnd, FictiveStage, FictiveTurn, Stage, State};
use super::text::TableDie;
use crate::engine::{NeedWords, RuleError, Seat, Turn};
use crate::games::catan::board::SEATS;
use crate::games::catan::events::SeatCount;
use crate::games::catan::table::{roll_off, Pending, RobberCause, Table};
use crate::games::catan::Resource;

/// Runs what is due: the removal, or the fictive turn's chance steps until
/// a human decision is needed or the fictive turn ends.
pub fn bot_turn(st: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    match st.stage {
        Stage::Removal | Stage::RemovalDecided { reroll: true } => {
            if st.stage != Stage::Removal {
                st.removal.rerolls += 1;
                let red = st
                    .removal
                    .rolls
                    .last()
                    .map(|r| r.red_tokens_lost)
                    .unwrap_or(0);
                turn.emit(
                    "CSW-SETUP-8",
                    Event::RemovalRerolled {
                        red_tokens: red,
                        by_vote: true,
                    },
                );
            }
            let decided =
                removal::roll_until_decided(&st.options, &st.table.board, &mut st.removal, turn)?;
            if decided {
                finish_setup(st, turn)?;
            } else {
                st.stage = Stage::RemovalVote { seat: Seat(0) };
            }
        }
        Stage::RemovalDecided { reroll: false } => {
            removal::keep(&mut st.removal, turn, super::events::KeepReason::Votes);
            finish_setup(st, turn)?;
        }
        Stage::RemovalVote { .. } => {
            return Err(RuleError::out_of_turn(
                "CSW-SETUP-8",
                super::refusals::Refusal::Voting,
            ))
        }
        Stage::Play => {
            let Some(mut ft) = st.fictive.take() else {
                return Err(RuleError::out_of_turn(
                    "CSW-TURN-3",
                    super::refusals::Refusal::NoFictiveTurn,
                ));
            };
            let rd = st.options.resource_die;
            let ended = run(&mut st.table, &mut ft, &rd, turn)?;
            if !ended {
                st.fictive = Some(ft);
            }
        }
    }
    Ok(())
}

/// What a stage of the fictive turn leaves to `run`: go on with the next
/// stage, wait for a human decision, or the fictive turn has ended.
enum Flow {
    Next,
    Waits,
    Ended,
}

/// Runs the chance steps of a fictive turn from its current stage until a
/// human decision is needed or the turn ends. Returns true when it ended.
pub fn run(
    table: &mut Table,
    ft: &mut FictiveTurn,
    resource_die: &[Resource; 5],
    turn: &mut Turn<'_, Event>,
) -> Result<bool, RuleError> {
    loop {
        let flow = match ft.stage {
            FictiveStage::Roll => fictive_roll(table, ft, turn)?,
            FictiveStage::Chooser => robber_chooser(table, ft, turn)?,
            FictiveStage::Offer => offer(table, ft, resource_die, turn)?,
            FictiveStage::Close => {
                close_auction(table, ft, turn)?;
                end_fictive(table, ft, turn);
                Flow::Ended
            }
            // Human stages: nothing for the bot to do.
            FictiveStage::Discards | FictiveStage::Robber | FictiveStage::Auction => Flow::Waits,
        };
        match flow {
            Flow::Next => {}
            Flow::Waits => return Ok(false),
            Flow::Ended => return Ok(true),
        }
    }
}

/// The fictive roll for the runner (CSW-FIC-2): production as usual, or on
/// a 7 the discards (CSW-FIC-3) and then the robber's chooser.
fn fictive_roll(
    table: &mut Table,
    ft: &mut FictiveTurn,
    turn: &mut Turn<'_, Event>,
) -> Result<Flow, RuleError> {
    let fictive = ft.fictive;
    let words = (1..=2)
        .map(|n| NeedWords::new(TableDie::FictiveRoll { fictive, n }))
        .collect();
    let v = turn.chance.roll_as(6, "CAT-RNG-2", words)?;
    let d = [v[0], v[1]];
    ft.roll = Some(d);
    turn.emit(
        "CSW-FIC-2",
        Event::FictiveRoll {
            fictive: ft.fictive,
            runner: ft.runner,
            sum: d[0] + d[1],
        },
    )
    .dice(&d);
    if d[0] + d[1] != 7 {
        table.produce(d, "CSW-FIC-2", turn);
        ft.stage = FictiveStage::Offer;
        return Ok(Flow::Next);
    }
    table.queue_discards(ft.runner, "CSW-FIC-3", turn);
    if table.pending.is_empty() {
        ft.stage = FictiveStage::Chooser;
        Ok(Flow::Next)
    } else {
        ft.stage = FictiveStage::Discards;
        Ok(Flow::Waits)
    }
}

/// The seat with fewer visible points moves the robber, a roll-off on a
/// tie (CSW-FIC-4); the move is left to that seat.
fn robber_chooser(
    table: &mut Table,
    ft: &mut FictiveTurn,
    turn: &mut Turn<'_, Event>,
) -> Result<Flow, RuleError> {
    let vp = [table.visible_vp(Seat(0)), table.visible_vp(Seat(1))];
    let (chooser, rounds) = if vp[0] != vp[1] {
        (if vp[0] < vp[1] { Seat(0) } else { Seat(1) }, Vec::new())
    } else {
        let (w, r, _) = roll_off(turn, 1, "CAT-RNG-2")?;
        (w, r)
    };
    let dice = crate::games::catan::events::RollOffRound::dice(&rounds);
    turn.emit(
        "CSW-FIC-4",
        Event::RobberChooser {
            chooser,
            vp: SEATS
                .iter()
                .map(|s| SeatCount {
                    seat: *s,
                    count: vp[s.index()],
                })
                .collect(),
            rolloff: rounds,
        },
    )
    .dice(&dice);
    ft.chooser = Some(chooser);
    table.pending.push(Pending::Robber {
        seat: chooser,
        cause: RobberCause::Fictive,
    });
    ft.stage = FictiveStage::Robber;
    Ok(Flow::Waits)
}

/// The resource die offers a card from the bank (CSW-AUC-1); a 6 or an
/// empty bank pile ends the fictive turn (CSW-AUC-2), otherwise the
/// auction opens.
fn offer(
    table: &mut Table,
    ft: &mut FictiveTurn,
    resource_die: &[Resource; 5],
    turn: &mut Turn<'_, Event>,
) -> Result<Flow, RuleError> {
    let words = NeedWords::new(TableDie::Offer {
        fictive: ft.fictive,
        faces: *resource_die,
    });
    let face = turn.chance.roll_as(6, "CAT-RNG-2", vec![words])?[0];
    ft.offer_die = Some(face);
    let resource = (face != 6).then(|| resource_die[face as usize - 1]);
    let (rule, outcome) = match resource {
        None => ("CSW-AUC-1", OfferOutcome::Six),
        Some(r) if table.bank.resources.get(r) == 0 => ("CSW-AUC-2", OfferOutcome::BankEmpty),
        Some(_) => ("CSW-AUC-1", OfferOutcome::Offered),
    };
    turn.emit(
        rule,
        Event::FictiveOffer {
            fictive: ft.fictive,
            face,
            resource,
            outcome,
        },
    )
    .dice(&[face]);
    match (resource, outcome) {
        (Some(r), OfferOutcome::Offered) => Ok(open_auction(table, ft, r, turn)),
        _ => {
            end_fictive(table, ft, turn);
            Ok(Flow::Ended)
        }
    }
}

/// The auction opens to the runner, then the other seat, each only with
/// fewer than 8 visible points and a card in hand (CSW-AUC-3); with nobody
/// to bid the fictive turn ends.
fn open_auction(
    table: &mut Table,
    ft: &mut FictiveTurn,
    resource: Resource,
    turn: &mut Turn<'_, Event>,
) -> Flow {
    ft.offer = Some(resource);
    let order: Vec<Seat> = [ft.runner, crate::games::catan::board::other(ft.runner)]
        .into_iter()
        .filter(|s| table.visible_vp(*s) < 8 && table.player(*s).hand.total() > 0)
        .collect();
    turn.emit(
        "CSW-AUC-3",
        Event::AuctionOpen {
            resource,
            order: order.clone(),
            vp: SEATS
                .iter()
                .map(|s| SeatCount {
                    seat: *s,
                    count: table.visible_vp(*s),
                })
                .collect(),
        },
    );
    if order.is_empty() {
        end_fictive(table, ft, turn);
        return Flow::Ended;
    }
    ft.auction = Some(Auction {
        resource,
        to_act: order[0],
        order,
        entry_next: 0,
        offers: [None, None],
        bidding: false,
        stood: None,
        end: None,
    });
    ft.stage = FictiveStage::Auction;
    Flow::Waits
}

/// CSW-AUC-5, -6, -9, -10: the winner, the tie-break and the settlement.
fn close_auction(
    table: &mut Table,
    ft: &mut FictiveTurn,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let Some(a) = ft.auction.clone() else {
        return Ok(());
    };
    let (winner, how, rounds) = match a.end.unwrap_or(AuctionEnd::Nobody) {
        AuctionEnd::Nobody => {
            turn.emit(
                "CSW-AUC-4",
                Event::AuctionResult {
                    winner: None,
                    decided_by: DecidedBy::Nobody,
                    rolloff: Vec::new(),
                },
            );
            return Ok(());
        }
        AuctionEnd::OnlyBidder { seat } => (seat, DecidedBy::OnlyBidder, Vec::new()),
        AuctionEnd::HigherOffer { seat } => (seat, DecidedBy::HigherOffer, Vec::new()),
        AuctionEnd::Tie => {
            let (va, vb) = (table.visible_vp(Seat(0)), table.visible_vp(Seat(1)));
            if va != vb {
                (
                    if va < vb { Seat(0) } else { Seat(1) },
                    DecidedBy::FewerPoints,
                    Vec::new(),
                )
            } else {
                let (w, rounds, _) = roll_off(turn, 1, "CAT-RNG-2")?;
                (w, DecidedBy::RollOff, rounds)
            }
        }
    };
    let paid = a.offer(winner);
    let rule = match how {
        DecidedBy::OnlyBidder => "CSW-AUC-5",
        DecidedBy::HigherOffer => "CSW-AUC-6",
        _ => "CSW-AUC-9",
    };
    let p = table.player_mut(winner);
    p.hand = p.hand.minus(&paid).unwrap_or_default();
    table.bank.resources = table.bank.resources.plus(&paid);
    let got = table.bank.resources.take(a.resource, 1);
    if got {
        table.player_mut(winner).hand.add(a.resource, 1);
    }
    let dice = crate::games::catan::events::RollOffRound::dice(&rounds);
    turn.emit(
        rule,
        Event::AuctionResult {
            winner: Some(winner),
            decided_by: how,
            rolloff: rounds,
        },
    )
    .dice(&dice);
    turn.emit(
        "CSW-AUC-10",
        Event::AuctionSettled {
            seat: winner,
            paid,
            received: got.then_some(a.resource),
        },
    );
    Ok(())
}
