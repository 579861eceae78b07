//! What a seat may see: the whole board, both tracks and the running battle; the Greek hand
//! only for the Greeks; PERSS.KI's hand and the draw pile only as counts.

use schemars::JsonSchema;
use serde::Serialize;

use super::battle;
use super::data::{Card, City, Side, CITIES};
use super::flow;
use super::state::{BattleKind, End, GreekBonus, PerSide, Phase, Portraits, RoundRoll, State};
use crate::engine::Seat;

/// The table as one seat sees it.
#[derive(Serialize, JsonSchema)]
pub struct View<'a> {
    /// The campaign being played: 3, 4 or 5 (the solo game starts on the third, T300-SET-2).
    campaign: u8,
    /// The score marker, −6..6: positive on the Persian side, negative on the Greek side.
    score: i32,
    /// Which side the score marker favours.
    score_side: ScoreSide,
    phase: Phase,
    /// Whose operations turn it is (during operations).
    to_act: Side,
    /// The eleven cities in map order, with their units.
    cities: Vec<CityView>,
    /// The pontoon bridge stands on the Hellespont (the Abydos–Pella road is open).
    bridge: bool,
    /// Covered historical-figure portraits.
    portraits: &'a Portraits,
    /// Greek units neither on the map nor on a portrait (at most 9 armies and 5 fleets).
    greek_stock: Pieces,
    /// Persian units placed so far (their stock has no limit, T300-GEN-3).
    persian_placed: Pieces,
    /// Cards in the draw pile.
    deck_size: u32,
    /// The discard pile, face up, bottom first.
    discard: Vec<CardView>,
    /// The Greek hand; absent for every reader but the Greeks.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<Vec<CardView>>,
    greek_hand_size: u32,
    /// PERSS.KI's cards (face down).
    persian_hand_size: u32,
    /// Talents left in the running Greek preparation.
    talents: u32,
    /// Fleets raised in the running Greek preparation.
    fleets_raised: u32,
    /// Fleets the Greeks may still raise in this preparation (stock and limit).
    fleets_allowed: u32,
    /// The running Greek preparation is the extra one of Mines of Laurion (no fleet limit).
    mines_of_laurion: bool,
    /// The side whose last operations turn was a pass.
    last_pass: Option<Side>,
    /// PERSS.KI rolled a 1 this campaign: its further turns are passes (T300-AI-7).
    persian_done: bool,
    /// The running battle.
    #[serde(skip_serializing_if = "Option::is_none")]
    battle: Option<BattleView>,
    /// What each side would score if the campaign were scored now (T300-SCO-1).
    points_now: Points,
    /// How the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<End>,
}

/// Which side the score marker favours.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum ScoreSide {
    Persians,
    Greeks,
    Even,
}

/// A city with its printed facts, the units there and its controller.
#[derive(Serialize, JsonSchema)]
struct CityView {
    city: City,
    name: &'static str,
    /// A port city (fleets may lie in its port).
    port: bool,
    /// Supply capacity.
    amphorae: u32,
    /// Points for its controller at a scoring.
    points: i32,
    /// The side whose major (supply) city it is.
    major_of: Option<Side>,
    /// Neighbours by road now (the Hellespont only with the bridge).
    roads: Vec<City>,
    greek_armies: u32,
    persian_armies: u32,
    /// Greek fleets in its port.
    greek_fleets: u32,
    /// Persian fleets in its port.
    persian_fleets: u32,
    /// Who controls it (T300-MAP-2).
    controller: Option<Side>,
}

/// Armies and fleets.
#[derive(Serialize, JsonSchema)]
struct Pieces {
    armies: u32,
    fleets: u32,
}

/// Points per side.
#[derive(Serialize, JsonSchema)]
struct Points {
    greeks: i32,
    persians: i32,
}

/// A card face up: its id, printed number and the names of its halves.
#[derive(Serialize, JsonSchema)]
struct CardView {
    card: Card,
    /// The printed number, 1..16.
    number: u8,
    /// The Greek half.
    name: &'static str,
    /// The Persian half (never carried out in the solo game).
    persian_name: &'static str,
}

impl CardView {
    fn of(card: Card) -> CardView {
        CardView {
            card,
            number: card.number(),
            name: card.name(),
            persian_name: card.persian_name(),
        }
    }
}

/// The dice of the coming round.
#[derive(Serialize, JsonSchema)]
struct NextRound {
    /// Dice the Persians roll (one per unit, at most 3).
    persian_dice: u32,
    /// Dice the Greeks roll (one per unit, at most 3, or as the bonus card says).
    greek_dice: u32,
}

/// A running battle, as the table sees it.
#[derive(Serialize, JsonSchema)]
struct BattleView {
    kind: BattleKind,
    city: City,
    attacker: Side,
    /// Rounds fought so far.
    rounds_fought: u32,
    /// Units of each side in the battle now (armies on land, fleets at sea).
    units: PerSide,
    /// Greek armies aboard the Greek fleets of a naval battle; they land if the fleets win.
    carried: u32,
    /// The most a Persian die counts here (5 in Abydos and Ephesos, else 4).
    persian_cap: u8,
    /// The card fixing the Greek dice of this land battle (Miltiades, 300 Spartans, Leonidas).
    #[serde(skip_serializing_if = "Option::is_none")]
    greek_bonus: Option<GreekBonus>,
    /// Evangelion moves the score when this battle ends.
    evangelion: bool,
    /// The last round as rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    last_round: Option<RoundRoll>,
    /// The dice of the next round, if the battle goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_round: Option<NextRound>,
    /// Where the Greeks may retreat now.
    retreat_to: Vec<City>,
}

fn battle_view(st: &State) -> Option<BattleView> {
    let b = st.battle.as_ref()?;
    let u = st.u(b.city);
    let (greeks, persians) = match b.kind {
        BattleKind::Land => (u.ga, u.pa),
        BattleKind::Naval => (u.gf, u.pf),
    };
    Some(BattleView {
        kind: b.kind,
        city: b.city,
        attacker: b.attacker,
        rounds_fought: b.round,
        units: PerSide { greeks, persians },
        carried: b.carried,
        persian_cap: battle::persian_cap(b.city),
        greek_bonus: b.bonus,
        evangelion: b.evangelion,
        last_round: b.last.clone(),
        next_round: st.next_round_dice().map(|(g, p)| NextRound {
            persian_dice: p,
            greek_dice: g,
        }),
        retreat_to: if b.round > 0 {
            battle::retreats(st)
        } else {
            vec![]
        },
    })
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
        score_side: match st.score {
            s if s > 0 => ScoreSide::Persians,
            s if s < 0 => ScoreSide::Greeks,
            _ => ScoreSide::Even,
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
        deck_size: st.deck.len() as u32,
        discard: st.discard.iter().map(|&c| CardView::of(c)).collect(),
        hand: is_greek.then(|| st.hand_greeks.iter().map(|&c| CardView::of(c)).collect()),
        greek_hand_size: st.hand_greeks.len() as u32,
        persian_hand_size: st.hand_persians.len() as u32,
        talents: st.talents,
        fleets_raised: st.fleets_raised,
        fleets_allowed: st.fleets_allowed(),
        mines_of_laurion: st.mines,
        last_pass: st.last_pass,
        persian_done: st.persian_done,
        battle: battle_view(st),
        points_now: Points {
            greeks: flow::points(st, Side::Greeks),
            persians: flow::points(st, Side::Persians),
        },
        result: st.end,
    }
}
