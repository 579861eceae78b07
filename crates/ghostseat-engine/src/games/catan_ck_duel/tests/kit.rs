//! The rule tests drive the game command by command on the engine's rule-test driver, as the
//! engine does: a seeded stream at a position plus the table's dice, the turn gate of `next`,
//! and the unused-input check of `Chance::finish`. Events are the driver's `ReadEvent` (kind,
//! data, rule, dice, cards, the English sentence, the secret part).

use super::super::{legal, view, CatanCkDuel, Decision, Move, Options, State};
use crate::engine::dice::Dice as Stream;
use crate::engine::testing::{ReadEvent, Rules, Stepped};
use crate::engine::{
    Chance, Describe, Game, Lang, Next, RuleError, Seat, SeatInfo, TableItem, TextCx,
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

/// The seats the sentences name.
fn seats() -> Vec<SeatInfo> {
    CatanCkDuel::seats(&Options::default())
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

/// An event as a reader with every secret sees it.
pub type Event = ReadEvent<super::super::Event>;

/// What one command left: the state and its events.
pub type Step = Stepped<State, super::super::Event>;

/// The engine's rule-test driver; sentences name the default seats.
fn rules() -> Rules<CatanCkDuel> {
    Rules::new(&Options::default())
}

/// Events recorded by a rule function called directly.
pub fn read_all(ev: &[crate::engine::Event<super::super::Event>]) -> Vec<Event> {
    rules().read(ev.to_vec())
}

/// One command on the driver with the test's dice: the seeded stream at the dice's position,
/// the table's items, and the unused-input check of `Chance::finish`.
fn run(
    d: &mut Dice,
    opts: &Options,
    f: impl FnOnce(&Rules<CatanCkDuel>, &mut Chance) -> Result<Step, RuleError>,
) -> Result<Step, RuleError> {
    let mut mode = CatanCkDuel::table_mode(opts);
    if d.table.iter().any(|i| matches!(i, TableItem::Die(_))) {
        // Dice written into a test's command come from the table.
        mode.dice = true;
    }
    let table = std::mem::take(&mut d.table);
    let mut ch = Chance::new(Stream::at(d.seed, d.pos), mode, table)?;
    let step = f(&rules(), &mut ch)?;
    let rec = ch.finish()?;
    d.pos = rec.position;
    d.server_used = rec.server_used;
    Ok(step)
}

/// The game as the old tests call it.
pub struct G;

impl G {
    pub fn seats(o: &Options) -> Vec<SeatInfo> {
        CatanCkDuel::seats(o)
    }
    pub fn start(o: &Options, d: &mut Dice) -> Result<Step, RuleError> {
        run(d, o, |r, ch| r.start(o, ch))
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
        run(d, &s.opts, |r, ch| r.play(s, seat, mv, ch))
    }
    pub fn bot_turn(s: &State, d: &mut Dice) -> Result<Step, RuleError> {
        if !matches!(CatanCkDuel::next(s), Next::Bot { .. }) {
            return Err(RuleError::out_of_turn(
                "SESSION-TURN-1",
                "it is not the bot's turn: a human seat must move first",
            ));
        }
        run(d, &s.opts, |r, ch| r.bot(s, ch))
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
