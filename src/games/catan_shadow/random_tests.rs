//! Random legal play: games end (or progress under a cap), replays are
//! byte-identical, and nonsense moves are refused without changing anything.

use super::data::*;
use super::*;
use crate::engine::legacy::{Dice, Game, Next, Seat};
use crate::games::catan::board::Layout;
use serde_json::json;

/// Picks a move: builds and purchases are preferred half of the time so that
/// random games reach 10 points; otherwise uniform over the legal list.
fn pick(moves: &[Move], chooser: &mut Dice) -> usize {
    let builds: Vec<usize> = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            matches!(
                m,
                Move::BuildCity { .. }
                    | Move::BuildSettlement { .. }
                    | Move::BuildRoad { .. }
                    | Move::BuyDevelopmentCard { .. }
                    | Move::PlayKnight
            )
        })
        .map(|(i, _)| i)
        .collect();
    if !builds.is_empty() && chooser.below(2) == 0 {
        // Cities and settlements first when possible.
        if let Some(i) = builds.iter().find(|i| {
            matches!(
                moves[**i],
                Move::BuildCity { .. } | Move::BuildSettlement { .. }
            )
        }) {
            return *i;
        }
        return builds[chooser.pick_index(builds.len())];
    }
    // Avoid endless trade offers: end the turn more often than offering.
    chooser.pick_index(moves.len())
}

/// Chosen moves: (seat, move), or (None, _) for a bot turn.
type Log = Vec<(Option<u8>, Move)>;

/// Plays one game; returns (finished, steps, log of chosen moves, final snapshot, max VP).
fn run_game(seed: u64, options: &Options, max_steps: usize) -> (bool, usize, Log, String, u32) {
    let mut dice = Dice::new(seed);
    let mut chooser = Dice::new(seed ^ 0x5eed);
    let mut state = CatanShadow::start(options, &mut dice).expect("start").state;
    let mut log = Vec::new();
    for step in 0..max_steps {
        // CAT-SETUP-3: cards never appear from nowhere: bank + hands = 95.
        let t = &state.table;
        assert_eq!(
            t.bank.resources.total() + t.players[0].hand.total() + t.players[1].hand.total(),
            95,
            "seed {seed} step {step}"
        );
        match CatanShadow::next(&state) {
            Next::Finished { .. } => {
                let snap = serde_json::to_string(&state).unwrap();
                return (true, step, log, snap, 10);
            }
            Next::Bot { .. } => {
                state = CatanShadow::bot_turn(&state, &mut dice)
                    .unwrap_or_else(|e| panic!("seed {seed} step {step}: bot turn failed: {e}"))
                    .state;
                log.push((None, Move::AuctionPass));
            }
            Next::Human { seats, .. } => {
                let seat = seats[chooser.pick_index(seats.len())];
                let moves = CatanShadow::legal_moves(&state, seat);
                assert!(
                    !moves.is_empty(),
                    "seed {seed} step {step}: no legal move for {seat:?}: {}",
                    serde_json::to_string(&CatanShadow::view(&state, None)).unwrap()
                );
                let m = moves[pick(&moves, &mut chooser)].clone();
                state = CatanShadow::play(&state, seat, &m, &mut dice)
                    .unwrap_or_else(|e| {
                        panic!("seed {seed} step {step}: listed move {m:?} refused: {e}")
                    })
                    .state;
                log.push((Some(seat.0), m));
            }
        }
    }
    let vp = state.table.total_vp(0).max(state.table.total_vp(1));
    (
        false,
        max_steps,
        log,
        serde_json::to_string(&state).unwrap(),
        vp,
    )
}

fn replay(seed: u64, options: &Options, log: &[(Option<u8>, Move)]) -> String {
    let mut dice = Dice::new(seed);
    let mut state = CatanShadow::start(options, &mut dice).unwrap().state;
    for (seat, m) in log {
        state = match seat {
            None => CatanShadow::bot_turn(&state, &mut dice).unwrap().state,
            Some(s) => {
                CatanShadow::play(&state, Seat(*s), m, &mut dice)
                    .unwrap()
                    .state
            }
        };
    }
    serde_json::to_string(&state).unwrap()
}

fn varied(seed: u64) -> Options {
    let mut o = Options::default();
    match seed % 5 {
        1 => {
            o.layout = Some(Layout::Beginner);
            o.reroll_policy = RerollPolicy::Never;
        }
        2 => {
            o.numbers = crate::games::catan::board::Numbers::Random;
            o.reroll_policy = RerollPolicy::Vote;
            o.knight_to_removed_hex = false;
        }
        3 => {
            o.fictive_seven_removed_hex = FictiveSevenRemoved::Forbidden;
            o.combined_trade_build = false;
            o.discard_limit = 9;
        }
        4 => {
            o.fictive_seven_removed_hex = FictiveSevenRemoved::NoResource;
            o.reroll_policy = RerollPolicy::MoreThanTwoRed;
            o.max_removal_rerolls = 0;
        }
        _ => {}
    }
    o
}

