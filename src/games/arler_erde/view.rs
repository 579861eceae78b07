//! What the table shows: both lists with their workers, VIM's markers, the
//! building display and the turn. Nothing is hidden in this variant.

use serde_json::{json, Value};

use crate::engine::Seat;

use super::bot;
use super::data::Season;
use super::state::State;

fn season_view(s: &State, season: Season) -> Value {
    let spaces: Vec<Value> = s
        .board
        .list(season)
        .iter()
        .enumerate()
        .map(|(i, sp)| {
            json!({
                "position": i + 1,
                "id": sp.id,
                "name_en": sp.name_en,
                "name_de": sp.name_de,
                "building": sp.building,
                "opposite": sp.opposite,
                "occupied_by": s.occupant(season, &sp.id),
                "marker1": s.marker1.season == season && s.marker1.space == sp.id,
            })
        })
        .collect();
    Value::Array(spaces)
}

/// The table for `seat` (None = spectator); all information is public.
pub fn view(s: &State, seat: Option<Seat>) -> Value {
    let display: Vec<Value> = s
        .display
        .iter()
        .map(|d| {
            json!({
                "slot": d.slot,
                "row": d.row,
                "label": d.label,
                "colour": d.colour,
                "building": d.building,
                "emptied_by": d.emptied_by,
                "emptied_building": d.emptied_building,
                "marker2": s.marker2 == d.slot,
            })
        })
        .collect();
    json!({
        "viewer": seat.map(|x| if x.0 == 0 { "human" } else { "vim" }),
        "half_year": s.half_year,
        "season": s.season,
        "start_player": s.start_player,
        "to_place": s.to_place,
        "workers_left": s.workers_left,
        "off_season_used_by": s.off_season_used_by,
        "placed": s.placed,
        "board": {
            "custom": s.board.custom,
            "summer": season_view(s, Season::Summer),
            "winter": season_view(s, Season::Winter),
        },
        "marker1": s.marker1,
        "marker2": s.marker2,
        "display": display,
        "buildings_left": s.buildings_left(),
        "removed_by_vim": s.removed_by_vim,
        "built_by_human": s.built_by_human,
        "history": s.history,
        "dice_mode": s.dice_mode,
        "entered_dice": s.entered_dice,
        "dice_needed": if s.dice_mode == super::state::DiceMode::Table { bot::dice_needed(s) } else { 0 },
        "finished": s.finished,
        "reported_score": s.reported_score,
    })
}
