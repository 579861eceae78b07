//! The progress cards (CCK-PROG): the decks, the gates, the hand limit, and each card's
//! effect.

use super::super::board::{Edge, Hex, Vertex};
use super::super::data::*;
use super::super::moves::Move;
use super::super::state::*;
use super::super::*;
use super::kit::Event;
use super::kit::*;

fn set_hex(m: &mut Move, h: Hex) {
    if let Move::PlayProgress { hex, .. } = m {
        *hex = Some(h);
    }
}

fn set_vertex(m: &mut Move, v: Vertex) {
    if let Move::PlayProgress { vertex, .. } = m {
        *vertex = Some(v);
    }
}

#[test]
fn cck_prog_1_three_decks_of_18() {
    let count = |t: Track, k: ProgressKind| deck_list(t).iter().filter(|x| **x == k).count();
    assert_eq!(deck_list(Track::Science).len(), 18); // CCK-PROG-1
    assert_eq!(deck_list(Track::Politics).len(), 18);
    assert_eq!(deck_list(Track::Trade).len(), 18);
    assert_eq!(count(Track::Trade, ProgressKind::Merchant), 6);
    assert_eq!(count(Track::Politics, ProgressKind::Spy), 3);
    assert_eq!(count(Track::Science, ProgressKind::Printer), 1);
    assert_eq!(count(Track::Trade, ProgressKind::ResourceMonopoly), 4);
    assert!(deck_list(Track::Politics)
        .iter()
        .all(|k| k.deck() == Track::Politics));
    let s = G::start(&opts(), &mut Dice::new(2)).unwrap().state;
    let mut sorted = s.decks[Track::Science.idx()].clone();
    sorted.sort();
    let mut want = deck_list(Track::Science);
    want.sort();
    assert_eq!(sorted, want);
    assert_ne!(s.decks[Track::Science.idx()], deck_list(Track::Science)); // shuffled
}

#[test]
fn cck_prog_2_gate_draws_by_level_and_red_die() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_A].imp[0] = 1;
    s.players[SEAT_B].imp[0] = 2;
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 2, 4]), &[]);
    assert_eq!(
        s1.players[SEAT_A].progress.len() + s1.players[SEAT_A].vp_cards.len(),
        1
    ); // red 2 <= 1 + 1
    assert_eq!(
        s1.players[SEAT_B].progress.len() + s1.players[SEAT_B].vp_cards.len(),
        1
    );
    let (s2, _) = okd(&s, SEAT_A, roll(&[1, 3, 4]), &[]);
    assert_eq!(s2.players[SEAT_A].progress.len(), 0); // CCK-PROG-2: red 3 > 2
    assert_eq!(
        s2.players[SEAT_B].progress.len() + s2.players[SEAT_B].vp_cards.len(),
        1
    );
    let mut e = s.clone();
    e.decks[0].clear();
    let (e1, ev) = okd(&e, SEAT_A, roll(&[1, 1, 4]), &[]);
    assert_eq!(e1.players[SEAT_A].progress.len(), 0); // empty deck gives nothing
    assert!(has(&ev, "deck_empty"));
}

#[test]
fn cck_prog_3_point_cards_face_up_at_once() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[2] = 1;
    s.decks[2].retain(|k| *k != ProgressKind::Printer);
    s.decks[2].push(ProgressKind::Printer);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 6]), &[]);
    assert_eq!(s1.players[SEAT_B].vp_cards, vec![ProgressKind::Printer]); // CCK-PROG-3: outside b's turn
    assert!(s1.players[SEAT_B].progress.is_empty());
    assert_eq!(mechanics::vp(&s1, SEAT_B), 1);
}

