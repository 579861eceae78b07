//! Helpers of the three-hundred tests: boards built by hand, and commands run through the erased
//! adapter exactly as the session layer runs them (turn gate, table input, leftovers refused).

use serde_json::{json, Value};

use super::super::data::{Card, City, Side, CARDS};
use super::super::events::Event;
use super::super::state::{Phase, Slot, State, Units};
use super::super::{Options, ThreeHundred};
use crate::engine::testing::{event_of, ReadEvent, Rules};
use crate::engine::{
    AdapterError, AnyEvents, Chance, Dice, DynGame, Erased, Lang, RuleError, Seat, TableItem,
    TableMode, TextCx, Turn,
};

pub use City::*;

/// The game behind the erased contract.
pub fn game() -> Erased<ThreeHundred> {
    Erased::new()
}

/// A card by its printed number.
pub fn c(n: u8) -> Card {
    Card::from_number(u64::from(n)).expect("a card number 1..16")
}

/// A card's wire id by its printed number.
pub fn id(n: u8) -> &'static str {
    c(n).id()
}

/// Printed numbers of cards.
pub fn nums(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.number()).collect()
}

/// Printed numbers of known slots (hidden ones as 0).
pub fn slot_nums(slots: &[Slot]) -> Vec<u8> {
    slots
        .iter()
        .map(|s| match s {
            Slot::Card(c) => c.number(),
            Slot::Hidden(_) => 0,
        })
        .collect()
}

/// A setup state of `options` (the server's dice, seed `seed`).
pub fn start(options: &Options, seed: u64) -> State {
    let mut chance = Chance::new(Dice::new(seed), options.table_mode(), vec![]).unwrap();
    rules().start(options, &mut chance).expect("setup").state
}

/// An empty board in the operations phase, Persians to act; the deck is 1..16 in order.
pub fn blank(bridge: bool, score: i32) -> State {
    let mut st = start(&Options::default(), 1);
    for u in st.units.values_mut() {
        *u = Units::default();
    }
    st.bridge = bridge;
    st.score = score;
    st.phase = Phase::Operations;
    st.to_act = Side::Persians;
    st.deck = CARDS.iter().copied().map(Slot::Card).collect();
    st.greek_stock_armies = 9;
    st.greek_stock_fleets = 5;
    st
}

pub fn prep_state(bridge: bool, score: i32) -> State {
    let mut st = blank(bridge, score);
    st.phase = Phase::PersianPrep;
    st
}

pub fn put(st: &mut State, city: City, ga: u32, pa: u32, gf: u32, pf: u32) {
    *st.um(city) = Units { ga, pa, gf, pf };
}

/// Hands by printed numbers; the deck loses those cards.
pub fn hands(st: &mut State, greek: &[u8], persian: &[u8]) {
    let g: Vec<Card> = greek.iter().map(|&n| c(n)).collect();
    let p: Vec<Card> = persian.iter().map(|&n| c(n)).collect();
    st.deck
        .retain(|s| !matches!(s, Slot::Card(x) if g.contains(x) || p.contains(x)));
    st.hand_greeks = g;
    st.hand_persians = p.into_iter().map(Slot::Card).collect();
}

/// An event as a test reads it: kind, rule, data, dice, cards, the English sentence, the secret
/// part and the typed event.
pub type Ev = ReadEvent<Event>;

/// The engine's rule-test driver for three-hundred.
pub fn rules() -> Rules<ThreeHundred> {
    Rules::new(&Options::default())
}

/// Events as the Greek seat reads them on the wire (an `events_json` array). Each one's
/// `{kind, data}` must read back as the typed event, so the wire form is checked too.
pub fn read_wire(wire: &Value) -> Vec<Ev> {
    wire.as_array()
        .expect("an events array")
        .iter()
        .map(wire_event)
        .collect()
}

fn wire_event(v: &Value) -> Ev {
    let list = |key: &str| v.get(key).cloned().unwrap_or_else(|| json!([]));
    ReadEvent {
        kind: v["kind"].as_str().unwrap_or_default().to_string(),
        rule: v["rule"].as_str().unwrap_or_default().to_string(),
        data: v.get("data").cloned().unwrap_or(Value::Null),
        dice: serde_json::from_value(list("dice")).expect("dice"),
        cards: serde_json::from_value(list("cards")).expect("cards"),
        text: v["text"].as_str().unwrap_or_default().to_string(),
        secret: v.get("secret").map(|s| only(s, &["kind", "data", "text"])),
        event: serde_json::from_value(only(v, &["kind", "data"]))
            .unwrap_or_else(|e| panic!("{v} is no event: {e}")),
    }
}

/// The `keys` of the object `v` that it has.
fn only(v: &Value, keys: &[&str]) -> Value {
    let mut out = serde_json::Map::new();
    for k in keys {
        if let Some(x) = v.get(*k) {
            out.insert(k.to_string(), x.clone());
        }
    }
    Value::Object(out)
}

/// The events of an erased command as the Greek seat reads them on the wire.
fn wire_events(events: &AnyEvents) -> Vec<Ev> {
    let g = game();
    let seats = g.seats(&Value::Null).unwrap();
    let cx = TextCx::new(Lang::En, &seats);
    let wire: Value =
        serde_json::from_str(g.events_json(events, &cx, Some(Seat(0))).unwrap().get()).unwrap();
    read_wire(&wire)
}

/// The result of a command.
pub struct Out {
    pub state: State,
    pub events: Vec<Ev>,
    pub undoable: bool,
    pub server_used: bool,
}

