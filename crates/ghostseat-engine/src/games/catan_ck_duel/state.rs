//! State of `catan-ck-duel`: pieces, players, the pending queue (the options: `options.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Hex, Terrain};
use super::data::{Card, Hand, ProgressKind, Track};
use super::options::Options;
pub use crate::engine::Seat;
use crate::games::catan::board::{Board, Building as CoreBuilding, BuildingKind, Piece, Tile};
use crate::games::catan::geometry::{EdgeId, HexId, VertexId};

/// A colour (CCK-GEN-2) is the shared core's: the real seats `a`, `b` and the neutral parties
/// `n1`, `n2` (catan-shadow's fictive `f1`, `f2` never stand on this game's board).
pub use crate::games::catan::board::{Colour, NEUTRALS};

/// The two seats `a`, `b` and the other seat are the shared core's.
pub use crate::games::catan::board::{other, SEATS};

/// Seat `a` (colour `a`).
pub const SEAT_A: Seat = SEATS[0];
/// Seat `b` (colour `b`).
pub const SEAT_B: Seat = SEATS[1];

/// The colour of a real seat.
pub fn colour_of(seat: Seat) -> Colour {
    Colour::of_seat(seat)
}

/// The seat of a real colour.
pub fn seat_of(c: Colour) -> Option<Seat> {
    c.seat()
}

/// Both seats, `first` first: the order in which the table resolves what concerns both
/// players (the active player first, CCK-GEN-3).
pub fn seats_from(first: Seat) -> [Seat; 2] {
    [first, other(first)]
}

/// The two players' holdings, indexed by [`Seat`]. The snapshot writes the plain two-element
/// list it always wrote.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Players(pub [Player; 2]);

impl std::ops::Index<Seat> for Players {
    type Output = Player;
    fn index(&self, seat: Seat) -> &Player {
        &self.0[seat.index().min(1)]
    }
}

impl std::ops::IndexMut<Seat> for Players {
    fn index_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.0[seat.index().min(1)]
    }
}

// A land hex as the view shows it (the state keeps the core's `Tile`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HexTile {
    pub hex: Hex,
    pub terrain: Terrain,
    /// 0 for the desert.
    pub token: u8,
}

/// A settlement or city with what Cities & Knights adds to a city (a wall, a metropolis), as
/// the rules read it. The board keeps the core's [`CoreBuilding`] (colour, settlement or
/// city) and the wall and metropolis as the intersection's [`Extra`]; [`State::building`]
/// puts them together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub colour: Colour,
    pub city: bool,
    pub wall: bool,
    pub metropolis: Option<Track>,
}

/// What Cities & Knights adds on an intersection, the core board's extra piece
/// ([`Piece`]): a knight on an intersection with no building (CCK-KNIGHT-1), or the wall
/// and metropolis of a city (CCK-BUILD-3, CCK-IMP-4). At most one per intersection, since a
/// knight never stands on a building. A knight blocks other colours' roads and trails and
/// takes a settlement's spot (CCK-BUILD-2); under a city the colour is the city's, so it
/// blocks nothing the city does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Extra {
    Knight(Knight),
    City {
        colour: Colour,
        wall: bool,
        metropolis: Option<Track>,
    },
}

impl Piece for Extra {
    fn colour(&self) -> Colour {
        match self {
            Extra::Knight(k) => k.colour,
            Extra::City { colour, .. } => *colour,
        }
    }
}

impl Building {
    /// A settlement (or, with `city`, a city) without wall or metropolis.
    pub fn plain(colour: Colour, city: bool) -> Building {
        Building {
            colour,
            city,
            wall: false,
            metropolis: None,
        }
    }

