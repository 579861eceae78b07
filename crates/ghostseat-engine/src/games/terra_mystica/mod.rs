//! Terra Mystica with Automa (solo, and two humans with Automa), spec
//! `shared/rules/terra-mystica.md` (rule prefix TMA), seed
//! `shared/seeds/004_8a9d0af3b8406f1f.txt`. The server models the board and
//! resolves every Automa turn to one concrete result; the humans' resources
//! stay at the table.
//!
//! # Module map
//!
//! Data flows down this list, never up:
//! - `ids`, `data`, `maps`: the game's ids as types, cards, difficulty,
//!   factions, tiles, map tables;
//! - `board`: geometry (cells in reading order, river range, path distance,
//!   bridges, networks);
//! - `options`: the documented, validated session options;
//! - `state`; `events` (the typed events and decisions); `moves`;
//! - `deck` (Automa's piles in server and physical-table mode), `select`
//!   (selection methods);
//! - `flow` (set-up in `flow::setup`; turn order, rounds, who acts now),
//!   `scoring`, `bot` (Automa's turn and pass; her actions in `bot::actions`),
//!   `rules` (human moves), `legal` (every legal move), `view`, `text`
//!   (sentences, prompts, labels);
//! - `tests` (tests only).
//!
//! # Wire decisions
//!
//! - A human's turn is sent step by step (`build`, `transform`, …) and ended
//!   with `end_turn`, so every legal move can be listed. The batch
//!   forms `turn` and `cult_bonus_transforms` of earlier versions are still
//!   accepted so that their logs replay; they are not listed.
//! - Physical-table mode (TMA-GEN-12): every Automa card turned over at the
//!   table travels in the request's `table` field by id (`{"card": "*3"}`),
//!   asked for with [`crate::engine::Chance::card`] in the order the table
//!   turns them over (on her first turn of a round: the support card, then
//!   the action card), offering exactly the cards that can be on top of the
//!   pile drawn from.
//! - `report_vp` is a move of the seat `next` names (the engine's turn gate);
//!   the spec's "at any time" (TMA-HUM-1) becomes "with any of your own
//!   decisions".
//!
//! # Readings
//!
//! Where the original text (the seed) can be read more than one way, the
//! engine reads it as follows.
//!
//! - TMA-GEN-12, the order of a pair: "Im ersten Automazug einer jeden Runde
//!   ziehst du 2 Automakarten vom Automastapel. Lege die zweite Karte links
//!   neben die erste." — the first card drawn becomes the support card (the
//!   right one), the second the action card; the table sends them in that
//!   order, and `automa_cards` lists them in it (`turned_over`).
//! - TMA-BOT-4: "Ist die Karte eine der letzten 2 (um 90 Grad gedrehten)
//!   Karten und zeigt sie im Passenbereich …, passt Automa sofort." — in
//!   physical-table mode a drawn card is rotated when at most one card lies
//!   under it, which is what the rotation marks.
//! - TMA-SET-13: "Ziehe eine zufällige Automakarte" — any of the 16 cards of
//!   the box, uniformly; the card only gives letters and goes back.
//! - TMA-SET-13 (I): "Finde auf der Spielplankarte die beiden
//!   Landschaftsfelder von Automas Heimatlandschaft, welche die Buchstaben der
//!   Automakarte zeigen." — a lettered cell that holds a building is replaced
//!   by the next empty cell of that terrain in reading order (it cannot
//!   happen with the shipped letters).
//! - TMA-SEL-2: "Gibt es mehrere mögliche Optionen, wendest du die
//!   Auswahlmethoden … an, bis nur noch eine Option übrig bleibt." — a method
//!   that would keep no option is skipped.
//! - TMA-SEL-7: "beginne bei der … möglichen Option, die am weitesten links
//!   oben liegt, und zähle in Leserichtung" — cells by rows, top row first,
//!   left to right; one-row options (power actions, cult tracks, favor
//!   tiles) in their printed order; counting wraps past the last option.
//! - TMA-MAP-7: "Der kürzeste Weg … darf beliebig viele Flussfelder
//!   enthalten, darf Felder mit Automa-Gebäuden enthalten, darf keine Felder
//!   mit deinen Gebäuden enthalten." — the end cells may hold anything; no
//!   path is an infinite distance.
//! - TMA-TB-4/5: "… gelten nur die Felder als mögliche Optionen, die den
//!   kürzesten Weg zwischen markierten und unmarkierten Gebäuden weiter
//!   verkürzen." — a cell shortens the gap when its distances to both groups
//!   are below the gap.
//! - TMA-TB-10: "Ist das zu diesem Wohnhaus nächste Automa-Gebäude ein
//!   markiertes Gebäude, markiere das neue Wohnhaus … Bei gleicher
//!   Entfernung … markierst du nicht." — by path distance (TMA-MAP-7).
//! - TMA-MAP-6: "Automa-Gebäude mit einem Machtchip sind MARKIERTE
//!   GEBÄUDE." — the chip stays with the cell when the building is upgraded.
//! - TMA-CULT-3/4: "Die Skala, auf der Automas Markierungsstein den
//!   kleinsten Abstand zu dem Markierungsstein auf der höchsten Stufe
//!   derselben Skala hat." — with two humans, the highest *human* marker.
//! - TMA-UPG-2: "Gebäude, durch deren Aufwertung sie dir am wenigsten Macht
//!   gibt." — the power values of the humans' buildings next to the cell,
//!   summed (both humans together in the variant: "Euch beiden zusammen").
//! - TMA-PASS-2: "Automa nimmt sich die mit einem Pfeil markierte
//!   Rundenbonuskarte." — L, M, R are the first, second and last card of the
//!   row; in round 6 she takes none (there is no next round).
//! - TMA-PASS-8: "Hat Automa vor dir gepasst, erhält sie die
//!   Startspielerfigur." — only in rounds 1–5: after round 6 there is no
//!   next round to start.
//! - TMA-FAC-9 (`ask`): the Powermongers' cult step follows the action that
//!   gave the power, before the card's next action; so her turn waits for the
//!   power reports and goes on after them.
//! - TMA-HF-2: "Zeigt sie … oder …, erhältst du die gezeigten Punkte" — the
//!   two lost symbols are the two Gain VP symbols (a number, and X).
//! - TMA-HF-3: "Ist der Reservestapel leer, mischst du alle beiseite gelegten
//!   Karten als neuen Stapel." — also when Automa's pass draws from an
//!   empty reserve.
//! - TMA-HF-6: "jedes Mal, wenn du benachbart zu einem Automa-Gebäude baust"
//!   — dwellings only (the Cultists' paragraph names upgrades, this one
//!   does not).
//! - TMA-END-4: "Außenposten: Ermittle die Anzahl an Ansiedlungen und ziehe 2
//!   vom Ergebnis ab." — never below 0.
//! - TMA-DOC-1: "Automa wurde nach dem italienischen Wort für "automaton"
//!   benannt, weil sie ihren ersten Auftritt in dem Spiel Viticulture hatte"
//!   — the view's designer notes say so.

