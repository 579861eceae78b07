//! The knights (CCK-KNIGHT): building, activating, promoting, moving, displacing, chasing the
//! robber.

use super::super::board::Hex;
use super::super::data::*;
use super::super::moves::Move;
use super::super::state::*;
use super::super::*;
use super::kit::*;

#[test]
fn cck_knight_1_build_basic_at_road_end_with_stock() {
    let mut s = base();
    a_net(&mut s);
    give(&mut s, SEAT_A, &[(Card::Wool, 3), (Card::Ore, 3)]);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(-2, 1, 'N')
            }
        ),
        "CCK-KNIGHT-1"
    ); // not at a road end
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::BuildKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    let k = s1.knight(vi(vt(3, -1, 'S'))).unwrap();
    assert_eq!((k.level, k.active), (1, false)); // CCK-KNIGHT-1
    let mut t = s.clone();
    t.players[SEAT_A].knights_left[0] = 0;
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::BuildKnight {
                vertex: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-1"
    ); // no basic in stock
}

#[test]
fn cck_knight_2_activation_same_turn_but_no_action() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    give(&mut s, SEAT_A, &[(Card::Grain, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-2"
    ); // CCK-KNIGHT-2
    let mut t = s1.clone();
    t.turn += 2;
    ok(
        &t,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
}

#[test]
fn cck_knight_3_promotion_keeps_state_once_per_turn() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true);
    give(&mut s, SEAT_A, &[(Card::Wool, 2), (Card::Ore, 2)]);
    s.players[SEAT_A].imp[1] = 3;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::PromoteKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    let k = s1.knight(vi(vt(2, 0, 'N'))).unwrap();
    assert_eq!((k.level, k.active), (2, true)); // CCK-KNIGHT-3
    assert_eq!(s1.players[SEAT_A].knights_left, [2, 1, 2]); // the basic piece is back
    let mut s1b = s1.clone();
    s1b.pending.clear();
    assert_eq!(
        err(
            &s1b,
            SEAT_A,
            Move::PromoteKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-3"
    );
}

#[test]
fn cck_knight_4_active_knights_act_once() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::A, ed(1, 0, "NE"));
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-4"
    );
    s.knight_mut(vi(vt(2, 0, 'N'))).unwrap().active = true;
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert!(!s1.knight(vi(vt(3, -1, 'S'))).unwrap().active); // CCK-KNIGHT-4: acting deactivates
    let mut t = s1.clone();
    give(&mut t, SEAT_A, &[(Card::Grain, 1)]);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::ActivateKnight {
            vertex: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        err(
            &t1,
            SEAT_A,
            Move::KnightMove {
                from: vt(3, -1, 'S'),
                to: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-2"
    );
}

#[test]
fn cck_knight_5_connection_by_own_roads_not_through_others() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::A, ed(1, 0, "NE")); // S(2,-1)-N(1,0)
    kn(&mut s, Colour::A, vt(1, 0, 'N'), 1, true);
    // from N(1,0) through the own city S(2,-1) to N(2,0) and S(3,-1)
    assert_eq!(
        mechanics::connected_from(&s, vi(vt(1, 0, 'N')), Colour::A),
        {
            let mut v = vec![vi(vt(2, -1, 'S')), vi(vt(2, 0, 'N')), vi(vt(3, -1, 'S'))];
            v.sort();
            v
        }
    );
    // a b knight on N(2,0) blocks the way on
    kn(&mut s, Colour::B, vt(2, 0, 'N'), 2, false);
    assert!(
        !mechanics::connected_from(&s, vi(vt(1, 0, 'N')), Colour::A).contains(&vi(vt(3, -1, 'S')))
    ); // CCK-KNIGHT-5
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-5"
    );
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(1, 0, 'N'),
                to: vt(-2, 1, 'N')
            }
        ),
        "CCK-KNIGHT-5"
    );
}

#[test]
fn cck_knight_6_move_to_empty_connected() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        Move::KnightMove {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).is_none());
    assert_eq!(s1.knight(vi(vt(3, -1, 'S'))).unwrap().level, 2); // CCK-KNIGHT-6
    assert!(has(&ev, "knight_moved"));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightMove {
                from: vt(2, 0, 'N'),
                to: vt(2, -1, 'S')
            }
        ),
        "CCK-KNIGHT-6"
    ); // the city is not empty
}

