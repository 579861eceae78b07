//! Rule tests of catan-shadow beyond the worked examples.

use super::data::*;
use super::examples_tests::{bot, in_play, mv, mv_seed, opts, put, removed_with};
use super::fictive::{FictiveStage, FictiveTurn};
use super::rules::Stage;
use super::*;
use crate::engine::legacy::{Dice, Game, Next, RuleErrorKind, Seat, SeatKind};
use crate::games::catan::board::{BuildingKind, Colour, ManualBoard, ManualHex};
use crate::games::catan::data::{Cards, DevCard, Resource, Terrain};
use crate::games::catan::geometry::{geo, Dir, Edge, Hex, Vertex};
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{Pending, Phase};

#[test]
fn csw_gen_1_two_human_seats_no_bot_seat() {
    let seats = CatanShadow::seats(&Options::default());
    assert_eq!(seats.len(), 2); // CSW-GEN-1
    assert!(seats.iter().all(|s| s.kind == SeatKind::Human));
    assert_eq!((seats[0].id.as_str(), seats[1].id.as_str()), ("a", "b"));
    let st = CatanShadow::start(&Options::default(), &mut Dice::new(1)).unwrap();
    assert!(st.events.iter().any(|e| e.rule == "CSW-GEN-1"));
    // A third seat is refused.
    let e = CatanShadow::play(&st.state, Seat(2), &Move::Roll, &mut Dice::new(1)).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
}

#[test]
fn csw_gen_2_fictive_players_hold_nothing() {
    // A fictive production roll pays only real seats; f1/f2 have no pieces or hands.
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(
        &mut s,
        Colour::B,
        Vertex::s(-1, 1),
        BuildingKind::Settlement,
    ); // mountains 3, fields 6, hills 5
    let (s, _) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    let bank_before = s.table.bank.resources.total();
    let (s, _) = bot(&s, &[1, 2, 6]).unwrap(); // a 3: b gets 1 ore; offer die 6
    assert_eq!(s.table.players[1].hand, Cards::one(Resource::Ore)); // CSW-GEN-2, CSW-FIC-2
    assert_eq!(s.table.bank.resources.total(), bank_before - 1);
    assert!(s
        .table
        .board
        .buildings
        .iter()
        .flatten()
        .all(|b| b.colour.is_real()));
    assert!(s.table.board.roads.iter().flatten().all(|c| c.is_real()));
    assert_eq!(s.table.players.len(), 2);
}

#[test]
fn csw_setup_1_order_board_then_removal_then_first_player() {
    let o = Options {
        layout: None,
        dice: None,
        first_player: crate::games::catan::table::FirstPlayer::Roll,
        ..Default::default()
    };
    let st = CatanShadow::start(&o, &mut Dice::new(9)).unwrap();
    // CSW-SETUP-1: after start the board, robber, bank and deck exist; the removal is due (bot).
    assert_eq!(st.state.stage, Stage::Removal);
    assert!(st.events.iter().any(|e| e.rule == "CAT-BOARD-12"));
    assert!(st.events.iter().any(|e| e.rule == "CAT-SETUP-1"));
    assert!(matches!(CatanShadow::next(&st.state), Next::Bot { .. }));
    assert!(st.state.table.board.tiles.iter().all(|t| !t.removed));
    let b = CatanShadow::bot_turn(&st.state, &mut Dice::new(9)).unwrap();
    let kinds: Vec<&str> = b.events.iter().map(|e| e.kind.as_str()).collect();
    let pos = |k: &str| kinds.iter().position(|x| *x == k).unwrap();
    assert!(pos("removal_roll") < pos("removal_applied"));
    assert!(pos("removal_applied") < pos("first_player_rolloff"));
    assert_eq!(b.state.table.phase, Phase::Setup);
    assert!(matches!(CatanShadow::next(&b.state), Next::Human { .. }));
}

