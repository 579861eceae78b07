//! VIM's turn (Zug des VIM): two dice, the first of three options whose
//! condition holds, the count with marker 1 and, on a building space, the
//! building removal with marker 2 (spec §6).

use std::collections::VecDeque;

use serde_json::{json, Value};

use crate::engine::legacy::{Dice, Event, RuleError};

use super::data::{Season, Side};
use super::rules;
use super::state::{DiceMode, Marker1, Placement, State};

/// Dice for one VIM turn: dice entered earlier with `enter_dice` first, then
/// the request's table dice, then (server mode only) the seeded stream.
pub struct Roller<'a> {
    entered: VecDeque<u8>,
    dice: &'a mut Dice,
    table_only: bool,
}

impl<'a> Roller<'a> {
    pub fn new(state: &State, dice: &'a mut Dice) -> Self {
        let table_only = state.dice_mode == DiceMode::Table;
        if table_only {
            dice.set_table_only(true);
        }
        Roller {
            entered: state.entered_dice.iter().copied().collect(),
            dice,
            table_only,
        }
    }

    /// Rolls `n` six-sided dice for `purpose`; in table mode fails with
    /// `need_dice` naming how many more dice must be sent (ARLE-GEN-6).
    pub fn roll(&mut self, n: usize, rule: &str, purpose: &str) -> Result<Vec<u8>, RuleError> {
        let have = self.entered.len() + self.dice.table_left();
        if self.table_only && have < n {
            return Err(RuleError::need_dice(
                rule,
                n - have,
                format!(
                    "{purpose}: roll {} more six-sided dice at the table and send them with the bot-turn request or with enter_dice (ARLE-GEN-6)",
                    n - have
                ),
            ));
        }
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            match self.entered.pop_front() {
                Some(v) => out.push(v),
                None => out.push(self.dice.d6(rule)?),
            }
        }
        Ok(out)
    }

    /// Entered dice not used by the turn.
    pub fn entered_left(&self) -> usize {
        self.entered.len()
    }
    pub fn table_left(&self) -> usize {
        self.dice.table_left()
    }
}

/// One option tested by ARLE-VIM-1, with the reason it holds or not.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub option: u8,
    pub met: bool,
    pub reason: String,
}

/// The option VIM carries out for dice `d1`, `d2` (ARLE-VIM-1..5; a double
/// is a Pasch), with
/// the checks made in order (only up to the first that holds).
pub fn choose_option(state: &State, d1: u8, d2: u8) -> (u8, Vec<Check>) {
    let double = d1 == d2;
    let unused = state.off_season_used_by.is_none();
    let mut checks = Vec::new();
    // ARLE-VIM-2: a double while the off-season placement is unused.
    let reason = match (double, unused) {
        (true, true) => "a double, and nobody has placed on the other half-year yet".to_string(),
        (false, _) => "no double".to_string(),
        (true, false) => format!(
            "a double, but the off-season placement was already used by {}",
            state.off_season_used_by.map(Side::name).unwrap_or("nobody")
        ),
    };
    let met = double && unused;
    checks.push(Check {
        option: 1,
        met,
        reason,
    });
    if met {
        return (1, checks);
    }
    // ARLE-VIM-3: a die shows 1.
    let one = d1 == 1 || d2 == 1;
    checks.push(Check {
        option: 2,
        met: one,
        reason: if one {
            "a die shows 1".into()
        } else {
            "no die shows 1".into()
        },
    });
    if one {
        return (2, checks);
    }
    // ARLE-VIM-4: always.
    checks.push(Check {
        option: 3,
        met: true,
        reason: "always holds: count the sum of both dice".into(),
    });
    (3, checks)
}

