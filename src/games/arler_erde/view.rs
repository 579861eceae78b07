//! What the table shows: both lists with their workers, VIM's markers, the
//! building display and the turn. Nothing is hidden in this variant.

use serde::Serialize;

use crate::engine::legacy::Seat;

use super::bot;
use super::data::{Colour, Season, Side};
use super::state::{Built, DiceMode, HalfYearRecord, Marker1, Placement, Slot, State, WorkersLeft};

/// The table for one seat: borrows from the state and is serialized straight
/// to JSON, so a reply builds no `serde_json::Value` tree (issue 8).
#[derive(Serialize)]
pub struct View<'a> {
    /// `human`, `vim`, or null for a spectator.
    viewer: Option<&'static str>,
    half_year: u8,
    season: Season,
    start_player: Side,
    to_place: Option<Side>,
    workers_left: &'a WorkersLeft,
    off_season_used_by: Option<Side>,
    placed: &'a [Placement],
    board: BoardView<'a>,
    marker1: &'a Marker1,
    marker2: usize,
    display: Vec<SlotView<'a>>,
    buildings_left: usize,
    removed_by_vim: &'a [String],
    built_by_human: &'a [Built],
    history: &'a [HalfYearRecord],
    dice_mode: DiceMode,
    entered_dice: &'a [u8],
    /// Table dice still to send for VIM's turn; 0 with server dice.
    dice_needed: usize,
    finished: bool,
    reported_score: Option<i64>,
}

#[derive(Serialize)]
struct BoardView<'a> {
    custom: bool,
    summer: Vec<SpaceView<'a>>,
    winter: Vec<SpaceView<'a>>,
}

/// An action space with who stands on it and whether marker 1 is there.
#[derive(Serialize)]
struct SpaceView<'a> {
    /// 1-based counting position.
    position: usize,
    id: &'a str,
    name_en: &'a str,
    name_de: &'a str,
    building: bool,
    opposite: &'a str,
    occupied_by: Option<Side>,
    marker1: bool,
}

/// A display slot and whether marker 2 is on it.
#[derive(Serialize)]
struct SlotView<'a> {
    slot: usize,
    row: usize,
    label: &'a str,
    colour: Option<Colour>,
    building: Option<&'a str>,
    emptied_by: Option<Side>,
    emptied_building: Option<&'a str>,
    marker2: bool,
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
            occupied_by: s.occupant(season, &sp.id),
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
        building: d.building.as_deref(),
        emptied_by: d.emptied_by,
        emptied_building: d.emptied_building.as_deref(),
        marker2: s.marker2 == d.slot,
    }
}

/// The table for `seat` (None = spectator); all information is public.
pub fn view(s: &State, seat: Option<Seat>) -> View<'_> {
    View {
        viewer: seat.map(|x| if x.0 == 0 { "human" } else { "vim" }),
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
        entered_dice: &s.entered_dice,
        dice_needed: if s.dice_mode == DiceMode::Table {
            bot::dice_needed(s)
        } else {
            0
        },
        finished: s.finished,
        reported_score: s.reported_score,
    }
}
