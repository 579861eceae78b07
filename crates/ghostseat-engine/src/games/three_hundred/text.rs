//! Sentences for events, decisions and move labels, rendered from their data, in English and in
//! German. The German uses the terms of the German edition (300: Erde & Wasser) as the
//! rulebook (`rulebook.toml`) does.

use super::data::{Card, City, Side};
use super::events::{
    Action, ArmySource, Decision, Event, OpsEnd, PassReason, Purpose, Situation, SkipReason, Tier,
};
use super::moves::{Counts, FleetsArg, Move};
use super::state::{BattleKind, EndReason, Outcome, PerSide};
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

fn list(items: Vec<String>) -> String {
    join_list(&items, Lang::En)
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: Vec<String>) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn cities(cs: &[City]) -> String {
    list(cs.iter().map(|c| c.name().to_string()).collect())
}

fn cards(cs: &[Card]) -> String {
    list(cs.iter().map(|c| c.name().to_string()).collect())
}

/// "the Greeks" / "the Persians".
fn side(s: Side) -> &'static str {
    match s {
        Side::Greeks => "the Greeks",
        Side::Persians => "the Persians",
    }
}

/// "1 Greek army marches" / "3 Greek armies march".
fn units_verb(n: u32, adj: &str, (one, many): (&str, &str), (v1, vn): (&str, &str)) -> String {
    if n == 1 {
        format!("1 {adj} {one} {v1}")
    } else {
        format!("{n} {adj} {many} {vn}")
    }
}

fn armies(n: u32) -> String {
    count(n, "army", "armies")
}

fn fleets(n: u32) -> String {
    count(n, "fleet", "fleets")
}

fn unit(kind: BattleKind, n: u32) -> String {
    match kind {
        BattleKind::Land => armies(n),
        BattleKind::Naval => fleets(n),
    }
}

/// The score marker as printed on the track: "Persian 3", "Greek 2", "0".
fn marker(score: i32) -> String {
    match score {
        s if s > 0 => format!("Persian {s}"),
        s if s < 0 => format!("Greek {}", -s),
        _ => "0".into(),
    }
}

fn dice(ds: &[u8]) -> String {
    list(ds.iter().map(|d| d.to_string()).collect())
}

/// "by way of Pella and Larissa" for the cities between the ends of a path.
fn via(path: &[City]) -> String {
    if path.len() <= 2 {
        String::new()
    } else {
        format!(" by way of {}", cities(&path[1..path.len() - 1]))
    }
}

fn by_city(m: &std::collections::BTreeMap<City, u32>) -> String {
    list(
        m.iter()
            .map(|(c, n)| format!("{n} in {}", c.name()))
            .collect(),
    )
}

fn action(a: Action) -> &'static str {
    match a {
        Action::Pass => "pass",
        Action::MoveArmies => "move armies",
        Action::DestroyArmy => "destroy a Greek army",
        Action::DestroyFleet => "destroy a Greek fleet",
        Action::Place => "place a fleet and an army",
    }
}

fn army_from(a: ArmySource) -> String {
    match a {
        ArmySource::Stock => "an army from stock".into(),
        ArmySource::Map(c) => format!("an army from {}", c.name()),
    }
}

fn situation_why(s: Situation, score: i32) -> String {
    match s {
        Situation::A => "a Persian supply city holds a Greek army".into(),
        _ => format!("the score marker is on {}", marker(score)),
    }
}

fn ending(outcome: Outcome, reason: EndReason, score: i32) -> String {
    match (reason, outcome) {
        (EndReason::PersiansHoldGreece, _) => {
            "The Persians took both Greek supply cities, Athenai and Sparta: PERSS.KI wins.".into()
        }
        (EndReason::GreeksHoldPersia, _) => {
            "The Greeks took both Persian supply cities, Abydos and Ephesos: the Greeks win.".into()
        }
        (EndReason::Points, Outcome::Persians) => format!(
            "After campaign 5 the score marker stands on {}: PERSS.KI wins.",
            marker(score)
        ),
        (EndReason::Points, Outcome::Greeks) => format!(
            "After campaign 5 the score marker stands on {}: the Greeks win.",
            marker(score)
        ),
        (EndReason::Points, Outcome::Draw) => {
            "After campaign 5 the score marker stands on 0: the game is a draw.".into()
        }
    }
}

/// "left: 1 Greek army, 2 Persian armies".
fn left(kind: BattleKind, l: PerSide) -> String {
    let (one, many) = match kind {
        BattleKind::Land => ("army", "armies"),
        BattleKind::Naval => ("fleet", "fleets"),
    };
    format!(
        "left: {}, {}",
        count(l.greeks, &format!("Greek {one}"), &format!("Greek {many}")),
        count(
            l.persians,
            &format!("Persian {one}"),
            &format!("Persian {many}")
        )
    )
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => event_en(self, cx),
            Lang::De => event_de(self, cx),
        }
    }
}

