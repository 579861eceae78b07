//! Typed tables: terrains, buildings, cult tracks, the 16 Automa decision
//! cards (TMA-DECK-1), the difficulty card (TMA-DECK-6), Automa factions
//! (TMA-SET-10, TMA-FAC-*), human faction defaults (§3) and tile ids.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ids::{CardId, FavorTile, Letter, PowerSpace, TileId};

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
    /// Every terrain in declaration order (`t as usize` is its index): the
    /// wheel's seven, then Ice and Volcano (Fire & Ice).
    pub const ALL: [Terrain; 9] = [
        WHEEL[0],
        WHEEL[1],
        WHEEL[2],
        WHEEL[3],
        WHEEL[4],
        WHEEL[5],
        WHEEL[6],
        Terrain::Ice,
        Terrain::Volcano,
    ];

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
    /// The id as in JSON (`lakes`).
    pub fn id(self) -> &'static str {
        [
            "desert",
            "plains",
            "swamp",
            "lakes",
            "forest",
            "mountains",
            "wasteland",
            "ice",
            "volcano",
        ][self as usize]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

/// The VP of a card's Gain VP action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vp {
    None,
    Fixed(u32),
    /// The difficulty card's value for the round (TMA-VP-2).
    X,
}

/// The arrow of directional selection (TMA-SEL-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// Left to right: reading order, counting from the first option.
    Rd,
    /// Right to left: reverse reading order, counting from the last option.
    Lu,
}

/// The cult symbol of a support card (TMA-CULT-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CultMethod {
    /// Scoring tile first, then catch-up.
    St,
    /// Catch-up.
    Cu,
}

/// One Automa decision card (*Automakarte*), facts §5.
#[derive(Debug, Clone, Copy)]
pub struct CardDef {
    pub id: CardId,
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
    pub init: (Letter, Letter),
    pub pass: bool,
}

use Act::*;
use CultMethod::*;
use Dir::*;
use Letter as L;

#[allow(clippy::too_many_arguments)]
const fn c(
    id: CardId,
    actions: &'static [Act],
    vp: Vp,
    ship_override: Option<u8>,
    trade_round: Option<u8>,
    (marked, merging): (bool, bool),
    row_a: bool,
    (dir, count): (Dir, u32),
    cult: CultMethod,
    bonus: u8,
    init: (Letter, Letter),
    pass: bool,
) -> CardDef {
    CardDef {
        id,
        actions,
        vp,
        ship_override,
        trade_round,
        marked,
        merging,
        row_a,
        dir,
        count,
        cult,
        bonus,
        init,
        pass,
    }
}

const M: (bool, bool) = (true, false);
const MR: (bool, bool) = (true, true);
const U: (bool, bool) = (false, false);
const UR: (bool, bool) = (false, true);
const A: bool = true;
const B: bool = false;

/// The 16 decision cards (TMA-DECK-1), in [`CardId::ALL`] order.
#[rustfmt::skip]
pub const CARDS: [CardDef; 16] = [
    c(CardId::S1, &[Upgrade, TakeFavor, GainVp], Vp::X, None, None, M, A, (Rd, 2), St, 0, (L::A, L::B), false),
    c(CardId::S2, &[BlockPower, GainVp], Vp::X, None, None, M, B, (Lu, 1), Cu, 1, (L::A, L::B), false),
    c(CardId::S3, &[AdvanceCult], Vp::None, None, None, UR, B, (Rd, 3), St, 2, (L::D, L::E), false),
    c(CardId::S4, &[TransformBuild, GainVp], Vp::Fixed(1), None, None, U, B, (Lu, 3), Cu, 0, (L::D, L::F), true),
    c(CardId::S5, &[FactionAction], Vp::None, None, None, MR, A, (Lu, 2), St, 2, (L::A, L::C), false),
    c(CardId::C6, &[BlockPower, GainVp], Vp::X, None, None, MR, B, (Rd, 3), Cu, 1, (L::A, L::C), true),
    c(CardId::C7, &[FactionAction], Vp::None, None, None, UR, B, (Rd, 4), Cu, 0, (L::D, L::F), true),
    c(CardId::C8, &[AdvanceCult, GainVp], Vp::Fixed(2), None, None, MR, A, (Rd, 1), Cu, 2, (L::D, L::E), true),
    c(CardId::C9, &[AdvanceCult, GainVp], Vp::Fixed(2), None, None, MR, A, (Lu, 2), Cu, 0, (L::A, L::B), true),
    c(CardId::C10, &[Upgrade, GainVp], Vp::Fixed(1), None, None, UR, B, (Lu, 4), Cu, 0, (L::A, L::C), true),
    c(CardId::C11, &[Upgrade, GainVp], Vp::X, None, None, UR, A, (Lu, 2), Cu, 1, (L::D, L::E), true),
    c(CardId::C12, &[BlockPower, GainVp], Vp::X, None, None, UR, A, (Lu, 3), Cu, 2, (L::D, L::F), true),
    c(CardId::C13, &[TransformBuild, GainVp], Vp::Fixed(2), None, None, MR, B, (Rd, 1), Cu, 2, (L::A, L::C), true),
    c(CardId::S2Mots, &[BlockPower, Trade], Vp::None, None, Some(5), M, B, (Lu, 1), Cu, 1, (L::A, L::B), false),
    c(CardId::S4Mots, &[TransformBuild, GainVp], Vp::Fixed(1), Some(2), None, U, B, (Lu, 3), Cu, 0, (L::D, L::F), true),
    c(CardId::MotsSpecial, &[Trade], Vp::None, None, Some(3), U, B, (Rd, 4), Cu, 2, (L::D, L::E), true),
];

