//! Test helpers: build states directly and drive them through the game's
//! own functions on the engine's rule-test driver, with events read back as
//! JSON (kind, rule, data, cards) and their English sentence.
#![allow(dead_code)]

use serde_json::Value;

use crate::engine::testing::{ReadEvent, Rules};
use crate::engine::{Chance, Dice, Game, Next, RuleError, Seat, TableItem};

use super::board::geo;
use super::data::Kind;
use super::events::Event;
use super::ids::CardId;
use super::moves::Move;
use super::options::Options;
use super::state::*;
use super::TerraMystica;

/// An event as a test reads it.
pub type Ev = ReadEvent<Event>;

/// The engine's rule-test driver for the seats `o` sets up.
pub fn rules(o: &Options) -> Rules<TerraMystica> {
    Rules::new(o)
}

pub fn opts() -> Options {
    Options::default()
}

fn chance(st_opts: &Options, seed: u64, table: &[&str]) -> Chance {
    Chance::new(
        Dice::new(seed),
        TerraMystica::table_mode(st_opts),
        table
            .iter()
            .map(|c| TableItem::Card(c.to_string()))
            .collect(),
    )
    .expect("table input allowed")
}

pub fn try_start(o: &Options, seed: u64) -> Result<(State, Vec<Ev>), RuleError> {
    let mut ch = chance(o, seed, &[]);
    let step = rules(o).start(o, &mut ch)?;
    Ok((step.state, step.events))
}

pub fn start(o: &Options, seed: u64) -> State {
    try_start(o, seed).expect("start").0
}

pub fn cell(st: &State, name: &str) -> usize {
    geo(st.options.map)
        .cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

pub fn name(st: &State, c: usize) -> String {
    geo(st.options.map).name(c).to_string()
}

/// A state in the action phase of `round` with an empty board.
pub fn blank(o: &Options, round: u8) -> State {
    let mut st = start(o, 1);
    st.setup.clear();
    st.phase = Phase::Actions;
    st.round = round;
    for b in st.buildings.iter_mut() {
        *b = None;
    }
    st.automa.supply = [6, 4, 3, 1, 1, 0];
    st
}

pub fn put(st: &mut State, c: &str, owner: usize, kind: Kind, marked: bool) {
    let owner = Seat(owner as u8);
    let i = cell(st, c);
    st.buildings[i] = Some(Building {
        owner,
        kind,
        marked,
    });
    if owner == st.automa_seat() {
        st.automa.supply[kind.idx()] = st.automa.supply[kind.idx()].saturating_sub(1);
    }
}

pub fn automa_cells(st: &State) -> Vec<String> {
    st.cells_of(st.automa_seat())
        .into_iter()
        .map(|c| name(st, c))
        .collect()
}

/// A human move with table cards (physical-table mode).
pub fn try_play_table(
    st: &State,
    seat: usize,
    mv: Move,
    table: &[&str],
) -> Result<(State, Vec<Ev>), RuleError> {
    let mut ch = chance(&st.options, 9, table);
    let step = rules(&st.options).play(st, Seat(seat as u8), &mv, &mut ch)?;
    ch.finish()?;
    Ok((step.state, step.events))
}

pub fn play(st: &State, seat: usize, mv: Move) -> (State, Vec<Ev>) {
    try_play_table(st, seat, mv.clone(), &[]).unwrap_or_else(|e| panic!("{mv:?}: {e}"))
}

pub fn try_play(st: &State, seat: usize, mv: Move) -> Result<State, RuleError> {
    try_play_table(st, seat, mv, &[]).map(|x| x.0)
}

/// Automa's turn with table cards (physical-table mode).
pub fn try_bot_table(st: &State, table: &[&str]) -> Result<(State, Vec<Ev>), RuleError> {
    let mut ch = chance(&st.options, 5, table);
    let step = rules(&st.options).bot(st, &mut ch)?;
    ch.finish()?;
    Ok((step.state, step.events))
}

pub fn bot(st: &State) -> (State, Vec<Ev>) {
    try_bot_table(st, &[]).expect("bot turn")
}

/// Automa's turn with a seeded stream.
pub fn bot_seeded(st: &State, seed: u64) -> (State, Vec<Ev>) {
    let mut ch = chance(&st.options, seed, &[]);
    let step = rules(&st.options).bot(st, &mut ch).expect("bot turn");
    (step.state, step.events)
}

/// A human move through the engine layer (the turn gate runs first).
pub fn gated_play(st: &State, seat: usize, mv: Value) -> Result<State, RuleError> {
    use crate::engine::{AdapterError, DynGame, Erased};
    let g = Erased::<TerraMystica>::new();
    let any = g
        .restore(&serde_json::to_vec(st).expect("state serializes"))
        .expect("restore");
    let ch = chance(&st.options, 9, &[]);
    match g.play(&any, Seat(seat as u8), &mv, ch) {
        Ok(step) => Ok(serde_json::from_slice(&g.snapshot(&step.state).unwrap()).unwrap()),
        Err(AdapterError::Rule(e)) => Err(e),
        Err(e) => panic!("{e}"),
    }
}

/// A bot turn through the engine layer (the turn gate runs first).
pub fn gated_bot(st: &State) -> Result<State, RuleError> {
    use crate::engine::{AdapterError, DynGame, Erased};
    let g = Erased::<TerraMystica>::new();
    let any = g
        .restore(&serde_json::to_vec(st).expect("state serializes"))
        .expect("restore");
    let ch = chance(&st.options, 9, &[]);
    match g.bot_turn(&any, ch) {
        Ok(step) => Ok(serde_json::from_slice(&g.snapshot(&step.state).unwrap()).unwrap()),
        Err(AdapterError::Rule(e)) => Err(e),
        Err(e) => panic!("{e}"),
    }
}

pub fn kinds(ev: &[Ev], kind: &str) -> Vec<Ev> {
    ev.iter().filter(|e| e.kind == kind).cloned().collect()
}

pub fn next_is_bot(st: &State) -> bool {
    matches!(TerraMystica::next(st), Next::Bot { .. })
}

pub fn ids(v: &[&str]) -> Vec<CardId> {
    v.iter()
        .map(|s| CardId::parse(s).unwrap_or_else(|| panic!("no card {s}")))
        .collect()
}

/// Turns the next Automa turn into: action card `action`, support `support` (first turn of round).
pub fn set_pair(st: &mut State, support: &str, action: &str, rest: &[&str]) {
    st.automa.deck = ids(&[support, action]);
    st.automa.deck.extend(ids(rest));
    st.automa.drew_this_round = false;
    st.automa.support_pile.clear();
    st.automa.action_card = None;
    st.automa.rotated = st.automa.deck[st.automa.deck.len().saturating_sub(2)..].to_vec();
    st.to_move = st.automa_seat();
}
