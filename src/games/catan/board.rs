//! The board: tiles, harbours, robber, buildings and roads, with the pure
//! placement rules (CAT-BUILD-3..-8) and layout generation (CAT-BOARD-11..-15).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::data::*;
use super::geometry::*;
use crate::engine::legacy::{Dice, Event, RuleError, Seat};

/// A colour on the board (CAT §1): the two real seats, the neutral pair of
/// Part B, or the fictive pair of catan-shadow.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    A,
    B,
    N1,
    N2,
    F1,
    F2,
}

impl Colour {
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
    /// The seat index of a real colour.
    pub fn seat(self) -> Option<usize> {
        match self {
            Colour::A => Some(0),
            Colour::B => Some(1),
            _ => None,
        }
    }
    pub fn of_seat(seat: usize) -> Colour {
        if seat == 0 {
            Colour::A
        } else {
            Colour::B
        }
    }
    pub fn is_real(self) -> bool {
        self.seat().is_some()
    }
}

/// The seat id string of seat index 0/1.
pub fn seat_id(seat: usize) -> &'static str {
    Colour::of_seat(seat).id()
}

/// Converts an engine seat to a real seat index, if valid.
pub fn seat_index(seat: Seat) -> Option<usize> {
    (seat.0 < 2).then_some(seat.0 as usize)
}

/// What stands on an intersection. Games may add kinds later (add, don't break).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BuildingKind {
    /// Siedlung
    Settlement,
    /// Stadt
    City,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub colour: Colour,
    pub kind: BuildingKind,
}

/// A land hex and what lies on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    pub hex: Hex,
    pub terrain: Terrain,
    pub token: Option<u8>,
    /// Taken out by catan-shadow (CSW-SETUP-5); the token stays for display.
    #[serde(default)]
    pub removed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Harbour {
    /// 1..9 (CAT-BOARD-10).
    pub position: u8,
    pub kind: HarbourKind,
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

/// The island with its pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// The 19 land hexes by [`HexId`].
    pub tiles: Vec<Tile>,
    /// The 9 harbours in position order.
    pub harbours: Vec<Harbour>,
    /// The hex under the robber (a land hex, possibly a removed one).
    pub robber: HexId,
    /// What stands on each of the 54 intersections.
    pub buildings: Vec<Option<Building>>,
    /// The colour of the road on each of the 72 paths.
    pub roads: Vec<Option<Colour>>,
    /// Intersections a game declared unplayable (CAT-BUILD-7, CSW-SETUP-6), sorted.
    #[serde(default)]
    pub unplayable_vertices: Vec<VertexId>,
    /// Paths a game declared unplayable, sorted.
    #[serde(default)]
    pub unplayable_edges: Vec<EdgeId>,
    /// Other pieces that stand on intersections and block other colours'
    /// roads and trails like a building (a game adds them, e.g. knights).
    #[serde(default)]
    pub blockers: Vec<(VertexId, Colour)>,
}

