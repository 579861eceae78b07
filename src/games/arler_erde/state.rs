//! Options and the state of a session: who stands where, VIM's two markers
//! (Anzeiger) and the building display.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Colour, Season, Side, Space};

/// Where the dice come from (ARLE-GEN-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The session's seeded stream.
    #[default]
    Server,
    /// Every die is rolled at the real table and sent in.
    Table,
}

/// Which green houses the server deals (ARLE-BRD-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BuildingSet {
    /// 4 of the 7 dark-green houses.
    #[default]
    Standard,
    /// The 4 light-green starter houses.
    FirstGame,
}

/// A board described as data, e.g. for Tee & Handel (ARLE-GEN-2, ARLE-BRD-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomBoard {
    /// Summer spaces in counting order.
    pub summer: Vec<Space>,
    /// Winter spaces in counting order.
    pub winter: Vec<Space>,
    /// Display slot names, row by row (reading order).
    #[serde(default)]
    pub display_slots: Vec<Vec<String>>,
    /// The building in each slot, in reading order (required, ARLE-BRD-9).
    #[serde(default)]
    pub display: Option<Vec<String>>,
}

/// Session options (ARLE §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `server` or `table` dice (ARLE-GEN-6).
    pub dice: DiceMode,
    /// The setup die for marker 1, 1..6: required with table dice, null otherwise (ARLE-SET-3).
    pub setup_die: Option<u8>,
    /// Green houses dealt when `display` is null (ARLE-BRD-8).
    pub building_set: BuildingSet,
    /// The real table's 18 tiles in reading order (ARLE-BRD-7); null = the server deals.
    pub display: Option<Vec<String>>,
    /// A custom board replacing the base lists and display (ARLE-BRD-9).
    pub board: Option<CustomBoard>,
}

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
    /// Display name of a space, e.g. "summer Carpenter".
    pub fn name(&self, season: Season, id: &str) -> String {
        let n = self
            .space(season, id)
            .map(|s| {
                if s.name_en.is_empty() {
                    s.id.clone()
                } else {
                    s.name_en.clone()
                }
            })
            .unwrap_or_else(|| id.to_string());
        format!("{} {}", season.name(), n)
    }
}

/// One slot of the building display (Gebäudeauslage), reading order (ARLE-BRD-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// 1-based position in reading order.
    pub slot: usize,
    /// 1-based row.
    pub row: usize,
    /// Slot name: the colour for the base display, the given name on a custom board.
    pub label: String,
    /// Colour group (base display only).
    pub colour: Option<Colour>,
    /// The building lying here, if any.
    pub building: Option<String>,
    /// Who emptied the slot (human erected it, VIM removed it).
    pub emptied_by: Option<Side>,
    /// The building that lay here before it was emptied.
    pub emptied_building: Option<String>,
}

/// VIM's action marker (Anzeiger 1): a space of a season (ARLE-GEN-4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker1 {
    pub season: Season,
    pub space: String,
}

/// One worker (Arbeiterstein) placed this half-year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub seat: Side,
    pub season: Season,
    pub space: String,
    /// 1..8 within the half-year.
    pub order: u8,
    /// Building the human reported erecting with this placement (ARLE-HUM-5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built: Option<String>,
}

/// Placements still to make this half-year (ARLE-SET-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Built {
    pub building: String,
    pub half_year: u8,
    pub slot: usize,
}

/// What happened in a finished half-year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HalfYearRecord {
    pub half_year: u8,
    pub season: Season,
    pub start_player: Side,
    pub off_season_used_by: Option<Side>,
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
    pub board: Board,
    /// 1..9 (ARLE-SET-1).
    pub half_year: u8,
    pub season: Season,
    pub start_player: Side,
    /// Whose placement is next; None once finished.
    pub to_place: Option<Side>,
    pub placed: Vec<Placement>,
    pub workers_left: WorkersLeft,
    /// Who made the one placement on the other half-year (ARLE-TURN-2).
    pub off_season_used_by: Option<Side>,
    pub marker1: Marker1,
    /// 0 = before slot 1, k = on slot k (ARLE-SET-4).
    pub marker2: usize,
    pub display: Vec<Slot>,
    pub removed_by_vim: Vec<String>,
    pub built_by_human: Vec<Built>,
    pub history: Vec<HalfYearRecord>,
    pub finished: bool,
    pub reported_score: Option<i64>,
    /// Table dice entered with `enter_dice` for VIM's coming turn (ARLE-GEN-6).
    pub entered_dice: Vec<u8>,
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
    /// The slot holding `building`, if it is still on the display.
    pub fn slot_of(&self, building: &str) -> Option<usize> {
        self.display
            .iter()
            .position(|s| s.building.as_deref() == Some(building))
    }
    pub fn buildings_left(&self) -> usize {
        self.display.iter().filter(|s| s.building.is_some()).count()
    }
}
