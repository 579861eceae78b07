//! Sentences of the shared core: events, Part A decisions, move labels, and
//! the helpers every Catan game's texts use (cards, places, seats), in
//! English and German (the German terms are the rulebooks').

use super::board::Colour;
use super::cards::{Bundle, CardKind};
use super::data::{DevCard, HarbourKind, Resource, Terrain};
use super::events::*;
use super::moves::{CoreMove, DevMove};
use super::place::{Case, Place};
use super::table::{RobberCause, TableDecision};
use crate::engine::text::{count, join_list};
use crate::engine::{Lang, Seat, TextCx};

/// A card kind as a noun (`brick`, `trade monopoly`).
pub fn kind_name<K: CardKind>(k: K) -> String {
    kind_id_name(k.id())
}

/// A card kind named by its id as a noun (`brick`, `trade monopoly`).
pub fn kind_id_name(id: &str) -> String {
    id.replace('_', " ")
}

/// Cards as a list: `2 brick and 1 ore`, or `nothing`.
pub fn cards_text<K: CardKind>(b: &Bundle<K>, lang: Lang) -> String {
    if lang == Lang::De {
        return cards_text_de(b);
    }
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

/// A place as an English sentence names it; events of old sessions carry
/// only its coordinates.
pub fn place_en(place: &Option<Place>, id: &impl std::fmt::Display) -> String {
    match place {
        Some(p) => p.en(),
        None => id.to_string(),
    }
}

/// A place in German in `case`; events of old sessions carry only its
/// coordinates.
pub fn place_de(place: &Option<Place>, case: Case, id: &impl std::fmt::Display) -> String {
    match place {
        Some(p) => p.de(case),
        None => id.to_string(),
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

/// A hex as a sentence names it: `the mountains (8)` (it read
/// `the mountains 8 at (2,0)` before).
pub fn hex_text(h: &HexInfo) -> String {
    Place::from(*h).en()
}

/// A colour as a sentence names it: a seat by its name, a neutral or
/// fictive colour by its number, as its pieces show it ("neutral party 1").
pub fn colour_name(c: Colour, cx: &TextCx<'_>) -> String {
    match c.seat() {
        Some(s) => cx.seat_name(s),
        None => match c {
            Colour::N1 | Colour::N2 => format!("neutral party {}", pair_number(c)),
            _ => format!("fictive player {}", pair_number(c)),
        },
    }
}

/// A neutral or fictive colour's number, as the page draws it on its pieces
/// ("1" for `n1` and `f1`).
pub fn pair_number(c: Colour) -> &'static str {
    c.id().trim_start_matches(['n', 'f'])
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
        if cx.lang == Lang::De {
            return base_event_de(self, cx);
        }
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
                place,
            } => {
                let what = match building {
                    super::board::BuildingKind::Settlement => "settlement",
                    super::board::BuildingKind::City => "city",
                };
                let vertex = place_en(place, vertex);
                match received {
                    Some(got) => format!(
                        "{} places a set-up {what} at {vertex} and receives {}.",
                        n(*seat),
                        cards_text(got, cx.lang)
                    ),
                    None => format!("{} places a set-up {what} at {vertex}.", n(*seat)),
                }
            }
            BaseEvent::SetupRoad { seat, edge, place } => {
                format!(
                    "{} places a set-up road on {}.",
                    n(*seat),
                    place_en(place, edge)
                )
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
                        "{} moves the robber onto {}, a removed hex.",
                        n(*seat),
                        hex_text(hex)
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
            BaseEvent::RoadBuilt { seat, edge, place } => {
                format!("{} builds a road on {}.", n(*seat), place_en(place, edge))
            }
            BaseEvent::SettlementBuilt {
                seat,
                vertex,
                place,
            } => {
                format!(
                    "{} builds a settlement at {}.",
                    n(*seat),
                    place_en(place, vertex)
                )
            }
            BaseEvent::CityBuilt {
                seat,
                vertex,
                place,
            } => {
                format!("{} builds a city at {}.", n(*seat), place_en(place, vertex))
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
        if cx.lang == Lang::De {
            return part_a_event_de(self, cx);
        }
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
            PartAEvent::RoadBuildingPlayed {
                seat,
                edges,
                places,
            } => {
                let es: Vec<String> = if places.len() == edges.len() {
                    places.iter().map(Place::en).collect()
                } else {
                    edges.iter().map(|e| e.to_string()).collect()
                };
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
        if cx.lang == Lang::De {
            return table_decision_de(self, cx);
        }
        let n = |s: Seat| cx.seat_name(s);
        match self {
            TableDecision::PlaceSetupSettlement { seat, round } => format!(
                "{}: place your {} set-up settlement.",
                n(*seat),
                if *round == 1 { "first" } else { "second" }
            ),
            TableDecision::PlaceSetupRoad { seat, .. } => format!(
                "{}: place a road touching the settlement you just placed.",
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
    if lang == Lang::De {
        return core_label_de(mv, free);
    }
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
    if lang == Lang::De {
        return dev_label_de(mv, free);
    }
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

pub use crate::engine::text::capitalise;

/// A resource as a noun.
pub fn resource_name(r: Resource) -> &'static str {
    r.name()
}

// ---------------------------------------------------------------------
// German: the terms of the German edition, as the rulebooks
// use them. The English above stays as it is.
// ---------------------------------------------------------------------

/// A card kind as a German noun (`Lehm`, `Erz`); kinds without a German
/// name fall back to their id.
pub fn kind_name_de<K: CardKind>(k: K) -> String {
    kind_id_name_de(k.id())
}

/// A card kind named by its id as a German noun (`Lehm`, `Tuch`); kinds
/// without a German name fall back to their id.
pub fn kind_id_name_de(id: &str) -> String {
    match id {
        "brick" => "Lehm".into(),
        "lumber" => "Holz".into(),
        "wool" => "Wolle".into(),
        "grain" => "Getreide".into(),
        "ore" => "Erz".into(),
        "cloth" => "Tuch".into(),
        "coin" => "Münze".into(),
        "paper" => "Papier".into(),
        other => other.replace('_', " "),
    }
}

/// A resource as a German noun.
pub fn resource_name_de(r: Resource) -> &'static str {
    match r {
        Resource::Brick => "Lehm",
        Resource::Lumber => "Holz",
        Resource::Wool => "Wolle",
        Resource::Grain => "Getreide",
        Resource::Ore => "Erz",
    }
}

/// Cards as a German list: `2 Lehm und 1 Erz`, or `nichts`.
pub fn cards_text_de<K: CardKind>(b: &Bundle<K>) -> String {
    let parts: Vec<String> = b
        .iter()
        .map(|(k, n)| format!("{n} {}", kind_name_de(k)))
        .collect();
    if parts.is_empty() {
        "nichts".into()
    } else {
        join_list(&parts, Lang::De)
    }
}

/// Card kinds as a German list: `Lehm, Wolle oder Erz`.
pub fn kinds_text_de<K: CardKind>(ks: &[K]) -> String {
    let names: Vec<String> = ks.iter().map(|k| kind_name_de(*k)).collect();
    match names.as_slice() {
        [] => "nichts".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} oder {last}", rest.join(", ")),
    }
}

/// A terrain as a German noun (`Gebirge`).
pub fn terrain_name_de(t: Terrain) -> &'static str {
    match t {
        Terrain::Forest => "Wald",
        Terrain::Pasture => "Weideland",
        Terrain::Fields => "Ackerland",
        Terrain::Hills => "Hügelland",
        Terrain::Mountains => "Gebirge",
        Terrain::Desert => "Wüste",
    }
}

/// A compass name in German (`NE` → `NO`).
pub fn compass_de(s: &str) -> String {
    s.replace('E', "O")
}

/// A hex as a German sentence names it, with its article in `case`: `das
/// Gebirge (8)`, `dem Wald (6)` (it read `Feld Gebirge 8 bei
/// (2,0)` before).
pub fn hex_text_de(h: &HexInfo, case: Case) -> String {
    Place::from(*h).de(case)
}

/// A development card in German, with its indefinite article in the
/// accusative (`eine Ritterkarte`).
pub fn dev_card_name_de(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "eine Ritterkarte",
        DevCard::VictoryPoint => "eine Siegpunktkarte",
        DevCard::RoadBuilding => "eine Straßenbaukarte",
        DevCard::YearOfPlenty => "eine Erfindungskarte",
        DevCard::Monopoly => "eine Monopolkarte",
    }
}

/// A colour in German, in the accusative (`an Spieler A`, `an den fiktiven
/// Spieler 1`): a seat by its name, a neutral or fictive colour by its number.
fn colour_name_de_acc(c: Colour, cx: &TextCx<'_>) -> String {
    match c.seat() {
        Some(s) => cx.seat_name(s),
        None => match c {
            Colour::N1 | Colour::N2 => format!("die neutrale Partei {}", pair_number(c)),
            _ => format!("den fiktiven Spieler {}", pair_number(c)),
        },
    }
}

fn seats_cards_de<K: CardKind>(list: &[SeatCards<K>], cx: &TextCx<'_>) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|s| {
            format!(
                "{} erhält {}",
                cx.seat_name(s.seat),
                cards_text_de(&s.cards)
            )
        })
        .collect();
    join_list(&parts, Lang::De)
}