#[test]
fn cck_prog_4_hand_limit_four() {
    let mut s = base();
    s.phase = Phase::Roll1;
    s.players[SEAT_B].imp[1] = 1;
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
    ] {
        card(&mut s, SEAT_B, k);
    }
    s.decks[1].retain(|k| *k != ProgressKind::Constitution);
    let (s1, _) = okd(&s, SEAT_A, roll(&[1, 1, 5]), &[]);
    assert_eq!(s1.pending[0], Pending::ProgressExcess { seat: SEAT_B }); // CCK-PROG-4: at once
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::DiscardProgress {
            card: ProgressKind::Bishop,
        },
    );
    assert_eq!(s2.players[SEAT_B].progress.len(), 4);
    assert_eq!(s2.decks[1][0], ProgressKind::Bishop); // under its deck
                                                      // the active player resolves it once both rolls are made
    let mut a = base();
    a.phase = Phase::Roll1;
    a.players[SEAT_A].imp[1] = 1;
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
    ] {
        card(&mut a, SEAT_A, k);
    }
    a.decks[1].retain(|k| *k != ProgressKind::Constitution);
    let (a1, _) = okd(&a, SEAT_A, roll(&[1, 1, 5]), &[]);
    assert!(a1.pending.is_empty());
    assert_eq!(a1.phase, Phase::Roll2);
    let (a2, _) = okd(&a1, SEAT_A, roll(&[2, 2, 1]), &[]);
    assert_eq!(a2.pending, vec![Pending::ProgressExcess { seat: SEAT_A }]); // CCK-PROG-4
}

#[test]
fn cck_prog_5_play_after_rolls_any_number_under_the_deck() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    s.phase = Phase::Roll2;
    s.rolls.push(RollRecord {
        white: 1,
        red: 1,
        event: 1,
        sum: 2,
        rejected: vec![],
    });
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::Warlord)),
        "CCK-DICE-6"
    );
    s.phase = Phase::Main;
    s.players[SEAT_A].progress[0].drawn_turn = s.turn; // drawn this turn: still playable (I)
    let (s1, ev) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    let (s2, _) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Warlord)); // CCK-PROG-5: any number
    assert!(s2.players[SEAT_A].progress.is_empty());
    assert_eq!(
        &s2.decks[1][..2],
        &[ProgressKind::Warlord, ProgressKind::Warlord]
    );
    assert!(ev.iter().any(|e| e.data["rule_play"] == "CCK-PROG-5"));
    assert_eq!(
        err(&s2, SEAT_A, Move::progress(ProgressKind::Spy)),
        "CCK-PROG-5"
    );
}

#[test]
fn cck_prog_11_crane_makes_a_level_cheaper() {
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::Crane);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::ImproveCity {
            track: Track::Science,
            crane: true,
        },
    );
    assert_eq!(s1.players[SEAT_A].imp[2], 1); // CCK-PROG-11: level 1 is free
    assert!(s1.players[SEAT_A].progress.is_empty());
    assert_eq!(
        err(
            &s1,
            SEAT_A,
            Move::ImproveCity {
                track: Track::Science,
                crane: true
            }
        ),
        "CCK-PROG-11"
    );
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::Crane)),
        "CCK-PROG-11"
    );
}

#[test]
fn cck_prog_12_engineer_free_wall() {
    let mut s = base();
    a_net(&mut s);
    card(&mut s, SEAT_A, ProgressKind::Engineer);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Engineer, |m| set_vertex(m, vt(2, -1, 'S'))),
    );
    assert!(s1.building(vi(vt(2, -1, 'S'))).unwrap().wall); // CCK-PROG-12
    let wall = effects(&ev, ProgressKind::Engineer, "wall_built", "CCK-PROG-12");
    assert!(
        wall[0].text.contains("city wall at the"),
        "{}",
        wall[0].text
    );
    assert_eq!(s1.players[SEAT_A].hand.total(), 0);
    s.players[SEAT_A].walls_left = 0;
    assert_eq!(
        err(
            &s,
            SEAT_A,
            pp(ProgressKind::Engineer, |m| set_vertex(m, vt(2, -1, 'S')))
        ),
        "CCK-BUILD-3"
    );
}

#[test]
fn cck_prog_13_inventor_swaps_tokens() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Inventor);
    let sw = |a: Hex, b: Hex| {
        pp(ProgressKind::Inventor, |m| {
            if let Move::PlayProgress { hexes, .. } = m {
                *hexes = Some(vec![a, b]);
            }
        })
    };
    assert_eq!(err(&s, SEAT_A, sw(Hex(0, -1), Hex(1, 0))), "CCK-PROG-13"); // 6 cannot move
    let (s1, ev) = ok(&s, SEAT_A, sw(Hex(2, -1), Hex(1, 0)));
    assert_eq!((s1.token(hi(Hex(2, -1))), s1.token(hi(Hex(1, 0)))), (3, 10)); // CCK-PROG-13
                                                                              // the log names the two hexes as they read before the swap, and the two numbers
    let swap = effects(&ev, ProgressKind::Inventor, "tokens_swapped", "CCK-PROG-13")[0];
    assert_eq!(swap.data["numbers"], serde_json::json!([10, 3]));
    assert!(
        swap.text.contains("(10)") && swap.text.contains("(3)"),
        "{}",
        swap.text
    );
    assert!(
        swap.text.ends_with("the 10 and the 3 change places."),
        "{}",
        swap.text
    );
}

