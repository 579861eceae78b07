//! Typed tables of 300: Erde & Wasser: the sides, the map, the priority lists of PERSS.KI and the
//! 16 cards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The two sides (Griechen / Perser).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The human player.
    Greeks,
    /// PERSS.KI, the bot.
    Persians,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Greeks => Side::Persians,
            Side::Persians => Side::Greeks,
        }
    }
}

/// The eleven cities (Städte), spelled as in the German solo text (T300-MAP-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum City {
    Abydos,
    Ephesos,
    Pella,
    Larissa,
    Delphi,
    Thebai,
    Athenai,
    Korinthos,
    Sparta,
    Eretria,
    Naxos,
}

use City::*;

/// Every city, in map order.
pub const CITIES: [City; 11] = [
    Abydos, Ephesos, Pella, Larissa, Delphi, Thebai, Athenai, Korinthos, Sparta, Eretria, Naxos,
];

/// The ten roads; Abydos–Pella is the Hellespont, open only with the bridge (T300-MAP-3).
pub const ROADS: [(City, City); 10] = [
    (Abydos, Ephesos),
    (Abydos, Pella),
    (Pella, Larissa),
    (Larissa, Delphi),
    (Larissa, Thebai),
    (Delphi, Thebai),
    (Thebai, Athenai),
    (Thebai, Korinthos),
    (Athenai, Korinthos),
    (Korinthos, Sparta),
];

impl City {
    pub fn name(self) -> &'static str {
        match self {
            Abydos => "Abydos",
            Ephesos => "Ephesos",
            Pella => "Pella",
            Larissa => "Larissa",
            Delphi => "Delphi",
            Thebai => "Thebai",
            Athenai => "Athenai",
            Korinthos => "Korinthos",
            Sparta => "Sparta",
            Eretria => "Eretria",
            Naxos => "Naxos",
        }
    }
    /// Port city (Hafenstadt): all but Larissa, Delphi and Korinthos.
    pub fn has_port(self) -> bool {
        !matches!(self, Larissa | Delphi | Korinthos)
    }
    /// Amphorae (supply capacity).
    pub fn amphorae(self) -> u32 {
        match self {
            Abydos | Ephesos => 3,
            Athenai | Sparta => 2,
            _ => 1,
        }
    }
    /// Score value: 2 for a major city, else 1.
    pub fn points(self) -> i32 {
        if self.major_of().is_some() {
            2
        } else {
            1
        }
    }
    /// Whose major (= supply) city this is.
    pub fn major_of(self) -> Option<Side> {
        match self {
            Abydos | Ephesos => Some(Side::Persians),
            Athenai | Sparta => Some(Side::Greeks),
            _ => None,
        }
    }
    /// `dS`: roads to Sparta counting the Hellespont (T300-MAP-1); islands have none.
    pub fn d_sparta(self) -> Option<u32> {
        match self {
            Abydos => Some(5),
            Ephesos => Some(6),
            Pella => Some(4),
            Larissa | Delphi => Some(3),
            Thebai | Athenai => Some(2),
            Korinthos => Some(1),
            Sparta => Some(0),
            Eretria | Naxos => None,
        }
    }
    /// Neighbours by road; the Hellespont only while the bridge is built.
    pub fn roads(self, bridge: bool) -> Vec<City> {
        ROADS
            .iter()
            .filter(|(a, b)| bridge || !matches!((a, b), (Abydos, Pella) | (Pella, Abydos)))
            .filter_map(|&(a, b)| {
                if a == self {
                    Some(b)
                } else if b == self {
                    Some(a)
                } else {
                    None
                }
            })
            .collect()
    }
}

