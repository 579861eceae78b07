//! What a seat sees (§2): the whole board, every player's pieces, tiles and
//! cult positions, and Automa's piles as counts.
//!
//! Nothing is hidden from one seat and shown to another: the humans' pieces
//! and tiles lie open on the table, and their resources are not modelled.
//! What is hidden is hidden from everybody: the order and content of
//! Automa's face-down deck and reserve (the view gives their sizes only).
//! So every seat, and a reader with no seat, gets the same view.

use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::engine::json::{Json, Prewritten};
use crate::engine::Seat;

use super::board::{geo, CellInfo};
use super::data::{AutomaFaction, Cult, Difficulty, HumanFaction, Kind, Reach, Terrain, CULTS};
use super::events::{Decision, ScoreLine};
use super::flow::{next, pending_decision, seat_id, seats_to_move};
use super::ids::{BonusCard, CardId, FavorTile, MapId, PowerSpace, TileId, TownTile};
use super::options::FinalTile;
use super::rules::human_supply;
use super::state::*;
use crate::engine::TableChoice;

/// TMA-DOC-1: the authors' notes of the rulebook (no rules), in English.
pub const DESIGNER_NOTES: [&str; 3] = [
    "Automa is named after the Italian word for “automaton”, because she first appeared in Viticulture, a game set in Italy.",
    "Playing against Automa you know a little more about the map, and control it a little more, when you set up: dwellings you place in the centre will probably end up nearer to Automa's first dwellings.",
    "Automa builds near her first dwellings, as you do, to found towns. To tell her two areas of expansion apart, the new buildings of one area are marked with power tokens; the other area stays unmarked.",
];

/// The phase of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ViewPhase {
    /// Initial dwellings and bonus cards (TMA-SET-12..15).
    Setup,
    /// Rounds 1–6 (TMA-TURN).
    Actions,
    /// Between rounds: round-end transforms are owed (TMA-RND-1).
    RoundEnd,
    /// After round 6: final reports (TMA-END-1).
    FinalReports,
    /// Scored.
    Finished,
}

/// The table for one seat.
#[derive(Debug, Serialize, JsonSchema)]
pub struct View<'a> {
    pub phase: ViewPhase,
    /// Round 1–6 (0 during setup).
    pub round: u8,
    /// The seats in seat order (turn order is cyclic in this order).
    pub seats: Vec<SeatView>,
    /// Who starts the current round.
    pub start_player: Seat,
    /// The seats that must move now (empty: the bot's turn or the end).
    pub to_move: Vec<Seat>,
    /// `POST …/bot-turn` is due.
    pub automa_to_move: bool,
    /// Seats that have passed this round, in passing order.
    pub passed: Vec<Seat>,
    /// Steps the human to move has taken in his current turn.
    pub turn_steps: u16,
    pub map: MapId,
    /// Every cell of the map in reading order (TMA-MAP-2).
    #[schemars(with = "Vec<CellView<'static>>")]
    pub cells: Vec<CellOut<'a>>,
    pub bridges: Vec<BridgeView<'a>>,
    /// The four cult tracks: Fire, Water, Earth, Air.
    pub cults: Vec<CultView>,
    /// Power action spaces in board order and who covers each this round.
    pub power_actions: Vec<PowerActionView>,
    /// Favor tiles left in the supply.
    pub favor_supply: &'a BTreeMap<FavorTile, u8>,
    /// Town tiles left in the supply.
    pub town_supply: &'a BTreeMap<TownTile, u8>,
    /// The bonus row, left to right, with the coins on each card.
    pub bonus_row: Vec<RowCardView<'a>>,
    /// The scoring tiles of rounds 1–6 with Automa's data on them.
    pub scoring_tiles: Vec<ScoringTileView<'a>>,
    pub final_scoring_tile: FinalTile,
    pub humans: Vec<HumanView<'a>>,
    pub automa: AutomaView<'a>,
    /// Decisions waiting for humans, the first is asked now.
    pub pending: Vec<Decision>,
    /// The end scoring, once finished.
    pub final_scores: Vec<ScoreLine>,
    /// The authors' notes of the rulebook (TMA-DOC-1), no rules.
    pub designer_notes: [&'static str; 3],
}

