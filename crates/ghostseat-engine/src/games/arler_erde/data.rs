//! Typed tables of the base game: the two lists of action spaces
//! (Aktionsfelder), their opposites and building spaces, the building
//! display (Gebäudeauslage) with its tiles, and the small id types the rest
//! of the game uses.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::Seat;

/// Half-year (Halbjahr): odd half-years are summer, even ones winter (ARLE-SET-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Season {
    /// Sommer: half-years 1, 3, 5, 7, 9.
    Summer,
    /// Winter: half-years 2, 4, 6, 8.
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
}

/// A side at the table: the human (seat 0) or VIM (seat 1, virtueller
/// Mitspieler). Serialized as the seat ids `human` and `vim`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The person playing (seat `human`).
    Human,
    /// The virtual player (seat `vim`).
    Vim,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Vim,
            Side::Vim => Side::Human,
        }
    }
    /// The seat of this side.
    pub fn seat(self) -> Seat {
        match self {
            Side::Human => Seat(0),
            Side::Vim => Seat(1),
        }
    }
    /// The side of a seat; None for a seat this game does not have.
    pub fn of_seat(seat: Seat) -> Option<Side> {
        match seat.0 {
            0 => Some(Side::Human),
            1 => Some(Side::Vim),
            _ => None,
        }
    }
}

/// The id of an action space within its season's list (`carpenter`,
/// `wood_trader`; a custom board's own ids).
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct SpaceId(pub String);

/// The id of a building tile (`berum_castle`; a custom board's own ids).
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct BuildingId(pub String);

impl SpaceId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl BuildingId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for SpaceId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for BuildingId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for SpaceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Display for BuildingId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for SpaceId {
    fn from(s: &str) -> Self {
        SpaceId(s.to_string())
    }
}

impl From<&str> for BuildingId {
    fn from(s: &str) -> Self {
        BuildingId(s.to_string())
    }
}

impl PartialEq<str> for SpaceId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for SpaceId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for BuildingId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for BuildingId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// One action space (Aktionsfeld) of a season's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Space {
    /// Unique within its season.
    pub id: SpaceId,
    /// English display name (the id is shown when empty).
    #[serde(default)]
    pub name_en: String,
    /// German display name.
    #[serde(default)]
    pub name_de: String,
    /// Carries the keyword "Gebäude": a VIM worker here removes a building
    /// (ARLE-BRD-6, ARLE-VIM-6), and the human may report a building
    /// erected with a placement here (ARLE-HUM-5).
    #[serde(default)]
    pub building: bool,
    /// The id of the space facing it on the other half-year's side (ARLE-BRD-5).
    pub opposite: SpaceId,
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

/// The English name of a base-game space, if `id` is one of `season`'s.
pub fn base_space_name(season: Season, id: &str) -> Option<&'static str> {
    let rows: &[Row] = match season {
        Season::Summer => &SUMMER,
        Season::Winter => &WINTER,
    };
    rows.iter().find(|r| r.0 == id).map(|r| r.1)
}

/// The German name of a base-game space, if `id` is one of `season`'s.
pub fn base_space_name_de(season: Season, id: &str) -> Option<&'static str> {
    let rows: &[Row] = match season {
        Season::Summer => &SUMMER,
        Season::Winter => &WINTER,
    };
    rows.iter().find(|r| r.0 == id).map(|r| r.2)
}

/// An id as words, for ids the tables do not name: `tea_house` → "Tea House".
pub fn words(id: &str) -> String {
    id.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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

impl Colour {
    pub fn id(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }
}

/// A building tile of the base game (facts §A8), by id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Building {
    /// Light-green starter house.
    FarmersHouse,
    /// Light-green starter house.
    PlowMakersWorkshop,
    /// Light-green starter house.
    NovicesHut,
    /// Light-green starter house.
    Workshop,
    /// Dark-green house.
    WeavingParlor,
    /// Dark-green house.
    ColonistsHouse,
    /// Dark-green house.
    CarpentersWorkshop,
    /// Dark-green house.
    SchnappsDistillery,
    /// Dark-green house.
    LoadingStation,
    /// Dark-green house.
    LitterStorage,
    /// Dark-green house.
    WoodTraderHouse,
    /// Yellow (minor craft).
    Turnery,
    /// Yellow (minor craft).
    Smokehouse,
    /// Yellow (minor craft).
    Smithy,
    /// Yellow (minor craft).
    Cooperage,
    /// Yellow (minor craft).
    Bakehouse,
    /// Orange, printed on slot 7.
    Mill,
    /// Orange, printed on slot 8.
    WeavingMill,
    /// Orange, printed on slot 9.
    TextileHouse,
    /// Orange, printed on slot 10.
    Saddlery,
    /// Orange, printed on slot 11.
    WaterfrontHouse,
    /// Orange, printed on slot 12.
    Joinery,
    /// Blue (inn).
    PottersInn,
    /// Blue (inn).
    FarmersInn,
    /// Blue (inn).
    JunkDealersInn,
    /// Blue (inn).
    GulfHouseInn,
    /// Blue (inn).
    MilkHouseInn,
    /// Blue (inn).
    SluiceYardInn,
    /// Red (large building).
    VillageChurch,
    /// Red (large building).
    LutetsburgCastle,
    /// Red (large building).
    BerumCastle,
}