#[test]
fn cck_prog_14_irrigation_and_mining() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), false); // mountains 3, fields 6, hills 5
    bld(&mut s, Colour::A, vt(-2, 1, 'N'), false); // forest 8, fields 9, forest 11
    card(&mut s, SEAT_A, ProgressKind::Irrigation);
    card(&mut s, SEAT_A, ProgressKind::Mining);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Irrigation));
    assert_eq!(hand(&s1, SEAT_A, Card::Grain), 4); // CCK-PROG-14: 2 fields hexes
    let (s2, _) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Mining));
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 2);
    let mut t = s.clone();
    t.bank.0[Card::Grain.idx()] = 3;
    let (t1, _) = ok(&t, SEAT_A, Move::progress(ProgressKind::Irrigation));
    assert_eq!(hand(&t1, SEAT_A, Card::Grain), 3); // as many as the bank holds
}

#[test]
fn cck_prog_15_medicine_cheap_city() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(-1, 1, 'S'), false);
    card(&mut s, SEAT_A, ProgressKind::Medicine);
    give(&mut s, SEAT_A, &[(Card::Ore, 2), (Card::Grain, 1)]);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Medicine, |m| set_vertex(m, vt(-1, 1, 'S'))),
    );
    assert!(s1.building(vi(vt(-1, 1, 'S'))).unwrap().city); // CCK-PROG-15
    effects(&ev, ProgressKind::Medicine, "city_built", "CCK-PROG-15");
    assert_eq!(s1.players[SEAT_A].hand.total(), 0);
}

#[test]
fn cck_prog_17_smith_promotes_two_with_neutral_promotions() {
    // CCK-PROG-17, CCK-NEUT-6, CCK-NEUT-7
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 1, false);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Smith);
    let m = pp(ProgressKind::Smith, |m| {
        if let Move::PlayProgress { knights, .. } = m {
            *knights = Some(vec![vt(2, 0, 'N'), vt(-2, 1, 'N')]);
        }
    });
    let (s1, ev1) = ok(&s, SEAT_A, m);
    assert_eq!(s1.knight(vi(vt(2, 0, 'N'))).unwrap().level, 2);
    assert_eq!(s1.knight(vi(vt(-2, 1, 'N'))).unwrap().level, 2);
    // Each promotion is an event of its own, naming the knight
    let promoted = effects(&ev1, ProgressKind::Smith, "knight_promoted", "CCK-PROG-17");
    assert_eq!(promoted.len(), 2, "{ev1:?}");
    assert!(promoted
        .iter()
        .all(|e| e.rule == "CCK-PROG-17" && e.text.contains("to level 2")));
    assert_eq!(s1.players[SEAT_A].hand.total(), 0); // free
    assert_eq!(s1.pending.len(), 2);
    let (s2, ev) = ok(&s1, SEAT_A, nb_v(Colour::N1, vt(1, -1, 'S')));
    assert_eq!(s2.knight(vi(vt(1, -1, 'S'))).unwrap().level, 2);
    // the second neutral promotion has no candidate left: it lapses, no substitute
    assert!(s2.pending.is_empty());
    assert!(has(&ev, "neutral_promotion_lapses")); // CCK-NEUT-7
                                                   // mighty still needs the Fortress
    let mut t = s2.clone();
    card(&mut t, SEAT_A, ProgressKind::Smith);
    t.turn += 1;
    let m2 = pp(ProgressKind::Smith, |m| {
        if let Move::PlayProgress { knights, .. } = m {
            *knights = Some(vec![vt(2, 0, 'N')]);
        }
    });
    assert_eq!(err(&t, SEAT_A, m2), "CCK-KNIGHT-3");
}

