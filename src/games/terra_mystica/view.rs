//! What a seat may see (§2): the whole board; Automa's deck, reserve and
//! piles only as counts (face down for everyone).

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use super::board::{geo, MapGeo};
use super::data::{AutomaFaction, Cult, Difficulty, HumanFaction, Kind, Reach, Terrain, CULTS};
use super::deck;
use super::rules::{human_supply, seats_to_move};
use super::state::*;

/// TMA-DOC-1: designers' notes, no rules.
const DESIGNER_NOTES: [&str; 3] = [
    "Automa is named after the automatic opponents of the Automa Factory.",
    "Human dwellings placed centrally tend to end up near Automa's first dwellings.",
    "Automa grows in two expansion areas, told apart by the power chips on her marked buildings.",
];

/// The table for one seat: borrows from the state and is serialized straight
/// to JSON, so a reply builds no `serde_json::Value` tree (issue 8). An
/// unknown map gives `{}`.
#[derive(Serialize)]
#[serde(untagged)]
pub enum View<'a> {
    Table(Box<TableView<'a>>),
    NoMap {},
}

#[derive(Serialize)]
pub struct TableView<'a> {
    game: &'static str,
    phase: Phase,
    setup_next: Option<&'a SetupStep>,
    round: u8,
    seats: Vec<SeatId>,
    start_player: SeatId,
    to_move: Vec<SeatId>,
    automa_to_move: bool,
    passed: Vec<SeatId>,
    map: &'a str,
    cells: Vec<CellView<'a>>,
    bridges: Vec<BridgeView<'a>>,
    cults: Vec<CultView>,
    power_actions: Vec<PowerAction<'a>>,
    favor_supply: &'a BTreeMap<String, u8>,
    town_supply: &'a BTreeMap<String, u8>,
    bonus_row: &'a [RowCard],
    scoring_tiles: &'a [ScoringTile],
    final_scoring_tile: FinalTile,
    humans: Vec<HumanView<'a>>,
    automa: AutomaView<'a>,
    pending: Vec<PendingView<'a>>,
    final_scores: &'a [FinalScore],
    designer_notes: &'static [&'static str],
}

/// A seat id (`human0`, `automa`), as [`State::seat_id`] spells it but
/// written without allocating a `String` per mention.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum SeatId {
    Automa,
    Human(usize),
}

impl SeatId {
    fn of(st: &State, seat: usize) -> SeatId {
        match st.humans.get(seat) {
            Some(h) => SeatId::Human(h.opt),
            None => SeatId::Automa,
        }
    }
}

impl Serialize for SeatId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SeatId::Automa => s.serialize_str("automa"),
            SeatId::Human(opt) => s.collect_str(&format_args!("human{opt}")),
        }
    }
}

#[derive(Serialize)]
struct CellView<'a> {
    cell: &'a str,
    row: usize,
    x2: i32,
    river: bool,
    terrain: Option<Terrain>,
    building: Option<BuildingView>,
    automa_trade_marker: bool,
    symbiont_cube: bool,
    blight: bool,
}

#[derive(Serialize)]
struct BuildingView {
    owner: SeatId,
    kind: Kind,
    marked: bool,
}

#[derive(Serialize)]
struct BridgeView<'a> {
    owner: SeatId,
    a: &'a str,
    b: &'a str,
}

#[derive(Serialize)]
struct CultView {
    track: Cult,
    /// Position on the track by seat id.
    positions: BTreeMap<SeatId, u8>,
    priest_spaces: Vec<PriestSpace>,
}

#[derive(Serialize)]
struct PriestSpace {
    /// 3 for the first space, 2 for the others.
    value: u8,
    seat: Option<SeatId>,
}

#[derive(Serialize)]
struct PowerAction<'a> {
    space: &'a str,
    covered_by: Option<SeatId>,
}

#[derive(Serialize)]
struct HumanView<'a> {
    seat: SeatId,
    faction: HumanFaction,
    home_terrain: Terrain,
    reach: Reach,
    vp: i64,
    vp_start: i32,
    vp_reported: i32,
    vp_engine: i32,
    priests_placed: u8,
    bridges_placed: u8,
    keys: u8,
    favor_tiles: &'a [String],
    town_tiles: &'a [String],
    bonus_card: Option<&'a str>,
    supply: Supply<usize>,
}

/// Pieces left per building kind, keyed by [`Kind::name`].
#[derive(Serialize)]
struct Supply<T> {
    dwelling: T,
    #[serde(rename = "trading house")]
    trading_house: T,
    temple: T,
    stronghold: T,
    sanctuary: T,
    shipyard: T,
}

impl<T> Supply<T> {
    fn of(f: impl Fn(Kind) -> T) -> Self {
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
#[derive(Serialize)]
struct AutomaView<'a> {
    faction: AutomaFaction,
    home_terrain: Terrain,
    vp: i32,
    difficulty: Difficulty,
    supply: Supply<u8>,
    priests: u8,
    trade_markers: u8,
    favor_tiles: &'a [String],
    bonus_card: Option<&'a str>,
    action_card: Option<&'a str>,
    support_card: Option<&'a str>,
    support_pile: &'a [String],
    deck_size: usize,
    rotated_in_deck: usize,
    chance_source: ChanceSource,
    reserve_size: usize,
    cultist_aside: &'a [String],
    mots_set_aside: bool,
    achievements: &'a [u8],
    shipping_this_round: u8,
    x_this_round: u32,
}

#[derive(Serialize)]
struct PendingView<'a> {
    seat: SeatId,
    decision: &'a Decision,
}