/// One space passed while counting with marker 1 (ARLE-CNT).
#[derive(Debug, Clone, PartialEq)]
pub struct WalkStep {
    pub space: String,
    pub counted: bool,
    /// The count reached, when counted.
    pub count: Option<usize>,
    /// Why it was skipped.
    pub why: Option<&'static str>,
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
        .index(season, &state.marker1.space)
        .filter(|_| state.marker1.season == season)
        .ok_or_else(|| {
            RuleError::illegal(
                "ARLE-CNT-1",
                "marker 1 is not on the current half-year's list",
            )
        })?;
    let free = list
        .iter()
        .enumerate()
        .filter(|(i, s)| *i != start && !state.occupied(season, &s.id))
        .count();
    if free == 0 || n == 0 {
        // ARLE-BRD-9 validation makes this unreachable; refuse rather than loop.
        return Err(RuleError::illegal(
            "ARLE-CNT-6",
            "no unoccupied space is left for VIM's count",
        ));
    }
    let mut walk = Vec::new();
    let mut count = 0;
    let mut i = start;
    loop {
        i = (i + 1) % len;
        let id = &list[i].id;
        if i == start {
            // ARLE-CNT-2: the marker's own space is never counted.
            walk.push(WalkStep {
                space: id.clone(),
                counted: false,
                count: None,
                why: Some(if state.occupied(season, id) {
                    "occupied"
                } else {
                    "marker 1's own space"
                }),
            });
        } else if state.occupied(season, id) {
            // ARLE-CNT-3.
            walk.push(WalkStep {
                space: id.clone(),
                counted: false,
                count: None,
                why: Some("occupied"),
            });
        } else {
            count += 1;
            walk.push(WalkStep {
                space: id.clone(),
                counted: true,
                count: Some(count),
                why: None,
            });
            if count == n {
                return Ok((i, walk));
            }
        }
    }
}

