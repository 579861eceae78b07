//! Laying out the island (CAT-BOARD-11..-15): beginner, random (terrains,
//! tokens on the spiral or shuffled, harbours) or entered by the table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{beginner_tiles, Board, Piece, Tile};
use super::data::*;
use super::events::BaseEvent;
use super::geometry::*;
use super::refusals::Refusal;
use crate::engine::{Chance, RuleError};

/// How terrains and tokens are laid out (CAT §3 `layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Terrains shuffled, tokens by `numbers` (CAT-BOARD-12..-14).
    #[default]
    Random,
    /// The beginner island of the rule book (CAT-BOARD-11).
    Beginner,
    /// The table's own island, entered in `board` (CAT-BOARD-15).
    Manual,
}

/// How tokens are laid on a random layout (CAT §3 `numbers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Numbers {
    /// In letter order along the spiral (CAT-BOARD-13).
    #[default]
    Spiral,
    /// Shuffled, no two red numbers adjacent (CAT-BOARD-14).
    Random,
}

/// A corner hex where the token spiral starts (CAT-BOARD-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SpiralCorner {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

impl SpiralCorner {
    pub const ALL: [SpiralCorner; 6] = [
        SpiralCorner::E,
        SpiralCorner::NE,
        SpiralCorner::NW,
        SpiralCorner::W,
        SpiralCorner::SW,
        SpiralCorner::SE,
    ];
    /// Counter-clockwise turns from the E corner.
    pub fn steps(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            SpiralCorner::E => "E",
            SpiralCorner::NE => "NE",
            SpiralCorner::NW => "NW",
            SpiralCorner::W => "W",
            SpiralCorner::SW => "SW",
            SpiralCorner::SE => "SE",
        }
    }
}

/// Where the spiral starts (CAT §3 `spiral_start`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum SpiralStart {
    /// A corner drawn at random.
    #[default]
    #[serde(rename = "random")]
    Random,
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

/// Harbour kinds on the 9 positions (CAT §3 `harbours`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HarbourLayout {
    /// Shuffled (CAT-BOARD-12).
    Random,
    /// The house default for the beginner frame (CAT-BOARD-11).
    Beginner,
    /// Entered in `board.harbours` (CAT-BOARD-15).
    Manual,
}

/// One hex of a manual board (CAT-BOARD-15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManualHex {
    /// A land hex `[q, r]`.
    pub hex: Hex,
    pub terrain: Terrain,
    /// Its number token, 2..12 (none on the desert).
    #[serde(default)]
    pub token: Option<u8>,
}

/// An island entered by the table (CAT-BOARD-15).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ManualBoard {
    /// The 19 land hexes with terrain and token (for `layout: "manual"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hexes: Option<Vec<ManualHex>>,
    /// The 9 harbour kinds in position order 1..9 (for `harbours: "manual"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbours: Option<Vec<HarbourKind>>,
}

/// The layout options of CAT §3.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LayoutOptions {
    pub layout: Layout,
    pub numbers: Numbers,
    pub spiral_start: SpiralStart,
    pub harbours: Option<HarbourLayout>,
    pub board: Option<ManualBoard>,
}

impl LayoutOptions {
    /// The harbour layout, defaulting to the layout's (CAT §3).
    pub fn harbour_layout(&self) -> HarbourLayout {
        self.harbours.unwrap_or(match self.layout {
            Layout::Beginner => HarbourLayout::Beginner,
            Layout::Manual => HarbourLayout::Manual,
            Layout::Random => HarbourLayout::Random,
        })
    }

    /// Checks a manual board at creation (CAT-BOARD-15); a refusal names
    /// the option.
    pub fn validate(&self) -> Result<(), RuleError> {
        if self.layout == Layout::Manual {
            manual_tiles(self.board.as_ref())?;
        } else if self.board.as_ref().is_some_and(|b| b.hexes.is_some()) {
            return Err(RuleError::bad_option(
                "CAT-BOARD-15",
                "board.hexes",
                Refusal::HexesWithoutManual,
            ));
        }
        if self.harbour_layout() == HarbourLayout::Manual {
            manual_harbours(self.board.as_ref())?;
        } else if self.board.as_ref().is_some_and(|b| b.harbours.is_some()) {
            return Err(RuleError::bad_option(
                "CAT-BOARD-15",
                "board.harbours",
                Refusal::HarboursWithoutManual,
            ));
        }
        if self.layout != Layout::Random
            && (self.numbers != Numbers::Spiral || self.spiral_start != SpiralStart::Random)
        {
            return Err(RuleError::bad_option(
                "CAT-BOARD-13",
                if self.numbers != Numbers::Spiral {
                    "numbers"
                } else {
                    "spiral_start"
                },
                Refusal::NumbersOnlyRandom,
            ));
        }
        if self.numbers == Numbers::Random && self.spiral_start != SpiralStart::Random {
            return Err(RuleError::bad_option(
                "CAT-BOARD-14",
                "spiral_start",
                Refusal::SpiralStartOnlySpiral,
            ));
        }
        Ok(())
    }
}