#[test]
fn csw_setup_5_removed_hexes_never_produce_and_are_not_sea() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    // Force a settlement onto a corner of the removed (2,0) mountains 8 (illegal in play; here to show production).
    put(
        &mut s,
        Colour::A,
        Vertex::s(2, -1),
        BuildingKind::Settlement,
    ); // touches (2,-1) 10 removed, (2,0) 8 removed, (1,0) forest 3
    let (s2, ev) = mv(&s, 0, Move::Roll, &[4, 4]).unwrap();
    assert_eq!(s2.table.players[0].hand, Cards::default()); // CSW-SETUP-5
    let p = ev.iter().find(|e| e.kind == "production").unwrap();
    assert_eq!(
        p.data["hexes"].as_array().map(|a| a.len()),
        Some(1),
        "only forest (-2,1) 8 remains"
    );
    // Not sea: coast intersections are unchanged.
    assert_eq!(
        (0..54).filter(|v| s.table.board.touches_coast(*v)).count(),
        30
    );
    // The token stays on the tile for display.
    assert_eq!(s.table.board.tiles[Hex(2, 0).id().unwrap()].token, Some(8));
}

#[test]
fn csw_setup_6_playable_path_next_to_an_unplayable_end() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let b = &s.table.board;
    // E(1,-1) borders (1,-1) and (2,-1): (2,-1) is removed, so the path is unplayable.
    assert!(!b.edge_playable(Edge::new(1, -1, Dir::E).id().unwrap())); // CSW-SETUP-6
                                                                       // SE(0,-1) joins N(0,0) and S(0,-1) between (0,-1) and (0,0), both remaining: playable.
    assert!(b.edge_playable(Edge::new(0, -1, Dir::SE).id().unwrap()));
    // NE(0,-1) joins N(0,-1) (touches removed (0,-2)) and S(1,-2): still playable.
    let e = Edge::new(0, -1, Dir::NE);
    assert!(b.edge_playable(e.id().unwrap()));
    assert!(!b.vertex_playable(Vertex::n(0, -1).id().unwrap()));
}

#[test]
fn csw_setup_8_vote_policy() {
    let o = Options {
        reroll_policy: RerollPolicy::Vote,
        ..opts()
    };
    let s = CatanShadow::start(&o, &mut Dice::new(0)).unwrap().state;
    let (s, _) = bot(&s, &[3, 4]).unwrap();
    assert_eq!(s.stage, Stage::RemovalVote { seat: 0 }); // CSW-SETUP-8: a first
    assert_eq!(
        mv(&s, 1, Move::RemovalVote { reroll: true }, &[])
            .unwrap_err()
            .kind,
        RuleErrorKind::OutOfTurn
    );
    assert_eq!(mv(&s, 0, Move::Roll, &[]).unwrap_err().rule, "CSW-SETUP-8");
    let (s1, _) = mv(&s, 0, Move::RemovalVote { reroll: true }, &[]).unwrap();
    // Only one wants a re-roll: the roll stands.
    let (k, _) = mv(&s1, 1, Move::RemovalVote { reroll: false }, &[]).unwrap();
    let (k, _) = bot(&k, &[]).unwrap();
    assert_eq!(k.removal.rolls.len(), 1);
    assert!(k.removal.rolls[0].kept);
    assert_eq!(k.stage, Stage::Play);
    // Both agree: rolled again, and asked again.
    let (r, _) = mv(&s1, 1, Move::RemovalVote { reroll: true }, &[]).unwrap();
    let (r, ev) = bot(&r, &[1, 2]).unwrap();
    assert!(ev.iter().any(|e| e.kind == "removal_rerolled"));
    assert_eq!(r.removal.rolls.len(), 2);
    assert_eq!(r.stage, Stage::RemovalVote { seat: 0 });
}