fn event_en(e: &Event, cx: &TextCx<'_>) -> String {
    let bot = cx.seat_name(Seat(1));
    match e {
        Event::Setup { campaign, score, deck_at_table } => format!(
            "Solo setup: campaign {campaign}, the score marker on {}; Greek armies in Athenai, Sparta and Korinthos with a fleet each in Athenai and Sparta; 3 Persian armies and 2 fleets each in Abydos and Ephesos; the pontoon bridge stands; the 16 cards are shuffled{}.",
            marker(*score),
            if *deck_at_table { " at the table" } else { "" }
        ),
        Event::DeckReshuffled { cards, at_table } => format!(
            "The draw pile is empty: the {} on the discard pile {} shuffled into a new draw pile{}.",
            count(*cards, "card", "cards"),
            if *cards == 1 { "is" } else { "are" },
            if *at_table { " at the table" } else { "" }
        ),
        Event::PersianSituation { situation, score, .. } => format!(
            "{bot} prepares with 12 talents: situation {} applies, because {}.",
            match situation {
                Situation::A => "A",
                Situation::B => "B",
                Situation::C => "C",
                Situation::D => "D",
            },
            situation_why(*situation, *score)
        ),
        Event::PersianCardsDrawn { count: n, wanted, talents_left } => {
            if n < wanted {
                format!(
                    "{bot} buys only {} face down (it wanted {wanted}; no more can be drawn), {} left.",
                    count(*n, "card", "cards"),
                    count(*talents_left, "talent", "talents")
                )
            } else {
                format!(
                    "{bot} buys {} face down, {} left.",
                    count(*n, "card", "cards"),
                    count(*talents_left, "talent", "talents")
                )
            }
        }
        Event::BridgeBuilt { cost, talents_left } => format!(
            "{bot} builds the pontoon bridge for {cost} talents, {} left.",
            count(*talents_left, "talent", "talents")
        ),
        Event::PersianFleetPlaced { port, talents_left } => format!(
            "Situation B: a Persian fleet enters the port of {}, {} left.",
            port.name(),
            count(*talents_left, "talent", "talents")
        ),
        Event::PersianArmiesPlaced { city, armies: n, total, pass, talents_left, skipped } => {
            let passed = if skipped.is_empty() {
                String::new()
            } else {
                format!(
                    " It passed over {}.",
                    list(
                        skipped
                            .iter()
                            .map(|s| format!(
                                "{} ({})",
                                s.city.name(),
                                match s.why {
                                    SkipReason::NotPersianControlled => "not Persian-controlled",
                                    SkipReason::TwoOrMoreArmies => "already 2 or more armies",
                                }
                            ))
                            .collect()
                    )
                )
            };
            match pass {
                Some(p) => format!(
                    "Army fill, pass {p}: a Persian army enters {}, which now holds {}; {} left.{passed}",
                    city.name(),
                    total,
                    count(*talents_left, "talent", "talents")
                ),
                None => format!(
                    "{} {}, which now holds {total}.",
                    units_verb(*n, "Persian", ("army", "armies"), ("enters", "enter")),
                    city.name()
                ),
            }
        }
        Event::TalentsLost { count: n } => format!(
            "{bot} cannot spend {}; {} lost.",
            count(*n, "talent", "talents"),
            if *n == 1 { "it is" } else { "they are" }
        ),
        Event::PersianPass { why } => match why {
            PassReason::RolledOneEarlier => format!("{bot} rolled a 1 earlier this campaign: it passes."),
            PassReason::NoCards => format!("{bot} holds no cards: it passes."),
            PassReason::RolledOne => format!("{bot} passes; its operations are over for this campaign."),
        },
        Event::DefenceCheck { target, candidates, chosen } => match chosen {
            Some(c) => {
                let n = candidates.iter().find(|x| x.city == *c).map_or(0, |x| x.armies);
                format!(
                    "Greek armies hold {}: {bot} defends it from {} ({}, the most of the cities that can reach it).",
                    target.name(),
                    c.name(),
                    armies(n)
                )
            }
            None => format!(
                "Greek armies hold {}, but no Persian army can reach it.",
                target.name()
            ),
        },
        Event::DefenceImpossible { occupied } => format!(
            "{bot} cannot defend {}: it rolls the die as if its supply cities were free.",
            cities(occupied)
        ),
        Event::PersianDie { value, action: a } => {
            format!("{bot} rolls a {value}: {}.", action(*a))
        }
        Event::Activation { candidates, chosen } => match chosen {
            Some(c) => {
                let x = candidates.iter().find(|x| x.city == *c);
                format!(
                    "{bot} activates {} ({}, of which {} may move).",
                    c.name(),
                    armies(x.map_or(0, |x| x.armies)),
                    x.map_or(0, |x| x.movers)
                )
            }
            None => "No Persian city can move armies toward Sparta.".into(),
        },
        Event::Target { candidates, chosen, empty } => {
            let x = candidates.iter().find(|x| x.city == *chosen);
            format!(
                "Target: {}, the nearest {} toward Sparta ({} away, {} from Sparta).",
                chosen.name(),
                if *empty { "city without armies" } else { "Greek-held city" },
                count(x.map_or(0, |x| x.distance), "road", "roads"),
                count(x.map_or(0, |x| x.d_sparta), "road", "roads")
            )
        }
        Event::PersianMove { from, to, path, armies: k, of, defence } => {
            if *defence {
                format!(
                    "{} (a third of {of}, rounded up) from {} to {}{}.",
                    units_verb(*k, "Persian", ("army", "armies"), ("marches", "march")),
                    from.name(),
                    to.name(),
                    via(path)
                )
            } else {
                format!(
                    "{k} of the {of} Persian armies in {} {} to {}{}.",
                    from.name(),
                    if *k == 1 { "marches" } else { "march" },
                    to.name(),
                    via(path)
                )
            }
        }
        Event::Fallback { from, to } => format!(
            "{bot} cannot {}: it tries to {} instead.",
            action(*from),
            action(*to)
        ),
        Event::NoAction { .. } => format!(
            "No action of the chain can be carried out; {bot}'s turn goes on to its discard."
        ),
        Event::GreekArmyDestroyed { city, isolated, discard_owed } => format!(
            "{bot} destroys {} Greek army in {}; {}.",
            if *isolated { "the isolated" } else { "a" },
            city.name(),
            if *discard_owed {
                "the Greeks must now discard a card of their choice"
            } else {
                "the Greeks hold no cards, so they discard none"
            }
        ),
        Event::GreekFleetDestroyed { port } => format!(
            "{bot} destroys a Greek fleet in the port of {} and places a Persian fleet there.",
            port.name()
        ),
        Event::PersianDeploy { city, fleet, .. } => {
            if *fleet {
                format!("{bot} places a fleet and an army in {}.", city.name())
            } else {
                format!(
                    "No city qualifies, but a Persian fleet lies at {}, which holds no army: {bot} places an army there.",
                    city.name()
                )
            }
        }
        Event::BattleStarted { kind, city, attacker, units } => {
            let (att, def) = match attacker {
                Side::Greeks => (units.greeks, units.persians),
                Side::Persians => (units.persians, units.greeks),
            };
            format!(
                "A {} battle begins at {}: {} attack with {} against {}.",
                match kind {
                    BattleKind::Land => "land",
                    BattleKind::Naval => "naval",
                },
                city.name(),
                side(*attacker),
                unit(*kind, att),
                unit(*kind, def)
            )
        }
        Event::BattleRound {
            kind,
            city,
            round,
            persian_dice,
            persian_result,
            cap,
            greek_dice,
            greek_result,
            losses,
            carried_army_lost,
            left: l,
        } => {
            let what = match kind {
                BattleKind::Land => "an army",
                BattleKind::Naval => "a fleet",
            };
            let outcome = match (losses.greeks, losses.persians) {
                (1, 1) => format!("A tie: each side loses {what}"),
                (1, _) => format!("The Greeks lose {what}"),
                _ => format!("The Persians lose {what}"),
            };
            format!(
                "Round {round} at {}: the Persians roll {} (best {persian_result}, counting at most {cap}), the Greeks roll {} (best {greek_result}). {outcome} ({}).{}",
                city.name(),
                dice(persian_dice),
                dice(greek_dice),
                left(*kind, *l),
                if *carried_army_lost {
                    " The sunken fleet takes the army it carried with it."
                } else {
                    ""
                }
            )
        }
        Event::GreekRetreat { from, to, armies: a, fleets: f } => {
            let with = match (a, f) {
                (0, f) => fleets(*f),
                (a, 0) => armies(*a),
                (a, f) => format!("{} and {}", armies(*a), fleets(*f)),
            };
            format!(
                "The Greeks retreat from {} to {} with {with}.",
                from.name(),
                to.name()
            )
        }
        Event::BattleEnded { kind, city, winner, survivors, retreated } => format!(
            "The battle at {} is over: {}.",
            city.name(),
            match winner {
                _ if *retreated => "the Greeks withdrew".to_string(),
                Some(Side::Greeks) => format!(
                    "the Greeks hold the field with {}",
                    unit(*kind, survivors.greeks)
                ),
                Some(Side::Persians) => format!(
                    "the Persians hold the field with {}",
                    unit(*kind, survivors.persians)
                ),
                None => "both sides are wiped out".to_string(),
            }
        ),
        Event::ArmiesLanded { city, armies: n } => format!(
            "{} at {}.",
            units_verb(*n, "Greek", ("army", "armies"), ("lands", "land")),
            city.name()
        ),
        Event::EvangelionScored { delta, marker: m, .. } => match delta {
            0 => format!(
                "Evangelion: both changes apply and cancel out; the score marker stays on {}.",
                marker(*m)
            ),
            d => format!(
                "Evangelion: the score marker moves 1 toward the {} and stands on {}.",
                if *d < 0 { "Greeks" } else { "Persians" },
                marker(*m)
            ),
        },
        Event::Victory { reason, .. } => match reason {
            EndReason::GreeksHoldPersia => {
                "The Greeks control Abydos and Ephesos: the Greeks win at once.".into()
            }
            _ => format!("The Persians control Athenai and Sparta: {bot} wins at once."),
        },
        Event::OperationsEnded { campaign, why } => format!(
            "{}: the operations of campaign {campaign} end.",
            match why {
                OpsEnd::TwoPasses => "Two passes in succession",
                OpsEnd::HandsEmpty => "Both hands are empty",
            }
        ),
        Event::PersianDiscard { card, hand_left } => format!(
            "{bot} ends its turn and discards {} (card {}), the card it held longest; it has no effect. {bot} holds {} now.",
            card.name(),
            card.number(),
            match hand_left {
                0 => "no cards".to_string(),
                n => count(*n, "card", "cards"),
            }
        ),
        Event::PersianHandDiscarded { cards: cs } => {
            if cs.is_empty() {
                format!("Supply: {bot} holds no cards to discard.")
            } else {
                format!(
                    "Supply: {bot} discards its whole hand ({}) and keeps none.",
                    cards(cs)
                )
            }
        }
        Event::Attrition { side: s, armies: n, capacity, excess } => format!(
            "{} attrition: {} {}, room for {capacity}; {}.",
            match s {
                Side::Greeks => "Greek",
                Side::Persians => "Persian",
            },
            armies(*n),
            match s {
                Side::Greeks => "on the map",
                Side::Persians => "outside Abydos and Ephesos",
            },
            match excess {
                0 => "none must go".to_string(),
                1 => "1 must go".to_string(),
                e => format!("{e} must go"),
            }
        ),
        Event::AttritionRemoved { city, tier } => format!(
            "{bot} removes an army from {} ({}).",
            city.name(),
            match tier {
                Tier::Unsupplied => "it has no supply",
                Tier::NoPoints => "supplied, but not the last army there",
                Tier::Other => "no other army was left to choose",
            }
        ),
        Event::GreekArmiesRemoved { from, total } => format!(
            "The Greeks remove {} for supply: {}.",
            armies(*total),
            by_city(from)
        ),
        Event::OutOfSupply { side: s, city, armies: n } => format!(
            "The {} armies in {} have no line of communication and no sea supply: {} removed.",
            match s {
                Side::Greeks => "Greek",
                Side::Persians => "Persian",
            },
            city.name(),
            if *n == 1 { "1 army is".to_string() } else { format!("{n} armies are") }
        ),
        Event::GreekCardsKept { kept, discarded } => {
            if *kept == 0 {
                "Supply: the Greeks hold no cards.".into()
            } else if discarded.is_empty() {
                format!(
                    "Supply: the Greeks keep their {}.",
                    count(*kept, "card", "cards")
                )
            } else {
                format!(
                    "Supply: the Greeks keep {} and discard {}.",
                    count(*kept, "card", "cards"),
                    cards(discarded)
                )
            }
        }
        Event::GreekHand { cards: cs } => {
            if cs.is_empty() {
                "You hold no cards.".into()
            } else {
                format!("You keep {}.", cards(cs))
            }
        }
        Event::Score { campaign, greek_points, persian_points, delta, marker: m } => format!(
            "Scoring of campaign {campaign}: the Greeks {}, the Persians {}; {}.",
            count(*greek_points, "point", "points"),
            count(*persian_points, "point", "points"),
            match delta {
                0 => format!("the score marker stays on {}", marker(*m)),
                d => format!(
                    "the score marker moves {} toward the {} and stands on {}",
                    d.abs(),
                    if *d > 0 { "Persians" } else { "Greeks" },
                    marker(*m)
                ),
            }
        ),
        Event::GameOver { score, outcome } => ending(*outcome, EndReason::Points, *score),
        Event::CampaignStarted { campaign } => {
            format!("Campaign {campaign} begins with {bot}'s preparation.")
        }
        Event::GreekCardsBought { count: n, talents_left, mines } => format!(
            "{}he Greeks buy {}, {} left.",
            if *mines { "Mines of Laurion: t" } else { "T" },
            if *n == 0 { "no cards".to_string() } else { count(*n, "card", "cards") },
            count(*talents_left, "talent", "talents")
        ),
        Event::GreekCardsDrawn { cards: cs } => {
            if cs.is_empty() {
                "You drew no card.".into()
            } else {
                format!("You drew {}.", cards(cs))
            }
        }
        Event::GreekRaised { armies: a, fleets: f, talents_lost } => {
            let na: u32 = a.values().sum();
            let nf: u32 = f.values().sum();
            let mut parts = Vec::new();
            if na > 0 {
                parts.push(format!("{} ({})", armies(na), by_city(a)));
            }
            if nf > 0 {
                parts.push(format!("{} ({})", fleets(nf), by_city(f)));
            }
            format!(
                "The Greeks raise {}{}.",
                if parts.is_empty() { "nothing".to_string() } else { list(parts) },
                match talents_lost {
                    0 => String::new(),
                    n => format!("; {} lost", if *n == 1 { "1 talent is".to_string() } else { format!("{n} talents are") }),
                }
            )
        }
        Event::OperationsStarted { .. } => {
            format!("The operations begin; {bot} takes the first turn.")
        }
        Event::GreekPass => "The Greeks pass.".into(),
        Event::GreekCardPlayed { card, purpose } => format!(
            "The Greeks play {} for a {} movement.",
            card.name(),
            match purpose {
                Purpose::LandMovement => "land",
                Purpose::NavalMovement => "naval",
            }
        ),
        Event::GreekMove { from, to, armies: n, path } => format!(
            "{} from {} to {}{}.",
            units_verb(*n, "Greek", ("army", "armies"), ("marches", "march")),
            from.name(),
            to.name(),
            via(path)
        ),
        Event::GreekNavalMove { from, to, fleets: f, armies: a } => format!(
            "{} from {} to {}{}.",
            units_verb(*f, "Greek", ("fleet", "fleets"), ("sails", "sail")),
            from.name(),
            to.name(),
            if *a > 0 { format!(" carrying {}", armies(*a)) } else { String::new() }
        ),
        Event::Reaction { card, city, army_from: src } => match card {
            Card::Artemisia => format!(
                "The Greeks play Artemisia I at {}: one more Persian fleet is removed onto her portrait.",
                city.name()
            ),
            c => format!(
                "The Greeks play {} at {}{}: they roll 3 dice every round of this battle.",
                c.name(),
                city.name(),
                src.map_or(String::new(), |s| format!(
                    " and {} covers the portrait",
                    army_from(s)
                ))
            ),
        },
        Event::ReactionDeclined { city } => {
            format!("The Greeks play no reaction at {}.", city.name())
        }
        Event::MinesOfLaurion => {
            "The Greeks play Mines of Laurion: an extra preparation with 3 talents.".into()
        }
        Event::IonianRevolt { city } => format!(
            "The Greeks play Ionian Revolt: a Persian army is removed from {}.",
            city.name()
        ),
        Event::WrathOfPoseidon { port } => format!(
            "The Greeks play Wrath of Poseidon: a Persian fleet sinks in the port of {}.",
            port.name()
        ),
        Event::OracleOfDelphi { discarded, drawn } => format!(
            "The Greeks play Oracle of Delphi: they discard {} and draw {}.",
            if discarded.is_empty() {
                "no other card".to_string()
            } else {
                format!("{} ({})", count(discarded.len() as u32, "card", "cards"), cards(discarded))
            },
            count(*drawn, "card", "cards")
        ),
        Event::Leonidas { army_from: src } => format!(
            "The Greeks play Leonidas: {} covers the portrait; 1 army marches and rolls 2 dice in its battle.",
            army_from(*src)
        ),
        Event::Evangelion => {
            "The Greeks play Evangelion: a land movement whose battle moves the score.".into()
        }
        Event::MelasZomos => {
            "The Greeks play Melas Zomos: a Greek army from stock enters Sparta.".into()
        }
        Event::Triremes => {
            "The Greeks play Triremes: up to two naval movements without armies.".into()
        }
        Event::SupportFromSyracuse { fleets: f } => format!(
            "The Greeks play Support from Syracuse: {} placed ({}).",
            {
                let n: u32 = f.values().sum();
                if n == 1 { "1 fleet is".to_string() } else { format!("{n} fleets are") }
            },
            by_city(f)
        ),
        Event::Desertion { city } => format!(
            "The Greeks play Desertion of Greek Soldiers: a Persian army leaves {}.",
            city.name()
        ),
        Event::FightOn => "The Greeks fight on.".into(),
        Event::BridgeDestroyed => "The Greeks destroy the pontoon bridge.".into(),
        Event::BridgeKept => "The Greeks leave the pontoon bridge standing.".into(),
        Event::GreekDiscard { card } => format!("The Greeks discard {}.", card.name()),
        Event::TriremesSkipped => "The Greeks forgo the second Triremes movement.".into(),
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => decision_en(self, cx),
            Lang::De => decision_de(self, cx),
        }
    }
}

