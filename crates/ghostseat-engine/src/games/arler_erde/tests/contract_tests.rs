//! The contract every game keeps, checked through the erased adapter as the
//! session layer drives it: whole random games and their replay, complete
//! legal moves, readable texts, physical-table play, refusals of nonsense,
//! the typed view, and the JSON of old logs.

use serde_json::{json, Value};

use crate::engine::testing::{
    check_legal_moves, check_physical_table, random_game, replay, scan_texts, Picker,
};
use crate::engine::{
    AdapterError, Chance, Dice, DynGame, Game, Need, NextKind, RuleErrorKind, Seat, TableItem,
};

use super::super::{ArlerErde, Move};
use super::kit::*;

/// Option variants that change how the game runs.
fn variants() -> Vec<Value> {
    vec![
        json!({}),
        json!({"building_set": "first_game"}),
        json!({"table_mode": "all", "setup_die": 3}),
        serde_json::to_value(ArlerErde::physical_table_options().unwrap()).unwrap(),
        json!({"board": custom_board_json(10, 6)}),
    ]
}

/// A small custom board (Tee & Handel style) as option JSON.
fn custom_board_json(n: usize, slots: usize) -> Value {
    let sp = |season: &str, other: &str, i: usize, building: bool| {
        json!({"id": format!("{season}_{i}"), "name_en": format!("{season} {i}"),
               "building": building, "opposite": format!("{other}_{i}")})
    };
    json!({
        "summer": (1..=n).map(|i| sp("s", "w", i, i == 3)).collect::<Vec<_>>(),
        "winter": (1..=n).map(|i| sp("w", "s", i, i == 1)).collect::<Vec<_>>(),
        "display_slots": [(1..=slots).map(|i| format!("slot{i}")).collect::<Vec<_>>()],
        "display": (1..=slots).map(|i| format!("b{i}")).collect::<Vec<_>>(),
    })
}

#[test]
fn random_games_finish_and_replay_to_the_same_bytes() {
    let g = erased();
    for (v, options) in variants().iter().enumerate() {
        for seed in 0..12u64 {
            let seed = seed * 31 + v as u64;
            let played = random_game(&g, options, seed, 400).unwrap();
            assert!(played.finished, "seed {seed} options {options}");
            let end = g.snapshot(&played.state).unwrap();
            // The same seed and commands give the same snapshot bytes.
            let (again, pos) = replay(&g, options, seed, &played).unwrap();
            assert_eq!(g.snapshot(&again).unwrap(), end, "seed {seed}");
            assert_eq!(pos, played.rng_pos);
            // And the same seed drives the same game.
            let twin = random_game(&g, options, seed, 400).unwrap();
            assert_eq!(g.snapshot(&twin.state).unwrap(), end);
            // A snapshot round trip through the adapter is byte-exact.
            let restored = g.restore(&end).unwrap();
            assert_eq!(g.snapshot(&restored).unwrap(), end);
            // ARLE-SET-1, ARLE-END-3: nine half-years, then the score.
            let v = g.view(&played.state, Some(Seat(0))).unwrap();
            assert_eq!(v["history"].as_array().unwrap().len(), 9);
            assert_eq!(v["phase"], "finished");
        }
    }
}

/// Plausible moves around the listed ones: every space of both lists with
/// every season, buildings on and off the display, scores in and out of
/// range.
fn candidates(view: &Value, _listed: &[Value], pick: &mut Picker) -> Vec<Value> {
    let mut out = Vec::new();
    let mut buildings: Vec<Value> = vec![json!("palace"), json!("")];
    for slot in view["display"].as_array().into_iter().flatten() {
        for key in ["building", "emptied_building"] {
            if slot[key].is_string() {
                buildings.push(slot[key].clone());
            }
        }
    }
    for season in ["summer", "winter"] {
        for sp in view["board"][season].as_array().into_iter().flatten() {
            let builds = sp["building"] == true || sp["id"] == "laborer";
            for s in [Value::Null, json!("summer"), json!("winter")] {
                let mut mv = json!({"type": "place_worker", "space": sp["id"]});
                if !s.is_null() {
                    mv["season"] = s.clone();
                }
                out.push(mv.clone());
                // A few buildings each time: on the display, already gone,
                // unknown (every one of them over the steps of a game).
                let tries = if builds { 4 } else { 1 };
                let some: Vec<Value> = (0..tries)
                    .map(|_| buildings[pick.pick(buildings.len())].clone())
                    .collect();
                for b in some {
                    let mut m = mv.clone();
                    m["built"] = b;
                    out.push(m);
                }
            }
        }
    }
    out.push(json!({"type": "place_worker", "space": "nowhere"}));
    for b in &buildings {
        out.push(json!({"type": "report_building", "building": b}));
    }
    for p in [-101, -100, -3, 0, 87, 500, 501, 100_000] {
        out.push(json!({"type": "report_score", "points": p}));
    }
    out.push(json!({"type": "report_score"}));
    out.push(json!({"type": "report_score", "points": null}));
    out
}

