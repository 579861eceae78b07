//! Typed events of the shared core: what any Catan game of this server
//! reports the same way (board, set-up, rolls, production, the robber,
//! building, trade, Longest Road), and the events of the base game's
//! development cards ([`PartAEvent`]). A game's own event enum embeds them
//! as untagged variants, so every event stays `{"kind": ..., "data": ...}`.
//!
//! Seats are [`Seat`]s, places are board ids (their coordinates on the
//! wire) with a [`Place`] beside them that names what touches them, cards
//! are typed; sentences are rendered in [`super::text`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::Colour;
use super::cards::{Bundle, CardKind};
use super::data::{DevCard, HarbourKind, Resource, Terrain};
use super::geometry::{EdgeId, HexId, VertexId};
use super::layout::SpiralCorner;
use super::place::Place;
use crate::engine::Seat;

/// A hex as a sentence names it: where, what, which number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HexInfo {
    pub hex: HexId,
    pub terrain: Terrain,
    /// Its number token (none on the desert).
    pub token: Option<u8>,
    /// Where it lies from the other land hex of the same terrain and
    /// number, when the board has one ("the western forest (6)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<super::geometry::Compass>,
}

/// Cards a seat received, gave or holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(bound = "K: CardKind")]
#[schemars(bound = "K: CardKind", rename = "SeatCards{K}")]
pub struct SeatCards<K: CardKind> {
    pub seat: Seat,
    pub cards: Bundle<K>,
}

/// A number per seat (cards owed, points, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatCount {
    pub seat: Seat,
    pub count: u32,
}

/// A colour's longest trail (CAT-AWARD-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ColourLength {
    pub colour: Colour,
    /// Roads in its longest trail.
    pub length: u32,
}

/// One round of a roll-off (CAT-RNG-5): the dice of seat a and of seat b.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RollOffRound {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
}

impl RollOffRound {
    /// Both seats' dice in rolling order.
    pub fn dice(rounds: &[RollOffRound]) -> Vec<u8> {
        rounds
            .iter()
            .flat_map(|r| r.a.iter().chain(&r.b).copied())
            .collect()
    }
}

