//! The worked examples of catan-shadow §8 (ae_1 .. ae_10).

use super::data::*;
use super::fictive::{FictiveStage, FictiveTurn};
use super::rules::{Stage, State};
use super::*;
use crate::engine::legacy::{Dice, Event, Game, Next, RuleError, Seat};
use crate::games::catan::board::{Building, BuildingKind, Colour, Layout};
use crate::games::catan::data::{Cards, DevCard, Resource};
use crate::games::catan::geometry::{geo, Hex, Side, Vertex, EDGE_COUNT, VERTEX_COUNT};
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{FirstPlayer, Phase};

pub fn opts() -> Options {
    Options {
        layout: Some(Layout::Beginner),
        dice: Some(DiceMode::Manual),
        first_player: FirstPlayer::A,
        reroll_policy: RerollPolicy::Never,
        ..Default::default()
    }
}

pub fn bot(s: &State, dice: &[u8]) -> Result<(State, Vec<Event>), RuleError> {
    let mut d = Dice::new(3).with_table(dice);
    CatanShadow::bot_turn(s, &mut d).map(|st| (st.state, st.events))
}

pub fn mv_seed(
    s: &State,
    seat: u8,
    m: Move,
    dice: &[u8],
    seed: u64,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut d = Dice::new(seed).with_table(dice);
    CatanShadow::play(s, Seat(seat), &m, &mut d).map(|st| (st.state, st.events))
}

pub fn mv(s: &State, seat: u8, m: Move, dice: &[u8]) -> Result<(State, Vec<Event>), RuleError> {
    mv_seed(s, seat, m, dice, 3)
}

/// Start with `o` and roll the removal with `d`.
pub fn removed_with(o: &Options, d: [u8; 2]) -> (State, Vec<Event>) {
    let s = CatanShadow::start(o, &mut Dice::new(0)).unwrap().state;
    assert_eq!(s.stage, Stage::Removal);
    bot(&s, &d).unwrap()
}

/// Past set-up: turn 3, seat a in `main`.
pub fn in_play(mut s: State) -> State {
    s.table.setup_step = 4;
    s.table.turn = 3;
    s.table.phase = Phase::Main;
    s.table.active = 0;
    s
}

pub fn put(s: &mut State, c: Colour, v: Vertex, kind: BuildingKind) {
    s.table.board.buildings[v.id().unwrap()] = Some(Building { colour: c, kind });
}

fn removed(s: &State) -> Vec<Hex> {
    s.table
        .board
        .tiles
        .iter()
        .filter(|t| t.removed)
        .map(|t| t.hex)
        .collect()
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
        VERTEX_COUNT - s.table.board.unplayable_vertices.len(),
        EDGE_COUNT - s.table.board.unplayable_edges.len(),
    )
}

#[test]
fn ae_1_seed_figure_rolled_2_and_6() {
    let (s, ev) = removed_with(&opts(), [2, 6]);
    let mut r = removed(&s);
    r.sort();
    let mut want = vec![
        Hex(0, -2),
        Hex(2, -2),
        Hex(-1, -1),
        Hex(2, -1),
        Hex(-2, 0),
        Hex(2, 0),
    ];
    want.sort();
    assert_eq!(r, want); // CSW-SETUP-3
    let roll = ev.iter().find(|e| e.kind == "removal_roll").unwrap();
    assert_eq!(roll.rule, "CSW-SETUP-3");
    assert_eq!(roll.data["red_tokens_lost"], 1);
    assert_eq!(playable_counts(&s), (26, 40)); // CSW-SETUP-6
    assert_eq!(harbours_in_play(&s), vec![2, 5, 6, 7, 8]); // CSW-SETUP-7
    let h2 = &s.table.board.harbours[1];
    let playable: Vec<Vertex> = h2
        .vertices()
        .into_iter()
        .filter(|v| s.table.board.vertex_playable(*v))
        .map(|v| geo().vertices[v])
        .collect();
    assert_eq!(playable, vec![Vertex::n(1, -2)]);
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
    let s = CatanShadow::start(&o, &mut Dice::new(0)).unwrap().state;
    // CSW-SETUP-8: two reds lost: rolled again (here 1+1, which loses one red).
    let (s2, ev) = bot(&s, &[3, 4, 1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.kind == "removal_rerolled"));
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
        let mut r = removed(&s);
        r.sort();
        let mut want = vec![Hex(2, 0), Hex(1, 1), Hex(0, 2), Hex(-1, 2), Hex(-2, 2)];
        want.sort();
        assert_eq!(r, want); // CSW-SETUP-3
        assert_eq!(playable_counts(&s), (32, 46));
        assert_eq!(harbours_in_play(&s), vec![1, 2, 3, 8, 9]);
    }
}