fn karten(n: u32) -> String {
    count(n, "Karte", "Karten")
}

/// A shared event in German.
pub fn base_event_de<K: CardKind>(e: &BaseEvent<K>, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    match e {
        BaseEvent::TerrainsShuffled { .. } => {
            "Die Landfelder wurden gemischt und auf die Insel gelegt.".into()
        }
        BaseEvent::TokensOnSpiral { start, fallback } => {
            if *fallback {
                format!("Bei 1000 Mischungen lagen stets rote Zahlen nebeneinander, daher wurden die Zahlenchips in Buchstabenfolge spiralförmig ab der Ecke {} ausgelegt.", compass_de(start.name()))
            } else {
                format!(
                    "Die Zahlenchips wurden in Buchstabenfolge spiralförmig ab der Ecke {} ausgelegt.",
                    compass_de(start.name())
                )
            }
        }
        BaseEvent::TokensShuffled => {
            "Die Zahlenchips wurden gemischt ausgelegt, ohne dass zwei rote Zahlen nebeneinander liegen.".into()
        }
        BaseEvent::HarboursShuffled { .. } => {
            "Die Häfen wurden gemischt auf ihre 9 Plätze gelegt.".into()
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
                        "{} {} gegen {} {}",
                        n(Seat(0)),
                        r.a.iter().map(|d| u32::from(*d)).sum::<u32>(),
                        n(Seat(1)),
                        r.b.iter().map(|d| u32::from(*d)).sum::<u32>()
                    )
                })
                .collect();
            if *capped {
                format!(
                    "Würfeln um den Startspieler ({}): 20 Gleichstände in Folge, daher beginnt {}.",
                    r.join("; "),
                    n(*first)
                )
            } else {
                format!(
                    "Würfeln um den Startspieler ({}): {} beginnt.",
                    r.join("; "),
                    n(*first)
                )
            }
        }
        BaseEvent::FirstPlayerChosen { first } => format!("{} beginnt.", n(*first)),
        BaseEvent::SetupBuilding {
            seat,
            vertex,
            building,
            received,
            place,
        } => {
            let what = match building {
                super::board::BuildingKind::Settlement => "eine Siedlung",
                super::board::BuildingKind::City => "eine Stadt",
            };
            let vertex = place_de(place, Case::Acc, vertex);
            match received {
                Some(got) => format!(
                    "{} setzt beim Aufbau {what} auf {vertex} und erhält {}.",
                    n(*seat),
                    cards_text_de(got)
                ),
                None => format!("{} setzt beim Aufbau {what} auf {vertex}.", n(*seat)),
            }
        }
        BaseEvent::SetupRoad { seat, edge, place } => {
            format!(
                "{} setzt beim Aufbau eine Straße auf {}.",
                n(*seat),
                place_de(place, Case::Acc, edge)
            )
        }
        BaseEvent::SetupDone { first } => {
            format!(
                "Der Aufbau ist abgeschlossen; {} beginnt Spielzug 1.",
                n(*first)
            )
        }
        BaseEvent::TurnStarted { turn, seat } => {
            format!("Spielzug {turn}: {} würfelt.", n(*seat))
        }
        BaseEvent::RolledSeven { seat } => {
            format!(
                "{} hat eine 7 gewürfelt: Es gibt keinen Rohstoffertrag.",
                n(*seat)
            )
        }
        BaseEvent::Production {
            sum,
            hexes,
            blocked,
            received,
            short,
        } => {
            let mut t = if received.is_empty() {
                format!("Die Würfel zeigen {sum}: Niemand erhält etwas")
            } else {
                format!("Die Würfel zeigen {sum}: {}", seats_cards_de(received, cx))
            };
            if !hexes.is_empty() {
                let hs: Vec<String> = hexes
                    .iter()
                    .map(|h| hex_text_de(h, Case::Dat))
                    .collect();
                t.push_str(&format!(" (aus {})", join_list(&hs, Lang::De)));
            }
            if let Some(b) = blocked {
                t.push_str(&format!(
                    "; der Räuber blockiert {}",
                    hex_text_de(b, Case::Acc)
                ));
            }
            if !short.is_empty() {
                t.push_str(&format!(
                    "; der Bank fehlt {}, daher zahlt sie nur, was die Regeln erlauben",
                    kinds_text_de(short)
                ));
            }
            t.push('.');
            t
        }
        BaseEvent::DiscardsOwed { owed, limit } => {
            if owed.is_empty() {
                format!(
                    "Niemand hat mehr als {}, niemand wirft ab.",
                    karten(*limit)
                )
            } else {
                let parts: Vec<String> = owed
                    .iter()
                    .map(|o| format!("{} muss {} abwerfen", n(o.seat), karten(o.count)))
                    .collect();
                format!("{}.", capitalise(&join_list(&parts, Lang::De)))
            }
        }
        BaseEvent::Discarded { seat, cards } => {
            format!("{} wirft {} ab.", n(*seat), cards_text_de(cards))
        }
        BaseEvent::RobberMoved { seat, hex, removed } => {
            if *removed {
                format!(
                    "{} versetzt den Räuber auf {}, ein entferntes Feld.",
                    n(*seat),
                    hex_text_de(hex, Case::Acc)
                )
            } else {
                format!(
                    "{} versetzt den Räuber auf {}.",
                    n(*seat),
                    hex_text_de(hex, Case::Acc)
                )
            }
        }
        BaseEvent::NoTheft { .. } => {
            "An diesem Feld kann niemand bestohlen werden.".into()
        }
        BaseEvent::Theft {
            thief,
            victim,
            to_bank,
        } => {
            if *to_bank {
                format!(
                    "Eine zufällige Karte von {} geht zurück an die Bank.",
                    n(*victim)
                )
            } else {
                format!(
                    "{} stiehlt {} eine zufällige Karte.",
                    n(*thief),
                    n(*victim)
                )
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
                    "Die Karte, die {} an die Bank verliert, ist 1 {}.",
                    n(*victim),
                    kind_name_de(*card)
                )
            } else {
                format!(
                    "{} nimmt {} 1 {} weg.",
                    n(*thief),
                    n(*victim),
                    kind_name_de(*card)
                )
            }
        }
        BaseEvent::RoadBuilt { seat, edge, place } => {
            format!(
                "{} baut eine Straße auf {}.",
                n(*seat),
                place_de(place, Case::Dat, edge)
            )
        }
        BaseEvent::SettlementBuilt {
            seat,
            vertex,
            place,
        } => {
            format!(
                "{} baut eine Siedlung auf {}.",
                n(*seat),
                place_de(place, Case::Dat, vertex)
            )
        }
        BaseEvent::CityBuilt {
            seat,
            vertex,
            place,
        } => {
            format!(
                "{} baut eine Stadt auf {}.",
                n(*seat),
                place_de(place, Case::Dat, vertex)
            )
        }
        BaseEvent::MaritimeTrade {
            seat,
            give,
            gave,
            get,
            got,
            rate,
        } => format!(
            "{} tauscht mit der Bank {gave} {} gegen {got} {} ({rate}:1).",
            n(*seat),
            kind_name_de(*give),
            kind_name_de(*get)
        ),
        BaseEvent::TradeOffered {
            seat,
            to,
            give,
            want,
        } => format!(
            "{} bietet {} {} für {} an.",
            n(*seat),
            n(*to),
            cards_text_de(give),
            cards_text_de(want)
        ),
        BaseEvent::TradeAnswered { seat, accepted } => format!(
            "{} {} das Angebot {}.",
            n(*seat),
            if *accepted { "nimmt" } else { "lehnt" },
            if *accepted { "an" } else { "ab" }
        ),
        BaseEvent::TurnEnded { seat } => format!("{} beendet den Spielzug.", n(*seat)),
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
                    "Die Längste Handelsstraße geht an {} ({}).",
                    colour_name_de_acc(*c, cx),
                    count(len, "Straße", "Straßen")
                )
            }
            None => "Die Längste Handelsstraße wird beiseitegelegt: Keine Farbe allein hat die längste Straße mit 5 oder mehr Straßen.".into(),
        },
    }
}

