//! Part A table tests: worked examples 3–9 and the CAT turn, production, robber,
//! building, development, trade, award and end rules.

use super::board::*;
use super::board::{generate, LayoutOptions};
use super::data::*;
use super::geometry::*;
use super::player::HeldDev;
use super::table::*;
use crate::engine::legacy::{Dice, Event, RuleError, RuleErrorKind};

fn vx(v: Vertex) -> VertexId {
    v.id().unwrap()
}
fn ex(e: Edge) -> EdgeId {
    e.id().unwrap()
}

fn opts() -> BaseOptions {
    BaseOptions {
        manual_dice: true,
        ..Default::default()
    }
}

/// A beginner table in set-up, first player `a`.
fn fresh() -> Table {
    let mut ev = Vec::new();
    let mut t = Table::new(Board::beginner(), opts(), &mut Dice::new(0), &mut ev);
    t.choose_first_player(FirstPlayer::A, &mut Dice::new(0), &mut ev)
        .unwrap();
    t
}

/// A beginner table past set-up, turn 3, `a` in `main`.
fn main_table() -> Table {
    let mut t = fresh();
    t.setup_step = 4;
    t.turn = 3;
    t.phase = Phase::Main;
    t
}

fn settle(t: &mut Table, c: Colour, v: Vertex) {
    t.board.buildings[vx(v)] = Some(Building {
        colour: c,
        kind: BuildingKind::Settlement,
    });
}

/// Applies a move with table dice (manual mode); the table changes only on Ok.
fn play_with(
    t: &mut Table,
    seat: usize,
    mv: BaseMove,
    dice: &[u8],
    seed: u64,
) -> Result<(Outcome, Vec<Event>), RuleError> {
    let mut d = Dice::new(seed).with_table(dice);
    d.set_table_only(true);
    let mut ev = Vec::new();
    let mut c = t.clone();
    let out = c.apply(seat, &mv, &mut d, &Hooks::default(), &mut ev)?;
    *t = c;
    Ok((out, ev))
}
fn play(
    t: &mut Table,
    seat: usize,
    mv: BaseMove,
    dice: &[u8],
) -> Result<(Outcome, Vec<Event>), RuleError> {
    play_with(t, seat, mv, dice, 1)
}

fn rule_of(r: Result<(Outcome, Vec<Event>), RuleError>) -> String {
    r.expect_err("the move must be refused").rule
}

/// A seed whose first `below(n)` is `want` (to steer a random draw in a test).
fn seed_for_below(n: u32, want: u32) -> u64 {
    (0..10_000)
        .find(|s| Dice::new(*s).below(n) == want)
        .unwrap()
}

