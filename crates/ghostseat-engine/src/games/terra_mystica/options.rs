//! Session options (spec §3), documented field by field (the doc comments are
//! the descriptions of `GET /v1/games`) and validated at creation: every
//! refusal names the option (`map_letters.base.lakes.D`).
//!
//! Each description says whether a choice is the original rule (the German
//! rulebook of the Automa box), a setup choice the rulebook leaves to the
//! players, or a **house default**: data the physical components print but
//! no public source contains (§9), replaceable with the printed values.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::engine::{GameOptions, RuleError, TableChoice};

use super::board::{geo, house_letter_cell};
use super::data::{
    AutomaFaction, Cult, Difficulty, HumanFaction, Reach, Terrain, BONUS_BASE, WHEEL,
};
use super::ids::{BonusCard, CardId, Cell, Letter, MapId, TileId};
use super::refusals::{Ranged, Refusal};

/// One human's setup (§3 `HumanSeat`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct HumanSeat {
    /// The human's faction. Its home terrain, start cult positions, number
    /// of initial dwellings and reach follow from it (the table of §3), or
    /// from the fields below. `other` stands for any faction the engine does
    /// not know (then `home_terrain` is required).
    pub faction: HumanFaction,
    /// The home terrain (a map terrain). Required for `other` and the Fire &
    /// Ice factions that choose a colour; for the other factions it may be
    /// given only as their own terrain.
    pub home_terrain: Option<Terrain>,
    /// Start positions on the cult tracks [Fire, Water, Earth, Air], 0–10;
    /// default: the faction's (§3).
    #[schemars(inner(range(max = 10)))]
    pub start_cult: Option<[u8; 4]>,
    /// How many initial dwellings the human places (1–3); default: the
    /// faction's (Nomads 3, Chaos Magicians 1, others 2).
    #[schemars(range(min = 1, max = 3))]
    pub initial_dwellings: Option<u8>,
    /// Shipping level (0–5) or teleport range (1–4), for area scoring;
    /// default: the faction's. Raised during play with `set_reach`.
    pub reach: Option<Reach>,
    /// Victory points at the start (0–100); default 20.
    #[schemars(range(max = 100))]
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

/// The Fire & Ice final scoring tile (TMA-END-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum FinalTile {
    /// No final scoring tile.
    #[default]
    None,
    /// Greatest distance between two buildings of one network.
    GreatestDistance,
    /// Most settlements (clusters) in one network.
    Settlements,
    /// Distance between stronghold and sanctuary.
    StrongholdSanctuary,
    /// Most buildings on the map edge in one network.
    Outposts,
    /// The Merchants of the Seas tile: it cannot be used with Automa
    /// (TMA-SET-1), so it is refused.
    MostTradeMarkers,
}

/// Where chance comes from (TMA-GEN-11/12): the option `chance_source` of
/// sessions created before `table_mode` (still read), and the record of the
/// set-up event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum ChanceSource {
    /// The server shuffles, deals and turns over every card.
    #[default]
    Server,
    /// Physical-table mode: the players use their real components and send
    /// every Automa card turned over, by id, in the request's `table` field.
    Table,
}

/// Whether a faction's rules not printed in any public source are played
/// with the engine's house rule or left to the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RulesMode {
    /// The engine's house rule (§9).
    #[default]
    House,
    /// The table applies the printed faction card; the engine only places
    /// the pieces, and Automa VP from it are reported with `report_automa_vp`.
    Table,
}

/// What triggers the Powermongers' cult step (TMA-FAC-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum PowermongersTrigger {
    /// House default: the power *offered* to a human by one Automa action is
    /// 2 or more.
    #[default]
    Offered,
    /// The power a human actually *gains*: the engine asks each human offered
    /// 2 or more (`power_gain_report`) and continues Automa's turn after the
    /// answers.
    Ask,
}

