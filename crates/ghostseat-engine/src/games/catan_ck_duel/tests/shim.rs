//! The rule tests drive the game command by command, as the engine does: a seeded stream at a
//! position plus the table's dice, one `Turn` per command, the turn gate of `next`, and the
//! unused-input check of `Chance::finish`. Events are read back as the wire shows them (kind,
//! data, rule, dice, cards, the English sentence, the secret part).

use serde_json::Value;

use super::super::{legal, view, CatanCkDuel, Decision, Move, Options, State};
use crate::engine::dice::Dice as Stream;
use crate::engine::{
    Chance, Describe, Game, Lang, Next, RuleError, Seat, SeatInfo, TableItem, TextCx, Turn,
};

/// The dice of a test: the seeded stream at a position, and dice rolled at the table.
#[derive(Debug, Clone)]
pub struct Dice {
    seed: u64,
    pos: u64,
    table: Vec<TableItem>,
    server_used: bool,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice {
            seed,
            pos: 0,
            table: Vec::new(),
            server_used: false,
        }
    }
    /// Dice the next command takes from the table.
    pub fn with_table(mut self, values: &[u8]) -> Self {
        self.table = values.iter().map(|v| TableItem::Die(*v)).collect();
        self
    }
    /// Dice and cards the next command takes from the table, in order.
    pub fn with_items(mut self, items: &[TableItem]) -> Self {
        self.table = items.to_vec();
        self
    }
    pub fn position(&self) -> u64 {
        self.pos
    }
    pub fn pick_index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }
    pub fn below(&mut self, n: u32) -> u32 {
        let mut s = Stream::at(self.seed, self.pos);
        let i = s.below(n);
        self.pos = s.position();
        i
    }
    /// Whether the last command drew from the server's stream.
    pub fn server_used(&self) -> bool {
        self.server_used
    }
}

/// The prompt (or the end summary) as an English sentence.
pub fn prompt(s: &State) -> String {
    let seats = seats();
    CatanCkDuel::next(s)
        .decision()
        .describe(&TextCx::new(Lang::En, &seats))
}

/// Who decides now and the prompt.
pub fn asked(s: &State) -> (Vec<Seat>, String) {
    match CatanCkDuel::next(s) {
        Next::Human { seats, .. } => (seats, prompt(s)),
        _ => (Vec::new(), prompt(s)),
    }
}

/// Events recorded by a rule function called directly.
pub fn read_all(ev: &[crate::engine::Event<super::super::Event>]) -> Vec<Event> {
    ev.iter().map(read).collect()
}

/// An event as a reader with every secret sees it.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: String,
    pub rule: String,
    pub text: String,
    pub data: Value,
    #[allow(dead_code)]
    pub dice: Vec<u8>,
    #[allow(dead_code)]
    pub cards: Vec<String>,
    /// The secret part: `{kind, data, text}`.
    pub secret: Option<Value>,
}

#[derive(Debug)]
pub struct Step {
    pub state: State,
    pub events: Vec<Event>,
}

fn seats() -> Vec<SeatInfo> {
    CatanCkDuel::seats(&Options::default())
}

fn read(e: &crate::engine::Event<super::super::Event>) -> Event {
    let seats = seats();
    let cx = TextCx::new(Lang::En, &seats);
    let what = serde_json::to_value(&e.what).expect("event serializes");
    let secret = e.secret.as_ref().map(|s| {
        let mut v = serde_json::to_value(&s.what).expect("secret serializes");
        v["text"] = Value::String(s.what.describe(&cx));
        v
    });
    Event {
        kind: what["kind"].as_str().unwrap_or_default().to_string(),
        rule: e.rule.to_string(),
        text: e.what.describe(&cx),
        data: what.get("data").cloned().unwrap_or(Value::Null),
        dice: e.dice.clone(),
        cards: e.cards.clone(),
        secret,
    }
}

fn run<T>(
    d: &mut Dice,
    opts: &Options,
    seat: Option<Seat>,
    f: impl FnOnce(&mut Turn<'_, super::super::Event>) -> Result<T, RuleError>,
) -> Result<(T, Vec<Event>), RuleError> {
    let mut mode = CatanCkDuel::table_mode(opts);
    if d.table.iter().any(|i| matches!(i, TableItem::Die(_))) {
        // Dice written into a test's command come from the table.
        mode.dice = true;
    }
    let table = std::mem::take(&mut d.table);
    let mut ch = Chance::new(Stream::at(d.seed, d.pos), mode, table)?;
    let mut turn = Turn::new(seat, &mut ch);
    let out = f(&mut turn)?;
    let (events, _) = turn.finish();
    let rec = ch.finish()?;
    d.pos = rec.position;
    d.server_used = rec.server_used;
    Ok((out, events.iter().map(read).collect()))
}

/// The game as the old tests call it.
pub struct G;

impl G {
    pub fn seats(o: &Options) -> Vec<SeatInfo> {
        CatanCkDuel::seats(o)
    }
    pub fn start(o: &Options, d: &mut Dice) -> Result<Step, RuleError> {
        let (state, events) = run(d, o, None, |t| CatanCkDuel::start(o, t))?;
        Ok(Step { state, events })
    }
    /// One move, behind the engine's turn gate.
    pub fn play(s: &State, seat: Seat, mv: &Move, d: &mut Dice) -> Result<Step, RuleError> {
        match CatanCkDuel::next(s) {
            Next::Human { seats, .. } if seats.contains(&seat) => {}
            _ => {
                return Err(RuleError::out_of_turn(
                    "SESSION-TURN-1",
                    "it is not your turn: another seat decides now",
                ))
            }
        }
        let mut state = s.clone();
        let ((), events) = run(d, &s.opts, Some(seat), |t| {
            CatanCkDuel::play(&mut state, mv, t)
        })?;
        Ok(Step { state, events })
    }
    pub fn bot_turn(s: &State, d: &mut Dice) -> Result<Step, RuleError> {
        if !matches!(CatanCkDuel::next(s), Next::Bot { .. }) {
            return Err(RuleError::out_of_turn(
                "SESSION-TURN-1",
                "it is not the bot's turn: a human seat must move first",
            ));
        }
        let mut state = s.clone();
        let ((), events) = run(d, &s.opts, None, |t| CatanCkDuel::bot_turn(&mut state, t))?;
        Ok(Step { state, events })
    }
    pub fn next(s: &State) -> Next<Decision> {
        CatanCkDuel::next(s)
    }
    pub fn legal_moves(s: &State, seat: Seat) -> Vec<Move> {
        match CatanCkDuel::next(s) {
            Next::Human { seats, .. } if seats.contains(&seat) => legal::legal(s, seat),
            _ => Vec::new(),
        }
    }
    pub fn view(s: &State, seat: Option<Seat>) -> view::View<'_> {
        CatanCkDuel::view(s, seat)
    }
}
