//! Typed tables of the base game: terrains, resources, tokens, harbours,
//! development cards, costs, the beginner layout (CAT-BOARD-8..-11, CAT-BUILD-1,
//! CAT-SETUP-1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use super::cards::{Bundle, CardKind};

/// A resource (Rohstoff), in canonical order brick, lumber, wool, grain, ore (CAT-BOARD-8).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }
}

impl std::fmt::Display for Resource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A bundle of resource cards, JSON `{"brick": 1, "ore": 2}` (missing kinds are 0).
pub type Cards = Bundle<Resource>;

impl CardKind for Resource {
    const ALL: &'static [Resource] = &Resource::ALL;
    const BUNDLE: &'static str = "Resources";
    fn index(self) -> usize {
        self as usize
    }
    fn id(self) -> &'static str {
        self.name()
    }
    fn resource(self) -> Option<Resource> {
        Some(self)
    }
    fn from_resource(r: Resource) -> Self {
        r
    }
    fn in_game(self) -> u32 {
        BANK_PER_RESOURCE
    }
}

/// Terrain of a land hex (CAT-BOARD-8).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// Wald
    Forest,
    /// Weideland
    Pasture,
    /// Ackerland
    Fields,
    /// Hügelland
    Hills,
    /// Gebirge
    Mountains,
    /// Wüste
    Desert,
}

impl Terrain {
    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
        }
    }
}

/// The terrain list shuffled by the random layout (CAT-BOARD-12).
pub const TERRAIN_LIST: [Terrain; 19] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields,
        Fields, Hills, Hills, Hills, Mountains, Mountains, Mountains, Desert,
    ]
};

/// Number tokens in letter order A..R (CAT-BOARD-9).
pub const TOKEN_LETTERS: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// Pips of a token: ways out of 36 (CAT-BOARD-9).
pub fn pips(token: u8) -> u32 {
    match token {
        2 | 12 => 1,
        3 | 11 => 2,
        4 | 10 => 3,
        5 | 9 => 4,
        6 | 8 => 5,
        _ => 0,
    }
}

/// 6 and 8 are the red tokens.
pub fn is_red(token: u8) -> bool {
    token == 6 || token == 8
}

/// The beginner layout by hex number 1..19 (CAT-BOARD-1, -11).
pub const BEGINNER: [(Terrain, Option<u8>); 19] = {
    use Terrain::*;
    [
        (Mountains, Some(10)),
        (Pasture, Some(2)),
        (Forest, Some(9)),
        (Fields, Some(12)),
        (Hills, Some(6)),
        (Pasture, Some(4)),
        (Hills, Some(10)),
        (Fields, Some(9)),
        (Forest, Some(11)),
        (Desert, None),
        (Forest, Some(3)),
        (Mountains, Some(8)),
        (Forest, Some(8)),
        (Mountains, Some(3)),
        (Fields, Some(4)),
        (Pasture, Some(5)),
        (Hills, Some(5)),
        (Fields, Some(6)),
        (Pasture, Some(11)),
    ]
};

/// Harbour kind (Hafen): 3:1 generic or 2:1 for one resource (CAT-BOARD-10).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum HarbourKind {
    Generic,
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl HarbourKind {
    pub fn resource(self) -> Option<Resource> {
        match self {
            HarbourKind::Generic => None,
            HarbourKind::Brick => Some(Resource::Brick),
            HarbourKind::Lumber => Some(Resource::Lumber),
            HarbourKind::Wool => Some(Resource::Wool),
            HarbourKind::Grain => Some(Resource::Grain),
            HarbourKind::Ore => Some(Resource::Ore),
        }
    }
}

/// Harbour list shuffled by the random layout (CAT-BOARD-12).
pub const HARBOUR_LIST: [HarbourKind; 9] = {
    use HarbourKind::*;
    [
        Generic, Generic, Generic, Generic, Brick, Lumber, Wool, Grain, Ore,
    ]
};

/// The house default for the beginner frame, positions 1..9 (CAT-BOARD-11).
pub const BEGINNER_HARBOURS: [HarbourKind; 9] = {
    use HarbourKind::*;
    [
        Generic, Wool, Generic, Generic, Brick, Lumber, Generic, Grain, Ore,
    ]
};

/// A development card (Entwicklungskarte) (CAT-DEV); its JSON name is its
/// card id for table input.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DevCard {
    /// Ritter
    Knight,
    /// Siegpunkt
    VictoryPoint,
    /// Straßenbau
    RoadBuilding,
    /// Erfindung
    YearOfPlenty,
    /// Monopol
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];
    /// The card id (`knight`, `victory_point`, ...).
    pub fn id(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory_point",
            DevCard::RoadBuilding => "road_building",
            DevCard::YearOfPlenty => "year_of_plenty",
            DevCard::Monopoly => "monopoly",
        }
    }
    pub fn from_id(id: &str) -> Option<DevCard> {
        DevCard::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// The 25 cards in their unshuffled order (CAT-SETUP-1).
pub fn dev_deck() -> Vec<DevCard> {
    let mut d = vec![DevCard::Knight; 14];
    d.extend([DevCard::VictoryPoint; 5]);
    d.extend([DevCard::RoadBuilding; 2]);
    d.extend([DevCard::YearOfPlenty; 2]);
    d.extend([DevCard::Monopoly; 2]);
    d
}

/// Building costs (CAT-BUILD-1).
pub const ROAD_COST: Cards = Cards::new(1, 1, 0, 0, 0);
pub const SETTLEMENT_COST: Cards = Cards::new(1, 1, 1, 1, 0);
pub const CITY_COST: Cards = Cards::new(0, 0, 0, 2, 3);
pub const DEV_COST: Cards = Cards::new(0, 0, 1, 1, 1);

/// Pieces per real colour (CAT-BUILD-2).
pub const ROADS: u32 = 15;
pub const SETTLEMENTS: u32 = 5;
pub const CITIES: u32 = 4;
/// Cards per resource in the bank (CAT-SETUP-3).
pub const BANK_PER_RESOURCE: u32 = 19;
