//! Arler Erde (Fields of Arle), the alternative solo variant against VIM,
//! the virtual player (virtueller Mitspieler) who blocks action spaces and
//! takes buildings out of the game. Spec: `rules/arler-erde.md`; original:
//! `seeds/000_d011e2e51fbc0ef7.txt`.
//!
//! # Modules (data flows down this list, never up)
//!
//! - `data`: the base board's spaces, opposites, building spaces and tiles;
//!   the id types.
//! - `options`: the setup options and their checks.
//! - `state`: what the rules read and write.
//! - `moves`: the wire vocabulary — moves, events, decisions.
//! - `text`: sentences rendered from that data (events, prompts, labels).
//! - `flow`: setup, alternation, end of a half-year, the final score, `next`.
//! - `rules`: the human's moves (ARLE-HUM).
//! - `bot`: VIM's turn (ARLE-VIM, ARLE-CNT, ARLE-BLD).
//! - `legal`: every legal move, complete.
//! - `view`: what the table shows.
//!
//! # Table input
//!
//! With option `dice = "table"` every die of a VIM turn comes with the
//! bot-turn request's `table` input, asked for one throw at a time: VIM's 2
//! dice (ARLE-VIM-1), then, when VIM lands on a building space with
//! buildings left, both dice twice as one throw of 4 (ARLE-BLD-2). A request
//! that brings too few is answered `422 dice_needed` listing every die the
//! turn needs so far (2, or 6 once the removal is known); unused dice are
//! refused. The setup die is option `setup_die`. The building display of a
//! physical table is option `display` (entered at setup); when it is null the
//! server deals it at setup, also with table dice — a deal is a shuffle of
//! tiles, not a die, and happens before any command. With
//! [`ArlerErde::physical_table_options`] (table dice and an entered display)
//! the server draws nothing at all.
//!
//! # Readings
//!
//! Where the original text (German, quoted) can be read more than one way,
//! the engine reads it so:
//!
//! - *"Wirf einen Würfel und zähle beginnend mit der obersten Sommeraktion
//!   entsprechend viele Felder des Sommerhalbjahres."* — the topmost summer
//!   space is count 1: a 1 puts marker 1 on the Fisherman (ARLE-SET-3).
//! - *"Zähle beginnend von der aktuellen Position des Anzeigers die Felder
//!   immer von oben nach unten ab."* — counting starts after the marker's
//!   space; the marker's own space is never counted, not even when the count
//!   wraps round to it (ARLE-CNT-2, ARLE-CNT-6).
//! - *"Liegen Aktionsfelder nebeneinander, dann zählst du zuerst die in der
//!   linken Spalte und dann die in der rechten Spalte ab"* — the lists are
//!   read column by column (summer … Carpenter, Builder, Warden …; winter …
//!   Wainwright, Dike Warden, Carpenter …), as the text's own examples show
//!   (ARLE-BRD-1..3).
//! - *"Ist im späteren Spielverlauf ein Aktionsfeld bereits mit einem
//!   Spielstein belegt, dann wird es beim Abzählen übersprungen."* — a worker
//!   of either seat occupies a space; the markers never do (*"Der Anzeiger
//!   blockiert keine Felder."*) (ARLE-TURN-4, ARLE-CNT-3, ARLE-HUM-3).
//! - *"Der zweite Anzeiger wird erst später benötigt"* — marker 2 starts
//!   before slot 1, so the first removal's count 1 is slot 1 (ARLE-SET-4).
//! - *"genau 1 Aktionsstein auf die Aktionsfelder des anderen Halbjahres"* —
//!   one placement per half-year for both seats together, whoever is first
//!   (ARLE-TURN-2, ARLE-HUM-4).
//! - *"1. Bedingung: Du hast einen Pasch gewürfelt und es wurde noch kein
//!   Stein auf ein Aktionsfeld des anderen Halbjahres gesetzt. Zug: Setze
//!   einen Arbeiterstein des VIM auf das oberste Feld des anderen
//!   Halbjahres."* — marker 1 does not move with option 1; options 2 and 3
//!   move it explicitly (ARLE-VIM-2).
//! - *"ein Aktionsfeld …, das das Errichten eines Gebäudes (Stichwort
//!   „Gebäude“) erlaubt"* — the building spaces are summer Forester,
//!   Carpenter and Builder and winter Wood Trader and Laborer; the removal
//!   follows whichever option put the worker there (ARLE-BRD-6, ARLE-VIM-6).
//! - *"Wirf die beiden Würfel 2x und zähle alle Augenzahlen zusammen."* —
//!   four dice summed (4 to 24), asked for as one throw of four (ARLE-BLD-2).
//! - *"zähle die noch ausliegenden Gebäude zeilenweise und von links nach
//!   rechts ab"* — counting starts after marker 2 and skips empty slots; an
//!   empty display removes nothing and rolls no dice (ARLE-BLD-3, ARLE-BLD-5).
//! - *"auf das Aktionsfeld der gegenüberliegenden Seite geschoben"* — the
//!   facing space in the same board row; in the building block Carpenter ↔
//!   Carpenter, Builder ↔ Wainwright, Warden ↔ Dike Warden (ARLE-BRD-5,
//!   ARLE-END-2).
//! - *"Führe deinen Zug wie gewohnt aus."* — the human erects a building only
//!   with the action of a worker just placed (facts §A6), so a building is
//!   reported with the placement (`place_worker.built`, on a building space
//!   or either Laborer, ARLE-HUM-5) or with `report_building` while the human
//!   has a decision (ARLE-HUM-6). While VIM is to place, the engine's turn
//!   gate refuses every human move; a building forgotten with the placement
//!   just made is corrected by taking that placement back (`undo`, allowed
//!   because a placement draws no chance) and sending it again with `built`.
//!   The spec's "also when it is VIM's turn to place" is not kept.
//! - *(silent)* The final score: after half-year 9 `next` asks the human for
//!   it (`report_score`, -100 to 500 points, or none); then the game is over
//!   and accepts nothing more (ARLE-END-3, ARLE-END-4).
//! - *"Du benötigst außerdem 2 sechsseitige Würfel."* — only dice come from
//!   the table in table mode; the display is the option `display`, or the
//!   server deals it at setup (ARLE-GEN-6, ARLE-BRD-8).
//!
//! Further house decisions: green slots accept starter and dark-green houses
//! alike; a custom board's Laborer (for ARLE-HUM-5) is the space with id
//! `laborer`; sentences name a custom board's spaces and buildings by their
//! ids in words.

