//! Shared Catan core (`catan-base`, rule prefix CAT): a library used by
//! `catan-shadow` and `catan-ck-duel`; it is not itself a registered game.
//!
//! Modules, data flowing down the list:
//! - [`geometry`]: the island graph. Hexes, intersections and paths are
//!   small id types ([`HexId`], [`VertexId`], [`EdgeId`], numbered in reading
//!   order) that are their coordinates on the wire (CAT-BOARD-16).
//! - [`data`], [`cards`]: terrains, tokens, harbours, development cards,
//!   costs; a [`cards::Bundle`] of any [`cards::CardKind`] (the 5 resources,
//!   or the 8 cards of Cities & Knights).
//! - [`board`]: [`Board`] holds tiles, harbours, robber, buildings, roads and
//!   a game's extra pieces (knights) with the placement rules, harbour rates,
//!   production and robber spots. [`layout`] lays out the island.
//! - [`roads`]: Longest Road. [`steps`]: production, discards, random cards,
//!   trade, shared by every game. [`duo`]: Part B (neutral colours, tokens,
//!   second roll, forced trade).
//! - [`events`], [`moves`], [`options`], [`text`], [`legal`]: the typed wire
//!   parts every Catan game embeds, their sentences and legal-move builders.
//! - [`table`]: the Part A referee (set-up, turns, development cards) that
//!   catan-shadow runs; catan-ck-duel runs its own turn over the same parts.
//!
//! All chance goes through the engine's `Chance`; nothing here holds a HashMap.

pub mod board;
pub mod cards;
pub mod data;
pub mod duo;
pub mod events;
pub mod geometry;
pub mod layout;
pub mod legal;
pub mod moves;
pub mod options;
pub mod player;
pub mod roads;
pub mod steps;
pub mod table;
pub mod text;

pub use board::{Board, Building, BuildingKind, Colour, Tile};
pub use cards::{Bundle, CardKind};
pub use data::{Cards, DevCard, HarbourKind, Resource, Terrain};
pub use duo::Duo;
pub use geometry::{geo, Edge, EdgeId, Hex, HexId, Side, Vertex, VertexId};
pub use player::{Bank, PlayerState};
pub use roads::{award_holder, road_length};
pub use table::{Hooks, Outcome, Pending, Phase, RobberCause, RobberPolicy, Table};

#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod duo_tests;
#[cfg(test)]
mod table_tests;