#[test]
fn csw_setup_9_reroll_limit() {
    // Every roll loses two reds (3+4 each time): with max 2 re-rolls the third roll stands.
    let o = Options {
        reroll_policy: RerollPolicy::TwoRed,
        max_removal_rerolls: 2,
        ..opts()
    };
    let s = CatanShadow::start(&o, &mut Dice::new(0)).unwrap().state;
    let (s, ev) = bot(&s, &[3, 4, 3, 4, 3, 4]).unwrap();
    assert_eq!(s.removal.rolls.len(), 3);
    assert_eq!(s.removal.rerolls, 2);
    assert!(s.removal.rolls[2].kept);
    assert!(ev.iter().any(|e| e.rule == "CSW-SETUP-9")); // CSW-SETUP-9
                                                         // Bad option range.
    let bad = Options {
        max_removal_rerolls: 51,
        ..opts()
    };
    assert_eq!(
        CatanShadow::start(&bad, &mut Dice::new(0))
            .unwrap_err()
            .kind,
        RuleErrorKind::BadOptions { option: None }
    );
}

#[test]
fn csw_setup_10_robber_on_a_removed_desert() {
    // Beginner board with the desert moved to (2,-2) (swapped with forest 9).
    let b = crate::games::catan::board::Board::beginner();
    let hexes: Vec<ManualHex> = b
        .tiles
        .iter()
        .map(|t| {
            let (terrain, token) = match (t.hex.q(), t.hex.r()) {
                (2, -2) => (Terrain::Desert, None),
                (0, 0) => (Terrain::Forest, Some(9)),
                _ => (t.terrain, t.token),
            };
            ManualHex {
                hex: t.hex,
                terrain,
                token,
            }
        })
        .collect();
    let o = Options {
        layout: Some(crate::games::catan::board::Layout::Manual),
        harbours: Some(crate::games::catan::board::HarbourLayout::Beginner),
        board: Some(ManualBoard {
            hexes: Some(hexes),
            harbours: None,
        }),
        ..opts()
    };
    let (s, ev) = removed_with(&o, [1, 2]); // N and NE: (2,-2) goes
    assert_eq!(s.table.board.robber, Hex(2, -2).id().unwrap()); // CSW-SETUP-10
    assert!(s.table.board.tiles[s.table.board.robber].removed);
    assert!(ev.iter().any(|e| e.text.contains("CSW-SETUP-10")));
    // It blocks nothing and must move on the first 7.
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    let (s, _) = mv(&s, 0, Move::Roll, &[3, 4]).unwrap();
    assert_eq!(
        mv(
            &s,
            0,
            Move::MoveRobber {
                hex: Hex(2, -2),
                stolen: None
            },
            &[1]
        )
        .unwrap_err()
        .rule,
        "CAT-ROB-1"
    );
    mv(
        &s,
        0,
        Move::MoveRobber {
            hex: Hex(0, 0),
            stolen: None,
        },
        &[],
    )
    .unwrap();
}

