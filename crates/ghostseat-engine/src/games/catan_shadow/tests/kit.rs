//! Test helpers: positions built by hand, and commands run as the adapter runs them (turn gate,
//! table input used up) on the engine's rule-test driver, events read as the wire shows them.

use serde_json::{json, Value};

use super::super::options::{Options, RerollPolicy};
use super::super::state::{FictiveStage, FictiveTurn, Stage, State};
use super::super::{CatanShadow, Event, Move};
use crate::engine::testing::{event_of, kinds_of, ReadEvent, Rules};
use crate::engine::{Chance, Dice, Game, Next, RuleError, Seat, TableItem, Turn};
use crate::games::catan::geometry::{Dir, Edge, Hex, Vertex};
use crate::games::catan::layout::Layout;
use crate::games::catan::options::TableChoice;
use crate::games::catan::table::{FirstPlayer, Phase};
use crate::games::catan::{Building, BuildingKind, Colour, EdgeId, HexId, VertexId};

/// An event as a test reads it: kind, rule, data, dice, cards, the English sentence, the secret
/// part and the typed event.
pub type Ev = ReadEvent<Event>;

/// The engine's rule-test driver for the seats of `o`.
pub fn rules(o: &Options) -> Rules<CatanShadow> {
    Rules::new(o)
}

/// Beginner island, dice from the table, `a` first, the removal never rolled again.
pub fn opts() -> Options {
    Options {
        layout: Some(Layout::Beginner),
        table_mode: TableChoice::Dice,
        first_player: FirstPlayer::A,
        reroll_policy: RerollPolicy::Never,
        ..Default::default()
    }
}

pub fn hx(q: i8, r: i8) -> HexId {
    Hex(q, r).id().unwrap()
}
pub fn vn(q: i8, r: i8) -> VertexId {
    Vertex::n(q, r).id().unwrap()
}
pub fn vs(q: i8, r: i8) -> VertexId {
    Vertex::s(q, r).id().unwrap()
}
pub fn ed(q: i8, r: i8, d: Dir) -> EdgeId {
    Edge::new(q, r, d).id().unwrap()
}

/// The engine's turn gate, as the adapter runs it before game code.
fn gate(s: &State, seat: Option<Seat>) -> Result<(), RuleError> {
    match (CatanShadow::next(s), seat) {
        (Next::Human { seats, .. }, Some(x)) if seats.contains(&x) => Ok(()),
        (Next::Bot { .. }, None) => Ok(()),
        _ => Err(RuleError::out_of_turn(
            "SESSION-TURN-1",
            "not this seat's turn",
        )),
    }
}

/// The table's chance for a command: the server stream at `seed`, dice `d` from the table.
fn chance(s: &State, d: &[u8], seed: u64) -> Result<Chance, RuleError> {
    Chance::new(Dice::new(seed), s.options.table_mode(), dice(d))
}

fn dice(d: &[u8]) -> Vec<TableItem> {
    d.iter().map(|x| TableItem::Die(*x)).collect()
}