fn decision_en(d: &Decision, cx: &TextCx<'_>) -> String {
    let bot = cx.seat_name(Seat(1));
    match d {
        Decision::PersianPreparation { campaign } => {
            format!("{bot} prepares campaign {campaign}.")
        }
        Decision::BuyCards { talents, max, mines } => format!(
            "{}: buy {} with your {} (1 talent each); the rest raises units.",
            if *mines { "Mines of Laurion" } else { "Greek preparation" },
            match max {
                0 => "no cards (none can be drawn)".to_string(),
                m => format!("up to {}", count(*m, "card", "cards")),
            },
            count(*talents, "talent", "talents")
        ),
        Decision::Raise { talents, armies_in_stock, fleets_allowed, mines } => format!(
            "{}: raise armies and fleets with your {} (1 talent each: {} in stock, at most {} more); talents you do not spend are lost.",
            if *mines { "Mines of Laurion" } else { "Greek preparation" },
            count(*talents, "talent", "talents"),
            armies(*armies_in_stock),
            fleets(*fleets_allowed)
        ),
        Decision::GreekTurn { cards: n, persian_passed } => {
            let end = if *persian_passed {
                format!(" {bot} passed: if you pass too, the operations end.")
            } else {
                String::new()
            };
            if *n == 0 {
                format!("Your operations turn: you hold no cards, so you must pass.{end}")
            } else {
                format!("Your operations turn: play a card for its event or for one movement, or pass.{end}")
            }
        }
        Decision::PersianTurn => format!("{bot}'s operations turn."),
        Decision::React { city, cards: cs } => format!(
            "A Persian land attack on {} is about to begin: play {}, or no reaction.",
            city.name(),
            or_list(cs.iter().map(|c| c.name().to_string()).collect())
        ),
        Decision::Artemisia { city } => format!(
            "The Persians lost a fleet at {}: play Artemisia I to remove one more, or not.",
            city.name()
        ),
        Decision::BattleChoice { kind, city, retreat_to } => format!(
            "{} battle at {}: retreat to {}, or fight on.",
            match kind {
                BattleKind::Land => "Land",
                BattleKind::Naval => "Naval",
            },
            city.name(),
            or_list(retreat_to.iter().map(|c| c.name().to_string()).collect())
        ),
        Decision::DestroyBridge => {
            "Your armies took Abydos: destroy the pontoon bridge, or leave it standing.".into()
        }
        Decision::Discard => format!("{bot} destroyed one of your armies: discard a card of your choice."),
        Decision::TriremesSecond => {
            "Triremes: make a second naval movement without armies, or skip it.".into()
        }
        Decision::KeepCards { hand } => format!(
            "Supply: you hold {}; choose the 4 to keep.",
            count(*hand, "card", "cards")
        ),
        Decision::RemoveArmies { count: n } => format!(
            "Supply: remove {} of your choice (more armies than your cities supply).",
            count(*n, "Greek army", "Greek armies")
        ),
        Decision::BattleRound { kind, city, round, persian_dice, greek_dice } => format!(
            "Round {round} of the {} battle at {}: roll {} for the Persians, then {} for the Greeks, and send them with the bot turn.",
            match kind {
                BattleKind::Land => "land",
                BattleKind::Naval => "naval",
            },
            city.name(),
            count(*persian_dice, "die", "dice"),
            count(*greek_dice, "die", "dice")
        ),
        Decision::GameOver { outcome, reason, score } => ending(*outcome, *reason, *score),
    }
}

fn total(c: &Counts) -> u32 {
    c.0.values().sum()
}

/// A short label for a legal move; `free` names the fields a template leaves open.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match cx.lang {
        Lang::En => label_en(mv, free),
        Lang::De => label_de(mv, free),
    }
}

