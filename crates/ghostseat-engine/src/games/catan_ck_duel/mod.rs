//! `catan-ck-duel`: Catan for two with Cities & Knights and two neutral parties
//! ("Siedler von Catan für 2 Spieler – mit Städte und Ritter", siedeln.de community variant).
//!
//! Files, in the roles every game folder gives them (`docs/adding-a-game.md`): `options` (the
//! options, their defaults and checks), `state` (pieces, players, the pending queue), `moves`,
//! `events` (the typed events, and `flush`, which hands them to the turn), `prompt` (the typed
//! decision of `next`), `flow` (set-up via the core, `next`, who decides, the end), `rules` (the
//! human moves and the pending queue: a routing match, one function per move), `bot` (the bot's
//! turn: the neutral parties' options, fallbacks and its blocking heuristic), `legal`, `view`,
//! `text` (every sentence: events, prompts, labels; `refusals` and `option_texts` beside it).
//! The game's own: `mechanics` (what moves and steps share: points, awards, production, the 7,
//! barbarians), `progress` (the progress cards, by deck), `board` (geometry tables over the
//! shared core's island graph), `data` (cards, costs, progress decks). Tests in `tests/`.
//!
//! # Readings
//!
//! Where the original text (seed 003) can be read more than one way, or says nothing, the engine
//! reads it so (the spec marks these readings **(I)**; the house options are named):
//!
//! - CCK-SETUP-4: the seed is silent on the set-up city's starting cards. Its owner takes one
//!   resource for each land hex it touches (the desert gives nothing), no commodities.
//! - CCK-SETUP-5: "Für den Bau einer Siedlung an der Wüste bekommt man 2 Handelschips (wie im
//!   Basisspiel)", and 1 "an der Küste": the set-up city counts like a settlement, because it
//!   replaces the second set-up settlement; both set-up placements earn tokens.
//! - CCK-DICE-4: "Sollten beim zweiten Mal würfeln die Zahlenwürfel das gleiche Ergebnis zeigen
//!   wie beim ersten Würfelwurf, so wird dieser 2. Würfelwurf wiederholt – jedoch nur mit den
//!   beiden Zahlenwürfeln": "the same result" is the same sum (as in Part B), not the same pair
//!   of dice; white and red are thrown again until the sum differs (after an Alchemist, from the
//!   sum it set).
//! - CCK-DICE-4: "Der Ereigniswürfel bleibt liegen und wird auch gleich ausgewertet": the event
//!   die of the second roll is resolved before the re-throws, and a city gate on it reads the red
//!   die thrown with it (option `second_roll_event_red`, default `thrown_with`; `final` reads the
//!   red die of the accepted throw). Only the accepted sum produces.
//! - CCK-DICE-6: "Es wird unverändert zweimal von jedem Spieler gewürfelt am Beginn seines
//!   Zuges": both rolls open the turn. Before the first roll only the Alchemist and the token
//!   action are legal, between the rolls only the token action; any other move fails with
//!   CCK-DICE-6.
//! - CCK-KNIGHT-7, CCK-NEUT-8: "Kann ein vertriebener neutraler Ritter innerhalb der Straße des
//!   neutralen Spielers nicht regelkonform wieder eingesetzt werden": "within the road" is an
//!   empty intersection connected by that colour's roads to where the knight stood, passing no
//!   other colour's building or knight; a real player's displaced knight is re-placed the same
//!   way. With no such spot the knight goes back to its stock, and nobody earns tokens.
//! - CCK-BARB-2: the seed only says the neutral knights "zählen auch nicht bei der Verteidigung
//!   gegen das Barbarenheer mit"; it is silent on the barbarians' strength. The official
//!   "b = s + m" is read as one per city of the real players, a metropolis counting once.
//! - CCK-BARB-3: the seed is silent. A player whose active knights add 0 gets nothing: with
//!   unequal strengths the stronger player is Defender (the point still scores when the 6 cards
//!   are gone); equal strengths above 0 give each a progress card from a deck of their choice,
//!   active player first; both at 0 reward nobody.
//! - CCK-BARB-4: the seed is silent. A pillaged city becomes a settlement even when its owner has
//!   no settlement piece left (the count goes negative until a city is built again); its wall
//!   returns to the supply.
//! - CCK-PROG-4: the seed is silent. The active player who holds a fifth progress card during
//!   the dice phase (a gate or a Defender draw) resolves it once both rolls are resolved, before
//!   anything else, by playing a card or returning one; the other player returns one at once.
//! - CCK-PROG-5: the seed is silent. A progress card drawn this turn may be played this turn,
//!   after both rolls (the Alchemist only before the first roll).
//! - CCK-PROG-14: the seed is silent. Irrigation and Mining pay as many as the bank holds.
//! - CCK-PROG-20: "Beim Wiedereinsetzen einer eigenen Straße wird für die neutralen Parteien
//!   keine Straße gebaut – denn ein Wiedereinsetzen ist kein Bau im eigentlichen Sinne": the
//!   card names no owner, so the Diplomat removes an open road of any colour, neutral ones
//!   included; only the player's own road may be re-placed, and that builds no neutral road.
//! - CCK-PROG-22, -25, -26, -29: the seed is silent. Master Merchant cannot be played unless the
//!   opponent has more VP; Wedding and Saboteur can be played without effect. The Merchant may
//!   stand on any land hex touching the player's building (the desert included: a point, no 2:1
//!   rate).
//! - CCK-PROG-27: the seed is silent. An opponent without commodities gives nothing, and the
//!   offered resource stays with the player.
//! - CCK-NEUT-1: "Setzt ein Spieler auf einem der beiden oben beschriebenen Wege in einem Zug
//!   mehrere Ritter ein": only building is described, and §7 excludes the Deserter, so every
//!   built knight, and nothing else, gives a neutral knight (a basic one).
//! - CCK-NEUT-6: "Wertet einer der beiden Spieler einen seiner Ritter auf, so muss auch
//!   entsprechend einer der Ritter der neutralen Parteien aufgewertet werden": "entsprechend" is
//!   the same level. A promotion to strong promotes a neutral basic knight (a strong one must be
//!   in that colour's stock); a promotion to mighty lapses, with no substitute (option
//!   `neutral_promotion`, default `same_level`; `one_step` promotes a neutral basic knight for
//!   every promotion).
//! - CCK-NEUT-9..-14: "so setzt er ebenfalls für einen der beiden neutralen Spieler einen Ritter
//!   der gleichen Stufe regelkonform ein": "er", the player who built (always the active
//!   player), chooses colour and spot of every neutral piece from the listed legal options
//!   (option `neutral_placement`, default `active_player`). The seed knows no bot: `bot` and its
//!   blocking heuristic (target `neutral_bot_target`, keys reach, pips, colour, reading order)
//!   are house rules.
//! - CCK-TOKEN-2: "Für das vom Feld nehmen eines Ritters bekommt man:" 1, 2 or 3 tokens; the seed
//!   is silent on when and how often. Once per turn, like the base game's knight-card return it
//!   replaces, in the player's own turn after both rolls with nothing pending.
//! - CCK-BARB-1: the seed is silent on the track; the ship lands after 7 ship results (option
//!   `barbarian_track`).
//! - `max_turns` (default 0 = off): a house rule a table may choose; after that many turns the
//!   higher score wins, equal scores end without a winner, and the end event says the cap ended
//!   the game and that nobody reached the target (SESSION-HOUSE-1). Test drivers set it so that
//!   random play always ends.
//! - `table_mode: "all"`: every card drawn at the table comes through the engine's chance source
//!   (CAT-RNG-3), in the request's `table` field, in the order the table resolves them: the
//!   progress cards of a city gate (active player first; decks `trade_progress`,
//!   `politics_progress`, `science_progress`), the Defender's card, a card taken from a hand
//!   (deck `hand`: the robber, a knight chasing it, the Bishop, a forced trade). It implies
//!   manual dice. The "needed" answer lists the card ids that can be drawn. A drawn card is
//!   seen in the log only by its drawer (a card taken from a hand: by both players), and named
//!   only in the secret part of its event. Moves of old sessions that carried the card
//!   (`drawn`, `stolen`, `drawn_cards`) still replay: such a card is used before the table's.