/// A Part A event in German.
pub fn part_a_event_de(e: &PartAEvent, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    match e {
        PartAEvent::TableReady => "Der Räuber steht auf der Wüste, die Bank hält von jedem Rohstoff 19 Karten und die 25 Entwicklungskarten liegen bereit.".into(),
        PartAEvent::DevelopmentCardBought { seat } => {
            format!("{} kauft eine Entwicklungskarte.", n(*seat))
        }
        PartAEvent::DevelopmentCardDrawn { seat, card } => {
            format!("{} zieht {}.", n(*seat), dev_card_name_de(*card))
        }
        PartAEvent::KnightPlayed { seat } => {
            format!("{} spielt eine Ritterkarte aus.", n(*seat))
        }
        PartAEvent::RoadBuildingPlayed {
            seat,
            edges,
            places,
        } => {
            let es: Vec<String> = if places.len() == edges.len() {
                places.iter().map(|p| p.de(Case::Acc)).collect()
            } else {
                edges.iter().map(|e| e.to_string()).collect()
            };
            format!(
                "{} spielt eine Straßenbaukarte aus und setzt {} auf {}.",
                n(*seat),
                count(
                    edges.len() as u32,
                    "kostenlose Straße",
                    "kostenlose Straßen"
                ),
                join_list(&es, Lang::De)
            )
        }
        PartAEvent::YearOfPlenty { seat, took } => format!(
            "{} spielt eine Erfindungskarte aus und nimmt {} aus der Bank.",
            n(*seat),
            cards_text_de(took)
        ),
        PartAEvent::MonopolyPlayed {
            seat,
            resource,
            from,
            count: c,
        } => format!(
            "{} spielt eine Monopolkarte auf {} aus: {} gibt {c} ab.",
            n(*seat),
            resource_name_de(*resource),
            n(*from)
        ),
        PartAEvent::LargestArmy {
            holder, knights, ..
        } => match holder {
            Some(s) => format!(
                "Die Größte Rittermacht geht an {} ({}).",
                n(*s),
                count(
                    knights
                        .iter()
                        .find(|k| k.seat == *s)
                        .map(|k| k.count)
                        .unwrap_or(0),
                    "Ritter",
                    "Ritter"
                )
            ),
            None => "Die Größte Rittermacht wird beiseitegelegt: Niemand allein hat die meisten Ritter (3 oder mehr).".into(),
        },
        PartAEvent::GameWon { seat, points, .. } => format!(
            "{} erreicht im eigenen Spielzug {} und gewinnt.",
            n(*seat),
            count(*points, "Siegpunkt", "Siegpunkte")
        ),
    }
}

