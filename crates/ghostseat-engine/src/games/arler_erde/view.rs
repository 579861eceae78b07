//! What the table shows: both lists with their workers, VIM's markers, the
//! building display and where the game stands. Nothing is hidden in this
//! variant: every seat (and a reader with no seat) sees the same table.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::Serialize;

use crate::engine::json::{Json, Prewritten};
use crate::engine::Seat;

use super::data::{self, BuildingId, Colour, Season, Side, Space, SpaceId};
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
    #[schemars(with = "Vec<SpaceView<'static>>")]
    pub summer: Vec<SpaceOut<'a>>,
    #[schemars(with = "Vec<SpaceView<'static>>")]
    pub winter: Vec<SpaceOut<'a>>,
}

/// An action space with who stands on it and whether marker 1 is there.
#[derive(Debug, Serialize, JsonSchema)]
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

/// An action space as the view writes it. A base-game space's text depends
/// only on its season, its place in the list, who stands on it and marker
/// 1, so it is written once per process and copied (the spaces
/// were most of an Arler Erde view, the heaviest view of all games).
pub type SpaceOut<'a> = Prewritten<SpaceView<'a>>;

/// The texts of one base space: each occupant (none, human, VIM) with
/// marker 1 away, then each with marker 1 on it.
type SpaceTexts = [Box<str>; 6];

fn text_slot(occupied_by: Option<Side>, marker1: bool) -> usize {
    let occupant = match occupied_by {
        None => 0,
        Some(Side::Human) => 1,
        Some(Side::Vim) => 2,
    };
    occupant + 3 * usize::from(marker1)
}

/// Each base-game space of `season`'s list (ARLE-BRD-1/2) with its texts.
/// A session's own space is written from here only when it equals the base
/// space at the same place, so a custom board (or a stored board that
/// differs) is written live.
fn plain_spaces(season: Season) -> &'static [(Space, SpaceTexts)] {
    static ALL: [OnceLock<Vec<(Space, SpaceTexts)>>; 2] = [const { OnceLock::new() }; 2];
    ALL[season as usize].get_or_init(|| {
        let list = match season {
            Season::Summer => data::summer_spaces(),
            Season::Winter => data::winter_spaces(),
        };
        list.into_iter()
            .enumerate()
            .map(|(i, sp)| {
                let texts = std::array::from_fn(|slot| {
                    let occupied_by = [None, Some(Side::Human), Some(Side::Vim)][slot % 3];
                    Json::of(&space_view(i, &sp, occupied_by, slot >= 3))
                        .expect("a space is plain data")
                        .into_string()
                        .into_boxed_str()
                });
                (sp, texts)
            })
            .collect()
    })
}

fn space_view(i: usize, sp: &Space, occupied_by: Option<Side>, marker1: bool) -> SpaceView<'_> {
    SpaceView {
        position: i + 1,
        id: &sp.id,
        name_en: &sp.name_en,
        name_de: &sp.name_de,
        building: sp.building,
        opposite: &sp.opposite,
        occupied_by,
        marker1,
    }
}

fn season_view(s: &State, season: Season) -> Vec<SpaceOut<'_>> {
    let plain = plain_spaces(season);
    s.board
        .list(season)
        .iter()
        .enumerate()
        .map(|(i, sp)| {
            let occupied_by = s.occupant(season, sp.id.as_str());
            let marker1 = s.marker1.season == season && s.marker1.space == sp.id;
            match plain.get(i) {
                Some((base, texts)) if base == sp => {
                    SpaceOut::Plain(&texts[text_slot(occupied_by, marker1)])
                }
                _ => SpaceOut::Live(space_view(i, sp, occupied_by, marker1)),
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::arler_erde::tests::kit;
    use std::sync::Arc;

    /// Every base space of both lists (ARLE-BRD-1/2), with each occupant and
    /// marker 1 on and off: each pre-written text is what `SpaceView` writes.
    #[test]
    fn a_plain_space_is_the_text_its_view_writes() {
        for season in [Season::Summer, Season::Winter] {
            let plain = plain_spaces(season);
            assert_eq!(
                plain.len(),
                kit::start(&kit::opts_d0()).0.board.list(season).len()
            );
            for (i, (sp, texts)) in plain.iter().enumerate() {
                for occupied_by in [None, Some(Side::Human), Some(Side::Vim)] {
                    for marker1 in [false, true] {
                        let view = space_view(i, sp, occupied_by, marker1);
                        assert_eq!(
                            &*texts[text_slot(occupied_by, marker1)],
                            serde_json::to_string(&view).unwrap(),
                            "{season:?} {i} {occupied_by:?} {marker1}"
                        );
                    }
                }
            }
        }
    }

    /// A view's spaces, plain and live mixed, are the text of every space
    /// written in full: workers and marker 1 pick the plain text, and a
    /// space that is not the base game's at that place (renamed, or moved)
    /// is written live.
    #[test]
    fn the_spaces_of_a_view_are_written_as_their_views() {
        let mut st = kit::at(1, Side::Human, "fisherman");
        let winter: Vec<SpaceId> = st.board.winter.iter().map(|s| s.id.clone()).collect();
        let summer: Vec<SpaceId> = st.board.summer.iter().map(|s| s.id.clone()).collect();
        kit::put(&mut st, Side::Human, summer[2].as_str());
        kit::put(&mut st, Side::Vim, "fisherman");
        kit::put_in(&mut st, Side::Human, Season::Winter, winter[0].as_str());
        let mut board = (*st.board).clone();
        board.summer[3].name_de = "Umbenannt".into();
        board.winter.swap(4, 5);
        st.board = Arc::new(board);
        for (season, live) in [(Season::Summer, 1), (Season::Winter, 2)] {
            let full: Vec<SpaceView> = st
                .board
                .list(season)
                .iter()
                .enumerate()
                .map(|(i, sp)| {
                    let marker1 = st.marker1.season == season && st.marker1.space == sp.id;
                    space_view(i, sp, st.occupant(season, sp.id.as_str()), marker1)
                })
                .collect();
            assert!(full.iter().any(|v| v.occupied_by.is_some()), "{season:?}");
            let written = season_view(&st, season);
            let lived = written
                .iter()
                .filter(|s| matches!(s, SpaceOut::Live(_)))
                .count();
            assert_eq!(lived, live, "{season:?}: only the changed spaces are live");
            assert_eq!(
                Json::of(&written).unwrap().get(),
                serde_json::to_string(&full).unwrap(),
                "{season:?}"
            );
        }
        // The whole view, marker 1 included, reads the same through both
        // writers.
        let v = view(&st, None);
        let text = Json::of(&v).unwrap().into_string();
        assert_eq!(text, serde_json::to_string(&v).unwrap());
        assert!(text.contains("\"marker1\":true"));
    }
}
