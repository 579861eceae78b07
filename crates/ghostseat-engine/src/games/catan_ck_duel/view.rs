//! What a seat may see (hands and decks of others filtered out).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::board::{Edge, EdgeId, HarbourKind, Hex, Terrain, Vertex, VertexId};
use super::bot::{self, Spot};
use super::data::{Card, Cards, ProgressKind, Track};
use super::flow;
use super::mechanics::*;
use super::state::*;

/// The table for one seat: borrows from the state and is serialized straight
/// to JSON, so a reply builds no `serde_json::Value` tree.
#[derive(Serialize, JsonSchema)]
pub struct View<'a> {
    game: &'static str,
    colours: &'a BTreeMap<String, String>,
    turn: u32,
    phase: Phase,
    active: Colour,
    deciding: Option<Colour>,
    hexes: Vec<HexTile>,
    harbours: Vec<HarbourKind>,
    robber: Hex,
    robber_awake: bool,
    merchant: Option<Merchant>,
    buildings: Vec<BuildingView>,
    roads: Vec<RoadView>,
    knights: Vec<KnightView>,
    barbarian: Barbarian,
    players: Vec<PlayerView<'a>>,
    neutrals: &'a [NeutralStock; 2],
    bank: Cards,
    decks: PerTrack<usize>,
    defender_left: u32,
    metropolis: PerTrack<Option<Colour>>,
    token_supply: u32,
    longest_road: Option<Colour>,
    rolls: &'a [RollRecord],
    pending: Vec<PendingView<'a>>,
    /// Where a neutral piece may go while a neutral decision is open.
    neutral_options: Vec<NeutralOption>,
    winner: Option<Colour>,
}

#[derive(Serialize, JsonSchema)]
struct Merchant {
    hex: Hex,
    seat: Colour,
}

#[derive(Serialize, JsonSchema)]
struct BuildingView {
    vertex: Vertex,
    colour: Colour,
    city: bool,
    wall: bool,
    metropolis: Option<Track>,
}

#[derive(Serialize, JsonSchema)]
struct RoadView {
    edge: Edge,
    colour: Colour,
}

#[derive(Serialize, JsonSchema)]
struct KnightView {
    vertex: Vertex,
    colour: Colour,
    level: u8,
    active: bool,
}

#[derive(Serialize, JsonSchema)]
struct Barbarian {
    position: u8,
    track: u8,
}

/// One value per improvement track.
#[derive(Serialize, JsonSchema)]
struct PerTrack<T> {
    trade: T,
    politics: T,
    science: T,
}

impl<T> PerTrack<T> {
    fn of(v: [T; 3]) -> Self {
        let [trade, politics, science] = v;
        PerTrack {
            trade,
            politics,
            science,
        }
    }
}

/// A seat; hand and progress cards are null unless the viewer may see them.
#[derive(Serialize, JsonSchema)]
struct PlayerView<'a> {
    seat: Colour,
    vp: VpBreakdown,
    cards: u32,
    hand: Option<Cards>,
    progress_count: usize,
    progress: Option<&'a [ProgressCard]>,
    vp_cards: &'a [ProgressKind],
    defender: u32,
    improvements: PerTrack<u8>,
    tokens: u32,
    pieces_left: PiecesLeft<'a>,
    token_action_used: bool,
    knight_removed: bool,
    merchant_fleet: Option<Card>,
    active_knight_strength: u32,
}

#[derive(Serialize, JsonSchema)]
struct PiecesLeft<'a> {
    roads: i32,
    settlements: i32,
    cities: i32,
    walls: i32,
    knights: &'a [u8; 3],
}

