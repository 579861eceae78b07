//! What the game tells the table: typed events (what happened, with the rule
//! id that made it happen and the cards and candidate lists that drove it,
//! TMA-GEN-10) and decisions (what is asked now, of whom). Their sentences
//! are rendered in `text.rs`.
//!
//! Nothing in Terra Mystica Automa is hidden from one seat but shown to
//! another: Automa's face-down piles are hidden from everybody, so no event
//! names a card before it is turned over, and no event has a secret part.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::Seat;

use super::data::{AutomaFaction, Cult, Difficulty, Dir, Kind, Reach, Terrain};
use super::ids::{BonusCard, CardId, Cell, FavorTile, Letter, MapId, PowerSpace, TileId, TownTile};
use super::options::ChanceSource;

/// An option Automa chooses among: a map cell, a power action space, a
/// cult track or a favor tile (by its id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Choice {
    Space(PowerSpace),
    Track(Cult),
    Favor(FavorTile),
    Cell(Cell),
}

/// One of Automa's actions (TMA-ACT-*), as an event names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AutomaAction {
    BlockPowerAction,
    GainVp,
    AdvanceCult,
    Upgrade,
    TakeFavorTile,
    TransformAndBuild,
    Trade,
    /// The Druids' two cult steps (TMA-FAC-4).
    DruidsCultSteps,
    /// The Powermongers' cult step (TMA-FAC-9).
    PowermongersCultStep,
    /// The Symbionts' cube (TMA-FAC-10).
    PlaceCube,
    /// The Blight's blighted land (TMA-FAC-11).
    Blight,
}

/// Why an action was not performed (TMA-ACT-1, TMA-ACT-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// Every power action space of that board is covered.
    NoUncoveredSpace,
    /// The Gain VP value is 0 this round.
    ZeroVp,
    /// Every cult track has a marker on 10.
    EveryTrackAtTen,
    /// Favor tiles are taken only in rounds 5 and 6.
    BeforeRoundFive,
    /// No +3 favor tile is left whose track is open.
    NoFavorTile,
    /// She has no building she can upgrade.
    NothingToUpgrade,
    /// The card trades only from a later round (`from_round`).
    TooEarlyToTrade,
    /// She has no trade marker left.
    NoTradeMarker,
    /// No human building borders a river without an Automa trade marker.
    NoTradeOption,
    /// No free land cell borders a human building.
    NoCubeCell,
    /// No fallow land is left.
    NoFallowLand,
}

/// A power-action board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Board {
    /// The main board (`ACT1`–`ACT6`).
    Main,
    /// The Merchants of the Seas power-action board (`M1`…).
    Merchants,
}

/// Whose buildings define the range of a transform-and-build (TMA-TB-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RangeOf {
    /// Her marked buildings (support card M or M+R).
    Marked,
    /// Her unmarked buildings (support card U or U+R).
    Unmarked,
    /// Any empty land cell (Wanderers, TMA-FAC-6).
    Anywhere,
}

/// Which terrain-priority card a selection read (TMA-SEL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AtpCard {
    /// Automa's own ATP card.
    Automa,
    /// The first human's ATP card (Kuddlers, Mimics, TMA-FAC-3).
    Human,
    /// The Symbionts' youth card (TMA-FAC-10).
    Youth,
}

/// A row of an ATP card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AtpRow {
    A,
    B,
}

/// A cell's distances to Automa's marked and unmarked buildings (null:
/// no path, TMA-MAP-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MergeDistance {
    pub cell: Cell,
    pub dist_marked: Option<u32>,
    pub dist_unmarked: Option<u32>,
}

/// A cell and a measure: a path distance in steps (null: no path), or power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CellValue {
    pub cell: Cell,
    pub value: Option<u32>,
}

/// A cell and its terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CellTerrainOf {
    pub cell: Cell,
    pub terrain: Option<Terrain>,
}

/// A cult track and Automa's position on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TrackPosition {
    pub track: Cult,
    pub automa: u8,
}

/// A cult track, Automa's and the (highest) human marker, and their distance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TrackDistance {
    pub track: Cult,
    pub automa: u8,
    pub human: u8,
    pub distance: u32,
}