#[test]
fn legal_moves_are_complete_and_exact() {
    let g = erased();
    let mut total = (0, 0);
    for options in [
        json!({}),
        json!({"table_mode": "all", "setup_die": 6}),
        json!({"board": custom_board_json(9, 3)}),
    ] {
        let (listed, accepted) =
            check_legal_moves(&g, &options, 0..2, 120, 2, &mut candidates).unwrap();
        total.0 += listed;
        total.1 += accepted;
    }
    assert!(total.0 > 1000 && total.1 > 1000, "{total:?}");
}

#[test]
fn texts_read_as_sentences_in_every_variant() {
    let g = erased();
    let mut n = 0;
    for options in variants() {
        n += scan_texts(&g, &options, 0..25, 120).unwrap();
    }
    assert!(n > 100_000, "{n} texts");
}

#[test]
fn physical_table_games_take_nothing_from_the_server() {
    let g = erased();
    let options = g.physical_table_options().unwrap();
    // Table dice and the entered display: the table supplies everything.
    assert_eq!(
        g.table_mode(&g.options(&options).unwrap()).unwrap(),
        crate::engine::TableMode::TABLE
    );
    let finished = check_physical_table(&g, &options, 0..20, 400).unwrap();
    assert_eq!(finished, 20);
    // Setup draws nothing either: the setup die and the display are options.
    let start = g
        .start(
            &g.options(&options).unwrap(),
            Chance::new(Dice::new(1), crate::engine::TableMode::TABLE, vec![]).unwrap(),
        )
        .unwrap();
    assert!(!start.chance.server_used);
}

#[test]
fn too_few_table_dice_are_answered_with_the_exact_list() {
    let g = erased();
    let options = g
        .options(&json!({"table_mode": "all", "setup_die": 4, "display": d0_ids()}))
        .unwrap();
    let mode = g.table_mode(&options).unwrap();
    let s = g
        .start(&options, Chance::new(Dice::new(7), mode, vec![]).unwrap())
        .unwrap()
        .state;
    // Marker 1 on Colonist; the human takes the Fisherman.
    let s = g
        .play(
            &s,
            Seat(0),
            &json!({"type": "place_worker", "space": "fisherman"}),
            Chance::new(Dice::new(7), mode, vec![]).unwrap(),
        )
        .unwrap()
        .state;
    let bot = |table: &[u8]| {
        g.bot_turn(
            &s,
            Chance::new(
                Dice::new(7),
                mode,
                table.iter().map(|&d| TableItem::Die(d)).collect(),
            )
            .unwrap(),
        )
    };
    let needed = |r: Result<crate::engine::DynStep, AdapterError>| match r {
        Err(AdapterError::Rule(e)) => match e.kind {
            RuleErrorKind::TableInputNeeded { needed, sent } => (e.rule, needed, sent),
            k => panic!("{k:?}"),
        },
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("accepted"),
    };
    let six = Need::die(6);
    // ARLE-VIM-1: VIM's throw of two dice.
    assert_eq!(
        needed(bot(&[])),
        ("ARLE-VIM-1".into(), vec![six.clone(); 2], 0)
    );
    // 2+3 counts 5 from Colonist to the Forester, a building space:
    // ARLE-BLD-2 asks for both dice twice, 6 dice in all.
    assert_eq!(
        needed(bot(&[2, 3])),
        ("ARLE-BLD-2".into(), vec![six.clone(); 6], 2)
    );
    // 2+4 counts 6 to the Woodcutter: 2 dice are all it needs.
    assert!(bot(&[2, 4]).is_ok());
    assert!(bot(&[2, 3, 1, 1, 1, 1]).is_ok());
    assert!(matches!(
        bot(&[2, 4, 1]),
        Err(AdapterError::Rule(e)) if e.kind == RuleErrorKind::TableInputUnused { unused: 1 }
    ));
    // A card is never asked for.
    assert!(bot(&[2, 4])
        .unwrap()
        .chance
        .consumed
        .iter()
        .all(|c| matches!(c.item, TableItem::Die(_))));
}

