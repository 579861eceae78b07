//! Typed tables: terrains, buildings, cult tracks, the 16 Automa decision
//! cards (TMA-DECK-1), the difficulty card (TMA-DECK-6), Automa factions
//! (TMA-SET-10, TMA-FAC-*), human faction defaults (§3) and tile ids.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Terrain (*Landschaft*). Wheel order = TMA-MAP-9; Ice/Volcano only by F&I transforms.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Desert,
    Plains,
    Swamp,
    Lakes,
    Forest,
    Mountains,
    Wasteland,
    Ice,
    Volcano,
}

/// The seven map terrains in clockwise wheel order (TMA-MAP-9).
pub const WHEEL: [Terrain; 7] = [
    Terrain::Desert,
    Terrain::Plains,
    Terrain::Swamp,
    Terrain::Lakes,
    Terrain::Forest,
    Terrain::Mountains,
    Terrain::Wasteland,
];

impl Terrain {
    /// Letter of the facts-file map tables.
    pub fn from_letter(c: char) -> Option<Terrain> {
        Some(match c {
            'Y' => Terrain::Desert,
            'U' => Terrain::Plains,
            'K' => Terrain::Swamp,
            'B' => Terrain::Lakes,
            'G' => Terrain::Forest,
            'S' => Terrain::Mountains,
            'R' => Terrain::Wasteland,
            _ => return None,
        })
    }
    pub fn wheel_index(self) -> Option<usize> {
        WHEEL.iter().position(|t| *t == self)
    }
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Desert => "Desert",
            Terrain::Plains => "Plains",
            Terrain::Swamp => "Swamp",
            Terrain::Lakes => "Lakes",
            Terrain::Forest => "Forest",
            Terrain::Mountains => "Mountains",
            Terrain::Wasteland => "Wasteland",
            Terrain::Ice => "Ice",
            Terrain::Volcano => "Volcano",
        }
    }
}

/// House-default ATP rows (TMA-SEL-6): row A clockwise from home, row B counter-clockwise.
pub fn house_atp(home: Terrain) -> ([Terrain; 7], [Terrain; 7]) {
    let h = home.wheel_index().unwrap_or(0);
    let mut a = [Terrain::Desert; 7];
    let mut b = [Terrain::Desert; 7];
    for k in 0..7 {
        a[k] = WHEEL[(h + k) % 7];
        b[k] = WHEEL[(h + 7 - k) % 7];
    }
    (a, b)
}

/// Building (*Gebäude*).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Dwelling,
    TradingHouse,
    Temple,
    Stronghold,
    Sanctuary,
    Shipyard,
}

pub const KINDS: [Kind; 6] = [
    Kind::Dwelling,
    Kind::TradingHouse,
    Kind::Temple,
    Kind::Stronghold,
    Kind::Sanctuary,
    Kind::Shipyard,
];

impl Kind {
    /// Power value (facts §10.1); the Shipyard's is an option (house default 3).
    pub fn power(self, shipyard: u8) -> u32 {
        match self {
            Kind::Dwelling => 1,
            Kind::TradingHouse | Kind::Temple => 2,
            Kind::Stronghold | Kind::Sanctuary => 3,
            Kind::Shipyard => u32::from(shipyard),
        }
    }
    pub fn idx(self) -> usize {
        KINDS.iter().position(|k| *k == self).unwrap_or(0)
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::Dwelling => "dwelling",
            Kind::TradingHouse => "trading house",
            Kind::Temple => "temple",
            Kind::Stronghold => "stronghold",
            Kind::Sanctuary => "sanctuary",
            Kind::Shipyard => "shipyard",
        }
    }
}

/// Cult track (*Kultskala*); directional order Fire, Water, Earth, Air (TMA-SEL-7).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cult {
    Fire,
    Water,
    Earth,
    Air,
}
pub const CULTS: [Cult; 4] = [Cult::Fire, Cult::Water, Cult::Earth, Cult::Air];
impl Cult {
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        ["Fire", "Water", "Earth", "Air"][self as usize]
    }
}

