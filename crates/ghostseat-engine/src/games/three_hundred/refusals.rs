//! Why a Greek move is refused: one message per kind of refusal, with typed
//! parameters, read in English and in German (the terms of the German edition, as `text.rs`
//! and `rulebook.toml` use them).

use super::data::{Card, City};
use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

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
    /// The field as a request names it.
    fn name(self) -> &'static str {
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

    /// What the field says, in German (accusative), without the English field name.
    fn de(self) -> &'static str {
        match self {
            Field::City => "eine Stadt",
            Field::From => "eine Startstadt",
            Field::To => "eine Zielstadt",
            Field::Armies => "eine Zahl von Armeen",
            Field::Port => "einen Hafen",
            Field::Fleets => "Flotten",
            Field::Path => "einen Weg",
            Field::Miltiades => "Miltiades",
            Field::PayFrom => "eine Stadt, die eine Armee für das Porträt stellt",
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

fn armies_en(n: u32) -> String {
    count(n, "Greek army", "Greek armies")
}

fn armies_de(n: u32) -> String {
    count(n, "griechische Armee", "griechische Armeen")
}

fn fleets_en(n: u32) -> String {
    count(n, "Greek fleet", "Greek fleets")
}

fn fleets_de(n: u32) -> String {
    count(n, "griechische Flotte", "griechische Flotten")
}

fn cities(cs: &[City], lang: Lang) -> String {
    let names: Vec<String> = cs.iter().map(|c| c.name().to_string()).collect();
    join_list(&names, lang)
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::De => de(self, cx),
            _ => en(self, cx),
        }
    }
}

