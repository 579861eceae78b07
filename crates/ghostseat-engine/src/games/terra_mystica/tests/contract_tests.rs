//! The contract every game keeps, checked through the erased adapter as the
//! session layer drives it: complete and exact legal moves, readable texts
//! in every language, physical-table play, and determinism of snapshots.

use serde_json::{json, Value};

use crate::engine::testing::{
    check_legal_moves, check_physical_table, random_game, scan_texts, Picker,
};
use crate::engine::{Chance, Dice, DynGame, Erased, Game, TableMode};

use super::random_tests::{varied, varied_table};
use super::TerraMystica;

fn erased() -> Erased<TerraMystica> {
    Erased::new()
}

const TERRAINS: [&str; 9] = [
    "desert",
    "plains",
    "swamp",
    "lakes",
    "forest",
    "mountains",
    "wasteland",
    "ice",
    "volcano",
];
const KINDS: [&str; 6] = [
    "dwelling",
    "trading_house",
    "temple",
    "stronghold",
    "sanctuary",
    "shipyard",
];
const CULTS: [&str; 4] = ["fire", "water", "earth", "air"];

/// Plausible moves around the listed ones: a build, initial dwelling and
/// upgrade on every cell, transforms of a sample of cells into every
/// terrain, bridges between neighbours of own buildings and random cells,
/// every cult move with values in and out of range, every power action,
/// favor and town tile of the view, every reach, every bonus card, and the
/// reports at and beyond their limits.
fn candidates(view: &Value, _listed: &[Value], pick: &mut Picker) -> Vec<Value> {
    let mut out = Vec::new();
    let cells: Vec<&Value> = view["cells"].as_array().into_iter().flatten().collect();
    let names: Vec<Value> = cells.iter().map(|c| c["cell"].clone()).collect();
    let me = &view["viewer"];
    for c in &cells {
        let cell = &c["cell"];
        out.push(json!({"type": "build", "cell": cell}));
        out.push(json!({"type": "place_initial_dwelling", "cell": cell}));
        if !c["building"].is_null() {
            for to in KINDS {
                out.push(json!({"type": "upgrade", "cell": cell, "to": to}));
            }
        }
    }
    for _ in 0..12 {
        let cell = &names[pick.pick(names.len())];
        for t in TERRAINS {
            out.push(json!({"type": "transform", "cell": cell, "terrain": t}));
        }
    }
    // Bridges from own buildings (and from a stranger's) to random cells.
    let own: Vec<&Value> = cells
        .iter()
        .filter(|c| !c["building"].is_null() && (me.is_null() || c["building"]["owner"] == *me))
        .map(|c| &c["cell"])
        .collect();
    for a in own.iter().take(6) {
        for _ in 0..15 {
            let b = &names[pick.pick(names.len())];
            out.push(json!({"type": "place_bridge", "a": a, "b": b}));
            out.push(json!({"type": "place_bridge", "a": b, "b": a}));
        }
    }
    for t in CULTS {
        for v in 0..=4 {
            out.push(json!({"type": "send_priest", "track": t, "value": v}));
            out.push(json!({"type": "advance_cult", "track": t, "steps": v}));
        }
        out.push(json!({"type": "cultist_cult_step", "track": t}));
    }
    out.push(json!({"type": "cultist_cult_step", "track": null}));
    for p in view["power_actions"].as_array().into_iter().flatten() {
        out.push(json!({"type": "take_power_action", "space": p["space"]}));
    }
    for key in ["favor_supply", "town_supply"] {
        for tile in view[key].as_object().into_iter().flatten().map(|(k, _)| k) {
            let ty = if key == "favor_supply" {
                "take_favor_tile"
            } else {
                "take_town_tile"
            };
            out.push(json!({"type": ty, "tile": tile}));
        }
    }
    for level in 0..=6 {
        out.push(json!({"type": "set_reach", "reach": {"kind": "shipping", "level": level}}));
        out.push(json!({"type": "set_reach", "reach": {"kind": "teleport", "range": level}}));
    }
    for rc in view["bonus_row"].as_array().into_iter().flatten() {
        out.push(json!({"type": "choose_bonus_card", "card": rc["card"]}));
        out.push(json!({"type": "pass", "bonus_card": rc["card"]}));
    }
    out.push(json!({"type": "pass"}));
    out.push(json!({"type": "end_turn"}));
    out.push(json!({"type": "end_transforms"}));
    for g in [0, 1, 3, 12, 99] {
        out.push(json!({"type": "power_gain_report", "gained": g}));
    }
    for d in [-201, -200, 0, 7, 200, 201] {
        out.push(json!({"type": "report_vp", "delta": d}));
        out.push(json!({"type": "report_vp", "delta": d, "reason": "town"}));
        out.push(json!({"type": "report_automa_vp", "delta": d}));
        out.push(json!({"type": "final_report", "vp_delta": d}));
    }
    out
}