#[test]
fn cck_prog_18_bishop_moves_robber_and_takes() {
    let mut s = base();
    s.robber_awake = true;
    bld(&mut s, Colour::B, vt(2, -1, 'S'), false);
    give(&mut s, SEAT_B, &[(Card::Lumber, 1)]);
    card(&mut s, SEAT_A, ProgressKind::Bishop);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Bishop, |m| set_hex(m, Hex(2, 0))),
    );
    assert_eq!(s1.board.robber, hi(Hex(2, 0))); // CCK-PROG-18
    assert_eq!(hand(&s1, SEAT_A, Card::Lumber), 1);
}

#[test]
fn cck_prog_19_deserter_against_the_opponent() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::B, vt(-2, 1, 'N'), 2, true);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, .. } = m {
                *target = Some(Colour::B)
            }
        }),
    );
    assert_eq!(s1.pending[0], Pending::DeserterPick { seat: SEAT_B });
    let tokens = s1.players[SEAT_B].tokens;
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::DeserterPick {
            vertex: vt(-2, 1, 'N'),
        },
    );
    assert_eq!(s2.players[SEAT_B].tokens, tokens); // CCK-TOKEN-3: no tokens
    assert_eq!(
        s2.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 2,
            active: true
        }
    );
    let (s3, _) = ok(
        &s2,
        SEAT_A,
        Move::DeserterPlace {
            vertex: Some(vt(3, -1, 'S')),
        },
    );
    let k = s3.knight(vi(vt(3, -1, 'S'))).unwrap();
    assert_eq!((k.level, k.active), (2, true)); // CCK-PROG-19: same level, same state
}

#[test]
fn cck_prog_19_deserter_against_a_neutral_colour_names_the_knight_taken() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::N1, vt(-2, 1, 'N'), 2, true);
    kn(&mut s, Colour::N1, vt(1, -1, 'S'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Deserter);
    let stock = s.neutrals[0].knights_left;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Deserter, |m| {
            if let Move::PlayProgress { target, .. } = m {
                *target = Some(Colour::N1)
            }
        }),
    );
    // CCK-PROG-19: the weakest knight of n1 is taken, back to n1's stock
    assert!(s1.knight(vi(vt(1, -1, 'S'))).is_none());
    assert_eq!(s1.neutrals[0].knights_left[0], stock[0] + 1);
    let took = effects(&ev, ProgressKind::Deserter, "deserter_took", "CCK-PROG-19")[0];
    assert_eq!(
        (took.data["colour"].clone(), took.data["level"].clone()),
        (serde_json::json!("n1"), serde_json::json!(1))
    );
    assert!(
        took.text.starts_with(
            "Player A takes the weakest knight of neutral party 1, the basic knight at the"
        ),
        "{}",
        took.text
    );
    assert_eq!(
        s1.pending[0],
        Pending::DeserterPlace {
            seat: SEAT_A,
            level: 1,
            active: false
        }
    );
}

#[test]
fn cck_prog_20_diplomat_removes_open_roads() {
    let mut s = base();
    a_net(&mut s);
    road(&mut s, Colour::N1, ed(0, -1, "SE")); // N(0,0)-S(0,-1): open at S(0,-1)
    card(&mut s, SEAT_A, ProgressKind::Diplomat);
    card(&mut s, SEAT_A, ProgressKind::Diplomat);
    let dip = |e: Edge| {
        pp(ProgressKind::Diplomat, |m| {
            if let Move::PlayProgress { edge, .. } = m {
                *edge = Some(e)
            }
        })
    };
    let (s1, ev) = ok(&s, SEAT_A, dip(ed(0, -1, "SE")));
    assert!(s1.road(ei(ed(0, -1, "SE"))).is_none()); // CCK-PROG-20: a neutral road too
    assert!(s1.pending.is_empty());
    let removed = effects(&ev, ProgressKind::Diplomat, "road_removed", "CCK-PROG-20")[0];
    assert_eq!(removed.data["colour"], "n1");
    assert!(
        removed
            .text
            .contains("neutral party 1's open road on the path"),
        "{}",
        removed.text
    );
    // own road: may be re-placed, and re-placing builds no neutral road
    let (s2, ev) = ok(&s1, SEAT_A, dip(ed(2, 0, "NE")));
    assert_eq!(s2.pending[0], Pending::DiplomatReplace { seat: SEAT_A });
    let removed = effects(&ev, ProgressKind::Diplomat, "road_removed", "CCK-PROG-20")[0];
    assert!(
        removed.text.contains("its own open road"),
        "{}",
        removed.text
    );
    let (s3, ev) = ok(
        &s2,
        SEAT_A,
        Move::DiplomatReplace {
            edge: Some(ed(1, 0, "NE")),
        },
    );
    assert!(s3.pending.is_empty()); // CCK-PROG-20
    assert!(has(&ev, "diplomat_replaced"));
    assert_eq!(s3.road(ei(ed(1, 0, "NE"))), Some(Colour::A));
    // a road closed at both ends is not open
    let mut t = base();
    a_net(&mut t);
    card(&mut t, SEAT_A, ProgressKind::Diplomat);
    assert_eq!(err(&t, SEAT_A, dip(ed(2, -1, "SE"))), "CCK-PROG-20");
}