fn label_en(mv: &Move, free: &[&str]) -> String {
    let is_free = |f: &str| free.contains(&f);
    match mv {
        Move::BuyCards { count: 0 } => "Buy no cards".into(),
        Move::BuyCards { count: n } => format!("Buy {}", count(*n, "card", "cards")),
        Move::Raise {
            armies: a,
            fleets: f,
        } => {
            let (na, nf) = (total(a), total(f));
            let mut parts = Vec::new();
            if na > 0 {
                parts.push(armies(na));
            }
            if nf > 0 {
                parts.push(fleets(nf));
            }
            if parts.is_empty() {
                "Raise nothing".into()
            } else if is_free("armies") || is_free("fleets") {
                format!("Raise {} (choose where)", list(parts))
            } else {
                format!("Raise {}", list(parts))
            }
        }
        Move::MoveLand {
            card,
            from,
            to,
            armies: n,
            miltiades,
            pay_from,
            ..
        } => {
            let what = if is_free("armies") {
                "March".to_string()
            } else {
                format!("March {}", armies(*n))
            };
            let with = if is_free("card") {
                String::new()
            } else {
                format!(", playing {}", card.name())
            };
            let milt = if *miltiades {
                format!(
                    " with Miltiades ({} for the portrait)",
                    army_from(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
                )
            } else {
                String::new()
            };
            format!("{what} from {} to {}{milt}{with}", from.name(), to.name())
        }
        Move::MoveNaval {
            card,
            from,
            armies: a,
            ..
        } => format!(
            "Sail from {}{}{}",
            from.name(),
            if *a > 0 {
                format!(" carrying {}", armies(*a))
            } else {
                String::new()
            },
            if is_free("card") {
                String::new()
            } else {
                format!(", playing {}", card.name())
            }
        ),
        Move::PlayEvent {
            card,
            city,
            from,
            to,
            port,
            fleets: f,
            miltiades,
            pay_from,
            ..
        } => {
            let name = card.name();
            match card {
                Card::IonianRevolt | Card::Desertion => format!(
                    "Play {name}: a Persian army leaves {}",
                    city.map_or("", City::name)
                ),
                Card::WrathOfPoseidon => format!(
                    "Play {name}: sink a Persian fleet at {}",
                    port.map_or("", City::name)
                ),
                Card::Leonidas => format!(
                    "Play {name}: 1 army marches from {} to {} ({} for the portrait)",
                    from.map_or("", City::name),
                    to.map_or("", City::name),
                    army_from(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
                ),
                Card::Evangelion => format!(
                    "Play {name}: march from {} to {}{}",
                    from.map_or("", City::name),
                    to.map_or("", City::name),
                    if *miltiades {
                        format!(
                            " with Miltiades ({} for the portrait)",
                            army_from(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
                        )
                    } else {
                        String::new()
                    }
                ),
                Card::Triremes => format!("Play {name}: sail from {}", from.map_or("", City::name)),
                Card::SupportFromSyracuse => format!(
                    "Play {name}: place {} (choose the ports)",
                    fleets(match f {
                        Some(FleetsArg::Ports(p)) => total(p),
                        Some(FleetsArg::Count(n)) => *n,
                        None => 0,
                    })
                ),
                Card::MinesOfLaurion => format!("Play {name}: an extra preparation"),
                Card::OracleOfDelphi => format!("Play {name}: discard your hand and draw one more"),
                Card::MelasZomos => format!("Play {name}: an army enters Sparta"),
                _ => format!("Play {name}"),
            }
        }
        Move::TriremesSecond { skip: true, .. } => "Skip the second Triremes movement".into(),
        Move::TriremesSecond { from, .. } => format!(
            "Second Triremes movement from {}",
            from.map_or("", City::name)
        ),
        Move::Pass => "Pass".into(),
        Move::React { card: None, .. } => "Play no reaction".into(),
        Move::React {
            card: Some(Card::Miltiades),
            pay_from,
        } => format!(
            "Play Miltiades ({} for the portrait)",
            army_from(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
        ),
        Move::React { card: Some(c), .. } => format!("Play {}", c.name()),
        Move::BattleChoice { retreat_to: None } => "Fight on".into(),
        Move::BattleChoice {
            retreat_to: Some(c),
        } => format!("Retreat to {}", c.name()),
        Move::DestroyBridge { destroy: true } => "Destroy the bridge".into(),
        Move::DestroyBridge { destroy: false } => "Leave the bridge standing".into(),
        Move::Discard { card } => format!("Discard {}", card.name()),
        Move::KeepCards { cards: cs } => {
            if is_free("cards") {
                "Keep 4 cards (choose which)".into()
            } else {
                format!("Keep {}", cards(&cs.iter().copied().collect::<Vec<_>>()))
            }
        }
        Move::RemoveArmies { from } => {
            if is_free("from") {
                format!("Remove {} (choose where)", armies(total(from)))
            } else {
                format!("Remove {}", by_city(&from.0))
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// German: the terms of the German edition (300: Erde & Wasser) as the rulebook uses them.

fn list_de(items: Vec<String>) -> String {
    join_list(&items, Lang::De)
}

/// `a`, `a oder b`, `a, b oder c`.
fn or_list_de(items: Vec<String>) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} oder {last}", rest.join(", ")),
    }
}

fn cities_de(cs: &[City]) -> String {
    list_de(cs.iter().map(|c| c.name().to_string()).collect())
}

fn cards_de(cs: &[Card]) -> String {
    list_de(cs.iter().map(|c| c.name_de().to_string()).collect())
}

/// "Die Griechen" / "Die Perser" (nominative, at the start of a sentence).
fn side_de(s: Side) -> &'static str {
    match s {
        Side::Greeks => "Die Griechen",
        Side::Persians => "Die Perser",
    }
}

/// "1 griechische Armee zieht" / "3 griechische Armeen ziehen".
fn units_verb_de(n: u32, adj: &str, (one, many): (&str, &str), (v1, vn): (&str, &str)) -> String {
    if n == 1 {
        format!("1 {adj} {one} {v1}")
    } else {
        format!("{n} {adj} {many} {vn}")
    }
}

fn armies_de(n: u32) -> String {
    count(n, "Armee", "Armeen")
}

fn fleets_de(n: u32) -> String {
    count(n, "Flotte", "Flotten")
}

fn cards_n_de(n: u32) -> String {
    count(n, "Karte", "Karten")
}

/// "Talent" is the same in the plural, as in the German rules ("12 Talent").
fn talents_de(n: u32) -> String {
    format!("{n} Talent")
}

fn unit_de(kind: BattleKind, n: u32) -> String {
    match kind {
        BattleKind::Land => armies_de(n),
        BattleKind::Naval => fleets_de(n),
    }
}

fn battle_de(kind: BattleKind) -> &'static str {
    match kind {
        BattleKind::Land => "Landschlacht",
        BattleKind::Naval => "Seeschlacht",
    }
}

/// The score marker's space as the German rules name it: "3 der Perser", "2 der Griechen", "0".
fn marker_de(score: i32) -> String {
    match score {
        s if s > 0 => format!("{s} der Perser"),
        s if s < 0 => format!("{} der Griechen", -s),
        _ => "0".into(),
    }
}

fn dice_de(ds: &[u8]) -> String {
    list_de(ds.iter().map(|d| d.to_string()).collect())
}

/// " über Pella und Larissa" for the cities between the ends of a path.
fn via_de(path: &[City]) -> String {
    if path.len() <= 2 {
        String::new()
    } else {
        format!(" über {}", cities_de(&path[1..path.len() - 1]))
    }
}

fn by_city_de(m: &std::collections::BTreeMap<City, u32>) -> String {
    list_de(
        m.iter()
            .map(|(c, n)| format!("{n} in {}", c.name()))
            .collect(),
    )
}

/// An action of the die table as PERSS.KI carries it out: "sie vernichtet 1 griechische Armee".
fn action_de(a: Action) -> &'static str {
    match a {
        Action::Pass => "Sie passt",
        Action::MoveArmies => "Sie bewegt ihre Armeen",
        Action::DestroyArmy => "Sie vernichtet 1 griechische Armee",
        Action::DestroyFleet => "Sie vernichtet 1 griechische Flotte",
        Action::Place => "Sie setzt 1 Flotte und 1 Armee ein",
    }
}

/// What PERSS.KI cannot do: "kann keine Armeen bewegen".
fn action_not_de(a: Action) -> &'static str {
    match a {
        Action::Pass => "nicht passen",
        Action::MoveArmies => "keine Armeen bewegen",
        Action::DestroyArmy => "keine griechische Armee vernichten",
        Action::DestroyFleet => "keine griechische Flotte vernichten",
        Action::Place => "keine Flotte und Armee einsetzen",
    }
}

/// What PERSS.KI tries instead: "versucht, 1 griechische Armee zu vernichten".
fn action_zu_de(a: Action) -> &'static str {
    match a {
        Action::Pass => "zu passen",
        Action::MoveArmies => "ihre Armeen zu bewegen",
        Action::DestroyArmy => "1 griechische Armee zu vernichten",
        Action::DestroyFleet => "1 griechische Flotte zu vernichten",
        Action::Place => "1 Flotte und 1 Armee einzusetzen",
    }
}

/// "eine Armee aus dem Vorrat" / "eine Armee aus Thebai".
fn army_from_de(a: ArmySource) -> String {
    match a {
        ArmySource::Stock => "eine Armee aus dem Vorrat".into(),
        ArmySource::Map(c) => format!("eine Armee aus {}", c.name()),
    }
}

/// The first letter upper case (a sentence starting with a phrase).
fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn situation_why_de(s: Situation, score: i32) -> String {
    match s {
        Situation::A => {
            "eine persische Versorgungsstadt von einer griechischen Armee besetzt ist".into()
        }
        _ => format!("der Wertungsmarker auf {} steht", marker_de(score)),
    }
}

fn ending_de(outcome: Outcome, reason: EndReason, score: i32) -> String {
    match (reason, outcome) {
        (EndReason::PersiansHoldGreece, _) => {
            "Die Perser haben beide griechischen Versorgungsstädte erobert, Athenai und Sparta: PERSS.KI gewinnt.".into()
        }
        (EndReason::GreeksHoldPersia, _) => {
            "Die Griechen haben beide persischen Versorgungsstädte erobert, Abydos und Ephesos: Die Griechen gewinnen.".into()
        }
        (EndReason::Points, Outcome::Persians) => format!(
            "Nach dem 5. Feldzug steht der Wertungsmarker auf {}: PERSS.KI gewinnt.",
            marker_de(score)
        ),
        (EndReason::Points, Outcome::Greeks) => format!(
            "Nach dem 5. Feldzug steht der Wertungsmarker auf {}: Die Griechen gewinnen.",
            marker_de(score)
        ),
        (EndReason::Points, Outcome::Draw) => {
            "Nach dem 5. Feldzug steht der Wertungsmarker auf 0: Das Spiel endet unentschieden.".into()
        }
    }
}

/// "Übrig: 1 griechische Armee, 2 persische Armeen".
fn left_de(kind: BattleKind, l: PerSide) -> String {
    let (one, many) = match kind {
        BattleKind::Land => ("Armee", "Armeen"),
        BattleKind::Naval => ("Flotte", "Flotten"),
    };
    format!(
        "Übrig: {}, {}",
        count(
            l.greeks,
            &format!("griechische {one}"),
            &format!("griechische {many}")
        ),
        count(
            l.persians,
            &format!("persische {one}"),
            &format!("persische {many}")
        )
    )
}

