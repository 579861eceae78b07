//! The game-agnostic contract every variant implements.
//!
//! A game is a pure, deterministic function of (options, seed, command log):
//! [`Game::start`] builds the table, [`Game::play`] applies a human move,
//! [`Game::bot_turn`] computes the bot's whole turn, and [`Game::next`] says who
//! acts now. All chance goes through [`Dice`]. Rule violations are
//! [`RuleError`]s that name the rule id, never panics. Every bot decision is an
//! [`Event`] with its rule id, dice/cards and a sentence for the table.
//!
//! [`adapter`] erases the types so `session/` and `api/` handle any game as
//! JSON in / JSON out; adding a variant never touches them.

pub mod adapter;
pub mod dice;
pub mod error;
pub mod event;
pub mod game;

pub use adapter::{AdapterError, AnyState, DynGame, DynStep, Erased, GameInfo};
pub use dice::{Dice, DieRoll, DieSource};
pub use error::{RuleError, RuleErrorKind};
pub use event::{any_hidden, redact_events, Event};
pub use game::{Game, Next, Seat, SeatInfo, SeatKind, Step};
