//! Part B tests: worked examples 10–12 and CAT-DUO-1..-17.

use super::board::*;
use super::data::*;
use super::duo::*;
use super::geometry::*;
use super::player::PlayerState;
use super::table::*;
use crate::engine::legacy::{Dice, RuleErrorKind};

fn vx(v: Vertex) -> VertexId {
    v.id().unwrap()
}
fn ex(e: Edge) -> EdgeId {
    e.id().unwrap()
}

fn duo_board() -> (Duo, Board) {
    let mut d = Duo::default();
    let mut b = Board::beginner();
    let mut ev = Vec::new();
    d.place_neutral_start(&mut b, NEUTRAL_START, &mut ev)
        .unwrap();
    (d, b)
}

#[test]
fn cat_duo_2_tokens_and_cat_duo_1_neutral_supplies() {
    let d = Duo::default();
    assert_eq!((d.tokens, d.token_supply), ([5, 5], 10)); // CAT-DUO-2
    assert_eq!(d.neutral_roads_left, [15, 15]); // CAT-DUO-1
    assert_eq!(d.neutral_settlements_left, [5, 5]);
}

#[test]
fn cat_duo_1_neutrals_never_receive_or_lose_cards() {
    let (_, mut b) = duo_board();
    // (0,-1) hills 6 touches n1's N(0,0): a 6 pays no real seat.
    let p = b.production(6);
    assert!(p.hexes.contains(&Hex(0, -1).id().unwrap()));
    assert_eq!(p.owed, [Cards::default(), Cards::default()]); // CAT-DUO-1
                                                              // CAT-DUO-17: the robber may go where only neutrals stand; nothing is stolen.
    let mut ev = Vec::new();
    let mut t = Table::new(
        b.clone(),
        BaseOptions::default(),
        &mut Dice::new(0),
        &mut ev,
    );
    t.phase = Phase::Main;
    t.turn = 2;
    t.pending.push(Pending::Robber {
        seat: 0,
        cause: RobberCause::Seven,
    });
    t.players[1] = PlayerState {
        hand: Cards::new(1, 1, 1, 1, 1),
        ..Default::default()
    };
    let mut d = Dice::new(0);
    t.apply(
        0,
        &BaseMove::MoveRobber {
            hex: Hex(0, -1),
            stolen: None,
        },
        &mut d,
        &Hooks::default(),
        &mut ev,
    )
    .unwrap();
    assert!(ev.iter().any(|e| e.kind == "no_theft")); // CAT-DUO-17
    assert_eq!(t.players[1].hand.total(), 5);
    b.robber = 0;
}

#[test]
fn cat_duo_3_neutral_start_distance_rule() {
    let (_, b) = duo_board();
    assert_eq!(b.buildings[vx(Vertex::n(0, 0))].unwrap().colour, Colour::N1); // CAT-DUO-3
    assert_eq!(b.buildings[vx(Vertex::s(0, 0))].unwrap().colour, Colour::N2);
    assert!(
        b.roads.iter().all(|r| r.is_none()),
        "no neutral roads at the start"
    );
    let mut d = Duo::default();
    let mut b = Board::beginner();
    let e = d
        .place_neutral_start(&mut b, [Vertex::n(0, 0), Vertex::s(1, -1)], &mut Vec::new())
        .unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        ("CAT-DUO-3", RuleErrorKind::BadOptions { option: None })
    );
}

#[test]
fn ae_10_second_roll_equal_is_rerolled() {
    // Worked example 10 (CAT-DUO-5): 2+4 = 6, then 3+3 = 6 rejected, 4+5 = 9 accepted.
    let mut dice = Dice::new(0).with_table(&[2, 4, 3, 3, 4, 5]);
    dice.set_table_only(true);
    let first = dice.roll_many(2, 6, "CAT-RNG-2").unwrap();
    let mut ev = Vec::new();
    let (second, rejected) = second_roll(&mut dice, first[0] + first[1], &mut ev).unwrap();
    assert_eq!(second, [4, 5]);
    assert_eq!(rejected, vec![[3, 3]]);
    assert_eq!(ev.iter().filter(|e| e.rule == "CAT-DUO-5").count(), 1);
    // Manual dice that run out: the request must carry more dice.
    let mut dice = Dice::new(0).with_table(&[3, 3]);
    dice.set_table_only(true);
    let e = second_roll(&mut dice, 6, &mut Vec::new()).unwrap_err();
    assert!(e.kind.table_needed().is_some());
}

