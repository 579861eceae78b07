//! Test helpers: build mid-game states directly and drive moves with table dice.

use serde_json::{json, Value};

use crate::engine::legacy::{Dice, Event, Game, RuleError, RuleErrorKind, Seat, Step};

use super::data::{Season, Side};
use super::state::{DiceMode, Marker1, Options, Placement, State};
use super::{ArlerErde, Move};

/// Display D0 of the spec's worked examples (§8).
pub fn d0() -> Vec<String> {
    [
        "weaving_parlor",
        "colonists_house",
        "schnapps_distillery",
        "litter_storage",
        "turnery",
        "cooperage",
        "mill",
        "weaving_mill",
        "textile_house",
        "saddlery",
        "waterfront_house",
        "joinery",
        "farmers_inn",
        "village_church",
        "gulf_house_inn",
        "berum_castle",
        "sluice_yard_inn",
        "lutetsburg_castle",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Server dice, display D0, setup die from the stream.
pub fn opts_d0() -> Options {
    Options {
        display: Some(d0()),
        ..Options::default()
    }
}

/// Table dice, display D0, the given setup die.
pub fn opts_table(setup_die: u8) -> Options {
    Options {
        dice: DiceMode::Table,
        setup_die: Some(setup_die),
        display: Some(d0()),
        ..Options::default()
    }
}

pub fn start(o: &Options) -> Step<State> {
    ArlerErde::start(o, &mut Dice::new(1)).expect("start")
}

/// A fresh D0 game (server dice) moved to `half_year` with `start` as start
/// player and marker 1 on `marker1` of that half-year's season.
pub fn at(half_year: u8, start_player: Side, marker1: &str) -> State {
    let mut s = start(&opts_d0()).state;
    s.half_year = half_year;
    s.season = Season::of_half_year(half_year);
    s.start_player = start_player;
    s.to_place = Some(start_player);
    s.marker1 = Marker1 {
        season: s.season,
        space: marker1.to_string(),
    };
    assert!(
        s.board.index(s.season, marker1).is_some(),
        "no space {marker1}"
    );
    s
}

/// Puts a worker of `side` on `space` of the current season.
pub fn put(s: &mut State, side: Side, space: &str) {
    let season = s.season;
    put_in(s, side, season, space);
}

/// Puts a worker directly (no checks) and sets whose turn it is by alternation.
pub fn put_in(s: &mut State, side: Side, season: Season, space: &str) {
    assert!(s.board.index(season, space).is_some(), "no space {space}");
    assert!(!s.occupied(season, space), "{space} taken");
    if season != s.season {
        s.off_season_used_by = Some(side);
    }
    let order = s.placed.len() as u8 + 1;
    s.placed.push(Placement {
        seat: side,
        season,
        space: space.to_string(),
        order,
        built: None,
    });
    s.workers_left.take(side);
    s.to_place = Some(if s.placed.len() % 2 == 0 {
        s.start_player
    } else {
        s.start_player.other()
    });
}

/// VIM's turn with exactly these table dice (the stream must not be needed).
pub fn vim(s: &State, dice: &[u8]) -> (State, Vec<Event>) {
    let mut d = Dice::new(0).with_table(dice);
    d.set_table_only(true);
    let step = ArlerErde::bot_turn(s, &mut d).expect("bot turn");
    (step.state, step.events)
}

/// VIM's turn that must fail.
pub fn vim_err(s: &State, dice: &[u8]) -> RuleError {
    let mut d = Dice::new(0).with_table(dice);
    ArlerErde::bot_turn(s, &mut d).expect_err("bot turn should fail")
}

/// A human move given as JSON.
pub fn human(s: &State, mv: Value) -> Result<(State, Vec<Event>), RuleError> {
    let mv: Move = serde_json::from_value(mv).expect("move json");
    ArlerErde::play(s, Seat(0), &mv, &mut Dice::new(0)).map(|st| (st.state, st.events))
}

pub fn place(s: &State, space: &str) -> State {
    human(s, json!({"type": "place_worker", "space": space}))
        .expect("placement")
        .0
}

/// The illegal-move rule id of a refused move.
pub fn refused(r: Result<(State, Vec<Event>), RuleError>, rule: &str) -> RuleError {
    let e = r.expect_err("move should be refused");
    assert_eq!(e.rule, rule, "{e}");
    assert_eq!(e.kind, RuleErrorKind::Illegal, "{e}");
    e
}

pub fn event<'a>(events: &'a [Event], kind: &str) -> &'a Event {
    events
        .iter()
        .find(|e| e.kind == kind)
        .unwrap_or_else(|| panic!("no event {kind} in {:?}", kinds(events)))
}

pub fn kinds(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.kind.as_str()).collect()
}

/// The spaces of a `vim_marker_counted` walk as (space, count or why).
pub fn walk(events: &[Event]) -> Vec<(String, String)> {
    let e = event(events, "vim_marker_counted");
    e.data["walk"]
        .as_array()
        .expect("walk")
        .iter()
        .map(|w| {
            let space = w["space"].as_str().unwrap_or_default().to_string();
            let tag = match w["count"].as_u64() {
                Some(c) => c.to_string(),
                None => w["why"].as_str().unwrap_or_default().to_string(),
            };
            (space, tag)
        })
        .collect()
}

pub fn w(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The space VIM's latest worker stands on.
pub fn last_vim(s: &State) -> (Season, String) {
    // After the 8th placement the half-year's workers are in the history.
    let p = s
        .placed
        .iter()
        .rev()
        .find(|p| p.seat == Side::Vim)
        .or_else(|| {
            s.history
                .last()
                .and_then(|h| h.placements.iter().rev().find(|p| p.seat == Side::Vim))
        })
        .expect("a VIM worker");
    (p.season, p.space.clone())
}