#[test]
fn ae_3_snake_setup_and_starting_cards() {
    let mut t = fresh();
    assert_eq!(t.phase, Phase::Setup);
    play(
        &mut t,
        0,
        BaseMove::PlaceSetupSettlement {
            vertex: Vertex::s(2, -1),
        },
        &[],
    )
    .unwrap();
    // CAT-SETUP-5: the road must touch that settlement.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlaceSetupRoad {
                edge: Edge::new(0, 0, Dir::NE)
            },
            &[]
        )),
        "CAT-SETUP-5"
    );
    assert_eq!(
        Edge::new(2, -1, Dir::SE).ends(),
        [Vertex::n(2, 0), Vertex::s(2, -1)]
    );
    play(
        &mut t,
        0,
        BaseMove::PlaceSetupRoad {
            edge: Edge::new(2, -1, Dir::SE),
        },
        &[],
    )
    .unwrap();
    // b places next; a is out of turn.
    let e = play(
        &mut t,
        0,
        BaseMove::PlaceSetupSettlement {
            vertex: Vertex::n(-2, 1),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    play(
        &mut t,
        1,
        BaseMove::PlaceSetupSettlement {
            vertex: Vertex::n(-2, 1),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        1,
        BaseMove::PlaceSetupRoad {
            edge: Edge::new(-2, 1, Dir::NE),
        },
        &[],
    )
    .unwrap();
    assert!(
        t.players[1].hand.is_empty(),
        "no cards for a first settlement"
    );
    // Snake: b again. N(1,0) is adjacent to a's S(2,-1).
    assert_eq!(
        rule_of(play(
            &mut t,
            1,
            BaseMove::PlaceSetupSettlement {
                vertex: Vertex::n(1, 0)
            },
            &[]
        )),
        "CAT-BUILD-3"
    );
    let (_, ev) = play(
        &mut t,
        1,
        BaseMove::PlaceSetupSettlement {
            vertex: Vertex::s(-1, 1),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[1].hand, Cards::new(1, 0, 0, 1, 1)); // CAT-SETUP-6: ore, grain, brick
    assert!(ev.iter().any(|e| e.rule == "CAT-SETUP-6"));
    play(
        &mut t,
        1,
        BaseMove::PlaceSetupRoad {
            edge: Edge::new(-1, 1, Dir::SE),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        BaseMove::PlaceSetupSettlement {
            vertex: Vertex::s(1, -2),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(1, 0, 2, 0, 0)); // 2 wool, 1 brick
    assert_eq!(t.bank.resources, Cards::new(17, 19, 17, 18, 18)); // CAT-SETUP-3: out of the bank
    let (_, ev) = play(
        &mut t,
        0,
        BaseMove::PlaceSetupRoad {
            edge: Edge::new(1, -2, Dir::SE),
        },
        &[],
    )
    .unwrap();
    // CAT-SETUP-7: turn 1, a, pre_roll.
    assert_eq!((t.phase, t.turn, t.active), (Phase::PreRoll, 1, 0));
    assert!(ev.iter().any(|e| e.rule == "CAT-SETUP-7"));
    assert_eq!(t.players[0].settlements_left, 3); // CAT-BUILD-2 supply counts
    assert_eq!(t.players[0].roads_left, 13);
}

fn ae3_board() -> Table {
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::s(2, -1));
    settle(&mut t, Colour::A, Vertex::s(1, -2));
    settle(&mut t, Colour::B, Vertex::n(-2, 1));
    settle(&mut t, Colour::B, Vertex::s(-1, 1));
    t.phase = Phase::PreRoll;
    t
}

#[test]
fn ae_4_production_and_the_robber() {
    let mut t = ae3_board();
    let (_, ev) = play(&mut t, 0, BaseMove::Roll, &[5, 3]).unwrap();
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 0, 1)); // CAT-PROD-1
    assert_eq!(t.players[1].hand, Cards::new(0, 1, 0, 0, 0));
    let p = ev.iter().find(|e| e.rule == "CAT-PROD-1").unwrap(); // CAT-PROD-3: one event with dice and hexes
    assert_eq!(p.dice, vec![5, 3]);
    assert_eq!(p.data["hexes"].as_array().unwrap().len(), 2);
    assert_eq!(t.phase, Phase::Main);
    // Robber on (-2,1): b gets nothing, the event names the blocked hex (CAT-ROB-3).
    let mut t = ae3_board();
    t.board.robber = Hex(-2, 1).id().unwrap();
    let (_, ev) = play(&mut t, 0, BaseMove::Roll, &[5, 3]).unwrap();
    assert_eq!(t.players[1].hand, Cards::default());
    assert_eq!(t.players[0].hand.ore, 1);
    let p = ev.iter().find(|e| e.kind == "production").unwrap();
    assert_eq!(p.data["blocked"], serde_json::json!([-2, 1]));
    assert!(p.text.contains("blocked"));
}

#[test]
fn ae_5_bank_shortage() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    t.board.tiles[Hex(1, 1).id().unwrap()] = Tile {
        hex: Hex(1, 1),
        terrain: Terrain::Fields,
        token: Some(8),
        removed: false,
    };
    t.board.tiles[Hex(1, 0).id().unwrap()] = Tile {
        hex: Hex(1, 0),
        terrain: Terrain::Fields,
        token: Some(8),
        removed: false,
    };
    t.board.buildings[vx(Vertex::s(2, 0))] = Some(Building {
        colour: Colour::A,
        kind: BuildingKind::City,
    });
    settle(&mut t, Colour::B, Vertex::s(2, -1));
    t.bank.resources.ore = 2;
    let before = t.clone();
    let (_, ev) = play(&mut t, 0, BaseMove::Roll, &[4, 4]).unwrap();
    // CAT-PROD-2: 3 ore owed to two players, bank holds 2: nobody gets ore; grain is paid.
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 2, 0));
    assert_eq!(t.players[1].hand, Cards::new(0, 0, 0, 1, 0));
    assert_eq!(t.bank.resources.ore, 2);
    assert!(ev
        .iter()
        .any(|e| e.data["shortage"] == serde_json::json!(["ore"])));
    // Only a owed: a takes the 1 ore left.
    let mut t = before;
    t.board.buildings[vx(Vertex::s(2, -1))] = None;
    t.bank.resources.ore = 1;
    play(&mut t, 0, BaseMove::Roll, &[4, 4]).unwrap();
    assert_eq!(t.players[0].hand.ore, 1);
    assert_eq!(t.bank.resources.ore, 0);
}

