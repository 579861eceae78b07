//! The board: tiles, harbours, robber, buildings, roads and the pieces a
//! game adds (knights), with the pure placement rules (CAT-BUILD-3..-8),
//! maritime rates (CAT-TRADE-1), production (CAT-PROD-1, -2) and the robber's
//! spots and victims (CAT-ROB-1, -2).

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::data::*;
use super::geometry::*;
use super::refusals::Refusal;
use crate::engine::{RuleError, Seat};

/// The two real seats, `a` and `b`.
pub const SEATS: [Seat; 2] = [Seat(0), Seat(1)];

/// The other real seat.
pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

/// A colour on the board (CAT §1): the two real seats, the neutral pair of
/// Part B (`n1`, `n2`), or the fictive pair of catan-shadow (`f1`, `f2`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Seat a.
    A,
    /// Seat b.
    B,
    /// Neutral colour 1 (Part B).
    N1,
    /// Neutral colour 2 (Part B).
    N2,
    /// Fictive player 1 (catan-shadow).
    F1,
    /// Fictive player 2 (catan-shadow).
    F2,
}

impl Colour {
    /// The colour id (`a`, `b`, `n1`, `n2`, `f1`, `f2`).
    pub fn id(self) -> &'static str {
        match self {
            Colour::A => "a",
            Colour::B => "b",
            Colour::N1 => "n1",
            Colour::N2 => "n2",
            Colour::F1 => "f1",
            Colour::F2 => "f2",
        }
    }
    /// The seat of a real colour.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Colour::A => Some(Seat(0)),
            Colour::B => Some(Seat(1)),
            _ => None,
        }
    }
    /// The colour of a real seat.
    pub fn of_seat(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::A
        } else {
            Colour::B
        }
    }
    pub fn is_real(self) -> bool {
        self.seat().is_some()
    }
    /// 0 for n1, 1 for n2.
    pub fn neutral_index(self) -> Option<usize> {
        match self {
            Colour::N1 => Some(0),
            Colour::N2 => Some(1),
            _ => None,
        }
    }
}

/// The two neutral colours of Part B, `n1` first (CAT-DUO-1).
pub const NEUTRALS: [Colour; 2] = [Colour::N1, Colour::N2];

/// What stands on an intersection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BuildingKind {
    /// Siedlung: 1 point, produces 1 card.
    Settlement,
    /// Stadt: 2 points, produces 2 cards.
    City,
}

/// A settlement or city of a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Building {
    pub colour: Colour,
    pub kind: BuildingKind,
}

/// A land hex and what lies on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub hex: HexId,
    pub terrain: Terrain,
    pub token: Option<u8>,
    /// Taken out by catan-shadow (CSW-SETUP-5); the token stays for display.
    #[serde(default)]
    pub removed: bool,
}

/// A harbour on its fixed coastal path (CAT-BOARD-10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Harbour {
    /// Position 1..9, clockwise from the top left (CAT-BOARD-10).
    pub position: u8,
    pub kind: HarbourKind,
    /// The coastal path it serves; a building on either end uses it.
    pub edge: Edge,
    /// False when both intersections are unplayable (CSW-SETUP-7).
    pub in_play: bool,
}

impl Harbour {
    /// Its two intersections (CAT-BOARD-10).
    pub fn vertices(&self) -> Vec<VertexId> {
        self.edge.ends().iter().filter_map(|v| v.id()).collect()
    }
}

/// A piece a game adds on intersections besides buildings (the knights of
/// Cities & Knights). It occupies its intersection: no settlement there, and
/// other colours' roads and trails do not pass it (CAT-BUILD-5, CAT-AWARD-1).
pub trait Piece: Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned {
    fn colour(&self) -> Colour;
}

/// No such pieces (the base game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoPiece {}

impl Piece for NoPiece {
    fn colour(&self) -> Colour {
        match *self {}
    }
}

