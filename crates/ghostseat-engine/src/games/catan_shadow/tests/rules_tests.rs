//! Rule tests of catan-shadow beyond the worked examples, and the issue-14
//! findings (exact rule ids, defaults read against the original).

use super::kit::*;
use crate::engine::{Chance, Dice, Game, Next, RuleError, RuleErrorKind, Seat, SeatKind};
use crate::games::catan::geometry::Dir;
use crate::games::catan::layout::{HarbourLayout, Layout, ManualBoard, ManualHex};
use crate::games::catan::moves::{CoreMove, DevMove};
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{Pending, Phase, RobberCause};
use crate::games::catan::{
    BuildingKind, Cards, Colour, DevCard, EdgeId, Resource, Terrain, VertexId,
};
use crate::games::catan_shadow::moves::ShadowMove;
use crate::games::catan_shadow::options::{FictiveSevenRemoved, Options, RerollPolicy};
use crate::games::catan_shadow::state::{FictiveStage, Stage, State};
use crate::games::catan_shadow::{CatanShadow, Move};
use serde_json::{json, Value};
use Resource::*;

#[test]
fn csw_gen_1_two_human_seats_no_bot_seat() {
    let seats = CatanShadow::seats(&Options::default());
    assert_eq!(seats.len(), 2); // CSW-GEN-1
    assert!(seats.iter().all(|s| s.kind == SeatKind::Human));
    assert_eq!((seats[0].id.as_str(), seats[1].id.as_str()), ("a", "b"));
    let (s, ev) = started(&Options::default());
    assert!(has_rule(&ev, "CSW-GEN-1"));
    // A third seat is refused by the engine's gate.
    let e = mv(&s, 2, CoreMove::Roll, &[]).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
}

#[test]
fn csw_gen_2_fictive_players_hold_nothing() {
    // A fictive production roll pays only real seats; f1/f2 have no pieces or hands.
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(&mut s, Colour::B, vs(-1, 1), BuildingKind::Settlement); // mountains 3, fields 6, hills 5
    let (s, _) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    let bank_before = s.table.bank.resources.total();
    let (s, _) = bot(&s, &[1, 2, 6]).unwrap(); // a 3: b gets 1 ore; offer die 6
    assert_eq!(s.table.players[1].hand, Cards::one(Ore)); // CSW-GEN-2, CSW-FIC-2
    assert_eq!(s.table.bank.resources.total(), bank_before - 1);
    assert!(s
        .table
        .board
        .buildings
        .iter()
        .flatten()
        .all(|b| b.colour.is_real()));
    assert!(s.table.board.roads.iter().flatten().all(|c| c.is_real()));
}

#[test]
fn csw_setup_1_order_board_then_removal_then_first_player() {
    let o = Options::default();
    let mut chance = Chance::new(Dice::new(9), o.table_mode(), vec![]).unwrap();
    let start = rules(&o).start(&o, &mut chance).unwrap();
    let (s, ev) = (start.state, start.events);
    // CSW-SETUP-1: after start the board, robber, bank and deck exist; the removal is due (bot).
    assert_eq!(s.stage, Stage::Removal);
    assert!(has_rule(&ev, "CAT-BOARD-12"));
    assert!(has_rule(&ev, "CAT-SETUP-1"));
    assert!(is_bot(&s));
    assert!(s.table.board.tiles.iter().all(|t| !t.removed));
    let (b, ev) = bot_seed(&s, &[], 9).unwrap();
    let k = kinds(&ev);
    let pos = |x: &str| k.iter().position(|y| y == x).unwrap();
    assert!(pos("removal_roll") < pos("removal_applied"));
    assert!(pos("removal_applied") < pos("first_player_roll_off"));
    assert_eq!(b.table.phase, Phase::Setup);
    assert!(!next_seats(&b).is_empty());
}

