//! Part B tests: worked examples 10–12 and CAT-DUO-1..-17.

use super::super::board::*;
use super::super::data::*;
use super::super::duo::*;
use super::super::events::BaseEvent;
use super::super::geometry::*;
use super::super::moves::CoreMove;
use super::super::player::PlayerState;
use super::super::table::*;
use crate::engine::{
    Chance, Dice, Event, RuleError, RuleErrorKind, Seat, TableItem, TableMode, Turn,
};

type B = Board<NoPiece>;

fn vx(v: Vertex) -> VertexId {
    v.id().unwrap()
}
fn ex(e: Edge) -> EdgeId {
    e.id().unwrap()
}

/// Events of a table test: the core's and Part A's.
#[derive(Debug, Clone, PartialEq)]
enum Ev {
    Base(BaseEvent<Resource>),
    PartA(super::super::events::PartAEvent),
}
impl From<BaseEvent<Resource>> for Ev {
    fn from(e: BaseEvent<Resource>) -> Self {
        Ev::Base(e)
    }
}
impl From<super::super::events::PartAEvent> for Ev {
    fn from(e: super::super::events::PartAEvent) -> Self {
        Ev::PartA(e)
    }
}

/// Runs `f` with a turn whose chance is the stream of `seed` and `dice`
/// from the table (dice mode when some are given).
fn with_turn<T>(
    seed: u64,
    dice: &[u8],
    f: impl FnOnce(&mut Turn<'_, Ev>) -> Result<T, RuleError>,
) -> Result<(T, Vec<Event<Ev>>), RuleError> {
    let mode = TableMode {
        dice: !dice.is_empty(),
        cards: false,
    };
    let items = dice.iter().map(|d| TableItem::Die(*d)).collect();
    let mut c = Chance::new(Dice::new(seed), mode, items)?;
    let mut t = Turn::new(None, &mut c);
    let out = f(&mut t)?;
    let (ev, _) = t.finish();
    Ok((out, ev))
}

fn duo_board() -> (Duo, B) {
    let mut d = Duo::default();
    let mut b = B::beginner(false);
    d.place_neutral_start(&mut b, NEUTRAL_START.map(vx))
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
    let (_, b) = duo_board();
    // (0,-1) hills 6 touches n1's N(0,0): a 6 pays no real seat.
    let p = b.production(6, base_yield::<Resource>);
    assert!(p.hexes.contains(&Hex(0, -1).id().unwrap()));
    assert_eq!(p.owed, [Cards::default(), Cards::default()]); // CAT-DUO-1
                                                              // CAT-DUO-17: the robber may go where only neutrals stand; nothing is stolen.
    let ((), ev) = with_turn(0, &[], |turn| {
        let mut t = Table::new(b.clone(), BaseOptions::default(), turn);
        t.phase = Phase::Main;
        t.turn = 2;
        t.pending.push(Pending::Robber {
            seat: Seat(0),
            cause: RobberCause::Seven,
        });
        t.players[1] = PlayerState {
            hand: Cards::new(1, 1, 1, 1, 1),
            ..Default::default()
        };
        t.apply_core(
            Seat(0),
            &CoreMove::MoveRobber {
                hex: Hex(0, -1).id().unwrap(),
            },
            &Hooks::default(),
            turn,
        )?;
        assert_eq!(t.players[1].hand.total(), 5);
        Ok(())
    })
    .unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e.what, Ev::Base(BaseEvent::NoTheft { .. })))); // CAT-DUO-17
}

#[test]
fn cat_duo_3_neutral_start_distance_rule() {
    let (_, b) = duo_board();
    assert_eq!(b.building(vx(Vertex::n(0, 0))).unwrap().colour, Colour::N1); // CAT-DUO-3
    assert_eq!(b.building(vx(Vertex::s(0, 0))).unwrap().colour, Colour::N2);
    assert!(
        b.roads.iter().all(|r| r.is_none()),
        "no neutral roads at the start"
    );
    let mut d = Duo::default();
    let mut b = B::beginner(false);
    let e = d
        .place_neutral_start(&mut b, [vx(Vertex::n(0, 0)), vx(Vertex::s(1, -1))])
        .unwrap_err();
    assert_eq!(
        (e.rule.as_str(), e.kind),
        (
            "CAT-DUO-3",
            RuleErrorKind::BadOptions {
                option: Some("neutral_start".into())
            }
        )
    );
}

#[test]
fn ae_10_second_roll_equal_is_rerolled() {
    // Worked example 10 (CAT-DUO-5): 2+4 = 6, then 3+3 = 6 rejected, 4+5 = 9 accepted.
    let ((second, rejected), _) = with_turn(0, &[2, 4, 3, 3, 4, 5], |t| {
        let first = t.chance.d6(2, "CAT-RNG-2")?;
        let d = t.chance.d6(2, "CAT-RNG-2")?;
        rethrow_until_differs(t, first[0] + first[1], [d[0], d[1]], "CAT-DUO-5")
    })
    .unwrap();
    assert_eq!(second, [4, 5]);
    assert_eq!(rejected, vec![[3, 3]]);
    // Table dice that run out: the request must bring both dice of the re-throw.
    let e = with_turn(0, &[3, 3], |t| {
        let d = t.chance.d6(2, "CAT-RNG-2")?;
        rethrow_until_differs(t, 6, [d[0], d[1]], "CAT-DUO-5")
    })
    .unwrap_err();
    assert_eq!(e.kind.table_needed(), Some(2));
}

