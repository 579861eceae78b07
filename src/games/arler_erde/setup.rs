//! Setup (Vorbereitung): options checked, display filled, marker 1 placed by
//! the setup die.

use std::collections::BTreeSet;

use serde_json::json;

use crate::engine::legacy::{Dice, Event, RuleError};

use super::data::{self, Season, Side, Space, DISPLAY_SLOTS};
use super::state::{
    Board, BuildingSet, CustomBoard, DiceMode, Marker1, Options, Slot, State, WorkersLeft, WORKERS,
};

/// Limits that keep a custom board sane (ARLE-BRD-9).
const MIN_SPACES: usize = 9;
const MAX_SPACES: usize = 40;
const MAX_SLOTS: usize = 60;
const MAX_ID_LEN: usize = 64;

/// Checks a custom board (ARLE-BRD-9).
pub fn check_board(b: &CustomBoard) -> Result<(), RuleError> {
    let bad = |d: String| Err(RuleError::bad_options("ARLE-BRD-9", d));
    for (season, list) in [(Season::Summer, &b.summer), (Season::Winter, &b.winter)] {
        if list.len() < MIN_SPACES || list.len() > MAX_SPACES {
            return bad(format!(
                "the custom board's {} list has {} spaces; it needs {MIN_SPACES} to {MAX_SPACES}",
                season.name(),
                list.len()
            ));
        }
        let mut ids = BTreeSet::new();
        for s in list {
            if s.id.is_empty() || s.id.len() > MAX_ID_LEN {
                return bad(format!(
                    "a {} space id must be 1 to {MAX_ID_LEN} characters",
                    season.name()
                ));
            }
            if !ids.insert(s.id.as_str()) {
                return bad(format!(
                    "the {} space id '{}' appears twice",
                    season.name(),
                    s.id
                ));
            }
        }
    }
    for (season, list, others) in [
        (Season::Summer, &b.summer, &b.winter),
        (Season::Winter, &b.winter, &b.summer),
    ] {
        for s in list {
            let Some(o) = others.iter().find(|o| o.id == s.opposite) else {
                return bad(format!(
                    "the {} space '{}' names the opposite '{}', which is not a {} space",
                    season.name(),
                    s.id,
                    s.opposite,
                    season.other().name()
                ));
            };
            if o.opposite != s.id {
                return bad(format!(
                    "opposites must pair up: {} '{}' faces '{}', but that space faces '{}'",
                    season.name(),
                    s.id,
                    o.id,
                    o.opposite
                ));
            }
        }
    }
    let slots: usize = b.display_slots.iter().map(Vec::len).sum();
    if slots == 0 || slots > MAX_SLOTS {
        return bad(format!(
            "the custom display needs 1 to {MAX_SLOTS} slots; it has {slots}"
        ));
    }
    let Some(display) = &b.display else {
        return bad("a custom board must give its `display`: one building per slot".into());
    };
    if display.len() != slots {
        return bad(format!(
            "the custom display has {slots} slots but `display` names {} buildings",
            display.len()
        ));
    }
    let mut seen = BTreeSet::new();
    for d in display {
        if d.is_empty() || d.len() > MAX_ID_LEN {
            return bad(format!(
                "a building id must be 1 to {MAX_ID_LEN} characters"
            ));
        }
        if !seen.insert(d.as_str()) {
            return bad(format!("the building '{d}' lies in two slots"));
        }
    }
    Ok(())
}

