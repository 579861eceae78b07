//! The worked examples of the catan-ck-duel spec (Example 1 to 12), one test each.

use super::super::board::Vertex;
use super::super::data::*;
use super::super::moves::Move;
use super::super::options::NeutralPromotion;
use super::super::state::*;
use super::super::*;
use super::kit::*;
use crate::engine::Next;

#[test]
fn ex_1_equal_second_roll_rethrows_only_number_dice() {
    // CCK-DICE-4, CCK-DICE-5 (worked example 1)
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    let (s1, _) = okd(&s, SEAT_A, roll(&[3, 4, 1]), &[]);
    assert_eq!(s1.barbarian, 1);
    assert!(s1.pending.is_empty());
    let (s2, ev) = okd(&s1, SEAT_A, roll(&[5, 2, 5, 6, 3]), &[]);
    assert_eq!(s2.players[SEAT_B].progress.len(), 1); // b: politics 1, red 2 <= 2: draws blue
    assert_eq!(s2.players[SEAT_B].progress[0].kind.deck(), Track::Politics);
    assert_eq!(s2.players[SEAT_A].progress.len(), 0); // a: politics 0
    assert_eq!(s2.rolls[1].sum, 9); // CCK-DICE-4
    assert_eq!(s2.rolls[1].rejected, vec![[5, 2]]);
    assert_eq!(s2.rolls[1].event, 5);
    let events_thrown = s2.rolls.len();
    assert_eq!(events_thrown, 2); // CCK-DICE-5: the event die twice in all
    assert!(has(&ev, "second_roll_repeated"));
    assert_eq!(s2.phase, Phase::Main);
}

#[test]
fn ex_10_barbarian_attack_lost() {
    // CCK-BARB-1, CCK-BARB-2, CCK-BARB-4, CCK-BARB-5, CCK-SEVEN-2 (worked example 10)
    let mut s = base();
    s.phase = Phase::Roll1;
    s.barbarian = 6;
    bld(&mut s, Colour::A, vt(2, -1, 'S'), true);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), true);
    s.edit_building(vi(vt(-2, 1, 'N')), |b| b.metropolis = Some(Track::Science));
    bld(&mut s, Colour::B, vt(0, 1, 'S'), true);
    s.edit_building(vi(vt(0, 1, 'S')), |b| b.wall = true);
    s.players[SEAT_B].walls_left = 2;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 2, false); // neutral knights never count
    let (s1, ev) = okd(&s, SEAT_A, roll(&[2, 2, 3]), &[]);
    let lost = ev_rule(&ev, "barbarians_win").unwrap();
    assert_eq!(lost.data["barbarians"], 3); // CCK-BARB-2: metropolis city counts once
    assert_eq!(lost.data["catan"], 2);
    assert_eq!(
        lost.text,
        "The barbarians (strength 3) beat Catan's knights (strength 2): Player B loses a city."
    );
    assert_eq!(s1.pending[0], Pending::Pillage { seat: SEAT_B }); // CCK-BARB-4: lowest strength (0)
    assert_eq!(s1.barbarian, 0); // CCK-BARB-5
    assert!(!s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    assert!(s1.robber_awake);
    assert_eq!(hand(&s1, SEAT_B, Card::Grain), 0); // production waits for the attack (CCK-BARB-1)
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::ChoosePillagedCity {
            vertex: vt(0, 1, 'S'),
        },
    );
    let b = s2.building(vi(vt(0, 1, 'S'))).unwrap();
    assert!(!b.city && !b.wall);
    assert_eq!(s2.players[SEAT_B].walls_left, 3);
    assert_eq!(hand(&s2, SEAT_B, Card::Grain), 1); // the sum 4 then produces for the settlement
    assert_eq!(s2.phase, Phase::Roll2);
}