#[test]
fn csw_setup_5_removed_hexes_never_produce_and_are_not_sea() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    // Force a settlement onto a corner of the removed (2,0) mountains 8 (illegal in play; here to show production).
    put(&mut s, Colour::A, vs(2, -1), BuildingKind::Settlement); // touches (2,-1) 10 removed, (2,0) 8 removed, (1,0) forest 3
    let (s2, ev) = mv(&s, 0, CoreMove::Roll, &[4, 4]).unwrap();
    assert_eq!(s2.table.players[0].hand, Cards::default()); // CSW-SETUP-5
    let p = find(&ev, "production");
    assert_eq!(
        p["data"]["hexes"].as_array().map(|a| a.len()),
        Some(1),
        "only forest (-2,1) 8 remains"
    );
    // Not sea: coast intersections are unchanged.
    assert_eq!(VertexId::all().filter(|v| v.on_coast()).count(), 30);
    // The token stays on the tile for display.
    assert_eq!(s.table.board.tile(hx(2, 0)).token, Some(8));
}

#[test]
fn csw_setup_6_playable_path_next_to_an_unplayable_end() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let b = &s.table.board;
    // E(1,-1) borders (1,-1) and (2,-1): (2,-1) is removed, so the path is unplayable.
    assert!(!b.edge_playable(ed(1, -1, Dir::E))); // CSW-SETUP-6
                                                  // SE(0,-1) joins N(0,0) and S(0,-1) between (0,-1) and (0,0), both remaining: playable.
    assert!(b.edge_playable(ed(0, -1, Dir::SE)));
    // NE(0,-1) joins N(0,-1) (touches removed (0,-2)) and S(1,-2): still playable.
    assert!(b.edge_playable(ed(0, -1, Dir::NE)));
    assert!(!b.vertex_playable(vn(0, -1)));
}

#[test]
fn csw_setup_8_vote_policy() {
    let o = Options {
        reroll_policy: RerollPolicy::Vote,
        ..opts()
    };
    let (s, _) = started(&o);
    let (s, _) = bot(&s, &[3, 4]).unwrap();
    assert_eq!(s.stage, Stage::RemovalVote { seat: Seat(0) }); // CSW-SETUP-8: a first
    assert_eq!(
        mv(&s, 1, ShadowMove::RemovalVote { reroll: true }, &[])
            .unwrap_err()
            .kind,
        RuleErrorKind::OutOfTurn
    );
    assert_eq!(
        mv(&s, 0, CoreMove::Roll, &[]).unwrap_err().rule,
        "CSW-SETUP-8"
    );
    let (s1, _) = mv(&s, 0, ShadowMove::RemovalVote { reroll: true }, &[]).unwrap();
    // Only one wants a re-roll: the roll stands.
    let (k, _) = mv(&s1, 1, ShadowMove::RemovalVote { reroll: false }, &[]).unwrap();
    let (k, ev) = bot(&k, &[]).unwrap();
    assert_eq!(k.removal.rolls.len(), 1);
    assert!(k.removal.rolls[0].kept);
    assert_eq!(find(&ev, "removal_kept")["data"]["reason"], "votes");
    assert_eq!(k.stage, Stage::Play);
    // Both agree: rolled again, and asked again.
    let (r, _) = mv(&s1, 1, ShadowMove::RemovalVote { reroll: true }, &[]).unwrap();
    let (r, ev) = bot(&r, &[1, 2]).unwrap();
    assert_eq!(find(&ev, "removal_rerolled")["data"]["by_vote"], true);
    assert_eq!(r.removal.rolls.len(), 2);
    assert_eq!(r.stage, Stage::RemovalVote { seat: Seat(0) });
}

