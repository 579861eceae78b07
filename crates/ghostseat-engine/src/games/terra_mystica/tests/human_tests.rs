//! Human moves, turn order and rounds (TMA-HUM, TMA-TURN, TMA-RND, TMA-HF, TMA-END-1).

use serde_json::json;

use crate::engine::{Game, Next, RuleErrorKind, Seat};

use super::data::*;
use super::events::VpReason;
use super::ids::*;
use super::kit::*;
use super::moves::{CellTerrain, Move, TurnStep};
use super::options::*;
use super::state::*;
use super::TerraMystica;

fn round(r: u8) -> State {
    let mut o = opts();
    o.automa_home_terrain = Some(Terrain::Lakes);
    let mut st = blank(&o, r);
    put(&mut st, "A4", 1, Kind::Dwelling, false);
    put(&mut st, "I7", 1, Kind::Dwelling, true);
    put(&mut st, "D1", 0, Kind::Dwelling, false);
    st.to_move = Seat(0);
    st
}

fn turn(steps: Vec<TurnStep>) -> Move {
    Move::Turn { steps }
}

#[test]
fn tma_hum_1_out_of_turn_is_409() {
    // TMA-HUM-1 (checked below): the engine's turn gate refuses a seat `next`
    // does not name before the game's code runs; the game refuses the Automa
    // seat and a turn move outside the action phase with TMA-HUM-1.
    let mut st = round(2);
    st.to_move = Seat(1);
    let e = gated_play(
        &st,
        0,
        json!({"type": "advance_cult", "track": "fire", "steps": 1}),
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    let e = gated_play(&st, 0, json!({"type": "report_vp", "delta": 1})).unwrap_err();
    assert_eq!(
        e.kind,
        RuleErrorKind::OutOfTurn,
        "report_vp comes with your own decisions"
    );
    let e = try_play(&st, 1, Move::EndTurn).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        ("TMA-HUM-1", RuleErrorKind::OutOfTurn)
    );
    let mut setup = st.clone();
    setup.phase = Phase::FinalReports;
    let e = try_play(&setup, 0, Move::EndTurn).unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-1");
    // report_vp with the seat's own turn does not change whose turn it is (TMA-HUM-16).
    let st = round(2);
    let (s, ev) = play(
        &st,
        0,
        Move::ReportVp {
            delta: -3,
            reason: VpReason::Leech,
        },
    );
    assert_eq!((s.to_move, s.turn_steps), (Seat(0), 0));
    assert_eq!(s.human_vp(Seat(0)), 17);
    assert_eq!(ev[0].rule, "TMA-HUM-16");
    // More than 200 VP in one report is refused.
    let e = try_play(
        &st,
        0,
        Move::ReportVp {
            delta: 201,
            reason: VpReason::Other,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-16");
    // The bot turn when a human must move is refused by the gate too (TMA-TURN-5).
    let e = gated_bot(&st).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
}

#[test]
fn tma_hum_2_turn_is_atomic() {
    // TMA-HUM-2 (checked below)
    let st = round(2);
    // Second step fails → nothing of the first applies.
    let e = try_play(
        &st,
        0,
        turn(vec![
            TurnStep::TakePowerAction {
                space: "ACT1".into(),
            },
            TurnStep::Build { cell: "A4".into() },
        ]),
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-3");
    assert_eq!(st.power_actions[0].1, None);
    // Steps see the state left by the previous one: transform then build.
    let (s, _) = play(
        &st,
        0,
        turn(vec![
            TurnStep::Transform {
                cell: "E2".into(),
                terrain: Terrain::Forest,
            },
            TurnStep::Build { cell: "E2".into() },
        ]),
    );
    assert!(s.buildings[cell(&s, "E2")].is_some_and(|b| b.owner == Seat(0)));
    assert_eq!(s.to_move, Seat(1), "the turn ends");
    let e = try_play(&st, 0, turn(vec![])).unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-2");
}

#[test]
fn tma_hum_1_2_a_turn_of_reports_alone_agrees_in_both_forms() {
    // TMA-HUM-1: report_vp never changes whose turn it is; TMA-HUM-2: a
    // turn has at least one board step. Step by step, the reports are taken
    // and end_turn is refused; as one batch, the same content is refused
    // with the same rule and reason, and nothing applies.
    let st = round(2);
    let report = |delta| TurnStep::ReportVp {
        delta,
        reason: VpReason::ScoringTile,
    };
    let (s, _) = play(&st, 0, report(4).as_move());
    let (s, _) = play(&s, 0, report(2).as_move());
    assert_eq!((s.to_move, s.turn_steps), (Seat(0), 0));
    let step_err = try_play(&s, 0, Move::EndTurn).unwrap_err();
    let batch_err = try_play(&st, 0, turn(vec![report(4), report(2)])).unwrap_err();
    assert_eq!(step_err.rule, "TMA-HUM-2");
    assert_eq!(
        (batch_err.rule.as_str(), &batch_err.kind),
        (step_err.rule.as_str(), &step_err.kind)
    );
    assert_eq!(batch_err.detail.to_string(), step_err.detail.to_string());
    // With a board step the reports ride along, in both forms alike, and
    // the turn counts only the board step.
    let (a, _) = play(
        &s,
        0,
        Move::AdvanceCult {
            track: Cult::Fire,
            steps: 1,
        },
    );
    let (a, a_ev) = play(&a, 0, Move::EndTurn);
    let (b, b_ev) = play(
        &st,
        0,
        turn(vec![
            report(4),
            report(2),
            TurnStep::AdvanceCult {
                track: Cult::Fire,
                steps: 1,
            },
        ]),
    );
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::to_value(&b).unwrap()
    );
    assert_eq!(a.to_move, Seat(1));
    let ended = |ev: &[Ev]| {
        ev.iter()
            .find(|e| e.kind == "turn_ended")
            .map(|e| e.data["steps"].clone())
    };
    assert_eq!(ended(&a_ev), Some(json!(1)));
    assert_eq!(ended(&b_ev), Some(json!(1)));
}

#[test]
fn tma_hum_3_6_build_checks() {
    // TMA-HUM-3 TMA-HUM-6 (checked below)
    let st = round(2);
    let rule = |mv| try_play(&st, 0, mv).unwrap_err().rule;
    assert_eq!(rule(Move::Build { cell: "r0".into() }), "TMA-HUM-3"); // river
    assert_eq!(rule(Move::Build { cell: "A4".into() }), "TMA-HUM-3"); // occupied
    assert_eq!(rule(Move::Build { cell: "E2".into() }), "TMA-HUM-3"); // Plains, not Forest
    assert_eq!(rule(Move::Build { cell: "X1".into() }), "TMA-HUM-3"); // no such cell
    assert!(try_play(&st, 0, Move::Build { cell: "A3".into() }).is_ok());
    // Supply: 8 dwellings.
    let mut s = st.clone();
    for c in ["A10", "C3", "C4", "E9", "F2", "F4", "G3"] {
        put(&mut s, c, 0, Kind::Dwelling, false);
    }
    assert_eq!(
        try_play(&s, 0, Move::Build { cell: "A3".into() })
            .unwrap_err()
            .rule,
        "TMA-HUM-3"
    );
    // TMA-HUM-6: Ice Maidens build on Ice after setup; Shapeshifters are not checked.
    let mut s = st.clone();
    s.humans[Seat(0)].faction = HumanFaction::IceMaidens;
    let (s2, _) = play(
        &s,
        0,
        turn(vec![
            TurnStep::Transform {
                cell: "E2".into(),
                terrain: Terrain::Ice,
            },
            TurnStep::Build { cell: "E2".into() },
        ]),
    );
    assert_eq!(s2.terrain[cell(&s2, "E2")], Some(Terrain::Ice));
    let e = try_play(
        &st,
        0,
        Move::Transform {
            cell: "E2".into(),
            terrain: Terrain::Ice,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-4");
    let mut s = st.clone();
    s.humans[Seat(0)].faction = HumanFaction::Shapeshifters;
    assert!(try_play(&s, 0, Move::Build { cell: "E2".into() }).is_ok());
}

#[test]
fn tma_hum_4_transform() {
    // TMA-HUM-4 (checked below)
    let st = round(2);
    let e = try_play(
        &st,
        0,
        Move::Transform {
            cell: "D1".into(),
            terrain: Terrain::Lakes,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-4"); // holds a building
    let e = try_play(
        &st,
        0,
        Move::Transform {
            cell: "r3".into(),
            terrain: Terrain::Lakes,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-4");
    let (s, _) = play(
        &st,
        0,
        Move::Transform {
            cell: "E1".into(),
            terrain: Terrain::Desert,
        },
    );
    assert_eq!(s.terrain[cell(&s, "E1")], Some(Terrain::Desert));
}

#[test]
fn tma_hum_5_upgrade_steps_and_supply() {
    // TMA-HUM-5 (checked below)
    let st = round(2);
    let (s, _) = play(
        &st,
        0,
        Move::Upgrade {
            cell: "D1".into(),
            to: Kind::TradingHouse,
        },
    );
    assert_eq!(
        s.buildings[cell(&s, "D1")].unwrap().kind,
        Kind::TradingHouse
    );
    assert_eq!(
        super::rules::human_supply(&s, Seat(0), Kind::Dwelling),
        8,
        "the dwelling returns to the supply"
    );
    let rule = |st: &State, c: &str, k| {
        try_play(
            st,
            0,
            Move::Upgrade {
                cell: c.into(),
                to: k,
            },
        )
        .unwrap_err()
        .rule
    };
    assert_eq!(rule(&st, "D1", Kind::Temple), "TMA-HUM-5"); // D→TE illegal
    assert_eq!(rule(&st, "A4", Kind::TradingHouse), "TMA-HUM-5"); // not his
    let mut s = st.clone();
    s.to_move = Seat(0);
    put(&mut s, "C3", 0, Kind::TradingHouse, false);
    put(&mut s, "C4", 0, Kind::Stronghold, false);
    assert_eq!(rule(&s, "C3", Kind::Stronghold), "TMA-HUM-5"); // SH not in supply
    assert_eq!(rule(&s, "C3", Kind::Shipyard), "TMA-HUM-5"); // MotS only
    assert!(try_play(
        &s,
        0,
        Move::Upgrade {
            cell: "C3".into(),
            to: Kind::Temple,
        }
    )
    .is_ok());
}

#[test]
fn tma_hum_17_power_offers_after_human_build() {
    // TMA-HUM-17 (checked below)
    let mut st = round(2);
    put(&mut st, "A2", 0, Kind::Dwelling, false);
    let (_, ev) = play(&st, 0, Move::Build { cell: "A3".into() });
    let o = kinds(&ev, "power_offered");
    assert_eq!(o.len(), 1);
    // Seat 1 is the Automa; the builder and the cell say why she is offered power.
    assert_eq!(
        o[0].data,
        json!({"seat": 1, "amount": 1, "builder": 0, "cell": "A3"})
    );
    assert_eq!(o[0].rule, "TMA-HUM-17");
}

#[test]
fn tma_hum_7_9_priests_and_keys() {
    // TMA-HUM-7 TMA-HUM-9 (checked below)
    let mut st = round(2);
    st.cult[Seat(0)] = [7, 0, 0, 0];
    let (s, _) = play(
        &st,
        0,
        Move::SendPriest {
            track: Cult::Fire,
            value: 3,
        },
    );
    assert_eq!(s.cult[Seat(0)][0], 9, "no key: stops at 9 (TMA-HUM-9)");
    assert_eq!(s.priest_spaces[0][0], Some(Seat(0)));
    assert_eq!(s.humans[Seat(0)].priests_placed, 1);
    let mut s = s;
    s.to_move = Seat(0);
    s.turn_steps = 0;
    let e = try_play(
        &s,
        0,
        Move::SendPriest {
            track: Cult::Fire,
            value: 3,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-7");
    let e = try_play(
        &s,
        0,
        Move::SendPriest {
            track: Cult::Fire,
            value: 4,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-7");
    s.humans[Seat(0)].priests_placed = 7;
    let e = try_play(
        &s,
        0,
        Move::SendPriest {
            track: Cult::Water,
            value: 2,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-7");
    assert!(try_play(
        &s,
        0,
        Move::SendPriest {
            track: Cult::Water,
            value: 1
        }
    )
    .is_ok());
    // With a town key he reaches 10 (TMA-HUM-13 gives the key).
    let (s2, _) = play(
        &s,
        0,
        turn(vec![
            TurnStep::TakeTownTile { tile: "TW1".into() },
            TurnStep::AdvanceCult {
                track: Cult::Fire,
                steps: 2,
            },
        ]),
    );
    assert_eq!(s2.cult[Seat(0)][0], 10);
    assert_eq!(s2.humans[Seat(0)].keys, 1);
    // Never beyond 10; a second track needs a second key.
    let mut s3 = s2.clone();
    s3.to_move = Seat(0);
    s3.cult[Seat(0)][1] = 9;
    let (s4, _) = play(
        &s3,
        0,
        Move::AdvanceCult {
            track: Cult::Water,
            steps: 3,
        },
    );
    assert_eq!(s4.cult[Seat(0)][1], 9);
}

#[test]
fn tma_hum_8_advance_cult_and_tma_hum_11_favor() {
    // TMA-HUM-8 TMA-HUM-11 (checked below)
    let st = round(2);
    let (s, _) = play(
        &st,
        0,
        Move::AdvanceCult {
            track: Cult::Air,
            steps: 2,
        },
    );
    assert_eq!(s.cult[Seat(0)][3], 4);
    let e = try_play(
        &st,
        0,
        Move::AdvanceCult {
            track: Cult::Air,
            steps: 4,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-8");
    let (s, _) = play(
        &st,
        0,
        Move::TakeFavorTile {
            tile: "FAV6".into(),
        },
    );
    assert_eq!(s.cult[Seat(0)][1], 2);
    assert_eq!(s.favor_supply[&FavorTile::Fav6], 2);
    let mut s = s;
    s.to_move = Seat(0);
    let e = try_play(
        &s,
        0,
        Move::TakeFavorTile {
            tile: "FAV6".into(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-11"); // holds a copy
    s.favor_supply.insert(FavorTile::Fav1, 0);
    let e = try_play(
        &s,
        0,
        Move::TakeFavorTile {
            tile: "FAV1".into(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-11"); // none left
}

#[test]
fn tma_hum_10_power_actions() {
    // TMA-HUM-10 (checked below)
    let st = round(2);
    let (s, _) = play(
        &st,
        0,
        Move::TakePowerAction {
            space: "ACT6".into(),
        },
    );
    assert_eq!(s.power_actions[5].1, Some(Seat(0)));
    let mut s = s;
    s.to_move = Seat(0);
    let e = try_play(
        &s,
        0,
        Move::TakePowerAction {
            space: "ACT6".into(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-10");
    let e = try_play(&s, 0, Move::TakePowerAction { space: "M1".into() }).unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-10");
}

#[test]
fn tma_hum_13_town_tiles() {
    // TMA-HUM-13 (checked below)
    let st = round(2);
    let (s, _) = play(&st, 0, Move::TakeTownTile { tile: "TW5".into() });
    assert_eq!(s.cult[Seat(0)], [1, 1, 1, 3]);
    assert_eq!(s.town_supply[&TownTile::Tw5], 1);
    let mut s = s;
    s.to_move = Seat(0);
    s.town_supply.insert(TownTile::Tw5, 0);
    let e = try_play(&s, 0, Move::TakeTownTile { tile: "TW5".into() }).unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-13");
}

#[test]
fn tma_hum_14_bridges() {
    // TMA-HUM-14 (checked below)
    let mut st = round(2);
    put(&mut st, "B1", 0, Kind::Dwelling, false);
    let (s, _) = play(
        &st,
        0,
        Move::PlaceBridge {
            a: "B1".into(),
            b: "D1".into(),
        },
    );
    assert_eq!(s.bridges.len(), 1);
    assert_eq!(s.humans[Seat(0)].bridges_placed, 1);
    let e = try_play(
        &st,
        0,
        Move::PlaceBridge {
            a: "A1".into(),
            b: "A2".into(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-MAP-10");
    let mut s2 = st.clone();
    s2.humans[Seat(0)].bridges_placed = 3;
    let e = try_play(
        &s2,
        0,
        Move::PlaceBridge {
            a: "B1".into(),
            b: "D1".into(),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-14");
    // The bridge counts as direct adjacency for networks.
    let mut s3 = s.clone();
    s3.humans[Seat(0)].reach = Reach::Shipping { level: 0 };
    let n = super::scoring::player_networks(&s3, Seat(0));
    assert_eq!(n.iter().map(|x| x.len()).max(), Some(2));
}

#[test]
fn tma_hum_15_reach_only_rises() {
    // TMA-HUM-15 (checked below)
    let st = round(2);
    let (s, _) = play(
        &st,
        0,
        Move::SetReach {
            reach: Reach::Shipping { level: 2 },
        },
    );
    assert_eq!(s.humans[Seat(0)].reach, Reach::Shipping { level: 2 });
    let mut s = s;
    s.to_move = Seat(0);
    for r in [
        Reach::Shipping { level: 1 },
        Reach::Shipping { level: 6 },
        Reach::Teleport { range: 2 },
    ] {
        let e = try_play(&s, 0, Move::SetReach { reach: r }).unwrap_err();
        assert_eq!(e.rule, "TMA-HUM-15");
    }
}

#[test]
fn tma_hum_12_tma_turn_4_pass_with_bonus_card() {
    // TMA-HUM-12 TMA-TURN-4 (checked below)
    let mut st = round(2);
    st.humans[Seat(0)].bonus = Some("BON7".into());
    st.bonus_row = vec![
        RowCard {
            card: "BON1".into(),
            coins: 2,
        },
        RowCard {
            card: "BON2".into(),
            coins: 0,
        },
        RowCard {
            card: "BON3".into(),
            coins: 1,
        },
    ];
    let (s, ev) = play(
        &st,
        0,
        Move::Pass {
            bonus_card: Some("BON1".into()),
        },
    );
    assert_eq!(s.humans[Seat(0)].bonus.as_deref(), Some("BON1"));
    assert_eq!(
        s.bonus_row[0].card, "BON7",
        "old card into the vacated slot"
    );
    assert_eq!(kinds(&ev, "human_passed")[0].data["coins"], json!(2));
    let e = try_play(
        &st,
        0,
        Move::Pass {
            bonus_card: Some("BON9".into()),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-12");
    let e = try_play(&st, 0, Move::Pass { bonus_card: None }).unwrap_err();
    assert_eq!(e.rule, "TMA-TURN-4");
    let st6 = round(6);
    let e = try_play(
        &st6,
        0,
        Move::Pass {
            bonus_card: Some(st6.bonus_row[0].card.clone()),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-TURN-4");
    let mut st6 = st6;
    st6.humans[Seat(0)].bonus = Some("BON7".into());
    let row = st6.bonus_row.clone();
    let s6 = try_play(&st6, 0, Move::Pass { bonus_card: None }).unwrap();
    assert_eq!(
        (s6.bonus_row.clone(), s6.humans[Seat(0)].bonus.as_deref()),
        (row, Some("BON7"))
    );
}

#[test]
fn tma_turn_1_2_3_turn_order_passing_and_start_player() {
    // TMA-TURN-1 TMA-TURN-2 TMA-TURN-3 (checked below)
    // TMA-TURN-3: round 1 starts with the human.
    let mut st = start(&opts(), 5);
    while st.phase == Phase::Setup {
        st = if next_is_bot(&st) {
            bot(&st).0
        } else {
            let m = TerraMystica::legal_moves(&st, Seat(0))[0].base().clone();
            play(&st, 0, m).0
        };
    }
    assert_eq!((st.round, st.to_move), (1, Seat(0)));
    // Human passes first → he starts round 2; Automa keeps playing until she passes (TMA-TURN-1).
    let card = st.bonus_row[0].card.clone();
    let (mut s, _) = play(
        &st,
        0,
        Move::Pass {
            bonus_card: Some(card),
        },
    );
    assert_eq!(s.start_player, Seat(0));
    let mut automa_turns = 0;
    while s.round == 1 {
        assert!(next_is_bot(&s), "only Automa is left");
        s = bot(&s).0;
        automa_turns += 1;
    }
    assert!(automa_turns >= 1);
    assert_eq!((s.round, s.to_move), (2, Seat(0))); // TMA-TURN-2
                                                    // TMA-TURN-2 / TMA-PASS-8: Automa passing first starts the next round.
    let mut st = round(3);
    set_pair(&mut st, "*1", "*2", &[]);
    st.automa.deck = ids(&["*1"]);
    let (s, _) = bot(&st);
    let (s, _) = play(
        &s,
        0,
        Move::Pass {
            bonus_card: Some(s.bonus_row[0].card.clone()),
        },
    );
    assert_eq!((s.round, s.start_player, s.to_move), (4, Seat(1), Seat(1)));
    assert!(next_is_bot(&s));
}

#[test]
fn tma_rnd_1_round_end_cult_bonus_power_actions_coins() {
    // TMA-RND-1 (checked below)
    let mut st = round(2);
    st.scoring_tiles[1] = ScoringTile {
        id: "SCORE2".into(),
        automa_pass_vp: 5,
        automa_cult: Some(Cult::Earth),
    };
    st.cult[Seat(0)][2] = 8;
    st.cult[Seat(1)][2] = 9;
    st.power_actions[2].1 = Some(Seat(0));
    let coins: Vec<u32> = st.bonus_row.iter().map(|r| r.coins).collect();
    st.passed = vec![Seat(1)];
    st.start_player = Seat(1);
    let (s, ev) = play(
        &st,
        0,
        Move::Pass {
            bonus_card: Some(st.bonus_row[0].card.clone()),
        },
    );
    assert_eq!(kinds(&ev, "round_ended")[0].rule, "TMA-RND-1");
    assert_eq!(s.round, 3);
    assert!(s.power_actions.iter().all(|p| p.1.is_none()));
    assert_eq!(
        s.pending,
        vec![Pending::CultBonusTransforms {
            seat: Seat(0),
            spades: Some(2)
        }]
    );
    assert_eq!(s.phase, Phase::RoundEnd);
    // Every card still in the row got one more coin; the human's returned card carries 0 + 1.
    assert!(s.bonus_row.iter().all(|r| r.coins >= 1));
    assert!(coins.iter().all(|c| *c <= 2));
    assert!(matches!(TerraMystica::next(&s), Next::Human { .. }));
    let e = try_play(
        &s,
        0,
        Move::CultBonusTransforms {
            transforms: vec![CellTerrain {
                cell: "A4".into(),
                terrain: Terrain::Forest,
            }],
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "TMA-HUM-4");
    let (s2, _) = play(
        &s,
        0,
        Move::CultBonusTransforms {
            transforms: vec![CellTerrain {
                cell: "E1".into(),
                terrain: Terrain::Forest,
            }],
        },
    );
    assert_eq!(s2.terrain[cell(&s2, "E1")], Some(Terrain::Forest));
    assert_eq!(s2.phase, Phase::Actions);
    assert!(next_is_bot(&s2), "Automa passed first and starts round 3");
}

#[test]
fn tma_end_1_final_reports_then_scores() {
    // TMA-END-1 (checked below)
    let mut o = opts();
    o.humans = 2;
    o.human_seats.push(HumanSeat {
        faction: HumanFaction::Nomads,
        ..Default::default()
    });
    let mut st = blank(&o, 6);
    st.phase = Phase::FinalReports;
    st.cult = vec![[0; 4]; 3].into();
    let Next::Human { seats, .. } = TerraMystica::next(&st) else {
        panic!()
    };
    assert_eq!(seats, vec![Seat(0), Seat(1)]);
    let (s, _) = play(&st, 1, Move::FinalReport { vp_delta: 4 });
    assert_eq!(s.phase, Phase::FinalReports);
    // Once per seat: next no longer names seat 1, so the engine's turn gate
    // (SESSION-TURN-1) refuses a second report.
    let Next::Human { seats, .. } = TerraMystica::next(&s) else {
        panic!()
    };
    assert_eq!(seats, vec![Seat(0)], "once per seat");
    let (s, _) = play(&s, 0, Move::FinalReport { vp_delta: 0 });
    let Next::Finished { scores, .. } = TerraMystica::next(&s) else {
        panic!()
    };
    assert_eq!(scores.len(), 3);
    assert_eq!(scores["human1"], Some(24));
    // TMA-END-6: equal totals share the victory (no winner named).
    let Next::Finished { winner, .. } = TerraMystica::next(&s) else {
        panic!()
    };
    assert_eq!(winner, Some("human1".into()));
}

#[test]
fn tma_end_6_tie_shares_victory() {
    // TMA-END-6 (checked below)
    let st = super::examples_tests::ex11_pub(Difficulty::Automa);
    let (s, _) = play(
        &st,
        0,
        Move::FinalReport {
            vp_delta: 20 + 15 + 18 - 20 - 15 - 26,
        },
    );
    let Next::Finished {
        winner, decision, ..
    } = TerraMystica::next(&s)
    else {
        panic!()
    };
    assert_eq!(winner, None);
    assert!(
        matches!(decision, super::events::Decision::GameOver { ref winners, .. } if winners.len() == 2)
    );
}

#[test]
fn tma_hf_4_cultists_with_empty_piles_get_a_cult_step() {
    // TMA-HF-4 (checked below)
    let mut st = round(3);
    st.humans[Seat(0)].faction = HumanFaction::Cultists;
    st.humans[Seat(0)].home = Terrain::Plains;
    st.automa.reserve.clear();
    st.automa.cultist_aside.clear();
    let (s, ev) = play(&st, 0, Move::Build { cell: "B2".into() });
    assert_eq!(kinds(&ev, "cultist_draw")[0].rule, "TMA-HF-4");
    assert_eq!(
        s.pending,
        vec![Pending::CultistCultStep {
            seat: Seat(0),
            card: None
        }]
    );
    let (s2, _) = play(&s, 0, Move::CultistCultStep { track: None });
    assert!(s2.pending.is_empty());
    // TMA-HF-3: an empty reserve is refilled from the set-aside pile.
    let mut st = round(3);
    st.humans[Seat(0)].faction = HumanFaction::Cultists;
    st.humans[Seat(0)].home = Terrain::Plains;
    st.automa.reserve.clear();
    st.automa.cultist_aside = ids(&["8"]);
    let (s, ev) = play(&st, 0, Move::Build { cell: "B2".into() });
    assert_eq!(kinds(&ev, "cultist_draw")[0].cards, vec!["8"]);
    assert_eq!(s.humans[Seat(0)].vp_engine, 2);
}

/// Cultists next to Automa with two cards without VP in the reserve.
fn cultists_by_automa() -> State {
    let mut st = round(3);
    st.humans[Seat(0)].faction = HumanFaction::Cultists;
    st.humans[Seat(0)].home = Terrain::Plains;
    st.automa.reserve = ids(&["7", "*5"]);
    st
}

#[test]
fn tma_hf_2_a_batch_answers_the_cult_step_in_its_place() {
    // TMA-HF-2 TMA-HUM-2 (checked below): the cult step answered right after
    // the draw, in a batch and step by step, gives the same events in the
    // same order and the same state.
    let st = cultists_by_automa();
    let build = TurnStep::Build { cell: "B2".into() };
    let answer = TurnStep::CultistCultStep {
        track: Some(Cult::Fire),
    };
    let priest = TurnStep::SendPriest {
        track: Cult::Water,
        value: 1,
    };
    let report = TurnStep::ReportVp {
        delta: 2,
        reason: VpReason::Other,
    };
    let steps = vec![
        build.clone(),
        report.clone(),
        answer.clone(),
        priest.clone(),
    ];
    let (batched, batch_ev) = play(&st, 0, turn(steps.clone()));
    let (mut s, mut step_ev) = (st.clone(), Vec::new());
    for mv in steps.iter().map(TurnStep::as_move).chain([Move::EndTurn]) {
        let (next, ev) = play(&s, 0, mv);
        step_ev.extend(ev);
        s = next;
    }
    assert_eq!(batched, s);
    let order = |ev: &[Ev]| ev.iter().map(|e| e.kind.clone()).collect::<Vec<_>>();
    assert_eq!(order(&batch_ev), order(&step_ev));
    assert_eq!(
        order(&batch_ev),
        [
            "built",
            "power_offered",
            "cultist_draw",
            "vp_reported",
            "cult_advanced",
            "priest_sent",
            "turn_ended"
        ]
    );
    assert_eq!(kinds(&batch_ev, "turn_ended")[0].data["steps"], 2);
    assert!(batched.pending.is_empty());
    assert_eq!(batched.to_move, Seat(1));

    // Refused as the step form refuses: a board step while the decision is
    // open, the turn ended with it open, an answer with no decision.
    let refused = |steps: Vec<TurnStep>| try_play(&st, 0, turn(steps)).unwrap_err();
    let e = refused(vec![build.clone(), priest.clone(), answer.clone()]);
    let by_step = try_play(&play(&st, 0, build.as_move()).0, 0, priest.as_move()).unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.detail.to_string()),
        ("TMA-HF-2", by_step.detail.to_string())
    );
    let upgrade = TurnStep::Upgrade {
        cell: "B2".into(),
        to: Kind::TradingHouse,
    };
    let e = refused(vec![build.clone(), answer.clone(), upgrade]);
    assert_eq!(e.rule, "TMA-HF-2");
    let e = refused(vec![priest.clone(), answer.clone()]);
    assert_eq!(e.rule, "TMA-HF-2");
}

#[test]
fn tma_hf_2_a_batch_without_the_answer_asks_after_the_turn() {
    // TMA-HF-2 (checked below): a batch holding no `cultist_cult_step`, as logs
    // written before the step form, still ends the turn; the decision is
    // asked after it.
    let st = cultists_by_automa();
    let (s, ev) = play(
        &st,
        0,
        turn(vec![
            TurnStep::Build { cell: "B2".into() },
            TurnStep::SendPriest {
                track: Cult::Water,
                value: 1,
            },
        ]),
    );
    let order: Vec<_> = ev.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(
        order,
        [
            "built",
            "power_offered",
            "cultist_draw",
            "priest_sent",
            "turn_ended"
        ]
    );
    assert_eq!(
        s.pending,
        vec![Pending::CultistCultStep {
            seat: Seat(0),
            card: Some(CardId::C7)
        }]
    );
    assert_eq!(s.to_move, Seat(1));
    assert!(
        matches!(TerraMystica::next(&s), Next::Human { ref seats, .. } if seats == &vec![Seat(0)])
    );
    let (s, ev) = play(&s, 0, Move::CultistCultStep { track: None });
    assert_eq!(ev[0].kind, "cult_step_declined");
    assert!(s.pending.is_empty());
}

#[test]
fn tma_hf_6_shapeshifters_reminder() {
    // TMA-HF-6 (checked below)
    let mut st = round(3);
    st.humans[Seat(0)].faction = HumanFaction::Shapeshifters;
    let (_, ev) = play(&st, 0, Move::Build { cell: "A3".into() });
    assert_eq!(kinds(&ev, "shapeshifters_power")[0].rule, "TMA-HF-6");
    let (_, ev) = play(&st, 0, Move::Build { cell: "E1".into() });
    assert!(kinds(&ev, "shapeshifters_power").is_empty());
}

#[test]
fn tma_doc_1_view_shows_notes_and_hides_deck_order() {
    // TMA-DOC-1 (checked below: the notes are shown, and carry no state)
    let st = round(3);
    let v = serde_json::to_value(TerraMystica::view(&st, Some(Seat(0)))).unwrap();
    assert!(v["designer_notes"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    assert_eq!(v["automa"]["deck_size"], json!(st.automa.deck.len()));
    assert!(v["automa"].get("deck").is_none() && v["automa"].get("reserve").is_none());
    assert_eq!(v["cells"].as_array().unwrap().len(), 113);
    assert_eq!(
        serde_json::to_value(TerraMystica::view(&st, None)).unwrap()["round"],
        json!(3)
    );
}

#[test]
fn json_shapes_of_moves_and_options() {
    // §5 move shapes, snake_case, tagged by `type` / `op`.
    let m: Move = serde_json::from_value(json!({"type": "turn", "steps": [
        {"op": "transform", "cell": "E2", "terrain": "forest"},
        {"op": "build", "cell": "E2"},
        {"op": "upgrade", "cell": "D1", "to": "trading_house"},
        {"op": "send_priest", "track": "water", "value": 2},
        {"op": "take_power_action", "space": "ACT4"},
        {"op": "set_reach", "reach": {"kind": "shipping", "level": 1}},
        {"op": "report_vp", "delta": 3, "reason": "tile"}
    ]}))
    .unwrap();
    let st = round(2);
    let (s, _) = play(&st, 0, m);
    assert_eq!(
        s.buildings[cell(&s, "D1")].unwrap().kind,
        Kind::TradingHouse
    );
    assert_eq!(s.human_vp(Seat(0)), 23);
    let p: Move = serde_json::from_value(json!({"type": "pass", "bonus_card": "BON3"})).unwrap();
    assert_eq!(
        p,
        Move::Pass {
            bonus_card: Some("BON3".into())
        }
    );
    let c: Move =
        serde_json::from_value(json!({"type": "cultist_cult_step", "track": null})).unwrap();
    assert_eq!(c, Move::CultistCultStep { track: None });
    assert!(serde_json::from_value::<Move>(
        json!({"type": "pass", "bonus_card": "BON3", "extra": 1})
    )
    .is_err());
    assert!(
        serde_json::from_value::<Move>(json!({"type": "turn", "steps": [{"op": "fly"}]})).is_err()
    );
    let o: Options = serde_json::from_value(json!({})).unwrap();
    assert_eq!(o, Options::default());
    let o: Options = serde_json::from_value(json!({"difficulty": "alptrauma", "automa_faction": "gognomes", "map": "fjords",
        "atp_cards": {"lakes": {"A": ["lakes","forest","mountains","wasteland","desert","plains","swamp"],
                                  "B": ["lakes","swamp","plains","desert","wasteland","mountains","forest"]}}})).unwrap();
    assert_eq!(o.difficulty, Difficulty::Alptrauma);
    assert!(serde_json::from_value::<Options>(json!({"nonsense": 1})).is_err());
    // A malformed ATP card is refused (TMA-SEL-6).
    let mut bad = o.clone();
    bad.atp_cards.get_mut(&Terrain::Lakes).unwrap().a.pop();
    let e = try_start(&bad, 1).map(|_| ()).unwrap_err();
    assert_eq!(e.rule, "TMA-SET-1");
}

#[test]
fn atp_cards_option_changes_terrain_priority() {
    // TMA-SEL-5 TMA-SEL-6 (checked below): a physical ATP row replaces the house row.
    let mut st = super::examples_tests::ex7_state();
    st.options.atp_cards.insert(
        Terrain::Lakes,
        AtpRows {
            a: vec![
                Terrain::Lakes,
                Terrain::Forest,
                Terrain::Mountains,
                Terrain::Wasteland,
                Terrain::Desert,
                Terrain::Plains,
                Terrain::Swamp,
            ],
            b: vec![
                Terrain::Lakes,
                Terrain::Mountains,
                Terrain::Swamp,
                Terrain::Plains,
                Terrain::Desert,
                Terrain::Wasteland,
                Terrain::Forest,
            ],
        },
    );
    // Make the Lakes options unavailable: E4 and H2 built by the human.
    put(&mut st, "E4", 0, Kind::Dwelling, false);
    put(&mut st, "H2", 0, Kind::Dwelling, false);
    let (_, ev) = bot(&st);
    let tp = kinds(&ev, "selection")
        .into_iter()
        .find(|e| e.data["method"] == json!("terrain_priority"))
        .unwrap();
    assert_eq!(tp.data["terrains"][1], json!("mountains"));
}
