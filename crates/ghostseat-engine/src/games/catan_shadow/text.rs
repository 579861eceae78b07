//! Sentences of catan-shadow: events, decisions and move labels, rendered
//! from data in the request's language (English and German; the
//! German terms are those of `rulebook.toml`).

use super::events::{DecidedBy, Decision, Event, KeepReason, OfferOutcome, StandResult};
use super::moves::{Move, ShadowMove};
use super::state::FictiveStage;
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};
use crate::games::catan::place::Case;
use crate::games::catan::text::{
    cards_text, cards_text_de, compass_de, core_label, dev_label, hex_text, hex_text_de,
    kind_name_de, resource_name, resource_name_de,
};
use crate::games::catan::{Colour, Resource};

fn fictive_name(c: Colour) -> String {
    format!("fictive player {}", fictive_number(c))
}

/// A fictive player's number, as on its pieces on the board ("1" for `f1`).
fn fictive_number(c: Colour) -> &'static str {
    c.id().trim_start_matches('f')
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        if cx.lang == Lang::De {
            return event_de(self, cx);
        }
        let n = |s: Seat| cx.seat_name(s);
        match self {
            Event::FictivePlayers => "Two real players and two fictive players (1 and 2) play; next, land is removed to make room for the fictive players.".into(),
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
        if cx.lang == Lang::De {
            return decision_de(self, cx);
        }
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

/// The label of a legal move of `state`: the places of the shared moves are
/// read by what lies there.
pub fn label_in(state: &super::State, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match mv {
        Move::Core(m) => {
            crate::games::catan::text::core_label_on(&state.table.board, m, free, cx.lang)
        }
        _ => label(mv, free, cx),
    }
}

/// The label of a legal move; `free` names the fields a template leaves open.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    if cx.lang == Lang::De {
        return label_de(mv, free);
    }
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

// ---------------------------------------------------------------------
// German
// ---------------------------------------------------------------------

/// A fictive player in the accusative: `den fiktiven Spieler 1`.
fn fictive_acc(c: Colour) -> String {
    format!("den fiktiven Spieler {}", fictive_number(c))
}

/// A fictive player in the genitive: `des fiktiven Spielers 1`.
fn fictive_gen(c: Colour) -> String {
    format!("des fiktiven Spielers {}", fictive_number(c))
}

/// Red number tokens in the accusative: `1 roten Zahlenchip`.
fn red_acc(n: u32) -> String {
    count(n, "roten Zahlenchip", "rote Zahlenchips")
}

fn felder(n: u32) -> String {
    count(n, "Feld", "Felder")
}

fn karten(n: u32) -> String {
    count(n, "Karte", "Karten")
}