pub mod board;
pub mod bot;
pub mod data;
pub mod deck;
pub mod events;
pub mod flow;
pub mod ids;
pub mod legal;
pub mod maps;
pub mod moves;
pub mod option_texts;
pub mod options;
pub mod refusals;
pub mod rules;
pub mod scoring;
pub mod select;
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

use refusals::Refusal;
use state::{Phase, SetupStep};

pub struct TerraMystica;

impl Game for TerraMystica {
    const ID: &'static str = "terra-mystica";
    /// 2: the options in the state say `table_mode` (no `chance_source`).
    const STATE_VERSION: u32 = 2;
    const RULEBOOK: &'static [&'static str] = &[include_str!("rulebook.toml")];
    const LANGUAGES: &'static [Lang] = &[Lang::En, Lang::De];
    const REFUSALS: &'static [Lang] = &[Lang::En, Lang::De];
    const OPTION_TEXTS: &'static [crate::engine::OptionText] = option_texts::OPTION_TEXTS;
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type Decision = Decision;
    type View<'a> = view::View<'a>;

    /// TMA-HUM-1: a human's move when it is not his turn or decision (spec §5); TMA-TURN-5: a
    /// bot turn only when `next` names Automa (spec §6); TMA-GEN-12: at a physical table the
    /// cards sent are exactly those turned over.
    fn own_rule(_state: &State, case: crate::engine::SessionCase) -> Option<&'static str> {
        use crate::engine::SessionCase as C;
        match case {
            C::NotYourTurn | C::BotsTurn => Some("TMA-HUM-1"),
            C::NotTheBotsTurn => Some("TMA-TURN-5"),
            C::CardsUnused => Some("TMA-GEN-12"),
            C::DiceUnused => None,
        }
    }

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Terra Mystica — Automa",
            Lang::De => "Terra Mystica — Automa",
        }
    }

    fn seats(o: &Options) -> Vec<SeatInfo> {
        let n = usize::from(o.humans.clamp(1, 2));
        let first = usize::from(o.first_human.min(1));
        let order: Vec<usize> = if n == 2 {
            vec![first, 1 - first]
        } else {
            vec![0]
        };
        let mut v: Vec<SeatInfo> = order
            .iter()
            .map(|i| {
                SeatInfo::human(
                    &format!("human{i}"),
                    &format!("Human {}", i + 1),
                    &format!("Spieler {}", i + 1),
                )
            })
            .collect();
        v.push(SeatInfo::bot("automa", "Automa", "Automa"));
        v
    }

    fn table_mode(o: &Options) -> TableMode {
        if o.is_table() {
            TableMode::TABLE
        } else {
            TableMode::SERVER
        }
    }

    fn physical_table_options() -> Option<Options> {
        Some(tests_support::physical_table_options())
    }

    fn start(o: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
        flow::setup::start(o, turn)
    }

    fn play(st: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        rules::play(st, mv, turn)
    }

    fn bot_turn(st: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        match st.phase {
            Phase::Setup => match st.setup.first().copied() {
                Some(step @ (SetupStep::AutomaDwellings | SetupStep::AutomaBonus)) => {
                    bot::setup_step(st, step, turn)?;
                    st.setup.remove(0);
                    if st.setup.is_empty() {
                        flow::begin_round_one(st, turn);
                    }
                    Ok(())
                }
                _ => Err(RuleError::out_of_turn("TMA-TURN-5", Refusal::HumanSetsUp)),
            },
            Phase::Actions => bot::action_turn(st, turn),
            _ => Err(RuleError::out_of_turn(
                "TMA-TURN-5",
                Refusal::NotAutomasTurn,
            )),
        }
    }

    fn next(st: &State) -> Next<Decision> {
        flow::next(st)
    }

    fn view(st: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(st, seat)
    }

    fn legal_moves(st: &State, seat: Seat) -> Vec<Legal<Move>> {
        legal::legal_moves(st, seat)
    }

    fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
        text::label(mv, free, cx)
    }

    fn value_label(
        st: &State,
        _: &Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String {
        text::value_label(st, field, value, cx.lang)
    }

    fn param_label(_: &State, _: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
        text::param_label(field, cx.lang)
    }
}

