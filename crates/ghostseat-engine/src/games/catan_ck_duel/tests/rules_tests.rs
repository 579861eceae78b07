//! One or more tests per rule id of catan-ck-duel (CCK-GEN, -SETUP, -DICE, -PROD, -SEVEN,
//! -BUILD, -IMP, -BARB, -TRADE, -END) and of the shared core it plays on; the knights, progress
//! cards, neutral parties and trade tokens have files of their own.

use super::super::board::{Edge, EdgeId, Hex, VertexId};
use super::super::data::*;
use super::super::moves::Move;
use super::super::options::{EventRed, NeutralPlacement, Options};
use super::super::state::*;
use super::super::*;
use super::kit::Event;
use super::kit::*;
use crate::engine::Next;
use crate::games::catan::data::Terrain as CoreTerrain;
use crate::games::catan::layout::{Layout, Numbers};

fn nb_e(c: Colour, e: Edge) -> Move {
    Move::NeutralBuild {
        colour: c,
        vertex: None,
        edge: Some(e),
    }
}

#[test]
fn cck_gen_1_two_player_rules_and_cities_and_knights_both_apply() {
    let mut s = base();
    // Part B: a settlement owes a neutral settlement; C&K: a city yields a commodity.
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    road(&mut s, Colour::A, ed(2, -1, "SE"));
    road(&mut s, Colour::A, ed(2, 0, "NE"));
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    // CCK-GEN-1: the neutral build of Part B follows
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::Neutral {
            task: NeutralTask::Settlement,
            ..
        }) | Some(Pending::Neutral {
            task: NeutralTask::Road,
            ..
        })
    ));
    let mut r = base();
    bld(&mut r, Colour::A, vt(2, -1, 'S'), true);
    r.phase = Phase::Roll1;
    let (r2, _) = okd(&r, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(hand(&r2, SEAT_A, Card::Coin), 1); // CCK-GEN-1: C&K production
}

#[test]
fn cck_gen_2_neutral_colours_hold_no_seat_and_no_hand() {
    assert_eq!(G::seats(&opts()).len(), 2); // CCK-GEN-2
    let mut s = base();
    s.phase = Phase::Roll1;
    // n1's start settlement N(0,0) touches hills 6 (0,-1): it receives nothing.
    let bank_before = s.bank;
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 3, 1]), &[]);
    assert_eq!(s2.bank, bank_before); // CCK-GEN-2: neutrals never produce
    assert!(G::legal_moves(&s2, SEAT_B).is_empty());
}

#[test]
fn cck_gen_3_hand_order_and_progress_cards_outside_the_hand() {
    let h = Hand::of(&[
        (Card::Paper, 1),
        (Card::Brick, 1),
        (Card::Cloth, 1),
        (Card::Ore, 1),
    ]);
    assert_eq!(
        h.listed(false),
        vec![Card::Brick, Card::Ore, Card::Cloth, Card::Paper]
    ); // CCK-GEN-3
    assert_eq!(h.listed(true), vec![Card::Brick, Card::Ore]);
    // Progress cards never count on a 7.
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Grain, 7)]);
    card(&mut s, SEAT_A, ProgressKind::Spy);
    card(&mut s, SEAT_A, ProgressKind::Bishop);
    s.phase = Phase::Roll1;
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(!s2
        .pending
        .iter()
        .any(|p| matches!(p, Pending::Discard { .. }))); // CCK-GEN-3
}

#[test]
fn cck_gen_4_all_points_are_visible_and_used_for_token_costs() {
    let mut s = base();
    s.players[SEAT_A].defender = 1;
    s.players[SEAT_A].vp_cards.push(ProgressKind::Printer);
    assert_eq!(mechanics::vp(&s, SEAT_A), 2);
    assert_eq!(rules::token_cost(&s, SEAT_A), 2); // CCK-GEN-4: defender and printer count
    let v = view_of(&s, Some(SEAT_B));
    assert_eq!(v["players"][0]["vp"]["total"], 2);
}

#[test]
fn cck_setup_1_components_and_tokens() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    assert_eq!(s.bank.0, [19, 19, 19, 19, 19, 12, 12, 12]); // CCK-SETUP-1
    for t in 0..3 {
        assert_eq!(s.decks[t].len(), 18);
    }
    assert_eq!(s.players[SEAT_A].tokens, 5);
    assert_eq!(s.players[SEAT_B].tokens, 5);
    assert_eq!(s.token_supply, 10);
    assert_eq!(s.players[SEAT_A].knights_left, [2, 2, 2]);
    assert_eq!(s.players[SEAT_A].walls_left, 3);
    assert_eq!(s.neutrals[0].knights_left, [2, 2]);
    assert_eq!(s.defender_left, 6);
    assert_eq!(s.barbarian, 0);
}

#[test]
fn cck_setup_2_order_robber_neutral_start_first_player() {
    let o = Options {
        layout: Layout::Beginner,
        ..Options::default()
    };
    let step = G::start(&o, &mut Dice::new(5)).unwrap();
    let s = step.state;
    assert_eq!(s.tile(s.board.robber).terrain, CoreTerrain::Desert); // CCK-SETUP-2
    assert_eq!(
        s.building(vi(vt(0, 0, 'N'))).map(|b| b.colour),
        Some(Colour::N1)
    );
    assert_eq!(
        s.building(vi(vt(0, 0, 'S'))).map(|b| b.colour),
        Some(Colour::N2)
    );
    assert!(step.events.iter().any(|e| e.kind == "roll_off"));
    assert_eq!(s.phase, Phase::Setup { step: 0 });
    assert_eq!(
        asked(&s),
        (
            vec![s.first_player],
            "Player A: place your set-up settlement.".to_string()
        )
    );
}