/// Ported from the legacy adapter: options, moves and table dice all as
/// JSON, as the service sends them; the game ends with the score decision.
#[test]
fn adapter_plays_whole_games_as_json() {
    let g = erased();
    for (seed, opts) in [
        (1u64, json!({})),
        (
            2,
            json!({"table_mode": "all", "setup_die": 3, "building_set": "first_game"}),
        ),
    ] {
        let options = g.options(&opts).unwrap();
        let mode = g.table_mode(&options).unwrap();
        let table = opts["table_mode"] == "all";
        let (mut st, mut pos) = {
            let s = g
                .start(
                    &options,
                    Chance::new(Dice::new(seed), mode, vec![]).unwrap(),
                )
                .unwrap();
            (s.state, s.chance.position)
        };
        let mut pick = Picker::new(seed + 100);
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 300);
            match g.next(&st).unwrap() {
                NextKind::Finished => {
                    let (scores, winner) = g.scores(&st).unwrap().unwrap();
                    assert_eq!(scores.get("human"), Some(&Some(42)));
                    assert_eq!(winner, None);
                    break;
                }
                NextKind::Human(seats) => {
                    assert_eq!(seats, vec![Seat(0)]);
                    let moves = g
                        .sample_moves(&st, seats[0], &mut |n| pick.pick(n))
                        .unwrap();
                    let mv = if moves[0]["type"] == "report_score" {
                        json!({"type": "report_score", "points": 42})
                    } else {
                        let places: Vec<&Value> = moves
                            .iter()
                            .filter(|m| m["type"] == "place_worker")
                            .collect();
                        places[pick.pick(places.len())].clone()
                    };
                    let step = g
                        .play(
                            &st,
                            seats[0],
                            &mv,
                            Chance::new(Dice::at(seed, pos), mode, vec![]).unwrap(),
                        )
                        .unwrap();
                    // A placement draws no chance; only the one that ends
                    // the game stays (SESSION-UNDO-3).
                    let ends = g.next(&step.state).unwrap() == NextKind::Finished;
                    assert_eq!(step.undoable, !ends, "a placement draws no chance");
                    st = step.state;
                    pos = step.chance.position;
                }
                NextKind::Bot if table => {
                    let mut dice: Vec<TableItem> = Vec::new();
                    let step = loop {
                        let chance = Chance::new(Dice::at(seed, pos), mode, dice.clone()).unwrap();
                        match g.bot_turn(&st, chance) {
                            Ok(step) => break step,
                            Err(AdapterError::Rule(e)) => match e.kind {
                                RuleErrorKind::TableInputNeeded { needed, sent } => {
                                    assert!(needed.len() == 2 || needed.len() == 6, "{needed:?}");
                                    assert_eq!(sent, dice.len());
                                    dice.extend(
                                        (sent..needed.len())
                                            .map(|_| TableItem::Die(1 + pick.pick(6) as u8)),
                                    );
                                }
                                _ => panic!("{e}"),
                            },
                            Err(e) => panic!("{e}"),
                        }
                    };
                    assert!(!step.chance.server_used);
                    st = step.state;
                    pos = step.chance.position;
                }
                NextKind::Bot => {
                    let step = g
                        .bot_turn(&st, Chance::new(Dice::at(seed, pos), mode, vec![]).unwrap())
                        .unwrap();
                    assert!(!step.undoable);
                    st = step.state;
                    pos = step.chance.position;
                }
            }
        }
        let v = g.view(&st, Some(Seat(0))).unwrap();
        assert_eq!(v["phase"], "finished");
        assert_eq!(v["reported_score"], 42);
        assert!(g.legal_json(&st, Seat(0), &text_cx()).unwrap().get() == "[]");
    }
}

