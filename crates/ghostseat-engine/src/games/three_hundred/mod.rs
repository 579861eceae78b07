//! three-hundred: 300: Erde & Wasser, the Greeks (human) against PERSS.KI (solo mode by Arié
//! Zarka). Spec: `rules/three-hundred.md` (rule prefix T300); seed
//! `seeds/001_d08068533accd9cc.txt`.
//!
//! Module map (data flows down the list, never up): `data` (sides, map, priority lists, the 16
//! cards) → `options` → `state` (the table) → `events` (typed events and decisions) → `moves`
//! → `cards` (draws, reshuffles, PERSS.KI's face-up discards; server deck or a physical one) →
//! `flow` (who acts, turn ends, supply, scoring) → `battle` (dice, losses, retreats, reactions)
//! → `bot` (PERSS.KI's preparation and turns) and `rules` (the Greek moves) → `legal`, `view`,
//! `text`; `scenarios` (replayable whole games for the HTTP tests); tests in `tests/`.
//!
//! Engine decisions where the spec leaves room:
//! - Decisions of the human inside a Persian turn (reaction, retreat, discard) are answered with
//!   a move; the rest of the Persian turn (further battle rounds, step 4) runs inside that move.
//!   Supply and scoring run as soon as operations end.
//! - Physical table (`dice = "table"`, `deck = "table"`): every die and every card turned face
//!   up comes from the request's `table` field, through the engine; with table dice a battle
//!   stops before each round, which is one bot turn with exactly that round's dice (the number
//!   of dice of a round depends on the round before). PERSS.KI's cards stay face down (the
//!   engine tracks which cards each face-down card can still be) until PERSS.KI discards them;
//!   each discard is then entered by id. The spec's `enter_dice`, `report_draw` and
//!   `report_persian_discard` moves are replaced by this.
//! - `play_event` takes exactly the parameters of its card: `wrath_of_poseidon` `port`,
//!   `ionian_revolt` and `desertion` `city`, `triremes` `fleets` as a number,
//!   `support_from_syracuse` `fleets` by port; a `path` lists the march from `from` to `to`, both
//!   included.
//! - A portrait army (Miltiades, Leonidas) comes from the stock while it has one; `pay_from`
//!   names a city only when the stock is empty.
//! - A naval defender's retreat, like the land defender's sea retreat, may not enter a port with
//!   a Persian fleet (T300-BAT-5).
//! - Miltiades in a Greek attack is played with the march (`move_land` or Evangelion's
//!   `play_event`, `miltiades: true`), not in a reaction window.
//!
//! # Readings
//!
//! Every place where the engine reads an ambiguous sentence of the German original one way:
//!
//! - T300-SEQ-2: "Persische Einheiten werden in Relation zu deinen eingesetzten griechischen
//!   Einheiten auf das Spielbrett gesetzt." — read as: PERSS.KI's situation looks at the Greek
//!   units on the map; the Persians still prepare first.
//! - T300-SEQ-6: "Zu Beginn jedes Feldzugs überprüfen die Perser die folgenden Bedingungen" —
//!   "Feldzug" is one Persian operations turn: the checks run at the start of every Persian turn.
//! - T300-PPR-5: "Die Perser setzen 1 Flotte in jede von ihnen besetzte Hafenstadt, in der noch
//!   keine Flotte ist." — fleets go in the order of list C restricted to ports, while talents
//!   last, without the base limit of 2; "keine Flotte" means no fleet of either side.
//! - T300-PPR-8: "Sie setzen 1 Armee in jede von ihnen kontrollierte Stadt und fangen dann mit
//!   der Liste von vorne an … Falls in einer Stadt bereit 2 oder mehr persische Armeen sind, wird
//!   dort keine weitere hinzugefügt." — two passes over the list, one army per controlled city
//!   with fewer than 2 Persian armies per pass.
//! - T300-PPR-9: "von ihnen besetzte" — Persian-controlled (an empty Abydos or Ephesos without
//!   Greek armies counts).
//! - T300-PPR-11: "Die Perser beginnen, indem sie 4 Karten ziehen." — when fewer can be drawn,
//!   PERSS.KI draws and pays what it can; the rest flows into the later army instructions.
//! - T300-PPR-4: "fügen der unbesetzten Versorgungsstadt 9 Armeen hinzu" — the supply city
//!   without Greek armies.
//! - T300-AI-2/3: "Die Perser aktivieren die Stadt, in der sie die meisten Armeen haben" —
//!   among the cities whose armies can reach the occupied supply city by road through
//!   Persian-controlled cities; Ephesos is defended first when both are occupied; the 2-army
//!   reserve of step 3 does not apply.
//! - T300-AI-6: the die faces of the quick reference are pictures missing from the text: 1 pass,
//!   2 or 3 move ("oder"), 4 destroy an army, 5 destroy a fleet, 6 place.
//! - T300-AI-7: "Die Perser passen (… ihre Feldzugphase ist beendet)." with step 1's "gehen dann
//!   zu Schritt 4" — PERSS.KI still discards a card after a die-1 pass.
//! - T300-AI-9: "du musst 1 Karte abwerfen" — the human chooses the card; with no Greek army on
//!   the map the chain falls back to the fleet.
//! - T300-AI-10: "wird sofort eine Schlacht ausgelöst" — the Persians attack (they placed) and
//!   never retreat; the placement is not a naval movement, so Themistocles does not open
//!   (T300-EVT-12).
//! - T300-AI-11: "Falls in einem Hafen und seiner Hafenstadt keine feindlichen Streitkräfte
//!   sind" against the quick reference's "in eine unbesetzte Stadt" — option `deploy_rule`,
//!   default the main text.
//! - T300-AI-12: "Sie werfen 1 Karte ab" — the card held longest.
//! - T300-TGT-1/4/7: "in Richtung der nächsten Stadt ohne Armeen (sie bewegen sich immer in
//!   Richtung Sparta, und bevorzugen Thebai immer vor Delphi)" — only the nine road cities of the
//!   activation list move; a target must be nearer to Sparta by road than the city the armies
//!   leave; the armies go all the way to the nearest such target by a shortest path through
//!   Persian-controlled cities; ties by distance to Sparta, then Thebai before Delphi.
//! - T300-TGT-6: a city that cannot move (fewer than 2 armies, or no target) is passed over when
//!   choosing the city with most armies.
//! - T300-FB-2: "Falls dies immer noch nicht möglich ist, bewegen die Perser ihre Armeen." —
//!   each action of the cycle is tried at most once per turn; then the turn goes on to step 4.
//! - T300-SUP-4/5: "eliminieren die Perser zuerst Einheiten ohne Versorgung … Einheiten, die
//!   keine Punkte bringen" — the excess is counted once; "ohne Versorgung" is an army failing
//!   the line of communication, "keine Punkte" one that is not the last in its city; tiers are
//!   recomputed before each removal.
//! - T300-SCO-2: "Die Perser gewinnen sofort, sobald …" — checked after every completed step
//!   (placement, movement, battle end, removal), not in the middle of a battle.
//! - T300-GPR-3, T300-EVT-9, T300-BAT-5/6 (base rules, not in the seed): new units only where
//!   the Greeks control the city and no Persian fleet lies in the port; a Greek land attacker
//!   retreats to the last city of its path.
//! - T300-EVT-11: Miltiades "when a Greek land movement is about to attack Persian armies" —
//!   Evangelion's march is a land movement, so Miltiades may join it; a landing from the sea is
//!   a naval movement and may not.
//! - §3 physical deck: "Die abgeworfene Karte hat keinen Effekt und du darfst sie dir
//!   anschauen." — PERSS.KI's cards are face down until it discards them; a discard goes face
//!   up onto the discard pile, so the table enters it (the engine needs it for later draws).

