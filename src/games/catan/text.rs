//! Sentences of the shared core: events, Part A decisions, move labels, and
//! the helpers every Catan game's texts use (cards, places, seats). English
//! now; `Lang::De` renders English until the German texts come (issue 18).

use super::board::Colour;
use super::cards::{Bundle, CardKind};
use super::data::{DevCard, HarbourKind, Resource, Terrain};
use super::events::*;
use super::moves::{CoreMove, DevMove};
use super::table::{RobberCause, TableDecision};
use crate::engine::text::{count, join_list};
use crate::engine::{Lang, Seat, TextCx};

/// A card kind as a noun (`brick`, `trade monopoly`).
pub fn kind_name<K: CardKind>(k: K) -> String {
    k.id().replace('_', " ")
}

/// Cards as a list: `2 brick and 1 ore`, or `nothing`.
pub fn cards_text<K: CardKind>(b: &Bundle<K>, lang: Lang) -> String {
    let parts: Vec<String> = b
        .iter()
        .map(|(k, n)| format!("{n} {}", kind_name(k)))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        join_list(&parts, lang)
    }
}

/// Card kinds as a list: `brick, wool or ore`.
pub fn kinds_text<K: CardKind>(ks: &[K]) -> String {
    let names: Vec<String> = ks.iter().map(|k| kind_name(*k)).collect();
    match names.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub fn terrain_name(t: Terrain) -> &'static str {
    t.name()
}

pub fn harbour_name(h: HarbourKind) -> String {
    match h.resource() {
        None => "3:1 harbour".into(),
        Some(r) => format!("2:1 {} harbour", r.name()),
    }
}

pub fn dev_card_name(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "knight",
        DevCard::VictoryPoint => "victory point card",
        DevCard::RoadBuilding => "road building card",
        DevCard::YearOfPlenty => "year of plenty card",
        DevCard::Monopoly => "monopoly card",
    }
}

/// A hex as a sentence names it: `the mountains 8 at (2,0)`.
pub fn hex_text(h: &HexInfo) -> String {
    match h.token {
        Some(t) => format!("the {} {t} at {}", h.terrain.name(), h.hex),
        None => format!("the {} at {}", h.terrain.name(), h.hex),
    }
}

/// A colour as a sentence names it: a seat by its name, a neutral or
/// fictive colour by its id.
pub fn colour_name(c: Colour, cx: &TextCx<'_>) -> String {
    match c.seat() {
        Some(s) => cx.seat_name(s),
        None => match c {
            Colour::N1 | Colour::N2 => format!("neutral {}", c.id()),
            _ => format!("fictive player {}", c.id()),
        },
    }
}

/// Whose points: a seat's list joined.
fn seats_cards<K: CardKind>(list: &[SeatCards<K>], cx: &TextCx<'_>) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|s| {
            format!(
                "{} receives {}",
                cx.seat_name(s.seat),
                cards_text(&s.cards, cx.lang)
            )
        })
        .collect();
    join_list(&parts, cx.lang)
}