#[test]
fn csw_setup_9_reroll_limit() {
    // Every roll loses two reds (3+4 each time): with max 2 re-rolls the third roll stands.
    let o = Options {
        reroll_policy: RerollPolicy::TwoRed,
        max_removal_rerolls: 2,
        ..opts()
    };
    let (s, _) = started(&o);
    let (s, ev) = bot(&s, &[3, 4, 3, 4, 3, 4]).unwrap();
    assert_eq!(s.removal.rolls.len(), 3);
    assert_eq!(s.removal.rerolls, 2);
    assert!(s.removal.rolls[2].kept);
    assert_eq!(find(&ev, "removal_kept")["rule"], "CSW-SETUP-9"); // CSW-SETUP-9
                                                                  // With votes the limit keeps the roll under the same rule.
    let o = Options {
        reroll_policy: RerollPolicy::Vote,
        max_removal_rerolls: 0,
        ..opts()
    };
    let (s, _) = started(&o);
    let (_, ev) = bot(&s, &[3, 4]).unwrap();
    assert_eq!(find(&ev, "removal_kept")["rule"], "CSW-SETUP-9");
    // Bad option range, refused at creation naming the option.
    let bad = Options {
        max_removal_rerolls: 51,
        ..opts()
    };
    use crate::engine::GameOptions;
    assert_eq!(
        bad.validate().unwrap_err().kind,
        RuleErrorKind::BadOptions {
            option: Some("max_removal_rerolls".into())
        }
    );
}

#[test]
fn csw_setup_10_robber_on_a_removed_desert() {
    // Beginner board with the desert moved to (2,-2) (swapped with forest 9).
    let b = crate::games::catan::Board::<crate::games::catan::board::NoPiece>::beginner(false);
    let hexes: Vec<ManualHex> = b
        .tiles
        .iter()
        .map(|t| {
            let c = t.hex.coord();
            let (terrain, token) = match (c.q(), c.r()) {
                (2, -2) => (Terrain::Desert, None),
                (0, 0) => (Terrain::Forest, Some(9)),
                _ => (t.terrain, t.token),
            };
            ManualHex {
                hex: c,
                terrain,
                token,
            }
        })
        .collect();
    let o = Options {
        layout: Some(Layout::Manual),
        harbours: Some(HarbourLayout::Beginner),
        board: Some(ManualBoard {
            hexes: Some(hexes),
            harbours: None,
        }),
        ..opts()
    };
    let (s, ev) = removed_with(&o, [1, 2]); // N and NE: (2,-2) goes
    assert_eq!(s.table.board.robber, hx(2, -2)); // CSW-SETUP-10
    assert!(s.table.board.tile(s.table.board.robber).removed);
    assert_eq!(
        find(&ev, "removal_applied")["data"]["robber_on_removed_desert"],
        true
    );
    // It blocks nothing and must move on the first 7.
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    let (s, _) = mv(&s, 0, CoreMove::Roll, &[3, 4]).unwrap();
    assert_eq!(
        mv(&s, 0, CoreMove::MoveRobber { hex: hx(2, -2) }, &[1])
            .unwrap_err()
            .rule,
        "CAT-ROB-1"
    );
    mv(&s, 0, CoreMove::MoveRobber { hex: hx(0, 0) }, &[]).unwrap();
}

#[test]
fn csw_setup_11_placement_on_playable_spots_only() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    assert_eq!(s.table.phase, Phase::Setup);
    // N(0,-1) touches the removed (0,-2).
    let e = mv(
        &s,
        0,
        CoreMove::PlaceSetupSettlement { vertex: vn(0, -1) },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.rule, "CSW-SETUP-6"); // CSW-SETUP-11
    let listed = CatanShadow::legal_moves(&s, Seat(0));
    let spots = |l: &[crate::engine::Legal<Move>], f: &str| -> Vec<Value> {
        l.iter()
            .filter_map(|x| match x {
                crate::engine::Legal::Template { params, .. } => params
                    .iter()
                    .find(|p| p.field == f)
                    .map(|p| match &p.domain {
                        crate::engine::Domain::OneOf(v) => v.clone(),
                        _ => Vec::new(),
                    }),
                _ => None,
            })
            .flatten()
            .collect()
    };
    let vs_listed = spots(&listed, "vertex");
    assert!(!vs_listed.is_empty());
    for v in &vs_listed {
        let v: VertexId = serde_json::from_value(v.clone()).unwrap();
        assert!(s.table.board.vertex_playable(v));
    }
    let (s, _) = mv(
        &s,
        0,
        CoreMove::PlaceSetupSettlement { vertex: vs(1, -2) },
        &[],
    )
    .unwrap();
    for e in spots(&CatanShadow::legal_moves(&s, Seat(0)), "edge") {
        let e: EdgeId = serde_json::from_value(e).unwrap();
        assert!(s.table.board.edge_playable(e));
    }
}