/// Automa's data on one scoring tile (TMA-SET-4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileData {
    /// The VP printed in the lower right corner: Automa scores them when she
    /// passes in that round.
    #[schemars(range(max = 30))]
    pub automa_pass_vp: u32,
    /// The colour of the Automa icon: the cult track her "scoring tile"
    /// cult method prefers (null: none).
    pub automa_cult: Option<Cult>,
}

/// A scoring tile as it lies on the table (TMA-GEN-12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableTile {
    /// The tile (`SCORE1`–`SCORE9`, or `MS1`–`MS12` with Merchants of the Seas).
    pub id: TileId,
    /// The VP printed in its lower right corner.
    #[schemars(range(max = 30))]
    pub automa_pass_vp: u32,
    /// The colour of its Automa icon (null: none).
    pub automa_cult: Option<Cult>,
}

/// What the players dealt at the table (physical-table mode, TMA-GEN-12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TableSetup {
    /// The bonus row as laid out, left to right: 5 cards solo, 6 with two
    /// humans (TMA-SET-15, TMA-TWO-6).
    pub bonus_row: Vec<BonusCard>,
    /// The six scoring tiles of rounds 1–6 with their Automa data as printed
    /// (the spade tile `SCORE1` may not lie on round 5 or 6, TMA-SET-3).
    pub scoring_tiles: Vec<TableTile>,
    /// The reserve cards added to the starter cards at levels Automächtig,
    /// Ultoma (one) and Alptrauma (two) (TMA-DECK-5).
    pub extra_starter_cards: Vec<CardId>,
}

/// The two rows of a terrain-priority (ATP) card (TMA-SEL-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AtpRows {
    /// Row A, left to right: the seven map terrains.
    #[serde(rename = "A")]
    pub a: Vec<Terrain>,
    /// Row B, left to right: the seven map terrains.
    #[serde(rename = "B")]
    pub b: Vec<Terrain>,
}

/// The letters of one terrain on an initial-dwelling map card: letter →
/// the cell of that terrain that carries it.
pub type LetterCells = BTreeMap<String, Cell>;

