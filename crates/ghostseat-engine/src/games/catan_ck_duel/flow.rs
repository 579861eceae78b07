//! Set-up and turn order: building the table (CCK-SETUP-1, -2; CAT-BOARD-11..-13, CAT-SETUP-4,
//! CAT-DUO-3), who decides now, and how the game ends (CCK-END-1, SESSION-HOUSE-1).

use std::collections::BTreeMap;

use super::board::*;
use super::data::*;
use super::events::{flush, Ev, Event, GameEnd};
use super::mechanics::{vp, vp_breakdown, R};
use super::options::{FirstPlayer, NeutralPlacement, Options};
use super::prompt::Decision;
use super::refusals::Refusal;
use super::state::*;
use super::text::TableNeed;
use crate::engine::{Chance, Emit, GameOptions, NeedWords, Next, RuleError, Seat, Turn};
use crate::games::catan::board::Board;

/// The set-up: the options checked, the table built, its events handed to the turn.
pub fn start(o: &Options, turn: &mut Turn<'_, Event>) -> R<State> {
    o.validate()?;
    let mut ev = Vec::new();
    let s = new_state(o, turn.chance, &mut ev)?;
    flush(turn, ev);
    Ok(s)
}

pub fn new_state(o: &Options, dice: &mut Chance, ev: &mut Vec<Ev>) -> R<State> {
    crate::engine::GameOptions::validate(o)?;
    // Board (CAT-BOARD-11..-15) from the shared core.
    let lo = crate::games::catan::layout::LayoutOptions {
        layout: o.layout,
        numbers: o.numbers,
        spiral_start: o.spiral_start,
        harbours: o.harbours,
        board: o.board.clone(),
    };
    // Knights, walls and metropolises are the board's extra pieces (`Extra`).
    let (mut board, board_events): (
        Board<Extra>,
        Vec<crate::games::catan::events::BaseEvent<crate::games::catan::Resource>>,
    ) = crate::games::catan::layout::generate(&lo, dice, true)?;
    for e in board_events {
        ev.emit(
            crate::games::catan::layout::layout_rule(&e),
            Event::Board(e),
        );
    }
    if board.tiles.len() != HexId::COUNT || board.harbours.len() != 9 {
        return Err(RuleError::bad_options("CAT-BOARD-15", Refusal::BoardSize));
    }
    // The robber starts on the desert (CAT-SETUP-2; the first hex if a table's board has none).
    board.robber = board
        .desert()
        .unwrap_or(HexId::from_index(0).expect("the island has hexes"));
    let mut decks: [Vec<ProgressKind>; 3] = [
        deck_list(Track::Trade),
        deck_list(Track::Politics),
        deck_list(Track::Science),
    ];
    for d in decks.iter_mut() {
        dice.shuffle(d);
    }
    let mut s = State {
        opts: o.clone(),
        board,
        robber_awake: false,
        merchant: None,
        barbarian: 0,
        players: Players::default(),
        neutrals: [
            NeutralStock {
                roads_left: 15,
                settlements_left: 5,
                knights_left: [2, 2],
            },
            NeutralStock {
                roads_left: 15,
                settlements_left: 5,
                knights_left: [2, 2],
            },
        ],
        bank: Hand([19, 19, 19, 19, 19, 12, 12, 12]),
        decks,
        defender_left: 6,
        metropolis: [None; 3],
        token_supply: 10,
        longest_road: None,
        turn: 0,
        active: SEAT_A,
        first_player: SEAT_A,
        phase: Phase::Setup { step: 0 },
        rolls: Vec::new(),
        pending: Vec::new(),
        setup_vertex: None,
        built_this_turn: false,
        winner: None,
        entered: Entered::default(),
    };
    // Neutral start settlements (CAT-DUO-3).
    let a = o.neutral_start[0].id().ok_or_else(|| {
        RuleError::bad_options(
            "CAT-DUO-3",
            Refusal::NeutralStartNotIntersection { index: 0 },
        )
    })?;
    let b = o.neutral_start[1].id().ok_or_else(|| {
        RuleError::bad_options(
            "CAT-DUO-3",
            Refusal::NeutralStartNotIntersection { index: 1 },
        )
    })?;
    if a == b || a.neighbours().contains(&b) {
        return Err(RuleError::bad_options(
            "CAT-DUO-3",
            Refusal::NeutralStartDistance,
        ));
    }
    for (i, v) in [a, b].into_iter().enumerate() {
        s.set_building(v, Some(Building::plain(NEUTRALS[i], false)));
        s.neutrals[i].settlements_left -= 1;
    }
    // First player (CAT-SETUP-4, CAT-RNG-5).
    s.first_player = match o.first_player {
        FirstPlayer::A => SEAT_A,
        FirstPlayer::B => SEAT_B,
        FirstPlayer::Roll => {
            let mut w = None;
            for _ in 0..20 {
                // Both players' dice asked at once, A's first (the order the stream rolls them).
                let words = [SEAT_A, SEAT_B]
                    .into_iter()
                    .flat_map(|seat| {
                        (1..=2).map(move |n| NeedWords::new(TableNeed::RollOff { seat, n }))
                    })
                    .collect();
                let d = dice.roll_as(6, "CAT-SETUP-4", words)?;
                let (ra, rb) = (d[0] + d[1], d[2] + d[3]);
                ev.emit("CAT-SETUP-4", Event::RollOff { a: ra, b: rb });
                if ra != rb {
                    w = Some(if ra > rb { SEAT_A } else { SEAT_B });
                    break;
                }
            }
            w.unwrap_or_else(|| {
                // CAT-RNG-5: the roll-off ends after 20 equal rounds, and says so.
                ev.emit("CAT-RNG-5", Event::RollOffCapped);
                SEAT_A
            })
        }
    };
    s.active = s.first_player;
    ev.emit(
        "CCK-SETUP-1",
        Event::Setup {
            first: s.first_player,
        },
    );
    Ok(s)
}