#[test]
fn csw_turn_1_2_3_real_turns_as_usual() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    put(&mut s, Colour::A, vs(1, -2), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(2, 2, 0, 0, 0);
    // CSW-TURN-1: base building works.
    let (s, _) = mv(
        &s,
        0,
        CoreMove::BuildRoad {
            edge: ed(1, -2, Dir::SE),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.table.players[0].roads_left, 14);
    // CSW-TURN-2: the only trade partner is the other real seat.
    let (s, _) = mv(
        &s,
        0,
        CoreMove::OfferTrade {
            give: Cards::one(Brick),
            want: Cards::one(Ore),
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        s.table.pending,
        vec![Pending::TradeResponse { seat: Seat(1) }]
    );
    let (s, _) = mv(&s, 1, CoreMove::RespondTrade { accept: false }, &[]).unwrap();
    // An auction move outside a fictive turn is refused (CSW-TURN-2).
    assert_eq!(
        mv(&s, 0, ShadowMove::AuctionStand, &[]).unwrap_err().rule,
        "CSW-TURN-2"
    );
    // CSW-TURN-3: end_turn → bot (fictive f1) → b in pre_roll.
    let (s, ev) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    assert!(has_rule(&ev, "CSW-FIC-1"));
    assert_eq!(s.fictive.as_ref().unwrap().runner, Seat(0)); // CSW-FIC-1
    assert!(is_bot(&s));
    // During the fictive turn nobody trades: the engine names only the bot.
    let e = mv(
        &s,
        0,
        CoreMove::MaritimeTrade {
            give: Brick,
            get: Ore,
            times: 1,
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    let (s, _) = bot(&s, &[1, 1, 6]).unwrap();
    assert_eq!(
        (s.table.active, s.table.phase, s.table.turn),
        (Seat(1), Phase::PreRoll, 4)
    );
    // After b's turn the fictive turn is f2, run by b.
    let (s, _) = mv(&s, 1, CoreMove::Roll, &[1, 1]).unwrap();
    let (s, _) = mv(&s, 1, CoreMove::EndTurn, &[]).unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().fictive, Colour::F2);
    assert_eq!(s.fictive.as_ref().unwrap().runner, Seat(1));
}

#[test]
fn csw_rob_1_removed_to_removed_allowed() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.board.robber = hx(0, -2);
    s.table.pending.push(Pending::Robber {
        seat: Seat(0),
        cause: RobberCause::Seven,
    });
    let (t, _) = mv(&s, 0, CoreMove::MoveRobber { hex: hx(2, -2) }, &[5]).unwrap(); // CSW-ROB-1
    assert_eq!(t.table.players[0].hand, Cards::one(Ore)); // face 5 = ore by default
                                                          // The resource die option permutes the faces (CSW-ROB-2).
    s.options.resource_die = [Ore, Grain, Wool, Lumber, Brick];
    let (t, _) = mv(&s, 0, CoreMove::MoveRobber { hex: hx(2, -2) }, &[5]).unwrap();
    assert_eq!(t.table.players[0].hand, Cards::one(Brick));
    // Legal robber moves list removed hexes.
    assert!(crate::engine::legal::covers(
        &CatanShadow::legal_moves(&s, Seat(0)),
        &Move::Core(CoreMove::MoveRobber { hex: hx(2, -2) })
    ));
}

#[test]
fn csw_rob_3_knight_and_removed_hexes() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].dev_hand.push(HeldDev {
        kind: DevCard::Knight,
        bought_on_turn: 1,
    });
    // The default follows the original: only a rolled robber may use a
    // removed hex ("Wenn der Räuber gewürfelt wird").
    let (k, _) = mv(&s, 0, DevMove::PlayKnight, &[]).unwrap();
    let e = mv(&k, 0, CoreMove::MoveRobber { hex: hx(0, -2) }, &[1]).unwrap_err();
    assert_eq!(e.rule, "CSW-ROB-3");
    assert!(!crate::engine::legal::covers(
        &CatanShadow::legal_moves(&k, Seat(0)),
        &Move::Core(CoreMove::MoveRobber { hex: hx(0, -2) })
    ));
    // The house rule: a knight as a 7, with the random resource under CSW-ROB-3.
    let mut on = s.clone();
    on.options.knight_to_removed_hex = true;
    let (k, _) = mv(&on, 0, DevMove::PlayKnight, &[]).unwrap();
    let (k2, ev) = mv(&k, 0, CoreMove::MoveRobber { hex: hx(0, -2) }, &[1]).unwrap();
    assert_eq!(k2.table.players[0].hand, Cards::one(Brick));
    assert_eq!(find(&ev, "removed_hex_resource")["rule"], "CSW-ROB-3");
}