#[test]
fn legal_moves_are_complete_and_exact() {
    let g = erased();
    let mut total = (0, 0);
    for seed in [3u64, 8, 11] {
        let o = serde_json::to_value(varied(seed)).unwrap();
        let (listed, accepted) = check_legal_moves(&g, &o, seed..seed + 1, 160, 2, &mut candidates)
            .unwrap_or_else(|e| panic!("{e}"));
        total.0 += listed;
        total.1 += accepted;
    }
    // A table game: the same lists while the table supplies the cards.
    let o = serde_json::to_value(varied_table(5)).unwrap();
    let (listed, accepted) =
        check_legal_moves(&g, &o, 5..6, 120, 2, &mut candidates).unwrap_or_else(|e| panic!("{e}"));
    total.0 += listed;
    total.1 += accepted;
    assert!(total.0 > 1000 && total.1 > 300, "{total:?}");
}

#[test]
fn texts_read_as_sentences_in_every_variant() {
    let g = erased();
    let mut n = 0;
    for seed in 0..6u64 {
        let o = serde_json::to_value(varied(seed)).unwrap();
        n += scan_texts(&g, &o, seed..seed + 1, 6000).unwrap_or_else(|e| panic!("{e}"));
    }
    let o = serde_json::to_value(varied_table(1)).unwrap();
    n += scan_texts(&g, &o, 1..2, 6000).unwrap_or_else(|e| panic!("{e}"));
    assert!(n > 10_000, "{n} texts");
}

#[test]
fn physical_table_games_take_nothing_from_the_server() {
    // TMA-GEN-12: with the table's cards and the table's setup, the
    // server's stream is never used.
    let g = erased();
    let options = g.physical_table_options().unwrap();
    assert_eq!(
        g.table_mode(&g.options(&options).unwrap()).unwrap(),
        TableMode::TABLE
    );
    let finished = check_physical_table(&g, &options, 0..6, 6000).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(finished, 6);
    let start = g
        .start(
            &g.options(&options).unwrap(),
            Chance::new(Dice::new(1), TableMode::TABLE, vec![]).unwrap(),
        )
        .unwrap();
    assert!(!start.chance.server_used);
}

#[test]
fn snapshots_are_deterministic_and_restore_byte_exact() {
    let g = erased();
    for seed in [2u64, 9] {
        let o = serde_json::to_value(varied(seed)).unwrap();
        let a = random_game(&g, &o, seed, 6000).unwrap();
        let snap = g.snapshot(&a.state).unwrap();
        let restored = g.restore(&snap).unwrap();
        assert_eq!(g.snapshot(&restored).unwrap(), snap);
        // Views of the restored state are the same bytes, for every seat.
        for seat in [
            None,
            Some(crate::engine::Seat(0)),
            Some(crate::engine::Seat(1)),
        ] {
            assert_eq!(
                g.view(&a.state, seat).unwrap(),
                g.view(&restored, seat).unwrap()
            );
        }
    }
    assert_eq!(<TerraMystica as Game>::ID, "terra-mystica");
}

