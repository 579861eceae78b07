//! VIM's turn (Zug des VIM): two dice, the first of three options whose
//! condition holds, the count with marker 1 and, on a building space, the
//! building removal with marker 2 (spec §6). Every die comes from the
//! engine's chance: the seeded stream, or the request's table input, asked
//! for one throw at a time (2 dice, then 4 when a removal follows).

use crate::engine::{NeedWords, RuleError, Turn};

use super::data::{Season, Side};
use super::events::{CheckReason, Event, OptionCheck, Skip, SlotStep, WalkStep};
use super::flow;
use super::refusals::Refusal;
use super::state::{Marker1, Placement, State};
use super::text::TableDie;

/// The option VIM carries out for dice `d1`, `d2` (ARLE-VIM-1..5; a double
/// is a Pasch), with the checks made in order, up to the first that holds.
pub fn choose_option(state: &State, d1: u8, d2: u8) -> (u8, Vec<OptionCheck>) {
    let double = d1 == d2;
    let unused = state.off_season_used_by.is_none();
    let mut checks = Vec::new();
    // ARLE-VIM-2: a double while the off-season placement is unused.
    let met = double && unused;
    checks.push(OptionCheck {
        option: 1,
        met,
        reason: match (double, unused) {
            (true, true) => CheckReason::DoubleOffSeasonFree,
            (false, _) => CheckReason::NoDouble,
            (true, false) => CheckReason::DoubleOffSeasonUsed,
        },
    });
    if met {
        return (1, checks);
    }
    // ARLE-VIM-3: a die shows 1.
    let one = d1 == 1 || d2 == 1;
    checks.push(OptionCheck {
        option: 2,
        met: one,
        reason: if one {
            CheckReason::DieShowsOne
        } else {
            CheckReason::NoDieShowsOne
        },
    });
    if one {
        return (2, checks);
    }
    // ARLE-VIM-4: always.
    checks.push(OptionCheck {
        option: 3,
        met: true,
        reason: CheckReason::Always,
    });
    (3, checks)
}

/// Counts `n` spaces with marker 1 over the current half-year's list
/// (ARLE-CNT-1..6): starting after the marker, skipping occupied spaces and
/// the marker's own space, wrapping from the lowest to the topmost.
/// Returns the target index and the walk.
pub fn count_spaces(state: &State, n: usize) -> Result<(usize, Vec<WalkStep>), RuleError> {
    let season = state.season;
    let list = state.board.list(season);
    let len = list.len();
    let start = state
        .board
        .index(season, state.marker1.space.as_str())
        .filter(|_| state.marker1.season == season)
        .ok_or_else(|| RuleError::illegal("ARLE-CNT-1", Refusal::MarkerOffList))?;
    let free = list
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != start && !state.occupied(season, s.id.as_str()))
        .count();
    if free == 0 || n == 0 {
        // ARLE-BRD-9 validation makes this unreachable; refuse rather than loop.
        return Err(RuleError::illegal("ARLE-CNT-6", Refusal::NoFreeSpace));
    }
    let mut walk = Vec::new();
    let mut count = 0usize;
    let mut i = start;
    loop {
        i = (i + 1) % len;
        let id = &list[i].id;
        let skip = if state.occupied(season, id.as_str()) {
            // ARLE-CNT-3.
            Some(Skip::Occupied)
        } else if i == start {
            // ARLE-CNT-2: the marker's own space is never counted.
            Some(Skip::MarkerSpace)
        } else {
            None
        };
        match skip {
            Some(why) => walk.push(WalkStep {
                space: id.clone(),
                counted: false,
                count: None,
                why: Some(why),
            }),
            None => {
                count += 1;
                walk.push(WalkStep {
                    space: id.clone(),
                    counted: true,
                    count: Some(count as u8),
                    why: None,
                });
                if count == n {
                    return Ok((i, walk));
                }
            }
        }
    }
}

/// Counts `sum` buildings with marker 2 (ARLE-BLD-3): starting after
/// marker 2, over occupied slots only, wrapping after the last slot.
/// Returns the target slot (1-based) and the walk; None if the display is empty.
pub fn count_buildings(state: &State, sum: usize) -> Option<(usize, Vec<SlotStep>)> {
    let len = state.display.len();
    if state.buildings_left() == 0 || sum == 0 || len == 0 {
        return None;
    }
    let mut walk = Vec::new();
    let mut count = 0usize;
    // Slot k (1-based) is index k-1; "after marker2" is index marker2 (mod len).
    let mut i = state.marker2 % len;
    loop {
        let slot = &state.display[i];
        if slot.building.is_some() {
            count += 1;
            walk.push(SlotStep {
                slot: slot.slot,
                counted: true,
                count: Some(count as u8),
            });
            if count == sum {
                return Some((slot.slot, walk));
            }
        } else {
            walk.push(SlotStep {
                slot: slot.slot,
                counted: false,
                count: None,
            });
        }
        i = (i + 1) % len;
    }
}