#[test]
fn issue_14_defaults_follow_the_original_for_removed_hexes() {
    // CSW-ROB-3: "Wenn der Räuber gewürfelt wird" — a knight is not a roll.
    // CSW-FIC-6: on a fictive 7 the robber goes "auf ein Landfeld seiner Wahl".
    let o = Options::default();
    assert!(!o.knight_to_removed_hex);
    assert_eq!(o.fictive_seven_removed_hex, FictiveSevenRemoved::Forbidden);
    let schema = serde_json::to_string(&schemars::schema_for!(Options)).unwrap();
    assert!(
        schema.contains("Räuber gewürfelt"),
        "the description says why"
    );
    assert!(schema.contains("Landfeld seiner Wahl"));
}

/// A fictive turn waiting for b's robber move (a tie, b won the roll-off).
fn fictive_robber(policy: FictiveSevenRemoved) -> State {
    let (s, _) = removed_with(
        &Options {
            fictive_seven_removed_hex: policy,
            ..opts()
        },
        [2, 6],
    );
    let mut s = in_play(s);
    put(&mut s, Colour::A, vs(1, -2), BuildingKind::Settlement);
    put(&mut s, Colour::B, vs(-1, 1), BuildingKind::Settlement);
    let (s, _) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    let (s, ev) = bot(&s, &[3, 4, 1, 6]).unwrap(); // 7, nobody discards, tie → roll-off 1 vs 6: b chooses
    let ch = find(&ev, "robber_chooser");
    assert_eq!(ch["rule"], "CSW-FIC-4");
    assert_eq!(ch["data"]["chooser"], 1); // CSW-FIC-4: equal points, roll-off
    assert_eq!(ch["dice"], json!([1, 6]));
    s
}

#[test]
fn csw_fic_6_removed_hexes_on_a_fictive_seven() {
    let s = fictive_robber(FictiveSevenRemoved::Resource);
    let (t, ev) = mv(&s, 1, CoreMove::MoveRobber { hex: hx(0, -2) }, &[2]).unwrap(); // CSW-FIC-6
    assert_eq!(t.table.players[1].hand, Cards::one(Lumber));
    // The resource of a fictive 7 is CSW-FIC-6's, not CSW-ROB-2's.
    assert_eq!(find(&ev, "removed_hex_resource")["rule"], "CSW-FIC-6");
    assert_eq!(find(&ev, "robber_moved")["rule"], "CSW-FIC-5");
    let s = fictive_robber(FictiveSevenRemoved::NoResource);
    let (t, ev) = mv(&s, 1, CoreMove::MoveRobber { hex: hx(0, -2) }, &[]).unwrap();
    assert!(t.table.players[1].hand.is_empty());
    assert_eq!(t.table.board.robber, hx(0, -2));
    assert!(!kinds(&ev).contains(&"removed_hex_resource".to_string()));
    let s = fictive_robber(FictiveSevenRemoved::Forbidden);
    assert_eq!(
        mv(&s, 1, CoreMove::MoveRobber { hex: hx(0, -2) }, &[])
            .unwrap_err()
            .rule,
        "CSW-FIC-6"
    );
    // CSW-FIC-7: the chooser never robs themselves; b on its own hex steals nothing.
    let mut s = fictive_robber(FictiveSevenRemoved::Resource);
    s.table.players[1].hand = Cards::new(0, 0, 1, 0, 0);
    let (t, ev) = mv(&s, 1, CoreMove::MoveRobber { hex: hx(-1, 1) }, &[]).unwrap();
    assert_eq!(t.table.players[1].hand.total(), 1);
    // "nobody to rob" on a fictive 7 names CSW-FIC-7, not CAT-ROB-2.
    assert_eq!(find(&ev, "no_theft")["rule"], "CSW-FIC-7");
}