pub mod battle;
pub mod bot;
pub mod cards;
pub mod catalogue;
pub mod data;
pub mod events;
pub mod flow;
pub mod legal;
pub mod moves;
pub mod option_texts;
pub mod options;
pub mod refusals;
pub mod rules;
pub mod scenarios;
pub mod state;
pub mod text;
pub mod view;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use crate::engine::{Game, Legal, Next, RuleError, Seat, SeatInfo, TableMode, TextCx, Turn};
use data::{City, Side, CARDS};
use events::{Decision, Event};
pub use moves::Move;
pub use options::Options;
pub use state::State;
use state::{Phase, Portraits, Slot, Units};

pub struct ThreeHundred;

/// The starting table of the solo game (T300-SET-1..6).
pub fn setup(options: &Options, turn: &mut Turn<'_, Event>) -> State {
    let mut units = BTreeMap::new();
    for c in data::CITIES {
        units.insert(c, Units::default());
    }
    let mut st = State {
        options: options.clone(),
        campaign: 3,
        score: 2,
        phase: Phase::PersianPrep,
        units,
        bridge: true,
        portraits: Portraits {
            darius: true,
            xerxes: true,
            ..Portraits::default()
        },
        greek_stock_armies: 6,
        greek_stock_fleets: 3,
        persian_armies_placed: 8,
        persian_fleets_placed: 4,
        deck: Vec::new(),
        discard: vec![],
        hand_greeks: vec![],
        hand_persians: vec![],
        talents: 0,
        fleets_raised: 0,
        mines: false,
        to_act: Side::Persians,
        last_pass: None,
        persian_done: false,
        battle: None,
        pending: None,
        end: None,
        bridge_check: false,
    };
    for c in [City::Athenai, City::Sparta, City::Korinthos] {
        st.um(c).ga = 1;
    }
    st.um(City::Athenai).gf = 1;
    st.um(City::Sparta).gf = 1;
    for c in [City::Abydos, City::Ephesos] {
        st.um(c).pa = 3;
        st.um(c).pf = 2;
    }
    if options.table_deck() {
        // Shuffled at the table: 16 face-down cards, each could be any.
        st.deck = (0..16).map(|_| Slot::Hidden(CARDS.to_vec())).collect();
    } else {
        let mut deck = CARDS.to_vec();
        turn.chance.shuffle(&mut deck);
        st.deck = deck.into_iter().map(Slot::Card).collect();
    }
    turn.emit(
        "T300-SET-1",
        Event::Setup {
            campaign: 3,
            score: 2,
            deck_at_table: options.table_deck(),
        },
    );
    st
}