#[test]
fn ae_6_seven_with_discards_and_theft() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    settle(&mut t, Colour::B, Vertex::n(-1, 2));
    t.players[0].hand = Cards::new(3, 3, 3, 0, 0);
    t.players[1].hand = Cards::new(2, 0, 1, 4, 0);
    let (_, ev) = play(&mut t, 0, BaseMove::Roll, &[3, 4]).unwrap();
    // CAT-SEVEN-1: only a (9 > 7) discards floor(9/2) = 4; b (7) does not.
    assert_eq!(t.pending[0], Pending::Discard { seat: 0, count: 4 });
    assert_eq!(t.pending.len(), 2);
    assert!(ev.iter().any(|e| e.rule == "CAT-SEVEN-1"));
    assert_eq!(
        t.players[0].hand.total() + t.players[1].hand.total(),
        16,
        "nothing produced on a 7"
    );
    // CAT-TURN-1: while a decision is open only its answer is legal.
    assert_eq!(
        rule_of(play(&mut t, 0, BaseMove::EndTurn, &[])),
        "CAT-TURN-1"
    );
    // CAT-SEVEN-2: exactly 4.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::Discard {
                cards: Cards::new(3, 0, 0, 0, 0)
            },
            &[]
        )),
        "CAT-SEVEN-2"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::Discard {
                cards: Cards::new(0, 0, 0, 4, 0)
            },
            &[]
        )),
        "CAT-SEVEN-2"
    );
    play(
        &mut t,
        0,
        BaseMove::Discard {
            cards: Cards::new(2, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.bank.resources.brick, 21);
    // CAT-SEVEN-3: then the roller moves the robber.
    assert_eq!(
        t.pending[0],
        Pending::Robber {
            seat: 0,
            cause: RobberCause::Seven
        }
    );
    // CAT-ROB-1: it must leave its hex.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MoveRobber {
                hex: Hex(0, 0),
                stolen: None
            },
            &[]
        )),
        "CAT-ROB-1"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MoveRobber {
                hex: Hex(3, 0),
                stolen: None
            },
            &[]
        )),
        "CAT-ROB-1"
    );
    // CAT-ROB-2 / CAT-RNG-4: b's hand lists brick, brick, wool, grain×4; below(7) = 2 → wool.
    let seed = seed_for_below(7, 2);
    let (_, ev) = play_with(
        &mut t,
        0,
        BaseMove::MoveRobber {
            hex: Hex(0, 1),
            stolen: None,
        },
        &[],
        seed,
    )
    .unwrap();
    assert_eq!(t.players[1].hand, Cards::new(2, 0, 0, 4, 0));
    assert_eq!(t.players[0].hand, Cards::new(1, 1, 4, 0, 0));
    let th = ev.iter().find(|e| e.rule == "CAT-ROB-2").unwrap();
    assert_eq!(th.data["card"], "wool");
    assert!(t.pending.is_empty());
    assert_eq!(t.board.robber, Hex(0, 1).id().unwrap());
}

#[test]
fn cat_rob_2_no_candidate_no_theft() {
    let mut t = main_table();
    t.pending.push(Pending::Robber {
        seat: 0,
        cause: RobberCause::Seven,
    });
    settle(&mut t, Colour::A, Vertex::n(-1, 2));
    t.players[0].hand = Cards::new(1, 0, 0, 0, 0);
    // Only the mover touches (0,1): nothing stolen (the mover never robs themselves).
    let (_, ev) = play(
        &mut t,
        0,
        BaseMove::MoveRobber {
            hex: Hex(0, 1),
            stolen: None,
        },
        &[],
    )
    .unwrap();
    assert!(ev.iter().any(|e| e.kind == "no_theft")); // CAT-ROB-2
    assert_eq!(t.players[0].hand.total(), 1);
    // A victim with no cards is no candidate either.
    let mut t = main_table();
    t.pending.push(Pending::Robber {
        seat: 0,
        cause: RobberCause::Seven,
    });
    settle(&mut t, Colour::B, Vertex::n(-1, 2));
    assert_eq!(t.theft_victim(0, Hex(0, 1).id().unwrap()), None);
}

#[test]
fn ae_7_development_card_limits() {
    let mut t = main_table();
    t.turn = 5;
    t.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    t.bank.dev_deck.push(DevCard::Monopoly);
    let (_, ev) = play(&mut t, 0, BaseMove::BuyDevelopmentCard { drawn: None }, &[]).unwrap();
    assert_eq!(
        t.players[0].dev_hand,
        vec![HeldDev {
            kind: DevCard::Monopoly,
            bought_on_turn: 5
        }]
    ); // CAT-DEV-1
    assert_eq!(ev[0].data["visible_to"], serde_json::json!(["a"]));
    // CAT-DEV-2: not in the turn it was bought.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlayMonopoly {
                resource: Resource::Grain
            },
            &[]
        )),
        "CAT-DEV-2"
    );
    // Turn 7: knight before rolling, robber, roll, then the monopoly: one card per turn.
    t.turn = 7;
    t.phase = Phase::PreRoll;
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::Knight,
        bought_on_turn: 6,
    });
    play(&mut t, 0, BaseMove::PlayKnight, &[]).unwrap();
    assert_eq!(
        t.pending[0],
        Pending::Robber {
            seat: 0,
            cause: RobberCause::Knight
        }
    ); // CAT-DEV-3: no discards
    play(
        &mut t,
        0,
        BaseMove::MoveRobber {
            hex: Hex(1, 1),
            stolen: None,
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].knights_played, 1);
    assert_eq!(t.phase, Phase::PreRoll);
    play(&mut t, 0, BaseMove::Roll, &[2, 3]).unwrap();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlayMonopoly {
                resource: Resource::Grain
            },
            &[]
        )),
        "CAT-DEV-2"
    );
    // Turn 9: monopoly on grain; b hands over all 3 (CAT-DEV-6).
    t.turn = 9;
    t.players[1].hand = Cards::new(1, 0, 0, 3, 0);
    let grain_before = t.players[0].hand.grain;
    let (out, _) = play(
        &mut t,
        0,
        BaseMove::PlayMonopoly {
            resource: Resource::Grain,
        },
        &[],
    )
    .unwrap();
    assert_eq!(out, Outcome::Monopoly(Resource::Grain));
    assert_eq!(t.players[0].hand.grain, grain_before + 3);
    assert_eq!(t.players[1].hand, Cards::new(1, 0, 0, 0, 0));
}

