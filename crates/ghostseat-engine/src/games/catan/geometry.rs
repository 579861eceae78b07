//! Board geometry (CAT-BOARD-1..-7, -10, -16): axial hexes, intersections as
//! the N or S corner of one hex, paths as the NE, E or SE side of one hex.
//!
//! The 19 land hexes, 54 intersections and 72 paths are numbered once, in
//! reading order, and every rule works on those indices ([`HexId`],
//! [`VertexId`], [`EdgeId`]). The typed coordinates ([`Hex`], [`Vertex`],
//! [`Edge`]) are the JSON notation of CAT-BOARD-16.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Cow;
use std::sync::OnceLock;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $count:expr, $coord:ident, $table:ident, $what:literal) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            /// How many there are on the island.
            pub const COUNT: usize = $count;
            /// The id of list position `i` (reading order); None past the end.
            pub fn from_index(i: usize) -> Option<Self> {
                (i < Self::COUNT).then(|| $name(i as u8))
            }
            /// The position in reading order, for indexing the board's tables.
            pub fn index(self) -> usize {
                usize::from(self.0)
            }
            /// All of them, in reading order.
            pub fn all() -> impl Iterator<Item = Self> + Clone {
                (0..Self::COUNT as u8).map($name)
            }
            /// Its coordinates (CAT-BOARD-16).
            pub fn coord(self) -> $coord {
                geo().$table[self.index()]
            }
        }

        impl Id for $name {
            fn index(self) -> usize {
                $name::index(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.coord().fmt(f)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.coord().serialize(s)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let c = $coord::deserialize(d)?;
                c.id().ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        concat!("{} is not ", $what, " of the island (CAT-BOARD-5)"),
                        c
                    ))
                })
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                $coord::schema_name()
            }
            fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $coord::json_schema(g)
            }
        }
    };
}

/// An id of the island's hexes, intersections or paths: a position in
/// reading order.
pub trait Id: Copy {
    fn index(self) -> usize;
}

/// One entry per hex, intersection or path, indexed by its id ([`HexId`],
/// [`VertexId`], [`EdgeId`]) and not by a bare number. On the wire (and in
/// stored states) it is the plain list in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
pub struct ById<I, T> {
    items: Vec<T>,
    #[serde(skip)]
    id: std::marker::PhantomData<fn() -> I>,
}

impl<I: Id, T> ById<I, T> {
    /// The table from its entries in reading order.
    pub fn from_vec(items: Vec<T>) -> Self {
        ById {
            items,
            id: std::marker::PhantomData,
        }
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The entries in reading order.
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }
}

impl<I: Id, T> std::ops::Index<I> for ById<I, T> {
    type Output = T;
    fn index(&self, i: I) -> &T {
        &self.items[Id::index(i)]
    }
}

impl<I: Id, T> std::ops::IndexMut<I> for ById<I, T> {
    fn index_mut(&mut self, i: I) -> &mut T {
        &mut self.items[Id::index(i)]
    }
}

impl<'a, I: Id, T> IntoIterator for &'a ById<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

id_type!(
    /// A land hex of the island, numbered 0..19 in reading order (hex #1 of
    /// CAT-BOARD-1 is 0). On the wire it is its coordinates `[q, r]`.
    HexId, HEX_COUNT, Hex, hexes, "a land hex"
);
id_type!(
    /// One of the 54 intersections, numbered in reading order (CAT-BOARD-16).
    /// On the wire it is its coordinates `[q, r, "N"|"S"]`.
    VertexId, VERTEX_COUNT, Vertex, vertices, "an intersection"
);
id_type!(
    /// One of the 72 paths, numbered in reading order (CAT-BOARD-16). On the
    /// wire it is its coordinates `[q, r, "NE"|"E"|"SE"]`.
    EdgeId, EDGE_COUNT, Edge, edges, "a path"
);

impl HexId {
    /// The intersections at its six corners, clockwise from the top.
    pub fn corners(self) -> [VertexId; 6] {
        geo().hex_corners[self.index()]
    }
    /// Its six sides, clockwise from NE.
    pub fn sides(self) -> [EdgeId; 6] {
        geo().hex_edges[self.index()]
    }
}

