//! The rule tests drive the game command by command on the engine's rule-test driver, as the
//! engine does: a seeded stream at a position plus the table's dice, the turn gate of `next`,
//! and the unused-input check of `Chance::finish`. Events are the driver's `ReadEvent` (kind,
//! data, rule, dice, cards, the English sentence, the secret part). Below the driver, the helpers
//! the test files share: random games, places by coordinates, the beginner board with pieces put
//! on it, moves played with table dice, and what their events say.

use super::super::board::{Corner, Edge, EdgeId, Hex, HexId, Side, Vertex, VertexId};
use super::super::data::*;
use super::super::options::{FirstPlayer, NeutralPlacement};
use super::super::state::*;
use super::super::{legal, view, CatanCkDuel, Decision, Move, Options, State};
use crate::engine::dice::Dice as Stream;
use crate::engine::testing::{ReadEvent, Rules, Stepped};
use crate::engine::{
    Chance, Describe, Game, Lang, Next, RuleError, Seat, SeatInfo, TableItem, TextCx,
};
use crate::games::catan::layout::Layout;

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

// ---------------------------------------------------------------- helpers of the rule tests

/// The view as JSON, as a client receives it.
pub fn view_of(s: &State, seat: Option<Seat>) -> serde_json::Value {
    serde_json::to_value(G::view(s, seat)).unwrap()
}

/// The moves of a random game (`None`: a bot turn) and the dice position before each.
pub type MoveLog = Vec<(Option<Move>, u64)>;

pub fn random_game(seed: u64, opts: &Options, max_steps: usize) -> (State, MoveLog, usize) {
    let (s, log, steps, _) = random_game_events(seed, opts, max_steps);
    (s, log, steps)
}

/// A random game and every event it logged.
pub fn random_game_events(
    seed: u64,
    opts: &Options,
    max_steps: usize,
) -> (State, MoveLog, usize, Vec<Event>) {
    let mut events = Vec::new();
    let mut dice = Dice::new(seed);
    let mut s = G::start(opts, &mut dice).expect("start").state;
    let mut chooser = Dice::new(seed ^ 0xABCDEF);
    let mut log = Vec::new();
    for step in 0..max_steps {
        match G::next(&s) {
            Next::Finished { .. } => return (s, log, step, events),
            Next::Bot { .. } => {
                let pos = dice.position();
                let st = G::bot_turn(&s, &mut dice).expect("bot turn");
                events.extend(st.events);
                s = st.state;
                log.push((None, pos));
            }
            Next::Human { seats, .. } => {
                let seat = seats[0];
                let moves = G::legal_moves(&s, seat);
                assert!(
                    !moves.is_empty(),
                    "no legal moves at step {step}: {:?} pending {:?}",
                    s.phase,
                    s.pending.first()
                );
                let m = moves[chooser.pick_index(moves.len())].clone();
                let pos = dice.position();
                match G::play(&s, seat, &m, &mut dice) {
                    Ok(st) => {
                        events.extend(st.events);
                        s = st.state
                    }
                    Err(e) => panic!("listed move refused at step {step}: {m:?}: {e}"),
                }
                log.push((Some(m), pos));
            }
        }
    }
    (s, log, max_steps, events)
}

pub fn vt(q: i8, r: i8, c: char) -> Vertex {
    Vertex(q, r, if c == 'N' { Corner::N } else { Corner::S })
}

pub fn ed(q: i8, r: i8, side: &str) -> Edge {
    Edge(
        q,
        r,
        match side {
            "NE" => Side::NE,
            "E" => Side::E,
            _ => Side::SE,
        },
    )
}

pub fn vi(v: Vertex) -> VertexId {
    v.id().unwrap()
}

pub fn ei(e: Edge) -> EdgeId {
    e.id().unwrap()
}

pub fn hi(h: Hex) -> HexId {
    h.id().unwrap()
}

pub fn opts() -> Options {
    Options {
        layout: Layout::Beginner,
        first_player: FirstPlayer::A,
        ..Options::default()
    }
}