fn do_setup() -> (State, Vec<Event>) {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    let mut evs = Vec::new();
    let seq = [
        (
            SEAT_A,
            Move::PlaceSetupSettlement {
                vertex: vt(2, -1, 'S'),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupRoad {
                edge: ed(2, -1, "SE"),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupSettlement {
                vertex: vt(-2, 1, 'N'),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupRoad {
                edge: ed(-2, 1, "NE"),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupCity {
                vertex: vt(-1, 1, 'S'),
            },
        ),
        (
            SEAT_B,
            Move::PlaceSetupRoad {
                edge: ed(-2, 2, "NE"),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupCity {
                vertex: vt(2, -2, 'S'),
            },
        ),
        (
            SEAT_A,
            Move::PlaceSetupRoad {
                edge: ed(1, -1, "NE"),
            },
        ),
    ];
    let mut st = s;
    for (seat, m) in seq {
        let (n, e) = ok(&st, seat, m);
        st = n;
        evs.extend(e);
    }
    (st, evs)
}

#[test]
fn cck_setup_3_settlement_then_city_snake_order() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    // first round wants a settlement, not a city
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::PlaceSetupCity {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-SETUP-3"
    );
    let (st, _) = do_setup();
    assert_eq!(st.phase, Phase::Roll1);
    assert_eq!(mechanics::vp(&st, SEAT_A), 3); // CCK-SETUP-3
    assert_eq!(mechanics::vp(&st, SEAT_B), 3);
    assert!(st.building(vi(vt(-1, 1, 'S'))).unwrap().city);
    // no neutral piece during set-up
    assert!(st.roads().all(|c| c.seat().is_some()));
    // in round 2 a settlement is refused
    let s0 = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    let (s1, _) = ok(
        &s0,
        SEAT_A,
        Move::PlaceSetupSettlement {
            vertex: vt(2, -1, 'S'),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_A,
        Move::PlaceSetupRoad {
            edge: ed(2, -1, "SE"),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_B,
        Move::PlaceSetupSettlement {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s1, _) = ok(
        &s1,
        SEAT_B,
        Move::PlaceSetupRoad {
            edge: ed(-2, 1, "NE"),
        },
    );
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::PlaceSetupSettlement {
                vertex: vt(-1, 1, 'S')
            }
        ),
        "CCK-SETUP-3"
    );
}

#[test]
fn cck_setup_4_city_brings_one_resource_per_land_hex() {
    let (st, _) = do_setup();
    // b's city S(-1,1): mountains 3, fields 6, hills 5 -> ore, grain, brick; no commodities.
    let h = st.players[SEAT_B].hand;
    assert_eq!(
        (h.get(Card::Ore), h.get(Card::Grain), h.get(Card::Brick)),
        (1, 1, 1)
    ); // CCK-SETUP-4
    assert_eq!(h.commodities(), 0);
    // a's city S(2,-2): forest 9, hills 10, pasture 4
    assert_eq!(
        st.players[SEAT_A].hand,
        Hand::of(&[(Card::Lumber, 1), (Card::Brick, 1), (Card::Wool, 1)])
    );
}

#[test]
fn cck_setup_5_setup_placements_earn_tokens() {
    let s = G::start(&opts(), &mut Dice::new(1)).unwrap().state;
    // S(2,-3)... use a coastal intersection: N(2,-1) touches 2 land hexes (coast)
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::PlaceSetupSettlement {
            vertex: vt(2, -1, 'N'),
        },
    );
    assert_eq!(s1.players[SEAT_A].tokens, 6); // CCK-SETUP-5
    assert_eq!(s1.token_supply, 9);
    assert!(ev.iter().any(|e| e.rule == "CCK-SETUP-5"));
    // the set-up city counts too
    let (st, _) = do_setup();
    assert_eq!(st.players[SEAT_A].tokens, 5); // S(2,-1) and S(2,-2) are inland
}

#[test]
fn cck_dice_1_event_die_encoding() {
    let mut s = base();
    s.phase = Phase::Roll1;
    let (s2, ev) = okd(&s, SEAT_A, roll(&[2, 3, 2]), &[]);
    assert_eq!(s2.barbarian, 1); // CCK-DICE-1: 1..3 = ship
    assert_eq!(s2.rolls[0].sum, 5);
    s.players[SEAT_B].imp[1] = 1;
    let (s3, _) = okd(&s, SEAT_A, roll(&[2, 1, 5]), &[]);
    assert_eq!(s3.barbarian, 0); // 5 = blue gate
    assert_eq!(s3.players[SEAT_B].progress.len(), 1);
    assert_eq!(s3.players[SEAT_B].progress[0].kind.deck(), Track::Politics);
    assert!(has(&ev, "rolled"));
}

#[test]
fn cck_dice_2_two_rolls_each_resolved_before_the_next() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_B, &[(Card::Grain, 9)]);
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    // the 7's discard of b must be answered before the second roll
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::Discard {
            seat: SEAT_B,
            count: 4
        })
    ));
    assert_eq!(
        asked(&s2),
        (
            vec![SEAT_B],
            "Player B: a 7 was rolled and you hold too many cards; discard 4 cards of your choice."
                .to_string()
        )
    );
    assert_eq!(
        err(&s2, SEAT_B, Move::RespondTrade { accept: true }),
        "CAT-SEVEN-2"
    );
    let (s3, _) = ok(
        &s2,
        SEAT_B,
        Move::Discard {
            cards: [(Card::Grain, 4)].into_iter().collect(),
        },
    );
    assert_eq!(s3.phase, Phase::Roll2); // CCK-DICE-2
    let (s4, _) = okd(&s3, SEAT_A, roll(&[1, 1, 1]), &[]);
    assert_eq!(s4.phase, Phase::Main);
    assert_eq!(s4.rolls.len(), 2);
    assert_eq!(err(&s4, SEAT_A, roll(&[1, 1, 1])), "CCK-DICE-2");
}

#[test]
fn cck_dice_3_event_die_before_the_number() {
    // Gate first: a progress card is drawn before the 7's discard is computed.
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[2] = 1;
    give(&mut s, SEAT_A, &[(Card::Grain, 8)]);
    let (s2, ev) = okd(&s, SEAT_A, roll(&[6, 1, 6]), &[]);
    let gate = ev.iter().position(|e| e.kind == "city_gate").unwrap();
    let seven = ev.iter().position(|e| e.kind == "seven").unwrap();
    assert!(gate < seven); // CCK-DICE-3
    assert_eq!(s2.players[SEAT_A].progress.len(), 1);
}

/// The log follows the table. The second roll's event die is
/// resolved at once, so its gate and the card it gives come before the
/// re-throw of the number dice; the accepted roll comes last.
#[test]
fn cck_dice_4_event_die_resolved_before_the_rethrow_in_the_log() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    let (_, ev) = okd(&s1, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    let kinds: Vec<&str> = ev.iter().map(|e| e.kind.as_str()).collect();
    let at = |k: &str| {
        kinds
            .iter()
            .position(|x| *x == k)
            .unwrap_or_else(|| panic!("{k} missing in {kinds:?}"))
    };
    assert!(at("second_roll_repeated") < at("city_gate"), "{kinds:?}"); // CCK-DICE-4
    assert!(at("city_gate") < at("rolled"), "{kinds:?}");
    let first = &ev[at("second_roll_repeated")];
    assert!(
        first.text.contains("white 5, red 2, event die 5"),
        "{}",
        first.text
    );
}

/// CCK-DICE-4, CAT-RNG-2: with table dice, a roll sent without
/// dice asks for all three, and a second roll that repeats the first sum asks
/// for the two number dice of the re-throw: `needed` lists every die of the
/// command, `sent` what came.
#[test]
fn cck_dice_4_table_dice_counts_are_exact() {
    use crate::engine::{Need, RuleErrorKind};
    let mut o = opts();
    o.table_mode = crate::engine::TableChoice::Dice;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    let bare = Move::Roll {
        dice: None,
        drawn: None,
    };
    let e = playd(&s, SEAT_A, bare.clone(), &[]).unwrap_err();
    assert_eq!(
        e.kind,
        RuleErrorKind::TableInputNeeded {
            needed: vec![Need::die(6); 3],
            sent: 0
        }
    ); // CAT-RNG-2
    let e = playd(&s, SEAT_A, bare.clone(), &[3, 4]).unwrap_err();
    assert!(
        matches!(e.kind, RuleErrorKind::TableInputNeeded { ref needed, sent: 2 } if needed.len() == 3)
    );
    let (s1, _) = okd(&s, SEAT_A, bare.clone(), &[3, 4, 1]);
    let e = playd(&s1, SEAT_A, bare.clone(), &[5, 2, 5]).unwrap_err();
    assert_eq!(e.rule, "CCK-DICE-4");
    assert_eq!(
        e.kind,
        RuleErrorKind::TableInputNeeded {
            needed: vec![Need::die(6); 5],
            sent: 3
        }
    );
    let (s2, _) = okd(&s1, SEAT_A, bare, &[5, 2, 5, 6, 3]);
    assert_eq!(s2.rolls[1].sum, 9);
}

