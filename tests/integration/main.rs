//! The integration tests: whole games and the service over real HTTP, the
//! store on both backends, the operator's commands.
//!
//! One test binary with a module per concern, not one binary per file:
//! each binary compiled and linked the crate's generics (axum, sqlx,
//! reqwest, serde) again, about 40 s of CPU apiece for 17 of them, the
//! largest part of CI's test build. Run one concern with its module path,
//! e.g. `cargo test --test integration reliability::`.

mod common;

mod api_games;
mod api_service;
mod docs;
mod engine_fuzz;
mod fair_play;
mod language;
mod old_database;
mod openapi;
mod ops;
mod physical_table;
mod readme;
mod reliability;
mod render_cache;
mod rules;
mod store;
mod table;