/// A selection method and what it compared (TMA-SEL-*, TMA-CULT-2..4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Method {
    /// Merging (TMA-TB-4/5): keep the cells that shorten the gap between her
    /// marked and unmarked buildings. `joined`: a marked building is already
    /// in range of an unmarked one, so nothing is narrowed.
    Merging {
        joined: bool,
        gap: Option<u32>,
        cells: Vec<MergeDistance>,
    },
    /// Terrain priority (TMA-SEL-5): the first terrain of the row that some
    /// option has.
    TerrainPriority {
        card: AtpCard,
        row: AtpRow,
        terrains: Vec<Terrain>,
        first: Option<Terrain>,
        cells: Vec<CellTerrainOf>,
    },
    /// Closest to the humans' buildings (TMA-SEL-3), path distances.
    ClosestToHumans { distances: Vec<CellValue> },
    /// Furthest from Automa's buildings (TMA-SEL-4), path distances.
    FurthestFromAutoma { distances: Vec<CellValue> },
    /// Her dwellings directly adjacent to a human building (TMA-UPG-2a).
    AdjacentToHumans,
    /// Least power to the humans together (TMA-UPG-2b, TMA-SEL-9).
    LeastPower { power: Vec<CellValue> },
    /// Most power to the humans together (Powermongers, TMA-FAC-7).
    MostPower { power: Vec<CellValue> },
    /// Human buildings with the highest power value (TMA-TRD-2).
    HighestPowerValue { power: Vec<CellValue> },
    /// The colour of the Automa icon on this round's scoring tile (TMA-CULT-2).
    ScoringTile { tile_cult: Option<Cult> },
    /// Catch-up I: tracks where Automa stands on 0 (TMA-CULT-3).
    CatchUpZero { positions: Vec<TrackPosition> },
    /// Catch-up II: tracks where Automa is nearest to the (highest) human
    /// marker (TMA-CULT-3, TMA-CULT-4).
    CatchUpNearest { tracks: Vec<TrackDistance> },
}

/// One narrowing step of Automa's selection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Selection {
    #[serde(flatten)]
    pub method: Method,
    pub before: Vec<Choice>,
    pub after: Vec<Choice>,
    /// No option qualified, so the method was skipped and the options stay
    /// (TMA-SEL-2).
    pub skipped: bool,
}

/// Where Automa's VP came from (TMA-VP-*, TMA-FAC-*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VpSource {
    /// The number on the action card.
    Card,
    /// X: the difficulty card's value for the round.
    Difficulty,
    /// The Gain VP of her faction action.
    FactionCard,
}

/// Why Automa's marker moved (TMA-CULT-5, TMA-FAC-4, TMA-FAC-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CultCause {
    /// The card's Advance on a cult track.
    CardAction,
    /// The Druids' faction action: 2 steps without a priest.
    Druids,
    /// The Powermongers' ability: 1 step without a priest.
    Powermongers,
}

/// Why a transform-and-build became an upgrade (TMA-TB-1, TMA-TB-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FallbackReason {
    NoDwelling,
    NoOption,
}

/// Why Automa passed (TMA-BOT-3/4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PassReason {
    /// Her deck was empty (or too short for a pair).
    DeckEmpty,
    /// A rotated action card showed the pass symbol.
    PassSymbol,
}

/// A position in the bonus row (TMA-PASS-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RowPosition {
    Left,
    Middle,
    Right,
}

/// Why a human reports VP (TMA-HUM-16): they stay at the table, the engine
/// only adds them up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VpReason {
    /// The round's scoring tile.
    ScoringTile,
    /// A favor tile.
    FavorTile,
    /// A bonus card.
    BonusCard,
    /// A town.
    Town,
    /// VP paid for power from neighbours (a negative delta).
    Leech,
    /// A faction ability.
    FactionAbility,
    /// Resource scoring at the end.
    Resources,
    /// A correction of an earlier report.
    Correction,
    /// Anything else (old logs' free-text reasons read as this).
    #[default]
    #[serde(other)]
    Other,
}

/// A card of Automa's pair (TMA-BOT-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardRole {
    /// The right card: its support area says how she chooses.
    Support,
    /// The left card: its action area says what she does.
    Action,
}