#[test]
fn cck_knight_7_displace_weaker_owner_relocates() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 2, true);
    // b: settlement N(2,1) with road E(2,0) to S(3,-1) and a basic active knight there
    bld(&mut s, Colour::B, vt(2, 1, 'N'), false);
    road(&mut s, Colour::B, ed(2, 0, "E"));
    road(&mut s, Colour::B, ed(2, 0, "SE")); // N(2,1)-S(2,0)
    kn(&mut s, Colour::B, vt(3, -1, 'S'), 1, true);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightDisplace {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    assert_eq!(
        s1.pending[0],
        Pending::KnightRelocation {
            seat: SEAT_B,
            level: 1,
            active: true,
            from: vi(vt(3, -1, 'S'))
        }
    );
    assert_eq!(
        asked(&s1),
        (vec![SEAT_B], "Player B: your basic knight was displaced; move it to a free intersection along your roads.".to_string())
    );
    let legal = G::legal_moves(&s1, SEAT_B);
    assert_eq!(
        legal,
        vec![Move::RelocateKnight {
            vertex: vt(2, 0, 'S')
        }]
    ); // N(2,0) is reached only by a's road
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::RelocateKnight {
                vertex: vt(2, 0, 'N')
            }
        ),
        "CCK-KNIGHT-7"
    );
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::RelocateKnight {
            vertex: vt(2, 0, 'S'),
        },
    );
    assert!(s2.knight(vi(vt(2, 0, 'S'))).unwrap().active); // CCK-KNIGHT-7: keeps its state
                                                           // equal strength cannot displace
    let mut t = s.clone();
    t.knight_mut(vi(vt(3, -1, 'S'))).unwrap().level = 2;
    assert_eq!(
        err(
            &t,
            SEAT_A,
            Move::KnightDisplace {
                from: vt(2, 0, 'N'),
                to: vt(3, -1, 'S')
            }
        ),
        "CCK-KNIGHT-7"
    );
    // nowhere to go: removed to the stock, no tokens
    let mut u = s.clone();
    u.set_road(ei(ed(2, 0, "SE")), None);
    let tokens = u.players[SEAT_B].tokens;
    let (u1, ev) = ok(
        &u,
        SEAT_A,
        Move::KnightDisplace {
            from: vt(2, 0, 'N'),
            to: vt(3, -1, 'S'),
        },
    );
    // N(2,0) is reachable for b only via a's road: removed
    assert!(u1.pending.is_empty(), "{:?}", u1.pending);
    assert!(has(&ev, "knight_removed"));
    assert_eq!(u1.players[SEAT_B].knights_left[0], 2);
    assert_eq!(u1.players[SEAT_B].tokens, tokens); // CCK-TOKEN-3
}

#[test]
fn cck_knight_8_chase_the_robber() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, true); // touches (2,0), (2,-1), (1,0)? N(2,0): (2,0),(2,-1),(3,-1)
    s.board.robber = hi(Hex(2, -1));
    assert_eq!(
        err(
            &s,
            SEAT_A,
            Move::KnightChaseRobber {
                knight: vt(2, 0, 'N'),
                hex: Hex(1, 1),
                stolen: None
            }
        ),
        "CCK-SEVEN-2"
    );
    s.robber_awake = true;
    bld(&mut s, Colour::B, vt(1, 1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Wool, 1)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::KnightChaseRobber {
            knight: vt(2, 0, 'N'),
            hex: Hex(1, 1),
            stolen: None,
        },
    );
    assert_eq!(s1.board.robber, hi(Hex(1, 1))); // CCK-KNIGHT-8
    assert_eq!(hand(&s1, SEAT_A, Card::Wool), 1);
    assert!(!s1.knight(vi(vt(2, 0, 'N'))).unwrap().active);
    let mut far = s.clone();
    far.board.robber = hi(Hex(-2, 2));
    assert_eq!(
        err(
            &far,
            SEAT_A,
            Move::KnightChaseRobber {
                knight: vt(2, 0, 'N'),
                hex: Hex(1, 1),
                stolen: None
            }
        ),
        "CCK-KNIGHT-8"
    );
}