/// A seat.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeatView {
    pub seat: Seat,
    /// `human0`, `human1` or `automa`.
    pub id: String,
    pub automa: bool,
}

/// One cell of the map.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CellView<'a> {
    /// Its name (`E4`, `r12`).
    pub cell: &'a str,
    /// Row, 0 = top.
    pub row: usize,
    /// Doubled x coordinate: cells of a row are 2 apart, indented rows
    /// start at 1 (*facts file §11.1*).
    pub x2: i32,
    pub river: bool,
    /// The current terrain (null for river cells).
    pub terrain: Option<Terrain>,
    pub building: Option<BuildingView>,
    /// An Automa trade marker lies under the building (MotS).
    pub automa_trade_marker: bool,
    /// A Symbiont cube lies on the cell.
    pub symbiont_cube: bool,
    /// The cell is blighted land (The Blight).
    pub blight: bool,
}

/// A cell as the view writes it. Most cells of a view have nothing on them
/// (no building, marker, cube or blight); their text depends only on the
/// map, the cell and its terrain, so it is written once per map and copied
/// (the cells were the largest part of writing a view).
pub type CellOut<'a> = Prewritten<CellView<'a>>;

/// Slots per cell in [`plain_cells`]: no terrain (a river), then each
/// terrain by its index.
const TERRAIN_SLOTS: usize = Terrain::ALL.len() + 1;

fn terrain_slot(t: Option<Terrain>) -> usize {
    t.map_or(0, |t| t as usize + 1)
}

/// Each cell of `map` with nothing on it, written as [`CellView`], for
/// every terrain it may have (a transform changes it).
fn plain_cells(map: MapId) -> &'static [[Box<str>; TERRAIN_SLOTS]] {
    static ALL: [OnceLock<Vec<[Box<str>; TERRAIN_SLOTS]>>; MapId::ALL.len()] =
        [const { OnceLock::new() }; MapId::ALL.len()];
    ALL[map as usize].get_or_init(|| {
        let g = geo(map);
        g.cells
            .iter()
            .map(|c| {
                std::array::from_fn(|slot| {
                    let terrain = slot.checked_sub(1).map(|i| Terrain::ALL[i]);
                    Json::of(&empty_cell(c, terrain))
                        .expect("a cell is plain data")
                        .into_string()
                        .into_boxed_str()
                })
            })
            .collect()
    })
}

/// A cell with nothing on it.
fn empty_cell(c: &'static CellInfo, terrain: Option<Terrain>) -> CellView<'static> {
    CellView {
        cell: &c.name,
        row: c.row,
        x2: c.x2,
        river: c.terrain.is_none(),
        terrain,
        building: None,
        automa_trade_marker: false,
        symbiont_cube: false,
        blight: false,
    }
}

/// A building on the map.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BuildingView {
    pub owner: Seat,
    pub kind: Kind,
    /// Automa's buildings: it carries a power chip (TMA-MAP-6).
    pub marked: bool,
}

/// A bridge.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BridgeView<'a> {
    pub owner: Seat,
    pub a: &'a str,
    pub b: &'a str,
}

/// A cult track.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CultView {
    pub track: Cult,
    /// Position 0–10 of each seat, by seat index.
    pub positions: Vec<u8>,
    /// The priest spaces below the track, left to right.
    pub priest_spaces: Vec<PriestSpace>,
}

/// A priest space.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PriestSpace {
    /// 3 for the first space, 2 for the others.
    pub value: u8,
    pub seat: Option<Seat>,
}

/// A power action space.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PowerActionView {
    pub space: PowerSpace,
    pub covered_by: Option<Seat>,
}

/// A card of the bonus row.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RowCardView<'a> {
    pub card: &'a BonusCard,
    pub coins: u32,
}