/// An event in German; `cx` carries the German seat names.
fn event_de(e: &Event, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    match e {
        Event::FictivePlayers => "Zwei reale Spieler und zwei fiktive Spieler (1 und 2) spielen mit; als Nächstes wird Land entfernt, um Platz für die fiktiven Spieler zu schaffen.".into(),
        Event::RemovalRoll {
            sides,
            hexes,
            red_tokens,
        } => {
            let ss: Vec<String> = sides.iter().map(|s| compass_de(s.name())).collect();
            let hs: Vec<String> = hexes.iter().map(|h| hex_text_de(h, Case::Nom)).collect();
            format!(
                "Das Auswürfeln der Felder ergibt {} {}: {} {} die Insel verlassen ({}), darunter {}.",
                if ss.len() == 1 { "die Seite" } else { "die Seiten" },
                join_list(&ss, Lang::De),
                felder(hexes.len() as u32),
                if hexes.len() == 1 { "würde" } else { "würden" },
                join_list(&hs, Lang::De),
                count(*red_tokens, "roter Zahlenchip", "rote Zahlenchips")
            )
        }
        Event::RemovalRerolled { red_tokens, by_vote } => {
            if *by_vote {
                "Beide Spieler sind sich einig: Die Felder werden neu ausgewürfelt.".into()
            } else {
                format!(
                    "Das würde {} entfernen: Die Felder werden neu ausgewürfelt.",
                    red_acc(*red_tokens)
                )
            }
        }
        Event::RemovalVote { seat, reroll } => format!(
            "{} stimmt dafür, {}.",
            n(*seat),
            if *reroll {
                "die Felder neu auszuwürfeln"
            } else {
                "diese Entfernung beizubehalten"
            }
        ),
        Event::RemovalKept { reason } => match reason {
            KeepReason::Policy => "Diese Entfernung bleibt bestehen.".into(),
            KeepReason::Votes => "Die Spieler behalten diese Entfernung bei.".into(),
            KeepReason::Limit => {
                "Die Grenze für neues Auswürfeln ist erreicht: Diese Entfernung bleibt bestehen."
                    .into()
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
                "{} {} die Insel; {} und {} bleiben bespielbar",
                felder(removed.len() as u32),
                if removed.len() == 1 { "verlässt" } else { "verlassen" },
                count(*playable_vertices, "Kreuzung", "Kreuzungen"),
                count(*playable_edges, "Kante", "Kanten")
            );
            if harbours_out.is_empty() {
                t.push_str("; alle Häfen bleiben im Spiel");
            } else {
                let hs: Vec<String> = harbours_out.iter().map(|h| h.to_string()).collect();
                t.push_str(&if harbours_out.len() == 1 {
                    format!("; der Hafen an Position {} ist aus dem Spiel", hs[0])
                } else {
                    format!(
                        "; die Häfen an den Positionen {} sind aus dem Spiel",
                        join_list(&hs, Lang::De)
                    )
                });
            }
            if *robber_on_removed_desert {
                t.push_str("; der Räuber beginnt auf der entfernten Wüste");
            }
            t.push('.');
            t
        }
        Event::FictiveTurnStarts { fictive, runner } => format!(
            "{} führt jetzt einen Spielzug für {} aus.",
            n(*runner),
            fictive_acc(*fictive)
        ),
        Event::FictiveRoll {
            fictive,
            runner,
            sum,
        } => format!(
            "{} würfelt {sum} für {}.",
            n(*runner),
            fictive_acc(*fictive)
        ),
        Event::RobberChooser {
            chooser,
            vp,
            rolloff,
        } => {
            if rolloff.is_empty() {
                let mine = vp
                    .iter()
                    .find(|v| v.seat == *chooser)
                    .map(|v| v.count)
                    .unwrap_or(0);
                let theirs = vp
                    .iter()
                    .find(|v| v.seat != *chooser)
                    .map(|v| v.count)
                    .unwrap_or(0);
                format!(
                    "{} hat weniger Siegpunkte ({mine} zu {theirs}) und versetzt den Räuber.",
                    n(*chooser)
                )
            } else {
                format!(
                    "Beide Spieler haben gleich viele Siegpunkte; nach dem Würfeln bei Gleichstand versetzt {} den Räuber.",
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
                "Der Rohstoffwürfel zeigt {face}: {} nimmt 1 {} aus der Bank.",
                n(*seat),
                resource_name_de(*r)
            ),
            None if *bank_empty => format!(
                "Der Rohstoffwürfel zeigt {face}, aber die Bank hat diesen Rohstoff nicht mehr: {} erhält nichts.",
                n(*seat)
            ),
            None => format!(
                "Der Rohstoffwürfel zeigt {face}: {} erhält nichts.",
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
                    "Die fiktiven Spieler schulden {} noch {} {}, aber die Bank hat nur {received}.",
                    n(*seat),
                    bonus,
                    resource_name_de(*resource)
                )
            } else {
                format!(
                    "Die fiktiven Spieler geben {} zusätzlich {} {} (aus der Bank).",
                    n(*seat),
                    bonus,
                    resource_name_de(*resource)
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
                "Der Würfel für das Angebot zeigt {face}: Der fiktive Spieler {} bietet 1 {} an.",
                fictive_number(*fictive),
                resource_name_de(*r)
            ),
            (OfferOutcome::BankEmpty, Some(r)) => format!(
                "Der Würfel für das Angebot zeigt {face} ({}), aber die Bank hat diesen Rohstoff nicht mehr: Es wird nichts angeboten.",
                resource_name_de(*r)
            ),
            _ => format!(
                "Der Würfel für das Angebot zeigt {face}: Der fiktive Spieler {} bietet in dieser Runde nichts an.",
                fictive_number(*fictive)
            ),
        },
        Event::AuctionOpen {
            resource, order, ..
        } => {
            if order.is_empty() {
                format!(
                    "Niemand darf auf {} bieten (8 oder mehr Siegpunkte oder keine Rohstoffkarten).",
                    resource_name_de(*resource)
                )
            } else {
                let ns: Vec<String> = order.iter().map(|s| n(*s)).collect();
                format!(
                    "Die Versteigerung von 1 {} ist eröffnet, in dieser Reihenfolge: {}.",
                    resource_name_de(*resource),
                    join_list(&ns, Lang::De)
                )
            }
        }
        Event::AuctionBid { seat, card } => format!(
            "{} steigt mit 1 {} (offen ausgelegt) in die Versteigerung ein.",
            n(*seat),
            kind_name_de(*card)
        ),
        Event::AuctionPass { seat } => format!("{} passt.", n(*seat)),
        Event::AuctionBidding { first } => format!(
            "Beide sind eingestiegen: {} darf zuerst erhöhen oder stehen bleiben.",
            n(*first)
        ),
        Event::AuctionRaise { seat, offer } => format!(
            "{} erhöht auf {} ({}).",
            n(*seat),
            karten(offer.total()),
            cards_text_de(offer)
        ),
        Event::AuctionStand { seat, result } => match result {
            StandResult::Behind => format!(
                "{} bleibt zurückliegend stehen: Der andere Spieler hat das höhere Angebot.",
                n(*seat)
            ),
            StandResult::Level => {
                format!("{} bleibt bei gleich hohem Angebot stehen.", n(*seat))
            }
            StandResult::Tied => format!(
                "Auch {} bleibt stehen: Die Angebote sind gleich hoch.",
                n(*seat)
            ),
        },
        Event::AuctionResult {
            winner, decided_by, ..
        } => match winner {
            None => "Niemand ist in die Versteigerung eingestiegen.".into(),
            Some(w) => format!(
                "{} erhält den Zuschlag{}.",
                n(*w),
                match decided_by {
                    DecidedBy::OnlyBidder => " als einziger Bieter",
                    DecidedBy::HigherOffer => " mit dem höheren Angebot",
                    DecidedBy::FewerPoints => ": gleich hohe Angebote, aber weniger Siegpunkte",
                    DecidedBy::RollOff => {
                        ": gleich hohe Angebote und gleich viele Siegpunkte, nach dem Würfeln bei Gleichstand"
                    }
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
                "{} zahlt {} an die Bank und erhält 1 {}.",
                n(*seat),
                cards_text_de(paid),
                resource_name_de(*r)
            ),
            None => format!(
                "{} zahlt {} an die Bank, aber die Bank hat keine Karte mehr zu vergeben.",
                n(*seat),
                cards_text_de(paid)
            ),
        },
        Event::FictiveTurnEnd { fictive, next } => format!(
            "Der Spielzug {} endet; {} ist an der Reihe.",
            fictive_gen(*fictive),
            n(*next)
        ),
        Event::Base(e) => e.describe(cx),
        Event::PartA(e) => e.describe(cx),
    }
}

/// A decision in German; `cx` carries the German seat names.
fn decision_de(d: &Decision, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    match d {
        Decision::RollRemoval => {
            "Bitte den Bot auszuwürfeln, an welchen Seiten der Insel Land entfernt wird.".into()
        }
        Decision::RemovalVote { seat, red_tokens } => format!(
            "{}: Felder neu auswürfeln? Diese Entfernung würde {} entfernen.",
            n(*seat),
            red_acc(*red_tokens)
        ),
        Decision::DecideRemoval { reroll } => {
            if *reroll {
                "Bitte den Bot, die Felder neu auszuwürfeln.".into()
            } else {
                "Bitte den Bot, das Land zu entfernen und den Startspieler zu ermitteln.".into()
            }
        }
        Decision::FictiveTurn {
            fictive,
            runner,
            stage,
        } => format!(
            "Bitte den Bot um {} im Spielzug {} ({} führt diesen fiktiven Spielzug aus).",
            match stage {
                FictiveStage::Roll => "den Ertragswurf",
                FictiveStage::Chooser => "die Entscheidung, wer den Räuber versetzt,",
                FictiveStage::Offer => "den Wurf für das Angebot",
                FictiveStage::Close => "das Ende der Versteigerung",
                _ => "den nächsten Schritt",
            },
            fictive_gen(*fictive),
            n(*runner)
        ),
        Decision::AuctionEnter { seat, resource } => format!(
            "{}: Steig mit einer offen ausgelegten Karte in die Versteigerung von 1 {} ein oder passe.",
            n(*seat),
            resource_name_de(*resource)
        ),
        Decision::AuctionRaise {
            seat,
            resource,
            mine,
            theirs,
        } => format!(
            "{}: Erhöhe dein Angebot für {} auf mehr als {} (du bietest {}) oder bleib stehen.",
            n(*seat),
            resource_name_de(*resource),
            karten(*theirs),
            mine
        ),
        Decision::GameOver { winner, scores } => {
            let parts: Vec<String> = scores
                .iter()
                .map(|s| {
                    format!(
                        "{} {}",
                        n(s.seat),
                        count(s.total, "Siegpunkt", "Siegpunkte")
                    )
                })
                .collect();
            match winner {
                Some(w) => format!("{} gewinnt: {}.", n(*w), join_list(&parts, Lang::De)),
                None => format!("Das Spiel ist vorbei: {}.", join_list(&parts, Lang::De)),
            }
        }
        Decision::Table(d) => d.describe(cx),
    }
}

/// The German label of a legal move.
fn label_de(mv: &Move, free: &[&str]) -> String {
    match mv {
        Move::Core(m) => core_label(m, free, Lang::De),
        Move::Dev(m) => dev_label(m, free, Lang::De),
        Move::Shadow(m) => match m {
            ShadowMove::RemovalVote { reroll: true } => {
                "Dafür stimmen, die Felder neu auszuwürfeln".into()
            }
            ShadowMove::RemovalVote { reroll: false } => {
                "Dafür stimmen, diese Entfernung beizubehalten".into()
            }
            ShadowMove::AuctionBid { card } if !free.contains(&"card") => {
                format!(
                    "Mit 1 {} in die Versteigerung einsteigen",
                    kind_name_de(*card)
                )
            }
            ShadowMove::AuctionBid { .. } => {
                "Mit einer Karte in die Versteigerung einsteigen".into()
            }
            ShadowMove::AuctionPass => "Passen".into(),
            ShadowMove::AuctionRaise { cards } if !free.contains(&"cards") => {
                format!("Um {} erhöhen", cards_text_de(cards))
            }
            ShadowMove::AuctionRaise { .. } => "Angebot erhöhen".into(),
            ShadowMove::AuctionStand => "Stehen bleiben".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SeatInfo;
    use crate::games::catan::events::BaseEvent;
    use crate::games::catan::moves::CoreMove;
    use crate::games::catan::{Cards, Resource};

    fn seats() -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("a", "Player A", "Spieler A"),
            SeatInfo::human("b", "Player B", "Spieler B"),
        ]
    }

    #[test]
    fn german_sentences_read_right() {
        let seats = seats();
        let cx = TextCx::new(Lang::De, &seats);
        let e = Event::FictiveTurnStarts {
            fictive: Colour::F1,
            runner: Seat(0),
        };
        assert_eq!(
            e.describe(&cx),
            "Spieler A führt jetzt einen Spielzug für den fiktiven Spieler 1 aus."
        );
        let e = Event::FictiveTurnEnd {
            fictive: Colour::F2,
            next: Seat(1),
        };
        assert_eq!(
            e.describe(&cx),
            "Der Spielzug des fiktiven Spielers 2 endet; Spieler B ist an der Reihe."
        );
        let e = Event::AuctionBid {
            seat: Seat(1),
            card: Resource::Ore,
        };
        assert_eq!(
            e.describe(&cx),
            "Spieler B steigt mit 1 Erz (offen ausgelegt) in die Versteigerung ein."
        );
        let mut cards = Cards::default();
        cards.add(Resource::Brick, 2);
        cards.add(Resource::Ore, 1);
        let e = Event::Base(BaseEvent::Discarded {
            seat: Seat(0),
            cards,
        });
        assert_eq!(e.describe(&cx), "Spieler A wirft 2 Lehm und 1 Erz ab.");
        let d = Decision::AuctionEnter {
            seat: Seat(0),
            resource: Resource::Wool,
        };
        assert_eq!(
            d.describe(&cx),
            "Spieler A: Steig mit einer offen ausgelegten Karte in die Versteigerung von 1 Wolle ein oder passe."
        );
        let d = Decision::RemovalVote {
            seat: Seat(1),
            red_tokens: 1,
        };
        assert_eq!(
            d.describe(&cx),
            "Spieler B: Felder neu auswürfeln? Diese Entfernung würde 1 roten Zahlenchip entfernen."
        );
        assert_eq!(
            label(&Move::Shadow(ShadowMove::AuctionRaise { cards }), &[], &cx),
            "Um 2 Lehm und 1 Erz erhöhen"
        );
        assert_eq!(
            label(&Move::Core(CoreMove::EndTurn), &[], &cx),
            "Spielzug beenden"
        );
        // The English and the seat names on the wire stay as they are.
        let en = TextCx::new(Lang::En, &seats);
        assert_eq!(
            Event::AuctionPass { seat: Seat(0) }.describe(&en),
            "Player A stays out of the auction."
        );
    }
}

/// A die the table rolls in Catan Shadow, with whose it is and what it
/// decides (CAT-RNG-2).
#[derive(Debug, Clone, Copy)]
pub enum TableDie {
    /// Die `n` of the two removal dice: which sides of the island lose land.
    Removal { n: u8 },
    /// Die `n` of a fictive player's two production dice (CSW-FIC-2).
    FictiveRoll { fictive: Colour, n: u8 },
    /// A fictive player's offer die (CSW-AUC-1): faces 1–5 name a resource.
    Offer {
        fictive: Colour,
        faces: [Resource; 5],
    },
    /// The resource die of a removed hex (CSW-ROB-2, CSW-ROB-3, CSW-FIC-6).
    Resource { faces: [Resource; 5] },
    /// Die `n` of the two dice of the fictive players' monopoly share (CSW-MONO-2).
    Monopoly { n: u8 },
}

/// A fictive player by number ("fictive player 1").
fn fictive_no(c: Colour) -> u8 {
    if c == Colour::F2 {
        2
    } else {
        1
    }
}

impl crate::engine::NeedText for TableDie {
    fn label(&self, cx: &TextCx<'_>) -> String {
        let de = cx.lang == Lang::De;
        let of2 = |n| crate::games::catan::text::die_of(n, 2, cx.lang);
        match *self {
            TableDie::Removal { n } if de => format!(
                "Würfel für das Auswürfeln der Felder (welche Seiten der Insel Land verlieren), {}",
                of2(n)
            ),
            TableDie::Removal { n } => format!(
                "Removal dice (which sides of the island lose land), {}",
                of2(n)
            ),
            TableDie::FictiveRoll { fictive, n } if de => format!(
                "Ertragswürfel des fiktiven Spielers {}, {}",
                fictive_no(fictive),
                of2(n)
            ),
            TableDie::FictiveRoll { fictive, n } => format!(
                "Production dice of fictive player {}, {}",
                fictive_no(fictive),
                of2(n)
            ),
            TableDie::Offer { fictive, .. } if de => format!(
                "Würfel für das Angebot des fiktiven Spielers {}",
                fictive_no(fictive)
            ),
            TableDie::Offer { fictive, .. } => {
                format!("Offer die of fictive player {}", fictive_no(fictive))
            }
            TableDie::Resource { .. } if de => {
                "Rohstoffwürfel (welcher Rohstoff aus der Bank kommt)".into()
            }
            TableDie::Resource { .. } => "Resource die (which resource comes from the bank)".into(),
            TableDie::Monopoly { n } if de => format!(
                "Würfel für den Anteil der fiktiven Spieler am Monopol, {}",
                of2(n)
            ),
            TableDie::Monopoly { n } => {
                format!("Dice of the fictive players' monopoly share, {}", of2(n))
            }
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        let face: usize = value.parse().ok()?;
        let de = cx.lang == Lang::De;
        let (TableDie::Offer { faces, .. } | TableDie::Resource { faces }) = self else {
            return None;
        };
        let said = match faces.get(face.checked_sub(1)?) {
            Some(r) if de => resource_name_de(*r).to_string(),
            Some(r) => resource_name(*r).to_string(),
            None if de => "nichts".into(),
            None => "nothing".into(),
        };
        Some(format!("{face}: {said}"))
    }
}
