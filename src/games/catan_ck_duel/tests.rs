//! Tests of catan-ck-duel: rule ids CCK-* are named in test names or beside assertions.

use super::board::{geo, Corner, Edge, Hex, Side, Vertex};
use super::data::*;
use super::moves::Move;
use super::state::*;
use super::*;
use crate::engine::{Dice, Game, Next, Seat};

type G = CatanCkDuel;

fn random_game(
    seed: u64,
    opts: &Options,
    max_steps: usize,
) -> (State, Vec<(Option<Move>, u64)>, usize) {
    let mut dice = Dice::new(seed);
    let mut s = G::start(opts, &mut dice).expect("start").state;
    let mut chooser = Dice::new(seed ^ 0xABCDEF);
    let mut log = Vec::new();
    for step in 0..max_steps {
        match G::next(&s) {
            Next::Finished { .. } => return (s, log, step),
            Next::Bot { .. } => {
                let pos = dice.position();
                s = G::bot_turn(&s, &mut dice).expect("bot turn").state;
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
                    Ok(st) => s = st.state,
                    Err(e) => panic!("listed move refused at step {step}: {m:?}: {e}"),
                }
                log.push((Some(m), pos));
            }
        }
    }
    (s, log, max_steps)
}

#[test]
fn random_games_finish_and_replay_identically() {
    for seed in 0..12u64 {
        let mut o = Options {
            max_turns: 60,
            ..Options::default()
        };
        if seed % 2 == 1 {
            o.neutral_placement = NeutralPlacement::Bot;
            o.layout = state::Layout::Beginner;
            o.neutral_promotion = NeutralPromotion::OneStep;
            o.barbarian_track = 3;
        }
        let (s, log, steps) = random_game(seed, &o, 20_000);
        assert!(
            matches!(G::next(&s), Next::Finished { .. }),
            "seed {seed} did not finish in {steps} steps"
        );
        // replay
        let mut dice = Dice::new(seed);
        let mut r = G::start(&o, &mut dice).unwrap().state;
        for (m, _) in &log {
            r = match m {
                Some(m) => {
                    let seat = match G::next(&r) {
                        Next::Human { seats, .. } => seats[0],
                        _ => panic!("replay diverged"),
                    };
                    G::play(&r, seat, m, &mut dice).unwrap().state
                }
                None => G::bot_turn(&r, &mut dice).unwrap().state,
            };
        }
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            serde_json::to_string(&s).unwrap()
        );
    }
}