#[test]
fn ae_8_harbour_trade() {
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::s(2, -3));
    t.players[0].hand = Cards::new(0, 0, 4, 0, 0);
    play(
        &mut t,
        0,
        BaseMove::MaritimeTrade {
            give: Resource::Wool,
            get: Resource::Ore,
            times: Some(2),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 0, 2)); // CAT-TRADE-1 at 2:1
    let mut t = main_table();
    t.players[0].hand = Cards::new(0, 0, 6, 0, 0);
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Ore,
                times: Some(2)
            },
            &[]
        )),
        "CAT-TRADE-1"
    );
    t.players[0].hand.wool = 8;
    play(
        &mut t,
        0,
        BaseMove::MaritimeTrade {
            give: Resource::Wool,
            get: Resource::Ore,
            times: Some(2),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 0, 2));
    // Same resource, or a bank without the card: refused.
    t.players[0].hand.wool = 4;
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Wool,
                times: None
            },
            &[]
        )),
        "CAT-TRADE-1"
    );
    t.bank.resources.ore = 0;
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Ore,
                times: None
            },
            &[]
        )),
        "CAT-TRADE-1"
    );
}

#[test]
fn ae_9_longest_road_broken_and_set_aside() {
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::n(0, -2));
    for e in [
        Edge::new(0, -2, Dir::NE),
        Edge::new(1, -3, Dir::SE),
        Edge::new(1, -2, Dir::NE),
        Edge::new(2, -3, Dir::SE),
        Edge::new(2, -2, Dir::NE),
    ] {
        t.board.roads[ex(e)] = Some(Colour::A);
    }
    for e in [
        Edge::new(1, -2, Dir::E),
        Edge::new(1, -1, Dir::NE),
        Edge::new(2, -2, Dir::SE),
        Edge::new(2, -1, Dir::NE),
    ] {
        t.board.roads[ex(e)] = Some(Colour::B);
    }
    let mut ev = Vec::new();
    t.update_awards(&mut ev);
    assert_eq!(t.longest_road, Some(Colour::A));
    assert_eq!(t.road_lengths[&Colour::B], 4);
    assert_eq!(t.visible_vp(0), 3);
    // b's turn: a settlement on S(2,-3) in the middle of a's trail.
    t.active = 1;
    t.players[1].hand = Cards::new(2, 2, 1, 1, 0);
    let (_, ev) = play(
        &mut t,
        1,
        BaseMove::BuildSettlement {
            vertex: Vertex::s(2, -3),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.road_lengths[&Colour::A], 3);
    assert_eq!(t.longest_road, None); // CAT-AWARD-2: M = 4 < 5, set aside
    assert!(ev.iter().any(|e| e.rule == "CAT-AWARD-2"));
    assert_eq!(t.visible_vp(0), 1);
    play(
        &mut t,
        1,
        BaseMove::BuildRoad {
            edge: Edge::new(2, -1, Dir::E),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.road_lengths[&Colour::B], 5);
    assert_eq!(t.longest_road, Some(Colour::B));
    assert_eq!(t.visible_vp(1), 3);
}

#[test]
fn cat_award_3_largest_army() {
    let mut t = main_table();
    for turn in 3..6 {
        t.turn = turn;
        t.players[0].dev_hand.push(HeldDev {
            kind: DevCard::Knight,
            bought_on_turn: 1,
        });
        play(&mut t, 0, BaseMove::PlayKnight, &[]).unwrap();
        let hex = if t.board.robber == 0 {
            Hex(1, -2)
        } else {
            Hex(0, -2)
        };
        play(&mut t, 0, BaseMove::MoveRobber { hex, stolen: None }, &[]).unwrap();
        assert_eq!(t.largest_army.is_some(), turn == 5); // CAT-AWARD-3: threshold 3
    }
    assert_eq!(t.largest_army, Some(0));
    assert_eq!(t.visible_vp(0), 2);
}

#[test]
fn cat_rng_1_deck_shuffle_is_seeded() {
    let mut ev = Vec::new();
    let a = Table::new(Board::beginner(), opts(), &mut Dice::new(5), &mut ev);
    let b = Table::new(Board::beginner(), opts(), &mut Dice::new(5), &mut ev);
    let c = Table::new(Board::beginner(), opts(), &mut Dice::new(6), &mut ev);
    assert_eq!(a.bank.dev_deck, b.bank.dev_deck); // CAT-RNG-1
    assert_ne!(a.bank.dev_deck, c.bank.dev_deck);
    // CAT-SETUP-1: 25 cards, 14/5/2/2/2.
    let mut d = a.bank.dev_deck.clone();
    d.sort();
    assert_eq!(d, dev_deck());
    assert_eq!(d.len(), 25);
    assert_eq!(a.bank.resources, Cards::new(19, 19, 19, 19, 19)); // CAT-SETUP-3
    assert_eq!(a.board.tiles[a.board.robber].terrain, Terrain::Desert); // CAT-SETUP-2
}

#[test]
fn cat_rng_2_manual_dice_missing_is_need_dice() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    let e = play(&mut t, 0, BaseMove::Roll, &[3]).unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-2");
    assert!(e.kind.table_needed().is_some());
    assert_eq!(t.phase, Phase::PreRoll, "nothing applied");
    assert_eq!(
        play(&mut t, 0, BaseMove::Roll, &[3, 9]).unwrap_err().rule,
        "CAT-RNG-2"
    );
}

