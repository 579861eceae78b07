//! Options and moves of catan-shadow (Schattenwirtschaft), catan-shadow §3, §5.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::engine::legacy::RuleError;
use crate::games::catan::board::{
    HarbourLayout, Layout, LayoutOptions, ManualBoard, Numbers, SpiralStart,
};
use crate::games::catan::data::{Cards, DevCard, Resource};
use crate::games::catan::geometry::{Edge, Hex, Side, Vertex};
use crate::games::catan::table::{BaseMove, BaseOptions, FirstPlayer};

/// Where dice come from (CAT-RNG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    Rng,
    Manual,
}

/// When the removal is rolled again (CSW-SETUP-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RerollPolicy {
    Never,
    #[default]
    TwoRed,
    MoreThanTwoRed,
    Vote,
}

/// Removed hexes on a fictive 7 (CSW-FIC-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FictiveSevenRemoved {
    #[default]
    Resource,
    NoResource,
    Forbidden,
}

/// Session options (catan-base §3 Part A plus catan-shadow §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `random` unless `physical_table` (then `manual`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    pub numbers: Numbers,
    pub spiral_start: SpiralStart,
    /// Same as the layout unless given (CAT §3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbours: Option<HarbourLayout>,
    /// Required for manual layouts or harbours (CAT-BOARD-15).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<ManualBoard>,
    pub first_player: FirstPlayer,
    /// `rng` unless `physical_table` (then `manual`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceMode>,
    pub physical_table: bool,
    pub combined_trade_build: bool,
    pub discard_limit: u32,
    pub vp_target: u32,
    pub colours: BTreeMap<String, String>,
    pub side_numbering: [Side; 6],
    pub reroll_policy: RerollPolicy,
    pub max_removal_rerolls: u32,
    pub resource_die: [Resource; 5],
    pub knight_to_removed_hex: bool,
    pub fictive_seven_removed_hex: FictiveSevenRemoved,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            layout: None,
            numbers: Numbers::Spiral,
            spiral_start: SpiralStart::Random,
            harbours: None,
            board: None,
            first_player: FirstPlayer::Roll,
            dice: None,
            physical_table: false,
            combined_trade_build: true,
            discard_limit: 7,
            vp_target: 10,
            colours: BTreeMap::new(),
            side_numbering: Side::ALL,
            reroll_policy: RerollPolicy::TwoRed,
            max_removal_rerolls: 10,
            resource_die: Resource::ALL,
            knight_to_removed_hex: true,
            fictive_seven_removed_hex: FictiveSevenRemoved::Resource,
        }
    }
}

impl Options {
    /// Display labels, defaults overlaid by the option (CAT §3 `colours`).
    pub fn colour_labels(&self) -> BTreeMap<&str, &str> {
        let mut m: BTreeMap<&str, &str> = [
            ("a", "red"),
            ("b", "blue"),
            ("f1", "white"),
            ("f2", "orange"),
        ]
        .into_iter()
        .collect();
        for (k, v) in &self.colours {
            m.insert(k, v);
        }
        m
    }
    pub fn manual_dice(&self) -> bool {
        self.dice.unwrap_or(if self.physical_table {
            DiceMode::Manual
        } else {
            DiceMode::Rng
        }) == DiceMode::Manual
    }
    pub fn layout_options(&self) -> LayoutOptions {
        LayoutOptions {
            layout: self.layout.unwrap_or(if self.physical_table {
                Layout::Manual
            } else {
                Layout::Random
            }),
            numbers: self.numbers,
            spiral_start: self.spiral_start,
            harbours: self.harbours,
            board: self.board.clone(),
        }
    }
    pub fn base(&self) -> BaseOptions {
        BaseOptions {
            manual_dice: self.manual_dice(),
            physical_table: self.physical_table,
            combined_trade_build: self.combined_trade_build,
            discard_limit: self.discard_limit,
            vp_target: self.vp_target,
        }
    }
    /// Checks the ranges of §3.
    pub fn validate(&self) -> Result<(), RuleError> {
        if !(7..=20).contains(&self.discard_limit) {
            return Err(RuleError::bad_options(
                "CAT-SEVEN-1",
                "discard_limit must be between 7 and 20",
            ));
        }
        if !(3..=30).contains(&self.vp_target) {
            return Err(RuleError::bad_options(
                "CSW-END-1",
                "vp_target must be between 3 and 30",
            ));
        }
        if self.max_removal_rerolls > 50 {
            return Err(RuleError::bad_options(
                "CSW-SETUP-9",
                "max_removal_rerolls must be between 0 and 50",
            ));
        }
        let mut d = self.resource_die.to_vec();
        d.sort();
        d.dedup();
        if d.len() != 5 {
            return Err(RuleError::bad_options(
                "CSW-ROB-2",
                "resource_die must name each resource once",
            ));
        }
        let mut s = self.side_numbering.to_vec();
        s.sort();
        s.dedup();
        if s.len() != 6 {
            return Err(RuleError::bad_options(
                "CSW-SETUP-2",
                "side_numbering must name each side once",
            ));
        }
        for k in self.colours.keys() {
            if !["a", "b", "f1", "f2"].contains(&k.as_str()) {
                return Err(RuleError::bad_options(
                    "CSW-GEN-1",
                    format!("unknown colour {k:?} (a, b, f1, f2)"),
                ));
            }
        }
        Ok(())
    }
}

