//! Everything catan-shadow reads and writes: the Part A table of the core,
//! the removal of land for the fictive players, and the fictive turn in
//! progress (catan-shadow §2.1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::options::Options;
use crate::engine::Seat;
use crate::games::catan::events::HexInfo;
use crate::games::catan::geometry::Side;
use crate::games::catan::table::Table;
use crate::games::catan::{Cards, Colour, Resource};

/// Set-up stage around the removal (CSW-SETUP-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// A bot turn rolls the removal.
    Removal,
    /// `reroll_policy: "vote"`: this seat votes on the last removal roll.
    RemovalVote { seat: Seat },
    /// The votes are in; a bot turn rolls again or applies the removal.
    RemovalDecided { reroll: bool },
    /// Placement rounds and play (the table's phase says which).
    Play,
}

/// One removal roll, kept or rejected (CSW-SETUP-3, -4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RemovalRoll {
    pub dice: [u8; 2],
    /// The sides the dice name (one side on a double).
    pub sides: Vec<Side>,
    /// The land hexes it takes out.
    pub hexes: Vec<HexInfo>,
    /// Red tokens (6, 8) among them.
    pub red_tokens_lost: u32,
    pub kept: bool,
}

/// The removal so far (CSW-SETUP-3..-9).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Removal {
    pub rolls: Vec<RemovalRoll>,
    /// Re-rolls made.
    pub rerolls: u32,
    /// Votes of seats a and b on the last roll (`reroll_policy: "vote"`).
    pub votes: [Option<bool>; 2],
    /// The kept roll's hexes are out of the game.
    pub applied: bool,
}

/// Where a fictive turn stands (catan-shadow §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FictiveStage {
    /// The production roll is due.
    Roll,
    /// Discards of a fictive 7 are owed.
    Discards,
    /// The chooser of the robber spot is to be found.
    Chooser,
    /// The chooser moves the robber.
    Robber,
    /// The offer die is due.
    Offer,
    /// The auction is open.
    Auction,
    /// The auction is over and is settled next.
    Close,
}

/// How the bidding of an auction ended (CSW-AUC-4..-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "how")]
pub enum AuctionEnd {
    /// Nobody entered.
    Nobody,
    /// Exactly one player entered (CSW-AUC-5).
    OnlyBidder { seat: Seat },
    /// A player stood while behind (CSW-AUC-6).
    HigherOffer { seat: Seat },
    /// Both stood at equal offers (CSW-AUC-9).
    Tie,
}

/// The open auction (CSW-AUC-3..-9): offers (Angebote) lie face up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Auction {
    /// The card the fictive player offers.
    pub resource: Resource,
    /// Eligible seats in entry order (runner first).
    pub order: Vec<Seat>,
    /// Index into `order` of the next seat to enter (entry round).
    pub entry_next: usize,
    /// Cards laid out per seat (by seat index); none: not entered or passed.
    pub offers: [Option<Cards>; 2],
    /// Both entered: the raise-or-stand round runs.
    pub bidding: bool,
    /// The seat to act.
    pub to_act: Seat,
    /// The seat that last stood at equal offers.
    pub stood: Option<Seat>,
    pub end: Option<AuctionEnd>,
}

impl Auction {
    /// Cards `seat` has laid out.
    pub fn offer(&self, seat: Seat) -> Cards {
        self.offers[seat.index()].unwrap_or_default()
    }
}

/// A fictive turn in progress (CSW-FIC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FictiveTurn {
    /// f1 after the first player's turn, f2 after the second's (CSW-GEN-3).
    pub fictive: Colour,
    /// The real seat running it (CSW-FIC-1).
    pub runner: Seat,
    pub stage: FictiveStage,
    /// The production roll.
    pub roll: Option<[u8; 2]>,
    /// Who places the robber on a fictive 7 (CSW-FIC-4).
    pub chooser: Option<Seat>,
    /// The offer die (CSW-AUC-1).
    pub offer_die: Option<u8>,
    /// The card offered.
    pub offer: Option<Resource>,
    pub auction: Option<Auction>,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub stage: Stage,
    pub table: Table,
    pub removal: Removal,
    pub fictive: Option<FictiveTurn>,
}
