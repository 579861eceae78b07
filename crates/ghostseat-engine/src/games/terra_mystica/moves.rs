//! The humans' moves (spec §5).
//!
//! A human's turn is sent one step at a time (`build`, `transform`,
//! `upgrade`, …) and closed with `end_turn`; or he passes before any step.
//! So every legal move can be listed, each cell a dwelling may go on
//! included. `turn` (all steps in one move) is still accepted so that logs
//! written before the step moves replay; it is not listed, because any
//! sequence of listed steps is a legal `turn`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Cult, Kind, Reach, Terrain};
use super::events::VpReason;
use super::ids::{BonusCard, Cell, FavorTile, PowerSpace, TownTile};

/// The most VP one report may move (TMA-HUM-16, TMA-END-1).
pub const VP_REPORT_LIMIT: i32 = 200;

/// One board step of a `turn` (§5), as the batch form `turn` carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum TurnStep {
    Transform {
        cell: Cell,
        terrain: Terrain,
    },
    Build {
        cell: Cell,
    },
    Upgrade {
        cell: Cell,
        to: Kind,
    },
    PlaceBridge {
        a: Cell,
        b: Cell,
    },
    SendPriest {
        track: Cult,
        value: u8,
    },
    AdvanceCult {
        track: Cult,
        steps: u8,
    },
    TakePowerAction {
        space: PowerSpace,
    },
    TakeFavorTile {
        tile: FavorTile,
    },
    TakeTownTile {
        tile: TownTile,
    },
    SetReach {
        reach: Reach,
    },
    ReportVp {
        delta: i32,
        #[serde(default)]
        reason: VpReason,
    },
    /// The answer to the Cultists' cult step, in its place right after the
    /// `build` or `upgrade` that drew the card, as the step form answers it
    /// (TMA-HF-2): a track, or null to decline. A batch without such a step
    /// leaves the decision to after the turn, as logs written before the
    /// step form did.
    CultistCultStep {
        track: Option<Cult>,
    },
}

/// A cell and the terrain it becomes (`cult_bonus_transforms`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellTerrain {
    pub cell: Cell,
    pub terrain: Terrain,
}

/// A human move (§5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Setup: place an initial dwelling on an empty cell of your home
    /// terrain (TMA-SET-12, TMA-HUM-3).
    PlaceInitialDwelling { cell: Cell },
    /// Setup: choose a bonus card from the row (TMA-SET-15).
    ChooseBonusCard { card: BonusCard },
    /// Step: transform an empty land cell into a terrain (TMA-HUM-4); also
    /// the round-end cult-bonus transforms (TMA-RND-1).
    Transform { cell: Cell, terrain: Terrain },
    /// Step: build a dwelling on an empty cell you may build on (TMA-HUM-3).
    Build { cell: Cell },
    /// Step: upgrade one of your buildings (TMA-HUM-5).
    Upgrade { cell: Cell, to: Kind },
    /// Step: place a bridge between two land cells (TMA-HUM-14).
    PlaceBridge { a: Cell, b: Cell },
    /// Step: send a priest to a cult track, to its 3- or 2-space, or for 1
    /// step without a space (TMA-HUM-7).
    SendPriest { track: Cult, value: u8 },
    /// Step: advance 1 to 3 steps on a cult track (TMA-HUM-8).
    AdvanceCult { track: Cult, steps: u8 },
    /// Step: take a power action (TMA-HUM-10).
    TakePowerAction { space: PowerSpace },
    /// Step: take a favor tile (TMA-HUM-11).
    TakeFavorTile { tile: FavorTile },
    /// Step: take a town tile and its key (TMA-HUM-13).
    TakeTownTile { tile: TownTile },
    /// Step: raise your shipping level or teleport range (TMA-HUM-15).
    SetReach { reach: Reach },
    /// Ends your turn after its steps (TMA-HUM-2).
    EndTurn,
    /// Pass instead of acting: take a bonus card from the row in rounds 1–5
    /// (`bonus_card`), none in round 6 (TMA-TURN-4).
    Pass {
        #[serde(default)]
        bonus_card: Option<BonusCard>,
    },
    /// Report VP scored at the table, with your turn or decision
    /// (TMA-HUM-16); −200 to 200.
    ReportVp {
        delta: i32,
        #[serde(default)]
        reason: VpReason,
    },
    /// Answer to the Cultists' cult step: a track, or null to decline (TMA-HF-2).
    CultistCultStep { track: Option<Cult> },
    /// Answer to Powermongers `ask`: the power you gained (TMA-FAC-9).
    PowerGainReport { gained: u32 },
    /// Ends your round-end cult-bonus transforms (TMA-RND-1).
    EndTransforms,
    /// Batch form of the round-end transforms, then `end_transforms`
    /// (accepted for old logs; send `transform` moves instead).
    CultBonusTransforms { transforms: Vec<CellTerrain> },
    /// Batch form of a turn: its steps, then `end_turn` (accepted for old
    /// logs; send the steps one by one instead). As in the step form, a
    /// `report_vp` step is no board step: a batch of reports alone is
    /// refused (TMA-HUM-1, TMA-HUM-2). A Cultists decision is answered by a
    /// `cultist_cult_step` step in its place (TMA-HF-2), so the batch gives
    /// the events, state and refusals of the same moves sent one by one.
    Turn { steps: Vec<TurnStep> },
    /// After round 6: your last VP report, e.g. resource scoring (TMA-END-1);
    /// −200 to 200.
    FinalReport { vp_delta: i32 },
    /// Automa VP from a faction played at the table (only with
    /// `symbionts_rules`, `blight_rules` or `gognomes_rules` = `table`);
    /// −200 to 200.
    ReportAutomaVp {
        delta: i32,
        #[serde(default)]
        reason: VpReason,
    },
}

impl TurnStep {
    /// The step as a move of its own.
    pub fn as_move(&self) -> Move {
        match self.clone() {
            TurnStep::Transform { cell, terrain } => Move::Transform { cell, terrain },
            TurnStep::Build { cell } => Move::Build { cell },
            TurnStep::Upgrade { cell, to } => Move::Upgrade { cell, to },
            TurnStep::PlaceBridge { a, b } => Move::PlaceBridge { a, b },
            TurnStep::SendPriest { track, value } => Move::SendPriest { track, value },
            TurnStep::AdvanceCult { track, steps } => Move::AdvanceCult { track, steps },
            TurnStep::TakePowerAction { space } => Move::TakePowerAction { space },
            TurnStep::TakeFavorTile { tile } => Move::TakeFavorTile { tile },
            TurnStep::TakeTownTile { tile } => Move::TakeTownTile { tile },
            TurnStep::SetReach { reach } => Move::SetReach { reach },
            TurnStep::ReportVp { delta, reason } => Move::ReportVp { delta, reason },
            TurnStep::CultistCultStep { track } => Move::CultistCultStep { track },
        }
    }
}