#[test]
fn ex_12_alchemist_timing() {
    // CCK-PROG-10, CCK-DICE-6 (worked example 12)
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Alchemist);
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[0] = 2;
    s.players[SEAT_A].imp[0] = 1;
    bld(&mut s, Colour::A, vt(0, -1, 'N'), false); // hills 6? N(0,-1): (0,-1) hills 6, (0,-2), (1,-2)
    let alch = |w: u8, r: u8| {
        pp(ProgressKind::Alchemist, |m| {
            if let Move::PlayProgress { white, red, .. } = m {
                *white = Some(w);
                *red = Some(r);
            }
        })
    };
    let (r1, _) = okd(&s, SEAT_A, roll(&[1, 2, 1]), &[]);
    assert_eq!(err(&r1, SEAT_A, alch(3, 3)), "CCK-PROG-10"); // never before the second roll
    let (s1, _) = okd(&s, SEAT_A, alch(3, 3), &[4]);
    assert_eq!(s1.rolls[0].sum, 6);
    assert_eq!(
        s1.players[SEAT_B].progress.len() + s1.players[SEAT_B].vp_cards.len(),
        1
    ); // trade 2: red 3 <= 3
    assert_eq!(s1.players[SEAT_A].progress.len(), 0); // trade 1: red 3 > 2 (and the Alchemist is gone)
    assert_eq!(hand(&s1, SEAT_A, Card::Brick), 1); // sum 6 produced
    let (s2, _) = okd(&s1, SEAT_A, roll(&[3, 3, 1, 2, 2]), &[]);
    assert_eq!(s2.rolls[1].sum, 4); // the second roll must not sum 6
    assert_eq!(s2.rolls[1].rejected, vec![[3, 3]]);
}

#[test]
fn ex_11_road_building_two_neutral_roads() {
    // CCK-PROG-16 (worked example 11)
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::RoadBuilding);
    // NE(1,0): S(2,-1)-N(1,0), then SE(1,-1): N(1,0)-S(1,-1)
    let m = pp(ProgressKind::RoadBuilding, |m| {
        if let Move::PlayProgress { edges, .. } = m {
            *edges = Some(vec![ed(1, 0, "NE"), ed(1, -1, "SE")]);
        }
    });
    let (s1, ev) = ok(&s, SEAT_A, m);
    assert_eq!(s1.pending.iter().filter(|p| matches!(p, Pending::Neutral { task: NeutralTask::Road, trigger } if trigger == "CCK-PROG-16")).count(), 2);
    // each of the two roads is in the log, after the card
    let roads = effects(&ev, ProgressKind::RoadBuilding, "road_built", "CCK-PROG-16");
    assert_eq!(roads.len(), 2, "{ev:?}");
    assert!(roads
        .iter()
        .all(|e| e.text.contains("a neutral road follows")));
    let opts1 = G::legal_moves(&s1, SEAT_A);
    let first_n1 = opts1
        .iter()
        .find(|m| {
            matches!(
                m,
                Move::NeutralBuild {
                    colour: Colour::N1,
                    ..
                }
            )
        })
        .unwrap()
        .clone();
    let (s2, _) = ok(&s1, SEAT_A, first_n1);
    let opts2 = G::legal_moves(&s2, SEAT_A);
    let first_n2 = opts2
        .iter()
        .find(|m| {
            matches!(
                m,
                Move::NeutralBuild {
                    colour: Colour::N2,
                    ..
                }
            )
        })
        .unwrap()
        .clone();
    let (s3, _) = ok(&s2, SEAT_A, first_n2); // one for n1, one for n2
    assert!(s3.pending.is_empty());
    assert_eq!(s3.roads().filter(|c| c.seat().is_none()).count(), 2);
}