/// One display slot passed while counting with marker 2 (ARLE-BLD-3).
#[derive(Debug, Clone, PartialEq)]
pub struct SlotStep {
    pub slot: usize,
    pub counted: bool,
    pub count: Option<usize>,
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
    let mut count = 0;
    // Slot k (1-based) is index k-1; "after marker2" is index marker2 (mod len).
    let mut i = state.marker2 % len;
    loop {
        let slot = &state.display[i];
        if slot.building.is_some() {
            count += 1;
            walk.push(SlotStep {
                slot: slot.slot,
                counted: true,
                count: Some(count),
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

/// A building id as words for sentences: `berum_castle` → "Berum Castle".
pub fn pretty(id: &str) -> String {
    id.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn dice_text(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join("+")
}

/// The number of further dice VIM's coming turn needs beyond those entered
/// with `enter_dice` (ARLE-GEN-6): 2 for VIM's roll, then 4 more when that
/// roll puts VIM on a building space while buildings remain (ARLE-BLD-2).
pub fn dice_needed(state: &State) -> usize {
    if state.finished || state.to_place != Some(Side::Vim) {
        return 0;
    }
    let e = &state.entered_dice;
    if e.len() < 2 {
        return 2 - e.len();
    }
    let needs_building = match target_of(state, e[0], e[1]) {
        Ok((season, idx)) => {
            state
                .board
                .list(season)
                .get(idx)
                .is_some_and(|s| s.building)
                && state.buildings_left() > 0
        }
        Err(_) => false,
    };
    if needs_building {
        6usize.saturating_sub(e.len())
    } else {
        0
    }
}

/// The space VIM's dice `d1`, `d2` lead to, as (season, index).
pub fn target_of(state: &State, d1: u8, d2: u8) -> Result<(Season, usize), RuleError> {
    let (option, _) = choose_option(state, d1, d2);
    if option == 1 {
        Ok((state.season.other(), 0))
    } else {
        let n = if option == 2 {
            1
        } else {
            usize::from(d1) + usize::from(d2)
        };
        let (i, _) = count_spaces(state, n)?;
        Ok((state.season, i))
    }
}

/// VIM's whole turn (spec §6).
pub fn vim_turn(state: &State, dice: &mut Dice) -> Result<(State, Vec<Event>), RuleError> {
    if state.finished || state.to_place != Some(Side::Vim) {
        return Err(RuleError::out_of_turn(
            "ARLE-TURN-1",
            if state.finished {
                "the game is over; VIM places no more workers".to_string()
            } else {
                "it is the human's turn to place a worker, not VIM's".to_string()
            },
        ));
    }
    let mut s = state.clone();
    let mut events = Vec::new();
    let mut roller = Roller::new(state, dice);

    // 1. ARLE-VIM-1, ARLE-GEN-6: two dice.
    let d = roller.roll(2, "ARLE-VIM-1", "VIM's turn needs its two dice")?;
    let (d1, d2) = (d[0], d[1]);
    events.push(
        Event::new(
            "vim_dice_rolled",
            "ARLE-VIM-1",
            format!("VIM rolled {d1}+{d2} (ARLE-VIM-1)."),
        )
        .dice(&[d1, d2])
        .data(json!({"dice": [d1, d2]})),
    );

    // 2. ARLE-VIM-1..5: first option whose condition holds.
    let (option, checks) = choose_option(&s, d1, d2);
    let checks_json: Vec<Value> = checks
        .iter()
        .map(|c| json!({"option": c.option, "met": c.met, "reason": c.reason}))
        .collect();
    let why = checks
        .iter()
        .map(|c| {
            format!(
                "option {} {} ({})",
                c.option,
                if c.met { "holds" } else { "fails" },
                c.reason
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    let option_rule = match option {
        1 => "ARLE-VIM-2",
        2 => "ARLE-VIM-3",
        _ => "ARLE-VIM-4",
    };
    events.push(
        Event::new(
            "vim_option_chosen",
            "ARLE-VIM-1",
            format!("Dice {d1}+{d2}: {why}. VIM carries out option {option} ({option_rule}, ARLE-VIM-5)."),
        )
        .dice(&[d1, d2])
        .data(json!({"option": option, "checks": checks_json})),
    );

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
        let (i, walk) = count_spaces(&s, n)?;
        let list = s.board.list(s.season);
        let from = s.marker1.space.clone();
        let to = list[i].id.clone();
        let walk_json: Vec<Value> = walk
            .iter()
            .map(|w| {
                let mut v = json!({"space": w.space, "counted": w.counted});
                if let Some(c) = w.count {
                    v["count"] = json!(c);
                }
                if let Some(why) = w.why {
                    v["why"] = json!(why);
                }
                v
            })
            .collect();
        let passed = walk
            .iter()
            .map(|w| match (w.count, w.why) {
                (Some(c), _) => format!("{} = {c}", s.board.name(s.season, &w.space)),
                (None, Some(why)) => {
                    format!("{} skipped ({why})", s.board.name(s.season, &w.space))
                }
                _ => String::new(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        events.push(
            Event::new(
                "vim_marker_counted",
                "ARLE-CNT-6",
                format!(
                    "Marker 1 counts {n} from {}: {passed}; it moves to {} (ARLE-CNT-1..6).",
                    s.board.name(s.season, &from),
                    s.board.name(s.season, &to)
                ),
            )
            .dice(&[d1, d2])
            .data(
                json!({"season": s.season, "from": from, "steps": n, "walk": walk_json, "to": to}),
            ),
        );
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
        .ok_or_else(|| RuleError::illegal("ARLE-VIM-1", "the target space does not exist"))?;
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
    let name = s.board.name(season, &space.id);
    let placed_text = match option {
        1 => format!(
            "Rolled {d1}+{d2}: a double while the other half-year is still free, so a VIM worker blocks {name}, the topmost {} space; marker 1 stays on {} (ARLE-VIM-2).",
            season.name(),
            s.board.name(s.marker1.season, &s.marker1.space)
        ),
        2 => format!(
            "Rolled {d1}+{d2}: a die shows 1, so marker 1 moves one space to {name} and a VIM worker blocks it (ARLE-VIM-3)."
        ),
        _ => format!(
            "Rolled {d1}+{d2}: marker 1 counts {} spaces to {name} and a VIM worker blocks it (ARLE-VIM-4).",
            u16::from(d1) + u16::from(d2)
        ),
    };
    events.push(
        Event::new("vim_worker_placed", option_rule, placed_text)
            .dice(&[d1, d2])
            .data(json!({"season": season, "space": space.id, "option": option, "order": order, "building_space": space.building})),
    );

    // 5. ARLE-VIM-6, ARLE-BLD: building removal.
    if space.building {
        remove_building(&mut s, &mut roller, &name, &mut events)?;
    }

    // ARLE-GEN-6: every die sent must be used.
    let left = roller.table_left();
    if left > 0 {
        return Err(RuleError::illegal(
            "ARLE-GEN-6",
            format!("{left} table dice were sent that VIM's turn did not use; send only the dice the turn needs"),
        ));
    }
    if roller.entered_left() > 0 {
        events.push(Event::new(
            "entered_dice_unused",
            "ARLE-GEN-6",
            format!(
                "{} entered dice were not needed (no building left to remove) and are discarded.",
                roller.entered_left()
            ),
        ));
    }
    s.entered_dice.clear();

    // 6. Turn passes on, or the half-year ends.
    rules::after_placement(&mut s, &mut events);
    Ok((s, events))
}

/// ARLE-BLD-1..5: VIM stands on a building space and takes a building out
/// of the game (Gebäude aus dem Spiel nehmen).
fn remove_building(
    s: &mut State,
    roller: &mut Roller<'_>,
    space_name: &str,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if s.buildings_left() == 0 {
        events.push(Event::new(
            "building_removal_skipped",
            "ARLE-BLD-5",
            format!("VIM stands on {space_name}, a building space, but the display is empty: nothing is removed (ARLE-BLD-5)."),
        ));
        return Ok(());
    }
    let dice = roller.roll(
        4,
        "ARLE-BLD-2",
        &format!("VIM stands on {space_name}, a building space: the removal needs both dice rolled twice"),
    )?;
    let sum: usize = dice.iter().map(|&d| usize::from(d)).sum();
    events.push(
        Event::new(
            "building_dice_rolled",
            "ARLE-BLD-2",
            format!(
                "VIM stands on {space_name}, a building space (ARLE-VIM-6, ARLE-BLD-1): both dice rolled twice show {} = {sum} (ARLE-BLD-2).",
                dice_text(&dice)
            ),
        )
        .dice(&dice)
        .data(json!({"dice": dice, "sum": sum})),
    );
    let Some((slot, walk)) = count_buildings(s, sum) else {
        return Ok(());
    };
    let from = s.marker2;
    let idx = slot - 1;
    let building = s.display[idx].building.take().unwrap_or_default();
    s.display[idx].emptied_by = Some(Side::Vim);
    s.display[idx].emptied_building = Some(building.clone());
    s.removed_by_vim.push(building.clone());
    s.marker2 = slot;
    let walk_json: Vec<Value> = walk
        .iter()
        .map(|w| match w.count {
            Some(c) => json!({"slot": w.slot, "counted": true, "count": c}),
            None => json!({"slot": w.slot, "counted": false, "why": "empty"}),
        })
        .collect();
    let from_text = if from == 0 {
        "before slot 1".to_string()
    } else {
        format!("slot {from}")
    };
    events.push(
        Event::new(
            "building_removed",
            "ARLE-BLD-4",
            format!(
                "Marker 2 counts {sum} buildings from {from_text}, skipping empty slots (ARLE-BLD-3): the {} in slot {slot} is removed from the game and marker 2 now lies on slot {slot} (ARLE-BLD-4).",
                pretty(&building)
            ),
        )
        .dice(&dice)
        .cards(std::slice::from_ref(&building))
        .data(json!({"slot": slot, "building": building, "marker2_from": from, "marker2_to": slot, "sum": sum, "walk": walk_json})),
    );
    Ok(())
}
