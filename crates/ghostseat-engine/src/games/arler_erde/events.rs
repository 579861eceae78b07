//! What the rules produce: the events, and the decisions `next` asks for.
//! Plain typed data; the sentences are rendered from it in `text.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::Seat;

use super::data::{BuildingId, Season, SpaceId};
use super::state::Marker1;

/// Where the display came from (ARLE-SET-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DisplaySource {
    /// Dealt by the server with the seeded stream (ARLE-BRD-8).
    Dealt,
    /// Entered from the real table with option `display` (ARLE-BRD-7).
    Entered,
    /// Taken from the custom board (ARLE-BRD-9).
    CustomBoard,
}

/// Why an option of VIM's turn holds or fails (ARLE-VIM-2..4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckReason {
    /// Option 1 holds: a double, and nobody has placed on the other half-year yet.
    DoubleOffSeasonFree,
    /// Option 1 fails: the dice show no double.
    NoDouble,
    /// Option 1 fails: a double, but the off-season placement is used.
    DoubleOffSeasonUsed,
    /// Option 2 holds: a die shows 1.
    DieShowsOne,
    /// Option 2 fails: no die shows 1.
    NoDieShowsOne,
    /// Option 3 always holds: count the sum of both dice.
    Always,
}

/// One option of VIM's turn as tested, in order (ARLE-VIM-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OptionCheck {
    /// 1, 2 or 3.
    #[schemars(range(min = 1, max = 3))]
    pub option: u8,
    /// Whether its condition holds.
    pub met: bool,
    pub reason: CheckReason,
}

/// Why a space was passed without being counted (ARLE-CNT-2, ARLE-CNT-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Skip {
    /// A worker stands on it.
    Occupied,
    /// Marker 1's own space, never counted.
    MarkerSpace,
}

/// One space passed while counting with marker 1, in order (ARLE-CNT).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WalkStep {
    pub space: SpaceId,
    /// Whether it was counted.
    pub counted: bool,
    /// The count reached on it, when counted (1 = the first space counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    /// Why it was skipped, when not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Skip>,
}

/// One display slot passed while counting with marker 2, in order
/// (ARLE-BLD-3); empty slots are passed without being counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SlotStep {
    /// 1-based slot in reading order.
    pub slot: usize,
    /// Whether it was counted (it holds a building).
    pub counted: bool,
    /// The count reached on it, when counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
}

/// Why a seat starts the next half-year (ARLE-TURN-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StartReason {
    /// The other seat made the off-season placement.
    OffSeasonPlacement,
    /// Nobody made it, so the start passes to the other seat.
    Alternation,
}