use Building as B;

/// Light-green starter houses (first game, ARLE-BRD-8).
pub const STARTER_GREEN: [Building; 4] = [
    B::FarmersHouse,
    B::PlowMakersWorkshop,
    B::NovicesHut,
    B::Workshop,
];
/// Dark-green small houses (standard game, ARLE-BRD-8).
pub const DARK_GREEN: [Building; 7] = [
    B::WeavingParlor,
    B::ColonistsHouse,
    B::CarpentersWorkshop,
    B::SchnappsDistillery,
    B::LoadingStation,
    B::LitterStorage,
    B::WoodTraderHouse,
];
pub const YELLOW: [Building; 5] = [
    B::Turnery,
    B::Smokehouse,
    B::Smithy,
    B::Cooperage,
    B::Bakehouse,
];
/// The orange tiles, in the order of their printed slots 7..12.
pub const ORANGE: [Building; 6] = [
    B::Mill,
    B::WeavingMill,
    B::TextileHouse,
    B::Saddlery,
    B::WaterfrontHouse,
    B::Joinery,
];
pub const BLUE: [Building; 6] = [
    B::PottersInn,
    B::FarmersInn,
    B::JunkDealersInn,
    B::GulfHouseInn,
    B::MilkHouseInn,
    B::SluiceYardInn,
];
pub const RED: [Building; 3] = [B::VillageChurch, B::LutetsburgCastle, B::BerumCastle];

impl Building {
    /// Every base-game tile.
    pub fn all() -> impl Iterator<Item = Building> {
        STARTER_GREEN
            .into_iter()
            .chain(DARK_GREEN)
            .chain(YELLOW)
            .chain(ORANGE)
            .chain(BLUE)
            .chain(RED)
    }

