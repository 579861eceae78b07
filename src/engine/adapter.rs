//! Type erasure: any [`Game`] as JSON in / JSON out, so `session/` and `api/`
//! never name a concrete game.

use schemars::schema_for;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

use super::{Dice, Event, Game, Next, RuleError, Seat, SeatInfo};

/// A game state of some game, shared immutably.
#[derive(Clone)]
pub struct AnyState(Arc<dyn Any + Send + Sync>);

impl AnyState {
    fn of<S: Send + Sync + 'static>(s: S) -> Self {
        AnyState(Arc::new(s))
    }
    fn get<S: 'static>(&self) -> Result<&S, AdapterError> {
        self.0.downcast_ref::<S>().ok_or(AdapterError::WrongGame)
    }
}

impl std::fmt::Debug for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AnyState")
    }
}

/// What the adapter can fail with besides a rule error.
#[derive(Debug, thiserror::Error)]
pub enum AdapterError {
    /// The JSON does not have the shape of the game's options or moves (400).
    #[error("{0}")]
    Malformed(String),
    /// A rule refused it.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A stored snapshot could not be read back (500).
    #[error("stored snapshot unreadable: {0}")]
    Corrupt(String),
    /// A state of another game was handed in (a bug, 500).
    #[error("state belongs to another game")]
    WrongGame,
}

/// The catalogue entry of a game (`GET /v1/games`).
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    /// Seats under the default options.
    pub seats: Vec<SeatInfo>,
    pub default_options: Value,
    pub options_schema: Value,
    pub move_schema: Value,
}

/// The result of an erased command.
pub struct DynStep {
    pub state: AnyState,
    pub events: Vec<Event>,
}

/// A game behind a vtable.
pub trait DynGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn info(&self) -> GameInfo;
    /// Parses and normalises options (defaults filled in).
    fn options(&self, options: &Value) -> Result<Value, AdapterError>;
    fn seats(&self, options: &Value) -> Result<Vec<SeatInfo>, AdapterError>;
    fn start(&self, options: &Value, dice: &mut Dice) -> Result<DynStep, AdapterError>;
    fn play(
        &self,
        state: &AnyState,
        seat: Seat,
        mv: &Value,
        dice: &mut Dice,
    ) -> Result<DynStep, AdapterError>;
    fn bot_turn(&self, state: &AnyState, dice: &mut Dice) -> Result<DynStep, AdapterError>;
    fn next(&self, state: &AnyState) -> Result<Next, AdapterError>;
    /// The view as a JSON tree (tests, tools).
    fn view(&self, state: &AnyState, seat: Option<Seat>) -> Result<Value, AdapterError>;
    /// The view serialized once, straight from the game's view type.
    fn view_json(
        &self,
        state: &AnyState,
        seat: Option<Seat>,
    ) -> Result<Box<RawValue>, AdapterError>;
    fn legal_moves(&self, state: &AnyState, seat: Seat) -> Result<Vec<Value>, AdapterError>;
    /// The legal moves serialized once, straight from the game's move type.
    fn legal_moves_json(&self, state: &AnyState, seat: Seat)
        -> Result<Box<RawValue>, AdapterError>;
    /// Canonical snapshot bytes (compact JSON).
    fn snapshot(&self, state: &AnyState) -> Result<Vec<u8>, AdapterError>;
    fn restore(&self, snapshot: &[u8]) -> Result<AnyState, AdapterError>;
}

/// Wraps a [`Game`] as a [`DynGame`].
pub struct Erased<G>(PhantomData<fn() -> G>);

impl<G: Game> Erased<G> {
    pub fn new() -> Self {
        Erased(PhantomData)
    }
    /// Boxed for the catalogue.
    pub fn arc() -> Arc<dyn DynGame> {
        Arc::new(Self::new())
    }
    fn parse_options(options: &Value) -> Result<G::Options, AdapterError> {
        let v = if options.is_null() {
            Value::Object(Default::default())
        } else {
            options.clone()
        };
        serde_json::from_value(v).map_err(|e| AdapterError::Malformed(format!("options: {e}")))
    }
    fn step(step: super::Step<G::State>) -> DynStep {
        DynStep {
            state: AnyState::of(step.state),
            events: step.events,
        }
    }
}

impl<G: Game> Default for Erased<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn to_value<T: Serialize>(t: &T) -> Value {
    // Serializing our own plain data types cannot fail (no non-string map keys).
    serde_json::to_value(t).unwrap_or(Value::Null)
}

impl<G: Game> DynGame for Erased<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn info(&self) -> GameInfo {
        let defaults = G::Options::default();
        GameInfo {
            id: G::ID,
            title: G::TITLE,
            seats: G::seats(&defaults),
            default_options: to_value(&defaults),
            options_schema: to_value(&schema_for!(G::Options)),
            move_schema: to_value(&schema_for!(G::Move)),
        }
    }
    fn options(&self, options: &Value) -> Result<Value, AdapterError> {
        Ok(to_value(&Self::parse_options(options)?))
    }
    fn seats(&self, options: &Value) -> Result<Vec<SeatInfo>, AdapterError> {
        Ok(G::seats(&Self::parse_options(options)?))
    }
    fn start(&self, options: &Value, dice: &mut Dice) -> Result<DynStep, AdapterError> {
        let o = Self::parse_options(options)?;
        Ok(Self::step(G::start(&o, dice)?))
    }
    fn play(
        &self,
        state: &AnyState,
        seat: Seat,
        mv: &Value,
        dice: &mut Dice,
    ) -> Result<DynStep, AdapterError> {
        let mv =
            G::Move::deserialize(mv).map_err(|e| AdapterError::Malformed(format!("move: {e}")))?;
        Ok(Self::step(G::play(
            state.get::<G::State>()?,
            seat,
            &mv,
            dice,
        )?))
    }
    fn bot_turn(&self, state: &AnyState, dice: &mut Dice) -> Result<DynStep, AdapterError> {
        Ok(Self::step(G::bot_turn(state.get::<G::State>()?, dice)?))
    }
    fn next(&self, state: &AnyState) -> Result<Next, AdapterError> {
        Ok(G::next(state.get::<G::State>()?))
    }
    fn view(&self, state: &AnyState, seat: Option<Seat>) -> Result<Value, AdapterError> {
        Ok(to_value(&G::view(state.get::<G::State>()?, seat)))
    }
    fn view_json(
        &self,
        state: &AnyState,
        seat: Option<Seat>,
    ) -> Result<Box<RawValue>, AdapterError> {
        serde_json::value::to_raw_value(&G::view(state.get::<G::State>()?, seat))
            .map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn legal_moves(&self, state: &AnyState, seat: Seat) -> Result<Vec<Value>, AdapterError> {
        Ok(G::legal_moves(state.get::<G::State>()?, seat)
            .iter()
            .map(to_value)
            .collect())
    }
    fn legal_moves_json(
        &self,
        state: &AnyState,
        seat: Seat,
    ) -> Result<Box<RawValue>, AdapterError> {
        serde_json::value::to_raw_value(&G::legal_moves(state.get::<G::State>()?, seat))
            .map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn snapshot(&self, state: &AnyState) -> Result<Vec<u8>, AdapterError> {
        serde_json::to_vec(state.get::<G::State>()?)
            .map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn restore(&self, snapshot: &[u8]) -> Result<AnyState, AdapterError> {
        let s: G::State =
            serde_json::from_slice(snapshot).map_err(|e| AdapterError::Corrupt(e.to_string()))?;
        Ok(AnyState::of(s))
    }
}