#[test]
fn cck_prog_21_intrigue_displaces_a_neutral_knight() {
    let mut s = base();
    a_net(&mut s);
    // an n1 knight on N(2,0), an end of a's roads; n1 has no road there
    kn(&mut s, Colour::N1, vt(2, 0, 'N'), 1, false);
    card(&mut s, SEAT_A, ProgressKind::Intrigue);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Intrigue, |m| {
            if let Move::PlayProgress { knight, .. } = m {
                *knight = Some(vt(2, 0, 'N'))
            }
        }),
    );
    assert!(s1.knight(vi(vt(2, 0, 'N'))).is_none()); // CCK-PROG-21
                                                     // no n1 road leads from N(2,0) to a free spot: back to the stock (CCK-NEUT-8)
    assert_eq!(s1.neutrals[0].knights_left[0], 2);
    let mut t = base();
    card(&mut t, SEAT_A, ProgressKind::Intrigue);
    kn(&mut t, Colour::N1, vt(2, 0, 'N'), 1, false);
    assert_eq!(
        err(
            &t,
            SEAT_A,
            pp(ProgressKind::Intrigue, |m| {
                if let Move::PlayProgress { knight, .. } = m {
                    *knight = Some(vt(2, 0, 'N'))
                }
            })
        ),
        "CCK-PROG-21"
    );
}

fn b_ahead(s: &mut State) {
    bld(s, Colour::B, vt(-2, 1, 'N'), true);
    bld(s, Colour::B, vt(-1, 2, 'S'), true);
}

#[test]
fn cck_prog_22_saboteur() {
    let mut s = base();
    b_ahead(&mut s);
    give(&mut s, SEAT_B, &[(Card::Ore, 3), (Card::Cloth, 2)]);
    card(&mut s, SEAT_A, ProgressKind::Saboteur);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert_eq!(
        s1.pending[0],
        Pending::SaboteurDiscard {
            seat: SEAT_B,
            count: 2
        }
    ); // CCK-PROG-22
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::SaboteurDiscard {
            cards: [(Card::Cloth, 2)].into_iter().collect(),
        },
    );
    assert_eq!(s2.players[SEAT_B].hand.total(), 3);
    // behind: no effect
    let mut t = base();
    bld(&mut t, Colour::A, vt(2, -1, 'S'), true);
    give(&mut t, SEAT_B, &[(Card::Ore, 3)]);
    card(&mut t, SEAT_A, ProgressKind::Saboteur);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert!(t1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Saboteur,
        "progress_no_effect",
        "CCK-PROG-22",
    )[0];
    assert_eq!(none.data["reason"], "not_ahead");
    assert!(none.text.contains("makes nobody discard"), "{}", none.text);
    // ahead but holding a single card: half of it is nothing
    let mut u = base();
    b_ahead(&mut u);
    give(&mut u, SEAT_B, &[(Card::Ore, 1)]);
    card(&mut u, SEAT_A, ProgressKind::Saboteur);
    let (u1, ev) = ok(&u, SEAT_A, Move::progress(ProgressKind::Saboteur));
    assert!(u1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Saboteur,
        "progress_no_effect",
        "CCK-PROG-22",
    )[0];
    assert_eq!(none.data["reason"], "nothing_held");
}

