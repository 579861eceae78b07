//! Sentences of catan-shadow: events, decisions and move labels, rendered
//! from data in the request's language (English for now; `Lang::De`
//! renders English until the German texts come, issue 18).

use super::events::{DecidedBy, Decision, Event, KeepReason, OfferOutcome, StandResult};
use super::moves::{Move, ShadowMove};
use super::state::FictiveStage;
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Seat, TextCx};
use crate::games::catan::text::{cards_text, core_label, dev_label, hex_text};
use crate::games::catan::Colour;

fn fictive_name(c: Colour) -> String {
    format!("fictive player {}", c.id())
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let n = |s: Seat| cx.seat_name(s);
        match self {
            Event::FictivePlayers => "Two real players and two fictive players (f1 and f2) play; next, land is removed to make room for the fictive players.".into(),
            Event::RemovalRoll {
                sides,
                hexes,
                red_tokens,
            } => {
                let ss: Vec<String> = sides.iter().map(|s| s.name().to_string()).collect();
                let hs: Vec<String> = hexes.iter().map(hex_text).collect();
                format!(
                    "The removal roll names {} {}: {} would leave the island ({}), losing {}.",
                    if ss.len() == 1 { "side" } else { "sides" },
                    join_list(&ss, cx.lang),
                    count(hexes.len() as u32, "hex", "hexes"),
                    join_list(&hs, cx.lang),
                    count(*red_tokens, "red number", "red numbers")
                )
            }
            Event::RemovalRerolled { red_tokens, by_vote } => {
                if *by_vote {
                    "Both players agreed: the removal is rolled again.".into()
                } else {
                    format!(
                        "That would remove {}: the removal is rolled again.",
                        count(*red_tokens, "red number", "red numbers")
                    )
                }
            }
            Event::RemovalVote { seat, reroll } => format!(
                "{} votes {}.",
                n(*seat),
                if *reroll {
                    "to roll the removal again"
                } else {
                    "to keep this removal"
                }
            ),
            Event::RemovalKept { reason } => match reason {
                KeepReason::Policy => "This removal stands.".into(),
                KeepReason::Votes => "The players keep this removal.".into(),
                KeepReason::Limit => {
                    "The re-roll limit is reached: this removal stands.".into()
                }
            },
            Event::RemovalApplied {
                removed,
                playable_vertices,
                playable_edges,
                harbours_out,
                robber_on_removed_desert,
            } => {
                let mut t = format!(
                    "{} leave the island; {} and {} stay playable",
                    count(removed.len() as u32, "hex", "hexes"),
                    count(*playable_vertices, "intersection", "intersections"),
                    count(*playable_edges, "path", "paths")
                );
                if harbours_out.is_empty() {
                    t.push_str("; every harbour stays in play");
                } else {
                    let hs: Vec<String> = harbours_out.iter().map(|h| h.to_string()).collect();
                    t.push_str(&if harbours_out.len() == 1 {
                        format!("; the harbour at position {} is out of play", hs[0])
                    } else {
                        format!(
                            "; the harbours at positions {} are out of play",
                            join_list(&hs, cx.lang)
                        )
                    });
                }
                if *robber_on_removed_desert {
                    t.push_str("; the robber starts on the removed desert");
                }
                t.push('.');
                t
            }
            Event::FictiveTurnStarts { fictive, runner } => format!(
                "{} now runs a turn for {}.",
                n(*runner),
                fictive_name(*fictive)
            ),
            Event::FictiveRoll { fictive, runner, sum } => format!(
                "{} rolls {sum} for {}.",
                n(*runner),
                fictive_name(*fictive)
            ),
            Event::RobberChooser { chooser, vp, rolloff } => {
                if rolloff.is_empty() {
                    let mine = vp.iter().find(|v| v.seat == *chooser).map(|v| v.count).unwrap_or(0);
                    let theirs = vp.iter().find(|v| v.seat != *chooser).map(|v| v.count).unwrap_or(0);
                    format!(
                        "{} has fewer points ({mine} to {theirs}) and places the robber.",
                        n(*chooser)
                    )
                } else {
                    format!(
                        "Both players have the same points; after a roll-off {} places the robber.",
                        n(*chooser)
                    )
                }
            }
            Event::RemovedHexResource {
                seat,
                face,
                resource,
                bank_empty,
            } => match resource {
                Some(r) => format!(
                    "The resource die shows {face}: {} takes 1 {} from the bank.",
                    n(*seat),
                    r.name()
                ),
                None if *bank_empty => format!(
                    "The resource die shows {face}, but the bank has none of that resource: {} gets nothing.",
                    n(*seat)
                ),
                None => format!(
                    "The resource die shows {face}: {} gets nothing.",
                    n(*seat)
                ),
            },
            Event::MonopolyBonus {
                seat,
                resource,
                bonus,
                received,
            } => {
                if received < bonus {
                    format!(
                        "The fictive players owe {} {} {} more, but the bank holds only {received}.",
                        n(*seat),
                        bonus,
                        resource.name()
                    )
                } else {
                    format!(
                        "The fictive players hand {} {} {} more (from the bank).",
                        n(*seat),
                        bonus,
                        resource.name()
                    )
                }
            }
            Event::FictiveOffer {
                fictive,
                face,
                resource,
                outcome,
            } => match (outcome, resource) {
                (OfferOutcome::Offered, Some(r)) => format!(
                    "The offer die shows {face}: {} offers 1 {}.",
                    fictive_name(*fictive),
                    r.name()
                ),
                (OfferOutcome::BankEmpty, Some(r)) => format!(
                    "The offer die shows {face} ({}), but the bank has no {}: nothing is offered.",
                    r.name(),
                    r.name()
                ),
                _ => format!(
                    "The offer die shows {face}: {} offers nothing this round.",
                    fictive_name(*fictive)
                ),
            },
            Event::AuctionOpen { resource, order, .. } => {
                if order.is_empty() {
                    format!(
                        "Nobody may bid for the {} (8 or more points, or no resource cards).",
                        resource.name()
                    )
                } else {
                    let ns: Vec<String> = order.iter().map(|s| n(*s)).collect();
                    format!(
                        "The auction for 1 {} is open; in this order: {}.",
                        resource.name(),
                        join_list(&ns, cx.lang)
                    )
                }
            }
            Event::AuctionBid { seat, card } => format!(
                "{} enters the auction with 1 {}, face up.",
                n(*seat),
                card.name()
            ),
            Event::AuctionPass { seat } => format!("{} stays out of the auction.", n(*seat)),
            Event::AuctionBidding { first } => format!(
                "Both entered: {} may raise or stand first.",
                n(*first)
            ),
            Event::AuctionRaise { seat, offer } => format!(
                "{} raises to {} ({}).",
                n(*seat),
                count(offer.total(), "card", "cards"),
                cards_text(offer, cx.lang)
            ),
            Event::AuctionStand { seat, result } => match result {
                StandResult::Behind => format!(
                    "{} stands while behind: the other player has the higher offer.",
                    n(*seat)
                ),
                StandResult::Level => format!("{} stands at equal offers.", n(*seat)),
                StandResult::Tied => {
                    format!("{} stands too: the offers are tied.", n(*seat))
                }
            },
            Event::AuctionResult {
                winner, decided_by, ..
            } => match winner {
                None => "Nobody entered the auction.".into(),
                Some(w) => format!(
                    "{} wins the auction{}.",
                    n(*w),
                    match decided_by {
                        DecidedBy::OnlyBidder => " as the only bidder",
                        DecidedBy::HigherOffer => " with the higher offer",
                        DecidedBy::FewerPoints => ": equal offers, and fewer points",
                        DecidedBy::RollOff => ": equal offers and equal points, after a roll-off",
                        DecidedBy::Nobody => "",
                    }
                ),
            },
            Event::AuctionSettled {
                seat,
                paid,
                received,
            } => match received {
                Some(r) => format!(
                    "{} pays {} to the bank and takes 1 {}.",
                    n(*seat),
                    cards_text(paid, cx.lang),
                    r.name()
                ),
                None => format!(
                    "{} pays {} to the bank, but the bank has no card left to give.",
                    n(*seat),
                    cards_text(paid, cx.lang)
                ),
            },
            Event::FictiveTurnEnd { fictive, next } => format!(
                "The turn of {} ends; {} is next.",
                fictive_name(*fictive),
                n(*next)
            ),
            Event::Base(e) => e.describe(cx),
            Event::PartA(e) => e.describe(cx),
        }
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let n = |s: Seat| cx.seat_name(s);
        match self {
            Decision::RollRemoval => {
                "Ask the bot to roll which sides of the island lose their land.".into()
            }
            Decision::RemovalVote { seat, red_tokens } => format!(
                "{}: roll the removal again? It would remove {}.",
                n(*seat),
                count(*red_tokens, "red number", "red numbers")
            ),
            Decision::DecideRemoval { reroll } => {
                if *reroll {
                    "Ask the bot to roll the removal again.".into()
                } else {
                    "Ask the bot to take the land out and find the first player.".into()
                }
            }
            Decision::FictiveTurn {
                fictive,
                runner,
                stage,
            } => format!(
                "Ask the bot for {} of {} ({} runs this fictive turn).",
                match stage {
                    FictiveStage::Roll => "the production roll",
                    FictiveStage::Chooser => "the choice of who places the robber",
                    FictiveStage::Offer => "the offer die",
                    FictiveStage::Close => "the end of the auction",
                    _ => "the next step",
                },
                fictive_name(*fictive),
                n(*runner)
            ),
            Decision::AuctionEnter { seat, resource } => format!(
                "{}: enter the auction for 1 {} with one card laid face up, or pass.",
                n(*seat),
                resource.name()
            ),
            Decision::AuctionRaise {
                seat,
                resource,
                mine,
                theirs,
            } => format!(
                "{}: raise your offer for the {} above {} (you offer {}), or stand.",
                n(*seat),
                resource.name(),
                count(*theirs, "card", "cards"),
                mine
            ),
            Decision::GameOver { winner, scores } => {
                let parts: Vec<String> = scores
                    .iter()
                    .map(|s| format!("{} {}", n(s.seat), count(s.total, "point", "points")))
                    .collect();
                match winner {
                    Some(w) => format!("{} wins with {}.", n(*w), join_list(&parts, cx.lang)),
                    None => format!("The game is over: {}.", join_list(&parts, cx.lang)),
                }
            }
            Decision::Table(d) => d.describe(cx),
        }
    }
}

/// The label of a legal move; `free` names the fields a template leaves open.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match mv {
        Move::Core(m) => core_label(m, free, cx.lang),
        Move::Dev(m) => dev_label(m, free, cx.lang),
        Move::Shadow(m) => match m {
            ShadowMove::RemovalVote { reroll: true } => "Vote to roll the removal again".into(),
            ShadowMove::RemovalVote { reroll: false } => "Vote to keep this removal".into(),
            ShadowMove::AuctionBid { card } if !free.contains(&"card") => {
                format!("Enter the auction with 1 {}", card.name())
            }
            ShadowMove::AuctionBid { .. } => "Enter the auction with one card".into(),
            ShadowMove::AuctionPass => "Stay out of the auction".into(),
            ShadowMove::AuctionRaise { cards } if !free.contains(&"cards") => {
                format!("Raise by {}", cards_text(cards, cx.lang))
            }
            ShadowMove::AuctionRaise { .. } => "Raise your offer".into(),
            ShadowMove::AuctionStand => "Stand".into(),
        },
    }
}