/// One final score (§7): VP before the end scoring and each part of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ScoreLine {
    pub seat: Seat,
    /// VP before the end scoring.
    pub before_end: i64,
    /// Area scoring (TMA-END-2, 18/12/6).
    pub area: i64,
    /// Cult scoring (8/4/2 per track).
    pub cults: i64,
    /// The Fire & Ice final scoring tile.
    pub final_tile: i64,
    /// Faction end VP (Wanderers, Symbionts).
    pub faction: i64,
    pub total: i64,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    // --- setup (TMA-SET) ---
    /// The table is set up (TMA-SET-1..16).
    TableSetUp {
        automa_faction: AutomaFaction,
        automa_home: Terrain,
        difficulty: Difficulty,
        map: MapId,
        chance_source: ChanceSource,
        bonus_row: Vec<BonusCard>,
        scoring_tiles: Vec<TileId>,
    },
    /// A human places an initial dwelling (TMA-SET-12).
    InitialDwelling { seat: Seat, cell: Cell },
    /// Automa turns over a card for her initial dwellings (TMA-SET-13).
    InitialDwellingCard { card: CardId, letters: [Letter; 2] },
    /// Automa places an initial dwelling on the cell of a letter (TMA-SET-14);
    /// `letter_cell` differs from `cell` when that cell was taken.
    AutomaDwellingPlaced {
        cell: Cell,
        letter: Letter,
        letter_cell: Cell,
        marked: bool,
    },
    /// A player takes a bonus card at setup (TMA-SET-15, TMA-HUM-12).
    BonusCardTaken { seat: Seat, card: BonusCard },
    /// Round 1 begins (TMA-TURN-3).
    RoundStarted { round: u8, start_player: Seat },

    // --- Automa's turn (TMA-BOT, TMA-ACT, …) ---
    /// Automa turns over her cards (TMA-BOT-2/3): `turned_over` in the order
    /// the table turns them over (on her first turn of a round the support
    /// card, then the action card).
    AutomaCards {
        round: u8,
        first_of_round: bool,
        turned_over: Vec<CardId>,
        action_card: CardId,
        support_card: CardId,
        /// The action card was one of the two rotated cards.
        action_rotated: bool,
        /// Cards left in her deck.
        cards_left: usize,
    },
    /// Her deck is empty: she passes (TMA-BOT-3).
    DeckEmpty,
    /// A rotated action card shows the pass symbol (TMA-BOT-4).
    PassSymbol { card: CardId },
    /// The card shows the faction action (TMA-FAC-2).
    FactionAction { faction: AutomaFaction },
    /// An action is not performed (TMA-ACT-1/3).
    ActionSkipped {
        action: AutomaAction,
        reason: SkipReason,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<Board>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_round: Option<u8>,
    },
    /// The possible options of an action (TMA-ACT-1 step 2).
    Options {
        action: AutomaAction,
        candidates: Vec<Choice>,
        /// Transform and build: the shipping value of the action (TMA-TB-2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shipping: Option<u8>,
        /// Transform and build: whose buildings' range counts (TMA-TB-3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        range_of: Option<RangeOf>,
    },
    /// A selection method narrowed the options (TMA-SEL-1).
    Selection(Selection),
    /// Directional selection chose one option (TMA-SEL-7).
    Directional {
        direction: Dir,
        count: u32,
        ordered: Vec<Choice>,
        chosen: Choice,
    },
    /// Automa covers a power action space (TMA-PWR-2/3).
    PowerActionBlocked { space: PowerSpace, board: Board },
    /// Automa gains VP (TMA-VP-1/2).
    VpGained {
        amount: u32,
        source: VpSource,
        /// Her VP after.
        total: i32,
    },
    /// Automa's marker moves on a cult track (TMA-CULT-5, TMA-FAC-4/9).
    AutomaCultAdvanced {
        track: Cult,
        from: u8,
        to: u8,
        /// The value of the priest space she used (3 or 2), if any.
        priest_space: Option<u8>,
        cause: CultCause,
    },
    /// Automa takes a favor tile (TMA-FAV-3) or a human does (TMA-HUM-11).
    FavorTaken {
        seat: Seat,
        tile: FavorTile,
        track: Cult,
        from: u8,
        to: u8,
    },
    /// A transform and build becomes an upgrade (TMA-TB-1, TMA-TB-12).
    Fallback { reason: FallbackReason },
    /// Automa upgrades a building (TMA-UPG-3).
    AutomaUpgraded {
        cell: Cell,
        from: Kind,
        to: Kind,
        marked: bool,
    },
    /// Automa builds a dwelling (TMA-TB-8..10); distances in steps (null: no path).
    AutomaBuilt {
        cell: Cell,
        terrain_before: Option<Terrain>,
        terrain_after: Terrain,
        marked: bool,
        dist_marked: Option<u32>,
        dist_unmarked: Option<u32>,
    },
    /// A player may gain power from a neighbour's new building (TMA-TB-11,
    /// TMA-UPG-4, TMA-HUM-17); settled at the table (Automa never takes any).
    PowerOffered {
        seat: Seat,
        amount: u32,
        cell: Cell,
        builder: Seat,
    },
    /// Automa trades with a human building (TMA-TRD-3).
    Trade { cell: Cell, owner: Seat, vp: u32 },
    /// The Symbionts place a cube (TMA-FAC-10).
    CubePlaced { cell: Cell },
    /// The Blight blights a cell (TMA-FAC-11).
    BlightPlaced { cell: Cell },
    /// The Gognomes reach an achievement (TMA-FAC-12).
    Achievement { token: u8, vp: i32 },
    /// No action of the card could be performed (TMA-ACT-2).
    NoAction,
    /// Automa's turn waits for the humans' power reports (TMA-FAC-9 `ask`).
    AutomaWaits { seats: Vec<Seat> },
    /// Automa passes (TMA-PASS-1..8).
    AutomaPassed {
        reason: PassReason,
        round: u8,
        vp: u32,
        /// Racelings passing first score the tile again (TMA-FAC-5).
        racelings_bonus_vp: u32,
        bonus_taken: Option<BonusCard>,
        position: Option<RowPosition>,
        coins_returned: u32,
        bonus_returned: Option<BonusCard>,
        /// A reserve card went into her next deck, unseen (TMA-PASS-5).
        reserve_card_added: bool,
        mots_card_added: Option<CardId>,
        /// Cards in her next deck (null in round 6: no next deck).
        next_deck_size: Option<usize>,
        /// She passed first and starts the next round (never in round 6).
        start_player_next_round: bool,
    },

    // --- the humans (TMA-HUM, TMA-HF) ---
    /// A human transforms a cell (TMA-HUM-4).
    Transformed {
        seat: Seat,
        cell: Cell,
        from: Option<Terrain>,
        to: Terrain,
        /// The cell was blighted; the token is removed (one extra spade).
        blight_removed: bool,
    },
    /// A human builds a dwelling (TMA-HUM-3).
    Built { seat: Seat, cell: Cell },
    /// A human upgrades a building (TMA-HUM-5).
    Upgraded {
        seat: Seat,
        cell: Cell,
        from: Kind,
        to: Kind,
    },
    /// Shapeshifters built next to Automa: 1 power at the table (TMA-HF-6).
    ShapeshiftersPower { seat: Seat, cell: Cell },
    /// A human places a bridge (TMA-HUM-14).
    BridgePlaced { seat: Seat, a: Cell, b: Cell },
    /// A human sends a priest to a cult track (TMA-HUM-7).
    PriestSent {
        seat: Seat,
        track: Cult,
        value: u8,
        from: u8,
        to: u8,
    },
    /// A human advances on a cult track (TMA-HUM-8, TMA-HF-2).
    CultAdvanced {
        seat: Seat,
        track: Cult,
        steps: u8,
        from: u8,
        to: u8,
    },
    /// A human takes a power action (TMA-HUM-10).
    PowerActionTaken { seat: Seat, space: PowerSpace },
    /// A human takes a town tile and its key (TMA-HUM-13).
    TownTaken { seat: Seat, tile: TownTile },
    /// A human's shipping level or teleport range rises (TMA-HUM-15).
    ReachSet { seat: Seat, reach: Reach },
    /// A human reports VP scored at the table (TMA-HUM-16).
    VpReported {
        seat: Seat,
        delta: i32,
        reason: VpReason,
    },
    /// The Cultists draw from Automa's reserve (TMA-HF-1..4): the card (null:
    /// none left) and the VP it gives (null: a cult step instead).
    CultistDraw {
        seat: Seat,
        card: Option<CardId>,
        vp: Option<u32>,
    },
    /// The Cultists decline their cult step (TMA-HF-2).
    CultStepDeclined { seat: Seat },
    /// A human reports the power gained from Automa (TMA-FAC-9 `ask`).
    PowerGainReported {
        seat: Seat,
        gained: u32,
        offered: u32,
    },
    /// A human ends his turn (TMA-HUM-2).
    TurnEnded { seat: Seat, steps: u16 },
    /// A human ends his round-end transforms (TMA-RND-1).
    TransformsDone { seat: Seat },
    /// A human passes (TMA-TURN-4): the bonus card taken and the one returned.
    HumanPassed {
        seat: Seat,
        round: u8,
        bonus_card: Option<BonusCard>,
        coins: u32,
        returned: Option<BonusCard>,
        start_player_next_round: bool,
    },
    /// A human reports Automa VP of a faction played at the table (§5).
    AutomaVpReported {
        seat: Seat,
        delta: i32,
        reason: VpReason,
    },

    // --- rounds and the end (TMA-RND, TMA-END) ---
    /// A round ends (TMA-RND-1).
    RoundEnded {
        round: u8,
        tile: TileId,
        next_round: u8,
        start_player: Seat,
        /// Humans owed round-end transforms (cult bonus spades).
        cult_bonus: Vec<Seat>,
    },
    /// Round 6 is over: the humans send their final reports (TMA-RND-2).
    LastRoundOver,
    /// A human's final report (TMA-END-1).
    FinalReport { seat: Seat, vp_delta: i32 },
    /// End scoring (TMA-END-2..6).
    FinalScoring {
        scores: Vec<ScoreLine>,
        winners: Vec<Seat>,
    },
}

