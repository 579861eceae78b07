//! Building the table (CCK-SETUP-1, -2; CAT-BOARD-11..-13, CAT-SETUP-4, CAT-DUO-3).

use serde_json::json;

use super::board::*;
use super::data::*;
use super::rules::R;
use super::state::*;
use crate::engine::{Dice, Event, RuleError};

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
    let g = geo();
    // Board (CAT-BOARD-11, -12, -13).
    let mut tiles: Vec<HexTile> = Vec::new();
    match o.layout {
        Layout::Beginner => {
            for (i, h) in g.hexes.iter().enumerate() {
                tiles.push(HexTile {
                    hex: *h,
                    terrain: BEGINNER[i].0,
                    token: BEGINNER[i].1,
                });
            }
        }
        Layout::Random => {
            use Terrain::*;
            let mut terr = vec![
                Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields,
                Fields, Fields, Hills, Hills, Hills, Mountains, Mountains, Mountains, Desert,
            ];
            dice.shuffle(&mut terr);
            for (i, h) in g.hexes.iter().enumerate() {
                tiles.push(HexTile {
                    hex: *h,
                    terrain: terr[i],
                    token: 0,
                });
            }
            let k = match o.spiral_start {
                SpiralStart::Random => dice.below(6) as usize,
                SpiralStart::E => 0,
                SpiralStart::NE => 1,
                SpiralStart::NW => 2,
                SpiralStart::W => 3,
                SpiralStart::SW => 4,
                SpiralStart::SE => 5,
            };
            let mut next = 0;
            for h in spiral(k) {
                if let Some(i) = g.hex_index(h) {
                    if tiles[i].terrain != Desert {
                        tiles[i].token = TOKENS[next];
                        next += 1;
                    }
                }
            }
            ev.push(
                Event::new(
                    "board",
                    "CAT-BOARD-12",
                    "A random board is laid out with the spiral of number tokens.",
                )
                .data(json!({"spiral_start": k})),
            );
        }
    }
    let beginner_h = match o.harbours {
        HarbourOption::Auto => o.layout == Layout::Beginner,
        HarbourOption::Beginner => true,
        HarbourOption::Random => false,
    };
    let mut harbours = BEGINNER_HARBOURS.to_vec();
    if !beginner_h {
        use HarbourKind::*;
        harbours = vec![
            Generic, Generic, Generic, Generic, Brick, Lumber, Wool, Grain, Ore,
        ];
        dice.shuffle(&mut harbours);
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
            let mut w = 0;
            for _ in 0..20 {
                let ra = dice.d6("CAT-SETUP-4")? + dice.d6("CAT-SETUP-4")?;
                let rb = dice.d6("CAT-SETUP-4")? + dice.d6("CAT-SETUP-4")?;
                ev.push(Event::new(
                    "roll_off",
                    "CAT-SETUP-4",
                    format!("Roll-off: a {ra}, b {rb}."),
                ));
                if ra != rb {
                    w = if ra > rb { 0 } else { 1 };
                    break;
                }
            }
            w
        }
    };
    s.active = s.first_player;
    ev.push(Event::new("setup", "CCK-SETUP-1", format!("The table is set: 20 trade tokens (5 each, 10 in the supply), three progress decks of 18, barbarians at 0; seat {} places first.", Colour::of_seat(s.first_player).name())));
    Ok(s)
}