/// The spiral walk from the E corner (CAT-BOARD-13).
pub const SPIRAL_FROM_E: [Hex; 19] = [
    Hex(2, 0),
    Hex(2, -1),
    Hex(2, -2),
    Hex(1, -2),
    Hex(0, -2),
    Hex(-1, -1),
    Hex(-2, 0),
    Hex(-2, 1),
    Hex(-2, 2),
    Hex(-1, 2),
    Hex(0, 2),
    Hex(1, 1),
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
    Hex(0, 0),
];

/// The walk from a start corner: the E walk turned counter-clockwise,
/// `(q, r) -> (q + r, -q)` per step.
pub fn spiral_walk(start: SpiralCorner) -> Vec<Hex> {
    SPIRAL_FROM_E
        .iter()
        .map(|h| {
            let mut h = *h;
            for _ in 0..start.steps() {
                h = Hex(h.0 + h.1, -h.0);
            }
            h
        })
        .collect()
}

/// Lays tokens in letter order along the walk, skipping the desert (CAT-BOARD-13).
pub fn lay_spiral(tiles: &mut [Tile], start: SpiralCorner) {
    let mut letters = TOKEN_LETTERS.iter();
    for h in spiral_walk(start) {
        if let Some(t) = tiles.iter_mut().find(|t| t.hex.coord() == h) {
            t.token = if t.terrain == Terrain::Desert {
                None
            } else {
                letters.next().copied()
            };
        }
    }
}

/// Whether two red tokens are neighbours.
pub fn reds_adjacent(tiles: &[Tile]) -> bool {
    tiles.iter().any(|t| {
        t.token.is_some_and(is_red)
            && t.hex.coord().neighbours().iter().any(|n| {
                tiles
                    .iter()
                    .any(|u| u.hex.coord() == *n && u.token.is_some_and(is_red))
            })
    })
}

/// Builds the board of CAT-SETUP-1's first step (CAT-BOARD-11..-15). The
/// shuffles draw from `chance`; the events say what was drawn.
pub fn generate<P: Piece, K: CardKind>(
    opts: &LayoutOptions,
    chance: &mut Chance,
    with_pieces: bool,
) -> Result<(Board<P>, Vec<BaseEvent<K>>), RuleError> {
    let mut events = Vec::new();
    let mut tiles: Vec<Tile> = match opts.layout {
        Layout::Beginner => beginner_tiles(),
        Layout::Manual => manual_tiles(opts.board.as_ref())?,
        Layout::Random => {
            let mut terrains = TERRAIN_LIST;
            chance.shuffle(&mut terrains);
            let mut tiles: Vec<Tile> = HexId::all()
                .zip(terrains)
                .map(|(h, t)| Tile {
                    hex: h,
                    terrain: t,
                    token: None,
                    removed: false,
                })
                .collect();
            events.push(BaseEvent::TerrainsShuffled {
                terrains: terrains.to_vec(),
            });
            match opts.numbers {
                Numbers::Spiral => {
                    let start = match opts.spiral_start {
                        SpiralStart::Random => SpiralCorner::ALL[chance.pick_index(6)],
                        SpiralStart::E => SpiralCorner::E,
                        SpiralStart::NE => SpiralCorner::NE,
                        SpiralStart::NW => SpiralCorner::NW,
                        SpiralStart::W => SpiralCorner::W,
                        SpiralStart::SW => SpiralCorner::SW,
                        SpiralStart::SE => SpiralCorner::SE,
                    };
                    lay_spiral(&mut tiles, start);
                    events.push(BaseEvent::TokensOnSpiral {
                        start,
                        fallback: false,
                    });
                }
                Numbers::Random => {
                    let mut ok = false;
                    for _ in 0..1000 {
                        let mut tokens = TOKEN_LETTERS;
                        chance.shuffle(&mut tokens);
                        let mut it = tokens.iter();
                        for t in tiles.iter_mut() {
                            t.token = if t.terrain == Terrain::Desert {
                                None
                            } else {
                                it.next().copied()
                            };
                        }
                        if !reds_adjacent(&tiles) {
                            ok = true;
                            break;
                        }
                    }
                    if ok {
                        events.push(BaseEvent::TokensShuffled);
                    } else {
                        lay_spiral(&mut tiles, SpiralCorner::E);
                        events.push(BaseEvent::TokensOnSpiral {
                            start: SpiralCorner::E,
                            fallback: true,
                        });
                    }
                }
            }
            tiles
        }
    };
    for t in &mut tiles {
        t.removed = false;
    }
    let kinds: [HarbourKind; 9] = match opts.harbour_layout() {
        HarbourLayout::Beginner => BEGINNER_HARBOURS,
        HarbourLayout::Random => {
            let mut k = HARBOUR_LIST;
            chance.shuffle(&mut k);
            events.push(BaseEvent::HarboursShuffled {
                harbours: k.to_vec(),
            });
            k
        }
        HarbourLayout::Manual => manual_harbours(opts.board.as_ref())?,
    };
    Ok((Board::new(tiles, kinds, with_pieces), events))
}