#[test]
fn ae_11_token_costs_and_forced_trade() {
    // Worked example 11 (CAT-DUO-12..-14): a has 6 visible VP, b 5.
    assert_eq!(Duo::action_cost(6, 5), 2); // CAT-DUO-12
    assert_eq!(Duo::action_cost(5, 6), 1);
    assert_eq!(Duo::action_cost(5, 5), 1);
    let mut d = Duo::default();
    d.start_token_action(0, 2).unwrap();
    assert_eq!((d.tokens[0], d.token_supply), (3, 12));
    let mut a = Cards::new(1, 0, 0, 0, 0);
    let mut b = Cards::new(0, 0, 0, 0, 1);
    let drawn = forced_trade_draw(&mut a, &mut b, None, &mut Dice::new(4)).unwrap(); // CAT-DUO-14
    assert_eq!(drawn, vec![Resource::Ore]);
    assert_eq!((a, b), (Cards::new(1, 0, 0, 0, 1), Cards::default()));
    assert_eq!(
        forced_trade_return(&mut a, &mut b, &Cards::new(1, 0, 0, 0, 0))
            .unwrap_err()
            .rule,
        "CAT-DUO-14"
    );
    forced_trade_return(&mut a, &mut b, &Cards::new(1, 0, 0, 0, 1)).unwrap();
    assert_eq!((a, b), (Cards::default(), Cards::new(1, 0, 0, 0, 1)));
    // CAT-DUO-13: a second token action in the same turn fails.
    assert_eq!(d.start_token_action(0, 2).unwrap_err().rule, "CAT-DUO-13");
    d.new_turn();
    d.tokens[0] = 1;
    assert_eq!(d.start_token_action(0, 2).unwrap_err().rule, "CAT-DUO-13"); // cannot pay
                                                                            // CAT-DUO-14: too short a hand to give back 2.
    let mut a = Cards::default();
    let mut b = Cards::new(0, 0, 0, 0, 1);
    assert_eq!(
        forced_trade_draw(&mut a, &mut b, None, &mut Dice::new(0))
            .unwrap_err()
            .rule,
        "CAT-DUO-14"
    );
    // Physical table: the drawn cards are entered and checked (CAT-RNG-3).
    let mut a = Cards::new(0, 0, 0, 0, 0);
    let mut b = Cards::new(0, 2, 0, 0, 0);
    assert_eq!(
        forced_trade_draw(
            &mut a,
            &mut b,
            Some(&[Resource::Wool, Resource::Lumber]),
            &mut Dice::new(0)
        )
        .unwrap_err()
        .rule,
        "CAT-RNG-3"
    );
    forced_trade_draw(
        &mut a,
        &mut b,
        Some(&[Resource::Lumber, Resource::Lumber]),
        &mut Dice::new(0),
    )
    .unwrap();
    assert_eq!(a.lumber, 2);
}

#[test]
fn ae_12_neutral_fallback_and_tokens() {
    // Worked example 12 (CAT-DUO-4, -6..-10).
    let (mut d, mut b) = duo_board();
    // CAT-DUO-4: the distance rule counts the neutral settlements.
    assert_eq!(
        b.check_settlement_spot(vx(Vertex::s(1, -2)))
            .unwrap_err()
            .rule,
        "CAT-BUILD-3"
    );
    b.roads[ex(Edge::new(1, -2, Dir::E))] = Some(Colour::A); // a's road ending at S(2,-3)
    b.buildings[vx(Vertex::s(2, -3))] = Some(Building {
        colour: Colour::A,
        kind: BuildingKind::Settlement,
    });
    let mut ev = Vec::new();
    let n = settlement_tokens(&b, vx(Vertex::s(2, -3)));
    assert_eq!(n, 1); // coast
    d.pay_tokens(0, n, &mut ev);
    assert_eq!(d.tokens[0], 6); // CAT-DUO-10
                                // CAT-DUO-6: a settlement (not in set-up) owes a neutral settlement; a city nothing.
    assert_eq!(neutral_trigger(false, true, false), Some(true));
    assert_eq!(neutral_trigger(true, false, false), Some(false));
    assert_eq!(neutral_trigger(false, false, false), None);
    assert_eq!(neutral_trigger(false, true, true), None);
    // CAT-DUO-7/-8: no neutral road yet, so no neutral settlement spot: roads are listed.
    assert!(d.neutral_settlements(&b, true).is_empty());
    let opts = d.neutral_options(&b, true, true);
    assert!(opts.iter().all(|o| matches!(o, NeutralSpot::Road { .. })));
    let sample = NeutralSpot::Road {
        colour: Colour::N1,
        edge: Edge::new(0, -1, Dir::SE),
    };
    assert!(opts.contains(&sample));
    assert_eq!(
        Edge::new(0, -1, Dir::SE).ends(),
        [Vertex::n(0, 0), Vertex::s(0, -1)]
    );
    // CAT-DUO-9: the chosen pair must be listed.
    let bad = NeutralSpot::Road {
        colour: Colour::N1,
        edge: Edge::new(-2, 0, Dir::NE),
    };
    assert_eq!(
        d.build_neutral(&mut b, true, true, bad, &mut ev)
            .unwrap_err()
            .rule,
        "CAT-DUO-7"
    );
    d.build_neutral(&mut b, true, true, sample, &mut ev)
        .unwrap();
    assert_eq!(b.roads[ex(Edge::new(0, -1, Dir::SE))], Some(Colour::N1));
    assert_eq!(d.neutral_roads_left[0], 14);
    // Desert on (2,-2): N(2,-2) touches desert and coast: 3 tokens.
    let mut c = Board::beginner();
    c.tiles.swap(2, 9);
    c.tiles[2].hex = Hex(2, -2);
    c.tiles[9].hex = Hex(0, 0);
    assert_eq!(settlement_tokens(&c, vx(Vertex::n(2, -2))), 3);
    assert_eq!(settlement_tokens(&c, vx(Vertex::n(1, -1))), 2);
}

