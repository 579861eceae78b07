//! The `Game` trait: one implementation per variant under `src/games/`.

use schemars::JsonSchema;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::collections::BTreeMap;

use super::{Dice, Event, RuleError};

/// A seat at the table: an index into [`Game::seats`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person; gets a seat token.
    Human,
    /// Played by the server.
    Bot,
}

/// One seat of a session, as the options lay it out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Stable id (`human`, `vim`, `automa`, `red`…).
    pub id: String,
    pub kind: SeatKind,
    /// Display name.
    pub name: String,
}

impl SeatInfo {
    pub fn human(id: &str, name: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Human,
            name: name.into(),
        }
    }
    pub fn bot(id: &str, name: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Bot,
            name: name.into(),
        }
    }
}

/// The new state after a command and what happened on the way.
#[derive(Debug, Clone)]
pub struct Step<S> {
    pub state: S,
    pub events: Vec<Event>,
}

impl<S> Step<S> {
    pub fn new(state: S, events: Vec<Event>) -> Self {
        Step { state, events }
    }
}

/// Who acts now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Next {
    /// One of `seats` must send a move (several when a decision is open to
    /// more than one player, e.g. discards on a 7).
    Human { seats: Vec<Seat>, prompt: String },
    /// `POST /bot-turn` is due.
    Bot { prompt: String },
    /// The game is over. `scores` by seat id (None where the score stays at
    /// the table); `winner` by seat id when the rules name one.
    Finished {
        scores: BTreeMap<String, Option<i64>>,
        winner: Option<String>,
        summary: String,
    },
}

/// A variant: pure and deterministic. No I/O, no clock, no global state; all
/// chance goes through `dice`. Every function gets the state by reference and
/// returns a new one, so a refused move leaves the session untouched.
///
/// States must serialize deterministically (use `BTreeMap`/`Vec`, never
/// `HashMap`): the snapshot bytes are compared on verify.
pub trait Game: Send + Sync + 'static {
    /// The game id of the API (`arler-erde`).
    const ID: &'static str;
    /// Human title.
    const TITLE: &'static str;
    /// Setup choices; `#[serde(deny_unknown_fields, default)]`.
    type Options: Serialize + DeserializeOwned + JsonSchema + Default + Clone + Send + Sync;
    /// Everything the rules read or write.
    type State: Serialize + DeserializeOwned + Clone + Send + Sync;
    /// A human move: a tagged enum `{"type": "...", ...}` with
    /// `#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]`.
    type Move: Serialize + DeserializeOwned + JsonSchema + Clone + Send + Sync;

    /// The seats these options lay out (humans and bots).
    fn seats(options: &Self::Options) -> Vec<SeatInfo>;
    /// Sets up the table. Fails with `RuleErrorKind::BadOptions` for bad options.
    fn start(options: &Self::Options, dice: &mut Dice) -> Result<Step<Self::State>, RuleError>;
    /// Applies a human move from `seat`.
    fn play(
        state: &Self::State,
        seat: Seat,
        mv: &Self::Move,
        dice: &mut Dice,
    ) -> Result<Step<Self::State>, RuleError>;
    /// Computes the bot's whole turn.
    fn bot_turn(state: &Self::State, dice: &mut Dice) -> Result<Step<Self::State>, RuleError>;
    /// Who acts now.
    fn next(state: &Self::State) -> Next;
    /// What a seat sees: a plain `Serialize` type (usually borrowing from
    /// the state) so that a reply is written straight to JSON bytes without
    /// building a `serde_json::Value` tree on the hot path (issue 8).
    type View<'a>: Serialize
    where
        Self: 'a;
    /// What `seat` may see (None = spectator); hidden information of the
    /// other seats filtered out. Everything a front end needs to draw the table.
    fn view(state: &Self::State, seat: Option<Seat>) -> Self::View<'_>;
    /// Legal moves for `seat` now. Open-ended moves (trade offers, reported
    /// scores) may be represented by examples; every listed move must be legal.
    fn legal_moves(state: &Self::State, seat: Seat) -> Vec<Self::Move>;
}
