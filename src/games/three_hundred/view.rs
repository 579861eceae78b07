//! What a seat may see: the whole board; the Greek hand only for the Greeks; PERSS.KI's hand and
//! the draw order only as counts.

use serde::Serialize;

use super::battle;
use super::data::{card_name, City, Side, CITIES};
use super::flow;
use super::rules::pending_prompt;
use super::state::{Battle, Outcome, Pending, Phase, Portraits, State};
use crate::engine::legacy::Seat;

/// The table for one seat: borrows from the state and is serialized straight
/// to JSON, so a reply builds no `serde_json::Value` tree (issue 8).
#[derive(Serialize)]
pub struct View<'a> {
    campaign: u8,
    score: i32,
    /// Who the score track favours: `persians`, `greeks` or `even`.
    score_side: &'static str,
    phase: Phase,
    to_act: Side,
    cities: Vec<CityView>,
    bridge: bool,
    portraits: &'a Portraits,
    greek_stock: Pieces,
    persian_placed: Pieces,
    deck_size: usize,
    discard: &'a [u8],
    discard_top: Option<Card>,
    /// The Greek hand; null for everyone but the Greeks.
    hand: Option<Vec<Card>>,
    greek_hand_size: usize,
    persian_hand_size: usize,
    talents: u32,
    fleets_raised: u32,
    mines_of_laurion: bool,
    last_pass: Option<Side>,
    persian_done: bool,
    battle: Option<&'a Battle>,
    retreats: Vec<City>,
    pending: Option<&'a Pending>,
    prompt: Option<String>,
    points_now: Points,
    winner: Option<Outcome>,
    summary: &'a str,
}

/// A city with its static facts, the units there and its controller.
#[derive(Serialize)]
struct CityView {
    city: City,
    name: &'static str,
    port: bool,
    amphorae: u32,
    points: i32,
    major_of: Option<Side>,
    roads: Vec<City>,
    greek_armies: u32,
    persian_armies: u32,
    greek_fleets: u32,
    persian_fleets: u32,
    controller: Option<Side>,
}

#[derive(Serialize)]
struct Pieces {
    armies: u32,
    fleets: u32,
}

/// A card by number with its printed name.
#[derive(Serialize)]
struct Card {
    card: u8,
    name: &'static str,
}

impl Card {
    fn of(card: u8) -> Card {
        Card {
            card,
            name: card_name(card),
        }
    }
}

#[derive(Serialize)]
struct Points {
    greeks: i32,
    persians: i32,
}

pub fn view(st: &State, seat: Option<Seat>) -> View<'_> {
    let cities = CITIES
        .iter()
        .map(|&c| {
            let u = st.u(c);
            CityView {
                city: c,
                name: c.name(),
                port: c.has_port(),
                amphorae: c.amphorae(),
                points: c.points(),
                major_of: c.major_of(),
                roads: c.roads(st.bridge),
                greek_armies: u.ga,
                persian_armies: u.pa,
                greek_fleets: u.gf,
                persian_fleets: u.pf,
                controller: st.controller(c),
            }
        })
        .collect();
    let is_greek = seat == Some(Seat(0));
    View {
        campaign: st.campaign,
        score: st.score,
        score_side: if st.score > 0 {
            "persians"
        } else if st.score < 0 {
            "greeks"
        } else {
            "even"
        },
        phase: st.phase,
        to_act: st.to_act,
        cities,
        bridge: st.bridge,
        portraits: &st.portraits,
        greek_stock: Pieces {
            armies: st.greek_stock_armies,
            fleets: st.greek_stock_fleets,
        },
        persian_placed: Pieces {
            armies: st.persian_armies_placed,
            fleets: st.persian_fleets_placed,
        },
        deck_size: st.deck.len(),
        discard: &st.discard,
        discard_top: st.discard.last().map(|&c| Card::of(c)),
        hand: is_greek.then(|| st.hand_greeks.iter().map(|&c| Card::of(c)).collect()),
        greek_hand_size: st.hand_greeks.len(),
        persian_hand_size: st.hand_persians.len(),
        talents: st.talents,
        fleets_raised: st.fleets_raised,
        mines_of_laurion: st.mines,
        last_pass: st.last_pass,
        persian_done: st.persian_done,
        battle: st.battle.as_ref(),
        retreats: battle::retreats(st),
        pending: st.pending.as_ref(),
        prompt: st.pending.as_ref().map(pending_prompt),
        points_now: Points {
            greeks: flow::points(st, Side::Greeks),
            persians: flow::points(st, Side::Persians),
        },
        winner: st.winner,
        summary: &st.summary,
    }
}
