//! Throws random, also nonsensical, moves at every engine through the
//! type-erased adapter: a rule error or success, never a panic, and a refused
//! move leaves the state as it was.

use ghostseat::engine::testing::{random_game, Picker};
use ghostseat::engine::{Chance, Dice, Seat, TableItem};
use ghostseat::games::catalog;
use proptest::prelude::*;
use serde_json::{json, Value};

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        "[a-z_]{0,12}".prop_map(Value::String),
        Just(json!(u64::MAX)),
        Just(json!(-1)),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,10}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A move-shaped value: a real move type with random fields, or a legal
/// move with one field replaced by junk.
fn mutate(legal: &[Value], junk: &Value, pick: usize) -> Value {
    match legal.get(pick % legal.len().max(1)) {
        Some(Value::Object(m)) if pick % 3 != 0 => {
            let mut m = m.clone();
            let keys: Vec<String> = m.keys().filter(|k| *k != "type").cloned().collect();
            if let Some(k) = keys.get(pick % keys.len().max(1)) {
                m.insert(k.clone(), junk.clone());
            } else {
                m.insert("extra".into(), junk.clone());
            }
            Value::Object(m)
        }
        Some(Value::Object(m)) => {
            let mut o = junk.as_object().cloned().unwrap_or_default();
            o.insert("type".into(), m.get("type").cloned().unwrap_or(Value::Null));
            Value::Object(o)
        }
        _ => junk.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]
    #[test]
    fn nonsense_moves_never_panic_and_never_change_the_state(seed in any::<u64>(), steps in 1usize..40, junk in prop::collection::vec((arb_json(), any::<usize>()), 1..12)) {
        for game in catalog() {
            // Walk a little way into the game with listed moves and bot turns.
            let played = random_game(game.as_ref(), &json!({}), seed, steps)
                .map_err(|e| TestCaseError::fail(format!("{}: {e}", game.id())))?;
            let state = played.state;
            let before = game.snapshot(&state).unwrap();
            let pos = played.rng_pos;
            let mode = game.table_mode(&game.options(&json!({})).unwrap()).unwrap();
            let mut picker = Picker::new(seed);
            for (j, (value, pick)) in junk.iter().enumerate() {
                let seat = Seat((pick % 3) as u8);
                let legal = game.sample_moves(&state, Seat(0), &mut |n| picker.pick(n)).unwrap_or_default();
                let mv = if j % 2 == 0 { mutate(&legal, value, *pick) } else { value.clone() };
                // Ok or Err are both fine; a panic fails the test.
                if let Ok(c) = Chance::new(Dice::at(seed, pos), mode, vec![]) {
                    let _ = game.play(&state, seat, &mv, c);
                }
                let table = vec![TableItem::Die((*pick % 7) as u8), TableItem::Die(9), TableItem::Card(format!("{value}"))];
                if let Ok(c) = Chance::new(Dice::at(seed, pos), mode, table) {
                    let _ = game.bot_turn(&state, c);
                }
                prop_assert_eq!(&game.snapshot(&state).unwrap(), &before, "{} changed", game.id());
            }
        }
    }
}

#[test]
fn every_game_describes_itself() {
    for game in catalog() {
        let defaults = game.default_options();
        assert!(!game.seats(&defaults).unwrap().is_empty());
        assert!(game.options_schema().is_object(), "{}", game.id());
        assert!(game.move_schema().is_object(), "{}", game.id());
        assert!(!game.title(ghostseat::engine::Lang::En).is_empty());
    }
}