impl<K: CardKind> crate::engine::Describe for BaseEvent<K> {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let n = |s: Seat| cx.seat_name(s);
        match self {
            BaseEvent::TerrainsShuffled { .. } => {
                "The terrain hexes were shuffled onto the island.".into()
            }
            BaseEvent::TokensOnSpiral { start, fallback } => {
                if *fallback {
                    format!("1000 shuffles all put red numbers side by side, so the number tokens were laid in letter order along the spiral from the {} corner.", start.name())
                } else {
                    format!(
                        "The number tokens were laid in letter order along the spiral from the {} corner.",
                        start.name()
                    )
                }
            }
            BaseEvent::TokensShuffled => {
                "The number tokens were shuffled onto the island with no two red numbers side by side.".into()
            }
            BaseEvent::HarboursShuffled { .. } => {
                "The harbours were shuffled onto their 9 places.".into()
            }
            BaseEvent::FirstPlayerRollOff {
                rounds,
                first,
                capped,
            } => {
                let r: Vec<String> = rounds
                    .iter()
                    .map(|r| {
                        format!(
                            "{} {} against {} {}",
                            n(Seat(0)),
                            r.a.iter().map(|d| u32::from(*d)).sum::<u32>(),
                            n(Seat(1)),
                            r.b.iter().map(|d| u32::from(*d)).sum::<u32>()
                        )
                    })
                    .collect();
                if *capped {
                    format!(
                        "Roll-off for the first player ({}): 20 ties in a row, so {} starts.",
                        r.join("; "),
                        n(*first)
                    )
                } else {
                    format!(
                        "Roll-off for the first player ({}): {} starts.",
                        r.join("; "),
                        n(*first)
                    )
                }
            }
            BaseEvent::FirstPlayerChosen { first } => format!("{} starts.", n(*first)),
            BaseEvent::SetupBuilding {
                seat,
                vertex,
                building,
                received,
            } => {
                let what = match building {
                    super::board::BuildingKind::Settlement => "settlement",
                    super::board::BuildingKind::City => "city",
                };
                match received {
                    Some(got) => format!(
                        "{} places a set-up {what} at {vertex} and receives {}.",
                        n(*seat),
                        cards_text(got, cx.lang)
                    ),
                    None => format!("{} places a set-up {what} at {vertex}.", n(*seat)),
                }
            }
            BaseEvent::SetupRoad { seat, edge } => {
                format!("{} places a set-up road on {edge}.", n(*seat))
            }
            BaseEvent::SetupDone { first } => {
                format!("Set-up is complete; {} begins turn 1.", n(*first))
            }
            BaseEvent::TurnStarted { turn, seat } => {
                format!("Turn {turn}: {} to roll.", n(*seat))
            }
            BaseEvent::RolledSeven { seat } => {
                format!("{} rolled a 7: nothing is produced.", n(*seat))
            }
            BaseEvent::Production {
                sum,
                hexes,
                blocked,
                received,
                short,
            } => {
                let mut t = format!("The dice show {sum}: {}", seats_cards(received, cx));
                if !hexes.is_empty() {
                    let hs: Vec<String> = hexes.iter().map(hex_text).collect();
                    t.push_str(&format!(" (from {})", join_list(&hs, cx.lang)));
                }
                if let Some(b) = blocked {
                    t.push_str(&format!("; the robber blocks {}", hex_text(b)));
                }
                if !short.is_empty() {
                    t.push_str(&format!(
                        "; the bank is short of {}, so it pays only what the rules allow",
                        kinds_text(short)
                    ));
                }
                t.push('.');
                t
            }
            BaseEvent::DiscardsOwed { owed, limit } => {
                if owed.is_empty() {
                    format!(
                        "Nobody holds more than {} and nobody discards.",
                        count(*limit, "card", "cards")
                    )
                } else {
                    let parts: Vec<String> = owed
                        .iter()
                        .map(|o| {
                            format!(
                                "{} must discard {}",
                                n(o.seat),
                                count(o.count, "card", "cards")
                            )
                        })
                        .collect();
                    format!("{}.", capitalise(&join_list(&parts, cx.lang)))
                }
            }
            BaseEvent::Discarded { seat, cards } => {
                format!("{} discards {}.", n(*seat), cards_text(cards, cx.lang))
            }
            BaseEvent::RobberMoved { seat, hex, removed } => {
                if *removed {
                    format!(
                        "{} moves the robber onto the removed hex {}.",
                        n(*seat),
                        hex.hex
                    )
                } else {
                    format!("{} moves the robber to {}.", n(*seat), hex_text(hex))
                }
            }
            BaseEvent::NoTheft { .. } => "Nobody at that hex can be robbed.".into(),
            BaseEvent::Theft {
                thief,
                victim,
                to_bank,
            } => {
                if *to_bank {
                    format!(
                        "A random card of {} goes back to the bank.",
                        n(*victim)
                    )
                } else {
                    format!("{} steals a random card from {}.", n(*thief), n(*victim))
                }
            }
            BaseEvent::CardStolen {
                thief,
                victim,
                card,
                to_bank,
            } => {
                if *to_bank {
                    format!(
                        "The card {} loses to the bank is 1 {}.",
                        n(*victim),
                        kind_name(*card)
                    )
                } else {
                    format!(
                        "{} takes 1 {} from {}.",
                        n(*thief),
                        kind_name(*card),
                        n(*victim)
                    )
                }
            }
            BaseEvent::RoadBuilt { seat, edge } => format!("{} builds a road on {edge}.", n(*seat)),
            BaseEvent::SettlementBuilt { seat, vertex } => {
                format!("{} builds a settlement at {vertex}.", n(*seat))
            }
            BaseEvent::CityBuilt { seat, vertex } => {
                format!("{} builds a city at {vertex}.", n(*seat))
            }
            BaseEvent::MaritimeTrade {
                seat,
                give,
                gave,
                get,
                got,
                rate,
            } => format!(
                "{} trades {gave} {} with the bank for {got} {} ({rate}:1).",
                n(*seat),
                kind_name(*give),
                kind_name(*get)
            ),
            BaseEvent::TradeOffered {
                seat,
                to,
                give,
                want,
            } => format!(
                "{} offers {} {} for {}.",
                n(*seat),
                n(*to),
                cards_text(give, cx.lang),
                cards_text(want, cx.lang)
            ),
            BaseEvent::TradeAnswered { seat, accepted } => format!(
                "{} {} the offer.",
                n(*seat),
                if *accepted { "accepts" } else { "rejects" }
            ),
            BaseEvent::TurnEnded { seat } => format!("{} ends the turn.", n(*seat)),
            BaseEvent::LongestRoad {
                previous: _,
                holder,
                lengths,
            } => match holder {
                Some(c) => {
                    let len = lengths
                        .iter()
                        .find(|l| l.colour == *c)
                        .map(|l| l.length)
                        .unwrap_or(0);
                    format!(
                        "Longest Road goes to {} ({}).",
                        colour_name(*c, cx),
                        count(len, "road", "roads")
                    )
                }
                None => "Longest Road is set aside: no single colour has the longest road of 5 or more.".into(),
            },
        }
    }
}