/// Session options (§3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of humans: 1 (solo, the original rules) or 2 (the variant
    /// *Zu zweit mit Automa*, TMA-TWO-*).
    #[schemars(range(min = 1, max = 2))]
    pub humans: u8,
    /// One entry per human, in the order of `humans` (seat ids `human0`,
    /// `human1`).
    pub human_seats: Vec<HumanSeat>,
    /// With two humans: which of them (0 or 1) starts round 1; the players
    /// choose (TMA-TWO-5). Solo: 0.
    #[schemars(range(max = 1))]
    pub first_human: u8,
    /// Automa's faction card; the rules recommend The Simpletons for a first
    /// game. With two humans it must be The Simpletons (TMA-TWO-4); it may
    /// not be The Blight against human Giants (TMA-HF-7).
    pub automa_faction: AutomaFaction,
    /// Automa's home terrain, different from every human's (TMA-SET-8); the
    /// players choose. Default (a house choice): the first terrain going
    /// clockwise round the wheel, starting 3 steps after the first human's,
    /// that no human uses.
    pub automa_home_terrain: Option<Terrain>,
    /// The difficulty level (TMA-DECK-5/6): `automalein` (1) to `alptrauma` (5).
    pub difficulty: Difficulty,
    /// The map. `fire-ice-1` and `revised-base` need `fire_and_ice`.
    pub map: MapId,
    /// Play with the Fire & Ice expansion: its factions, maps and final
    /// scoring tiles.
    pub fire_and_ice: bool,
    /// The Fire & Ice final scoring tile, if any (needs `fire_and_ice`).
    pub final_scoring_tile: FinalTile,
    /// Play with the Merchants of the Seas rules of the Automa box (its
    /// Automa cards, Trade, the extra power-action board, the Shipyard,
    /// Automa's smaller trading-house supply).
    pub merchants_of_the_seas: bool,
    /// Add the temple promo tile `SCORE9` to the scoring-tile pool.
    pub promo_scoring_tile: bool,
    /// Add the shipping promo bonus card `BON10` to the bonus-card pool.
    pub shipping_bonus_card: bool,
    /// What the table supplies (TMA-GEN-11/12, SESSION-TABLE-3): `server`
    /// (default: the server shuffles, deals and turns over every card) or
    /// `all` (physical-table mode: the players use their real components and
    /// send every Automa card they turn over, by id, in the request's
    /// `table` field; the game has no dice).
    #[schemars(schema_with = "table_mode_schema")]
    pub table_mode: TableChoice,
    /// What the table dealt (required with `table_mode = all`, refused
    /// otherwise).
    pub table_setup: Option<TableSetup>,
    /// **House default** replacement: Automa's pass VP and Automa-icon
    /// colour per scoring tile, as printed on the physical tiles. Tiles not
    /// listed use the house default (TMA-SET-4: 5 VP; colour = the tile's
    /// cult-bonus track).
    pub scoring_tile_data: BTreeMap<TileId, TileData>,
    /// **House default** replacement: the terrain-priority (ATP) cards per
    /// home terrain, as printed. Terrains not listed use the house rows
    /// (TMA-SEL-6: row A clockwise from the home terrain, row B
    /// counter-clockwise). Each row lists the seven map terrains once and
    /// starts with the card's own terrain.
    pub atp_cards: BTreeMap<Terrain, AtpRows>,
    /// **House default** replacement: the initial-dwelling map cards, as
    /// printed: map → Automa home terrain → letter (`A`–`F`) → the cell of
    /// that terrain carrying the letter. Letters not given use the house
    /// letters (TMA-SET-13, §9.2). Every cell must be a land cell of that
    /// terrain on that map, and no two letters of one terrain may share a cell.
    pub map_letters: BTreeMap<MapId, BTreeMap<Terrain, LetterCells>>,
    /// **House default** (3): the power value of a Shipyard (1–3), which the
    /// public sources do not give.
    #[schemars(range(min = 1, max = 3))]
    pub mots_shipyard_power: u8,
    /// **House default** (3): the number of spaces `M1`… on the Merchants of
    /// the Seas power-action board (1–6).
    #[schemars(range(min = 1, max = 6))]
    pub mots_power_action_spaces: u8,
    /// **House default** (`MB1`–`MB3`): the ids of the extra bonus cards in
    /// the pool with Merchants of the Seas (their effects stay at the table).
    pub mots_bonus_cards: Vec<BonusCard>,
    /// **House default** (15): Automa's trade markers with Merchants of the
    /// Seas (0–30).
    #[schemars(range(max = 30))]
    pub automa_trade_markers: u8,
    /// Powermongers: what triggers the cult step (TMA-FAC-9). `offered`
    /// is the house default; `ask` asks the humans what they gained.
    pub powermongers_trigger: PowermongersTrigger,
    /// Symbionts (TMA-FAC-10): `house` (the house rule of §9: no extra
    /// setup, cubes block nothing and score at the end) or `table`.
    pub symbionts_rules: RulesMode,
    /// **House default** (2): end-game VP per Symbiont cube still on the map
    /// (0–10).
    #[schemars(range(max = 10))]
    pub symbiont_cube_vp: i32,
    /// **House default** replacement: the Symbionts' "youth" ATP card; by
    /// default Automa's own ATP rows. Each row lists the seven map terrains once.
    pub symbiont_youth_atp: Option<AtpRows>,
    /// The Blight (TMA-FAC-11): `house` (the house rule of §9) or `table`.
    pub blight_rules: RulesMode,
    /// Gognomes (TMA-FAC-12): `house` (house achievements I–VI) or `table`.
    pub gognomes_rules: RulesMode,
    /// **House default** ([3, 3, 3, 3, 3, 3]): VP of the Gognomes'
    /// achievements I–VI (0–10 each).
    #[schemars(inner(range(max = 10)))]
    pub gognome_achievement_vp: [i32; 6],
    /// Replaced by `table_mode`; read only from sessions created before it
    /// (`table` is `table_mode: "all"`).
    #[serde(skip_serializing)]
    #[schemars(skip)]
    pub chance_source: Option<ChanceSource>,
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
            map: MapId::Base,
            fire_and_ice: false,
            final_scoring_tile: FinalTile::None,
            merchants_of_the_seas: false,
            promo_scoring_tile: false,
            shipping_bonus_card: false,
            table_mode: TableChoice::Server,
            table_setup: None,
            chance_source: None,
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

