//! Type erasure and the rules every game shares: any [`Game`] as JSON in /
//! JSON out, so `session/` and `api/` never name a concrete game.
//!
//! Here, once for every game: the turn gate (a move from a seat `next` does
//! not name, or after the end, never reaches game code), table input (the
//! [`Chance`] checks kinds, counts and leftovers), the undo rule (a command
//! that drew server chance, revealed something hidden or ended the game
//! cannot be taken back), option limits, and the wire form of views, decisions, legal moves
//! and events, each rendered in the request's language and redacted for
//! the reading seat.

use schemars::{JsonSchema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::any::Any;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;

use super::chance::{Chance, ChanceRecord, TableItem, TableMode};
use super::event::{redact_legacy_events, Event, WireEvent};
use super::game::{Game, GameOptions, Next, SessionCase, Turn};
use super::json::{Json, SizeHint};
use super::legal::{covers, Legal, WireLegal};
use super::seat::{Seat, SeatInfo};
use super::text::{Describe, Lang, TextCx};
use super::{Detail, RuleError, RuleErrorKind, SessionRefusal};

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

/// The typed events of one command of some game.
#[derive(Clone)]
pub struct AnyEvents(Arc<dyn Any + Send + Sync>);

impl std::fmt::Debug for AnyEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AnyEvents")
    }
}

impl AnyEvents {
    /// Events the session layer itself produced (undo, resign).
    pub fn session(events: Vec<Event<SessionEvent>>) -> Self {
        AnyEvents(Arc::new(events))
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

/// The result of an erased command.
pub struct DynStep {
    pub state: AnyState,
    pub events: AnyEvents,
    /// The chance the command drew (stream position, table items).
    pub chance: ChanceRecord,
    /// Whether the seat may take this command back: a human move that drew
    /// no server chance, revealed nothing hidden and did not end the game
    /// (SESSION-UNDO-3: the end shows every hand and the seed).
    pub undoable: bool,
}

/// Final scores by seat id (None where the score stays at the table) and
/// the winner's seat id.
pub type Outcome = (BTreeMap<String, Option<i64>>, Option<String>);

/// Who acts now, without the game's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextKind {
    Human(Vec<Seat>),
    Bot,
    Finished,
}

/// Events the session layer records itself, for every game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum SessionEvent {
    /// A seat took back its last move (command `undoes`).
    MoveUndone { undoes: u64 },
    /// A seat resigned; the game ended there.
    Resigned { seat: Seat },
}

impl Describe for SessionEvent {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match self {
            SessionEvent::MoveUndone { undoes } => cx.pick(
                format!("Move {undoes} was taken back; the table is as it was before it."),
                format!("Zug {undoes} wurde zurückgenommen; der Tisch ist wie vor diesem Zug."),
            ),
            SessionEvent::Resigned { seat } => cx.pick(
                format!("{} resigned; the game ends here.", cx.seat_name(*seat)),
                format!(
                    "{} hat aufgegeben; das Spiel endet hier.",
                    cx.seat_name(*seat)
                ),
            ),
        }
    }
}

/// JSON Schemas of one game's wire parts, as references into the
/// generator's definitions.
pub struct GameSchemas {
    pub options: Value,
    pub view: Value,
    pub mv: Value,
    /// A list of events (the game's and the session layer's).
    pub events: Value,
    /// `next` with the game's decisions.
    pub next: Value,
    /// A list of legal moves.
    pub legal_moves: Value,
}

/// A game event or an event of the session layer (undo), as listed in a
/// command's events.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(bound = "E: JsonSchema", rename = "Any{E}")]
pub enum AnyWireEvent<E: 'static> {
    Game(WireEvent<'static, E>),
    Session(WireEvent<'static, SessionEvent>),
}

/// The largest option string and list, and the largest options object
/// (a session's options are echoed in every answer).
pub const MAX_OPTION_STRING: usize = 100;
pub const MAX_OPTION_LIST: usize = 256;
pub const MAX_OPTIONS_BYTES: usize = 16 * 1024;

/// The words of a legal template's free fields, as game `G` names them.
struct Words<'a, G: Game> {
    state: &'a G::State,
    mv: &'a G::Move,
    cx: &'a TextCx<'a>,
}