/// A human move (catan-base §5 Part A plus catan-shadow §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// CSW-SETUP-8 with `reroll_policy: "vote"`.
    RemovalVote {
        reroll: bool,
    },
    PlaceSetupSettlement {
        vertex: Vertex,
    },
    PlaceSetupRoad {
        edge: Edge,
    },
    Roll,
    BuildRoad {
        edge: Edge,
    },
    BuildSettlement {
        vertex: Vertex,
    },
    BuildCity {
        vertex: Vertex,
    },
    BuyDevelopmentCard {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<DevCard>,
    },
    PlayKnight,
    MoveRobber {
        hex: Hex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stolen: Option<Resource>,
    },
    PlayRoadBuilding {
        edges: Vec<Edge>,
    },
    PlayYearOfPlenty {
        resources: Vec<Resource>,
    },
    PlayMonopoly {
        resource: Resource,
    },
    Discard {
        cards: Cards,
    },
    MaritimeTrade {
        give: Resource,
        get: Resource,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        times: Option<u32>,
    },
    OfferTrade {
        give: Cards,
        want: Cards,
    },
    RespondTrade {
        accept: bool,
    },
    EndTurn,
    /// Enter the auction with one card (CSW-AUC-4).
    AuctionBid {
        card: Resource,
    },
    /// Stay out of the auction (CSW-AUC-4).
    AuctionPass,
    /// Lay more cards so the offer is strictly ahead (CSW-AUC-6).
    AuctionRaise {
        cards: Cards,
    },
    /// Add nothing (CSW-AUC-6).
    AuctionStand,
}

impl Move {
    /// The Part A move, if this is one.
    pub fn to_base(&self) -> Option<BaseMove> {
        Some(match self.clone() {
            Move::PlaceSetupSettlement { vertex } => BaseMove::PlaceSetupSettlement { vertex },
            Move::PlaceSetupRoad { edge } => BaseMove::PlaceSetupRoad { edge },
            Move::Roll => BaseMove::Roll,
            Move::BuildRoad { edge } => BaseMove::BuildRoad { edge },
            Move::BuildSettlement { vertex } => BaseMove::BuildSettlement { vertex },
            Move::BuildCity { vertex } => BaseMove::BuildCity { vertex },
            Move::BuyDevelopmentCard { drawn } => BaseMove::BuyDevelopmentCard { drawn },
            Move::PlayKnight => BaseMove::PlayKnight,
            Move::MoveRobber { hex, stolen } => BaseMove::MoveRobber { hex, stolen },
            Move::PlayRoadBuilding { edges } => BaseMove::PlayRoadBuilding { edges },
            Move::PlayYearOfPlenty { resources } => BaseMove::PlayYearOfPlenty { resources },
            Move::PlayMonopoly { resource } => BaseMove::PlayMonopoly { resource },
            Move::Discard { cards } => BaseMove::Discard { cards },
            Move::MaritimeTrade { give, get, times } => {
                BaseMove::MaritimeTrade { give, get, times }
            }
            Move::OfferTrade { give, want } => BaseMove::OfferTrade { give, want },
            Move::RespondTrade { accept } => BaseMove::RespondTrade { accept },
            Move::EndTurn => BaseMove::EndTurn,
            _ => return None,
        })
    }

    pub fn from_base(m: BaseMove) -> Move {
        match m {
            BaseMove::PlaceSetupSettlement { vertex } => Move::PlaceSetupSettlement { vertex },
            BaseMove::PlaceSetupRoad { edge } => Move::PlaceSetupRoad { edge },
            BaseMove::Roll => Move::Roll,
            BaseMove::BuildRoad { edge } => Move::BuildRoad { edge },
            BaseMove::BuildSettlement { vertex } => Move::BuildSettlement { vertex },
            BaseMove::BuildCity { vertex } => Move::BuildCity { vertex },
            BaseMove::BuyDevelopmentCard { drawn } => Move::BuyDevelopmentCard { drawn },
            BaseMove::PlayKnight => Move::PlayKnight,
            BaseMove::MoveRobber { hex, stolen } => Move::MoveRobber { hex, stolen },
            BaseMove::PlayRoadBuilding { edges } => Move::PlayRoadBuilding { edges },
            BaseMove::PlayYearOfPlenty { resources } => Move::PlayYearOfPlenty { resources },
            BaseMove::PlayMonopoly { resource } => Move::PlayMonopoly { resource },
            BaseMove::Discard { cards } => Move::Discard { cards },
            BaseMove::MaritimeTrade { give, get, times } => {
                Move::MaritimeTrade { give, get, times }
            }
            BaseMove::OfferTrade { give, want } => Move::OfferTrade { give, want },
            BaseMove::RespondTrade { accept } => Move::RespondTrade { accept },
            BaseMove::EndTurn => Move::EndTurn,
        }
    }
}
