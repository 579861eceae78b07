//! The moves the human sends. Plain typed data; their labels are rendered
//! from it in `text.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{BuildingId, Season, SpaceId};

/// The lowest final score `report_score` accepts. Arler Erde's scoring has
/// negative points (moor left on the farm, dikes not moved, empty vehicle
/// spaces), so a very poor game can end below zero.
pub const SCORE_MIN: i64 = -100;
/// The highest final score `report_score` accepts. Real games end around
/// 100 to 200 points; 500 leaves room for any game the rules allow while
/// refusing typing slips such as 1450.
pub const SCORE_MAX: i64 = 500;

/// A move of the human seat (spec §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Put a worker on an unoccupied action space (ARLE-HUM-1..4).
    PlaceWorker {
        /// The space's id in its season's list.
        space: SpaceId,
        /// The list the space belongs to; omitted = the current half-year's
        /// season. The other season is the half-year's one off-season
        /// placement (ARLE-TURN-2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        season: Option<Season>,
        /// The building erected with this action, taken from the display
        /// (only on a building space or a Laborer, ARLE-HUM-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        built: Option<BuildingId>,
    },
    /// Report a building erected without a new placement, or one forgotten
    /// with the placement: it leaves the display (ARLE-HUM-6).
    ReportBuilding {
        /// A building still on the display.
        building: BuildingId,
    },
    /// After half-year 9: the final score counted at the table (ARLE-END-3),
    /// or none to finish without storing one.
    ReportScore {
        /// Victory points, -100 to 500; omitted or null = not reported.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = -100, max = 500))]
        points: Option<i64>,
    },
}
