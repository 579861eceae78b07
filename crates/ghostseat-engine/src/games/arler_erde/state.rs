//! The state of a session (spec §2): who stands where, VIM's two markers
//! (Anzeiger), the building display, and where the game stands.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::data::{BuildingId, Colour, Season, Side, Space, SpaceId};
use super::options::DiceMode;

/// The two lists of action spaces in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub summer: Vec<Space>,
    pub winter: Vec<Space>,
    /// True when the lists come from option `board`.
    pub custom: bool,
}

impl Board {
    pub fn list(&self, season: Season) -> &[Space] {
        match season {
            Season::Summer => &self.summer,
            Season::Winter => &self.winter,
        }
    }
    /// Index of `id` in the season's list.
    pub fn index(&self, season: Season, id: &str) -> Option<usize> {
        self.list(season).iter().position(|s| s.id == id)
    }
    pub fn space(&self, season: Season, id: &str) -> Option<&Space> {
        self.list(season).iter().find(|s| s.id == id)
    }
    /// Whether the human may report a building erected with a placement on
    /// this space (ARLE-HUM-5): a building space, or a Laborer of either
    /// season (on a custom board: a space with id `laborer`).
    pub fn builds_here(&self, season: Season, id: &str) -> bool {
        self.space(season, id)
            .is_some_and(|s| s.building || s.id == "laborer")
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Half-years 1 to 9: workers are placed.
    Placing,
    /// Half-year 9 is over: the human reports the final score counted at
    /// the table (ARLE-END-3).
    FinalScore,
    /// The score is reported; nothing more can be played.
    Finished,
}

/// One slot of the building display (Gebäudeauslage), reading order (ARLE-BRD-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Slot {
    /// 1-based position in reading order (marker 2 counts over these).
    pub slot: usize,
    /// 1-based row of the display.
    pub row: usize,
    /// Slot name: the colour for the base display, the given name on a custom board.
    pub label: String,
    /// Colour group (base display only).
    pub colour: Option<Colour>,
    /// The building lying here; null once it is gone.
    pub building: Option<BuildingId>,
    /// Who emptied the slot: `human` erected it, `vim` took it out of the game.
    pub emptied_by: Option<Side>,
    /// The building that lay here before the slot was emptied.
    pub emptied_building: Option<BuildingId>,
}

/// VIM's action marker (Anzeiger 1): a space of a season (ARLE-GEN-4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Marker1 {
    pub season: Season,
    pub space: SpaceId,
}

/// One worker (Arbeiterstein) placed this half-year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Placement {
    /// Whose worker: `human` or `vim`.
    pub seat: Side,
    /// The list the space belongs to (the other season = the off-season placement).
    pub season: Season,
    pub space: SpaceId,
    /// 1 to 8 within the half-year.
    pub order: u8,
    /// Building the human reported erecting with this placement (ARLE-HUM-5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built: Option<BuildingId>,
}

/// Placements still to make this half-year (ARLE-SET-1), 0 to 4 each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkersLeft {
    pub human: u8,
    pub vim: u8,
}

impl WorkersLeft {
    pub fn of(&self, side: Side) -> u8 {
        match side {
            Side::Human => self.human,
            Side::Vim => self.vim,
        }
    }
    pub fn take(&mut self, side: Side) {
        match side {
            Side::Human => self.human = self.human.saturating_sub(1),
            Side::Vim => self.vim = self.vim.saturating_sub(1),
        }
    }
}

/// A building the human reported (ARLE-HUM-5, ARLE-HUM-6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Built {
    pub building: BuildingId,
    /// The half-year it was reported in.
    pub half_year: u8,
    /// The display slot it came from.
    pub slot: usize,
}

/// What happened in a finished half-year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HalfYearRecord {
    pub half_year: u8,
    pub season: Season,
    pub start_player: Side,
    /// Who made the half-year's one placement on the other season, if anyone.
    pub off_season_used_by: Option<Side>,
    /// The 8 placements in order.
    pub placements: Vec<Placement>,
    /// Marker 1 at the end of the half-year.
    pub marker1_end: Marker1,
    /// Marker 1 after the move to the opposite space (ARLE-END-2).
    pub marker1_next: Marker1,
}

/// Everything the variant reads or writes (ARLE §2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub dice_mode: DiceMode,
    /// Fixed at setup and shared by every later state: the engine clones
    /// the state for each command, and the lists' names are most of it.
    /// Serialized as the board itself (snapshots unchanged).
    pub board: Arc<Board>,
    pub phase: Phase,
    /// 1..9 (ARLE-SET-1).
    pub half_year: u8,
    pub season: Season,
    pub start_player: Side,
    /// Whose placement is next; None outside the placing phase.
    pub to_place: Option<Side>,
    pub placed: Vec<Placement>,
    pub workers_left: WorkersLeft,
    /// Who made the one placement on the other half-year (ARLE-TURN-2).
    pub off_season_used_by: Option<Side>,
    pub marker1: Marker1,
    /// 0 = before slot 1, k = on slot k (ARLE-SET-4).
    pub marker2: usize,
    pub display: Vec<Slot>,
    pub removed_by_vim: Vec<BuildingId>,
    pub built_by_human: Vec<Built>,
    pub history: Vec<HalfYearRecord>,
    pub reported_score: Option<i64>,
}

/// Workers per side per half-year (ARLE-SET-1).
pub const WORKERS: u8 = 4;
/// Half-years in a game (ARLE-SET-1).
pub const HALF_YEARS: u8 = 9;

impl State {
    /// Who stands on `space` of `season` this half-year (ARLE-TURN-4).
    pub fn occupant(&self, season: Season, space: &str) -> Option<Side> {
        self.placed
            .iter()
            .find(|p| p.season == season && p.space == space)
            .map(|p| p.seat)
    }
    pub fn occupied(&self, season: Season, space: &str) -> bool {
        self.occupant(season, space).is_some()
    }
    /// The index of the slot holding `building`, if it is still on the display.
    pub fn slot_of(&self, building: &str) -> Option<usize> {
        self.display
            .iter()
            .position(|s| s.building.as_ref().is_some_and(|b| b == building))
    }
    pub fn buildings_left(&self) -> usize {
        self.display.iter().filter(|s| s.building.is_some()).count()
    }
    /// The buildings still on the display, in reading order.
    pub fn on_display(&self) -> impl Iterator<Item = &BuildingId> {
        self.display.iter().filter_map(|s| s.building.as_ref())
    }
    /// The half-year's placements are over (ARLE-END-3): no more workers.
    pub fn placing(&self) -> bool {
        self.phase == Phase::Placing
    }
}
