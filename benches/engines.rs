//! Engine micro-benchmarks: the cost of each game's bot turn and move check,
//! measured over the states of seeded random games (no HTTP, no disk).
//!
//! `cargo bench --bench engines` prints, per game, the median, p99 and worst
//! bot turn and move (check + apply) in microseconds. Every sample is one
//! call, timed with `Instant`, repeated `REPS` times on the same state and
//! the fastest repetition kept, so a busy machine inflates the figures less.

use ghostseat::engine::{Dice, Next};
use ghostseat::games::catalog;
use serde_json::json;
use std::time::{Duration, Instant};

const GAMES_PER_VARIANT: u64 = 6;
const REPS: usize = 5;

fn stats(mut v: Vec<Duration>) -> (f64, f64, f64, usize) {
    v.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    if v.is_empty() {
        return (0.0, 0.0, 0.0, 0);
    }
    (
        us(v[v.len() / 2]),
        us(v[(v.len() * 99 / 100).min(v.len() - 1)]),
        us(v[v.len() - 1]),
        v.len(),
    )
}

fn main() {
    println!(
        "{:<14} {:>9} {:>10} {:>10} {:>10}   {:>9} {:>10} {:>10} {:>10}",
        "game",
        "bot_n",
        "bot_p50us",
        "bot_p99us",
        "bot_maxus",
        "move_n",
        "mv_p50us",
        "mv_p99us",
        "mv_maxus"
    );
    for game in catalog() {
        let mut bots = Vec::new();
        let mut moves = Vec::new();
        for seed in 0..GAMES_PER_VARIANT {
            let mut dice = Dice::new(seed);
            let mut state = game
                .start(&json!({}), &mut dice)
                .expect("default options start")
                .state;
            let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..20_000 {
                match game.next(&state).unwrap() {
                    Next::Finished { .. } => break,
                    Next::Bot { .. } => {
                        let pos = dice.position();
                        let mut best = Duration::MAX;
                        for _ in 0..REPS {
                            let mut d = Dice::at(seed, pos);
                            let t = Instant::now();
                            let r = game.bot_turn(&state, &mut d);
                            best = best.min(t.elapsed());
                            std::hint::black_box(&r);
                        }
                        bots.push(best);
                        state = game.bot_turn(&state, &mut dice).unwrap().state;
                    }
                    Next::Human { seats, .. } => {
                        pick ^= pick << 13;
                        pick ^= pick >> 7;
                        pick ^= pick << 17;
                        let seat = seats[(pick as usize) % seats.len()];
                        let legal = game.legal_moves(&state, seat).unwrap();
                        let mv = &legal[(pick >> 20) as usize % legal.len()];
                        let pos = dice.position();
                        let mut best = Duration::MAX;
                        for _ in 0..REPS {
                            let mut d = Dice::at(seed, pos);
                            let t = Instant::now();
                            let r = game.play(&state, seat, mv, &mut d);
                            best = best.min(t.elapsed());
                            std::hint::black_box(&r);
                        }
                        moves.push(best);
                        state = game.play(&state, seat, mv, &mut dice).unwrap().state;
                    }
                }
            }
        }
        let (b50, b99, bmax, bn) = stats(bots);
        let (m50, m99, mmax, mn) = stats(moves);
        println!(
            "{:<14} {:>9} {:>10.1} {:>10.1} {:>10.1}   {:>9} {:>10.1} {:>10.1} {:>10.1}",
            game.id(),
            bn,
            b50,
            b99,
            bmax,
            mn,
            m50,
            m99,
            mmax
        );
    }
}