/// A refused option: always a typed message.
fn bad(rule: &str, option: &str, detail: Refusal) -> RuleError {
    RuleError::bad_option(rule, option, detail)
}

/// Home terrain of a human seat (derived or chosen, §3).
pub fn human_home(hs: &HumanSeat) -> Option<Terrain> {
    let (fixed, ..) = hs.faction.defaults();
    match (fixed, hs.home_terrain) {
        (Some(t), None) => Some(t),
        (Some(t), Some(c)) if c == t => Some(t),
        (None, Some(c)) if c.wheel_index().is_some() => Some(c),
        _ => None,
    }
}

/// Default Automa home terrain (§3): clockwise from 3 steps after the first
/// human's, unused by humans.
pub fn default_automa_home(homes: &[Terrain]) -> Terrain {
    let h0 = homes.first().and_then(|t| t.wheel_index()).unwrap_or(0);
    (0..7)
        .map(|k| WHEEL[(h0 + 3 + k) % 7])
        .find(|t| !homes.contains(t))
        .unwrap_or(Terrain::Desert)
}

/// Checks that a row lists the seven map terrains once each.
fn is_wheel_permutation(row: &[Terrain]) -> bool {
    row.len() == 7 && WHEEL.iter().all(|t| row.contains(t))
}

impl Options {
    /// The cell of `terrain` carrying `letter` on the initial-dwelling map
    /// card of `map` (TMA-SET-13): the option's, else the house letter.
    pub fn letter_cell(&self, map: MapId, terrain: Terrain, letter: Letter) -> Option<usize> {
        let g = geo(map);
        let given = self
            .map_letters
            .get(&map)
            .and_then(|m| m.get(&terrain))
            .and_then(|m| m.get(letter.as_str()));
        match given {
            Some(cell) => g.cell(cell.as_str()),
            None => house_letter_cell(g, terrain, letter),
        }
    }

    /// What the table supplies (old sessions' `chance_source` included).
    pub fn table(&self) -> TableChoice {
        if self.chance_source == Some(ChanceSource::Table) {
            TableChoice::All
        } else {
            self.table_mode
        }
    }

    /// Physical-table mode (TMA-GEN-12).
    pub fn is_table(&self) -> bool {
        self.table() == TableChoice::All
    }

    /// The human seats' home terrains, in option order (valid options).
    pub fn homes(&self) -> Vec<Terrain> {
        self.human_seats
            .iter()
            .map(|h| human_home(h).unwrap_or(Terrain::Forest))
            .collect()
    }

    /// Automa's home terrain (option or default).
    pub fn automa_home(&self) -> Terrain {
        self.automa_home_terrain
            .unwrap_or_else(|| default_automa_home(&self.homes()))
    }

    /// The bonus-card pool (TMA-SET-15).
    pub fn bonus_pool(&self) -> Vec<BonusCard> {
        let mut pool: Vec<BonusCard> = BONUS_BASE.iter().map(|s| BonusCard::from(*s)).collect();
        if self.shipping_bonus_card {
            pool.push("BON10".into());
        }
        if self.merchants_of_the_seas {
            pool.extend(self.mots_bonus_cards.iter().cloned());
        }
        pool
    }