impl VertexId {
    /// The land hexes it touches (1 to 3).
    pub fn hexes(self) -> &'static [HexId] {
        &geo().vertex_hexes[self.index()]
    }
    /// The adjacent intersections.
    pub fn neighbours(self) -> &'static [VertexId] {
        &geo().vertex_neighbours[self.index()]
    }
    /// The paths ending here.
    pub fn edges(self) -> &'static [EdgeId] {
        &geo().vertex_edges[self.index()]
    }
    /// On the coast: it touches fewer than 3 land hexes (CAT-BOARD-6).
    pub fn on_coast(self) -> bool {
        self.hexes().len() < 3
    }
    /// The path joining it to `other`, if they are adjacent.
    pub fn edge_to(self, other: VertexId) -> Option<EdgeId> {
        self.edges()
            .iter()
            .copied()
            .find(|e| e.ends().contains(&other))
    }
}

impl EdgeId {
    /// Its two intersections.
    pub fn ends(self) -> [VertexId; 2] {
        geo().edge_ends[self.index()]
    }
    /// The end that is not `v`.
    pub fn other_end(self, v: VertexId) -> VertexId {
        let [a, b] = self.ends();
        if a == v {
            b
        } else {
            a
        }
    }
    /// The land hexes it borders (1 or 2).
    pub fn hexes(self) -> &'static [HexId] {
        &geo().edge_hexes[self.index()]
    }
}

pub const HEX_COUNT: usize = 19;
pub const VERTEX_COUNT: usize = 54;
pub const EDGE_COUNT: usize = 72;

/// A hex by axial coordinates (CAT-BOARD-1), JSON `[q, r]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hex(pub i8, pub i8);

impl Hex {
    pub fn q(self) -> i8 {
        self.0
    }
    pub fn r(self) -> i8 {
        self.1
    }
    /// Distance from the centre (cube distance).
    pub fn ring(self) -> i8 {
        let (q, r) = (self.0, self.1);
        q.abs().max(r.abs()).max((q + r).abs())
    }
    pub fn is_land(self) -> bool {
        self.ring() <= 2
    }
    /// The six neighbours E, NE, NW, W, SW, SE (CAT-BOARD-2).
    pub fn neighbours(self) -> [Hex; 6] {
        let (q, r) = (self.0, self.1);
        [
            Hex(q + 1, r),
            Hex(q + 1, r - 1),
            Hex(q, r - 1),
            Hex(q - 1, r),
            Hex(q - 1, r + 1),
            Hex(q, r + 1),
        ]
    }
    /// Its id, if this is a land hex.
    pub fn id(self) -> Option<HexId> {
        geo()
            .hexes
            .iter()
            .position(|h| *h == self)
            .and_then(HexId::from_index)
    }
    /// The six corners clockwise from the top (CAT-BOARD-3).
    pub fn corners(self) -> [Vertex; 6] {
        let (q, r) = (self.0, self.1);
        [
            Vertex::n(q, r),
            Vertex::s(q + 1, r - 1),
            Vertex::n(q, r + 1),
            Vertex::s(q, r),
            Vertex::n(q - 1, r + 1),
            Vertex::s(q, r - 1),
        ]
    }
    /// The six sides clockwise from NE (CAT-BOARD-4): NE, E, SE, SW, W, NW.
    pub fn sides(self) -> [Edge; 6] {
        let (q, r) = (self.0, self.1);
        [
            Edge::new(q, r, Dir::NE),
            Edge::new(q, r, Dir::E),
            Edge::new(q, r, Dir::SE),
            Edge::new(q - 1, r + 1, Dir::NE),
            Edge::new(q - 1, r, Dir::E),
            Edge::new(q, r - 1, Dir::SE),
        ]
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.0, self.1)
    }
}

/// Top or bottom corner of a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Corner {
    N,
    S,
}

/// An intersection `N(q,r)` or `S(q,r)` (CAT-BOARD-3), JSON `[q, r, "N"|"S"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vertex {
    pub q: i8,
    pub r: i8,
    pub corner: Corner,
}