#[test]
fn cat_rng_3_physical_table_entries() {
    let mut t = main_table();
    t.opts.physical_table = true;
    t.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuyDevelopmentCard { drawn: None },
            &[]
        )),
        "CAT-RNG-3"
    );
    play(
        &mut t,
        0,
        BaseMove::BuyDevelopmentCard {
            drawn: Some(DevCard::YearOfPlenty),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].dev_hand[0].kind, DevCard::YearOfPlenty);
    assert_eq!(
        t.bank
            .dev_deck
            .iter()
            .filter(|c| **c == DevCard::YearOfPlenty)
            .count(),
        1
    );
    t.players[0].hand = Cards::new(0, 0, 2, 2, 2);
    play(
        &mut t,
        0,
        BaseMove::BuyDevelopmentCard {
            drawn: Some(DevCard::YearOfPlenty),
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuyDevelopmentCard {
                drawn: Some(DevCard::YearOfPlenty)
            },
            &[]
        )),
        "CAT-RNG-3"
    );
    // A steal is entered, and must be a card the victim holds.
    settle(&mut t, Colour::B, Vertex::n(-1, 2));
    t.players[1].hand = Cards::new(0, 0, 0, 0, 1);
    t.pending.push(Pending::Robber {
        seat: 0,
        cause: RobberCause::Seven,
    });
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MoveRobber {
                hex: Hex(0, 1),
                stolen: Some(Resource::Wool)
            },
            &[]
        )),
        "CAT-RNG-3"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MoveRobber {
                hex: Hex(0, 1),
                stolen: None
            },
            &[]
        )),
        "CAT-RNG-3"
    );
    play(
        &mut t,
        0,
        BaseMove::MoveRobber {
            hex: Hex(0, 1),
            stolen: Some(Resource::Ore),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand.ore, 2);
    assert_eq!(t.players[1].hand.ore, 0);
}

#[test]
fn cat_rng_5_roll_off() {
    let mut d = Dice::new(0).with_table(&[3, 3, 5, 2]);
    let (w, rounds) = roll_off(&mut d, 1, "CAT-RNG-5").unwrap();
    assert_eq!((w, rounds.len()), (0, 2)); // CAT-RNG-5: equal totals roll again
    let mut d = Dice::new(0).with_table(&[1, 6]);
    assert_eq!(roll_off(&mut d, 1, "CAT-RNG-5").unwrap().0, 1);
    let mut d = Dice::new(0).with_table(&[4; 40]);
    let (w, rounds) = roll_off(&mut d, 1, "CAT-RNG-5").unwrap();
    assert_eq!((w, rounds.len()), (0, 20)); // capped: seat a wins after 20 equal rounds
}

#[test]
fn cat_setup_4_first_player_roll_off() {
    let mut ev = Vec::new();
    let mut t = Table::new(Board::beginner(), opts(), &mut Dice::new(0), &mut ev);
    let mut d = Dice::new(0).with_table(&[1, 2, 6, 6]);
    t.choose_first_player(FirstPlayer::Roll, &mut d, &mut ev)
        .unwrap();
    assert_eq!(t.first_player, 1); // CAT-SETUP-4: two dice each, b's 12 beats 3
    assert_eq!(t.setup_seat(), 1);
    assert!(ev
        .iter()
        .any(|e| e.rule == "CAT-SETUP-4" && e.dice == vec![1, 2, 6, 6]));
}

