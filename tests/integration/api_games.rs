//! Whole games of every variant over real HTTP, to the final state, with
//! `verify` proving each log replays to its snapshot.

use crate::common::{Backend, TestApp};
use ghostseat::games::three_hundred::scenarios::{scripted_game, Ending, ScriptStep};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn finish(
    app: &TestApp,
    game: &str,
    options: Value,
    seed: u64,
    max: usize,
) -> (String, Vec<Option<String>>, Value) {
    let (id, tokens) = app.create(game, options, seed).await;
    app.play(&id, &tokens, seed ^ 0x5eed, max).await;
    let any = tokens.iter().flatten().next().unwrap().clone();
    let v = app.get(&id, &any).await;
    assert_eq!(
        v["next"]["type"], "finished",
        "{game} did not finish in {max} steps: {}",
        v["next"]
    );
    let ver = app.verify(&id, &any).await;
    assert_eq!(ver["ok"], true, "{ver}");
    (id, tokens, v)
}

fn kinds(log: &Value) -> Vec<String> {
    log["commands"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            c["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["kind"].as_str().unwrap().to_string())
        })
        .collect()
}

#[tokio::test]
async fn terra_mystica_solo_on_every_difficulty_level() {
    let app = TestApp::spawn().await;
    for (i, level) in [
        "automalein",
        "automa",
        "automaechtig",
        "ultoma",
        "alptrauma",
    ]
    .into_iter()
    .enumerate()
    {
        let (id, tokens, v) = finish(
            &app,
            "terra-mystica",
            json!({"difficulty": level}),
            100 + i as u64,
            3000,
        )
        .await;
        assert!(
            v["next"]["scores"].as_object().unwrap().len() >= 2,
            "{}",
            v["next"]
        );
        let log = app.log(&id, tokens[0].as_deref().unwrap()).await;
        // The Automa took turns, each event naming a TMA rule.
        let bot_events: Vec<&Value> = log["commands"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] == "bot_turn")
            .flat_map(|c| c["events"].as_array().unwrap())
            .collect();
        assert!(bot_events.len() > 20, "{level}");
        assert!(
            bot_events
                .iter()
                .all(|e| e["rule"].as_str().unwrap().starts_with("TMA-")),
            "{level}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn terra_mystica_two_humans_and_the_automa() {
    let app = TestApp::spawn().await;
    let opts = json!({"humans": 2, "human_seats": [{"faction": "witches"}, {"faction": "nomads"}]});
    let (_, tokens, v) = finish(&app, "terra-mystica", opts, 7, 4000).await;
    assert_eq!(tokens.iter().flatten().count(), 2, "two human tokens");
    assert!(
        v["next"]["scores"].as_object().unwrap().len() >= 3,
        "{}",
        v["next"]
    );
    app.stop().await;
}

async fn play_script(app: &TestApp, ending: Ending) -> (String, Vec<Option<String>>, Value) {
    let script = scripted_game(ending);
    let (id, tokens) = app
        .create(
            "three-hundred",
            serde_json::to_value(&script.options).unwrap(),
            script.seed,
        )
        .await;
    let any = tokens.iter().flatten().next().unwrap().clone();
    for step in &script.steps {
        let (s, r) = match step {
            ScriptStep::Bot => app.bot_turn(&id, &any).await,
            ScriptStep::Human { seat, mv } => {
                app.post_move(&id, tokens[seat.0 as usize].as_deref().unwrap(), mv.clone())
                    .await
            }
        };
        assert_eq!(s, StatusCode::OK, "{r}");
    }
    let v = app.get(&id, &any).await;
    assert_eq!(app.verify(&id, &any).await["ok"], true);
    (id, tokens, v)
}

#[tokio::test]
async fn three_hundred_ends_in_each_way() {
    three_hundred_ends_in_each_way_on(Backend::Sqlite).await;
}

/// The same whole games with the store on PostgreSQL.
#[tokio::test]
async fn three_hundred_ends_in_each_way_on_postgres() {
    three_hundred_ends_in_each_way_on(Backend::Postgres).await;
}

async fn three_hundred_ends_in_each_way_on(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend).await else {
        return;
    };
    let (_, _, v) = play_script(&app, Ending::GreekPoints).await;
    assert_eq!(v["next"]["type"], "finished");
    assert_eq!(v["next"]["winner"], "greeks", "{}", v["next"]); // T300-SCO-3
    let (_, _, v) = play_script(&app, Ending::PersianPoints).await;
    assert_eq!(v["next"]["type"], "finished");
    assert_eq!(v["next"]["winner"], "persians", "{}", v["next"]); // T300-SCO-3
    let (id, tokens, v) = play_script(&app, Ending::PersianInstant).await;
    assert_eq!(v["next"]["type"], "finished");
    assert_eq!(v["next"]["winner"], "persians", "{}", v["next"]); // T300-SCO-2
    let log = app.log(&id, tokens[0].as_deref().unwrap()).await;
    assert!(log["commands"].as_array().unwrap().len() > 10);
    // A battle in which the human decided to retreat.
    let (id, tokens, _) = play_script(&app, Ending::GreekRetreat).await;
    let log = app.log(&id, tokens[0].as_deref().unwrap()).await;
    let retreated = log["commands"].as_array().unwrap().iter().any(|c| {
        c["kind"] == "move"
            && c["payload"]["move"]["type"] == "battle_choice"
            && !c["payload"]["move"]["retreat_to"].is_null() // T300-BAT-5
    });
    assert!(retreated, "a retreat decision was sent over HTTP");
    app.stop().await;
}

