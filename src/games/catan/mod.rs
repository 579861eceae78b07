//! Shared Catan core (`catan-base`, rule prefix CAT): a library module used by
//! `catan-shadow` and `catan-ck-duel`; it is not itself a registered game.
//!
//! How a variant uses it:
//! - **Geometry** ([`geometry`]): hexes, intersections and paths are numbered
//!   once in reading order ([`HexId`], [`VertexId`], [`EdgeId`]); [`geo()`]
//!   gives the adjacency tables. JSON uses [`Hex`], [`Vertex`], [`Edge`]
//!   (CAT-BOARD-16, aliases accepted, canonical ids answered).
//! - **Board** ([`board`]): [`board::generate`] lays out a random, beginner or
//!   manual island; [`Board`] holds tiles, harbours, robber, buildings, roads
//!   and the spots a game declares unplayable. Placement rules are pure
//!   methods (`check_settlement_spot`, `check_road_spot`, `legal_roads`,
//!   `trade_rates`, `production`); [`board::pay_with_shortage`] applies the
//!   bank shortage. A game may add road-blocking pieces in `Board::blockers`.
//! - **Longest Road / awards** ([`roads`]): [`road_length`] and the hand-over
//!   rule [`award_holder`].
//! - **Part A table** ([`table`]): [`Table`] runs set-up, rolls, the 7, the
//!   robber, building, development cards, trade, awards and the win for two
//!   seats. A variant embeds a `Table` in its state, maps its own moves to
//!   [`BaseMove`] and calls [`Table::apply`] with [`Hooks`] (robber policies per
//!   cause); `Outcome::TurnEnded` lets it insert its own turns before calling
//!   [`Table::begin_turn`]. Its steps (`produce`, `queue_discards`,
//!   `move_robber`, `update_awards`, `check_win`) are public for reuse;
//!   `Table::legal_moves` ([`legal`]) lists representative legal moves.
//! - **Part B** ([`duo`]): [`Duo`] holds trade tokens and neutral supplies;
//!   free functions give the second roll, forced trade, robber to the desert,
//!   token earnings and the legal neutral pieces with their fallbacks.
//!
//! All chance goes through the engine's `Dice`; nothing here holds a HashMap.

pub mod board;
pub mod data;
pub mod duo;
pub mod geometry;
pub mod legal;
pub mod player;
pub mod roads;
pub mod table;

pub use board::{Board, Building, BuildingKind, Colour, Tile};
pub use data::{Cards, DevCard, HarbourKind, Resource, Terrain};
pub use duo::Duo;
pub use geometry::{geo, Edge, EdgeId, Hex, HexId, Side, Vertex, VertexId};
pub use player::{Bank, PlayerState};
pub use roads::{award_holder, road_length};
pub use table::{
    BaseMove, BaseOptions, Hooks, Outcome, Pending, Phase, RobberCause, RobberPolicy, Table,
};

#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod duo_tests;
#[cfg(test)]
mod table_tests;