#[test]
fn cck_dice_4_option_final_reads_the_accepted_red_die() {
    let mut o = opts();
    o.second_roll_event_red = EventRed::Final;
    let mut s = base_with(o);
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 3,
        red: 4,
        event: 1,
        sum: 7,
        rejected: vec![],
    });
    s.players[SEAT_B].imp[1] = 1;
    // thrown with red 2 (would draw), accepted red 3 > 2: no card
    let (s2, _) = okd(&s, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    assert_eq!(s2.players[SEAT_B].progress.len(), 0); // CCK-DICE-4 option "final"
}

#[test]
fn cck_dice_5_event_die_only_twice_even_after_many_rethrows() {
    let mut s = base();
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 3,
        red: 3,
        event: 4,
        sum: 6,
        rejected: vec![],
    });
    // 3+3, 2+4, 1+5 repeat the 6: three re-throws, one event die
    let (s2, ev) = okd(&s, SEAT_A, roll(&[3, 3, 1, 2, 4, 1, 5, 4, 4]), &[]);
    assert_eq!(s2.rolls[1].rejected.len(), 3);
    assert_eq!(s2.barbarian, 1); // CCK-DICE-5: one ship for the whole second roll
    assert_eq!(
        ev.iter().filter(|e| e.kind == "barbarians_advance").count(),
        1
    );
    assert_eq!(s2.rolls[1].sum, 8);
}

#[test]
fn cck_dice_6_only_token_action_before_and_between_rolls() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_A, &[(Card::Brick, 1), (Card::Lumber, 1)]);
    road(&mut s, Colour::A, ed(2, -1, "SE"));
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildRoad {
                edge: ed(2, -1, "NE")
            }
        ),
        "CCK-DICE-6"
    );
    assert_eq!(err(&s, SEAT_A, Move::EndTurn), "CCK-DICE-6");
    give(&mut s, SEAT_B, &[(Card::Ore, 2)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 1]), &[]);
    // between the rolls: the token action is allowed
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    ); // CCK-DICE-6
    assert!(matches!(
        s2.pending.first(),
        Some(Pending::ForcedTradeReturn { .. })
    ));
    card(&mut s.clone(), SEAT_A, ProgressKind::Smith);
}

#[test]
fn cck_prod_1_cities_yield_resource_and_commodity() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true); // hills 10, mountains 8, forest 3
    bld(&mut s, Colour::B, vt(2, -2, 'S'), false); // forest 9, hills 10, pasture 4
    let (s1, _) = okd(&s, SEAT_A, roll(&[5, 5, 1]), &[]); // 10: hills
    assert_eq!(hand(&s1, SEAT_A, Card::Brick), 2); // CCK-PROD-1: city on hills: 2 brick
    assert_eq!(hand(&s1, SEAT_B, Card::Brick), 1); // settlement: 1
    let (s2, _) = okd(&s1, SEAT_A, roll(&[2, 1, 1]), &[]); // 3: forest
    assert_eq!(hand(&s2, SEAT_A, Card::Lumber), 1);
    assert_eq!(hand(&s2, SEAT_A, Card::Paper), 1); // CCK-PROD-1: lumber + paper
    let mut t = base();
    t.phase = Phase::Roll1;
    bld(&mut t, Colour::A, vt(2, -1, 'S'), true);
    let (t1, _) = okd(&t, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(
        (hand(&t1, SEAT_A, Card::Ore), hand(&t1, SEAT_A, Card::Coin)),
        (1, 1)
    ); // mountains: ore + coin
}

#[test]
fn cck_prod_2_shortage_per_commodity() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    bld(&mut s, Colour::B, vt(2, 1, 'N'), true); // also on mountains 8
    s.bank.0[Card::Coin.idx()] = 1;
    let (s1, ev) = okd(&s, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(hand(&s1, SEAT_A, Card::Coin), 0); // CCK-PROD-2: two owed, 1 in the bank: nobody
    assert_eq!(hand(&s1, SEAT_B, Card::Coin), 0);
    assert_eq!(hand(&s1, SEAT_A, Card::Ore), 1); // ore paid normally
    assert_eq!(hand(&s1, SEAT_B, Card::Ore), 1);
    assert!(has(&ev, "bank_shortage"));
}

#[test]
fn cck_prod_3_aqueduct_when_nothing_received() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[2] = 3;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    let (s1, _) = okd(&s, SEAT_A, roll(&[4, 4, 1]), &[]);
    assert_eq!(
        s1.pending.first(),
        Some(&Pending::Aqueduct { seat: SEAT_A })
    ); // CCK-PROD-3
    assert_eq!(err(&s1, SEAT_A, roll(&[1, 1, 1])), "CCK-PROD-3");
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::AqueductTake {
            resource: Card::Ore,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 1);
    // not after a 7
    let (s3, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(s3.pending.is_empty());
}

#[test]
fn cck_seven_1_hand_limit_with_walls() {
    let mut s = base();
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.wall = true);
    give(&mut s, SEAT_A, &[(Card::Grain, 6), (Card::Cloth, 3)]); // 9 <= 7 + 2
    give(&mut s, SEAT_B, &[(Card::Ore, 5), (Card::Paper, 4)]); // 9 > 7
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(
        s1.pending,
        vec![
            Pending::Discard {
                seat: SEAT_B,
                count: 4
            },
            Pending::RollDone { roll: 1 }
        ]
    ); // CCK-SEVEN-1
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]); // 10 > 9
    let (s2, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(
        s2.pending[0],
        Pending::Discard {
            seat: SEAT_A,
            count: 5
        }
    );
}

#[test]
fn cck_seven_2_robber_asleep_until_first_attack() {
    let mut s = base();
    s.phase = Phase::Roll1;
    let (s1, ev) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(!s1
        .pending
        .iter()
        .any(|p| matches!(p, Pending::Robber { .. }))); // CCK-SEVEN-2
    assert!(has(&ev, "robber_asleep"));
    let mut m = base();
    m.board.robber = hi(Hex(1, 0));
    assert_eq!(err(&m, SEAT_A, Move::TokenRobberToDesert), "CCK-SEVEN-2");
    card(&mut m, SEAT_A, ProgressKind::Bishop);
    assert_eq!(
        err(
            &m,
            SEAT_A,
            pp(ProgressKind::Bishop, |mv| {
                if let Move::PlayProgress { hex, .. } = mv {
                    *hex = Some(Hex(1, 1))
                }
            })
        ),
        "CCK-SEVEN-2"
    );
    // after the attack within the same roll, the 7 moves the robber
    let mut t = base();
    t.phase = Phase::Roll1;
    t.barbarian = 6;
    let (t1, _) = okd(&t, SEAT_A, roll(&[3, 4, 2]), &[]);
    assert!(t1.robber_awake);
    assert_eq!(t1.pending.first(), Some(&Pending::Robber { seat: SEAT_A })); // CCK-SEVEN-2
}