impl Vertex {
    pub const fn n(q: i8, r: i8) -> Self {
        Vertex {
            q,
            r,
            corner: Corner::N,
        }
    }
    pub const fn s(q: i8, r: i8) -> Self {
        Vertex {
            q,
            r,
            corner: Corner::S,
        }
    }
    /// The three hexes it touches (land or sea) (CAT-BOARD-3).
    pub fn hexes(self) -> [Hex; 3] {
        let (q, r) = (self.q, self.r);
        match self.corner {
            Corner::N => [Hex(q, r), Hex(q, r - 1), Hex(q + 1, r - 1)],
            Corner::S => [Hex(q, r), Hex(q, r + 1), Hex(q - 1, r + 1)],
        }
    }
    /// Reading-order key `(Y, X)` of CAT-BOARD-16.
    pub fn key(self) -> (i32, i32) {
        let (q, r) = (i32::from(self.q), i32::from(self.r));
        match self.corner {
            Corner::N => (6 * r - 4, 4 * q + 2 * r),
            Corner::S => (6 * r + 4, 4 * q + 2 * r),
        }
    }
    /// Its id, if it is one of the 54.
    pub fn id(self) -> Option<VertexId> {
        let g = geo();
        coord_slot(self.q, self.r, self.corner as usize, 2)
            .and_then(|i| g.vertex_ids[i])
            .filter(|id| g.vertices[id.index()] == self)
    }
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = match self.corner {
            Corner::N => "N",
            Corner::S => "S",
        };
        write!(f, "{c}({},{})", self.q, self.r)
    }
}

/// Canonical side direction of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    NE,
    E,
    SE,
}

/// A path `NE(q,r)`, `E(q,r)` or `SE(q,r)` (CAT-BOARD-4), JSON `[q, r, "NE"|"E"|"SE"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub q: i8,
    pub r: i8,
    pub dir: Dir,
}

impl Edge {
    pub const fn new(q: i8, r: i8, dir: Dir) -> Self {
        Edge { q, r, dir }
    }
    /// Its two intersections (CAT-BOARD-4).
    pub fn ends(self) -> [Vertex; 2] {
        let (q, r) = (self.q, self.r);
        match self.dir {
            Dir::NE => [Vertex::n(q, r), Vertex::s(q + 1, r - 1)],
            Dir::E => [Vertex::s(q + 1, r - 1), Vertex::n(q, r + 1)],
            Dir::SE => [Vertex::n(q, r + 1), Vertex::s(q, r)],
        }
    }
    /// The two hexes it borders (land or sea).
    pub fn hexes(self) -> [Hex; 2] {
        let (q, r) = (self.q, self.r);
        match self.dir {
            Dir::NE => [Hex(q, r), Hex(q + 1, r - 1)],
            Dir::E => [Hex(q, r), Hex(q + 1, r)],
            Dir::SE => [Hex(q, r), Hex(q, r + 1)],
        }
    }
    pub fn key(self) -> (i32, i32) {
        let [a, b] = self.ends();
        let (ka, kb) = (a.key(), b.key());
        (ka.0 + kb.0, ka.1 + kb.1)
    }
    /// Its id, if it is one of the 72.
    pub fn id(self) -> Option<EdgeId> {
        let g = geo();
        coord_slot(self.q, self.r, self.dir as usize, 3)
            .and_then(|i| g.edge_ids[i])
            .filter(|id| g.edges[id.index()] == self)
    }
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = match self.dir {
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
        };
        write!(f, "{d}({},{})", self.q, self.r)
    }
}

/// The precomputed graph of the island.
#[derive(Debug)]
pub struct Geometry {
    /// Land hexes in reading order.
    pub hexes: Vec<Hex>,
    /// The 54 intersections in reading order.
    pub vertices: Vec<Vertex>,
    /// The 72 paths in reading order.
    pub edges: Vec<Edge>,
    /// Land hexes touching each intersection.
    pub vertex_hexes: Vec<Vec<HexId>>,
    /// Adjacent intersections of each intersection.
    pub vertex_neighbours: Vec<Vec<VertexId>>,
    /// Paths ending at each intersection.
    pub vertex_edges: Vec<Vec<EdgeId>>,
    /// The two ends of each path.
    pub edge_ends: Vec<[VertexId; 2]>,
    /// Land hexes each path borders (1 or 2).
    pub edge_hexes: Vec<Vec<HexId>>,
    /// The six corners of each land hex, clockwise from the top.
    pub hex_corners: Vec<[VertexId; 6]>,
    /// The six sides of each land hex, clockwise from NE.
    pub hex_edges: Vec<[EdgeId; 6]>,
    /// The id of each intersection by [`coord_slot`] (`Vertex::id` without
    /// a search: the legal-move lists and views ask it for every harbour).
    vertex_ids: Vec<Option<VertexId>>,
    /// The id of each path by [`coord_slot`].
    edge_ids: Vec<Option<EdgeId>>,
}

