//! Automa's turn, actions and factions (TMA-BOT, -ACT, -PWR, -VP, -CULT,
//! -UPG, -FAV, -TB, -TRD, -FAC, -PASS, -SEL).

use serde_json::json;

use crate::engine::{Game, Seat};

use super::data::*;
use super::ids::*;
use super::kit::*;
use super::moves::{Move, TurnStep};
use super::options::*;
use super::state::*;
use super::TerraMystica;

fn lakes(f: AutomaFaction) -> Options {
    let mut o = opts();
    o.automa_home_terrain = Some(Terrain::Lakes);
    o.automa_faction = f;
    o
}

fn board(f: AutomaFaction, round: u8) -> State {
    let mut st = blank(&lakes(f), round);
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "F2", 1, Kind::Dwelling, false);
    for c in ["D1", "C3", "F4"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    st
}

#[test]
fn tma_bot_1_5_action_card_gives_actions_support_card_gives_methods() {
    // TMA-BOT-1 TMA-BOT-5 (checked below)
    // Action 13 (T&B; 2 VP, M+R, row B, RD1) with support *4 (U, row B, LU 3): the U structure of *4 governs.
    let mut st = board(AutomaFaction::Simpletons, 3);
    set_pair(&mut st, "*4", "13", &["*1", "*2"]);
    let vp = st.automa.vp;
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "options")[0].data["range_of"], json!("unmarked"));
    assert!(
        kinds(&ev, "selection")
            .iter()
            .all(|e| e.data["method"] != json!("merging")),
        "*4 has no merging symbol"
    );
    assert_eq!(
        s.automa.vp,
        vp + 2,
        "VP value comes from the action card 13"
    );
    // Order of actions: T&B first, then VP (TMA-BOT-5).
    let order: Vec<&str> = ev
        .iter()
        .map(|e| e.kind.as_str())
        .filter(|k| *k == "automa_built" || *k == "vp_gained")
        .collect();
    assert_eq!(order, vec!["automa_built", "vp_gained"]);
}

#[test]
fn tma_bot_3_6_later_turns_and_no_action() {
    // TMA-BOT-3 TMA-BOT-6 (checked below)
    // TMA-ACT-2 / TMA-BOT-6: round 1 card *1 (upgrade impossible, favor skipped, X = 0): nothing, but the turn counts.
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 1);
    st.automa.supply[1] = 0; // no TH: no dwelling can be upgraded
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    set_pair(&mut st, "*2", "*1", &["*3", "*4", "*5"]);
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "no_action").len(), 1);
    assert_eq!(kinds(&ev, "no_action")[0].rule, "TMA-ACT-2");
    assert!(s.passed.is_empty(), "she does not pass");
    assert_eq!(s.to_move, Seat(0));
    // Next Automa turn: *1 becomes the support card, *3 the action card (TMA-BOT-3).
    let (s, _) = play(
        &s,
        0,
        Move::Turn {
            steps: vec![TurnStep::AdvanceCult {
                track: Cult::Air,
                steps: 1,
            }],
        },
    );
    let (s, ev) = bot(&s);
    let c = &kinds(&ev, "automa_cards")[0];
    assert_eq!(
        (
            c.data["support_card"].clone(),
            c.data["action_card"].clone()
        ),
        (json!("*1"), json!("*3"))
    );
    assert_eq!(s.automa.support_pile, vec!["*1", "*2"]);
}

#[test]
fn tma_bot_3_empty_deck_passes_and_bot_2_short_deck() {
    // TMA-BOT-3 TMA-BOT-2 (checked below)
    let mut st = board(AutomaFaction::Simpletons, 2);
    set_pair(&mut st, "*2", "*1", &[]);
    st.automa.rotated = vec![];
    let (s, _) = bot(&st);
    let (s, _) = play(
        &s,
        0,
        Move::Turn {
            steps: vec![TurnStep::AdvanceCult {
                track: Cult::Air,
                steps: 1,
            }],
        },
    );
    let (s, ev) = bot(&s);
    assert_eq!(
        kinds(&ev, "automa_passed")[0].data["reason"],
        json!("deck_empty")
    );
    assert!(s.passed.contains(&Seat(1)));
    // TMA-BOT-2: fewer than two cards at the first turn → pass.
    let mut st = board(AutomaFaction::Simpletons, 2);
    set_pair(&mut st, "*2", "*1", &[]);
    st.automa.deck = vec!["*2".into()];
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "automa_passed").len(), 1);
    assert!(s.passed.contains(&Seat(1)));
}