    /// The scoring-tile pool (TMA-SET-2).
    pub fn tile_pool(&self) -> Vec<TileId> {
        if self.merchants_of_the_seas {
            (1..=12).map(|i| TileId(format!("MS{i}"))).collect()
        } else {
            let mut v: Vec<TileId> = (1..=8).map(|i| TileId(format!("SCORE{i}"))).collect();
            if self.promo_scoring_tile {
                v.push("SCORE9".into());
            }
            v
        }
    }

    /// How many reserve cards join the starters (TMA-DECK-5).
    pub fn extra_starters(&self) -> usize {
        match self.difficulty {
            Difficulty::Automalein | Difficulty::Automa => 0,
            Difficulty::Automaechtig | Difficulty::Ultoma => 1,
            Difficulty::Alptrauma => 2,
        }
    }

    fn validate_humans(&self) -> Result<(), RuleError> {
        if !(1..=2).contains(&self.humans) {
            return Err(bad("TMA-SET-1", "humans", Refusal::Humans));
        }
        if self.human_seats.len() != usize::from(self.humans) {
            return Err(bad(
                "TMA-SET-1",
                "human_seats",
                Refusal::HumanSeatsCount {
                    listed: self.human_seats.len(),
                    humans: self.humans,
                },
            ));
        }
        if self.first_human >= self.humans {
            return Err(bad("TMA-SET-1", "first_human", Refusal::FirstHuman));
        }
        let mut homes: Vec<Terrain> = Vec::new();
        for (i, hs) in self.human_seats.iter().enumerate() {
            let at = |f: &str| format!("human_seats.{i}.{f}");
            if hs.faction.is_fire_ice() && !self.fire_and_ice {
                return Err(bad(
                    "TMA-SET-1",
                    &at("faction"),
                    Refusal::FireIceFaction {
                        faction: hs.faction,
                    },
                ));
            }
            let (fixed, ..) = hs.faction.defaults();
            let Some(home) = human_home(hs) else {
                return Err(bad(
                    "TMA-SET-1",
                    &at("home_terrain"),
                    match fixed {
                        Some(home) => Refusal::FixedHome {
                            faction: hs.faction,
                            home,
                        },
                        None => Refusal::HomeNeeded {
                            faction: hs.faction,
                        },
                    },
                ));
            };
            if homes.contains(&home) {
                return Err(bad("TMA-SET-1", &at("home_terrain"), Refusal::SharedHome));
            }
            homes.push(home);
            if hs.start_cult.is_some_and(|c| c.iter().any(|v| *v > 10)) {
                return Err(bad(
                    "TMA-SET-1",
                    &at("start_cult"),
                    Refusal::OutOfRange {
                        what: Ranged::CultPosition,
                        min: 0,
                        max: 10,
                    },
                ));
            }
            if hs.initial_dwellings.is_some_and(|n| !(1..=3).contains(&n)) {
                return Err(bad(
                    "TMA-SET-1",
                    &at("initial_dwellings"),
                    Refusal::OutOfRange {
                        what: Ranged::InitialDwellings,
                        min: 1,
                        max: 3,
                    },
                ));
            }
            match hs.reach {
                Some(Reach::Teleport { range }) if !(1..=4).contains(&range) => {
                    return Err(bad(
                        "TMA-SET-1",
                        &at("reach"),
                        Refusal::OutOfRange {
                            what: Ranged::TeleportRange,
                            min: 1,
                            max: 4,
                        },
                    ))
                }
                Some(Reach::Shipping { level }) if level > 5 => {
                    return Err(bad(
                        "TMA-SET-1",
                        &at("reach"),
                        Refusal::OutOfRange {
                            what: Ranged::ShippingLevel,
                            min: 0,
                            max: 5,
                        },
                    ))
                }
                _ => {}
            }
            if hs.start_vp.is_some_and(|v| !(0..=100).contains(&v)) {
                return Err(bad(
                    "TMA-SET-1",
                    &at("start_vp"),
                    Refusal::OutOfRange {
                        what: Ranged::StartVp,
                        min: 0,
                        max: 100,
                    },
                ));
            }
        }
        if self.humans == 2 && self.automa_faction != AutomaFaction::Simpletons {
            return Err(bad(
                "TMA-SET-1",
                "automa_faction",
                Refusal::TwoHumansSimpletons,
            ));
        }
        if self.automa_faction == AutomaFaction::Blight
            && self
                .human_seats
                .iter()
                .any(|h| h.faction == HumanFaction::Giants)
        {
            return Err(bad(
                "TMA-SET-1",
                "automa_faction",
                Refusal::BlightAgainstGiants,
            ));
        }
        if let Some(t) = self.automa_home_terrain {
            if t.wheel_index().is_none() {
                return Err(bad(
                    "TMA-SET-1",
                    "automa_home_terrain",
                    Refusal::NotAMapTerrain { terrain: t },
                ));
            }
            if homes.contains(&t) {
                return Err(bad(
                    "TMA-SET-1",
                    "automa_home_terrain",
                    Refusal::HomeTaken { terrain: t },
                ));
            }
        }
        Ok(())
    }

