//! Part A table tests: worked examples 3–9 and the CAT turn, production, robber,
//! building, development, trade, award and end rules.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::super::board::*;
use super::super::data::*;
use super::super::events::{BaseEvent, PartAEvent};
use super::super::geometry::*;
use super::super::layout::LayoutOptions;
use super::super::moves::{CoreMove, DevMove};
use super::super::player::HeldDev;
use super::super::table::*;
use crate::engine::{
    Chance, Describe, Dice, Lang, Legal, RuleError, RuleErrorKind, Seat, SeatInfo, TableItem,
    TableMode, TextCx, Turn,
};
use Resource::*;

type Board = super::super::board::Board<NoPiece>;

fn vx(v: Vertex) -> VertexId {
    v.id().unwrap()
}
fn ex(e: Edge) -> EdgeId {
    e.id().unwrap()
}
fn hx(q: i8, r: i8) -> HexId {
    Hex(q, r).id().unwrap()
}

/// A Part A move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum M {
    Core(CoreMove<Resource>),
    Dev(DevMove),
}
impl From<CoreMove<Resource>> for M {
    fn from(m: CoreMove<Resource>) -> Self {
        M::Core(m)
    }
}
impl From<DevMove> for M {
    fn from(m: DevMove) -> Self {
        M::Dev(m)
    }
}

/// A Part A event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum E {
    Base(BaseEvent<Resource>),
    PartA(PartAEvent),
}
impl From<BaseEvent<Resource>> for E {
    fn from(e: BaseEvent<Resource>) -> Self {
        E::Base(e)
    }
}
impl From<PartAEvent> for E {
    fn from(e: PartAEvent) -> Self {
        E::PartA(e)
    }
}

/// An event as a test reads it.
#[derive(Debug, Clone)]
struct Ev {
    kind: String,
    rule: String,
    data: Value,
    dice: Vec<u8>,
    text: String,
    secret: Option<Value>,
}

fn read(events: Vec<crate::engine::Event<E>>) -> Vec<Ev> {
    let seats = [
        SeatInfo::human("a", "Player A", "Spieler A"),
        SeatInfo::human("b", "Player B", "Spieler B"),
    ];
    let cx = TextCx::new(Lang::En, &seats);
    events
        .into_iter()
        .map(|e| {
            let v = serde_json::to_value(&e.what).unwrap();
            let text = match &e.what {
                E::Base(b) => b.describe(&cx),
                E::PartA(a) => a.describe(&cx),
            };
            Ev {
                kind: v["kind"].as_str().unwrap_or_default().to_string(),
                rule: e.rule.to_string(),
                data: v["data"].clone(),
                dice: e.dice.clone(),
                text,
                secret: e.secret.as_ref().map(|s| {
                    let mut x = serde_json::to_value(&s.what).unwrap();
                    x["visible_to"] = json!(s.visible_to);
                    x
                }),
            }
        })
        .collect()
}

