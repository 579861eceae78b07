//! Why a Greek move is refused: one message per kind of refusal, with typed parameters. The
//! sentences are in the catalogue (`text/<lang>.ftl`, `refusal-*`), in English and in German
//! (the terms of the German edition, as `rulebook.toml` uses them).

use super::catalogue::{self, TEXT};
use super::data::{Card, City};
use crate::engine::{Args, Describe, Lang, Seat, TextCx};

/// A parameter of `play_event` a card needs or does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    City,
    From,
    To,
    Armies,
    Port,
    Fleets,
    Path,
    Miltiades,
    PayFrom,
}

impl Field {
    /// The field as a request names it (and its message, `field-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Field::City => "city",
            Field::From => "from",
            Field::To => "to",
            Field::Armies => "armies",
            Field::Port => "port",
            Field::Fleets => "fleets",
            Field::Path => "path",
            Field::Miltiades => "miltiades",
            Field::PayFrom => "pay_from",
        }
    }
}

/// Why a move of the Greeks is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The card is not in the Greek hand.
    NotInHand { card: Card },
    /// A land march must end in another city.
    SameCity,
    /// No path for Greek armies leads from `from` to `to`.
    Unreachable { from: City, to: City },
    /// The path does not start at `from` and end at `to`.
    PathEnds { from: City, to: City },
    /// No road joins two cities of the path; `hellespont`: the missing road is the bridge's.
    NoRoad {
        from: City,
        to: City,
        hellespont: bool,
    },
    /// The march passes through a city neither held nor controlled by the Greeks.
    MustStop { city: City },
    /// The path visits a city twice.
    PathRepeats,
    /// A march of no armies.
    NoArmy,
    /// A city holds fewer Greek armies than asked.
    TooFewArmies { city: City, has: u32 },
    /// Miltiades played for a march that attacks nobody.
    MiltiadesNoAttack,
    /// Miltiades is not in the hand or was used already.
    MiltiadesUnavailable,
    /// `pay_from` without Miltiades.
    PayWithoutMiltiades { city: City },
    /// Fleets sail only between ports.
    NotPorts,
    /// A naval movement must end in another port.
    SamePort,
    /// Wrong number of fleets for the port.
    FleetCount { city: City, has: u32 },
    /// Too many armies carried.
    TooManyCarried,
    /// Out of turn: the preparation starts with buying cards.
    BuyFirst,
    /// Out of turn: the Greeks raise units now.
    RaiseNow,
    /// Out of turn: not the Greeks' turn.
    NotGreeksTurn,
    /// Out of turn: on an operations turn a card or a pass.
    PlayOrPass,
    /// Out of turn: another decision is waited for.
    OtherDecision,
    /// Out of turn: not the bot's turn.
    NotBotsTurn,
    /// More cards bought than can be.
    TooManyCards { max: u32 },
    /// Unit numbers that overflow.
    FarBeyond,
    /// Units cost more talents than there are.
    TooExpensive { cost: u32, talents: u32 },
    /// Not enough Greek armies in stock.
    ArmyStock { left: u32 },
    /// Not enough Greek fleets in stock.
    FleetStock { left: u32 },
    /// At most 2 fleets per preparation.
    TwoFleets,
    /// New armies only in Greek-controlled cities.
    ArmyNotControlled { city: City },
    /// A new fleet needs a Greek-controlled port city without a Persian fleet.
    FleetSpot { city: City },
    /// The card needs a parameter.
    NeedsField { card: Card, field: Field },
    /// The card takes no such parameter.
    TakesNoField { card: Card, field: Field },
    /// Not an event.
    NotAnEvent,
    /// A reaction card played as an event.
    ReactionAsEvent { card: Card },
    /// Ionian Revolt needs Abydos or Ephesos with a Persian army.
    IonianCity,
    /// No Persian fleet in the port.
    NoPersianFleet { port: City },
    /// Leonidas was used already.
    LeonidasUsed,
    /// No Greek army in the city.
    NoGreekArmy { city: City },
    /// No Persian army in the city.
    NoPersianArmy { city: City },
    /// Paying for Leonidas would leave no army to march.
    NoArmyLeft,
    /// Melas Zomos needs Sparta and an army in stock.
    MelasZomos,
    /// Triremes needs a number of fleets.
    TriremesFleets,
    /// Support from Syracuse needs fleets by port.
    SyracuseFleets,
    /// No fleet in stock or no port for one.
    SyracuseNoSpot,
    /// Support from Syracuse places every fleet in stock.
    SyracuseAll { stock: u32 },
    /// Not a Greek-controlled port without a Persian fleet.
    SyracusePort { city: City },
    /// The card has no Greek event.
    NoEvent { card: Card },
    /// No reaction, so no army pays.
    NoReactionNoPay,
    /// The card needs no army for a portrait.
    NoPortraitArmy { card: Card },
    /// The card cannot be played now.
    NotNow { card: Card },
    /// Only Artemisia I can be played now.
    OnlyArtemisia { card: Card },
    /// Keep exactly 4 different cards.
    KeepFour,
    /// Remove exactly `count` armies.
    RemoveExactly { count: u32 },
    /// Skip the second movement or name it, not both.
    SkipOrName,
    /// Name the second movement or skip it.
    NameOrSkip,
    /// The portrait army comes from stock while it has one.
    PayFromStock { city: City },
    /// The stock is empty: name the city that pays.
    StockEmpty,
    /// The city cannot give an army for the portrait.
    CannotPay { city: City },
    /// The Greeks cannot retreat there.
    CannotRetreat { to: City, allowed: Vec<City> },
    /// No battle is running.
    NoBattle,
    /// Not a card id.
    NotACard { id: String },
    /// The bot holds no such card.
    NoSuchBotCard { bot: Seat },
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let (id, args) = self.message(cx);
        TEXT.text(cx.lang, id, &args)
    }
}