#[test]
fn csw_setup_11_placement_on_playable_spots_only() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    assert_eq!(s.table.phase, Phase::Setup);
    // N(0,-1) touches the removed (0,-2).
    let e = mv(
        &s,
        0,
        Move::PlaceSetupSettlement {
            vertex: Vertex::n(0, -1),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CSW-SETUP-6"); // CSW-SETUP-11
    let (s, _) = mv(
        &s,
        0,
        Move::PlaceSetupSettlement {
            vertex: Vertex::s(1, -2),
        },
        &[],
    )
    .unwrap();
    // Listed set-up moves never name unplayable spots.
    for m in CatanShadow::legal_moves(&s, Seat(0)) {
        if let Move::PlaceSetupRoad { edge } = m {
            assert!(s.table.board.edge_playable(edge.id().unwrap()));
        }
    }
    let unplay = CatanShadow::legal_moves(&removed_with(&opts(), [2, 6]).0, Seat(0));
    assert!(unplay.iter().all(|m| match m {
        Move::PlaceSetupSettlement { vertex } => !geo().vertex_hexes[vertex.id().unwrap()]
            .iter()
            .any(|h| [0usize, 2].contains(h)),
        _ => true,
    }));
}

#[test]
fn csw_turn_1_2_3_real_turns_as_usual() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(
        &mut s,
        Colour::A,
        Vertex::s(1, -2),
        BuildingKind::Settlement,
    );
    s.table.players[0].hand = Cards::new(2, 2, 0, 0, 0);
    // CSW-TURN-1: base building works.
    let (s, _) = mv(
        &s,
        0,
        Move::BuildRoad {
            edge: Edge::new(1, -2, Dir::SE),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.table.players[0].roads_left, 14);
    // CSW-TURN-2: the only trade partner is the other real seat.
    let (s, _) = mv(
        &s,
        0,
        Move::OfferTrade {
            give: Cards::one(Resource::Brick),
            want: Cards::one(Resource::Ore),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.table.pending, vec![Pending::TradeResponse { seat: 1 }]);
    let (s, _) = mv(&s, 1, Move::RespondTrade { accept: false }, &[]).unwrap();
    // CSW-TURN-3: end_turn → bot (fictive f1) → b in pre_roll.
    let (s, ev) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    assert!(ev.iter().any(|e| e.rule == "CSW-FIC-1"));
    assert_eq!(s.fictive.as_ref().unwrap().runner, 0); // CSW-FIC-1
    assert!(matches!(CatanShadow::next(&s), Next::Bot { .. }));
    // During the fictive turn no trade with anybody (CSW-TURN-2, CSW-FIC-8).
    let e = mv(
        &s,
        0,
        Move::MaritimeTrade {
            give: Resource::Brick,
            get: Resource::Ore,
            times: None,
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        ("CSW-FIC-8", RuleErrorKind::OutOfTurn)
    );
    let (s, _) = bot(&s, &[1, 1, 6]).unwrap();
    assert_eq!(
        (s.table.active, s.table.phase, s.table.turn),
        (1, Phase::PreRoll, 4)
    );
    // After b's turn the fictive turn is f2, run by b.
    let (s, _) = mv(&s, 1, Move::Roll, &[1, 1]).unwrap();
    let (s, _) = mv(&s, 1, Move::EndTurn, &[]).unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F2);
    assert_eq!(s.fictive.as_ref().unwrap().runner, 1);
}

#[test]
fn csw_rob_1_removed_to_removed_allowed() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.board.robber = Hex(0, -2).id().unwrap();
    s.table.pending.push(Pending::Robber {
        seat: 0,
        cause: crate::games::catan::table::RobberCause::Seven,
    });
    let (t, _) = mv(
        &s,
        0,
        Move::MoveRobber {
            hex: Hex(2, -2),
            stolen: None,
        },
        &[5],
    )
    .unwrap(); // CSW-ROB-1
    assert_eq!(t.table.players[0].hand, Cards::one(Resource::Ore)); // face 5 = ore by default
                                                                    // The resource die option permutes the faces (CSW-ROB-2).
    s.options.resource_die = [
        Resource::Ore,
        Resource::Grain,
        Resource::Wool,
        Resource::Lumber,
        Resource::Brick,
    ];
    let (t, _) = mv(
        &s,
        0,
        Move::MoveRobber {
            hex: Hex(2, -2),
            stolen: None,
        },
        &[5],
    )
    .unwrap();
    assert_eq!(t.table.players[0].hand, Cards::one(Resource::Brick));
    // Legal robber moves list removed hexes.
    assert!(
        CatanShadow::legal_moves(&s, Seat(0)).contains(&Move::MoveRobber {
            hex: Hex(2, -2),
            stolen: None
        })
    );
}

#[test]
fn csw_rob_3_knight_and_removed_hexes() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].dev_hand.push(HeldDev {
        kind: DevCard::Knight,
        bought_on_turn: 1,
    });
    let (k, _) = mv(&s, 0, Move::PlayKnight, &[]).unwrap();
    let (k2, _) = mv(
        &k,
        0,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[1],
    )
    .unwrap(); // CSW-ROB-3 default true
    assert_eq!(k2.table.players[0].hand, Cards::one(Resource::Brick));
    let mut off = s.clone();
    off.options.knight_to_removed_hex = false;
    let (k, _) = mv(&off, 0, Move::PlayKnight, &[]).unwrap();
    let e = mv(
        &k,
        0,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[1],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CSW-ROB-3");
    assert!(
        !CatanShadow::legal_moves(&k, Seat(0)).contains(&Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None
        })
    );
}