#[test]
fn cck_seven_3_theft_takes_commodities_too() {
    let mut s = base();
    s.robber_awake = true;
    s.phase = Phase::Roll1;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Coin, 1)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    let (s2, ev) = ok(
        &s1,
        SEAT_A,
        Move::MoveRobber {
            hex: Hex(2, 0),
            stolen: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Coin), 1); // CCK-SEVEN-3
    assert_eq!(hand(&s2, SEAT_B, Card::Coin), 0);
    assert!(has(&ev, "robber_moved"));
    // The card taken is named only in the secret part, for thief and victim.
    let e = ev_rule(&ev, "robber_moved").unwrap();
    // The hex by its terrain and number (CAT-ROB-1).
    let hex = super::super::events::hex_place(&s, hi(Hex(2, 0))).unwrap();
    assert_eq!(
        e.text,
        format!(
            "Player A moves the robber to {} and steals a card.",
            hex.en()
        )
    );
    assert!(e.text.starts_with("Player A moves the robber to the "));
    assert!(!e.data.to_string().contains("coin"), "{}", e.data);
    let secret = e.secret.as_ref().expect("a secret part");
    assert_eq!(secret["kind"], "card_stolen");
    assert_eq!(secret["data"]["card"], "coin");
    assert_eq!(secret["text"], "Player A takes 1 coin from Player B.");
}

#[test]
fn cck_build_1_costs() {
    let mut s = base();
    a_net(&mut s);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CCK-BUILD-1"
    );
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Wool, 1),
            (Card::Ore, 1),
            (Card::Brick, 2),
            (Card::Grain, 1),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        hand(&s1, SEAT_A, Card::Wool) + hand(&s1, SEAT_A, Card::Ore),
        0
    ); // CCK-BUILD-1: knight 1 wool + 1 ore
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Brick), 0); // wall: 2 brick
    let mut k = base();
    kn(&mut k, Colour::A, vt(2, 0, 'N'), 1, false);
    give(&mut k, SEAT_A, &[(Card::Grain, 1)]);
    let (k1, _) = ok(
        &k,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(hand(&k1, SEAT_A, Card::Grain), 0); // activation: 1 grain
}

#[test]
fn cck_build_2_knights_block_settlements_and_roads() {
    let mut s = base();
    a_net(&mut s);
    // b's road runs into S(3,-1) from N(3,0)? use N(2,1): b road E(2,0) joins S(3,-1) and N(2,1)
    road(&mut s, Colour::B, ed(2, 0, "E"));
    bld(&mut s, Colour::B, vt(2, 1, 'N'), false);
    kn(&mut s, Colour::A, vt(3, -1, 'S'), 1, false);
    give(
        &mut s,
        SEAT_B,
        &[
            (Card::Brick, 2),
            (Card::Lumber, 2),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    s.active = SEAT_B;
    assert_eq!(
        err(
            &s,
            SEAT_B,
            Move::BuildSettlement {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-BUILD-2
       // b's road cannot continue through a's knight
    let mut r = base();
    bld(&mut r, Colour::B, vt(-2, 1, 'N'), false);
    road(&mut r, Colour::B, ed(-2, 1, "NE"));
    assert!(mechanics::can_road(&r, ei(ed(-1, 0, "SE")), Colour::B));
    kn(&mut r, Colour::A, vt(-1, 0, 'S'), 1, false);
    assert!(!mechanics::can_road(&r, ei(ed(-1, 0, "SE")), Colour::B)); // CCK-BUILD-2
                                                                       // a's own knight: a must move it before building there
    s.active = SEAT_A;
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildSettlement {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-BUILD-2
       // a knight breaks other colours' trails: b's 5-road trail through a knight
    let mut t = base();
    let trail = [
        ed(-2, 0, "NE"),
        ed(-2, 0, "E"),
        ed(-2, 1, "NE"),
        ed(-2, 1, "E"),
        ed(-2, 2, "NE"),
    ];
    for e in trail {
        road(&mut t, Colour::B, e);
    }
    let full = mechanics::road_length(&t, Colour::B);
    assert_eq!(full, 5);
    let mid = vi(vt(-2, 1, 'N'));
    t.set_knight(
        mid,
        Some(Knight {
            colour: Colour::A,
            level: 1,
            active: false,
            activated_turn: 0,
            acted_turn: 0,
            promoted_turn: 0,
        }),
    );
    assert!(mechanics::road_length(&t, Colour::B) < full); // CCK-BUILD-2
}

#[test]
fn cck_build_3_city_walls() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    give(&mut s, SEAT_A, &[(Card::Brick, 10)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-BUILD-3"
    ); // settlement: no wall
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-BUILD-3"
    ); // one per city
    let mut t = s1.clone();
    t.players[SEAT_A].walls_left = 0;
    bld(&mut t, Colour::A, vt(-1, 1, 'S'), true);
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::BuildCityWall {
                vertex: vt(-1, 1, 'S')
            }
        ),
        "CCK-BUILD-3"
    ); // at most 3
    assert!(s1.pending.is_empty());
}

#[test]
fn cck_build_4_neutral_builds_only_for_roads_and_settlements() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 3),
            (Card::Lumber, 2),
            (Card::Wool, 1),
            (Card::Grain, 3),
            (Card::Ore, 3),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildRoad {
            edge: ed(1, 0, "NE"),
        },
    );
    assert!(matches!(
        s1.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    )); // CCK-BUILD-4
    let (s1b, _) = ok(&s1, SEAT_A, nb_e(Colour::N1, ed(0, -1, "SE")));
    assert_eq!(s1b.road(ei(ed(0, -1, "SE"))), Some(Colour::N1));
    assert!(s1b.pending.is_empty());
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    // CAT-DUO-6: a road and a settlement each owe a neutral building, and the
    // pending decision names that rule. (Here no neutral settlement spot is
    // free, so the settlement's debt has already fallen back to a road.)
    assert!(matches!(
        &s2.pending[0],
        Pending::Neutral { trigger, .. } if trigger == "CAT-DUO-6"
    ));
    assert!(matches!(&s1.pending[0], Pending::Neutral { trigger, .. } if trigger == "CAT-DUO-6"));
    let (s3, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCity {
            vertex: vt(-2, 1, 'N'),
        },
    );
    assert!(s3.pending.is_empty()); // CCK-BUILD-4: a city triggers nothing
}

