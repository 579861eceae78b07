//! Tests of three-hundred. Rule ids are named beside the assertions that check them.

use super::rules::Move;
use super::state::{Options, State};
use super::ThreeHundred;
use crate::engine::{Dice, Game, Next, Seat};

/// Plays random legal moves and bot turns; returns the moves chosen and the final state.
fn random_game(seed: u64, options: &Options) -> (Vec<Option<Move>>, State) {
    let mut dice = Dice::new(seed);
    let mut pick = Dice::new(seed ^ 0xdead_beef);
    let mut st = ThreeHundred::start(options, &mut dice).unwrap().state;
    let mut log = Vec::new();
    for _ in 0..3000 {
        match ThreeHundred::next(&st) {
            Next::Finished { .. } => return (log, st),
            Next::Bot { .. } => {
                st = ThreeHundred::bot_turn(&st, &mut dice)
                    .unwrap_or_else(|e| panic!("seed {seed}: bot {e}"))
                    .state;
                log.push(None);
            }
            Next::Human { seats, .. } => {
                assert_eq!(seats, vec![Seat(0)]);
                let moves = ThreeHundred::legal_moves(&st, Seat(0));
                assert!(
                    !moves.is_empty(),
                    "seed {seed}: no legal moves in {:?}",
                    st.phase
                );
                // Prefer passing sometimes so games end; otherwise random.
                let mv = moves[pick.pick_index(moves.len())].clone();
                st = ThreeHundred::play(&st, Seat(0), &mv, &mut dice)
                    .unwrap_or_else(|e| panic!("seed {seed}: legal move {mv:?} refused: {e}"))
                    .state;
                log.push(Some(mv));
            }
        }
    }
    panic!("seed {seed}: game did not finish");
}

fn replay(seed: u64, options: &Options, log: &[Option<Move>]) -> State {
    let mut dice = Dice::new(seed);
    let mut st = ThreeHundred::start(options, &mut dice).unwrap().state;
    for m in log {
        st = match m {
            None => ThreeHundred::bot_turn(&st, &mut dice).unwrap().state,
            Some(mv) => {
                ThreeHundred::play(&st, Seat(0), mv, &mut dice)
                    .unwrap()
                    .state
            }
        };
    }
    st
}

#[test]
fn random_games_finish_and_replay_identically() {
    for seed in 0..120u64 {
        let options = if seed % 3 == 0 {
            Options {
                deploy_rule: super::state::DeployRule::EmptyCity,
            }
        } else {
            Options::default()
        };
        let (log, st) = random_game(seed, &options);
        assert!(st.is_finished());
        let again = replay(seed, &options, &log);
        assert_eq!(
            serde_json::to_string(&st).unwrap(),
            serde_json::to_string(&again).unwrap()
        );
    }
}