impl<G: Game> super::ParamWords for Words<'_, G> {
    fn question(&self, field: &str) -> Option<String> {
        G::param_label(self.state, self.mv, field, self.cx)
    }
    fn value(&self, field: &str, value: &Value) -> String {
        G::value_label(self.state, self.mv, field, value, self.cx)
    }
}

/// A game behind a vtable.
pub trait DynGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn title(&self, lang: Lang) -> &'static str;
    fn default_options(&self) -> Value;
    /// Parses, validates and normalises options (defaults filled in).
    fn options(&self, options: &Value) -> Result<Value, AdapterError>;
    /// The options of an exported session (of any age) for an import:
    /// replaced fields folded into today's, then validated.
    fn imported_options(&self, options: &Value) -> Result<Value, AdapterError>;
    /// Stored options (of any age) as today's documents show them.
    fn options_doc(&self, stored: &Value) -> Result<Value, AdapterError>;
    fn seats(&self, options: &Value) -> Result<Vec<SeatInfo>, AdapterError>;
    fn table_mode(&self, options: &Value) -> Result<TableMode, AdapterError>;
    /// The options with the setup's table input folded in ([`Game::setup_table`]);
    /// the options as given when `table` is empty.
    fn setup_table(&self, options: &Value, table: &[TableItem]) -> Result<Value, AdapterError>;
    fn start(&self, options: &Value, chance: Chance) -> Result<DynStep, AdapterError>;
    /// A human move; refused before game code when `next` does not name `seat`.
    fn play(
        &self,
        state: &AnyState,
        seat: Seat,
        mv: &Value,
        chance: Chance,
    ) -> Result<DynStep, AdapterError>;
    /// The bot's turn; refused when it is not due.
    fn bot_turn(&self, state: &AnyState, chance: Chance) -> Result<DynStep, AdapterError>;
    fn next(&self, state: &AnyState) -> Result<NextKind, AdapterError>;
    /// `next` on the wire: who, the decision, and its sentence.
    fn next_json(&self, state: &AnyState, cx: &TextCx<'_>) -> Result<Json, AdapterError>;
    /// Scores and winner once finished (for summaries and tests).
    fn scores(&self, state: &AnyState) -> Result<Option<Outcome>, AdapterError>;
    /// The view of `seat`, serialized once straight from the game's view type.
    fn view_json(&self, state: &AnyState, seat: Option<Seat>) -> Result<Json, AdapterError>;
    /// The view as a JSON tree (tests, tools).
    fn view(&self, state: &AnyState, seat: Option<Seat>) -> Result<Value, AdapterError> {
        let raw = self.view_json(state, seat)?;
        serde_json::from_str(raw.get()).map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    /// The legal moves of `seat` with their labels.
    fn legal_json(
        &self,
        state: &AnyState,
        seat: Seat,
        cx: &TextCx<'_>,
    ) -> Result<Json, AdapterError>;
    /// Concrete legal moves of `seat`: listed moves as they are, each
    /// template once with values picked by `pick(n) -> 0..n` (test drivers,
    /// the load generator).
    fn sample_moves(
        &self,
        state: &AnyState,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Vec<Value>, AdapterError>;
    /// Refuses a new move that carries a field its type does not declare
    /// (Malformed, naming the field). Serde cannot: an internally tagged
    /// enum's field-less variants ignore every extra field, which would
    /// then go into the log for the other seat to read. Checked on moves
    /// as they arrive, never on replays of logs stored before the check.
    fn check_move_fields(&self, mv: &Value) -> Result<(), AdapterError>;
    /// Whether the legal moves of `seat` cover `mv` (tests).
    fn covers(&self, state: &AnyState, seat: Seat, mv: &Value) -> Result<bool, AdapterError>;
    /// A command's events as `viewer` reads them.
    fn events_json(
        &self,
        events: &AnyEvents,
        cx: &TextCx<'_>,
        viewer: Option<Seat>,
    ) -> Result<Json, AdapterError>;
    /// A command's events in their stored form (typed data, no sentences).
    fn events_stored(&self, events: &AnyEvents) -> Result<String, AdapterError>;
    /// Stored events read back, rendered for `viewer`. Logs written before
    /// typed events are shown as stored, redacted the old way.
    fn stored_events_json(
        &self,
        stored: &str,
        cx: &TextCx<'_>,
        viewer: Option<Seat>,
    ) -> Result<Json, AdapterError>;
    /// Canonical snapshot bytes (compact JSON).
    fn snapshot(&self, state: &AnyState) -> Result<Vec<u8>, AdapterError>;
    fn restore(&self, snapshot: &[u8]) -> Result<AnyState, AdapterError>;
    /// The state format of [`DynGame::snapshot`] ([`Game::STATE_VERSION`]).
    fn state_version(&self) -> u32;
    /// The languages the game's texts are written in ([`Game::LANGUAGES`]).
    fn languages(&self) -> &'static [super::Lang];
    /// The languages the game's refusals read in ([`Game::REFUSALS`]).
    fn refusal_languages(&self) -> &'static [super::Lang];
    /// The schemas of the game's wire parts, added to `gen`.
    fn schemas(&self, gen: &mut SchemaGenerator) -> GameSchemas;
    /// The JSON Schema of the options, standalone (`GET /v1/games`).
    fn options_schema(&self) -> Value;
    /// The options schema with each top-level property's title in `lang`
    /// and, in German, its German description ([`Game::OPTION_TEXTS`]).
    fn options_schema_in(&self, lang: Lang) -> Value;
    /// The titles and German descriptions of the options
    /// ([`Game::OPTION_TEXTS`]).
    fn option_texts(&self) -> &'static [super::OptionText];
    /// The JSON Schema of a move, standalone.
    fn move_schema(&self) -> Value;
    /// Options for a whole game in physical-table mode (tests).
    fn physical_table_options(&self) -> Option<Value>;
    /// Move fields only the moving seat may read in the log
    /// ([`Game::SECRET_MOVE_FIELDS`]).
    fn secret_move_fields(&self) -> &'static [&'static str];
    /// The game's text catalogue ([`Game::catalogue`]), once it has one.
    fn catalogue(&self) -> Option<&'static super::Catalogue>;
    /// The files of the game's rulebook ([`Game::RULEBOOK`]).
    fn rulebook_files(&self) -> &'static [&'static str];
}