#[test]
fn ae_3_seed_figure_double_5() {
    let (s, ev) = removed_with(&opts(), [5, 5]);
    let mut r = removed(&s);
    r.sort();
    let mut want = vec![
        Hex(-2, 2),
        Hex(-2, 1),
        Hex(-2, 0),
        Hex(-1, 2),
        Hex(-1, 1),
        Hex(-1, 0),
        Hex(-1, -1),
    ];
    want.sort();
    assert_eq!(r, want); // CSW-SETUP-4
    assert!(ev.iter().any(|e| e.rule == "CSW-SETUP-4"));
    assert_eq!(playable_counts(&s), (29, 41));
    assert_eq!(harbours_in_play(&s), vec![1, 2, 3, 4, 5]); // CSW-SETUP-7
                                                           // Under "two_red" it would be rejected (8 and 6 lost).
    let s = CatanShadow::start(
        &Options {
            reroll_policy: RerollPolicy::TwoRed,
            ..opts()
        },
        &mut Dice::new(0),
    )
    .unwrap()
    .state;
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
    let (s, ev) = mv(
        &s,
        0,
        Move::PlayMonopoly {
            resource: Resource::Wool,
        },
        &[3, 5],
    )
    .unwrap();
    assert_eq!(s.table.players[0].hand.wool, 6); // CSW-MONO-1: 2 from b + (1 + 3) from the bank
    assert_eq!(s.table.players[1].hand.wool, 0);
    assert_eq!(s.table.bank.resources.wool, 15);
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-MONO-1" && e.dice == vec![3, 5]));
    // Manual dice: the move must carry both dice.
    let e = mv(
        &monopoly_state(),
        0,
        Move::PlayMonopoly {
            resource: Resource::Wool,
        },
        &[3],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-2");
}

#[test]
fn ae_5_seed_monopoly_example_2() {
    let s = monopoly_state();
    let (s, _) = mv(
        &s,
        0,
        Move::PlayMonopoly {
            resource: Resource::Wool,
        },
        &[1, 3],
    )
    .unwrap();
    assert_eq!(s.table.players[0].hand.wool, 3); // CSW-MONO-1: 2 + max(-1,0) + 1
                                                 // CSW-MONO-2: a short bank gives what it has.
    let mut s = monopoly_state();
    s.table.bank.resources.wool = 1;
    let (s, ev) = mv(
        &s,
        0,
        Move::PlayMonopoly {
            resource: Resource::Wool,
        },
        &[6, 6],
    )
    .unwrap();
    assert_eq!(s.table.players[0].hand.wool, 3);
    assert_eq!(s.table.bank.resources.wool, 0);
    assert!(ev.iter().any(|e| e.rule == "CSW-MONO-2"));
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
    let (s, _) = mv(&s, 0, Move::Roll, &[3, 4]).unwrap();
    assert!(
        s.table.pending.len() == 1,
        "nobody above 7 cards: only the robber"
    );
    // CSW-ROB-1, -2: face 4 = grain.
    let (s1, ev) = mv(
        &s,
        0,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[4],
    )
    .unwrap();
    assert_eq!(s1.table.board.robber, Hex(0, -2).id().unwrap());
    assert_eq!(s1.table.players[0].hand, Cards::one(Resource::Grain));
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-ROB-2" && e.dice == vec![4]));
    // Face 6: nothing.
    let (s2, _) = mv(
        &s,
        0,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[6],
    )
    .unwrap();
    assert!(s2.table.players[0].hand.is_empty());
    // Bank out of grain: nothing.
    let mut s3 = s.clone();
    s3.table.bank.resources.grain = 0;
    let (s3, _) = mv(
        &s3,
        0,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[4],
    )
    .unwrap();
    assert!(s3.table.players[0].hand.is_empty());
    // The removed hex blocks nothing: a roll of its 10 still pays (2,-1)? (removed too) — check production skips removed hexes.
    // Settling on N(0,-1) (touches the removed (0,-2)) fails with CSW-SETUP-6.
    let mut s4 = s1.clone();
    s4.table.players[0].hand = Cards::new(1, 1, 1, 1, 0);
    s4.table.board.roads[crate::games::catan::geometry::Edge::new(
        -1,
        0,
        crate::games::catan::geometry::Dir::NE,
    )
    .id()
    .unwrap()] = Some(Colour::A);
    let e = mv(
        &s4,
        0,
        Move::BuildSettlement {
            vertex: Vertex::n(0, -1),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CSW-SETUP-6");
}

/// The fictive-7 board of example 7: a visible VP 5, b 4.
fn fictive_seven_state() -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(
        &mut s,
        Colour::A,
        Vertex::s(1, -2),
        BuildingKind::Settlement,
    );
    put(&mut s, Colour::A, Vertex::s(-1, 0), BuildingKind::City);
    put(&mut s, Colour::A, Vertex::n(1, 1), BuildingKind::City);
    put(
        &mut s,
        Colour::B,
        Vertex::s(-1, 1),
        BuildingKind::Settlement,
    );
    put(&mut s, Colour::B, Vertex::n(0, 2), BuildingKind::City);
    put(&mut s, Colour::B, Vertex::s(0, 0), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(3, 2, 0, 3, 0);
    s.table.players[1].hand = Cards::new(1, 1, 1, 1, 1);
    s
}

#[test]
fn ae_7_fictive_seven() {
    let s = fictive_seven_state();
    assert_eq!((s.table.visible_vp(0), s.table.visible_vp(1)), (5, 4));
    let (s, _) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    assert!(matches!(CatanShadow::next(&s), Next::Bot { .. })); // CSW-TURN-3
    let (s, ev) = bot(&s, &[6, 1]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-FIC-2" && e.kind == "fictive_roll"));
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F1); // CSW-GEN-3
                                                                 // CSW-FIC-3: a owes 4, b nothing.
    assert_eq!(
        s.table.pending,
        vec![crate::games::catan::table::Pending::Discard { seat: 0, count: 4 }]
    );
    assert!(
        matches!(CatanShadow::next(&s), Next::Human { ref seats, .. } if seats == &vec![Seat(0)])
    );
    let (s, _) = mv(
        &s,
        0,
        Move::Discard {
            cards: Cards::new(2, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert!(matches!(CatanShadow::next(&s), Next::Bot { .. }));
    // CSW-FIC-4: b has fewer points and chooses, no roll-off.
    let (s, ev) = bot(&s, &[]).unwrap();
    let ch = ev.iter().find(|e| e.rule == "CSW-FIC-4").unwrap();
    assert_eq!(ch.data["chooser"], "b");
    assert!(ch.dice.is_empty());
    assert!(
        matches!(CatanShadow::next(&s), Next::Human { ref seats, .. } if seats == &vec![Seat(1)])
    );
    // CSW-FIC-5: the robber must leave its hex.
    let e = mv(
        &s,
        1,
        Move::MoveRobber {
            hex: Hex(0, 0),
            stolen: None,
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CSW-FIC-5");
    // CSW-FIC-7: a's {brick 1, grain 3}; below(4) = 0 → the brick goes to the bank.
    let seed = (0..10_000).find(|x| Dice::new(*x).below(4) == 0).unwrap();
    let bank_brick = s.table.bank.resources.brick;
    let (s, ev) = mv_seed(
        &s,
        1,
        Move::MoveRobber {
            hex: Hex(0, -1),
            stolen: None,
        },
        &[],
        seed,
    )
    .unwrap();
    assert_eq!(s.table.players[0].hand, Cards::new(0, 0, 0, 3, 0));
    assert_eq!(
        s.table.players[1].hand,
        Cards::new(1, 1, 1, 1, 1),
        "b gains nothing"
    );
    assert_eq!(s.table.bank.resources.brick, bank_brick + 1);
    assert!(ev.iter().any(|e| e.rule == "CSW-FIC-7"));
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Offer);
}

/// A fictive turn `f2` run by b, at the offer step; a 6 VP, b 5.
fn auction_state(va_cities: usize) -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.active = 1;
    let spots = [
        Vertex::s(-1, 0),
        Vertex::n(1, 1),
        Vertex::s(0, 1),
        Vertex::n(0, 1),
    ];
    for v in spots.iter().take(va_cities) {
        put(&mut s, Colour::A, *v, BuildingKind::City);
    }
    put(&mut s, Colour::B, Vertex::s(-1, 1), BuildingKind::City);
    put(&mut s, Colour::B, Vertex::n(0, 2), BuildingKind::City);
    put(&mut s, Colour::B, Vertex::s(0, 0), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(0, 0, 0, 1, 1);
    s.table.players[1].hand = Cards::new(1, 2, 0, 0, 0);
    let mut ft = FictiveTurn::new(&s.table, 1);
    ft.stage = FictiveStage::Offer;
    s.fictive = Some(ft);
    s
}

#[test]
fn ae_8_auction_two_bidders_ascending() {
    let s = auction_state(3);
    assert_eq!((s.table.visible_vp(0), s.table.visible_vp(1)), (6, 5));
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F2); // CSW-GEN-3
    let (s, ev) = bot(&s, &[3]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-AUC-1" && e.data["resource"] == "wool"));
    let open = ev.iter().find(|e| e.rule == "CSW-AUC-3").unwrap();
    assert_eq!(open.data["eligible"], serde_json::json!(["b", "a"])); // CSW-AUC-4: runner first
                                                                      // a may not enter before b.
    assert!(mv(
        &s,
        0,
        Move::AuctionBid {
            card: Resource::Grain
        },
        &[]
    )
    .is_err());
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionBid {
            card: Resource::Brick,
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(
        &s,
        0,
        Move::AuctionBid {
            card: Resource::Grain,
        },
        &[],
    )
    .unwrap();
    // Bidding starts with a (entered second).
    assert!(
        matches!(CatanShadow::next(&s), Next::Human { ref seats, .. } if seats == &vec![Seat(0)])
    );
    let (s, _) = mv(
        &s,
        0,
        Move::AuctionRaise {
            cards: Cards::one(Resource::Ore),
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionRaise {
            cards: Cards::new(0, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(&s, 0, Move::AuctionStand, &[]).unwrap();
    assert!(matches!(CatanShadow::next(&s), Next::Bot { .. }));
    let bank = s.table.bank.resources;
    let (s, ev) = bot(&s, &[]).unwrap();
    let res = ev.iter().find(|e| e.kind == "auction_result").unwrap();
    assert_eq!(res.data["winner"], "b"); // CSW-AUC-6
    assert_eq!(res.data["decided_by"], "higher_offer");
    assert_eq!(s.table.players[1].hand, Cards::new(0, 0, 1, 0, 0)); // CSW-AUC-10
    assert_eq!(s.table.players[0].hand, Cards::new(0, 0, 0, 1, 1));
    assert_eq!(
        s.table.bank.resources,
        Cards::new(
            bank.brick + 1,
            bank.lumber + 2,
            bank.wool - 1,
            bank.grain,
            bank.ore
        )
    );
    // CSW-AUC-11: the turn ends and a starts in pre_roll.
    assert!(ev.iter().any(|e| e.rule == "CSW-AUC-11"));
    assert!(s.fictive.is_none());
    assert_eq!((s.table.active, s.table.phase), (0, Phase::PreRoll));
}

#[test]
fn ae_9_auction_tie() {
    let s = auction_state(3);
    let (s, _) = bot(&s, &[3]).unwrap();
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionBid {
            card: Resource::Brick,
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(
        &s,
        0,
        Move::AuctionBid {
            card: Resource::Grain,
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(&s, 0, Move::AuctionStand, &[]).unwrap();
    let (s, _) = mv(&s, 1, Move::AuctionStand, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    let res = ev.iter().find(|e| e.kind == "auction_result").unwrap();
    assert_eq!(
        (res.data["winner"].as_str(), res.data["decided_by"].as_str()),
        (Some("b"), Some("fewer_vp"))
    ); // CSW-AUC-9
    assert_eq!(t.table.players[1].hand, Cards::new(0, 2, 1, 0, 0));
    assert_eq!(t.table.players[0].hand, Cards::new(0, 0, 0, 1, 1));
    // Both at 6: roll-off a 2, b 5: b wins, offers frozen.
    let mut s6 = s.clone();
    put(&mut s6, Colour::B, Vertex::s(0, 0), BuildingKind::City);
    assert_eq!(s6.table.visible_vp(1), 6);
    assert!(
        mv(
            &s6,
            0,
            Move::AuctionRaise {
                cards: Cards::one(Resource::Ore)
            },
            &[]
        )
        .is_err(),
        "no offer changes once ended"
    );
    let (t, ev) = bot(&s6, &[2, 5]).unwrap();
    let res = ev.iter().find(|e| e.kind == "auction_result").unwrap();
    assert_eq!(res.data["decided_by"], "rolloff");
    assert_eq!(res.dice, vec![2, 5]);
    assert_eq!(t.table.players[1].hand.wool, 1);
}

#[test]
fn ae_10_nobody_eligible_at_8() {
    let mut s = auction_state(4);
    // b: cities on S(-1,1), N(0,2), S(0,0) and a settlement on N(-2,2): 7 points.
    put(&mut s, Colour::B, Vertex::s(0, 0), BuildingKind::City);
    put(
        &mut s,
        Colour::B,
        Vertex::n(-2, 2),
        BuildingKind::Settlement,
    );
    s.table.players[1].hand = Cards::default();
    assert_eq!((s.table.visible_vp(0), s.table.visible_vp(1)), (8, 7));
    let (s, ev) = bot(&s, &[2]).unwrap();
    let open = ev.iter().find(|e| e.rule == "CSW-AUC-3").unwrap();
    assert_eq!(open.data["eligible"], serde_json::json!([]));
    assert_eq!(open.data["resource"], "lumber");
    assert!(ev.iter().any(|e| e.rule == "CSW-AUC-11"));
    assert!(s.fictive.is_none());
    assert_eq!(s.table.active, 0);
}

#[test]
fn ae_side_numbering_option_changes_sides() {
    // CSW-SETUP-2: face k names side_numbering[k-1].
    let o = Options {
        side_numbering: [Side::S, Side::SW, Side::NW, Side::N, Side::NE, Side::SE],
        ..opts()
    };
    let (s, _) = removed_with(&o, [4, 4]); // face 4 = N here
    let mut r = removed(&s);
    r.sort();
    let mut want: Vec<Hex> = Side::N
        .hexes()
        .into_iter()
        .chain(Side::N.row_behind())
        .map(|h| geo().hexes[h])
        .collect();
    want.sort();
    assert_eq!(r, want);
}