impl Game for ThreeHundred {
    const ID: &'static str = "three-hundred";
    /// 2: the options in the state say `table_mode` (no `dice`, `deck`).
    const STATE_VERSION: u32 = 2;
    const RULEBOOK: &'static [&'static str] = &[include_str!("rulebook.toml")];
    const LANGUAGES: &'static [crate::engine::Lang] =
        &[crate::engine::Lang::En, crate::engine::Lang::De];
    const REFUSALS: &'static [crate::engine::Lang] =
        &[crate::engine::Lang::En, crate::engine::Lang::De];
    const OPTION_TEXTS: &'static [crate::engine::OptionText] = option_texts::OPTION_TEXTS;
    fn catalogue() -> Option<&'static crate::engine::Catalogue> {
        Some(&catalogue::TEXT)
    }
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type Decision = Decision;
    type View<'a> = view::View<'a>;

    /// T300-SEQ-3: the sides alternate, and a move when it is not the Greeks' turn or not the
    /// pending decision names it (spec §5). Table dice left over stay SESSION-TABLE-2: the
    /// spec splits "count as asked" between T300-BAT-2 and T300-AI-5.
    fn own_rule(_state: &State, case: crate::engine::SessionCase) -> Option<&'static str> {
        use crate::engine::SessionCase as C;
        match case {
            C::NotYourTurn | C::NotTheBotsTurn | C::BotsTurn => Some("T300-SEQ-3"),
            C::DiceUnused | C::CardsUnused => None,
        }
    }

    fn title(lang: crate::engine::Lang) -> &'static str {
        match lang {
            crate::engine::Lang::En => "300: Earth & Water — solo against PERSS.KI",
            crate::engine::Lang::De => "300: Erde & Wasser — Solospiel gegen PERSS.KI",
        }
    }

    fn seats(_options: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("greeks", "The Greeks", "Die Griechen"),
            SeatInfo::bot("persians", "PERSS.KI", "PERSS.KI"),
        ]
    }

    fn table_mode(options: &Options) -> TableMode {
        options.table_mode()
    }

    fn physical_table_options() -> Option<Options> {
        Some(Options {
            table_mode: crate::engine::TableChoice::All,
            ..Options::default()
        })
    }

    fn start(options: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
        Ok(setup(options, turn))
    }

    fn play(state: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        rules::apply(state, mv, turn)
    }

    fn bot_turn(state: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        if state.battle.is_some() && state.pending.is_none() {
            // Table dice: the next battle round (T300-BAT-2).
            battle::play_round(state, turn)?;
            return Ok(());
        }
        match state.phase {
            Phase::PersianPrep => {
                bot::preparation(state, turn);
                Ok(())
            }
            Phase::Operations => bot::operations_turn(state, turn),
            Phase::GreekSupply => flow::greek_cards(state, turn),
            Phase::GreekBuy | Phase::GreekRaise | Phase::Finished => Err(RuleError::out_of_turn(
                "T300-SEQ-3",
                refusals::Refusal::NotBotsTurn,
            )),
        }
    }

    fn next(state: &State) -> Next<Decision> {
        flow::next(state)
    }

    fn view(state: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(state, seat)
    }

    fn legal_moves(state: &State, seat: Seat) -> Vec<Legal<Move>> {
        match Self::next(state) {
            Next::Human { seats, .. } if seats.contains(&seat) => legal::legal_moves(state),
            _ => vec![],
        }
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
