mod contract_tests;
mod examples_tests;
mod kit;
mod rules_tests;