fn restore(st: &State) -> crate::engine::AnyState {
    game()
        .restore(&serde_json::to_vec(st).unwrap())
        .expect("state round trip")
}

fn unwrap_state(any: &crate::engine::AnyState) -> State {
    serde_json::from_slice(&game().snapshot(any).unwrap()).unwrap()
}

/// Runs a command through the erased adapter: a move of `seat` (None: the bot turn), with
/// `table` input under `mode`, the server stream at `seed`.
pub fn command(
    st: &State,
    seat: Option<Seat>,
    mv: Option<&Value>,
    mode: TableMode,
    table: Vec<TableItem>,
) -> Result<Out, AdapterError> {
    let g = game();
    let any = restore(st);
    let chance = Chance::new(Dice::new(3), mode, table)?;
    let step = match (seat, mv) {
        (Some(s), Some(m)) => g.play(&any, s, m, chance)?,
        _ => g.bot_turn(&any, chance)?,
    };
    Ok(Out {
        state: unwrap_state(&step.state),
        events: wire_events(&step.events),
        undoable: step.undoable,
        server_used: step.chance.server_used,
    })
}

/// Dice from the table only (the cards as the state's options say).
pub fn dice_mode(st: &State) -> TableMode {
    TableMode {
        dice: true,
        cards: st.options.table_deck(),
    }
}

pub fn dice_items(vals: &[u8]) -> Vec<TableItem> {
    vals.iter().map(|&v| TableItem::Die(v)).collect()
}

fn rule_err(e: AdapterError) -> RuleError {
    match e {
        AdapterError::Rule(r) => r,
        e => panic!("not a rule error: {e}"),
    }
}

/// The bot turn with exactly these table dice (every one must be used).
pub fn bot(st: &State, vals: &[u8]) -> (State, Vec<Ev>) {
    let o = command(st, None, None, dice_mode(st), dice_items(vals))
        .unwrap_or_else(|e| panic!("bot refused: {e}"));
    (o.state, o.events)
}

/// A Greek move with exactly these table dice.
pub fn play(st: &State, m: Value, vals: &[u8]) -> (State, Vec<Ev>) {
    let o = command(st, Some(Seat(0)), Some(&m), dice_mode(st), dice_items(vals))
        .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    (o.state, o.events)
}

/// A Greek move that must be refused (server dice).
pub fn refuse(st: &State, m: Value) -> RuleError {
    match command(st, Some(Seat(0)), Some(&m), TableMode::SERVER, vec![]) {
        Ok(_) => panic!("{m} should be refused"),
        Err(e) => rule_err(e),
    }
}

/// The bot turn, refused.
pub fn bot_refused(st: &State, mode: TableMode, table: Vec<TableItem>) -> RuleError {
    match command(st, None, None, mode, table) {
        Ok(_) => panic!("the bot turn should be refused"),
        Err(e) => rule_err(e),
    }
}

/// Runs game code with a turn of exactly these table dice; returns its events as the driver
/// reads them.
pub fn with_turn<R>(
    st: &mut State,
    vals: &[u8],
    f: impl FnOnce(&mut State, &mut super::super::events::Tx<'_>) -> R,
) -> (R, Vec<Ev>) {
    let mut chance = Chance::new(Dice::new(0), dice_mode(st), dice_items(vals)).unwrap();
    let mut turn = Turn::new(None, &mut chance);
    let r = f(st, &mut turn);
    let (ev, _) = turn.finish();
    chance.finish().expect("every table die used");
    (r, rules().read(ev))
}

/// The first event of `kind`.
pub fn find<'a>(ev: &'a [Ev], kind: &str) -> &'a Ev {
    event_of(ev, kind)
}

pub fn all<'a>(ev: &'a [Ev], kind: &str) -> Vec<&'a Ev> {
    ev.iter().filter(|e| e.kind == kind).collect()
}

/// The secret part of an event, as the Greek seat reads it.
pub fn secret(e: &Ev) -> &Value {
    e.secret.as_ref().expect("a secret part")
}

/// The Greeks act in the operations phase; Abydos and Ephesos hold 3 Persian armies each.
pub fn greek_turn() -> State {
    let mut st = blank(true, 0);
    st.to_act = Side::Greeks;
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    st
}

/// PERSS.KI acts, with 3 armies each in Abydos and Ephesos and cards 3 and 5.
pub fn ai_state() -> State {
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    hands(&mut st, &[2], &[3, 5]);
    st
}

/// One command with the server's dice from a stream at `pos` (advanced): the bot turn when due,
/// else `choose` picks a listed Greek move (templates filled with their first values).
pub fn step_server(
    st: &State,
    pos: &mut u64,
    choose: impl FnOnce(&[Value]) -> Value,
) -> Option<Out> {
    let g = game();
    let any = restore(st);
    let chance = Chance::new(Dice::at(77, *pos), TableMode::SERVER, vec![]).unwrap();
    let step = match g.next(&any).unwrap() {
        crate::engine::NextKind::Finished => return None,
        crate::engine::NextKind::Bot => g.bot_turn(&any, chance).unwrap(),
        crate::engine::NextKind::Human(_) => {
            let moves = g.sample_moves(&any, Seat(0), &mut |_| 0).unwrap();
            let m = choose(&moves);
            g.play(&any, Seat(0), &m, chance)
                .unwrap_or_else(|e| panic!("{m} refused: {e}"))
        }
    };
    *pos = step.chance.position;
    Some(Out {
        state: unwrap_state(&step.state),
        events: wire_events(&step.events),
        undoable: step.undoable,
        server_used: step.chance.server_used,
    })
}
