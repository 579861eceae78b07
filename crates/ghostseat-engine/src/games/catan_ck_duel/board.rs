//! Board geometry (CAT-BOARD-1..-16): hexes, intersections and paths with their canonical ids,
//! reading order, layouts and harbours.
//!
//! The island graph and the JSON parsing (with the corner/side aliases of CAT-BOARD-16) come
//! from the shared core (`crate::games::catan::geometry`); this file keeps the compact
//! tuple types and index tables the C&K rules use, built from the core's tables.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::games::catan::data as core_data;
use crate::games::catan::geometry as core_geo;
pub use crate::games::catan::geometry::{ById, EdgeId, HexId, VertexId};

/// Top or bottom corner of a hex (CAT-BOARD-3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Corner {
    N,
    S,
}

/// NE, E or SE side of a hex (CAT-BOARD-4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Side {
    NE,
    E,
    SE,
}

/// A hex `[q, r]` (CAT-BOARD-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct Hex(pub i8, pub i8);

/// An intersection `[q, r, "N"|"S"]` (CAT-BOARD-3, -16); aliases are read by the core's parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct Vertex(pub i8, pub i8, pub Corner);

/// A path `[q, r, "NE"|"E"|"SE"]` (CAT-BOARD-4, -16); aliases are read by the core's parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct Edge(pub i8, pub i8, pub Side);

impl From<core_geo::Vertex> for Vertex {
    fn from(v: core_geo::Vertex) -> Self {
        Vertex(
            v.q,
            v.r,
            if v.corner == core_geo::Corner::N {
                Corner::N
            } else {
                Corner::S
            },
        )
    }
}

impl From<core_geo::Edge> for Edge {
    fn from(e: core_geo::Edge) -> Self {
        let side = match e.dir {
            core_geo::Dir::NE => Side::NE,
            core_geo::Dir::E => Side::E,
            core_geo::Dir::SE => Side::SE,
        };
        Edge(e.q, e.r, side)
    }
}

impl<'de> Deserialize<'de> for Vertex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        core_geo::Vertex::deserialize(d).map(Vertex::from)
    }
}

impl<'de> Deserialize<'de> for Edge {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        core_geo::Edge::deserialize(d).map(Edge::from)
    }
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}({},{})", self.2, self.0, self.1)
    }
}
impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}({},{})", self.2, self.0, self.1)
    }
}
impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.0, self.1)
    }
}

pub fn is_land(q: i8, r: i8) -> bool {
    q.abs() <= 2 && r.abs() <= 2 && (q + r).abs() <= 2
}

impl Vertex {
    /// The three hexes (land or sea) touching this corner.
    pub fn hexes(self) -> [Hex; 3] {
        let Vertex(q, r, c) = self;
        match c {
            Corner::N => [Hex(q, r), Hex(q, r - 1), Hex(q + 1, r - 1)],
            Corner::S => [Hex(q, r), Hex(q, r + 1), Hex(q - 1, r + 1)],
        }
    }
}

impl Edge {
    pub fn ends(self) -> [Vertex; 2] {
        let Edge(q, r, s) = self;
        match s {
            Side::NE => [Vertex(q, r, Corner::N), Vertex(q + 1, r - 1, Corner::S)],
            Side::E => [Vertex(q + 1, r - 1, Corner::S), Vertex(q, r + 1, Corner::N)],
            Side::SE => [Vertex(q, r + 1, Corner::N), Vertex(q, r, Corner::S)],
        }
    }
}

impl Hex {
    /// Its id in the shared core, if it is a land hex.
    pub fn id(self) -> Option<HexId> {
        core_geo::Hex(self.0, self.1).id()
    }
    /// The hex of a core id.
    pub fn of(h: HexId) -> Hex {
        let c = h.coord();
        Hex(c.0, c.1)
    }
}

impl Vertex {
    /// Its id in the shared core, if it is one of the 54 intersections.
    pub fn id(self) -> Option<VertexId> {
        let Vertex(q, r, c) = self;
        match c {
            Corner::N => core_geo::Vertex::n(q, r),
            Corner::S => core_geo::Vertex::s(q, r),
        }
        .id()
    }
    /// The intersection of a core id.
    pub fn of(v: VertexId) -> Vertex {
        Vertex::from(v.coord())
    }
}

impl Edge {
    /// Its id in the shared core, if it is one of the 72 paths.
    pub fn id(self) -> Option<EdgeId> {
        let Edge(q, r, s) = self;
        let dir = match s {
            Side::NE => core_geo::Dir::NE,
            Side::E => core_geo::Dir::E,
            Side::SE => core_geo::Dir::SE,
        };
        core_geo::Edge::new(q, r, dir).id()
    }
    /// The path of a core id.
    pub fn of(e: EdgeId) -> Edge {
        Edge::from(e.coord())
    }
}

