//! The state (§2.3) of a Terra Mystica Automa session: everything the rules
//! read or write. Seats are the engine's `Seat`s in seat order (humans
//! first, Automa last; per-seat lists are indexed by `Seat::index`); cells
//! are indices in the map's reading order (TMA-MAP-2).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{AutomaFaction, Cult, HumanFaction, Kind, Reach, Step, Terrain};
use super::ids::{BonusCard, CardId, FavorTile, PowerSpace, TileId, TownTile};
use super::options::Options;
use crate::engine::{PerSeat, Seat};

/// A building on the map (*Gebäude*); `marked` only matters for Automa (TMA-MAP-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub owner: Seat,
    pub kind: Kind,
    pub marked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bridge {
    pub owner: Seat,
    pub a: usize,
    pub b: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowCard {
    pub card: BonusCard,
    pub coins: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoringTile {
    pub id: TileId,
    pub automa_pass_vp: u32,
    pub automa_cult: Option<Cult>,
}

/// Setup steps in order (TMA-SET-12, TMA-SET-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SetupStep {
    HumanDwelling { seat: Seat },
    AutomaDwellings,
    AutomaBonus,
    HumanBonus { seat: Seat },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Actions,
    RoundEnd,
    FinalReports,
    Finished,
}

/// A decision the rules ask a human for outside the turn order (TMA-TURN-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// TMA-HF-2: the Cultists' card showed no VP (`card` None: no card left).
    CultistCultStep { seat: Seat, card: Option<CardId> },
    /// TMA-RND-1: `spades` = spades earned (None = unknown, MotS tiles).
    CultBonusTransforms { seat: Seat, spades: Option<u8> },
    /// TMA-FAC-9 `ask`.
    PowerGainReport { seat: Seat, offered: u32 },
}