/// The range of coordinates [`coord_slot`] indexes: `-SPAN..SPAN` (the
/// island's intersections and paths lie within -3..=3).
const SPAN: i8 = 8;

/// The slot of coordinates `(q, r)` and variant `k` of `kinds` in a lookup
/// table; None outside the table (then nothing is there).
fn coord_slot(q: i8, r: i8, k: usize, kinds: usize) -> Option<usize> {
    let idx = |c: i8| (-SPAN..SPAN).contains(&c).then(|| (c + SPAN) as usize);
    let width = 2 * SPAN as usize;
    Some((idx(r)? * width + idx(q)?) * kinds + k)
}

/// The island's geometry, computed once.
pub fn geo() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(build)
}

fn build() -> Geometry {
    let mut hexes = Vec::new();
    for r in -2i8..=2 {
        for q in -2i8..=2 {
            if Hex(q, r).is_land() {
                hexes.push(Hex(q, r));
            }
        }
    }
    let mut vertices: Vec<Vertex> = hexes.iter().flat_map(|h| h.corners()).collect();
    vertices.sort_by_key(|v| (v.key(), *v));
    vertices.dedup();
    let mut edges: Vec<Edge> = hexes.iter().flat_map(|h| h.sides()).collect();
    edges.sort_by_key(|e| (e.key(), *e));
    edges.dedup();
    // Ids are positions in these lists (built here, before `geo()` exists).
    let hid = |h: Hex| hexes.iter().position(|x| *x == h).map(|i| HexId(i as u8));
    let vid = |v: Vertex| {
        VertexId(
            vertices
                .iter()
                .position(|x| *x == v)
                .expect("every corner of a land hex is listed") as u8,
        )
    };
    let eid = |e: Edge| {
        EdgeId(
            edges
                .iter()
                .position(|x| *x == e)
                .expect("every side of a land hex is listed") as u8,
        )
    };
    let vertex_hexes: Vec<Vec<HexId>> = vertices
        .iter()
        .map(|v| v.hexes().iter().filter_map(|h| hid(*h)).collect())
        .collect();
    let edge_ends: Vec<[VertexId; 2]> = edges
        .iter()
        .map(|e| {
            let [a, b] = e.ends();
            [vid(a), vid(b)]
        })
        .collect();
    let edge_hexes: Vec<Vec<HexId>> = edges
        .iter()
        .map(|e| e.hexes().iter().filter_map(|h| hid(*h)).collect())
        .collect();
    let mut vertex_neighbours = vec![Vec::new(); vertices.len()];
    let mut vertex_edges = vec![Vec::new(); vertices.len()];
    for (i, [a, b]) in edge_ends.iter().enumerate() {
        vertex_neighbours[a.index()].push(*b);
        vertex_neighbours[b.index()].push(*a);
        vertex_edges[a.index()].push(EdgeId(i as u8));
        vertex_edges[b.index()].push(EdgeId(i as u8));
    }
    for n in &mut vertex_neighbours {
        n.sort();
    }
    let hex_corners = hexes.iter().map(|h| h.corners().map(vid)).collect();
    let hex_edges = hexes.iter().map(|h| h.sides().map(eid)).collect();
    let slots = (2 * SPAN as usize).pow(2);
    let mut vertex_ids = vec![None; slots * 2];
    for (i, v) in vertices.iter().enumerate() {
        if let Some(slot) = coord_slot(v.q, v.r, v.corner as usize, 2) {
            vertex_ids[slot] = Some(VertexId(i as u8));
        }
    }
    let mut edge_ids = vec![None; slots * 3];
    for (i, e) in edges.iter().enumerate() {
        if let Some(slot) = coord_slot(e.q, e.r, e.dir as usize, 3) {
            edge_ids[slot] = Some(EdgeId(i as u8));
        }
    }
    Geometry {
        hexes,
        vertices,
        edges,
        vertex_hexes,
        vertex_neighbours,
        vertex_edges,
        edge_ends,
        edge_hexes,
        hex_corners,
        hex_edges,
        vertex_ids,
        edge_ids,
    }
}