/// A round's scoring tile.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ScoringTileView<'a> {
    pub round: u8,
    pub id: &'a TileId,
    /// VP Automa scores when she passes in that round.
    pub automa_pass_vp: u32,
    /// The colour of the Automa icon (her "scoring tile" cult method).
    pub automa_cult: Option<Cult>,
}

/// A human's side of the table (his resources stay at the table).
#[derive(Debug, Serialize, JsonSchema)]
pub struct HumanView<'a> {
    pub seat: Seat,
    pub faction: HumanFaction,
    pub home_terrain: Terrain,
    pub reach: Reach,
    /// VP: start + reported + awarded by the engine.
    pub vp: i64,
    pub vp_start: i32,
    pub vp_reported: i32,
    /// VP the engine awarded (Cultists' cards, end scoring).
    pub vp_engine: i32,
    pub priests_placed: u8,
    pub bridges_placed: u8,
    pub keys: u8,
    pub favor_tiles: &'a [FavorTile],
    pub town_tiles: &'a [TownTile],
    pub bonus_card: Option<&'a BonusCard>,
    /// Pieces left per building kind.
    pub supply: Supply,
}

/// Pieces left per building kind.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Supply {
    pub dwelling: u8,
    pub trading_house: u8,
    pub temple: u8,
    pub stronghold: u8,
    pub sanctuary: u8,
    pub shipyard: u8,
}

impl Supply {
    fn of(f: impl Fn(Kind) -> u8) -> Self {
        Supply {
            dwelling: f(Kind::Dwelling),
            trading_house: f(Kind::TradingHouse),
            temple: f(Kind::Temple),
            stronghold: f(Kind::Stronghold),
            sanctuary: f(Kind::Sanctuary),
            shipyard: f(Kind::Shipyard),
        }
    }
}

/// Automa's side of the table; her deck and reserve only as counts.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AutomaView<'a> {
    pub seat: Seat,
    pub faction: AutomaFaction,
    pub home_terrain: Terrain,
    pub vp: i32,
    pub difficulty: Difficulty,
    pub supply: Supply,
    pub priests: u8,
    pub trade_markers: u8,
    pub favor_tiles: &'a [FavorTile],
    pub bonus_card: Option<&'a BonusCard>,
    /// The left card of her pair.
    pub action_card: Option<CardId>,
    /// The right card of her pair (top of the support pile).
    pub support_card: Option<CardId>,
    /// The support pile, top first.
    pub support_pile: &'a [CardId],
    /// Cards in her deck (face down).
    pub deck_size: usize,
    /// How many of them are rotated (the bottom two at shuffle time).
    pub rotated_in_deck: usize,
    /// What the table supplies (`server` or `all`, SESSION-TABLE-3).
    pub table_mode: TableChoice,
    /// Cards in her reserve (face down).
    pub reserve_size: usize,
    /// The Cultists' set-aside pile (face up).
    pub cultist_aside: &'a [CardId],
    /// The Merchants card waits for round 2's pass.
    pub mots_set_aside: bool,
    /// Gognomes' achievements reached (1–6 = I–VI).
    pub achievements: &'a [u8],
    /// Her shipping value this round (TMA-DECK-6).
    pub shipping_this_round: u8,
    /// X this round (TMA-DECK-6).
    pub x_this_round: u32,
    /// Her turn waits for the humans' power reports (TMA-FAC-9 `ask`).
    pub waiting_for_reports: bool,
}

fn cells(st: &State) -> Vec<CellOut<'static>> {
    let g = geo(st.options.map);
    let plain = plain_cells(st.options.map);
    g.cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let empty =
                st.buildings[i].is_none() && !st.trade_marker[i] && !st.cube[i] && !st.blight[i];
            if empty {
                return CellOut::Plain(&plain[i][terrain_slot(st.terrain[i])]);
            }
            CellOut::Live(cell_view(st, i, c))
        })
        .collect()
}