    fn validate_game(&self) -> Result<(), RuleError> {
        if matches!(self.map, MapId::FireIce1 | MapId::RevisedBase) && !self.fire_and_ice {
            return Err(bad(
                "TMA-SET-1",
                "map",
                Refusal::FireIceMap { map: self.map },
            ));
        }
        if self.final_scoring_tile == FinalTile::MostTradeMarkers {
            return Err(bad(
                "TMA-SET-1",
                "final_scoring_tile",
                Refusal::MostTradeMarkersTile,
            ));
        }
        if self.final_scoring_tile != FinalTile::None && !self.fire_and_ice {
            return Err(bad(
                "TMA-SET-1",
                "final_scoring_tile",
                Refusal::FinalTileNeedsFireIce,
            ));
        }
        if !(1..=3).contains(&self.mots_shipyard_power) {
            return Err(bad(
                "TMA-SET-1",
                "mots_shipyard_power",
                Refusal::OutOfRange {
                    what: Ranged::ShipyardPower,
                    min: 1,
                    max: 3,
                },
            ));
        }
        if !(1..=6).contains(&self.mots_power_action_spaces) {
            return Err(bad(
                "TMA-SET-1",
                "mots_power_action_spaces",
                Refusal::OutOfRange {
                    what: Ranged::PowerActionSpaces,
                    min: 1,
                    max: 6,
                },
            ));
        }
        if self.automa_trade_markers > 30 {
            return Err(bad(
                "TMA-SET-1",
                "automa_trade_markers",
                Refusal::OutOfRange {
                    what: Ranged::TradeMarkers,
                    min: 0,
                    max: 30,
                },
            ));
        }
        for (i, b) in self.mots_bonus_cards.iter().enumerate() {
            let dup = self.mots_bonus_cards[..i].contains(b);
            let base = BONUS_BASE.contains(&b.as_str()) || b == "BON10";
            if dup || base || b.as_str().trim().is_empty() {
                return Err(bad(
                    "TMA-SET-1",
                    &format!("mots_bonus_cards.{i}"),
                    Refusal::NotANewBonusCard { card: b.clone() },
                ));
            }
        }
        if !(0..=10).contains(&self.symbiont_cube_vp) {
            return Err(bad(
                "TMA-SET-1",
                "symbiont_cube_vp",
                Refusal::OutOfRange {
                    what: Ranged::CubeVp,
                    min: 0,
                    max: 10,
                },
            ));
        }
        for (i, v) in self.gognome_achievement_vp.iter().enumerate() {
            if !(0..=10).contains(v) {
                return Err(bad(
                    "TMA-SET-1",
                    &format!("gognome_achievement_vp.{i}"),
                    Refusal::OutOfRange {
                        what: Ranged::AchievementVp,
                        min: 0,
                        max: 10,
                    },
                ));
            }
        }
        for (id, d) in &self.scoring_tile_data {
            if !id.is_known() {
                return Err(bad(
                    "TMA-SET-1",
                    &format!("scoring_tile_data.{id}"),
                    Refusal::NoSuchScoringTile { tile: id.clone() },
                ));
            }
            if d.automa_pass_vp > 30 {
                return Err(bad(
                    "TMA-SET-1",
                    &format!("scoring_tile_data.{id}.automa_pass_vp"),
                    Refusal::OutOfRange {
                        what: Ranged::TilePassVp,
                        min: 0,
                        max: 30,
                    },
                ));
            }
        }
        for (t, rows) in &self.atp_cards {
            let ok = t.wheel_index().is_some()
                && is_wheel_permutation(&rows.a)
                && is_wheel_permutation(&rows.b)
                && rows.a.first() == Some(t)
                && rows.b.first() == Some(t);
            if !ok {
                return Err(bad(
                    "TMA-SET-1",
                    &format!("atp_cards.{}", t.id()),
                    Refusal::AtpCardRows,
                ));
            }
        }
        if let Some(rows) = &self.symbiont_youth_atp {
            if !is_wheel_permutation(&rows.a) || !is_wheel_permutation(&rows.b) {
                return Err(bad(
                    "TMA-SET-1",
                    "symbiont_youth_atp",
                    Refusal::YouthAtpRows,
                ));
            }
        }
        Ok(())
    }