/// One of the six sides of the island (CAT-BOARD-7): 1 = N (top), then
/// clockwise NE, SE, S (bottom), SW, NW.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Side {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Side {
    pub const ALL: [Side; 6] = [Side::N, Side::NE, Side::SE, Side::S, Side::SW, Side::NW];
    /// Cube constraint value of a hex on this side at `level` (2 = the side, 1 = the row behind).
    fn holds(self, h: Hex, level: i8) -> bool {
        let (x, z) = (h.0, h.1);
        let y = -x - z;
        match self {
            Side::N => z == -level,
            Side::NE => x == level,
            Side::SE => y == -level,
            Side::S => z == level,
            Side::SW => x == -level,
            Side::NW => y == level,
        }
    }
    /// Its 3 land hexes (CAT-BOARD-7).
    pub fn hexes(self) -> Vec<HexId> {
        HexId::all().filter(|h| self.holds(h.coord(), 2)).collect()
    }
    /// The 4-hex row behind it (CAT-BOARD-7).
    pub fn row_behind(self) -> Vec<HexId> {
        HexId::all().filter(|h| self.holds(h.coord(), 1)).collect()
    }
    /// Its name (N, NE, SE, S, SW, NW).
    pub fn name(self) -> &'static str {
        match self {
            Side::N => "N",
            Side::NE => "NE",
            Side::SE => "SE",
            Side::S => "S",
            Side::SW => "SW",
            Side::NW => "NW",
        }
    }
    /// Sides k and k+1 (and 6 and 1) are adjacent.
    pub fn adjacent(self, other: Side) -> bool {
        let a = self as i8;
        let b = other as i8;
        (a - b).rem_euclid(6) == 1 || (b - a).rem_euclid(6) == 1
    }
}

/// A point of the compass, for telling places apart by where they lie:
/// north is the top of the island, east its right.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Compass {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Compass {
    pub const ALL: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    /// The point nearest the direction `(dx, dy)` (y pointing south); none
    /// for no direction.
    fn towards(dx: f64, dy: f64) -> Option<Compass> {
        if dx == 0.0 && dy == 0.0 {
            return None;
        }
        // Counter-clockwise from east, in eighths of a turn.
        let eighth = (-dy).atan2(dx) / std::f64::consts::FRAC_PI_4;
        let k = (eighth.round() as i64).rem_euclid(8);
        Some(
            [
                Compass::E,
                Compass::NE,
                Compass::N,
                Compass::NW,
                Compass::W,
                Compass::SW,
                Compass::S,
                Compass::SE,
            ][k as usize],
        )
    }

    /// Where `hex` lies from the middle of `group` (the land hexes that
    /// read alike, `hex` among them): for two hexes always two opposite
    /// points, so the word tells them apart ("the western forest (6)" and
    /// "the eastern forest (6)"). None for a group of one.
    pub fn within(hex: HexId, group: &[HexId]) -> Option<Compass> {
        if group.len() < 2 {
            return None;
        }
        // Hex centres: x in units of half a hex width, y of 3/4 hex height.
        let centre = |h: HexId| {
            let c = h.coord();
            (f64::from(2 * c.0 + c.1), f64::from(c.1))
        };
        let n = group.len() as f64;
        let (sx, sy) = group
            .iter()
            .map(|h| centre(*h))
            .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
        let (x, y) = centre(hex);
        let half_width = 3f64.sqrt() / 2.0;
        Compass::towards((n * x - sx) * half_width, (n * y - sy) * 1.5)
    }

    /// Which corner of `hex` the intersection `v` is (N, NE, SE, S, SW or
    /// NW), if it is one.
    pub fn corner(hex: HexId, v: VertexId) -> Option<Compass> {
        const CORNERS: [Compass; 6] = [
            Compass::N,
            Compass::NE,
            Compass::SE,
            Compass::S,
            Compass::SW,
            Compass::NW,
        ];
        hex.corners()
            .iter()
            .position(|c| *c == v)
            .map(|i| CORNERS[i])
    }

    /// Which side of `hex` the path `e` is (NE, E, SE, SW, W or NW), if it
    /// is one.
    pub fn side(hex: HexId, e: EdgeId) -> Option<Compass> {
        const SIDES: [Compass; 6] = [
            Compass::NE,
            Compass::E,
            Compass::SE,
            Compass::SW,
            Compass::W,
            Compass::NW,
        ];
        hex.sides().iter().position(|s| *s == e).map(|i| SIDES[i])
    }
}

