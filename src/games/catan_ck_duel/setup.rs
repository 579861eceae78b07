//! Building the table (CCK-SETUP-1, -2; CAT-BOARD-11..-13, CAT-SETUP-4, CAT-DUO-3).

use super::board::*;
use super::data::*;
use super::rules::R;
use super::state::*;
use crate::engine::legacy::{Dice, Event, RuleError};

pub fn new_state(o: &Options, dice: &mut Dice, ev: &mut Vec<Event>) -> R<State> {
    if !(3..=12).contains(&o.barbarian_track) {
        return Err(RuleError::bad_options(
            "CCK-BARB-1",
            "barbarian_track must be 3 to 12",
        ));
    }
    if o.vp_target < 4 || o.vp_target > 30 {
        return Err(RuleError::bad_options(
            "CCK-END-1",
            "vp_target must be 4 to 30",
        ));
    }
    if !(7..=20).contains(&o.discard_limit) {
        return Err(RuleError::bad_options(
            "CCK-SEVEN-1",
            "discard_limit must be 7 to 20",
        ));
    }
    let g = geo();
    // Board (CAT-BOARD-11..-15) from the shared core.
    let lo = crate::games::catan::layout::LayoutOptions {
        layout: o.layout,
        numbers: o.numbers,
        spiral_start: o.spiral_start,
        harbours: o.harbours,
        board: o.board.clone(),
    };
    // TEMPORARY (until this game moves to the new contract): the layout's
    // shuffles run on a chance at this dice position, then the dice skip
    // the words they used.
    let mut ch = crate::engine::Chance::new(
        Dice::at(dice.seed(), dice.position()),
        crate::engine::TableMode::SERVER,
        vec![],
    )?;
    let (cb, board_events): (
        crate::games::catan::Board,
        Vec<crate::games::catan::events::BaseEvent<crate::games::catan::Resource>>,
    ) = crate::games::catan::layout::generate(&lo, &mut ch, false)?;
    while dice.position() < ch.position() {
        dice.next_word();
    }
    let seats = [
        crate::engine::SeatInfo::human("a", "Player A"),
        crate::engine::SeatInfo::human("b", "Player B"),
    ];
    let cx = crate::engine::TextCx::new(crate::engine::Lang::En, &seats);
    for e in board_events {
        use crate::engine::Describe;
        ev.push(Event::new("board", "CAT-BOARD-12", e.describe(&cx)));
    }
    let tiles: Vec<HexTile> = cb
        .tiles
        .iter()
        .map(|t| HexTile {
            hex: Hex(t.hex.coord().0, t.hex.coord().1),
            terrain: same_name(&t.terrain).unwrap_or(Terrain::Desert),
            token: t.token.unwrap_or(0),
        })
        .collect();
    let harbours: Vec<HarbourKind> = cb
        .harbours
        .iter()
        .map(|h| same_name(&h.kind).unwrap_or(HarbourKind::Generic))
        .collect();
    if tiles.len() != g.hexes.len() || harbours.len() != 9 {
        return Err(RuleError::bad_options(
            "CAT-BOARD-15",
            "the board must have 19 hexes and 9 harbours",
        ));
    }
    let robber = tiles
        .iter()
        .position(|t| t.terrain == Terrain::Desert)
        .unwrap_or(0);
    let mut decks: [Vec<ProgressKind>; 3] = [
        deck_list(Track::Trade),
        deck_list(Track::Politics),
        deck_list(Track::Science),
    ];
    for d in decks.iter_mut() {
        dice.shuffle(d);
    }
    let mut s = State {
        opts: o.clone(),
        tiles,
        harbours,
        robber,
        robber_awake: false,
        buildings: vec![None; g.vertices.len()],
        roads: vec![None; g.edges.len()],
        knights: vec![None; g.vertices.len()],
        merchant: None,
        barbarian: 0,
        players: [Player::new(), Player::new()],
        neutrals: [
            NeutralStock {
                roads_left: 15,
                settlements_left: 5,
                knights_left: [2, 2],
            },
            NeutralStock {
                roads_left: 15,
                settlements_left: 5,
                knights_left: [2, 2],
            },
        ],
        bank: Hand([19, 19, 19, 19, 19, 12, 12, 12]),
        decks,
        defender_left: 6,
        metropolis: [None; 3],
        token_supply: 10,
        longest_road: None,
        turn: 0,
        active: 0,
        first_player: 0,
        phase: Phase::Setup { step: 0 },
        rolls: Vec::new(),
        pending: Vec::new(),
        setup_vertex: None,
        built_this_turn: false,
        winner: None,
        end_reason: String::new(),
        entered: Entered::default(),
    };
    // Neutral start settlements (CAT-DUO-3).
    let a = g.vertex_index(o.neutral_start[0]).ok_or_else(|| {
        RuleError::bad_options("CAT-DUO-3", "neutral_start[0] is not an intersection")
    })?;
    let b = g.vertex_index(o.neutral_start[1]).ok_or_else(|| {
        RuleError::bad_options("CAT-DUO-3", "neutral_start[1] is not an intersection")
    })?;
    if a == b || g.v_adj[a].iter().any(|(n, _)| *n == b) {
        return Err(RuleError::bad_options(
            "CAT-DUO-3",
            "the neutral start settlements must obey the distance rule",
        ));
    }
    for (i, v) in [a, b].into_iter().enumerate() {
        s.buildings[v] = Some(Building {
            colour: NEUTRALS[i],
            city: false,
            wall: false,
            metropolis: None,
        });
        s.neutrals[i].settlements_left -= 1;
    }
    // First player (CAT-SETUP-4, CAT-RNG-5).
    s.first_player = match o.first_player {
        FirstPlayer::A => 0,
        FirstPlayer::B => 1,
        FirstPlayer::Roll => {
            let mut w = None;
            for _ in 0..20 {
                let ra = dice.d6("CAT-SETUP-4")? + dice.d6("CAT-SETUP-4")?;
                let rb = dice.d6("CAT-SETUP-4")? + dice.d6("CAT-SETUP-4")?;
                ev.push(Event::new(
                    "roll_off",
                    "CAT-SETUP-4",
                    format!("Roll-off for the first player: seat a rolls {ra}, seat b rolls {rb}."),
                ));
                if ra != rb {
                    w = Some(if ra > rb { 0 } else { 1 });
                    break;
                }
            }
            w.unwrap_or_else(|| {
                // CAT-RNG-5: the roll-off ends after 20 equal rounds, and says so.
                ev.push(Event::new(
                    "roll_off_capped",
                    "CAT-RNG-5",
                    "Twenty roll-offs in a row were equal: seat a places first.",
                ));
                0
            })
        }
    };
    s.active = s.first_player;
    ev.push(Event::new("setup", "CCK-SETUP-1", format!("The table is set: 20 trade tokens (5 each, 10 in the supply), three progress decks of 18, barbarians at 0; seat {} places first.", Colour::of_seat(s.first_player).name())));
    Ok(s)
}

/// Converts between the core's and this game's enums of the same JSON names.
fn same_name<A: serde::Serialize, B: serde::de::DeserializeOwned>(a: &A) -> Option<B> {
    serde_json::to_value(a)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
}
