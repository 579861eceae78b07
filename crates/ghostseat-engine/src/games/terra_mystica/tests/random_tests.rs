//! Random whole games through the engine layer (the same adapter the
//! server uses): they end, replay byte for byte, refuse nonsense without a
//! trace, and keep Automa's material and VP explained.

use serde_json::{json, Value};

use crate::engine::testing::{random_game, replay, Cmd};
use crate::engine::{Chance, Dice, DynGame, Erased, Game, NextKind, Seat, TableMode};

use super::data::{AutomaFaction, Difficulty, HumanFaction, KINDS};
use super::ids::*;
use super::options::*;
use super::state::*;
use super::TerraMystica;

/// Options varied over the seed: every Automa faction, level, map, both
/// expansions, the variant, Powermongers `ask`, the F&I final tiles.
pub fn varied(seed: u64) -> Options {
    let mut o = Options::default();
    let factions = [
        AutomaFaction::Simpletons,
        AutomaFaction::Kuddlers,
        AutomaFaction::Druids,
        AutomaFaction::Racelings,
        AutomaFaction::Wanderers,
        AutomaFaction::Mimics,
        AutomaFaction::Powermongers,
        AutomaFaction::Symbionts,
        AutomaFaction::Blight,
        AutomaFaction::Gognomes,
    ];
    let levels = [
        Difficulty::Automalein,
        Difficulty::Automa,
        Difficulty::Automaechtig,
        Difficulty::Ultoma,
        Difficulty::Alptrauma,
    ];
    let humans = [
        HumanFaction::Witches,
        HumanFaction::Cultists,
        HumanFaction::Nomads,
        HumanFaction::ChaosMagicians,
        HumanFaction::Dwarves,
    ];
    o.automa_faction = factions[(seed % 10) as usize];
    o.difficulty = levels[(seed / 3 % 5) as usize];
    o.human_seats[0].faction = humans[(seed / 2 % 5) as usize];
    o.merchants_of_the_seas = seed % 4 == 1;
    o.map = [
        MapId::Base,
        MapId::LoonLakes,
        MapId::Fjords,
        MapId::Archipelago,
        MapId::Base,
    ][(seed / 5 % 5) as usize];
    if seed % 7 == 3 {
        o.humans = 2;
        o.automa_faction = AutomaFaction::Simpletons;
        o.human_seats = vec![
            HumanSeat {
                faction: HumanFaction::Halflings,
                ..Default::default()
            },
            HumanSeat {
                faction: HumanFaction::Witches,
                ..Default::default()
            },
        ];
        o.first_human = (seed % 2) as u8;
    }
    if seed % 6 == 5 {
        o.fire_and_ice = true;
        o.final_scoring_tile = [
            FinalTile::GreatestDistance,
            FinalTile::Settlements,
            FinalTile::StrongholdSanctuary,
            FinalTile::Outposts,
        ][(seed / 6 % 4) as usize];
        o.map = MapId::FireIce1;
    }
    if seed % 9 == 4 && o.humans == 1 {
        o.powermongers_trigger = PowermongersTrigger::Ask;
        o.automa_faction = AutomaFaction::Powermongers;
    }
    if seed % 11 == 6 {
        o.symbionts_rules = RulesMode::Table;
    }
    o
}

/// The same options in physical-table mode, with what the table dealt.
pub fn varied_table(seed: u64) -> Options {
    let mut o = varied(seed);
    o.table_mode = crate::engine::TableChoice::All;
    let extras: Vec<CardId> = CardId::ADVANCED[..o.extra_starters()].to_vec();
    let pool = o.bonus_pool();
    let tiles = o.tile_pool();
    o.table_setup = Some(TableSetup {
        bonus_row: pool[..usize::from(o.humans) + 4].to_vec(),
        scoring_tiles: tiles[1..7]
            .iter()
            .map(|t| TableTile {
                id: t.clone(),
                automa_pass_vp: 4,
                automa_cult: Some(super::data::Cult::Water),
            })
            .collect(),
        extra_starter_cards: extras,
    });
    o
}

fn game() -> Erased<TerraMystica> {
    Erased::new()
}