#[test]
fn ex_9_deserter_against_a_neutral_colour() {
    // CCK-PROG-19 (worked example 9)
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    kn(&mut s, Colour::N2, vt(-2, 1, 'N'), 2, false);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let des = |t: Colour, k: Option<Vertex>| {
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, knight, .. } = m {
                *target = Some(t);
                *knight = k;
            }
        })
    };
    assert_eq!(
        err(&s, SEAT_A, des(Colour::N2, Some(vt(-2, 1, 'N')))),
        "CCK-PROG-19"
    ); // not the weakest
    let (s1, _) = ok(&s, SEAT_A, des(Colour::N2, None));
    assert!(s1.knight(vi(vt(-1, 2, 'N'))).is_none());
    assert_eq!(s1.neutrals[1].knights_left[0], 2);
    assert_eq!(
        s1.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 1,
            active: false
        }
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::DeserterPlace {
            vertex: Some(vt(3, -1, 'S')),
        },
    );
    assert_eq!(s2.knight(vi(vt(3, -1, 'S'))).unwrap().colour, Colour::A);
    assert!(s2.pending.is_empty()); // no neutral knight follows
}

#[test]
fn ex_2_mirrored_knight_active_player_chooses() {
    // CCK-NEUT-1, CCK-NEUT-9 (worked example 2)
    let s = ex2_board(opts());
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(matches!(G::next(&s1), Next::Human { ref seats, .. } if seats == &vec![SEAT_A]));
    assert_eq!(
        G::legal_moves(&s1, SEAT_A),
        vec![
            nb_v(Colour::N1, vt(0, -1, 'S')),
            nb_v(Colour::N1, vt(1, -1, 'S'))
        ]
    );
    assert_eq!(
        view_of(&s1, Some(SEAT_A))["neutral_options"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N'))),
        "CCK-NEUT-1"
    );
    let (s2, ev) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(0, -1, 'S')));
    let k = s2.knight(vi(vt(0, -1, 'S'))).unwrap();
    assert_eq!((k.colour, k.level, k.active), (Colour::N1, 1, false));
    assert_eq!(
        ev_rule(&ev, "neutral_placed").unwrap().data["chosen_by"],
        "active_player"
    );
    assert!(s2.pending.is_empty());
}

#[test]
fn ex_3_bot_blocks_by_reach_then_pips() {
    // CCK-NEUT-10, CCK-NEUT-11 (worked example 3)
    let s = ex3_board();
    let r = bot::reach(&s, SEAT_B);
    assert_eq!(r[vi(vt(1, -1, 'S'))], 2); // CCK-NEUT-10
    assert_eq!(r[vi(vt(0, -1, 'S'))], 4);
    assert_eq!(mechanics::pips_at(&s, vi(vt(1, -1, 'S'))), 5);
    assert_eq!(mechanics::pips_at(&s, vi(vt(0, -1, 'S'))), 7);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(matches!(G::next(&s1), Next::Bot { .. })); // CCK-NEUT-9
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S'))),
        "SESSION-TURN-1"
    ); // out of turn: the bot decides
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    let k = st.state.knight(vi(vt(1, -1, 'S'))).unwrap();
    assert_eq!(k.colour, Colour::N1); // CCK-NEUT-11
    let e = ev_rule(&st.events, "neutral_placed").unwrap();
    assert_eq!(e.rule, "CCK-NEUT-11");
    assert_eq!(e.data["chosen_by"], "bot");
    assert_eq!(e.data["target"], "b");
    let c = e.data["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(
        (c[0]["reach"].as_u64(), c[0]["pips"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(
        (c[1]["reach"].as_u64(), c[1]["pips"].as_u64()),
        (Some(4), Some(7))
    );
    assert_eq!(c[0]["spot"]["vertex"], serde_json::json!([1, -1, "S"]));
}

#[test]
fn ex_4_no_neutral_knight_possible_road_instead() {
    // CCK-NEUT-3 (worked example 4)
    let mut s = ex2_board(opts());
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 1, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    kn(&mut s, Colour::N2, vt(2, 0, 'N'), 1, false);
    road(&mut s, Colour::A, ed(-2, 1, "E")); // S(-1,0)-N(-2,2)
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(has(&ev, "neutral_fallback"));
    assert!(matches!(
        s1.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    ));
    assert_eq!(
        err(&s1, SEAT_A, nb_v(Colour::N1, vt(-1, 0, 'N'))),
        "CCK-NEUT-3"
    );
    let legal = G::legal_moves(&s1, SEAT_A);
    assert!(legal
        .iter()
        .all(|m| matches!(m, Move::NeutralBuild { edge: Some(_), .. })));
    assert!(legal.iter().any(|m| matches!(
        m,
        Move::NeutralBuild {
            colour: Colour::N2,
            ..
        }
    )));
    let (s2, _) = ok(&s1, SEAT_A, legal[0].clone());
    // a second knight this turn: a second neutral road
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-2, 2, 'N'),
        },
    );
    assert!(matches!(
        s3.pending[0],
        Pending::Neutral {
            task: NeutralTask::Road,
            ..
        }
    )); // CCK-NEUT-3
}