impl Refusal {
    /// The message (`text/<lang>.ftl`) and its arguments: names are read from the catalogue
    /// in the context's language.
    pub fn message(&self, cx: &TextCx<'_>) -> (&'static str, Args<'static>) {
        use Refusal as R;
        let lang = cx.lang;
        let city = |c: &City| catalogue::city(lang, *c);
        let card = |c: &Card| catalogue::card(lang, *c);
        let a = Args::new;
        match self {
            R::NotInHand { card: c } => ("refusal-not-in-hand", a().set("card", card(c))),
            R::SameCity => ("refusal-same-city", a()),
            R::Unreachable { from, to } => (
                "refusal-unreachable",
                a().set("from", city(from)).set("to", city(to)),
            ),
            R::PathEnds { from, to } => (
                "refusal-path-ends",
                a().set("from", city(from)).set("to", city(to)),
            ),
            R::NoRoad {
                from,
                to,
                hellespont,
            } => (
                "refusal-no-road",
                a().set("from", city(from))
                    .set("to", city(to))
                    .set("hellespont", if *hellespont { "yes" } else { "no" }),
            ),
            R::MustStop { city: c } => ("refusal-must-stop", a().set("city", city(c))),
            R::PathRepeats => ("refusal-path-repeats", a()),
            R::NoArmy => ("refusal-no-army", a()),
            R::TooFewArmies { city: c, has } => (
                "refusal-too-few-armies",
                a().set("city", city(c)).set("has", *has),
            ),
            R::MiltiadesNoAttack => ("refusal-miltiades-no-attack", a()),
            R::MiltiadesUnavailable => ("refusal-miltiades-unavailable", a()),
            R::PayWithoutMiltiades { city: c } => {
                ("refusal-pay-without-miltiades", a().set("city", city(c)))
            }
            R::NotPorts => ("refusal-not-ports", a()),
            R::SamePort => ("refusal-same-port", a()),
            R::FleetCount { city: c, has } => (
                "refusal-fleet-count",
                a().set("city", city(c)).set("has", *has),
            ),
            R::TooManyCarried => ("refusal-too-many-carried", a()),
            R::BuyFirst => ("refusal-buy-first", a()),
            R::RaiseNow => ("refusal-raise-now", a()),
            R::NotGreeksTurn => ("refusal-not-greeks-turn", a()),
            R::PlayOrPass => ("refusal-play-or-pass", a()),
            R::OtherDecision => ("refusal-other-decision", a()),
            R::NotBotsTurn => (
                "refusal-not-bots-turn",
                a().set("bot", cx.seat_name(Seat(1))),
            ),
            R::TooManyCards { max } => ("refusal-too-many-cards", a().set("max", *max)),
            R::FarBeyond => ("refusal-far-beyond", a()),
            R::TooExpensive { cost, talents } => (
                "refusal-too-expensive",
                a().set("cost", *cost).set("talents", *talents),
            ),
            R::ArmyStock { left } => ("refusal-army-stock", a().set("left", *left)),
            R::FleetStock { left } => ("refusal-fleet-stock", a().set("left", *left)),
            R::TwoFleets => ("refusal-two-fleets", a()),
            R::ArmyNotControlled { city: c } => {
                ("refusal-army-not-controlled", a().set("city", city(c)))
            }
            R::FleetSpot { city: c } => ("refusal-fleet-spot", a().set("city", city(c))),
            R::NeedsField { card: c, field } => (
                "refusal-needs-field",
                a().set("card", card(c))
                    .set("field", field_text(lang, *field, "")),
            ),
            R::TakesNoField { card: c, field } => (
                "refusal-takes-no-field",
                a().set("card", card(c))
                    .set("field", field_text(lang, *field, ".none")),
            ),
            R::NotAnEvent => ("refusal-not-an-event", a()),
            R::ReactionAsEvent { card: c } => {
                ("refusal-reaction-as-event", a().set("card", card(c)))
            }
            R::IonianCity => ("refusal-ionian-city", a()),
            R::NoPersianFleet { port } => ("refusal-no-persian-fleet", a().set("port", city(port))),
            R::LeonidasUsed => ("refusal-leonidas-used", a()),
            R::NoGreekArmy { city: c } => ("refusal-no-greek-army", a().set("city", city(c))),
            R::NoPersianArmy { city: c } => ("refusal-no-persian-army", a().set("city", city(c))),
            R::NoArmyLeft => ("refusal-no-army-left", a()),
            R::MelasZomos => ("refusal-melas-zomos", a()),
            R::TriremesFleets => ("refusal-triremes-fleets", a()),
            R::SyracuseFleets => ("refusal-syracuse-fleets", a()),
            R::SyracuseNoSpot => ("refusal-syracuse-no-spot", a()),
            R::SyracuseAll { stock } => ("refusal-syracuse-all", a().set("stock", *stock)),
            R::SyracusePort { city: c } => ("refusal-syracuse-port", a().set("city", city(c))),
            R::NoEvent { card: c } => ("refusal-no-event", a().set("card", card(c))),
            R::NoReactionNoPay => ("refusal-no-reaction-no-pay", a()),
            R::NoPortraitArmy { card: c } => ("refusal-no-portrait-army", a().set("card", card(c))),
            R::NotNow { card: c } => ("refusal-not-now", a().set("card", card(c))),
            R::OnlyArtemisia { card: c } => ("refusal-only-artemisia", a().set("card", card(c))),
            R::KeepFour => ("refusal-keep-four", a()),
            R::RemoveExactly { count } => ("refusal-remove-exactly", a().set("count", *count)),
            R::SkipOrName => ("refusal-skip-or-name", a()),
            R::NameOrSkip => ("refusal-name-or-skip", a()),
            R::PayFromStock { city: c } => ("refusal-pay-from-stock", a().set("city", city(c))),
            R::StockEmpty => ("refusal-stock-empty", a()),
            R::CannotPay { city: c } => ("refusal-cannot-pay", a().set("city", city(c))),
            R::CannotRetreat { to, allowed } => (
                "refusal-cannot-retreat",
                a().set("to", city(to))
                    .list("allowed", allowed.iter().map(city).collect()),
            ),
            R::NoBattle => ("refusal-no-battle", a()),
            R::NotACard { id } => ("refusal-not-a-card", a().set("id", id.clone())),
            R::NoSuchBotCard { bot } => (
                "refusal-no-such-bot-card",
                a().set("bot", cx.seat_name(*bot)),
            ),
        }
    }
}