// Index loops over the fixed 54/72-entry board tables read clearer than iterator chains.
#![allow(clippy::needless_range_loop)]

pub mod board;
pub mod bot;
pub mod data;
pub mod events;
pub mod flow;
pub mod legal;
pub mod mechanics;
pub mod moves;
pub mod option_texts;
pub mod options;
pub mod progress;
pub mod prompt;
pub mod refusals;
pub mod rules;
pub mod state;
pub mod text;
pub mod view;

#[cfg(test)]
mod tests;

use crate::engine::{Game, Lang, Legal, Next, RuleError, Seat, SeatInfo, TableMode, TextCx, Turn};
pub use events::Event;
pub use moves::Move;
use options::FirstPlayer;
pub use options::Options;
pub use prompt::Decision;
pub use state::State;
use state::*;

pub struct CatanCkDuel;

impl Game for CatanCkDuel {
    const ID: &'static str = "catan-ck-duel";
    /// 1: typed events; the stored end sentence is gone (0 was the legacy bridge).
    /// 2: the options in the state say `table_mode` (no `dice`, `physical_table`).
    /// 2 (also): the board's ids are the shared core's (robber, merchant and set-up intersection
    /// stored as coordinates, not list positions); older sessions replay from their log.
    /// 3: the island is the shared core's `Board` (tiles, harbours, robber, buildings, roads;
    /// knights, walls and metropolises as its pieces); older sessions replay from their log.
    const STATE_VERSION: u32 = 3;
    const RULEBOOK: &'static [&'static str] =
        &[crate::games::catan::RULEBOOK, include_str!("rulebook.toml")];
    /// English and German: the German texts pass the scan for English words.
    const LANGUAGES: &'static [Lang] = &[Lang::En, Lang::De];
    /// The refusals read in English and German too (`refusals.rs`).
    const REFUSALS: &'static [Lang] = &[Lang::En, Lang::De];
    const OPTION_TEXTS: &'static [crate::engine::OptionText] = option_texts::OPTION_TEXTS;
    type Options = Options;
    type State = State;
    type Move = Move;
    type Event = Event;
    type Decision = Decision;

    /// CAT-TURN-1: only the seat a decision names may answer it; CAT-RNG-2: table dice left over.
    fn own_rule(_state: &State, case: crate::engine::SessionCase) -> Option<&'static str> {
        use crate::engine::SessionCase as C;
        match case {
            C::NotYourTurn | C::NotTheBotsTurn | C::BotsTurn => Some("CAT-TURN-1"),
            C::DiceUnused => Some("CAT-RNG-2"),
            C::CardsUnused => None,
        }
    }
    type View<'a> = view::View<'a>;

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Catan for two with Cities & Knights",
            Lang::De => "Catan für zwei Spieler mit Städte & Ritter",
        }
    }

    fn seats(_o: &Options) -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("a", "Player A", "Spieler A"),
            SeatInfo::human("b", "Player B", "Spieler B"),
        ]
    }

    /// CAT-RNG-3: old sessions (before the chance source took table cards)
    /// carried the cards a seat drew or stole inside its moves; their logs
    /// still show those fields to the seat that moved only.
    const SECRET_MOVE_FIELDS: &'static [&'static str] = &["drawn", "stolen", "drawn_cards"];

    /// CAT-RNG-1, CAT-RNG-3: dice come from the table with manual dice or
    /// at a physical table; otherwise the server rolls and table dice are
    /// refused. At a physical table the cards drawn (progress cards, a card
    /// taken from a hand) come from the table too, by id, in the request's
    /// `table` field, each seen only by the seats that may see it.
    fn table_mode(o: &Options) -> TableMode {
        o.table().mode()
    }

    /// A real box on a real table: the beginner island, the table's dice
    /// and every card drawn at the table.
    fn physical_table_options() -> Option<Options> {
        Some(Options {
            layout: crate::games::catan::layout::Layout::Beginner,
            first_player: FirstPlayer::A,
            table_mode: crate::engine::TableChoice::All,
            ..Options::default()
        })
    }

    fn start(o: &Options, turn: &mut Turn<'_, Event>) -> Result<State, RuleError> {
        flow::start(o, turn)
    }

    fn play(s: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        // The engine has checked that `next` names this seat.
        let who = turn.seat.unwrap_or(SEAT_A);
        rules::play(s, who, mv, turn)
    }

    fn bot_turn(s: &mut State, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
        bot::bot_turn(s, turn)
    }

    fn next(s: &State) -> Next<Decision> {
        flow::next(s)
    }

    fn view(s: &State, seat: Option<Seat>) -> view::View<'_> {
        view::view(s, seat)
    }

    fn legal_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
        legal::legal_moves(s, seat)
    }

    fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
        text::label_on(text::Names(None), mv, free, cx)
    }

    /// Places by what touches them.
    fn label_in(s: &State, mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
        text::label_on(text::Names(Some(s)), mv, free, cx)
    }

    fn value_label(
        s: &State,
        _mv: &Move,
        field: &str,
        value: &serde_json::Value,
        cx: &TextCx<'_>,
    ) -> String {
        text::value_label(s, field, value, cx.lang)
    }

    fn param_label(_: &State, _: &Move, field: &str, cx: &TextCx<'_>) -> Option<String> {
        text::param_label(field, cx.lang)
    }
}
