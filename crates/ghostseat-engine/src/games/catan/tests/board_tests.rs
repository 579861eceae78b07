//! Geometry, layout, placement and Longest Road tests (CAT-BOARD, CAT-BUILD, CAT-AWARD-1).

use super::super::board::*;
use super::super::data::*;
use super::super::events::BaseEvent;
use super::super::geometry::*;
use super::super::layout::*;
use super::super::roads::*;
use crate::engine::{Chance, Dice, RuleError, TableMode};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

type B = Board<NoPiece>;

fn beginner() -> B {
    B::beginner(false)
}

/// A layout drawn from the stream of `seed`.
fn generate(opts: &LayoutOptions, seed: u64) -> Result<(B, Vec<BaseEvent<Resource>>), RuleError> {
    let mut c = Chance::new(Dice::new(seed), TableMode::SERVER, vec![]).unwrap();
    super::super::layout::generate(opts, &mut c, false)
}

fn rules(ev: &[BaseEvent<Resource>]) -> Vec<&'static str> {
    ev.iter().map(layout_rule).collect()
}

/// A piece of a game (a knight) for the blocking tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Blocker(Colour);
impl Piece for Blocker {
    fn colour(&self) -> Colour {
        self.0
    }
}

fn vx(v: Vertex) -> VertexId {
    v.id().expect("vertex on the island")
}
fn ex(e: Edge) -> EdgeId {
    e.id().expect("edge on the island")
}

#[test]
fn cat_board_1_nineteen_land_hexes_in_reading_order() {
    let g = geo();
    assert_eq!(g.hexes.len(), 19); // CAT-BOARD-1
    assert_eq!(g.hexes[0], Hex(0, -2));
    assert_eq!(g.hexes[9], Hex(0, 0));
    assert_eq!(g.hexes[18], Hex(0, 2));
    let rows: Vec<usize> = (-2..=2)
        .map(|r| g.hexes.iter().filter(|h| h.r() == r).count())
        .collect();
    assert_eq!(rows, vec![3, 4, 5, 4, 3]);
    assert!(!Hex(3, 0).is_land());
}

#[test]
fn cat_board_2_neighbours() {
    let n = Hex(0, 0).neighbours(); // CAT-BOARD-2
    for h in [
        Hex(1, 0),
        Hex(-1, 0),
        Hex(1, -1),
        Hex(0, -1),
        Hex(0, 1),
        Hex(-1, 1),
    ] {
        assert!(n.contains(&h));
    }
}

#[test]
fn cat_board_3_4_5_counts_and_adjacency() {
    let g = geo();
    assert_eq!(g.vertices.len(), 54); // CAT-BOARD-3
    let by = |k: usize| g.vertex_hexes.iter().filter(|h| h.len() == k).count();
    assert_eq!((by(3), by(2), by(1)), (24, 12, 18));
    assert_eq!(g.edges.len(), 72); // CAT-BOARD-4
    let inner = g.edge_hexes.iter().filter(|h| h.len() == 2).count();
    assert_eq!((inner, 72 - inner), (42, 30));
    // CAT-BOARD-5: N(q,r) adjacent to S(q+1,r-1), S(q,r-1), S(q+1,r-2).
    let n00 = vx(Vertex::n(0, 0));
    let mut want = vec![
        vx(Vertex::s(1, -1)),
        vx(Vertex::s(0, -1)),
        vx(Vertex::s(1, -2)),
    ];
    want.sort();
    assert_eq!(g.vertex_neighbours[n00.index()], want);
    // Adjacent exactly when one path joins them.
    for (e, [a, b]) in g.edge_ends.iter().enumerate() {
        assert!(g.vertex_neighbours[a.index()].contains(b), "edge {e}");
    }
    assert_eq!(Vertex::n(3, -1).id(), None); // off the island: does not exist (CAT-BOARD-5)
}

