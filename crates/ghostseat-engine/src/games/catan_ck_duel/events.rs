//! What happens in catan-ck-duel: the typed events (`{"kind": ..., "data": ...}`), each emitted
//! with the rule that produced it. Hidden information (a progress card drawn, a card taken from
//! a hand) travels only in an event's secret part, never in its public data.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Edge, EdgeId, Hex, HexId, Vertex, VertexId};
use super::data::{Card, Cards, ProgressKind, Track};
use super::mechanics::VpBreakdown;
use super::state::{Colour, State, TradeMode};
use crate::engine::{Seat, Turn};
use crate::games::catan::events::BaseEvent;
use crate::games::catan::place::Place;
use crate::games::catan::Resource;

/// The intersection `v` of `s` as an event names it: by the hexes that touch it.
pub fn corner_place(s: &State, v: VertexId) -> Option<Place> {
    Some(Place::corner(&s.board, v))
}

/// The path `e` of `s` as an event names it.
pub fn path_place(s: &State, e: EdgeId) -> Option<Place> {
    Some(Place::path(&s.board, e))
}

/// The land hex `h` of `s` as an event names it.
pub fn hex_place(s: &State, h: HexId) -> Option<Place> {
    Some(Place::hex(&s.board, h))
}

/// A neutral spot of `s` as an event names it.
pub fn spot_place(s: &State, at: SpotAt) -> Option<Place> {
    match at {
        SpotAt::Vertex(v) => v.id().and_then(|v| corner_place(s, v)),
        SpotAt::Edge(e) => e.id().and_then(|e| path_place(s, e)),
    }
}

/// Where a neutral piece goes: an intersection or a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpotAt {
    Vertex(Vertex),
    Edge(Edge),
}

/// What a neutral decision places (CCK-NEUT-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NeutralKind {
    Road,
    Settlement,
    Knight,
    Promotion,
    Relocation,
}

/// A neutral decision that had no legal spot (CCK-NEUT-3, -6, -8; CAT-DUO-8): what was owed
/// and what is done instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FallbackTo {
    Road,
    Nothing,
}

/// Why a neutral promotion lapses (CCK-NEUT-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LapseReason {
    /// Neutral knights never become mighty.
    Mighty,
    /// No neutral basic knight can be promoted (or no strong one is in stock).
    NoBasicKnight,
}

/// Why a progress card does nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoEffect {
    /// The opponent's victory points do not meet the card's condition (Saboteur CCK-PROG-22:
    /// at least the player's; Wedding CCK-PROG-25: more).
    NotAhead,
    /// The opponent holds nothing the card takes (no cards, no commodity, no progress card).
    NothingHeld,
}

/// Who chose a neutral spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChosenBy {
    /// The active player (option `neutral_placement: active_player`).
    ActivePlayer,
    /// The bot (option `neutral_placement: bot`, a house rule).
    Bot,
}

/// One spot the bot weighed (CCK-NEUT-11..-13), best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Candidate {
    pub colour: Colour,
    pub spot: SpotAt,
    /// Road steps from the target's pieces.
    pub reach: u32,
    /// Pips of the hexes around the spot.
    pub pips: u32,
}

/// The bot's choice: whom it blocks and every spot it weighed, in key order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BotChoice {
    /// The seat the bot blocks (CCK-NEUT-10).
    pub target: Colour,
    pub candidates: Vec<Candidate>,
}

/// Cards a progress card took from the bank (Irrigation, Mining).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Took {
    pub count: u32,
    pub card: Card,
}

/// How the game ended (the `game_over` event and the finished decision).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GameEnd {
    pub winner: Option<Seat>,
    /// Victory points of a and b.
    pub vp: [u32; 2],
    /// The house turn cap that ended the game (SESSION-HOUSE-1), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_cap: Option<u32>,
    pub vp_target: u32,
    pub a: VpBreakdown,
    pub b: VpBreakdown,
}