#[test]
fn cck_prog_23_spy_takes_a_card() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::Spy);
    card(&mut s, SEAT_B, ProgressKind::Warlord);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Spy));
    assert_eq!(s1.pending[0], Pending::SpyPick { seat: SEAT_A });
    let v = view_of(&s1, Some(SEAT_A));
    assert!(v["players"][1]["progress"].is_array()); // the Spy sees b's hand
    assert!(view_of(&s1, None)["players"][1]["progress"].is_null());
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::SpyPick {
            card: ProgressKind::Warlord,
        },
    );
    assert_eq!(s2.players[SEAT_A].progress[0].kind, ProgressKind::Warlord); // CCK-PROG-23
    assert!(s2.players[SEAT_B].progress.is_empty());
    // nothing to take: the log says so
    let mut t = base();
    card(&mut t, SEAT_A, ProgressKind::Spy);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Spy));
    assert!(t1.pending.is_empty());
    let none = effects(&ev, ProgressKind::Spy, "progress_no_effect", "CCK-PROG-23")[0];
    assert!(none.text.contains("no progress card"), "{}", none.text);
}

#[test]
fn cck_prog_24_warlord_activates_all() {
    let mut s = base();
    kn(&mut s, Colour::A, vt(2, 0, 'N'), 1, false);
    kn(&mut s, Colour::A, vt(-2, 1, 'N'), 2, false);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    card(&mut s, SEAT_A, ProgressKind::Warlord);
    let (s1, ev) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert!(s1.knights().all(|k| k.active)); // CCK-PROG-24
    let woke = effects(
        &ev,
        ProgressKind::Warlord,
        "knights_activated",
        "CCK-PROG-24",
    )[0];
    assert_eq!(woke.data["knights"].as_array().unwrap().len(), 2);
    assert!(
        woke.text.contains("activates free the knights at the"),
        "{}",
        woke.text
    );
    // all active already: the log says none
    let (_, ev) = ok(&s1, SEAT_A, Move::progress(ProgressKind::Warlord));
    let woke = effects(
        &ev,
        ProgressKind::Warlord,
        "knights_activated",
        "CCK-PROG-24",
    )[0];
    assert!(woke.text.contains("activates none"), "{}", woke.text);
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
    );
}

#[test]
fn cck_prog_25_wedding() {
    let mut s = base();
    b_ahead(&mut s);
    give(&mut s, SEAT_B, &[(Card::Ore, 1), (Card::Paper, 3)]);
    card(&mut s, SEAT_A, ProgressKind::Wedding);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Wedding));
    assert_eq!(
        s1.pending[0],
        Pending::WeddingGive {
            seat: SEAT_B,
            count: 2
        }
    );
    assert_eq!(
        err(
            &s1,
            SEAT_B,
            Move::WeddingGive {
                cards: [(Card::Ore, 1)].into_iter().collect()
            }
        ),
        "CCK-PROG-25"
    );
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::WeddingGive {
            cards: [(Card::Paper, 2)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Paper), 2); // CCK-PROG-25
                                                   // not ahead: no gift, and the log says why
    let mut t = base();
    give(&mut t, SEAT_B, &[(Card::Ore, 1)]);
    card(&mut t, SEAT_A, ProgressKind::Wedding);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::Wedding));
    assert!(t1.pending.is_empty());
    let none = effects(
        &ev,
        ProgressKind::Wedding,
        "progress_no_effect",
        "CCK-PROG-25",
    )[0];
    assert_eq!(none.data["reason"], "not_ahead");
}

#[test]
fn cck_prog_26_merchant() {
    let mut s = base();
    bld(&mut s, Colour::A, vt(2, -1, 'S'), false); // touches mountains (2,0)
    card(&mut s, SEAT_A, ProgressKind::Merchant);
    assert_eq!(
        err(
            &s,
            SEAT_A,
            pp(ProgressKind::Merchant, |m| set_hex(m, Hex(-2, 2)))
        ),
        "CCK-PROG-26"
    );
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Merchant, |m| set_hex(m, Hex(2, 0))),
    );
    assert_eq!(mechanics::vp(&s1, SEAT_A), 2); // CCK-PROG-26: +1 VP
    let put = effects(
        &ev,
        ProgressKind::Merchant,
        "merchant_placed",
        "CCK-PROG-26",
    )[0];
    assert_eq!(put.data["card"], "ore");
    assert!(
        put.text.contains("merchant on the mountains") && put.text.contains("trades ore 2:1"),
        "{}",
        put.text
    );
    let mut t = s1.clone();
    give(&mut t, SEAT_A, &[(Card::Ore, 2)]);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Ore,
            get: Card::Wool,
            times: None,
        },
    );
    assert_eq!(hand(&t1, SEAT_A, Card::Wool), 1); // 2:1 for ore
}