#[test]
fn ae_1_coordinates() {
    // Worked example 1 (CAT-BOARD-3, -4, -16).
    let ne = Hex(0, 0).corners()[1];
    assert_eq!(ne, Vertex::s(1, -1));
    let mut hexes: Vec<Hex> = vx(ne).hexes().iter().map(|h| h.coord()).collect();
    hexes.sort();
    assert_eq!(hexes, vec![Hex(0, 0), Hex(1, -1), Hex(1, 0)]);
    let b = beginner();
    assert_eq!(b.tile(Hex(1, -1).id().unwrap()).token, Some(4));
    assert_eq!(b.tile(Hex(1, 0).id().unwrap()).terrain, Terrain::Forest);
    let w = Hex(0, 0).sides()[4];
    assert_eq!(w, Edge::new(-1, 0, Dir::E));
    assert_eq!(w.ends(), [Vertex::s(0, -1), Vertex::n(-1, 1)]);
    let parsed: Vertex = serde_json::from_value(serde_json::json!([0, 0, "NE"])).unwrap();
    assert_eq!(
        serde_json::to_value(parsed).unwrap(),
        serde_json::json!([1, -1, "S"])
    );
    let e: Edge = serde_json::from_value(serde_json::json!([0, 0, "W"])).unwrap();
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!([-1, 0, "E"])
    );
    assert!(serde_json::from_value::<Vertex>(serde_json::json!([0, 0, "X"])).is_err());
}

#[test]
fn cat_board_16_reading_order_table() {
    let g = geo();
    // CAT-BOARD-16: spot checks of the printed table.
    assert_eq!(g.vertices[0], Vertex::n(0, -2));
    assert_eq!(g.vertices[3], Vertex::s(0, -3));
    assert_eq!(g.vertices[12], Vertex::s(0, -2));
    assert_eq!(g.vertices[27], Vertex::n(-3, 1));
    assert_eq!(g.vertices[47], Vertex::n(-3, 3));
    assert_eq!(g.vertices[53], Vertex::s(0, 2));
}

#[test]
fn cat_board_6_coast() {
    let g = geo();
    let b = beginner();
    let coast = VertexId::all().filter(|v| v.on_coast()).count();
    assert_eq!(coast, 30); // CAT-BOARD-6
    assert!(!vx(Vertex::n(0, 0)).on_coast());
    assert!(vx(Vertex::s(2, -3)).on_coast());
    // A removed hex is not sea: the coast is geometry, not the tiles.
    let mut r = b.clone();
    for t in &mut r.tiles {
        t.removed = true;
    }
    assert_eq!(VertexId::all().filter(|v| v.on_coast()).count(), 30);
    let _ = (g, r);
}

#[test]
fn cat_board_7_sides() {
    // CAT-BOARD-7
    let hexes = |s: Side| -> Vec<Hex> { s.hexes().iter().map(|h| h.coord()).collect() };
    let behind = |s: Side| -> Vec<Hex> { s.row_behind().iter().map(|h| h.coord()).collect() };
    assert_eq!(hexes(Side::N), vec![Hex(0, -2), Hex(1, -2), Hex(2, -2)]);
    assert_eq!(
        behind(Side::N),
        vec![Hex(-1, -1), Hex(0, -1), Hex(1, -1), Hex(2, -1)]
    );
    let mut se = hexes(Side::SE);
    se.sort();
    assert_eq!(se, vec![Hex(0, 2), Hex(1, 1), Hex(2, 0)]);
    let mut sw_b = behind(Side::SW);
    sw_b.sort();
    assert_eq!(sw_b, vec![Hex(-1, -1), Hex(-1, 0), Hex(-1, 1), Hex(-1, 2)]);
    for s in Side::ALL {
        assert_eq!(s.hexes().len(), 3);
        assert_eq!(s.row_behind().len(), 4);
    }
    assert!(Side::NW.adjacent(Side::N));
    assert!(Side::N.adjacent(Side::NE));
    assert!(!Side::NE.adjacent(Side::NW));
    let shared: Vec<_> = Side::SE
        .hexes()
        .into_iter()
        .filter(|h| Side::S.hexes().contains(h))
        .collect();
    assert_eq!(shared.len(), 1);
}

