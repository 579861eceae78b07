//! The contract every game passes, through the erased adapter exactly as
//! the server plays it: catalogue entry, moves and snapshots as JSON, whole
//! games that end and replay byte for byte, texts, complete legal moves,
//! physical-table play.

use serde_json::{json, Value};

use crate::engine::testing::{
    check_legal_moves, check_physical_table, random_game, replay, run_with_table, scan_texts, Cmd,
    Picker, Played,
};
use crate::engine::{
    AdapterError, Chance, Dice, DynGame, Erased, Need, NextKind, RuleErrorKind, Seat, TableItem,
};
use crate::games::catan_shadow::CatanShadow;

fn game() -> Erased<CatanShadow> {
    Erased::<CatanShadow>::new()
}

#[test]
fn catalogue_entry_and_json_round_trip() {
    let g = game();
    assert_eq!(g.id(), "catan-shadow");
    assert!(g.move_schema().to_string().contains("auction_raise"));
    assert!(g.options_schema().to_string().contains("reroll_policy"));
    assert_eq!(g.default_options()["reroll_policy"], "two_red");
    assert!(g.options(&json!({"bogus": 1})).is_err());
    // The options `table_mode` replaced are refused for new sessions, naming
    // the option, but still read from old sessions.
    let e = g.options(&json!({"dice": "manual"})).unwrap_err();
    assert!(
        matches!(e, AdapterError::Rule(ref r) if r.kind == RuleErrorKind::BadOptions { option: Some("dice".into()) }),
        "{e}"
    );
    let old = json!({"dice": "manual", "physical_table": false});
    assert!(g.table_mode(&old).unwrap().dice);
    let o = g
        .options(&json!({"layout": "beginner", "first_player": "a", "reroll_policy": "never", "table_mode": "dice"}))
        .unwrap();
    let mode = g.table_mode(&o).unwrap();
    let st = g
        .start(&o, Chance::new(Dice::new(1), mode, vec![]).unwrap())
        .unwrap();
    // Table dice: the removal needs 2 dice, asked for together.
    let e = g
        .bot_turn(&st.state, Chance::new(Dice::new(1), mode, vec![]).unwrap())
        .err()
        .unwrap();
    match e {
        AdapterError::Rule(r) => assert_eq!(
            r.kind,
            RuleErrorKind::TableInputNeeded {
                needed: vec![Need::die(6); 2],
                sent: 0
            }
        ),
        e => panic!("{e}"),
    }
    let st = g
        .bot_turn(
            &st.state,
            Chance::new(
                Dice::new(1),
                mode,
                vec![TableItem::Die(3), TableItem::Die(5)],
            )
            .unwrap(),
        )
        .unwrap();
    assert!(!g
        .sample_moves(&st.state, Seat(0), &mut |_| 0)
        .unwrap()
        .is_empty());
    // A corner alias is accepted and answered canonically (CAT-BOARD-16).
    let step = g
        .play(
            &st.state,
            Seat(0),
            &json!({"type": "place_setup_settlement", "vertex": [1, -1, "NE"]}),
            Chance::new(Dice::new(1), mode, vec![]).unwrap(),
        )
        .unwrap();
    let v = g.view(&step.state, Some(Seat(0))).unwrap();
    assert_eq!(v["board"]["buildings"][0]["vertex"], json!([2, -2, "S"]));
    let snap = g.snapshot(&st.state).unwrap();
    let back = g.restore(&snap).unwrap();
    assert_eq!(g.snapshot(&back).unwrap(), snap);
    // Malformed moves are refused with the error of the enum owning the type.
    let bad = |m: Value| {
        g.play(
            &st.state,
            Seat(0),
            &m,
            Chance::new(Dice::new(1), mode, vec![]).unwrap(),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
    };
    assert!(bad(json!({"type": "fly"})).contains("unknown move type"));
    assert!(bad(json!({"type": "build_road"})).contains("edge"));
    assert!(bad(json!({"type": "auction_bid", "card": "gold"})).contains("gold"));
    assert!(
        bad(json!({"type": "build_city", "vertex": [0, 0, "N"], "extra": 1})).contains("extra")
    );
    assert!(
        bad(json!({"type": "place_setup_settlement", "vertex": [3, -1, "N"]}))
            .contains("CAT-BOARD-5")
    );
    // Old moves still parse: `maritime_trade` without `times`.
    let m: super::super::Move =
        serde_json::from_value(json!({"type": "maritime_trade", "give": "ore", "get": "wool"}))
            .unwrap();
    assert_eq!(serde_json::to_value(&m).unwrap()["times"], 1);
}

/// Plays a whole game: bot turns when due, otherwise a listed move (builds
/// preferred half of the time so that games reach 10 points).
fn play_out(g: &dyn DynGame, options: &Value, seed: u64, max: usize) -> Played {
    let options = g.options(options).unwrap();
    let mut picker = Picker::new(seed);
    let (start, setup_table) =
        run_with_table(g, &options, seed, 0, &mut picker, |c| g.start(&options, c)).unwrap();
    let (mut state, mut pos) = (start.state, start.chance.position);
    let mut log = Vec::new();
    for step in 0..max {
        let (cmd, s) = match g.next(&state).unwrap() {
            NextKind::Finished => {
                return Played {
                    state,
                    setup_table,
                    rng_pos: pos,
                    log,
                    finished: true,
                    needs: Vec::new(),
                }
            }
            NextKind::Bot => {
                let (s, table) = run_with_table(g, &options, seed, pos, &mut picker, |c| {
                    g.bot_turn(&state, c)
                })
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: bot: {e}"));
                (Cmd::Bot { table }, s)
            }
            NextKind::Human(seats) => {
                let seat = seats[picker.pick(seats.len())];
                let moves = g
                    .sample_moves(&state, seat, &mut |n| picker.pick(n))
                    .unwrap();
                assert!(!moves.is_empty(), "seed {seed} step {step}: no legal move");
                let builds: Vec<&Value> = moves
                    .iter()
                    .filter(|m| {
                        [
                            "build_city",
                            "build_settlement",
                            "build_road",
                            "buy_development_card",
                            "play_knight",
                        ]
                        .contains(&m["type"].as_str().unwrap_or_default())
                    })
                    .collect();
                let mv = if !builds.is_empty() && picker.pick(2) == 0 {
                    builds[picker.pick(builds.len())].clone()
                } else {
                    moves[picker.pick(moves.len())].clone()
                };
                let (s, table) = run_with_table(g, &options, seed, pos, &mut picker, |c| {
                    g.play(&state, seat, &mv, c)
                })
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: listed {mv} refused: {e}"));
                (Cmd::Move { seat, mv, table }, s)
            }
        };
        state = s.state;
        pos = s.chance.position;
        log.push(cmd);
    }
    Played {
        state,
        setup_table,
        rng_pos: pos,
        log,
        finished: false,
        needs: Vec::new(),
    }
}

/// Option sets that change what the engine does.
fn variants() -> Vec<Value> {
    vec![
        json!({}),
        json!({"layout": "beginner", "reroll_policy": "never"}),
        json!({"numbers": "random", "reroll_policy": "vote", "knight_to_removed_hex": true}),
        json!({"fictive_seven_removed_hex": "resource", "combined_trade_build": false, "discard_limit": 9}),
        json!({"fictive_seven_removed_hex": "no_resource", "reroll_policy": "more_than_two_red", "max_removal_rerolls": 0}),
        json!({"table_mode": "dice", "first_player": "b"}),
    ]
}

#[test]
fn random_games_end_at_ten_points_and_replay_to_the_same_bytes() {
    let g = game();
    for seed in 0..48u64 {
        let o = &variants()[(seed % 6) as usize];
        let played = play_out(&g, o, seed, 6000);
        assert!(played.finished, "seed {seed} ({o}): not finished");
        let (state, pos) = replay(&g, o, seed, &played).unwrap();
        assert_eq!(pos, played.rng_pos);
        assert_eq!(
            g.snapshot(&state).unwrap(),
            g.snapshot(&played.state).unwrap(),
            "seed {seed}: the same seed and commands give other bytes"
        );
        let (_, winner) = g.scores(&played.state).unwrap().unwrap();
        assert!(winner.is_some());
    }
}

#[test]
fn every_text_reads_as_a_sentence() {
    let g = game();
    let mut n = 0;
    for (i, o) in variants().iter().enumerate() {
        let from = (i as u64) * 20;
        n += scan_texts(&g, o, from..from + 17, 400).unwrap();
    }
    assert!(n > 10_000, "{n} texts");
}

/// Moves a player might try: the listed ones with other places, cards and
/// numbers, and every fixed move.
fn candidates(view: &Value, tried: &[Value], p: &mut Picker) -> Vec<Value> {
    let _ = view;
    let resources = ["brick", "lumber", "wool", "grain", "ore"];
    let mut out: Vec<Value> = [
        "roll",
        "end_turn",
        "buy_development_card",
        "play_knight",
        "auction_pass",
        "auction_stand",
    ]
    .iter()
    .map(|t| json!({"type": t}))
    .collect();
    out.push(json!({"type": "respond_trade", "accept": true}));
    out.push(json!({"type": "removal_vote", "reroll": false}));
    let coord = |p: &mut Picker, n: &[&str]| {
        json!([
            p.pick(5) as i64 - 2,
            p.pick(5) as i64 - 2,
            n[p.pick(n.len())]
        ])
    };
    let bundle = |p: &mut Picker, max: usize| {
        let mut b = serde_json::Map::new();
        for r in resources {
            let k = p.pick(max + 1);
            if k > 0 {
                b.insert(r.into(), json!(k));
            }
        }
        Value::Object(b)
    };
    for t in tried.iter().take(12) {
        for _ in 0..3 {
            let mut m = t.clone();
            let Some(o) = m.as_object_mut() else { continue };
            if o.contains_key("vertex") {
                o.insert("vertex".into(), coord(p, &["N", "S"]));
            }
            if o.contains_key("edge") {
                o.insert("edge".into(), coord(p, &["NE", "E", "SE"]));
            }
            if o.contains_key("hex") {
                o.insert(
                    "hex".into(),
                    json!([p.pick(5) as i64 - 2, p.pick(5) as i64 - 2]),
                );
            }
            for f in ["cards", "give", "want"] {
                if o.get(f).is_some_and(Value::is_object) {
                    o.insert(f.into(), bundle(p, 3));
                }
            }
            for f in ["give", "get", "resource", "card"] {
                if o.get(f).is_some_and(Value::is_string) {
                    o.insert(f.into(), json!(resources[p.pick(5)]));
                }
            }
            if o.contains_key("times") {
                o.insert("times".into(), json!(p.pick(6)));
            }
            if o.contains_key("resources") {
                o.insert(
                    "resources".into(),
                    json!([resources[p.pick(5)], resources[p.pick(5)]]),
                );
            }
            if o.contains_key("edges") {
                let n = 1 + p.pick(2);
                let es: Vec<Value> = (0..n).map(|_| coord(p, &["NE", "E", "SE"])).collect();
                o.insert("edges".into(), Value::Array(es));
            }
            out.push(m);
        }
    }
    out
}

#[test]
fn legal_moves_are_complete_and_exact() {
    let g = game();
    for (i, o) in variants().iter().enumerate() {
        let from = 100 + (i as u64) * 10;
        let (listed, accepted) =
            check_legal_moves(&g, o, from..from + 4, 250, 3, &mut candidates).unwrap();
        assert!(
            listed > 500 && accepted > 50,
            "{o}: {listed} listed, {accepted} accepted"
        );
    }
}

#[test]
fn physical_table_games_take_every_die_and_card_from_the_table() {
    let g = game();
    let o = g.physical_table_options().unwrap();
    assert_eq!(
        g.table_mode(&g.options(&o).unwrap()).unwrap(),
        crate::engine::TableMode::TABLE
    );
    check_physical_table(&g, &o, 0..6, 1500).unwrap();
    // A development card bought at a real table is its id, seen by its buyer only.
    let played = random_game(&g, &o, 3, 1500).unwrap();
    let bought = played.log.iter().any(|c| {
        matches!(c, Cmd::Move { mv, table, .. } if mv["type"] == "buy_development_card"
            && matches!(table.as_slice(), [TableItem::Card(_)]))
    });
    assert!(bought, "a development card came from the table");
}

/// Sessions created before `table_mode` show their table in today's field
/// (CAT-RNG-2, CAT-RNG-3), so their documents match the schema.
#[test]
fn old_table_fields_are_shown_as_table_mode() {
    let g = game();
    let doc = g.options_doc(&json!({"physical_table": true})).unwrap();
    assert_eq!(doc["table_mode"], "all");
    assert!(doc.get("physical_table").is_none() && doc.get("dice").is_none());
    assert_eq!(
        g.options_doc(&json!({"dice": "manual"})).unwrap()["table_mode"],
        "dice"
    );
    assert_eq!(g.options_doc(&json!({})).unwrap()["table_mode"], "server");
    // New sessions may not use the old fields.
    assert!(g.options(&json!({"physical_table": true})).is_err());
}

/// Events name a place by what lies there (CAT-SETUP-5), in
/// English and German, keeping its id beside it, and an event stored before
/// events carried a `place` still renders with its coordinates.
#[test]
fn places_are_named_by_what_touches_them() {
    use crate::engine::{Lang, SeatInfo, TextCx};
    let g = game();
    let o = g
        .options(&json!({"layout": "beginner", "first_player": "a", "reroll_policy": "never"}))
        .unwrap();
    let mode = g.table_mode(&o).unwrap();
    let mut st = g
        .start(&o, Chance::new(Dice::new(3), mode, vec![]).unwrap())
        .unwrap();
    let mut pos = st.chance.position;
    while g.next(&st.state).unwrap() == NextKind::Bot {
        st = g
            .bot_turn(
                &st.state,
                Chance::new(Dice::at(3, pos), mode, vec![]).unwrap(),
            )
            .unwrap();
        pos = st.chance.position;
    }
    let seats: Vec<SeatInfo> = g.seats(&o).unwrap();
    let en = TextCx::new(Lang::En, &seats);
    let de = TextCx::new(Lang::De, &seats);
    // The set-up settlement is a template over the free corners: fill one in.
    let legal: Value =
        serde_json::from_str(g.legal_json(&st.state, Seat(0), &en).unwrap().get()).unwrap();
    let t = &legal[0];
    let vertex = t["params"]["vertex"]["one_of"][0].clone();
    let mut mv = t["template"].clone();
    mv["vertex"] = vertex.clone();
    let step = g
        .play(
            &st.state,
            Seat(0),
            &mv,
            Chance::new(Dice::at(3, pos), mode, vec![]).unwrap(),
        )
        .unwrap();
    let events: Value =
        serde_json::from_str(g.events_json(&step.events, &en, None).unwrap().get()).unwrap();
    let e = events
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "setup_building")
        .unwrap();
    assert_eq!(e["data"]["place"]["type"], "corner", "{e}");
    assert_eq!(e["data"]["place"]["vertex"], e["data"]["vertex"], "{e}");
    assert_eq!(e["data"]["vertex"], vertex, "{e}");
    assert!(
        e["text"]
            .as_str()
            .unwrap()
            .contains("places a set-up settlement at the north corner of the mountains (10)."),
        "{e}"
    );
    let stored = g.events_stored(&step.events).unwrap();
    let de_events: Value =
        serde_json::from_str(g.stored_events_json(&stored, &de, None).unwrap().get()).unwrap();
    assert!(
        de_events
            .to_string()
            .contains("auf die Kreuzung an der Nordecke des Gebirges (10)"),
        "{de_events}"
    );
    // An old session's event has no `place`: it still reads, by coordinates.
    let mut old: Value = serde_json::from_str(&stored).unwrap();
    for e in old.as_array_mut().unwrap() {
        if let Some(d) = e.get_mut("data").and_then(Value::as_object_mut) {
            d.remove("place");
        }
    }
    let text: Value = serde_json::from_str(
        g.stored_events_json(&old.to_string(), &en, None)
            .unwrap()
            .get(),
    )
    .unwrap();
    assert!(
        text.to_string().contains("settlement at N(")
            || text.to_string().contains("settlement at S("),
        "{text}"
    );
}

