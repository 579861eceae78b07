//! Physical-table play over HTTP for every game: every die and card of the game comes from the
//! requests, the server rolls nothing after setup, a short request is told
//! exactly what is missing, the log replays to the same state, and a card
//! drawn in secret at the table shows only to the seat that drew it.

use crate::common::{Step, TestApp, ADMIN};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Moves that push each game towards its end, so a whole game fits the test.
fn greedy(game: &str) -> &'static [&'static str] {
    match game {
        "catan-shadow" => &[
            "build_city",
            "build_settlement",
            "build_road",
            "buy_development",
        ],
        "catan-ck-duel" => &[
            "place_metropolis",
            "build_city",
            "improve_city",
            "build_settlement",
            "activate_knight",
            "promote_knight",
            "build_knight",
            "build_city_wall",
            "build_road",
        ],
        _ => &[],
    }
}

/// The server's chance position, as `verify` shows it for a public seed.
async fn rng_position(app: &TestApp, id: &str, token: &str) -> Value {
    let v = app.verify(id, token).await;
    assert_eq!(v["ok"], true, "{v}");
    v["stored_rng_pos"].clone()
}

#[tokio::test]
async fn every_game_plays_a_whole_game_with_the_tables_dice_and_cards() {
    let app = TestApp::spawn().await;
    for game in ghostseat::games::catalog() {
        let id_of = game.id();
        let options = game
            .physical_table_options()
            .unwrap_or_else(|| panic!("{id_of} has no physical-table mode"));
        // SESSION-TABLE-3: every game spells it the same way.
        assert_eq!(options["table_mode"], "all", "{id_of}: {options}");
        // Create (the setup may take table input too), with a public seed so
        // `verify` shows the server's chance position.
        let mut rng = 77u64;
        let (setup, (s, created)) = app
            .with_table(
                &mut rng,
                "/v1/sessions",
                ADMIN,
                json!({"game": id_of, "options": options, "seed": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{id_of}: {created}");
        let id = created["id"].as_str().unwrap().to_string();
        let tokens: Vec<Option<String>> = app.seat_tokens(&created).await;
        let any = tokens.iter().flatten().next().unwrap().clone();
        let after_setup = rng_position(&app, &id, &any).await;
        let steps = app
            .play_preferring(&id, &tokens, 9, 20_000, greedy(id_of))
            .await;
        let end = app.get(&id, &any).await;
        assert_eq!(end["next"]["type"], "finished", "{id_of}: {}", end["next"]);
        // Nothing was rolled or shuffled by the server after setup.
        assert_eq!(
            rng_position(&app, &id, &any).await,
            after_setup,
            "{id_of}: the server drew chance of its own"
        );
        let table_items: usize = steps
            .iter()
            .map(|s| match s {
                Step::Bot(t) | Step::Move(_, _, t) => t.len(),
            })
            .sum();
        assert!(table_items > 0, "{id_of}: no table input was asked for");

        // The same commands with the same table input give the same game.
        let (s, twin) = app
            .call(
                Method::POST,
                "/v1/sessions",
                Some(ADMIN),
                Some(json!({"game": id_of, "options": options, "seed": 5, "table": setup})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{twin}");
        let twin_id = twin["id"].as_str().unwrap();
        let twin_tokens: Vec<Option<String>> = app.seat_tokens(&twin).await;
        app.replay_steps(twin_id, &twin_tokens, &steps).await;
        let twin_any = twin_tokens.iter().flatten().next().unwrap();
        assert_eq!(
            app.get(twin_id, twin_any).await["view"],
            end["view"],
            "{id_of}: the replay differs"
        );

        // Secret table input: what one seat drew, the other's log hides.
        let humans: Vec<(usize, &String)> = tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.as_ref().map(|t| (i, t)))
            .collect();
        if humans.len() >= 2 {
            let logs: Vec<Value> = {
                let mut v = Vec::new();
                for (_, t) in &humans {
                    v.push(app.log(&id, t).await);
                }
                v
            };
            let mut secret = 0;
            let commands = logs[0]["commands"].as_array().unwrap().len();
            for c in 0..commands {
                let items: Vec<Vec<Value>> = logs
                    .iter()
                    .map(|l| {
                        l["commands"][c]["payload"]["table"]
                            .as_array()
                            .cloned()
                            .unwrap_or_default()
                    })
                    .collect();
                for (k, first) in items[0].iter().enumerate() {
                    let seen: Vec<&Value> = items.iter().map(|i| &i[k]).collect();
                    let hidden = seen.iter().filter(|v| v["hidden"] == true).count();
                    if hidden > 0 {
                        secret += 1;
                        // Hidden from someone: no log shows a visible_to list,
                        // and the move itself carries no copy of the card.
                        assert!(hidden < seen.len() || first["hidden"] == true);
                    }
                    for v in &seen {
                        assert!(v.get("visible_to").is_none(), "{v}");
                    }
                }
                for l in &logs {
                    let mv = l["commands"][c]["payload"]["move"].to_string();
                    for field in ["\"drawn\"", "\"stolen\""] {
                        assert!(!mv.contains(field), "{id_of}: a card in the move: {mv}");
                    }
                }
            }
            eprintln!("{id_of}: {table_items} table items, {secret} hidden from a seat");
            if id_of.starts_with("catan") {
                // Development and progress cards are drawn in secret.
                assert!(
                    secret > 0,
                    "{id_of}: no card was hidden from the other seat"
                );
            }
        }
    }
    app.stop().await;
}

/// SESSION-TABLE-3: a new session says what the table supplies with
/// `table_mode` only. The old spellings are refused naming themselves, and a
/// value the game does not offer is refused naming `table_mode`; nothing is
/// created.
#[tokio::test]
async fn new_sessions_spell_the_table_mode_one_way() {
    let app = TestApp::spawn().await;
    for (game, options, rule, option) in [
        (
            "arler-erde",
            json!({"dice": "table", "setup_die": 3}),
            "SESSION-TABLE-3",
            "dice",
        ),
        (
            "arler-erde",
            json!({"table_mode": "dice"}),
            "SESSION-TABLE-3",
            "table_mode",
        ),
        (
            "three-hundred",
            json!({"dice": "table"}),
            "SESSION-TABLE-3",
            "dice",
        ),
        (
            "three-hundred",
            json!({"deck": "server"}),
            "SESSION-TABLE-3",
            "deck",
        ),
        (
            "catan-shadow",
            json!({"physical_table": true}),
            "CAT-RNG-3",
            "physical_table",
        ),
        (
            "catan-ck-duel",
            json!({"dice": "manual"}),
            "SESSION-TABLE-3",
            "dice",
        ),
        (
            "catan-ck-duel",
            json!({"physical_table": false}),
            "SESSION-TABLE-3",
            "physical_table",
        ),
        (
            "terra-mystica",
            json!({"chance_source": "server"}),
            "SESSION-TABLE-3",
            "chance_source",
        ),
        (
            "terra-mystica",
            json!({"table_mode": "dice"}),
            "SESSION-TABLE-3",
            "table_mode",
        ),
    ] {
        let (s, v) = app
            .call(
                Method::POST,
                "/v1/sessions",
                Some(ADMIN),
                Some(json!({"game": game, "options": options})),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{game} {options}: {v}");
        assert_eq!(v["rule"], rule, "{game} {options}: {v}");
        assert_eq!(v["option"], option, "{game} {options}: {v}");
    }
    // The one spelling is taken by every game that offers the value.
    for (game, options) in [
        ("arler-erde", json!({"table_mode": "all", "setup_die": 2})),
        ("three-hundred", json!({"table_mode": "dice"})),
        (
            "catan-ck-duel",
            json!({"table_mode": "dice", "first_player": "a"}),
        ),
        ("terra-mystica", json!({"table_mode": "server"})),
    ] {
        let (s, v) = app
            .call(
                Method::POST,
                "/v1/sessions",
                Some(ADMIN),
                Some(json!({"game": game, "options": options, "seed": 1})),
            )
            .await;
        // Created, or the options were taken and the set-up now asks the
        // table for its dice.
        if s == StatusCode::CREATED {
            assert_eq!(
                v["options"]["table_mode"], options["table_mode"],
                "{game}: {v}"
            );
        } else {
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{game} {options}: {v}");
            assert_eq!(v["code"], "dice_needed", "{game} {options}: {v}");
        }
    }
    app.stop().await;
}

/// ARLE-SET-3, T300-AI-5, T300-BAT-2 over HTTP: what the table is asked
/// for says whose die or card it is, in the request's language, with each
/// face's or card's name; a wrong answer is refused naming its rule in
/// words a player reads, never a field name; and Arler's setup die comes
/// with the create request, so no option must be filled in first.
#[tokio::test]
async fn the_table_is_asked_in_words_and_a_wrong_answer_is_told_in_words() {
    let app = TestApp::spawn().await;
    let create = |table: Value| json!({"game": "arler-erde", "options": {"table_mode": "all"}, "seed": 3, "table": table});
    // In German: the setup die, each face naming its summer space.
    let (s, _, v) = app
        .call_full(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(create(json!([]))),
            &[("accept-language", "de")],
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "dice_needed", "{v}");
    assert_eq!(v["rule"], "ARLE-SET-3", "{v}");
    let die = &v["needed"][0]["die"];
    assert_eq!(die["sides"], 6, "{v}");
    assert_eq!(
        die["label"],
        "Aufbauwürfel für den ersten Anzeiger (welches Sommerfeld)"
    );
    assert_eq!(
        die["value_labels"][0],
        json!({"value": "1", "label": "1: Fischer"})
    );
    assert_eq!(die["value_labels"].as_array().unwrap().len(), 6);
    // A face the die does not have: the rule, and the die by its name.
    let (s, v) = app
        .call(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(create(json!([{"die": 9}]))),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "illegal_move", "{v}");
    assert_eq!(v["rule"], "ARLE-SET-3", "{v}");
    assert_eq!(
        v["detail"], "Setup die for marker 1 (which summer space) shows 1 to 6, not 9.",
        "{v}"
    );
    // A card, where this game takes only dice from the table.
    let (s, v) = app
        .call(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(create(json!([{"card": "x"}]))),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["rule"], "SESSION-TABLE-1", "{v}");
    assert_eq!(
        v["detail"], "No card from the table is wanted here: enter only the dice the table rolled.",
        "{v}"
    );
    // Two dice where the setup takes one.
    let (s, v) = app
        .call(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(create(json!([{"die": 2}, {"die": 3}]))),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["rule"], "SESSION-TABLE-2", "{v}");
    assert_eq!(
        v["detail"],
        "1 of the 2 answers from the table were not needed: this step needs exactly 1.",
        "{v}"
    );
    // The die answered: created, marker 1 on the fourth summer space.
    let (s, v) = app
        .call(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(create(json!([{"die": 4}]))),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["options"]["setup_die"], 4, "kept in the options: {v}");

    // 300: PERSS.KI's turn asks for its dice by name, the action die with each face's action.
    let (id, tokens) = app
        .create("three-hundred", json!({"table_mode": "all"}), 4)
        .await;
    let token = tokens.iter().flatten().next().unwrap().clone();
    let mut rng = 11u64;
    let mut asked = None;
    for _ in 0..60 {
        let doc = app.get(&id, &token).await;
        let path = if doc["next"]["type"] == "bot" {
            let (s, v) = app.bot_turn(&id, &token).await;
            if s == StatusCode::UNPROCESSABLE_ENTITY && v["code"] == "dice_needed" {
                asked = Some(v);
                break;
            }
            assert_eq!(s, StatusCode::OK, "{v}");
            continue;
        } else {
            format!("/v1/sessions/{id}/moves")
        };
        let mv = app
            .legal_moves(&id, &token)
            .await
            .into_iter()
            .next()
            .unwrap();
        let (_, (s, v)) = app
            .with_table(&mut rng, &path, &token, json!({"move": mv}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let v = asked.expect("PERSS.KI asked the table for a die");
    assert_eq!(v["rule"], "T300-AI-5", "{v}");
    let action = &v["needed"][0]["die"];
    assert_eq!(action["label"], "PERSS.KI's action die", "{v}");
    assert_eq!(action["value_labels"][1]["label"], "2: move armies", "{v}");
    assert_eq!(
        action["value_labels"][5]["label"], "6: place a fleet and an army",
        "{v}"
    );
    // The sentence names the die, not a kind.
    assert!(
        v["detail"]
            .as_str()
            .unwrap()
            .contains("(PERSS.KI's action die)"),
        "{v}"
    );
    app.stop().await;
}

/// A setup roll the create request asks of the table names the seats the
/// session will have, in the request's language, although the session does
/// not exist yet (CAT-SETUP-4): the duel's roll-off for the first player,
/// all four dice at once.
#[tokio::test]
async fn a_setup_roll_at_create_names_the_seats() {
    let app = TestApp::spawn().await;
    let (s, _, v) = app
        .call_full(
            Method::POST,
            "/v1/sessions",
            Some(ADMIN),
            Some(json!({"game": "catan-ck-duel", "options": {"table_mode": "all"}, "seed": 3})),
            &[("accept-language", "de")],
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "dice_needed", "{v}");
    let labels: Vec<&str> = v["needed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["die"]["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "Würfel 1 von 2 von Spieler A für den Startspieler",
            "Würfel 2 von 2 von Spieler A für den Startspieler",
            "Würfel 1 von 2 von Spieler B für den Startspieler",
            "Würfel 2 von 2 von Spieler B für den Startspieler",
        ],
        "{v}"
    );
}
