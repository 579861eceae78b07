//! Typed tables of the base game: the two lists of action spaces
//! (Aktionsfelder), their opposites and building spaces, and the building
//! display (Gebäudeauslage) with its tiles.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Half-year (Halbjahr): odd half-years are summer, even ones winter (ARLE-SET-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Season {
    /// Sommer.
    Summer,
    /// Winter.
    Winter,
}

impl Season {
    /// The season of half-year `h` (ARLE-SET-1).
    pub fn of_half_year(h: u8) -> Season {
        if h % 2 == 1 {
            Season::Summer
        } else {
            Season::Winter
        }
    }
    /// The other half-year's season (ARLE-TURN-2).
    pub fn other(self) -> Season {
        match self {
            Season::Summer => Season::Winter,
            Season::Winter => Season::Summer,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Season::Summer => "summer",
            Season::Winter => "winter",
        }
    }
}

/// A side at the table: the human or VIM (virtueller Mitspieler).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Human,
    Vim,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Vim,
            Side::Vim => Side::Human,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Human => "human",
            Side::Vim => "VIM",
        }
    }
}

/// One action space (Aktionsfeld) of a season's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub id: String,
    #[serde(default)]
    pub name_en: String,
    #[serde(default)]
    pub name_de: String,
    /// Carries the keyword "Gebäude": a VIM worker here removes a building (ARLE-BRD-6).
    #[serde(default)]
    pub building: bool,
    /// The space facing it on the other half-year's side (ARLE-BRD-5).
    pub opposite: String,
}

/// (id, English, German, building space, opposite id) for the base lists.
type Row = (&'static str, &'static str, &'static str, bool, &'static str);

/// Summer spaces in counting order (ARLE-BRD-1, ARLE-BRD-3); German names
/// other than Holzfäller, Zimmermann, Bauarbeiter, Vogt are unverified.
const SUMMER: [Row; 15] = [
    ("fisherman", "Fisherman", "Fischer", false, "peat_boatman"),
    ("grocer", "Grocer", "Krämer", false, "tanner"),
    (
        "wool_weaver",
        "Wool Weaver",
        "Wollweber",
        false,
        "linen_weaver",
    ),
    ("colonist", "Colonist", "Kolonist", false, "butcher"),
    (
        "peat_cutter",
        "Peat Cutter",
        "Torfstecher",
        false,
        "cattle_trader",
    ),
    (
        "dike_builder",
        "Dike Builder",
        "Deichbauer",
        false,
        "grocer",
    ),
    (
        "clay_worker",
        "Clay Worker",
        "Tonstecher",
        false,
        "builders_merchant",
    ),
    ("farmer", "Farmer", "Bauer", false, "potter"),
    ("forester", "Forester", "Förster", true, "baker"),
    (
        "woodcutter",
        "Woodcutter",
        "Holzfäller",
        false,
        "wood_trader",
    ),
    ("master", "Master", "Meister", false, "master"),
    ("carpenter", "Carpenter", "Zimmermann", true, "carpenter"),
    ("builder", "Builder", "Bauarbeiter", true, "wainwright"),
    ("warden", "Warden", "Vogt", false, "dike_warden"),
    ("laborer", "Laborer", "Arbeiter", false, "laborer"),
];

/// Winter spaces in counting order: column-wise in the building block, so
/// Wainwright, Dike Warden, then Carpenter (ARLE-BRD-2, ARLE-BRD-3).
const WINTER: [Row; 15] = [
    (
        "peat_boatman",
        "Peat Boatman",
        "Torfschiffer",
        false,
        "fisherman",
    ),
    ("tanner", "Tanner", "Gerber", false, "grocer"),
    (
        "linen_weaver",
        "Linen Weaver",
        "Leinenweber",
        false,
        "wool_weaver",
    ),
    ("butcher", "Butcher", "Schlachter", false, "colonist"),
    (
        "cattle_trader",
        "Cattle Trader",
        "Viehhändler",
        false,
        "peat_cutter",
    ),
    ("grocer", "Grocer", "Krämer", false, "dike_builder"),
    (
        "builders_merchant",
        "Builders' Merchant",
        "Baustoffhändler",
        false,
        "clay_worker",
    ),
    ("potter", "Potter", "Töpfer", false, "farmer"),
    ("baker", "Baker", "Bäcker", false, "forester"),
    (
        "wood_trader",
        "Wood Trader",
        "Holzhändler",
        true,
        "woodcutter",
    ),
    ("master", "Master", "Meister", false, "master"),
    ("wainwright", "Wainwright", "Wagner", false, "builder"),
    ("dike_warden", "Dike Warden", "Deichvogt", false, "warden"),
    ("carpenter", "Carpenter", "Zimmermann", false, "carpenter"),
    ("laborer", "Laborer", "Arbeiter", true, "laborer"),
];