/// The robber's cause as the German prompt says it.
pub fn cause_text_de(c: RobberCause) -> &'static str {
    match c {
        RobberCause::Seven => "eine 7 wurde gewürfelt",
        RobberCause::Knight => "du hast eine Ritterkarte ausgespielt",
        RobberCause::Fictive => "der fiktive Spieler hat eine 7 gewürfelt",
    }
}

/// A shared decision in German.
pub fn table_decision_de(d: &TableDecision, cx: &TextCx<'_>) -> String {
    let n = |s: Seat| cx.seat_name(s);
    match d {
        TableDecision::PlaceSetupSettlement { seat, round } => format!(
            "{}: Setze deine {} Siedlung für den Aufbau.",
            n(*seat),
            if *round == 1 { "erste" } else { "zweite" }
        ),
        TableDecision::PlaceSetupRoad { seat, .. } => format!(
            "{}: Setze eine Straße an die Siedlung, die du gerade gesetzt hast.",
            n(*seat)
        ),
        TableDecision::Roll { seat, turn } => format!(
            "{}: Würfle für Spielzug {turn} (du darfst vorher eine Entwicklungskarte ausspielen).",
            n(*seat)
        ),
        TableDecision::Main { seat, .. } => format!(
            "{}: Baue, kaufe eine Entwicklungskarte, handle oder beende deinen Spielzug.",
            n(*seat)
        ),
        TableDecision::Discard { seat, count: c } => format!(
            "{}: Wirf {} ab (eine 7 wurde gewürfelt).",
            n(*seat),
            karten(*c)
        ),
        TableDecision::MoveRobber { seat, cause } => format!(
            "{}: Versetze den Räuber ({}).",
            n(*seat),
            cause_text_de(*cause)
        ),
        TableDecision::RespondTrade {
            seat,
            from,
            give,
            want,
        } => format!(
            "{}: Nimm das Angebot von {} an oder lehne es ab: {} für deine {}.",
            n(*seat),
            n(*from),
            cards_text_de(give),
            cards_text_de(want)
        ),
    }
}

