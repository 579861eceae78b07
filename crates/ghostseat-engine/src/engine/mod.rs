//! The game-agnostic contract every variant implements, and what the games
//! share.
//!
//! A game is a pure, deterministic function of (options, seed, command log):
//! [`Game::start`] builds the table, [`Game::play`] applies a human move,
//! [`Game::bot_turn`] computes the bot's whole turn, and [`Game::next`] says
//! who acts now and what is being decided. All chance goes through
//! [`Chance`] (the seeded [`Dice`] stream or table input). Rule violations
//! are [`RuleError`]s that name the rule id, never panics. Every event is
//! typed data with its rule id, dice and cards; sentences are rendered per
//! language ([`text`]).
//!
//! [`adapter`] erases the types and owns the cross-cutting rules (turn gate,
//! table input, undo, redaction), so `session/` and `api/` handle any game as
//! JSON in / JSON out; adding a variant never touches them.

pub mod adapter;
pub mod chance;
pub mod dice;
pub mod error;
pub mod event;
pub mod fluent;
pub mod game;
pub mod json;
pub mod legal;
pub mod option_text;
pub mod rulebook;
pub mod seat;
pub mod testing;
pub mod text;

pub use adapter::{
    AdapterError, AnyEvents, AnyState, AnyWireEvent, DynGame, DynStep, Erased, GameSchemas,
    NextKind, SessionEvent, WireNext,
};
pub use chance::{
    Chance, ChanceRecord, Consumed, Need, NeedText, NeedValueLabel, NeedWords, NeedWordsWire,
    TableChoice, TableItem, TableMode,
};
pub use dice::Dice;
pub use error::{Detail, Message, RuleError, RuleErrorKind, SessionRefusal};
pub use event::{Emit, Event, Secret, WireEvent};
pub use fluent::{Args, Catalogue};
pub use game::{Game, GameOptions, Next, SessionCase, Turn};
pub use json::Json;
pub use legal::{Domain, Legal, Param, ParamWords};
pub use option_text::OptionText;
pub use seat::{PerSeat, Seat, SeatInfo, SeatKind};
pub use text::{Describe, Lang, TextCx};