#[test]
fn cck_imp_1_level_n_costs_n_commodities() {
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Cloth, 3)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Trade,
            crane: false,
        },
    );
    assert_eq!(s1.players[SEAT_A].imp[0], 1);
    assert_eq!(hand(&s1, SEAT_A, Card::Cloth), 2); // CCK-IMP-1
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Trade,
            crane: false,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Cloth), 0);
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Trade,
                crane: false
            }
        ),
        "CCK-IMP-1"
    );
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: false
            }
        ),
        "CCK-IMP-1"
    ); // paper, not cloth
}

#[test]
fn cck_imp_2_needs_a_city_and_levels_stay() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_A, &[(Card::Coin, 3)]);
    s.players[SEAT_A].imp[1] = 2;
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Politics,
                crane: false
            }
        ),
        "CCK-IMP-2"
    );
    assert_eq!(s.players[SEAT_A].imp[1], 2); // CCK-IMP-2: the bought levels stay
}

#[test]
fn cck_imp_3_level_3_abilities() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Coin, 2)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::MaritimeTrade {
                give: Card::Coin,
                get: Card::Ore,
                times: None
            }
        ),
        "CCK-TRADE-1"
    );
    s.players[SEAT_A].imp[0] = 3;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Coin,
            get: Card::Ore,
            times: None,
        },
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Ore), 1); // CCK-IMP-3: trade 3 -> 2 commodities : 1
                                                 // politics 3: strong -> mighty
    let mut k = base();
    kn(&mut k, Colour::A, vt(2, 0, 'N'), 2, false);
    give(&mut k, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    assert_eq!(
        err(
            &k,
            SEAT_A,
            Move::PromoteKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-3"
    );
    k.players[SEAT_A].imp[1] = 3;
    let (k1, _) = ok(
        &k,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(k1.knight(vi(vt(2, 0, 'N'))).unwrap().level, 3); // CCK-IMP-3: Fortress
}

#[test]
fn cck_imp_4_metropolis_first_to_4_taken_at_5() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::B, vt(-1, 1, 'S'), true);
    s.players[SEAT_A].imp[1] = 3;
    give(&mut s, SEAT_A, &[(Card::Coin, 4)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    assert_eq!(
        s1.pending[0],
        Pending::MetropolisPlace {
            seat: SEAT_A,
            track: Track::Politics
        }
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::PlaceMetropolis {
            vertex: vt(2, -1, 'S'),
        },
    );
    assert_eq!(mechanics::vp(&s2, SEAT_A), 4); // CCK-IMP-4: city 2 + metropolis 2
                                               // b reaches 5 before a: takes it
    let mut t = s2.clone();
    t.active = SEAT_B;
    t.players[SEAT_B].imp[1] = 4;
    give(&mut t, SEAT_B, &[(Card::Coin, 5)]);
    let (t1, _) = ok(
        &t,
        SEAT_B,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    let (t2, _) = ok(
        &t1,
        SEAT_B,
        Move::PlaceMetropolis {
            vertex: vt(-1, 1, 'S'),
        },
    );
    assert_eq!(t2.metropolis[1], Some(SEAT_B));
    assert_eq!(mechanics::vp(&t2, SEAT_A), 2);
    assert_eq!(t2.building(vi(vt(2, -1, 'S'))).unwrap().metropolis, None); // a plain city again
                                                                           // once the holder is at 5 it never moves
    let mut u = s2.clone();
    u.players[SEAT_A].imp[1] = 5;
    u.active = SEAT_B;
    u.players[SEAT_B].imp[1] = 4;
    give(&mut u, SEAT_B, &[(Card::Coin, 5)]);
    let (u1, _) = ok(
        &u,
        SEAT_B,
        Move::ImproveCity {
            track: Track::Politics,
            crane: false,
        },
    );
    assert!(u1.pending.is_empty());
    assert_eq!(u1.metropolis[1], Some(SEAT_A));
    // no city without a metropolis: illegal (CCK-IMP-4)
    let mut w = s2.clone();
    w.players[SEAT_A].imp[2] = 3;
    give(&mut w, SEAT_A, &[(Card::Paper, 4)]);
    assert_eq!(
        err(
            &w,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: false
            }
        ),
        "CCK-IMP-4"
    );
}

#[test]
fn cck_barb_1_advance_and_land_at_track_length() {
    let mut o = opts();
    o.barbarian_track = 3;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 2, 1]), &[]);
    let (s2, _) = okd(&s1, SEAT_A, roll(&[1, 1, 2]), &[]);
    assert_eq!(s2.barbarian, 2); // CCK-BARB-1
    let mut t = s2.clone();
    t.phase = Phase::Roll1;
    t.rolls.clear();
    let (t1, ev) = okd(&t, SEAT_A, roll(&[1, 2, 3]), &[]);
    assert_eq!(t1.barbarian, 0);
    assert!(has(&ev, "barbarians_repelled")); // 0 cities vs 0 knights: Catan wins
}

#[test]
fn cck_barb_2_strength_counts_active_real_knights_only() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false); // inactive: not counted
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 2, false);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    let ev = super::kit::read_all(&ev);
    let e = ev_rule(&ev, "barbarians_win").unwrap();
    assert_eq!(
        (e.data["barbarians"].as_u64(), e.data["catan"].as_u64()),
        (Some(1), Some(0))
    ); // CCK-BARB-2
}

#[test]
fn cck_barb_3_defender_or_tie_draws() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 1, true);
    let mut t = s.clone();
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut t, &mut ev);
    assert_eq!(t.players[SEAT_A].defender, 1); // CCK-BARB-3
    assert_eq!(t.defender_left, 5);
    assert_eq!(mechanics::vp(&t, SEAT_A), 3);
    // tie: each draws from a deck of choice
    s.knight_mut(vi(vt(-2, 1, 'N'))).unwrap().level = 2;
    let mut u = s.clone();
    mechanics::barbarian_attack(&mut u, &mut ev);
    assert_eq!(
        u.pending,
        vec![
            Pending::DefenderDraw { seat: SEAT_A },
            Pending::DefenderDraw { seat: SEAT_B }
        ]
    );
    let (u1, _) = ok(
        &u,
        SEAT_A,
        Move::DefenderDraw {
            deck: Track::Trade,
            drawn: None,
        },
    );
    let got = u1.players[SEAT_A].progress.len() + u1.players[SEAT_A].vp_cards.len();
    assert_eq!(got, 1);
    let (u2, _) = ok(
        &u1,
        SEAT_B,
        Move::DefenderDraw {
            deck: Track::Science,
            drawn: None,
        },
    );
    assert!(u2.pending.is_empty());
    // nobody contributed: nobody rewarded (I)
    let mut w = base();
    mechanics::barbarian_attack(&mut w, &mut ev);
    assert!(
        w.pending.is_empty() && w.players[SEAT_A].defender == 0 && w.players[SEAT_B].defender == 0
    );
}