/// VIM's whole turn (spec §6); the engine has checked it is due.
pub fn vim_turn(s: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    // 1. ARLE-VIM-1, ARLE-GEN-6: one throw of both dice.
    let d = turn.chance.roll_as(
        6,
        "ARLE-VIM-1",
        (1..=2)
            .map(|n| NeedWords::new(TableDie::Vim { n }))
            .collect(),
    )?;
    let dice = [d[0], d[1]];
    let (d1, d2) = (dice[0], dice[1]);
    turn.emit("ARLE-VIM-1", Event::VimDiceRolled { dice })
        .dice(&dice);

    // 2. ARLE-VIM-1..5: the first option whose condition holds.
    let (option, checks) = choose_option(s, d1, d2);
    turn.emit(
        "ARLE-VIM-1",
        Event::VimOptionChosen {
            option,
            checks,
            off_season_used_by: s.off_season_used_by.map(Side::seat),
        },
    )
    .dice(&dice);

    // 3./4. Where the worker goes.
    let (season, idx) = if option == 1 {
        // ARLE-VIM-2: topmost space of the other half-year; marker 1 stays.
        (s.season.other(), 0)
    } else {
        let n = if option == 2 {
            1
        } else {
            usize::from(d1) + usize::from(d2)
        };
        let (i, walk) = count_spaces(s, n)?;
        let to = s.board.list(s.season)[i].id.clone();
        turn.emit(
            "ARLE-CNT-6",
            Event::VimMarkerCounted {
                season: s.season,
                from: s.marker1.space.clone(),
                steps: n as u8,
                walk,
                to: to.clone(),
            },
        )
        .dice(&dice);
        // ARLE-CNT-5: the marker moves to the space reached.
        s.marker1 = Marker1 {
            season: s.season,
            space: to,
        };
        (s.season, i)
    };
    let space = s
        .board
        .list(season)
        .get(idx)
        .cloned()
        .ok_or_else(|| RuleError::illegal("ARLE-VIM-1", Refusal::NoTargetSpace))?;
    let order = s.placed.len() as u8 + 1;
    s.placed.push(Placement {
        seat: Side::Vim,
        season,
        space: space.id.clone(),
        order,
        built: None,
    });
    if option == 1 {
        s.off_season_used_by = Some(Side::Vim);
    }
    s.workers_left.take(Side::Vim);
    turn.emit(
        match option {
            1 => "ARLE-VIM-2",
            2 => "ARLE-VIM-3",
            _ => "ARLE-VIM-4",
        },
        Event::VimWorkerPlaced {
            season,
            space: space.id.clone(),
            option,
            order,
            building_space: space.building,
            marker1: s.marker1.clone(),
        },
    )
    .dice(&dice);

    // 5. ARLE-VIM-6, ARLE-BLD: building removal.
    if space.building {
        remove_building(s, season, &space.id, turn)?;
    }

    // 6. The turn passes on, or the half-year ends.
    flow::after_placement(s, turn);
    Ok(())
}

/// ARLE-BLD-1..5: VIM stands on a building space and takes a building out
/// of the game (Gebäude aus dem Spiel nehmen).
fn remove_building(
    s: &mut State,
    season: Season,
    space: &super::data::SpaceId,
    turn: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if s.buildings_left() == 0 {
        turn.emit(
            "ARLE-BLD-5",
            Event::BuildingRemovalSkipped {
                season,
                space: space.clone(),
            },
        );
        return Ok(());
    }
    // ARLE-BLD-2: both dice rolled twice, asked for in one call so a short
    // request is told all four.
    let d = turn.chance.roll_as(
        6,
        "ARLE-BLD-2",
        (1..=4)
            .map(|n| NeedWords::new(TableDie::Building { n }))
            .collect(),
    )?;
    let dice = [d[0], d[1], d[2], d[3]];
    let sum: u8 = dice.iter().sum();
    turn.emit("ARLE-BLD-2", Event::BuildingDiceRolled { dice, sum })
        .dice(&dice);
    let Some((slot, walk)) = count_buildings(s, usize::from(sum)) else {
        return Ok(());
    };
    let from = s.marker2;
    let idx = slot - 1;
    let building = s.display[idx].building.take().unwrap_or_default();
    s.display[idx].emptied_by = Some(Side::Vim);
    s.display[idx].emptied_building = Some(building.clone());
    s.removed_by_vim.push(building.clone());
    s.marker2 = slot;
    turn.emit(
        "ARLE-BLD-4",
        Event::BuildingRemoved {
            slot,
            building: building.clone(),
            marker2_from: from,
            marker2_to: slot,
            sum,
            walk,
        },
    )
    .dice(&dice)
    .cards(&[building.0]);
    Ok(())
}