/// A bot turn with table dice and the server stream at `seed`, as the adapter runs it: gate,
/// game code, table input used up.
pub fn bot_seed(s: &State, d: &[u8], seed: u64) -> Result<(State, Vec<Ev>), RuleError> {
    gate(s, None)?;
    let mut chance = chance(s, d, seed)?;
    let step = rules(&s.options).bot(s, &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}

/// A bot turn with table dice.
pub fn bot(s: &State, d: &[u8]) -> Result<(State, Vec<Ev>), RuleError> {
    bot_seed(s, d, 3)
}

/// A move of `seat` with table dice and the server stream at `seed`, as the adapter runs it.
pub fn mv_seed(
    s: &State,
    seat: u8,
    m: impl Into<Move>,
    d: &[u8],
    seed: u64,
) -> Result<(State, Vec<Ev>), RuleError> {
    gate(s, Some(Seat(seat)))?;
    let mut chance = chance(s, d, seed)?;
    let step = rules(&s.options).play(s, Seat(seat), &m.into(), &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}

/// [`mv_seed`] with the events as the game made them, for who may see their hidden parts.
pub fn mv_seed_unread(
    s: &State,
    seat: u8,
    m: impl Into<Move>,
    d: &[u8],
    seed: u64,
) -> Result<(State, Vec<crate::engine::Event<Event>>), RuleError> {
    gate(s, Some(Seat(seat)))?;
    let mut chance = chance(s, d, seed)?;
    let mut st = s.clone();
    let mut turn = Turn::new(Some(Seat(seat)), &mut chance);
    CatanShadow::play(&mut st, &m.into(), &mut turn)?;
    let (events, _) = turn.finish();
    chance.finish()?;
    Ok((st, events))
}

pub fn mv(
    s: &State,
    seat: u8,
    m: impl Into<Move>,
    d: &[u8],
) -> Result<(State, Vec<Ev>), RuleError> {
    mv_seed(s, seat, m, d, 3)
}

/// A command through the engine layer, as the session sends it (`seat` None = the bot turn):
/// the refusal with the rule the answer names, after the game's own rule for session cases.
pub fn erased(s: &State, seat: Option<u8>, m: Option<Move>, d: &[u8]) -> RuleError {
    use crate::engine::{AdapterError, DynGame, Erased};
    let g = Erased::<CatanShadow>::new();
    let any = g.restore(&serde_json::to_vec(s).unwrap()).unwrap();
    let chance = Chance::new(Dice::new(3), s.options.table_mode(), dice(d)).unwrap();
    let r = match (seat, m) {
        (Some(x), Some(m)) => g.play(&any, Seat(x), &serde_json::to_value(&m).unwrap(), chance),
        _ => g.bot_turn(&any, chance),
    };
    match r {
        Err(AdapterError::Rule(e)) => e,
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("accepted"),
    }
}

/// A fresh game with options `o`.
pub fn started(o: &Options) -> (State, Vec<Ev>) {
    run_start(o, &[]).unwrap()
}

pub fn run_start(o: &Options, d: &[u8]) -> Result<(State, Vec<Ev>), RuleError> {
    let mut chance = Chance::new(Dice::new(0), o.table_mode(), dice(d))?;
    let step = rules(o).start(o, &mut chance)?;
    chance.finish()?;
    Ok((step.state, step.events))
}

/// Start with `o` and roll the removal with `d`.
pub fn removed_with(o: &Options, d: [u8; 2]) -> (State, Vec<Ev>) {
    let (s, _) = started(o);
    assert_eq!(s.stage, Stage::Removal);
    bot(&s, &d).unwrap()
}

/// Past set-up: turn 3, seat a in `main`.
pub fn in_play(mut s: State) -> State {
    s.table.setup_step = 4;
    s.table.turn = 3;
    s.table.phase = Phase::Main;
    s.table.active = Seat(0);
    s
}

pub fn put(s: &mut State, c: Colour, v: VertexId, kind: BuildingKind) {
    s.table
        .board
        .set_building(v, Some(Building { colour: c, kind }));
}

/// A fictive turn run by `runner` at `stage`.
pub fn fictive(s: &State, runner: u8, stage: FictiveStage) -> FictiveTurn {
    let runner = Seat(runner);
    FictiveTurn {
        fictive: if runner == s.table.first_player {
            Colour::F1
        } else {
            Colour::F2
        },
        runner,
        stage,
        roll: None,
        chooser: None,
        offer_die: None,
        offer: None,
        auction: None,
    }
}

/// An event as JSON: kind, data, rule and dice.
pub fn js(e: &Ev) -> Value {
    let mut v = serde_json::to_value(&e.event).unwrap();
    v["rule"] = json!(e.rule);
    v["dice"] = json!(e.dice);
    v
}

/// The first event of `kind`, as JSON.
pub fn find(ev: &[Ev], kind: &str) -> Value {
    js(event_of(ev, kind))
}

pub fn kinds(ev: &[Ev]) -> Vec<String> {
    kinds_of(ev).into_iter().map(str::to_string).collect()
}

pub fn has_rule(ev: &[Ev], rule: &str) -> bool {
    ev.iter().any(|e| e.rule == rule)
}

/// The seats `next` names.
pub fn next_seats(s: &State) -> Vec<Seat> {
    match CatanShadow::next(s) {
        Next::Human { seats, .. } => seats,
        _ => Vec::new(),
    }
}

pub fn is_bot(s: &State) -> bool {
    matches!(CatanShadow::next(s), Next::Bot { .. })
}
