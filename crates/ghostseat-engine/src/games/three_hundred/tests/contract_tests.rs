//! The engine contract: whole games, replay, snapshots, texts, views, old moves, scenarios.

use serde_json::{json, Value};

use super::super::data::Side;
use super::super::scenarios::{self, Ending, Script, ScriptStep};
use super::super::state::Outcome;
use super::super::{Move, Options, ThreeHundred};
use super::kit::*;
use crate::engine::testing::{random_game, replay, scan_texts, Picker};
use crate::engine::{Chance, Dice, DynGame, Game, Next, NextKind, RuleErrorKind, Seat, TableMode};

/// The option variants that matter: both readings of the die-6 placement, and the physical
/// table in each combination.
fn variants() -> Vec<Value> {
    vec![
        json!({}),
        json!({"deploy_rule": "empty_city"}),
        json!({"table_mode": "all"}),
        json!({"table_mode": "dice"}),
        json!({"table_mode": "all", "deploy_rule": "empty_city"}),
    ]
}

#[test]
fn random_games_finish_and_replay_identically() {
    let g = game();
    for seed in 0..60u64 {
        let options = &variants()[seed as usize % 5];
        let played =
            random_game(&g, options, seed, 4000).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(played.finished, "seed {seed} did not finish");
        let (st, _) = replay(&g, options, seed, &played).unwrap();
        assert_eq!(
            g.snapshot(&st).unwrap(),
            g.snapshot(&played.state).unwrap(),
            "seed {seed}"
        );
    }
}

#[test]
fn same_seed_and_commands_give_the_same_snapshot_bytes() {
    let g = game();
    for options in variants() {
        let a = random_game(&g, &options, 11, 4000).unwrap();
        let b = random_game(&g, &options, 11, 4000).unwrap();
        assert_eq!(a.log, b.log);
        assert_eq!(g.snapshot(&a.state).unwrap(), g.snapshot(&b.state).unwrap());
        // And a replay of the log through fresh commands gives the same bytes.
        let (st, pos) = replay(&g, &options, 11, &a).unwrap();
        assert_eq!(g.snapshot(&st).unwrap(), g.snapshot(&a.state).unwrap());
        assert_eq!(pos, a.rng_pos);
    }
}

#[test]
fn texts_of_random_games_read_as_sentences() {
    // No debug text in any event, prompt, label or refusal of 100+ games.
    let g = game();
    let mut n = 0;
    for (i, options) in variants().iter().enumerate() {
        let from = 1000 + 30 * i as u64;
        n += scan_texts(&g, options, from..from + 24, 3000)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
    }
    assert!(n > 100_000, "{n} texts checked");
}

