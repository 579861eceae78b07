//! What happens in catan-shadow and what is being decided: the typed events
//! (the core's and this game's own) and the decisions of `next`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::state::FictiveStage;
use crate::engine::Seat;
use crate::games::catan::events::{
    BaseEvent, HexInfo, PartAEvent, RollOffRound, ScoreLine, SeatCount,
};
use crate::games::catan::geometry::{HexId, Side};
use crate::games::catan::table::TableDecision;
use crate::games::catan::{Cards, Colour, Resource};

/// Why a removal roll stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KeepReason {
    /// The re-roll policy accepts it (CSW-SETUP-8).
    Policy,
    /// The players voted to keep it (CSW-SETUP-8).
    Votes,
    /// The re-roll limit is reached (CSW-SETUP-9).
    Limit,
}

/// What the offer die brought (CSW-AUC-1, -2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OfferOutcome {
    /// A card is offered.
    Offered,
    /// A 6: no card this round.
    Six,
    /// The bank has none of that resource.
    BankEmpty,
}

/// How the auction was decided (CSW-AUC-5, -6, -9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// Nobody entered.
    Nobody,
    OnlyBidder,
    HigherOffer,
    FewerPoints,
    RollOff,
}

/// What a stand in the bidding did (CSW-AUC-6, -9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StandResult {
    /// Standing while behind: the other player wins.
    Behind,
    /// Standing at equal offers: the other player may raise.
    Level,
    /// Both stood at equal offers: a tie.
    Tied,
}

/// An event of catan-shadow: `{"kind": ..., "data": ...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// Two real and two fictive players; the land for the fictive players
    /// is removed next (CSW-GEN-1).
    FictivePlayers,
    /// A removal roll: the sides it names and the hexes it would take out
    /// (CSW-SETUP-3, -4); the dice are the event's dice.
    RemovalRoll {
        sides: Vec<Side>,
        hexes: Vec<HexInfo>,
        /// Red tokens (6, 8) among them.
        red_tokens: u32,
    },
    /// The removal is rolled again (CSW-SETUP-8).
    RemovalRerolled {
        red_tokens: u32,
        /// Both players voted for it.
        by_vote: bool,
    },
    /// A seat's vote on the last removal roll (CSW-SETUP-8).
    RemovalVote { seat: Seat, reroll: bool },
    /// The last removal roll stands (CSW-SETUP-8, -9).
    RemovalKept { reason: KeepReason },
    /// The removed hexes leave the island; their corners and sides become
    /// unplayable and some harbours drop out (CSW-SETUP-5..-7, -10).
    RemovalApplied {
        removed: Vec<HexId>,
        /// Intersections still playable.
        playable_vertices: u32,
        /// Paths still playable.
        playable_edges: u32,
        /// Positions of the harbours out of play.
        harbours_out: Vec<u8>,
        /// The robber starts on the removed desert (CSW-SETUP-10).
        robber_on_removed_desert: bool,
    },
    /// A real player's turn ended: they run a fictive turn (CSW-FIC-1).
    FictiveTurnStarts { fictive: Colour, runner: Seat },
    /// The fictive turn's production roll (CSW-FIC-2); dice in the event.
    FictiveRoll {
        fictive: Colour,
        runner: Seat,
        sum: u8,
    },
    /// Who places the robber on a fictive 7 (CSW-FIC-4).
    RobberChooser {
        chooser: Seat,
        /// Visible victory points per seat.
        vp: Vec<SeatCount>,
        /// The roll-off on equal points.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolloff: Vec<RollOffRound>,
    },
    /// The resource die of a robber on a removed hex (CSW-ROB-2); the die
    /// is the event's die.
    RemovedHexResource {
        seat: Seat,
        face: u8,
        /// The card taken from the bank, if any.
        resource: Option<Resource>,
        /// The face named a resource the bank does not have.
        bank_empty: bool,
    },
    /// The fictive players' share of a monopoly, from the bank (CSW-MONO-1,
    /// -2); the dice are the event's dice.
    MonopolyBonus {
        seat: Seat,
        resource: Resource,
        /// max(d1 − 2, 0) + max(d2 − 2, 0).
        bonus: u32,
        /// What the bank could give.
        received: u32,
    },
    /// The fictive player's offer (CSW-AUC-1, -2); the die is the event's die.
    FictiveOffer {
        fictive: Colour,
        face: u8,
        resource: Option<Resource>,
        outcome: OfferOutcome,
    },
    /// Who may bid, in entry order (CSW-AUC-3, -4).
    AuctionOpen {
        resource: Resource,
        order: Vec<Seat>,
        /// Visible victory points per seat.
        vp: Vec<SeatCount>,
    },
    /// A seat enters with one card face up (CSW-AUC-4).
    AuctionBid { seat: Seat, card: Resource },
    /// A seat stays out (CSW-AUC-4).
    AuctionPass { seat: Seat },
    /// Both entered: the bidding starts with `first` (CSW-AUC-6).
    AuctionBidding { first: Seat },
    /// A seat lays more cards; its whole offer now (CSW-AUC-6).
    AuctionRaise { seat: Seat, offer: Cards },
    /// A seat adds nothing (CSW-AUC-6, -9).
    AuctionStand { seat: Seat, result: StandResult },
    /// Who won the auction and why (CSW-AUC-4, -5, -6, -9).
    AuctionResult {
        winner: Option<Seat>,
        decided_by: DecidedBy,
        /// The roll-off of a tie at equal points.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolloff: Vec<RollOffRound>,
    },
    /// The winner pays the offer to the bank and takes the card
    /// (CSW-AUC-10).
    AuctionSettled {
        seat: Seat,
        /// The cards paid to the bank.
        paid: Cards,
        /// The card taken, if the bank still had it.
        received: Option<Resource>,
    },
    /// The fictive turn ends; `next` begins their turn (CSW-AUC-11).
    FictiveTurnEnd { fictive: Colour, next: Seat },
    /// An event of the shared core.
    #[serde(untagged)]
    Base(BaseEvent<Resource>),
    /// An event of the base game's development cards and end.
    #[serde(untagged)]
    PartA(PartAEvent),
}

impl From<BaseEvent<Resource>> for Event {
    fn from(e: BaseEvent<Resource>) -> Self {
        Event::Base(e)
    }
}
impl From<PartAEvent> for Event {
    fn from(e: PartAEvent) -> Self {
        Event::PartA(e)
    }
}

/// What `next` asks, of whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// The bot rolls the removal (CSW-SETUP-3).
    RollRemoval,
    /// `seat` votes whether to roll the removal again (CSW-SETUP-8).
    RemovalVote { seat: Seat, red_tokens: u32 },
    /// The bot rolls the removal again or applies it (CSW-SETUP-8).
    DecideRemoval { reroll: bool },
    /// The bot runs the chance steps of the fictive turn (CSW-FIC).
    FictiveTurn {
        fictive: Colour,
        runner: Seat,
        stage: FictiveStage,
    },
    /// `seat` enters the auction with one card or passes (CSW-AUC-4).
    AuctionEnter { seat: Seat, resource: Resource },
    /// `seat` raises strictly ahead or stands (CSW-AUC-6).
    AuctionRaise {
        seat: Seat,
        resource: Resource,
        /// Cards this seat has laid out.
        mine: u32,
        /// Cards the other seat has laid out.
        theirs: u32,
    },
    /// The game is over (CAT-END-1).
    GameOver {
        winner: Option<Seat>,
        scores: Vec<ScoreLine>,
    },
    /// A decision of the base game's table.
    #[serde(untagged)]
    Table(TableDecision),
}
