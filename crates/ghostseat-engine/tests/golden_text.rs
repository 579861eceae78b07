//! Golden text: every sentence and name a player meets in random games, per game and
//! language, pinned in `tests/golden_text/<game>.<lang>.txt`.
//!
//! A game's texts move from Rust to its Fluent catalogue without a changed word: this test
//! plays fixed-seed random games and renders every event (as each seat and a watcher read
//! it), prompt, legal-move label, field question, value label, refusal (of moves listed
//! earlier in the game, of a bot turn out of turn) and option title. A fixture holds the
//! distinct strings sorted (a readable diff) and a digest of the whole ordered stream (so a
//! text moved to another place or order shows too).
//!
//! `GOLDEN_TEXT=write cargo test -p ghostseat-engine --test golden_text` rewrites the
//! fixtures; otherwise a difference fails with the lines added and removed.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use ghostseat_engine::engine::testing::{games, run_with_table, Picker};
use ghostseat_engine::engine::{
    AdapterError, Chance, Dice, DynGame, Lang, NextKind, Seat, SeatInfo, TextCx,
};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A random game of any of the five ends well before this; a longer one is cut here.
const MAX_STEPS: usize = 3000;
/// Moves seen listed earlier that are sent again at each human decision, for refusals.
const STALE_TRIES: usize = 2;

/// The ordered stream of one game's texts in one language.
#[derive(Default)]
struct Stream {
    hash: Sha256,
    count: usize,
    distinct: BTreeSet<String>,
}

impl Stream {
    fn push(&mut self, text: &str) {
        // One line per text in the fixture: a line break inside a text is written `\n`.
        let line = text.replace('\\', "\\\\").replace('\n', "\\n");
        self.hash.update(line.as_bytes());
        self.hash.update(b"\n");
        self.count += 1;
        self.distinct.insert(line);
    }

    fn fixture(self, game: &str, runs: &str) -> String {
        let mut out = String::new();
        let digest = self.hash.finalize();
        let _ = writeln!(
            out,
            "# {game}: {} texts in order ({runs}), sha256 {}",
            self.count,
            hex::encode(digest)
        );
        let _ = writeln!(out, "# {} distinct, sorted:", self.distinct.len());
        for l in self.distinct {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

/// Every text of a JSON answer part, in document order: `text`, `prompt`, `summary`,
/// `label` (value labels are objects with a `label`), and option `title`/`description`.
fn texts_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    (
                        "text" | "prompt" | "summary" | "label" | "title" | "description",
                        Value::String(s),
                    ) => out.push(s.clone()),
                    _ => texts_in(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| texts_in(x, out)),
        _ => {}
    }
}

fn json(j: Result<ghostseat_engine::engine::Json, AdapterError>) -> Value {
    j.ok()
        .and_then(|j| serde_json::from_str(j.get()).ok())
        .unwrap_or_default()
}

/// Plays `seeds` random games of `game` under `options` and sends every text to `streams`
/// (one per language, in [`Lang::ALL`]'s order).
fn play(
    game: &dyn DynGame,
    options: &Value,
    seeds: std::ops::Range<u64>,
    streams: &mut [Stream],
) -> Result<(), String> {
    let options = game.options(options).map_err(|e| e.to_string())?;
    let seats: Vec<SeatInfo> = game.seats(&options).map_err(|e| e.to_string())?;
    let mode = game.table_mode(&options).map_err(|e| e.to_string())?;
    for (lang, stream) in Lang::ALL.iter().zip(streams.iter_mut()) {
        let mut texts = Vec::new();
        texts_in(&game.options_schema_in(*lang), &mut texts);
        texts.iter().for_each(|t| stream.push(t));
    }
    for seed in seeds {
        let mut picker = Picker::new(seed);
        let (start, _) = run_with_table(game, &options, seed, 0, &mut picker, |c| {
            game.start(&options, c)
        })
        .map_err(|e| format!("seed {seed}: start: {e}"))?;
        let (mut state, mut pos) = (start.state, start.chance.position);
        let mut events = start.events;
        let mut listed: Vec<(Seat, Value)> = Vec::new();
        for step in 0..MAX_STEPS {
            let next = game.next(&state).map_err(|e| e.to_string())?;
            // What the decision refuses: moves listed earlier, a bot turn out of turn.
            let mut refusals = Vec::new();
            if let NextKind::Human(ref humans) = next {
                for _ in 0..STALE_TRIES.min(listed.len()) {
                    let (seat, mv) = &listed[picker.pick(listed.len())];
                    let seat = if humans.contains(seat) {
                        *seat
                    } else {
                        humans[0]
                    };
                    let chance = Chance::new(Dice::at(seed, pos), mode, vec![])
                        .map_err(|e| e.to_string())?;
                    if let Err(AdapterError::Rule(e)) = game.play(&state, seat, mv, chance) {
                        refusals.push(e.detail);
                    }
                }
                let chance =
                    Chance::new(Dice::at(seed, pos), mode, vec![]).map_err(|e| e.to_string())?;
                if let Err(AdapterError::Rule(e)) = game.bot_turn(&state, chance) {
                    refusals.push(e.detail);
                }
            }
            for (lang, stream) in Lang::ALL.iter().zip(streams.iter_mut()) {
                let cx = TextCx::new(*lang, &seats);
                let mut texts = Vec::new();
                let viewers = (0..seats.len()).map(|i| Some(Seat(i as u8)));
                for viewer in viewers.clone().chain([None]) {
                    texts_in(&json(game.events_json(&events, &cx, viewer)), &mut texts);
                }
                texts_in(&json(game.next_json(&state, &cx)), &mut texts);
                // Only the seats that decide have legal moves.
                if let NextKind::Human(ref humans) = next {
                    for seat in humans {
                        texts_in(&json(game.legal_json(&state, *seat, &cx)), &mut texts);
                    }
                }
                texts.extend(refusals.iter().map(|d| d.render(&cx)));
                texts.iter().for_each(|t| stream.push(t));
            }
            let step_result = match next {
                NextKind::Finished => break,
                NextKind::Bot => {
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.bot_turn(&state, c)
                    })
                    .map_err(|e| format!("seed {seed} step {step}: bot: {e}"))?
                    .0
                }
                NextKind::Human(humans) => {
                    let seat = humans[picker.pick(humans.len())];
                    let moves = game
                        .sample_moves(&state, seat, &mut |k| picker.pick(k))
                        .map_err(|e| e.to_string())?;
                    let mv = moves
                        .get(picker.pick(moves.len()))
                        .cloned()
                        .ok_or_else(|| format!("seed {seed} step {step}: no legal move"))?;
                    // One listed move per type and seat is kept for the refusals later.
                    for m in moves {
                        if !listed
                            .iter()
                            .any(|(s, l)| *s == seat && l.get("type") == m.get("type"))
                        {
                            listed.push((seat, m));
                        }
                    }
                    run_with_table(game, &options, seed, pos, &mut picker, |c| {
                        game.play(&state, seat, &mv, c)
                    })
                    .map_err(|e| format!("seed {seed} step {step}: {mv} refused: {e}"))?
                    .0
                }
            };
            state = step_result.state;
            pos = step_result.chance.position;
            events = step_result.events;
        }
    }
    Ok(())
}