/// The island with its pieces. `P` is the kind of extra piece the game puts
/// on intersections ([`NoPiece`] in the base game).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "P: Piece")]
pub struct Board<P = NoPiece> {
    /// The 19 land hexes by [`HexId`].
    pub tiles: Vec<Tile>,
    /// The 9 harbours in position order.
    pub harbours: Vec<Harbour>,
    /// The hex under the robber (a land hex, possibly a removed one).
    pub robber: HexId,
    /// What stands on each of the 54 intersections, by [`VertexId`].
    pub buildings: Vec<Option<Building>>,
    /// The colour of the road on each of the 72 paths, by [`EdgeId`].
    pub roads: Vec<Option<Colour>>,
    /// The extra pieces on intersections, by [`VertexId`] (empty when the
    /// game has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<Option<P>>,
    /// Intersections a game declared unplayable (CAT-BUILD-7, CSW-SETUP-6), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unplayable_vertices: Vec<VertexId>,
    /// Paths a game declared unplayable, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unplayable_edges: Vec<EdgeId>,
}

impl<P: Piece> Board<P> {
    /// A board from 19 tiles and 9 harbour kinds; robber on the desert
    /// (CAT-SETUP-2). `with_pieces`: the game puts extra pieces on
    /// intersections.
    pub fn new(tiles: Vec<Tile>, harbour_kinds: [HarbourKind; 9], with_pieces: bool) -> Self {
        let robber = tiles
            .iter()
            .find(|t| t.terrain == Terrain::Desert)
            .map(|t| t.hex)
            .unwrap_or_else(|| Hex(0, 0).id().expect("the centre is land"));
        let harbours = HARBOUR_EDGES
            .iter()
            .zip(harbour_kinds)
            .enumerate()
            .map(|(i, (e, k))| Harbour {
                position: i as u8 + 1,
                kind: k,
                edge: *e,
                in_play: true,
            })
            .collect();
        Board {
            tiles,
            harbours,
            robber,
            buildings: vec![None; VERTEX_COUNT],
            roads: vec![None; EDGE_COUNT],
            pieces: if with_pieces {
                vec![None; VERTEX_COUNT]
            } else {
                Vec::new()
            },
            unplayable_vertices: Vec::new(),
            unplayable_edges: Vec::new(),
        }
    }

    /// The beginner board (CAT-BOARD-11).
    pub fn beginner(with_pieces: bool) -> Self {
        Board::new(beginner_tiles(), BEGINNER_HARBOURS, with_pieces)
    }

    pub fn tile(&self, h: HexId) -> &Tile {
        &self.tiles[h.index()]
    }
    pub fn tile_mut(&mut self, h: HexId) -> &mut Tile {
        &mut self.tiles[h.index()]
    }
    pub fn building(&self, v: VertexId) -> Option<Building> {
        self.buildings[v.index()]
    }
    pub fn road(&self, e: EdgeId) -> Option<Colour> {
        self.roads[e.index()]
    }
    pub fn piece(&self, v: VertexId) -> Option<&P> {
        self.pieces.get(v.index()).and_then(Option::as_ref)
    }
    pub fn set_building(&mut self, v: VertexId, b: Option<Building>) {
        self.buildings[v.index()] = b;
    }
    pub fn set_road(&mut self, e: EdgeId, c: Option<Colour>) {
        self.roads[e.index()] = c;
    }
    /// Puts (or, with None, takes away) the extra piece on `v`.
    pub fn set_piece(&mut self, v: VertexId, p: Option<P>) {
        if self.pieces.is_empty() {
            self.pieces = vec![None; VERTEX_COUNT];
        }
        self.pieces[v.index()] = p;
    }

    pub fn desert(&self) -> Option<HexId> {
        self.tiles
            .iter()
            .find(|t| t.terrain == Terrain::Desert)
            .map(|t| t.hex)
    }

    pub fn vertex_playable(&self, v: VertexId) -> bool {
        self.unplayable_vertices.binary_search(&v).is_err()
    }
    pub fn edge_playable(&self, e: EdgeId) -> bool {
        self.unplayable_edges.binary_search(&e).is_err()
    }

    /// The colour of whatever stands on `v` (building or extra piece).
    pub fn occupant(&self, v: VertexId) -> Option<Colour> {
        self.building(v)
            .map(|b| b.colour)
            .or_else(|| self.piece(v).map(Piece::colour))
    }

