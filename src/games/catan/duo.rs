//! Part B: the official rules for two (catan-base CAT-DUO-1..-17) as pure
//! building blocks: neutral colours and their legal pieces, trade tokens,
//! the second roll, forced trade and the robber to the desert. A game that
//! includes Part B keeps a [`Duo`] next to its board and calls these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::board::*;
use super::data::*;
use super::geometry::*;
use crate::engine::legacy::{Dice, Event, RuleError};

/// Tokens and neutral supplies (CAT-DUO-1, -2), plus this turn's flags (CAT-DUO-10, -13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duo {
    /// Trade tokens per real seat.
    pub tokens: [u32; 2],
    pub token_supply: u32,
    /// Roads left for n1, n2 (15 each).
    pub neutral_roads_left: [u32; 2],
    /// Settlements left for n1, n2 (5 each).
    pub neutral_settlements_left: [u32; 2],
    pub token_action_used: bool,
    pub knight_returned: bool,
}

impl Default for Duo {
    fn default() -> Self {
        Duo {
            tokens: [5, 5],
            token_supply: 10,
            neutral_roads_left: [ROADS, ROADS],
            neutral_settlements_left: [SETTLEMENTS, SETTLEMENTS],
            token_action_used: false,
            knight_returned: false,
        }
    }
}

pub const NEUTRALS: [Colour; 2] = [Colour::N1, Colour::N2];

fn ni(c: Colour) -> Option<usize> {
    match c {
        Colour::N1 => Some(0),
        Colour::N2 => Some(1),
        _ => None,
    }
}

/// The default neutral start spots `N(0,0)`, `S(0,0)` (CAT-DUO-3).
pub const NEUTRAL_START: [Vertex; 2] = [Vertex::n(0, 0), Vertex::s(0, 0)];

/// What a neutral build may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "piece")]
pub enum NeutralSpot {
    Road { colour: Colour, edge: Edge },
    Settlement { colour: Colour, vertex: Vertex },
}

impl Duo {
    /// Start turn flags afresh.
    pub fn new_turn(&mut self) {
        self.token_action_used = false;
        self.knight_returned = false;
    }

    /// CAT-DUO-3: the two neutral start settlements (distance rule between them).
    pub fn place_neutral_start(
        &mut self,
        board: &mut Board,
        spots: [Vertex; 2],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |d: &str| RuleError::bad_options("CAT-DUO-3", d.to_string());
        let a = spots[0]
            .id()
            .ok_or_else(|| bad("neutral_start[0] is not an intersection of the island"))?;
        let b = spots[1]
            .id()
            .ok_or_else(|| bad("neutral_start[1] is not an intersection of the island"))?;
        if a == b || geo().vertex_neighbours[a].contains(&b) {
            return Err(bad(
                "the two neutral start settlements must obey the distance rule",
            ));
        }
        for (i, v) in [a, b].into_iter().enumerate() {
            board.buildings[v] = Some(Building {
                colour: NEUTRALS[i],
                kind: BuildingKind::Settlement,
            });
            self.neutral_settlements_left[i] -= 1;
        }
        events.push(
            Event::new(
                "neutral_start",
                "CAT-DUO-3",
                "The neutral colours n1 and n2 get their start settlements.",
            )
            .data(json!({"n1": spots[0], "n2": spots[1]})),
        );
        Ok(())
    }

    /// Legal neutral roads, n1 first, paths in reading order (CAT-DUO-7).
    pub fn neutral_roads(&self, board: &Board) -> Vec<NeutralSpot> {
        let mut out = Vec::new();
        for (i, c) in NEUTRALS.iter().enumerate() {
            if self.neutral_roads_left[i] == 0 {
                continue;
            }
            for e in board.legal_roads(*c) {
                out.push(NeutralSpot::Road {
                    colour: *c,
                    edge: geo().edges[e],
                });
            }
        }
        out
    }

    /// Legal neutral settlements (CAT-DUO-7): distance rule, and an own road when `needs_road`.
    pub fn neutral_settlements(&self, board: &Board, needs_road: bool) -> Vec<NeutralSpot> {
        let mut out = Vec::new();
        for (i, c) in NEUTRALS.iter().enumerate() {
            if self.neutral_settlements_left[i] == 0 {
                continue;
            }
            for v in board.legal_settlements(*c, needs_road) {
                out.push(NeutralSpot::Settlement {
                    colour: *c,
                    vertex: geo().vertices[v],
                });
            }
        }
        out
    }