impl Pending {
    pub fn seat(&self) -> Seat {
        match self {
            Pending::CultistCultStep { seat, .. }
            | Pending::CultBonusTransforms { seat, .. }
            | Pending::PowerGainReport { seat, .. } => *seat,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Human {
    /// Index into `options.human_seats`; the seat id is `human{opt}`.
    pub opt: usize,
    pub faction: HumanFaction,
    pub home: Terrain,
    pub reach: Reach,
    pub start_vp: i32,
    pub vp_reported: i32,
    pub vp_engine: i32,
    pub initial_dwellings: u8,
    pub priests_placed: u8,
    pub bridges_placed: u8,
    pub keys: u8,
    pub favors: Vec<FavorTile>,
    pub towns: Vec<TownTile>,
    pub bonus: Option<BonusCard>,
    pub final_reported: bool,
}

/// An Automa turn waiting for the humans' power reports (Powermongers
/// `ask`, TMA-FAC-9): the card's actions still to perform.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Suspended {
    pub steps: Vec<Step>,
    /// Some action of the card was performed (TMA-ACT-2).
    pub performed: bool,
    /// A human reported gaining 2 or more power: the cult step comes first.
    pub cult_step: bool,
}

/// Automa's side (TMA-GEN-6) and her piles (TMA-DECK, TMA-PASS, TMA-GEN-12).
///
/// Server mode: `deck` and `reserve` are ordered, top first. Physical-table
/// mode: the engine does not know the order of face-down piles. `deck` then
/// holds the cards known to be in the deck (sorted), and `deck_unknown` more
/// cards of `reserve` are in it too (reserve cards added unseen when she
/// passed); `reserve` holds the ids that are in the reserve or among those
/// unknown deck cards, `reserve_unknown` of them in the reserve, below the
/// known top cards `reserve_top`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Automa {
    pub faction: AutomaFaction,
    pub home: Terrain,
    pub vp: i32,
    /// Supply per [`Kind`] index (D, TH, TE, SH, SA, Shipyard).
    pub supply: [u8; 6],
    pub priests: u8,
    pub trade_markers: u8,
    pub favors: Vec<FavorTile>,
    pub bonus: Option<BonusCard>,
    pub deck: Vec<CardId>,
    /// Server mode: the two cards rotated at shuffle time (TMA-DECK-4).
    pub rotated: Vec<CardId>,
    pub action_card: Option<CardId>,
    /// Support pile, top first (top = support card).
    pub support_pile: Vec<CardId>,
    pub reserve: Vec<CardId>,
    #[serde(rename = "box")]
    pub box_: Vec<CardId>,
    pub mots_set_aside: Option<CardId>,
    /// The Cultists' set-aside pile, face up (TMA-HF-3).
    pub cultist_aside: Vec<CardId>,
    pub achievements: Vec<u8>,
    /// Has she turned over her first pair this round (TMA-BOT-2).
    pub drew_this_round: bool,
    /// Table mode: cards of `reserve` that lie in the deck.
    pub deck_unknown: usize,
    /// Table mode: unknown cards in the reserve (below `reserve_top`).
    pub reserve_unknown: usize,
    /// Table mode: reserve cards whose identity is known, top first
    /// (Automalein's \*3).
    pub reserve_top: Vec<CardId>,
    /// A turn waiting for power reports (TMA-FAC-9 `ask`).
    pub suspended: Option<Suspended>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinalScore {
    pub seat: Seat,
    pub before_end: i64,
    pub area: i64,
    pub cults: i64,
    pub final_tile: i64,
    pub faction: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub phase: Phase,
    pub setup: Vec<SetupStep>,
    pub round: u8,
    pub n_humans: usize,
    pub start_player: Seat,
    pub to_move: Seat,
    /// Steps the human to move has taken in his current turn (TMA-HUM-2).
    pub turn_steps: u16,
    /// Seats in passing order this round.
    pub passed: Vec<Seat>,
    pub terrain: Vec<Option<Terrain>>,
    pub buildings: Vec<Option<Building>>,
    pub trade_marker: Vec<bool>,
    pub cube: Vec<bool>,
    pub blight: Vec<bool>,
    pub bridges: Vec<Bridge>,
    /// Cult positions per seat [F, W, E, A].
    pub cult: PerSeat<[u8; 4]>,
    /// Priest spaces per track: index 0 is worth 3, 1..3 worth 2.
    pub priest_spaces: [[Option<Seat>; 4]; 4],
    /// The power action spaces in use, and who covers each this round.
    pub power_actions: Vec<(PowerSpace, Option<Seat>)>,
    pub favor_supply: BTreeMap<FavorTile, u8>,
    pub town_supply: BTreeMap<TownTile, u8>,
    pub bonus_row: Vec<RowCard>,
    pub scoring_tiles: Vec<ScoringTile>,
    pub humans: PerSeat<Human>,
    pub automa: Automa,
    pub pending: Vec<Pending>,
    pub final_scores: Vec<FinalScore>,
}

impl State {
    /// Automa's seat: the last one, after the humans.
    pub fn automa_seat(&self) -> Seat {
        Seat(self.n_humans as u8)
    }
    pub fn n_seats(&self) -> usize {
        self.n_humans + 1
    }
    /// Every seat in seat order, Automa last.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..=self.n_humans as u8).map(Seat)
    }
    /// The humans' seats in seat order.
    pub fn human_seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.n_humans as u8).map(Seat)
    }
    pub fn is_human(&self, seat: Seat) -> bool {
        seat.index() < self.n_humans
    }
    /// The human in `seat` (None for Automa's seat).
    pub fn human(&self, seat: Seat) -> Option<&Human> {
        self.humans.get(seat)
    }
    /// The seat after `seat` in seat order, Automa included.
    pub fn seat_after(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.n_seats()) as u8)
    }
    pub fn is_table(&self) -> bool {
        self.options.is_table()
    }
    pub fn bridge_pairs(&self) -> Vec<(usize, usize)> {
        self.bridges.iter().map(|b| (b.a, b.b)).collect()
    }
    /// Cells holding human buildings (the walls of TMA-MAP-7).
    pub fn human_walls(&self) -> Vec<bool> {
        self.buildings
            .iter()
            .map(|b| b.is_some_and(|b| self.is_human(b.owner)))
            .collect()
    }
    pub fn cells_of(&self, seat: Seat) -> Vec<usize> {
        (0..self.buildings.len())
            .filter(|c| self.buildings[*c].is_some_and(|b| b.owner == seat))
            .collect()
    }
    pub fn human_cells(&self) -> Vec<usize> {
        (0..self.buildings.len())
            .filter(|c| self.buildings[*c].is_some_and(|b| self.is_human(b.owner)))
            .collect()
    }
    pub fn on_map(&self, seat: Seat, kind: Kind) -> usize {
        self.buildings
            .iter()
            .filter(|b| b.is_some_and(|b| b.owner == seat && b.kind == kind))
            .count()
    }
    pub fn tile(&self) -> Option<&ScoringTile> {
        self.scoring_tiles.get(usize::from(self.round.max(1)) - 1)
    }
    pub fn human_vp(&self, seat: Seat) -> i64 {
        self.human(seat)
            .map(|h| i64::from(h.start_vp) + i64::from(h.vp_reported) + i64::from(h.vp_engine))
            .unwrap_or(0)
    }
    /// Cards in Automa's deck.
    pub fn deck_len(&self) -> usize {
        self.automa.deck.len() + self.automa.deck_unknown
    }
    /// Cards in Automa's reserve.
    pub fn reserve_len(&self) -> usize {
        if self.is_table() {
            self.automa.reserve_top.len() + self.automa.reserve_unknown
        } else {
            self.automa.reserve.len()
        }
    }
}