#[test]
fn cat_board_8_9_terrains_and_tokens() {
    let mut t = TERRAIN_LIST.to_vec();
    t.dedup();
    assert_eq!(
        TERRAIN_LIST
            .iter()
            .filter(|x| **x == Terrain::Forest)
            .count(),
        4
    ); // CAT-BOARD-8
    assert_eq!(
        TERRAIN_LIST
            .iter()
            .filter(|x| **x == Terrain::Hills)
            .count(),
        3
    );
    assert_eq!(Terrain::Hills.resource(), Some(Resource::Brick));
    assert_eq!(TOKEN_LETTERS.len(), 18); // CAT-BOARD-9
    assert_eq!(TOKEN_LETTERS.iter().filter(|x| **x == 2).count(), 1);
    assert_eq!(TOKEN_LETTERS.iter().filter(|x| **x == 8).count(), 2);
    assert_eq!(
        (pips(2), pips(11), pips(4), pips(9), pips(6)),
        (1, 2, 3, 4, 5)
    );
    assert!(is_red(8) && !is_red(5));
    assert_eq!(t.len(), 6);
}

#[test]
fn cat_board_10_harbour_positions() {
    let b = beginner();
    // CAT-BOARD-10
    let h1 = &b.harbours[0];
    let mut v: Vec<Vertex> = h1.vertices().iter().map(|x| x.coord()).collect();
    v.sort();
    let mut want = vec![Vertex::n(0, -2), Vertex::s(0, -3)];
    want.sort();
    assert_eq!(v, want);
    let h4: Vec<Vertex> = b.harbours[3].vertices().iter().map(|x| x.coord()).collect();
    assert!(h4.contains(&Vertex::s(3, -1)) && h4.contains(&Vertex::n(2, 1)));
    for h in &b.harbours {
        assert_eq!(h.vertices().len(), 2);
        assert_eq!(
            h.edge.id().unwrap().hexes().len(),
            1,
            "harbours are on the coast"
        );
    }
}

#[test]
fn cat_board_11_beginner_layout() {
    let b = beginner();
    // CAT-BOARD-11
    assert_eq!(b.tiles[0].terrain, Terrain::Mountains);
    assert_eq!(b.tiles[0].token, Some(10));
    assert_eq!(b.tiles[9].terrain, Terrain::Desert);
    assert_eq!(b.robber, Hex(0, 0).id().unwrap());
    assert_eq!(b.harbours[1].kind, HarbourKind::Wool);
    assert_eq!(b.harbours[8].kind, HarbourKind::Ore);
}

#[test]
fn cat_board_12_random_layout_is_a_permutation_and_deterministic() {
    let opts = LayoutOptions::default();
    let (b1, ev) = generate(&opts, 3).unwrap();
    let (b2, _) = generate(&opts, 3).unwrap();
    assert_eq!(b1, b2); // CAT-BOARD-12, CAT-RNG-1: same seed, same board
    let mut t: Vec<Terrain> = b1.tiles.iter().map(|t| t.terrain).collect();
    t.sort();
    let mut want = TERRAIN_LIST.to_vec();
    want.sort();
    assert_eq!(t, want);
    let mut k: Vec<HarbourKind> = b1.harbours.iter().map(|h| h.kind).collect();
    k.sort();
    let mut want = HARBOUR_LIST.to_vec();
    want.sort();
    assert_eq!(k, want);
    assert!(rules(&ev).contains(&"CAT-BOARD-12"));
    // The robber starts on the desert (CAT-SETUP-2).
    assert_eq!(b1.tile(b1.robber).terrain, Terrain::Desert);
    let boards: Vec<B> = (0..5).map(|s| generate(&opts, s).unwrap().0).collect();
    assert!(boards.windows(2).any(|w| w[0] != w[1]));
}