impl Board {
    /// A board from 19 tiles and 9 harbour kinds; robber on the desert (CAT-SETUP-2).
    pub fn new(tiles: Vec<Tile>, harbour_kinds: [HarbourKind; 9]) -> Board {
        let robber = tiles
            .iter()
            .position(|t| t.terrain == Terrain::Desert)
            .unwrap_or(9);
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
            unplayable_vertices: Vec::new(),
            unplayable_edges: Vec::new(),
            blockers: Vec::new(),
        }
    }

    /// The beginner board (CAT-BOARD-11).
    pub fn beginner() -> Board {
        let tiles = geo()
            .hexes
            .iter()
            .zip(BEGINNER)
            .map(|(h, (t, k))| Tile {
                hex: *h,
                terrain: t,
                token: k,
                removed: false,
            })
            .collect();
        Board::new(tiles, BEGINNER_HARBOURS)
    }

    pub fn desert(&self) -> Option<HexId> {
        self.tiles.iter().position(|t| t.terrain == Terrain::Desert)
    }

    pub fn vertex_playable(&self, v: VertexId) -> bool {
        v < VERTEX_COUNT && self.unplayable_vertices.binary_search(&v).is_err()
    }
    pub fn edge_playable(&self, e: EdgeId) -> bool {
        e < EDGE_COUNT && self.unplayable_edges.binary_search(&e).is_err()
    }

    /// The colour of whatever stands on `v` and blocks others (building or blocker).
    pub fn occupant(&self, v: VertexId) -> Option<Colour> {
        if let Some(b) = self.buildings.get(v).copied().flatten() {
            return Some(b.colour);
        }
        self.blockers.iter().find(|(x, _)| *x == v).map(|(_, c)| *c)
    }

    /// Intersections touching a land hex that is not removed (for production and robbing).
    pub fn touches_coast(&self, v: VertexId) -> bool {
        // CAT-BOARD-6: fewer than 3 land hexes (removed hexes still count as land).
        geo().vertex_hexes[v].len() < 3
    }

    /// CAT-BUILD-3 (+ CAT-BUILD-7): empty, playable, no building on a neighbour.
    pub fn check_settlement_spot(&self, v: VertexId) -> Result<(), RuleError> {
        if !self.vertex_playable(v) {
            return Err(RuleError::illegal(
                "CAT-BUILD-7",
                "that intersection is not playable in this game",
            ));
        }
        if self.occupant(v).is_some() {
            return Err(RuleError::illegal(
                "CAT-BUILD-3",
                "that intersection is already taken",
            ));
        }
        if geo().vertex_neighbours[v]
            .iter()
            .any(|n| self.buildings[*n].is_some())
        {
            return Err(RuleError::illegal(
                "CAT-BUILD-3",
                "distance rule: a neighbouring intersection already holds a settlement or city",
            ));
        }
        Ok(())
    }

    /// Whether `colour` has a road ending at `v`.
    pub fn has_road_at(&self, colour: Colour, v: VertexId) -> bool {
        geo().vertex_edges[v]
            .iter()
            .any(|e| self.roads[*e] == Some(colour))
    }

    /// CAT-BUILD-5 (+ -7): free, playable, connected to the colour's network.
    pub fn check_road_spot(&self, colour: Colour, e: EdgeId) -> Result<(), RuleError> {
        if !self.edge_playable(e) {
            return Err(RuleError::illegal(
                "CAT-BUILD-7",
                "that path is not playable in this game",
            ));
        }
        if self.roads[e].is_some() {
            return Err(RuleError::illegal(
                "CAT-BUILD-5",
                "that path already holds a road",
            ));
        }
        let connected = geo().edge_ends[e].iter().any(|&v| match self.occupant(v) {
            Some(c) if c == colour => {
                self.buildings[v].is_some_and(|b| b.colour == colour) || self.has_road_at(colour, v)
            }
            Some(_) => false,
            None => self.has_road_at(colour, v),
        });
        if !connected {
            return Err(RuleError::illegal(
                "CAT-BUILD-5",
                "a road must join your own settlement, city or road (and cannot continue through another colour's building)",
            ));
        }
        Ok(())
    }

    /// Every legal road spot of a colour, in reading order.
    pub fn legal_roads(&self, colour: Colour) -> Vec<EdgeId> {
        (0..EDGE_COUNT)
            .filter(|e| self.check_road_spot(colour, *e).is_ok())
            .collect()
    }

    /// Every legal settlement spot; `needs_road` demands an own road (CAT-BUILD-4).
    pub fn legal_settlements(&self, colour: Colour, needs_road: bool) -> Vec<VertexId> {
        (0..VERTEX_COUNT)
            .filter(|v| {
                self.check_settlement_spot(*v).is_ok()
                    && (!needs_road || self.has_road_at(colour, *v))
            })
            .collect()
    }

    /// Best maritime rate per resource for a colour (CAT-TRADE-1, CAT-BUILD-8).
    pub fn trade_rates(&self, colour: Colour) -> Cards {
        let mut rates = Cards::new(4, 4, 4, 4, 4);
        for h in self.harbours.iter().filter(|h| h.in_play) {
            let owned = h
                .vertices()
                .iter()
                .any(|v| self.buildings[*v].is_some_and(|b| b.colour == colour));
            if !owned {
                continue;
            }
            match h.kind.resource() {
                None => {
                    for r in Resource::ALL {
                        let s = rates.slot(r);
                        *s = (*s).min(3);
                    }
                }
                Some(r) => *rates.slot(r) = 2,
            }
        }
        rates
    }

    /// Colours with a building on a corner of `hex`.
    pub fn colours_at_hex(&self, hex: HexId) -> Vec<Colour> {
        let mut out = Vec::new();
        for v in geo().hex_corners[hex] {
            if let Some(b) = self.buildings[v] {
                if !out.contains(&b.colour) {
                    out.push(b.colour);
                }
            }
        }
        out
    }

    /// What a roll of `sum` owes each real seat (CAT-PROD-1): owed cards,
    /// producing hexes and the hex blocked by the robber.
    pub fn production(&self, sum: u8) -> Production {
        let mut p = Production::default();
        for (i, t) in self.tiles.iter().enumerate() {
            if t.removed || t.token != Some(sum) {
                continue;
            }
            let Some(res) = t.terrain.resource() else {
                continue;
            };
            if self.robber == i {
                p.blocked = Some(i);
                continue;
            }
            p.hexes.push(i);
            for v in geo().hex_corners[i] {
                if let Some(b) = self.buildings[v] {
                    if let Some(s) = b.colour.seat() {
                        let n = match b.kind {
                            BuildingKind::Settlement => 1,
                            BuildingKind::City => 2,
                        };
                        p.owed[s].add(res, n);
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

/// The result of [`Board::production`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Production {
    pub owed: [Cards; 2],
    pub hexes: Vec<HexId>,
    pub blocked: Option<HexId>,
}

/// Applies CAT-PROD-2 to what a roll owes: per resource, pay all when the
/// bank holds enough; else nobody when two are owed, or all that is left when
/// one is. Returns (paid per seat, resources withheld).
pub fn pay_with_shortage(bank: &mut Cards, owed: &[Cards; 2]) -> ([Cards; 2], Vec<Resource>) {
    let mut paid = [Cards::default(); 2];
    let mut short = Vec::new();
    for r in Resource::ALL {
        let need = owed[0].get(r) + owed[1].get(r);
        if need == 0 {
            continue;
        }
        let have = bank.get(r);
        if have >= need {
            for s in 0..2 {
                paid[s].add(r, owed[s].get(r));
            }
            bank.take(r, need);
        } else {
            short.push(r);
            let owed_seats: Vec<usize> = (0..2).filter(|s| owed[*s].get(r) > 0).collect();
            if owed_seats.len() == 1 {
                paid[owed_seats[0]].add(r, have);
                bank.take(r, have);
            }
        }
    }
    (paid, short)
}

// ---- Layout (CAT-BOARD-11..-15) ----

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    #[default]
    Random,
    Beginner,
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Numbers {
    #[default]
    Spiral,
    Random,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum SpiralStart {
    #[default]
    #[serde(rename = "random")]
    Random,
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HarbourLayout {
    Random,
    Beginner,
    Manual,
}

/// One hex of a manual board (CAT-BOARD-15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManualHex {
    pub hex: Hex,
    pub terrain: Terrain,
    #[serde(default)]
    pub token: Option<u8>,
}

/// A board entered by the table (CAT-BOARD-15).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ManualBoard {
    pub hexes: Option<Vec<ManualHex>>,
    pub harbours: Option<Vec<HarbourKind>>,
}

/// The layout options of CAT §3.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LayoutOptions {
    pub layout: Layout,
    pub numbers: Numbers,
    pub spiral_start: SpiralStart,
    pub harbours: Option<HarbourLayout>,
    pub board: Option<ManualBoard>,
}

/// The spiral walk from the E corner (CAT-BOARD-13).
pub const SPIRAL_FROM_E: [Hex; 19] = [
    Hex(2, 0),
    Hex(2, -1),
    Hex(2, -2),
    Hex(1, -2),
    Hex(0, -2),
    Hex(-1, -1),
    Hex(-2, 0),
    Hex(-2, 1),
    Hex(-2, 2),
    Hex(-1, 2),
    Hex(0, 2),
    Hex(1, 1),
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
    Hex(0, 0),
];

/// The walk from start corner `steps` (0 = E, 1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE):
/// the E walk turned counter-clockwise `steps` times, `(q, r) -> (q + r, -q)`.
pub fn spiral_walk(steps: usize) -> Vec<Hex> {
    SPIRAL_FROM_E
        .iter()
        .map(|h| {
            let mut h = *h;
            for _ in 0..steps {
                h = Hex(h.0 + h.1, -h.0);
            }
            h
        })
        .collect()
}

const START_NAMES: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

/// Lays tokens in letter order along the walk, skipping the desert (CAT-BOARD-13).
pub fn lay_spiral(tiles: &mut [Tile], steps: usize) {
    let mut letters = TOKEN_LETTERS.iter();
    for h in spiral_walk(steps) {
        if let Some(t) = tiles.iter_mut().find(|t| t.hex == h) {
            if t.terrain == Terrain::Desert {
                t.token = None;
            } else {
                t.token = letters.next().copied();
            }
        }
    }
}

/// Whether two red tokens are neighbours.
pub fn reds_adjacent(tiles: &[Tile]) -> bool {
    tiles.iter().any(|t| {
        t.token.is_some_and(is_red)
            && t.hex.neighbours().iter().any(|n| {
                tiles
                    .iter()
                    .any(|u| u.hex == *n && u.token.is_some_and(is_red))
            })
    })
}

/// Builds the board of CAT-SETUP-1's first step (CAT-BOARD-11..-15).
pub fn generate(opts: &LayoutOptions, dice: &mut Dice) -> Result<(Board, Vec<Event>), RuleError> {
    let mut events = Vec::new();
    let hexes = &geo().hexes;
    let harbour_layout = opts.harbours.unwrap_or(match opts.layout {
        Layout::Beginner => HarbourLayout::Beginner,
        Layout::Manual => HarbourLayout::Manual,
        Layout::Random => HarbourLayout::Random,
    });
    let mut tiles: Vec<Tile> = match opts.layout {
        Layout::Beginner => Board::beginner().tiles,
        Layout::Manual => manual_tiles(opts.board.as_ref())?,
        Layout::Random => {
            let mut terrains = TERRAIN_LIST;
            dice.shuffle(&mut terrains);
            let mut tiles: Vec<Tile> = hexes
                .iter()
                .zip(terrains)
                .map(|(h, t)| Tile {
                    hex: *h,
                    terrain: t,
                    token: None,
                    removed: false,
                })
                .collect();
            events.push(
                Event::new(
                    "terrains_shuffled",
                    "CAT-BOARD-12",
                    "The terrain hexes were shuffled onto the island.",
                )
                .data(json!({"terrains": terrains.iter().map(|t| t.name()).collect::<Vec<_>>()})),
            );
            match opts.numbers {
                Numbers::Spiral => {
                    let steps = match opts.spiral_start {
                        SpiralStart::Random => dice.below(6) as usize,
                        s => s as usize - 1,
                    };
                    lay_spiral(&mut tiles, steps);
                    events.push(
                        Event::new(
                            "tokens_spiral",
                            "CAT-BOARD-13",
                            format!("Number tokens laid in letter order along the spiral from the {} corner.", START_NAMES[steps]),
                        )
                        .data(json!({"start": START_NAMES[steps], "walk": spiral_walk(steps)})),
                    );
                }
                Numbers::Random => {
                    let mut ok = false;
                    for _ in 0..1000 {
                        let mut tokens = TOKEN_LETTERS;
                        dice.shuffle(&mut tokens);
                        let mut it = tokens.iter();
                        for t in tiles.iter_mut() {
                            t.token = if t.terrain == Terrain::Desert {
                                None
                            } else {
                                it.next().copied()
                            };
                        }
                        if !reds_adjacent(&tiles) {
                            ok = true;
                            break;
                        }
                    }
                    if ok {
                        events.push(Event::new(
                            "tokens_random",
                            "CAT-BOARD-14",
                            "Number tokens shuffled with no two red numbers adjacent.",
                        ));
                    } else {
                        lay_spiral(&mut tiles, 0);
                        events.push(Event::new(
                            "tokens_fallback",
                            "CAT-BOARD-14",
                            "1000 shuffles all put red numbers side by side; the tokens were laid along the spiral from the E corner instead.",
                        ));
                    }
                }
            }
            tiles
        }
    };
    for t in &mut tiles {
        t.removed = false;
    }
    let kinds: [HarbourKind; 9] = match harbour_layout {
        HarbourLayout::Beginner => BEGINNER_HARBOURS,
        HarbourLayout::Random => {
            let mut k = HARBOUR_LIST;
            dice.shuffle(&mut k);
            events.push(
                Event::new(
                    "harbours_shuffled",
                    "CAT-BOARD-12",
                    "The harbour kinds were shuffled onto the 9 positions.",
                )
                .data(json!({"harbours": k})),
            );
            k
        }
        HarbourLayout::Manual => manual_harbours(opts.board.as_ref())?,
    };
    Ok((Board::new(tiles, kinds), events))
}

fn manual_tiles(board: Option<&ManualBoard>) -> Result<Vec<Tile>, RuleError> {
    let bad = |d: &str| RuleError::bad_options("CAT-BOARD-15", d.to_string());
    let list = board
        .and_then(|b| b.hexes.as_ref())
        .ok_or_else(|| bad("layout \"manual\" needs board.hexes with the 19 land hexes"))?;
    if list.len() != 19 {
        return Err(bad("board.hexes must list exactly 19 land hexes"));
    }
    let mut tiles: Vec<Option<Tile>> = vec![None; 19];
    for m in list {
        let id = m
            .hex
            .id()
            .ok_or_else(|| bad(&format!("{} is not a land hex", m.hex)))?;
        if tiles[id].is_some() {
            return Err(bad(&format!("hex {} is listed twice", m.hex)));
        }
        if m.terrain == Terrain::Desert && m.token.is_some() {
            return Err(bad("the desert never has a number token"));
        }
        if m.terrain != Terrain::Desert && m.token.is_none() {
            return Err(bad(&format!("hex {} needs a number token", m.hex)));
        }
        tiles[id] = Some(Tile {
            hex: m.hex,
            terrain: m.terrain,
            token: m.token,
            removed: false,
        });
    }
    let tiles: Vec<Tile> = tiles.into_iter().flatten().collect();
    let mut terrains: Vec<Terrain> = tiles.iter().map(|t| t.terrain).collect();
    terrains.sort();
    let mut want = TERRAIN_LIST.to_vec();
    want.sort();
    if terrains != want {
        return Err(bad(
            "the terrains must be 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains and 1 desert",
        ));
    }
    let mut tokens: Vec<u8> = tiles.iter().filter_map(|t| t.token).collect();
    tokens.sort();
    let mut want = TOKEN_LETTERS.to_vec();
    want.sort();
    if tokens != want {
        return Err(bad(
            "the tokens must be one each of 2 and 12 and two each of 3, 4, 5, 6, 8, 9, 10, 11",
        ));
    }
    Ok(tiles)
}

fn manual_harbours(board: Option<&ManualBoard>) -> Result<[HarbourKind; 9], RuleError> {
    let bad = |d: &str| RuleError::bad_options("CAT-BOARD-15", d.to_string());
    let list = board
        .and_then(|b| b.harbours.as_ref())
        .ok_or_else(|| bad("harbours \"manual\" needs board.harbours with 9 kinds"))?;
    let arr: [HarbourKind; 9] = list
        .clone()
        .try_into()
        .map_err(|_| bad("board.harbours must list 9 kinds"))?;
    let mut sorted = arr.to_vec();
    sorted.sort();
    let mut want = HARBOUR_LIST.to_vec();
    want.sort();
    if sorted != want {
        return Err(bad(
            "the harbours must be 4 generic and one each of brick, lumber, wool, grain, ore",
        ));
    }
    Ok(arr)
}