/// Cell `i` as it stands, every field written.
fn cell_view(st: &State, i: usize, c: &'static CellInfo) -> CellView<'static> {
    CellView {
        building: st.buildings[i].map(|b| BuildingView {
            owner: b.owner,
            kind: b.kind,
            marked: b.marked,
        }),
        automa_trade_marker: st.trade_marker[i],
        symbiont_cube: st.cube[i],
        blight: st.blight[i],
        ..empty_cell(c, st.terrain[i])
    }
}

fn cults(st: &State) -> Vec<CultView> {
    CULTS
        .iter()
        .map(|&t| CultView {
            track: t,
            positions: st.seats().map(|s| st.cult[s][t.idx()]).collect(),
            priest_spaces: st.priest_spaces[t.idx()]
                .iter()
                .enumerate()
                .map(|(i, p)| PriestSpace {
                    value: if i == 0 { 3 } else { 2 },
                    seat: *p,
                })
                .collect(),
        })
        .collect()
}

fn humans(st: &State) -> Vec<HumanView<'_>> {
    st.humans
        .seats()
        .map(|(s, h)| HumanView {
            seat: s,
            faction: h.faction,
            home_terrain: h.home,
            reach: h.reach,
            vp: st.human_vp(s),
            vp_start: h.start_vp,
            vp_reported: h.vp_reported,
            vp_engine: h.vp_engine,
            priests_placed: h.priests_placed,
            bridges_placed: h.bridges_placed,
            keys: h.keys,
            favor_tiles: &h.favors,
            town_tiles: &h.towns,
            bonus_card: h.bonus.as_ref(),
            supply: Supply::of(|k| human_supply(st, s, k) as u8),
        })
        .collect()
}

fn automa(st: &State) -> AutomaView<'_> {
    let a = &st.automa;
    AutomaView {
        seat: st.automa_seat(),
        faction: a.faction,
        home_terrain: a.home,
        vp: a.vp,
        difficulty: st.options.difficulty,
        supply: Supply::of(|k| a.supply[k.idx()]),
        priests: a.priests,
        trade_markers: a.trade_markers,
        favor_tiles: &a.favors,
        bonus_card: a.bonus.as_ref(),
        action_card: a.action_card,
        support_card: a.support_pile.first().copied(),
        support_pile: &a.support_pile,
        deck_size: st.deck_len(),
        rotated_in_deck: if st.is_table() {
            st.deck_len().min(2)
        } else {
            a.deck.iter().filter(|c| a.rotated.contains(c)).count()
        },
        table_mode: st.options.table(),
        reserve_size: st.reserve_len(),
        cultist_aside: &a.cultist_aside,
        mots_set_aside: a.mots_set_aside.is_some(),
        achievements: &a.achievements,
        shipping_this_round: st.options.difficulty.ship(st.round.max(1)),
        x_this_round: st.options.difficulty.x(st.round.max(1)),
        waiting_for_reports: a.suspended.is_some(),
    }
}

