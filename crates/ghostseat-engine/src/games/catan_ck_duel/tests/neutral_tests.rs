//! The neutral parties (CCK-NEUT): the pieces they get, who places them, and the bot's
//! blocking heuristic.

use super::super::data::*;
use super::super::moves::Move;
use super::super::options::BotTarget;
use super::super::state::*;
use super::super::*;
use super::kit::*;
use crate::engine::Next;

#[test]
fn cck_neut_6_same_level_promotion_to_strong() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 2, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    // only the basic one is a candidate; never above strong
    assert_eq!(
        G::legal_moves(&s1, SEAT_A),
        vec![nb_v(Colour::N1, vt(1, -1, 'S'))]
    ); // CCK-NEUT-6
       // no strong piece left in stock: lapses
    let mut t = s.clone();
    t.neutrals[0].knights_left[1] = 0;
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(t1.pending.is_empty());
    assert!(has(&ev, "neutral_promotion_lapses"));
}

#[test]
fn cck_neut_2_several_knights_either_colour() {
    let mut s = ex2_board(opts());
    road(&mut s, Colour::N2, ed(-1, 1, "E")); // S(0,0)-N(-1,2)
    road(&mut s, Colour::A, ed(-2, 1, "E")); // S(-1,0)-N(-2,2)
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let (s2, _) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(0, -1, 'S')));
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-2, 2, 'N'),
        },
    );
    assert!(G::legal_moves(&s3, SEAT_A).contains(&nb_v(Colour::N2, vt(-1, 2, 'N')))); // CCK-NEUT-2
    let (s4, _) = ok(&s3, SEAT_A, nb_v(Colour::N2, vt(-1, 2, 'N')));
    assert_eq!(
        s4.knights().filter(|k| k.colour.seat().is_none()).count(),
        2
    );
}

#[test]
fn cck_neut_4_neutral_knights_never_activate_or_act() {
    let mut s = base();
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::ActivateKnight {
                vertex: vt(1, -1, 'S')
            }
        ),
        "CCK-KNIGHT-2"
    ); // CCK-NEUT-4
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, -1, 'S'),
                to: vt(1, 0, 'N')
            }
        ),
        "CCK-KNIGHT-4"
    );
    // they block: no settlement there
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
    road(&mut s, Colour::A, ed(1, -1, "SE"));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildSettlement {
                vertex: vt(1, -1, 'S')
            }
        ),
        "CAT-BUILD-3"
    ); // CCK-NEUT-4
}

#[test]
fn cck_neut_5_city_wall_activation_have_no_neutral_effect() {
    let mut s = base();
    a_net(&mut s);
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false);
    kn(&mut s, Colour::A, vt(3, -1, 'S'), 1, false);
    give(
        &mut s,
        SEAT_A,
        &[(Card::Grain, 3), (Card::Ore, 3), (Card::Brick, 2)],
    );
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildCity {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::BuildCityWall {
            vertex: vt(-2, 1, 'N'),
        },
    );
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert!(s1.pending.is_empty() && s2.pending.is_empty() && s3.pending.is_empty());
    // CCK-NEUT-5
}

#[test]
fn cck_neut_7_promotions_switch_colours() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::N2, vt(-1, 2, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    let (s2, _) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S')));
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(-2, 1, 'N'),
        },
    );
    // n1 has no basic knight left: the colour must change
    assert_eq!(
        G::legal_moves(&s3, SEAT_A),
        vec![nb_v(Colour::N2, vt(-1, 2, 'N'))]
    ); // CCK-NEUT-7
}

