//! The worked examples of catan-shadow §8 (ae_1 .. ae_10).

use super::kit::*;
use crate::engine::{Dice, Seat};
use crate::games::catan::geometry::{Dir, Side};
use crate::games::catan::moves::{CoreMove, DevMove};
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{Pending, Phase};
use crate::games::catan::{
    BuildingKind, Cards, Colour, DevCard, EdgeId, HexId, Resource, VertexId,
};
use crate::games::catan_shadow::moves::ShadowMove;
use crate::games::catan_shadow::options::{Options, RerollPolicy};
use crate::games::catan_shadow::state::{FictiveStage, State};
use serde_json::json;
use Resource::*;

fn removed(s: &State) -> Vec<HexId> {
    let mut v: Vec<HexId> = s
        .table
        .board
        .tiles
        .iter()
        .filter(|t| t.removed)
        .map(|t| t.hex)
        .collect();
    v.sort();
    v
}

fn hexes(list: &[(i8, i8)]) -> Vec<HexId> {
    let mut v: Vec<HexId> = list.iter().map(|(q, r)| hx(*q, *r)).collect();
    v.sort();
    v
}

fn harbours_in_play(s: &State) -> Vec<u8> {
    s.table
        .board
        .harbours
        .iter()
        .filter(|h| h.in_play)
        .map(|h| h.position)
        .collect()
}

fn playable_counts(s: &State) -> (usize, usize) {
    (
        VertexId::COUNT - s.table.board.unplayable_vertices.len(),
        EdgeId::COUNT - s.table.board.unplayable_edges.len(),
    )
}

#[test]
fn ae_1_seed_figure_rolled_2_and_6() {
    let (s, ev) = removed_with(&opts(), [2, 6]);
    assert_eq!(
        removed(&s),
        hexes(&[(0, -2), (2, -2), (-1, -1), (2, -1), (-2, 0), (2, 0)])
    ); // CSW-SETUP-3
    let roll = find(&ev, "removal_roll");
    assert_eq!(roll["rule"], "CSW-SETUP-3");
    assert_eq!(roll["data"]["red_tokens"], 1);
    assert_eq!(playable_counts(&s), (26, 40)); // CSW-SETUP-6
    assert_eq!(harbours_in_play(&s), vec![2, 5, 6, 7, 8]); // CSW-SETUP-7
    let h2 = &s.table.board.harbours[1];
    let playable: Vec<VertexId> = h2
        .vertices()
        .into_iter()
        .filter(|v| s.table.board.vertex_playable(*v))
        .collect();
    assert_eq!(playable, vec![vn(1, -2)]);
    // "two_red" would keep this roll too.
    let o = Options {
        reroll_policy: RerollPolicy::TwoRed,
        ..opts()
    };
    let (s2, _) = removed_with(&o, [2, 6]);
    assert_eq!(s2.removal.rolls.len(), 1);
    assert!(s2.removal.rolls[0].kept);
}

#[test]
fn ae_2_seed_figure_rolled_3_and_4() {
    let o = Options {
        reroll_policy: RerollPolicy::TwoRed,
        ..opts()
    };
    let (s, _) = started(&o);
    // CSW-SETUP-8: two reds lost: rolled again (here 1+1, which loses one red).
    let (s2, ev) = bot(&s, &[3, 4, 1, 1]).unwrap();
    assert!(kinds(&ev).contains(&"removal_rerolled".to_string()));
    assert_eq!(s2.removal.rolls[0].red_tokens_lost, 2);
    assert!(!s2.removal.rolls[0].kept && s2.removal.rolls[1].kept);
    assert_eq!(s2.removal.rolls[0].hexes.len(), 5); // adjacent sides share (0,2)
                                                    // With "never" (or "more_than_two_red") it stands.
    for policy in [RerollPolicy::Never, RerollPolicy::MoreThanTwoRed] {
        let (s, _) = removed_with(
            &Options {
                reroll_policy: policy,
                ..opts()
            },
            [3, 4],
        );
        assert_eq!(
            removed(&s),
            hexes(&[(2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2)])
        ); // CSW-SETUP-3
        assert_eq!(playable_counts(&s), (32, 46));
        assert_eq!(harbours_in_play(&s), vec![1, 2, 3, 8, 9]);
    }
}

