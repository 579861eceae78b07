//! `catan-shadow`: Catan for two with two fictive players ("Die Siedler von
//! Catan – Schattenwirtschaft", seed 002, rule prefix CSW) on the shared core
//! [`crate::games::catan`].
//!
//! Set-up removes 5, 6 or 7 land hexes for the fictive players
//! ([`removal`]), real turns are Part A of the core's table, and after every
//! real turn the bot runs a fictive turn whose decisions go to the human
//! seats ([`bot`], [`rules`]).
//!
//! Modules, data flowing down: [`options`] → [`state`] → [`events`]
//! (events and decisions) → [`moves`] → [`text`] → [`removal`] → [`flow`]
//! (turn order, `next`) → [`rules`] (human moves), [`bot`] (chance steps)
//! → [`legal`] → [`view`] → this file (the `Game`).
//!
//! # Readings
//!
//! Where the original text (seed 002) can be read more than one way, the
//! engine reads it so:
//!
//! - "An den Ecken und Kanten von Feldern, die an diese entfernten Felder
//!   grenzen, kann nicht gebaut werden": the corners and sides *of the removed
//!   hexes* are closed, not those of every hex next to them (the authors'
//!   English version names the removed hexes' own corners and paths;
//!   CSW-SETUP-6). A path between two remaining hexes stays playable even if
//!   one of its ends is closed.
//! - "Wir empfehlen erneut zu würfeln, wenn zwei 6- oder 8-Chips verschwinden
//!   würden": "two" is read as "two or more" (option `reroll_policy`, default
//!   `two_red`; `more_than_two_red` follows the English version, `vote` the
//!   original's "können sich die Spieler darauf einigen"; CSW-SETUP-8).
//! - "Dazu werden die Seiten des Spielfeldes von eins bis sechs
//!   durchnumeriert (siehe unten)": the figure is not part of the text; the
//!   house numbering is 1 = top, then clockwise (option `side_numbering`).
//! - "Dazu wird jedem Rohstoff eine Zahl zwischen eins und fünf zugeordnet":
//!   the house assignment is brick, lumber, wool, grain, ore (option
//!   `resource_die`).
//! - "Wenn der Räuber gewürfelt wird, hat der entsprechende Spieler die
//!   Möglichkeit, ihn auf eins der entfernten Felder zu setzen": only a
//!   robber *rolled* in a real turn may go onto a removed hex. A knight card
//!   is not a roll, so by default it may not (option `knight_to_removed_hex`,
//!   default `false`; CSW-ROB-3). With the bank out of the drawn resource,
//!   the mover gets nothing (CSW-ROB-2).
//! - On a fictive 7 "darf der Spieler mit den wenigsten Siegpunkten ... den
//!   Räuber auf ein Landfeld seiner Wahl setzen": the removed hexes were
//!   "vollständig aus dem Spiel genommen", so the chooser picks a remaining
//!   land hex (option `fictive_seven_removed_hex`, default `forbidden`;
//!   CSW-FIC-6). "Darf" gives the chooser the choice of hex; the robber must
//!   still move (CSW-FIC-5). Points are visible points (CSW-FIC-4), and on a
//!   fictive 7 the discards come first, "wie üblich" (CSW-FIC-3).
//! - "einem eventuell vorhandenen Anrainer eine Karte stehlen. Diese Karte
//!   geht zurück an die Bank": the chooser never robs themselves (CSW-FIC-7).
//! - "Spielt ein Spieler eine Monopolkarte aus, so erhält er zusätzlich ...
//!   Rohstoffe von den fiktiven Gegnern": the fictive players hold no cards,
//!   so the bonus comes from the bank, as far as it holds the resource
//!   (CSW-MONO-2).
//! - "Die Art des Rohstoffes wird wie beim Raub durch Würfeln ermittelt" and
//!   the fictive player has no cards: the offered card comes from the bank;
//!   none when the bank has none (CSW-AUC-2).
//! - "Jeder Spieler mit weniger als acht Siegpunkten kann jetzt im Gegenzug
//!   eine Karte zum Tausch anbieten": visible points; a player without
//!   resource cards cannot bid; the runner enters first (CSW-AUC-3, -4).
//! - "Falls beide realen Spieler tauschen wollen, können sie weitere Karten
//!   anbieten. Der Spieler mit dem höchsten Angebot erhält den Zuschlag": an
//!   open ascending auction, alternating from the second entrant; an offer is
//!   any resource cards counted by number (CSW-AUC-6, -7), and laid-out cards
//!   stay bound until the auction ends (CSW-AUC-8).
//! - "Kein Spieler darf sein Angebot nach dem Würfeln ändern": the roll is the
//!   tie-break roll-off after equal offers (CSW-AUC-9).