#[test]
fn tma_bot_4_rotated_card_without_pass_symbol_is_played() {
    // TMA-BOT-4 (checked below)
    let mut st = board(AutomaFaction::Simpletons, 3);
    set_pair(&mut st, "*2", "*5", &[]);
    st.automa.rotated = vec!["*2".into(), "*5".into()];
    let (_, ev) = bot(&st);
    assert!(
        kinds(&ev, "automa_passed").is_empty(),
        "*5 has no pass symbol"
    );
    assert_eq!(kinds(&ev, "automa_built").len(), 1);
}

#[test]
fn tma_act_1_4_tb_falls_back_to_upgrade_once() {
    // TMA-ACT-1 TMA-ACT-4 (checked below)
    // TMA-TB-1: no dwelling in supply → Upgrade with the same support card.
    let mut st = board(AutomaFaction::Simpletons, 3);
    st.automa.supply[0] = 0;
    set_pair(&mut st, "*3", "*4", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let f = &kinds(&ev, "fallback")[0];
    assert_eq!(
        (f.rule.as_str(), f.data["reason"].clone()),
        ("TMA-TB-1", json!("no_dwelling"))
    );
    assert_eq!(kinds(&ev, "automa_upgraded").len(), 1);
    assert_eq!(s.automa.supply[0], 1);
    // TMA-TB-12: no option → Upgrade; and TMA-ACT-4: Upgrade impossible ends it (no loop).
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 1);
    put(&mut st, "A1", 1, Kind::Dwelling, true); // marked only; *4 uses unmarked range → no option
    st.automa.supply[1] = 0;
    set_pair(&mut st, "*3", "*4", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    let f = &kinds(&ev, "fallback")[0];
    assert_eq!(
        (f.rule.as_str(), f.data["reason"].clone()),
        ("TMA-TB-12", json!("no_option"))
    );
    assert_eq!(kinds(&ev, "action_skipped")[0].rule, "TMA-UPG-1");
    // TMA-ACT-1: the following VP action still happens (round 1: *4's fixed 1 VP).
    assert_eq!(kinds(&ev, "vp_gained")[0].data["amount"], json!(1)); // TMA-VP-1
}

#[test]
fn tma_tb_2_8_9_11_shipping_transform_and_power_offer() {
    // TMA-TB-2 TMA-TB-8 TMA-TB-9 TMA-TB-11 (checked below)
    // Round 5 at level Automa: shipping 2 (TMA-TB-2).
    let mut st = board(AutomaFaction::Simpletons, 5);
    let b2 = cell(&st, "B2");
    st.cube[b2] = true;
    st.blight[b2] = true;
    set_pair(&mut st, "*4", "*4", &["*1", "*2"]);
    st.automa.deck = vec!["*3".into(), "*4".into(), "*1".into(), "*2".into()];
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "options")[0].data["shipping"], json!(2));
    let b = &kinds(&ev, "automa_built")[0];
    let c = cell(&s, b.data["cell"].as_str().unwrap());
    assert_eq!(s.terrain[c], Some(Terrain::Lakes)); // TMA-TB-8
    assert!(s.buildings[c].is_some_and(|x| x.owner == Seat(1) && x.kind == Kind::Dwelling)); // TMA-TB-9
                                                                                             // Build next to a human building: the offer is announced (TMA-TB-11).
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 1);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "A6", 0, Kind::TradingHouse, false);
    let a5 = cell(&st, "A5");
    st.terrain[a5] = Some(Terrain::Lakes);
    set_pair(&mut st, "*3", "*4", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let built = &kinds(&ev, "automa_built")[0];
    assert_eq!(built.data["cell"], json!("A5"));
    assert_eq!(kinds(&ev, "power_offered")[0].data["amount"], json!(2));
    assert_eq!(kinds(&ev, "power_offered")[0].rule, "TMA-TB-11");
    // Cube and blight are removed when Automa builds there (TMA-TB-9).
    let mut st2 = st.clone();
    let a5 = cell(&st2, "A5");
    st2.cube[a5] = true;
    st2.blight[a5] = true;
    let (s2, _) = bot(&st2);
    assert!(!s2.cube[a5] && !s2.blight[a5]);
    let _ = s;
}

#[test]
fn tma_tb_7_sel_4_furthest_from_automa_with_fi_tile() {
    // TMA-TB-7 TMA-SEL-4 (checked below)
    let mut o = lakes(AutomaFaction::Simpletons);
    o.fire_and_ice = true;
    o.final_scoring_tile = FinalTile::GreatestDistance;
    let mut st = blank(&o, 3);
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "F2", 1, Kind::Dwelling, false);
    set_pair(&mut st, "*3", "7", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert!(sel
        .iter()
        .any(|e| e.data["method"] == json!("furthest_from_automa") && e.rule == "TMA-SEL-4"));
    assert!(!sel
        .iter()
        .any(|e| e.data["method"] == json!("closest_to_humans")));
}

