//! Engine micro-benchmarks: the cost of each game's bot turn and move check,
//! and of rendering a command's answer, measured over the states of seeded
//! random games (no HTTP, no disk).
//!
//! `cargo bench --bench engines` prints, per game, the median, p99 and worst
//! bot turn and move (check + apply) in microseconds. Every sample is one
//! call, timed with `Instant`, repeated `REPS` times on the same state and
//! the fastest repetition kept, so a busy machine inflates the figures less.
//!
//! A second table gives, after every human move, what the
//! command's answer renders for the acting seat: `view_json(state, seat)`,
//! `legal_json(state, seat)` (English), `events_json` of the move's events
//! and `next_json`: p50/p99 µs of each, the p50 of their sum, and the median
//! answer size (those four parts) in bytes.
//!
//! `ENGINES_BENCH=play` runs only the first table, `ENGINES_BENCH=render`
//! only the second; `ENGINES_GAME=<id>` only that game.

use ghostseat_engine::engine::testing::Picker;
use ghostseat_engine::engine::{
    AnyEvents, AnyState, Chance, Dice, DynGame, Lang, NextKind, Seat, TextCx,
};
use ghostseat_engine::games::catalog;
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

/// The fastest of `REPS` runs of `f`.
fn best<R>(mut f: impl FnMut() -> R) -> Duration {
    best_of(|| (), |()| f())
}

/// The fastest of `REPS` runs of `f` on an input `setup` makes (untimed).
fn best_of<I, R>(mut setup: impl FnMut() -> I, mut f: impl FnMut(I) -> R) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..REPS {
        let input = setup();
        let t = Instant::now();
        let r = f(input);
        best = best.min(t.elapsed());
        std::hint::black_box(&r);
    }
    best
}

/// Render samples of one game: view, legal, events, next, their sum, and
/// the answer sizes.
#[derive(Default)]
struct Render {
    view: Vec<Duration>,
    legal: Vec<Duration>,
    events: Vec<Duration>,
    next: Vec<Duration>,
    total: Vec<Duration>,
    bytes: Vec<usize>,
}

/// The benchmark groups to run: bot turns and moves, answer rendering.
#[derive(Clone, Copy)]
struct Groups {
    play: bool,
    render: bool,
}

/// The samples of one game over its seeded games.
#[derive(Default)]
struct Samples {
    bots: Vec<Duration>,
    moves: Vec<Duration>,
    render: Render,
}

fn main() {
    let which = std::env::var("ENGINES_BENCH").unwrap_or_default();
    let only = std::env::var("ENGINES_GAME").ok();
    let groups = match which.as_str() {
        "play" => Groups {
            play: true,
            render: false,
        },
        "render" => Groups {
            play: false,
            render: true,
        },
        _ => Groups {
            play: true,
            render: true,
        },
    };
    let mut play_rows = Vec::new();
    let mut render_rows = Vec::new();
    for game in catalog() {
        if only.as_deref().is_some_and(|g| g != game.id()) {
            continue;
        }
        let s = sample_game(game.as_ref(), groups);
        if groups.play {
            play_rows.push(play_row(game.id(), s.bots, s.moves));
        }
        if groups.render {
            render_rows.push(render_row(game.id(), s.render));
        }
    }
    if groups.play {
        print_play_table(&play_rows);
    }
    if groups.render {
        if groups.play {
            println!();
        }
        print_render_table(&render_rows);
    }
}

/// Every seeded game of `game` with its default options, sampled.
fn sample_game(game: &dyn DynGame, groups: Groups) -> Samples {
    let mut s = Samples::default();
    for seed in 0..GAMES_PER_VARIANT {
        play_seeded(game, seed, groups, &mut s);
    }
    s
}