#[test]
fn cck_barb_4_metropolis_only_players_are_immune() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.metropolis = Some(Track::Trade));
    bld(&mut s, Colour::B, vt(-2, 1, 'N'), true);
    kn(&mut s, Colour::B, vt(-1, 0, 'S'), 1, true);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    // a (0 strength) is immune, b (1) has the only plain city and loses it
    assert_eq!(s.pending, vec![Pending::Pillage { seat: SEAT_B }]); // CCK-BARB-4
    s.active = SEAT_A;
    assert_eq!(
        err(
            &s,
            SEAT_B,
            Move::ChoosePillagedCity {
                vertex: vt(2, -1, 'S')
            }
        ),
        "CCK-BARB-4"
    );
}

#[test]
fn cck_barb_5_all_knights_inactive_ship_back() {
    let mut s = base();
    s.barbarian = 6;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 1, true);
    let mut ev = Vec::new();
    mechanics::barbarian_attack(&mut s, &mut ev);
    assert!(s.knights().all(|k| !k.active)); // CCK-BARB-5
    assert_eq!(s.barbarian, 0);
    assert!(s.robber_awake);
}

#[test]
fn cck_trade_1_bank_rates() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Cloth, 4), (Card::Brick, 3)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Cloth,
            get: Card::Paper,
            times: None,
        },
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Paper), 1); // CCK-TRADE-1: 4 commodities : 1
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::MaritimeTrade {
                give: Card::Brick,
                get: Card::Ore,
                times: None
            }
        ),
        "CCK-TRADE-1"
    );
    // generic harbour (pos 1: N(0,-2), S(0,-3)) makes it 3:1, for commodities too
    bld(&mut s, Colour::A, vt(0, -2, 'N'), false);
    let (s2, _) = ok(
        &s,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Brick,
            get: Card::Ore,
            times: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 1);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Cloth), 3);
    // wool harbour (pos 2: N(1,-2)) 2:1 for wool only
    bld(&mut s, Colour::A, vt(1, -2, 'N'), false);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Wool), 2);
    assert_eq!(mechanics::bank_rate(&s, SEAT_A, Card::Grain), 3);
}

#[test]
fn cck_trade_2_domestic_trade_with_commodities() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Coin, 1)]);
    give(&mut s, SEAT_B, &[(Card::Paper, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::OfferTrade {
            give: [(Card::Coin, 1)].into_iter().collect(),
            want: [(Card::Paper, 2)].into_iter().collect(),
        },
    );
    assert!(matches!(
        s1.pending[0],
        Pending::TradeResponse { seat: SEAT_B, .. }
    ));
    let (s2, _) = ok(&s1, SEAT_B, Move::RespondTrade { accept: true });
    assert_eq!(
        (
            hand(&s2, SEAT_A, Card::Paper),
            hand(&s2, SEAT_B, Card::Coin)
        ),
        (2, 1)
    ); // CCK-TRADE-2
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::OfferTrade {
                give: [(Card::Coin, 1)].into_iter().collect(),
                want: [(Card::Coin, 1)].into_iter().collect()
            }
        ),
        "CAT-TRADE-2"
    );
}

#[test]
fn cck_end_1_thirteen_points_in_own_turn() {
    let mut s = base();
    a_net(&mut s);
    s.players[SEAT_A].defender = 10; // 2 + 10 = 12
    give(
        &mut s,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(3, -1, 'S'),
        },
    );
    match G::next(&s1) {
        Next::Finished { winner, scores, .. } => {
            assert_eq!(winner.as_deref(), Some("a")); // CCK-END-1
            assert_eq!(scores["a"], Some(13));
        }
        n => panic!("not finished: {n:?}"),
    }
    // 13 reached in the opponent's turn wins at the start of one's own turn
    let mut t = base();
    t.players[SEAT_B].defender = 13;
    assert!(matches!(G::next(&t), Next::Human { .. }));
    let (t1, _) = ok(&t, SEAT_A, Move::EndTurn);
    assert!(matches!(G::next(&t1), Next::Finished { winner: Some(ref w), .. } if w == "b"));
    // the option changes the target
    let mut o = opts();
    o.vp_target = 30;
    assert!(G::start(&o, &mut Dice::new(1)).is_ok());
    o.barbarian_track = 2;
    assert!(G::start(&o, &mut Dice::new(1)).is_err());
}

#[test]
fn cck_end_2_point_sources() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    s.edit_building(vi(vt(2, -1, 'S')), |b| b.metropolis = Some(Track::Trade));
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    s.players[SEAT_A].defender = 2;
    s.players[SEAT_A].vp_cards = vec![ProgressKind::Printer, ProgressKind::Constitution];
    s.merchant = Some((hi(Hex(2, 0)), SEAT_A));
    s.longest_road = Some(Colour::A);
    let b = serde_json::to_value(mechanics::vp_breakdown(&s, SEAT_A)).unwrap();
    assert_eq!(b["settlements"], 1);
    assert_eq!(b["cities"], 2);
    assert_eq!(b["metropolises"], 2);
    assert_eq!(b["longest_road"], 2);
    assert_eq!(b["merchant"], 1);
    assert_eq!(b["total"], 1 + 2 + 2 + 2 + 2 + 2 + 1); // CCK-END-2
                                                       // a neutral colour can hold Longest Road: its points belong to nobody
    s.longest_road = Some(Colour::N1);
    assert_eq!(mechanics::vp(&s, SEAT_A), 10);
}

/// The rules end the game at 13 victory points only. The turn cap
/// is a house option, off by default; when a table sets it, the end names
/// the cap and says nobody reached the target.
#[test]
fn turn_cap_is_a_house_option_off_by_default() {
    assert_eq!(Options::default().max_turns, 0); // CCK-END-1: no cap in the rules
    let o = Options {
        max_turns: 6,
        ..Options::default()
    };
    let (s, _, _) = random_game(5, &o, 5000);
    assert_eq!(s.phase, Phase::Finished);
    assert!(s.turn <= 7, "turn {}", s.turn);
    let summary = super::kit::prompt(&s);
    assert!(
        summary.starts_with(
            "The house turn cap of 6 turns ends the game; nobody reached 13 victory points"
        ),
        "{summary}"
    );
    assert!(matches!(G::next(&s), Next::Finished { .. }));
}

/// CAT-RNG-5: twenty equal roll-offs end the roll-off; seat a places first,
/// and an event says why.
#[test]
fn cat_rng_5_roll_off_ends_after_twenty_ties_and_says_so() {
    let mut d = Dice::new(3).with_table(&[1; 80]);
    let st = G::start(&Options::default(), &mut d).unwrap();
    assert_eq!(st.state.first_player, SEAT_A);
    assert_eq!(
        st.events.iter().filter(|e| e.kind == "roll_off").count(),
        20
    );
    let capped = ev_rule(&st.events, "roll_off_capped").expect("an event names the cap");
    assert_eq!(capped.rule, "CAT-RNG-5");
    // one unequal round ends it at once, without that event
    let mut d = Dice::new(3).with_table(&[1, 1, 6, 6]);
    let st = G::start(&Options::default(), &mut d).unwrap();
    assert_eq!(st.state.first_player, SEAT_B);
    assert!(!has(&st.events, "roll_off_capped"));
}