/// The 9 fixed harbour paths, position 1..9 (CAT-BOARD-10).
pub const HARBOUR_EDGES: [Edge; 9] = [
    Edge::new(0, -3, Dir::SE),
    Edge::new(1, -2, Dir::NE),
    Edge::new(2, -1, Dir::NE),
    Edge::new(2, 0, Dir::E),
    Edge::new(1, 1, Dir::SE),
    Edge::new(-1, 2, Dir::SE),
    Edge::new(-3, 3, Dir::NE),
    Edge::new(-3, 1, Dir::E),
    Edge::new(-2, -1, Dir::E),
];

// ---- JSON notation (CAT-BOARD-16) ----

impl Serialize for Vertex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = match self.corner {
            Corner::N => "N",
            Corner::S => "S",
        };
        (self.q, self.r, c).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Vertex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (q, r, c): (i8, i8, String) = Deserialize::deserialize(d)?;
        parse_vertex(q, r, &c)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown corner name {c:?}")))
    }
}

/// Parses `[q, r, name]`: `N`/`S`, or a corner alias `NE`/`SE`/`SW`/`NW` of hex (q,r).
pub fn parse_vertex(q: i8, r: i8, c: &str) -> Option<Vertex> {
    if !(-10..=10).contains(&q) || !(-10..=10).contains(&r) {
        return None;
    }
    let cs = Hex(q, r).corners();
    Some(match c {
        "N" => cs[0],
        "NE" => cs[1],
        "SE" => cs[2],
        "S" => cs[3],
        "SW" => cs[4],
        "NW" => cs[5],
        _ => return None,
    })
}

impl Serialize for Edge {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = match self.dir {
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
        };
        (self.q, self.r, c).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Edge {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (q, r, c): (i8, i8, String) = Deserialize::deserialize(d)?;
        parse_edge(q, r, &c)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown side name {c:?}")))
    }
}

/// Parses `[q, r, name]`: `NE`/`E`/`SE`, or a side alias `SW`/`W`/`NW` of hex (q,r).
pub fn parse_edge(q: i8, r: i8, c: &str) -> Option<Edge> {
    if !(-10..=10).contains(&q) || !(-10..=10).contains(&r) {
        return None;
    }
    let s = Hex(q, r).sides();
    Some(match c {
        "NE" => s[0],
        "E" => s[1],
        "SE" => s[2],
        "SW" => s[3],
        "W" => s[4],
        "NW" => s[5],
        _ => return None,
    })
}

fn triple_schema(desc: &str, names: &[&str]) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "description": desc,
        "prefixItems": [{"type": "integer"}, {"type": "integer"}, {"type": "string", "enum": names}],
        "minItems": 3,
        "maxItems": 3
    })
}

impl JsonSchema for Hex {
    fn schema_name() -> Cow<'static, str> {
        "Hex".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "array",
            "description": "A hex [q, r] in axial coordinates (CAT-BOARD-1, -16)",
            "prefixItems": [{"type": "integer"}, {"type": "integer"}],
            "minItems": 2,
            "maxItems": 2
        })
    }
}

impl JsonSchema for Vertex {
    fn schema_name() -> Cow<'static, str> {
        "Intersection".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        triple_schema(
            "An intersection [q, r, corner] (CAT-BOARD-16)",
            &["N", "S", "NE", "SE", "SW", "NW"],
        )
    }
}

impl JsonSchema for Edge {
    fn schema_name() -> Cow<'static, str> {
        "Path".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        triple_schema(
            "A path [q, r, side] (CAT-BOARD-16)",
            &["NE", "E", "SE", "SW", "W", "NW"],
        )
    }
}