/// An event of catan-ck-duel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// The table is set; `first` places first (CCK-SETUP-1).
    Setup { first: Seat },
    /// A roll-off for the first player (CAT-SETUP-4); the sums of two dice each.
    RollOff { a: u8, b: u8 },
    /// Twenty equal roll-offs: seat a places first (CAT-RNG-5).
    RollOffCapped,
    /// A set-up settlement (CCK-SETUP-3).
    SetupSettlement {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The set-up city and its starting cards (CCK-SETUP-4).
    StartingCards {
        seat: Seat,
        vertex: Vertex,
        cards: Cards,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// Set-up is over; `seat` begins turn 1 (CCK-SETUP-2).
    PlayBegins { seat: Seat },
    /// The Alchemist sets the number dice (CCK-PROG-10).
    Alchemist { seat: Seat, white: u8, red: u8 },
    /// A roll of the three dice (CCK-DICE-2); `rejected`: number dice thrown again because
    /// they repeated the first roll's sum (CCK-DICE-4).
    Rolled {
        roll: u8,
        white: u8,
        red: u8,
        event: u8,
        sum: u8,
        rejected: Vec<[u8; 2]>,
    },
    /// The second roll repeated the first sum (CCK-DICE-4); `first`: the throw with the event
    /// die, otherwise a re-throw of the number dice.
    SecondRollRepeated {
        white: u8,
        red: u8,
        event: u8,
        first: bool,
    },
    /// A ship on the event die (CCK-BARB-1).
    BarbariansAdvance { position: u8, track: u8 },
    /// A city gate on the event die (CCK-PROG-2): players at level ≥ `red - 1` draw.
    CityGate { track: Track, red: u8 },
    /// A deck is empty: `seat` draws nothing (CCK-PROG-2).
    DeckEmpty { seat: Seat, deck: Track },
    /// A point card drawn and laid face up (CCK-PROG-3).
    PointCard { seat: Seat, card: ProgressKind },
    /// A progress card drawn (public: the deck only).
    ProgressDrawn { seat: Seat, deck: Track },
    /// The secret part of `progress_drawn`: the card.
    ProgressCardDrawn { seat: Seat, card: ProgressKind },
    /// The barbarians are repelled (CCK-BARB-3); `defender`: the Defender of Catan, if any.
    BarbariansRepelled {
        barbarians: u32,
        catan: u32,
        contributions: [u32; 2],
        defender: Option<Seat>,
    },
    /// The barbarians win (CCK-BARB-4).
    BarbariansWin {
        barbarians: u32,
        catan: u32,
        contributions: [u32; 2],
        losers: Vec<Colour>,
    },
    /// Knights become inactive, the ship returns (CCK-BARB-5).
    BarbariansReturn { robber_wakes: bool },
    /// The robber works from now on (CCK-SEVEN-2).
    RobberAwake,
    /// Production of a sum (CCK-PROD-1).
    Production {
        sum: u8,
        a: Cards,
        b: Cards,
        /// The hex of this sum the robber blocks, if any.
        blocked: Option<Hex>,
        shortage: Vec<Card>,
    },
    /// The bank ran short (CCK-PROD-2).
    BankShortage { cards: Vec<Card> },
    /// A 7: `discards` seats must discard (CCK-SEVEN-1).
    Seven { discards: Vec<Seat> },
    /// The robber sleeps until the first attack (CCK-SEVEN-2).
    RobberAsleep,
    /// A seat discarded (CCK-SEVEN-1).
    Discarded { seat: Seat, count: u32 },
    /// The robber moved; `stolen`: a card was taken (which one is secret).
    RobberMoved {
        seat: Seat,
        hex: Hex,
        stolen: bool,
        rule_steal: String,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The secret part of a theft: the card taken from `from`.
    CardStolen { seat: Seat, from: Seat, card: Card },
    /// A knight is displaced (CCK-KNIGHT-7, CCK-NEUT-8).
    KnightDisplaced {
        colour: Colour,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A displaced knight has no free spot and returns to the stock (CCK-KNIGHT-7).
    KnightRemoved { seat: Seat },
    /// A displaced knight is re-placed (CCK-KNIGHT-7).
    KnightRelocated {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The Aqueduct's resource (CCK-PROD-3).
    Aqueduct { seat: Seat, resource: Card },
    /// A pillaged city becomes a settlement (CCK-BARB-4).
    CityPillaged {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A metropolis placed (CCK-IMP-4).
    Metropolis {
        seat: Seat,
        track: Track,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A progress card returned under its deck (CCK-PROG-4).
    ProgressReturned { seat: Seat },
    /// Two cards given back after a forced trade (CCK-TOKEN-6, -7).
    ForcedTradeReturned { seat: Seat },
    /// The answer to a trade offer (CCK-TRADE-2).
    TradeAnswer { seat: Seat, accept: bool },
    /// A neutral piece placed (CCK-NEUT-9..-13).
    NeutralPlaced {
        /// The seat whose turn it is (the chooser unless the bot chose).
        active: Seat,
        trigger: String,
        kind: NeutralKind,
        colour: Colour,
        /// The table's name of the colour.
        colour_name: String,
        spot: SpotAt,
        chosen_by: ChosenBy,
        /// The spot as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
        #[serde(default, skip_serializing_if = "Option::is_none", flatten)]
        bot: Option<BotChoice>,
    },
    /// A neutral decision without a legal spot (CCK-NEUT-3, -6; CAT-DUO-8).
    NeutralFallback {
        from: NeutralKind,
        to: FallbackTo,
        rule: String,
    },
    /// A neutral promotion lapses, with no substitute (CCK-NEUT-6).
    NeutralPromotionLapses { reason: LapseReason },
    /// A displaced neutral knight has no free spot and returns to its stock (CCK-NEUT-8).
    NeutralKnightRemoved { colour: Colour },
    /// The turn passes (CAT-TURN-5).
    TurnEnds { turn: u32, seat: Seat },
    /// A road (CCK-BUILD-4).
    RoadBuilt {
        seat: Seat,
        edge: Edge,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A settlement (CCK-BUILD-4).
    SettlementBuilt {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A city (CCK-NEUT-5).
    CityBuilt {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A city wall (CCK-BUILD-3).
    WallBuilt {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A basic knight (CCK-NEUT-1).
    KnightBuilt {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A knight activated (CCK-KNIGHT-2).
    KnightActivated {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A knight promoted (CCK-KNIGHT-3), or by the Smith (CCK-PROG-17).
    KnightPromoted {
        seat: Seat,
        vertex: Vertex,
        level: u8,
        smith: bool,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A knight moved (CCK-KNIGHT-5).
    KnightMoved {
        seat: Seat,
        from: Vertex,
        to: Vertex,
        /// The two places as a player reads them (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_place: Option<Place>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_place: Option<Place>,
    },
    /// A knight moved and displaced another (CCK-KNIGHT-7).
    KnightDisplaces {
        seat: Seat,
        from: Vertex,
        to: Vertex,
        /// The two places as a player reads them (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_place: Option<Place>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_place: Option<Place>,
    },
    /// A knight taken off the board for tokens (CCK-TOKEN-2).
    KnightReturned {
        seat: Seat,
        level: u8,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// A maritime trade (CCK-TRADE-1).
    MaritimeTrade {
        seat: Seat,
        give: Card,
        gave: u32,
        get: Card,
        got: u32,
        rate: u32,
    },
    /// A trade offer (CCK-TRADE-2).
    TradeOffer {
        seat: Seat,
        give: Cards,
        want: Cards,
    },
    /// The Crane lowers the cost (CCK-PROG-11).
    Crane,
    /// A city improvement (CCK-IMP-1).
    Improvement {
        seat: Seat,
        track: Track,
        level: u8,
        cost: u32,
        commodity: Card,
    },
    /// A forced trade (CCK-TOKEN-6, -7); which cards were drawn is secret.
    ForcedTrade {
        seat: Seat,
        mode: TradeMode,
        cost: u32,
        drawn: u32,
        rule_announce: String,
    },
    /// The secret part of a forced trade or the Master Merchant: the cards taken from `from`.
    CardsTaken {
        seat: Seat,
        from: Seat,
        cards: Cards,
    },
    /// The robber back to the desert for tokens (CCK-TOKEN-5).
    RobberToDesert { seat: Seat, cost: u32 },
    /// Longest Road changes hands (CAT-AWARD-2).
    LongestRoad {
        old: Option<Colour>,
        new: Option<Colour>,
        length: u32,
        lengths: Vec<u32>,
    },
    /// Trade tokens from the supply (CCK-TOKEN-1, -4; CAT-DUO-11).
    TokensEarned {
        seat: Seat,
        due: u32,
        paid: u32,
        supply: u32,
    },
    /// A progress card played (CCK-PROG-5 and the card's rule).
    ProgressPlayed {
        seat: Seat,
        card: ProgressKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        took: Option<Took>,
        rule_play: String,
    },
    /// The Deserter's victim removes a knight (CCK-PROG-19).
    DeserterRemoved {
        seat: Seat,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The Deserter's player places the knight (CCK-PROG-19).
    DeserterPlaced {
        seat: Seat,
        level: u8,
        vertex: Vertex,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The Deserter's player cannot place a knight (CCK-PROG-19).
    DeserterNoPlace,
    /// The Diplomat's road re-placed (CCK-PROG-20).
    DiplomatReplaced {
        seat: Seat,
        edge: Edge,
        /// The place as a player reads it (absent in events of old sessions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// Cards given for the Wedding (CCK-PROG-25).
    WeddingGift { seat: Seat, count: u32 },
    /// Cards discarded for the Saboteur (CCK-PROG-22).
    Sabotaged { seat: Seat, count: u32 },
    /// A commodity given for the Commercial Harbor (CCK-PROG-27).
    CommercialHarbor { seat: Seat },
    /// The Spy takes a progress card (CCK-PROG-23); which one is secret.
    Spy { seat: Seat, from: Seat },
    /// The secret part of the Spy: the card taken.
    SpyTook {
        seat: Seat,
        from: Seat,
        card: ProgressKind,
    },
    /// The Master Merchant takes cards (CCK-PROG-29); which ones is secret.
    MasterMerchant { seat: Seat, from: Seat, count: u32 },
    /// The Inventor swaps two number tokens (CCK-PROG-13); `numbers` and `places` are the two
    /// hexes as they read before the swap.
    TokensSwapped {
        seat: Seat,
        hexes: [Hex; 2],
        numbers: [u8; 2],
        places: [Place; 2],
    },
    /// The merchant put on a hex (CCK-PROG-26); `card`: the hex's resource, traded 2:1.
    MerchantPlaced {
        seat: Seat,
        hex: Hex,
        place: Place,
        card: Option<Card>,
    },
    /// The Warlord activates the player's inactive knights (CCK-PROG-24); empty when all were
    /// active already.
    KnightsActivated {
        seat: Seat,
        knights: Vec<Vertex>,
        places: Vec<Place>,
    },
    /// The Diplomat removes an open road of `colour` (CCK-PROG-20); it goes back to its
    /// owner's stock.
    RoadRemoved {
        seat: Seat,
        colour: Colour,
        edge: Edge,
        place: Place,
    },
    /// The Deserter against a neutral colour: the player takes that colour's weakest knight
    /// off the board (CCK-PROG-19); it goes back to the colour's stock.
    DeserterTook {
        seat: Seat,
        colour: Colour,
        level: u8,
        vertex: Vertex,
        place: Place,
    },
    /// A Trade or Resource Monopoly (CCK-PROG-30): `from` gives `count` of `card` (0 when
    /// holding none).
    Monopoly {
        seat: Seat,
        from: Seat,
        card: Card,
        count: u32,
    },
    /// The Merchant Fleet: `card` trades 2:1 with the bank for the rest of the turn
    /// (CCK-PROG-28).
    MerchantFleet { seat: Seat, card: Card },
    /// A progress card of `seat` that does nothing (its condition fails or the opponent holds
    /// nothing it takes): Saboteur, Wedding, Commercial Harbor, Spy, Master Merchant.
    ProgressNoEffect {
        seat: Seat,
        card: ProgressKind,
        reason: NoEffect,
    },
    /// The game is over (CCK-END-1, or the house turn cap SESSION-HOUSE-1).
    GameOver(GameEnd),
    /// An event of the shared board layout (CAT-BOARD-12..-14).
    #[serde(untagged)]
    Board(BaseEvent<Resource>),
}

/// An event as recorded (rule, data, dice, cards, secret part). A command's events gather in
/// a `Vec<Ev>` (written through [`crate::engine::Emit`]) before they reach the turn, because
/// the table's order of a second roll puts the event die's consequences between throws
/// (CCK-DICE-4).
pub type Ev = crate::engine::Event<Event>;

/// Hands a command's events to the turn, in the order the table resolved them. A command that
/// showed a seat a hidden card from a shuffled deck or a hand (an event with a secret part)
/// cannot be taken back.
pub fn flush(turn: &mut Turn<'_, Event>, ev: Vec<Ev>) {
    for e in ev {
        if e.secret.is_some() {
            turn.reveal();
        }
        turn.push(e);
    }
}