/// Runs `f` on a turn: dice from the table, cards from the stream of `seed`
/// (or from `cards` when given), the way the adapter runs a command.
fn turn_of<T>(
    seed: u64,
    dice: &[u8],
    cards: Option<&[&str]>,
    seat: Option<Seat>,
    f: impl FnOnce(&mut Turn<'_, E>) -> Result<T, RuleError>,
) -> Result<(T, Vec<Ev>), RuleError> {
    let mode = TableMode {
        dice: true,
        cards: cards.is_some(),
    };
    let mut items: Vec<TableItem> = dice.iter().map(|d| TableItem::Die(*d)).collect();
    items.extend(
        cards
            .unwrap_or_default()
            .iter()
            .map(|c| TableItem::Card(c.to_string())),
    );
    let mut c = Chance::new(Dice::new(seed), mode, items)?;
    let mut t = Turn::new(seat, &mut c);
    let out = f(&mut t)?;
    let (ev, _) = t.finish();
    c.finish()?;
    Ok((out, read(ev)))
}

fn opts() -> BaseOptions {
    BaseOptions::default()
}

fn new_table(seed: u64) -> Table {
    turn_of(seed, &[], None, None, |t| {
        Ok(Table::new(Board::beginner(false), opts(), t))
    })
    .unwrap()
    .0
}

/// A beginner table in set-up, first player `a`.
fn fresh() -> Table {
    let mut t = new_table(0);
    t.first_player = Seat(0);
    t.active = Seat(0);
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
    t.board.set_building(
        vx(v),
        Some(Building {
            colour: c,
            kind: BuildingKind::Settlement,
        }),
    );
}

/// Applies a move with table dice and, with `cards`, table cards; the table
/// changes only on Ok. A seat that the table does not expect is refused as
/// the engine's gate refuses it.
fn play_full(
    t: &mut Table,
    seat: u8,
    mv: impl Into<M>,
    dice: &[u8],
    cards: Option<&[&str]>,
    seed: u64,
) -> Result<(Outcome, Vec<Ev>), RuleError> {
    let seat = Seat(seat);
    if t.expected_seat() != Some(seat) {
        return Err(RuleError::out_of_turn(
            "SESSION-TURN-1",
            "not this seat's move",
        ));
    }
    let mv = mv.into();
    let mut c = t.clone();
    let r = turn_of(seed, dice, cards, Some(seat), |turn| match &mv {
        M::Core(m) => c.apply_core(seat, m, &Hooks::default(), turn),
        M::Dev(m) => c.apply_dev(seat, m, turn),
    })?;
    *t = c;
    Ok(r)
}
fn play_with(
    t: &mut Table,
    seat: u8,
    mv: impl Into<M>,
    dice: &[u8],
    seed: u64,
) -> Result<(Outcome, Vec<Ev>), RuleError> {
    play_full(t, seat, mv, dice, None, seed)
}
fn play(
    t: &mut Table,
    seat: u8,
    mv: impl Into<M>,
    dice: &[u8],
) -> Result<(Outcome, Vec<Ev>), RuleError> {
    play_with(t, seat, mv, dice, 1)
}

fn length(t: &Table, c: Colour) -> u32 {
    t.road_lengths
        .iter()
        .find(|l| l.colour == c)
        .map(|l| l.length)
        .unwrap_or(0)
}

fn rule_of(r: Result<(Outcome, Vec<Ev>), RuleError>) -> String {
    r.expect_err("the move must be refused").rule
}

/// A seed whose first `below(n)` is `want` (to steer a random draw in a test).
fn seed_for_below(n: u32, want: u32) -> u64 {
    (0..10_000)
        .find(|s| Dice::new(*s).below(n) == want)
        .unwrap()
}

/// Runs a table step outside a move (awards, a new turn).
fn step(t: &mut Table, f: impl FnOnce(&mut Table, &mut Turn<'_, E>)) -> Vec<Ev> {
    turn_of(0, &[], None, None, |turn| {
        f(t, turn);
        Ok(())
    })
    .unwrap()
    .1
}

#[test]
fn ae_3_snake_setup_and_starting_cards() {
    let mut t = fresh();
    assert_eq!(t.phase, Phase::Setup);
    play(
        &mut t,
        0,
        CoreMove::PlaceSetupSettlement {
            vertex: vx(Vertex::s(2, -1)),
        },
        &[],
    )
    .unwrap();
    // CAT-SETUP-5: the road must touch that settlement.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::PlaceSetupRoad {
                edge: ex(Edge::new(0, 0, Dir::NE))
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
        CoreMove::PlaceSetupRoad {
            edge: ex(Edge::new(2, -1, Dir::SE)),
        },
        &[],
    )
    .unwrap();
    // b places next; a is out of turn.
    let e = play(
        &mut t,
        0,
        CoreMove::PlaceSetupSettlement {
            vertex: vx(Vertex::n(-2, 1)),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn);
    play(
        &mut t,
        1,
        CoreMove::PlaceSetupSettlement {
            vertex: vx(Vertex::n(-2, 1)),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        1,
        CoreMove::PlaceSetupRoad {
            edge: ex(Edge::new(-2, 1, Dir::NE)),
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
            CoreMove::PlaceSetupSettlement {
                vertex: vx(Vertex::n(1, 0))
            },
            &[]
        )),
        "CAT-BUILD-3"
    );
    let (_, ev) = play(
        &mut t,
        1,
        CoreMove::PlaceSetupSettlement {
            vertex: vx(Vertex::s(-1, 1)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[1].hand, Cards::new(1, 0, 0, 1, 1)); // CAT-SETUP-6: ore, grain, brick
    assert!(ev.iter().any(|e| e.rule == "CAT-SETUP-6"));
    play(
        &mut t,
        1,
        CoreMove::PlaceSetupRoad {
            edge: ex(Edge::new(-1, 1, Dir::SE)),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        CoreMove::PlaceSetupSettlement {
            vertex: vx(Vertex::s(1, -2)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(1, 0, 2, 0, 0)); // 2 wool, 1 brick
    assert_eq!(t.bank.resources, Cards::new(17, 19, 17, 18, 18)); // CAT-SETUP-3: out of the bank
    let (_, ev) = play(
        &mut t,
        0,
        CoreMove::PlaceSetupRoad {
            edge: ex(Edge::new(1, -2, Dir::SE)),
        },
        &[],
    )
    .unwrap();
    // CAT-SETUP-7: turn 1, a, pre_roll.
    assert_eq!((t.phase, t.turn, t.active), (Phase::PreRoll, 1, Seat(0)));
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
    let (_, ev) = play(&mut t, 0, CoreMove::Roll, &[5, 3]).unwrap();
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 0, 1)); // CAT-PROD-1
    assert_eq!(t.players[1].hand, Cards::new(0, 1, 0, 0, 0));
    let p = ev.iter().find(|e| e.rule == "CAT-PROD-1").unwrap(); // CAT-PROD-3: one event with dice and hexes
    assert_eq!(p.dice, vec![5, 3]);
    assert_eq!(p.data["hexes"].as_array().unwrap().len(), 2);
    assert_eq!(t.phase, Phase::Main);
    // Robber on (-2,1): b gets nothing, the event names the blocked hex (CAT-ROB-3).
    let mut t = ae3_board();
    t.board.robber = Hex(-2, 1).id().unwrap();
    let (_, ev) = play(&mut t, 0, CoreMove::Roll, &[5, 3]).unwrap();
    assert_eq!(t.players[1].hand, Cards::default());
    assert_eq!(t.players[0].hand.get(Ore), 1);
    let p = ev.iter().find(|e| e.kind == "production").unwrap();
    assert_eq!(
        p.data["blocked"],
        serde_json::json!({"hex": [-2, 1], "terrain": "forest", "token": 8})
    );
    assert!(
        p.text.contains("the robber blocks the forest"),
        "{}",
        p.text
    );
}

#[test]
fn ae_5_bank_shortage() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    t.board.tiles[hx(1, 1).index()] = Tile {
        hex: hx(1, 1),
        terrain: Terrain::Fields,
        token: Some(8),
        removed: false,
    };
    t.board.tiles[hx(1, 0).index()] = Tile {
        hex: hx(1, 0),
        terrain: Terrain::Fields,
        token: Some(8),
        removed: false,
    };
    t.board.set_building(
        vx(Vertex::s(2, 0)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::City,
        }),
    );
    settle(&mut t, Colour::B, Vertex::s(2, -1));
    t.bank.resources.set(Ore, 2);
    let before = t.clone();
    let (_, ev) = play(&mut t, 0, CoreMove::Roll, &[4, 4]).unwrap();
    // CAT-PROD-2: 3 ore owed to two players, bank holds 2: nobody gets ore; grain is paid.
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 2, 0));
    assert_eq!(t.players[1].hand, Cards::new(0, 0, 0, 1, 0));
    assert_eq!(t.bank.resources.get(Ore), 2);
    assert!(ev
        .iter()
        .any(|e| e.data["short"] == serde_json::json!(["ore"])));
    // Only a owed: a takes the 1 ore left.
    let mut t = before;
    t.board.set_building(vx(Vertex::s(2, -1)), None);
    t.bank.resources.set(Ore, 1);
    play(&mut t, 0, CoreMove::Roll, &[4, 4]).unwrap();
    assert_eq!(t.players[0].hand.get(Ore), 1);
    assert_eq!(t.bank.resources.get(Ore), 0);
}

#[test]
fn ae_6_seven_with_discards_and_theft() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    settle(&mut t, Colour::B, Vertex::n(-1, 2));
    t.players[0].hand = Cards::new(3, 3, 3, 0, 0);
    t.players[1].hand = Cards::new(2, 0, 1, 4, 0);
    let (_, ev) = play(&mut t, 0, CoreMove::Roll, &[3, 4]).unwrap();
    // CAT-SEVEN-1: only a (9 > 7) discards floor(9/2) = 4; b (7) does not.
    assert_eq!(
        t.pending[0],
        Pending::Discard {
            seat: Seat(0),
            count: 4
        }
    );
    assert_eq!(t.pending.len(), 2);
    assert!(ev.iter().any(|e| e.rule == "CAT-SEVEN-1"));
    assert_eq!(
        t.players[0].hand.total() + t.players[1].hand.total(),
        16,
        "nothing produced on a 7"
    );
    // CAT-TURN-1: while a decision is open only its answer is legal.
    assert_eq!(
        rule_of(play(&mut t, 0, CoreMove::EndTurn, &[])),
        "CAT-TURN-1"
    );
    // CAT-SEVEN-2: exactly 4.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::Discard {
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
            CoreMove::Discard {
                cards: Cards::new(0, 0, 0, 4, 0)
            },
            &[]
        )),
        "CAT-SEVEN-2"
    );
    play(
        &mut t,
        0,
        CoreMove::Discard {
            cards: Cards::new(2, 2, 0, 0, 0),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.bank.resources.get(Brick), 21);
    // CAT-SEVEN-3: then the roller moves the robber.
    assert_eq!(
        t.pending[0],
        Pending::Robber {
            seat: Seat(0),
            cause: RobberCause::Seven
        }
    );
    // CAT-ROB-1: it must leave its hex.
    assert_eq!(
        rule_of(play(&mut t, 0, CoreMove::MoveRobber { hex: hx(0, 0) }, &[])),
        "CAT-ROB-1"
    );
    // A hex off the island cannot even be named: the move does not parse.
    assert!(Hex(3, 0).id().is_none());
    assert!(serde_json::from_value::<CoreMove<Resource>>(
        serde_json::json!({"type": "move_robber", "hex": [3, 0]})
    )
    .is_err());
    // CAT-ROB-2 / CAT-RNG-4: b's hand lists brick, brick, wool, grain×4; below(7) = 2 → wool.
    let seed = seed_for_below(7, 2);
    let (_, ev) = play_with(&mut t, 0, CoreMove::MoveRobber { hex: hx(0, 1) }, &[], seed).unwrap();
    assert_eq!(t.players[1].hand, Cards::new(2, 0, 0, 4, 0));
    assert_eq!(t.players[0].hand, Cards::new(1, 1, 4, 0, 0));
    let th = ev.iter().find(|e| e.rule == "CAT-ROB-2").unwrap();
    // The card is in the hidden part only, for thief and victim.
    assert!(th.data.get("card").is_none());
    let secret = th.secret.as_ref().unwrap();
    assert_eq!(secret["data"]["card"], "wool");
    assert_eq!(secret["visible_to"], serde_json::json!([0, 1]));
    assert!(t.pending.is_empty());
    assert_eq!(t.board.robber, Hex(0, 1).id().unwrap());
}