/// The lines of `want` missing from `got` (`-`) and those new in `got` (`+`).
fn diff(want: &str, got: &str) -> String {
    let w: BTreeSet<&str> = want.lines().collect();
    let g: BTreeSet<&str> = got.lines().collect();
    let mut out = String::new();
    for l in w.difference(&g) {
        let _ = writeln!(out, "- {l}");
    }
    for l in g.difference(&w) {
        let _ = writeln!(out, "+ {l}");
    }
    out
}

/// Plays `games` random games of `id` with its default options (and a fifth of them at a
/// physical table, whose prompts ask the table for dice and cards) and compares the texts
/// with the game's fixtures, or writes them with `GOLDEN_TEXT=write`.
fn golden(id: &str, games_played: u64) {
    let write = std::env::var("GOLDEN_TEXT").is_ok_and(|v| v == "write");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden_text");
    let game = games()
        .into_iter()
        .find(|g| g.id() == id)
        .expect("a game of the catalogue");
    let mut streams: Vec<Stream> = Lang::ALL.iter().map(|_| Stream::default()).collect();
    let mut runs = format!("{games_played} games with the default options");
    play(
        &*game,
        &game.default_options(),
        0..games_played,
        &mut streams,
    )
    .unwrap_or_else(|e| panic!("{id}: {e}"));
    if let Some(table) = game.physical_table_options() {
        let n = games_played.div_ceil(5);
        play(&*game, &table, 1000..1000 + n, &mut streams)
            .unwrap_or_else(|e| panic!("{id} at a physical table: {e}"));
        runs.push_str(&format!(", {n} at a physical table"));
    }
    let mut failures = Vec::new();
    for (lang, stream) in Lang::ALL.iter().zip(streams) {
        let got = stream.fixture(id, &runs);
        let path = dir.join(format!("{id}.{}.txt", lang.tag()));
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != got {
            failures.push(format!(
                "{} differs (GOLDEN_TEXT=write rewrites it):\n{}",
                path.display(),
                diff(&want, &got)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// Fifty games where that takes seconds in a debug build. The Catan games and Terra Mystica
// list hundreds of moves a step (and Catan names each corner by its hexes, so nearly every
// label is new): a few games there keep the run near 45 s of CPU and the fixtures small.
#[test]
fn arler_erde() {
    golden("arler-erde", 50);
}
#[test]
fn three_hundred() {
    golden("three-hundred", 50);
}
#[test]
fn catan_shadow() {
    golden("catan-shadow", 5);
}
#[test]
fn catan_ck_duel() {
    golden("catan-ck-duel", 2);
}
#[test]
fn terra_mystica() {
    golden("terra-mystica", 4);
}

/// Every refusal of 300 (each variant, singular and plural), beside what random games meet:
/// pinned the same way, as `three-hundred-refusals.<lang>.txt`.
#[test]
fn three_hundred_refusals() {
    use ghostseat_engine::engine::Describe;
    use ghostseat_engine::games::three_hundred::data::{Card, City, CARDS};
    use ghostseat_engine::games::three_hundred::refusals::{Field, Refusal as R};
    let (c, k) = (City::Abydos, Card::Leonidas);
    let mut all = vec![
        R::SameCity,
        R::Unreachable {
            from: c,
            to: City::Sparta,
        },
        R::PathEnds {
            from: c,
            to: City::Sparta,
        },
        R::NoRoad {
            from: c,
            to: City::Pella,
            hellespont: true,
        },
        R::NoRoad {
            from: City::Thebai,
            to: City::Pella,
            hellespont: false,
        },
        R::MustStop { city: c },
        R::PathRepeats,
        R::NoArmy,
        R::MiltiadesNoAttack,
        R::MiltiadesUnavailable,
        R::PayWithoutMiltiades { city: c },
        R::NotPorts,
        R::SamePort,
        R::TooManyCarried,
        R::BuyFirst,
        R::RaiseNow,
        R::NotGreeksTurn,
        R::PlayOrPass,
        R::OtherDecision,
        R::NotBotsTurn,
        R::FarBeyond,
        R::TooExpensive {
            cost: 5,
            talents: 3,
        },
        R::TwoFleets,
        R::ArmyNotControlled { city: c },
        R::FleetSpot { city: c },
        R::NotAnEvent,
        R::IonianCity,
        R::NoPersianFleet { port: c },
        R::LeonidasUsed,
        R::NoGreekArmy { city: c },
        R::NoPersianArmy { city: c },
        R::NoArmyLeft,
        R::MelasZomos,
        R::TriremesFleets,
        R::SyracuseFleets,
        R::SyracuseNoSpot,
        R::SyracuseAll { stock: 2 },
        R::SyracusePort { city: c },
        R::NoReactionNoPay,
        R::KeepFour,
        R::SkipOrName,
        R::NameOrSkip,
        R::PayFromStock { city: c },
        R::StockEmpty,
        R::CannotPay { city: c },
        R::CannotRetreat {
            to: c,
            allowed: vec![City::Pella],
        },
        R::CannotRetreat {
            to: c,
            allowed: vec![City::Athenai, City::Thebai],
        },
        R::CannotRetreat {
            to: c,
            allowed: vec![City::Athenai, City::Thebai, City::Sparta],
        },
        R::NoBattle,
        R::NotACard { id: "xyz".into() },
        R::NoSuchBotCard { bot: Seat(1) },
    ];
    for n in [0, 1, 2] {
        all.extend([
            R::TooFewArmies { city: c, has: n },
            R::FleetCount { city: c, has: n },
            R::TooManyCards { max: n },
            R::ArmyStock { left: n },
            R::FleetStock { left: n },
            R::RemoveExactly { count: n },
        ]);
    }
    for &card in CARDS.iter() {
        all.extend([
            R::NotInHand { card },
            R::ReactionAsEvent { card },
            R::NoEvent { card },
            R::NoPortraitArmy { card },
            R::NotNow { card },
            R::OnlyArtemisia { card },
        ]);
    }
    for field in [
        Field::City,
        Field::From,
        Field::To,
        Field::Armies,
        Field::Port,
        Field::Fleets,
        Field::Path,
        Field::Miltiades,
        Field::PayFrom,
    ] {
        all.extend([
            R::NeedsField { card: k, field },
            R::TakesNoField { card: k, field },
        ]);
    }
    let game = games()
        .into_iter()
        .find(|g| g.id() == "three-hundred")
        .unwrap();
    let seats = game.seats(&game.default_options()).unwrap();
    let write = std::env::var("GOLDEN_TEXT").is_ok_and(|v| v == "write");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden_text");
    for lang in Lang::ALL {
        let cx = TextCx::new(lang, &seats);
        let got: String = all.iter().map(|r| r.describe(&cx) + "\n").collect();
        let path = dir.join(format!("three-hundred-refusals.{}.txt", lang.tag()));
        if write {
            std::fs::write(&path, &got).unwrap();
        } else {
            let want = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(want == got, "{}:\n{}", path.display(), diff(&want, &got));
        }
    }
}