/// Wraps a [`Game`] as a [`DynGame`].
pub struct Erased<G> {
    game: PhantomData<fn() -> G>,
    /// The last view's length, to size the next one's buffer.
    view_size: SizeHint,
    /// The last legal moves' length, likewise.
    legal_size: SizeHint,
    /// Each move type's declared fields, from the move's JSON Schema.
    move_fields: std::sync::OnceLock<MoveFields>,
}

/// Move `type` → the fields that type declares (`type` among them).
type MoveFields = std::collections::HashMap<String, std::collections::BTreeSet<String>>;

/// The declared fields of every move type in `schema`: each object schema
/// whose `type` property is one constant (how schemars writes a variant of
/// an internally tagged enum), wherever it sits (`oneOf`, `anyOf`, `$defs`).
fn move_fields(schema: &Value) -> MoveFields {
    fn walk(v: &Value, out: &mut MoveFields) {
        match v {
            Value::Object(o) => {
                if let Some(props) = o.get("properties").and_then(Value::as_object) {
                    let tag = props.get("type").and_then(|t| {
                        t.get("const").and_then(Value::as_str).or_else(|| {
                            match t.get("enum").and_then(Value::as_array).map(Vec::as_slice) {
                                Some([one]) => one.as_str(),
                                _ => None,
                            }
                        })
                    });
                    if let Some(tag) = tag {
                        out.entry(tag.to_string())
                            .or_default()
                            .extend(props.keys().cloned());
                    }
                }
                o.values().for_each(|x| walk(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = MoveFields::new();
    walk(schema, &mut out);
    out
}

/// The first field of `mv` its type does not declare, with the type. A
/// type the schema does not list is left to serde's own error.
fn unknown_move_field<'a>(fields: &MoveFields, mv: &'a Value) -> Option<(&'a str, &'a str)> {
    let o = mv.as_object()?;
    let t = o.get("type")?.as_str()?;
    let known = fields.get(t)?;
    o.keys()
        .find(|k| !known.contains(k.as_str()))
        .map(|k| (t, k.as_str()))
}

/// A move type's fields besides `type`, for an error message.
fn declared(fields: &std::collections::BTreeSet<String>) -> String {
    let names: Vec<String> = fields
        .iter()
        .filter(|f| *f != "type")
        .map(|f| format!("`{f}`"))
        .collect();
    if names.is_empty() {
        "no fields".into()
    } else {
        format!("the fields {}", names.join(", "))
    }
}

impl<G: Game> Erased<G> {
    pub fn new() -> Self {
        Erased {
            game: PhantomData,
            view_size: SizeHint::new(),
            legal_size: SizeHint::new(),
            move_fields: std::sync::OnceLock::new(),
        }
    }
    /// Boxed for the catalogue.
    pub fn arc() -> Arc<dyn DynGame> {
        Arc::new(Self::new())
    }
    fn parse_options(options: &Value) -> Result<G::Options, AdapterError> {
        if options.is_null() {
            return Ok(G::Options::default());
        }
        check_option_sizes(options, "")?;
        G::Options::deserialize(options)
            .map_err(|e| AdapterError::Malformed(format!("options: {e}")))
    }
    fn events(events: &AnyEvents) -> Result<&[Event<G::Event>], AdapterError> {
        events
            .0
            .downcast_ref::<Vec<Event<G::Event>>>()
            .map(Vec::as_slice)
            .ok_or(AdapterError::WrongGame)
    }
    fn finish(
        state: G::State,
        (events, revealed): (Vec<Event<G::Event>>, bool),
        chance: Chance,
        human_move: bool,
    ) -> Result<DynStep, AdapterError> {
        let case = if chance.only_dice_left() {
            SessionCase::DiceUnused
        } else {
            SessionCase::CardsUnused
        };
        let chance = chance
            .finish()
            .map_err(|e| own_rule(e, G::own_rule(&state, case)))?;
        // SESSION-UNDO-3: the end reveals every hand, the export and the
        // seed, so the command that ends the game stays, in every game.
        let ends = matches!(G::next(&state), Next::Finished { .. });
        let undoable = human_move
            && !ends
            && !chance.server_used
            && !revealed
            && !chance.has_secret()
            && events.iter().all(|e| e.secret.is_none());
        Ok(DynStep {
            state: AnyState::of(state),
            events: AnyEvents(Arc::new(events)),
            chance,
            undoable,
        })
    }
    fn gate(state: &G::State, seat: Option<Seat>) -> Result<(), RuleError> {
        let refuse = |case: SessionCase, why: SessionRefusal| {
            Err(own_rule(
                RuleError::out_of_turn("SESSION-TURN-1", why),
                G::own_rule(state, case),
            ))
        };
        match (G::next(state), seat) {
            (Next::Finished { .. }, _) => Err(RuleError::new(
                "SESSION-TURN-2",
                SessionRefusal::GameOver,
                RuleErrorKind::GameOver,
            )),
            (Next::Human { seats, .. }, Some(s)) if seats.contains(&s) => Ok(()),
            (Next::Human { .. }, Some(_)) => {
                refuse(SessionCase::NotYourTurn, SessionRefusal::NotYourTurn)
            }
            (Next::Human { .. }, None) => {
                refuse(SessionCase::NotTheBotsTurn, SessionRefusal::NotTheBotsTurn)
            }
            (Next::Bot { .. }, None) => Ok(()),
            (Next::Bot { .. }, Some(_)) => refuse(SessionCase::BotsTurn, SessionRefusal::BotsTurn),
        }
    }
}

/// A session refusal under the game's own rule where it has one: the refusal names that rule,
/// and its text ends with the session rule's id.
fn own_rule(e: RuleError, game_rule: Option<&'static str>) -> RuleError {
    match game_rule {
        Some(rule) => RuleError {
            rule: rule.to_string(),
            detail: UnderSessionRule {
                detail: e.detail,
                session_rule: e.rule,
            }
            .into(),
            kind: e.kind,
        },
        None => e,
    }
}

/// A session refusal's text with its session rule after it ("… (SESSION-TURN-1).").
#[derive(Debug)]
struct UnderSessionRule {
    detail: Detail,
    session_rule: String,
}

impl Describe for UnderSessionRule {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        let text = self.detail.render(cx);
        let text = text.strip_suffix('.').unwrap_or(&text);
        format!("{text} ({}).", self.session_rule)
    }
}

/// Caps on option strings, lists and size: options are stored with the
/// session and echoed in every answer.
fn check_option_sizes(v: &Value, path: &str) -> Result<(), AdapterError> {
    let bad = |detail: String| {
        AdapterError::Rule(RuleError::bad_option(
            "SESSION-OPT-1",
            if path.is_empty() { "options" } else { path },
            detail,
        ))
    };
    if path.is_empty() && v.to_string().len() > MAX_OPTIONS_BYTES {
        return Err(bad(format!(
            "the options are larger than {MAX_OPTIONS_BYTES} bytes"
        )));
    }
    match v {
        Value::String(s) if s.chars().count() > MAX_OPTION_STRING => Err(bad(format!(
            "a text of at most {MAX_OPTION_STRING} characters is allowed here"
        ))),
        Value::Array(a) if a.len() > MAX_OPTION_LIST => Err(bad(format!(
            "a list of at most {MAX_OPTION_LIST} items is allowed here"
        ))),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .try_for_each(|(i, x)| check_option_sizes(x, &join_path(path, &i.to_string()))),
        Value::Object(o) => {
            if o.len() > MAX_OPTION_LIST {
                return Err(bad(format!(
                    "an object of at most {MAX_OPTION_LIST} entries is allowed here"
                )));
            }
            o.iter().try_for_each(|(k, x)| {
                if k.chars().count() > MAX_OPTION_STRING {
                    return Err(bad(format!(
                        "a key of at most {MAX_OPTION_STRING} characters is allowed here"
                    )));
                }
                check_option_sizes(x, &join_path(path, k))
            })
        }
        _ => Ok(()),
    }
}

fn join_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl<G: Game> Default for Erased<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn raw<T: Serialize>(t: &T) -> Result<Json, AdapterError> {
    Json::of(t).map_err(|e| AdapterError::Corrupt(e.to_string()))
}

fn raw_sized<T: Serialize>(t: &T, hint: &SizeHint) -> Result<Json, AdapterError> {
    Json::of_sized(t, hint).map_err(|e| AdapterError::Corrupt(e.to_string()))
}

/// `next` on the wire.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schemars(bound = "D: JsonSchema", rename = "Next{D}")]
pub enum WireNext<'a, D> {
    /// A human seat decides.
    Human {
        /// Seat indices that may answer.
        seats: &'a [Seat],
        /// Their seat ids.
        seat_ids: Vec<String>,
        /// What is being decided, in the game's terms.
        decision: &'a D,
        /// The decision as a sentence, in the answer's language.
        prompt: String,
    },
    /// The bot's turn is due (`POST …/bot-turn`).
    Bot { decision: &'a D, prompt: String },
    /// A seat resigned: the game ended there, unscored.
    Resigned {
        /// The seat id that resigned.
        seat_id: String,
        /// The other seat's id, when the game was between exactly two people.
        winner: Option<String>,
        summary: String,
    },
    /// The game is over.
    Finished {
        /// Final scores by seat id; null where the score stays at the table.
        scores: &'a BTreeMap<String, Option<i64>>,
        /// The winner's seat id, when the rules name one.
        winner: &'a Option<String>,
        decision: &'a D,
        /// How the game ended, as a sentence.
        summary: String,
    },
}

impl WireNext<'static, ()> {
    /// `next` of a session a seat resigned.
    pub fn resigned(seat: Seat, cx: &TextCx<'_>) -> Self {
        let id = |s: Seat| {
            cx.seats
                .get(s.index())
                .map(|i| i.id.clone())
                .unwrap_or_default()
        };
        let humans: Vec<usize> = cx
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == super::SeatKind::Human)
            .map(|(i, _)| i)
            .collect();
        let winner =
            (cx.seats.len() == 2 && humans.len() == 2).then(|| id(Seat(1 - seat.0.min(1))));
        WireNext::Resigned {
            seat_id: id(seat),
            winner,
            summary: SessionEvent::Resigned { seat }.describe(cx),
        }
    }
}

impl<'a, D: Describe> WireNext<'a, D> {
    pub fn of(next: &'a Next<D>, cx: &TextCx<'_>) -> Self {
        match next {
            Next::Human { seats, decision } => WireNext::Human {
                seats,
                seat_ids: seats
                    .iter()
                    .filter_map(|s| cx.seats.get(s.index()))
                    .map(|i| i.id.clone())
                    .collect(),
                decision,
                prompt: decision.describe(cx),
            },
            Next::Bot { decision } => WireNext::Bot {
                decision,
                prompt: decision.describe(cx),
            },
            Next::Finished {
                scores,
                winner,
                decision,
            } => WireNext::Finished {
                scores,
                winner,
                decision,
                summary: decision.describe(cx),
            },
        }
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn title(&self, lang: Lang) -> &'static str {
        G::title(lang)
    }
    fn default_options(&self) -> Value {
        serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
    }
    fn options(&self, options: &Value) -> Result<Value, AdapterError> {
        let o = Self::parse_options(options)?;
        o.refuse_replaced()?;
        o.validate()?;
        serde_json::to_value(&o).map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn imported_options(&self, options: &Value) -> Result<Value, AdapterError> {
        let o = Self::parse_options(options)?.normalized();
        o.validate()?;
        serde_json::to_value(&o).map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn options_doc(&self, stored: &Value) -> Result<Value, AdapterError> {
        let o = Self::parse_options(stored)?.normalized();
        serde_json::to_value(&o).map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn seats(&self, options: &Value) -> Result<Vec<SeatInfo>, AdapterError> {
        Ok(G::seats(&Self::parse_options(options)?))
    }
    fn table_mode(&self, options: &Value) -> Result<TableMode, AdapterError> {
        Ok(G::table_mode(&Self::parse_options(options)?))
    }
    fn setup_table(&self, options: &Value, table: &[TableItem]) -> Result<Value, AdapterError> {
        if table.is_empty() {
            return Ok(options.clone());
        }
        let o = G::setup_table(Self::parse_options(options)?, table)?;
        serde_json::to_value(&o).map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn start(&self, options: &Value, mut chance: Chance) -> Result<DynStep, AdapterError> {
        let o = Self::parse_options(options)?;
        let mut turn = Turn::new(None, &mut chance);
        let state = G::start(&o, &mut turn)?;
        let done = turn.finish();
        Self::finish(state, done, chance, false)
    }
    fn play(
        &self,
        state: &AnyState,
        seat: Seat,
        mv: &Value,
        mut chance: Chance,
    ) -> Result<DynStep, AdapterError> {
        let s = state.get::<G::State>()?;
        Self::gate(s, Some(seat))?;
        let mv =
            G::Move::deserialize(mv).map_err(|e| AdapterError::Malformed(format!("move: {e}")))?;
        let mut next = s.clone();
        let mut turn = Turn::new(Some(seat), &mut chance);
        G::play(&mut next, &mv, &mut turn)?;
        let done = turn.finish();
        Self::finish(next, done, chance, true)
    }
    fn bot_turn(&self, state: &AnyState, mut chance: Chance) -> Result<DynStep, AdapterError> {
        let s = state.get::<G::State>()?;
        Self::gate(s, None)?;
        let mut next = s.clone();
        let mut turn = Turn::new(None, &mut chance);
        G::bot_turn(&mut next, &mut turn)?;
        let done = turn.finish();
        Self::finish(next, done, chance, false)
    }
    fn next(&self, state: &AnyState) -> Result<NextKind, AdapterError> {
        Ok(match G::next(state.get::<G::State>()?) {
            Next::Human { seats, .. } => NextKind::Human(seats),
            Next::Bot { .. } => NextKind::Bot,
            Next::Finished { .. } => NextKind::Finished,
        })
    }
    fn next_json(&self, state: &AnyState, cx: &TextCx<'_>) -> Result<Json, AdapterError> {
        let next = G::next(state.get::<G::State>()?);
        raw(&WireNext::of(&next, cx))
    }
    fn scores(&self, state: &AnyState) -> Result<Option<Outcome>, AdapterError> {
        Ok(match G::next(state.get::<G::State>()?) {
            Next::Finished { scores, winner, .. } => Some((scores, winner)),
            _ => None,
        })
    }
    fn view_json(&self, state: &AnyState, seat: Option<Seat>) -> Result<Json, AdapterError> {
        raw_sized(&G::view(state.get::<G::State>()?, seat), &self.view_size)
    }
    fn legal_json(
        &self,
        state: &AnyState,
        seat: Seat,
        cx: &TextCx<'_>,
    ) -> Result<Json, AdapterError> {
        let st = state.get::<G::State>()?;
        let legal = G::legal_moves(st, seat);
        let wire: Vec<WireLegal<'_, G::Move>> = legal
            .iter()
            .map(|l| {
                let words = Words::<G> {
                    state: st,
                    mv: l.base(),
                    cx,
                };
                l.wire_with(
                    G::label_in(st, l.base(), &l.free_fields(), cx),
                    Some(&words),
                )
            })
            .collect();
        raw_sized(&wire, &self.legal_size)
    }
    fn sample_moves(
        &self,
        state: &AnyState,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Vec<Value>, AdapterError> {
        let legal = G::legal_moves(state.get::<G::State>()?, seat);
        let mut out = Vec::with_capacity(legal.len());
        for l in &legal {
            let mut v =
                serde_json::to_value(l.base()).map_err(|e| AdapterError::Corrupt(e.to_string()))?;
            if let (Legal::Template { params, .. }, Some(o)) = (l, v.as_object_mut()) {
                let refs: Vec<(&str, &super::Domain)> =
                    params.iter().map(|p| (p.field, &p.domain)).collect();
                o.extend(super::legal::fill_params(&refs, pick));
            }
            out.push(v);
        }
        Ok(out)
    }
    fn check_move_fields(&self, mv: &Value) -> Result<(), AdapterError> {
        let fields = self
            .move_fields
            .get_or_init(|| move_fields(&schemars::schema_for!(G::Move).to_value()));
        unknown_move_field(fields, mv).map_or(Ok(()), |(t, k)| {
            Err(AdapterError::Malformed(format!(
                "move: unknown field `{k}` in a `{t}` move (it has {})",
                declared(&fields[t])
            )))
        })
    }
    fn covers(&self, state: &AnyState, seat: Seat, mv: &Value) -> Result<bool, AdapterError> {
        let mv = G::Move::deserialize(mv).map_err(|e| AdapterError::Malformed(e.to_string()))?;
        Ok(covers(&G::legal_moves(state.get::<G::State>()?, seat), &mv))
    }
    fn events_json(
        &self,
        events: &AnyEvents,
        cx: &TextCx<'_>,
        viewer: Option<Seat>,
    ) -> Result<Json, AdapterError> {
        if let Some(ev) = events.0.downcast_ref::<Vec<Event<SessionEvent>>>() {
            let wire: Vec<WireEvent<'_, SessionEvent>> =
                ev.iter().map(|e| e.wire(cx, viewer)).collect();
            return raw(&wire);
        }
        let wire: Vec<WireEvent<'_, G::Event>> = Self::events(events)?
            .iter()
            .map(|e| e.wire(cx, viewer))
            .collect();
        raw(&wire)
    }
    fn events_stored(&self, events: &AnyEvents) -> Result<String, AdapterError> {
        // Our writer: serde_json's bytes (checked in debug builds), faster.
        let text = match events.0.downcast_ref::<Vec<Event<SessionEvent>>>() {
            Some(ev) => Json::of(ev),
            None => Json::of(Self::events(events)?),
        };
        text.map(Json::into_string)
            .map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn stored_events_json(
        &self,
        stored: &str,
        cx: &TextCx<'_>,
        viewer: Option<Seat>,
    ) -> Result<Json, AdapterError> {
        if let Ok(ev) = serde_json::from_str::<Vec<Event<G::Event>>>(stored) {
            return self.events_json(&AnyEvents(Arc::new(ev)), cx, viewer);
        }
        if let Ok(ev) = serde_json::from_str::<Vec<Event<SessionEvent>>>(stored) {
            return self.events_json(&AnyEvents::session(ev), cx, viewer);
        }
        // Written before typed events: show as stored, redacted the old way.
        let mut v: Value =
            serde_json::from_str(stored).map_err(|e| AdapterError::Corrupt(e.to_string()))?;
        let viewer_id = viewer
            .and_then(|s| cx.seats.get(s.index()))
            .map(|i| i.id.as_str());
        redact_legacy_events(&mut v, viewer_id);
        // Written by the legacy bridge (typed envelope, untyped kind): a
        // secret part shows only to the seats it names.
        if let Some(list) = v.as_array_mut() {
            for e in list.iter_mut().filter_map(Value::as_object_mut) {
                let shown = e
                    .get("secret")
                    .and_then(|s| s.get("visible_to"))
                    .and_then(Value::as_array)
                    .is_some_and(|seats| {
                        viewer.is_some_and(|me| {
                            seats.iter().any(|x| x.as_u64() == Some(u64::from(me.0)))
                        })
                    });
                if !shown {
                    e.remove("secret");
                }
            }
        }
        raw(&v)
    }
    fn snapshot(&self, state: &AnyState) -> Result<Vec<u8>, AdapterError> {
        Json::of(state.get::<G::State>()?)
            .map(|j| j.into_string().into_bytes())
            .map_err(|e| AdapterError::Corrupt(e.to_string()))
    }
    fn restore(&self, snapshot: &[u8]) -> Result<AnyState, AdapterError> {
        let s: G::State =
            serde_json::from_slice(snapshot).map_err(|e| AdapterError::Corrupt(e.to_string()))?;
        Ok(AnyState::of(s))
    }
    fn state_version(&self) -> u32 {
        G::STATE_VERSION
    }
    fn languages(&self) -> &'static [super::Lang] {
        G::LANGUAGES
    }
    fn refusal_languages(&self) -> &'static [super::Lang] {
        G::REFUSALS
    }
    fn options_schema(&self) -> Value {
        schemars::schema_for!(G::Options).to_value()
    }
    fn options_schema_in(&self, lang: Lang) -> Value {
        super::option_text::localize_options_schema(self.options_schema(), G::OPTION_TEXTS, lang)
    }
    fn option_texts(&self) -> &'static [super::OptionText] {
        G::OPTION_TEXTS
    }
    fn move_schema(&self) -> Value {
        schemars::schema_for!(G::Move).to_value()
    }
    fn physical_table_options(&self) -> Option<Value> {
        G::physical_table_options().and_then(|o| serde_json::to_value(o).ok())
    }
    fn secret_move_fields(&self) -> &'static [&'static str] {
        G::SECRET_MOVE_FIELDS
    }
    fn catalogue(&self) -> Option<&'static super::Catalogue> {
        G::catalogue()
    }
    fn rulebook_files(&self) -> &'static [&'static str] {
        G::RULEBOOK
    }
    fn schemas(&self, gen: &mut SchemaGenerator) -> GameSchemas {
        GameSchemas {
            options: gen.subschema_for::<G::Options>().to_value(),
            view: gen.subschema_for::<G::View<'static>>().to_value(),
            mv: gen.subschema_for::<G::Move>().to_value(),
            events: gen
                .subschema_for::<Vec<AnyWireEvent<G::Event>>>()
                .to_value(),
            next: gen
                .subschema_for::<WireNext<'static, G::Decision>>()
                .to_value(),
            legal_moves: gen
                .subschema_for::<Vec<WireLegal<'static, G::Move>>>()
                .to_value(),
        }
    }
}

/// Table input as it travels in a request.
pub type TableInput = Vec<TableItem>;