#[test]
fn cat_rob_2_no_candidate_no_theft() {
    let mut t = main_table();
    t.pending.push(Pending::Robber {
        seat: Seat(0),
        cause: RobberCause::Seven,
    });
    settle(&mut t, Colour::A, Vertex::n(-1, 2));
    t.players[0].hand = Cards::new(1, 0, 0, 0, 0);
    // Only the mover touches (0,1): nothing stolen (the mover never robs themselves).
    let (_, ev) = play(&mut t, 0, CoreMove::MoveRobber { hex: hx(0, 1) }, &[]).unwrap();
    assert!(ev.iter().any(|e| e.kind == "no_theft")); // CAT-ROB-2
    assert_eq!(t.players[0].hand.total(), 1);
    // A victim with no cards is no candidate either.
    let mut t = main_table();
    t.pending.push(Pending::Robber {
        seat: Seat(0),
        cause: RobberCause::Seven,
    });
    settle(&mut t, Colour::B, Vertex::n(-1, 2));
    assert_eq!(t.theft_victim(Seat(0), hx(0, 1)), None);
}

#[test]
fn ae_7_development_card_limits() {
    let mut t = main_table();
    t.turn = 5;
    t.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    t.bank.dev_deck.push(DevCard::Monopoly);
    let (_, ev) = play(&mut t, 0, DevMove::BuyDevelopmentCard, &[]).unwrap();
    assert_eq!(
        t.players[0].dev_hand,
        vec![HeldDev {
            kind: DevCard::Monopoly,
            bought_on_turn: 5
        }]
    ); // CAT-DEV-1
       // The card is a secret of its buyer; the public event does not name it.
    let secret = ev[0].secret.as_ref().unwrap();
    assert_eq!(secret["visible_to"], serde_json::json!([0]));
    assert!(secret.to_string().contains("monopoly"), "{secret}");
    assert!(!ev[0].data.to_string().contains("monopoly"));
    assert!(!ev[0].text.to_lowercase().contains("monopoly"));
    // CAT-DEV-2: not in the turn it was bought.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            DevMove::PlayMonopoly {
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
    play(&mut t, 0, DevMove::PlayKnight, &[]).unwrap();
    assert_eq!(
        t.pending[0],
        Pending::Robber {
            seat: Seat(0),
            cause: RobberCause::Knight
        }
    ); // CAT-DEV-3: no discards
    play(&mut t, 0, CoreMove::MoveRobber { hex: hx(1, 1) }, &[]).unwrap();
    assert_eq!(t.players[0].knights_played, 1);
    assert_eq!(t.phase, Phase::PreRoll);
    play(&mut t, 0, CoreMove::Roll, &[2, 3]).unwrap();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            DevMove::PlayMonopoly {
                resource: Resource::Grain
            },
            &[]
        )),
        "CAT-DEV-2"
    );
    // Turn 9: monopoly on grain; b hands over all 3 (CAT-DEV-6).
    t.turn = 9;
    t.players[1].hand = Cards::new(1, 0, 0, 3, 0);
    let grain_before = t.players[0].hand.get(Grain);
    let (out, _) = play(
        &mut t,
        0,
        DevMove::PlayMonopoly {
            resource: Resource::Grain,
        },
        &[],
    )
    .unwrap();
    assert_eq!(out, Outcome::Monopoly(Resource::Grain));
    assert_eq!(t.players[0].hand.get(Grain), grain_before + 3);
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
        CoreMove::MaritimeTrade {
            give: Resource::Wool,
            get: Resource::Ore,
            times: 2,
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
            CoreMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Ore,
                times: 2
            },
            &[]
        )),
        "CAT-TRADE-1"
    );
    t.players[0].hand.set(Wool, 8);
    play(
        &mut t,
        0,
        CoreMove::MaritimeTrade {
            give: Resource::Wool,
            get: Resource::Ore,
            times: 2,
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(0, 0, 0, 0, 2));
    // Same resource, or a bank without the card: refused.
    t.players[0].hand.set(Wool, 4);
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Wool,
                times: 1
            },
            &[]
        )),
        "CAT-TRADE-1"
    );
    t.bank.resources.set(Ore, 0);
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::MaritimeTrade {
                give: Resource::Wool,
                get: Resource::Ore,
                times: 1
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
        t.board.set_road(ex(e), Some(Colour::A));
    }
    for e in [
        Edge::new(1, -2, Dir::E),
        Edge::new(1, -1, Dir::NE),
        Edge::new(2, -2, Dir::SE),
        Edge::new(2, -1, Dir::NE),
    ] {
        t.board.set_road(ex(e), Some(Colour::B));
    }
    step(&mut t, |t, turn| t.update_awards(turn));
    assert_eq!(t.longest_road, Some(Colour::A));
    assert_eq!(length(&t, Colour::B), 4);
    assert_eq!(t.visible_vp(Seat(0)), 3);
    // b's turn: a settlement on S(2,-3) in the middle of a's trail.
    t.active = Seat(1);
    t.players[1].hand = Cards::new(2, 2, 1, 1, 0);
    let (_, ev) = play(
        &mut t,
        1,
        CoreMove::BuildSettlement {
            vertex: vx(Vertex::s(2, -3)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(length(&t, Colour::A), 3);
    assert_eq!(t.longest_road, None); // CAT-AWARD-2: M = 4 < 5, set aside
    assert!(ev.iter().any(|e| e.rule == "CAT-AWARD-2"));
    assert_eq!(t.visible_vp(Seat(0)), 1);
    play(
        &mut t,
        1,
        CoreMove::BuildRoad {
            edge: ex(Edge::new(2, -1, Dir::E)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(length(&t, Colour::B), 5);
    assert_eq!(t.longest_road, Some(Colour::B));
    assert_eq!(t.visible_vp(Seat(1)), 3);
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
        play(&mut t, 0, DevMove::PlayKnight, &[]).unwrap();
        let hex = if t.board.robber == hx(0, -2) {
            hx(1, -2)
        } else {
            hx(0, -2)
        };
        play(&mut t, 0, CoreMove::MoveRobber { hex }, &[]).unwrap();
        assert_eq!(t.largest_army.is_some(), turn == 5); // CAT-AWARD-3: threshold 3
    }
    assert_eq!(t.largest_army, Some(Seat(0)));
    assert_eq!(t.visible_vp(Seat(0)), 2);
}

#[test]
fn cat_rng_1_deck_shuffle_is_seeded() {
    let a = new_table(5);
    let b = new_table(5);
    let c = new_table(6);
    assert_eq!(a.bank.dev_deck, b.bank.dev_deck); // CAT-RNG-1
    assert_ne!(a.bank.dev_deck, c.bank.dev_deck);
    // CAT-SETUP-1: 25 cards, 14/5/2/2/2.
    let mut d = a.bank.dev_deck.clone();
    d.sort();
    assert_eq!(d, dev_deck());
    assert_eq!(d.len(), 25);
    assert_eq!(a.bank.resources, Cards::new(19, 19, 19, 19, 19)); // CAT-SETUP-3
    assert_eq!(a.board.tile(a.board.robber).terrain, Terrain::Desert); // CAT-SETUP-2
}

#[test]
fn cat_rng_2_manual_dice_missing_is_need_dice() {
    let mut t = main_table();
    t.phase = Phase::PreRoll;
    let e = play(&mut t, 0, CoreMove::Roll, &[3]).unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-2");
    assert!(e.kind.table_needed().is_some());
    assert_eq!(t.phase, Phase::PreRoll, "nothing applied");
    assert_eq!(
        play(&mut t, 0, CoreMove::Roll, &[3, 9]).unwrap_err().rule,
        "CAT-RNG-2"
    );
}

#[test]
fn cat_rng_3_physical_table_entries() {
    let mut t = main_table();
    t.players[0].hand = Cards::new(0, 0, 1, 1, 1);
    // A card bought at a real table comes from the table, by its id.
    let e = play_full(&mut t, 0, DevMove::BuyDevelopmentCard, &[], Some(&[]), 1).unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-3");
    assert!(matches!(e.kind, RuleErrorKind::TableInputNeeded { .. }));
    let mut c = t.clone();
    let (_, ev) = play_full(
        &mut c,
        0,
        DevMove::BuyDevelopmentCard,
        &[],
        Some(&["year_of_plenty"]),
        1,
    )
    .unwrap();
    assert_eq!(c.players[0].dev_hand[0].kind, DevCard::YearOfPlenty);
    assert_eq!(
        c.bank
            .dev_deck
            .iter()
            .filter(|k| **k == DevCard::YearOfPlenty)
            .count(),
        1
    );
    // The card is the buyer's secret.
    let bought = ev.iter().find(|e| e.rule == "CAT-DEV-1").unwrap();
    assert_eq!(bought.secret.as_ref().unwrap()["visible_to"], json!([0]));
    assert!(bought.data.get("card").is_none());
    c.players[0].hand = Cards::new(0, 0, 2, 2, 2);
    play_full(
        &mut c,
        0,
        DevMove::BuyDevelopmentCard,
        &[],
        Some(&["year_of_plenty"]),
        1,
    )
    .unwrap();
    // None left: the table cannot enter it (CAT-RNG-3).
    assert_eq!(
        play_full(
            &mut c,
            0,
            DevMove::BuyDevelopmentCard,
            &[],
            Some(&["year_of_plenty"]),
            1
        )
        .unwrap_err()
        .rule,
        "CAT-RNG-3"
    );
    // A steal is entered, and must be a card the victim holds.
    settle(&mut c, Colour::B, Vertex::n(-1, 2));
    c.players[1].hand = Cards::new(0, 0, 0, 0, 1);
    c.pending.push(Pending::Robber {
        seat: Seat(0),
        cause: RobberCause::Seven,
    });
    let robber = CoreMove::MoveRobber { hex: hx(0, 1) };
    assert_eq!(
        play_full(&mut c, 0, robber.clone(), &[], Some(&["wool"]), 1)
            .unwrap_err()
            .rule,
        "CAT-RNG-3"
    );
    let e = play_full(&mut c, 0, robber.clone(), &[], Some(&[]), 1).unwrap_err();
    assert_eq!(e.rule, "CAT-RNG-3");
    match e.kind {
        RuleErrorKind::TableInputNeeded { needed, .. } => assert_eq!(
            needed,
            vec![crate::engine::Need::card("victim_hand", &["ore".into()])]
        ),
        k => panic!("{k:?}"),
    }
    let mut d = c.clone();
    let (_, ev) = play_full(&mut d, 0, robber, &[], Some(&["ore"]), 1).unwrap();
    assert_eq!(d.players[0].hand.get(Ore), 2);
    assert_eq!(d.players[1].hand.get(Ore), 0);
    let theft = ev.iter().find(|e| e.rule == "CAT-ROB-2").unwrap();
    assert_eq!(theft.secret.as_ref().unwrap()["visible_to"], json!([0, 1]));
}

#[test]
fn cat_rng_5_roll_off() {
    let r = |d: &[u8]| {
        turn_of(0, d, None, None, |t| roll_off(t, 1, "CAT-RNG-2"))
            .unwrap()
            .0
    };
    let (w, rounds, capped) = r(&[3, 3, 5, 2]);
    assert_eq!((w, rounds.len(), capped), (Seat(0), 2, false)); // CAT-RNG-5: equal totals roll again
    assert_eq!(r(&[1, 6]).0, Seat(1));
    let (w, rounds, capped) = r(&[4; 40]);
    assert_eq!((w, rounds.len(), capped), (Seat(0), 20, true)); // capped: seat a wins after 20 equal rounds
}

#[test]
fn cat_setup_4_first_player_roll_off() {
    let mut t = new_table(0);
    let (_, ev) = turn_of(0, &[1, 2, 6, 6], None, None, |turn| {
        t.choose_first_player(FirstPlayer::Roll, turn)
    })
    .unwrap();
    assert_eq!(t.first_player, Seat(1)); // CAT-SETUP-4: two dice each, b's 12 beats 3
    assert_eq!(t.setup_seat(), Seat(1));
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
            CoreMove::BuildRoad {
                edge: ex(Edge::new(0, -2, Dir::NE))
            },
            &[]
        )),
        "CAT-TURN-2"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                times: 1
            },
            &[]
        )),
        "CAT-TURN-2"
    );
    assert_eq!(
        rule_of(play(&mut t, 0, CoreMove::EndTurn, &[])),
        "CAT-TURN-5"
    );
    // CAT-TRADE-4: nobody trades outside the active player's main phase.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::OfferTrade {
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
        CoreMove::OfferTrade {
            give: Cards::one(Resource::Ore),
            want: Cards::one(Resource::Wool),
        },
        &[],
    )
    .unwrap_err();
    assert_eq!(e.kind, RuleErrorKind::OutOfTurn); // CAT-TRADE-4
    play(&mut t, 0, CoreMove::Roll, &[1, 1]).unwrap();
    // CAT-TURN-3: once per turn.
    assert_eq!(
        rule_of(play(&mut t, 0, CoreMove::Roll, &[1, 1])),
        "CAT-TURN-3"
    );
    // CAT-TURN-4: combined phase off: no trade after a build.
    t.opts.combined_trade_build = false;
    play(
        &mut t,
        0,
        CoreMove::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            times: 1,
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        CoreMove::BuildRoad {
            edge: ex(Edge::new(0, -2, Dir::NE)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                times: 1
            },
            &[]
        )),
        "CAT-TURN-4"
    );
    t.opts.combined_trade_build = true;
    play(
        &mut t,
        0,
        CoreMove::MaritimeTrade {
            give: Resource::Ore,
            get: Resource::Wool,
            times: 1,
        },
        &[],
    )
    .unwrap();
    // CAT-TURN-5: end_turn in main hands over; begin_turn raises the number.
    let (out, _) = play(&mut t, 0, CoreMove::EndTurn, &[]).unwrap();
    assert_eq!(out, Outcome::TurnEnded);
    step(&mut t, |t, turn| t.begin_turn(Seat(1), turn));
    assert_eq!((t.active, t.turn, t.phase), (Seat(1), 4, Phase::PreRoll));
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
            CoreMove::BuildRoad {
                edge: ex(Edge::new(0, -2, Dir::NE))
            },
            &[]
        )),
        "CAT-BUILD-1"
    );
    t.players[0].hand = Cards::new(9, 9, 9, 9, 9);
    play(
        &mut t,
        0,
        CoreMove::BuildRoad {
            edge: ex(Edge::new(0, -2, Dir::NE)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand, Cards::new(8, 8, 9, 9, 9));
    assert_eq!(t.bank.resources.get(Brick), 20, "paid cards go to the bank");
    // CAT-BUILD-4: a settlement must touch an own road; CAT-BUILD-3 distance.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::BuildSettlement {
                vertex: vx(Vertex::n(2, -2))
            },
            &[]
        )),
        "CAT-BUILD-4"
    );
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::BuildSettlement {
                vertex: vx(Vertex::s(1, -3))
            },
            &[]
        )),
        "CAT-BUILD-3"
    );
    play(
        &mut t,
        0,
        CoreMove::BuildRoad {
            edge: ex(Edge::new(1, -3, Dir::SE)),
        },
        &[],
    )
    .unwrap();
    play(
        &mut t,
        0,
        CoreMove::BuildSettlement {
            vertex: vx(Vertex::n(1, -2)),
        },
        &[],
    )
    .unwrap();
    // CAT-BUILD-6: a city replaces an own settlement only.
    assert_eq!(
        rule_of(play(
            &mut t,
            0,
            CoreMove::BuildCity {
                vertex: vx(Vertex::n(2, -2))
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
            CoreMove::BuildCity {
                vertex: vx(Vertex::n(2, -2))
            },
            &[]
        )),
        "CAT-BUILD-6"
    );
    play(
        &mut t,
        0,
        CoreMove::BuildCity {
            vertex: vx(Vertex::n(0, -2)),
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
            CoreMove::BuildRoad {
                edge: ex(Edge::new(-1, -1, Dir::NE))
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
            CoreMove::BuildCity {
                vertex: vx(Vertex::n(0, 2))
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
        rule_of(play(&mut t, 0, DevMove::BuyDevelopmentCard, &[])),
        "CAT-DEV-1"
    );
    // CAT-DEV-7: a VP card counts at once, hidden (not visible VP), never played.
    t.players[0].dev_hand.push(HeldDev {
        kind: DevCard::VictoryPoint,
        bought_on_turn: 3,
    });
    assert_eq!(t.visible_vp(Seat(0)), 0);
    assert_eq!(t.total_vp(Seat(0)), 1);
    assert_eq!(
        t.check_dev_playable(Seat(0), DevCard::VictoryPoint)
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
            DevMove::PlayRoadBuilding {
                edges: vec![ex(Edge::new(0, -2, Dir::NE))]
            },
            &[]
        )),
        "CAT-DEV-4"
    );
    // Each road legal in sequence: the second continues the first.
    play(
        &mut t,
        0,
        DevMove::PlayRoadBuilding {
            edges: vec![ex(Edge::new(0, -2, Dir::NE)), ex(Edge::new(1, -3, Dir::SE))],
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
        DevMove::PlayRoadBuilding {
            edges: vec![ex(Edge::new(0, -2, Dir::NE))],
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
            DevMove::PlayRoadBuilding {
                edges: vec![ex(Edge::new(0, -2, Dir::NE))]
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
            DevMove::PlayYearOfPlenty {
                resources: vec![Resource::Grain, Resource::Grain]
            },
            &[]
        )),
        "CAT-DEV-5"
    );
    play(
        &mut t,
        0,
        DevMove::PlayYearOfPlenty {
            resources: vec![Resource::Ore, Resource::Ore],
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand.get(Ore), 2); // CAT-DEV-5: two of a kind allowed
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
        DevMove::PlayYearOfPlenty {
            resources: vec![Resource::Grain],
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.players[0].hand.get(Grain), 1);
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
            CoreMove::OfferTrade {
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
            CoreMove::OfferTrade {
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
            CoreMove::OfferTrade {
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
        CoreMove::OfferTrade {
            give,
            want: Cards::one(Resource::Ore),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.pending[0], Pending::TradeResponse { seat: Seat(1) });
    // CAT-TRADE-3: accepting needs the wanted cards.
    assert_eq!(
        rule_of(play(
            &mut t,
            1,
            CoreMove::RespondTrade { accept: true },
            &[]
        )),
        "CAT-TRADE-3"
    );
    play(&mut t, 1, CoreMove::RespondTrade { accept: false }, &[]).unwrap();
    assert_eq!(t.players[0].hand, Cards::new(2, 0, 0, 0, 0));
    play(
        &mut t,
        0,
        CoreMove::OfferTrade {
            give,
            want: Cards::one(Resource::Grain),
        },
        &[],
    )
    .unwrap();
    play(&mut t, 1, CoreMove::RespondTrade { accept: true }, &[]).unwrap();
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
        t.board.set_building(
            vx(v),
            Some(Building {
                colour: Colour::A,
                kind: BuildingKind::City,
            }),
        );
    }
    t.board.set_building(
        vx(Vertex::n(2, 0)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    t.longest_road = Some(Colour::A);
    for e in [
        Edge::new(0, -2, Dir::NE),
        Edge::new(1, -3, Dir::SE),
        Edge::new(1, -2, Dir::NE),
        Edge::new(2, -3, Dir::SE),
        Edge::new(2, -2, Dir::NE),
    ] {
        t.board.set_road(ex(e), Some(Colour::A));
    }
    assert_eq!(t.total_vp(Seat(0)), 9); // CAT-END-2: 3 cities 6 + settlement 1 + road 2
    t.players[0].hand = Cards::new(0, 0, 0, 2, 3);
    let (_, ev) = play(
        &mut t,
        0,
        CoreMove::BuildCity {
            vertex: vx(Vertex::n(2, 0)),
        },
        &[],
    )
    .unwrap();
    assert_eq!(t.phase, Phase::Finished); // CAT-END-1, CAT-END-3
    assert_eq!(t.winner, Some(Seat(0)));
    let won = ev.iter().find(|e| e.rule == "CAT-END-1").unwrap();
    assert_eq!(won.data["scores"][0]["total"], 10);
    assert_eq!(won.data["scores"][0]["cities"], 4);
    // The session refuses moves after the end before the table sees
    // them; the table itself refuses them too.
    let mut c = t.clone();
    let refused = turn_of(1, &[], None, Some(Seat(0)), |turn| {
        c.apply_core(Seat(0), &CoreMove::EndTurn, &Hooks::default(), turn)
    });
    assert_eq!(rule_of(refused), "CAT-END-3");
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
    assert_eq!(t.total_vp(Seat(1)), 10);
    assert_eq!(t.phase, Phase::Main, "not b's turn: no win yet");
    step(&mut t, |t, turn| t.begin_turn(Seat(1), turn));
    assert_eq!((t.phase, t.winner), (Phase::Finished, Some(Seat(1))));
}

/// Concrete moves of a legal-move list: listed moves, and each template
/// filled `n` times.
fn concrete(list: &[Legal<M>], n: usize, pick: &mut Dice) -> Vec<M> {
    let mut out = Vec::new();
    for l in list {
        match l {
            Legal::Move(m) => out.push(m.clone()),
            Legal::Template { .. } => {
                let w = serde_json::to_value(l.wire(String::new())).unwrap();
                for _ in 0..n {
                    let v =
                        crate::engine::legal::instantiate(&w, &mut |k| pick.pick_index(k.max(1)))
                            .unwrap();
                    out.push(serde_json::from_value(v).unwrap());
                }
            }
        }
    }
    out
}

#[test]
fn legal_moves_are_accepted() {
    // Every listed move is accepted, in a few situations.
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
    t.board
        .set_road(ex(Edge::new(2, -1, Dir::SE)), Some(Colour::A));
    let mut pick = Dice::new(7);
    for phase in [Phase::PreRoll, Phase::Main] {
        t.phase = phase;
        let list: Vec<Legal<M>> = t.legal_moves(Seat(0), &Hooks::default());
        assert!(!list.is_empty());
        for m in concrete(&list, 5, &mut pick) {
            let mut c = t.clone();
            play_with(&mut c, 0, m.clone(), &[2, 3], 2)
                .or_else(|_| play_with(&mut t.clone(), 0, m.clone(), &[], 2))
                .unwrap_or_else(|e| panic!("{m:?}: {e}"));
        }
    }
    assert!(t.legal_moves::<M>(Seat(1), &Hooks::default()).is_empty());
}

/// Plain Part A games (no variant): random legal moves until someone wins.
/// Checks that listed moves are accepted, cards are conserved (CAT-SETUP-3)
/// and games end (CAT-END-1) within a bound.
#[test]
fn random_base_games_end() {
    for seed in 0..30u64 {
        let mut pick = Dice::new(seed + 1000);
        let mut c = Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).unwrap();
        let mut turn: Turn<'_, E> = Turn::new(None, &mut c);
        let (board, _) = super::super::layout::generate::<NoPiece, Resource>(
            &LayoutOptions::default(),
            turn.chance,
            false,
        )
        .unwrap();
        let mut t = Table::new(board, BaseOptions::default(), &mut turn);
        t.choose_first_player(FirstPlayer::Roll, &mut turn).unwrap();
        let hooks = Hooks::default();
        let mut steps = 0;
        while t.phase != Phase::Finished {
            steps += 1;
            assert!(steps < 5000, "seed {seed}: no winner after 5000 moves");
            let seat = t.expected_seat().unwrap();
            let moves = concrete(&t.legal_moves(seat, &hooks), 1, &mut pick);
            assert!(!moves.is_empty(), "seed {seed}: no legal move");
            let builds: Vec<&M> = moves
                .iter()
                .filter(|m| {
                    matches!(
                        m,
                        M::Core(
                            CoreMove::BuildCity { .. }
                                | CoreMove::BuildSettlement { .. }
                                | CoreMove::BuildRoad { .. }
                        ) | M::Dev(DevMove::BuyDevelopmentCard)
                    )
                })
                .collect();
            let m = if !builds.is_empty() && pick.below(2) == 0 {
                builds[pick.pick_index(builds.len())].clone()
            } else {
                moves[pick.pick_index(moves.len())].clone()
            };
            let out = match &m {
                M::Core(x) => t.apply_core(seat, x, &hooks, &mut turn),
                M::Dev(x) => t.apply_dev(seat, x, &mut turn),
            }
            .unwrap_or_else(|e| panic!("seed {seed}: {m:?} refused: {e}"));
            if out == Outcome::TurnEnded {
                t.begin_turn(super::super::board::other(seat), &mut turn);
            }
            let total =
                t.bank.resources.total() + t.players[0].hand.total() + t.players[1].hand.total();
            assert_eq!(total, 95, "seed {seed}");
        }
        let w = t.winner.unwrap();
        assert!(t.total_vp(w) >= 10); // CAT-END-1
    }
}

/// CAT-RNG-2, CAT-RNG-5: the dice the table is asked for say whose they are
/// and what they decide, in the request's language; a drawn development
/// card reads by its name.
#[test]
fn cat_rng_2_table_dice_say_whose_and_what_for() {
    use crate::engine::NeedText;
    let seats = [
        SeatInfo::human("a", "Player A", "Spieler A"),
        SeatInfo::human("b", "Player B", "Spieler B"),
    ];
    let (en, de) = (TextCx::new(Lang::En, &seats), TextCx::new(Lang::De, &seats));
    let needed = |e: RuleError| match e.kind {
        RuleErrorKind::TableInputNeeded { needed, .. } => needed,
        k => panic!("{k:?}"),
    };
    // A roll-off with two dice each: A's, then B's, all asked at once.
    let need = needed(turn_of(0, &[], None, None, |t| roll_off(t, 2, "CAT-RNG-2")).unwrap_err());
    let asked: Vec<String> = need.iter().map(|n| n.question(&en)).collect();
    assert_eq!(
        asked,
        [
            "Player A's die 1 of 2 for the first player",
            "Player A's die 2 of 2 for the first player",
            "Player B's die 1 of 2 for the first player",
            "Player B's die 2 of 2 for the first player",
        ]
    );
    assert_eq!(
        need[3].question(&de),
        "Würfel 2 von 2 von Spieler B für den Startspieler"
    );
    use super::super::text::TableNeed;
    assert_eq!(
        TableNeed::Production { n: 1 }.label(&en),
        "Production dice, die 1 of 2"
    );
    assert_eq!(
        TableNeed::Production { n: 2 }.label(&de),
        "Würfel für die Rohstofferträge, Würfel 2 von 2"
    );
    let dev = TableNeed::Development { seat: Seat(1) };
    assert_eq!(
        dev.label(&en),
        "Development card Player B draws (only they see it)"
    );
    assert_eq!(
        dev.value_label("year_of_plenty", &en).as_deref(),
        Some("Year of plenty card")
    );
    assert_eq!(
        dev.value_label("knight", &de).as_deref(),
        Some("Ritterkarte")
    );
    let stolen = TableNeed::FromHand {
        from: Some(Seat(0)),
    };
    assert_eq!(
        stolen.label(&de),
        "Zufällig gezogene Karte aus der Hand von Spieler A"
    );
    assert_eq!(stolen.value_label("wool", &de).as_deref(), Some("Wolle"));
}