fn event_de(e: &Event, cx: &TextCx<'_>) -> String {
    let bot = cx.seat_name(Seat(1));
    match e {
        Event::Setup { campaign, score, deck_at_table } => format!(
            "Aufbau des Solospiels: Beginn im {campaign}. Feldzug, der Wertungsmarker auf {}; griechische Armeen in Athenai, Sparta und Korinthos mit je 1 Flotte in den Häfen von Athenai und Sparta; je 3 persische Armeen und 2 Flotten in Abydos und Ephesos; die Schwimmbrücke liegt auf dem Hellespont; die 16 Karten werden{} gemischt.",
            marker_de(*score),
            if *deck_at_table { " am Tisch" } else { "" }
        ),
        Event::DeckReshuffled { cards, at_table } => format!(
            "Der Nachziehstapel ist leer: {} des Ablagestapels {}{} zum neuen Nachziehstapel gemischt.",
            if *cards == 1 {
                "Die einzige Karte".to_string()
            } else {
                format!("Die {cards} Karten")
            },
            if *cards == 1 { "wird" } else { "werden" },
            if *at_table { " am Tisch" } else { "" }
        ),
        Event::PersianSituation { situation, score, .. } => format!(
            "{bot} bereitet sich mit 12 Talent vor: Situation {} gilt, weil {}.",
            match situation {
                Situation::A => "A",
                Situation::B => "B",
                Situation::C => "C",
                Situation::D => "D",
            },
            situation_why_de(*situation, *score)
        ),
        Event::PersianCardsDrawn { count: n, wanted, talents_left } => {
            if n < wanted {
                format!(
                    "{bot} zieht verdeckt nur {} (sie wollte {wanted}; mehr können nicht gezogen werden), {} übrig.",
                    cards_n_de(*n),
                    talents_de(*talents_left)
                )
            } else {
                format!(
                    "{bot} zieht verdeckt {}, {} übrig.",
                    cards_n_de(*n),
                    talents_de(*talents_left)
                )
            }
        }
        Event::BridgeBuilt { cost, talents_left } => format!(
            "{bot} baut die Schwimmbrücke für {cost} Talent, {} übrig.",
            talents_de(*talents_left)
        ),
        Event::PersianFleetPlaced { port, talents_left } => format!(
            "Situation B: Eine persische Flotte kommt in den Hafen von {}, {} übrig.",
            port.name(),
            talents_de(*talents_left)
        ),
        Event::PersianArmiesPlaced { city, armies: n, total, pass, talents_left, skipped } => {
            let passed = if skipped.is_empty() {
                String::new()
            } else {
                format!(
                    " Übersprungen: {}.",
                    list_de(
                        skipped
                            .iter()
                            .map(|s| format!(
                                "{} ({})",
                                s.city.name(),
                                match s.why {
                                    SkipReason::NotPersianControlled => "nicht persisch kontrolliert",
                                    SkipReason::TwoOrMoreArmies => "schon 2 oder mehr Armeen",
                                }
                            ))
                            .collect()
                    )
                )
            };
            match pass {
                Some(p) => format!(
                    "Armeen hinzufügen, {p}. Durchgang: Eine persische Armee wird in {} eingesetzt, dort sind es jetzt {total}; {} übrig.{passed}",
                    city.name(),
                    talents_de(*talents_left)
                ),
                None => format!(
                    "{} in {} eingesetzt, dort sind es jetzt {total}.",
                    units_verb_de(*n, "persische", ("Armee", "Armeen"), ("wird", "werden")),
                    city.name()
                ),
            }
        }
        Event::TalentsLost { count: n } => format!(
            "{bot} kann {} nicht ausgeben; {}.",
            talents_de(*n),
            if *n == 1 { "es verfällt" } else { "sie verfallen" }
        ),
        Event::PersianPass { why } => match why {
            PassReason::RolledOneEarlier => {
                format!("{bot} hat in diesem Feldzug schon eine 1 gewürfelt: Sie passt.")
            }
            PassReason::NoCards => format!("{bot} hat keine Karten: Sie passt."),
            PassReason::RolledOne => {
                format!("{bot} passt; ihre Feldzugphase ist für diesen Feldzug beendet.")
            }
        },
        Event::DefenceCheck { target, candidates, chosen } => match chosen {
            Some(c) => {
                let n = candidates.iter().find(|x| x.city == *c).map_or(0, |x| x.armies);
                format!(
                    "Griechische Armeen besetzen {}: {bot} verteidigt die Stadt von {} aus ({}, die meisten unter den Städten, die sie erreichen können).",
                    target.name(),
                    c.name(),
                    armies_de(n)
                )
            }
            None => format!(
                "Griechische Armeen besetzen {}, aber keine persische Armee kann die Stadt erreichen.",
                target.name()
            ),
        },
        Event::DefenceImpossible { occupied } => format!(
            "{bot} kann {} nicht verteidigen: Sie würfelt, als wären ihre Versorgungsstädte frei.",
            cities_de(occupied)
        ),
        Event::PersianDie { value, action: a } => {
            format!("{bot} würfelt eine {value}: {}.", action_de(*a))
        }
        Event::Activation { candidates, chosen } => match chosen {
            Some(c) => {
                let x = candidates.iter().find(|x| x.city == *c);
                format!(
                    "{bot} aktiviert {} ({}, davon dürfen {} ziehen).",
                    c.name(),
                    armies_de(x.map_or(0, |x| x.armies)),
                    x.map_or(0, |x| x.movers)
                )
            }
            None => "Keine persische Stadt kann Armeen in Richtung Sparta bewegen.".into(),
        },
        Event::Target { candidates, chosen, empty } => {
            let x = candidates.iter().find(|x| x.city == *chosen);
            format!(
                "Ziel: {}, die nächstgelegene {} in Richtung Sparta ({} entfernt; bis Sparta {}).",
                chosen.name(),
                if *empty { "Stadt ohne Armeen" } else { "griechisch besetzte Stadt" },
                count(x.map_or(0, |x| x.distance), "Straße", "Straßen"),
                count(x.map_or(0, |x| x.d_sparta), "Straße", "Straßen")
            )
        }
        Event::PersianMove { from, to, path, armies: k, of, defence } => {
            if *defence {
                format!(
                    "{} (ein Drittel von {of}, aufgerundet) von {}{} nach {}.",
                    units_verb_de(*k, "persische", ("Armee", "Armeen"), ("zieht", "ziehen")),
                    from.name(),
                    via_de(path),
                    to.name()
                )
            } else {
                format!(
                    "{k} der {of} persischen Armeen in {} {}{} nach {}.",
                    from.name(),
                    if *k == 1 { "zieht" } else { "ziehen" },
                    via_de(path),
                    to.name()
                )
            }
        }
        Event::Fallback { from, to } => format!(
            "{bot} kann {}: Sie versucht stattdessen, {}.",
            action_not_de(*from),
            action_zu_de(*to)
        ),
        Event::NoAction { .. } => format!(
            "Keine Aktion des Kreislaufs ist ausführbar; {bot} geht weiter zu Schritt 4, dem Abwerfen."
        ),
        Event::GreekArmyDestroyed { city, isolated, discard_owed } => format!(
            "{bot} vernichtet {} griechische Armee in {}; {}.",
            if *isolated { "die isolierte" } else { "eine" },
            city.name(),
            if *discard_owed {
                "die Griechen müssen jetzt 1 Karte ihrer Wahl abwerfen"
            } else {
                "die Griechen haben keine Karten und werfen daher keine ab"
            }
        ),
        Event::GreekFleetDestroyed { port } => format!(
            "{bot} vernichtet eine griechische Flotte im Hafen von {} und setzt dort eine persische Flotte ein.",
            port.name()
        ),
        Event::PersianDeploy { city, fleet, .. } => {
            if *fleet {
                format!("{bot} setzt 1 Flotte und 1 Armee in {} ein.", city.name())
            } else {
                format!(
                    "Keine Stadt kommt infrage, aber eine persische Flotte liegt im Hafen von {}, und in der Stadt steht keine Armee: {bot} setzt dort 1 Armee ein.",
                    city.name()
                )
            }
        }
        Event::BattleStarted { kind, city, attacker, units } => {
            let (att, def) = match attacker {
                Side::Greeks => (units.greeks, units.persians),
                Side::Persians => (units.persians, units.greeks),
            };
            format!(
                "Eine {} beginnt bei {}: {} greifen mit {} gegen {} an.",
                battle_de(*kind),
                city.name(),
                side_de(*attacker),
                unit_de(*kind, att),
                unit_de(*kind, def)
            )
        }
        Event::BattleRound {
            kind,
            city,
            round,
            persian_dice,
            persian_result,
            cap: max,
            greek_dice,
            greek_result,
            losses,
            carried_army_lost,
            left: l,
        } => {
            let what = match kind {
                BattleKind::Land => "eine Armee",
                BattleKind::Naval => "eine Flotte",
            };
            let outcome = match (losses.greeks, losses.persians) {
                (1, 1) => format!("Gleichstand: Jede Seite verliert {what}."),
                (1, _) => format!("Die Griechen verlieren {what}."),
                _ => format!("Die Perser verlieren {what}."),
            };
            format!(
                "Runde {round} bei {}: Die Perser würfeln {} (bestes Ergebnis {persian_result}, es zählt höchstens {max}), die Griechen würfeln {} (bestes Ergebnis {greek_result}). {outcome}{} {}.",
                city.name(),
                dice_de(persian_dice),
                dice_de(greek_dice),
                if *carried_army_lost {
                    " Mit der gesunkenen Flotte geht auch die Armee unter, die sie trug."
                } else {
                    ""
                },
                left_de(*kind, *l)
            )
        }
        Event::GreekRetreat { from, to, armies: a, fleets: f } => {
            let with = match (a, f) {
                (0, f) => fleets_de(*f),
                (a, 0) => armies_de(*a),
                (a, f) => format!("{} und {}", armies_de(*a), fleets_de(*f)),
            };
            format!(
                "Die Griechen ziehen sich mit {with} von {} nach {} zurück.",
                from.name(),
                to.name()
            )
        }
        Event::BattleEnded { kind, city, winner, survivors, retreated } => format!(
            "Die Schlacht bei {} ist vorbei: {}.",
            city.name(),
            match winner {
                _ if *retreated => "Die Griechen haben sich zurückgezogen".to_string(),
                Some(Side::Greeks) => format!(
                    "Die Griechen behaupten das Feld mit {}",
                    unit_de(*kind, survivors.greeks)
                ),
                Some(Side::Persians) => format!(
                    "Die Perser behaupten das Feld mit {}",
                    unit_de(*kind, survivors.persians)
                ),
                None => "Beide Seiten sind vernichtet".to_string(),
            }
        ),
        Event::ArmiesLanded { city, armies: n } => format!(
            "{} in {}.",
            units_verb_de(*n, "griechische", ("Armee", "Armeen"), ("landet", "landen")),
            city.name()
        ),
        Event::EvangelionScored { delta, marker: m, .. } => match delta {
            0 => format!(
                "Evangelion: Beide Änderungen treten ein und heben sich auf; der Wertungsmarker bleibt auf {}.",
                marker_de(*m)
            ),
            d => format!(
                "Evangelion: Der Wertungsmarker rückt 1 Feld zu den {} und steht auf {}.",
                if *d < 0 { "Griechen" } else { "Persern" },
                marker_de(*m)
            ),
        },
        Event::Victory { reason, .. } => match reason {
            EndReason::GreeksHoldPersia => {
                "Die Griechen kontrollieren Abydos und Ephesos: Die Griechen gewinnen sofort.".into()
            }
            _ => format!("Die Perser kontrollieren Athenai und Sparta: {bot} gewinnt sofort."),
        },
        Event::OperationsEnded { campaign, why } => format!(
            "{}: Die Feldzugphase des {campaign}. Feldzugs endet.",
            match why {
                OpsEnd::TwoPasses => "Beide Seiten haben nacheinander gepasst",
                OpsEnd::HandsEmpty => "Beide Kartenhände sind leer",
            }
        ),
        Event::PersianDiscard { card, hand_left } => format!(
            "{bot} beendet ihren Zug und wirft die Karte ab, die sie am längsten hat: {} (Karte {}). Die Karte hat keinen Effekt. {bot} hat jetzt {}.",
            card.name_de(),
            card.number(),
            match hand_left {
                0 => "keine Karten".to_string(),
                n => cards_n_de(*n),
            }
        ),
        Event::PersianHandDiscarded { cards: cs } => {
            if cs.is_empty() {
                format!("Versorgung: {bot} hat keine Karten zum Abwerfen.")
            } else {
                format!(
                    "Versorgung: {bot} wirft alle Handkarten ab ({}) und behält keine.",
                    cards_de(cs)
                )
            }
        }
        Event::Attrition { side: s, armies: n, capacity, excess } => format!(
            "Truppenverschleiß der {}: {} {}, Platz für {capacity}; {}.",
            match s {
                Side::Greeks => "Griechen",
                Side::Persians => "Perser",
            },
            armies_de(*n),
            match s {
                Side::Greeks => "auf dem Spielplan",
                Side::Persians => "außerhalb von Abydos und Ephesos",
            },
            match excess {
                0 => "keine muss gehen".to_string(),
                1 => "1 muss gehen".to_string(),
                e => format!("{e} müssen gehen"),
            }
        ),
        Event::AttritionRemoved { city, tier } => format!(
            "{bot} entfernt eine Armee aus {} ({}).",
            city.name(),
            match tier {
                Tier::Unsupplied => "sie hat keine Versorgung",
                Tier::NoPoints => "versorgt, aber nicht die letzte Armee dort",
                Tier::Other => "keine andere Armee blieb zur Wahl",
            }
        ),
        Event::GreekArmiesRemoved { from, total } => format!(
            "Die Griechen entfernen bei der Versorgung {}: {}.",
            armies_de(*total),
            by_city_de(from)
        ),
        Event::OutOfSupply { side: s, city, armies: n } => format!(
            "Die {} Armeen in {} haben keinen Kommunikationsweg und keine Seeverbindung: {} entfernt.",
            match s {
                Side::Greeks => "griechischen",
                Side::Persians => "persischen",
            },
            city.name(),
            if *n == 1 { "1 Armee wird".to_string() } else { format!("{n} Armeen werden") }
        ),
        Event::GreekCardsKept { kept, discarded } => {
            if *kept == 0 {
                "Versorgung: Die Griechen haben keine Karten.".into()
            } else if discarded.is_empty() {
                format!(
                    "Versorgung: Die Griechen behalten {}.",
                    if *kept == 1 {
                        "ihre einzige Karte".to_string()
                    } else {
                        format!("ihre {kept} Karten")
                    }
                )
            } else {
                format!(
                    "Versorgung: Die Griechen behalten {} und werfen {} ab.",
                    cards_n_de(*kept),
                    cards_de(discarded)
                )
            }
        }
        Event::GreekHand { cards: cs } => {
            if cs.is_empty() {
                "Du hast keine Karten.".into()
            } else {
                format!("Du behältst {} auf der Hand.", cards_de(cs))
            }
        }
        Event::Score { campaign, greek_points, persian_points, delta, marker: m } => format!(
            "Wertung des {campaign}. Feldzugs: Die Griechen erhalten {}, die Perser {}; {}.",
            count(*greek_points, "Punkt", "Punkte"),
            count(*persian_points, "Punkt", "Punkte"),
            match delta {
                0 => format!("der Wertungsmarker bleibt auf {}", marker_de(*m)),
                d => format!(
                    "der Wertungsmarker rückt {} zu den {} und steht auf {}",
                    count(d.abs(), "Feld", "Felder"),
                    if *d > 0 { "Persern" } else { "Griechen" },
                    marker_de(*m)
                ),
            }
        ),
        Event::GameOver { score, outcome } => ending_de(*outcome, EndReason::Points, *score),
        Event::CampaignStarted { campaign } => {
            format!("Der {campaign}. Feldzug beginnt; {bot} bereitet zuerst vor.")
        }
        Event::GreekCardsBought { count: n, talents_left, mines } => format!(
            "{}Die Griechen kaufen {}, {} übrig.",
            if *mines { "Die Minen von Laurion: " } else { "" },
            if *n == 0 { "keine Karten".to_string() } else { cards_n_de(*n) },
            talents_de(*talents_left)
        ),
        Event::GreekCardsDrawn { cards: cs } => {
            if cs.is_empty() {
                "Du hast keine Karte gezogen.".into()
            } else {
                format!("Du hast {} gezogen.", cards_de(cs))
            }
        }
        Event::GreekRaised { armies: a, fleets: f, talents_lost } => {
            let na: u32 = a.values().sum();
            let nf: u32 = f.values().sum();
            let mut parts = Vec::new();
            if na > 0 {
                parts.push(format!("{} ({})", armies_de(na), by_city_de(a)));
            }
            if nf > 0 {
                parts.push(format!("{} ({})", fleets_de(nf), by_city_de(f)));
            }
            format!(
                "Die Griechen setzen {} ein{}.",
                if parts.is_empty() { "nichts".to_string() } else { list_de(parts) },
                match talents_lost {
                    0 => String::new(),
                    1 => "; 1 Talent verfällt".to_string(),
                    n => format!("; {n} Talent verfallen"),
                }
            )
        }
        Event::OperationsStarted { .. } => {
            format!("Die Feldzugphase beginnt; {bot} ist zuerst an der Reihe.")
        }
        Event::GreekPass => "Die Griechen passen.".into(),
        Event::GreekCardPlayed { card, purpose } => format!(
            "Die Griechen spielen {} für eine {}.",
            card.name_de(),
            match purpose {
                Purpose::LandMovement => "Landbewegung",
                Purpose::NavalMovement => "Seebewegung",
            }
        ),
        Event::GreekMove { from, to, armies: n, path } => format!(
            "{} von {}{} nach {}.",
            units_verb_de(*n, "griechische", ("Armee", "Armeen"), ("zieht", "ziehen")),
            from.name(),
            via_de(path),
            to.name()
        ),
        Event::GreekNavalMove { from, to, fleets: f, armies: a } => format!(
            "{} von {} nach {}{}.",
            units_verb_de(*f, "griechische", ("Flotte", "Flotten"), ("fährt", "fahren")),
            from.name(),
            to.name(),
            if *a > 0 { format!(" mit {} an Bord", armies_de(*a)) } else { String::new() }
        ),
        Event::Reaction { card, city, army_from: src } => match card {
            Card::Artemisia => format!(
                "Die Griechen spielen Artemisia I. bei {}: Eine weitere persische Flotte kommt auf ihr Porträt.",
                city.name()
            ),
            c => format!(
                "Die Griechen spielen {} bei {}{}: Sie würfeln in jeder Runde dieser Schlacht mit 3 Würfeln.",
                c.name_de(),
                city.name(),
                src.map_or(String::new(), |s| format!(
                    ", und {} kommt auf das Porträt",
                    army_from_de(s)
                ))
            ),
        },
        Event::ReactionDeclined { city } => {
            format!("Die Griechen spielen bei {} keine Reaktion.", city.name())
        }
        Event::MinesOfLaurion => {
            "Die Griechen spielen Die Minen von Laurion: eine zusätzliche Vorbereitung mit 3 Talent.".into()
        }
        Event::IonianRevolt { city } => format!(
            "Die Griechen spielen Ionischer Aufstand: Eine persische Armee wird aus {} entfernt.",
            city.name()
        ),
        Event::WrathOfPoseidon { port } => format!(
            "Die Griechen spielen Zorn des Poseidon: Eine persische Flotte sinkt im Hafen von {}.",
            port.name()
        ),
        Event::OracleOfDelphi { discarded, drawn } => format!(
            "Die Griechen spielen Orakel von Delphi: Sie werfen {} ab und ziehen {}.",
            if discarded.is_empty() {
                "keine weitere Karte".to_string()
            } else {
                format!("{} ({})", cards_n_de(discarded.len() as u32), cards_de(discarded))
            },
            cards_n_de(*drawn)
        ),
        Event::Leonidas { army_from: src } => format!(
            "Die Griechen spielen Leonidas: {} kommt auf das Porträt; 1 Armee zieht und würfelt in ihrer Schlacht mit 2 Würfeln.",
            cap(&army_from_de(*src))
        ),
        Event::Evangelion => {
            "Die Griechen spielen Evangelion: eine Landbewegung, deren Schlacht den Wertungsmarker bewegt.".into()
        }
        Event::MelasZomos => {
            "Die Griechen spielen Melas Zomos: Eine griechische Armee aus dem Vorrat kommt nach Sparta.".into()
        }
        Event::Triremes => {
            "Die Griechen spielen Triremen: bis zu zwei Seebewegungen ohne Armeen.".into()
        }
        Event::SupportFromSyracuse { fleets: f } => format!(
            "Die Griechen spielen Unterstützung aus Syrakus: {} eingesetzt ({}).",
            {
                let n: u32 = f.values().sum();
                if n == 1 { "1 Flotte wird".to_string() } else { format!("{n} Flotten werden") }
            },
            by_city_de(f)
        ),
        Event::Desertion { city } => format!(
            "Die Griechen spielen Desertion griechischer Soldaten: Eine persische Armee verlässt {}.",
            city.name()
        ),
        Event::FightOn => "Die Griechen kämpfen weiter.".into(),
        Event::BridgeDestroyed => "Die Griechen zerstören die Schwimmbrücke.".into(),
        Event::BridgeKept => "Die Griechen lassen die Schwimmbrücke stehen.".into(),
        Event::GreekDiscard { card } => format!("Die Griechen werfen {} ab.", card.name_de()),
        Event::TriremesSkipped => "Die Griechen verzichten auf die zweite Bewegung der Triremen.".into(),
    }
}