#[test]
fn tma_sel_1_methods_stop_when_one_option_remains() {
    // TMA-SEL-1 (checked below)
    // In EX-7 terrain priority leaves 2, closest leaves 1: no directional event.
    let st = super::examples_tests::ex7_state();
    let (_, ev) = bot(&st);
    assert!(kinds(&ev, "directional").is_empty());
    // And with a single option after merging no further selection happens at all.
    let mut st = super::examples_tests::ex7_state();
    for c in ["E4", "H2", "H3"] {
        put(&mut st, c, 0, Kind::Dwelling, false);
    }
    let (_, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(sel.len(), 1);
    assert_eq!(sel[0].data["after"], json!(["G1"]));
}

#[test]
fn tma_pwr_3_merchants_board_blocked_too() {
    // TMA-PWR-3 (checked below)
    let mut o = lakes(AutomaFaction::Simpletons);
    o.merchants_of_the_seas = true;
    let mut st = blank(&o, 3);
    st.automa.supply = [6, 2, 3, 1, 1, 1];
    for i in 0..6 {
        st.power_actions[i].1 = Some(Seat(0)); // main board full: first block finds nothing
    }
    set_pair(&mut st, "6", "12", &["*1", "*3"]);
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "action_skipped")[0].rule, "TMA-PWR-1");
    let b = &kinds(&ev, "power_action_blocked")[0];
    assert_eq!(b.data["board"], json!("merchants"));
    assert_eq!(b.data["space"], json!("M3")); // ← 3 over M3, M2, M1
    assert_eq!(s.power_actions[8].1, Some(Seat(1)));
}

#[test]
fn tma_cult_1_6_track_with_marker_on_ten_and_cap() {
    // TMA-CULT-1 TMA-CULT-6 (checked below)
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 2);
    st.cult = vec![[10, 0, 9, 0], [3, 3, 8, 3]].into();
    st.priest_spaces[2] = [Some(Seat(0)), None, None, None];
    set_pair(&mut st, "*5", "8", &["*1", "*2"]);
    st.scoring_tiles[1] = ScoringTile {
        id: "SCORE2".into(),
        automa_pass_vp: 5,
        automa_cult: Some(Cult::Earth),
    };
    let (s, ev) = bot(&st);
    let o = &kinds(&ev, "options")[0];
    assert_eq!(o.data["candidates"], json!(["water", "earth", "air"])); // Fire has a marker on 10
    let a = &kinds(&ev, "automa_cult_advanced")[0];
    assert_eq!(
        a.data,
        json!({"track": "earth", "from": 8, "to": 10, "priest_space": 2, "cause": "card_action"})
    ); // TMA-GEN-7: no key needed
    assert_eq!(s.cult[Seat(1)][2], 10);
    // TMA-CULT-6: when someone is on 10 already she stops at 9.
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 2);
    st.cult = vec![[0, 0, 10, 0], [3, 3, 8, 3]].into();
    let (f, t) = super::actions::automa_advance(&mut st, Cult::Earth, 3);
    assert_eq!((f, t), (8, 9));
    // Without priests she advances 1 (TMA-CULT-5).
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 2);
    st.automa.priests = 0;
    set_pair(&mut st, "*5", "8", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_cult_advanced")[0].data["priest_space"],
        json!(null)
    );
}

#[test]
fn tma_fav_2_3_favor_tile_in_round_five() {
    // TMA-FAV-2 TMA-FAV-3 (checked below)
    let mut st = board(AutomaFaction::Simpletons, 5);
    st.cult = vec![[0, 0, 0, 0], [2, 5, 5, 5]].into();
    st.favor_supply.insert("FAV2".into(), 0);
    set_pair(&mut st, "*2", "*1", &["*3", "*4"]);
    // *2 = CU: options FAV1, FAV3, FAV4 → tracks Fire, Earth, Air; step I none at 0 → skipped; step II Fire |2-0| = 2 best.
    let (s, ev) = bot(&st);
    let f = &kinds(&ev, "favor_taken")[0];
    assert_eq!(f.data["tile"], json!("FAV1"));
    assert_eq!(s.cult[Seat(1)][0], 5);
    assert_eq!(s.favor_supply[&FavorTile::Fav1], 0);
    assert_eq!(s.automa.favors, vec!["FAV1"]);
}