/// What happened, in terms every Catan game of this server shares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(
    tag = "kind",
    content = "data",
    rename_all = "snake_case",
    bound = "K: CardKind"
)]
#[schemars(bound = "K: CardKind", rename = "BaseEvent{K}")]
pub enum BaseEvent<K: CardKind> {
    /// The terrain hexes were shuffled onto the island (CAT-BOARD-12).
    TerrainsShuffled {
        /// Terrain per land hex, in reading order.
        terrains: Vec<Terrain>,
    },
    /// Number tokens laid in letter order along the spiral (CAT-BOARD-13);
    /// `fallback`: after 1000 random shuffles put red numbers side by side
    /// (CAT-BOARD-14).
    TokensOnSpiral { start: SpiralCorner, fallback: bool },
    /// Number tokens shuffled with no two red numbers adjacent (CAT-BOARD-14).
    TokensShuffled,
    /// The harbour kinds were shuffled onto the 9 positions (CAT-BOARD-12).
    HarboursShuffled {
        /// Kind per position 1..9.
        harbours: Vec<HarbourKind>,
    },
    /// A roll-off for the first player (CAT-SETUP-4, CAT-RNG-5); `capped`:
    /// 20 equal rounds, seat a starts.
    FirstPlayerRollOff {
        rounds: Vec<RollOffRound>,
        first: Seat,
        capped: bool,
    },
    /// The first player, fixed by the options (CAT-SETUP-4).
    FirstPlayerChosen { first: Seat },
    /// A set-up building (CAT-SETUP-5), with the starting cards of the
    /// second one (CAT-SETUP-6).
    SetupBuilding {
        seat: Seat,
        vertex: VertexId,
        building: super::board::BuildingKind,
        /// Starting cards (second round only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        received: Option<Bundle<K>>,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A set-up road touching the building just placed (CAT-SETUP-5).
    SetupRoad {
        seat: Seat,
        edge: EdgeId,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// Set-up is over; the first player begins turn 1 (CAT-SETUP-7).
    SetupDone { first: Seat },
    /// A turn begins (CAT-TURN-5).
    TurnStarted { turn: u32, seat: Seat },
    /// Two dice rolled a 7: nothing is produced (CAT-TURN-3).
    RolledSeven { seat: Seat },
    /// A roll produced (CAT-PROD-1..-3); the dice are the event's dice.
    Production {
        sum: u8,
        /// Hexes that produced.
        hexes: Vec<HexInfo>,
        /// A hex with that number the robber blocks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        blocked: Option<HexInfo>,
        /// Cards each real seat received.
        received: Vec<SeatCards<K>>,
        /// Kinds the bank could not pay in full (CAT-PROD-2).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        short: Vec<K>,
    },
    /// Who must discard half of their cards (CAT-SEVEN-1).
    DiscardsOwed {
        /// Seats that discard and how many cards; empty: nobody.
        owed: Vec<SeatCount>,
        /// The limit above which a seat discards.
        limit: u32,
    },
    /// A seat discarded (CAT-SEVEN-2).
    Discarded { seat: Seat, cards: Bundle<K> },
    /// The robber moved (CAT-ROB-1).
    RobberMoved {
        seat: Seat,
        hex: HexInfo,
        /// On a hex removed from the game (catan-shadow).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        removed: bool,
    },
    /// Nobody at the robber's hex can be robbed (CAT-ROB-2).
    NoTheft { seat: Seat },
    /// A random card changes hands (CAT-ROB-2); which card is in the hidden
    /// part. `to_bank`: it goes back to the bank (catan-shadow's fictive 7).
    Theft {
        thief: Seat,
        victim: Seat,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        to_bank: bool,
    },
    /// The stolen card, shown to the seats involved only.
    CardStolen {
        thief: Seat,
        victim: Seat,
        card: K,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        to_bank: bool,
    },
    /// A road was built (CAT-BUILD-5).
    RoadBuilt {
        seat: Seat,
        edge: EdgeId,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A settlement was built (CAT-BUILD-3, -4).
    SettlementBuilt {
        seat: Seat,
        vertex: VertexId,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A settlement became a city (CAT-BUILD-6).
    CityBuilt {
        seat: Seat,
        vertex: VertexId,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A trade with the bank (CAT-TRADE-1).
    MaritimeTrade {
        seat: Seat,
        give: K,
        /// Cards given.
        gave: u32,
        get: K,
        /// Cards received.
        got: u32,
        /// Cards given per card received.
        rate: u32,
    },
    /// An offer to the other real seat (CAT-TRADE-2).
    TradeOffered {
        seat: Seat,
        to: Seat,
        give: Bundle<K>,
        want: Bundle<K>,
    },
    /// The answer to an offer (CAT-TRADE-3).
    TradeAnswered { seat: Seat, accepted: bool },
    /// The active seat ended its turn (CAT-TURN-5).
    TurnEnded { seat: Seat },
    /// Longest Road changed hands or was set aside (CAT-AWARD-2).
    LongestRoad {
        previous: Option<Colour>,
        holder: Option<Colour>,
        /// Every colour's longest trail.
        lengths: Vec<ColourLength>,
    },
}

/// A seat's points in the base game (CAT-END-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ScoreLine {
    pub seat: Seat,
    pub settlements: u32,
    /// Cities (2 points each).
    pub cities: u32,
    /// 2 with Longest Road.
    pub longest_road: u32,
    /// 2 with Largest Army.
    pub largest_army: u32,
    /// Victory point cards (1 each).
    pub victory_point_cards: u32,
    pub total: u32,
}

/// Events of the base game's development cards and of its end (Part A).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum PartAEvent {
    /// Robber on the desert, 19 of each resource, 25 development cards
    /// (CAT-SETUP-1).
    TableReady,
    /// A seat bought a development card (CAT-DEV-1); which one is in the
    /// hidden part.
    DevelopmentCardBought { seat: Seat },
    /// The development card bought, shown to the buyer only.
    DevelopmentCardDrawn { seat: Seat, card: DevCard },
    /// A knight was played (CAT-DEV-3).
    KnightPlayed { seat: Seat },
    /// Road building: free roads (CAT-DEV-4).
    RoadBuildingPlayed {
        seat: Seat,
        edges: Vec<EdgeId>,
        /// The paths as a player reads them (absent in events of old
        /// sessions).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        places: Vec<Place>,
    },
    /// Year of plenty: cards from the bank (CAT-DEV-5).
    YearOfPlenty { seat: Seat, took: Bundle<Resource> },
    /// Monopoly: the other seat hands over all of a resource (CAT-DEV-6).
    MonopolyPlayed {
        seat: Seat,
        resource: Resource,
        from: Seat,
        count: u32,
    },
    /// Largest Army changed hands or was set aside (CAT-AWARD-3).
    LargestArmy {
        previous: Option<Seat>,
        holder: Option<Seat>,
        /// Face-up knights per seat.
        knights: Vec<SeatCount>,
    },
    /// A seat reached the points target in its own turn (CAT-END-1).
    GameWon {
        seat: Seat,
        points: u32,
        scores: Vec<ScoreLine>,
    },
}