    /// The options of an owed neutral build with the fallbacks of CAT-DUO-8:
    /// a settlement, else a road, else nothing (empty list).
    pub fn neutral_options(
        &self,
        board: &Board,
        settlement: bool,
        needs_road: bool,
    ) -> Vec<NeutralSpot> {
        if settlement {
            let s = self.neutral_settlements(board, needs_road);
            if !s.is_empty() {
                return s;
            }
        }
        self.neutral_roads(board)
    }

    /// Builds a chosen neutral piece; it must be one of the listed options (CAT-DUO-9).
    pub fn build_neutral(
        &mut self,
        board: &mut Board,
        settlement: bool,
        needs_road: bool,
        spot: NeutralSpot,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let options = self.neutral_options(board, settlement, needs_road);
        if !options.contains(&spot) {
            let rule = if settlement
                && matches!(spot, NeutralSpot::Road { .. })
                && !self.neutral_settlements(board, needs_road).is_empty()
            {
                "CAT-DUO-8"
            } else {
                "CAT-DUO-7"
            };
            return Err(RuleError::illegal(
                rule,
                "that neutral piece is not among the legal choices",
            ));
        }
        match spot {
            NeutralSpot::Road { colour, edge } => {
                let (Some(i), Some(e)) = (ni(colour), edge.id()) else {
                    return Err(RuleError::illegal("CAT-DUO-7", "not a neutral road"));
                };
                board.roads[e] = Some(colour);
                self.neutral_roads_left[i] -= 1;
            }
            NeutralSpot::Settlement { colour, vertex } => {
                let (Some(i), Some(v)) = (ni(colour), vertex.id()) else {
                    return Err(RuleError::illegal("CAT-DUO-7", "not a neutral settlement"));
                };
                board.buildings[v] = Some(Building {
                    colour,
                    kind: BuildingKind::Settlement,
                });
                self.neutral_settlements_left[i] -= 1;
            }
        }
        events.push(
            Event::new("neutral_placed", "CAT-DUO-9", "A neutral piece is placed.")
                .data(json!({"spot": spot})),
        );
        Ok(())
    }

    /// Pays up to `n` tokens from the supply (CAT-DUO-11); returns what was paid.
    pub fn pay_tokens(&mut self, seat: usize, n: u32, events: &mut Vec<Event>) -> u32 {
        let paid = n.min(self.token_supply);
        self.token_supply -= paid;
        self.tokens[seat] += paid;
        if n > 0 {
            events.push(
                Event::new(
                    "tokens_earned",
                    if paid < n { "CAT-DUO-11" } else { "CAT-DUO-10" },
                    format!(
                        "Seat {} takes {paid} trade token(s){}.",
                        seat_id(seat),
                        if paid < n {
                            format!(" ({} lost: the supply is short)", n - paid)
                        } else {
                            String::new()
                        }
                    ),
                )
                .data(json!({"owed": n, "paid": paid, "supply": self.token_supply})),
            );
        }
        paid
    }

    /// CAT-DUO-12: 1 token when not ahead in visible VP, else 2.
    pub fn action_cost(own_vp: u32, other_vp: u32) -> u32 {
        if own_vp > other_vp {
            2
        } else {
            1
        }
    }

    /// CAT-DUO-13: one token action per turn, and it must be affordable; pays it.
    pub fn start_token_action(&mut self, seat: usize, cost: u32) -> Result<(), RuleError> {
        if self.token_action_used {
            return Err(RuleError::illegal(
                "CAT-DUO-13",
                "only one token action per turn",
            ));
        }
        if self.tokens[seat] < cost {
            return Err(RuleError::illegal(
                "CAT-DUO-13",
                format!("this action costs {cost} token(s)"),
            ));
        }
        self.tokens[seat] -= cost;
        self.token_supply += cost;
        self.token_action_used = true;
        Ok(())
    }

    /// CAT-DUO-10 (second half): return a face-up knight for 2 tokens, once per turn.
    pub fn return_knight(
        &mut self,
        seat: usize,
        knights_played: &mut u32,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.knight_returned {
            return Err(RuleError::illegal(
                "CAT-DUO-10",
                "a knight card can be returned once per turn",
            ));
        }
        if *knights_played == 0 {
            return Err(RuleError::illegal(
                "CAT-DUO-10",
                "you have no face-up knight card",
            ));
        }
        *knights_played -= 1;
        self.knight_returned = true;
        self.pay_tokens(seat, 2, events);
        Ok(())
    }
}