fn en(r: &Refusal, cx: &TextCx<'_>) -> String {
    use Refusal as R;
    match r {
        R::NotInHand { card } => format!("{} is not in your hand.", card.name()),
        R::SameCity => "The armies must move to another city.".into(),
        R::Unreachable { from, to } => format!(
            "Greek armies cannot reach {} from {}.",
            to.name(),
            from.name()
        ),
        R::PathEnds { from, to } => format!(
            "The path lists the cities of the march from {} to {}, both included.",
            from.name(),
            to.name()
        ),
        R::NoRoad { from, to, hellespont } => format!(
            "No road leads from {} to {}{}.",
            from.name(),
            to.name(),
            if *hellespont { " (the Hellespont needs the bridge)" } else { "" }
        ),
        R::MustStop { city } => format!(
            "The armies must stop in {}: it is neither held nor controlled by the Greeks.",
            city.name()
        ),
        R::PathRepeats => "The path visits a city twice.".into(),
        R::NoArmy => "At least one army must move.".into(),
        R::TooFewArmies { city, has } => {
            format!("{} holds only {}.", city.name(), armies_en(*has))
        }
        R::MiltiadesNoAttack => {
            "Miltiades can only be played when the march attacks Persian armies.".into()
        }
        R::MiltiadesUnavailable => "Miltiades is not in your hand, or was used already.".into(),
        R::PayWithoutMiltiades { city } => format!(
            "An army from {} would pay for Miltiades, which this march does not play.",
            city.name()
        ),
        R::NotPorts => "Fleets move only between ports.".into(),
        R::SamePort => "The fleets must sail to another port.".into(),
        R::FleetCount { city, has } => format!(
            "The port of {} holds {}; move at least one and no more.",
            city.name(),
            fleets_en(*has)
        ),
        R::TooManyCarried => {
            "Each fleet carries at most one army from its city, at most 3 in all.".into()
        }
        R::BuyFirst => "The Greek preparation starts with buying cards.".into(),
        R::RaiseNow => "The Greeks now raise units.".into(),
        R::NotGreeksTurn => "It is not the Greeks' turn.".into(),
        R::PlayOrPass => "On a Greek operations turn play a card (a march, a sailing or an event) or pass.".into(),
        R::OtherDecision => "The game waits for another decision.".into(),
        R::NotBotsTurn => format!("It is not the turn of {}.", cx.seat_name(Seat(1))),
        R::TooManyCards { max } => {
            format!("You can buy at most {} now.", count(*max, "card", "cards"))
        }
        R::FarBeyond => "Those numbers are far beyond the units of the game.".into(),
        R::TooExpensive { cost, talents } => {
            format!("That costs {cost} talents; you have {talents}.")
        }
        R::ArmyStock { left } => format!("Only {} are in stock.", armies_en(*left)),
        R::FleetStock { left } => format!("Only {} are in stock.", fleets_en(*left)),
        R::TwoFleets => "At most 2 fleets can be raised per preparation.".into(),
        R::ArmyNotControlled { city } => format!(
            "New armies go only into Greek-controlled cities; {} is not one.",
            city.name()
        ),
        R::FleetSpot { city } => format!(
            "A new fleet cannot go to {}: it needs a Greek-controlled port city without a Persian fleet.",
            city.name()
        ),
        R::NeedsField { card, field } => {
            format!("{} needs `{}`.", card.name(), field.name())
        }
        R::TakesNoField { card, field } => {
            format!("{} takes no `{}`.", card.name(), field.name())
        }
        R::NotAnEvent => "This is not an event.".into(),
        R::ReactionAsEvent { card } => format!(
            "{} is a reaction; on your turn it can only be played for movement.",
            card.name()
        ),
        R::IonianCity => "Ionian Revolt removes a Persian army from Abydos or Ephesos; name one that holds one.".into(),
        R::NoPersianFleet { port } => {
            format!("No Persian fleet lies in the port of {}.", port.name())
        }
        R::LeonidasUsed => {
            "Leonidas was used already; the card serves only for movement now.".into()
        }
        R::NoGreekArmy { city } => format!("There is no Greek army in {}.", city.name()),
        R::NoPersianArmy { city } => format!("There is no Persian army in {}.", city.name()),
        R::NoArmyLeft => "No army would be left in the starting city to march.".into(),
        R::MelasZomos => {
            "Melas Zomos needs a Greek-controlled Sparta and an army in stock.".into()
        }
        R::TriremesFleets => "Triremes needs `fleets`: the number of fleets that sail.".into(),
        R::SyracuseFleets => {
            "Support from Syracuse needs `fleets`: the fleets placed, by port.".into()
        }
        R::SyracuseNoSpot => "There is no Greek fleet in stock, or no Greek-controlled port without a Persian fleet.".into(),
        R::SyracuseAll { stock } => {
            format!("Place every fleet in stock ({stock}), no more and no less.")
        }
        R::SyracusePort { city } => format!(
            "{} is not a Greek-controlled port without a Persian fleet.",
            city.name()
        ),
        R::NoEvent { card } => format!("{} has no event the Greeks can play.", card.name()),
        R::NoReactionNoPay => "No reaction is played, so no army pays for one.".into(),
        R::NoPortraitArmy { card } => format!("{} needs no army for a portrait.", card.name()),
        R::NotNow { card } => format!("{} cannot be played now.", card.name()),
        R::OnlyArtemisia { card } => {
            format!("Only Artemisia I can be played now, not {}.", card.name())
        }
        R::KeepFour => "Keep exactly 4 different cards.".into(),
        R::RemoveExactly { count: n } => {
            format!("Remove exactly {}.", count(*n, "army", "armies"))
        }
        R::SkipOrName => {
            "Skip the second movement, or name it (from, to, fleets), not both.".into()
        }
        R::NameOrSkip => "Name the second movement (from, to, fleets) or skip it.".into(),
        R::PayFromStock { city } => format!(
            "The army for the portrait comes from the Greek stock while it has one, not from {}.",
            city.name()
        ),
        R::StockEmpty => "The Greek stock is empty: name the city (pay_from) whose army covers the portrait.".into(),
        R::CannotPay { city } => format!(
            "{} cannot give an army for the portrait (it needs a Greek army that is not the last one in the battle).",
            city.name()
        ),
        R::CannotRetreat { to, allowed } => format!(
            "The Greeks cannot retreat to {}; they may retreat to {}.",
            to.name(),
            cities(allowed, Lang::En)
        ),
        R::NoBattle => "No battle is running.".into(),
        R::NotACard { id } => format!("'{id}' is not a card."),
        R::NoSuchBotCard { bot } => {
            format!("There is no such card in the hand of {}.", cx.seat_name(*bot))
        }
    }
}