    /// The tile's id, as options, moves and events carry it.
    pub fn id(self) -> &'static str {
        match self {
            B::FarmersHouse => "farmers_house",
            B::PlowMakersWorkshop => "plow_makers_workshop",
            B::NovicesHut => "novices_hut",
            B::Workshop => "workshop",
            B::WeavingParlor => "weaving_parlor",
            B::ColonistsHouse => "colonists_house",
            B::CarpentersWorkshop => "carpenters_workshop",
            B::SchnappsDistillery => "schnapps_distillery",
            B::LoadingStation => "loading_station",
            B::LitterStorage => "litter_storage",
            B::WoodTraderHouse => "wood_trader_house",
            B::Turnery => "turnery",
            B::Smokehouse => "smokehouse",
            B::Smithy => "smithy",
            B::Cooperage => "cooperage",
            B::Bakehouse => "bakehouse",
            B::Mill => "mill",
            B::WeavingMill => "weaving_mill",
            B::TextileHouse => "textile_house",
            B::Saddlery => "saddlery",
            B::WaterfrontHouse => "waterfront_house",
            B::Joinery => "joinery",
            B::PottersInn => "potters_inn",
            B::FarmersInn => "farmers_inn",
            B::JunkDealersInn => "junk_dealers_inn",
            B::GulfHouseInn => "gulf_house_inn",
            B::MilkHouseInn => "milk_house_inn",
            B::SluiceYardInn => "sluice_yard_inn",
            B::VillageChurch => "village_church",
            B::LutetsburgCastle => "lutetsburg_castle",
            B::BerumCastle => "berum_castle",
        }
    }

    /// The base-game tile with this id.
    pub fn from_id(id: &str) -> Option<Building> {
        Building::all().find(|b| b.id() == id)
    }

    /// The English name (facts §A8; the id in words, with the possessives
    /// the ids drop).
    pub fn name_en(self) -> &'static str {
        match self {
            B::FarmersHouse => "Farmers' House",
            B::PlowMakersWorkshop => "Plow Maker's Workshop",
            B::NovicesHut => "Novice's Hut",
            B::Workshop => "Workshop",
            B::WeavingParlor => "Weaving Parlor",
            B::ColonistsHouse => "Colonists' House",
            B::CarpentersWorkshop => "Carpenter's Workshop",
            B::SchnappsDistillery => "Schnapps Distillery",
            B::LoadingStation => "Loading Station",
            B::LitterStorage => "Litter Storage",
            B::WoodTraderHouse => "Wood Trader House",
            B::Turnery => "Turnery",
            B::Smokehouse => "Smokehouse",
            B::Smithy => "Smithy",
            B::Cooperage => "Cooperage",
            B::Bakehouse => "Bakehouse",
            B::Mill => "Mill",
            B::WeavingMill => "Weaving Mill",
            B::TextileHouse => "Textile House",
            B::Saddlery => "Saddlery",
            B::WaterfrontHouse => "Waterfront House",
            B::Joinery => "Joinery",
            B::PottersInn => "Potter's Inn",
            B::FarmersInn => "Farmers' Inn",
            B::JunkDealersInn => "Junk Dealer's Inn",
            B::GulfHouseInn => "Gulf House Inn",
            B::MilkHouseInn => "Milk House Inn",
            B::SluiceYardInn => "Sluice Yard Inn",
            B::VillageChurch => "Village Church",
            B::LutetsburgCastle => "Lütetsburg Castle",
            B::BerumCastle => "Berum Castle",
        }
    }

    /// The German name, as the rulebook's terms give it (unverified
    /// against a printed German tile list; the seed names no tile).
    pub fn name_de(self) -> &'static str {
        match self {
            B::FarmersHouse => "Bauernhaus",
            B::PlowMakersWorkshop => "Pflugmacherei",
            B::NovicesHut => "Lehrlingshütte",
            B::Workshop => "Werkstatt",
            B::WeavingParlor => "Webstube",
            B::ColonistsHouse => "Kolonistenhaus",
            B::CarpentersWorkshop => "Zimmerei",
            B::SchnappsDistillery => "Schnapsbrennerei",
            B::LoadingStation => "Verladestation",
            B::LitterStorage => "Streulager",
            B::WoodTraderHouse => "Holzhändlerhaus",
            B::Turnery => "Drechslerei",
            B::Smokehouse => "Räucherei",
            B::Smithy => "Schmiede",
            B::Cooperage => "Böttcherei",
            B::Bakehouse => "Backhaus",
            B::Mill => "Mühle",
            B::WeavingMill => "Weberei",
            B::TextileHouse => "Textilhaus",
            B::Saddlery => "Sattlerei",
            B::WaterfrontHouse => "Haus am Wasser",
            B::Joinery => "Tischlerei",
            B::PottersInn => "Töpferkrug",
            B::FarmersInn => "Bauernkrug",
            B::JunkDealersInn => "Trödlerkrug",
            B::GulfHouseInn => "Gulfhauskrug",
            B::MilkHouseInn => "Milchhauskrug",
            B::SluiceYardInn => "Sielhofkrug",
            B::VillageChurch => "Dorfkirche",
            B::LutetsburgCastle => "Schloss Lütetsburg",
            B::BerumCastle => "Burg Berum",
        }
    }

    /// The tile's colour group.
    pub fn colour(self) -> Colour {
        let is = |list: &[Building]| list.contains(&self);
        if is(&STARTER_GREEN) || is(&DARK_GREEN) {
            Colour::Green
        } else if is(&YELLOW) {
            Colour::Yellow
        } else if is(&ORANGE) {
            Colour::Orange
        } else if is(&BLUE) {
            Colour::Blue
        } else {
            Colour::Red
        }
    }

    pub fn building_id(self) -> BuildingId {
        BuildingId(self.id().to_string())
    }
}

/// The name of a building id for sentences: a base tile's name, or a custom
/// board's id in words.
pub fn building_name(id: &BuildingId) -> String {
    match Building::from_id(id.as_str()) {
        Some(b) => b.name_en().to_string(),
        None => words(id.as_str()),
    }
}

/// Number of display slots of the base game (ARLE-BRD-7).
pub const DISPLAY_SLOTS: usize = 18;

/// Colour and printed building of base slot `slot` (1..=18), reading order
/// row by row, left to right (ARLE-BRD-7).
pub fn slot_layout(slot: usize) -> (Colour, Option<Building>) {
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