#[test]
fn moves_accept_the_corner_and_side_aliases_of_cat_board_16() {
    let m: Move = serde_json::from_str(r#"{"type":"build_knight","vertex":[0,0,"NE"]}"#).unwrap();
    assert_eq!(
        m,
        Move::BuildKnight {
            vertex: vt(1, -1, 'S')
        }
    );
    let m: Move = serde_json::from_str(r#"{"type":"build_road","edge":[0,0,"W"]}"#).unwrap();
    assert_eq!(
        m,
        Move::BuildRoad {
            edge: ed(-1, 0, "E")
        }
    );
    assert_eq!(
        serde_json::to_value(vt(1, -1, 'S')).unwrap(),
        serde_json::json!([1, -1, "S"])
    );
    assert!(serde_json::from_str::<Move>(r#"{"type":"build_road","edge":[0,0,"Q"]}"#).is_err());
    assert!(
        serde_json::from_str::<Move>(r#"{"type":"build_road","edge":[0,0,"E"],"x":1}"#).is_err()
    );
}

#[test]
fn layout_options_come_from_the_shared_core() {
    let o = Options {
        numbers: Numbers::Random,
        ..Options::default()
    };
    let s = G::start(&o, &mut Dice::new(4)).unwrap().state;
    assert_eq!(
        s.board.tiles.iter().filter(|t| t.token.is_none()).count(),
        1
    );
    let bad = Options {
        layout: Layout::Manual,
        ..Options::default()
    };
    assert!(G::start(&bad, &mut Dice::new(4)).is_err());
    let opts_json: Options = serde_json::from_str(
        r#"{"layout":"beginner","harbours":"random","neutral_placement":"bot"}"#,
    )
    .unwrap();
    assert_eq!(opts_json.neutral_placement, NeutralPlacement::Bot);
    assert!(serde_json::from_str::<Options>(r#"{"nonsense":1}"#).is_err());
}

#[test]
fn discard_limit_option_and_colour_labels() {
    let mut o = opts();
    o.discard_limit = 9;
    let mut s = base_with(o);
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_B, &[(Card::Ore, 9)]);
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert!(s1
        .pending
        .iter()
        .all(|p| !matches!(p, Pending::Discard { .. }))); // CCK-SEVEN-1 with limit 9
    assert_eq!(view_of(&s1, None)["colours"]["n2"], "orange");
    let mut bad = opts();
    bad.discard_limit = 3;
    assert!(G::start(&bad, &mut Dice::new(1)).is_err());
}

#[test]
fn walls_metropolises_and_knights_are_the_core_boards_pieces() {
    // CCK-BUILD-2, CCK-BUILD-3, CCK-IMP-4 on the core's Board<Extra>: a city's wall and
    // metropolis live in the intersection's piece slot and leave with the city; a knight is a
    // piece that takes a settlement's spot and blocks other colours' roads.
    use crate::games::catan::board::{BuildingKind, Island};
    let mut s = base();
    let v = vi(vt(2, -1, 'S'));
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    assert_eq!(s.board.piece(v), None); // a plain city has no extra piece
    s.edit_building(v, |b| b.wall = true);
    s.edit_building(v, |b| b.metropolis = Some(Track::Trade));
    let b = s.building(v).unwrap();
    assert!(b.city && b.wall && b.metropolis == Some(Track::Trade));
    assert_eq!(s.board.building(v).unwrap().kind, BuildingKind::City);
    assert_eq!(s.board.occupant(v), Some(Colour::A));
    // pillage-like: the city becomes a settlement without its wall and metropolis
    s.edit_building(v, |b| {
        b.city = false;
        b.wall = false;
        b.metropolis = None;
    });
    assert_eq!(s.board.piece(v), None);
    assert!(!s.building(v).unwrap().city);
    s.set_building(v, None);
    assert_eq!(s.building(v), None);
    assert_eq!(s.board.occupant(v), None);
    // a knight: the core sees its colour on the intersection
    let w = vi(vt(0, -1, 'N'));
    kn(&mut s, Colour::B, vt(0, -1, 'N'), 2, true);
    assert_eq!(s.knight(w).map(|k| k.level), Some(2));
    assert_eq!(s.building(w), None);
    assert!(s.board.check_settlement_spot(w).is_err()); // CCK-BUILD-2
    assert!(s.board.blocked_for(w, Colour::A));
    assert!(!Island::blocked_for(&s.board, w, Colour::B));
    s.knight_mut(w).unwrap().active = false;
    assert!(!s.knight(w).unwrap().active);
    // setting no building leaves the knight alone
    s.set_building(w, None);
    assert!(s.knight(w).is_some());
    assert_eq!(s.take_knight(w).map(|k| k.colour), Some(Colour::B));
    assert_eq!(s.board.occupant(w), None);
}

/// Ck-duel's events and legal-move labels name a place by the hexes that touch it, in
/// English and German, with the id kept beside it; an event stored before events carried a
/// `place` still reads by its coordinates.
// CCK-NEUT-1 (a knight built), CCK-BUILD-4 (a road), CAT-ROB-1 (the robber's hex)
#[test]
fn places_are_named_by_what_touches_them() {
    use super::super::events::{corner_place, hex_place, path_place, Event as Typed};
    use crate::engine::{Describe, Lang, TextCx};
    use crate::games::catan::place::{Case, Place};
    let seats = CatanCkDuel::seats(&Options::default());
    let (en, de) = (TextCx::new(Lang::En, &seats), TextCx::new(Lang::De, &seats));
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let v = vt(3, -1, 'S');
    let p = corner_place(&s, vi(v)).unwrap();
    let Place::Corner { land, sea, .. } = &p else {
        panic!("{p:?}")
    };
    // S(3,-1) on the beginner board: one land hex and the sea.
    assert_eq!((land.len(), *sea), (1, true), "{p:?}");
    // Named by where on that hex it lies, so the other coastal corners of the
    // mountains (8) read differently.
    assert_eq!(p.en(), "the north-east corner of the mountains (8)");
    assert_eq!(
        p.de(Case::Acc),
        "die Kreuzung an der Nordostecke des Gebirges (8)"
    );
    let (_, ev) = ok(&s, SEAT_A, Move::BuildKnight { vertex: v });
    let e = ev.iter().find(|e| e.kind == "knight_built").unwrap();
    assert_eq!(e.data["place"]["type"], "corner", "{:?}", e.data);
    assert_eq!(e.data["place"]["vertex"], e.data["vertex"]);
    assert_eq!(
        e.text,
        format!(
            "{} builds a basic knight at {}; a neutral basic knight follows.",
            en.seat_name(SEAT_A),
            p.en()
        )
    );
    assert!(e
        .text
        .contains(" at the north-east corner of the mountains (8);"));
    assert!(!e.text.contains("S(3,-1)"), "{}", e.text);
    let typed: Typed =
        serde_json::from_value(serde_json::json!({"kind": e.kind, "data": e.data})).unwrap();
    assert_eq!(
        typed.describe(&de),
        format!(
            "{} setzt einen schwachen Ritter auf {}; ein neutraler schwacher Ritter folgt.",
            de.seat_name(SEAT_A),
            p.de(Case::Acc)
        )
    );
    // An old session's event has no `place`: it reads by its coordinates.
    let mut old = e.data.clone();
    old.as_object_mut().unwrap().remove("place");
    let old: Typed =
        serde_json::from_value(serde_json::json!({"kind": e.kind, "data": old})).unwrap();
    assert!(
        old.describe(&en).contains(" at S(3,-1);"),
        "{}",
        old.describe(&en)
    );
    assert!(
        old.describe(&de).contains(" auf die Kreuzung S(3,-1);"),
        "{}",
        old.describe(&de)
    );

    // The legal-move labels read the state's board (CCK-BUILD-4, CAT-ROB-1).
    let label = |mv: &Move, free: &[&str], cx: &TextCx<'_>| CatanCkDuel::label_in(&s, mv, free, cx);
    let knight = Move::BuildKnight { vertex: v };
    assert_eq!(
        label(&knight, &[], &en),
        format!("Build a basic knight at {}", p.en())
    );
    assert_eq!(
        label(&knight, &[], &de),
        format!("Ritter auf {} einsetzen", p.de(Case::Acc))
    );
    let e2 = ed(2, 0, "NE");
    let path = path_place(&s, ei(e2)).unwrap();
    let road = Move::BuildRoad { edge: e2 };
    assert_eq!(
        label(&road, &[], &en),
        format!("Build a road on {}", path.en())
    );
    assert_eq!(
        path.en(),
        "the path along the north-east side of the mountains (8)"
    );
    assert_eq!(
        label(&road, &[], &de),
        format!("Straße auf {} bauen", path.de(Case::Dat))
    );
    // A template leaves the place open: its label names none.
    assert_eq!(label(&road, &["edge"], &en), "Build a road");
    let h = Hex(0, 0);
    let hex = hex_place(&s, hi(h)).unwrap();
    let robber = Move::MoveRobber {
        hex: h,
        stolen: None,
    };
    assert_eq!(
        label(&robber, &[], &en),
        format!("Move the robber to {}", hex.en())
    );
    assert_eq!(
        label(&robber, &[], &de),
        format!("Räuber auf {} versetzen", hex.de(Case::Acc))
    );
    // Without a state (the plain `label`), places read by coordinates.
    assert_eq!(
        CatanCkDuel::label(&knight, &[], &en),
        "Build a basic knight at S(3,-1)"
    );
    // Every other label is a short English sentence, not the move's type.
    assert_eq!(label(&Move::EndTurn, &[], &en), "End the turn");
    assert_eq!(
        label(&Move::RespondTrade { accept: true }, &[], &en),
        "Accept the offer"
    );
    assert_eq!(
        label(&Move::TokenRobberToDesert, &[], &en),
        "Pay trade tokens to send the robber back to the desert"
    );
}

/// A simple path of `n` roads from `from` over empty intersections that avoids `avoid`, found by
/// depth-first search in reading order: the intersections, `from` first.
fn free_trail(s: &State, from: VertexId, n: usize, avoid: &[VertexId]) -> Vec<VertexId> {
    fn go(s: &State, path: &mut Vec<VertexId>, n: usize, avoid: &[VertexId]) -> bool {
        if path.len() == n + 1 {
            return true;
        }
        let u = *path.last().unwrap();
        for (v, _) in super::super::board::adjacent(u) {
            if path.contains(&v) || avoid.contains(&v) || s.board.occupant(v).is_some() {
                continue;
            }
            path.push(v);
            if go(s, path, n, avoid) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = vec![from];
    assert!(
        go(s, &mut path, n, avoid),
        "no free trail of {n} from {from:?}"
    );
    path
}

/// The road between two neighbouring intersections.
fn road_between(u: VertexId, v: VertexId) -> EdgeId {
    super::super::board::adjacent(u)
        .find(|(w, _)| *w == v)
        .unwrap()
        .1
}

/// Lays roads of `c` along the intersections `path`.
fn lay(s: &mut State, c: Colour, path: &[VertexId]) {
    for w in path.windows(2) {
        s.set_road(road_between(w[0], w[1]), Some(c));
    }
}

/// The Longest Road events `update_longest_road` emits now, as readers see them.
fn longest_road_events(s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    mechanics::update_longest_road(s, &mut ev);
    super::kit::read_all(&ev)
}

#[test]
fn longest_road_is_the_cores_award_and_knights_break_trails() {
    // CAT-AWARD-1, CAT-AWARD-2, CAT-DUO-16, CCK-BUILD-2
    let mut s = base();
    assert_eq!(s.longest_road, None);
    let pa = free_trail(&s, VertexId::from_index(0).unwrap(), 5, &[]);
    // four roads are not enough
    lay(&mut s, Colour::A, &pa[..5]);
    assert!(longest_road_events(&mut s).is_empty());
    assert_eq!(s.longest_road, None);
    // the fifth gives it to a; the event lists a, b, n1, n2
    lay(&mut s, Colour::A, &pa[4..]);
    let ev = longest_road_events(&mut s);
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].rule, "CAT-AWARD-2");
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": null, "new": "a", "length": 5, "lengths": [5, 0, 0, 0]})
    );
    assert_eq!(s.longest_road, Some(Colour::A));
    assert_eq!(mechanics::vp_breakdown(&s, SEAT_A).longest_road, 2);
    // b draws level: the holder keeps it
    let far = VertexId::from_index(VertexId::COUNT - 1).unwrap();
    let pb = free_trail(&s, far, 5, &pa);
    lay(&mut s, Colour::B, &pb);
    assert!(longest_road_events(&mut s).is_empty());
    assert_eq!(s.longest_road, Some(Colour::A));
    // a knight of b in the middle of a's trail breaks it: b is now the sole best
    s.set_knight(pa[3], Some(Knight::placed(Colour::B, 1, false)));
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "a", "new": "b", "length": 5, "lengths": [3, 5, 0, 0]})
    );
    assert_eq!(s.longest_road, Some(Colour::B));
    // a neutral colour takes it too (CAT-DUO-16)
    let mut avoid = pa.clone();
    avoid.extend(&pb);
    let from = VertexId::all()
        .find(|v| {
            !avoid.contains(v)
                && s.board.occupant(*v).is_none()
                && v.neighbours().iter().all(|n| !avoid.contains(n))
        })
        .unwrap();
    let pn = free_trail(&s, from, 6, &avoid);
    lay(&mut s, Colour::N1, &pn);
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "b", "new": "n1", "length": 6, "lengths": [3, 5, 6, 0]})
    );
    // n1 loses two roads: b and n1 tie at 4 below 5, so the card is set aside
    for w in pn.windows(2).take(2) {
        s.set_road(road_between(w[0], w[1]), None);
    }
    s.set_road(road_between(pb[0], pb[1]), None);
    let ev = longest_road_events(&mut s);
    assert_eq!(
        ev[0].data,
        serde_json::json!({"old": "n1", "new": null, "length": 4, "lengths": [3, 4, 4, 0]})
    );
    assert_eq!(s.longest_road, None);
}
