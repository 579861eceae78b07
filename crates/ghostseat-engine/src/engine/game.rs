//! The `Game` trait: one implementation per variant under `src/games/`.
//!
//! A game declares its types (options, state, moves, events, decisions,
//! view) and its rules; the engine layer owns what every game shares, once:
//! the turn gate, chance and table input, the redaction of hidden events,
//! the undo rule, and the wire form of all of it ([`super::adapter`]).

use schemars::JsonSchema;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

use super::chance::{Chance, TableMode};
use super::event::{Emit, Event};
use super::legal::Legal;
use super::seat::{Seat, SeatInfo};
use super::text::{Describe, Lang, TextCx};
use super::RuleError;

/// Who acts now, and what is being decided. `D` is the game's decision
/// enum: what is asked, of whom, in the game's terms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Next<D> {
    /// One of `seats` must send a move (several when a decision is open to
    /// more than one player, e.g. discards on a 7).
    Human { seats: Vec<Seat>, decision: D },
    /// `POST /bot-turn` is due.
    Bot { decision: D },
    /// The game is over. `scores` by seat id (None where the score stays at
    /// the table); `winner` by seat id when the rules name one.
    Finished {
        scores: BTreeMap<String, Option<i64>>,
        winner: Option<String>,
        decision: D,
    },
}

impl<D> Next<D> {
    pub fn decision(&self) -> &D {
        match self {
            Next::Human { decision, .. }
            | Next::Bot { decision }
            | Next::Finished { decision, .. } => decision,
        }
    }
    pub fn is_finished(&self) -> bool {
        matches!(self, Next::Finished { .. })
    }
}

/// The options of a game: a strict JSON object with defaults
/// (`#[serde(deny_unknown_fields, default)]`), documented field by field
/// (the doc comments become the descriptions in `GET /v1/games`).
pub trait GameOptions:
    Serialize + DeserializeOwned + JsonSchema + Default + Clone + Send + Sync + 'static
{
    /// Checks values and combinations the schema cannot express. A refusal
    /// names the option ([`RuleError::bad_option`]); nothing is created.
    fn validate(&self) -> Result<(), RuleError> {
        Ok(())
    }
    /// The options of an old session in today's fields (fields that were
    /// replaced are folded into their successors), as documents show them.
    fn normalized(self) -> Self {
        self
    }
    /// Refuses, in a new session, a field that was replaced (old sessions
    /// still load and replay with it, so [`GameOptions::validate`], which
    /// set-up may call again, accepts it).
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        Ok(())
    }
}

/// The context of one command: the seat acting (None for the bot and for
/// setup), the chance source, and the events so far. The state is passed
/// beside it as `&mut State` (a copy the engine drops if the command is
/// refused), so game code can hold a borrow of the state while emitting.
pub struct Turn<'c, E> {
    pub seat: Option<Seat>,
    pub chance: &'c mut Chance,
    events: Vec<Event<E>>,
    revealed: bool,
}

impl<'c, E> Turn<'c, E> {
    pub fn new(seat: Option<Seat>, chance: &'c mut Chance) -> Self {
        Turn {
            seat,
            chance,
            events: Vec::new(),
            revealed: false,
        }
    }

    /// Records an event; the returned reference adds dice, cards or a
    /// secret part. (The same as [`Emit::emit`], callable without the trait in scope.)
    pub fn emit(&mut self, rule: &'static str, what: E) -> &mut Event<E> {
        self.events.emit(rule, what)
    }

    /// Records an event built elsewhere.
    pub fn push(&mut self, event: Event<E>) {
        self.events.push(event);
    }

    /// The command showed a seat something hidden (a card drawn from a
    /// shuffled deck, a peek): it cannot be taken back.
    pub fn reveal(&mut self) {
        self.revealed = true;
    }

    /// The events so far.
    pub fn events(&self) -> &[Event<E>] {
        &self.events
    }