#[test]
fn texts_count_their_nouns() {
    // "1 Persian armies march", "(1 cards)", "1 fleets".
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 2, 0, 0);
    put(&mut st, Ephesos, 0, 2, 0, 0);
    put(&mut st, Larissa, 0, 3, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    hands(&mut st, &[2], &[3, 4]);
    let (s, ev) = bot(&st, &[2]); // T300-TGT-8: 1 of Larissa's 3 armies marches to Thebai.
    let m = find(&ev, "persian_move");
    assert_eq!(m.data["armies"], 1);
    assert_eq!(
        m.text,
        "1 of the 3 Persian armies in Larissa marches to Thebai."
    );
    // T300-AI-12: "holds 1 card".
    assert!(find(&ev, "persian_discard")
        .text
        .ends_with("PERSS.KI holds 1 card now."));
    let _ = s;
    // T300-MOV-3: "1 Greek fleet sails".
    let mut st = greek_turn();
    put(&mut st, Athenai, 1, 0, 1, 0);
    hands(&mut st, &[2], &[3]);
    let (_, ev) = play(
        &st,
        json!({"type": "move_naval", "card": "ionian_revolt", "from": "athenai", "to": "naxos", "fleets": 1, "armies": 1}),
        &[],
    );
    assert_eq!(
        find(&ev, "greek_naval_move").text,
        "1 Greek fleet sails from Athenai to Naxos carrying 1 army."
    );
    // T300-SUP-2 and T300-SUP-3: cards by name, counted.
    let mut st = blank(true, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    hands(&mut st, &[7], &[13]);
    let (r, ev) = with_turn(&mut st, &[], super::super::flow::supply);
    r.unwrap();
    assert_eq!(
        find(&ev, "persian_hand_discarded").text,
        "Supply: PERSS.KI discards its whole hand (Triremes) and keeps none."
    );
    assert_eq!(
        find(&ev, "greek_cards_kept").text,
        "Supply: the Greeks keep their 1 card."
    );
}

#[test]
fn unknown_cards_have_one_typed_form_and_never_reach_the_wire() {
    // Unknown table-deck cards appeared as null, [0,0,0], ["0","0","0"] and "card 0,
    // unknown card". Now a face-down card is `Slot::Hidden` in the state only; every card on
    // the wire is an id, and PERSS.KI's hand is a count.
    let g = game();
    let options = json!({"table_mode": "all"});
    for seed in 0..6u64 {
        let played = random_game(&g, &options, seed, 4000).unwrap();
        let (st, _) = replay(&g, &options, seed, &played).unwrap();
        for seat in [Some(Seat(0)), None] {
            let v = g.view(&st, seat).unwrap().to_string();
            assert!(
                !v.contains("hidden") && !v.contains("\"card\":null") && !v.contains("\"0\""),
                "{v}"
            );
        }
        let snap: Value = serde_json::from_slice(&g.snapshot(&st).unwrap()).unwrap();
        for slot in snap["hand_persians"].as_array().unwrap() {
            assert!(
                slot.get("hidden").is_some() || slot.get("card").is_some(),
                "{slot}"
            );
        }
    }
    // A whole game's events name every card by its id.
    let played = random_game(&g, &options, 3, 4000).unwrap();
    let seats = g.seats(&options).unwrap();
    let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
    let mut state = g
        .start(
            &g.options(&options).unwrap(),
            Chance::new(Dice::new(3), TableMode::TABLE, played.setup_table.clone()).unwrap(),
        )
        .unwrap()
        .state;
    let mode = g.table_mode(&g.options(&options).unwrap()).unwrap();
    let mut pos = 0;
    for c in &played.log {
        let step = match c {
            crate::engine::testing::Cmd::Move { seat, mv, table } => g
                .play(
                    &state,
                    *seat,
                    mv,
                    Chance::new(Dice::at(3, pos), mode, table.clone()).unwrap(),
                )
                .unwrap(),
            crate::engine::testing::Cmd::Bot { table } => g
                .bot_turn(
                    &state,
                    Chance::new(Dice::at(3, pos), mode, table.clone()).unwrap(),
                )
                .unwrap(),
        };
        let wire = g.events_json(&step.events, &cx, Some(Seat(0))).unwrap();
        let text = wire.get();
        assert!(
            !text.contains("unknown card") && !text.contains("\"card\":null"),
            "{text}"
        );
        state = step.state;
        pos = step.chance.position;
    }
}

#[test]
fn the_battle_view_says_what_a_player_needs() {
    // The battle view showed `ctx`, `reaction_used`, `persian_lost` and
    // `greek_dice: null`; it now shows the units, the dice rolled and the dice to come.
    let mut st = greek_turn();
    put(&mut st, Athenai, 4, 0, 0, 0);
    put(&mut st, Thebai, 0, 5, 0, 0);
    hands(&mut st, &[2, 3], &[3]);
    let (s, _) = play(
        &st,
        json!({"type": "move_land", "card": 2, "from": "athenai", "to": "thebai", "armies": 4}),
        &[6, 6, 6, 5, 1, 1],
    );
    let v = serde_json::to_value(ThreeHundred::view(&s, Some(Seat(0)))).unwrap();
    let b = &v["battle"];
    for internal in [
        "ctx",
        "then",
        "reaction_used",
        "persian_lost",
        "greek_dice",
        "origin",
    ] {
        assert!(b.get(internal).is_none(), "{internal} in {b}");
    }
    assert_eq!(b["rounds_fought"], 1);
    assert_eq!(b["units"], json!({"greeks": 4, "persians": 4}));
    assert_eq!(b["last_round"]["persian_dice"], json!([6, 6, 6]));
    assert_eq!(b["last_round"]["greek_dice"], json!([5, 1, 1]));
    assert_eq!(b["last_round"]["persian_result"], 4);
    assert_eq!(b["next_round"], json!({"persian_dice": 3, "greek_dice": 3}));
    assert_eq!(b["retreat_to"], json!(["athenai"]));
    assert_eq!(b["persian_cap"], 4);
    // Under a bonus card the next round's Greek dice are the card's.
    let mut st = blank(true, 0);
    put(&mut st, Larissa, 0, 6, 0, 0);
    put(&mut st, Thebai, 1, 0, 0, 0);
    hands(&mut st, &[15], &[3]);
    let (s, _) = bot(&st, &[2]);
    let (s, _) = play(
        &s,
        json!({"type": "react", "card": "three_hundred_spartans"}),
        &[1, 1, 1, 5, 1, 1],
    );
    let v = serde_json::to_value(ThreeHundred::view(&s, None)).unwrap();
    assert_eq!(
        v["battle"]["greek_bonus"],
        json!({"card": "three_hundred_spartans", "dice": 3})
    );
    assert_eq!(
        v["battle"]["next_round"],
        json!({"persian_dice": 2, "greek_dice": 3})
    );
}

#[test]
fn view_hides_the_persian_hand_and_deck_order() {
    let mut st = greek_turn();
    hands(&mut st, &[2, 3], &[7, 8]);
    let v = serde_json::to_value(ThreeHundred::view(&st, Some(Seat(0)))).unwrap();
    assert_eq!(v["hand"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["hand"][0],
        json!({"card": "ionian_revolt", "number": 2, "name": "Ionian Revolt", "persian_name": "Tribute of Earth and Water"})
    );
    assert_eq!(v["persian_hand_size"], 2);
    let text = v.to_string();
    assert!(
        !text.contains("hand_persians") && !text.contains("\"deck\"") && !text.contains("oracle")
    );
    let spectator = serde_json::to_value(ThreeHundred::view(&st, None)).unwrap();
    assert!(spectator.get("hand").is_none());
    assert_eq!(spectator["greek_hand_size"], 2);
    assert_eq!(spectator["cities"].as_array().unwrap().len(), 11);
    let persians = serde_json::to_value(ThreeHundred::view(&st, Some(Seat(1)))).unwrap();
    assert!(persians.get("hand").is_none());
}

#[test]
fn greek_draws_are_secret_to_the_greek_seat_and_not_undoable() {
    // A card drawn from the server's shuffled deck is shown only to the Greeks (T300-GPR-2),
    // and the command that showed it cannot be taken back.
    let mut st = blank(true, 0);
    st.phase = super::super::state::Phase::GreekBuy;
    st.talents = 6;
    let o = command(
        &st,
        Some(Seat(0)),
        Some(&json!({"type": "buy_cards", "count": 2})),
        TableMode::SERVER,
        vec![],
    )
    .unwrap();
    assert!(!o.undoable);
    let e = find(&o.events, "greek_cards_bought");
    assert_eq!(secret(e)["kind"], "greek_cards_drawn");
    assert_eq!(
        secret(e)["data"]["cards"],
        json!(["mines_of_laurion", "ionian_revolt"])
    );
    assert_eq!(e.text, "The Greeks buy 2 cards, 4 talents left.");
    // Nobody else sees them.
    let g = game();
    let any = g.restore(&serde_json::to_vec(&st).unwrap()).unwrap();
    let step = g
        .play(
            &any,
            Seat(0),
            &json!({"type": "buy_cards", "count": 2}),
            Chance::new(Dice::new(1), TableMode::SERVER, vec![]).unwrap(),
        )
        .unwrap();
    let seats = g.seats(&Value::Null).unwrap();
    let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
    for viewer in [None, Some(Seat(1))] {
        let text = g
            .events_json(&step.events, &cx, viewer)
            .unwrap()
            .get()
            .to_string();
        assert!(
            !text.contains("mines_of_laurion") && !text.contains("secret"),
            "{text}"
        );
    }
    // Raising units reveals nothing and takes nothing from chance: it can be taken back.
    let (s, _) = play(&st, json!({"type": "buy_cards", "count": 0}), &[]);
    let o = command(
        &s,
        Some(Seat(0)),
        Some(&json!({"type": "raise"})),
        TableMode::SERVER,
        vec![],
    )
    .unwrap();
    assert!(o.undoable);
}

#[test]
fn old_moves_still_parse() {
    // Older logs named cards by number; they are read as card ids.
    let old: Vec<Value> = vec![
        json!({"type": "move_land", "card": 4, "from": "athenai", "to": "thebai", "armies": 1, "path": null, "miltiades": false, "pay_from": null}),
        json!({"type": "move_naval", "card": 13, "from": "athenai", "to": "naxos", "fleets": 1, "armies": 0}),
        json!({"type": "play_event", "card": 2, "city": "ephesos", "from": null, "to": null, "armies": null, "port": null, "fleets": null, "path": null, "pay_from": null}),
        json!({"type": "play_event", "card": 14, "fleets": {"sparta": 2}}),
        json!({"type": "play_event", "card": 13, "from": "athenai", "to": "naxos", "fleets": 2}),
        json!({"type": "react", "card": 15, "pay_from": null}),
        json!({"type": "react", "card": null}),
        json!({"type": "discard", "card": 13}),
        json!({"type": "keep_cards", "cards": [1, 2, 3, 7]}),
        json!({"type": "remove_armies", "from": {"athenai": 1, "sparta": 0}}),
        json!({"type": "raise", "armies": {"thebai": 2}, "fleets": {}}),
        json!({"type": "triremes_second", "from": null, "to": null, "fleets": null, "skip": true}),
        json!({"type": "battle_choice", "retreat_to": null}),
        json!({"type": "destroy_bridge", "destroy": true}),
        json!({"type": "buy_cards", "count": 2}),
        json!({"type": "pass"}),
    ];
    for m in old {
        let mv: Move = serde_json::from_value(m.clone()).unwrap_or_else(|e| panic!("{m}: {e}"));
        let back = serde_json::to_value(&mv).unwrap();
        if let Some(card) = m.get("card").and_then(Value::as_u64) {
            assert_eq!(back["card"], id(card as u8), "{m}");
        }
    }
    // A zero in a bundle is the same as leaving the city out.
    let mv: Move = serde_json::from_value(
        json!({"type": "remove_armies", "from": {"athenai": 1, "sparta": 0}}),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(mv).unwrap(),
        json!({"type": "remove_armies", "from": {"athenai": 1}})
    );
    // The table-deck report moves are gone: cards come in the request's `table` field.
    for gone in [
        json!({"type": "report_draw", "cards": [7, 13]}),
        json!({"type": "report_persian_discard", "card": 11}),
        json!({"type": "enter_dice", "values": [6, 6]}),
    ] {
        assert!(serde_json::from_value::<Move>(gone).is_err());
    }
    // Card ids and numbers agree, names in the schema order.
    for (i, card) in super::super::data::CARDS.iter().enumerate() {
        assert_eq!(card.number() as usize, i + 1);
        assert_eq!(serde_json::to_value(card).unwrap(), json!(card.id()));
        assert_eq!(
            serde_json::from_value::<super::super::data::Card>(json!(i + 1)).unwrap(),
            *card
        );
    }
}

fn random_city(p: &mut Picker) -> Value {
    json!(
        [
            "abydos",
            "ephesos",
            "pella",
            "larissa",
            "delphi",
            "thebai",
            "athenai",
            "korinthos",
            "sparta",
            "eretria",
            "naxos",
            "atlantis"
        ][p.pick(12)]
    )
}

/// A move of any shape with numbers and cities that are mostly wrong.
fn nonsense(p: &mut Picker) -> Value {
    let card = json!(p.pick(19));
    let n = match p.pick(4) {
        0 => json!(0),
        1 => json!(1),
        2 => json!(p.pick(10)),
        _ => json!(u32::MAX as usize - p.pick(3)),
    };
    let (c1, c2) = (random_city(p), random_city(p));
    let mut map = serde_json::Map::new();
    if let (Some(a), Some(b)) = (c1.as_str(), c2.as_str()) {
        map.insert(a.into(), n.clone());
        map.insert(b.into(), json!(p.pick(4)));
    }
    let map = Value::Object(map);
    match p.pick(15) {
        0 => json!({"type": "buy_cards", "count": n}),
        1 => json!({"type": "raise", "armies": map, "fleets": map}),
        2 => {
            json!({"type": "move_land", "card": card, "from": c1, "to": c2, "armies": n, "path": [c2, c1, c2], "miltiades": p.pick(2) == 0, "pay_from": c1})
        }
        3 => json!({"type": "move_land", "card": card, "from": c1, "to": c2, "armies": n}),
        4 => {
            json!({"type": "move_naval", "card": card, "from": c1, "to": c2, "fleets": n, "armies": p.pick(5)})
        }
        5 => {
            json!({"type": "play_event", "card": card, "city": c1, "from": c1, "to": c2, "armies": n, "port": c2, "fleets": if p.pick(2) == 0 { n.clone() } else { map.clone() }, "pay_from": c2})
        }
        6 => json!({"type": "triremes_second", "from": c1, "to": c2, "fleets": n}),
        7 => json!({"type": "pass"}),
        8 => json!({"type": "react", "card": card, "pay_from": c1}),
        9 => json!({"type": "battle_choice", "retreat_to": c1}),
        10 => json!({"type": "destroy_bridge", "destroy": true}),
        11 => json!({"type": "discard", "card": card}),
        12 => json!({"type": "keep_cards", "cards": [card, card, 1, 2]}),
        13 => json!({"type": "remove_armies", "from": map}),
        _ => json!({"type": "play_event", "card": card}),
    }
}

#[test]
fn nonsense_moves_are_refused_without_panic() {
    let g = game();
    for seed in 0..30u64 {
        let mut p = Picker::new(seed + 1000);
        let options = json!({});
        let mut state = g
            .start(
                &options,
                Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).unwrap(),
            )
            .unwrap()
            .state;
        let mut pos = 0;
        for _ in 0..300 {
            let before = g.snapshot(&state).unwrap();
            for _ in 0..5 {
                let m = nonsense(&mut p);
                let chance =
                    || Chance::new(Dice::at(seed, pos), TableMode::SERVER, vec![]).unwrap();
                match g.play(&state, Seat(0), &m, chance()) {
                    Ok(_) => {
                        assert!(
                            g.covers(&state, Seat(0), &m).unwrap(),
                            "{m} accepted but not listed"
                        );
                    }
                    Err(crate::engine::AdapterError::Rule(e)) => {
                        assert!(!e.rule.is_empty() && !e.detail.to_string().is_empty());
                        crate::engine::testing::check_text("refusal", &e.detail.to_string())
                            .unwrap();
                    }
                    Err(crate::engine::AdapterError::Malformed(_)) => {}
                    Err(e) => panic!("{m}: {e}"),
                }
                assert!(
                    g.play(&state, Seat(1), &m, chance()).is_err(),
                    "seat 1 never moves"
                );
                assert_eq!(before, g.snapshot(&state).unwrap());
            }
            let chance = Chance::new(Dice::at(seed, pos), TableMode::SERVER, vec![]).unwrap();
            let step = match g.next(&state).unwrap() {
                NextKind::Finished => break,
                NextKind::Bot => g.bot_turn(&state, chance).unwrap(),
                NextKind::Human(_) => {
                    let moves = g.sample_moves(&state, Seat(0), &mut |k| p.pick(k)).unwrap();
                    let m = moves[p.pick(moves.len())].clone();
                    g.play(&state, Seat(0), &m, chance).unwrap()
                }
            };
            state = step.state;
            pos = step.chance.position;
        }
    }
    // A bot turn at the human's turn is refused by the engine's turn gate.
    let mut st = blank(true, 0);
    st.to_act = Side::Greeks;
    assert_eq!(
        bot_refused(&st, TableMode::SERVER, vec![]).kind,
        RuleErrorKind::OutOfTurn
    );
}

fn replay_script(script: &Script) -> (super::super::State, Vec<Ev>) {
    let opts = serde_json::to_value(&script.options).unwrap();
    let g = game();
    let mode = g.table_mode(&opts).unwrap();
    let mut pos = 0;
    let start = g
        .start(
            &opts,
            Chance::new(Dice::new(script.seed), mode, vec![]).unwrap(),
        )
        .unwrap();
    let mut state = start.state;
    pos = pos.max(start.chance.position);
    let seats = g.seats(&opts).unwrap();
    let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
    let mut ev = Vec::new();
    for step in &script.steps {
        let chance = Chance::new(Dice::at(script.seed, pos), mode, vec![]).unwrap();
        let s = match step {
            ScriptStep::Bot => g.bot_turn(&state, chance).unwrap(),
            ScriptStep::Human { seat, mv } => g.play(&state, *seat, mv, chance).unwrap(),
        };
        let wire: Value =
            serde_json::from_str(g.events_json(&s.events, &cx, Some(Seat(0))).unwrap().get())
                .unwrap();
        ev.extend(read_wire(&wire));
        state = s.state;
        pos = s.chance.position;
    }
    let st: super::super::State = serde_json::from_slice(&g.snapshot(&state).unwrap()).unwrap();
    (st, ev)
}

#[test]
fn scenario_greek_win_on_points() {
    // T300-SCO-3: a Greek score after campaign 5.
    let (st, ev) = replay_script(&scenarios::scripted_game(Ending::GreekPoints));
    assert_eq!(st.winner(), Some(Outcome::Greeks));
    assert!(st.score < 0);
    assert_eq!(st.campaign, 5);
    assert_eq!(find(&ev, "game_over").rule, "T300-SCO-3");
}

#[test]
fn scenario_persian_win_on_points() {
    let (st, ev) = replay_script(&scenarios::scripted_game(Ending::PersianPoints));
    assert_eq!(st.winner(), Some(Outcome::Persians));
    assert!(st.score > 0);
    find(&ev, "game_over");
}

#[test]
fn scenario_persian_instant_win() {
    // T300-SCO-2
    let (st, ev) = replay_script(&scenarios::scripted_game(Ending::PersianInstant));
    assert_eq!(st.winner(), Some(Outcome::Persians));
    assert_eq!(find(&ev, "victory").rule, "T300-SCO-2");
    assert!(st.persians_hold_greece());
}

#[test]
fn scenario_human_retreat_decision() {
    // T300-BAT-5: the script contains a retreat answered by the human, and the game goes on to
    // its end.
    let script = scenarios::scripted_game(Ending::GreekRetreat);
    assert!(script.steps.iter().any(|s| matches!(s, ScriptStep::Human { mv, .. } if mv["type"] == "battle_choice" && !mv["retreat_to"].is_null())));
    let (st, ev) = replay_script(&script);
    find(&ev, "greek_retreat");
    assert!(st.is_finished());
}

#[test]
fn scenarios_replay_through_the_erased_adapter_with_snapshots() {
    // As the service does it: JSON options and moves, a snapshot and a dice position per
    // request.
    let game = crate::games::catalog()
        .into_iter()
        .find(|g| g.id() == "three-hundred")
        .expect("registered");
    for (ending, script) in scenarios::all_scripts() {
        let options = game
            .options(&serde_json::to_value(&script.options).unwrap())
            .unwrap();
        let mode = game.table_mode(&options).unwrap();
        let chance = |pos| Chance::new(Dice::at(script.seed, pos), mode, vec![]).unwrap();
        let start = game.start(&options, chance(0)).unwrap();
        let mut state = start.state;
        let mut pos = start.chance.position;
        for step in &script.steps {
            let snap = game.snapshot(&state).unwrap();
            let restored = game.restore(&snap).unwrap();
            let step = match step {
                ScriptStep::Bot => game.bot_turn(&restored, chance(pos)),
                ScriptStep::Human { seat, mv } => game.play(&restored, *seat, mv, chance(pos)),
            }
            .unwrap();
            state = step.state;
            pos = step.chance.position;
        }
        match game.scores(&state).unwrap() {
            Some((_, winner)) => match ending {
                Ending::GreekPoints => assert_eq!(winner.as_deref(), Some("greeks")),
                Ending::PersianPoints | Ending::PersianInstant => {
                    assert_eq!(winner.as_deref(), Some("persians"))
                }
                Ending::GreekRetreat => {}
            },
            None => panic!("{ending:?} did not finish"),
        }
    }
}

#[test]
fn random_aggressive_games_reach_defence_and_finish() {
    // A policy that sails and marches at Abydos and Ephesos, so PERSS.KI's defence (T300-AI-2)
    // runs, with the server's and the table's cards.
    let g = game();
    let mut defs = 0;
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..120u64 {
        let mut p = Picker::new(seed + 77);
        let options = if seed % 2 == 0 {
            json!({})
        } else {
            json!({"table_mode": "all"})
        };
        let options = g.options(&options).unwrap();
        let mode = g.table_mode(&options).unwrap();
        let (start, _) =
            crate::engine::testing::run_with_table(&g, &options, seed, 0, &mut p, |c| {
                g.start(&options, c)
            })
            .unwrap();
        let (mut state, mut pos) = (start.state, start.chance.position);
        for _ in 0..3000 {
            let run = |p: &mut Picker,
                       f: &mut dyn FnMut(
                Chance,
            ) -> Result<
                crate::engine::DynStep,
                crate::engine::AdapterError,
            >| {
                crate::engine::testing::run_with_table(&g, &options, seed, pos, p, f)
                    .unwrap()
                    .0
            };
            let step = match g.next(&state).unwrap() {
                NextKind::Finished => break,
                NextKind::Bot => run(&mut p, &mut |c| g.bot_turn(&state, c)),
                NextKind::Human(_) => {
                    let moves = g.sample_moves(&state, Seat(0), &mut |k| p.pick(k)).unwrap();
                    let good: Vec<&Value> = moves
                        .iter()
                        .filter(|m| {
                            (m["to"] == "abydos" || m["to"] == "ephesos")
                                && m["armies"].as_u64().unwrap_or(0) > 0
                        })
                        .collect();
                    let m = if !good.is_empty() && p.pick(2) == 0 {
                        good[p.pick(good.len())].clone()
                    } else {
                        let np: Vec<&Value> =
                            moves.iter().filter(|m| m["type"] != "pass").collect();
                        if !np.is_empty() && p.pick(5) > 0 {
                            np[p.pick(np.len())].clone()
                        } else {
                            moves[p.pick(moves.len())].clone()
                        }
                    };
                    run(&mut p, &mut |c| g.play(&state, Seat(0), &m, c))
                }
            };
            let _ = mode;
            let seats = g.seats(&options).unwrap();
            let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
            let wire: Value = serde_json::from_str(
                g.events_json(&step.events, &cx, Some(Seat(0)))
                    .unwrap()
                    .get(),
            )
            .unwrap();
            for e in wire.as_array().unwrap() {
                let k = e["kind"].as_str().unwrap().to_string();
                if k == "defence_check" {
                    defs += 1;
                }
                *kinds.entry(k).or_insert(0) += 1;
            }
            state = step.state;
            pos = step.chance.position;
        }
        assert!(g.scores(&state).unwrap().is_some(), "seed {seed}");
    }
    assert!(
        defs > 0 && kinds.contains_key("greek_retreat") && kinds.contains_key("reaction"),
        "{kinds:?}"
    );
}

#[test]
fn finished_games_name_the_winner_and_refuse_everything() {
    let mut st = blank(true, 0);
    st.campaign = 5;
    with_turn(&mut st, &[], super::super::flow::scoring);
    match <ThreeHundred as Game>::next(&st) {
        Next::Finished {
            winner, decision, ..
        } => {
            assert_eq!(winner, None);
            assert_eq!(
                decision,
                super::super::events::Decision::GameOver {
                    outcome: Outcome::Draw,
                    reason: super::super::state::EndReason::Points,
                    score: 0
                }
            );
        }
        n => panic!("{n:?}"),
    }
    assert!(ThreeHundred::legal_moves(&st, Seat(0)).is_empty());
    assert_eq!(
        refuse(&st, json!({"type": "pass"})).kind,
        RuleErrorKind::GameOver
    );
    let _ = Options::default();
}

/// Finds (session seed, policy seed) pairs for the scenario scripts when the policy or the
/// legal moves change: `cargo test --lib search_scenario_seeds -- --ignored --nocapture`.
#[test]
#[ignore]
fn search_scenario_seeds() {
    use super::super::state::EndReason;
    let o = Options::default();
    let mut found = std::collections::BTreeMap::new();
    for seed in 0..60u64 {
        for policy in 0..40u64 {
            let (steps, st, _) = scenarios::run_policy(&o, seed, policy);
            let retreat = steps.iter().any(|s| matches!(s, ScriptStep::Human { mv, .. } if mv["type"] == "battle_choice" && !mv["retreat_to"].is_null()));
            let e = match st.end.map(|e| (e.outcome, e.reason)) {
                Some((Outcome::Greeks, EndReason::Points)) => "greek_points",
                Some((Outcome::Persians, EndReason::Points)) => "persian_points",
                Some((_, EndReason::PersiansHoldGreece)) => "persian_instant",
                _ => "",
            };
            if !e.is_empty() {
                found.entry(e).or_insert((seed, policy));
            }
            if st.is_finished() && retreat {
                found.entry("greek_retreat").or_insert((seed, policy));
            }
        }
        if found.len() >= 4 {
            break;
        }
    }
    println!("{found:?}");
}

/// The session's turn refusals name T300-SEQ-3 (spec §5: a move when it is not the Greeks'
/// turn or not the pending decision), the session rule at the end of the text; a bot turn
/// asked while the Greeks decide names it too.
#[test]
fn session_turn_refusals_name_t300_seq_3() {
    use crate::engine::testing::turn_refusals;
    use crate::engine::SessionCase;
    let g = game();
    for seed in 0..3u64 {
        let options = &variants()[seed as usize];
        let played = random_game(&g, options, seed, 4000).unwrap();
        let refusals = turn_refusals(&g, options, seed, &played).unwrap();
        let bots_turn = refusals
            .iter()
            .filter(|r| r.case == SessionCase::BotsTurn)
            .count();
        assert!(bots_turn > 5 && refusals.len() > bots_turn, "seed {seed}");
        for r in &refusals {
            assert_eq!(
                (r.error.rule.as_str(), &r.error.kind),
                ("T300-SEQ-3", &RuleErrorKind::OutOfTurn),
                "{:?}",
                r.case
            );
            assert!(r.error.detail.to_string().ends_with("(SESSION-TURN-1)."));
        }
    }
}
