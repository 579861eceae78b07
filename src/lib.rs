//! ghostseat: an HTTP/JSON server for the virtual opponents of board-game
//! solo and two-player variants.
//!
//! Layers, data flowing down: [`api`] (axum routes, problem+json, OpenAPI) →
//! [`session`] (one actor per live session, the registry) → [`engine`] (the
//! game-agnostic contract) + [`games`] (one folder per variant), both from the
//! `ghostseat-engine` crate, and [`store`] (SQLite or PostgreSQL). [`server`]
//! wires them; [`config`] is the command line.

pub mod api;
pub mod config;
pub mod ops;
pub mod server;
pub mod session;
pub mod store;
pub mod telemetry;
pub mod transport;
pub mod wire;

/// The rules live in their own crate (no I/O); the server names them as
/// `crate::engine` and `crate::games` as before.
pub use ghostseat_engine::{engine, games};