/// Who acts now (a seat, the bot) or the end with the scores (CAT-TURN-1, CCK-END-1).
pub fn next(s: &State) -> Next<Decision> {
    let decision = super::prompt::decision(s);
    if s.phase == Phase::Finished {
        let mut scores = BTreeMap::new();
        for p in SEATS {
            scores.insert(colour_of(p).id().to_string(), Some(vp(s, p) as i64));
        }
        return Next::Finished {
            scores,
            winner: s.winner.map(|w| colour_of(w).id().to_string()),
            decision,
        };
    }
    match deciding_seat(s) {
        None => Next::Bot { decision },
        Some(seat) => Next::Human {
            seats: vec![seat],
            decision,
        },
    }
}

/// Who is asked now, or None for a bot step / finished game.
pub fn deciding_seat(s: &State) -> Option<Seat> {
    if s.phase == Phase::Finished {
        return None;
    }
    match s.pending.first() {
        Some(Pending::Neutral { .. }) => {
            if s.opts.neutral_placement == NeutralPlacement::Bot {
                None
            } else {
                Some(s.active)
            }
        }
        Some(p) => p.seat(),
        None => match s.phase {
            Phase::Setup { step } => Some(setup_seat(s, step)),
            _ => Some(s.active),
        },
    }
}

pub fn setup_seat(s: &State, step: u8) -> Seat {
    let p = step / 2;
    if p == 0 || p == 3 {
        s.first_player
    } else {
        other(s.first_player)
    }
}

/// How the game ended, from the state (the `game_over` event and the finished decision).
pub fn game_end(s: &State) -> GameEnd {
    GameEnd {
        winner: s.winner,
        vp: SEATS.map(|p| vp(s, p)),
        turn_cap: (s.opts.max_turns > 0 && s.turn > s.opts.max_turns).then_some(s.opts.max_turns),
        vp_target: s.opts.vp_target,
        a: vp_breakdown(s, SEAT_A),
        b: vp_breakdown(s, SEAT_B),
    }
}

pub fn finish(s: &mut State, winner: Option<Seat>, ev: &mut Vec<Ev>, rule: &str) {
    s.phase = Phase::Finished;
    s.winner = winner;
    s.pending.clear();
    ev.emit(rule.to_string(), Event::GameOver(game_end(s)));
}

/// The house turn cap (option `max_turns`, off unless a table sets it; the
/// rules know only 13 victory points, CCK-END-1): the game ends after that
/// many turns, the higher score wins, and the end says that the cap, not the
/// rules, ended it (SESSION-HOUSE-1).
pub fn finish_by_turn_cap(s: &mut State, ev: &mut Vec<Ev>) {
    let (va, vb) = (vp(s, SEAT_A), vp(s, SEAT_B));
    let w = match va.cmp(&vb) {
        std::cmp::Ordering::Greater => Some(SEAT_A),
        std::cmp::Ordering::Less => Some(SEAT_B),
        std::cmp::Ordering::Equal => None,
    };
    finish(s, w, ev, "SESSION-HOUSE-1");
}