#[test]
fn ae_3_seed_figure_double_5() {
    let (s, ev) = removed_with(&opts(), [5, 5]);
    assert_eq!(
        removed(&s),
        hexes(&[
            (-2, 2),
            (-2, 1),
            (-2, 0),
            (-1, 2),
            (-1, 1),
            (-1, 0),
            (-1, -1)
        ])
    ); // CSW-SETUP-4
    assert!(has_rule(&ev, "CSW-SETUP-4"));
    assert_eq!(playable_counts(&s), (29, 41));
    assert_eq!(harbours_in_play(&s), vec![1, 2, 3, 4, 5]); // CSW-SETUP-7
                                                           // Under "two_red" it would be rejected (8 and 6 lost).
    let (s, _) = started(&Options {
        reroll_policy: RerollPolicy::TwoRed,
        ..opts()
    });
    let (s, _) = bot(&s, &[5, 5, 1, 1]).unwrap();
    assert_eq!(s.removal.rolls[0].red_tokens_lost, 2);
    assert!(!s.removal.rolls[0].kept);
}

fn monopoly_state() -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].dev_hand.push(HeldDev {
        kind: DevCard::Monopoly,
        bought_on_turn: 1,
    });
    s.table.players[1].hand = Cards::new(0, 0, 2, 0, 0);
    s
}

#[test]
fn ae_4_seed_monopoly_example_1() {
    let s = monopoly_state();
    let (s, ev) = mv(&s, 0, DevMove::PlayMonopoly { resource: Wool }, &[3, 5]).unwrap();
    assert_eq!(s.table.players[0].hand.get(Wool), 6); // CSW-MONO-1: 2 from b + (1 + 3) from the bank
    assert_eq!(s.table.players[1].hand.get(Wool), 0);
    assert_eq!(s.table.bank.resources.get(Wool), 15);
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-MONO-1" && e.dice == vec![3, 5]));
    // Table dice: the move needs both dice, asked for in one go.
    let e = mv(
        &monopoly_state(),
        0,
        DevMove::PlayMonopoly { resource: Wool },
        &[3],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-2");
    assert_eq!(e.kind.table_needed(), Some(1));
}

#[test]
fn ae_5_seed_monopoly_example_2() {
    let s = monopoly_state();
    let (s, _) = mv(&s, 0, DevMove::PlayMonopoly { resource: Wool }, &[1, 3]).unwrap();
    assert_eq!(s.table.players[0].hand.get(Wool), 3); // CSW-MONO-1: 2 + max(-1,0) + 1
                                                      // CSW-MONO-2: a short bank gives what it has.
    let mut s = monopoly_state();
    s.table.bank.resources.set(Wool, 1);
    let (s, ev) = mv(&s, 0, DevMove::PlayMonopoly { resource: Wool }, &[6, 6]).unwrap();
    assert_eq!(s.table.players[0].hand.get(Wool), 3);
    assert_eq!(s.table.bank.resources.get(Wool), 0);
    assert!(has_rule(&ev, "CSW-MONO-2"));
}

fn seven_state() -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    s
}