/// What is being decided now, of whom (`next.decision`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// A human places an initial dwelling on an empty cell of his terrain
    /// (TMA-SET-12): the `number`-th of his `of`.
    PlaceInitialDwelling {
        seat: Seat,
        terrain: Terrain,
        number: u8,
        of: u8,
    },
    /// Automa places her two initial dwellings (a bot turn, TMA-SET-13);
    /// `card_from_table`: the table turns over a random Automa card and sends it.
    AutomaInitialDwellings { card_from_table: bool },
    /// Automa takes the leftmost bonus card (a bot turn, TMA-SET-15).
    AutomaBonusCard,
    /// A human chooses a bonus card from the row (TMA-SET-15).
    ChooseBonusCard { seat: Seat },
    /// A human's turn (TMA-HUM-2): one action, sent as its steps, then
    /// `end_turn`; or `pass` before any step.
    TakeTurn {
        seat: Seat,
        round: u8,
        /// Steps already taken this turn (0: he may still pass).
        steps_taken: u16,
    },
    /// Automa's turn (a bot turn, TMA-BOT-1..6). In physical-table mode the
    /// table turns over `turn_over` in this order and sends those cards: on
    /// her first turn of a round the support card, then the action card;
    /// later one action card; none when her deck is empty (she passes) or
    /// when her turn resumes after power reports.
    AutomaTurn {
        round: u8,
        first_of_round: bool,
        resumes: bool,
        turn_over: Vec<CardRole>,
        card_from_table: bool,
    },
    /// The Cultists' card showed no VP: advance 1 on a cult track of your
    /// choice, or decline (TMA-HF-2).
    CultistCultStep { seat: Seat, card: Option<CardId> },
    /// Powermongers `ask`: how much power did you gain (0 to `offered`)?
    /// (TMA-FAC-9)
    PowerGainReport { seat: Seat, offered: u32 },
    /// Round-end cult bonus: transform cells with the spades earned (null:
    /// unknown, Merchants tiles), then `end_transforms` (TMA-RND-1).
    CultBonusTransforms {
        seat: Seat,
        round: u8,
        spades: Option<u8>,
    },
    /// After round 6 each human sends his final report (TMA-END-1).
    FinalReports { seats: Vec<Seat> },
    /// The game is over (TMA-END-6): the winners share the top score.
    GameOver { winners: Vec<Seat>, vp: i64 },
}

/// Test shorthand: any text is a reason (unknown texts read as `other`).
#[cfg(test)]
impl From<&str> for VpReason {
    fn from(s: &str) -> Self {
        serde_json::from_value(serde_json::Value::String(s.to_string())).unwrap_or_default()
    }
}