fn text_cx() -> crate::engine::TextCx<'static> {
    static SEATS: std::sync::OnceLock<Vec<crate::engine::SeatInfo>> = std::sync::OnceLock::new();
    let seats = SEATS.get_or_init(|| ArlerErde::seats(&Default::default()));
    crate::engine::TextCx::new(crate::engine::Lang::En, seats)
}

/// A move that is probably wrong: random words, seasons, buildings, scores.
fn nonsense_move(r: &mut Picker) -> Value {
    let words = [
        "fisherman",
        "laborer",
        "tanner",
        "builder",
        "mill",
        "",
        "forester",
        "wood_trader",
        "berum_castle",
        "x",
        "carpenter",
        "s_1",
    ];
    let word = |r: &mut Picker| json!(words[r.pick(words.len())]);
    match r.pick(5) {
        0 => {
            let mut m = json!({"type": "place_worker", "space": word(r)});
            match r.pick(3) {
                0 => {}
                1 => m["season"] = json!("summer"),
                _ => m["season"] = json!("winter"),
            }
            if r.pick(2) == 0 {
                m["built"] = word(r);
            }
            m
        }
        1 => json!({"type": "report_building", "building": word(r)}),
        2 => json!({"type": "enter_dice", "values": [r.pick(9), r.pick(9)]}),
        3 => json!({"type": "report_score", "points": r.pick(2000) as i64 - 1000}),
        _ => json!({"type": "report_score"}),
    }
}

/// Ported from the legacy adapter: nonsense from any seat, at every step of
/// random games, is refused without changing anything, or is a listed move.
#[test]
fn nonsense_moves_are_refused_without_change() {
    let g = erased();
    let mut r = Picker::new(4242);
    for (v, options) in variants().iter().enumerate() {
        for seed in 0..4u64 {
            let seed = seed + 10 * v as u64;
            let played = random_game(&g, options, seed, 400).unwrap();
            let opts = g.options(options).unwrap();
            let mode = g.table_mode(&opts).unwrap();
            let start = g
                .start(
                    &opts,
                    Chance::new(Dice::new(seed), mode, played.setup_table.clone()).unwrap(),
                )
                .unwrap();
            let (mut st, mut pos) = (start.state, start.chance.position);
            for cmd in &played.log {
                for _ in 0..3 {
                    let before = g.snapshot(&st).unwrap();
                    let mv = nonsense_move(&mut r);
                    let seat = Seat(r.pick(3) as u8);
                    let res = g.play(
                        &st,
                        seat,
                        &mv,
                        Chance::new(Dice::at(seed, pos), mode, vec![]).unwrap(),
                    );
                    assert_eq!(g.snapshot(&st).unwrap(), before);
                    if seat != Seat(0) {
                        assert!(res.is_err(), "seat {} moved: {mv}", seat.0);
                    }
                    if res.is_ok() {
                        assert!(
                            g.covers(&st, seat, &mv).unwrap(),
                            "accepted, not listed: {mv}"
                        );
                    }
                }
                let step = match cmd {
                    crate::engine::testing::Cmd::Move { seat, mv, table } => g.play(
                        &st,
                        *seat,
                        mv,
                        Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
                    ),
                    crate::engine::testing::Cmd::Bot { table } => g.bot_turn(
                        &st,
                        Chance::new(Dice::at(seed, pos), mode, table.clone()).unwrap(),
                    ),
                }
                .unwrap();
                st = step.state;
                pos = step.chance.position;
            }
        }
    }
    // Malformed JSON never panics.
    let st = g
        .start(
            &json!({}),
            Chance::new(Dice::new(1), crate::engine::TableMode::SERVER, vec![]).unwrap(),
        )
        .unwrap()
        .state;
    for v in [
        json!({"type": "place_worker"}),
        json!({"type": "place_worker", "space": 3}),
        json!({"type": "fly"}),
        json!({"type": "place_worker", "space": "fisherman", "extra": 1}),
        json!({"type": "enter_dice", "values": [3, 4]}),
        json!({"type": "report_score", "points": "many"}),
        json!([]),
        json!(null),
    ] {
        let mode = crate::engine::TableMode::SERVER;
        assert!(
            matches!(
                g.play(
                    &st,
                    Seat(0),
                    &v,
                    Chance::new(Dice::new(1), mode, vec![]).unwrap()
                ),
                Err(AdapterError::Malformed(_))
            ),
            "{v}"
        );
    }
    // Options: unknown fields, bad values and combinations name the option.
    assert!(matches!(
        g.options(&json!({"table_mode": "all", "bogus": 1})),
        Err(AdapterError::Malformed(_))
    ));
    for (o, option) in [
        (json!({"setup_die": 3}), "setup_die"),
        (json!({"table_mode": "all", "setup_die": 9}), "setup_die"),
        (json!({"display": d0_ids()[..17].to_vec()}), "display"),
        // SESSION-TABLE-3: no hidden card, so no `dice`; the old `dice` is
        // refused in a new session.
        (json!({"table_mode": "dice"}), "table_mode"),
        (json!({"dice": "server"}), "dice"),
        (json!({"dice": "table", "setup_die": 3}), "dice"),
    ] {
        match g.options(&o) {
            Err(AdapterError::Rule(e)) => assert_eq!(
                e.kind,
                RuleErrorKind::BadOptions {
                    option: Some(option.into())
                },
                "{o}"
            ),
            other => panic!("{o}: {:?}", other.map(|_| ())),
        }
    }
    let defaults = g.default_options();
    assert_eq!(defaults["table_mode"], "server");
    // SESSION-TABLE-3: an old session's `dice` keeps its mode and reads as
    // `table_mode` in documents.
    let old = json!({"dice": "table", "setup_die": 3, "display": null, "board": null, "building_set": "standard"});
    assert!(g.table_mode(&old).unwrap().dice);
    assert_eq!(g.options_doc(&old).unwrap()["table_mode"], "all");
    assert!(g.options_doc(&old).unwrap().get("dice").is_none());
    let old = json!({"dice": "server", "setup_die": null});
    assert_eq!(
        g.table_mode(&old).unwrap(),
        crate::engine::TableMode::SERVER
    );
    assert_eq!(g.options_doc(&old).unwrap()["table_mode"], "server");
    assert_eq!(g.id(), "arler-erde");
}

