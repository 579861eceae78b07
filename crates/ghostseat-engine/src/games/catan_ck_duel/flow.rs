//! Building the table (CCK-SETUP-1, -2; CAT-BOARD-11..-13, CAT-SETUP-4, CAT-DUO-3).

use super::board::*;
use super::data::*;
use super::events::{Ev, Event};
use super::mechanics::R;
use super::refusals::Refusal;
use super::state::*;
use super::text::TableNeed;
use crate::engine::{Chance, Emit, NeedWords, RuleError};
use crate::games::catan::board::Board;

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
