//! Tests of arler-erde: the spec's worked examples, one or more tests per
//! rule id, the issue-14 findings, and the contract checks every game runs
//! (random whole games, complete legal moves, texts, physical table).

mod contract_tests;
mod examples_tests;
pub(super) mod kit;
mod rules_tests;
