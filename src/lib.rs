//! ghostseat: an HTTP/JSON server for the virtual opponents of board-game
//! solo and two-player variants.
//!
//! Layers, data flowing down: [`api`] (axum routes, problem+json, OpenAPI) →
//! [`session`] (one actor per live session, the registry) → [`engine`] (the
//! game-agnostic contract) + [`games`] (one folder per variant) and [`store`]
//! (SQLite). [`server`] wires them; [`config`] is the command line.

pub mod api;
pub mod config;
pub mod engine;
pub mod games;
pub mod ops;
pub mod server;
pub mod session;
pub mod store;
pub mod telemetry;
pub mod transport;
pub mod wire;