mod bot;
mod data;
mod events;
mod flow;
mod legal;
mod moves;
mod option_texts;
mod options;
mod refusals;
mod rules;
mod state;
mod text;
mod view;

use crate::engine::{Lang, Legal, Next, RuleError, Seat, SeatInfo, TableMode, TextCx, Turn};

pub use data::{Building, BuildingId, Season, Side, SpaceId};
pub use events::{Decision, Event};
pub use moves::Move;
pub use options::{BuildingSet, DiceMode, Options};
pub use state::State;

/// The game `arler-erde`.
pub struct ArlerErde;

impl crate::engine::Game for ArlerErde {
    const ID: &'static str = "arler-erde";
    /// 1: typed events and decisions, the final-score decision, no entered
    /// dice (state version 0 was the legacy bridge).
    const STATE_VERSION: u32 = 1;
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

    /// ARLE-TURN-1: while workers are placed the seats alternate (a move or bot turn out of
    /// turn names it, spec §5); ARLE-GEN-6: table dice are exactly the count asked for.
    fn own_rule(state: &State, case: crate::engine::SessionCase) -> Option<&'static str> {
        use crate::engine::SessionCase as C;
        match case {
            C::NotYourTurn | C::NotTheBotsTurn | C::BotsTurn => {
                (state.phase == state::Phase::Placing).then_some("ARLE-TURN-1")
            }
            C::DiceUnused => Some("ARLE-GEN-6"),
            C::CardsUnused => None,
        }
    }

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Arler Erde — solo variant against VIM",
            Lang::De => "Arler Erde — Solovariante gegen den VIM",
        }
    }

    fn seats(_options: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("human", "Player", "Spieler"),
            SeatInfo::bot("vim", "VIM", "VIM"),
        ]
    }

    fn table_mode(o: &Options) -> TableMode {
        let dice = o.table_dice();
        TableMode {
            dice,
            // No card is ever drawn after setup; the display is the only
            // deal. With table dice and an entered display the table
            // supplies everything.
            cards: dice && (o.display.is_some() || o.board.is_some()),
        }
    }

    /// ARLE-SET-3: with table dice the setup die comes with the create
    /// request and is stored as `setup_die`; any other table input at
    /// setup is refused as the chance refuses it (not allowed, unused).
    fn setup_table(
        mut o: Options,
        table: &[crate::engine::TableItem],
    ) -> Result<Options, RuleError> {
        let mut chance = crate::engine::Chance::new(
            crate::engine::Dice::new(0),
            Self::table_mode(&o),
            table.to_vec(),
        )?;
        if o.table_dice() && o.setup_die.is_none() {
            let summer = match &o.board {
                Some(b) => b.summer.iter().map(|s| s.id.clone()).collect(),
                None => data::summer_spaces().into_iter().map(|s| s.id).collect(),
            };
            let words = crate::engine::NeedWords::new(text::TableDie::Setup { summer });
            o.setup_die = Some(chance.roll_as(6, "ARLE-SET-3", vec![words])?[0]);
        }
        chance.finish()?;
        Ok(o)
    }

    fn physical_table_options() -> Option<Options> {
        Some(Options {
            table_mode: crate::engine::TableChoice::All,
            setup_die: Some(4),
            display: Some(
                [
                    Building::WeavingParlor,
                    Building::ColonistsHouse,
                    Building::SchnappsDistillery,
                    Building::LitterStorage,
                    Building::Turnery,
                    Building::Cooperage,
                    Building::Mill,
                    Building::WeavingMill,
                    Building::TextileHouse,
                    Building::Saddlery,
                    Building::WaterfrontHouse,
                    Building::Joinery,
                    Building::FarmersInn,
                    Building::VillageChurch,
                    Building::GulfHouseInn,
                    Building::BerumCastle,
                    Building::SluiceYardInn,
                    Building::LutetsburgCastle,
                ]
                .to_vec(),
            ),
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
        bot::vim_turn(state, turn)
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
        _: &Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String {
        text::value_label(field, value, cx.lang)
    }

    fn param_label(_: &State, _: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
        text::param_label(field, cx.lang)
    }
}

#[cfg(test)]
mod tests;