#[test]
fn ae_2_spiral_skipping_the_desert() {
    // Worked example 2 (CAT-BOARD-13): desert on (2,-2), start E.
    let mut tiles: Vec<Tile> = HexId::all()
        .map(|h| Tile {
            hex: h,
            terrain: Terrain::Forest,
            token: None,
            removed: false,
        })
        .collect();
    tiles[2].terrain = Terrain::Desert;
    lay_spiral(&mut tiles, SpiralCorner::E);
    let tok = |q, r| tiles[Hex(q, r).id().unwrap().index()].token;
    let want = [
        ((2, 0), 5),
        ((2, -1), 2),
        ((1, -2), 6),
        ((0, -2), 3),
        ((-1, -1), 8),
        ((-2, 0), 10),
        ((-2, 1), 9),
        ((-2, 2), 12),
        ((-1, 2), 11),
        ((0, 2), 4),
        ((1, 1), 8),
        ((1, 0), 10),
        ((1, -1), 9),
        ((0, -1), 4),
        ((-1, 0), 5),
        ((-1, 1), 6),
        ((0, 1), 3),
        ((0, 0), 11),
    ];
    for ((q, r), t) in want {
        assert_eq!(tok(q, r), Some(t), "hex ({q},{r})");
    }
    assert_eq!(tok(2, -2), None);
}

#[test]
fn cat_board_13_spiral_walks_rotate_and_never_touch_reds() {
    // CAT-BOARD-13: NE start begins at the NE corner (2,-2); no reds adjacent for any desert/start.
    assert_eq!(spiral_walk(SpiralCorner::NE)[0], Hex(2, -2));
    assert_eq!(spiral_walk(SpiralCorner::W)[0], Hex(-2, 0));
    for steps in SpiralCorner::ALL {
        let w = spiral_walk(steps);
        let mut s = w.clone();
        s.sort();
        s.dedup();
        assert_eq!(s.len(), 19);
        for d in 0..19 {
            let mut tiles: Vec<Tile> = HexId::all()
                .map(|h| Tile {
                    hex: h,
                    terrain: Terrain::Forest,
                    token: None,
                    removed: false,
                })
                .collect();
            tiles[d].terrain = Terrain::Desert;
            lay_spiral(&mut tiles, steps);
            assert!(!reds_adjacent(&tiles));
        }
    }
    let opts = LayoutOptions {
        spiral_start: SpiralStart::W,
        ..Default::default()
    };
    let (_, ev) = generate(&opts, 1).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        BaseEvent::TokensOnSpiral {
            start: SpiralCorner::W,
            fallback: false
        }
    ))); // CAT-BOARD-13
    assert!(rules(&ev).contains(&"CAT-BOARD-13"));
}

#[test]
fn cat_board_14_random_tokens_keep_reds_apart() {
    for seed in 0..20 {
        let opts = LayoutOptions {
            numbers: Numbers::Random,
            ..Default::default()
        };
        let (b, ev) = generate(&opts, seed).unwrap();
        assert!(!reds_adjacent(&b.tiles)); // CAT-BOARD-14
        assert!(rules(&ev).contains(&"CAT-BOARD-14"));
        assert!(b
            .tiles
            .iter()
            .all(|t| (t.terrain == Terrain::Desert) == t.token.is_none()));
    }
}

fn beginner_manual() -> ManualBoard {
    let b = beginner();
    ManualBoard {
        hexes: Some(
            b.tiles
                .iter()
                .map(|t| ManualHex {
                    hex: t.hex.coord(),
                    terrain: t.terrain,
                    token: t.token,
                })
                .collect(),
        ),
        harbours: Some(BEGINNER_HARBOURS.to_vec()),
    }
}