#[test]
fn cat_duo_7_neutral_settlement_needs_road_option() {
    let (d, mut b) = duo_board();
    // Without the road requirement, spots anywhere obeying the distance rule are listed.
    assert!(!d.neutral_settlements(&b, false).is_empty());
    // With a neutral road to S(0,-1) and on to N(-1,0)... n1 can settle at its far end.
    b.roads[ex(Edge::new(0, -1, Dir::SE))] = Some(Colour::N1); // N(0,0)-S(0,-1)
    b.roads[ex(Edge::new(-1, 0, Dir::NE))] = Some(Colour::N1); // N(-1,0)-S(0,-1)
    let s = d.neutral_settlements(&b, true);
    assert_eq!(
        s,
        vec![NeutralSpot::Settlement {
            colour: Colour::N1,
            vertex: Vertex::n(-1, 0)
        }]
    ); // CAT-DUO-7
}

#[test]
fn cat_duo_8_fallback_to_nothing() {
    let (mut d, b) = duo_board();
    d.neutral_roads_left = [0, 0];
    // No settlement spot (no roads) and no road pieces: nothing can be built.
    assert!(d.neutral_options(&b, true, true).is_empty()); // CAT-DUO-8
                                                           // A road instead of an available settlement is refused with CAT-DUO-8.
    let (mut d, mut b) = duo_board();
    let free = d.neutral_options(&b, true, false);
    assert!(matches!(free[0], NeutralSpot::Settlement { .. }));
    let road = NeutralSpot::Road {
        colour: Colour::N1,
        edge: Edge::new(0, -1, Dir::SE),
    };
    assert_eq!(
        d.build_neutral(&mut b, true, false, road, &mut Vec::new())
            .unwrap_err()
            .rule,
        "CAT-DUO-8"
    );
}

#[test]
fn cat_duo_10_11_token_earnings_and_empty_supply() {
    let mut d = Duo::default();
    let mut ev = Vec::new();
    d.token_supply = 1;
    assert_eq!(d.pay_tokens(1, 3, &mut ev), 1); // CAT-DUO-11: partial, the rest is lost
    assert_eq!((d.tokens[1], d.token_supply), (6, 0));
    assert!(ev.iter().any(|e| e.rule == "CAT-DUO-11"));
    // Returning a knight card: 2 tokens, once per turn (CAT-DUO-10).
    let mut d = Duo::default();
    let mut knights = 1;
    d.return_knight(0, &mut knights, &mut ev).unwrap();
    assert_eq!((knights, d.tokens[0]), (0, 7));
    let mut k2 = 2;
    assert_eq!(
        d.return_knight(0, &mut k2, &mut ev).unwrap_err().rule,
        "CAT-DUO-10"
    );
    d.new_turn();
    let mut none = 0;
    assert_eq!(
        d.return_knight(0, &mut none, &mut ev).unwrap_err().rule,
        "CAT-DUO-10"
    );
}

#[test]
fn cat_duo_15_robber_to_desert() {
    let mut b = Board::beginner();
    assert_eq!(robber_to_desert(&mut b).unwrap_err().rule, "CAT-DUO-15");
    b.robber = 0;
    robber_to_desert(&mut b).unwrap();
    assert_eq!(b.robber, 9); // CAT-DUO-15
}

#[test]
fn cat_duo_16_neutral_can_hold_longest_road() {
    let (_, b) = duo_board();
    let mut ev = Vec::new();
    let mut t = Table::new(b, BaseOptions::default(), &mut Dice::new(0), &mut ev);
    // n1 road of 5 from N(0,0) around (0,-1)... along the ring of (0,0).
    let ring = geo().hex_edges[Hex(1, -1).id().unwrap()];
    for e in ring.iter().take(5) {
        t.board.roads[*e] = Some(Colour::N1);
    }
    t.update_awards(&mut ev);
    assert_eq!(t.longest_road, Some(Colour::N1)); // CAT-DUO-16
    assert_eq!(
        t.visible_vp(0) + t.visible_vp(1),
        0,
        "its points belong to nobody"
    );
    assert_eq!(t.largest_army, None);
}