/// Activation list of steps 2 and 3 (T300-AI-3, T300-TGT-6).
pub const ACTIVATION: [City; 9] = [
    Ephesos, Abydos, Pella, Larissa, Thebai, Delphi, Athenai, Korinthos, Sparta,
];
/// Army list of situation B (T300-PPR-5).
pub const LIST_B: [City; 9] = [
    Abydos, Ephesos, Sparta, Athenai, Korinthos, Thebai, Delphi, Larissa, Pella,
];
/// Army list of situation C (T300-PPR-6).
pub const LIST_C: [City; 11] = [
    Abydos, Ephesos, Sparta, Athenai, Korinthos, Thebai, Delphi, Larissa, Eretria, Naxos, Pella,
];
/// Fleet order of situation B: list C restricted to ports (T300-PPR-5 (I)).
pub const FLEETS_B: [City; 8] = [
    Abydos, Ephesos, Sparta, Athenai, Thebai, Eretria, Naxos, Pella,
];
/// Order for destroying a Greek army (T300-AI-9).
pub const DESTROY_ARMY: [City; 11] = [
    Abydos, Ephesos, Pella, Larissa, Thebai, Delphi, Athenai, Korinthos, Sparta, Naxos, Eretria,
];
/// Order for destroying a Greek fleet (T300-AI-10).
pub const DESTROY_FLEET: [City; 8] = [
    Abydos, Ephesos, Naxos, Eretria, Pella, Thebai, Athenai, Sparta,
];
/// Order for placing a fleet and an army (T300-AI-11).
pub const DEPLOY: [City; 8] = [
    Athenai, Sparta, Thebai, Eretria, Naxos, Pella, Abydos, Ephesos,
];
/// Order of Persian attrition removals (T300-SUP-5).
pub const ATTRITION: [City; 9] = [
    Korinthos, Delphi, Thebai, Larissa, Eretria, Naxos, Pella, Sparta, Athenai,
];

/// One of the 16 cards, by the name of its Greek half (facts file §B6). Its id on the wire is
/// that name (`"miltiades"`); older logs named cards by their printed number
/// (`4`), which is still read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// 1 — Mines of Laurion / Cavalry of Mardonius.
    MinesOfLaurion,
    /// 2 — Ionian Revolt / Tribute of Earth and Water.
    IonianRevolt,
    /// 3 — Wrath of Poseidon / Tribute of Earth and Water.
    WrathOfPoseidon,
    /// 4 — Miltiades / Carneia Festival.
    Miltiades,
    /// 5 — Themistocles / The Immortals.
    Themistocles,
    /// 6 — Pausanias / Ostracism.
    Pausanias,
    /// 7 — Oracle of Delphi / The Great King.
    OracleOfDelphi,
    /// 8 — Leonidas / The Royal Road.
    Leonidas,
    /// 9 — Artemisia I / Hippias.
    Artemisia,
    /// 10 — Evangelion / Separate Peace.
    Evangelion,
    /// 11 — Melas Zomos / Sudden Death of the Great King.
    MelasZomos,
    /// 12 — Molon Labe / Defection of Thebes.
    MolonLabe,
    /// 13 — Triremes / Tribute of Earth and Water.
    Triremes,
    /// 14 — Support from Syracuse / Alliance with Carthage.
    SupportFromSyracuse,
    /// 15 — 300 Spartans / Acropolis on Fire.
    ThreeHundredSpartans,
    /// 16 — Desertion of Greek Soldiers / Pacification of Babylon or Egypt.
    Desertion,
}

/// Every card, in printed order.
pub const CARDS: [Card; 16] = [
    Card::MinesOfLaurion,
    Card::IonianRevolt,
    Card::WrathOfPoseidon,
    Card::Miltiades,
    Card::Themistocles,
    Card::Pausanias,
    Card::OracleOfDelphi,
    Card::Leonidas,
    Card::Artemisia,
    Card::Evangelion,
    Card::MelasZomos,
    Card::MolonLabe,
    Card::Triremes,
    Card::SupportFromSyracuse,
    Card::ThreeHundredSpartans,
    Card::Desertion,
];