fn spaces(rows: &[Row]) -> Vec<Space> {
    rows.iter()
        .map(|&(id, en, de, building, opposite)| Space {
            id: id.into(),
            name_en: en.into(),
            name_de: de.into(),
            building,
            opposite: opposite.into(),
        })
        .collect()
}

/// The base game's summer list (ARLE-BRD-1).
pub fn summer_spaces() -> Vec<Space> {
    spaces(&SUMMER)
}

/// The base game's winter list (ARLE-BRD-2).
pub fn winter_spaces() -> Vec<Space> {
    spaces(&WINTER)
}

/// Colour group of a display slot and of a building tile (facts §A8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Small houses (light-green starter or dark-green).
    Green,
    /// Minor craft.
    Yellow,
    /// Major craft, each slot with its printed building.
    Orange,
    /// Inns.
    Blue,
    /// Large buildings.
    Red,
}

/// Light-green starter houses (first game, ARLE-BRD-8).
pub const STARTER_GREEN: [&str; 4] = [
    "farmers_house",
    "plow_makers_workshop",
    "novices_hut",
    "workshop",
];
/// Dark-green small houses (standard game, ARLE-BRD-8).
pub const DARK_GREEN: [&str; 7] = [
    "weaving_parlor",
    "colonists_house",
    "carpenters_workshop",
    "schnapps_distillery",
    "loading_station",
    "litter_storage",
    "wood_trader_house",
];
pub const YELLOW: [&str; 5] = ["turnery", "smokehouse", "smithy", "cooperage", "bakehouse"];
/// The orange tiles, in the order of their printed slots 7..12.
pub const ORANGE: [&str; 6] = [
    "mill",
    "weaving_mill",
    "textile_house",
    "saddlery",
    "waterfront_house",
    "joinery",
];
pub const BLUE: [&str; 6] = [
    "potters_inn",
    "farmers_inn",
    "junk_dealers_inn",
    "gulf_house_inn",
    "milk_house_inn",
    "sluice_yard_inn",
];
pub const RED: [&str; 3] = ["village_church", "lutetsburg_castle", "berum_castle"];

/// The colour of a base-game building tile, if it is one.
pub fn colour_of(building: &str) -> Option<Colour> {
    let is = |list: &[&str]| list.contains(&building);
    if is(&STARTER_GREEN) || is(&DARK_GREEN) {
        Some(Colour::Green)
    } else if is(&YELLOW) {
        Some(Colour::Yellow)
    } else if is(&ORANGE) {
        Some(Colour::Orange)
    } else if is(&BLUE) {
        Some(Colour::Blue)
    } else if is(&RED) {
        Some(Colour::Red)
    } else {
        None
    }
}

/// Number of display slots of the base game (ARLE-BRD-7).
pub const DISPLAY_SLOTS: usize = 18;

/// Colour and printed building of base slot `slot` (1..=18), reading order
/// row by row, left to right (ARLE-BRD-7).
pub fn slot_layout(slot: usize) -> (Colour, Option<&'static str>) {
    match slot {
        1..=4 => (Colour::Green, None),
        5 | 6 => (Colour::Yellow, None),
        7..=12 => (Colour::Orange, ORANGE.get(slot - 7).copied()),
        13 | 15 | 17 => (Colour::Blue, None),
        _ => (Colour::Red, None),
    }
}

/// Row (1-based) of base slot `slot`: two slots per row (ARLE-BRD-7).
pub fn slot_row(slot: usize) -> usize {
    slot.div_ceil(2)
}