#[test]
fn csw_fic_8_nothing_else_in_a_fictive_turn() {
    let s = fictive_robber(FictiveSevenRemoved::Resource);
    // The chooser may only move the robber; the other seat is out of turn.
    let moves: Vec<Move> = vec![
        CoreMove::EndTurn.into(),
        CoreMove::Roll.into(),
        CoreMove::BuildRoad {
            edge: ed(1, -2, Dir::SE),
        }
        .into(),
        ShadowMove::AuctionStand.into(),
        DevMove::PlayKnight.into(),
    ];
    for m in moves {
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
    let (s, _) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    let (s, ev) = bot(&s, &[5, 2]).unwrap();
    assert_eq!(
        s.table.pending,
        vec![
            Pending::Discard {
                seat: Seat(0),
                count: 4
            },
            Pending::Discard {
                seat: Seat(1),
                count: 5
            }
        ]
    ); // CSW-FIC-3: runner first
    assert!(has_rule(&ev, "CSW-FIC-3"));
    assert_eq!(
        mv(
            &s,
            1,
            CoreMove::Discard {
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
        CoreMove::Discard {
            cards: Cards::new(4, 0, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Discards);
    let (s, _) = mv(
        &s,
        1,
        CoreMove::Discard {
            cards: Cards::new(0, 5, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(s.fictive.as_ref().unwrap().stage, FictiveStage::Chooser);
}

/// Offer step of a fictive turn run by a; hands set by the caller.
fn offer_state(ha: Cards, hb: Cards) -> State {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.players[0].hand = ha;
    s.table.players[1].hand = hb;
    s.fictive = Some(fictive(&s, 0, FictiveStage::Offer));
    s
}

#[test]
fn csw_auc_1_2_no_offer_on_six_or_empty_bank() {
    let s = offer_state(Cards::one(Ore), Cards::default());
    let (t, ev) = bot(&s, &[6]).unwrap();
    let o = find(&ev, "fictive_offer");
    assert_eq!(
        (o["rule"].clone(), o["data"]["outcome"].clone()),
        (json!("CSW-AUC-1"), json!("six"))
    );
    assert!(t.fictive.is_none());
    let mut s = offer_state(Cards::one(Ore), Cards::default());
    s.table.bank.resources.set(Grain, 0);
    let (t, ev) = bot(&s, &[4]).unwrap();
    let o = find(&ev, "fictive_offer");
    assert_eq!(
        (o["rule"].clone(), o["data"]["outcome"].clone()),
        (json!("CSW-AUC-2"), json!("bank_empty"))
    );
    assert!(t.fictive.is_none());
}

#[test]
fn csw_auc_5_only_one_bidder() {
    let s = offer_state(Cards::one(Ore), Cards::one(Brick));
    let (s, _) = bot(&s, &[1]).unwrap(); // brick offered
    let (s, _) = mv(&s, 0, ShadowMove::AuctionPass, &[]).unwrap();
    let (s, _) = mv(&s, 1, ShadowMove::AuctionBid { card: Brick }, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    let r = find(&ev, "auction_result");
    assert_eq!(
        (r["rule"].clone(), r["data"]["winner"].clone()),
        (json!("CSW-AUC-5"), json!(1))
    ); // CSW-AUC-5
    assert_eq!(
        t.table.players[1].hand,
        Cards::one(Brick),
        "paid a brick, got a brick"
    );
    assert_eq!(t.table.players[0].hand, Cards::one(Ore));
    // Nobody enters.
    let s = offer_state(Cards::one(Ore), Cards::one(Brick));
    let (s, _) = bot(&s, &[1]).unwrap();
    let (s, _) = mv(&s, 0, ShadowMove::AuctionPass, &[]).unwrap();
    let (s, _) = mv(&s, 1, ShadowMove::AuctionPass, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    assert!(find(&ev, "auction_result")["data"]["winner"].is_null());
    assert_eq!(t.table.players[1].hand, Cards::one(Brick));
}

#[test]
fn csw_auc_6_7_8_raises() {
    let s = offer_state(Cards::new(0, 0, 3, 0, 1), Cards::new(2, 0, 0, 0, 0));
    let (s, _) = bot(&s, &[3]).unwrap(); // wool offered
                                         // CSW-AUC-4: the card must be held.
    assert_eq!(
        mv(&s, 0, ShadowMove::AuctionBid { card: Grain }, &[])
            .unwrap_err()
            .rule,
        "CSW-AUC-4"
    );
    // CSW-AUC-7: any kind, even the offered resource.
    let (s, _) = mv(&s, 0, ShadowMove::AuctionBid { card: Wool }, &[]).unwrap();
    let (s, _) = mv(&s, 1, ShadowMove::AuctionBid { card: Brick }, &[]).unwrap();
    // b acts first (entered second). A raise that does not go strictly ahead fails.
    assert_eq!(
        mv(
            &s,
            1,
            ShadowMove::AuctionRaise {
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
            ShadowMove::AuctionRaise {
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
        ShadowMove::AuctionRaise {
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
            ShadowMove::AuctionRaise {
                cards: Cards::one(Ore)
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
        ShadowMove::AuctionRaise {
            cards: Cards::new(0, 0, 1, 0, 1),
        },
        &[],
    )
    .unwrap(); // mixed kinds: 3 cards
               // b has nothing more; standing while behind ends it.
    assert!(!CatanShadow::legal_moves(&s, Seat(1))
        .iter()
        .any(|m| matches!(m.base(), Move::Shadow(ShadowMove::AuctionRaise { .. }))));
    let (s, _) = mv(&s, 1, ShadowMove::AuctionStand, &[]).unwrap();
    let (t, ev) = bot(&s, &[]).unwrap();
    assert_eq!(find(&ev, "auction_result")["data"]["winner"], 0);
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

/// The session's refusals name the game's rule where the spec has one (Game::own_rule): a
/// bid out of turn CSW-AUC-6, the fictive turn between the real ones CSW-TURN-3, another seat's
/// decision CAT-TURN-1, table dice left over CAT-RNG-2; the session rule ends the text.
#[test]
fn session_refusals_name_the_shadow_rules() {
    let en = |e: &RuleError| {
        let seats = CatanShadow::seats(&opts());
        e.detail
            .render(&crate::engine::TextCx::new(crate::engine::Lang::En, &seats))
    };
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    let roll = || Some(Move::from(CoreMove::Roll));
    let e = erased(&s, Some(1), roll(), &[1, 2]);
    assert_eq!(
        (e.rule.as_str(), e.kind.clone()),
        ("CAT-TURN-1", RuleErrorKind::OutOfTurn)
    );
    assert!(en(&e).ends_with("(SESSION-TURN-1)."), "{}", en(&e));
    let e = erased(&s, None, None, &[]);
    assert_eq!(e.rule, "CSW-TURN-3");
    assert!(en(&e).ends_with("(SESSION-TURN-1)."), "{}", en(&e));
    let e = erased(&s, Some(0), roll(), &[1, 2, 3]);
    assert_eq!(e.rule, "CAT-RNG-2");
    assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    assert!(en(&e).ends_with("(SESSION-TABLE-2)."), "{}", en(&e));
    // The fictive turn: a real seat's move while the bot runs it.
    let f = offer_state(Cards::new(0, 0, 3, 0, 1), Cards::new(2, 0, 0, 0, 0));
    assert!(is_bot(&f));
    let e = erased(&f, Some(0), Some(ShadowMove::AuctionStand.into()), &[]);
    assert_eq!(e.rule, "CSW-TURN-3");
    // The bidding: the seat whose turn it is not raises.
    let (f, _) = bot(&f, &[3]).unwrap();
    let (f, _) = mv(&f, 0, ShadowMove::AuctionBid { card: Wool }, &[]).unwrap();
    let (f, _) = mv(&f, 1, ShadowMove::AuctionBid { card: Brick }, &[]).unwrap();
    let raise = ShadowMove::AuctionRaise {
        cards: Cards::one(Ore),
    };
    let e = erased(&f, Some(0), Some(raise.into()), &[]);
    assert_eq!(
        (e.rule.as_str(), e.kind.clone()),
        ("CSW-AUC-6", RuleErrorKind::OutOfTurn)
    );
    assert!(en(&e).ends_with("(SESSION-TURN-1)."), "{}", en(&e));
}

#[test]
fn csw_end_1_ten_points_in_own_turn() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    for v in [vs(-1, 0), vn(1, 1), vs(0, 1), vn(-1, 1)] {
        put(&mut s, Colour::A, v, BuildingKind::City);
    }
    put(&mut s, Colour::A, vs(1, -2), BuildingKind::Settlement);
    s.table.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    s.table.bank.dev_deck.push(DevCard::VictoryPoint);
    let (t, _) = mv(&s, 0, DevMove::BuyDevelopmentCard, &[]).unwrap();
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
    s.table.players[0].hand = Cards::one(Ore);
    s.table.players[1].hand = Cards::one(Ore);
    let (s, _) = mv(&s, 0, CoreMove::EndTurn, &[]).unwrap();
    let (s, _) = bot(&s, &[1, 1, 1]).unwrap(); // production 2, offer brick
                                               // The auction is open: the fictive turn runs on although b has 10 points.
    assert!(s.fictive.is_some()); // CSW-END-2
    assert_ne!(s.table.phase, Phase::Finished);
    let (s, _) = mv(&s, 0, ShadowMove::AuctionPass, &[]).unwrap();
    let (s, _) = mv(&s, 1, ShadowMove::AuctionPass, &[]).unwrap();
    assert_ne!(s.table.phase, Phase::Finished);
    let (s, _) = bot(&s, &[]).unwrap();
    // b wins at the start of its own turn (CAT-END-1).
    assert_eq!(
        (s.table.phase, s.table.winner),
        (Phase::Finished, Some(Seat(1)))
    );
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
    assert!(!spectator.to_string().contains("dev_deck"));
    assert!(!spectator.to_string().contains("monopoly"));
    assert_eq!(spectator["board"]["tiles"].as_array().unwrap().len(), 19);
}

#[test]
fn table_dice_left_over_or_missing_are_refused() {
    let (s, _) = removed_with(&opts(), [2, 6]);
    let mut s = in_play(s);
    s.table.phase = Phase::PreRoll;
    let e = mv(&s, 0, CoreMove::Roll, &[1, 2, 3]).unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::TableInputUnused { unused: 1 });
    let e = mv(&s, 0, CoreMove::Roll, &[]).unwrap_err();
    assert_eq!(
        e.kind,
        RuleErrorKind::TableInputNeeded {
            needed: vec![crate::engine::Need::die(6); 2],
            sent: 0
        }
    );
}

#[test]
fn colour_labels_lay_the_table_s_labels_over_the_defaults() {
    let mut o = opts();
    o.colours.insert(Colour::A, "green".into());
    let (s, _) = started(&o);
    let v = serde_json::to_value(CatanShadow::view(&s, None)).unwrap();
    assert_eq!(v["colours"]["a"], "green");
    assert_eq!(v["colours"]["b"], "blue");
    assert_eq!(v["colours"]["f2"], "orange");
    use crate::engine::GameOptions;
    let mut bad = opts();
    bad.colours.insert(Colour::N1, "white".into());
    assert_eq!(
        bad.validate().unwrap_err().kind,
        RuleErrorKind::BadOptions {
            option: Some("colours.n1".into())
        }
    );
}