/// The options of a whole physical-table game, as the engine's tests play
/// it: every Automa card from the table, Cultists drawing from her reserve.
mod tests_support {
    use super::data::{Cult, Difficulty, HumanFaction};
    use super::ids::CardId;
    use super::options::{Options, TableSetup, TableTile};

    pub fn physical_table_options() -> Options {
        let mut o = Options {
            table_mode: crate::engine::TableChoice::All,
            difficulty: Difficulty::Automaechtig,
            ..Options::default()
        };
        o.human_seats[0].faction = HumanFaction::Cultists;
        o.table_setup = Some(TableSetup {
            bonus_row: ["BON4", "BON1", "BON6", "BON9", "BON3"]
                .map(Into::into)
                .to_vec(),
            scoring_tiles: ["SCORE3", "SCORE5", "SCORE1", "SCORE6", "SCORE4", "SCORE8"]
                .iter()
                .zip([
                    Cult::Water,
                    Cult::Fire,
                    Cult::Earth,
                    Cult::Water,
                    Cult::Fire,
                    Cult::Air,
                ])
                .map(|(id, c)| TableTile {
                    id: (*id).into(),
                    automa_pass_vp: 5,
                    automa_cult: Some(c),
                })
                .collect(),
            extra_starter_cards: vec![CardId::C9],
        });
        o
    }
}
