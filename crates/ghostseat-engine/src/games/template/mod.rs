//! `pile`: the template a new game copies (docs/adding-a-game.md). It is compiled and tested
//! with the engine's tests but is not in the catalogue.
//!
//! A pile of stones lies between a player and the bot; each in turn takes one to three stones,
//! and whoever takes the last stone wins (PILE-TURN-1, PILE-END-1). The bot leaves a multiple of
//! four when it can and otherwise rolls a die for what it takes (PILE-BOT-1, PILE-BOT-2), so the
//! template has every part a game has: options, a human move, a bot turn with chance, events
//! with rule ids, a catalogue in two languages, legal moves as a template, a view and tests.
//!
//! Modules, data flowing down: [`options`] → [`state`] → [`moves`] → [`events`] (events and
//! decisions) → [`text`] (their sentences, from `text/<lang>.ftl`) → [`flow`] (set-up, `next`)
//! → [`rules`] (one function per human move) and [`bot`] (the bot's turn) → [`legal`] →
//! [`view`] → this file (the `Game`, which only routes).

pub mod bot;
pub mod events;
pub mod flow;
pub mod legal;
pub mod moves;
pub mod options;
pub mod rules;
pub mod state;
pub mod text;
pub mod view;

#[cfg(test)]
mod tests;

use crate::engine::{Game, Lang, Legal, Next, RuleError, Seat, SeatInfo, TableMode, TextCx, Turn};

pub use events::{Decision, Event};
pub use moves::Move;
pub use options::Options;
pub use state::State;

/// The game.
pub struct Pile;

impl Game for Pile {
    const ID: &'static str = "pile";
    const STATE_VERSION: u32 = 1;
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type Decision = Decision;
    type View<'a> = view::View<'a>;

    const LANGUAGES: &'static [Lang] = &[Lang::En, Lang::De];
    const REFUSALS: &'static [Lang] = &[Lang::En, Lang::De];
    const RULEBOOK: &'static [&'static str] = &[include_str!("rulebook.toml")];

    fn catalogue() -> Option<&'static crate::engine::Catalogue> {
        Some(&text::TEXT)
    }

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Pile",
            Lang::De => "Haufen",
        }
    }

    fn seats(_: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("player", "Player", "Spieler"),
            SeatInfo::bot("bot", "Bot", "Bot"),
        ]
    }

    fn table_mode(options: &Options) -> TableMode {
        // The game deals no cards; at a physical table everything comes from the table.
        TableMode {
            dice: options.table_dice,
            cards: options.table_dice,
        }
    }

    fn physical_table_options() -> Option<Options> {
        Some(Options {
            table_dice: true,
            ..Options::default()
        })
    }

    fn start(options: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
        flow::start(options, turn)
    }

    fn play(state: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        rules::play(state, mv, turn)
    }

    fn bot_turn(state: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        bot::bot_turn(state, turn)
    }

    fn next(state: &State) -> Next<Decision> {
        flow::next(state)
    }

    fn view(state: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(state, seat)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Legal<Move>> {
        legal::legal_moves(state, seat)
    }

    fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
        text::label(mv, free, cx)
    }

    fn value_label(
        _: &State,
        mv: &Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String {
        text::value_label(mv, field, value, cx)
    }

    fn param_label(_: &State, mv: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
        text::param_label(mv, field, cx)
    }
}
