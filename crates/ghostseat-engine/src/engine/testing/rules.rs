//! The driver of the games' rule tests: a game's own functions (`start`, `play`, `bot_turn`)
//! called directly with a chosen [`Chance`], and the events read back as the wire shows them
//! (kind, data, rule, dice, cards, the sentence, the secret part). Every game's `tests/kit.rs`
//! builds on it; only what a game's positions need stays there.

use serde_json::Value;
use std::marker::PhantomData;

use crate::engine::{Chance, Describe, Event, Game, Lang, RuleError, Seat, SeatInfo, TextCx, Turn};

/// An event as a rule test reads it: its stored form as JSON, its sentence, and the typed event.
#[derive(Debug, Clone)]
pub struct ReadEvent<E> {
    pub kind: String,
    pub rule: String,
    pub data: Value,
    pub dice: Vec<u8>,
    pub cards: Vec<String>,
    /// The sentence in the driver's language.
    pub text: String,
    /// The hidden part as a seat it is shown to reads it: `{kind, data, text}`.
    pub secret: Option<Value>,
    pub event: E,
}

/// What one call of a game function left: the state, its events, and whether it showed
/// something hidden (which makes the command impossible to take back).
#[derive(Debug, Clone)]
pub struct Stepped<S, E> {
    pub state: S,
    pub events: Vec<ReadEvent<E>>,
    pub revealed: bool,
}

/// Drives one game's functions for a table of `seats`, rendering sentences in `lang`.
pub struct Rules<G: Game> {
    seats: Vec<SeatInfo>,
    lang: Lang,
    game: PhantomData<G>,
}

impl<G: Game> Rules<G> {
    /// A driver for the seats `options` set up, reading English.
    pub fn new(options: &G::Options) -> Self {
        Rules {
            seats: G::seats(options),
            lang: Lang::En,
            game: PhantomData,
        }
    }

    /// The same driver reading `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The seats the sentences name.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// Sets up the table.
    pub fn start(
        &self,
        options: &G::Options,
        chance: &mut Chance,
    ) -> Result<Stepped<G::State, G::Event>, RuleError> {
        let mut turn = Turn::new(None, chance);
        let state = G::start(options, &mut turn)?;
        Ok(self.stepped(state, turn))
    }

    /// A move of `seat`, as `Game::play` takes it (no turn gate: a rule test may play out of turn
    /// to reach a rule's own refusal).
    pub fn play(
        &self,
        state: &G::State,
        seat: Seat,
        mv: &G::Move,
        chance: &mut Chance,
    ) -> Result<Stepped<G::State, G::Event>, RuleError> {
        let mut state = state.clone();
        let mut turn = Turn::new(Some(seat), chance);
        G::play(&mut state, mv, &mut turn)?;
        Ok(self.stepped(state, turn))
    }

    /// The bot's whole turn.
    pub fn bot(
        &self,
        state: &G::State,
        chance: &mut Chance,
    ) -> Result<Stepped<G::State, G::Event>, RuleError> {
        let mut state = state.clone();
        let mut turn = Turn::new(None, chance);
        G::bot_turn(&mut state, &mut turn)?;
        Ok(self.stepped(state, turn))
    }

    /// Events as the wire shows them to a reader with every secret.
    pub fn read(&self, events: Vec<Event<G::Event>>) -> Vec<ReadEvent<G::Event>> {
        events.into_iter().map(|e| self.read_one(e)).collect()
    }

    /// One event as the wire shows it to a reader with every secret.
    pub fn read_one(&self, e: Event<G::Event>) -> ReadEvent<G::Event> {
        let cx = TextCx::new(self.lang, &self.seats);
        let what = serde_json::to_value(&e.what).expect("an event serializes");
        let secret = e.secret.as_ref().map(|s| {
            let mut v = serde_json::to_value(&s.what).expect("a secret part serializes");
            v["text"] = Value::String(s.what.describe(&cx));
            v
        });
        ReadEvent {
            kind: what["kind"].as_str().unwrap_or_default().to_string(),
            rule: e.rule.to_string(),
            data: what.get("data").cloned().unwrap_or(Value::Null),
            dice: e.dice,
            cards: e.cards,
            text: e.what.describe(&cx),
            secret,
            event: e.what,
        }
    }

    fn stepped(&self, state: G::State, turn: Turn<'_, G::Event>) -> Stepped<G::State, G::Event> {
        let (events, revealed) = turn.finish();
        Stepped {
            state,
            events: self.read(events),
            revealed,
        }
    }
}

/// The first event of `kind`; panics with the kinds there were, so a failing test says what
/// happened instead.
pub fn event_of<'a, E>(events: &'a [ReadEvent<E>], kind: &str) -> &'a ReadEvent<E> {
    events.iter().find(|e| e.kind == kind).unwrap_or_else(|| {
        panic!(
            "no {kind} event among {:?}",
            events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>()
        )
    })
}

/// The kinds of `events`, in order.
pub fn kinds_of<E>(events: &[ReadEvent<E>]) -> Vec<&str> {
    events.iter().map(|e| e.kind.as_str()).collect()
}
