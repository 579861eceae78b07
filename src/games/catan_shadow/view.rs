//! What a seat may see (catan-base §2.3): own hand and development cards in
//! full, the other seat's as counts; deck order never; everything at the end.

use std::collections::BTreeMap;

use serde::Serialize;

use super::fictive::FictiveTurn;
use super::removal::Removal;
use super::rules::{next, Stage, State};
use crate::engine::legacy::{Next, Seat};
use crate::games::catan::board::{seat_id, seat_index, Harbour};
use crate::games::catan::geometry::geo;
use crate::games::catan::player::HeldDev;
use crate::games::catan::table::{Offer, Pending, Phase};
use crate::games::catan::{BuildingKind, Cards, Colour, Edge, Hex, Terrain, Vertex};

/// The table for one seat: borrows from the state and is serialized straight
/// to JSON, so a reply builds no `serde_json::Value` tree (issue 8).
#[derive(Serialize)]
pub struct View<'a> {
    game: &'static str,
    /// The viewer's seat id; null for a spectator.
    you: Option<&'static str>,
    next: Next,
    stage: Stage,
    board: BoardView<'a>,
    removal: &'a Removal,
    players: Vec<PlayerView<'a>>,
    bank: BankView<'a>,
    turn: TurnView<'a>,
    awards: Awards<'a>,
    fictive: Option<&'a FictiveTurn>,
    winner: Option<&'static str>,
    /// Display labels by colour id (defaults overlaid by the option).
    colours: BTreeMap<&'a str, &'a str>,
}

#[derive(Serialize)]
struct BoardView<'a> {
    tiles: Vec<TileView>,
    harbours: &'a [Harbour],
    robber: Option<Hex>,
    buildings: Vec<BuildingView>,
    roads: Vec<RoadView>,
    unplayable_vertices: Vec<Vertex>,
    unplayable_edges: Vec<Edge>,
}

#[derive(Serialize)]
struct TileView {
    hex: Hex,
    terrain: Terrain,
    token: Option<u8>,
    removed: bool,
    robber: bool,
}

#[derive(Serialize)]
struct BuildingView {
    vertex: Vertex,
    colour: Colour,
    kind: BuildingKind,
}

#[derive(Serialize)]
struct RoadView {
    edge: Edge,
    colour: Colour,
}

/// A seat as others see it; the hidden keys are present only for the seat
/// itself and after the game.
#[derive(Serialize)]
struct PlayerView<'a> {
    seat: &'static str,
    cards: u32,
    development_cards: usize,
    knights_played: u32,
    roads_left: u32,
    settlements_left: u32,
    cities_left: u32,
    visible_vp: u32,
    road_length: u32,
    trade_rates: Cards,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<&'a Cards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dev_hand: Option<&'a [HeldDev]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total_vp: Option<u32>,
}

#[derive(Serialize)]
struct BankView<'a> {
    resources: &'a Cards,
    /// Only the count: the deck order stays hidden.
    development_cards: usize,
}

#[derive(Serialize)]
struct TurnView<'a> {
    number: u32,
    first_player: &'static str,
    active: &'static str,
    phase: Phase,
    rolls: &'a [[u8; 2]],
    pending: &'a [Pending],
    offer: Option<&'a Offer>,
}

#[derive(Serialize)]
struct Awards<'a> {
    longest_road: Option<Colour>,
    largest_army: Option<&'static str>,
    road_lengths: &'a BTreeMap<Colour, u32>,
}

pub fn view(s: &State, seat: Option<Seat>) -> View<'_> {
    let t = &s.table;
    let g = geo();
    let me = seat.and_then(seat_index);
    let over = t.phase == Phase::Finished;
    let b = &t.board;
    let tiles = b
        .tiles
        .iter()
        .enumerate()
        .map(|(i, tile)| TileView {
            hex: tile.hex,
            terrain: tile.terrain,
            token: tile.token,
            removed: tile.removed,
            robber: b.robber == i,
        })
        .collect();
    let buildings = b
        .buildings
        .iter()
        .enumerate()
        .filter_map(|(v, x)| {
            x.map(|x| BuildingView {
                vertex: g.vertices[v],
                colour: x.colour,
                kind: x.kind,
            })
        })
        .collect();
    let roads = b
        .roads
        .iter()
        .enumerate()
        .filter_map(|(e, c)| {
            c.map(|colour| RoadView {
                edge: g.edges[e],
                colour,
            })
        })
        .collect();
    let players = (0..2)
        .map(|p| {
            let ps = &t.players[p];
            let full = over || me == Some(p);
            PlayerView {
                seat: seat_id(p),
                cards: ps.hand.total(),
                development_cards: ps.dev_hand.len(),
                knights_played: ps.knights_played,
                roads_left: ps.roads_left,
                settlements_left: ps.settlements_left,
                cities_left: ps.cities_left,
                visible_vp: t.visible_vp(p),
                road_length: t
                    .road_lengths
                    .get(&Colour::of_seat(p))
                    .copied()
                    .unwrap_or(0),
                trade_rates: b.trade_rates(Colour::of_seat(p)),
                hand: full.then_some(&ps.hand),
                dev_hand: full.then_some(ps.dev_hand.as_slice()),
                total_vp: full.then(|| t.total_vp(p)),
            }
        })
        .collect();
    View {
        game: "catan-shadow",
        you: me.map(seat_id),
        next: next(s),
        stage: s.stage,
        board: BoardView {
            tiles,
            harbours: &b.harbours,
            robber: g.hexes.get(b.robber).copied(),
            buildings,
            roads,
            unplayable_vertices: b
                .unplayable_vertices
                .iter()
                .map(|v| g.vertices[*v])
                .collect(),
            unplayable_edges: b.unplayable_edges.iter().map(|e| g.edges[*e]).collect(),
        },
        removal: &s.removal,
        players,
        bank: BankView {
            resources: &t.bank.resources,
            development_cards: t.bank.dev_deck.len(),
        },
        turn: TurnView {
            number: t.turn,
            first_player: seat_id(t.first_player),
            active: seat_id(t.active),
            phase: t.phase,
            rolls: &t.rolls,
            pending: &t.pending,
            offer: t.offer.as_ref(),
        },
        awards: Awards {
            longest_road: t.longest_road,
            largest_army: t.largest_army.map(seat_id),
            road_lengths: &t.road_lengths,
        },
        fictive: s.fictive.as_ref(),
        winner: t.winner.map(seat_id),
        colours: s.options.colour_labels(),
    }
}