#[test]
fn cck_neut_9_who_decides() {
    let s = ex2_board(opts());
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let e = playd(&s1, SEAT_B, nb_v(Colour::N1, vt(0, -1, 'S')), &[]).unwrap_err();
    assert_eq!(e.kind, crate::engine::RuleErrorKind::OutOfTurn); // CCK-NEUT-9: the active player decides
    assert_eq!(
        G::bot_turn(&s1, &mut Dice::new(1)).unwrap_err().kind,
        crate::engine::RuleErrorKind::OutOfTurn
    );
    let b = ex3_board();
    let (b1, _) = ok(
        &b,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(G::legal_moves(&b1, SEAT_A).is_empty());
    assert!(matches!(G::next(&b1), Next::Bot { .. })); // CCK-NEUT-9
}

#[test]
fn cck_neut_10_leader_target() {
    let mut s = ex3_board();
    s.opts.neutral_bot_target = BotTarget::Leader;
    assert_eq!(bot::target(&s), SEAT_B); // b has more VP
    s.players[SEAT_A].defender = 5;
    assert_eq!(bot::target(&s), SEAT_A); // CCK-NEUT-10
    let mut o = ex3_board();
    o.opts.neutral_bot_target = BotTarget::Opponent;
    o.players[SEAT_A].defender = 5;
    assert_eq!(bot::target(&o), SEAT_B);
    // unreachable intersections: 99
    let mut u = base();
    bld(&mut u, Colour::B, vt(1, -1, 'N'), false);
    for (_, e) in super::super::board::adjacent(vi(vt(1, -1, 'N'))) {
        u.set_road(e, Some(Colour::A));
    }
    assert_eq!(bot::reach(&u, SEAT_B)[vi(vt(-2, 2, 'S'))], 99);
}

#[test]
fn cck_neut_12_bot_roads_by_key() {
    let mut s = ex3_board();
    road(&mut s, Colour::A, ed(-2, 1, "E"));
    give(&mut s, SEAT_A, &[(Card::Brick, 1), (Card::Lumber, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildRoad {
            edge: ed(-1, 0, "SE"),
        },
    );
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    let e = ev_rule(&st.events, "neutral_placed").unwrap();
    assert_eq!(e.rule, "CCK-NEUT-12");
    let c = e.data["candidates"].as_array().unwrap();
    let keys: Vec<(u64, i64)> = c
        .iter()
        .map(|x| {
            (
                x["reach"].as_u64().unwrap(),
                -(x["pips"].as_u64().unwrap() as i64),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted); // CCK-NEUT-12: listed in key order
    assert_eq!(e.data["spot"], c[0]["spot"]);
    // The sentence says what, for whom, where, why, and whom it blocks
    assert!(
        e.text
            .starts_with("The bot builds a road for neutral party ")
            && e.text.contains(" (white) on ")
            && e.text
                .contains("owed for the road or settlement a player just built")
            && e.text.contains("to block Player "),
        "{}",
        e.text
    );
}

#[test]
fn cck_neut_13_bot_promotion_and_relocation() {
    let mut s = ex3_board();
    kn(&mut s, Colour::N1, vt(0, -1, 'S'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    kn(&mut s, Colour::A, vt(-1, 0, 'S'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Wool, 1), (Card::Ore, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    assert_eq!(st.state.knight(vi(vt(1, -1, 'S'))).unwrap().level, 2); // CCK-NEUT-13: reach 2 before 4
    assert_eq!(
        ev_rule(&st.events, "neutral_placed").unwrap().rule,
        "CCK-NEUT-13"
    );
}

#[test]
fn cck_neut_14_bot_fallback_chain() {
    let mut s = ex3_board();
    s.neutrals[0].knights_left = [0, 0];
    s.neutrals[1].knights_left = [0, 0];
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(has(&ev, "neutral_fallback")); // CCK-NEUT-14: knight -> road
    let st = G::bot_turn(&s1, &mut Dice::new(1)).unwrap();
    assert_eq!(
        ev_rule(&st.events, "neutral_placed").unwrap().data["kind"],
        "road"
    );
    assert!(st.state.pending.is_empty());
    // no road either: nothing
    let mut t = s.clone();
    t.neutrals[0].roads_left = 0;
    t.neutrals[1].roads_left = 0;
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(-1, 0, 'S'),
        },
    );
    assert!(t1.pending.is_empty());
    assert_eq!(
        ev.iter().filter(|e| e.kind == "neutral_fallback").count(),
        2
    );
}