#[test]
fn random_games_terminate_and_replay_identically() {
    // CSW-END-1: random legal play reaches 10 points within 4000 steps, for every seed.
    let mut finished = 0;
    let games = 200;
    for seed in 0..games {
        let o = varied(seed);
        let (done, _steps, log, snap, vp) = run_game(seed, &o, 4000);
        assert!(
            done,
            "seed {seed}: not finished within 4000 steps (max VP {vp})"
        );
        finished += 1;
        if seed % 8 == 0 {
            assert_eq!(replay(seed, &o, &log), snap, "seed {seed}: replay differs");
        }
    }
    assert_eq!(finished, games);
}

#[test]
fn nonsense_moves_are_refused_without_change() {
    let o = Options::default();
    let mut dice = Dice::new(11);
    let mut chooser = Dice::new(12);
    let mut state = CatanShadow::start(&o, &mut dice).unwrap().state;
    let nonsense = vec![
        Move::RemovalVote { reroll: true },
        Move::BuildRoad {
            edge: crate::games::catan::geometry::Edge::new(
                5,
                5,
                crate::games::catan::geometry::Dir::E,
            ),
        },
        Move::BuildSettlement {
            vertex: crate::games::catan::geometry::Vertex::n(9, 9),
        },
        Move::BuildCity {
            vertex: crate::games::catan::geometry::Vertex::n(0, 0),
        },
        Move::MoveRobber {
            hex: crate::games::catan::geometry::Hex(7, 7),
            stolen: None,
        },
        Move::Discard {
            cards: crate::games::catan::data::Cards::new(99, 0, 0, 0, 0),
        },
        Move::MaritimeTrade {
            give: crate::games::catan::data::Resource::Ore,
            get: crate::games::catan::data::Resource::Ore,
            times: Some(0),
        },
        Move::OfferTrade {
            give: Default::default(),
            want: Default::default(),
        },
        Move::PlayYearOfPlenty { resources: vec![] },
        Move::PlayRoadBuilding { edges: vec![] },
        Move::AuctionBid {
            card: crate::games::catan::data::Resource::Wool,
        },
        Move::AuctionRaise {
            cards: Default::default(),
        },
        Move::AuctionStand,
        Move::RespondTrade { accept: true },
        Move::EndTurn,
    ];
    for step in 0..800 {
        let before = serde_json::to_string(&state).unwrap();
        for seat in [Seat(0), Seat(1), Seat(7)] {
            let legal = CatanShadow::legal_moves(&state, seat);
            for m in &nonsense {
                if legal.contains(m) {
                    continue;
                }
                let r = CatanShadow::play(&state, seat, m, &mut Dice::new(step));
                assert!(r.is_err(), "step {step}: {m:?} by {seat:?} accepted");
                assert_eq!(serde_json::to_string(&state).unwrap(), before);
            }
        }
        // Junk JSON never parses into a move.
        assert!(
            serde_json::from_value::<Move>(json!({"type": "build_road", "edge": [0, 0, "Q"]}))
                .is_err()
        );
        assert!(
            serde_json::from_value::<Move>(json!({"type": "auction_bid", "card": "gold"})).is_err()
        );
        assert!(serde_json::from_value::<Move>(
            json!({"type": "build_city", "vertex": [0, 0, "N"], "extra": 1})
        )
        .is_err());
        match CatanShadow::next(&state) {
            Next::Finished { .. } => break,
            Next::Bot { .. } => {
                // A human move now is out of turn.
                assert!(
                    CatanShadow::play(&state, Seat(0), &Move::EndTurn, &mut Dice::new(1)).is_err()
                );
                state = CatanShadow::bot_turn(&state, &mut dice).unwrap().state;
            }
            Next::Human { seats, .. } => {
                assert!(CatanShadow::bot_turn(&state, &mut Dice::new(1)).is_err());
                let moves = CatanShadow::legal_moves(&state, seats[0]);
                // Every listed move is accepted.
                for m in &moves {
                    if let Err(e) = CatanShadow::play(&state, seats[0], m, &mut Dice::new(step)) {
                        panic!("step {step}: listed {m:?} refused: {e}");
                    }
                }
                let m = moves[pick(&moves, &mut chooser)].clone();
                state = CatanShadow::play(&state, seats[0], &m, &mut dice)
                    .unwrap()
                    .state;
            }
        }
    }
}