/// "deinen 6 Talent" / "deinem 1 Talent" (dative after "mit").
fn your_talents_de(n: u32) -> String {
    if n == 1 {
        "deinem 1 Talent".into()
    } else {
        format!("deinen {n} Talent")
    }
}

fn decision_de(d: &Decision, cx: &TextCx<'_>) -> String {
    let bot = cx.seat_name(Seat(1));
    match d {
        Decision::PersianPreparation { campaign } => {
            format!("{bot} bereitet den {campaign}. Feldzug vor.")
        }
        Decision::BuyCards { talents, max, mines } => format!(
            "{}: Kaufe {} mit {} (je 1 Talent); mit dem Rest setzt du Einheiten ein.",
            if *mines { "Die Minen von Laurion" } else { "Vorbereitung der Griechen" },
            match max {
                0 => "keine Karten (es kann keine mehr gezogen werden)".to_string(),
                m => format!("bis zu {}", cards_n_de(*m)),
            },
            your_talents_de(*talents)
        ),
        Decision::Raise { talents, armies_in_stock, fleets_allowed, mines } => format!(
            "{}: Setze Armeen und Flotten mit {} ein (je 1 Talent: {} im Vorrat, höchstens noch {}); nicht ausgegebene Talent verfallen.",
            if *mines { "Die Minen von Laurion" } else { "Vorbereitung der Griechen" },
            your_talents_de(*talents),
            armies_de(*armies_in_stock),
            fleets_de(*fleets_allowed)
        ),
        Decision::GreekTurn { cards: n, persian_passed } => {
            let end = if *persian_passed {
                format!(" {bot} hat gepasst: Passt du auch, endet die Feldzugphase.")
            } else {
                String::new()
            };
            if *n == 0 {
                format!("Dein Zug in der Feldzugphase: Du hast keine Karten und musst passen.{end}")
            } else {
                format!("Dein Zug in der Feldzugphase: Spiele eine Karte für ihr Ereignis oder für eine Bewegung, oder passe.{end}")
            }
        }
        Decision::PersianTurn => format!("{bot} ist in der Feldzugphase am Zug."),
        Decision::React { city, cards: cs } => format!(
            "Ein persischer Landangriff auf {} beginnt gleich: Spiele {}, oder verzichte auf eine Reaktion.",
            city.name(),
            or_list_de(cs.iter().map(|c| c.name_de().to_string()).collect())
        ),
        Decision::Artemisia { city } => format!(
            "Die Perser haben bei {} eine Flotte verloren: Spiele Artemisia I., um eine weitere zu entfernen, oder verzichte darauf.",
            city.name()
        ),
        Decision::BattleChoice { kind, city, retreat_to } => format!(
            "{} bei {}: Zieh dich nach {} zurück, oder kämpfe weiter.",
            battle_de(*kind),
            city.name(),
            or_list_de(retreat_to.iter().map(|c| c.name().to_string()).collect())
        ),
        Decision::DestroyBridge => {
            "Deine Armeen haben Abydos eingenommen: Zerstöre die Schwimmbrücke, oder lass sie stehen.".into()
        }
        Decision::Discard => {
            format!("{bot} hat eine deiner Armeen vernichtet: Wirf 1 Karte deiner Wahl ab.")
        }
        Decision::TriremesSecond => {
            "Triremen: Führe eine zweite Seebewegung ohne Armeen aus, oder verzichte darauf.".into()
        }
        Decision::KeepCards { hand } => format!(
            "Versorgung: Du hast {}; wähle die 4, die du behältst.",
            cards_n_de(*hand)
        ),
        Decision::RemoveArmies { count: n } => format!(
            "Versorgung: Entferne {} deiner Wahl (du hast mehr Armeen, als deine Städte versorgen).",
            count(*n, "griechische Armee", "griechische Armeen")
        ),
        Decision::BattleRound { kind, city, round, persian_dice, greek_dice } => format!(
            "Runde {round} der {} bei {}: Würfle {} für die Perser, dann {} für die Griechen, und schicke sie mit dem Zug des Bots.",
            battle_de(*kind),
            city.name(),
            count(*persian_dice, "Würfel", "Würfel"),
            count(*greek_dice, "Würfel", "Würfel")
        ),
        Decision::GameOver { outcome, reason, score } => ending_de(*outcome, *reason, *score),
    }
}

