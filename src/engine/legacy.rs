//! TEMPORARY bridge: the game contract before typed events, decisions and
//! legal-move labels, run behind the new [`super::Game`], so every game
//! keeps working while it moves onto the new contract one by one. Deleted
//! when the last game has moved (issue 12).

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;

pub use super::dice::Dice;
pub use super::error::{RuleError, RuleErrorKind};
pub use super::seat::{Seat, SeatInfo, SeatKind};
use super::text::{Describe, Lang, TextCx};

/// One thing that happened during a command (old form: the sentence is
/// written by the game).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub kind: String,
    pub rule: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

impl Event {
    pub fn new(kind: &str, rule: &str, text: impl Into<String>) -> Self {
        Event {
            kind: kind.to_string(),
            rule: rule.to_string(),
            text: text.into(),
            dice: Vec::new(),
            cards: Vec::new(),
            data: Value::Null,
        }
    }
    pub fn dice(mut self, dice: &[u8]) -> Self {
        self.dice = dice.to_vec();
        self
    }
    pub fn cards<S: ToString>(mut self, cards: &[S]) -> Self {
        self.cards = cards.iter().map(|c| c.to_string()).collect();
        self
    }
    pub fn data(mut self, data: Value) -> Self {
        self.data = data;
        self
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

/// Who acts now (old form: prompts written by the game).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Next {
    Human {
        seats: Vec<Seat>,
        prompt: String,
    },
    Bot {
        prompt: String,
    },
    Finished {
        scores: BTreeMap<String, Option<i64>>,
        winner: Option<String>,
        summary: String,
    },
}

/// The old game contract.
pub trait Game: Send + Sync + 'static {
    const ID: &'static str;
    const TITLE: &'static str;
    type Options: Serialize + DeserializeOwned + JsonSchema + Default + Clone + Send + Sync;
    type State: Serialize + DeserializeOwned + Clone + Send + Sync;
    type Move: Serialize + DeserializeOwned + JsonSchema + Clone + Send + Sync;
    fn seats(options: &Self::Options) -> Vec<SeatInfo>;
    fn start(options: &Self::Options, dice: &mut Dice) -> Result<Step<Self::State>, RuleError>;
    fn play(
        state: &Self::State,
        seat: Seat,
        mv: &Self::Move,
        dice: &mut Dice,
    ) -> Result<Step<Self::State>, RuleError>;
    fn bot_turn(state: &Self::State, dice: &mut Dice) -> Result<Step<Self::State>, RuleError>;
    fn next(state: &Self::State) -> Next;
    /// What is asked now, typed (`next.decision` on the wire).
    type Decision: Serialize + JsonSchema + Clone + Send + Sync;
    fn decision(state: &Self::State) -> Self::Decision;
    type View<'a>: Serialize + JsonSchema
    where
        Self: 'a;
    fn view(state: &Self::State, seat: Option<Seat>) -> Self::View<'_>;
    fn legal_moves(state: &Self::State, seat: Seat) -> Vec<Self::Move>;
    /// Which chance the table supplies under `options` (issue 15: table
    /// dice sent to a server-dice game are refused, not used).
    fn table_mode(options: &Self::Options) -> super::TableMode;
    /// Move fields that carry cards drawn in secret at the table.
    const SECRET_MOVE_FIELDS: &'static [&'static str] = &[];
}

/// An old game behind the new contract.
pub struct Legacy<L>(PhantomData<fn() -> L>);

/// Old options, unvalidated.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LegacyOptions<O>(pub O);

impl<O: JsonSchema> JsonSchema for LegacyOptions<O> {
    fn schema_name() -> Cow<'static, str> {
        O::schema_name()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        O::json_schema(g)
    }
}

impl<O> super::GameOptions for LegacyOptions<O> where
    O: Serialize + DeserializeOwned + JsonSchema + Default + Clone + Send + Sync + 'static
{
}

/// An old move, compared by its JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LegacyMove<M>(pub M);

impl<M: Serialize> PartialEq for LegacyMove<M> {
    fn eq(&self, other: &Self) -> bool {
        serde_json::to_value(&self.0).ok() == serde_json::to_value(&other.0).ok()
    }
}

impl<M: JsonSchema> JsonSchema for LegacyMove<M> {
    fn schema_name() -> Cow<'static, str> {
        M::schema_name()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        M::json_schema(g)
    }
}

/// An old event: its sentence travels with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LegacyEvent {
    pub kind: String,
    #[serde(default)]
    pub data: Value,
    pub legacy_text: String,
}

impl Describe for LegacyEvent {
    fn describe(&self, _: &TextCx<'_>) -> String {
        self.legacy_text.clone()
    }
}

/// An old game's decision: the game's own typed decision on the wire, its
/// sentence (written by the game) as the prompt.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LegacyDecision<D> {
    #[serde(flatten)]
    pub what: D,
    #[serde(skip)]
    pub prompt: String,
}

impl<D> Describe for LegacyDecision<D> {
    fn describe(&self, _: &TextCx<'_>) -> String {
        self.prompt.clone()
    }
}

/// An old view (untyped in the schema).
#[derive(Serialize)]
#[serde(transparent)]
pub struct LegacyView<V>(V);