pub mod bot;
pub mod catalogue;
pub mod events;
pub mod flow;
pub mod legal;
pub mod moves;
pub mod option_texts;
pub mod options;
pub mod refusals;
pub mod removal;
pub mod rules;
pub mod state;
pub mod text;
pub mod view;

#[cfg(test)]
mod tests;

use crate::engine::{Game, Lang, Legal, Next, RuleError, Seat, SeatInfo, TableMode, TextCx, Turn};
use crate::games::catan::layout::Layout;
use crate::games::catan::options::TableChoice;

pub use events::{Decision, Event};
pub use moves::Move;
pub use options::Options;
pub use state::State;

pub struct CatanShadow;

impl Game for CatanShadow {
    const ID: &'static str = "catan-shadow";
    const STATE_VERSION: u32 = 1;
    const RULEBOOK: &'static [&'static str] =
        &[crate::games::catan::RULEBOOK, include_str!("rulebook.toml")];
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type Decision = Decision;
    type View<'a> = view::View<'a>;

    /// CSW-AUC-6: in the bidding the players alternate; CSW-TURN-3: the fictive turns come
    /// between the real ones; CAT-TURN-1: only the seat a decision names may answer it;
    /// CAT-RNG-2: table dice left over.
    fn own_rule(state: &State, case: crate::engine::SessionCase) -> Option<&'static str> {
        use crate::engine::SessionCase as C;
        let bidding = state
            .fictive
            .as_ref()
            .and_then(|f| f.auction.as_ref())
            .is_some_and(|a| a.bidding && a.end.is_none());
        match case {
            C::NotYourTurn if bidding => Some("CSW-AUC-6"),
            C::NotYourTurn => Some("CAT-TURN-1"),
            C::NotTheBotsTurn | C::BotsTurn => Some("CSW-TURN-3"),
            C::DiceUnused => Some("CAT-RNG-2"),
            C::CardsUnused => None,
        }
    }

    const LANGUAGES: &'static [Lang] = &[Lang::En, Lang::De];
    const REFUSALS: &'static [Lang] = &[Lang::En, Lang::De];
    const OPTION_TEXTS: &'static [crate::engine::OptionText] = option_texts::OPTION_TEXTS;
    fn catalogue() -> Option<&'static crate::engine::Catalogue> {
        Some(&catalogue::TEXT)
    }

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Catan for two: Shadow Economy (Schattenwirtschaft)",
            Lang::De => "Catan für zwei: Schattenwirtschaft",
        }
    }

    fn seats(_: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("a", "Player A", "Spieler A"),
            SeatInfo::human("b", "Player B", "Spieler B"),
        ]
    }

    fn table_mode(options: &Options) -> TableMode {
        options.table_mode()
    }

    fn physical_table_options() -> Option<Options> {
        Some(Options {
            table_mode: TableChoice::All,
            layout: Some(Layout::Beginner),
            ..Options::default()
        })
    }

    fn start(options: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
        flow::start(options, turn)
    }

    fn play(state: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        let seat = turn.seat.unwrap_or(Seat(0));
        rules::play(state, seat, mv, turn)
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

    fn label_in(state: &State, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
        text::label_in(state, mv, free, cx)
    }

    fn value_label(
        state: &State,
        _mv: &Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String {
        crate::games::catan::text::core_value_label(&state.table.board, field, value, cx.lang)
            .unwrap_or_else(|| value.to_string())
    }

    fn param_label(_: &State, _: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
        crate::games::catan::text::core_question(field, cx.lang)
    }
}