fn trade_state(round: u8) -> State {
    let mut o = lakes(AutomaFaction::Simpletons);
    o.merchants_of_the_seas = true;
    let mut st = blank(&o, round);
    st.automa.supply = [6, 2, 3, 1, 1, 1];
    st.automa.trade_markers = 15;
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "C3", 0, Kind::Dwelling, false); // borders rivers
    put(&mut st, "F2", 0, Kind::TradingHouse, false); // borders rivers
    put(&mut st, "A1", 0, Kind::Temple, false); // no river neighbour
    st
}

#[test]
fn tma_trd_1_2_3_trade() {
    // TMA-TRD-1 TMA-TRD-2 TMA-TRD-3 (checked below)
    let mut st = trade_state(3);
    set_pair(&mut st, "*3", "mots-special", &["*1", "*2"]);
    let vp = st.automa.vp;
    let (s, ev) = bot(&st);
    let o = &kinds(&ev, "options")[0];
    assert_eq!(o.data["candidates"], json!(["C3", "F2"])); // TMA-TRD-1
    let t = &kinds(&ev, "trade")[0];
    assert_eq!(t.data["cell"], json!("F2")); // TMA-TRD-2 highest power
    assert_eq!(s.automa.vp, vp + 2); // TMA-TRD-3
    assert!(s.trade_marker[cell(&s, "F2")]);
    assert_eq!(s.automa.trade_markers, 14);
    // Before the card's trade round the action is skipped (TMA-ACT-3).
    let mut st = trade_state(4);
    set_pair(&mut st, "*3", "*2-mots", &["*1", "*3"]);
    let (_, ev) = bot(&st);
    assert!(kinds(&ev, "action_skipped")
        .iter()
        .any(|e| e.data["action"] == json!("trade") && e.rule == "TMA-ACT-3"));
}

#[test]
fn tma_upg_3_th_becomes_stronghold_then_temple_and_shipyard_wins_tie() {
    // TMA-UPG-3 (checked below)
    let mut st = blank(&lakes(AutomaFaction::Simpletons), 3);
    st.automa.supply[1] = 0;
    put(&mut st, "A4", 1, Kind::TradingHouse, false);
    put(&mut st, "E4", 1, Kind::TradingHouse, false);
    set_pair(&mut st, "*3", "10", &["11", "*2", "*4", "*1"]);
    let (s, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_upgraded")[0].data["to"],
        json!("stronghold")
    );
    let mut s = s;
    s.to_move = Seat(1);
    let (s, ev) = bot(&s);
    assert_eq!(kinds(&ev, "automa_upgraded")[0].data["to"], json!("temple"));
    assert_eq!(s.automa.supply[Kind::TradingHouse.idx()], 2);
    let mut o = lakes(AutomaFaction::Simpletons);
    o.merchants_of_the_seas = true;
    let mut st = blank(&o, 3);
    st.automa.supply = [6, 0, 3, 1, 1, 1];
    put(&mut st, "A4", 1, Kind::TradingHouse, false);
    set_pair(&mut st, "*3", "10", &["11", "*2"]);
    let (_, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_upgraded")[0].data["to"],
        json!("shipyard")
    );
}

#[test]
fn tma_fac_1_2_3_faction_action_expands_per_faction() {
    // TMA-FAC-1 TMA-FAC-2 TMA-FAC-3 (checked below)
    // TMA-FAC-2: the faction action is the faction's list, using the support card.
    let st = board(AutomaFaction::Simpletons, 3);
    let mut st = st;
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    assert_eq!(kinds(&ev, "faction_action")[0].rule, "TMA-FAC-2");
    assert_eq!(kinds(&ev, "automa_built").len(), 1);
    assert_eq!(kinds(&ev, "vp_gained")[0].data["amount"], json!(2)); // TMA-FAC-3 Simpletons
                                                                     // TMA-FAC-1: each faction's list.
    use super::data::{faction_steps, Step};
    assert_eq!(
        faction_steps(AutomaFaction::Racelings),
        vec![Step::TransformBuild { faction: true }]
    );
    assert_eq!(faction_steps(AutomaFaction::Blight).len(), 4);
    assert_eq!(faction_steps(AutomaFaction::Druids)[1], Step::DruidCult);
}