/// Every field a card may need.
pub const FIELDS: [Field; 9] = [
    Field::City,
    Field::From,
    Field::To,
    Field::Armies,
    Field::Port,
    Field::Fleets,
    Field::Path,
    Field::Miltiades,
    Field::PayFrom,
];

impl Refusal {
    /// One of each variant (and each field of the two that name one), for the catalogue
    /// checks: together they use every `refusal-*` and `field-*` message.
    pub fn examples() -> Vec<Refusal> {
        use Refusal as R;
        let (c, k) = (City::Abydos, Card::Leonidas);
        let mut all = vec![
            R::NotInHand { card: k },
            R::SameCity,
            R::Unreachable {
                from: c,
                to: City::Sparta,
            },
            R::PathEnds {
                from: c,
                to: City::Sparta,
            },
            R::NoRoad {
                from: c,
                to: City::Pella,
                hellespont: true,
            },
            R::MustStop { city: c },
            R::PathRepeats,
            R::NoArmy,
            R::TooFewArmies { city: c, has: 2 },
            R::MiltiadesNoAttack,
            R::MiltiadesUnavailable,
            R::PayWithoutMiltiades { city: c },
            R::NotPorts,
            R::SamePort,
            R::FleetCount { city: c, has: 1 },
            R::TooManyCarried,
            R::BuyFirst,
            R::RaiseNow,
            R::NotGreeksTurn,
            R::PlayOrPass,
            R::OtherDecision,
            R::NotBotsTurn,
            R::TooManyCards { max: 1 },
            R::FarBeyond,
            R::TooExpensive {
                cost: 5,
                talents: 3,
            },
            R::ArmyStock { left: 1 },
            R::FleetStock { left: 0 },
            R::TwoFleets,
            R::ArmyNotControlled { city: c },
            R::FleetSpot { city: c },
            R::ReactionAsEvent {
                card: Card::Miltiades,
            },
            R::NotAnEvent,
            R::IonianCity,
            R::NoPersianFleet { port: c },
            R::LeonidasUsed,
            R::NoGreekArmy { city: c },
            R::NoPersianArmy { city: c },
            R::NoArmyLeft,
            R::MelasZomos,
            R::TriremesFleets,
            R::SyracuseFleets,
            R::SyracuseNoSpot,
            R::SyracuseAll { stock: 2 },
            R::SyracusePort { city: c },
            R::NoEvent { card: k },
            R::NoReactionNoPay,
            R::NoPortraitArmy {
                card: Card::Artemisia,
            },
            R::NotNow { card: k },
            R::OnlyArtemisia { card: k },
            R::KeepFour,
            R::RemoveExactly { count: 1 },
            R::SkipOrName,
            R::NameOrSkip,
            R::PayFromStock { city: c },
            R::StockEmpty,
            R::CannotPay { city: c },
            R::CannotRetreat {
                to: c,
                allowed: vec![City::Pella],
            },
            R::NoBattle,
            R::NotACard { id: "xyz".into() },
            R::NoSuchBotCard { bot: Seat(1) },
        ];
        for field in FIELDS {
            all.push(R::NeedsField { card: k, field });
            all.push(R::TakesNoField { card: k, field });
        }
        all
    }
}