#[test]
fn ae_6_robber_onto_a_removed_hex() {
    let s = seven_state();
    let (s, _) = mv(&s, 0, CoreMove::Roll, &[3, 4]).unwrap();
    assert_eq!(
        s.table.pending.len(),
        1,
        "nobody above 7 cards: only the robber"
    );
    // CSW-ROB-1, -2: face 4 = grain.
    let (s1, ev) = mv(&s, 0, CoreMove::MoveRobber { hex: hx(0, -2) }, &[4]).unwrap();
    assert_eq!(s1.table.board.robber, hx(0, -2));
    assert_eq!(s1.table.players[0].hand, Cards::one(Grain));
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-ROB-2" && e.dice == vec![4]));
    // Face 6: nothing.
    let (s2, _) = mv(&s, 0, CoreMove::MoveRobber { hex: hx(0, -2) }, &[6]).unwrap();
    assert!(s2.table.players[0].hand.is_empty());
    // Bank out of grain: nothing.
    let mut s3 = s.clone();
    s3.table.bank.resources.set(Grain, 0);
    let (s3, ev) = mv(&s3, 0, CoreMove::MoveRobber { hex: hx(0, -2) }, &[4]).unwrap();
    assert!(s3.table.players[0].hand.is_empty());
    assert_eq!(
        find(&ev, "removed_hex_resource")["data"]["bank_empty"],
        true
    );
    // Settling on N(0,-1) (touches the removed (0,-2)) fails with CSW-SETUP-6.
    let mut s4 = s1.clone();
    s4.table.players[0].hand = Cards::new(1, 1, 1, 1, 0);
    s4.table.board.set_road(ed(-1, 0, Dir::NE), Some(Colour::A));
    let e = mv(&s4, 0, CoreMove::BuildSettlement { vertex: vn(0, -1) }, &[]).unwrap_err();
    assert_eq!(e.rule, "CSW-SETUP-6");
}

/// The fictive-7 board of example 7: a visible VP 5, b 4.
fn fictive_seven_state() -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(&mut s, Colour::A, vs(1, -2), BuildingKind::Settlement);
    put(&mut s, Colour::A, vs(-1, 0), BuildingKind::City);
    put(&mut s, Colour::A, vn(1, 1), BuildingKind::City);
    put(&mut s, Colour::B, vs(-1, 1), BuildingKind::Settlement);
    put(&mut s, Colour::B, vn(0, 2), BuildingKind::City);
    put(&mut s, Colour::B, vs(0, 0), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(3, 2, 0, 3, 0);
    s.table.players[1].hand = Cards::new(1, 1, 1, 1, 1);
    s
}