/// The view of `viewer` (the same for every seat, see the module docs).
pub fn view(st: &State, _viewer: Option<Seat>) -> View<'_> {
    let g = geo(st.options.map);
    let pending = st.pending.iter().map(|p| pending_decision(st, p)).collect();
    View {
        phase: match st.phase {
            Phase::Setup => ViewPhase::Setup,
            Phase::Actions => ViewPhase::Actions,
            Phase::RoundEnd => ViewPhase::RoundEnd,
            Phase::FinalReports => ViewPhase::FinalReports,
            Phase::Finished => ViewPhase::Finished,
        },
        round: st.round,
        seats: st
            .seats()
            .map(|s| SeatView {
                seat: s,
                id: seat_id(st, s),
                automa: s == st.automa_seat(),
            })
            .collect(),
        start_player: st.start_player,
        to_move: seats_to_move(st),
        automa_to_move: matches!(next(st), crate::engine::Next::Bot { .. }),
        passed: st.passed.clone(),
        turn_steps: st.turn_steps,
        map: st.options.map,
        cells: cells(st),
        bridges: st
            .bridges
            .iter()
            .map(|b| BridgeView {
                owner: b.owner,
                a: g.name(b.a),
                b: g.name(b.b),
            })
            .collect(),
        cults: cults(st),
        power_actions: st
            .power_actions
            .iter()
            .map(|(space, by)| PowerActionView {
                space: *space,
                covered_by: *by,
            })
            .collect(),
        favor_supply: &st.favor_supply,
        town_supply: &st.town_supply,
        bonus_row: st
            .bonus_row
            .iter()
            .map(|r| RowCardView {
                card: &r.card,
                coins: r.coins,
            })
            .collect(),
        scoring_tiles: st
            .scoring_tiles
            .iter()
            .enumerate()
            .map(|(i, x)| ScoringTileView {
                round: i as u8 + 1,
                id: &x.id,
                automa_pass_vp: x.automa_pass_vp,
                automa_cult: x.automa_cult,
            })
            .collect(),
        final_scoring_tile: st.options.final_scoring_tile,
        humans: humans(st),
        automa: automa(st),
        pending,
        final_scores: st
            .final_scores
            .iter()
            .map(|f| ScoreLine {
                seat: f.seat,
                before_end: f.before_end,
                area: f.area,
                cults: f.cults,
                final_tile: f.final_tile,
                faction: f.faction,
                total: f.total,
            })
            .collect(),
        designer_notes: DESIGNER_NOTES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Chance, Dice, Game, Turn};
    use crate::games::terra_mystica::{Options, TerraMystica};

    /// Every cell of every map in every terrain, written once: each text is
    /// what `CellView` of that empty cell writes (TMA-MAP-2).
    #[test]
    fn a_plain_cell_is_the_text_its_view_writes() {
        for (i, t) in Terrain::ALL.iter().enumerate() {
            assert_eq!(*t as usize, i, "Terrain::ALL is in declaration order");
        }
        for map in MapId::ALL {
            let g = geo(map);
            let plain = plain_cells(map);
            assert_eq!(plain.len(), g.cells.len());
            for (c, texts) in g.cells.iter().zip(plain) {
                for (slot, text) in texts.iter().enumerate() {
                    let terrain = slot.checked_sub(1).map(|i| Terrain::ALL[i]);
                    let view = serde_json::to_string(&empty_cell(c, terrain)).unwrap();
                    assert_eq!(&**text, view, "{} {terrain:?}", c.name);
                }
            }
        }
    }

    /// A view's cells, plain and live mixed, are the text of every cell
    /// written in full (`cell_view`): a building, a trade marker, a cube, blight and a
    /// transformed terrain each make a cell live or change its text.
    #[test]
    fn the_cells_of_a_view_are_written_as_their_views() {
        let o = Options::default();
        let mut chance = Chance::new(Dice::new(7), TerraMystica::table_mode(&o), vec![]).unwrap();
        let mut turn = Turn::new(None, &mut chance);
        let mut st = TerraMystica::start(&o, &mut turn).unwrap();
        let land: Vec<usize> = (0..st.terrain.len())
            .filter(|&i| st.terrain[i].is_some())
            .collect();
        st.buildings[land[0]] = Some(Building {
            owner: Seat(0),
            kind: Kind::Dwelling,
            marked: false,
        });
        st.trade_marker[land[1]] = true;
        st.cube[land[2]] = true;
        st.blight[land[3]] = true;
        st.terrain[land[4]] = Some(Terrain::Volcano);
        let g = geo(st.options.map);
        let full: Vec<CellView> = g
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| cell_view(&st, i, c))
            .collect();
        let written = cells(&st);
        assert!(written.iter().any(|c| matches!(c, CellOut::Plain(_))));
        let live = written
            .iter()
            .filter(|c| matches!(c, CellOut::Live(_)))
            .count();
        assert!(live >= 4, "the cells with something on them are live");
        assert_eq!(
            Json::of(&written).unwrap().get(),
            serde_json::to_string(&full).unwrap()
        );
    }
}