#[test]
fn cck_prog_27_commercial_harbor() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Brick, 1)]);
    give(&mut s, SEAT_B, &[(Card::Coin, 1)]);
    card(&mut s, SEAT_A, ProgressKind::CommercialHarbor);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::CommercialHarbor, |m| {
            if let Move::PlayProgress { give, .. } = m {
                *give = Some(Card::Brick)
            }
        }),
    );
    assert_eq!(hand(&s1, SEAT_B, Card::Brick), 1);
    let (s2, _) = ok(
        &s1,
        SEAT_B,
        Move::CommercialHarborGive {
            commodity: Card::Coin,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Coin), 1); // CCK-PROG-27
                                                  // no commodity: nothing happens, the resource stays
    let mut t = base();
    give(&mut t, SEAT_A, &[(Card::Brick, 1)]);
    card(&mut t, SEAT_A, ProgressKind::CommercialHarbor);
    let (t1, ev) = ok(
        &t,
        SEAT_A,
        pp(ProgressKind::CommercialHarbor, |m| {
            if let Move::PlayProgress { give, .. } = m {
                *give = Some(Card::Brick)
            }
        }),
    );
    assert_eq!(hand(&t1, SEAT_A, Card::Brick), 1);
    let none = effects(
        &ev,
        ProgressKind::CommercialHarbor,
        "progress_no_effect",
        "CCK-PROG-27",
    )[0];
    assert!(none.text.contains("no commodity"), "{}", none.text);
}

#[test]
fn cck_prog_28_merchant_fleet() {
    let mut s = base();
    give(&mut s, SEAT_A, &[(Card::Paper, 2)]);
    card(&mut s, SEAT_A, ProgressKind::MerchantFleet);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::MerchantFleet, |m| {
            if let Move::PlayProgress { kind, .. } = m {
                *kind = Some(Card::Paper)
            }
        }),
    );
    let fleet = effects(
        &ev,
        ProgressKind::MerchantFleet,
        "merchant_fleet",
        "CCK-PROG-28",
    )[0];
    assert_eq!(fleet.data["card"], "paper");
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::MaritimeTrade {
            give: Card::Paper,
            get: Card::Grain,
            times: None,
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Grain), 1); // CCK-PROG-28
    let (s3, _) = ok(&s2, SEAT_A, Move::EndTurn);
    assert_eq!(s3.players[SEAT_A].merchant_fleet, None); // for this turn only
}

#[test]
fn cck_prog_29_master_merchant() {
    let mut s = base();
    card(&mut s, SEAT_A, ProgressKind::MasterMerchant);
    give(&mut s, SEAT_B, &[(Card::Ore, 3)]);
    assert_eq!(
        err(&s, SEAT_A, Move::progress(ProgressKind::MasterMerchant)),
        "CCK-PROG-29"
    );
    b_ahead(&mut s);
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::MasterMerchant));
    assert!(view_of(&s1, Some(SEAT_A))["players"][1]["hand"].is_object());
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::MasterMerchantPick {
            cards: [(Card::Ore, 2)].into_iter().collect(),
        },
    );
    assert_eq!(hand(&s2, SEAT_A, Card::Ore), 2); // CCK-PROG-29
                                                 // ahead but holding nothing: nothing to take, and the log says so
    let mut t = base();
    b_ahead(&mut t);
    card(&mut t, SEAT_A, ProgressKind::MasterMerchant);
    let (t1, ev) = ok(&t, SEAT_A, Move::progress(ProgressKind::MasterMerchant));
    assert!(t1.pending.is_empty());
    effects(
        &ev,
        ProgressKind::MasterMerchant,
        "progress_no_effect",
        "CCK-PROG-29",
    );
}