#[test]
fn ex_5_promotion_to_mighty_lapses() {
    // CCK-NEUT-6 (worked example 5)
    let mut s = base();
    s.players[SEAT_A].imp[1] = 3;
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(s1.pending.is_empty());
    assert_eq!(
        ev_rule(&ev, "neutral_promotion_lapses").unwrap().rule,
        "CCK-NEUT-6"
    );
    let mut o = opts();
    o.neutral_promotion = NeutralPromotion::OneStep;
    let mut t = s.clone();
    t.opts = o;
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(
        G::legal_moves(&t1, SEAT_A),
        vec![nb_v(Colour::N2, vt(-1, 2, 'N'))]
    );
    let (t2, _) = ok(&t1, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N')));
    assert_eq!(t2.knight(vi(vt(-1, 2, 'N'))).unwrap().level, 2);
    assert_eq!(t2.neutrals[1].knights_left, [2, 1]);
}

#[test]
fn ex_6_displacing_a_neutral_knight() {
    // CCK-NEUT-8, CCK-TOKEN-3 (worked example 6)
    let mut s = base();
    s.active = SEAT_B;
    road(&mut s, Colour::N1, ed(0, 0, "NE"));
    road(&mut s, Colour::N1, ed(0, -1, "SE"));
    road(&mut s, Colour::N1, ed(0, 0, "E")); // S(1,-1)-N(0,1)
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    road(&mut s, Colour::B, ed(1, -1, "SE")); // N(1,0)-S(1,-1)
    bld(&mut s, Colour::B, vt(1, -1, 'N'), false);
    road(&mut s, Colour::B, ed(1, -1, "NE")); // N(1,-1)-S(2,-2)?? keeps b connected
    kn(&mut s, Colour::B, vt(1, 0, 'N'), 2, true);
    let (s1, _) = ok(
        &s,
        SEAT_B,
        Move::KnightDisplace {
            from: vt(1, 0, 'N'),
            to: vt(1, -1, 'S'),
        },
    );
    assert!(!s1.knight(vi(vt(1, -1, 'S'))).unwrap().active);
    assert_eq!(
        asked(&s1),
        (vec![SEAT_B], "Player B: move the displaced neutral knight along its colour's roads; choose among the listed spots.".to_string())
    );
    assert_eq!(
        G::legal_moves(&s1, SEAT_B),
        vec![
            nb_v(Colour::N1, vt(0, -1, 'S')),
            nb_v(Colour::N1, vt(0, 1, 'N'))
        ]
    );
    let (s2, _) = ok(&s1, SEAT_B, nb_v(Colour::N1, vt(0, 1, 'N')));
    assert_eq!(s2.knight(vi(vt(0, 1, 'N'))).unwrap().colour, Colour::N1);
    // both spots held: back to the stock, nobody earns tokens
    let mut t = s.clone();
    bld(&mut t, Colour::A, vt(0, -1, 'S'), false);
    kn(&mut t, Colour::A, vt(0, 1, 'N'), 1, false);
    let supply = t.token_supply;
    let (t1, ev) = ok(
        &t,
        SEAT_B,
        Move::KnightDisplace {
            from: vt(1, 0, 'N'),
            to: vt(1, -1, 'S'),
        },
    );
    assert!(t1.pending.is_empty());
    assert!(has(&ev, "neutral_knight_removed"));
    assert_eq!(t1.neutrals[0].knights_left[0], 2);
    assert_eq!(t1.token_supply, supply);
}

#[test]
fn ex_7_knight_for_tokens_with_short_supply() {
    // CCK-TOKEN-2, CCK-TOKEN-4 (worked example 7)
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 3, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, true);
    s.token_supply = 2;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(s1.players[SEAT_A].tokens, 7);
    assert_eq!(s1.token_supply, 0);
    let e = ev_rule(&ev, "tokens_earned").unwrap();
    assert_eq!(
        (e.data["due"].as_u64(), e.data["paid"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(s1.players[SEAT_A].knights_left[2], 2);
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::RemoveOwnKnight {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-TOKEN-2"
    );
    // active or not does not matter; strong pays 2
    let mut t = base();
    kn(&mut t, Colour::A, vt(2, 0, 'N'), 2, true);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 7); // CCK-TOKEN-2
                                              // only after both rolls
    let mut u = t.clone();
    u.phase = Phase::Roll2;
    assert_eq!(
        err(
            &u,
            SEAT_A,
            Move::RemoveOwnKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-DICE-6"
    );
}

#[test]
fn ex_8_forced_trade_costs_and_modes() {
    // CCK-TOKEN-6, CCK-TOKEN-7, CCK-TOKEN-8 (worked example 8)
    let mut s = base();
    for v in [vt(2, -1, 'S'), vt(-2, 1, 'N'), vt(-1, 2, 'S')] {
        bld(&mut s, Colour::A, v, true);
    }
    bld(&mut s, Colour::A, vt(0, -2, 'N'), false);
    for v in [vt(1, 1, 'N'), vt(-1, 1, 'S')] {
        bld(&mut s, Colour::B, v, true);
    }
    bld(&mut s, Colour::B, vt(0, 2, 'N'), false);
    assert_eq!(
        (mechanics::vp(&s, SEAT_A), mechanics::vp(&s, SEAT_B)),
        (7, 5)
    );
    give(&mut s, SEAT_B, &[(Card::Grain, 1), (Card::Paper, 3)]);
    give(
        &mut s,
        SEAT_A,
        &[(Card::Ore, 1), (Card::Wool, 1), (Card::Coin, 1)],
    );
    let (r1, _) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    );
    assert_eq!(r1.players[SEAT_A].tokens, 3); // 2 tokens
    assert_eq!(hand(&r1, SEAT_A, Card::Grain), 1); // the only resource
    assert_eq!(hand(&r1, SEAT_B, Card::Paper), 3); // paper set aside
    assert_eq!(
        err(
            &r1,
            SEAT_A,
            Move::ForcedTradeReturn {
                cards: [(Card::Coin, 1), (Card::Ore, 1)].into_iter().collect()
            }
        ),
        "CCK-TOKEN-6"
    );
    let (r2, _) = ok(
        &r1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Ore, 1), (Card::Wool, 1)].into_iter().collect(),
        },
    );
    assert_eq!(r2.players[SEAT_B].hand.resources(), 2);
    let (a1, ev) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::All,
            drawn_cards: None,
        },
    );
    assert_eq!(a1.players[SEAT_A].tokens, 1); // 4 tokens: double
    assert_eq!(a1.players[SEAT_B].hand.total(), 2); // 2 of the 4 drawn
    assert!(ev.iter().any(|e| e.data["rule_announce"] == "CCK-TOKEN-8"));
    let (a2, _) = ok(
        &a1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Coin, 1), (Card::Ore, 1)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&a2, SEAT_B, Card::Coin), 1); // commodities may go back
                                                  // not enough tokens for the doubled price
    let mut p = s.clone();
    p.players[SEAT_A].tokens = 3;
    assert_eq!(
        err(
            &p,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::All,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-7"
    );
    // too short a hand to give 2 back
    let mut q = base();
    give(&mut q, SEAT_B, &[(Card::Paper, 3)]);
    assert_eq!(
        err(
            &q,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::Resources,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-6"
    );
}
