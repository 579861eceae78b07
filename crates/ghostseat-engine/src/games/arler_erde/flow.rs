//! The course of the game: setup (Vorbereitung), the alternation of
//! placements, the end-of-half-year bookkeeping, the final score, and who
//! acts now (ARLE-SET, ARLE-TURN, ARLE-END).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::engine::{Chance, NeedWords, Next, RuleError, Turn};

use super::data::{self, Building, BuildingId, Season, Side, DISPLAY_SLOTS};
use super::events::{Decision, DisplaySource, Event, StartReason};
use super::options::{BuildingSet, CustomBoard, DiceMode, Options};
use super::refusals::Refusal;
use super::state::{
    Board, HalfYearRecord, Marker1, Phase, Slot, State, WorkersLeft, HALF_YEARS, WORKERS,
};
use super::text::TableDie;

/// Deals the base display with the seeded stream (ARLE-BRD-8): the 18
/// buildings in reading order.
pub fn deal_display(set: BuildingSet, chance: &mut Chance) -> Vec<Building> {
    let mut draw = |list: &[Building], n: usize| -> Vec<Building> {
        let mut v = list.to_vec();
        chance.shuffle(&mut v);
        v.truncate(n);
        v
    };
    let green = match set {
        BuildingSet::FirstGame => draw(&data::STARTER_GREEN, 4),
        BuildingSet::Standard => draw(&data::DARK_GREEN, 4),
    };
    let yellow = draw(&data::YELLOW, 2);
    let blue = draw(&data::BLUE, 3);
    let red = draw(&data::RED, 3);
    let mut out = Vec::with_capacity(DISPLAY_SLOTS);
    out.extend(green);
    out.extend(yellow);
    out.extend(data::ORANGE);
    // Blue and red alternate in the last three rows: 13 blue, 14 red, ...
    for (b, r) in blue.into_iter().zip(red) {
        out.push(b);
        out.push(r);
    }
    out
}

fn base_slots(buildings: &[Building]) -> Vec<Slot> {
    buildings
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let slot = i + 1;
            let (colour, _) = data::slot_layout(slot);
            Slot {
                slot,
                row: data::slot_row(slot),
                label: colour.id().to_string(),
                colour: Some(colour),
                building: Some(b.building_id()),
                emptied_by: None,
                emptied_building: None,
            }
        })
        .collect()
}

fn custom_slots(b: &CustomBoard) -> Vec<Slot> {
    let display = b.display.clone().unwrap_or_default();
    let mut out = Vec::new();
    for (r, row) in b.display_slots.iter().enumerate() {
        for label in row {
            let slot = out.len() + 1;
            out.push(Slot {
                slot,
                row: r + 1,
                label: label.clone(),
                colour: None,
                building: display.get(slot - 1).cloned(),
                emptied_by: None,
                emptied_building: None,
            });
        }
    }
    out
}

/// Builds the table for half-year 1 (ARLE-SET-1..5). The server draws only
/// here: the display deal (when `display` is null) and, with server dice,
/// the setup die.
pub fn start(o: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
    use crate::engine::GameOptions;
    o.validate()?;
    let (board, display, source) = match &o.board {
        Some(b) => (
            Arc::new(Board {
                summer: b.summer.clone(),
                winter: b.winter.clone(),
                custom: true,
            }),
            custom_slots(b),
            DisplaySource::CustomBoard,
        ),
        None => {
            let (buildings, source) = match &o.display {
                Some(d) => (d.clone(), DisplaySource::Entered),
                None => (
                    deal_display(o.building_set, turn.chance),
                    DisplaySource::Dealt,
                ),
            };
            (
                Arc::new(Board {
                    summer: data::summer_spaces(),
                    winter: data::winter_spaces(),
                    custom: false,
                }),
                base_slots(&buildings),
                source,
            )
        }
    };
    let buildings: Vec<BuildingId> = display.iter().filter_map(|s| s.building.clone()).collect();
    turn.emit(
        "ARLE-SET-5",
        Event::DisplayFilled {
            source,
            buildings: buildings.clone(),
        },
    )
    .cards(&buildings.iter().map(|b| b.0.clone()).collect::<Vec<_>>());
    // ARLE-SET-3: count n summer spaces from the topmost, which is count 1.
    // With table dice the die is rolled at the table and comes with the
    // create request (or, in sessions from before, as option `setup_die`);
    // the server rolls it otherwise.
    let (n, from_table) = match (o.table_dice(), o.setup_die) {
        (true, Some(v)) => (v, true),
        (table, _) => {
            let words = NeedWords::new(TableDie::Setup {
                summer: board.summer.iter().map(|s| s.id.clone()).collect(),
            });
            (turn.chance.roll_as(6, "ARLE-SET-3", vec![words])?[0], table)
        }
    };
    let space = board
        .summer
        .get(usize::from(n) - 1)
        .ok_or_else(|| {
            RuleError::bad_option("ARLE-SET-3", "setup_die", Refusal::SummerListTooShort)
        })?
        .id
        .clone();
    let marker1 = Marker1 {
        season: Season::Summer,
        space,
    };
    turn.emit(
        "ARLE-SET-3",
        Event::Marker1Placed {
            die: n,
            from_table,
            marker1: marker1.clone(),
        },
    )
    .dice(&[n]);
    turn.emit(
        "ARLE-SET-2",
        Event::HalfYearStarted {
            half_year: 1,
            season: Season::Summer,
            start_player: Side::Human.seat(),
        },
    );
    Ok(State {
        dice_mode: if o.table_dice() {
            DiceMode::Table
        } else {
            DiceMode::Server
        },
        board,
        phase: Phase::Placing,
        half_year: 1,
        season: Season::Summer,
        start_player: Side::Human,
        to_place: Some(Side::Human),
        placed: Vec::new(),
        workers_left: WorkersLeft {
            human: WORKERS,
            vim: WORKERS,
        },
        off_season_used_by: None,
        marker1,
        marker2: 0,
        display,
        removed_by_vim: Vec::new(),
        built_by_human: Vec::new(),
        history: Vec::new(),
        reported_score: None,
    })
}