/// The label of a shared move on `board`: a place the move names is read
/// by what lies there ("Build a settlement at the corner of forest (6),
/// pasture (9) and the sea"); `free` names the fields a template leaves open.
pub fn core_label_on<K: CardKind, P: super::board::Piece>(
    board: &super::board::Board<P>,
    mv: &CoreMove<K>,
    free: &[&str],
    lang: Lang,
) -> String {
    let open = |f: &str| free.contains(&f);
    // The place, the English label before it, and the German label around
    // it with the case the preposition takes.
    let (place, en, (de_before, case, de_after)) = match mv {
        CoreMove::PlaceSetupSettlement { vertex } if !open("vertex") => (
            Place::corner(board, *vertex),
            "Place a set-up settlement at",
            ("Aufbau: Siedlung auf", Case::Acc, "setzen"),
        ),
        CoreMove::PlaceSetupRoad { edge } if !open("edge") => (
            Place::path(board, *edge),
            "Place a set-up road on",
            ("Aufbau: Straße auf", Case::Acc, "setzen"),
        ),
        CoreMove::BuildRoad { edge } if !open("edge") => (
            Place::path(board, *edge),
            "Build a road on",
            ("Straße auf", Case::Dat, "bauen"),
        ),
        CoreMove::BuildSettlement { vertex } if !open("vertex") => (
            Place::corner(board, *vertex),
            "Build a settlement at",
            ("Siedlung auf", Case::Dat, "bauen"),
        ),
        CoreMove::BuildCity { vertex } if !open("vertex") => (
            Place::corner(board, *vertex),
            "Build a city at",
            ("Stadt auf", Case::Dat, "bauen"),
        ),
        CoreMove::MoveRobber { hex } if !open("hex") => (
            Place::hex(board, *hex),
            "Move the robber to",
            ("Räuber auf", Case::Acc, "versetzen"),
        ),
        _ => return core_label(mv, free, lang),
    };
    match lang {
        Lang::De => format!("{de_before} {} {de_after}", place.de(case)),
        _ => format!("{en} {}", place.en()),
    }
}