/// The data of a card.
pub fn card(id: CardId) -> &'static CardDef {
    &CARDS[id as usize]
}

/// One step of Automa's expanded action list (TMA-FAC-2): the card's
/// actions, with the faction action replaced by the faction's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    Upgrade,
    TakeFavor,
    GainVp {
        vp: Vp,
        /// Printed on the faction card, not the action card.
        #[serde(default)]
        faction: bool,
    },
    BlockPower,
    AdvanceCult,
    /// `faction` = from the faction action (TMA-FAC-8).
    TransformBuild {
        faction: bool,
    },
    Trade,
    /// Druids: 2 steps, no priest, catch-up (TMA-FAC-4).
    DruidCult,
    /// Symbionts (TMA-FAC-10).
    PlaceCube,
    /// The Blight (TMA-FAC-11).
    Blight,
}

/// The faction action as a step list (TMA-FAC-3..12).
pub fn faction_steps(f: AutomaFaction) -> Vec<Step> {
    let tb = Step::TransformBuild { faction: true };
    let vp = |n| Step::GainVp {
        vp: Vp::Fixed(n),
        faction: true,
    };
    match f {
        AutomaFaction::Simpletons
        | AutomaFaction::Kuddlers
        | AutomaFaction::Mimics
        | AutomaFaction::Powermongers => vec![tb, vp(2)],
        AutomaFaction::Druids => vec![tb, Step::DruidCult],
        AutomaFaction::Racelings | AutomaFaction::Gognomes => vec![tb],
        AutomaFaction::Wanderers => vec![tb, vp(1)],
        AutomaFaction::Symbionts => vec![tb, Step::PlaceCube],
        AutomaFaction::Blight => vec![tb, Step::Blight, Step::Blight, vp(1)],
    }
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
    /// The level's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Automalein => "Automalein",
            Difficulty::Automa => "Automa",
            Difficulty::Automaechtig => "Automächtig",
            Difficulty::Ultoma => "Ultoma",
            Difficulty::Alptrauma => "Alptrauma",
        }
    }
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
    /// The faction's English name.
    pub fn name(self) -> &'static str {
        match self {
            AutomaFaction::Simpletons => "The Simpletons",
            AutomaFaction::Kuddlers => "The Kuddlers",
            AutomaFaction::Druids => "The Druids",
            AutomaFaction::Racelings => "The Racelings",
            AutomaFaction::Wanderers => "The Wanderers",
            AutomaFaction::Mimics => "The Mimics",
            AutomaFaction::Powermongers => "The Powermongers",
            AutomaFaction::Symbionts => "The Symbionts",
            AutomaFaction::Blight => "The Blight",
            AutomaFaction::Gognomes => "The Gognomes",
        }
    }
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
    /// The faction's English name.
    pub fn name(self) -> &'static str {
        use HumanFaction::*;
        match self {
            Witches => "Witches",
            Auren => "Auren",
            Alchemists => "Alchemists",
            Darklings => "Darklings",
            Halflings => "Halflings",
            Cultists => "Cultists",
            Engineers => "Engineers",
            Dwarves => "Dwarves",
            Mermaids => "Mermaids",
            Swarmlings => "Swarmlings",
            ChaosMagicians => "Chaos Magicians",
            Giants => "Giants",
            Fakirs => "Fakirs",
            Nomads => "Nomads",
            IceMaidens => "Ice Maidens",
            Yetis => "Yetis",
            Acolytes => "Acolytes",
            Dragonlords => "Dragonlords",
            Shapeshifters => "Shapeshifters",
            Riverwalkers => "Riverwalkers",
            Other => "the faction",
        }
    }
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
pub const POWER_ACTIONS: [PowerSpace; 6] = [
    PowerSpace::Act1,
    PowerSpace::Act2,
    PowerSpace::Act3,
    PowerSpace::Act4,
    PowerSpace::Act5,
    PowerSpace::Act6,
];

impl FavorTile {
    /// The track it advances on (facts §10.4).
    pub fn track(self) -> Cult {
        CULTS[self as usize % 4]
    }
    /// Cult steps: 3 (FAV1–4), 2 (FAV5–8), 1 (FAV9–12).
    pub fn steps(self) -> u8 {
        3 - (self as usize / 4) as u8
    }
    /// Copies in the supply: 1 of each +3 tile, 3 of the others.
    pub fn copies(self) -> u8 {
        if (self as usize) < 4 {
            1
        } else {
            3
        }
    }
    /// The +3 tile of a track (TMA-FAV-1).
    pub fn plus_three(t: Cult) -> FavorTile {
        FavorTile::ALL[t.idx()]
    }
}

/// Base bonus cards (facts §10.5).
pub const BONUS_BASE: [&str; 9] = [
    "BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9",
];

/// House default Automa cult colour per tile (TMA-SET-4).
pub fn house_tile_cult(id: &TileId) -> Option<Cult> {
    let id = id.as_str();
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
pub fn tile_spade_track(id: &TileId) -> Option<Cult> {
    match id.as_str() {
        "SCORE2" => Some(Cult::Earth),
        "SCORE6" => Some(Cult::Water),
        "SCORE8" => Some(Cult::Air),
        _ => None,
    }
}