#[test]
fn ae_7_fictive_seven() {
    let s = fictive_seven_state();
    assert_eq!(
        (s.table.visible_vp(Seat(0)), s.table.visible_vp(Seat(1))),
        (5, 4)
    );
    let (s, _) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    assert!(is_bot(&s)); // CSW-TURN-3
    let (s, ev) = bot(&s, &[6, 1]).unwrap();
    assert_eq!(find(&ev, "fictive_roll")["rule"], "CSW-FIC-2");
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F1); // CSW-GEN-3
                                                                 // CSW-FIC-3: a owes 4, b nothing.
    assert_eq!(
        s.table.pending,
        vec![Pending::Discard {
            seat: Seat(0),
            count: 4
        }]
    );
    assert_eq!(next_seats(&s), vec![Seat(0)]);
    let (s, _) = mv(
        &s,
        0,
        CoreMove::Discard {
            cards: Cards::new(2, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert!(is_bot(&s));
    // CSW-FIC-4: b has fewer points and chooses, no roll-off.
    let (s, ev) = bot(&s, &[]).unwrap();
    let ch = find(&ev, "robber_chooser");
    assert_eq!(ch["rule"], "CSW-FIC-4");
    assert_eq!(ch["data"]["chooser"], 1);
    assert_eq!(ch["dice"], json!([]));
    assert_eq!(next_seats(&s), vec![Seat(1)]);
    // CSW-FIC-5: the robber must leave its hex.
    let e = mv(&s, 1, CoreMove::MoveRobber { hex: hx(0, 0) }, &[]).unwrap_err();
    assert_eq!(e.rule, "CSW-FIC-5");
    // CSW-FIC-7: a's {brick 1, grain 3}; below(4) = 0 → the brick goes to the bank.
    let seed = (0..10_000).find(|x| Dice::new(*x).below(4) == 0).unwrap();
    let bank_brick = s.table.bank.resources.get(Brick);
    let (s, ev) =
        mv_seed_unread(&s, 1, CoreMove::MoveRobber { hex: hx(0, -1) }, &[], seed).unwrap();
    assert_eq!(s.table.players[0].hand, Cards::new(0, 0, 0, 3, 0));
    assert_eq!(
        s.table.players[1].hand,
        Cards::new(1, 1, 1, 1, 1),
        "b gains nothing"
    );
    assert_eq!(s.table.bank.resources.get(Brick), bank_brick + 1);
    let theft = ev.iter().find(|e| e.rule == "CSW-FIC-7").unwrap();
    // The card goes to the bank: shown to its owner only (CSW-FIC-7).
    assert_eq!(theft.secret.as_ref().unwrap().visible_to, vec![Seat(0)]);
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Offer);
}

/// A fictive turn `f2` run by b, at the offer step; a 6 VP, b 5.
fn auction_state(va_cities: usize) -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.active = Seat(1);
    let spots = [vs(-1, 0), vn(1, 1), vs(0, 1), vn(0, 1)];
    for v in spots.iter().take(va_cities) {
        put(&mut s, Colour::A, *v, BuildingKind::City);
    }
    put(&mut s, Colour::B, vs(-1, 1), BuildingKind::City);
    put(&mut s, Colour::B, vn(0, 2), BuildingKind::City);
    put(&mut s, Colour::B, vs(0, 0), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(0, 0, 0, 1, 1);
    s.table.players[1].hand = Cards::new(1, 2, 0, 0, 0);
    s.fictive = Some(fictive(&s, 1, FictiveStage::Offer));
    s
}

#[test]
fn ae_8_auction_two_bidders_ascending() {
    let s = auction_state(3);
    assert_eq!(
        (s.table.visible_vp(Seat(0)), s.table.visible_vp(Seat(1))),
        (6, 5)
    );
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F2); // CSW-GEN-3
    let (s, ev) = bot(&s, &[3]).unwrap();
    let offer = find(&ev, "fictive_offer");
    assert_eq!(
        (offer["rule"].clone(), offer["data"]["resource"].clone()),
        (json!("CSW-AUC-1"), json!("wool"))
    );
    let open = find(&ev, "auction_open");
    assert_eq!(open["rule"], "CSW-AUC-3");
    assert_eq!(open["data"]["order"], json!([1, 0])); // CSW-AUC-4: runner first
                                                      // a may not enter before b.
    assert!(mv(&s, 0, ShadowMove::AuctionBid { card: Grain }, &[]).is_err());
    let (s, _) = mv(&s, 1, ShadowMove::AuctionBid { card: Brick }, &[]).unwrap();
    let (s, _) = mv(&s, 0, ShadowMove::AuctionBid { card: Grain }, &[]).unwrap();
    // Bidding starts with a (entered second).
    assert_eq!(next_seats(&s), vec![Seat(0)]);
    let (s, _) = mv(
        &s,
        0,
        ShadowMove::AuctionRaise {
            cards: Cards::one(Ore),
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(
        &s,
        1,
        ShadowMove::AuctionRaise {
            cards: Cards::new(0, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(&s, 0, ShadowMove::AuctionStand, &[]).unwrap();
    assert!(is_bot(&s));
    let bank = s.table.bank.resources;
    let (s, ev) = bot(&s, &[]).unwrap();
    let res = find(&ev, "auction_result");
    assert_eq!(res["data"]["winner"], 1); // CSW-AUC-6
    assert_eq!(res["data"]["decided_by"], "higher_offer");
    assert_eq!(res["rule"], "CSW-AUC-6");
    assert_eq!(find(&ev, "auction_settled")["rule"], "CSW-AUC-10");
    assert_eq!(s.table.players[1].hand, Cards::new(0, 0, 1, 0, 0)); // CSW-AUC-10
    assert_eq!(s.table.players[0].hand, Cards::new(0, 0, 0, 1, 1));
    assert_eq!(
        s.table.bank.resources,
        Cards::new(
            bank.get(Brick) + 1,
            bank.get(Lumber) + 2,
            bank.get(Wool) - 1,
            bank.get(Grain),
            bank.get(Ore)
        )
    );
    // CSW-AUC-11: the turn ends and a starts in pre_roll.
    assert!(has_rule(&ev, "CSW-AUC-11"));
    assert!(s.fictive.is_none());
    assert_eq!((s.table.active, s.table.phase), (Seat(0), Phase::PreRoll));
}

#[test]
fn ae_9_auction_tie() {
    let s = auction_state(3);
    let (s, _) = bot(&s, &[3]).unwrap();
    let (s, _) = mv(&s, 1, ShadowMove::AuctionBid { card: Brick }, &[]).unwrap();
    let (s, _) = mv(&s, 0, ShadowMove::AuctionBid { card: Grain }, &[]).unwrap();
    let (s, _) = mv(&s, 0, ShadowMove::AuctionStand, &[]).unwrap();
    let (s, ev) = mv(&s, 1, ShadowMove::AuctionStand, &[]).unwrap();
    assert_eq!(find(&ev, "auction_stand")["rule"], "CSW-AUC-9");
    let (t, ev) = bot(&s, &[]).unwrap();
    let res = find(&ev, "auction_result");
    assert_eq!(
        (
            res["data"]["winner"].clone(),
            res["data"]["decided_by"].clone()
        ),
        (json!(1), json!("fewer_points"))
    ); // CSW-AUC-9
    assert_eq!(t.table.players[1].hand, Cards::new(0, 2, 1, 0, 0));
    assert_eq!(t.table.players[0].hand, Cards::new(0, 0, 0, 1, 1));
    // Both at 6: roll-off a 2, b 5: b wins, offers frozen.
    let mut s6 = s.clone();
    put(&mut s6, Colour::B, vs(0, 0), BuildingKind::City);
    assert_eq!(s6.table.visible_vp(Seat(1)), 6);
    assert!(
        mv(
            &s6,
            0,
            ShadowMove::AuctionRaise {
                cards: Cards::one(Ore)
            },
            &[]
        )
        .is_err(),
        "no offer changes once ended"
    );
    let (t, ev) = bot(&s6, &[2, 5]).unwrap();
    let res = find(&ev, "auction_result");
    assert_eq!(res["data"]["decided_by"], "roll_off");
    assert_eq!(res["dice"], json!([2, 5]));
    assert_eq!(t.table.players[1].hand.get(Wool), 1);
}

#[test]
fn ae_10_nobody_eligible_at_8() {
    let mut s = auction_state(4);
    // b: cities on S(-1,1), N(0,2), S(0,0) and a settlement on N(-2,2): 7 points.
    put(&mut s, Colour::B, vs(0, 0), BuildingKind::City);
    put(&mut s, Colour::B, vn(-2, 2), BuildingKind::Settlement);
    s.table.players[1].hand = Cards::default();
    assert_eq!(
        (s.table.visible_vp(Seat(0)), s.table.visible_vp(Seat(1))),
        (8, 7)
    );
    let (s, ev) = bot(&s, &[2]).unwrap();
    let open = find(&ev, "auction_open");
    assert_eq!(open["rule"], "CSW-AUC-3");
    assert_eq!(open["data"]["order"], json!([]));
    assert_eq!(open["data"]["resource"], "lumber");
    assert!(has_rule(&ev, "CSW-AUC-11"));
    assert!(s.fictive.is_none());
    assert_eq!(s.table.active, Seat(0));
}

#[test]
fn ae_side_numbering_option_changes_sides() {
    // CSW-SETUP-2: face k names side_numbering[k-1].
    let o = Options {
        side_numbering: [Side::S, Side::SW, Side::NW, Side::N, Side::NE, Side::SE],
        ..opts()
    };
    let (s, _) = removed_with(&o, [4, 4]); // face 4 = N here
    let mut want: Vec<HexId> = Side::N
        .hexes()
        .into_iter()
        .chain(Side::N.row_behind())
        .collect();
    want.sort();
    assert_eq!(removed(&s), want);
}