/// The German label of a shared move.
pub fn core_label_de<K: CardKind>(mv: &CoreMove<K>, free: &[&str]) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        CoreMove::PlaceSetupSettlement { vertex } if !open("vertex") => {
            format!("Aufbau: Siedlung auf {vertex} setzen")
        }
        CoreMove::PlaceSetupSettlement { .. } => "Aufbau: Siedlung setzen".into(),
        CoreMove::PlaceSetupRoad { edge } if !open("edge") => {
            format!("Aufbau: Straße auf {edge} setzen")
        }
        CoreMove::PlaceSetupRoad { .. } => "Aufbau: Straße setzen".into(),
        CoreMove::Roll => "Würfeln".into(),
        CoreMove::BuildRoad { edge } if !open("edge") => format!("Straße auf {edge} bauen"),
        CoreMove::BuildRoad { .. } => "Straße bauen".into(),
        CoreMove::BuildSettlement { vertex } if !open("vertex") => {
            format!("Siedlung auf {vertex} bauen")
        }
        CoreMove::BuildSettlement { .. } => "Siedlung bauen".into(),
        CoreMove::BuildCity { vertex } if !open("vertex") => format!("Stadt auf {vertex} bauen"),
        CoreMove::BuildCity { .. } => "Stadt bauen".into(),
        CoreMove::MoveRobber { hex } if !open("hex") => format!("Räuber auf {hex} versetzen"),
        CoreMove::MoveRobber { .. } => "Räuber versetzen".into(),
        CoreMove::Discard { cards } if !open("cards") => {
            format!("{} abwerfen", cards_text_de(cards))
        }
        CoreMove::Discard { .. } => "Karten abwerfen".into(),
        CoreMove::MaritimeTrade { give, get, times } => {
            if open("get") {
                format!("{} mit der Bank tauschen", kind_name_de(*give))
            } else if open("times") {
                format!(
                    "{} mit der Bank gegen {} tauschen",
                    kind_name_de(*give),
                    kind_name_de(*get)
                )
            } else {
                format!(
                    "{} mit der Bank gegen {times} {} tauschen",
                    kind_name_de(*give),
                    kind_name_de(*get)
                )
            }
        }
        CoreMove::OfferTrade { give, want } if !open("give") && !open("want") => format!(
            "{} für {} anbieten",
            cards_text_de(give),
            cards_text_de(want)
        ),
        CoreMove::OfferTrade { .. } => "Dem anderen Spieler einen Handel anbieten".into(),
        CoreMove::RespondTrade { accept: true } => "Angebot annehmen".into(),
        CoreMove::RespondTrade { accept: false } => "Angebot ablehnen".into(),
        CoreMove::EndTurn => "Spielzug beenden".into(),
    }
}