/// ", mit Miltiades (eine Armee aus dem Vorrat auf das Porträt)".
fn miltiades_de(pay_from: Option<City>) -> String {
    format!(
        ", mit Miltiades ({} auf das Porträt)",
        army_from_de(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
    )
}

fn label_de(mv: &Move, free: &[&str]) -> String {
    let is_free = |f: &str| free.contains(&f);
    match mv {
        Move::BuyCards { count: 0 } => "Keine Karten kaufen".into(),
        Move::BuyCards { count: n } => format!("{} kaufen", cards_n_de(*n)),
        Move::Raise {
            armies: a,
            fleets: f,
        } => {
            let (na, nf) = (total(a), total(f));
            let mut parts = Vec::new();
            if na > 0 {
                parts.push(armies_de(na));
            }
            if nf > 0 {
                parts.push(fleets_de(nf));
            }
            if parts.is_empty() {
                "Nichts einsetzen".into()
            } else if is_free("armies") || is_free("fleets") {
                format!("{} einsetzen (Orte wählen)", list_de(parts))
            } else {
                format!("{} einsetzen", list_de(parts))
            }
        }
        Move::MoveLand {
            card,
            from,
            to,
            armies: n,
            miltiades,
            pay_from,
            ..
        } => {
            let what = if is_free("armies") {
                format!("Von {} nach {} ziehen", from.name(), to.name())
            } else {
                format!(
                    "{} von {} nach {} ziehen",
                    armies_de(*n),
                    from.name(),
                    to.name()
                )
            };
            let milt = if *miltiades {
                miltiades_de(*pay_from)
            } else {
                String::new()
            };
            let with = if is_free("card") {
                String::new()
            } else {
                format!(", dafür {} spielen", card.name_de())
            };
            format!("{what}{milt}{with}")
        }
        Move::MoveNaval {
            card,
            from,
            armies: a,
            ..
        } => format!(
            "Seebewegung von {}{}{}",
            from.name(),
            if *a > 0 {
                format!(" mit {} an Bord", armies_de(*a))
            } else {
                String::new()
            },
            if is_free("card") {
                String::new()
            } else {
                format!(", dafür {} spielen", card.name_de())
            }
        ),
        Move::PlayEvent {
            card,
            city,
            from,
            to,
            port,
            fleets: f,
            miltiades,
            pay_from,
            ..
        } => {
            let name = card.name_de();
            match card {
                Card::IonianRevolt | Card::Desertion => format!(
                    "{name} spielen: eine persische Armee verlässt {}",
                    city.map_or("", City::name)
                ),
                Card::WrathOfPoseidon => format!(
                    "{name} spielen: eine persische Flotte im Hafen von {} versenken",
                    port.map_or("", City::name)
                ),
                Card::Leonidas => format!(
                    "{name} spielen: 1 Armee zieht von {} nach {} ({} auf das Porträt)",
                    from.map_or("", City::name),
                    to.map_or("", City::name),
                    army_from_de(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
                ),
                Card::Evangelion => format!(
                    "{name} spielen: von {} nach {} ziehen{}",
                    from.map_or("", City::name),
                    to.map_or("", City::name),
                    if *miltiades {
                        miltiades_de(*pay_from)
                    } else {
                        String::new()
                    }
                ),
                Card::Triremes => format!(
                    "{name} spielen: Seebewegung von {}",
                    from.map_or("", City::name)
                ),
                Card::SupportFromSyracuse => format!(
                    "{name} spielen: {} einsetzen (Häfen wählen)",
                    fleets_de(match f {
                        Some(FleetsArg::Ports(p)) => total(p),
                        Some(FleetsArg::Count(n)) => *n,
                        None => 0,
                    })
                ),
                Card::MinesOfLaurion => format!("{name} spielen: eine zusätzliche Vorbereitung"),
                Card::OracleOfDelphi => {
                    format!("{name} spielen: Handkarten abwerfen und eine mehr ziehen")
                }
                Card::MelasZomos => format!("{name} spielen: eine Armee kommt nach Sparta"),
                _ => format!("{name} spielen"),
            }
        }
        Move::TriremesSecond { skip: true, .. } => {
            "Auf die zweite Bewegung der Triremen verzichten".into()
        }
        Move::TriremesSecond { from, .. } => format!(
            "Zweite Bewegung der Triremen von {}",
            from.map_or("", City::name)
        ),
        Move::Pass => "Passen".into(),
        Move::React { card: None, .. } => "Keine Reaktion spielen".into(),
        Move::React {
            card: Some(Card::Miltiades),
            pay_from,
        } => format!(
            "Miltiades spielen ({} auf das Porträt)",
            army_from_de(pay_from.map_or(ArmySource::Stock, ArmySource::Map))
        ),
        Move::React { card: Some(c), .. } => format!("{} spielen", c.name_de()),
        Move::BattleChoice { retreat_to: None } => "Weiterkämpfen".into(),
        Move::BattleChoice {
            retreat_to: Some(c),
        } => format!("Rückzug nach {}", c.name()),
        Move::DestroyBridge { destroy: true } => "Die Brücke zerstören".into(),
        Move::DestroyBridge { destroy: false } => "Die Brücke stehen lassen".into(),
        Move::Discard { card } => format!("{} abwerfen", card.name_de()),
        Move::KeepCards { cards: cs } => {
            if is_free("cards") {
                "4 Karten behalten (Karten wählen)".into()
            } else {
                format!(
                    "{} behalten",
                    cards_de(&cs.iter().copied().collect::<Vec<_>>())
                )
            }
        }
        Move::RemoveArmies { from } => {
            if is_free("from") {
                format!("{} entfernen (Orte wählen)", armies_de(total(from)))
            } else {
                format!("Armeen entfernen: {}", by_city_de(&from.0))
            }
        }
    }
}

/// A card by its printed name and number: "Miltiades (card 4)".
pub fn card_label(c: Card, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{} (Karte {})", c.name_de(), c.number()),
        _ => format!("{} (card {})", c.name(), c.number()),
    }
}

/// The name of a value a free field of a legal template may take: a city by its
/// name, a card by its printed name and number, a path by the cities it passes, a set of cards
/// by their names.
pub fn value_label(field: &str, value: &serde_json::Value, lang: Lang) -> String {
    let city = |v: &serde_json::Value| serde_json::from_value::<City>(v.clone()).ok();
    let card = |v: &serde_json::Value| v.as_str().and_then(Card::from_id);
    let named = match (field, value) {
        ("path", serde_json::Value::Array(stops)) => stops
            .iter()
            .map(city)
            .collect::<Option<Vec<City>>>()
            .map(|path| match (path.len(), lang) {
                (0..=2, Lang::De) => "auf direktem Weg".to_string(),
                (0..=2, _) => "the direct way".to_string(),
                (_, Lang::De) => format!("über {}", cities_de(&path[1..path.len() - 1])),
                _ => format!("by way of {}", cities(&path[1..path.len() - 1])),
            }),
        ("cards", serde_json::Value::Array(cs)) => cs
            .iter()
            .map(|c| card(c).map(|c| card_label(c, lang)))
            .collect::<Option<Vec<String>>>()
            .map(|names| join_list(&names, lang)),
        ("card", v) => card(v).map(|c| card_label(c, lang)),
        (_, v) => city(v).map(|c| c.name().to_string()),
    };
    named.unwrap_or_else(|| value.to_string())
}

/// The question a free field asks.
pub fn param_label(field: &str, lang: Lang) -> Option<String> {
    let (en, de) = match field {
        "armies" => ("Which armies?", "Welche Armeen?"),
        "fleets" => ("Which fleets?", "Welche Flotten?"),
        "from" => ("From which cities?", "Aus welchen Städten?"),
        "path" => ("Which way?", "Welcher Weg?"),
        "card" => ("Which card?", "Welche Karte?"),
        "cards" => ("Which cards do you keep?", "Welche Karten behältst du?"),
        "to" => ("To which port?", "In welchen Hafen?"),
        _ => return None,
    };
    Some(if lang == Lang::De { de } else { en }.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(
            units_verb(1, "Persian", ("army", "armies"), ("marches", "march")),
            "1 Persian army marches"
        );
        assert_eq!(
            units_verb(3, "Greek", ("fleet", "fleets"), ("sails", "sail")),
            "3 Greek fleets sail"
        );
        assert_eq!(marker(-2), "Greek 2");
    }

    /// T300-BAT-3: a naval round that sinks a fleet carrying an army reads as
    /// sentences, one full stop each.
    #[test]
    fn a_battle_round_reads_as_english_sentences() {
        use crate::engine::SeatInfo;
        let seats = vec![
            SeatInfo::human("greeks", "The Greeks", "Die Griechen"),
            SeatInfo::bot("persians", "PERSS.KI", "PERSS.KI"),
        ];
        let cx = TextCx::new(Lang::En, &seats);
        let round = Event::BattleRound {
            kind: BattleKind::Naval,
            city: City::Abydos,
            round: 2,
            persian_dice: vec![5, 2],
            persian_result: 5,
            cap: 6,
            greek_dice: vec![3],
            greek_result: 3,
            losses: PerSide {
                greeks: 1,
                persians: 0,
            },
            carried_army_lost: true,
            left: PerSide {
                greeks: 0,
                persians: 2,
            },
        };
        assert_eq!(
            round.describe(&cx),
            "Round 2 at Abydos: the Persians roll 5 and 2 (best 5, counting at most 6), \
             the Greeks roll 3 (best 3). The Greeks lose a fleet (left: 0 Greek fleets, \
             2 Persian fleets). The sunken fleet takes the army it carried with it."
        );
    }

    /// A few German texts checked by hand: cases, articles, plurals and the rulebook's terms.
    #[test]
    fn german_reads_as_the_german_edition() {
        use crate::engine::SeatInfo;
        let seats = vec![
            SeatInfo::human("greeks", "The Greeks", "Die Griechen"),
            SeatInfo::bot("persians", "PERSS.KI", "PERSS.KI"),
        ];
        let cx = TextCx::new(Lang::De, &seats);
        let ev = |e: Event| e.describe(&cx);
        assert_eq!(
            ev(Event::PersianMove {
                from: City::Abydos,
                to: City::Thebai,
                path: vec![City::Abydos, City::Pella, City::Larissa, City::Thebai],
                armies: 2,
                of: 5,
                defence: false,
            }),
            "2 der 5 persischen Armeen in Abydos ziehen über Pella und Larissa nach Thebai."
        );
        assert_eq!(
            ev(Event::BattleStarted {
                kind: BattleKind::Land,
                city: City::Thebai,
                attacker: Side::Persians,
                units: PerSide { greeks: 1, persians: 3 },
            }),
            "Eine Landschlacht beginnt bei Thebai: Die Perser greifen mit 3 Armeen gegen 1 Armee an."
        );
        assert_eq!(
            ev(Event::Score {
                campaign: 3,
                greek_points: 4,
                persian_points: 5,
                delta: 1,
                marker: 3,
            }),
            "Wertung des 3. Feldzugs: Die Griechen erhalten 4 Punkte, die Perser 5 Punkte; der Wertungsmarker rückt 1 Feld zu den Persern und steht auf 3 der Perser."
        );
        assert_eq!(
            ev(Event::Fallback { from: Action::MoveArmies, to: Action::DestroyArmy }),
            "PERSS.KI kann keine Armeen bewegen: Sie versucht stattdessen, 1 griechische Armee zu vernichten."
        );
        assert_eq!(
            ev(Event::GreekDiscard {
                card: Card::Artemisia
            }),
            "Die Griechen werfen Artemisia I. ab."
        );
        assert_eq!(
            Decision::BuyCards { talents: 6, max: 6, mines: false }.describe(&cx),
            "Vorbereitung der Griechen: Kaufe bis zu 6 Karten mit deinen 6 Talent (je 1 Talent); mit dem Rest setzt du Einheiten ein."
        );
        assert_eq!(
            Decision::React {
                city: City::Sparta,
                cards: vec![Card::Miltiades, Card::ThreeHundredSpartans],
            }
            .describe(&cx),
            "Ein persischer Landangriff auf Sparta beginnt gleich: Spiele Miltiades oder 300 Spartaner, oder verzichte auf eine Reaktion."
        );
        let mv = Move::MoveLand {
            card: Card::Triremes,
            from: City::Thebai,
            to: City::Athenai,
            armies: 2,
            path: None,
            miltiades: false,
            pay_from: None,
        };
        assert_eq!(
            label(&mv, &[], &cx),
            "2 Armeen von Thebai nach Athenai ziehen, dafür Triremen spielen"
        );
        let mv = Move::PlayEvent {
            card: Card::WrathOfPoseidon,
            city: None,
            from: None,
            to: None,
            armies: None,
            port: Some(City::Naxos),
            fleets: None,
            path: None,
            miltiades: false,
            pay_from: None,
        };
        assert_eq!(
            label(&mv, &[], &cx),
            "Zorn des Poseidon spielen: eine persische Flotte im Hafen von Naxos versenken"
        );
    }
}

/// Whose die or card the physical table is asked for, and what it decides (T300-AI-5,
/// T300-BAT-2, the draws of the event cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableNeed {
    /// PERSS.KI's action die (T300-AI-5, T300-AI-6).
    ActionDie,
    /// `side`'s battle die `n` of `of`; a Persian die counts at most `cap` (T300-BAT-2).
    BattleDie {
        side: Side,
        n: u32,
        of: u32,
        cap: u8,
    },
    /// The event card the Greeks draw, seen only by them.
    GreekDraw,
    /// PERSS.KI's card, turned face up (T300-AI-12, T300-SUP-2).
    PersianCard,
}

