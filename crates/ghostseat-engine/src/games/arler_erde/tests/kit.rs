//! Test helpers: build mid-game states directly, drive moves and VIM turns
//! with chosen dice, and read events as JSON (their stored form) with their
//! English sentence.

use serde_json::{json, Value};

use crate::engine::testing::{event_of, kinds_of, ReadEvent, Rules};
use crate::engine::{
    AdapterError, AnyState, Chance, Dice, DynGame, Erased, Game, RuleError, RuleErrorKind, Seat,
    TableItem, TableMode,
};

use super::super::data::{Season, Side};
use super::super::state::{Marker1, Phase, Placement, State};
use super::super::{ArlerErde, Building, Event, Options};

/// An event as a test reads it: the stored JSON form and its English sentence.
pub type E = ReadEvent<Event>;

/// The engine's rule-test driver for Arler Erde.
pub fn rules() -> Rules<ArlerErde> {
    Rules::new(&Options::default())
}

/// Display D0 of the spec's worked examples (§8).
pub fn d0() -> Vec<Building> {
    use Building::*;
    vec![
        WeavingParlor,
        ColonistsHouse,
        SchnappsDistillery,
        LitterStorage,
        Turnery,
        Cooperage,
        Mill,
        WeavingMill,
        TextileHouse,
        Saddlery,
        WaterfrontHouse,
        Joinery,
        FarmersInn,
        VillageChurch,
        GulfHouseInn,
        BerumCastle,
        SluiceYardInn,
        LutetsburgCastle,
    ]
}

/// D0's ids.
pub fn d0_ids() -> Vec<String> {
    d0().iter().map(|b| b.id().to_string()).collect()
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
        table_mode: crate::engine::TableChoice::All,
        setup_die: Some(setup_die),
        display: Some(d0()),
        ..Options::default()
    }
}

/// Sets up with the stream of `seed` (and no table input).
pub fn start_seeded(o: &Options, seed: u64) -> Result<(State, Vec<E>), RuleError> {
    let mut chance = Chance::new(Dice::new(seed), ArlerErde::table_mode(o), vec![])?;
    let step = rules().start(o, &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}

pub fn start(o: &Options) -> (State, Vec<E>) {
    start_seeded(o, 1).expect("start")
}

/// A fresh D0 game (server dice) moved to `half_year` with `start` as start
/// player and marker 1 on `marker1` of that half-year's season.
pub fn at(half_year: u8, start_player: Side, marker1: &str) -> State {
    let mut s = start(&opts_d0()).0;
    s.half_year = half_year;
    s.season = Season::of_half_year(half_year);
    s.start_player = start_player;
    s.to_place = Some(start_player);
    s.marker1 = Marker1 {
        season: s.season,
        space: marker1.into(),
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
        space: space.into(),
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

/// Runs VIM's turn on `s` with `chance`.
pub fn bot_with(s: &State, mut chance: Chance) -> Result<(State, Vec<E>), RuleError> {
    let step = rules().bot(s, &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}

pub fn table_dice(dice: &[u8]) -> Chance {
    Chance::new(
        Dice::new(0),
        TableMode {
            dice: true,
            cards: false,
        },
        dice.iter().map(|&d| TableItem::Die(d)).collect(),
    )
    .expect("table chance")
}

/// VIM's turn with exactly these table dice.
pub fn vim(s: &State, dice: &[u8]) -> (State, Vec<E>) {
    bot_with(s, table_dice(dice)).expect("bot turn")
}

/// VIM's turn with these table dice, which must fail.
pub fn vim_err(s: &State, dice: &[u8]) -> RuleError {
    bot_with(s, table_dice(dice)).expect_err("bot turn should fail")
}

/// VIM's turn with the server's stream of `seed`.
pub fn vim_server(s: &State, seed: u64) -> State {
    bot_with(
        s,
        Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).unwrap(),
    )
    .expect("bot turn")
    .0
}

/// A human move given as JSON, applied by the game (the engine's turn gate
/// is not involved: see [`gated`]).
pub fn human(s: &State, mv: Value) -> Result<(State, Vec<E>), RuleError> {
    let mv: super::super::Move = serde_json::from_value(mv).expect("move json");
    let mut chance = Chance::new(Dice::new(0), TableMode::SERVER, vec![]).unwrap();
    let step = rules().play(s, Seat(0), &mv, &mut chance)?;
    assert!(
        !chance.finish().unwrap().server_used,
        "a human move draws no chance"
    );
    Ok((step.state, step.events))
}

/// The erased game, as the session layer holds it.
pub fn erased() -> Erased<ArlerErde> {
    Erased::<ArlerErde>::new()
}

/// The state as the session layer holds it.
pub fn any(s: &State) -> AnyState {
    erased()
        .restore(&serde_json::to_vec(s).unwrap())
        .expect("restore")
}

/// A move through the engine (turn gate included), from `seat`.
pub fn gated(s: &State, seat: Seat, mv: Value) -> Result<State, AdapterError> {
    let g = erased();
    let step = g.play(
        &any(s),
        seat,
        &mv,
        Chance::new(Dice::new(0), TableMode::SERVER, vec![]).unwrap(),
    )?;
    Ok(serde_json::from_slice(&g.snapshot(&step.state).unwrap()).unwrap())
}

/// The rule error of an adapter refusal.
pub fn rule_of(e: AdapterError) -> RuleError {
    match e {
        AdapterError::Rule(r) => r,
        other => panic!("not a rule error: {other}"),
    }
}

pub fn place(s: &State, space: &str) -> State {
    human(s, json!({"type": "place_worker", "space": space}))
        .expect("placement")
        .0
}

/// The illegal-move rule id of a refused move.
pub fn refused(r: Result<(State, Vec<E>), RuleError>, rule: &str) -> RuleError {
    let e = r.expect_err("move should be refused");
    assert_eq!(e.rule, rule, "{e}");
    assert_eq!(e.kind, RuleErrorKind::Illegal, "{e}");
    e
}

pub fn event<'a>(events: &'a [E], kind: &str) -> &'a E {
    event_of(events, kind)
}

pub fn kinds(events: &[E]) -> Vec<&str> {
    kinds_of(events)
}

/// The spaces of a `vim_marker_counted` walk as (space, count or why).
pub fn walk(events: &[E]) -> Vec<(String, String)> {
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
    (p.season, p.space.0.clone())
}

/// Plays whole half-years with server dice: the human takes the first free
/// current-season space, until `stop` holds or the placing is over.
pub fn play_until(mut s: State, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut guard = 0;
    while !stop(&s) && s.phase == Phase::Placing {
        guard += 1;
        assert!(guard < 1000);
        match s.to_place {
            Some(Side::Human) => {
                let sp = s
                    .board
                    .list(s.season)
                    .iter()
                    .find(|x| !s.occupied(s.season, x.id.as_str()))
                    .unwrap()
                    .id
                    .clone();
                s = place(&s, sp.as_str());
            }
            Some(Side::Vim) => s = vim_server(&s, seed + guard),
            None => break,
        }
    }
    s
}

/// Plays to the end of half-year 9 (the final-score decision).
pub fn play_out(s: State, seed: u64) -> State {
    let s = play_until(s, seed, |_| false);
    assert_eq!(s.phase, Phase::FinalScore);
    s
}

/// A bot turn through the engine (turn gate included), server dice.
pub fn gated_bot(s: &State, seed: u64) -> Result<State, AdapterError> {
    let g = erased();
    let step = g.bot_turn(
        &any(s),
        Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).unwrap(),
    )?;
    Ok(serde_json::from_slice(&g.snapshot(&step.state).unwrap()).unwrap())
}
