//! The worked examples of the spec (TE-1..TE-14), one test each.

use serde_json::json;

use super::super::data::Side;
use super::super::flow;
use super::super::state::{Pending, Phase, Units};
use super::super::ThreeHundred;
use super::kit::*;
use crate::engine::{Game, Next, RuleErrorKind};

// ---------------------------------------------------------------- worked examples

#[test]
fn te_1_seed_example_situation_c() {
    // T300-PPR-6 T300-PPR-8 T300-PPR-13 T300-PPR-9: empty Abydos/Ephesos are Persian-controlled.
    let mut st = prep_state(false, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    let (s, ev) = bot(&st, &[]);
    assert_eq!(find(&ev, "persian_situation").data["situation"], "C");
    assert_eq!(s.hand_persians.len(), 5);
    assert!(s.bridge);
    let placed: Vec<_> = all(&ev, "persian_armies_placed")
        .iter()
        .map(|e| e.data["city"].clone())
        .collect();
    assert_eq!(placed, vec!["abydos", "ephesos", "abydos"]);
    assert_eq!((s.u(Abydos).pa, s.u(Ephesos).pa), (2, 1));
    assert!(ev.iter().all(|e| e.kind != "talents_lost"));
    // The events read as sentences (T300-PPR-8).
    assert!(
        all(&ev, "persian_armies_placed")[0]
            .text
            .starts_with("Army fill, pass 1: a Persian army enters Abydos"),
        "{}",
        all(&ev, "persian_armies_placed")[0].text
    );
    assert_eq!(s.phase, Phase::GreekBuy);
    // Ephesos holding 1 army gives the same placements.
    let mut st2 = prep_state(false, 0);
    put(&mut st2, Ephesos, 0, 1, 0, 0);
    let (_, ev2) = bot(&st2, &[]);
    let placed: Vec<_> = all(&ev2, "persian_armies_placed")
        .iter()
        .map(|e| e.data["city"].clone())
        .collect();
    assert_eq!(placed, vec!["abydos", "ephesos", "abydos"]);
    // An army already in Abydos changes it.
    let mut st3 = prep_state(false, 0);
    put(&mut st3, Abydos, 0, 1, 0, 0);
    let (_, ev3) = bot(&st3, &[]);
    let placed: Vec<_> = all(&ev3, "persian_armies_placed")
        .iter()
        .map(|e| e.data["city"].clone())
        .collect();
    assert_eq!(placed, vec!["abydos", "ephesos", "ephesos"]);
}

#[test]
fn te_2_first_preparation_situation_b() {
    // T300-PPR-5 T300-PPR-8 T300-PPR-10
    let st = start(&super::super::Options::default(), 4);
    let (s, ev) = bot(&st, &[]);
    assert_eq!(find(&ev, "persian_situation").data["situation"], "B");
    assert_eq!(s.hand_persians.len(), 4);
    assert!(all(&ev, "persian_fleet_placed").is_empty());
    assert!(all(&ev, "persian_armies_placed").is_empty());
    assert!(all(&ev, "bridge_built").is_empty());
    assert_eq!(find(&ev, "talents_lost").data["count"], 8);
    assert_eq!((s.u(Abydos), s.u(Ephesos)), (st.u(Abydos), st.u(Ephesos)));
}

#[test]
fn te_3_situation_a() {
    // T300-PPR-2 (A checked before D) T300-PPR-4
    let mut st = prep_state(false, -1);
    put(&mut st, Ephesos, 1, 0, 0, 0);
    put(&mut st, Abydos, 0, 2, 0, 0);
    let (s, ev) = bot(&st, &[]);
    assert_eq!(find(&ev, "persian_situation").data["situation"], "A");
    assert_eq!(s.hand_persians.len(), 3);
    assert_eq!(s.u(Abydos).pa, 11);
    assert_eq!(s.u(Ephesos).pa, 0);
    assert!(!s.bridge);
    assert!(all(&ev, "talents_lost").is_empty());
}

#[test]
fn te_4_situation_d() {
    // T300-PPR-7 T300-PPR-3 (bridge costs 4)
    let mut st = prep_state(false, -2);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 2, 0, 0);
    let (s, ev) = bot(&st, &[]);
    assert_eq!(find(&ev, "persian_situation").data["situation"], "D");
    assert_eq!(s.hand_persians.len(), 6);
    assert!(s.bridge);
    assert_eq!(find(&ev, "bridge_built").data["talents_left"], 2);
    assert_eq!(s.u(Abydos).pa, 5);
    assert_eq!(s.u(Ephesos).pa, 2);
}