#[test]
fn cat_turn_2_3_4_5_phases() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    t.players[0].hand = Cards::new(5, 5, 5, 5, 9);
    settle(&mut t, Colour::A, Vertex::n(0, -2));
    // CAT-TURN-2: no build or trade before the roll; end_turn neither.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildRoad {
                edge: Edge::new(0, -2, Dir::NE)
            },
            &[]
        )),
        "CAT-TURN-2"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                times: None
            },
            &[]
        )),
        "CAT-TURN-2"
    );
    assert_eq!(
        rule_of(play(&mut t, 0, BaseMove::EndTurn, &[])),
        "CAT-TURN-5"
    );
    // CAT-TRADE-4: nobody trades outside the active player's main phase.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::OfferTrade {
                give: Cards::one(Resource::Ore),
                want: Cards::one(Resource::Wool)
            },
            &[]
        )),
        "CAT-TURN-2"
    );
    let e = play(
        &mut t,
        1,
        BaseMove::OfferTrade {
            give: Cards::one(Resource::Ore),
            want: Cards::one(Resource::Wool),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn); // CAT-TRADE-4
    play(&mut t, 0, BaseMove::Roll, &[1, 1]).unwrap();
    // CAT-TURN-3: once per turn.
    assert_eq!(
        rule_of(play(&mut t, 0, BaseMove::Roll, &[1, 1])),
        "CAT-TURN-3"
    );
    // CAT-TURN-4: combined phase off: no trade after a build.
    t.opts.combined_trade_build = false;
    play(
        &mut t,
        0,
        BaseMove::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            times: None,
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        BaseMove::BuildRoad {
            edge: Edge::new(0, -2, Dir::NE),
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                times: None
            },
            &[]
        )),
        "CAT-TURN-4"
    );
    t.opts.combined_trade_build = true;
    play(
        &mut t,
        0,
        BaseMove::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            times: None,
        },
        &[],
    )
    .unwrap();
    // CAT-TURN-5: end_turn in main hands over; begin_turn raises the number.
    let (out, _) = play(&mut t, 0, BaseMove::EndTurn, &[]).unwrap();
    assert_eq!(out, Outcome::TurnEnded);
    let mut ev = Vec::new();
    t.begin_turn(1, &mut ev);
    assert_eq!((t.active, t.turn, t.phase), (1, 4, Phase::PreRoll));
}

#[test]
fn cat_build_1_2_4_6_building() {
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::n(0, -2));
    // CAT-BUILD-1: cannot pay.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildRoad {
                edge: Edge::new(0, -2, Dir::NE)
            },
            &[]
        )),
        "CAT-BUILD-1"
    );
    t.players[0].hand = Cards::new(9, 9, 9, 9, 9);
    play(
        &mut t,
        0,
        BaseMove::BuildRoad {
            edge: Edge::new(0, -2, Dir::NE),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(8, 8, 9, 9, 9));
    assert_eq!(t.bank.resources.brick, 20, "paid cards go to the bank");
    // CAT-BUILD-4: a settlement must touch an own road; CAT-BUILD-3 distance.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildSettlement {
                vertex: Vertex::n(2, -2)
            },
            &[]
        )),
        "CAT-BUILD-4"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildSettlement {
                vertex: Vertex::s(1, -3)
            },
            &[]
        )),
        "CAT-BUILD-3"
    );
    play(
        &mut t,
        0,
        BaseMove::BuildRoad {
            edge: Edge::new(1, -3, Dir::SE),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        BaseMove::BuildSettlement {
            vertex: Vertex::n(1, -2),
        },
        &[],
    )
    .unwrap();
    // CAT-BUILD-6: a city replaces an own settlement only.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildCity {
                vertex: Vertex::n(2, -2)
            },
            &[]
        )),
        "CAT-BUILD-6"
    );
    settle(&mut t, Colour::B, Vertex::n(2, -2));
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildCity {
                vertex: Vertex::n(2, -2)
            },
            &[]
        )),
        "CAT-BUILD-6"
    );
    play(
        &mut t,
        0,
        BaseMove::BuildCity {
            vertex: Vertex::n(0, -2),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].cities_left, 3);
    assert_eq!(
        t.players[0].settlements_left, 5,
        "the settlement piece returns to the supply"
    );
    // CAT-BUILD-2: empty supply.
    t.players[0].roads_left = 0;
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildRoad {
                edge: Edge::new(-1, -1, Dir::NE)
            },
            &[]
        )),
        "CAT-BUILD-2"
    );
    t.players[0].cities_left = 0;
    settle(&mut t, Colour::A, Vertex::n(0, 2));
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuildCity {
                vertex: Vertex::n(0, 2)
            },
            &[]
        )),
        "CAT-BUILD-2"
    );
}

#[test]
fn cat_dev_1_empty_deck_and_cat_dev_7_vp_cards() {
    let mut t = main_table();
    t.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    t.bank.dev_deck.clear();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::BuyDevelopmentCard { drawn: None },
            &[]
        )),
        "CAT-DEV-1"
    );
    // CAT-DEV-7: a VP card counts at once, hidden (not visible VP), never played.
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::VictoryPoint,
        bought_on_turn: 3,
    });
    assert_eq!(t.visible_vp(0), 0);
    assert_eq!(t.total_vp(0), 1);
    assert_eq!(
        t.check_dev_playable(0, DevCard::VictoryPoint)
            .unwrap_err()
            .rule,
        "CAT-DEV-2"
    );
}