#[test]
fn cck_prog_30_monopolies() {
    let mut s = base();
    give(
        &mut s,
        SEAT_B,
        &[(Card::Cloth, 3), (Card::Wool, 1), (Card::Grain, 5)],
    );
    card(&mut s, SEAT_A, ProgressKind::TradeMonopoly);
    card(&mut s, SEAT_A, ProgressKind::ResourceMonopoly);
    card(&mut s, SEAT_A, ProgressKind::ResourceMonopoly);
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::TradeMonopoly, |m| {
            if let Move::PlayProgress { commodity, .. } = m {
                *commodity = Some(Card::Cloth)
            }
        }),
    );
    assert_eq!(hand(&s1, SEAT_A, Card::Cloth), 1); // CCK-PROG-30
    let gave = |ev: &[Event], card: ProgressKind| {
        let e = effects(ev, card, "monopoly", "CCK-PROG-30")[0].clone();
        (
            e.data["from"].clone(),
            e.data["count"].as_u64().unwrap(),
            e.text,
        )
    };
    let (from, n, text) = gave(&ev, ProgressKind::TradeMonopoly);
    assert_eq!((from, n), (serde_json::json!(1), 1));
    assert_eq!(text, "Player B gives Player A 1 cloth.");
    let rm = |c: Card| {
        pp(ProgressKind::ResourceMonopoly, |m| {
            if let Move::PlayProgress { resource, .. } = m {
                *resource = Some(c)
            }
        })
    };
    let (s2, ev) = ok(&s1, SEAT_A, rm(Card::Grain));
    assert_eq!(hand(&s2, SEAT_A, Card::Grain), 2);
    assert_eq!(gave(&ev, ProgressKind::ResourceMonopoly).1, 2);
    let (s3, ev) = ok(&s2, SEAT_A, rm(Card::Wool));
    assert_eq!(hand(&s3, SEAT_A, Card::Wool), 1); // only 1 held
    assert_eq!(gave(&ev, ProgressKind::ResourceMonopoly).1, 1);
    let mut t = s3.clone();
    card(&mut t, SEAT_A, ProgressKind::ResourceMonopoly);
    let (_, ev) = ok(&t, SEAT_A, rm(Card::Ore));
    let (_, n, text) = gave(&ev, ProgressKind::ResourceMonopoly);
    assert_eq!(n, 0);
    assert_eq!(text, "Player B holds no ore: Player A takes nothing.");
}

#[test]
fn cck_prog_4_active_player_may_play_instead_of_returning() {
    let mut s = base();
    for k in [
        ProgressKind::Warlord,
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Wedding,
    ] {
        card(&mut s, SEAT_A, k);
    }
    s.pending.push(Pending::ProgressExcess { seat: SEAT_A });
    let (s1, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert_eq!(s1.players[SEAT_A].progress.len(), 4); // CCK-PROG-4
    assert!(s1.pending.is_empty());
    assert_eq!(err(&s, SEAT_A, Move::EndTurn), "CCK-PROG-4");
}

/// Seed 8101, turn 271: the active player with 4 progress cards
/// draws 2 in their own dice phase and must come down to 4, not to 5.
#[test]
fn cck_prog_4_two_over_the_limit_returns_until_four() {
    let mut s = base();
    for k in [
        ProgressKind::Spy,
        ProgressKind::Spy,
        ProgressKind::Bishop,
        ProgressKind::Warlord,
        ProgressKind::Wedding,
        ProgressKind::Saboteur,
    ] {
        card(&mut s, SEAT_A, k);
    }
    s.pending.push(Pending::ProgressExcess { seat: SEAT_A });
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::DiscardProgress {
            card: ProgressKind::Bishop,
        },
    );
    assert_eq!(s1.players[SEAT_A].progress.len(), 5);
    assert_eq!(s1.pending, vec![Pending::ProgressExcess { seat: SEAT_A }]); // CCK-PROG-4
    assert_eq!(err(&s1, SEAT_A, Move::EndTurn), "CCK-PROG-4");
    // playing a card also counts, and the limit is asked again until 4
    let (s2, _) = ok(&s, SEAT_A, Move::progress(ProgressKind::Warlord));
    assert_eq!(s2.players[SEAT_A].progress.len(), 5);
    assert_eq!(
        s2.pending.first(),
        Some(&Pending::ProgressExcess { seat: SEAT_A })
    );
    let (s3, _) = ok(
        &s1,
        SEAT_A,
        Move::DiscardProgress {
            card: ProgressKind::Spy,
        },
    );
    assert_eq!(s3.players[SEAT_A].progress.len(), 4);
    assert!(s3.pending.is_empty());
}