/// A queued decision; a trade response hides the offer's cards.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
enum PendingView<'a> {
    Redacted(Redacted),
    Shown(&'a Pending),
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Redacted {
    TradeResponse { seat: Colour },
}

/// A legal neutral placement: `colour` plus `vertex` or `edge`.
#[derive(Serialize, JsonSchema)]
struct NeutralOption {
    colour: Colour,
    #[serde(skip_serializing_if = "Option::is_none")]
    vertex: Option<Vertex>,
    #[serde(skip_serializing_if = "Option::is_none")]
    edge: Option<Edge>,
}

pub fn view(s: &State, seat: Option<Seat>) -> View<'_> {
    let buildings = VertexId::all()
        .filter_map(|v| {
            s.building(v).map(|b| BuildingView {
                vertex: Vertex::of(v),
                colour: b.colour,
                city: b.city,
                wall: b.wall,
                metropolis: b.metropolis,
            })
        })
        .collect();
    let knights = VertexId::all()
        .filter_map(|v| {
            s.knight(v).map(|k| KnightView {
                vertex: Vertex::of(v),
                colour: k.colour,
                level: k.level,
                active: k.active,
            })
        })
        .collect();
    let roads = EdgeId::all()
        .filter_map(|e| {
            s.road(e).map(|colour| RoadView {
                edge: Edge::of(e),
                colour,
            })
        })
        .collect();
    let players = SEATS
        .into_iter()
        .map(|p| {
            let pl = &s.players[p];
            // The Spy / Master Merchant player sees the opponent's hand (CCK-PROG-23, -29).
            let peek = matches!(s.pending.first(), Some(Pending::SpyPick { seat: x }) | Some(Pending::MasterMerchantPick { seat: x, .. }) if Some(*x) == seat && p == other(*x));
            let own = seat == Some(p) || s.phase == Phase::Finished;
            let shown = own || peek;
            PlayerView {
                seat: colour_of(p),
                vp: vp_breakdown(s, p),
                cards: pl.hand.total(),
                hand: shown.then(|| pl.hand.to_map()),
                progress_count: pl.progress.len(),
                progress: shown.then_some(pl.progress.as_slice()),
                vp_cards: &pl.vp_cards,
                defender: pl.defender,
                improvements: PerTrack::of(pl.imp),
                tokens: pl.tokens,
                pieces_left: PiecesLeft {
                    roads: pl.roads_left,
                    settlements: pl.settlements_left,
                    cities: pl.cities_left,
                    walls: pl.walls_left,
                    knights: &pl.knights_left,
                },
                token_action_used: pl.token_action_used,
                knight_removed: pl.knight_removed,
                merchant_fleet: pl.merchant_fleet,
                active_knight_strength: active_strength(s, p),
            }
        })
        .collect();
    let neutral_options = match s.pending.first() {
        Some(Pending::Neutral { task, .. }) => bot::options(s, task)
            .into_iter()
            .map(|(colour, sp)| match sp {
                Spot::Vertex(v) => NeutralOption {
                    colour,
                    vertex: Some(Vertex::of(v)),
                    edge: None,
                },
                Spot::Edge(e) => NeutralOption {
                    colour,
                    vertex: None,
                    edge: Some(Edge::of(e)),
                },
            })
            .collect(),
        _ => Vec::new(),
    };
    View {
        game: "catan-ck-duel",
        colours: &s.opts.colours,
        turn: s.turn,
        phase: s.phase,
        active: colour_of(s.active),
        deciding: flow::deciding_seat(s).map(colour_of),
        hexes: s
            .board
            .tiles
            .iter()
            .map(|t| HexTile {
                hex: Hex::of(t.hex),
                terrain: Terrain::of_core(t.terrain),
                token: t.token.unwrap_or(0),
            })
            .collect(),
        harbours: s
            .board
            .harbours
            .iter()
            .map(|h| HarbourKind::of_core(h.kind))
            .collect(),
        robber: Hex::of(s.board.robber),
        robber_awake: s.robber_awake,
        merchant: s.merchant.map(|(h, p)| Merchant {
            hex: Hex::of(h),
            seat: colour_of(p),
        }),
        buildings,
        roads,
        knights,
        barbarian: Barbarian {
            position: s.barbarian,
            track: s.opts.barbarian_track,
        },
        players,
        neutrals: &s.neutrals,
        bank: s.bank.to_map(),
        decks: PerTrack::of([s.decks[0].len(), s.decks[1].len(), s.decks[2].len()]),
        defender_left: s.defender_left,
        metropolis: PerTrack::of(s.metropolis.map(|m| m.map(colour_of))),
        token_supply: s.token_supply,
        longest_road: s.longest_road,
        rolls: &s.rolls,
        pending: s
            .pending
            .iter()
            .map(|p| match p {
                Pending::TradeResponse { seat, .. } => {
                    PendingView::Redacted(Redacted::TradeResponse {
                        seat: colour_of(*seat),
                    })
                }
                p => PendingView::Shown(p),
            })
            .collect(),
        neutral_options,
        winner: s.winner.map(colour_of),
    }
}