/// Beginner board after set-up (no real pieces), turn 5, seat a in the main phase.
pub fn base_with(o: Options) -> State {
    let mut s = G::start(&o, &mut Dice::new(7)).unwrap().state;
    s.phase = Phase::Main;
    s.turn = 5;
    s.active = SEAT_A;
    s
}

pub fn base() -> State {
    base_with(opts())
}

pub fn bld(s: &mut State, c: Colour, v: Vertex, city: bool) {
    s.set_building(
        vi(v),
        Some(Building {
            colour: c,
            city,
            wall: false,
            metropolis: None,
        }),
    );
    if let Some(p) = seat_of(c) {
        if city {
            s.players[p].cities_left -= 1;
        } else {
            s.players[p].settlements_left -= 1;
        }
    }
}

pub fn road(s: &mut State, c: Colour, e: Edge) {
    s.set_road(ei(e), Some(c));
}

pub fn kn(s: &mut State, c: Colour, v: Vertex, level: u8, active: bool) {
    s.set_knight(
        vi(v),
        Some(Knight {
            colour: c,
            level,
            active,
            activated_turn: 0,
            acted_turn: 0,
            promoted_turn: 0,
        }),
    );
    match (seat_of(c), c.neutral_index()) {
        (Some(p), _) => s.players[p].knights_left[level as usize - 1] -= 1,
        (_, Some(n)) => s.neutrals[n].knights_left[level as usize - 1] -= 1,
        _ => {}
    }
}

pub fn give(s: &mut State, seat: Seat, cards: &[(Card, u32)]) {
    for (c, n) in cards {
        s.players[seat].hand.0[c.idx()] += n;
        s.bank.0[c.idx()] -= n;
    }
}

pub fn card(s: &mut State, seat: Seat, k: ProgressKind) {
    if let Some(i) = s.decks[k.deck().idx()].iter().position(|x| *x == k) {
        s.decks[k.deck().idx()].remove(i);
    }
    s.players[seat].progress.push(ProgressCard {
        kind: k,
        drawn_turn: 1,
    });
}

/// Plays a move with `table` dice. Dice written into a `roll` move travel as
/// table dice (the server refuses a move's own dice unless the table rolls).
pub fn playd(
    s: &State,
    seat: Seat,
    mv: Move,
    table: &[u8],
) -> Result<(State, Vec<Event>), RuleError> {
    let (mv, table) = match mv {
        Move::Roll {
            dice: Some(d),
            drawn,
        } if !s.opts.table_dice() => {
            let all: Vec<u8> = d.iter().chain(table).copied().collect();
            (Move::Roll { dice: None, drawn }, all)
        }
        mv => (mv, table.to_vec()),
    };
    let mut d = Dice::new(3).with_table(&table);
    G::play(s, seat, &mv, &mut d).map(|st| (st.state, st.events))
}

pub fn ok(s: &State, seat: Seat, mv: Move) -> (State, Vec<Event>) {
    playd(s, seat, mv.clone(), &[]).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}

pub fn okd(s: &State, seat: Seat, mv: Move, table: &[u8]) -> (State, Vec<Event>) {
    playd(s, seat, mv.clone(), table).unwrap_or_else(|e| panic!("{mv:?} refused: {e}"))
}

pub fn err(s: &State, seat: Seat, mv: Move) -> String {
    match playd(s, seat, mv.clone(), &[]) {
        Ok(_) => panic!("{mv:?} was accepted"),
        Err(e) => e.rule,
    }
}

pub fn has(ev: &[Event], kind: &str) -> bool {
    ev.iter().any(|e| e.kind == kind)
}

pub fn ev_rule<'a>(ev: &'a [Event], kind: &str) -> Option<&'a Event> {
    ev.iter().find(|e| e.kind == kind)
}

pub fn roll(d: &[u8]) -> Move {
    Move::Roll {
        dice: Some(d.to_vec()),
        drawn: None,
    }
}