#[test]
fn te_5_situation_b_fleets_and_island() {
    // T300-PPR-5 T300-PPR-8 T300-PPR-10
    let mut st = prep_state(true, 4);
    put(&mut st, Abydos, 0, 2, 0, 1);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    put(&mut st, Larissa, 0, 1, 0, 0);
    put(&mut st, Thebai, 0, 2, 1, 0);
    put(&mut st, Eretria, 0, 1, 0, 0);
    let (s, ev) = bot(&st, &[]);
    assert_eq!(s.hand_persians.len(), 4);
    let fleets: Vec<_> = all(&ev, "persian_fleet_placed")
        .iter()
        .map(|e| e.data["port"].clone())
        .collect();
    assert_eq!(fleets, vec!["ephesos", "eretria", "pella"]);
    assert_eq!(s.u(Thebai).pf, 0);
    let armies: Vec<_> = all(&ev, "persian_armies_placed")
        .iter()
        .map(|e| e.data["city"].clone())
        .collect();
    assert_eq!(armies, vec!["larissa", "pella"]);
    let skipped = &all(&ev, "persian_armies_placed")[0].data["skipped"];
    assert_eq!(
        skipped[0],
        json!({"city": "abydos", "why": "two_or_more_armies"})
    );
    assert_eq!(
        skipped[2],
        json!({"city": "sparta", "why": "not_persian_controlled"})
    );
    assert_eq!(s.u(Eretria).pa, 1);
    assert_eq!(find(&ev, "talents_lost").data["count"], 3);
}