fn de(r: &Refusal, cx: &TextCx<'_>) -> String {
    use Refusal as R;
    match r {
        R::NotInHand { card } => format!("Du hast {} nicht auf der Hand.", card.name_de()),
        R::SameCity => "Die Armeen müssen in eine andere Stadt ziehen.".into(),
        R::Unreachable { from, to } => format!(
            "Griechische Armeen können {} von {} aus nicht erreichen.",
            to.name(),
            from.name()
        ),
        R::PathEnds { from, to } => format!(
            "Der Weg nennt die Städte des Zuges von {} nach {}, beide eingeschlossen.",
            from.name(),
            to.name()
        ),
        R::NoRoad { from, to, hellespont } => format!(
            "Keine Straße führt von {} nach {}{}.",
            from.name(),
            to.name(),
            if *hellespont { " (über den Hellespont nur mit der Schwimmbrücke)" } else { "" }
        ),
        R::MustStop { city } => format!(
            "Die Armeen müssen in {} anhalten: Dort stehen keine griechischen Armeen, und die Griechen kontrollieren die Stadt nicht.",
            city.name()
        ),
        R::PathRepeats => "Der Weg führt zweimal durch dieselbe Stadt.".into(),
        R::NoArmy => "Mindestens eine Armee muss ziehen.".into(),
        R::TooFewArmies { city, has } => {
            format!("In {} stehen nur {}.", city.name(), armies_de(*has)).replace(
                "stehen nur 1 griechische Armee",
                "steht nur 1 griechische Armee",
            )
        }
        R::MiltiadesNoAttack => {
            "Miltiades kann nur gespielt werden, wenn der Zug persische Armeen angreift.".into()
        }
        R::MiltiadesUnavailable => {
            "Du hast Miltiades nicht auf der Hand, oder er wurde schon eingesetzt.".into()
        }
        R::PayWithoutMiltiades { city } => format!(
            "Eine Armee aus {} würde für Miltiades bezahlen, doch dieser Zug spielt Miltiades nicht.",
            city.name()
        ),
        R::NotPorts => "Flotten fahren nur zwischen Häfen.".into(),
        R::SamePort => "Die Flotten müssen in einen anderen Hafen fahren.".into(),
        R::FleetCount { city, has } => format!(
            "Im Hafen von {} {} {}; bewege mindestens eine und nicht mehr.",
            city.name(),
            if *has == 1 { "liegt" } else { "liegen" },
            fleets_de(*has)
        ),
        R::TooManyCarried => {
            "Jede Flotte bringt höchstens eine Armee aus ihrer Stadt mit, insgesamt höchstens 3.".into()
        }
        R::BuyFirst => "Die Vorbereitung der Griechen beginnt mit dem Kauf von Karten.".into(),
        R::RaiseNow => "Die Griechen setzen jetzt Einheiten ein.".into(),
        R::NotGreeksTurn => "Die Griechen sind nicht am Zug.".into(),
        R::PlayOrPass => "In deinem Zug der Feldzugphase spielst du eine Karte (für eine Landbewegung, eine Seebewegung oder ihr Ereignis), oder du passt.".into(),
        R::OtherDecision => "Die Partie wartet auf eine andere Entscheidung.".into(),
        R::NotBotsTurn => format!("{} ist nicht am Zug.", cx.seat_name(Seat(1))),
        R::TooManyCards { max } => format!(
            "Du kannst jetzt höchstens {} kaufen.",
            count(*max, "Karte", "Karten")
        ),
        R::FarBeyond => "Diese Zahlen übersteigen die Einheiten des Spiels bei Weitem.".into(),
        R::TooExpensive { cost, talents } => {
            format!("Das kostet {cost} Talent; du hast {talents}.")
        }
        R::ArmyStock { left } => format!(
            "Im Vorrat {} nur {}.",
            if *left == 1 { "ist" } else { "sind" },
            armies_de(*left)
        ),
        R::FleetStock { left } => format!(
            "Im Vorrat {} nur {}.",
            if *left == 1 { "ist" } else { "sind" },
            fleets_de(*left)
        ),
        R::TwoFleets => "Pro Vorbereitung kannst du höchstens 2 Flotten einsetzen.".into(),
        R::ArmyNotControlled { city } => format!(
            "Neue Armeen kommen nur in griechisch kontrollierte Städte; {} ist keine.",
            city.name()
        ),
        R::FleetSpot { city } => format!(
            "Eine neue Flotte kann nicht nach {}: Sie braucht eine griechisch kontrollierte Hafenstadt ohne persische Flotte.",
            city.name()
        ),
        R::NeedsField { card, field } => {
            format!("{} braucht {}.", card.name_de(), field.de())
        }
        R::TakesNoField { card, field } => {
            format!("{} nimmt nicht {} an.", card.name_de(), field.de())
                .replace("nicht eine", "keine")
                .replace("nicht einen", "keinen")
                .replace("nicht Flotten", "keine Flotten")
        }
        R::NotAnEvent => "Das ist kein Ereignis.".into(),
        R::ReactionAsEvent { card } => format!(
            "{} ist eine Reaktion; in deinem Zug kannst du die Karte nur für eine Bewegung spielen.",
            card.name_de()
        ),
        R::IonianCity => "Ionischer Aufstand entfernt eine persische Armee aus Abydos oder Ephesos; nenne eine dieser Städte, in der eine steht.".into(),
        R::NoPersianFleet { port } => {
            format!("Im Hafen von {} liegt keine persische Flotte.", port.name())
        }
        R::LeonidasUsed => {
            "Leonidas wurde schon eingesetzt; die Karte dient jetzt nur noch der Bewegung.".into()
        }
        R::NoGreekArmy { city } => format!("In {} steht keine griechische Armee.", city.name()),
        R::NoPersianArmy { city } => format!("In {} steht keine persische Armee.", city.name()),
        R::NoArmyLeft => "In der Startstadt bliebe keine Armee, die ziehen könnte.".into(),
        R::MelasZomos => {
            "Melas Zomos braucht ein griechisch kontrolliertes Sparta und eine Armee im Vorrat.".into()
        }
        R::TriremesFleets => "Triremen braucht die Zahl der Flotten, die fahren.".into(),
        R::SyracuseFleets => {
            "Unterstützung aus Syrakus braucht die eingesetzten Flotten, nach Häfen.".into()
        }
        R::SyracuseNoSpot => "Im Vorrat ist keine griechische Flotte, oder es gibt keinen griechisch kontrollierten Hafen ohne persische Flotte.".into(),
        R::SyracuseAll { stock } => format!(
            "Setze jede Flotte aus dem Vorrat ein ({stock}), nicht mehr und nicht weniger."
        ),
        R::SyracusePort { city } => format!(
            "{} ist kein griechisch kontrollierter Hafen ohne persische Flotte.",
            city.name()
        ),
        R::NoEvent { card } => format!(
            "{} hat kein Ereignis, das die Griechen spielen können.",
            card.name_de()
        ),
        R::NoReactionNoPay => {
            "Es wird keine Reaktion gespielt, also bezahlt auch keine Armee dafür.".into()
        }
        R::NoPortraitArmy { card } => format!(
            "{} braucht keine Armee auf dem Porträt.",
            card.name_de()
        ),
        R::NotNow { card } => format!("{} kann jetzt nicht gespielt werden.", card.name_de()),
        R::OnlyArtemisia { card } => format!(
            "Jetzt kann nur Artemisia I. gespielt werden, nicht {}.",
            card.name_de()
        ),
        R::KeepFour => "Behalte genau 4 verschiedene Karten.".into(),
        R::RemoveExactly { count: n } => {
            format!("Entferne genau {}.", count(*n, "Armee", "Armeen"))
        }
        R::SkipOrName => "Verzichte auf die zweite Seebewegung, oder nenne sie (Start, Ziel, Flotten), nicht beides.".into(),
        R::NameOrSkip => "Nenne die zweite Seebewegung (Start, Ziel, Flotten), oder verzichte darauf.".into(),
        R::PayFromStock { city } => format!(
            "Die Armee für das Porträt kommt aus dem griechischen Vorrat, solange er eine hat, nicht aus {}.",
            city.name()
        ),
        R::StockEmpty => "Der griechische Vorrat ist leer: Nenne die Stadt, deren Armee auf das Porträt kommt.".into(),
        R::CannotPay { city } => format!(
            "{} kann keine Armee für das Porträt stellen (dafür braucht es eine griechische Armee, die nicht die letzte in der Schlacht ist).",
            city.name()
        ),
        R::CannotRetreat { to, allowed } => format!(
            "Die Griechen können sich nicht nach {} zurückziehen; sie können sich nach {} zurückziehen.",
            to.name(),
            cities(allowed, Lang::De).replace(" und ", " oder ")
        ),
        R::NoBattle => "Es läuft keine Schlacht.".into(),
        R::NotACard { id } => format!("„{id}“ ist keine Karte."),
        R::NoSuchBotCard { bot } => {
            format!("{} hat keine solche Karte auf der Hand.", cx.seat_name(*bot))
        }
    }
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
        let (c, k) = (City::Abydos, Card::Leonidas);
        let all = vec![
            Refusal::NotInHand { card: k },
            Refusal::SameCity,
            Refusal::Unreachable {
                from: c,
                to: City::Sparta,
            },
            Refusal::PathEnds {
                from: c,
                to: City::Sparta,
            },
            Refusal::NoRoad {
                from: c,
                to: City::Pella,
                hellespont: true,
            },
            Refusal::MustStop { city: c },
            Refusal::PathRepeats,
            Refusal::NoArmy,
            Refusal::TooFewArmies { city: c, has: 2 },
            Refusal::MiltiadesNoAttack,
            Refusal::MiltiadesUnavailable,
            Refusal::PayWithoutMiltiades { city: c },
            Refusal::NotPorts,
            Refusal::SamePort,
            Refusal::FleetCount { city: c, has: 1 },
            Refusal::TooManyCarried,
            Refusal::BuyFirst,
            Refusal::RaiseNow,
            Refusal::NotGreeksTurn,
            Refusal::PlayOrPass,
            Refusal::OtherDecision,
            Refusal::NotBotsTurn,
            Refusal::TooManyCards { max: 1 },
            Refusal::FarBeyond,
            Refusal::TooExpensive {
                cost: 5,
                talents: 3,
            },
            Refusal::ArmyStock { left: 1 },
            Refusal::FleetStock { left: 0 },
            Refusal::TwoFleets,
            Refusal::ArmyNotControlled { city: c },
            Refusal::FleetSpot { city: c },
            Refusal::ReactionAsEvent {
                card: Card::Miltiades,
            },
            Refusal::NotAnEvent,
            Refusal::IonianCity,
            Refusal::NoPersianFleet { port: c },
            Refusal::LeonidasUsed,
            Refusal::NoGreekArmy { city: c },
            Refusal::NoPersianArmy { city: c },
            Refusal::NoArmyLeft,
            Refusal::MelasZomos,
            Refusal::TriremesFleets,
            Refusal::SyracuseFleets,
            Refusal::SyracuseNoSpot,
            Refusal::SyracuseAll { stock: 2 },
            Refusal::SyracusePort { city: c },
            Refusal::NoEvent { card: k },
            Refusal::NoReactionNoPay,
            Refusal::NoPortraitArmy {
                card: Card::Artemisia,
            },
            Refusal::NotNow { card: k },
            Refusal::OnlyArtemisia { card: k },
            Refusal::KeepFour,
            Refusal::RemoveExactly { count: 1 },
            Refusal::SkipOrName,
            Refusal::NameOrSkip,
            Refusal::PayFromStock { city: c },
            Refusal::StockEmpty,
            Refusal::CannotPay { city: c },
            Refusal::CannotRetreat {
                to: c,
                allowed: vec![City::Pella],
            },
            Refusal::NoBattle,
            Refusal::NotACard { id: "xyz".into() },
            Refusal::NoSuchBotCard { bot: Seat(1) },
        ];
        let fields = [
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
        let with_fields = fields.iter().flat_map(|&field| {
            [
                Refusal::NeedsField { card: k, field },
                Refusal::TakesNoField { card: k, field },
            ]
        });
        for r in all.into_iter().chain(with_fields) {
            let (en, de) = both(r);
            check_text("refusal", &en).unwrap();
            check_text("refusal", &de).unwrap();
            check_german("refusal", &de).unwrap();
            assert!(en.ends_with('.') && de.ends_with('.'), "{en} / {de}");
        }
    }
}