    /// See [`Island::blocked_for`].
    pub fn blocked_for(&self, v: VertexId, c: Colour) -> bool {
        Island::blocked_for(self, v, c)
    }
    /// See [`Island::has_road_at`].
    pub fn has_road_at(&self, colour: Colour, v: VertexId) -> bool {
        Island::has_road_at(self, colour, v)
    }
    /// See [`Island::owns_building`].
    pub fn owns_building(&self, colour: Colour, v: VertexId) -> bool {
        Island::owns_building(self, colour, v)
    }
    /// See [`Island::check_settlement_spot`].
    pub fn check_settlement_spot(&self, v: VertexId) -> Result<(), RuleError> {
        Island::check_settlement_spot(self, v)
    }
    /// See [`Island::check_road_spot`].
    pub fn check_road_spot(&self, colour: Colour, e: EdgeId) -> Result<(), RuleError> {
        Island::check_road_spot(self, colour, e)
    }
    /// See [`Island::legal_roads`].
    pub fn legal_roads(&self, colour: Colour) -> Vec<EdgeId> {
        Island::legal_roads(self, colour)
    }
    /// See [`Island::legal_settlements`].
    pub fn legal_settlements(&self, colour: Colour, needs_road: bool) -> Vec<VertexId> {
        Island::legal_settlements(self, colour, needs_road)
    }

    /// The free, playable paths touching `v` (a set-up road, CAT-SETUP-5).
    pub fn setup_roads(&self, v: VertexId) -> Vec<EdgeId> {
        v.edges()
            .iter()
            .copied()
            .filter(|e| self.road(*e).is_none() && self.edge_playable(*e))
            .collect()
    }

    /// The best bank rate for `kind` from harbours alone (CAT-TRADE-1,
    /// CAT-BUILD-8): 4, 3 with a generic harbour, 2 with the harbour of
    /// that resource. Other kinds than resources use generic harbours only.
    pub fn harbour_rate<K: CardKind>(&self, colour: Colour, kind: K) -> u32 {
        let mut rate = 4;
        for h in self.harbours.iter().filter(|h| h.in_play) {
            let ends = h.edge.ends();
            if !ends
                .iter()
                .filter_map(|v| v.id())
                .any(|v| self.owns_building(colour, v))
            {
                continue;
            }
            match h.kind.resource() {
                None => rate = rate.min(3),
                Some(r) if kind.resource() == Some(r) => rate = 2,
                Some(_) => {}
            }
        }
        rate
    }

    /// The maritime rate of each resource from harbours (CAT-TRADE-1).
    pub fn trade_rates(&self, colour: Colour) -> Cards {
        let mut c = Cards::empty();
        for r in Resource::ALL {
            c.set(r, self.harbour_rate(colour, r));
        }
        c
    }