fn opts_json(o: &Options) -> Value {
    serde_json::to_value(o).unwrap()
}

#[test]
fn random_games_finish_and_replay_identically() {
    let g = game();
    for seed in 0..120 {
        let o = opts_json(&varied(seed));
        let a = random_game(&g, &o, seed, 6000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(a.finished, "seed {seed} did not finish");
        let b = random_game(&g, &o, seed, 6000).unwrap();
        assert_eq!(a.log, b.log, "seed {seed}");
        let snap = g.snapshot(&a.state).unwrap();
        assert_eq!(snap, g.snapshot(&b.state).unwrap(), "seed {seed}");
        // The log replays from the seed to the same bytes.
        let (replayed, pos) = replay(&g, &o, seed, &a).unwrap();
        assert_eq!(g.snapshot(&replayed).unwrap(), snap, "seed {seed}");
        assert_eq!(pos, a.rng_pos);
        let st: State = serde_json::from_slice(&snap).unwrap();
        assert_eq!(st.phase, Phase::Finished);
        assert_eq!(st.round, 6);
    }
}

#[test]
fn random_table_mode_games_finish() {
    // TMA-GEN-12: the table reports random cards among those that can be on top.
    let g = game();
    for seed in 0..25u64 {
        let o = opts_json(&varied_table(seed));
        let p = random_game(&g, &o, seed, 6000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(p.finished, "table game {seed} did not finish");
        let cards: usize = p
            .log
            .iter()
            .map(|c| match c {
                Cmd::Bot { table } | Cmd::Move { table, .. } => table.len(),
            })
            .sum();
        assert!(cards > 20, "seed {seed}: the cards came from the table");
    }
}

#[test]
fn nonsense_moves_are_refused_without_change() {
    let g = game();
    let o = opts_json(&Options::default());
    let p = random_game(&g, &o, 3, 400).unwrap();
    let junk = [
        json!({"type": "place_initial_dwelling", "cell": "Z99"}),
        json!({"type": "place_initial_dwelling", "cell": "r3"}),
        json!({"type": "choose_bonus_card", "card": "BON77"}),
        json!({"type": "build", "cell": "A4"}),
        json!({"type": "build", "cell": "Q1"}),
        json!({"type": "upgrade", "cell": "I12", "to": "sanctuary"}),
        json!({"type": "send_priest", "track": "air", "value": 5}),
        json!({"type": "advance_cult", "track": "air", "steps": 0}),
        json!({"type": "pass", "bonus_card": "BON42"}),
        json!({"type": "turn", "steps": []}),
        json!({"type": "place_bridge", "a": "A1", "b": "A1"}),
        json!({"type": "final_report", "vp_delta": 5}),
        json!({"type": "cultist_cult_step", "track": null}),
        json!({"type": "report_automa_vp", "delta": 3}),
        json!({"type": "report_vp", "delta": 1000}),
        json!({"type": "end_transforms"}),
    ];
    // Walk the random game again and throw junk at every decision.
    let mode = TableMode::SERVER;
    let (mut state, mut pos) = {
        let s = g
            .start(&o, Chance::new(Dice::new(3), mode, vec![]).unwrap())
            .unwrap();
        (s.state, s.chance.position)
    };
    let mut refused = 0;
    for c in &p.log {
        let before = g.snapshot(&state).unwrap();
        for seat in 0..3u8 {
            for j in &junk {
                let ch = Chance::new(Dice::at(3, pos), mode, vec![]).unwrap();
                if let Ok(step) = g.play(&state, Seat(seat), j, ch) {
                    // A junk move that happens to be legal must be listed.
                    assert!(g.covers(&state, Seat(seat), j).unwrap(), "{j}");
                    let _ = step;
                } else {
                    refused += 1;
                }
            }
        }
        if g.next(&state).unwrap() != NextKind::Bot {
            let ch = Chance::new(Dice::at(3, pos), mode, vec![]).unwrap();
            assert!(g.bot_turn(&state, ch).is_err());
        }
        assert_eq!(
            g.snapshot(&state).unwrap(),
            before,
            "a refusal changes nothing"
        );
        let step = match c {
            Cmd::Move { seat, mv, table } => g.play(
                &state,
                *seat,
                mv,
                Chance::new(Dice::at(3, pos), mode, table.clone()).unwrap(),
            ),
            Cmd::Bot { table } => g.bot_turn(
                &state,
                Chance::new(Dice::at(3, pos), mode, table.clone()).unwrap(),
            ),
        }
        .unwrap();
        state = step.state;
        pos = step.chance.position;
    }
    assert!(refused > 1000);
}

/// Invariants over random games: Automa's material is only her own pieces
/// and never grows (TMA-GEN-6), every VP she gains is explained by an event
/// of her turn or of the end scoring (TMA-GEN-4/5), and humans can always
/// pass at the start of a turn in the action phase.
#[test]
fn automa_material_invariants_over_random_games() {
    // TMA-GEN-4 TMA-GEN-5 TMA-GEN-6 (checked below)
    let g = game();
    for seed in 200..240 {
        let o = varied(seed);
        let oj = opts_json(&o);
        let p = random_game(&g, &oj, seed, 6000).unwrap();
        assert!(p.finished);
        let mode = TableMode::SERVER;
        let s = g
            .start(&oj, Chance::new(Dice::new(seed), mode, vec![]).unwrap())
            .unwrap();
        let (mut state, mut pos) = (s.state, s.chance.position);
        let read = |a: &crate::engine::AnyState| -> State {
            serde_json::from_slice(&g.snapshot(a).unwrap()).unwrap()
        };
        let total = |st: &State| {
            let a = st.automa_seat();
            (0..6)
                .map(|k| usize::from(st.automa.supply[k]) + st.on_map(a, KINDS[k]))
                .collect::<Vec<_>>()
        };
        let start_total = total(&read(&state));
        for c in &p.log {
            let before = read(&state);
            let (step, human) = match c {
                Cmd::Move { seat, mv, table } => (
                    g.play(
                        &state,
                        *seat,
                        mv,
                        Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
                    )
                    .unwrap(),
                    true,
                ),
                Cmd::Bot { table } => (
                    g.bot_turn(
                        &state,
                        Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
                    )
                    .unwrap(),
                    false,
                ),
            };
            let after = read(&step.state);
            let ev: Value = serde_json::from_str(&g.events_stored(&step.events).unwrap()).unwrap();
            let gained: i64 = ev
                .as_array()
                .unwrap()
                .iter()
                .map(|e| match e["kind"].as_str().unwrap() {
                    "vp_gained" => e["data"]["amount"].as_i64().unwrap(),
                    "automa_passed" => {
                        e["data"]["vp"].as_i64().unwrap()
                            + e["data"]["racelings_bonus_vp"].as_i64().unwrap()
                    }
                    "achievement" => e["data"]["vp"].as_i64().unwrap(),
                    "trade" => e["data"]["vp"].as_i64().unwrap(),
                    "automa_vp_reported" => e["data"]["delta"].as_i64().unwrap(),
                    "final_scoring" => {
                        let a = after.automa_seat();
                        let line = &e["data"]["scores"][a.index()];
                        line["total"].as_i64().unwrap() - line["before_end"].as_i64().unwrap()
                    }
                    _ => 0,
                })
                .sum();
            assert_eq!(
                i64::from(after.automa.vp - before.automa.vp),
                gained,
                "seed {seed}: {c:?}"
            );
            if human && after.phase == Phase::Actions && after.pending.is_empty() {
                let seat = after.to_move;
                if after.is_human(seat) && after.turn_steps == 0 {
                    let legal = super::legal::legal_moves(&after, seat);
                    assert!(legal
                        .iter()
                        .any(|m| matches!(m.base(), super::moves::Move::Pass { .. })));
                }
            }
            assert_eq!(total(&after), start_total);
            assert!(after.automa.priests <= 7);
            let placed = after
                .priest_spaces
                .iter()
                .flatten()
                .filter(|p| **p == Some(after.automa_seat()))
                .count();
            assert_eq!(placed + usize::from(after.automa.priests), 7);
            if before.round != after.round {
                assert!(after.pending.iter().all(|d| after.is_human(d.seat())));
            }
            state = step.state;
            pos = step.chance.position;
        }
    }
}

/// The type-erased adapter: catalogue info, schemas, JSON moves,
/// snapshot/restore, the turn gate and typed events (ported from the legacy
/// adapter test).
#[test]
fn adapter_round_trip() {
    let g = game();
    assert_eq!(g.id(), "terra-mystica");
    assert_eq!(g.state_version(), 2);
    assert!(g.options_schema().is_object() && g.move_schema().is_object());
    let o = g.options(&json!({})).unwrap();
    let step = g
        .start(
            &o,
            Chance::new(Dice::new(3), TableMode::SERVER, vec![]).unwrap(),
        )
        .unwrap();
    let snap = g.snapshot(&step.state).unwrap();
    let restored = g.restore(&snap).unwrap();
    assert_eq!(g.snapshot(&restored).unwrap(), snap);
    let moves = g.sample_moves(&restored, Seat(0), &mut |_| 0).unwrap();
    assert!(!moves.is_empty());
    let ch = || Chance::new(Dice::new(3), TableMode::SERVER, vec![]).unwrap();
    let played = g.play(&restored, Seat(0), &moves[0], ch()).unwrap();
    assert!(played.undoable, "a setup placement draws nothing");
    assert!(g
        .play(&restored, Seat(0), &json!({"type": "fly"}), ch())
        .is_err());
    // The bot seat and the bot turn are refused before game code runs.
    assert!(g.play(&restored, Seat(1), &moves[0], ch()).is_err());
    assert!(g.bot_turn(&restored, ch()).is_err());
    // Events are stored as typed data and read back.
    let stored = g.events_stored(&played.events).unwrap();
    let v: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(v[0]["kind"], "initial_dwelling");
    assert_eq!(v[0]["rule"], "TMA-SET-12");
    let seats = TerraMystica::seats(&Options::default());
    let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
    let wire: Value =
        serde_json::from_str(g.stored_events_json(&stored, &cx, None).unwrap().get()).unwrap();
    assert!(wire[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Human 1 places an initial dwelling on"));
}

/// TMA-HUM-1, TMA-HUM-2, TMA-HF-2: every turn of random games, sent step by
/// step and then `end_turn`, gives the same answer as the same steps in one
/// `turn` batch: the same state, the same events in the same order, the same
/// chance drawn, a Cultists cult step answered mid-turn included. A turn of
/// its `report_vp` steps alone is refused alike in both forms.
/// Games enough for a score of Cultists decisions mid-turn.
const TURN_FORM_SEEDS: u64 = 32;

#[test]
fn step_and_batch_forms_of_a_turn_agree() {
    let g = game();
    let mode = TableMode::SERVER;
    let events = |s: &crate::engine::DynStep| -> Vec<Value> {
        serde_json::from_str::<Value>(&g.events_stored(&s.events).unwrap())
            .unwrap()
            .as_array()
            .unwrap()
            .clone()
    };
    let read = |a: &crate::engine::AnyState| -> State {
        serde_json::from_slice(&g.snapshot(a).unwrap()).unwrap()
    };
    let (mut compared, mut decided, mut reports_alone) = (0, 0, 0);
    for seed in 0..TURN_FORM_SEEDS {
        // Three games in four have Cultists, whose draws next to Automa ask
        // mid-turn (TMA-HF-2); a game has one or two such turns.
        let mut o = varied(seed);
        if seed % 4 != 0 {
            o.human_seats[0].faction = HumanFaction::Cultists;
        }
        let o = opts_json(&o);
        let p = random_game(&g, &o, seed, 6000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let opts = g.options(&o).unwrap();
        let start = g
            .start(&opts, Chance::new(Dice::new(seed), mode, vec![]).unwrap())
            .unwrap();
        // Every state of the game and the stream position before it.
        let mut states = vec![(start.state, start.chance.position)];
        for c in &p.log {
            let (state, pos) = states.last().unwrap();
            let ch = |t: &Vec<_>| Chance::new(Dice::at(seed, *pos), mode, t.clone()).unwrap();
            let step = match c {
                Cmd::Move { seat, mv, table } => g.play(state, *seat, mv, ch(table)),
                Cmd::Bot { table } => g.bot_turn(state, ch(table)),
            }
            .unwrap();
            states.push((step.state, step.chance.position));
        }
        for (i, (before, pos)) in states.iter().enumerate() {
            let st = read(before);
            if st.phase != Phase::Actions || !st.pending.is_empty() || st.turn_steps != 0 {
                continue;
            }
            let me = st.to_move;
            if !st.is_human(me) {
                continue;
            }
            // The turn the random game played from here, if it is steps,
            // answers to the Cultists' cult step and end_turn of this seat.
            let mut steps = Vec::new();
            let mut end = None;
            for (j, c) in p.log[i..].iter().enumerate() {
                let Cmd::Move { seat, mv, table } = c else {
                    break;
                };
                if *seat != me || !table.is_empty() {
                    break;
                }
                match mv["type"].as_str().unwrap() {
                    "end_turn" => {
                        end = Some(i + j);
                        break;
                    }
                    "pass" | "power_gain_report" | "report_automa_vp" => break,
                    _ => {
                        let mut s = mv.clone();
                        let op = s.as_object_mut().unwrap().remove("type").unwrap();
                        s["op"] = op;
                        steps.push(s);
                    }
                }
            }
            let ch = || Chance::new(Dice::at(seed, *pos), mode, vec![]).unwrap();
            if let Some(end) = end {
                let batch = json!({"type": "turn", "steps": steps});
                let b = g
                    .play(before, me, &batch, ch())
                    .unwrap_or_else(|e| panic!("seed {seed}: {batch} refused: {e}"));
                let (after, after_pos) = &states[end + 1];
                assert_eq!(
                    g.snapshot(&b.state).unwrap(),
                    g.snapshot(after).unwrap(),
                    "seed {seed}: {batch}"
                );
                assert_eq!(b.chance.position, *after_pos, "seed {seed}");
                // The step form's events, command after command.
                let mut step_events = Vec::new();
                let (mut s, mut at) = (before.clone(), *pos);
                for c in &p.log[i..=end] {
                    let Cmd::Move { mv, .. } = c else {
                        unreachable!()
                    };
                    let step = g
                        .play(
                            &s,
                            me,
                            mv,
                            Chance::new(Dice::at(seed, at), mode, vec![]).unwrap(),
                        )
                        .unwrap();
                    step_events.extend(events(&step));
                    (s, at) = (step.state, step.chance.position);
                }
                assert_eq!(events(&b), step_events, "seed {seed}: {batch}");
                compared += 1;
                if steps.iter().any(|s| s["op"] == "cultist_cult_step") {
                    decided += 1;
                }
            }
            // Reports alone: taken one by one, then end_turn is refused; the
            // batch is refused with the same rule and reason.
            let report = json!({"op": "report_vp", "delta": 2, "reason": "town"});
            let mut one = report.clone();
            one.as_object_mut().unwrap().remove("op");
            one["type"] = json!("report_vp");
            let s = g.play(before, me, &one, ch()).unwrap();
            let stepwise = match g.play(&s.state, me, &json!({"type": "end_turn"}), ch()) {
                Err(crate::engine::AdapterError::Rule(e)) => e,
                other => panic!("seed {seed}: end_turn after a report: {:?}", other.is_ok()),
            };
            let batch = json!({"type": "turn", "steps": [report.clone(), report]});
            let batched = match g.play(before, me, &batch, ch()) {
                Err(crate::engine::AdapterError::Rule(e)) => e,
                other => panic!("seed {seed}: a batch of reports: {:?}", other.is_ok()),
            };
            assert_eq!(batched.rule, "TMA-HUM-2");
            assert_eq!(
                (batched.rule, batched.detail.to_string()),
                (stepwise.rule, stepwise.detail.to_string())
            );
            reports_alone += 1;
        }
    }
    // Turns with a decision mid-turn were met, not only the plain ones.
    assert!(
        compared > 1200 && decided >= 15 && reports_alone > compared,
        "{compared} {decided} {reports_alone}"
    );
}
