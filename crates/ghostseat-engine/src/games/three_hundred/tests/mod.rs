//! Tests of three-hundred. Rule ids are named beside the assertions that check them.

mod contract_tests;
mod examples_tests;
mod kit;
mod legal_tests;
mod rules_tests;
mod table_tests;
