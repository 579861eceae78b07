//! The trade tokens (CCK-TOKEN): earning them, their supply, and the token actions.

use super::super::board::{Hex, HexId};
use super::super::data::*;
use super::super::moves::Move;
use super::super::state::*;
use super::kit::*;
use crate::games::catan::data::Terrain as CoreTerrain;

#[test]
fn cck_token_1_settlements_at_desert_and_coast() {
    let mut s = base();
    a_net(&mut s);
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
    assert_eq!(s1.players[SEAT_A].tokens, 6); // CCK-TOKEN-1: coast 1
                                              // the desert on (2,-2): N(2,-2) touches desert and sea: 3
    let mut t = base();
    let d = t.board.robber;
    let h = hi(Hex(2, -2));
    t.board.tiles[h.index()].terrain = CoreTerrain::Desert;
    t.board.tiles[h.index()].token = None;
    t.board.tiles[d.index()].terrain = CoreTerrain::Forest;
    t.board.tiles[d.index()].token = Some(9);
    bld(&mut t, Colour::A, vt(2, -1, 'N'), false);
    road(&mut t, Colour::A, ed(2, -2, "E")); // S(3,-3)-N(2,-1)
    road(&mut t, Colour::A, ed(2, -2, "NE")); // N(2,-2)-S(3,-3)
    give(
        &mut t,
        SEAT_A,
        &[
            (Card::Brick, 1),
            (Card::Lumber, 1),
            (Card::Wool, 1),
            (Card::Grain, 1),
        ],
    );
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::BuildSettlement {
            vertex: vt(2, -2, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 8); // CCK-TOKEN-1: 2 + 1
}

#[test]
fn cck_token_3_lost_knights_pay_nothing() {
    let mut s = base();
    a_net(&mut s);
    kn(&mut s, Colour::B, vt(3, -1, 'S'), 1, true);
    card(&mut s, SEAT_A, ProgressKind::Intrigue);
    let before = s.players[SEAT_B].tokens;
    let (s1, ev) = ok(
        &s,
        SEAT_A,
        pp(ProgressKind::Intrigue, |m| {
            if let Move::PlayProgress { knight, .. } = m {
                *knight = Some(vt(3, -1, 'S'))
            }
        }),
    );
    assert!(has(&ev, "knight_removed"));
    assert_eq!(s1.players[SEAT_B].tokens, before); // CCK-TOKEN-3
    assert!(!has(&ev, "tokens_earned"));
}

#[test]
fn cck_token_4_supply_of_twenty() {
    let s = base();
    assert_eq!(
        s.players[SEAT_A].tokens + s.players[SEAT_B].tokens + s.token_supply,
        20
    ); // CCK-TOKEN-4
    let mut t = base();
    t.token_supply = 0;
    kn(&mut t, Colour::A, vt(2, 0, 'N'), 1, false);
    let (t1, _) = ok(
        &t,
        SEAT_A,
        Move::RemoveOwnKnight {
            vertex: vt(2, 0, 'N'),
        },
    );
    assert_eq!(t1.players[SEAT_A].tokens, 5); // nothing paid from an empty supply
                                              // spent tokens come back to the supply
    let mut u = base();
    u.robber_awake = true;
    u.board.robber = hi(Hex(1, 0));
    let (u1, _) = ok(&u, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(u1.token_supply, 11);
}

#[test]
fn cck_token_5_robber_to_desert_costs() {
    let mut s = base();
    s.robber_awake = true;
    s.board.robber = hi(Hex(1, 0));
    let (s1, _) = ok(&s, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(
        s1.board.robber,
        HexId::all()
            .find(|h| s.tile(*h).terrain == CoreTerrain::Desert)
            .unwrap()
    );
    assert_eq!(s1.players[SEAT_A].tokens, 4); // CCK-TOKEN-5: 1 token when not ahead
    let mut t = s.clone();
    bld(&mut t, Colour::A, vt(2, -1, 'S'), false);
    let (t1, _) = ok(&t, SEAT_A, Move::TokenRobberToDesert);
    assert_eq!(t1.players[SEAT_A].tokens, 3); // 2 tokens when ahead
    assert_eq!(err(&s1, SEAT_A, Move::TokenRobberToDesert), "CCK-TOKEN-9");
    let mut d = base();
    d.robber_awake = true;
    assert_eq!(err(&d, SEAT_A, Move::TokenRobberToDesert), "CAT-DUO-15");
}

#[test]
fn cck_token_9_one_token_action_per_turn_in_any_phase() {
    let mut s = base();
    s.phase = Phase::Roll1;
    give(&mut s, SEAT_A, &[(Card::Ore, 2)]);
    let (s1, _) = ok(
        &s,
        SEAT_A,
        Move::TokenForcedTrade {
            mode: TradeMode::Resources,
            drawn_cards: None,
        },
    );
    let (s2, _) = ok(
        &s1,
        SEAT_A,
        Move::ForcedTradeReturn {
            cards: [(Card::Ore, 2)].into_iter().collect(),
        },
    );
    assert_eq!(
        err(
            &s2,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::Resources,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-9"
    ); // CCK-TOKEN-9
    let (s3, _) = okd(&s2, SEAT_A, roll(&[1, 1, 1]), &[]);
    let (s4, _) = okd(&s3, SEAT_A, roll(&[2, 1, 1]), &[]);
    assert_eq!(
        err(
            &s4,
            SEAT_A,
            Move::TokenForcedTrade {
                mode: TradeMode::All,
                drawn_cards: None
            }
        ),
        "CCK-TOKEN-9"
    );
    let (s5, _) = ok(&s4, SEAT_A, Move::EndTurn);
    assert!(!s5.players[SEAT_A].token_action_used);
}