/// A fictive turn waiting for `chooser`'s robber move.
fn fictive_robber(policy: FictiveSevenRemoved) -> super::rules::State {
    let (s, _) = removed_with(
        &Options {
            fictive_seven_removed_hex: policy,
            ..opts()
        },
        [2, 6],
    );
    let mut s = in_play(s);
    put(
        &mut s,
        Colour::A,
        Vertex::s(1, -2),
        BuildingKind::Settlement,
    );
    put(
        &mut s,
        Colour::B,
        Vertex::s(-1, 1),
        BuildingKind::Settlement,
    );
    let (s, _) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    let (s, ev) = bot(&s, &[3, 4, 1, 6]).unwrap(); // 7, nobody discards, tie → roll-off 1 vs 6: b chooses
    let ch = ev.iter().find(|e| e.rule == "CSW-FIC-4").unwrap();
    assert_eq!(ch.data["chooser"], "b"); // CSW-FIC-4: equal points, roll-off
    assert_eq!(ch.dice, vec![1, 6]);
    s
}

#[test]
fn csw_fic_6_removed_hexes_on_a_fictive_seven() {
    let s = fictive_robber(FictiveSevenRemoved::Resource);
    let (t, _) = mv(
        &s,
        1,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[2],
    )
    .unwrap(); // CSW-FIC-6
    assert_eq!(t.table.players[1].hand, Cards::one(Resource::Lumber));
    let s = fictive_robber(FictiveSevenRemoved::NoResource);
    let (t, _) = mv(
        &s,
        1,
        Move::MoveRobber {
            hex: Hex(0, -2),
            stolen: None,
        },
        &[],
    )
    .unwrap();
    assert!(t.table.players[1].hand.is_empty());
    assert_eq!(t.table.board.robber, Hex(0, -2).id().unwrap());
    let s = fictive_robber(FictiveSevenRemoved::Forbidden);
    assert_eq!(
        mv(
            &s,
            1,
            Move::MoveRobber {
                hex: Hex(0, -2),
                stolen: None
            },
            &[]
        )
        .unwrap_err()
        .rule,
        "CSW-FIC-6"
    );
    // CSW-FIC-7: the chooser never robs themselves; b on its own hex steals nothing.
    let mut s = fictive_robber(FictiveSevenRemoved::Resource);
    s.table.players[1].hand = Cards::new(0, 0, 1, 0, 0);
    let (t, _) = mv(
        &s,
        1,
        Move::MoveRobber {
            hex: Hex(-1, 1),
            stolen: None,
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.table.players[1].hand.total(), 1);
}

#[test]
fn csw_fic_8_nothing_else_in_a_fictive_turn() {
    let s = fictive_robber(FictiveSevenRemoved::Resource);
    // The chooser may only move the robber; the other seat is out of turn.
    for m in [
        Move::EndTurn,
        Move::Roll,
        Move::BuildRoad {
            edge: Edge::new(1, -2, Dir::SE),
        },
        Move::AuctionStand,
        Move::PlayKnight,
    ] {
        let e = mv(&s, 1, m.clone(), &[]).unwrap_err();
        assert_eq!(e.rule, "CSW-FIC-8", "{m:?}"); // CSW-FIC-8
        assert_eq!(
            mv(&s, 0, m, &[]).unwrap_err().kind,
            RuleErrorKind::OutOfTurn
        );
    }
}

#[test]
fn csw_fic_3_discards_before_the_robber() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].hand = Cards::new(8, 0, 0, 0, 0);
    s.table.players[1].hand = Cards::new(0, 10, 0, 0, 0);
    let (s, _) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    let (s, ev) = bot(&s, &[5, 2]).unwrap();
    assert_eq!(
        s.table.pending,
        vec![
            Pending::Discard { seat: 0, count: 4 },
            Pending::Discard { seat: 1, count: 5 }
        ]
    ); // CSW-FIC-3: runner first
    assert!(ev.iter().any(|e| e.rule == "CSW-FIC-3"));
    assert_eq!(
        mv(
            &s,
            1,
            Move::Discard {
                cards: Cards::new(0, 5, 0, 0, 0)
            },
            &[]
        )
        .unwrap_err()
        .kind,
        RuleErrorKind::OutOfTurn
    );
    let (s, _) = mv(
        &s,
        0,
        Move::Discard {
            cards: Cards::new(4, 0, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Discards);
    let (s, _) = mv(
        &s,
        1,
        Move::Discard {
            cards: Cards::new(0, 5, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Chooser);
}

/// Offer step of a fictive turn run by a; hands set by the caller.
fn offer_state(ha: Cards, hb: Cards) -> super::rules::State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].hand = ha;
    s.table.players[1].hand = hb;
    let mut ft = FictiveTurn::new(&s.table, 0);
    ft.stage = FictiveStage::Offer;
    s.fictive = Some(ft);
    s
}

#[test]
fn csw_auc_1_2_no_offer_on_six_or_empty_bank() {
    let s = offer_state(Cards::one(Resource::Ore), Cards::default());
    let (t, ev) = bot(&s, &[6]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-AUC-1" && e.data["offer"].is_null())); // CSW-AUC-1
    assert!(t.fictive.is_none());
    let mut s = offer_state(Cards::one(Resource::Ore), Cards::default());
    s.table.bank.resources.grain = 0;
    let (t, ev) = bot(&s, &[4]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.rule == "CSW-AUC-2" && e.data["reason"] == "bank_empty")); // CSW-AUC-2
    assert!(t.fictive.is_none());
}

#[test]
fn csw_auc_5_only_one_bidder() {
    let s = offer_state(Cards::one(Resource::Ore), Cards::one(Resource::Brick));
    let (s, _) = bot(&s, &[1]).unwrap(); // brick offered
    let (s, _) = mv(&s, 0, Move::AuctionPass, &[]).unwrap();
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionBid {
            card: Resource::Brick,
        },
        &[],
    )
    .unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    let r = ev.iter().find(|e| e.kind == "auction_result").unwrap();
    assert_eq!(
        (r.rule.as_str(), r.data["winner"].as_str()),
        ("CSW-AUC-5", Some("b"))
    ); // CSW-AUC-5
    assert_eq!(
        t.table.players[1].hand,
        Cards::one(Resource::Brick),
        "paid a brick, got a brick"
    );
    assert_eq!(t.table.players[0].hand, Cards::one(Resource::Ore));
    // Nobody enters.
    let s = offer_state(Cards::one(Resource::Ore), Cards::one(Resource::Brick));
    let (s, _) = bot(&s, &[1]).unwrap();
    let (s, _) = mv(&s, 0, Move::AuctionPass, &[]).unwrap();
    let (s, _) = mv(&s, 1, Move::AuctionPass, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.kind == "auction_result" && e.data["winner"].is_null()));
    assert_eq!(t.table.players[1].hand, Cards::one(Resource::Brick));
}