/// After any placement: hand the turn over, or end the half-year after the
/// 8th placement (ARLE-TURN-1, ARLE-END-1).
pub fn after_placement(s: &mut State, turn: &mut Turn<'_, Event>) {
    if s.placed.len() >= usize::from(2 * WORKERS) {
        end_half_year(s, turn);
        return;
    }
    let last = s.placed.last().map(|p| p.seat).unwrap_or(s.start_player);
    let next = last.other();
    // Strict alternation; with 4 + 4 workers a side always has one left when
    // its turn comes, the fallback only guards the invariant.
    s.to_place = Some(if s.workers_left.of(next) > 0 {
        next
    } else {
        last
    });
}

/// ARLE-END-1: marker 1 to the opposite space, workers back, allowance
/// reset, next start player, next half-year — or, after half-year 9, the
/// final score (ARLE-END-3).
pub fn end_half_year(s: &mut State, turn: &mut Turn<'_, Event>) {
    let h = s.half_year;
    let from = s.marker1.clone();
    // ARLE-END-2: the space facing the marker on the other side.
    let to_space = s
        .board
        .space(from.season, from.space.as_str())
        .map(|sp| sp.opposite.clone())
        .unwrap_or_else(|| from.space.clone());
    let to = Marker1 {
        season: from.season.other(),
        space: to_space,
    };
    // ARLE-TURN-3: whoever used the off-season placement hands the start
    // to the other side; otherwise the start alternates.
    let (next_start, why) = match s.off_season_used_by {
        Some(x) => (x.other(), StartReason::OffSeasonPlacement),
        None => (s.start_player.other(), StartReason::Alternation),
    };
    s.history.push(HalfYearRecord {
        half_year: h,
        season: s.season,
        start_player: s.start_player,
        off_season_used_by: s.off_season_used_by,
        placements: std::mem::take(&mut s.placed),
        marker1_end: from.clone(),
        marker1_next: to.clone(),
    });
    let last = h >= HALF_YEARS;
    let used = s.off_season_used_by;
    s.marker1 = to.clone();
    s.off_season_used_by = None;
    s.workers_left.human = WORKERS;
    s.workers_left.vim = WORKERS;
    turn.emit(
        "ARLE-END-1",
        Event::HalfYearEnded {
            half_year: h,
            marker1_from: from,
            marker1_to: to,
            off_season_used_by: used.map(Side::seat),
            next_start_player: (!last).then(|| next_start.seat()),
            why: (!last).then_some(why),
        },
    );
    if last {
        s.phase = Phase::FinalScore;
        s.to_place = None;
    } else {
        s.half_year = h + 1;
        s.season = Season::of_half_year(s.half_year);
        s.start_player = next_start;
        s.to_place = Some(next_start);
    }
}

/// Who acts now, and what is decided.
pub fn next(s: &State) -> Next<Decision> {
    let removed_by_vim = s.removed_by_vim.len();
    let built_by_human = s.built_by_human.len();
    match (s.phase, s.to_place) {
        (Phase::Finished, _) => {
            let mut scores = BTreeMap::new();
            scores.insert("human".to_string(), s.reported_score);
            Next::Finished {
                scores,
                winner: None,
                decision: Decision::GameOver {
                    reported_score: s.reported_score,
                    removed_by_vim,
                    built_by_human,
                },
            }
        }
        (Phase::FinalScore, _) => Next::Human {
            seats: vec![Side::Human.seat()],
            decision: Decision::ReportScore {
                removed_by_vim,
                built_by_human,
            },
        },
        (Phase::Placing, Some(Side::Vim)) => Next::Bot {
            decision: Decision::VimPlaces {
                half_year: s.half_year,
                season: s.season,
                worker: WORKERS + 1 - s.workers_left.vim,
                table_dice: s.dice_mode == DiceMode::Table,
            },
        },
        // `to_place` is always set while placing.
        (Phase::Placing, _) => Next::Human {
            seats: vec![Side::Human.seat()],
            decision: Decision::PlaceWorker {
                half_year: s.half_year,
                season: s.season,
                worker: WORKERS + 1 - s.workers_left.human,
                off_season_free: s.off_season_used_by.is_none(),
            },
        },
    }
}