    /// Takes the events and whether something hidden was revealed.
    pub fn finish(self) -> (Vec<Event<E>>, bool) {
        (self.events, self.revealed)
    }
}

impl<E> Emit<E> for Turn<'_, E> {
    fn emit(&mut self, rule: impl Into<Cow<'static, str>>, what: E) -> &mut Event<E> {
        self.events.emit(rule, what)
    }
}

/// A variant: pure and deterministic. No I/O, no clock, no global state; all
/// chance goes through the turn's [`Chance`].
///
/// States must serialize deterministically (use `BTreeMap`/`Vec`, never
/// `HashMap`): the snapshot bytes are compared on verify.
pub trait Game: Sized + Send + Sync + 'static {
    /// The game id of the API (`arler-erde`).
    const ID: &'static str;
    /// The format of `State` as snapshots store it. Bump it whenever the
    /// state's JSON changes: a stored session with another format is rebuilt
    /// from its log when it loads, so old sessions keep loading.
    const STATE_VERSION: u32;
    /// Setup choices.
    type Options: GameOptions;
    /// Everything the rules read or write.
    type State: Serialize + DeserializeOwned + Clone + Send + Sync;
    /// A human move: a tagged enum `{"type": "...", ...}` with
    /// `#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]`.
    type Move: Serialize + DeserializeOwned + JsonSchema + Clone + PartialEq + Send + Sync;
    /// What happens: `#[serde(tag = "kind", content = "data", rename_all = "snake_case")]`.
    type Event: Serialize
        + DeserializeOwned
        + JsonSchema
        + Clone
        + PartialEq
        + Describe
        + Send
        + Sync;
    /// What is being decided now, of whom (`next.decision`); its sentence is
    /// the prompt. `#[serde(tag = "type", rename_all = "snake_case")]`.
    type Decision: Serialize + JsonSchema + Clone + Describe + Send + Sync;
    /// What a seat sees: a plain `Serialize` type (usually borrowing from
    /// the state), written straight to JSON.
    type View<'a>: Serialize + JsonSchema
    where
        Self: 'a;

    /// The languages its event sentences, prompts and move labels are
    /// written in. A request for another gets English.
    const LANGUAGES: &'static [Lang] = &[Lang::En];
    /// The languages its refusals read in: a game whose refusals are
    /// messages ([`super::Detail`]) lists German here, and from
    /// then on the legal-move property test refuses a refusal written as one
    /// English string. (Transitional: goes once every game's refusals are
    /// messages.)
    const REFUSALS: &'static [Lang] = &[Lang::En];
    /// The title (English, German) and German description of each
    /// top-level property of [`Game::Options`]: `GET /v1/games`
    /// sends the options schema in the request's language.
    const OPTION_TEXTS: &'static [super::OptionText] = &[];
    /// The game's rulebook: its `rulebook.toml` (`include_str!`), after the files of the base
    /// game it builds on; the session rules are added to every game's. `GET
    /// /v1/games/{id}/rules` serves it, and a test parses every one.
    const RULEBOOK: &'static [&'static str];
    /// The game's Fluent catalogue (`text/<lang>.ftl` beside its code): the names and the
    /// sentences that moved out of Rust. `GET /v1/games/{id}/text/{lang}` serves it.
    fn catalogue() -> Option<&'static super::Catalogue> {
        None
    }
    /// The title in `lang`.
    fn title(lang: Lang) -> &'static str;
    /// The seats these options lay out (humans and bots).
    fn seats(options: &Self::Options) -> Vec<SeatInfo>;
    /// Which chance comes from the table under these options.
    fn table_mode(_options: &Self::Options) -> TableMode {
        TableMode::SERVER
    }
    /// The setup's table input (a create request's `table`, answering the
    /// setup's `dice_needed`) folded into the options the session stores,
    /// so that a replay starts from the options alone. Default: the setup
    /// of this game asks the table for nothing, the options stay.
    fn setup_table(
        options: Self::Options,
        _table: &[super::chance::TableItem],
    ) -> Result<Self::Options, RuleError> {
        Ok(options)
    }
    /// Options for a whole game in physical-table mode (every die and card
    /// from the table), for the tests every game must pass.
    fn physical_table_options() -> Option<Self::Options> {
        None
    }
    /// Move fields that carry a card drawn in secret at a physical table
    /// (old logs of games that take hidden cards inside moves): the log
    /// shows them to the seat that moved only. Games that take
    /// table input as items with `visible_to` need none.
    const SECRET_MOVE_FIELDS: &'static [&'static str] = &[];
    /// The game's own rule for a refusal the session makes, where the game's spec has one for
    /// the case (`CAT-TURN-1` rather than `SESSION-TURN-1`): the refusal names it, so a player
    /// looks up the game's rulebook, and its text ends with the session rule.
    fn own_rule(_state: &Self::State, _case: SessionCase) -> Option<&'static str> {
        None
    }
    /// Sets up the table.
    fn start(
        options: &Self::Options,
        turn: &mut Turn<'_, Self::Event>,
    ) -> Result<Self::State, RuleError>;
    /// Applies a human move from `turn.seat`, which the engine has checked
    /// `next` names.
    fn play(
        state: &mut Self::State,
        mv: &Self::Move,
        turn: &mut Turn<'_, Self::Event>,
    ) -> Result<(), RuleError>;
    /// Computes the bot's whole turn (the engine has checked it is due).
    fn bot_turn(state: &mut Self::State, turn: &mut Turn<'_, Self::Event>)
        -> Result<(), RuleError>;
    /// Who acts now.
    fn next(state: &Self::State) -> Next<Self::Decision>;
    /// What `seat` may see (None = a reader with no seat); hidden
    /// information of the other seats filtered out.
    fn view(state: &Self::State, seat: Option<Seat>) -> Self::View<'_>;
    /// Every legal move of `seat` now (empty when `next` does not name it).
    fn legal_moves(state: &Self::State, seat: Seat) -> Vec<Legal<Self::Move>>;
    /// A short label for a legal move; `free` names the fields a template
    /// leaves open (their values in `mv` are placeholders: do not print them).
    fn label(mv: &Self::Move, free: &[&str], cx: &TextCx<'_>) -> String;
    /// The label of a legal move of `state`: a game that names places by
    /// what lies there reads the state here. By default [`Game::label`].
    fn label_in(_state: &Self::State, mv: &Self::Move, free: &[&str], cx: &TextCx<'_>) -> String {
        Self::label(mv, free, cx)
    }
    /// The name of `value`, one of the values the free field `field` of the
    /// legal template `mv` may take (a `one_of` value, or the item key of a
    /// bundle), in `cx.lang`: player words, never an id.
    fn value_label(
        state: &Self::State,
        mv: &Self::Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String;
    /// The question the free field `field` of the template `mv` asks
    /// ("Which corner?"), in `cx.lang`.
    fn param_label(
        _state: &Self::State,
        _mv: &Self::Move,
        _field: &str,
        _cx: &TextCx<'_>,
    ) -> Option<String> {
        None
    }
}

/// A refusal the session makes for every game (SESSION-TURN-1, SESSION-TABLE-2), which a
/// game's spec may also rule on ([`Game::own_rule`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionCase {
    /// A human seat moves while another decides (SESSION-TURN-1).
    NotYourTurn,
    /// A bot turn asked while a human must move (SESSION-TURN-1).
    NotTheBotsTurn,
    /// A human move while the bot is to play (SESSION-TURN-1).
    BotsTurn,
    /// Table input left over, dice only (SESSION-TABLE-2).
    DiceUnused,
    /// Table input left over, cards among it (SESSION-TABLE-2).
    CardsUnused,
}