impl<V: JsonSchema> JsonSchema for LegacyView<V> {
    fn schema_name() -> Cow<'static, str> {
        V::schema_name()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        V::json_schema(g)
    }
}

fn bridge_events(turn: &mut super::Turn<'_, LegacyEvent>, events: Vec<Event>) {
    for e in events {
        let rule: Cow<'static, str> = Cow::Owned(e.rule);
        // Old events hid `card`/`cards` from seats not in `data.visible_to`
        // (seat ids; only the Catan games, whose seats are `a` and `b`).
        let visible_to: Option<Vec<Seat>> =
            e.data
                .get("visible_to")
                .and_then(Value::as_array)
                .map(|ids| {
                    ids.iter()
                        .filter_map(|id| match id.as_str() {
                            Some("a") => Some(Seat(0)),
                            Some("b") => Some(Seat(1)),
                            _ => None,
                        })
                        .collect()
                });
        let full = LegacyEvent {
            kind: e.kind.clone(),
            data: e.data.clone(),
            legacy_text: e.text.clone(),
        };
        let mut ev = match visible_to {
            Some(seats) => {
                let mut public = e.data.clone();
                if let Some(o) = public.as_object_mut() {
                    o.remove("card");
                    o.remove("cards");
                    o.insert("redacted".into(), Value::Bool(true));
                }
                let mut ev = super::Event::new(
                    rule,
                    LegacyEvent {
                        kind: e.kind,
                        data: public,
                        legacy_text: e.text,
                    },
                );
                ev.secret(seats, full, e.cards);
                ev
            }
            None => {
                let mut ev = super::Event::new(rule, full);
                ev.cards = e.cards;
                ev
            }
        };
        ev.dice = e.dice;
        turn.push(ev);
    }
}

fn run<S>(
    turn: &mut super::Turn<'_, LegacyEvent>,
    f: impl FnOnce(&mut Dice) -> Result<Step<S>, RuleError>,
) -> Result<S, RuleError> {
    let mut dice = turn.chance.legacy_dice()?;
    let out = f(&mut dice);
    turn.chance.legacy_done(dice);
    let step = out?;
    bridge_events(turn, step.events);
    Ok(step.state)
}

impl<L: Game> super::Game for Legacy<L> {
    const ID: &'static str = L::ID;
    const STATE_VERSION: u32 = 0;
    type Options = LegacyOptions<L::Options>;
    type State = L::State;
    type Move = LegacyMove<L::Move>;
    type Event = LegacyEvent;
    type Decision = LegacyDecision<L::Decision>;
    type View<'a> = LegacyView<L::View<'a>>;
    const SECRET_MOVE_FIELDS: &'static [&'static str] = L::SECRET_MOVE_FIELDS;

    fn title(_: Lang) -> &'static str {
        L::TITLE
    }
    fn seats(o: &Self::Options) -> Vec<SeatInfo> {
        L::seats(&o.0)
    }
    fn table_mode(o: &Self::Options) -> super::TableMode {
        L::table_mode(&o.0)
    }
    fn start(
        o: &Self::Options,
        turn: &mut super::Turn<'_, LegacyEvent>,
    ) -> Result<L::State, RuleError> {
        run(turn, |d| L::start(&o.0, d))
    }
    fn play(
        state: &mut L::State,
        mv: &Self::Move,
        turn: &mut super::Turn<'_, LegacyEvent>,
    ) -> Result<(), RuleError> {
        let seat = turn.seat.unwrap_or_default();
        *state = run(turn, |d| L::play(state, seat, &mv.0, d))?;
        Ok(())
    }
    fn bot_turn(
        state: &mut L::State,
        turn: &mut super::Turn<'_, LegacyEvent>,
    ) -> Result<(), RuleError> {
        *state = run(turn, |d| L::bot_turn(state, d))?;
        Ok(())
    }
    fn next(state: &L::State) -> super::Next<Self::Decision> {
        let what = L::decision(state);
        match L::next(state) {
            Next::Human { seats, prompt } => super::Next::Human {
                seats,
                decision: LegacyDecision { what, prompt },
            },
            Next::Bot { prompt } => super::Next::Bot {
                decision: LegacyDecision { what, prompt },
            },
            Next::Finished {
                scores,
                winner,
                summary,
            } => super::Next::Finished {
                scores,
                winner,
                decision: LegacyDecision {
                    what,
                    prompt: summary,
                },
            },
        }
    }
    fn view(state: &L::State, seat: Option<Seat>) -> Self::View<'_> {
        LegacyView(L::view(state, seat))
    }
    fn legal_moves(state: &L::State, seat: Seat) -> Vec<super::Legal<Self::Move>> {
        L::legal_moves(state, seat)
            .into_iter()
            .map(|m| super::Legal::Move(LegacyMove(m)))
            .collect()
    }
    fn label(mv: &Self::Move, _: &[&str], _: &TextCx<'_>) -> String {
        serde_json::to_value(&mv.0)
            .ok()
            .and_then(|v| {
                v.get("type")
                    .and_then(Value::as_str)
                    .map(|t| t.replace('_', " "))
            })
            .unwrap_or_default()
    }
}

pub use super::adapter::DynGame;
/// An old game, erased for the catalogue.
pub type Erased<L> = super::adapter::Erased<Legacy<L>>;