/// The intersections next to `v` with the path to each, in the core's order.
pub fn adjacent(v: VertexId) -> impl Iterator<Item = (VertexId, EdgeId)> {
    v.edges().iter().map(move |e| (e.other_end(v), *e))
}

// The view's type; the board keeps the core's terrain.
/// Terrain of a land hex (CAT-BOARD-8).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Forest,
    Pasture,
    Fields,
    Hills,
    Mountains,
    Desert,
}

// The view's type; the board keeps the core's harbour kind.
/// Harbour kind (CAT-BOARD-10).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum HarbourKind {
    Generic,
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Terrain {
    /// The view's terrain of the core's.
    pub fn of_core(t: core_data::Terrain) -> Terrain {
        use core_data::Terrain as T;
        match t {
            T::Forest => Terrain::Forest,
            T::Pasture => Terrain::Pasture,
            T::Fields => Terrain::Fields,
            T::Hills => Terrain::Hills,
            T::Mountains => Terrain::Mountains,
            T::Desert => Terrain::Desert,
        }
    }
}

impl HarbourKind {
    /// The view's harbour kind of the core's.
    pub fn of_core(k: core_data::HarbourKind) -> HarbourKind {
        use core_data::HarbourKind as K;
        match k {
            K::Generic => HarbourKind::Generic,
            K::Brick => HarbourKind::Brick,
            K::Lumber => HarbourKind::Lumber,
            K::Wool => HarbourKind::Wool,
            K::Grain => HarbourKind::Grain,
            K::Ore => HarbourKind::Ore,
        }
    }
}

/// Pips of a number token (CAT-BOARD-9).
pub fn pips(token: u8) -> u32 {
    if !(2..=12).contains(&token) {
        0
    } else {
        6 - (7i32 - token as i32).unsigned_abs()
    }
}

#[cfg(test)]
mod geo_tests {
    use super::*;

    #[test]
    fn island_has_54_intersections_and_72_paths() {
        // CAT-BOARD-16: the reading order anchors, through the core's ids
        assert_eq!(HexId::all().count(), 19);
        assert_eq!(VertexId::all().count(), 54);
        assert_eq!(EdgeId::all().count(), 72);
        assert_eq!(VertexId::all().filter(|v| v.on_coast()).count(), 30);
        let at = |i: usize| Vertex::of(VertexId::from_index(i).unwrap());
        assert_eq!(at(0), Vertex(0, -2, Corner::N));
        assert_eq!(at(23), Vertex(0, -1, Corner::S));
        assert_eq!(at(24), Vertex(1, -1, Corner::S));
        assert_eq!(at(53), Vertex(0, 2, Corner::S));
        for v in VertexId::all() {
            assert_eq!(Vertex::of(v).id(), Some(v));
        }
        for e in EdgeId::all() {
            assert_eq!(Edge::of(e).id(), Some(e));
        }
        for h in HexId::all() {
            assert_eq!(Hex::of(h).id(), Some(h));
        }
        assert_eq!(Vertex(0, -3, Corner::N).id(), None);
        assert_eq!(pips(6), 5);
        assert_eq!(pips(2), 1);
    }

    #[test]
    fn harbours_serve_the_printed_intersections() {
        // CAT-BOARD-10: the core board's harbour paths (which the bank rate reads) end at the
        // intersections this game's harbour table always named, position by position.
        use Corner::*;
        type Pos = (i8, i8, Corner);
        const P: [(Pos, Pos); 9] = [
            ((0, -2, N), (0, -3, S)),
            ((1, -2, N), (2, -3, S)),
            ((2, -1, N), (3, -2, S)),
            ((3, -1, S), (2, 1, N)),
            ((1, 2, N), (1, 1, S)),
            ((-1, 3, N), (-1, 2, S)),
            ((-3, 3, N), (-2, 2, S)),
            ((-2, 0, S), (-3, 2, N)),
            ((-1, -2, S), (-2, 0, N)),
        ];
        let board =
            crate::games::catan::Board::<crate::games::catan::board::NoPiece>::beginner(false);
        for (h, (a, b)) in board.harbours.iter().zip(P) {
            let mut got: Vec<Vertex> = h.vertices().into_iter().map(Vertex::of).collect();
            let mut want = vec![Vertex(a.0, a.1, a.2), Vertex(b.0, b.1, b.2)];
            got.sort();
            want.sort();
            assert_eq!(got, want, "harbour {}", h.position);
        }
    }
}
