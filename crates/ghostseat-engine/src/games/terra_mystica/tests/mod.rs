//! Tests of the Terra Mystica Automa engine: the spec's rules one by one
//! (`*_tests.rs`, named by rule id), its worked examples, random whole games,
//! and the engine contract (legal moves, physical table, texts, options).

use super::{
    board, bot::actions, data, deck, events, ids, legal, moves, options, rules, scoring, select,
    state, TerraMystica,
};

mod automa_tests;
mod board_tests;
mod contract_tests;
mod examples_tests;
mod human_tests;
mod kit;
mod random_tests;
mod setup_tests;