#[test]
fn cat_dev_4_road_building() {
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::n(0, -2));
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::RoadBuilding,
        bought_on_turn: 1,
    });
    // One road while two are possible: refused.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlayRoadBuilding {
                edges: vec![Edge::new(0, -2, Dir::NE)]
            },
            &[]
        )),
        "CAT-DEV-4"
    );
    // Each road legal in sequence: the second continues the first.
    play(
        &mut t,
        0,
        BaseMove::PlayRoadBuilding {
            edges: vec![Edge::new(0, -2, Dir::NE), Edge::new(1, -3, Dir::SE)],
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].roads_left, 13);
    assert!(t.players[0].hand.is_empty(), "free of cost");
    // One piece left: one road.
    let mut t = main_table();
    settle(&mut t, Colour::A, Vertex::n(0, -2));
    t.players[0].roads_left = 1;
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::RoadBuilding,
        bought_on_turn: 1,
    });
    play(
        &mut t,
        0,
        BaseMove::PlayRoadBuilding {
            edges: vec![Edge::new(0, -2, Dir::NE)],
        },
        &[],
    )
    .unwrap();
    // No legal road: the card cannot be played.
    let mut t = main_table();
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::RoadBuilding,
        bought_on_turn: 1,
    });
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlayRoadBuilding {
                edges: vec![Edge::new(0, -2, Dir::NE)]
            },
            &[]
        )),
        "CAT-DEV-4"
    );
}

#[test]
fn cat_dev_5_year_of_plenty() {
    let mut t = main_table();
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::YearOfPlenty,
        bought_on_turn: 1,
    });
    t.bank.resources = Cards::new(0, 0, 0, 1, 5);
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::PlayYearOfPlenty {
                resources: vec![Resource::Grain, Resource::Grain]
            },
            &[]
        )),
        "CAT-DEV-5"
    );
    play(
        &mut t,
        0,
        BaseMove::PlayYearOfPlenty {
            resources: vec![Resource::Ore, Resource::Ore],
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand.ore, 2); // CAT-DEV-5: two of a kind allowed
                                          // Bank with a single card: take what there is.
    let mut t = main_table();
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::YearOfPlenty,
        bought_on_turn: 1,
    });
    t.bank.resources = Cards::new(0, 0, 0, 1, 0);
    play(
        &mut t,
        0,
        BaseMove::PlayYearOfPlenty {
            resources: vec![Resource::Grain],
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand.grain, 1);
}

#[test]
fn cat_trade_2_3_domestic_trade() {
    let mut t = main_table();
    t.players[0].hand = Cards::new(2, 0, 0, 0, 0);
    t.players[1].hand = Cards::new(0, 0, 0, 1, 0);
    let give = Cards::one(Resource::Brick);
    // CAT-TRADE-2: no gifts, no like-for-like, give must be held.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::OfferTrade {
                give,
                want: Cards::default()
            },
            &[]
        )),
        "CAT-TRADE-2"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::OfferTrade {
                give,
                want: Cards::one(Resource::Brick)
            },
            &[]
        )),
        "CAT-TRADE-2"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            BaseMove::OfferTrade {
                give: Cards::new(3, 0, 0, 0, 0),
                want: Cards::one(Resource::Ore)
            },
            &[]
        )),
        "CAT-TRADE-2"
    );
    play(
        &mut t,
        0,
        BaseMove::OfferTrade {
            give,
            want: Cards::one(Resource::Ore),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.pending[0], Pending::TradeResponse { seat: 1 });
    // CAT-TRADE-3: accepting needs the wanted cards.
    assert_eq!(
        rule_of(play(
            &mut t,
            1,
            BaseMove::RespondTrade { accept: true },
            &[]
        )),
        "CAT-TRADE-3"
    );
    play(&mut t, 1, BaseMove::RespondTrade { accept: false }, &[]).unwrap();
    assert_eq!(t.players[0].hand, Cards::new(2, 0, 0, 0, 0));
    play(
        &mut t,
        0,
        BaseMove::OfferTrade {
            give,
            want: Cards::one(Resource::Grain),
        },
        &[],
    )
    .unwrap();
    play(&mut t, 1, BaseMove::RespondTrade { accept: true }, &[]).unwrap();
    assert_eq!(t.players[0].hand, Cards::new(1, 0, 0, 1, 0));
    assert_eq!(t.players[1].hand, Cards::new(1, 0, 0, 0, 0));
}