/// Checks a physical-table display of the base game (ARLE-BRD-7).
pub fn check_display(display: &[String]) -> Result<(), RuleError> {
    let bad = |d: String| Err(RuleError::bad_options("ARLE-BRD-7", d));
    if display.len() != DISPLAY_SLOTS {
        return bad(format!(
            "the display has {DISPLAY_SLOTS} slots; {} buildings were given",
            display.len()
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, b) in display.iter().enumerate() {
        let slot = i + 1;
        if !seen.insert(b.as_str()) {
            return bad(format!("the building '{b}' is given twice"));
        }
        let (colour, printed) = data::slot_layout(slot);
        match data::colour_of(b) {
            None => {
                return bad(format!(
                    "'{b}' (slot {slot}) is not a building of the base game"
                ))
            }
            Some(c) if c != colour => {
                return bad(format!(
                    "slot {slot} is a {colour:?} slot, but '{b}' is a {c:?} building"
                ));
            }
            _ => {}
        }
        if let Some(p) = printed {
            if p != b {
                return bad(format!(
                    "orange slot {slot} holds its printed building '{p}', not '{b}'"
                ));
            }
        }
    }
    Ok(())
}

/// Checks the options as a whole (ARLE §3).
pub fn check_options(o: &Options) -> Result<(), RuleError> {
    match (o.dice, o.setup_die) {
        (DiceMode::Table, None) => {
            return Err(RuleError::bad_options(
                "ARLE-SET-3",
                "with table dice, roll the setup die for marker 1 and give it as `setup_die`",
            ))
        }
        (DiceMode::Server, Some(_)) => {
            return Err(RuleError::bad_options(
                "ARLE-SET-3",
                "`setup_die` is only given with table dice; the server rolls it otherwise",
            ))
        }
        (_, Some(v)) if !(1..=6).contains(&v) => {
            return Err(RuleError::bad_options(
                "ARLE-SET-3",
                format!("the setup die shows 1 to 6, not {v}"),
            ))
        }
        _ => {}
    }
    if let Some(b) = &o.board {
        if o.display.is_some() {
            return Err(RuleError::bad_options(
                "ARLE-BRD-9",
                "with a custom board the display is given as `board.display`; leave `display` null",
            ));
        }
        check_board(b)?;
    }
    if let Some(d) = &o.display {
        check_display(d)?;
    }
    Ok(())
}

/// Deals the base display with the seeded stream (ARLE-BRD-8): returns the
/// 18 buildings in reading order.
pub fn deal_display(set: BuildingSet, dice: &mut Dice) -> Vec<String> {
    let mut draw = |list: &[&str], n: usize| -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        dice.shuffle(&mut v);
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
    out.extend(data::ORANGE.iter().map(|s| s.to_string()));
    // Blue and red alternate in the last three rows: 13 blue, 14 red, ...
    for (b, r) in blue.into_iter().zip(red) {
        out.push(b);
        out.push(r);
    }
    out
}

fn base_slots(buildings: Vec<String>) -> Vec<Slot> {
    buildings
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            let slot = i + 1;
            let (colour, _) = data::slot_layout(slot);
            Slot {
                slot,
                row: data::slot_row(slot),
                label: format!("{colour:?}").to_lowercase(),
                colour: Some(colour),
                building: Some(b),
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

/// Builds the table for half-year 1 (ARLE-SET-1..5).
pub fn start(o: &Options, dice: &mut Dice) -> Result<(State, Vec<Event>), RuleError> {
    check_options(o)?;
    let mut events = Vec::new();
    let (board, display) = match &o.board {
        Some(b) => (
            Board {
                summer: b.summer.clone(),
                winter: b.winter.clone(),
                custom: true,
            },
            custom_slots(b),
        ),
        None => {
            let dealt = o.display.is_none();
            let buildings = match &o.display {
                Some(d) => d.clone(),
                None => deal_display(o.building_set, dice),
            };
            events.push(
                Event::new(
                    "display_filled",
                    "ARLE-SET-5",
                    if dealt {
                        "The server dealt the building display (ARLE-BRD-8).".to_string()
                    } else {
                        "The building display was entered from the table (ARLE-BRD-7).".to_string()
                    },
                )
                .cards(&buildings),
            );
            (
                Board {
                    summer: data::summer_spaces(),
                    winter: data::winter_spaces(),
                    custom: false,
                },
                base_slots(buildings),
            )
        }
    };
    if o.board.is_some() {
        events.push(Event::new(
            "display_filled",
            "ARLE-SET-5",
            "The building display was taken from the custom board (ARLE-BRD-9).",
        ));
    }
    // ARLE-SET-3: count n summer spaces from the topmost, which is count 1.
    let (n, from_table) = match o.setup_die {
        Some(v) => (v, true),
        None => (dice.d6("ARLE-SET-3")?, false),
    };
    let space: &Space = board.summer.get(usize::from(n) - 1).ok_or_else(|| {
        RuleError::bad_options(
            "ARLE-SET-3",
            "the summer list is too short for the setup die",
        )
    })?;
    let marker1 = Marker1 {
        season: Season::Summer,
        space: space.id.clone(),
    };
    events.push(
        Event::new(
            "marker1_placed",
            "ARLE-SET-3",
            format!(
                "Setup die {n}{}: counting from the topmost summer space as 1, marker 1 goes on {} (ARLE-SET-3). Marker 2 waits before slot 1 (ARLE-SET-4).",
                if from_table { " (rolled at the table)" } else { "" },
                board.name(Season::Summer, &space.id)
            ),
        )
        .dice(&[n])
        .data(json!({"season": "summer", "space": space.id, "marker2": 0})),
    );
    let state = State {
        dice_mode: o.dice,
        board,
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
        finished: false,
        reported_score: None,
        entered_dice: Vec::new(),
    };
    events.push(Event::new(
        "half_year_started",
        "ARLE-SET-2",
        "Half-year 1 (summer) begins; the human is start player and places first (ARLE-SET-2).",
    ));
    Ok((state, events))
}