fn cells<'a>(st: &'a State, g: &'a MapGeo) -> Vec<CellView<'a>> {
    g.cells
        .iter()
        .enumerate()
        .map(|(i, c)| CellView {
            cell: &c.name,
            row: c.row,
            x2: c.x2,
            river: c.terrain.is_none(),
            terrain: st.terrain[i],
            building: st.buildings[i].map(|b| BuildingView {
                owner: SeatId::of(st, b.owner),
                kind: b.kind,
                marked: b.marked,
            }),
            automa_trade_marker: st.trade_marker[i],
            symbiont_cube: st.cube[i],
            blight: st.blight[i],
        })
        .collect()
}

fn cults(st: &State) -> Vec<CultView> {
    CULTS
        .iter()
        .map(|&t| CultView {
            track: t,
            positions: (0..st.n_seats())
                .map(|s| (SeatId::of(st, s), st.cult[s][t.idx()]))
                .collect(),
            priest_spaces: st.priest_spaces[t.idx()]
                .iter()
                .enumerate()
                .map(|(i, p)| PriestSpace {
                    value: if i == 0 { 3 } else { 2 },
                    seat: p.map(|s| SeatId::of(st, s)),
                })
                .collect(),
        })
        .collect()
}

fn humans(st: &State) -> Vec<HumanView<'_>> {
    st.humans
        .iter()
        .enumerate()
        .map(|(s, h)| HumanView {
            seat: SeatId::of(st, s),
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
            bonus_card: h.bonus.as_deref(),
            supply: Supply::of(|k| human_supply(st, s, k)),
        })
        .collect()
}

fn automa(st: &State) -> AutomaView<'_> {
    let a = &st.automa;
    AutomaView {
        faction: a.faction,
        home_terrain: a.home,
        vp: a.vp,
        difficulty: st.options.difficulty,
        supply: Supply::of(|k| a.supply[k.idx()]),
        priests: a.priests,
        trade_markers: a.trade_markers,
        favor_tiles: &a.favors,
        bonus_card: a.bonus.as_deref(),
        action_card: a.action_card.as_deref(),
        support_card: a.support_pile.first().map(String::as_str),
        support_pile: &a.support_pile,
        deck_size: deck::deck_len(st),
        rotated_in_deck: if deck::is_table(st) {
            deck::deck_len(st).min(2)
        } else {
            a.deck.iter().filter(|c| a.rotated.contains(c)).count()
        },
        chance_source: st.options.chance_source,
        reserve_size: deck::reserve_len(st),
        cultist_aside: &a.cultist_aside,
        mots_set_aside: a.mots_set_aside.is_some(),
        achievements: &a.achievements,
        shipping_this_round: st.options.difficulty.ship(st.round.max(1)),
        x_this_round: st.options.difficulty.x(st.round.max(1)),
    }
}

pub fn view(st: &State, _seat: Option<usize>) -> View<'_> {
    let Some(g) = geo(&st.options.map) else {
        return View::NoMap {};
    };
    let seat = |s: usize| SeatId::of(st, s);
    View::Table(Box::new(TableView {
        game: "terra-mystica",
        phase: st.phase,
        setup_next: st.setup.first(),
        round: st.round,
        seats: (0..st.n_seats()).map(seat).collect(),
        start_player: seat(st.start_player),
        to_move: seats_to_move(st).into_iter().map(seat).collect(),
        automa_to_move: st.phase == Phase::Actions
            && st.pending.is_empty()
            && st.to_move == st.automa_seat()
            || st.phase == Phase::Setup
                && matches!(
                    st.setup.first(),
                    Some(SetupStep::AutomaDwellings | SetupStep::AutomaBonus)
                ),
        passed: st.passed.iter().map(|s| seat(*s)).collect(),
        map: &st.options.map,
        cells: cells(st, g),
        bridges: st
            .bridges
            .iter()
            .map(|b| BridgeView {
                owner: seat(b.owner),
                a: g.name(b.a),
                b: g.name(b.b),
            })
            .collect(),
        cults: cults(st),
        power_actions: st
            .power_ids
            .iter()
            .zip(&st.power_actions)
            .map(|(id, p)| PowerAction {
                space: id,
                covered_by: p.map(seat),
            })
            .collect(),
        favor_supply: &st.favor_supply,
        town_supply: &st.town_supply,
        bonus_row: &st.bonus_row,
        scoring_tiles: &st.scoring_tiles,
        final_scoring_tile: st.options.final_scoring_tile,
        humans: humans(st),
        automa: automa(st),
        pending: st
            .pending
            .iter()
            .map(|d| PendingView {
                seat: seat(d.seat()),
                decision: d,
            })
            .collect(),
        final_scores: &st.final_scores,
        designer_notes: &DESIGNER_NOTES,
    }))
}