/// A field as a card needs it (`attribute` "") or refuses it (".none").
fn field_text(lang: Lang, field: Field, attribute: &str) -> String {
    TEXT.name(lang, &format!("field-{}{attribute}", field.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        assert_eq!(
            both(Refusal::NotInHand {
                card: Card::Triremes
            }),
            (
                "Triremes is not in your hand.".to_string(),
                "Du hast Triremen nicht auf der Hand.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::TooFewArmies {
                city: City::Thebai,
                has: 1
            }),
            (
                "Thebai holds only 1 Greek army.".to_string(),
                "In Thebai steht nur 1 griechische Armee.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::FleetCount { city: City::Athenai, has: 2 }),
            (
                "The port of Athenai holds 2 Greek fleets; move at least one and no more."
                    .to_string(),
                "Im Hafen von Athenai liegen 2 griechische Flotten; bewege mindestens eine und nicht mehr."
                    .to_string()
            )
        );
        assert_eq!(
            both(Refusal::TakesNoField {
                card: Card::Desertion,
                field: Field::Port
            }),
            (
                "Desertion of Greek Soldiers takes no `port`.".to_string(),
                "Desertion griechischer Soldaten nimmt keinen Hafen an.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::CannotRetreat {
                to: City::Sparta,
                allowed: vec![City::Athenai, City::Thebai]
            }),
            (
                "The Greeks cannot retreat to Sparta; they may retreat to Athenai and Thebai."
                    .to_string(),
                "Die Griechen können sich nicht nach Sparta zurückziehen; sie können sich nach Athenai oder Thebai zurückziehen."
                    .to_string()
            )
        );
        assert_eq!(
            both(Refusal::ArmyStock { left: 3 }).1,
            "Im Vorrat sind nur 3 griechische Armeen."
        );
    }

    #[test]
    fn every_refusal_reads_as_a_sentence_and_its_german_as_german() {
        use crate::engine::testing::{check_german, check_text};
        for r in Refusal::examples() {
            let (en, de) = both(r);
            check_text("refusal", &en).unwrap();
            check_text("refusal", &de).unwrap();
            check_german("refusal", &de).unwrap();
            assert!(en.ends_with('.') && de.ends_with('.'), "{en} / {de}");
        }
    }
}
