//! Tests of catan-shadow: the worked examples of catan-shadow §8
//! ([`examples_tests`]), the rules beyond them ([`rules_tests`]), and the contract
//! checks every game passes ([`contract_tests`]).

mod contract_tests;
mod examples_tests;
mod kit;
mod rules_tests;