impl Card {
    /// The printed number, 1..16.
    pub fn number(self) -> u8 {
        CARDS
            .iter()
            .position(|&c| c == self)
            .map_or(0, |i| i as u8 + 1)
    }
    /// The card with a printed number.
    pub fn from_number(n: u64) -> Option<Card> {
        usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| CARDS.get(i).copied())
    }
    /// The card with a wire id (`"miltiades"`).
    pub fn from_id(id: &str) -> Option<Card> {
        CARDS.iter().copied().find(|c| c.id() == id)
    }
    /// The wire id.
    pub fn id(self) -> &'static str {
        match self {
            Card::MinesOfLaurion => "mines_of_laurion",
            Card::IonianRevolt => "ionian_revolt",
            Card::WrathOfPoseidon => "wrath_of_poseidon",
            Card::Miltiades => "miltiades",
            Card::Themistocles => "themistocles",
            Card::Pausanias => "pausanias",
            Card::OracleOfDelphi => "oracle_of_delphi",
            Card::Leonidas => "leonidas",
            Card::Artemisia => "artemisia",
            Card::Evangelion => "evangelion",
            Card::MelasZomos => "melas_zomos",
            Card::MolonLabe => "molon_labe",
            Card::Triremes => "triremes",
            Card::SupportFromSyracuse => "support_from_syracuse",
            Card::ThreeHundredSpartans => "three_hundred_spartans",
            Card::Desertion => "desertion",
        }
    }
    /// The name of the Greek half (the card's name here).
    pub fn name(self) -> &'static str {
        match self {
            Card::MinesOfLaurion => "Mines of Laurion",
            Card::IonianRevolt => "Ionian Revolt",
            Card::WrathOfPoseidon => "Wrath of Poseidon",
            Card::Miltiades => "Miltiades",
            Card::Themistocles => "Themistocles",
            Card::Pausanias => "Pausanias",
            Card::OracleOfDelphi => "Oracle of Delphi",
            Card::Leonidas => "Leonidas",
            Card::Artemisia => "Artemisia I",
            Card::Evangelion => "Evangelion",
            Card::MelasZomos => "Melas Zomos",
            Card::MolonLabe => "Molon Labe",
            Card::Triremes => "Triremes",
            Card::SupportFromSyracuse => "Support from Syracuse",
            Card::ThreeHundredSpartans => "300 Spartans",
            Card::Desertion => "Desertion of Greek Soldiers",
        }
    }
    /// The German name of the Greek half, as the German edition prints it (rulebook terms).
    pub fn name_de(self) -> &'static str {
        match self {
            Card::MinesOfLaurion => "Die Minen von Laurion",
            Card::IonianRevolt => "Ionischer Aufstand",
            Card::WrathOfPoseidon => "Zorn des Poseidon",
            Card::Miltiades => "Miltiades",
            Card::Themistocles => "Themistokles",
            Card::Pausanias => "Pausanias",
            Card::OracleOfDelphi => "Orakel von Delphi",
            Card::Leonidas => "Leonidas",
            Card::Artemisia => "Artemisia I.",
            Card::Evangelion => "Evangelion",
            Card::MelasZomos => "Melas Zomos",
            Card::MolonLabe => "Molon Labe",
            Card::Triremes => "Triremen",
            Card::SupportFromSyracuse => "Unterstützung aus Syrakus",
            Card::ThreeHundredSpartans => "300 Spartaner",
            Card::Desertion => "Desertion griechischer Soldaten",
        }
    }
    /// The name of the Persian half (never carried out here, T300-GEN-4).
    pub fn persian_name(self) -> &'static str {
        match self {
            Card::MinesOfLaurion => "Cavalry of Mardonius",
            Card::IonianRevolt | Card::WrathOfPoseidon | Card::Triremes => {
                "Tribute of Earth and Water"
            }
            Card::Miltiades => "Carneia Festival",
            Card::Themistocles => "The Immortals",
            Card::Pausanias => "Ostracism",
            Card::OracleOfDelphi => "The Great King",
            Card::Leonidas => "The Royal Road",
            Card::Artemisia => "Hippias",
            Card::Evangelion => "Separate Peace",
            Card::MelasZomos => "Sudden Death of the Great King",
            Card::MolonLabe => "Defection of Thebes",
            Card::SupportFromSyracuse => "Alliance with Carthage",
            Card::ThreeHundredSpartans => "Acropolis on Fire",
            Card::Desertion => "Pacification of Babylon or Egypt",
        }
    }
    /// Sparta cards (always usable here, T300-EVT-13).
    pub fn is_sparta(self) -> bool {
        matches!(
            self,
            Card::Pausanias | Card::Leonidas | Card::MelasZomos | Card::ThreeHundredSpartans
        )
    }
    /// Cards whose Greek event is a reaction, never played on the Greek's own turn
    /// (T300-EVT-11, T300-EVT-12).
    pub fn is_reaction(self) -> bool {
        matches!(
            self,
            Card::Miltiades
                | Card::Themistocles
                | Card::Pausanias
                | Card::Artemisia
                | Card::MolonLabe
                | Card::ThreeHundredSpartans
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Card;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card id such as \"miltiades\" (or its printed number 1 to 16)")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Card, E> {
                Card::from_id(s).ok_or_else(|| E::custom(format!("unknown card '{s}'")))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Card, E> {
                Card::from_number(n).ok_or_else(|| E::custom(format!("no card has number {n}")))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Card, E> {
                u64::try_from(n)
                    .ok()
                    .and_then(Card::from_number)
                    .ok_or_else(|| E::custom(format!("no card has number {n}")))
            }
        }
        d.deserialize_any(V)
    }
}