/// The German label of a development-card move.
pub fn dev_label_de(mv: &DevMove, free: &[&str]) -> String {
    let open = |f: &str| free.contains(&f);
    match mv {
        DevMove::BuyDevelopmentCard => "Entwicklungskarte kaufen".into(),
        DevMove::PlayKnight => "Ritterkarte ausspielen".into(),
        DevMove::PlayRoadBuilding { edges } if !open("edges") => {
            let es: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
            format!(
                "Straßenbaukarte ausspielen: Straßen auf {}",
                join_list(&es, Lang::De)
            )
        }
        DevMove::PlayRoadBuilding { .. } => "Straßenbaukarte ausspielen".into(),
        DevMove::PlayYearOfPlenty { resources } if !open("resources") => {
            let rs: Vec<String> = resources
                .iter()
                .map(|r| resource_name_de(*r).to_string())
                .collect();
            format!(
                "Erfindungskarte ausspielen: {} nehmen",
                join_list(&rs, Lang::De)
            )
        }
        DevMove::PlayYearOfPlenty { .. } => "Erfindungskarte ausspielen".into(),
        DevMove::PlayMonopoly { resource } if !open("resource") => {
            format!(
                "Monopolkarte auf {} ausspielen",
                resource_name_de(*resource)
            )
        }
        DevMove::PlayMonopoly { .. } => "Monopolkarte ausspielen".into(),
    }
}

/// The name of a value a free field of a shared Catan move may take, on
/// `board`: a corner, path or hex by what touches it, a card kind by its
/// name, a list of either joined. None for a field the core does not know.
pub fn core_value_label<P: super::board::Piece>(
    board: &super::board::Board<P>,
    field: &str,
    value: &serde_json::Value,
    lang: Lang,
) -> Option<String> {
    use super::geometry::{EdgeId, HexId, VertexId};
    let place = |p: Place| Some(p.text(lang, Case::Nom));
    let parse = |v: &serde_json::Value| -> Option<String> {
        if let Ok(v) = serde_json::from_value::<VertexId>(v.clone()) {
            return place(Place::corner(board, v));
        }
        if let Ok(e) = serde_json::from_value::<EdgeId>(v.clone()) {
            return place(Place::path(board, e));
        }
        None
    };
    match (field, value) {
        ("hex", v) => place(Place::hex(
            board,
            serde_json::from_value::<HexId>(v.clone()).ok()?,
        )),
        ("vertex" | "edge", v) => parse(v),
        ("edges" | "resources" | "cards", serde_json::Value::Array(items)) => {
            let names: Option<Vec<String>> = items
                .iter()
                .map(|x| match x {
                    serde_json::Value::String(k) => Some(kind_word(k, lang)),
                    other => parse(other),
                })
                .collect();
            Some(join_list(&names?, lang))
        }
        (_, serde_json::Value::String(k)) => Some(kind_word(k, lang)),
        _ => None,
    }
}

/// A card kind named by its id in `lang`.
pub fn kind_word(id: &str, lang: Lang) -> String {
    match lang {
        Lang::De => kind_id_name_de(id),
        _ => kind_id_name(id),
    }
}

/// The question a free field of a Catan move asks.
pub fn core_question(field: &str, lang: Lang) -> Option<String> {
    let (en, de) = match field {
        "vertex" => ("Which corner?", "Welche Kreuzung?"),
        "edge" => ("Which path?", "Welcher Weg?"),
        "edges" => ("Which two paths?", "Welche zwei Wege?"),
        "hex" => ("Which hex?", "Welches Feld?"),
        "cards" => ("Which cards?", "Welche Karten?"),
        "card" => ("Which card?", "Welche Karte?"),
        "get" => ("What do you get?", "Was bekommst du?"),
        "times" => ("How many times?", "Wie oft?"),
        "give" => ("What do you give?", "Was gibst du ab?"),
        "want" => ("What do you ask for?", "Was verlangst du?"),
        "resource" => ("Which resource?", "Welcher Rohstoff?"),
        "resources" => ("Which resources?", "Welche Rohstoffe?"),
        _ => return None,
    };
    Some(match lang {
        Lang::De => de.into(),
        _ => en.into(),
    })
}