/// A face of the action die as a few words: what PERSS.KI does on it (T300-AI-6).
fn action_face(face: u8, lang: Lang) -> Option<&'static str> {
    let a = match face {
        1 => Action::Pass,
        2 | 3 => Action::MoveArmies,
        4 => Action::DestroyArmy,
        5 => Action::DestroyFleet,
        6 => Action::Place,
        _ => return None,
    };
    Some(match (lang, a) {
        (Lang::En, a) => action(a),
        (Lang::De, Action::Pass) => "passen",
        (Lang::De, Action::MoveArmies) => "Armeen bewegen",
        (Lang::De, Action::DestroyArmy) => "1 griechische Armee vernichten",
        (Lang::De, Action::DestroyFleet) => "1 griechische Flotte vernichten",
        (Lang::De, Action::Place) => "1 Flotte und 1 Armee einsetzen",
    })
}

impl crate::engine::NeedText for TableNeed {
    fn label(&self, cx: &TextCx<'_>) -> String {
        let de = cx.lang == Lang::De;
        match *self {
            TableNeed::ActionDie if de => "Aktionswürfel von PERSS.KI".into(),
            TableNeed::ActionDie => "PERSS.KI's action die".into(),
            TableNeed::BattleDie { side, n, of, cap } => {
                let which = match (de, of) {
                    (_, 1) => String::new(),
                    (true, _) => format!(" {n} von {of}"),
                    (false, _) => format!(" {n} of {of}"),
                };
                match (side, de) {
                    (Side::Persians, true) => {
                        format!("Persischer Kampfwürfel{which} (zählt höchstens {cap})")
                    }
                    (Side::Persians, false) => {
                        format!("Persian battle die{which} (counts at most {cap})")
                    }
                    (Side::Greeks, true) => format!("Griechischer Kampfwürfel{which}"),
                    (Side::Greeks, false) => format!("Greek battle die{which}"),
                }
            }
            TableNeed::GreekDraw if de => {
                "Ereigniskarte, die die Griechen ziehen (nur für sie sichtbar)".into()
            }
            TableNeed::GreekDraw => "Event card the Greeks draw (only they see it)".into(),
            TableNeed::PersianCard if de => "Karte von PERSS.KI, aufgedeckt".into(),
            TableNeed::PersianCard => "PERSS.KI's card, turned face up".into(),
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        match self {
            TableNeed::ActionDie => {
                let face: u8 = value.parse().ok()?;
                action_face(face, cx.lang).map(|a| format!("{face}: {a}"))
            }
            TableNeed::BattleDie { .. } => None,
            TableNeed::GreekDraw | TableNeed::PersianCard => {
                let card = Card::from_id(value)?;
                let name = if cx.lang == Lang::De {
                    card.name_de()
                } else {
                    card.name()
                };
                Some(format!("{} · {name}", card.number()))
            }
        }
    }
}