/// Plays one seeded random game to its end, timing each bot turn and move on the state it
/// is made on (play group) and the answer after each human move (render group).
fn play_seeded(game: &dyn DynGame, seed: u64, groups: Groups, s: &mut Samples) {
    let options = game.options(&json!({})).expect("default options");
    let mode = game.table_mode(&options).unwrap();
    let seats = game.seats(&options).unwrap();
    let cx = TextCx::new(Lang::En, &seats);
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
                if groups.play {
                    s.bots
                        .push(best_of(|| chance(pos), |c| game.bot_turn(&state, c)));
                }
                let step = game.bot_turn(&state, chance(pos)).unwrap();
                (state, pos) = (step.state, step.chance.position);
            }
            NextKind::Human(seats) => {
                let seat = seats[picker.pick(seats.len())];
                let legal = game
                    .sample_moves(&state, seat, &mut |n| picker.pick(n))
                    .unwrap();
                let mv = &legal[picker.pick(legal.len())];
                if groups.play {
                    s.moves
                        .push(best_of(|| chance(pos), |c| game.play(&state, seat, mv, c)));
                }
                let step = game.play(&state, seat, mv, chance(pos)).unwrap();
                (state, pos) = (step.state, step.chance.position);
                if groups.render {
                    time_render(game, &state, seat, &step.events, &cx, &mut s.render);
                }
            }
        }
    }
}

/// The answer to `seat`'s move: view, legal moves, the move's events and next, timed each,
/// and their size.
fn time_render(
    game: &dyn DynGame,
    s: &AnyState,
    seat: Seat,
    events: &AnyEvents,
    cx: &TextCx<'_>,
    r: &mut Render,
) {
    let view = best(|| game.view_json(s, Some(seat)).unwrap());
    let legal = best(|| game.legal_json(s, seat, cx).unwrap());
    let events_t = best(|| game.events_json(events, cx, Some(seat)).unwrap());
    let next = best(|| game.next_json(s, cx).unwrap());
    r.bytes.push(
        game.view_json(s, Some(seat)).unwrap().get().len()
            + game.legal_json(s, seat, cx).unwrap().get().len()
            + game
                .events_json(events, cx, Some(seat))
                .unwrap()
                .get()
                .len()
            + game.next_json(s, cx).unwrap().get().len(),
    );
    r.view.push(view);
    r.legal.push(legal);
    r.events.push(events_t);
    r.next.push(next);
    r.total.push(view + legal + events_t + next);
}

/// A row of the play table: count, p50, p99 and worst of bot turns, then of moves.
fn play_row(id: &str, bots: Vec<Duration>, moves: Vec<Duration>) -> String {
    let (b50, b99, bmax, bn) = stats(bots);
    let (m50, m99, mmax, mn) = stats(moves);
    format!(
        "{:<14} {:>9} {:>10.1} {:>10.1} {:>10.1}   {:>9} {:>10.1} {:>10.1} {:>10.1}",
        id, bn, b50, b99, bmax, mn, m50, m99, mmax
    )
}

/// A row of the render table: count, p50 and p99 of each part and of their sum, and the
/// median size.
fn render_row(id: &str, mut r: Render) -> String {
    let (v50, v99, _, n) = stats(r.view);
    let (l50, l99, _, _) = stats(r.legal);
    let (e50, e99, _, _) = stats(r.events);
    let (x50, x99, _, _) = stats(r.next);
    let (t50, t99, _, _) = stats(r.total);
    r.bytes.sort();
    let bytes = r.bytes.get(r.bytes.len() / 2).copied().unwrap_or(0);
    format!(
        "{:<14} {:>7} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>8}",
        id, n, v50, v99, l50, l99, e50, e99, x50, x99, t50, t99, bytes
    )
}

fn print_play_table(rows: &[String]) {
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
    for row in rows {
        println!("{row}");
    }
}

fn print_render_table(rows: &[String]) {
    println!(
        "{:<14} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "game",
        "render_n",
        "view_p50",
        "view_p99",
        "legl_p50",
        "legl_p99",
        "evts_p50",
        "evts_p99",
        "next_p50",
        "next_p99",
        "sum_p50",
        "sum_p99",
        "bytes_p50"
    );
    for row in rows {
        println!("{row}");
    }
}