/// Tokens a settlement earns (CAT-DUO-10): 2 at the desert, 1 on the coast, 3 for both.
pub fn settlement_tokens(board: &Board, v: VertexId) -> u32 {
    let desert = geo().vertex_hexes[v]
        .iter()
        .any(|h| board.tiles[*h].terrain == Terrain::Desert);
    let coast = board.touches_coast(v);
    (if desert { 2 } else { 0 }) + u32::from(coast)
}

/// Which neutral build a real build triggers (CAT-DUO-6): Some(false) road,
/// Some(true) settlement, None for anything else.
pub fn neutral_trigger(built_road: bool, built_settlement: bool, in_setup: bool) -> Option<bool> {
    if in_setup {
        None
    } else if built_settlement {
        Some(true)
    } else if built_road {
        Some(false)
    } else {
        None
    }
}

/// CAT-DUO-5: the second roll, re-rolled until its sum differs from `first_sum`.
/// Returns the accepted dice and the rejected rolls (capped at 100 re-rolls).
pub fn second_roll(
    dice: &mut Dice,
    first_sum: u8,
    events: &mut Vec<Event>,
) -> Result<([u8; 2], Vec<[u8; 2]>), RuleError> {
    let mut rejected = Vec::new();
    for _ in 0..100 {
        let d = dice.roll_many(2, 6, "CAT-RNG-2")?;
        let d = [d[0], d[1]];
        if d[0] + d[1] != first_sum {
            return Ok((d, rejected));
        }
        events.push(
            Event::new(
                "second_roll_rejected",
                "CAT-DUO-5",
                format!(
                    "Second roll {}+{} repeats the sum {first_sum}: rolled again.",
                    d[0], d[1]
                ),
            )
            .dice(&d),
        );
        rejected.push(d);
    }
    Err(RuleError::illegal(
        "CAT-DUO-5",
        "100 second rolls repeated the first sum",
    ))
}

/// CAT-DUO-14 first half: draws `min(2, n)` random cards from `victim` into
/// `actor` (CAT-RNG-4 per card), or the entered cards on a physical table.
pub fn forced_trade_draw(
    actor: &mut Cards,
    victim: &mut Cards,
    entered: Option<&[Resource]>,
    dice: &mut Dice,
) -> Result<Vec<Resource>, RuleError> {
    let k = victim.total().min(2);
    if actor.total() + k < 2 {
        return Err(RuleError::illegal(
            "CAT-DUO-14",
            "you could not give back 2 cards after this forced trade",
        ));
    }
    let mut drawn = Vec::new();
    match entered {
        Some(list) => {
            if list.len() as u32 != k {
                return Err(RuleError::illegal(
                    "CAT-RNG-3",
                    format!("enter the {k} card(s) drawn"),
                ));
            }
            let mut trial = *victim;
            for r in list {
                if !trial.take(*r, 1) {
                    return Err(RuleError::illegal(
                        "CAT-RNG-3",
                        format!("the opponent holds no {r} to draw"),
                    ));
                }
            }
            *victim = trial;
            drawn.extend_from_slice(list);
        }
        None => {
            for _ in 0..k {
                let l = victim.listed();
                let r = l[dice.below(l.len() as u32) as usize];
                victim.take(r, 1);
                drawn.push(r);
            }
        }
    }
    for r in &drawn {
        actor.add(*r, 1);
    }
    Ok(drawn)
}

/// CAT-DUO-14 second half: exactly 2 cards of the actor's choice go back.
pub fn forced_trade_return(
    actor: &mut Cards,
    victim: &mut Cards,
    cards: &Cards,
) -> Result<(), RuleError> {
    if cards.total() != 2 {
        return Err(RuleError::illegal(
            "CAT-DUO-14",
            "give back exactly 2 cards",
        ));
    }
    let rest = actor
        .minus(cards)
        .ok_or_else(|| RuleError::illegal("CAT-DUO-14", "you do not hold those cards"))?;
    *actor = rest;
    *victim = victim.plus(cards);
    Ok(())
}

/// CAT-DUO-15: the robber goes back to the desert; nobody is robbed.
pub fn robber_to_desert(board: &mut Board) -> Result<(), RuleError> {
    let d = board
        .desert()
        .ok_or_else(|| RuleError::illegal("CAT-DUO-15", "there is no desert"))?;
    if board.robber == d {
        return Err(RuleError::illegal(
            "CAT-DUO-15",
            "the robber already stands on the desert",
        ));
    }
    board.robber = d;
    Ok(())
}
