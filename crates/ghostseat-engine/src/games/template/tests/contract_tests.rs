//! The contract every game passes, through the erased adapter exactly as the server plays it.

use serde_json::{json, Value};

use crate::engine::testing::{
    check_legal_moves, check_physical_table, random_game, replay, scan_texts, Picker,
};
use crate::engine::{DynGame, Erased};
use crate::games::template::Pile;

fn game() -> Erased<Pile> {
    Erased::<Pile>::new()
}

#[test]
fn random_games_end_and_replay_to_the_same_bytes() {
    let g = game();
    for seed in 0..20 {
        let options = json!({"stones": 10 + seed, "bot_first": seed % 2 == 0});
        let played = random_game(&g, &options, seed, 200).unwrap();
        assert!(played.finished, "seed {seed}");
        let (state, _) = replay(&g, &options, seed, &played).unwrap();
        assert_eq!(
            g.snapshot(&state).unwrap(),
            g.snapshot(&played.state).unwrap()
        );
    }
}

#[test]
fn every_text_reads_as_a_sentence() {
    assert!(scan_texts(&game(), &json!({}), 0..10, 200).unwrap() > 0);
}

fn candidates(_view: &Value, _tried: &[Value], _p: &mut Picker) -> Vec<Value> {
    (0..=4)
        .map(|n| json!({"type": "take", "stones": n}))
        .collect()
}

#[test]
fn legal_moves_are_complete_and_exact() {
    let (tried, accepted) =
        check_legal_moves(&game(), &json!({}), 0..10, 200, 3, &mut candidates).unwrap();
    assert!(tried > 0 && accepted > 0);
}

#[test]
fn physical_table_games_take_every_die_from_the_table() {
    // From 20 stones the bot has no winning take and must roll (PILE-BOT-2).
    let options = json!({"table_dice": true, "stones": 20, "bot_first": true});
    assert!(check_physical_table(&game(), &options, 0..10, 200).unwrap() > 0);
}

#[test]
fn the_catalogue_parses_in_both_languages() {
    let text = &crate::games::template::text::TEXT;
    assert!(text.errors().is_empty(), "{:?}", text.errors());
    assert_eq!(text.languages().count(), 2);
}