    /// TMA-SET-13: every letter of a map card is a land cell of its terrain
    /// on that map, and no two letters of a terrain share a cell.
    fn validate_letters(&self) -> Result<(), RuleError> {
        for (map, terrains) in &self.map_letters {
            let g = geo(*map);
            for (t, letters) in terrains {
                let here = format!("map_letters.{map}.{}", t.id());
                if t.wheel_index().is_none() {
                    return Err(bad(
                        "TMA-SET-1",
                        &here,
                        Refusal::NotAMapTerrain { terrain: *t },
                    ));
                }
                for (letter, cell) in letters {
                    let path = format!("{here}.{letter}");
                    if Letter::parse(letter).is_none() {
                        return Err(bad(
                            "TMA-SET-1",
                            &path,
                            Refusal::NotALetter {
                                letter: letter.clone(),
                            },
                        ));
                    }
                    let Some(c) = g.cell(cell.as_str()) else {
                        return Err(bad(
                            "TMA-SET-1",
                            &path,
                            Refusal::NoCellOnMap {
                                cell: cell.clone(),
                                map: *map,
                            },
                        ));
                    };
                    match g.cells[c].terrain {
                        None => {
                            return Err(bad(
                                "TMA-SET-1",
                                &path,
                                Refusal::LetterOnRiver { cell: cell.clone() },
                            ))
                        }
                        Some(x) if x != *t => {
                            return Err(bad(
                                "TMA-SET-1",
                                &path,
                                Refusal::LetterTerrain {
                                    cell: cell.clone(),
                                    is: x,
                                    marks: *t,
                                },
                            ))
                        }
                        _ => {}
                    }
                }
                // With the house letters for those not given: six distinct cells.
                let cells: Vec<usize> = Letter::ALL
                    .iter()
                    .filter_map(|l| self.letter_cell(*map, *t, *l))
                    .collect();
                for (i, c) in cells.iter().enumerate() {
                    if cells[..i].contains(c) {
                        return Err(bad(
                            "TMA-SET-1",
                            &here,
                            Refusal::LettersShareCell {
                                terrain: *t,
                                cell: Cell(g.name(*c).to_string()),
                            },
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn validate_table(&self) -> Result<(), RuleError> {
        self.table_mode.check(&TABLE_MODES)?;
        let table = self.is_table();
        let Some(ts) = &self.table_setup else {
            if table {
                return Err(bad("TMA-GEN-12", "table_setup", Refusal::TableSetupNeeded));
            }
            return Ok(());
        };
        if !table {
            return Err(bad("TMA-GEN-12", "table_setup", Refusal::TableSetupUnused));
        }
        let pool = self.bonus_pool();
        let want = usize::from(self.humans) + 4;
        for (i, c) in ts.bonus_row.iter().enumerate() {
            if !pool.contains(c) || ts.bonus_row[..i].contains(c) {
                return Err(bad(
                    "TMA-GEN-12",
                    &format!("table_setup.bonus_row.{i}"),
                    Refusal::NotInBonusPool { card: c.clone() },
                ));
            }
        }
        if ts.bonus_row.len() != want {
            return Err(bad(
                "TMA-GEN-12",
                "table_setup.bonus_row",
                Refusal::BonusRowSize { cards: want },
            ));
        }
        if ts.scoring_tiles.len() != 6 {
            return Err(bad(
                "TMA-GEN-12",
                "table_setup.scoring_tiles",
                Refusal::SixScoringTiles,
            ));
        }
        let tiles = self.tile_pool();
        for (i, t) in ts.scoring_tiles.iter().enumerate() {
            let at = format!("table_setup.scoring_tiles.{i}");
            if !tiles.contains(&t.id) || ts.scoring_tiles[..i].iter().any(|x| x.id == t.id) {
                return Err(bad(
                    "TMA-GEN-12",
                    &at,
                    Refusal::NotInTilePool { tile: t.id.clone() },
                ));
            }
            if i >= 4 && t.id == "SCORE1" {
                return Err(bad("TMA-SET-3", &at, Refusal::SpadeTileLate));
            }
            if t.automa_pass_vp > 30 {
                return Err(bad(
                    "TMA-GEN-12",
                    &format!("{at}.automa_pass_vp"),
                    Refusal::OutOfRange {
                        what: Ranged::TilePassVp,
                        min: 0,
                        max: 30,
                    },
                ));
            }
        }
        let n = self.extra_starters();
        if ts.extra_starter_cards.len() != n {
            return Err(bad(
                "TMA-GEN-12",
                "table_setup.extra_starter_cards",
                Refusal::ExtraStarterCount { n },
            ));
        }
        for (i, c) in ts.extra_starter_cards.iter().enumerate() {
            if !CardId::ADVANCED.contains(c) || ts.extra_starter_cards[..i].contains(c) {
                return Err(bad(
                    "TMA-GEN-12",
                    &format!("table_setup.extra_starter_cards.{i}"),
                    Refusal::NotAnAdvancedCard { card: *c },
                ));
            }
        }
        Ok(())
    }
}

/// The values of `table_mode` this game offers: cards but no dice, so no
/// `dice` (SESSION-TABLE-3).
pub const TABLE_MODES: [TableChoice; 2] = [TableChoice::Server, TableChoice::All];

fn table_mode_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    TableChoice::schema(&[
        (
            TableChoice::Server,
            "The server shuffles, deals and turns over every card.",
        ),
        (
            TableChoice::All,
            "Physical-table mode: the players use their real components, give \
             what they dealt as `table_setup`, and send every Automa card they \
             turn over, by id, in the request's `table` field.",
        ),
    ])
}

impl GameOptions for Options {
    /// `chance_source` of old sessions becomes `table_mode`.
    fn normalized(mut self) -> Self {
        self.table_mode = self.table();
        self.chance_source = None;
        self
    }
    fn refuse_replaced(&self) -> Result<(), RuleError> {
        if self.chance_source.is_some() {
            return Err(TableChoice::refuse_replaced("chance_source", &TABLE_MODES));
        }
        Ok(())
    }
    fn validate(&self) -> Result<(), RuleError> {
        self.validate_humans()?;
        self.validate_game()?;
        self.validate_letters()?;
        self.validate_table()
    }
}