#[test]
fn ae_11_token_costs_and_forced_trade() {
    // Worked example 11 (CAT-DUO-12..-14): a has 6 visible VP, b 5.
    assert_eq!(action_cost(6, 5), 2); // CAT-DUO-12
    assert_eq!(action_cost(5, 6), 1);
    assert_eq!(action_cost(5, 5), 1);
    let mut d = Duo::default();
    d.check_token_action(Seat(0), 2, "CAT-DUO-13").unwrap();
    d.pay_token_action(Seat(0), 2);
    assert_eq!((d.tokens[0], d.token_supply), (3, 12));
    let mut a = Cards::new(1, 0, 0, 0, 0);
    let mut b = Cards::new(0, 0, 0, 0, 1);
    check_forced_trade(&a, &b, |_| true, "CAT-DUO-14").unwrap();
    let (drawn, _) = with_turn(4, &[], |t| {
        forced_trade_draw(t, &mut a, &mut b, |_| true, [Seat(0), Seat(1)], "CAT-RNG-3")
    })
    .unwrap(); // CAT-DUO-14
    assert_eq!(drawn, vec![Resource::Ore]);
    assert_eq!((a, b), (Cards::new(1, 0, 0, 0, 1), Cards::default()));
    assert_eq!(
        check_forced_trade_return(&a, &Cards::new(1, 0, 0, 0, 0), |_| true, "CAT-DUO-14")
            .unwrap_err()
            .rule,
        "CAT-DUO-14"
    );
    check_forced_trade_return(&a, &Cards::new(1, 0, 0, 0, 1), |_| true, "CAT-DUO-14").unwrap();
    // CAT-DUO-13: a second token action in the same turn fails.
    assert_eq!(
        d.check_token_action(Seat(0), 2, "CAT-DUO-13")
            .unwrap_err()
            .rule,
        "CAT-DUO-13"
    );
    d.new_turn();
    d.tokens[0] = 1;
    assert_eq!(
        d.check_token_action(Seat(0), 2, "CAT-DUO-13")
            .unwrap_err()
            .rule,
        "CAT-DUO-13"
    ); // cannot pay
       // CAT-DUO-14: too short a hand to give back 2.
    assert_eq!(
        check_forced_trade(
            &Cards::default(),
            &Cards::new(0, 0, 0, 0, 1),
            |_| true,
            "CAT-DUO-14"
        )
        .unwrap_err()
        .rule,
        "CAT-DUO-14"
    );
    // At a physical table the drawn cards are entered by id and checked (CAT-RNG-3).
    let mut a = Cards::default();
    let mut b = Cards::new(0, 2, 0, 0, 0);
    let mut c = Chance::new(
        Dice::new(0),
        TableMode::TABLE,
        vec![TableItem::Card("wool".into())],
    )
    .unwrap();
    let mut t: Turn<'_, Ev> = Turn::new(None, &mut c);
    let e = forced_trade_draw(
        &mut t,
        &mut a,
        &mut b,
        |_| true,
        [Seat(0), Seat(1)],
        "CAT-RNG-3",
    )
    .unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-3");
    let mut c = Chance::new(
        Dice::new(0),
        TableMode::TABLE,
        vec![
            TableItem::Card("lumber".into()),
            TableItem::Card("lumber".into()),
        ],
    )
    .unwrap();
    let mut t: Turn<'_, Ev> = Turn::new(None, &mut c);
    forced_trade_draw(
        &mut t,
        &mut a,
        &mut b,
        |_| true,
        [Seat(0), Seat(1)],
        "CAT-RNG-3",
    )
    .unwrap();
    assert_eq!(a.get(Resource::Lumber), 2);
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
    b.set_road(ex(Edge::new(1, -2, Dir::E)), Some(Colour::A)); // a's road ending at S(2,-3)
    b.set_building(
        vx(Vertex::s(2, -3)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    let n = settlement_tokens(&b, vx(Vertex::s(2, -3)));
    assert_eq!(n, 1); // coast
    d.pay_tokens(Seat(0), n);
    assert_eq!(d.tokens[0], 6); // CAT-DUO-10
                                // CAT-DUO-7/-8: no neutral road yet, so no neutral settlement spot: roads are listed.
    assert!(d.neutral_settlements(&b, true).is_empty());
    let opts = d.neutral_options(&b, true, true);
    assert!(opts.iter().all(|o| matches!(o.spot, Spot::Edge(_))));
    let sample = NeutralSpot {
        colour: Colour::N1,
        spot: Spot::Edge(ex(Edge::new(0, -1, Dir::SE))),
    };
    assert!(opts.contains(&sample));
    assert_eq!(
        Edge::new(0, -1, Dir::SE).ends(),
        [Vertex::n(0, 0), Vertex::s(0, -1)]
    );
    // CAT-DUO-9: the chosen pair must be listed.
    let bad = NeutralSpot {
        colour: Colour::N1,
        spot: Spot::Edge(ex(Edge::new(-2, 0, Dir::NE))),
    };
    assert_eq!(
        d.check_neutral_choice(&b, true, true, bad)
            .unwrap_err()
            .rule,
        "CAT-DUO-7"
    );
    d.check_neutral_choice(&b, true, true, sample).unwrap();
    d.build_neutral(&mut b, sample);
    assert_eq!(b.road(ex(Edge::new(0, -1, Dir::SE))), Some(Colour::N1));
    assert_eq!(d.neutral_roads_left[0], 14);
    // A spot serializes as its coordinates (one representation everywhere).
    assert_eq!(
        serde_json::to_value(sample).unwrap(),
        serde_json::json!({"colour": "n1", "spot": {"edge": [0, -1, "SE"]}})
    );
    // Desert on (2,-2): N(2,-2) touches desert and coast: 3 tokens.
    let mut c = B::beginner(false);
    c.tiles.swap(2, 9);
    c.tiles[2].hex = Hex(2, -2).id().unwrap();
    c.tiles[9].hex = Hex(0, 0).id().unwrap();
    assert_eq!(settlement_tokens(&c, vx(Vertex::n(2, -2))), 3);
    assert_eq!(settlement_tokens(&c, vx(Vertex::n(1, -1))), 2);
}

#[test]
fn cat_duo_7_neutral_settlement_needs_road_option() {
    let (d, mut b) = duo_board();
    // Without the road requirement, spots anywhere obeying the distance rule are listed.
    assert!(!d.neutral_settlements(&b, false).is_empty());
    // With a neutral road to S(0,-1) and on to N(-1,0)... n1 can settle at its far end.
    b.set_road(ex(Edge::new(0, -1, Dir::SE)), Some(Colour::N1)); // N(0,0)-S(0,-1)
    b.set_road(ex(Edge::new(-1, 0, Dir::NE)), Some(Colour::N1)); // N(-1,0)-S(0,-1)
    let s = d.neutral_settlements(&b, true);
    assert_eq!(
        s,
        vec![NeutralSpot {
            colour: Colour::N1,
            spot: Spot::Vertex(vx(Vertex::n(-1, 0)))
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
    let (d, b) = duo_board();
    let free = d.neutral_options(&b, true, false);
    assert!(matches!(free[0].spot, Spot::Vertex(_)));
    let road = NeutralSpot {
        colour: Colour::N1,
        spot: Spot::Edge(ex(Edge::new(0, -1, Dir::SE))),
    };
    assert_eq!(
        d.check_neutral_choice(&b, true, false, road)
            .unwrap_err()
            .rule,
        "CAT-DUO-8"
    );
}

#[test]
fn cat_duo_10_11_token_earnings_and_empty_supply() {
    let mut d = Duo {
        token_supply: 1,
        ..Default::default()
    };
    assert_eq!(d.pay_tokens(Seat(1), 3), 1); // CAT-DUO-11: partial, the rest is lost
    assert_eq!((d.tokens[1], d.token_supply), (6, 0));
    // Returning a knight card: 2 tokens, once per turn (CAT-DUO-10).
    let mut d = Duo::default();
    let mut knights = 1;
    d.return_knight(Seat(0), &mut knights).unwrap();
    assert_eq!((knights, d.tokens[0]), (0, 7));
    let mut k2 = 2;
    assert_eq!(
        d.return_knight(Seat(0), &mut k2).unwrap_err().rule,
        "CAT-DUO-10"
    );
    d.new_turn();
    let mut none = 0;
    assert_eq!(
        d.return_knight(Seat(0), &mut none).unwrap_err().rule,
        "CAT-DUO-10"
    );
}

#[test]
fn cat_duo_15_robber_to_desert() {
    let mut b = B::beginner(false);
    assert_eq!(check_robber_to_desert(&b).unwrap_err().rule, "CAT-DUO-15");
    b.robber = Hex(0, -2).id().unwrap();
    assert_eq!(check_robber_to_desert(&b).unwrap(), Hex(0, 0).id().unwrap()); // CAT-DUO-15
}

#[test]
fn cat_duo_16_neutral_can_hold_longest_road() {
    let (_, b) = duo_board();
    let (t, _) = with_turn(0, &[], |turn| {
        let mut t = Table::new(b, BaseOptions::default(), turn);
        // n1 road of 5 along the ring of (1,-1).
        for e in Hex(1, -1).id().unwrap().sides().iter().take(5) {
            t.board.set_road(*e, Some(Colour::N1));
        }
        t.update_awards(turn);
        Ok(t)
    })
    .unwrap();
    assert_eq!(t.longest_road, Some(Colour::N1)); // CAT-DUO-16
    assert_eq!(
        t.visible_vp(Seat(0)) + t.visible_vp(Seat(1)),
        0,
        "its points belong to nobody"
    );
    assert_eq!(t.largest_army, None);
}