#[test]
fn tma_fac_3_kuddlers_and_mimics_method_order() {
    // TMA-FAC-3 (checked below)
    let mut st = board(AutomaFaction::Kuddlers, 3);
    set_pair(&mut st, "*3", "7", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    let m: Vec<String> = kinds(&ev, "selection")
        .iter()
        .map(|e| e.data["method"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(m[0], "merging");
    assert_eq!(m[1], "closest_to_humans", "Kuddlers: closest first");
    let mut st = board(AutomaFaction::Mimics, 3);
    set_pair(&mut st, "*3", "7", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(sel[1].data["method"], json!("terrain_priority"));
    // Mimics use the human's (Forest) ATP row B: Forest, Lakes, … (TMA-FAC-3).
    assert_eq!(sel[1].data["terrains"][0], json!("forest"));
}

#[test]
fn tma_fac_8_faction_variants_only_from_faction_action() {
    // TMA-FAC-8 (checked below)
    // Card 13 prints T&B directly: Kuddlers use the default order (terrain priority before closest).
    let mut st = board(AutomaFaction::Kuddlers, 3);
    set_pair(&mut st, "*3", "13", &["*1", "*2"]);
    let (_, ev) = bot(&st);
    let m: Vec<String> = kinds(&ev, "selection")
        .iter()
        .map(|e| e.data["method"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(m[1], "terrain_priority");
}

#[test]
fn tma_fac_4_druids_advance_two_without_priest() {
    // TMA-FAC-4 (checked below)
    let mut st = board(AutomaFaction::Druids, 3);
    st.cult = vec![[0, 0, 0, 0], [2, 0, 0, 0]].into();
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let a = kinds(&ev, "automa_cult_advanced");
    assert_eq!(a[0].rule, "TMA-FAC-4");
    assert_eq!(a[0].data["priest_space"], json!(null));
    assert_eq!(s.automa.priests, 7);
    assert_eq!(
        s.cult[Seat(1)].iter().map(|x| u32::from(*x)).sum::<u32>(),
        4
    );
}

#[test]
fn tma_fac_5_racelings_double_pass_vp_when_first() {
    // TMA-FAC-5 (checked below)
    let mut st = board(AutomaFaction::Racelings, 2);
    set_pair(&mut st, "*1", "*2", &[]);
    st.automa.deck = vec!["*1".into()];
    let vp = st.automa.vp;
    let (s, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_passed")[0].data["racelings_bonus_vp"],
        json!(5)
    );
    assert_eq!(s.automa.vp, vp + 10);
    // Not first: once.
    let mut st = board(AutomaFaction::Racelings, 2);
    st.passed = vec![Seat(0)];
    set_pair(&mut st, "*1", "*2", &[]);
    st.automa.deck = vec!["*1".into()];
    let (s, _) = bot(&st);
    assert_eq!(s.automa.vp, vp + 5);
}

#[test]
fn tma_fac_6_wanderers_build_anywhere_and_score_buildings() {
    // TMA-FAC-6 (checked below)
    let mut st = board(AutomaFaction::Wanderers, 3);
    set_pair(&mut st, "*2", "7", &["*1", "*3"]);
    let (s, ev) = bot(&st);
    let o = &kinds(&ev, "options")[0];
    assert_eq!(o.rule, "TMA-FAC-6");
    assert_eq!(o.data["candidates"].as_array().unwrap().len(), 77 - 6);
    assert_eq!(kinds(&ev, "vp_gained")[0].data["amount"], json!(1));
    let mut s = s;
    s.phase = Phase::FinalReports;
    let (s, _) = play(&s, 0, Move::FinalReport { vp_delta: 0 });
    assert_eq!(s.final_scores[1].faction, 4);
}

#[test]
fn tma_fac_7_9_powermongers_most_power_and_cult_step() {
    // TMA-FAC-7 TMA-FAC-9 (checked below)
    let mut st = blank(&lakes(AutomaFaction::Powermongers), 3);
    st.cult = vec![[0, 0, 0, 0], [0, 0, 0, 0]].into();
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "A6", 0, Kind::TradingHouse, false);
    set_pair(&mut st, "*3", "7", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(
        sel.iter().find(|e| e.rule == "TMA-FAC-7").unwrap().data["after"],
        json!(["A5"])
    );
    let adv = kinds(&ev, "automa_cult_advanced");
    assert_eq!(adv[0].rule, "TMA-FAC-9");
    assert_eq!(s.cult[Seat(1)].iter().sum::<u8>(), 1);
    // `ask`: the human is asked, and the step follows a report of ≥ 2.
    let mut st2 = st.clone();
    st2.options.powermongers_trigger = PowermongersTrigger::Ask;
    let (s, _) = bot(&st2);
    assert_eq!(
        s.pending,
        vec![Pending::PowerGainReport {
            seat: Seat(0),
            offered: 2
        }]
    );
    // The report hands the turn back to her: she resumes with the cult
    // step, before the rest of her card (not after its VP).
    let (s2, _) = play(&s, 0, Move::PowerGainReport { gained: 2 });
    assert!(matches!(
        TerraMystica::next(&s2),
        crate::engine::Next::Bot { .. }
    ));
    let (s2, ev2) = bot(&s2);
    assert_eq!(s2.cult[Seat(1)].iter().sum::<u8>(), 1);
    let step = ev2.iter().position(|e| e.kind == "automa_cult_advanced");
    let vp = ev2.iter().position(|e| e.kind.contains("vp"));
    assert!(
        step.is_some() && step < vp.or(Some(usize::MAX)),
        "the step comes first: {ev2:?}"
    );
    let (s3, _) = play(&s, 0, Move::PowerGainReport { gained: 1 });
    let (s3, _) = bot(&s3);
    assert_eq!(s3.cult[Seat(1)].iter().sum::<u8>(), 0);
}

#[test]
fn tma_fac_10_symbionts_cube() {
    // TMA-FAC-10 (checked below)
    let mut st = board(AutomaFaction::Symbionts, 3);
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let c = &kinds(&ev, "cube_placed")[0];
    let cc = cell(&s, c.data["cell"].as_str().unwrap());
    assert!(s.cube[cc]);
    // A human building on the cube removes it; at game end each cube scores 2 (house).
    let mut s = s;
    s.terrain[cc] = Some(Terrain::Forest);
    s.to_move = Seat(0);
    let (s2, _) = play(
        &s,
        0,
        Move::Turn {
            steps: vec![TurnStep::Build {
                cell: name(&s, cc).into(),
            }],
        },
    );
    assert!(!s2.cube[cc]);
    s.phase = Phase::FinalReports;
    let (s3, _) = play(&s, 0, Move::FinalReport { vp_delta: 0 });
    assert_eq!(s3.final_scores[1].faction, 2);
}

#[test]
fn tma_fac_11_blight_tokens() {
    // TMA-FAC-11 (checked below)
    let mut st = board(AutomaFaction::Blight, 3);
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let vp = st.automa.vp;
    let (s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "blight_placed").len(), 2);
    assert_eq!(s.blight.iter().filter(|b| **b).count(), 2);
    assert_eq!(s.automa.vp, vp + 1);
    // A human must transform a blighted cell before building.
    let mut s = s;
    let b = s.blight.iter().position(|x| *x).unwrap();
    s.terrain[b] = Some(Terrain::Forest);
    s.to_move = Seat(0);
    let e = try_play(
        &s,
        0,
        Move::Turn {
            steps: vec![TurnStep::Build {
                cell: name(&s, b).into(),
            }],
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-FAC-11");
    let ok = try_play(
        &s,
        0,
        Move::Turn {
            steps: vec![
                TurnStep::Transform {
                    cell: name(&s, b).into(),
                    terrain: Terrain::Forest,
                },
                TurnStep::Build {
                    cell: name(&s, b).into(),
                },
            ],
        },
    );
    assert!(ok.is_ok());
}

#[test]
fn tma_fac_12_gognome_achievements() {
    // TMA-FAC-12 (checked below)
    let mut st = board(AutomaFaction::Gognomes, 3);
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let vp = st.automa.vp;
    let (s, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "achievement")[0].data,
        json!({"token": 1, "vp": 3})
    );
    assert_eq!(s.automa.vp, vp + 3);
    let mut s = s;
    s.to_move = Seat(1);
    s.automa.action_card = Some("*1".into());
    let (s2, ev) = bot(&s);
    assert!(
        kinds(&ev, "achievement").is_empty(),
        "each achievement once"
    );
    let _ = s2;
    // `table` rules: no automatic achievements, Automa VP are reported.
    let mut st = board(AutomaFaction::Gognomes, 3);
    st.options.gognomes_rules = RulesMode::Table;
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    assert!(kinds(&ev, "achievement").is_empty());
    let (s, _) = play(
        &s,
        0,
        Move::ReportAutomaVp {
            delta: 3,
            reason: "task".into(),
        },
    );
    assert_eq!(s.automa.vp, st.automa.vp + 3);
}

#[test]
fn tma_fac_13_ten_factions() {
    // TMA-FAC-13 (checked below)
    let all = [
        AutomaFaction::Simpletons,
        AutomaFaction::Kuddlers,
        AutomaFaction::Druids,
        AutomaFaction::Racelings,
        AutomaFaction::Wanderers,
        AutomaFaction::Mimics,
        AutomaFaction::Powermongers,
        AutomaFaction::Symbionts,
        AutomaFaction::Blight,
        AutomaFaction::Gognomes,
    ];
    for f in all {
        assert!(!faction_steps(f).is_empty());
        assert!(f.start_cult().iter().all(|x| *x <= 2));
    }
}

#[test]
fn tma_pass_6_mots_card_added_in_round_two() {
    // TMA-PASS-6 (checked below)
    let mut o = lakes(AutomaFaction::Simpletons);
    o.merchants_of_the_seas = true;
    let mut st = blank(&o, 2);
    st.automa.supply = [6, 2, 3, 1, 1, 1];
    st.automa.mots_set_aside = Some("mots-special".into());
    set_pair(&mut st, "*1", "*2-mots", &[]);
    st.automa.deck = vec!["*1".into()];
    let (s, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_passed")[0].data["mots_card_added"],
        json!("mots-special")
    );
    assert!(s.automa.deck.contains(&CardId::MotsSpecial));
    assert!(s.automa.mots_set_aside.is_none());
}

#[test]
fn tma_pass_2_7_round_six_takes_no_card_and_no_rebuild() {
    // TMA-PASS-2 TMA-PASS-7 (checked below)
    let mut st = board(AutomaFaction::Simpletons, 6);
    st.automa.bonus = Some("BON8".into());
    set_pair(&mut st, "*1", "*2", &[]);
    st.automa.deck = vec!["*1".into()];
    let row = st.bonus_row.clone();
    let (s, ev) = bot(&st);
    assert_eq!(
        kinds(&ev, "automa_passed")[0].data["bonus_taken"],
        json!(null)
    );
    assert_eq!(s.bonus_row, row);
    assert_eq!(s.automa.bonus.as_deref(), Some("BON8"));
    assert_eq!(
        s.automa.deck,
        vec!["*1"],
        "no gathering and reshuffling in round 6"
    );
    assert_eq!(s.automa.reserve, st.automa.reserve);
}

#[test]
fn tma_end_3_4_automa_fi_tiles_and_no_resources() {
    // TMA-END-3 TMA-END-4 (checked below)
    let mut o = lakes(AutomaFaction::Simpletons);
    o.fire_and_ice = true;
    o.final_scoring_tile = FinalTile::StrongholdSanctuary;
    let mut st = blank(&o, 6);
    for c in ["A4", "A5", "E3"] {
        put(&mut st, c, 1, Kind::Dwelling, false);
    }
    put(&mut st, "I12", 0, Kind::Dwelling, false);
    st.phase = Phase::FinalReports;
    // Automa at area shipping 2: A4–A5 one network; E3 separate. Greatest distance in {A4,A5} = 1 → SH&SA = 1.
    assert_eq!(super::scoring::final_tile_measures(&st), vec![0, 1]);
    st.options.final_scoring_tile = FinalTile::Outposts;
    assert_eq!(
        super::scoring::final_tile_measures(&st)[1],
        0,
        "Settlements − 2, never below 0"
    );
    st.options.final_scoring_tile = FinalTile::Settlements;
    assert_eq!(super::scoring::final_tile_measures(&st)[1], 1);
    // TMA-END-3: the human's final report never changes Automa's VP.
    let vp = st.automa.vp;
    let (s, _) = play(&st, 0, Move::FinalReport { vp_delta: 9 });
    assert_eq!(s.final_scores[1].before_end, i64::from(vp));
    assert_eq!(s.final_scores[0].before_end, 29);
}

#[test]
fn tma_gen_4_5_6_7_automa_material_and_vp_sources() {
    // TMA-GEN-4 TMA-GEN-5 TMA-GEN-6 TMA-GEN-7 (checked below)
    // Automa has no resources: her state holds VP, buildings, priests, favors, bonus card, markers only.
    let st = start(&opts(), 1);
    let v = serde_json::to_value(&st.automa).unwrap();
    for k in ["coins", "workers", "power", "bridges", "towns", "keys"] {
        assert!(v.get(k).is_none(), "{k}");
    }
    // Her VP change only through card actions/pass (GEN-4): a human report never touches them.
    let mut st = board(AutomaFaction::Simpletons, 3);
    st.to_move = Seat(0);
    let (s, _) = play(
        &st,
        0,
        Move::ReportVp {
            delta: 7,
            reason: "tile".into(),
        },
    );
    assert_eq!(s.automa.vp, st.automa.vp);
    // GEN-5: round end gives her no cult bonus decision.
    assert!(s.pending.iter().all(|d| d.seat() < Seat(1)));
}

#[test]
fn tma_gen_10_events_name_rules_and_sentences() {
    // TMA-GEN-10 (checked below)
    let st = super::examples_tests::ex7_state();
    let (_, ev) = bot(&st);
    for e in &ev {
        assert!(e.rule.starts_with("TMA-"), "{e:?}");
        assert!(!e.text.is_empty());
    }
    let c = &kinds(&ev, "automa_cards")[0];
    // In the order they are turned over: the support card, then the action card.
    assert_eq!(c.cards, vec!["*3", "7"]);
    // TMA-TB-14: the candidate set after each step is in the event data.
    assert!(kinds(&ev, "selection")
        .iter()
        .all(|e| e.data["before"].is_array() && e.data["after"].is_array()));
}

#[test]
fn tma_gen_3_8_human_plays_normally_automa_from_cards() {
    // TMA-GEN-3 TMA-GEN-8 (checked below)
    // GEN-8: every Automa decision names its card; GEN-3: humans act freely (several steps in one turn).
    let mut st = board(AutomaFaction::Simpletons, 3);
    st.to_move = Seat(0);
    let (s, _) = play(
        &st,
        0,
        Move::Turn {
            steps: vec![
                TurnStep::TakePowerAction {
                    space: "ACT5".into(),
                },
                TurnStep::Transform {
                    cell: "E2".into(),
                    terrain: Terrain::Forest,
                },
                TurnStep::Build { cell: "E2".into() },
            ],
        },
    );
    assert!(s.buildings[cell(&s, "E2")].is_some());
    assert!(TerraMystica::legal_moves(&s, crate::engine::Seat(0)).is_empty());
    // GEN-8: the same board with a different support card gives a different, card-driven decision.
    let mut a = super::examples_tests::ex7_state();
    let mut b = a.clone();
    set_pair(&mut a, "*3", "7", &["*1", "*2"]);
    set_pair(&mut b, "6", "7", &["*1", "*2"]);
    let (_, ea) = bot(&a);
    let (_, eb) = bot(&b);
    assert_eq!(kinds(&ea, "automa_cards")[0].cards, vec!["*3", "7"]);
    assert_eq!(kinds(&eb, "automa_cards")[0].cards, vec!["6", "7"]);
    assert_eq!(kinds(&ea, "options")[0].data["range_of"], json!("unmarked"));
    assert_eq!(kinds(&eb, "options")[0].data["range_of"], json!("marked"));
    assert_ne!(
        kinds(&ea, "automa_built")[0].data["cell"],
        kinds(&eb, "automa_built")[0].data["cell"]
    );
}

#[test]
fn tma_two_1_3_7_variant_rules() {
    // TMA-TWO-1 TMA-TWO-3 TMA-TWO-7 (checked below)
    // TMA-TWO-7: least power to both humans together.
    let mut o = opts();
    o.humans = 2;
    o.human_seats = vec![
        HumanSeat::default(),
        HumanSeat {
            faction: HumanFaction::Nomads,
            ..Default::default()
        },
    ];
    o.automa_home_terrain = Some(Terrain::Lakes);
    let mut st = blank(&o, 3);
    put(&mut st, "A4", 2, Kind::Dwelling, false);
    put(&mut st, "I7", 2, Kind::Dwelling, true);
    put(&mut st, "A3", 0, Kind::Dwelling, false); // A4: 1 (human seat 0)
    put(&mut st, "A5", 1, Kind::Dwelling, false); // A4: +1 (seat 1) = 2
    put(&mut st, "I6", 1, Kind::Dwelling, false); // I7: 1
    set_pair(&mut st, "11", "10", &["*1", "*2"]);
    let (s, ev) = bot(&st);
    let sel = kinds(&ev, "selection");
    assert_eq!(
        sel[1].data["power"],
        json!([{"cell": "A4", "value": 2}, {"cell": "I7", "value": 1}])
    );
    assert_eq!(
        s.buildings[cell(&s, "I7")].unwrap().kind,
        Kind::TradingHouse
    );
    assert_eq!(kinds(&ev, "power_offered").len(), 1);
    // TMA-TWO-1/3: the variant replaces step II by the highest-human rule (TMA-CULT-4), seats are 3.
    assert_eq!(s.n_seats(), 3);
    assert_eq!(
        super::select::human_marker(
            &{
                let mut x = s.clone();
                x.cult = vec![[1, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0]].into();
                x
            },
            Cult::Fire
        ),
        4
    );
}

#[test]
fn tma_fac_11_table_rules_leave_blight_effects_to_the_table() {
    // TMA-FAC-11 (checked below): with blight_rules = table the token is placed but does not block.
    let mut st = board(AutomaFaction::Blight, 3);
    st.options.blight_rules = RulesMode::Table;
    set_pair(&mut st, "*3", "*5", &["*1", "*2"]);
    let (mut s, ev) = bot(&st);
    assert_eq!(kinds(&ev, "blight_placed").len(), 2);
    let b = s.blight.iter().position(|x| *x).unwrap();
    s.terrain[b] = Some(Terrain::Forest);
    s.to_move = Seat(0);
    assert!(try_play(
        &s,
        0,
        Move::Turn {
            steps: vec![TurnStep::Build {
                cell: name(&s, b).into(),
            }]
        }
    )
    .is_ok());
}