#[test]
fn options_are_documented_with_their_ranges() {
    let schema = erased().options_schema();
    let props = schema["properties"].as_object().unwrap();
    for (name, p) in props {
        assert!(
            p["description"].as_str().is_some_and(|d| d.len() > 20),
            "option {name} has no description: {p}"
        );
    }
    let text = schema.to_string();
    assert!(
        text.contains("\"minimum\":1") && text.contains("\"maximum\":6"),
        "{text}"
    );
    assert!(text.contains("berum_castle"), "the display lists the tiles");
    let mv = erased().move_schema().to_string();
    assert!(
        mv.contains("\"minimum\":-100") && mv.contains("\"maximum\":500"),
        "{mv}"
    );
}

#[test]
fn the_view_names_the_viewer_and_shows_the_table() {
    let s = place(&at(1, super::super::Side::Human, "farmer"), "fisherman");
    let g = erased();
    let st = any(&s);
    let v = g.view(&st, None).unwrap();
    assert_eq!(v["viewer"], Value::Null);
    assert_eq!(v["board"]["summer"].as_array().unwrap().len(), 15);
    assert_eq!(v["board"]["summer"][0]["occupied_by"], "human");
    assert_eq!(v["board"]["summer"][7]["marker1"], true);
    assert_eq!(v["display"].as_array().unwrap().len(), 18);
    assert_eq!(v["to_place"], "vim");
    assert_eq!(v["buildings_left"], 18);
    assert_eq!(v["phase"], "placing");
    assert_eq!(g.view(&st, Some(Seat(0))).unwrap()["viewer"], "human");
    assert_eq!(g.view(&st, Some(Seat(1))).unwrap()["viewer"], "vim");
    // A seat this game does not have is not VIM (it used to be).
    for seat in [2, 5, 255] {
        assert_eq!(
            g.view(&st, Some(Seat(seat))).unwrap()["viewer"],
            Value::Null
        );
    }
    // Every seat sees the same table.
    let mut a = g.view(&st, Some(Seat(0))).unwrap();
    let mut b = g.view(&st, Some(Seat(1))).unwrap();
    a["viewer"] = Value::Null;
    b["viewer"] = Value::Null;
    assert_eq!(a, b);
}

