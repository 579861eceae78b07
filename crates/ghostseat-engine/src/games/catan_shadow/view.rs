//! What a seat may see (catan-base §2.3): its own hand and development
//! cards in full, the other seat's as counts; the deck order never;
//! everything at the end.

use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

use super::state::{FictiveTurn, Removal, Stage, State};
use crate::engine::Seat;
use crate::games::catan::board::{Harbour, SEATS};
use crate::games::catan::events::ColourLength;
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{Offer, Pending, Phase};
use crate::games::catan::{BuildingKind, Cards, Colour, EdgeId, HexId, Terrain, VertexId};

/// The table as one seat sees it.
#[derive(Serialize, JsonSchema)]
pub struct View<'a> {
    /// The reading seat; null for a reader with no seat.
    pub you: Option<Seat>,
    /// Set-up stage: the removal, then play.
    pub stage: Stage,
    pub board: BoardView<'a>,
    /// The removal of land for the fictive players (CSW-SETUP).
    pub removal: &'a Removal,
    /// Seats a and b, in seat order.
    pub players: Vec<PlayerView<'a>>,
    pub bank: BankView<'a>,
    pub turn: TurnView<'a>,
    pub awards: Awards<'a>,
    /// The fictive turn in progress, if any (CSW-FIC, CSW-AUC).
    pub fictive: Option<&'a FictiveTurn>,
    /// The winner once the game is over.
    pub winner: Option<Seat>,
    /// Display label of each colour (defaults overlaid by the option).
    pub colours: BTreeMap<Colour, String>,
}

/// The island.
#[derive(Serialize, JsonSchema)]
pub struct BoardView<'a> {
    /// The 19 land hexes in reading order.
    pub tiles: Vec<TileView>,
    /// The 9 harbours in position order.
    pub harbours: &'a [Harbour],
    /// The hex under the robber.
    pub robber: HexId,
    pub buildings: Vec<BuildingView>,
    pub roads: Vec<RoadView>,
    /// Intersections nobody may build on (next to removed land, CSW-SETUP-6).
    pub unplayable_vertices: &'a [VertexId],
    /// Paths nobody may build on (CSW-SETUP-6).
    pub unplayable_edges: &'a [EdgeId],
}

/// A land hex.
#[derive(Serialize, JsonSchema)]
pub struct TileView {
    pub hex: HexId,
    pub terrain: Terrain,
    /// Its number token (none on the desert). A removed hex keeps it for display.
    pub token: Option<u8>,
    /// Taken out for the fictive players (CSW-SETUP-5).
    pub removed: bool,
    /// The robber stands here.
    pub robber: bool,
}

/// A settlement or city.
#[derive(Serialize, JsonSchema)]
pub struct BuildingView {
    pub vertex: VertexId,
    pub colour: Colour,
    pub kind: BuildingKind,
}

/// A road.
#[derive(Serialize, JsonSchema)]
pub struct RoadView {
    pub edge: EdgeId,
    pub colour: Colour,
}

/// A seat; `hand`, `dev_hand` and `total_vp` only for the seat itself and
/// after the game.
#[derive(Serialize, JsonSchema)]
pub struct PlayerView<'a> {
    pub seat: Seat,
    /// Resource cards held.
    pub cards: u32,
    /// Development cards held (face down).
    pub development_cards: usize,
    /// Knights played face up (CAT-AWARD-3).
    pub knights_played: u32,
    pub roads_left: u32,
    pub settlements_left: u32,
    pub cities_left: u32,
    /// Points everybody can see (without victory point cards).
    pub visible_vp: u32,
    /// Its longest trail (CAT-AWARD-1).
    pub road_length: u32,
    /// Cards given per card received in a maritime trade, per resource
    /// (CAT-TRADE-1).
    pub trade_rates: Cards,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<&'a Cards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dev_hand: Option<&'a [HeldDev]>,
    /// Points with victory point cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_vp: Option<u32>,
}

/// The bank.
#[derive(Serialize, JsonSchema)]
pub struct BankView<'a> {
    pub resources: &'a Cards,
    /// Development cards left (their order stays hidden).
    pub development_cards: usize,
}

/// Whose turn and where it stands.
#[derive(Serialize, JsonSchema)]
pub struct TurnView<'a> {
    /// Turn number (0 during set-up).
    pub number: u32,
    pub first_player: Seat,
    pub active: Seat,
    pub phase: Phase,
    /// The dice of this turn's roll.
    pub rolls: &'a [[u8; 2]],
    /// Open decisions, answered front first.
    pub pending: &'a [Pending],
    /// The open domestic offer.
    pub offer: Option<&'a Offer>,
}

/// The special cards.
#[derive(Serialize, JsonSchema)]
pub struct Awards<'a> {
    pub longest_road: Option<Colour>,
    pub largest_army: Option<Seat>,
    /// Every colour's longest trail.
    pub road_lengths: &'a [ColourLength],
}

pub fn view(s: &State, seat: Option<Seat>) -> View<'_> {
    let t = &s.table;
    let over = t.phase == Phase::Finished;
    let b = &t.board;
    let tiles = b
        .tiles
        .iter()
        .map(|tile| TileView {
            hex: tile.hex,
            terrain: tile.terrain,
            token: tile.token,
            removed: tile.removed,
            robber: b.robber == tile.hex,
        })
        .collect();
    let buildings = VertexId::all()
        .filter_map(|v| {
            b.building(v).map(|x| BuildingView {
                vertex: v,
                colour: x.colour,
                kind: x.kind,
            })
        })
        .collect();
    let roads = EdgeId::all()
        .filter_map(|e| b.road(e).map(|colour| RoadView { edge: e, colour }))
        .collect();
    let players = SEATS
        .iter()
        .map(|&p| {
            let ps = t.player(p);
            let full = over || seat == Some(p);
            let colour = Colour::of_seat(p);
            PlayerView {
                seat: p,
                cards: ps.hand.total(),
                development_cards: ps.dev_hand.len(),
                knights_played: ps.knights_played,
                roads_left: ps.roads_left,
                settlements_left: ps.settlements_left,
                cities_left: ps.cities_left,
                visible_vp: t.visible_vp(p),
                road_length: t
                    .road_lengths
                    .iter()
                    .find(|l| l.colour == colour)
                    .map(|l| l.length)
                    .unwrap_or(0),
                trade_rates: t.rates(p),
                hand: full.then_some(&ps.hand),
                dev_hand: full.then_some(ps.dev_hand.as_slice()),
                total_vp: full.then(|| t.total_vp(p)),
            }
        })
        .collect();
    View {
        you: seat,
        stage: s.stage,
        board: BoardView {
            tiles,
            harbours: &b.harbours,
            robber: b.robber,
            buildings,
            roads,
            unplayable_vertices: &b.unplayable_vertices,
            unplayable_edges: &b.unplayable_edges,
        },
        removal: &s.removal,
        players,
        bank: BankView {
            resources: &t.bank.resources,
            development_cards: t.bank.dev_deck.len(),
        },
        turn: TurnView {
            number: t.turn,
            first_player: t.first_player,
            active: t.active,
            phase: t.phase,
            rolls: &t.rolls,
            pending: &t.pending,
            offer: t.offer.as_ref(),
        },
        awards: Awards {
            longest_road: t.longest_road,
            largest_army: t.largest_army,
            road_lengths: &t.road_lengths,
        },
        fictive: s.fictive.as_ref(),
        winner: t.winner,
        colours: s.options.colour_labels(),
    }
}
