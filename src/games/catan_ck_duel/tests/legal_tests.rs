//! The legal-move property test of catan-ck-duel through the erased adapter
//! (engine::testing::check_legal_moves): every listed move is accepted, every
//! candidate the game accepts is listed, and every refusal reads as a message
//! in English and German (REFUSALS, issue 18).

use serde_json::{json, Value};

use crate::engine::testing::{check_legal_moves, Picker};
use crate::engine::Erased;
use crate::games::catan_ck_duel::CatanCkDuel;

fn coord(p: &mut Picker, names: &[&str]) -> Value {
    json!([
        p.pick(7) as i64 - 3,
        p.pick(7) as i64 - 3,
        names[p.pick(names.len())]
    ])
}

fn hex(p: &mut Picker) -> Value {
    json!([p.pick(7) as i64 - 3, p.pick(7) as i64 - 3])
}

/// Moves a player might try: the listed ones at other places (progress
/// cards aside: their listed instances are samples), and fixed moves that
/// the rules refuse in most situations.
fn candidates(_view: &Value, tried: &[Value], p: &mut Picker) -> Vec<Value> {
    let cards = [
        "brick", "lumber", "wool", "grain", "ore", "cloth", "coin", "paper",
    ];
    let progress = [
        "alchemist",
        "crane",
        "printer",
        "engineer",
        "inventor",
        "medicine",
        "road_building",
        "smith",
        "bishop",
        "deserter",
        "diplomat",
        "intrigue",
        "spy",
        "merchant",
        "commercial_harbor",
        "merchant_fleet",
        "master_merchant",
        "trade_monopoly",
        "resource_monopoly",
    ];
    let mut out: Vec<Value> = ["roll", "end_turn", "token_robber_to_desert"]
        .iter()
        .map(|t| json!({"type": t}))
        .collect();
    out.push(json!({"type": "roll", "dice": [7, 0, 9]}));
    for mode in ["resources", "all"] {
        out.push(json!({"type": "token_forced_trade", "mode": mode}));
    }
    for track in ["trade", "politics", "science"] {
        out.push(json!({"type": "improve_city", "track": track, "crane": p.pick(2) == 1}));
        out.push(json!({"type": "defender_draw", "deck": track}));
    }
    out.push(json!({"type": "respond_trade", "accept": true}));
    let c = cards[p.pick(cards.len())];
    let d = cards[p.pick(cards.len())];
    out.push(json!({"type": "maritime_trade", "give": c, "get": d, "times": 0}));
    out.push(json!({"type": "maritime_trade", "give": c, "get": d, "times": 99}));
    out.push(json!({"type": "offer_trade", "give": {c: 1}, "want": {c: 1}}));
    for t in [
        "discard",
        "forced_trade_return",
        "wedding_give",
        "saboteur_discard",
        "master_merchant_pick",
    ] {
        out.push(json!({"type": t, "cards": {c: 99}}));
    }
    out.push(json!({"type": "aqueduct_take", "resource": c}));
    out.push(json!({"type": "commercial_harbor_give", "commodity": c}));
    for _ in 0..3 {
        let k = progress[p.pick(progress.len())];
        out.push(json!({"type": "play_progress", "card": k}));
        out.push(json!({"type": "discard_progress", "card": k}));
        out.push(json!({"type": "spy_pick", "card": k}));
    }
    out.push(json!({"type": "build_settlement", "vertex": coord(p, &["N", "S"])}));
    out.push(json!({"type": "build_road", "edge": coord(p, &["NE", "E", "SE"])}));
    out.push(json!({"type": "build_knight", "vertex": coord(p, &["N", "S"])}));
    out.push(json!({"type": "move_robber", "hex": hex(p)}));
    for t in tried.iter().take(12) {
        if t.get("type").and_then(Value::as_str) == Some("play_progress") {
            continue;
        }
        for _ in 0..2 {
            let mut m = t.clone();
            let Some(o) = m.as_object_mut() else { continue };
            for f in ["vertex", "to", "knight"] {
                if o.get(f).is_some_and(Value::is_array) {
                    o.insert(f.into(), coord(p, &["N", "S"]));
                }
            }
            if o.get("edge").is_some_and(Value::is_array) {
                o.insert("edge".into(), coord(p, &["NE", "E", "SE"]));
            }
            if o.contains_key("hex") {
                o.insert("hex".into(), hex(p));
            }
            out.push(m);
        }
    }
    out
}

#[test]
fn legal_moves_are_complete_and_exact_and_refusals_read_in_both_languages() {
    let g = Erased::<CatanCkDuel>::new();
    let mut total = (0, 0);
    for (i, options) in [
        json!({"max_turns": 30}),
        json!({"max_turns": 30, "neutral_placement": "bot", "first_player": "b"}),
    ]
    .iter()
    .enumerate()
    {
        let from = 10 * i as u64;
        let (listed, accepted) =
            check_legal_moves(&g, options, from..from + 2, 400, 2, &mut candidates)
                .unwrap_or_else(|e| panic!("{options}: {e}"));
        total.0 += listed;
        total.1 += accepted;
    }
    assert!(total.0 > 1000 && total.1 > 100, "{total:?}");
}
