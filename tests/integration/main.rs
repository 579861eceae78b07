//! The integration tests: whole games and the service over real HTTP, the
//! store on both backends, the operator's commands.
//!
//! One test binary with a module per concern, not one binary per file:
//! each of the 16 binaries compiled and linked the crate's generics (axum,
//! sqlx, reqwest, serde) again. With lighter debug info (`Cargo.toml`), CI's
//! test build went from 14 min 57 s to 6 min 41 s.
//! Run one concern by its module path: `cargo test --test integration reliability::`.

mod common;

mod api_games;
mod api_service;
mod around;
mod docs;
mod edges;
mod engine_fuzz;
mod fair_play;
mod finished;
mod language;
mod old_database;
mod openapi;
mod ops;
mod physical_table;
mod readme;
mod reliability;
mod render_cache;
mod rules;
mod seats;
mod store;
mod table;
