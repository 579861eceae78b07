//! Options (§3) and the state (§2.3) of a Terra Mystica Automa session.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::data::{AutomaFaction, Cult, Difficulty, HumanFaction, Kind, Reach, Terrain};

/// One human's setup (§3 `HumanSeat`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct HumanSeat {
    pub faction: HumanFaction,
    /// Required for `other` and the F&I factions with a chosen colour.
    pub home_terrain: Option<Terrain>,
    /// [Fire, Water, Earth, Air]; default from the faction table.
    pub start_cult: Option<[u8; 4]>,
    pub initial_dwellings: Option<u8>,
    pub reach: Option<Reach>,
    pub start_vp: Option<i32>,
}

impl Default for HumanSeat {
    fn default() -> Self {
        HumanSeat {
            faction: HumanFaction::Witches,
            home_terrain: None,
            start_cult: None,
            initial_dwellings: None,
            reach: None,
            start_vp: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum FinalTile {
    #[default]
    None,
    GreatestDistance,
    Settlements,
    StrongholdSanctuary,
    Outposts,
    /// MotS tile; cannot be used with Automa (TMA-SET-1).
    MostTradeMarkers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum ChanceSource {
    #[default]
    Server,
    Table,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RulesMode {
    #[default]
    House,
    Table,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum PowermongersTrigger {
    #[default]
    Offered,
    Ask,
}

/// Automa's data on one scoring tile (TMA-SET-4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    pub automa_pass_vp: u32,
    pub automa_cult: Option<Cult>,
}

/// A table-supplied scoring tile (TMA-GEN-12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableTile {
    pub id: String,
    pub automa_pass_vp: u32,
    pub automa_cult: Option<Cult>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TableSetup {
    pub bonus_row: Vec<String>,
    pub scoring_tiles: Vec<TableTile>,
    pub extra_starter_cards: Vec<String>,
}

/// ATP rows of one card (TMA-SEL-5/6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AtpRows {
    #[serde(rename = "A")]
    pub a: Vec<Terrain>,
    #[serde(rename = "B")]
    pub b: Vec<Terrain>,
}

/// Session options (§3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub humans: u8,
    pub human_seats: Vec<HumanSeat>,
    pub first_human: u8,
    pub automa_faction: AutomaFaction,
    pub automa_home_terrain: Option<Terrain>,
    pub difficulty: Difficulty,
    pub map: String,
    pub fire_and_ice: bool,
    pub final_scoring_tile: FinalTile,
    pub merchants_of_the_seas: bool,
    pub promo_scoring_tile: bool,
    pub shipping_bonus_card: bool,
    pub chance_source: ChanceSource,
    pub table_setup: Option<TableSetup>,
    pub scoring_tile_data: BTreeMap<String, TileData>,
    pub atp_cards: BTreeMap<Terrain, AtpRows>,
    /// map id → terrain → letter → cell.
    pub map_letters: BTreeMap<String, BTreeMap<Terrain, BTreeMap<String, String>>>,
    pub mots_shipyard_power: u8,
    pub mots_power_action_spaces: u8,
    pub mots_bonus_cards: Vec<String>,
    pub automa_trade_markers: u8,
    pub powermongers_trigger: PowermongersTrigger,
    pub symbionts_rules: RulesMode,
    pub symbiont_cube_vp: i32,
    pub symbiont_youth_atp: Option<AtpRows>,
    pub blight_rules: RulesMode,
    pub gognomes_rules: RulesMode,
    pub gognome_achievement_vp: [i32; 6],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            humans: 1,
            human_seats: vec![HumanSeat::default()],
            first_human: 0,
            automa_faction: AutomaFaction::Simpletons,
            automa_home_terrain: None,
            difficulty: Difficulty::Automa,
            map: "base".into(),
            fire_and_ice: false,
            final_scoring_tile: FinalTile::None,
            merchants_of_the_seas: false,
            promo_scoring_tile: false,
            shipping_bonus_card: false,
            chance_source: ChanceSource::Server,
            table_setup: None,
            scoring_tile_data: BTreeMap::new(),
            atp_cards: BTreeMap::new(),
            map_letters: BTreeMap::new(),
            mots_shipyard_power: 3,
            mots_power_action_spaces: 3,
            mots_bonus_cards: vec!["MB1".into(), "MB2".into(), "MB3".into()],
            automa_trade_markers: 15,
            powermongers_trigger: PowermongersTrigger::Offered,
            symbionts_rules: RulesMode::House,
            symbiont_cube_vp: 2,
            symbiont_youth_atp: None,
            blight_rules: RulesMode::House,
            gognomes_rules: RulesMode::House,
            gognome_achievement_vp: [3; 6],
        }
    }
}

/// A building on the map (*Gebäude*); `marked` only matters for Automa (TMA-MAP-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub owner: usize,
    pub kind: Kind,
    pub marked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bridge {
    pub owner: usize,
    pub a: usize,
    pub b: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowCard {
    pub card: String,
    pub coins: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoringTile {
    pub id: String,
    pub automa_pass_vp: u32,
    pub automa_cult: Option<Cult>,
}

/// Setup steps in order (TMA-SET-12, TMA-SET-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum SetupStep {
    HumanDwelling { seat: usize },
    AutomaDwellings,
    AutomaBonus,
    HumanBonus { seat: usize },
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

/// A decision the rules ask a human for (TMA-TURN-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// TMA-HF-2.
    CultistCultStep { seat: usize },
    /// TMA-RND-1: `spades` = spades earned (None = unknown, MotS tiles).
    CultBonusTransforms { seat: usize, spades: Option<u8> },
    /// TMA-FAC-9 `ask`.
    PowerGainReport { seat: usize, offered: u32 },
}

impl Decision {
    pub fn seat(&self) -> usize {
        match self {
            Decision::CultistCultStep { seat }
            | Decision::CultBonusTransforms { seat, .. }
            | Decision::PowerGainReport { seat, .. } => *seat,
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
    pub favors: Vec<String>,
    pub towns: Vec<String>,
    pub bonus: Option<String>,
    pub final_reported: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Automa {
    pub faction: AutomaFaction,
    pub home: Terrain,
    pub vp: i32,
    /// Supply per [`Kind`] index (D, TH, TE, SH, SA, Shipyard).
    pub supply: [u8; 6],
    pub priests: u8,
    pub trade_markers: u8,
    pub favors: Vec<String>,
    pub bonus: Option<String>,
    /// Draw deck, top first (hidden).
    pub deck: Vec<String>,
    /// The two cards rotated at shuffle time (TMA-DECK-4).
    pub rotated: Vec<String>,
    pub action_card: Option<String>,
    /// Support pile, top first (top = support card).
    pub support_pile: Vec<String>,
    pub reserve: Vec<String>,
    #[serde(rename = "box")]
    pub box_: Vec<String>,
    pub mots_set_aside: Option<String>,
    pub cultist_aside: Vec<String>,
    pub achievements: Vec<u8>,
    /// Has she turned over her first pair this round (TMA-BOT-2).
    pub drew_this_round: bool,
    /// Physical-table mode: cards in the deck / reserve (the piles then hold possible ids).
    #[serde(default)]
    pub deck_count: usize,
    #[serde(default)]
    pub reserve_count: usize,
    /// Physical-table mode: reserve cards whose identity is known, top first (Automalein's *3).
    #[serde(default)]
    pub reserve_known_top: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinalScore {
    pub seat: String,
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
    pub start_player: usize,
    pub to_move: usize,
    /// Seats in passing order this round.
    pub passed: Vec<usize>,
    pub terrain: Vec<Option<Terrain>>,
    pub buildings: Vec<Option<Building>>,
    pub trade_marker: Vec<bool>,
    pub cube: Vec<bool>,
    pub blight: Vec<bool>,
    pub bridges: Vec<Bridge>,
    /// Cult positions per seat [F, W, E, A].
    pub cult: Vec<[u8; 4]>,
    /// Priest spaces per track: index 0 is worth 3, 1..3 worth 2.
    pub priest_spaces: [[Option<usize>; 4]; 4],
    pub power_ids: Vec<String>,
    pub power_actions: Vec<Option<usize>>,
    pub favor_supply: BTreeMap<String, u8>,
    pub town_supply: BTreeMap<String, u8>,
    pub bonus_row: Vec<RowCard>,
    pub scoring_tiles: Vec<ScoringTile>,
    pub humans: Vec<Human>,
    pub automa: Automa,
    pub pending: Vec<Decision>,
    pub final_scores: Vec<FinalScore>,
}

impl State {
    pub fn automa_seat(&self) -> usize {
        self.n_humans
    }
    pub fn seat_id(&self, seat: usize) -> String {
        match self.humans.get(seat) {
            Some(h) => format!("human{}", h.opt),
            None => "automa".into(),
        }
    }
    pub fn n_seats(&self) -> usize {
        self.n_humans + 1
    }
    pub fn bridge_pairs(&self) -> Vec<(usize, usize)> {
        self.bridges.iter().map(|b| (b.a, b.b)).collect()
    }
    /// Cells holding human buildings (the walls of TMA-MAP-7).
    pub fn human_walls(&self) -> Vec<bool> {
        self.buildings
            .iter()
            .map(|b| b.is_some_and(|b| b.owner < self.n_humans))
            .collect()
    }
    pub fn cells_of(&self, seat: usize) -> Vec<usize> {
        (0..self.buildings.len())
            .filter(|c| self.buildings[*c].is_some_and(|b| b.owner == seat))
            .collect()
    }
    pub fn human_cells(&self) -> Vec<usize> {
        (0..self.buildings.len())
            .filter(|c| self.buildings[*c].is_some_and(|b| b.owner < self.n_humans))
            .collect()
    }
    pub fn on_map(&self, seat: usize, kind: Kind) -> usize {
        self.buildings
            .iter()
            .filter(|b| b.is_some_and(|b| b.owner == seat && b.kind == kind))
            .count()
    }
    pub fn tile(&self) -> Option<&ScoringTile> {
        self.scoring_tiles.get(usize::from(self.round.max(1)) - 1)
    }
    pub fn human_vp(&self, seat: usize) -> i64 {
        self.humans
            .get(seat)
            .map(|h| i64::from(h.start_vp) + i64::from(h.vp_reported) + i64::from(h.vp_engine))
            .unwrap_or(0)
    }
}
