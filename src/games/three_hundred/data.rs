//! Typed tables of 300: Erde & Wasser: the map, the priority lists of PERSS.KI and the 16 cards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The two sides (Griechen / Perser).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Greeks,
    Persians,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Greeks => Side::Persians,
            Side::Persians => Side::Greeks,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Greeks => "the Greeks",
            Side::Persians => "the Persians",
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
            .filter(|(a, b)| {
                bridge || !((*a == Abydos && *b == Pella) || (*a == Pella && *b == Abydos))
            })
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

/// Card names by printed number: (Greek half, Persian half) (facts file §B6).
pub fn card_name(card: u8) -> &'static str {
    match card {
        1 => "Mines of Laurion",
        2 => "Ionian Revolt",
        3 => "Wrath of Poseidon",
        4 => "Miltiades",
        5 => "Themistocles",
        6 => "Pausanias",
        7 => "Oracle of Delphi",
        8 => "Leonidas",
        9 => "Artemisia I",
        10 => "Evangelion",
        11 => "Melas Zomos",
        12 => "Molon Labe",
        13 => "Triremes",
        14 => "Support from Syracuse",
        15 => "300 Spartans",
        16 => "Desertion of Greek Soldiers",
        _ => "unknown card",
    }
}

/// Sparta cards (always usable here, T300-EVT-13).
pub fn is_sparta_card(card: u8) -> bool {
    matches!(card, 6 | 8 | 11 | 15)
}

/// Cards whose Greek event is a reaction, never played on the Greek's own turn (T300-EVT-11/12).
pub fn is_reaction_card(card: u8) -> bool {
    matches!(card, 4 | 5 | 6 | 9 | 12 | 15)
}
