//! Throws random, also nonsensical, moves at every engine through the
//! type-erased adapter: a rule error or success, never a panic, and a refused
//! move leaves the state as it was.

use ghostseat::engine::{Dice, Next, Seat};
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
            let mut dice = Dice::new(seed);
            let step = game.start(&json!({}), &mut dice).unwrap();
            let mut state = step.state;
            // Walk a little way into the game with legal moves and bot turns.
            for i in 0..steps {
                match game.next(&state).unwrap() {
                    Next::Finished { .. } => break,
                    Next::Bot { .. } => { state = game.bot_turn(&state, &mut dice).unwrap().state; }
                    Next::Human { seats, .. } => {
                        let seat = seats[i % seats.len()];
                        let moves = game.legal_moves(&state, seat).unwrap();
                        prop_assert!(!moves.is_empty(), "{}: no legal move", game.id());
                        state = game.play(&state, seat, &moves[(seed as usize ^ i) % moves.len()], &mut dice).unwrap().state;
                    }
                }
            }
            let before = game.snapshot(&state).unwrap();
            let pos = dice.position();
            for (j, (value, pick)) in junk.iter().enumerate() {
                let seat = Seat((pick % 3) as u8);
                let legal = game.legal_moves(&state, Seat(0)).unwrap_or_default();
                let mv = if j % 2 == 0 { mutate(&legal, value, *pick) } else { value.clone() };
                let mut d = Dice::at(seed, pos);
                // Ok or Err are both fine; a panic fails the test.
                let _ = game.play(&state, seat, &mv, &mut d);
                let _ = game.bot_turn(&state, &mut Dice::at(seed, pos).with_table(&[(*pick % 7) as u8, 9, 0]));
                prop_assert_eq!(&game.snapshot(&state).unwrap(), &before, "{} changed", game.id());
            }
        }
    }
}

#[test]
fn every_game_describes_itself() {
    for game in catalog() {
        let info = game.info();
        assert!(!info.seats.is_empty());
        assert!(info.options_schema.is_object(), "{}", info.id);
        assert!(info.move_schema.is_object(), "{}", info.id);
        let _ = game.id();
    }
}