#[test]
fn csw_auc_6_7_8_raises() {
    let s = offer_state(Cards::new(0, 0, 3, 0, 1), Cards::new(2, 0, 0, 0, 0));
    let (s, _) = bot(&s, &[3]).unwrap(); // wool offered
                                         // CSW-AUC-4: the card must be held.
    assert_eq!(
        mv(
            &s,
            0,
            Move::AuctionBid {
                card: Resource::Grain
            },
            &[]
        )
        .unwrap_err()
        .rule,
        "CSW-AUC-4"
    );
    // CSW-AUC-7: any kind, even the offered resource.
    let (s, _) = mv(
        &s,
        0,
        Move::AuctionBid {
            card: Resource::Wool,
        },
        &[],
    )
    .unwrap();
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionBid {
            card: Resource::Brick,
        },
        &[],
    )
    .unwrap();
    // b acts first (entered second). A raise that does not go strictly ahead fails.
    assert_eq!(
        mv(
            &s,
            1,
            Move::AuctionRaise {
                cards: Cards::default()
            },
            &[]
        )
        .unwrap_err()
        .rule,
        "CSW-AUC-6"
    );
    // CSW-AUC-8: cards already offered cannot be laid again.
    assert_eq!(
        mv(
            &s,
            1,
            Move::AuctionRaise {
                cards: Cards::new(2, 0, 0, 0, 0)
            },
            &[]
        )
        .unwrap_err()
        .rule,
        "CSW-AUC-8"
    );
    let (s, _) = mv(
        &s,
        1,
        Move::AuctionRaise {
            cards: Cards::new(1, 0, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    // a must go above 2: laying 1 more (2 total) is not enough.
    assert_eq!(
        mv(
            &s,
            0,
            Move::AuctionRaise {
                cards: Cards::one(Resource::Ore)
            },
            &[]
        )
        .unwrap_err()
        .rule,
        "CSW-AUC-6"
    );
    let (s, _) = mv(
        &s,
        0,
        Move::AuctionRaise {
            cards: Cards::new(0, 0, 1, 0, 1),
        },
        &[],
    )
    .unwrap(); // mixed kinds: 3 cards
               // b has nothing more; standing while behind ends it.
    assert!(!CatanShadow::legal_moves(&s, Seat(1))
        .iter()
        .any(|m| matches!(m, Move::AuctionRaise { .. })));
    let (s, _) = mv(&s, 1, Move::AuctionStand, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    assert!(ev
        .iter()
        .any(|e| e.kind == "auction_result" && e.data["winner"] == "a"));
    assert_eq!(
        t.table.players[0].hand,
        Cards::new(0, 0, 2, 0, 0),
        "paid 2 wool + ore, took 1 wool"
    );
    assert_eq!(
        t.table.players[1].hand,
        Cards::new(2, 0, 0, 0, 0),
        "b's offer returns to free use"
    );
}

#[test]
fn csw_end_1_ten_points_in_own_turn() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    for v in [
        Vertex::s(-1, 0),
        Vertex::n(1, 1),
        Vertex::s(0, 1),
        Vertex::n(-1, 1),
    ] {
        put(&mut s, Colour::A, v, BuildingKind::City);
    }
    put(
        &mut s,
        Colour::A,
        Vertex::s(1, -2),
        BuildingKind::Settlement,
    );
    s.table.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    s.table.bank.dev_deck.push(DevCard::VictoryPoint);
    let (t, _) = mv(&s, 0, Move::BuyDevelopmentCard { drawn: None }, &[]).unwrap();
    match CatanShadow::next(&t) {
        Next::Finished { scores, winner, .. } => {
            assert_eq!(winner.as_deref(), Some("a")); // CSW-END-1
            assert_eq!(scores["a"], Some(10));
        }
        n => panic!("not finished: {n:?}"),
    }
    // Hidden cards are revealed at the end (CAT-END-3): b sees a's hand.
    let v = serde_json::to_value(CatanShadow::view(&t, Some(Seat(1)))).unwrap();
    assert!(v["players"][0]["dev_hand"].is_array());
}

#[test]
fn csw_end_2_fictive_turn_never_ends_the_game() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[1].dev_hand = vec![
        HeldDev {
            kind: DevCard::VictoryPoint,
            bought_on_turn: 1
        };
        10
    ];
    s.table.players[0].hand = Cards::one(Resource::Ore);
    s.table.players[1].hand = Cards::one(Resource::Ore);
    let (s, _) = mv(&s, 0, Move::EndTurn, &[]).unwrap();
    let (s, _) = bot(&s, &[1, 1, 1]).unwrap(); // production 2, offer brick
                                               // The auction is open: the fictive turn runs on although b has 10 points.
    assert!(s.fictive.is_some()); // CSW-END-2
    assert_ne!(s.table.phase, Phase::Finished);
    let (s, _) = mv(&s, 0, Move::AuctionPass, &[]).unwrap();
    let (s, _) = mv(&s, 1, Move::AuctionPass, &[]).unwrap();
    assert_ne!(s.table.phase, Phase::Finished);
    let (s, _) = bot(&s, &[]).unwrap();
    // b wins at the start of its own turn (CAT-END-1).
    assert_eq!((s.table.phase, s.table.winner), (Phase::Finished, Some(1)));
}

#[test]
fn view_hides_the_other_hand_and_the_deck() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].hand = Cards::new(1, 2, 3, 4, 5);
    s.table.players[1].dev_hand.push(HeldDev {
        kind: DevCard::Monopoly,
        bought_on_turn: 1,
    });
    let va = serde_json::to_value(CatanShadow::view(&s, Some(Seat(0)))).unwrap();
    assert_eq!(va["players"][0]["hand"]["ore"], 5);
    assert!(va["players"][1].get("hand").is_none());
    assert!(va["players"][1].get("dev_hand").is_none());
    assert_eq!(va["players"][1]["development_cards"], 1);
    let spectator = serde_json::to_value(CatanShadow::view(&s, None)).unwrap();
    assert!(spectator["players"][0].get("hand").is_none());
    assert_eq!(spectator["players"][0]["cards"], 15);
    assert!(spectator.to_string().find("dev_deck").is_none());
    assert_eq!(spectator["board"]["tiles"].as_array().unwrap().len(), 19);
}