    /// The building as the shared core sees it: a settlement or a city of a colour.
    pub fn core(self) -> CoreBuilding {
        CoreBuilding {
            colour: self.colour,
            kind: if self.city {
                BuildingKind::City
            } else {
                BuildingKind::Settlement
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knight {
    pub colour: Colour,
    /// 1 basic, 2 strong, 3 mighty.
    pub level: u8,
    pub active: bool,
    pub activated_turn: u32,
    pub acted_turn: u32,
    pub promoted_turn: u32,
}

impl Knight {
    /// A knight just placed: no activation, action or promotion on record yet.
    pub fn placed(colour: Colour, level: u8, active: bool) -> Knight {
        Knight {
            colour,
            level,
            active,
            activated_turn: 0,
            acted_turn: 0,
            promoted_turn: 0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ProgressCard {
    pub kind: ProgressKind,
    pub drawn_turn: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Hand,
    pub progress: Vec<ProgressCard>,
    /// Face-up Printer / Constitution (CCK-PROG-3).
    pub vp_cards: Vec<ProgressKind>,
    pub defender: u32,
    /// Levels of trade, politics, science.
    pub imp: [u8; 3],
    pub roads_left: i32,
    pub settlements_left: i32,
    pub cities_left: i32,
    pub walls_left: i32,
    /// Knights in stock by level 1..3.
    pub knights_left: [u8; 3],
    pub tokens: u32,
    pub token_action_used: bool,
    pub knight_removed: bool,
    pub merchant_fleet: Option<Card>,
}

impl Player {
    pub fn new() -> Self {
        Player {
            hand: Hand::default(),
            progress: Vec::new(),
            vp_cards: Vec::new(),
            defender: 0,
            imp: [0; 3],
            roads_left: 15,
            settlements_left: 5,
            cities_left: 4,
            walls_left: 3,
            knights_left: [2, 2, 2],
            tokens: 5,
            token_action_used: false,
            knight_removed: false,
            merchant_fleet: None,
        }
    }
}

impl Default for Player {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NeutralStock {
    pub roads_left: i32,
    pub settlements_left: i32,
    /// Basic, strong (mighty never used, CCK-NEUT-6).
    pub knights_left: [u8; 2],
}

/// What a neutral decision is about (CCK-NEUT-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum NeutralTask {
    Road,
    Settlement,
    Knight {
        level: u8,
    },
    /// Promote a neutral basic knight to strong.
    Promotion,
    /// Re-place the displaced knight of `colour` (CCK-NEUT-8).
    Relocation {
        colour: Colour,
        level: u8,
        // The intersection it stood on, by its number in reading order (CAT-BOARD-16), as the
        // view has always shown it.
        #[serde(with = "vertex_number")]
        #[schemars(with = "usize")]
        from: VertexId,
    },
}

/// Forced-trade mode (CCK-TOKEN-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TradeMode {
    Resources,
    All,
}

/// Open decisions and queued engine steps, resolved front first (CAT-TURN-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Pending {
    // --- engine steps (no decision) ---
    /// Resolve the number sum of roll `roll` (1 or 2) (CCK-DICE-3).
    Number {
        roll: u8,
        sum: u8,
    },
    /// Both halves of roll `roll` are done.
    RollDone {
        roll: u8,
    },
    // --- decisions ---
    Discard {
        seat: Seat,
        count: u32,
    },
    Robber {
        seat: Seat,
    },
    Neutral {
        task: NeutralTask,
        trigger: String,
    },
    KnightRelocation {
        seat: Seat,
        level: u8,
        active: bool,
        // The intersection it stood on, by its number in reading order (CAT-BOARD-16), as the
        // view has always shown it.
        #[serde(with = "vertex_number")]
        #[schemars(with = "usize")]
        from: VertexId,
    },
    Aqueduct {
        seat: Seat,
    },
    DefenderDraw {
        seat: Seat,
    },
    Pillage {
        seat: Seat,
    },
    MetropolisPlace {
        seat: Seat,
        track: Track,
    },
    ProgressExcess {
        seat: Seat,
    },
    ForcedTradeReturn {
        seat: Seat,
        mode: TradeMode,
    },
    TradeResponse {
        seat: Seat,
        give: Hand,
        want: Hand,
    },
    DeserterPick {
        seat: Seat,
    },
    DeserterPlace {
        seat: Seat,
        level: u8,
        active: bool,
    },
    DiplomatReplace {
        seat: Seat,
    },
    WeddingGive {
        seat: Seat,
        count: u32,
    },
    SaboteurDiscard {
        seat: Seat,
        count: u32,
    },
    CommercialHarborGive {
        seat: Seat,
    },
    SpyPick {
        seat: Seat,
    },
    MasterMerchantPick {
        seat: Seat,
        count: u32,
    },
}

impl Pending {
    /// The seat that answers, None for engine steps and neutral decisions.
    pub fn seat(&self) -> Option<Seat> {
        use Pending::*;
        match self {
            Number { .. } | RollDone { .. } | Neutral { .. } => None,
            Discard { seat, .. }
            | Robber { seat }
            | KnightRelocation { seat, .. }
            | Aqueduct { seat }
            | DefenderDraw { seat }
            | Pillage { seat }
            | MetropolisPlace { seat, .. }
            | ProgressExcess { seat }
            | ForcedTradeReturn { seat, .. }
            | TradeResponse { seat, .. }
            | DeserterPick { seat }
            | DeserterPlace { seat, .. }
            | DiplomatReplace { seat }
            | WeddingGive { seat, .. }
            | SaboteurDiscard { seat, .. }
            | CommercialHarborGive { seat }
            | SpyPick { seat }
            | MasterMerchantPick { seat, .. } => Some(*seat),
        }
    }
    pub fn is_step(&self) -> bool {
        matches!(self, Pending::Number { .. } | Pending::RollDone { .. })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-up placement step 0..8 (even: building, odd: road).
    Setup {
        step: u8,
    },
    /// Before the first roll.
    Roll1,
    /// Between the rolls.
    Roll2,
    Main,
    Finished,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RollRecord {
    pub white: u8,
    pub red: u8,
    pub event: u8,
    pub sum: u8,
    /// Number throws rejected because they repeated the first sum (CCK-DICE-4).
    pub rejected: Vec<[u8; 2]>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub opts: Options,
    /// The island on the shared core: tiles, harbours, robber, settlements and cities,
    /// roads, and the knights, walls and metropolises as pieces ([`Extra`]).
    pub board: Board<Extra>,
    pub robber_awake: bool,
    /// (hex, seat) (CCK-PROG-26).
    pub merchant: Option<(HexId, Seat)>,
    pub barbarian: u8,
    pub players: Players,
    pub neutrals: [NeutralStock; 2],
    pub bank: Hand,
    /// Top card = last element; indexed by Track.
    pub decks: [Vec<ProgressKind>; 3],
    pub defender_left: u32,
    pub metropolis: [Option<Seat>; 3],
    pub token_supply: u32,
    pub longest_road: Option<Colour>,
    pub turn: u32,
    pub active: Seat,
    pub first_player: Seat,
    pub phase: Phase,
    pub rolls: Vec<RollRecord>,
    pub pending: Vec<Pending>,
    /// Set-up: the building just placed that the next road must touch.
    pub setup_vertex: Option<VertexId>,
    pub built_this_turn: bool,
    pub winner: Option<Seat>,

    /// Hidden draws entered with the current move (physical table); never stored.
    #[serde(skip)]
    pub entered: Entered,
}

/// Cards entered at a physical table for one move (CAT-RNG-3), used in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entered {
    pub cards: std::collections::VecDeque<Card>,
    pub progress: std::collections::VecDeque<ProgressKind>,
}

/// An intersection as its number in reading order, as the pending queue has always shown it
/// (`from` of a knight relocation in the view).
mod vertex_number {
    use super::VertexId;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &VertexId, s: S) -> Result<S::Ok, S::Error> {
        v.index().serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<VertexId, D::Error> {
        let i = usize::deserialize(d)?;
        VertexId::from_index(i)
            .ok_or_else(|| serde::de::Error::custom(format!("no intersection number {i}")))
    }
}

/// The board as this game reads it: buildings with their wall and metropolis, knights and
/// roads in this game's colours. Everything is stored on the core's [`Board`].
impl State {
    pub fn tile(&self, h: HexId) -> &Tile {
        self.board.tile(h)
    }
    /// The number token of `h`, 0 for the desert.
    pub fn token(&self, h: HexId) -> u8 {
        self.board.tile(h).token.unwrap_or(0)
    }
    /// The settlement or city on `v`, with its wall and metropolis.
    pub fn building(&self, v: VertexId) -> Option<Building> {
        let b = self.board.building(v)?;
        let colour = b.colour;
        let (wall, metropolis) = match self.board.piece(v) {
            Some(Extra::City {
                wall, metropolis, ..
            }) => (*wall, *metropolis),
            _ => (false, None),
        };
        Some(Building {
            colour,
            city: b.kind == BuildingKind::City,
            wall,
            metropolis,
        })
    }
    /// Puts (or with None takes away) a building; its wall and metropolis go with it.
    pub fn set_building(&mut self, v: VertexId, b: Option<Building>) {
        self.board.set_building(v, b.map(Building::core));
        let extra = b
            .filter(|b| b.wall || b.metropolis.is_some())
            .map(|b| Extra::City {
                colour: b.colour,
                wall: b.wall,
                metropolis: b.metropolis,
            });
        if extra.is_some() || matches!(self.board.piece(v), Some(Extra::City { .. })) {
            self.board.set_piece(v, extra);
        }
    }
    /// Changes the building on `v`, if there is one.
    pub fn edit_building(&mut self, v: VertexId, f: impl FnOnce(&mut Building)) {
        if let Some(mut b) = self.building(v) {
            f(&mut b);
            self.set_building(v, Some(b));
        }
    }
    /// Every building, in reading order.
    pub fn buildings(&self) -> impl Iterator<Item = Building> + '_ {
        VertexId::all().filter_map(|v| self.building(v))
    }
    /// The knight on `v`.
    pub fn knight(&self, v: VertexId) -> Option<Knight> {
        match self.board.piece(v) {
            Some(Extra::Knight(k)) => Some(*k),
            _ => None,
        }
    }
    pub fn knight_mut(&mut self, v: VertexId) -> Option<&mut Knight> {
        match self.board.pieces.get_mut(v.index()) {
            Some(Some(Extra::Knight(k))) => Some(k),
            _ => None,
        }
    }
    /// Puts (or with None takes away) the knight on `v`.
    pub fn set_knight(&mut self, v: VertexId, k: Option<Knight>) {
        if k.is_some() || self.knight(v).is_some() {
            self.board.set_piece(v, k.map(Extra::Knight));
        }
    }
    /// Takes the knight off `v`.
    pub fn take_knight(&mut self, v: VertexId) -> Option<Knight> {
        let k = self.knight(v);
        self.set_knight(v, None);
        k
    }
    /// Every knight, in reading order.
    pub fn knights(&self) -> impl Iterator<Item = Knight> + '_ {
        VertexId::all().filter_map(|v| self.knight(v))
    }
    /// Every knight, to change.
    pub fn knights_mut(&mut self) -> impl Iterator<Item = &mut Knight> + '_ {
        self.board.pieces.iter_mut().filter_map(|p| match p {
            Some(Extra::Knight(k)) => Some(k),
            _ => None,
        })
    }
    /// The colour of the road on `e`.
    pub fn road(&self, e: EdgeId) -> Option<Colour> {
        self.board.road(e)
    }
    pub fn set_road(&mut self, e: EdgeId, c: Option<Colour>) {
        self.board.set_road(e, c);
    }
    /// Takes the road off `e`.
    pub fn take_road(&mut self, e: EdgeId) -> Option<Colour> {
        let c = self.road(e);
        self.set_road(e, None);
        c
    }
    /// Every road's colour, in reading order.
    pub fn roads(&self) -> impl Iterator<Item = Colour> + '_ {
        EdgeId::all().filter_map(|e| self.road(e))
    }
}