    /// Real seats other than `mover` with a building on a corner of `hex`
    /// (the theft candidates of CAT-ROB-2 before the hand check).
    pub fn seats_at(&self, hex: HexId, mover: Seat) -> Vec<Seat> {
        let mut out = Vec::new();
        for v in hex.corners() {
            if let Some(s) = self.building(v).and_then(|b| b.colour.seat()) {
                if s != mover && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// Legal robber spots (CAT-ROB-1): any land hex but its own; removed
    /// hexes only when the game allows them (CSW-ROB-1).
    pub fn robber_spots(&self, removed_allowed: bool) -> Vec<HexId> {
        HexId::all()
            .filter(|h| *h != self.robber && (removed_allowed || !self.tile(*h).removed))
            .collect()
    }

    /// What a roll of `sum` owes each real seat (CAT-PROD-1): `yield_of`
    /// gives what a building of a kind earns on a terrain (the base game:
    /// 1 or 2 of its resource; Cities & Knights adds commodities).
    pub fn production<K: CardKind>(
        &self,
        sum: u8,
        yield_of: impl Fn(Terrain, BuildingKind) -> Bundle<K>,
    ) -> Production<K> {
        let mut p = Production::default();
        for t in &self.tiles {
            if t.removed || t.token != Some(sum) || t.terrain.resource().is_none() {
                continue;
            }
            if self.robber == t.hex {
                p.blocked = Some(t.hex);
                continue;
            }
            p.hexes.push(t.hex);
            for v in t.hex.corners() {
                if let Some(b) = self.building(v) {
                    if let Some(s) = b.colour.seat() {
                        let got = yield_of(t.terrain, b.kind);
                        p.owed[s.index()] = p.owed[s.index()].plus(&got);
                    }
                }
            }
        }
        p
    }

    /// Recomputes `in_play` of harbours from the unplayable intersections (CSW-SETUP-7).
    pub fn refresh_harbours(&mut self) {
        let unplayable = self.unplayable_vertices.clone();
        for h in &mut self.harbours {
            h.in_play = h
                .vertices()
                .iter()
                .any(|v| unplayable.binary_search(v).is_err());
        }
    }
}

/// What the placement and trail rules read of an island (CAT-BUILD-3..-7,
/// CAT-AWARD-1): the road on each path, the building and whatever else
/// stands on each intersection, and which spots are in play. [`Board`] is
/// one; a game whose state keeps its pieces in its own tables (catan-ck-duel:
/// walls, metropolises and knights beside the buildings) reads as one too
/// and shares the rules below instead of restating them.
pub trait Island {
    /// The colour of the road on `e`.
    fn road_at(&self, e: EdgeId) -> Option<Colour>;
    /// The settlement or city on `v`.
    fn building_at(&self, v: VertexId) -> Option<Building>;
    /// The colour of whatever stands on `v` (a building, or a piece such as
    /// a knight).
    fn occupant_at(&self, v: VertexId) -> Option<Colour>;
    /// Whether `v` is in play (CAT-BUILD-7); every intersection by default.
    fn vertex_open(&self, _v: VertexId) -> bool {
        true
    }
    /// Whether `e` is in play (CAT-BUILD-7); every path by default.
    fn edge_open(&self, _e: EdgeId) -> bool {
        true
    }

    /// Whether something of another colour than `c` stands on `v`: roads of
    /// `c` do not pass it (CAT-BUILD-5, CAT-AWARD-1).
    fn blocked_for(&self, v: VertexId, c: Colour) -> bool {
        self.occupant_at(v).is_some_and(|x| x != c)
    }

    /// Whether `colour` has a road ending at `v`.
    fn has_road_at(&self, colour: Colour, v: VertexId) -> bool {
        v.edges().iter().any(|e| self.road_at(*e) == Some(colour))
    }

    /// Whether `colour` has a settlement or city on `v`.
    fn owns_building(&self, colour: Colour, v: VertexId) -> bool {
        self.building_at(v).is_some_and(|b| b.colour == colour)
    }

    /// CAT-BUILD-3 (+ CAT-BUILD-7): playable, empty (no building and no
    /// extra piece), and no building on a neighbour.
    fn check_settlement_spot(&self, v: VertexId) -> Result<(), RuleError> {
        if !self.vertex_open(v) {
            return Err(RuleError::illegal(
                "CAT-BUILD-7",
                Refusal::VertexNotPlayable { vertex: v },
            ));
        }
        if self.occupant_at(v).is_some() {
            return Err(RuleError::illegal(
                "CAT-BUILD-3",
                Refusal::VertexTaken { vertex: v },
            ));
        }
        if v.neighbours()
            .iter()
            .any(|n| self.building_at(*n).is_some())
        {
            return Err(RuleError::illegal(
                "CAT-BUILD-3",
                Refusal::DistanceRule { vertex: v },
            ));
        }
        Ok(())
    }

    /// CAT-BUILD-5 (+ -7): free, playable, and one end holds the colour's own
    /// building, or is an end of its road that holds nothing of another colour.
    fn check_road_spot(&self, colour: Colour, e: EdgeId) -> Result<(), RuleError> {
        if !self.edge_open(e) {
            return Err(RuleError::illegal(
                "CAT-BUILD-7",
                Refusal::PathNotPlayable { edge: e },
            ));
        }
        if self.road_at(e).is_some() {
            return Err(RuleError::illegal(
                "CAT-BUILD-5",
                Refusal::PathTaken { edge: e },
            ));
        }
        let connected = e.ends().iter().any(|&v| {
            self.owns_building(colour, v)
                || (!self.blocked_for(v, colour)
                    && v.edges()
                        .iter()
                        .any(|x| *x != e && self.road_at(*x) == Some(colour)))
        });
        if !connected {
            return Err(RuleError::illegal("CAT-BUILD-5", Refusal::RoadNotConnected));
        }
        Ok(())
    }

    /// Every legal road spot of a colour, in reading order.
    fn legal_roads(&self, colour: Colour) -> Vec<EdgeId> {
        EdgeId::all()
            .filter(|e| self.check_road_spot(colour, *e).is_ok())
            .collect()
    }

    /// Every legal settlement spot; `needs_road` demands an own road (CAT-BUILD-4).
    fn legal_settlements(&self, colour: Colour, needs_road: bool) -> Vec<VertexId> {
        VertexId::all()
            .filter(|v| {
                self.check_settlement_spot(*v).is_ok()
                    && (!needs_road || self.has_road_at(colour, *v))
            })
            .collect()
    }
}

impl<P: Piece> Island for Board<P> {
    fn road_at(&self, e: EdgeId) -> Option<Colour> {
        self.road(e)
    }
    fn building_at(&self, v: VertexId) -> Option<Building> {
        self.building(v)
    }
    fn occupant_at(&self, v: VertexId) -> Option<Colour> {
        self.occupant(v)
    }
    fn vertex_open(&self, v: VertexId) -> bool {
        self.vertex_playable(v)
    }
    fn edge_open(&self, e: EdgeId) -> bool {
        self.edge_playable(e)
    }
}

/// The beginner tiles (CAT-BOARD-11).
pub fn beginner_tiles() -> Vec<Tile> {
    HexId::all()
        .zip(BEGINNER)
        .map(|(h, (t, k))| Tile {
            hex: h,
            terrain: t,
            token: k,
            removed: false,
        })
        .collect()
}

/// The base yield (CAT-PROD-1): a settlement 1, a city 2 of the terrain's resource.
pub fn base_yield<K: CardKind>(t: Terrain, b: BuildingKind) -> Bundle<K> {
    match t.resource() {
        None => Bundle::empty(),
        Some(r) => Bundle::of(&[(
            K::from_resource(r),
            match b {
                BuildingKind::Settlement => 1,
                BuildingKind::City => 2,
            },
        )]),
    }
}

/// The result of [`Board::production`].
#[derive(Debug, Clone, PartialEq)]
pub struct Production<K: CardKind> {
    /// Owed per seat.
    pub owed: [Bundle<K>; 2],
    /// Hexes that produce.
    pub hexes: Vec<HexId>,
    /// The hex with the matching token that the robber blocks.
    pub blocked: Option<HexId>,
}

impl<K: CardKind> Default for Production<K> {
    fn default() -> Self {
        Production {
            owed: [Bundle::empty(); 2],
            hexes: Vec::new(),
            blocked: None,
        }
    }
}

/// Applies CAT-PROD-2 to what a roll owes: per kind, pay all when the bank
/// holds enough; else nobody when two are owed, or all that is left when one
/// is. Returns (paid per seat, kinds short).
pub fn pay_with_shortage<K: CardKind>(
    bank: &mut Bundle<K>,
    owed: &[Bundle<K>; 2],
) -> ([Bundle<K>; 2], Vec<K>) {
    let mut paid = [Bundle::empty(); 2];
    let mut short = Vec::new();
    for &k in K::ALL {
        let need = owed[0].get(k) + owed[1].get(k);
        if need == 0 {
            continue;
        }
        let have = bank.get(k);
        if have >= need {
            for s in 0..2 {
                paid[s].add(k, owed[s].get(k));
            }
            bank.take(k, need);
        } else {
            short.push(k);
            let owed_seats: Vec<usize> = (0..2).filter(|s| owed[*s].get(k) > 0).collect();
            if owed_seats.len() == 1 {
                paid[owed_seats[0]].add(k, have);
                bank.take(k, have);
            }
        }
    }
    (paid, short)
}