#[test]
fn manual_dice_left_over_are_refused() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    let e = mv(&s, 0, Move::Roll, &[1, 2, 3]).unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-2");
    let e = mv_seed(&s, 0, Move::Roll, &[], 1).unwrap_err();
    assert!(e.kind.table_needed().is_some());
}

// TODO(issue 12): port to the new adapter with this game's migration.
#[cfg(any())]
#[test]
fn catalogue_entry_and_json_round_trip() {
    use crate::engine::legacy::{DynGame, Erased};
    let g = Erased::<CatanShadow>::new();
    let info = g.info();
    assert_eq!(info.id, "catan-shadow");
    assert!(info.move_schema.to_string().contains("auction_raise"));
    assert!(info.options_schema.to_string().contains("reroll_policy"));
    assert_eq!(info.default_options["reroll_policy"], "two_red");
    assert!(g.options(&serde_json::json!({"bogus": 1})).is_err());
    let o = serde_json::json!({"layout": "beginner", "first_player": "a", "reroll_policy": "never", "dice": "manual"});
    let st = g.start(&o, &mut Dice::new(1)).unwrap();
    assert!(
        g.bot_turn(&st.state, &mut Dice::new(1)).is_err(),
        "manual dice: the removal needs 2 dice"
    );
    let st = g
        .bot_turn(&st.state, &mut Dice::new(1).with_table(&[3, 5]))
        .unwrap();
    let moves = g.legal_moves(&st.state, Seat(0)).unwrap();
    assert!(!moves.is_empty());
    // A corner alias is accepted and answered canonically (CAT-BOARD-16).
    let first = g.play(
        &st.state,
        Seat(0),
        &serde_json::json!({"type": "place_setup_settlement", "vertex": [1, -1, "NE"]}),
        &mut Dice::new(1),
    );
    let step = first.unwrap();
    let v = g.view(&step.state, Some(Seat(0))).unwrap();
    assert_eq!(
        v["board"]["buildings"][0]["vertex"],
        serde_json::json!([2, -2, "S"])
    );
    let snap = g.snapshot(&st.state).unwrap();
    let back = g.restore(&snap).unwrap();
    assert_eq!(g.snapshot(&back).unwrap(), snap);
    assert!(g
        .play(
            &st.state,
            Seat(0),
            &serde_json::json!({"type": "fly"}),
            &mut Dice::new(1)
        )
        .is_err());
}
