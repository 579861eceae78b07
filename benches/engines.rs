//! Engine micro-benchmarks: the cost of each game's bot turn and move check,
//! measured over the states of seeded random games (no HTTP, no disk).
//!
//! `cargo bench --bench engines` prints, per game, the median, p99 and worst
//! bot turn and move (check + apply) in microseconds. Every sample is one
//! call, timed with `Instant`, repeated `REPS` times on the same state and
//! the fastest repetition kept, so a busy machine inflates the figures less.

use ghostseat::engine::testing::Picker;
use ghostseat::engine::{Chance, Dice, NextKind};
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
            let options = game.options(&json!({})).expect("default options");
            let mode = game.table_mode(&options).unwrap();
            let chance = |pos| Chance::new(Dice::at(seed, pos), mode, vec![]).unwrap();
            let start = game
                .start(&options, chance(0))
                .expect("default options start");
            let (mut state, mut pos) = (start.state, start.chance.position);
            let mut picker = Picker::new(seed);
            for _ in 0..20_000 {
                match game.next(&state).unwrap() {
                    NextKind::Finished => break,
                    NextKind::Bot => {
                        let mut best = Duration::MAX;
                        for _ in 0..REPS {
                            let c = chance(pos);
                            let t = Instant::now();
                            let r = game.bot_turn(&state, c);
                            best = best.min(t.elapsed());
                            std::hint::black_box(&r);
                        }
                        bots.push(best);
                        let step = game.bot_turn(&state, chance(pos)).unwrap();
                        (state, pos) = (step.state, step.chance.position);
                    }
                    NextKind::Human(seats) => {
                        let seat = seats[picker.pick(seats.len())];
                        let legal = game
                            .sample_moves(&state, seat, &mut |n| picker.pick(n))
                            .unwrap();
                        let mv = &legal[picker.pick(legal.len())];
                        let mut best = Duration::MAX;
                        for _ in 0..REPS {
                            let c = chance(pos);
                            let t = Instant::now();
                            let r = game.play(&state, seat, mv, c);
                            best = best.min(t.elapsed());
                            std::hint::black_box(&r);
                        }
                        moves.push(best);
                        let step = game.play(&state, seat, mv, chance(pos)).unwrap();
                        (state, pos) = (step.state, step.chance.position);
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