#[test]
fn cat_board_15_manual_board_checked() {
    let ok = LayoutOptions {
        layout: Layout::Manual,
        board: Some(beginner_manual()),
        ..Default::default()
    };
    let (b, _) = generate(&ok, 0).unwrap();
    assert_eq!(b, beginner());
    assert!(ok.validate().is_ok());
    // Token on the desert.
    let mut m = beginner_manual();
    m.hexes.as_mut().unwrap()[9].token = Some(7);
    let e = generate(
        &LayoutOptions {
            layout: Layout::Manual,
            board: Some(m),
            ..Default::default()
        },
        0,
    )
    .unwrap_err();
    assert_eq!(e.rule, "CAT-BOARD-15");
    // Wrong terrain count.
    let mut m = beginner_manual();
    m.hexes.as_mut().unwrap()[0].terrain = Terrain::Forest;
    assert_eq!(
        generate(
            &LayoutOptions {
                layout: Layout::Manual,
                board: Some(m),
                ..Default::default()
            },
            0
        )
        .unwrap_err()
        .rule,
        "CAT-BOARD-15"
    );
    // Doubled hex.
    let mut m = beginner_manual();
    m.hexes.as_mut().unwrap()[1].hex = Hex(0, -2);
    assert_eq!(
        generate(
            &LayoutOptions {
                layout: Layout::Manual,
                board: Some(m),
                ..Default::default()
            },
            0
        )
        .unwrap_err()
        .rule,
        "CAT-BOARD-15"
    );
    // Missing board.
    assert!(generate(
        &LayoutOptions {
            layout: Layout::Manual,
            ..Default::default()
        },
        0
    )
    .is_err());
    // Harbours only manual with a random layout.
    let mut m = ManualBoard {
        hexes: None,
        harbours: Some(HARBOUR_LIST.to_vec()),
    };
    let (b, _) = generate(
        &LayoutOptions {
            harbours: Some(HarbourLayout::Manual),
            board: Some(m.clone()),
            ..Default::default()
        },
        0,
    )
    .unwrap();
    assert_eq!(b.harbours[0].kind, HarbourKind::Generic);
    m.harbours = Some(vec![HarbourKind::Ore; 9]);
    assert!(generate(
        &LayoutOptions {
            harbours: Some(HarbourLayout::Manual),
            board: Some(m),
            ..Default::default()
        },
        0
    )
    .is_err());
}