/// A die or card of the shared core that the table rolls or draws, with
/// whose it is and what it decides (CAT-RNG-2, CAT-RNG-3, CAT-RNG-5).
#[derive(Debug, Clone, Copy)]
pub enum TableNeed {
    /// Die `n` of the two production dice (CAT-RNG-2).
    Production { n: u8 },
    /// Die `n` of the two production dice thrown again, because the sum
    /// repeated the first roll (CAT-DUO-5).
    Rethrow { n: u8 },
    /// `seat`'s die `n` of `of` in a roll-off (CAT-RNG-5).
    RollOff { seat: Seat, n: u8, of: u8 },
    /// The development card `seat` draws, seen only by them (CAT-RNG-3).
    Development { seat: Seat },
    /// A card drawn at random from `from`'s hand (CAT-RNG-4), or from the
    /// other hand where no seat is named.
    FromHand { from: Option<Seat> },
}

/// "die 1 of 2" in `lang`; nothing for a lone die.
pub fn die_of(n: u8, of: u8, lang: Lang) -> String {
    match (of, lang) {
        (1, _) => String::new(),
        (_, Lang::De) => format!("Würfel {n} von {of}"),
        _ => format!("die {n} of {of}"),
    }
}

impl crate::engine::NeedText for TableNeed {
    fn label(&self, cx: &TextCx<'_>) -> String {
        let de = cx.lang == Lang::De;
        match *self {
            TableNeed::Production { n } if de => {
                format!("Würfel für die Rohstofferträge, {}", die_of(n, 2, cx.lang))
            }
            TableNeed::Production { n } => format!("Production dice, {}", die_of(n, 2, cx.lang)),
            TableNeed::Rethrow { n } if de => format!(
                "Ertragswürfel neu geworfen (die Summe wiederholte den ersten Wurf), {}",
                die_of(n, 2, cx.lang)
            ),
            TableNeed::Rethrow { n } => format!(
                "Production dice thrown again (the sum repeated the first roll), {}",
                die_of(n, 2, cx.lang)
            ),
            TableNeed::RollOff { seat, n, of } => {
                let which = die_of(n, of, cx.lang);
                match (de, of) {
                    (true, 1) => format!("Würfel von {} für den Startspieler", cx.seat_name(seat)),
                    (true, _) => format!("{which} von {} für den Startspieler", cx.seat_name(seat)),
                    (false, _) => {
                        let which = if of == 1 { "die".to_string() } else { which };
                        format!("{}'s {which} for the first player", cx.seat_name(seat))
                    }
                }
            }
            TableNeed::Development { seat } if de => format!(
                "Entwicklungskarte, die {} zieht (nur für {} sichtbar)",
                cx.seat_name(seat),
                cx.seat_name(seat)
            ),
            TableNeed::Development { seat } => format!(
                "Development card {} draws (only they see it)",
                cx.seat_name(seat)
            ),
            TableNeed::FromHand { from: Some(from) } if de => {
                format!(
                    "Zufällig gezogene Karte aus der Hand von {}",
                    cx.seat_name(from)
                )
            }
            TableNeed::FromHand { from: Some(from) } => {
                format!("Card drawn at random from {}'s hand", cx.seat_name(from))
            }
            TableNeed::FromHand { from: None } if de => {
                "Zufällig gezogene Karte aus der anderen Hand".into()
            }
            TableNeed::FromHand { from: None } => "Card drawn at random from the other hand".into(),
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        match self {
            TableNeed::Development { .. } => {
                let c = DevCard::from_id(value)?;
                Some(if cx.lang == Lang::De {
                    dev_card_title_de(c).into()
                } else {
                    capitalise(dev_card_name(c))
                })
            }
            TableNeed::FromHand { .. } => Some(capitalise(&kind_word(value, cx.lang))),
            _ => None,
        }
    }
}

/// A development card as its German title reads (`Ritterkarte`).
fn dev_card_title_de(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "Ritterkarte",
        DevCard::VictoryPoint => "Siegpunktkarte",
        DevCard::RoadBuilding => "Straßenbaukarte",
        DevCard::YearOfPlenty => "Erfindungskarte",
        DevCard::Monopoly => "Monopolkarte",
    }
}

/// One need's words per die of a throw: `make(n)` for dice 1..=`count`.
pub fn dice_words(count: u8, make: impl Fn(u8) -> TableNeed) -> Vec<crate::engine::NeedWords> {
    (1..=count)
        .map(|n| crate::engine::NeedWords::new(make(n)))
        .collect()
}
