//! Byte identity of everything a client reads: random games driven through
//! the erased contract, exactly as the session layer plays them, transcribed step by step
//! (the move, its events as each reader sees them in each language, the stored events, every
//! seat's view, `next`, the labelled legal moves, and refusals of moves that were legal
//! before). The transcripts of the board as it was before the port onto the shared core are
//! pinned as hashes: the port must not change one byte a client or the log sees.
//!
//! `CK_GOLDEN_DIR=/some/dir` writes the full transcripts there, one file per game, for a diff.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::engine::testing::{random_game, Cmd, Picker};
use crate::engine::{AdapterError, AnyState, Chance, Dice, DynGame, Lang, Seat, TextCx};

fn game() -> std::sync::Arc<dyn DynGame> {
    crate::games::catalog()
        .into_iter()
        .find(|g| g.id() == "catan-ck-duel")
        .expect("catan-ck-duel is in the catalogue")
}

/// The options of game `seed`: the option sets of the random-game test, plus table modes and
/// colour labels.
fn options(seed: u64) -> Value {
    let mut o = json!({ "max_turns": if seed < 2 { 120 } else { 30 } });
    if seed % 2 == 1 {
        o["neutral_placement"] = json!("bot");
        o["layout"] = json!("beginner");
        o["neutral_promotion"] = json!("one_step");
        o["barbarian_track"] = json!(3);
    }
    if seed % 3 == 2 {
        o["neutral_bot_target"] = json!("leader");
        o["second_roll_event_red"] = json!("final");
        o["combined_trade_build"] = json!(false);
        o["vp_target"] = json!(5);
    }
    if seed % 5 == 3 {
        o["table_mode"] = json!("all");
    }
    if seed % 7 == 4 {
        if o.get("table_mode").is_none() {
            o["table_mode"] = json!("dice");
        }
        o["colours"] = json!({"a": "Rot", "b": "Blau", "n1": "Weiß", "n2": "Orange"});
        o["neutral_settlement_needs_road"] = json!(false);
    }
    if seed % 4 == 1 {
        o["numbers"] = json!("random");
        o["discard_limit"] = json!(9);
    }
    o
}

fn rendered(r: Result<crate::engine::Json, AdapterError>) -> String {
    match r {
        Ok(raw) => raw.get().to_string(),
        Err(e) => format!("error: {e}"),
    }
}

fn refusal(e: &AdapterError, seats: &[crate::engine::SeatInfo]) -> Value {
    match e {
        AdapterError::Rule(r) => json!({
            "rule": r.rule,
            "kind": serde_json::to_value(&r.kind).unwrap(),
            "en": r.detail.render(&TextCx::new(Lang::En, seats)),
            "de": r.detail.render(&TextCx::new(Lang::De, seats)),
        }),
        other => json!({ "adapter": other.to_string() }),
    }
}

/// Everything a reader sees of one command's result.
fn step_record(
    g: &dyn DynGame,
    seats: &[crate::engine::SeatInfo],
    state: &AnyState,
    events: &crate::engine::AnyEvents,
) -> Value {
    let mut rec = serde_json::Map::new();
    rec.insert("stored".into(), json!(g.events_stored(events).unwrap()));
    for lang in [Lang::En, Lang::De] {
        let cx = TextCx::new(lang, seats);
        let l = format!("{lang:?}");
        for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
            rec.insert(
                format!("events_{l}_{viewer:?}"),
                json!(rendered(g.events_json(events, &cx, viewer))),
            );
        }
        rec.insert(
            format!("next_{l}"),
            json!(rendered(g.next_json(state, &cx))),
        );
        for seat in [Seat(0), Seat(1)] {
            rec.insert(
                format!("legal_{l}_{}", seat.0),
                json!(rendered(g.legal_json(state, seat, &cx))),
            );
        }
    }
    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
        rec.insert(
            format!("view_{viewer:?}"),
            json!(rendered(g.view_json(state, viewer))),
        );
    }
    rec.insert(
        "scores".into(),
        json!(format!("{:?}", g.scores(state).unwrap())),
    );
    Value::Object(rec)
}