/// Automa actions printed on decision cards (TMA-DECK-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    Upgrade,
    TakeFavor,
    GainVp,
    BlockPower,
    AdvanceCult,
    TransformBuild,
    FactionAction,
    Trade,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vp {
    None,
    Fixed(u32),
    X,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dir {
    /// Left→right, reading order.
    Rd,
    /// Right→left, reverse reading order.
    Lu,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CultMethod {
    /// Scoring tile first.
    St,
    /// Catch-up.
    Cu,
}

/// One Automa decision card (*Automakarte*), facts §5.
#[derive(Debug, Clone, Copy)]
pub struct CardDef {
    pub id: &'static str,
    pub actions: &'static [Act],
    pub vp: Vp,
    pub ship_override: Option<u8>,
    pub trade_round: Option<u8>,
    /// Structure symbol: true = marked (M), false = unmarked (U).
    pub marked: bool,
    /// Merging symbol (+R).
    pub merging: bool,
    /// Terrain-priority row: true = A.
    pub row_a: bool,
    pub dir: Dir,
    pub count: u32,
    pub cult: CultMethod,
    /// Bonus position: 0 = L, 1 = M, 2 = R.
    pub bonus: u8,
    pub init: (char, char),
    pub pass: bool,
}

use Act::*;
use CultMethod::*;
use Dir::*;

macro_rules! card {
    ($id:expr, $acts:expr, $vp:expr, $ship:expr, $trade:expr, $m:expr, $r:expr, $a:expr, $dir:expr, $n:expr, $cult:expr, $b:expr, $i1:expr, $i2:expr, $pass:expr) => {
        CardDef {
            id: $id,
            actions: $acts,
            vp: $vp,
            ship_override: $ship,
            trade_round: $trade,
            marked: $m,
            merging: $r,
            row_a: $a,
            dir: $dir,
            count: $n,
            cult: $cult,
            bonus: $b,
            init: ($i1, $i2),
            pass: $pass,
        }
    };
}

/// The 16 decision cards (TMA-DECK-1).
pub const CARDS: [CardDef; 16] = [
    card!(
        "*1",
        &[Upgrade, TakeFavor, GainVp],
        Vp::X,
        None,
        None,
        true,
        false,
        true,
        Rd,
        2,
        St,
        0,
        'A',
        'B',
        false
    ),
    card!(
        "*2",
        &[BlockPower, GainVp],
        Vp::X,
        None,
        None,
        true,
        false,
        false,
        Lu,
        1,
        Cu,
        1,
        'A',
        'B',
        false
    ),
    card!(
        "*3",
        &[AdvanceCult],
        Vp::None,
        None,
        None,
        false,
        true,
        false,
        Rd,
        3,
        St,
        2,
        'D',
        'E',
        false
    ),
    card!(
        "*4",
        &[TransformBuild, GainVp],
        Vp::Fixed(1),
        None,
        None,
        false,
        false,
        false,
        Lu,
        3,
        Cu,
        0,
        'D',
        'F',
        true
    ),
    card!(
        "*5",
        &[FactionAction],
        Vp::None,
        None,
        None,
        true,
        true,
        true,
        Lu,
        2,
        St,
        2,
        'A',
        'C',
        false
    ),
    card!(
        "6",
        &[BlockPower, GainVp],
        Vp::X,
        None,
        None,
        true,
        true,
        false,
        Rd,
        3,
        Cu,
        1,
        'A',
        'C',
        true
    ),
    card!(
        "7",
        &[FactionAction],
        Vp::None,
        None,
        None,
        false,
        true,
        false,
        Rd,
        4,
        Cu,
        0,
        'D',
        'F',
        true
    ),
    card!(
        "8",
        &[AdvanceCult, GainVp],
        Vp::Fixed(2),
        None,
        None,
        true,
        true,
        true,
        Rd,
        1,
        Cu,
        2,
        'D',
        'E',
        true
    ),
    card!(
        "9",
        &[AdvanceCult, GainVp],
        Vp::Fixed(2),
        None,
        None,
        true,
        true,
        true,
        Lu,
        2,
        Cu,
        0,
        'A',
        'B',
        true
    ),
    card!(
        "10",
        &[Upgrade, GainVp],
        Vp::Fixed(1),
        None,
        None,
        false,
        true,
        false,
        Lu,
        4,
        Cu,
        0,
        'A',
        'C',
        true
    ),
    card!(
        "11",
        &[Upgrade, GainVp],
        Vp::X,
        None,
        None,
        false,
        true,
        true,
        Lu,
        2,
        Cu,
        1,
        'D',
        'E',
        true
    ),
    card!(
        "12",
        &[BlockPower, GainVp],
        Vp::X,
        None,
        None,
        false,
        true,
        true,
        Lu,
        3,
        Cu,
        2,
        'D',
        'F',
        true
    ),
    card!(
        "13",
        &[TransformBuild, GainVp],
        Vp::Fixed(2),
        None,
        None,
        true,
        true,
        false,
        Rd,
        1,
        Cu,
        2,
        'A',
        'C',
        true
    ),
    card!(
        "*2-mots",
        &[BlockPower, Trade],
        Vp::None,
        None,
        Some(5),
        true,
        false,
        false,
        Lu,
        1,
        Cu,
        1,
        'A',
        'B',
        false
    ),
    card!(
        "*4-mots",
        &[TransformBuild, GainVp],
        Vp::Fixed(1),
        Some(2),
        None,
        false,
        false,
        false,
        Lu,
        3,
        Cu,
        0,
        'D',
        'F',
        true
    ),
    card!(
        "mots-special",
        &[Trade],
        Vp::None,
        None,
        Some(3),
        false,
        false,
        false,
        Rd,
        4,
        Cu,
        2,
        'D',
        'E',
        true
    ),
];

pub fn card(id: &str) -> Option<&'static CardDef> {
    CARDS.iter().find(|c| c.id == id)
}

/// Difficulty level (TMA-DECK-5/6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Automalein,
    #[default]
    Automa,
    Automaechtig,
    Ultoma,
    Alptrauma,
}