/// The session's refusals name the game's rule where the spec has one: a human's move out of
/// turn TMA-HUM-1 (spec §5), a bot turn while a human decides TMA-TURN-5 (spec §6), a card sent
/// that was not turned over TMA-GEN-12; the session rule ends the text.
#[test]
fn session_refusals_name_the_terra_mystica_rules() {
    use crate::engine::testing::{turn_refusals, Cmd};
    use crate::engine::{AdapterError, RuleErrorKind, SessionCase, TableItem};
    let g = erased();
    // Seed 3 seats two humans (the variant), seed 0 one.
    for seed in [0u64, 3] {
        let options = serde_json::to_value(varied(seed)).unwrap();
        let played = random_game(&g, &options, seed, 6000).unwrap();
        let refusals = turn_refusals(&g, &options, seed, &played).unwrap();
        let count = |c: SessionCase| refusals.iter().filter(|r| r.case == c).count();
        assert!(count(SessionCase::BotsTurn) > 5 && count(SessionCase::NotTheBotsTurn) > 5);
        assert_eq!(
            count(SessionCase::NotYourTurn) > 5,
            seed == 3,
            "seed {seed}"
        );
        for r in &refusals {
            let want = match r.case {
                SessionCase::NotTheBotsTurn => "TMA-TURN-5",
                _ => "TMA-HUM-1",
            };
            assert_eq!(
                (r.error.rule.as_str(), &r.error.kind),
                (want, &RuleErrorKind::OutOfTurn)
            );
            assert!(r.error.detail.to_string().ends_with("(SESSION-TURN-1)."));
        }
    }
    // At a physical table: Automa's turn with one card more than she turns over.
    let seed = 1;
    let options = serde_json::to_value(varied_table(seed)).unwrap();
    let played = random_game(&g, &options, seed, 6000).unwrap();
    let o = g.options(&options).unwrap();
    let mode = g.table_mode(&o).unwrap();
    let start = g
        .start(
            &o,
            Chance::new(Dice::new(seed), mode, played.setup_table.clone()).unwrap(),
        )
        .unwrap();
    let (mut state, mut pos) = (start.state, start.chance.position);
    for c in &played.log {
        let chance = |t: Vec<TableItem>| Chance::new(Dice::at(seed, pos), mode, t).unwrap();
        let step = match c {
            Cmd::Move { seat, mv, table } => g.play(&state, *seat, mv, chance(table.clone())),
            Cmd::Bot { table } if !table.is_empty() => {
                let mut more = table.clone();
                more.push(table[0].clone());
                let Err(AdapterError::Rule(e)) = g.bot_turn(&state, chance(more)) else {
                    panic!("a card left over is accepted")
                };
                assert_eq!(e.rule, "TMA-GEN-12");
                assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
                assert!(
                    e.detail.to_string().ends_with("(SESSION-TABLE-2)."),
                    "{}",
                    e.detail
                );
                return;
            }
            Cmd::Bot { table } => g.bot_turn(&state, chance(table.clone())),
        }
        .unwrap();
        state = step.state;
        pos = step.chance.position;
    }
    panic!("no Automa turn with cards from the table");
}

/// TMA-DECK-1, TMA-GEN-12: an Automa card the table turns over reads by
/// its printed number and its actions, top to bottom, in both languages;
/// the need says which pile it comes from and what it is for.
#[test]
fn tma_gen_12_table_cards_read_by_number_and_actions() {
    use crate::engine::{Lang, NeedText, TextCx};
    use crate::games::terra_mystica::ids::CardId;
    use crate::games::terra_mystica::text::{automa_card_label, TableCard};
    assert_eq!(
        automa_card_label(CardId::S1, Lang::En),
        "★1 · Upgrade, Take a favor tile, Gain VP"
    );
    assert_eq!(
        automa_card_label(CardId::C7, Lang::De),
        "7 · Aktion des Volkes"
    );
    assert_eq!(
        automa_card_label(CardId::MotsSpecial, Lang::En),
        "Merchants of the Seas special card · Trade"
    );
    assert_eq!(
        automa_card_label(CardId::S4Mots, Lang::De),
        "★4 (Händler der Meere) · Umwandeln und Bauen, Punkte erhalten"
    );
    let en = TextCx::new(Lang::En, &[]);
    assert_eq!(
        TableCard::Action.label(&en),
        "Automa's action card, the top card of her deck"
    );
    assert_eq!(
        TableCard::Reserve.value_label("12", &en).as_deref(),
        Some("12 · Block a power action, Gain VP")
    );
    assert_eq!(TableCard::Support.value_label("nonsense", &en), None);
}
