//! What the table shows: both lists with their workers, VIM's markers, the
//! building display and where the game stands. Nothing is hidden in this
//! variant: every seat (and a reader with no seat) sees the same table.

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::Seat;

use super::data::{BuildingId, Colour, Season, Side, SpaceId};
use super::options::DiceMode;
use super::state::{Built, HalfYearRecord, Marker1, Phase, Placement, Slot, State, WorkersLeft};

/// The table for one seat; borrows from the state and is serialized
/// straight to JSON.
#[derive(Serialize, JsonSchema)]
pub struct View<'a> {
    /// The reading seat's id (`human` or `vim`); null for a reader with no
    /// seat of this game.
    pub viewer: Option<Side>,
    /// Placing (half-years 1 to 9), final_score (half-year 9 is over, the
    /// human reports the score) or finished.
    pub phase: Phase,
    /// The current half-year, 1 to 9 (the last one once placing is over).
    #[schemars(range(min = 1, max = 9))]
    pub half_year: u8,
    /// Summer in odd half-years, winter in even ones.
    pub season: Season,
    /// Who places first this half-year.
    pub start_player: Side,
    /// Whose placement is next; null once placing is over.
    pub to_place: Option<Side>,
    /// Placements still to make this half-year.
    pub workers_left: &'a WorkersLeft,
    /// Who made this half-year's one placement on the other season's
    /// spaces; null while it is still free.
    pub off_season_used_by: Option<Side>,
    /// The workers placed this half-year, in order.
    pub placed: &'a [Placement],
    /// Both lists of action spaces, in counting order.
    pub board: BoardView<'a>,
    /// VIM's action marker (marker 1): the space its next count starts from.
    pub marker1: &'a Marker1,
    /// VIM's building marker (marker 2): 0 = before slot 1, k = on slot k.
    pub marker2: usize,
    /// The building display in reading order (row by row, left to right).
    pub display: Vec<SlotView<'a>>,
    /// Buildings still on the display.
    pub buildings_left: usize,
    /// Buildings VIM took out of the game, in order.
    pub removed_by_vim: &'a [BuildingId],
    /// Buildings the human reported erecting, in order.
    pub built_by_human: &'a [Built],
    /// The finished half-years.
    pub history: &'a [HalfYearRecord],
    /// Where VIM's dice come from: `server` or `table` (then send them with
    /// the bot-turn request's `table` input).
    pub dice_mode: DiceMode,
    /// The final score the human reported, once reported.
    pub reported_score: Option<i64>,
}

/// Both lists of action spaces.
#[derive(Serialize, JsonSchema)]
pub struct BoardView<'a> {
    /// The lists come from option `board` (a custom board).
    pub custom: bool,
    pub summer: Vec<SpaceView<'a>>,
    pub winter: Vec<SpaceView<'a>>,
}

/// An action space with who stands on it and whether marker 1 is there.
#[derive(Serialize, JsonSchema)]
pub struct SpaceView<'a> {
    /// 1-based counting position (1 = topmost).
    pub position: usize,
    pub id: &'a SpaceId,
    /// English display name.
    pub name_en: &'a str,
    /// German display name (unverified for most base spaces, spec ARLE-BRD-1/2).
    pub name_de: &'a str,
    /// A building space ("Gebäude"): VIM landing here removes a building.
    pub building: bool,
    /// The id of the facing space of the other season (marker 1 moves there
    /// at the end of a half-year).
    pub opposite: &'a SpaceId,
    /// Whose worker stands here this half-year; null when free.
    pub occupied_by: Option<Side>,
    /// Marker 1 lies here (it blocks nothing).
    pub marker1: bool,
}

/// A display slot and whether marker 2 is on it.
#[derive(Serialize, JsonSchema)]
pub struct SlotView<'a> {
    /// 1-based slot in reading order.
    pub slot: usize,
    /// 1-based row.
    pub row: usize,
    /// The colour for the base display, the given name on a custom board.
    pub label: &'a str,
    /// Colour group (base display only).
    pub colour: Option<Colour>,
    /// The building lying here; null once the slot is empty.
    pub building: Option<&'a BuildingId>,
    /// Who emptied the slot: `human` erected it, `vim` took it out of the game.
    pub emptied_by: Option<Side>,
    /// The building that lay here before the slot was emptied.
    pub emptied_building: Option<&'a BuildingId>,
    /// Marker 2 lies here.
    pub marker2: bool,
}

fn season_view(s: &State, season: Season) -> Vec<SpaceView<'_>> {
    s.board
        .list(season)
        .iter()
        .enumerate()
        .map(|(i, sp)| SpaceView {
            position: i + 1,
            id: &sp.id,
            name_en: &sp.name_en,
            name_de: &sp.name_de,
            building: sp.building,
            opposite: &sp.opposite,
            occupied_by: s.occupant(season, sp.id.as_str()),
            marker1: s.marker1.season == season && s.marker1.space == sp.id,
        })
        .collect()
}

fn slot_view<'a>(s: &State, d: &'a Slot) -> SlotView<'a> {
    SlotView {
        slot: d.slot,
        row: d.row,
        label: &d.label,
        colour: d.colour,
        building: d.building.as_ref(),
        emptied_by: d.emptied_by,
        emptied_building: d.emptied_building.as_ref(),
        marker2: s.marker2 == d.slot,
    }
}

/// The table for `seat` (None = a reader with no seat); all of it is public.
pub fn view(s: &State, seat: Option<Seat>) -> View<'_> {
    View {
        viewer: seat.and_then(Side::of_seat),
        phase: s.phase,
        half_year: s.half_year,
        season: s.season,
        start_player: s.start_player,
        to_place: s.to_place,
        workers_left: &s.workers_left,
        off_season_used_by: s.off_season_used_by,
        placed: &s.placed,
        board: BoardView {
            custom: s.board.custom,
            summer: season_view(s, Season::Summer),
            winter: season_view(s, Season::Winter),
        },
        marker1: &s.marker1,
        marker2: s.marker2,
        display: s.display.iter().map(|d| slot_view(s, d)).collect(),
        buildings_left: s.buildings_left(),
        removed_by_vim: &s.removed_by_vim,
        built_by_human: &s.built_by_human,
        history: &s.history,
        dice_mode: s.dice_mode,
        reported_score: s.reported_score,
    }
}
