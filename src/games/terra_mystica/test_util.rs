//! Test helpers: build states directly and drive games.
#![allow(dead_code)]

use crate::engine::legacy::{Dice, Event, Game, Next, Seat};

use super::board::geo;
use super::data::Kind;
use super::rules::Move;
use super::state::*;
use super::TerraMystica;

pub fn opts() -> Options {
    Options::default()
}

pub fn start(o: &Options, seed: u64) -> State {
    TerraMystica::start(o, &mut Dice::new(seed))
        .expect("start")
        .state
}

pub fn cell(st: &State, name: &str) -> usize {
    geo(&st.options.map)
        .unwrap()
        .cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

pub fn name(st: &State, c: usize) -> String {
    geo(&st.options.map).unwrap().name(c).to_string()
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

pub fn play(st: &State, seat: usize, mv: Move) -> (State, Vec<Event>) {
    let s = TerraMystica::play(st, Seat(seat as u8), &mv, &mut Dice::new(9))
        .unwrap_or_else(|e| panic!("{mv:?}: {e}"));
    (s.state, s.events)
}

pub fn try_play(st: &State, seat: usize, mv: Move) -> Result<State, crate::engine::RuleError> {
    TerraMystica::play(st, Seat(seat as u8), &mv, &mut Dice::new(9)).map(|s| s.state)
}

pub fn bot(st: &State) -> (State, Vec<Event>) {
    let s = TerraMystica::bot_turn(st, &mut Dice::new(5)).expect("bot turn");
    (s.state, s.events)
}

pub fn kinds(ev: &[Event], kind: &str) -> Vec<Event> {
    ev.iter().filter(|e| e.kind == kind).cloned().collect()
}

pub fn next_is_bot(st: &State) -> bool {
    matches!(TerraMystica::next(st), Next::Bot { .. })
}

/// Turns the next Automa turn into: action card `action`, support `support` (first turn of round).
pub fn set_pair(st: &mut State, support: &str, action: &str, rest: &[&str]) {
    st.automa.deck = [support, action]
        .iter()
        .chain(rest.iter())
        .map(|s| s.to_string())
        .collect();
    st.automa.drew_this_round = false;
    st.automa.support_pile.clear();
    st.automa.action_card = None;
    st.automa.rotated = st.automa.deck[st.automa.deck.len().saturating_sub(2)..].to_vec();
    st.to_move = st.automa_seat();
}