/// What happened (typed; `text.rs` renders the sentences).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// The building display is filled before half-year 1 (ARLE-SET-5).
    DisplayFilled {
        source: DisplaySource,
        /// The buildings in reading order.
        buildings: Vec<BuildingId>,
    },
    /// Setup: marker 1 goes on the n-th summer space, Fisherman being 1
    /// (ARLE-SET-3); marker 2 waits before slot 1 (ARLE-SET-4).
    Marker1Placed {
        /// The setup die.
        #[schemars(range(min = 1, max = 6))]
        die: u8,
        /// Whether the die was rolled at the table (option `setup_die`).
        from_table: bool,
        marker1: Marker1,
    },
    /// Half-year 1 begins; the human is start player (ARLE-SET-2).
    HalfYearStarted {
        half_year: u8,
        season: Season,
        start_player: Seat,
    },
    /// The human placed a worker (ARLE-TURN-5; ARLE-TURN-2 off season).
    HumanWorkerPlaced {
        season: Season,
        space: SpaceId,
        /// 1 to 8 within the half-year.
        order: u8,
        /// This is the half-year's one off-season placement.
        off_season: bool,
        /// Marker 1 lies there (it blocks nothing, ARLE-HUM-3).
        on_marker1: bool,
    },
    /// The human erected a building: its slot is now empty (ARLE-HUM-5 with
    /// a placement, ARLE-HUM-6 without).
    BuildingReported {
        building: BuildingId,
        /// 1-based display slot it came from.
        slot: usize,
        /// The placement it came with, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<Marker1>,
    },
    /// VIM rolled its two dice (ARLE-VIM-1).
    VimDiceRolled { dice: [u8; 2] },
    /// The options tested in order; the last one holds (ARLE-VIM-1, ARLE-VIM-5).
    VimOptionChosen {
        /// The option carried out: 1, 2 or 3.
        #[schemars(range(min = 1, max = 3))]
        option: u8,
        checks: Vec<OptionCheck>,
        /// Who used the off-season placement already, if anyone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        off_season_used_by: Option<Seat>,
    },
    /// Marker 1 counted spaces of the current list (ARLE-CNT-1..6).
    VimMarkerCounted {
        season: Season,
        from: SpaceId,
        /// How many spaces were counted: 1 (option 2) or the dice sum (option 3).
        steps: u8,
        /// Every space passed, in order.
        walk: Vec<WalkStep>,
        to: SpaceId,
    },
    /// A VIM worker blocks a space (ARLE-VIM-2..4).
    VimWorkerPlaced {
        season: Season,
        space: SpaceId,
        /// The option that placed it: 1, 2 or 3.
        #[schemars(range(min = 1, max = 3))]
        option: u8,
        /// 1 to 8 within the half-year.
        order: u8,
        /// The space carries the keyword "Gebäude" (a removal follows, ARLE-VIM-6).
        building_space: bool,
        /// Marker 1 after the placement (option 1 leaves it where it was).
        marker1: Marker1,
    },
    /// The building removal's dice: both dice rolled twice (ARLE-BLD-2).
    BuildingDiceRolled {
        dice: [u8; 4],
        /// 4 to 24.
        sum: u8,
    },
    /// Marker 2 counted the buildings still on display; the one reached
    /// leaves the game (ARLE-BLD-3, ARLE-BLD-4).
    BuildingRemoved {
        /// 1-based slot emptied.
        slot: usize,
        building: BuildingId,
        /// Marker 2 before (0 = before slot 1) and after.
        marker2_from: usize,
        marker2_to: usize,
        /// The count: the building dice's sum.
        sum: u8,
        /// Every slot passed, in order.
        walk: Vec<SlotStep>,
    },
    /// VIM stands on a building space but the display is empty (ARLE-BLD-5).
    BuildingRemovalSkipped { season: Season, space: SpaceId },
    /// End-of-half-year bookkeeping (ARLE-END-1, ARLE-END-2, ARLE-TURN-3).
    HalfYearEnded {
        half_year: u8,
        marker1_from: Marker1,
        marker1_to: Marker1,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        off_season_used_by: Option<Seat>,
        /// The start player of the next half-year; absent after half-year 9.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next_start_player: Option<Seat>,
        /// Why that seat starts; absent after half-year 9.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<StartReason>,
    },
    /// The human stored the final score, or finished without one (ARLE-END-3).
    ScoreReported {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        points: Option<i64>,
    },
}

/// What `next` asks for, of whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// The human places a worker (`place_worker`); buildings may be reported
    /// meanwhile (`report_building`).
    PlaceWorker {
        half_year: u8,
        season: Season,
        /// Which of the human's 4 workers this half-year, 1 to 4.
        worker: u8,
        /// Nobody has used the off-season placement yet this half-year.
        off_season_free: bool,
    },
    /// VIM places a worker: `POST …/bot-turn`.
    VimPlaces {
        half_year: u8,
        season: Season,
        /// Which of VIM's 4 workers this half-year, 1 to 4.
        worker: u8,
        /// VIM's dice come from the table: send its 2 dice with the
        /// request's `table` input (4 more are asked for when VIM lands on a
        /// building space).
        table_dice: bool,
    },
    /// Half-year 9 is over: report the final score counted at the table
    /// (`report_score`).
    ReportScore {
        removed_by_vim: usize,
        built_by_human: usize,
    },
    /// The game is over.
    GameOver {
        reported_score: Option<i64>,
        removed_by_vim: usize,
        built_by_human: usize,
    },
}