#[test]
fn te_6_die_2_move_and_battle() {
    // T300-TGT-2 T300-TGT-3 T300-TGT-5 T300-TGT-6 T300-TGT-7 T300-TGT-8 T300-BAT-2 T300-BAT-3 T300-BAT-7
    let mut st = blank(true, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Abydos, 0, 6, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    put(&mut st, Larissa, 2, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    hands(&mut st, &[2], &[7, 3]);
    let (s, ev) = bot(&st, &[2, 6, 2, 1, 3, 4, 5, 3, 2]);
    let act = find(&ev, "activation");
    assert_eq!(act.data["chosen"], "abydos");
    let cands = act.data["candidates"].as_array().unwrap();
    assert_eq!(cands[0]["city"], "ephesos");
    assert_eq!(cands[0]["movers"], 1);
    assert_eq!(cands[0]["able"], true);
    assert_eq!(cands[1]["movers"], 3);
    assert_eq!(cands[2]["movers"], 0);
    assert_eq!(find(&ev, "target").data["chosen"], "larissa");
    assert_eq!(
        find(&ev, "persian_move").data["path"],
        json!(["abydos", "pella", "larissa"])
    );
    let rounds = all(&ev, "battle_round");
    assert_eq!(rounds.len(), 2);
    assert_eq!(rounds[0].data["persian_result"], 4); // 6 capped to 4
    assert_eq!(
        rounds[0].data["losses"],
        json!({"greeks": 1, "persians": 1})
    );
    assert_eq!(
        s.u(Larissa),
        Units {
            ga: 0,
            pa: 2,
            gf: 0,
            pf: 0
        }
    );
    assert_eq!(s.u(Abydos).pa, 3);
    assert!(s.pending.is_none(), "no retreat was legal");
    assert_eq!(find(&ev, "persian_discard").data["card"], id(7)); // T300-AI-12: the oldest card
    assert_eq!(
        find(&ev, "persian_move").text,
        "3 of the 6 Persian armies in Abydos march to Larissa by way of Pella."
    );
    assert_eq!(s.to_act, Side::Greeks);
}

#[test]
fn te_7_die_4_destroy_isolated_army() {
    // T300-AI-9
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 2, 0, 0, 0);
    put(&mut st, Thebai, 1, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    hands(&mut st, &[7, 13], &[3, 5]);
    let (s, ev) = bot(&st, &[4]);
    let d = find(&ev, "greek_army_destroyed");
    assert_eq!(d.data["city"], "thebai");
    assert_eq!(d.data["isolated"], true);
    assert_eq!(s.u(Thebai).ga, 0);
    assert_eq!(s.greek_stock_armies, 10);
    assert_eq!(s.pending, Some(Pending::Discard));
    // The event says the discard the Greeks now owe.
    assert_eq!(d.data["discard_owed"], true);
    assert!(
        d.text.contains("the Greeks must now discard a card"),
        "{}",
        d.text
    );
    assert_eq!(
        bot_refused(&s, crate::engine::TableMode::SERVER, vec![]).kind,
        RuleErrorKind::OutOfTurn
    );
    let (s2, ev2) = play(&s, json!({"type": "discard", "card": 13}), &[]);
    assert_eq!(nums(&s2.hand_greeks), vec![7]);
    assert_eq!(find(&ev2, "persian_discard").data["card"], id(3));
    assert_eq!(nums(&s2.discard), vec![13, 3]);
    assert_eq!(s2.to_act, Side::Greeks);
}

#[test]
fn te_8_die_5_destroy_fleet_naval_battle() {
    // T300-AI-10 T300-BAT-2 T300-BAT-3
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 2, 0);
    put(&mut st, Sparta, 1, 0, 1, 0);
    hands(&mut st, &[2], &[3]);
    let (s, ev) = bot(&st, &[5, 5, 4]);
    assert_eq!(find(&ev, "greek_fleet_destroyed").data["port"], "athenai");
    let r = find(&ev, "battle_round");
    assert_eq!(r.data["persian_result"], 4);
    assert_eq!(r.data["greek_result"], 4);
    assert_eq!(s.u(Athenai).gf, 0);
    assert_eq!(s.u(Athenai).pf, 0);
    assert_eq!(s.u(Sparta).gf, 1);
    assert_eq!(s.greek_stock_fleets, 7);
}

#[test]
fn te_9_die_6_placement_instant_victory() {
    // T300-AI-11 T300-SCO-2
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Sparta, 0, 2, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Thebai, 2, 0, 0, 0);
    hands(&mut st, &[2], &[3]);
    let (s, ev) = bot(&st, &[6]);
    assert_eq!(find(&ev, "persian_deploy").data["city"], "athenai");
    assert_eq!(
        s.u(Athenai),
        Units {
            ga: 0,
            pa: 1,
            gf: 0,
            pf: 1
        }
    );
    assert_eq!(find(&ev, "victory").rule, "T300-SCO-2");
    match <ThreeHundred as Game>::next(&s) {
        Next::Finished { winner, .. } => assert_eq!(winner.as_deref(), Some("persians")),
        n => panic!("{n:?}"),
    }
}