#[test]
fn cat_end_1_2_3_winning() {
    let mut t = main_table();
    // 4 cities (8) + Longest Road (2) = 10 after building the fourth city.
    for v in [
        Vertex::n(0, -2),
        Vertex::n(2, -2),
        Vertex::n(-2, 0),
        Vertex::n(2, 0),
    ] {
        t.board.buildings[vx(v)] = Some(Building {
            colour: Colour::A,
            kind: BuildingKind::City,
        });
    }
    t.board.buildings[vx(Vertex::n(2, 0))] = Some(Building {
        colour: Colour::A,
        kind: BuildingKind::Settlement,
    });
    t.longest_road = Some(Colour::A);
    for e in [
        Edge::new(0, -2, Dir::NE),
        Edge::new(1, -3, Dir::SE),
        Edge::new(1, -2, Dir::NE),
        Edge::new(2, -3, Dir::SE),
        Edge::new(2, -2, Dir::NE),
    ] {
        t.board.roads[ex(e)] = Some(Colour::A);
    }
    assert_eq!(t.total_vp(0), 9); // CAT-END-2: 3 cities 6 + settlement 1 + road 2
    t.players[0].hand = Cards::new(0, 0, 0, 2, 3);
    let (_, ev) = play(
        &mut t,
        0,
        BaseMove::BuildCity {
            vertex: Vertex::n(2, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.phase, Phase::Finished); // CAT-END-1, CAT-END-3
    assert_eq!(t.winner, Some(0));
    let won = ev.iter().find(|e| e.rule == "CAT-END-1").unwrap();
    assert_eq!(won.data["scores"]["a"]["total"], 10);
    assert_eq!(won.data["scores"]["a"]["cities"], 4);
    assert_eq!(
        rule_of(play(&mut t, 0, BaseMove::EndTurn, &[])),
        "CAT-END-3"
    );
    // Points reached in another turn win at the start of the own turn.
    let mut t = main_table();
    t.players[1].dev_hand = vec![
        HeldDev {
            kind: DevCard::VictoryPoint,
            bought_on_turn: 1
        };
        5
    ];
    for v in [
        Vertex::n(0, -2),
        Vertex::n(2, -2),
        Vertex::n(-2, 0),
        Vertex::n(2, 0),
        Vertex::n(0, 2),
    ] {
        settle(&mut t, Colour::B, v);
    }
    assert_eq!(t.total_vp(1), 10);
    assert_eq!(t.phase, Phase::Main, "not b's turn: no win yet");
    let mut ev = Vec::new();
    t.begin_turn(1, &mut ev);
    assert_eq!((t.phase, t.winner), (Phase::Finished, Some(1)));
}

#[test]
fn legal_moves_are_accepted() {
    // Every listed move is accepted by apply, in a few situations.
    let mut t = ae3_board();
    t.players[0].hand = Cards::new(3, 3, 3, 3, 4);
    t.players[0].dev_hand = vec![
        HeldDev {
            kind: DevCard::Knight,
            bought_on_turn: 1,
        },
        HeldDev {
            kind: DevCard::RoadBuilding,
            bought_on_turn: 1,
        },
        HeldDev {
            kind: DevCard::YearOfPlenty,
            bought_on_turn: 1,
        },
        HeldDev {
            kind: DevCard::Monopoly,
            bought_on_turn: 1,
        },
    ];
    t.board.roads[ex(Edge::new(2, -1, Dir::SE))] = Some(Colour::A);
    for phase in [Phase::PreRoll, Phase::Main] {
        t.phase = phase;
        let moves = t.legal_moves(0, &Hooks::default());
        assert!(!moves.is_empty());
        for m in moves {
            let mut c = t.clone();
            let mut d = Dice::new(2);
            let mut ev = Vec::new();
            c.apply(0, &m, &mut d, &Hooks::default(), &mut ev)
                .unwrap_or_else(|e| panic!("{m:?}: {e}"));
        }
    }
    assert!(t.legal_moves(1, &Hooks::default()).is_empty());
}

/// Plain Part A games (no variant): random legal moves until someone wins.
/// Checks that listed moves are accepted, cards are conserved (CAT-SETUP-3)
/// and games end (CAT-END-1) within a bound.
#[test]
fn random_base_games_end() {
    for seed in 0..30u64 {
        let mut dice = Dice::new(seed);
        let mut pick = Dice::new(seed + 1000);
        let mut ev = Vec::new();
        let (board, _) = generate(&LayoutOptions::default(), &mut dice).unwrap();
        let mut t = Table::new(board, BaseOptions::default(), &mut dice, &mut ev);
        t.choose_first_player(FirstPlayer::Roll, &mut dice, &mut ev)
            .unwrap();
        let hooks = Hooks::default();
        let mut steps = 0;
        while t.phase != Phase::Finished {
            steps += 1;
            assert!(steps < 5000, "seed {seed}: no winner after 5000 moves");
            let seat = t.expected_seat().unwrap();
            let moves = t.legal_moves(seat, &hooks);
            assert!(!moves.is_empty(), "seed {seed}: no legal move");
            let builds: Vec<&BaseMove> = moves
                .iter()
                .filter(|m| {
                    matches!(
                        m,
                        BaseMove::BuildCity { .. }
                            | BaseMove::BuildSettlement { .. }
                            | BaseMove::BuildRoad { .. }
                            | BaseMove::BuyDevelopmentCard { .. }
                    )
                })
                .collect();
            let m = if !builds.is_empty() && pick.below(2) == 0 {
                builds[pick.pick_index(builds.len())].clone()
            } else {
                moves[pick.pick_index(moves.len())].clone()
            };
            let out = t
                .apply(seat, &m, &mut dice, &hooks, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {m:?} refused: {e}"));
            if out == Outcome::TurnEnded {
                t.begin_turn(1 - seat, &mut ev);
            }
            let total =
                t.bank.resources.total() + t.players[0].hand.total() + t.players[1].hand.total();
            assert_eq!(total, 95, "seed {seed}");
        }
        let w = t.winner.unwrap();
        assert!(t.total_vp(w) >= 10); // CAT-END-1
    }
}