impl crate::engine::Describe for PartAEvent {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let n = |s: Seat| cx.seat_name(s);
        match self {
            PartAEvent::TableReady => "The robber stands on the desert, the bank holds 19 of each resource and the 25 development cards are ready.".into(),
            PartAEvent::DevelopmentCardBought { seat } => {
                format!("{} buys a development card.", n(*seat))
            }
            PartAEvent::DevelopmentCardDrawn { seat, card } => format!(
                "{} draws a {}.",
                n(*seat),
                dev_card_name(*card)
            ),
            PartAEvent::KnightPlayed { seat } => format!("{} plays a knight.", n(*seat)),
            PartAEvent::RoadBuildingPlayed { seat, edges } => {
                let es: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
                format!(
                    "{} plays road building and places {} on {}.",
                    n(*seat),
                    count(edges.len() as u32, "free road", "free roads"),
                    join_list(&es, cx.lang)
                )
            }
            PartAEvent::YearOfPlenty { seat, took } => format!(
                "{} plays year of plenty and takes {} from the bank.",
                n(*seat),
                cards_text(took, cx.lang)
            ),
            PartAEvent::MonopolyPlayed {
                seat,
                resource,
                from,
                count: c,
            } => format!(
                "{} plays a monopoly on {}: {} hands over {c}.",
                n(*seat),
                resource.name(),
                n(*from)
            ),
            PartAEvent::LargestArmy {
                holder, knights, ..
            } => match holder {
                Some(s) => format!(
                    "Largest Army goes to {} ({}).",
                    n(*s),
                    count(
                        knights.iter().find(|k| k.seat == *s).map(|k| k.count).unwrap_or(0),
                        "knight",
                        "knights"
                    )
                ),
                None => "Largest Army is set aside: no single seat has the most knights (3 or more).".into(),
            },
            PartAEvent::GameWon { seat, points, .. } => format!(
                "{} reaches {} in their own turn and wins.",
                n(*seat),
                count(*points, "victory point", "victory points")
            ),
        }
    }
}

/// The robber's cause as the prompt says it.
pub fn cause_text(c: RobberCause) -> &'static str {
    match c {
        RobberCause::Seven => "a 7 was rolled",
        RobberCause::Knight => "you played a knight",
        RobberCause::Fictive => "the fictive player rolled a 7",
    }
}

impl crate::engine::Describe for TableDecision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let n = |s: Seat| cx.seat_name(s);
        match self {
            TableDecision::PlaceSetupSettlement { seat, round } => format!(
                "{}: place your {} set-up settlement.",
                n(*seat),
                if *round == 1 { "first" } else { "second" }
            ),
            TableDecision::PlaceSetupRoad { seat, settlement } => format!(
                "{}: place a road touching your settlement at {settlement}.",
                n(*seat)
            ),
            TableDecision::Roll { seat, turn } => format!(
                "{}: roll the dice for turn {turn} (you may play a development card first).",
                n(*seat)
            ),
            TableDecision::Main { seat, .. } => format!(
                "{}: build, buy a development card, trade, or end your turn.",
                n(*seat)
            ),
            TableDecision::Discard { seat, count: c } => format!(
                "{}: discard {} (a 7 was rolled).",
                n(*seat),
                count(*c, "card", "cards")
            ),
            TableDecision::MoveRobber { seat, cause } => {
                format!("{}: move the robber ({}).", n(*seat), cause_text(*cause))
            }
            TableDecision::RespondTrade {
                seat,
                from,
                give,
                want,
            } => format!(
                "{}: accept or reject the offer of {}: {} for your {}.",
                n(*seat),
                n(*from),
                cards_text(give, cx.lang),
                cards_text(want, cx.lang)
            ),
        }
    }
}