#[test]
fn cat_build_3_distance_rule_and_cat_build_7_playable() {
    let mut b = beginner();
    let v = vx(Vertex::n(0, 0));
    b.set_building(
        v,
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    assert_eq!(b.check_settlement_spot(v).unwrap_err().rule, "CAT-BUILD-3");
    assert_eq!(
        b.check_settlement_spot(vx(Vertex::s(1, -1)))
            .unwrap_err()
            .rule,
        "CAT-BUILD-3"
    );
    assert!(b.check_settlement_spot(vx(Vertex::s(0, 0))).is_ok());
    b.unplayable_vertices = vec![vx(Vertex::s(0, 0))];
    assert_eq!(
        b.check_settlement_spot(vx(Vertex::s(0, 0)))
            .unwrap_err()
            .rule,
        "CAT-BUILD-7"
    ); // CAT-BUILD-7
    b.unplayable_edges = vec![ex(Edge::new(0, 0, Dir::NE))];
    assert_eq!(
        b.check_road_spot(Colour::A, ex(Edge::new(0, 0, Dir::NE)))
            .unwrap_err()
            .rule,
        "CAT-BUILD-7"
    );
}

#[test]
fn cat_build_5_road_connection_not_through_other_buildings() {
    let mut b = beginner();
    let v = vx(Vertex::n(0, 0));
    b.set_building(
        v,
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    // CAT-BUILD-5: a road touching the own settlement is fine.
    let e1 = ex(Edge::new(0, 0, Dir::NE)); // N(0,0)-S(1,-1)
    assert!(b.check_road_spot(Colour::A, e1).is_ok());
    assert_eq!(
        b.check_road_spot(Colour::B, e1).unwrap_err().rule,
        "CAT-BUILD-5"
    );
    b.set_road(e1, Some(Colour::A));
    assert_eq!(
        b.check_road_spot(Colour::A, e1).unwrap_err().rule,
        "CAT-BUILD-5"
    ); // occupied
       // Continue from the road end S(1,-1).
    let e2 = ex(Edge::new(1, -1, Dir::SE)); // N(1,0)-S(1,-1)
    assert!(b.check_road_spot(Colour::A, e2).is_ok());
    // Another colour's settlement at S(1,-1) blocks the continuation.
    b.set_building(
        vx(Vertex::s(1, -1)),
        Some(Building {
            colour: Colour::B,
            kind: BuildingKind::Settlement,
        }),
    );
    assert_eq!(
        b.check_road_spot(Colour::A, e2).unwrap_err().rule,
        "CAT-BUILD-5"
    );
    // A coastal path is allowed.
    let mut c = beginner();
    c.set_building(
        vx(Vertex::s(2, -3)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    assert!(c
        .check_road_spot(Colour::A, ex(Edge::new(1, -2, Dir::NE)))
        .is_ok());
}

#[test]
fn cat_build_8_harbour_rates() {
    let mut b = beginner();
    assert_eq!(b.trade_rates(Colour::A), Cards::new(4, 4, 4, 4, 4));
    b.set_building(
        vx(Vertex::s(2, -3)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    assert_eq!(b.trade_rates(Colour::A).get(Resource::Wool), 2); // CAT-BUILD-8
    assert_eq!(b.trade_rates(Colour::A).get(Resource::Ore), 4);
    b.set_building(
        vx(Vertex::n(0, -2)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::City,
        }),
    );
    assert_eq!(b.trade_rates(Colour::A), Cards::new(3, 3, 2, 3, 3));
    assert_eq!(b.trade_rates(Colour::B), Cards::new(4, 4, 4, 4, 4));
}

// ---- Longest Road (CAT-AWARD-1) ----

#[test]
fn cat_award_1_trail_rules() {
    let mut b = beginner();
    let top = [
        Edge::new(0, -2, Dir::NE),
        Edge::new(1, -3, Dir::SE),
        Edge::new(1, -2, Dir::NE),
        Edge::new(2, -3, Dir::SE),
        Edge::new(2, -2, Dir::NE),
    ];
    for e in top {
        b.set_road(ex(e), Some(Colour::A));
    }
    assert_eq!(road_length(&b, Colour::A), 5); // CAT-AWARD-1
    assert_eq!(road_length(&b, Colour::B), 0);
    // An own settlement in the middle does not break it.
    b.set_building(
        vx(Vertex::s(2, -3)),
        Some(Building {
            colour: Colour::A,
            kind: BuildingKind::Settlement,
        }),
    );
    assert_eq!(road_length(&b, Colour::A), 5);
    // Another colour's does: 3 + 2.
    b.set_building(
        vx(Vertex::s(2, -3)),
        Some(Building {
            colour: Colour::B,
            kind: BuildingKind::Settlement,
        }),
    );
    assert_eq!(road_length(&b, Colour::A), 3);
    // A piece of a game (a knight) counts like a building.
    b.set_building(vx(Vertex::s(2, -3)), None);
    let mut k = Board::<Blocker>::beginner(true);
    k.roads = b.roads.clone();
    k.set_piece(vx(Vertex::n(1, -2)), Some(Blocker(Colour::B)));
    assert_eq!(road_length(&k, Colour::A), 3);
    k.set_piece(vx(Vertex::n(1, -2)), Some(Blocker(Colour::A)));
    assert_eq!(
        road_length(&k, Colour::A),
        5,
        "an own piece does not break it"
    );
}

#[test]
fn cat_award_1_loop_and_branch() {
    // A hexagon ring of 6 around (0,0) plus a spur: the trail may revisit an intersection.
    let mut b = beginner();
    for e in Hex(0, 0).id().unwrap().sides() {
        b.set_road(e, Some(Colour::A));
    }
    assert_eq!(road_length(&b, Colour::A), 6);
    b.set_road(ex(Edge::new(0, -1, Dir::E)), Some(Colour::A)); // spur from N(0,0) to S(1,-2)
    assert_eq!(road_length(&b, Colour::A), 7);
    // A fork: the longest branch counts, not the sum.
    let mut c = beginner();
    let n00 = vx(Vertex::n(0, 0));
    for e in n00.edges() {
        c.set_road(*e, Some(Colour::B));
    }
    assert_eq!(road_length(&c, Colour::B), 2);
}

/// Brute force: the largest subset of the colour's roads that can be walked
/// as one trail. Splitting every blocked intersection into one end per road
/// forbids passing through it; a subset is a trail when it is connected and
/// has 0 or 2 odd intersections.
fn brute_force_length(b: &B, colour: Colour) -> u32 {
    let edges: Vec<EdgeId> = EdgeId::all()
        .filter(|e| b.road(*e) == Some(colour))
        .collect();
    let n = edges.len();
    let mut best = 0;
    for mask in 1u32..(1 << n) {
        let sub: Vec<EdgeId> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| edges[i])
            .collect();
        if (sub.len() as u32) <= best {
            continue;
        }
        // Node ids: vertex id, or (for blocked vertices) 100 + 100*edge index + vertex.
        let node = |v: VertexId, e: EdgeId| -> usize {
            if b.occupant(v).is_some_and(|c| c != colour) {
                1000 + e.index() * 100 + v.index()
            } else {
                v.index()
            }
        };
        let ends: Vec<(usize, usize)> = sub
            .iter()
            .map(|e| {
                let [x, y] = e.ends();
                (node(x, *e), node(y, *e))
            })
            .collect();
        let mut deg = std::collections::BTreeMap::new();
        for (x, y) in &ends {
            *deg.entry(*x).or_insert(0) += 1;
            *deg.entry(*y).or_insert(0) += 1;
        }
        let odd = deg.values().filter(|d| **d % 2 == 1).count();
        if odd != 0 && odd != 2 {
            continue;
        }
        // Connectivity over the edges.
        let mut seen = vec![false; ends.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..ends.len() {
                if !seen[j] {
                    let (a, c) = ends[i];
                    let (x, y) = ends[j];
                    if a == x || a == y || c == x || c == y {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        if seen.iter().all(|s| *s) {
            best = sub.len() as u32;
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    /// CAT-AWARD-1 property: the search agrees with the brute force on random networks.
    #[test]
    fn cat_award_1_matches_brute_force(seed in any::<u64>(), roads in 1usize..12, blockers in 0usize..4) {
        let mut d = Dice::new(seed);
        let mut b = beginner();
        // Grow a connected-ish network from a random start, with occasional jumps.
        let mut placed: Vec<EdgeId> = vec![EdgeId::from_index(d.below(72) as usize).unwrap()];
        b.set_road(placed[0], Some(Colour::A));
        while placed.len() < roads {
            let cand: Vec<EdgeId> = if d.below(6) == 0 {
                EdgeId::all().filter(|e| b.road(*e).is_none()).collect()
            } else {
                let mut c = Vec::new();
                for &e in &placed {
                    for v in e.ends() {
                        for &f in v.edges() {
                            if b.road(f).is_none() && !c.contains(&f) {
                                c.push(f);
                            }
                        }
                    }
                }
                c
            };
            if cand.is_empty() { break; }
            let e = cand[d.below(cand.len() as u32) as usize];
            b.set_road(e, Some(Colour::A));
            placed.push(e);
        }
        for _ in 0..blockers {
            let v = VertexId::from_index(d.below(54) as usize).unwrap();
            b.set_building(v, Some(Building { colour: if d.below(2) == 0 { Colour::B } else { Colour::A }, kind: BuildingKind::Settlement }));
        }
        prop_assert_eq!(road_length(&b, Colour::A), brute_force_length(&b, Colour::A));
    }
}

#[test]
fn cat_award_2_award_holder_rules() {
    // CAT-AWARD-2: below 5 nobody; sole best takes; holder keeps on a tie; tie without holder: set aside.
    assert_eq!(
        award_holder(None, &[(Colour::A, 4), (Colour::B, 3)], 5),
        None
    );
    assert_eq!(
        award_holder(None, &[(Colour::A, 5), (Colour::B, 3)], 5),
        Some(Colour::A)
    );
    assert_eq!(
        award_holder(Some(Colour::A), &[(Colour::A, 5), (Colour::B, 5)], 5),
        Some(Colour::A)
    );
    assert_eq!(
        award_holder(Some(Colour::A), &[(Colour::A, 5), (Colour::B, 6)], 5),
        Some(Colour::B)
    );
    assert_eq!(
        award_holder(
            Some(Colour::A),
            &[(Colour::A, 4), (Colour::B, 6), (Colour::N1, 6)],
            5
        ),
        None
    );
    assert_eq!(
        award_holder(None, &[(Colour::A, 6), (Colour::B, 6)], 5),
        None
    );
}

#[test]
fn cat_prod_2_pay_with_shortage_unit() {
    let mut bank = Cards::new(0, 0, 0, 0, 2);
    let owed = [Cards::new(0, 0, 0, 0, 2), Cards::new(0, 0, 0, 0, 1)];
    let (paid, short) = pay_with_shortage(&mut bank, &owed);
    assert_eq!(paid, [Cards::default(), Cards::default()]); // CAT-PROD-2
    assert_eq!(short, vec![Resource::Ore]);
    assert_eq!(bank.get(Resource::Ore), 2);
}

#[test]
fn extreme_coordinates_never_panic() {
    // CAT-BOARD-16: any integers parse or are refused, never overflow.
    for q in [-128i64, -127, -11, 11, 127] {
        let v = serde_json::from_value::<Vertex>(serde_json::json!([q, 0, "NE"]));
        assert!(v.is_err());
        let e = serde_json::from_value::<Edge>(serde_json::json!([0, q, "W"]));
        assert!(e.is_err());
        if let Ok(h) = serde_json::from_value::<Hex>(serde_json::json!([q, q])) {
            assert_eq!(h.id(), None);
        }
    }
    assert!(serde_json::from_value::<Vertex>(serde_json::json!([300, 0, "N"])).is_err());
}

/// CAT-BOARD-3, CAT-BOARD-4: an intersection's or path's id is its position
/// in reading order (the lookup table agrees with the lists), and
/// coordinates off the island have none.
#[test]
fn ids_of_coordinates_are_their_reading_order_positions() {
    let g = geo();
    for (i, v) in g.vertices.iter().enumerate() {
        assert_eq!(v.id().map(VertexId::index), Some(i), "{v}");
    }
    for (i, e) in g.edges.iter().enumerate() {
        assert_eq!(e.id().map(EdgeId::index), Some(i), "{e}");
    }
    let mut off = 0;
    for q in -10i8..=10 {
        for r in -10i8..=10 {
            for v in [Vertex::n(q, r), Vertex::s(q, r)] {
                if !g.vertices.contains(&v) {
                    assert_eq!(v.id(), None, "{v}");
                    off += 1;
                }
            }
            for dir in [Dir::NE, Dir::E, Dir::SE] {
                let e = Edge { q, r, dir };
                if !g.edges.contains(&e) {
                    assert_eq!(e.id(), None, "{e}");
                    off += 1;
                }
            }
        }
    }
    assert!(off > 0);
}