fn manual_tiles(board: Option<&ManualBoard>) -> Result<Vec<Tile>, RuleError> {
    let bad = |d: Refusal| RuleError::bad_option("CAT-BOARD-15", "board.hexes", d);
    let list = board
        .and_then(|b| b.hexes.as_ref())
        .ok_or_else(|| bad(Refusal::ManualHexesMissing))?;
    if list.len() != HEX_COUNT {
        return Err(bad(Refusal::HexCount { given: list.len() }));
    }
    let mut tiles: Vec<Option<Tile>> = vec![None; HEX_COUNT];
    for m in list {
        let id = m
            .hex
            .id()
            .ok_or_else(|| bad(Refusal::NotALandHex { hex: m.hex }))?;
        if tiles[id.index()].is_some() {
            return Err(bad(Refusal::HexTwice { hex: m.hex }));
        }
        match (m.terrain, m.token) {
            (Terrain::Desert, Some(_)) => return Err(bad(Refusal::DesertToken)),
            (Terrain::Desert, None) => {}
            (_, None) => return Err(bad(Refusal::TokenMissing { hex: m.hex })),
            (_, Some(t)) if !TOKEN_LETTERS.contains(&t) => {
                return Err(bad(Refusal::NotAToken { token: t }))
            }
            _ => {}
        }
        tiles[id.index()] = Some(Tile {
            hex: id,
            terrain: m.terrain,
            token: m.token,
            removed: false,
        });
    }
    let tiles: Vec<Tile> = tiles.into_iter().flatten().collect();
    let mut terrains: Vec<Terrain> = tiles.iter().map(|t| t.terrain).collect();
    terrains.sort();
    let mut want = TERRAIN_LIST.to_vec();
    want.sort();
    if terrains != want {
        return Err(bad(Refusal::TerrainMix));
    }
    let mut tokens: Vec<u8> = tiles.iter().filter_map(|t| t.token).collect();
    tokens.sort();
    let mut want = TOKEN_LETTERS.to_vec();
    want.sort();
    if tokens != want {
        return Err(bad(Refusal::TokenMix));
    }
    Ok(tiles)
}

fn manual_harbours(board: Option<&ManualBoard>) -> Result<[HarbourKind; 9], RuleError> {
    let bad = |d: Refusal| RuleError::bad_option("CAT-BOARD-15", "board.harbours", d);
    let list = board
        .and_then(|b| b.harbours.as_ref())
        .ok_or_else(|| bad(Refusal::ManualHarboursMissing))?;
    let arr: [HarbourKind; 9] = list
        .clone()
        .try_into()
        .map_err(|_| bad(Refusal::HarbourCount { given: list.len() }))?;
    let mut sorted = arr.to_vec();
    sorted.sort();
    let mut want = HARBOUR_LIST.to_vec();
    want.sort();
    if sorted != want {
        return Err(bad(Refusal::HarbourMix));
    }
    Ok(arr)
}

/// The rule each layout event reports.
pub fn layout_rule<K: CardKind>(e: &BaseEvent<K>) -> &'static str {
    match e {
        BaseEvent::TokensOnSpiral {
            fallback: false, ..
        } => "CAT-BOARD-13",
        BaseEvent::TokensOnSpiral { fallback: true, .. } | BaseEvent::TokensShuffled => {
            "CAT-BOARD-14"
        }
        _ => "CAT-BOARD-12",
    }
}

/// Lays out the island and records what the shuffles drew.
pub fn lay_out<P: Piece, K: CardKind, E: From<BaseEvent<K>>>(
    opts: &LayoutOptions,
    turn: &mut crate::engine::Turn<'_, E>,
    with_pieces: bool,
) -> Result<Board<P>, RuleError> {
    let (board, events) = generate::<P, K>(opts, turn.chance, with_pieces)?;
    for e in events {
        let rule = layout_rule(&e);
        turn.emit(rule, e.into());
    }
    Ok(board)
}