impl Difficulty {
    /// (ship value, X) per round 1..=6 (TMA-DECK-6).
    pub fn table(self) -> [(u8, u32); 6] {
        match self {
            Difficulty::Automalein => [(0, 0), (0, 0), (1, 0), (1, 0), (1, 0), (1, 0)],
            Difficulty::Automa => [(0, 0), (0, 0), (1, 1), (1, 1), (2, 1), (2, 1)],
            Difficulty::Automaechtig => [(0, 1), (0, 1), (1, 2), (1, 2), (2, 2), (2, 2)],
            Difficulty::Ultoma => [(1, 2), (1, 2), (2, 2), (2, 2), (2, 3), (2, 3)],
            Difficulty::Alptrauma => [(1, 2), (1, 2), (2, 3), (2, 3), (3, 4), (3, 4)],
        }
    }
    pub fn ship(self, round: u8) -> u8 {
        self.table()[usize::from(round.clamp(1, 6) - 1)].0
    }
    pub fn x(self, round: u8) -> u32 {
        self.table()[usize::from(round.clamp(1, 6) - 1)].1
    }
    /// Area-scoring shipping = highest value on the card (TMA-END-2).
    pub fn area_ship(self) -> u8 {
        self.table().iter().map(|t| t.0).max().unwrap_or(0)
    }
}

/// Automa faction (*Volk*), TMA-SET-10 / TMA-FAC-*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum AutomaFaction {
    #[default]
    Simpletons,
    Kuddlers,
    Druids,
    Racelings,
    Wanderers,
    Mimics,
    Powermongers,
    Symbionts,
    Blight,
    Gognomes,
}

impl AutomaFaction {
    /// Start cult steps F/W/E/A (TMA-SET-10).
    pub fn start_cult(self) -> [u8; 4] {
        match self {
            AutomaFaction::Simpletons => [1, 1, 1, 1],
            AutomaFaction::Kuddlers => [1, 1, 0, 0],
            AutomaFaction::Druids => [2, 0, 0, 0],
            AutomaFaction::Racelings => [1, 1, 0, 0],
            AutomaFaction::Wanderers => [1, 0, 1, 0],
            AutomaFaction::Mimics => [0, 1, 1, 0],
            AutomaFaction::Powermongers => [0, 0, 0, 0],
            AutomaFaction::Symbionts => [1, 0, 1, 0],
            AutomaFaction::Blight => [0, 1, 1, 0],
            AutomaFaction::Gognomes => [1, 0, 0, 1],
        }
    }
}

/// Human faction ids of §3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum HumanFaction {
    #[default]
    Witches,
    Auren,
    Alchemists,
    Darklings,
    Halflings,
    Cultists,
    Engineers,
    Dwarves,
    Mermaids,
    Swarmlings,
    ChaosMagicians,
    Giants,
    Fakirs,
    Nomads,
    IceMaidens,
    Yetis,
    Acolytes,
    Dragonlords,
    Shapeshifters,
    Riverwalkers,
    Other,
}

/// Reach of a human (TMA-MAP-11): shipping level or teleport range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Reach {
    Shipping { level: u8 },
    Teleport { range: u8 },
}