/// The transcript of game `seed` as lines of JSON.
pub fn transcript(seed: u64) -> Vec<String> {
    let g = game();
    let g: &dyn DynGame = &*g;
    let options = g.options(&options(seed)).expect("options");
    let seats = g.seats(&options).unwrap();
    let mode = g.table_mode(&options).unwrap();
    let played = random_game(g, &options, seed, 3000).expect("random game");
    let mut out = vec![serde_json::to_string(&json!({"options": options})).unwrap()];
    let start = g
        .start(
            &options,
            Chance::new(Dice::new(seed), mode, played.setup_table.clone()).unwrap(),
        )
        .unwrap();
    out.push(serde_json::to_string(&step_record(g, &seats, &start.state, &start.events)).unwrap());
    let mut state = start.state;
    let mut pos = start.chance.position;
    let mut probe = Picker::new(seed ^ 0x5eed);
    let mut earlier: Vec<Value> = Vec::new();
    for (i, c) in played.log.iter().enumerate() {
        // Refusals (or results) of moves that were legal a little earlier.
        if let Cmd::Move { seat, .. } = c {
            for mv in earlier.iter().rev().take(2) {
                let tried = crate::engine::testing::run_with_table(
                    g,
                    &options,
                    seed,
                    pos,
                    &mut probe,
                    |ch| g.play(&state, *seat, mv, ch),
                );
                let line = match tried {
                    Ok((st, _)) => {
                        json!({"probe": mv, "ok": step_record(g, &seats, &st.state, &st.events)})
                    }
                    Err(e) => json!({"probe": mv, "refused": refusal(&e, &seats)}),
                };
                out.push(serde_json::to_string(&line).unwrap());
            }
        }
        let step = match c {
            Cmd::Move { seat, mv, table } => {
                earlier.push(mv.clone());
                g.play(
                    &state,
                    *seat,
                    mv,
                    Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
                )
            }
            Cmd::Bot { table } => g.bot_turn(
                &state,
                Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
            ),
        }
        .unwrap_or_else(|e| panic!("seed {seed} step {i}: {e}"));
        let cmd = match c {
            Cmd::Move { seat, mv, table } => {
                json!({"seat": seat.0, "mv": mv, "table": format!("{table:?}")})
            }
            Cmd::Bot { table } => json!({"bot": format!("{table:?}")}),
        };
        out.push(
            serde_json::to_string(&json!({
                "step": i,
                "cmd": cmd,
                "undoable": step.undoable,
                "chance": format!("{:?}", step.chance),
                "seen": step_record(g, &seats, &step.state, &step.events),
            }))
            .unwrap(),
        );
        state = step.state;
        pos = step.chance.position;
    }
    out.push(format!("finished {} at {pos}", played.finished));
    out
}

fn digest(seeds: std::ops::Range<u64>) -> String {
    let dir = std::env::var("CK_GOLDEN_DIR").ok();
    let mut all = Sha256::new();
    for seed in seeds {
        let lines = transcript(seed);
        if let Some(d) = &dir {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(format!("{d}/{seed}.jsonl"), lines.join("\n")).unwrap();
        }
        for l in &lines {
            all.update(l.as_bytes());
            all.update(b"\n");
        }
    }
    hex::encode(all.finalize())
}

// CCK-GEN-1, CAT-BOARD-16: the wire of ten games, pinned as one hash (first computed from the
// code before the port onto the shared Catan core). A change that moves the hash dumps the ten
// games before and after (`CK_GOLDEN_DIR=<dir>`) and shows that only what it meant to change
// changed; its commit message and the CHANGELOG say what was compared.
#[test]
fn ten_games_read_byte_for_byte_as_before_the_port() {
    let got = digest(0..10);
    assert_eq!(
        got, "289168455bde7a90b2ecbae1ff6922b6e6cb524542e51cb7147c1637d709c73c",
        "the transcripts changed"
    );
}

// CCK-GEN-1, CAT-BOARD-1, CCK-PROG-19: in the ten golden games (random
// numbers on some, so hexes that read alike) no legal list repeats a label, in English or
// German. Before the places were named apart 298 of their 9,006 lists (probes included) did.
#[test]
fn the_ten_golden_games_repeat_no_label() {
    let g = game();
    let (mut lists, mut found) = (0, Vec::new());
    for seed in 0..10 {
        let (n, f) =
            crate::engine::testing::repeated_labels(&*g, &options(seed), seed..seed + 1, 3000)
                .unwrap();
        lists += n;
        found.extend(f);
    }
    assert!(lists > 5000, "only {lists} lists");
    assert!(
        found.is_empty(),
        "{} of {lists} lists repeat a label:\n{}",
        found.len(),
        found
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The long comparison (30 games), run by hand with `CK_GOLDEN_DIR` set.
#[test]
#[ignore]
fn thirty_games_transcribed() {
    println!("{}", digest(0..30));
}
