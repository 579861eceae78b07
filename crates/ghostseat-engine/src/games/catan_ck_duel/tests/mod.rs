//! Tests of catan-ck-duel: rule ids CCK-* are named in test names or beside assertions. The
//! worked examples of the spec ([`examples_tests`]), the rules ([`rules_tests`], and the large
//! families [`knights_tests`], [`progress_tests`], [`neutral_tests`], [`tokens_tests`]), the
//! contract checks every game passes ([`contract_tests`], [`legal_tests`]) and the byte-identity
//! transcripts ([`golden`]), on the helpers of [`kit`].

mod contract_tests;
mod examples_tests;
mod golden;
mod kit;
mod knights_tests;
mod legal_tests;
mod neutral_tests;
mod progress_tests;
mod rules_tests;
mod tokens_tests;