/// The label of a shared move; `free` names the fields a template leaves open.
pub fn core_label<K: CardKind>(mv: &CoreMove<K>, free: &[&str], lang: Lang) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        CoreMove::PlaceSetupSettlement { vertex } if !open("vertex") => {
            format!("Place a set-up settlement at {vertex}")
        }
        CoreMove::PlaceSetupSettlement { .. } => "Place a set-up settlement".into(),
        CoreMove::PlaceSetupRoad { edge } if !open("edge") => {
            format!("Place a set-up road on {edge}")
        }
        CoreMove::PlaceSetupRoad { .. } => "Place a set-up road".into(),
        CoreMove::Roll => "Roll the dice".into(),
        CoreMove::BuildRoad { edge } if !open("edge") => format!("Build a road on {edge}"),
        CoreMove::BuildRoad { .. } => "Build a road".into(),
        CoreMove::BuildSettlement { vertex } if !open("vertex") => {
            format!("Build a settlement at {vertex}")
        }
        CoreMove::BuildSettlement { .. } => "Build a settlement".into(),
        CoreMove::BuildCity { vertex } if !open("vertex") => format!("Build a city at {vertex}"),
        CoreMove::BuildCity { .. } => "Build a city".into(),
        CoreMove::MoveRobber { hex } if !open("hex") => format!("Move the robber to {hex}"),
        CoreMove::MoveRobber { .. } => "Move the robber".into(),
        CoreMove::Discard { cards } if !open("cards") => {
            format!("Discard {}", cards_text(cards, lang))
        }
        CoreMove::Discard { .. } => "Discard cards".into(),
        CoreMove::MaritimeTrade { give, get, times } => {
            if open("get") {
                format!("Trade {} with the bank", kind_name(*give))
            } else if open("times") {
                format!(
                    "Trade {} with the bank for {}",
                    kind_name(*give),
                    kind_name(*get)
                )
            } else {
                format!(
                    "Trade {} with the bank for {times} {}",
                    kind_name(*give),
                    kind_name(*get)
                )
            }
        }
        CoreMove::OfferTrade { give, want } if !open("give") && !open("want") => format!(
            "Offer {} for {}",
            cards_text(give, lang),
            cards_text(want, lang)
        ),
        CoreMove::OfferTrade { .. } => "Offer a trade to the other player".into(),
        CoreMove::RespondTrade { accept: true } => "Accept the offer".into(),
        CoreMove::RespondTrade { accept: false } => "Reject the offer".into(),
        CoreMove::EndTurn => "End your turn".into(),
    }
}

/// The label of a development-card move.
pub fn dev_label(mv: &DevMove, free: &[&str], lang: Lang) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        DevMove::BuyDevelopmentCard => "Buy a development card".into(),
        DevMove::PlayKnight => "Play a knight".into(),
        DevMove::PlayRoadBuilding { edges } if !open("edges") => {
            let es: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
            format!("Play road building: roads on {}", join_list(&es, lang))
        }
        DevMove::PlayRoadBuilding { .. } => "Play road building".into(),
        DevMove::PlayYearOfPlenty { resources } if !open("resources") => {
            let rs: Vec<String> = resources.iter().map(|r| r.name().to_string()).collect();
            format!("Play year of plenty: take {}", join_list(&rs, lang))
        }
        DevMove::PlayYearOfPlenty { .. } => "Play year of plenty".into(),
        DevMove::PlayMonopoly { resource } if !open("resource") => {
            format!("Play a monopoly on {}", resource.name())
        }
        DevMove::PlayMonopoly { .. } => "Play a monopoly".into(),
    }
}

/// A sentence starting with a capital letter.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A resource as a noun.
pub fn resource_name(r: Resource) -> &'static str {
    r.name()
}