#[test]
fn te_10_defence_with_unreachable_big_stack() {
    // T300-AI-2 T300-AI-3 T300-BAT-2 (cap 5 in Abydos)
    let mut st = blank(false, 0);
    put(&mut st, Abydos, 2, 0, 0, 0);
    put(&mut st, Ephesos, 0, 4, 0, 0);
    put(&mut st, Larissa, 0, 5, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    hands(&mut st, &[2], &[3]);
    let (s, ev) = bot(&st, &[5, 6, 4, 5, 3, 6]);
    let d = find(&ev, "defence_check");
    assert_eq!(d.data["target"], "abydos");
    assert_eq!(d.data["chosen"], "ephesos");
    let c = d.data["candidates"].as_array().unwrap();
    assert!(c
        .iter()
        .any(|x| x["city"] == "larissa" && x["reaches"] == false));
    assert!(c
        .iter()
        .any(|x| x["city"] == "pella" && x["reaches"] == false));
    assert_eq!(find(&ev, "persian_move").data["armies"], 2);
    let r = all(&ev, "battle_round");
    assert_eq!(r[0].data["cap"], 5);
    assert_eq!(r[0].data["persian_result"], 5);
    assert_eq!(
        s.u(Abydos),
        Units {
            ga: 1,
            pa: 0,
            gf: 0,
            pf: 0
        }
    );
    assert_eq!(s.u(Ephesos).pa, 2);
    assert!(all(&ev, "persian_die").is_empty(), "no die when defending");
}

#[test]
fn te_11_persian_attrition_order() {
    // T300-SUP-4 T300-SUP-5 T300-SUP-7 T300-SUP-2
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 4, 0, 0);
    put(&mut st, Ephesos, 0, 2, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    put(&mut st, Larissa, 0, 3, 0, 0);
    put(&mut st, Delphi, 0, 1, 0, 0);
    put(&mut st, Korinthos, 0, 2, 0, 0);
    put(&mut st, Thebai, 2, 0, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    hands(&mut st, &[], &[4, 9]);
    let (r, ev) = with_turn(&mut st, &[], flow::supply);
    r.unwrap();
    assert!(st.hand_persians.is_empty());
    assert_eq!(
        find(&ev, "persian_hand_discarded").cards,
        vec!["miltiades", "artemisia"]
    );
    let a = find(&ev, "attrition");
    assert_eq!(a.data["excess"], 3);
    let removed: Vec<_> = all(&ev, "attrition_removed")
        .iter()
        .map(|e| (e.data["city"].clone(), e.data["tier"].clone()))
        .collect();
    assert_eq!(
        removed,
        vec![
            ("korinthos".into(), "unsupplied".into()),
            ("korinthos".into(), "unsupplied".into()),
            ("larissa".into(), "no_points".into())
        ]
    );
    assert_eq!(st.u(Larissa).pa, 2);
    assert_eq!(st.u(Delphi).pa, 1);
    assert!(all(&ev, "out_of_supply").is_empty());
}

#[test]
fn te_12_passing() {
    // T300-AI-1 T300-AI-7 T300-SEQ-4
    let mut st = blank(true, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Athenai, 1, 0, 0, 0);
    put(&mut st, Sparta, 1, 0, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    hands(&mut st, &[2, 7], &[5]);
    let (s, ev) = bot(&st, &[1]);
    assert!(s.persian_done);
    assert_eq!(find(&ev, "persian_discard").data["card"], id(5)); // step 4 still discards
    assert_eq!(s.last_pass, Some(Side::Persians));
    let (s, _) = play(
        &s,
        json!({"type": "move_land", "card": 7, "from": "korinthos", "to": "thebai", "armies": 1}),
        &[],
    );
    assert_eq!(s.last_pass, None);
    let (s, ev) = bot(&s, &[]);
    assert_eq!(find(&ev, "persian_pass").data["why"], "rolled_one_earlier");
    assert!(all(&ev, "persian_discard").is_empty());
    let (s, ev) = play(&s, json!({"type": "pass"}), &[]);
    find(&ev, "operations_ended");
    assert_eq!(s.campaign, 4);
    assert_eq!(s.phase, Phase::PersianPrep);
    // PERSS.KI without cards passes at step 1.
    let mut st2 = blank(true, 0);
    put(&mut st2, Abydos, 0, 3, 0, 0);
    put(&mut st2, Athenai, 1, 0, 0, 0);
    hands(&mut st2, &[2], &[]);
    let (s2, ev2) = bot(&st2, &[]);
    assert_eq!(find(&ev2, "persian_pass").rule, "T300-AI-1");
    assert!(all(&ev2, "persian_discard").is_empty());
    assert_eq!(s2.to_act, Side::Greeks);
}

#[test]
fn te_13_300_spartans_against_persian_attack() {
    // T300-TGT-6 T300-EVT-11 T300-BAT-7 T300-BAT-4 T300-BAT-5
    let mut st = blank(true, 0);
    put(&mut st, Ephesos, 0, 3, 0, 0);
    put(&mut st, Abydos, 0, 3, 0, 0);
    put(&mut st, Pella, 0, 1, 0, 0);
    put(&mut st, Larissa, 0, 1, 0, 0);
    put(&mut st, Thebai, 0, 4, 0, 0);
    put(&mut st, Korinthos, 1, 0, 0, 0);
    put(&mut st, Athenai, 2, 0, 0, 0);
    put(&mut st, Sparta, 2, 0, 0, 0);
    hands(&mut st, &[15, 2], &[3]);
    let (s, ev) = bot(&st, &[3]);
    let act = find(&ev, "activation");
    assert_eq!(act.data["chosen"], "thebai");
    let eph = &act.data["candidates"][0];
    assert_eq!(eph["able"], true);
    assert!(eph["targets"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["city"] == "delphi" && t["distance"] == 4));
    assert_eq!(find(&ev, "target").data["chosen"], "korinthos");
    assert_eq!(s.pending, Some(Pending::React { cards: vec![c(15)] }));
    let (s, _) = play(&s, json!({"type": "react", "card": 15}), &[4, 4, 1, 2, 5]);
    assert_eq!(
        s.pending,
        Some(Pending::BattleChoice {
            allowed: vec![Athenai, Sparta]
        })
    );
    let (s, ev) = play(
        &s,
        json!({"type": "battle_choice", "retreat_to": null}),
        &[3, 2, 2, 6],
    );
    let r = all(&ev, "battle_round");
    assert_eq!(
        r[0].data["greek_dice"].as_array().unwrap().len(),
        3,
        "3 dice with one army"
    );
    assert_eq!(
        s.u(Korinthos),
        Units {
            ga: 1,
            pa: 0,
            gf: 0,
            pf: 0
        }
    );
    assert_eq!(s.u(Thebai).pa, 2);
    assert_eq!(nums(&s.hand_greeks), vec![2]);
    assert_eq!(s.to_act, Side::Greeks);
}

#[test]
fn te_14_scoring() {
    // T300-SCO-1 T300-SCO-3
    let mut st = blank(true, 2);
    st.campaign = 3;
    for c in [Athenai, Sparta, Korinthos, Thebai] {
        put(&mut st, c, 1, 0, 0, 0);
    }
    for c in [Abydos, Ephesos, Pella, Larissa, Delphi] {
        put(&mut st, c, 0, 1, 0, 0);
    }
    let ((), ev) = with_turn(&mut st, &[], flow::scoring);
    let e = find(&ev, "score");
    assert_eq!(
        (
            e.data["greek_points"].clone(),
            e.data["persian_points"].clone()
        ),
        (6.into(), 7.into())
    );
    assert_eq!(st.score, 3);
    assert_eq!(st.campaign, 4);
    // At the end of campaign 5 a Persian score wins.
    let mut st5 = st.clone();
    st5.campaign = 5;
    st5.score = 2;
    with_turn(&mut st5, &[], flow::scoring);
    assert_eq!(st5.score, 3);
    match <ThreeHundred as Game>::next(&st5) {
        Next::Finished { winner, scores, .. } => {
            assert_eq!(winner.as_deref(), Some("persians"));
            assert_eq!(scores["persians"], Some(3));
            assert_eq!(scores["greeks"], Some(-3));
        }
        n => panic!("{n:?}"),
    }
}