impl HumanFaction {
    /// (home terrain if fixed, start cult, initial dwellings, reach) — §3 table.
    pub fn defaults(self) -> (Option<Terrain>, [u8; 4], u8, Reach) {
        use HumanFaction::*;
        use Terrain::*;
        let ship0 = Reach::Shipping { level: 0 };
        let tele1 = Reach::Teleport { range: 1 };
        match self {
            Witches => (Some(Forest), [0, 0, 0, 2], 2, ship0),
            Auren => (Some(Forest), [0, 1, 0, 1], 2, ship0),
            Alchemists => (Some(Swamp), [1, 1, 0, 0], 2, ship0),
            Darklings => (Some(Swamp), [0, 1, 1, 0], 2, ship0),
            Halflings => (Some(Plains), [0, 0, 1, 1], 2, ship0),
            Cultists => (Some(Plains), [1, 0, 1, 0], 2, ship0),
            Engineers => (Some(Mountains), [0, 0, 0, 0], 2, ship0),
            Dwarves => (Some(Mountains), [0, 0, 2, 0], 2, tele1),
            Mermaids => (Some(Lakes), [0, 2, 0, 0], 2, Reach::Shipping { level: 1 }),
            Swarmlings => (Some(Lakes), [1, 1, 1, 1], 2, ship0),
            ChaosMagicians => (Some(Wasteland), [2, 0, 0, 0], 1, ship0),
            Giants => (Some(Wasteland), [1, 0, 0, 1], 2, ship0),
            Fakirs => (Some(Desert), [1, 0, 0, 1], 2, tele1),
            Nomads => (Some(Desert), [1, 0, 1, 0], 3, ship0),
            IceMaidens => (None, [0, 1, 0, 1], 2, ship0),
            Yetis => (None, [0, 0, 1, 1], 2, ship0),
            Acolytes => (None, [3, 3, 3, 3], 2, ship0),
            Dragonlords => (None, [2, 0, 0, 0], 2, ship0),
            Shapeshifters => (None, [1, 1, 0, 0], 2, ship0),
            Riverwalkers => (None, [1, 0, 0, 1], 2, ship0),
            Other => (None, [0, 0, 0, 0], 2, ship0),
        }
    }
    /// Extra terrain this faction builds on after setup (TMA-HUM-6).
    pub fn extra_terrain(self) -> Option<Terrain> {
        match self {
            HumanFaction::IceMaidens | HumanFaction::Yetis => Some(Terrain::Ice),
            HumanFaction::Acolytes | HumanFaction::Dragonlords => Some(Terrain::Volcano),
            _ => None,
        }
    }
    /// Terrain not checked (TMA-HUM-6).
    pub fn unchecked_terrain(self) -> bool {
        matches!(
            self,
            HumanFaction::Shapeshifters | HumanFaction::Riverwalkers
        )
    }
    pub fn is_fire_ice(self) -> bool {
        matches!(
            self,
            HumanFaction::IceMaidens
                | HumanFaction::Yetis
                | HumanFaction::Acolytes
                | HumanFaction::Dragonlords
                | HumanFaction::Shapeshifters
                | HumanFaction::Riverwalkers
        )
    }
}

/// Power action spaces of the main board (TMA-SEL-7 order).
pub const POWER_ACTIONS: [&str; 6] = ["ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6"];

/// Favor tiles (facts §10.4): (id, track, steps, copies).
pub const FAVORS: [(&str, Cult, u8, u8); 12] = [
    ("FAV1", Cult::Fire, 3, 1),
    ("FAV2", Cult::Water, 3, 1),
    ("FAV3", Cult::Earth, 3, 1),
    ("FAV4", Cult::Air, 3, 1),
    ("FAV5", Cult::Fire, 2, 3),
    ("FAV6", Cult::Water, 2, 3),
    ("FAV7", Cult::Earth, 2, 3),
    ("FAV8", Cult::Air, 2, 3),
    ("FAV9", Cult::Fire, 1, 3),
    ("FAV10", Cult::Water, 1, 3),
    ("FAV11", Cult::Earth, 1, 3),
    ("FAV12", Cult::Air, 1, 3),
];

/// Town tiles TW1–TW5, 2 copies each (facts §10.7).
pub const TOWNS: [&str; 5] = ["TW1", "TW2", "TW3", "TW4", "TW5"];

/// Base bonus cards (facts §10.5).
pub const BONUS_BASE: [&str; 9] = [
    "BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9",
];

/// House default Automa cult colour per tile (TMA-SET-4).
pub fn house_tile_cult(id: &str) -> Option<Cult> {
    match id {
        "SCORE1" | "SCORE2" => Some(Cult::Earth),
        "SCORE3" | "SCORE6" => Some(Cult::Water),
        "SCORE4" | "SCORE5" => Some(Cult::Fire),
        "SCORE7" | "SCORE8" => Some(Cult::Air),
        _ => {
            let n: usize = id.strip_prefix("MS")?.parse().ok()?;
            if (1..=12).contains(&n) {
                Some(CULTS[(n - 1) % 4])
            } else {
                None
            }
        }
    }
}

/// Round-end spade bonus of a base tile (TMA-RND-1): the track whose 4 steps give a spade.
pub fn tile_spade_track(id: &str) -> Option<Cult> {
    match id {
        "SCORE2" => Some(Cult::Earth),
        "SCORE6" => Some(Cult::Water),
        "SCORE8" => Some(Cult::Air),
        _ => None,
    }
}