/// Logs written before state version 1 replay when they load: the moves
/// they hold still parse (except `enter_dice`, which the engine's table
/// input replaced).
#[test]
fn old_move_json_still_parses() {
    for old in [
        json!({"type": "place_worker", "space": "fisherman"}),
        json!({"type": "place_worker", "space": "baker", "season": "winter"}),
        json!({"type": "place_worker", "space": "builder", "built": "mill"}),
        json!({"type": "report_building", "building": "turnery"}),
        json!({"type": "report_score", "points": 57}),
    ] {
        let mv: Move = serde_json::from_value(old.clone()).unwrap();
        assert_eq!(serde_json::to_value(&mv).unwrap(), old);
    }
    assert!(
        serde_json::from_value::<Move>(json!({"type": "enter_dice", "values": [1, 2]})).is_err()
    );
    assert_eq!(ArlerErde::STATE_VERSION, 1);
}

/// The session's refusals name the game's rule where the spec has one: out of turn while the
/// workers are placed ARLE-TURN-1 (spec §5), table dice left over ARLE-GEN-6; the session rule
/// ends the text. After half-year 9 the turn refusals stay SESSION-TURN-1.
#[test]
fn session_refusals_name_the_arler_erde_rules() {
    use super::super::state::{Phase, State};
    use crate::engine::testing::{turn_refusals, Cmd};
    use crate::engine::SessionCase;
    let g = erased();
    let options = json!({"table_mode": "all", "setup_die": 3});
    let played = random_game(&g, &options, 7, 4000).unwrap();
    assert!(played.finished);
    let refusals = turn_refusals(&g, &options, 7, &played).unwrap();
    let (mut placing, mut scoring) = (0, 0);
    for r in &refusals {
        let st: State = serde_json::from_slice(&g.snapshot(&r.state).unwrap()).unwrap();
        assert_eq!(r.error.kind, RuleErrorKind::OutOfTurn);
        assert_ne!(r.case, SessionCase::NotYourTurn, "one human seat");
        if st.phase == Phase::Placing {
            assert_eq!(r.error.rule, "ARLE-TURN-1", "{:?}", r.case);
            assert!(r.error.detail.to_string().ends_with("(SESSION-TURN-1)."));
            placing += 1;
        } else {
            assert_eq!(r.error.rule, "SESSION-TURN-1", "{:?}", r.case);
            scoring += 1;
        }
    }
    assert!(placing > 50 && scoring > 0, "{placing} {scoring}");
    // A bot turn with one die more than it rolls.
    let o = g.options(&options).unwrap();
    let mode = g.table_mode(&o).unwrap();
    let start = g
        .start(
            &o,
            Chance::new(Dice::new(7), mode, played.setup_table.clone()).unwrap(),
        )
        .unwrap();
    let (mut state, mut pos) = (start.state, start.chance.position);
    let mut checked = false;
    for c in &played.log {
        let (step, more) = match c {
            Cmd::Move { seat, mv, table } => (
                g.play(
                    &state,
                    *seat,
                    mv,
                    Chance::new(Dice::at(7, pos), mode, table.clone()).unwrap(),
                ),
                None,
            ),
            Cmd::Bot { table } => {
                let mut more = table.clone();
                more.push(TableItem::Die(2));
                (
                    g.bot_turn(
                        &state,
                        Chance::new(Dice::at(7, pos), mode, table.clone()).unwrap(),
                    ),
                    Some(more),
                )
            }
        };
        if let Some(more) = more.filter(|_| !checked) {
            let e = rule_of(
                g.bot_turn(&state, Chance::new(Dice::at(7, pos), mode, more).unwrap())
                    .err()
                    .expect("a die left over is refused"),
            );
            assert_eq!(e.rule, "ARLE-GEN-6");
            assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
            assert!(
                e.detail.to_string().ends_with("(SESSION-TABLE-2)."),
                "{}",
                e.detail
            );
            checked = true;
        }
        let step = step.unwrap();
        state = step.state;
        pos = step.chance.position;
    }
    assert!(checked);
}