#[tokio::test]
async fn three_hundred_random_games_to_the_end() {
    let app = TestApp::spawn().await;
    for seed in 0..3 {
        finish(&app, "three-hundred", json!({}), seed, 3000).await;
    }
    app.stop().await;
}

#[tokio::test]
async fn catan_shadow_two_humans_to_ten_points_through_fictive_turns() {
    catan_shadow_to_ten_points_on(Backend::Sqlite).await;
}

/// The same game with the store on PostgreSQL.
#[tokio::test]
async fn catan_shadow_two_humans_to_ten_points_on_postgres() {
    catan_shadow_to_ten_points_on(Backend::Postgres).await;
}

async fn catan_shadow_to_ten_points_on(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend).await else {
        return;
    };
    let mut seen_seven = false;
    let mut seen_auction = false;
    for seed in 1..=3u64 {
        let (id, tokens, v) = finish(&app, "catan-shadow", json!({}), seed, 6000).await;
        assert_eq!(tokens.iter().flatten().count(), 2);
        let winner = v["next"]["winner"].as_str().expect("a winner");
        assert!(
            v["next"]["scores"][winner].as_i64().unwrap() >= 10,
            "{}",
            v["next"]
        );
        let log = app.log(&id, tokens[0].as_deref().unwrap()).await;
        let k = kinds(&log);
        assert!(k.iter().any(|k| k == "fictive_roll"));
        seen_seven |= k.iter().any(|k| k == "robber_chooser");
        seen_auction |= k.iter().any(|k| k == "auction_result");
    }
    assert!(seen_seven, "a fictive 7 was handled");
    assert!(seen_auction, "an auction was held");
    app.stop().await;
}

#[tokio::test]
async fn catan_secret_cards_are_hidden_from_the_other_seat() {
    let app = TestApp::spawn().await;
    let (id, tokens) = app.create("catan-shadow", json!({}), 3).await;
    app.play(&id, &tokens, 9, 1500).await;
    let a = app.log(&id, tokens[0].as_deref().unwrap()).await;
    let b = app.log(&id, tokens[1].as_deref().unwrap()).await;
    let mut secrets = [0, 0];
    for (log, me) in [(&a, "a"), (&b, "b")] {
        for c in log["commands"].as_array().unwrap() {
            for e in c["events"].as_array().unwrap() {
                if let Some(secret) = e.get("secret") {
                    // A hidden part reaches only the seats it names.
                    assert!(
                        secret["visible_to"]
                            .as_array()
                            .unwrap()
                            .contains(&json!(me)),
                        "{me} reads a secret meant for others: {e}"
                    );
                    secrets[usize::from(me == "b")] += 1;
                }
            }
        }
    }
    // Both seats bought development cards in 1500 commands: each saw its own.
    assert!(secrets[0] > 0 && secrets[1] > 0, "{secrets:?}");
    // Some events (a development card bought) show their hidden part to
    // one seat only: the other reads the same event without it.
    let mut one_sided = 0;
    for (ca, cb) in a["commands"]
        .as_array()
        .unwrap()
        .iter()
        .zip(b["commands"].as_array().unwrap())
    {
        let ea = ca["events"].as_array().unwrap();
        let eb = cb["events"].as_array().unwrap();
        for (x, y) in ea.iter().zip(eb) {
            assert_eq!(x["kind"], y["kind"]);
            if x.get("secret").is_some() != y.get("secret").is_some() {
                one_sided += 1;
                let hidden = if x.get("secret").is_some() { y } else { x };
                assert!(!hidden.to_string().contains("\"card\""), "{hidden}");
            }
        }
    }
    assert!(one_sided > 0);
    app.stop().await;
}

#[tokio::test]
async fn catan_ck_duel_two_humans_through_barbarians_neutrals_and_progress_cards() {
    let app = TestApp::spawn().await;
    let mut seen: std::collections::BTreeSet<String> = Default::default();
    let mut reached_target = 0;
    for (seed, placement) in [
        (1u64, "active_player"),
        (2, "bot"),
        (3, "active_player"),
        (4, "bot"),
    ] {
        let (id, tokens) = app
            .create(
                "catan-ck-duel",
                json!({"neutral_placement": placement, "max_turns": 400}),
                seed,
            )
            .await;
        let greedy = [
            "place_metropolis",
            "build_city",
            "improve_city",
            "build_settlement",
            "activate_knight",
            "promote_knight",
            "build_knight",
            "build_city_wall",
            "build_road",
        ];
        app.play_preferring(&id, &tokens, seed, 20000, &greedy)
            .await;
        let v = app.get(&id, tokens[0].as_deref().unwrap()).await;
        assert_eq!(v["next"]["type"], "finished", "{}", v["next"]);
        assert_eq!(
            app.verify(&id, tokens[0].as_deref().unwrap()).await["ok"],
            true
        );
        assert_eq!(tokens.iter().flatten().count(), 2);
        eprintln!("ck seed {seed}: {}", v["next"]);
        if let Some(w) = v["next"]["winner"].as_str() {
            reached_target += usize::from(v["next"]["scores"][w].as_i64().unwrap_or(0) >= 13);
            // CCK-END-1
        }
        seen.extend(kinds(&app.log(&id, tokens[0].as_deref().unwrap()).await));
    }
    for k in [
        "barbarians_advance",
        "neutral_placed",
        "knight_promoted",
        "progress_drawn",
        "progress_played",
    ] {
        assert!(seen.contains(k), "no {k} in four games");
    }
    assert!(
        seen.contains("barbarians_repelled") || seen.contains("barbarians_win"),
        "a barbarian attack"
    );
    assert!(
        reached_target >= 2,
        "games end at 13 points, not at the turn cap"
    );
    app.stop().await;
}