/// The robber, production and removal events name a hex by its terrain and number
/// ("the forest (6)", "den Wald (6)") instead of its coordinates. They carried the terrain and
/// the number already (`HexInfo`), so an event stored by an old session reads by name too,
/// and its wire is unchanged.
// CAT-ROB-1, CAT-PROD-1, CSW-SETUP-3, CSW-ROB-1
#[test]
fn hexes_are_named_by_terrain_and_number() {
    use crate::engine::{Describe, Lang, SeatInfo, TextCx};
    use crate::games::catan::events::{BaseEvent, HexInfo};
    use crate::games::catan::geometry::{Hex, Side};
    use crate::games::catan::{Resource, Terrain};
    use crate::games::catan_shadow::Event;
    let g = game();
    let o = g.options(&json!({})).unwrap();
    let seats: Vec<SeatInfo> = g.seats(&o).unwrap();
    let en = TextCx::new(Lang::En, &seats);
    let de = TextCx::new(Lang::De, &seats);
    let info = |q: i8, r: i8, terrain: Terrain, token: Option<u8>| HexInfo {
        hex: Hex(q, r).id().unwrap(),
        terrain,
        token,
        twin: None,
    };
    let forest = info(0, 0, Terrain::Forest, Some(6));
    let hills = info(1, 0, Terrain::Hills, Some(4));
    let mountains = info(0, 1, Terrain::Mountains, Some(8));
    let desert = info(-1, 0, Terrain::Desert, None);
    let a = en.seat_name(Seat(0));
    let a_de = de.seat_name(Seat(0));

    let robber: Event = BaseEvent::<Resource>::RobberMoved {
        seat: Seat(0),
        hex: forest,
        removed: false,
    }
    .into();
    assert_eq!(
        robber.describe(&en),
        format!("{a} moves the robber to the forest (6).")
    );
    assert_eq!(
        robber.describe(&de),
        format!("{a_de} versetzt den Räuber auf den Wald (6).")
    );
    // CSW-ROB-1: the robber on a removed hex.
    let removed: Event = BaseEvent::<Resource>::RobberMoved {
        seat: Seat(0),
        hex: desert,
        removed: true,
    }
    .into();
    assert_eq!(
        removed.describe(&en),
        format!("{a} moves the robber onto the desert, a removed hex.")
    );
    assert_eq!(
        removed.describe(&de),
        format!("{a_de} versetzt den Räuber auf die Wüste, ein entferntes Feld.")
    );

    let production: Event = BaseEvent::<Resource>::Production {
        sum: 6,
        hexes: vec![forest, hills],
        blocked: Some(mountains),
        received: vec![],
        short: vec![],
    }
    .into();
    let t = production.describe(&en);
    assert!(
        t.contains("(from the forest (6) and the hills (4)); the robber blocks the mountains (8)"),
        "{t}"
    );
    let t = production.describe(&de);
    assert!(
        t.contains(
            "(aus dem Wald (6) und dem Hügelland (4)); der Räuber blockiert das Gebirge (8)"
        ),
        "{t}"
    );

    let removal = Event::RemovalRoll {
        sides: vec![Side::NE],
        hexes: vec![mountains, desert],
        red_tokens: 1,
    };
    let t = removal.describe(&en);
    assert!(
        t.contains("2 hexes would leave the island (the mountains (8) and the desert)"),
        "{t}"
    );
    let t = removal.describe(&de);
    assert!(t.contains("(das Gebirge (8) und die Wüste)"), "{t}");

    // The wire is what old sessions stored: a stored event reads by name, no coordinates.
    let stored = serde_json::to_value(&robber).unwrap();
    assert_eq!(
        stored["data"]["hex"],
        json!({"hex": [0, 0], "terrain": "forest", "token": 6}),
        "{stored}"
    );
    for e in [&robber, &production, &removal] {
        for cx in [&en, &de] {
            let t = e.describe(cx);
            assert!(!t.contains("(0,0)") && !t.contains("(1,0)"), "{t}");
        }
    }
}

/// CAT-RNG-2: the resource die says what each face brings (the options'
/// resource die, face 6 nothing), in both languages.
#[test]
fn cat_rng_2_resource_die_faces_name_their_resource() {
    use crate::engine::{Lang, NeedText, TextCx};
    use crate::games::catan::Resource;
    use crate::games::catan_shadow::text::TableDie;
    let die = TableDie::Resource {
        faces: Resource::ALL,
    };
    let (en, de) = (TextCx::new(Lang::En, &[]), TextCx::new(Lang::De, &[]));
    let faces: Vec<String> = (1..=6)
        .filter_map(|f| die.value_label(&f.to_string(), &en))
        .collect();
    assert_eq!(faces.len(), 6);
    assert_eq!(faces[5], "6: nothing");
    assert_eq!(die.value_label("6", &de).as_deref(), Some("6: nichts"));
    assert_eq!(
        TableDie::Removal { n: 2 }.label(&en),
        "Removal dice (which sides of the island lose land), die 2 of 2"
    );
}