pub fn pp(k: ProgressKind, f: impl FnOnce(&mut Move)) -> Move {
    let mut m = Move::progress(k);
    f(&mut m);
    m
}

pub fn nb_v(c: Colour, v: Vertex) -> Move {
    Move::NeutralBuild {
        colour: c,
        vertex: Some(v),
        edge: None,
    }
}

pub fn hand(s: &State, seat: Seat, c: Card) -> u32 {
    s.players[seat].hand.get(c)
}

/// Whether a text names a place by its coordinates (`S(2,-1)`, `(1,0)`) instead of in player
/// words.
pub fn has_coordinates(text: &str) -> bool {
    text.split('(')
        .skip(1)
        .any(|t| t.split(')').next().is_some_and(|inner| inner.contains(',')))
}

/// The events of `kind` after the `progress_played` of `card`: what the card did, each with
/// `rule`, public (no secret part) and in player words.
pub fn effects<'a>(ev: &'a [Event], card: ProgressKind, kind: &str, rule: &str) -> Vec<&'a Event> {
    let id = serde_json::to_value(card).unwrap();
    let at = ev
        .iter()
        .position(|e| e.kind == "progress_played" && e.data["card"] == id)
        .unwrap_or_else(|| panic!("no progress_played of {card:?}: {ev:?}"));
    let found: Vec<&Event> = ev[at + 1..].iter().filter(|e| e.kind == kind).collect();
    assert!(!found.is_empty(), "no {kind} after {card:?}: {ev:?}");
    for e in &found {
        assert_eq!(e.rule, rule, "{e:?}");
        assert!(e.secret.is_none(), "{e:?}");
        assert!(!has_coordinates(&e.text), "{}", e.text);
    }
    found
}

pub fn a_net(s: &mut State) {
    // a: city S(2,-1) with roads SE(2,-1) (to N(2,0)) and NE(2,0) (to S(3,-1))
    bld(s, Colour::A, vt(2, -1, 'S'), true);
    road(s, Colour::A, ed(2, -1, "SE"));
    road(s, Colour::A, ed(2, 0, "NE"));
}

pub fn ex2_board(o: Options) -> State {
    let mut s = base_with(o);
    road(&mut s, Colour::N1, ed(0, 0, "NE")); // N(0,0)-S(1,-1)
    road(&mut s, Colour::N1, ed(0, -1, "SE")); // N(0,0)-S(0,-1)
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    road(&mut s, Colour::A, ed(-2, 1, "NE")); // to S(-1,0)
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), true);
    road(&mut s, Colour::A, ed(-2, 2, "NE"));
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    s
}

pub fn ex3_board() -> State {
    let mut o = opts();
    o.neutral_placement = NeutralPlacement::Bot;
    let mut s = ex2_board(o);
    bld(&mut s, Colour::B, vt(1, 1, 'N'), false);
    road(&mut s, Colour::B, ed(1, 0, "SE")); // N(1,1)-S(1,0)
    bld(&mut s, Colour::B, vt(1, -1, 'N'), true);
    road(&mut s, Colour::B, ed(1, -2, "SE")); // N(1,-1)-S(1,-2)
    s
}

/// The dice a step threw, in the order thrown (CCK-DICE-1, -4), read from its roll record:
/// the first throw, the re-thrown number dice, the accepted pair; an Alchemist throws only the
/// event die (CCK-PROG-10).
pub fn thrown(after: &State, m: &Move) -> Vec<u8> {
    let Some(r) = after.rolls.last() else {
        return Vec::new();
    };
    match m {
        Move::Roll { .. } => {}
        Move::PlayProgress {
            card: ProgressKind::Alchemist,
            ..
        } => return vec![r.event],
        _ => return Vec::new(),
    }
    match r.rejected.split_first() {
        None => vec![r.white, r.red, r.event],
        Some((first, rest)) => {
            let mut d = vec![first[0], first[1], r.event];
            d.extend(rest.iter().flatten());
            d.extend([r.white, r.red]);
            d
        }
    }
}
