//! Part B: the official rules for two (catan-base CAT-DUO-1..-17) as pure
//! building blocks: neutral colours and their legal pieces, trade tokens,
//! the second roll, forced trade and the robber to the desert. A game that
//! includes Part B keeps a [`Duo`] next to its board and calls these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::*;
use super::cards::{Bundle, CardKind};
use super::data::*;
use super::geometry::*;
use super::refusals::Refusal;
use super::steps;
use crate::engine::{RuleError, Seat, Turn};

/// Trade tokens and neutral supplies (CAT-DUO-1, -2), plus this turn's
/// flags (CAT-DUO-10, -13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Duo {
    /// Trade tokens per real seat.
    pub tokens: [u32; 2],
    /// Tokens left in the supply.
    pub token_supply: u32,
    /// Roads left for n1, n2 (15 each).
    pub neutral_roads_left: [u32; 2],
    /// Settlements left for n1, n2 (5 each).
    pub neutral_settlements_left: [u32; 2],
    /// The active seat made its token action this turn.
    pub token_action_used: bool,
    /// The active seat returned a knight for tokens this turn.
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

/// The default neutral start spots `N(0,0)`, `S(0,0)` (CAT-DUO-3).
pub const NEUTRAL_START: [Vertex; 2] = [Vertex::n(0, 0), Vertex::s(0, 0)];

/// A place on the board: `{"vertex": [q, r, "N"]}` or `{"edge": [q, r, "NE"]}`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    Vertex(VertexId),
    Edge(EdgeId),
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spot::Vertex(v) => write!(f, "intersection {v}"),
            Spot::Edge(e) => write!(f, "path {e}"),
        }
    }
}

/// A neutral piece's colour and place.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct NeutralSpot {
    pub colour: Colour,
    pub spot: Spot,
}

impl Duo {
    /// Start turn flags afresh.
    pub fn new_turn(&mut self) {
        self.token_action_used = false;
        self.knight_returned = false;
    }

    /// CAT-DUO-3: the two neutral start settlements (distance rule between
    /// them; checked at creation, see [`check_neutral_start`]).
    pub fn place_neutral_start<P: Piece>(
        &mut self,
        board: &mut Board<P>,
        spots: [VertexId; 2],
    ) -> Result<(), RuleError> {
        check_neutral_start(spots)?;
        for (i, v) in spots.into_iter().enumerate() {
            board.set_building(
                v,
                Some(Building {
                    colour: NEUTRALS[i],
                    kind: BuildingKind::Settlement,
                }),
            );
            self.neutral_settlements_left[i] -= 1;
        }
        Ok(())
    }

    /// Legal neutral roads, n1 first, paths in reading order (CAT-DUO-7).
    pub fn neutral_roads<P: Piece>(&self, board: &Board<P>) -> Vec<NeutralSpot> {
        let mut out = Vec::new();
        for (i, c) in NEUTRALS.iter().enumerate() {
            if self.neutral_roads_left[i] == 0 {
                continue;
            }
            for e in board.legal_roads(*c) {
                out.push(NeutralSpot {
                    colour: *c,
                    spot: Spot::Edge(e),
                });
            }
        }
        out
    }

    /// Legal neutral settlements (CAT-DUO-7): distance rule, and an own road
    /// when `needs_road`.
    pub fn neutral_settlements<P: Piece>(
        &self,
        board: &Board<P>,
        needs_road: bool,
    ) -> Vec<NeutralSpot> {
        let mut out = Vec::new();
        for (i, c) in NEUTRALS.iter().enumerate() {
            if self.neutral_settlements_left[i] == 0 {
                continue;
            }
            for v in board.legal_settlements(*c, needs_road) {
                out.push(NeutralSpot {
                    colour: *c,
                    spot: Spot::Vertex(v),
                });
            }
        }
        out
    }

    /// The options of an owed neutral build with the fallbacks of
    /// CAT-DUO-8: a settlement, else a road, else nothing (empty list).
    pub fn neutral_options<P: Piece>(
        &self,
        board: &Board<P>,
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

    /// CAT-DUO-9: a chosen neutral road or settlement must be one of the
    /// listed options. A road where a settlement is possible breaks the
    /// fallback order (CAT-DUO-8); anything else is no legal neutral piece
    /// (CAT-DUO-7).
    pub fn check_neutral_choice<P: Piece>(
        &self,
        board: &Board<P>,
        settlement: bool,
        needs_road: bool,
        choice: NeutralSpot,
    ) -> Result<(), RuleError> {
        if self
            .neutral_options(board, settlement, needs_road)
            .contains(&choice)
        {
            return Ok(());
        }
        let rule = if settlement
            && matches!(choice.spot, Spot::Edge(_))
            && !self.neutral_settlements(board, needs_road).is_empty()
        {
            "CAT-DUO-8"
        } else {
            "CAT-DUO-7"
        };
        Err(RuleError::illegal(
            rule,
            Refusal::NeutralNotLegal {
                colour: choice.colour,
                spot: choice.spot,
            },
        ))
    }

    /// Builds a neutral road or settlement (the caller checked it is one of
    /// the listed options, CAT-DUO-9).
    pub fn build_neutral<P: Piece>(&mut self, board: &mut Board<P>, n: NeutralSpot) {
        let Some(i) = n.colour.neutral_index() else {
            return;
        };
        match n.spot {
            Spot::Edge(e) => {
                board.set_road(e, Some(n.colour));
                self.neutral_roads_left[i] -= 1;
            }
            Spot::Vertex(v) => {
                board.set_building(
                    v,
                    Some(Building {
                        colour: n.colour,
                        kind: BuildingKind::Settlement,
                    }),
                );
                self.neutral_settlements_left[i] -= 1;
            }
        }
    }

    /// Pays up to `n` tokens from the supply (CAT-DUO-11); returns what was paid.
    pub fn pay_tokens(&mut self, seat: Seat, n: u32) -> u32 {
        let paid = n.min(self.token_supply);
        self.token_supply -= paid;
        self.tokens[seat.index()] += paid;
        paid
    }

    /// CAT-DUO-13: one token action per turn, and it must be affordable.
    pub fn check_token_action(&self, seat: Seat, cost: u32, rule: &str) -> Result<(), RuleError> {
        if self.token_action_used {
            return Err(RuleError::illegal(rule, Refusal::OneTokenAction));
        }
        if self.tokens[seat.index()] < cost {
            return Err(RuleError::illegal(
                rule,
                Refusal::TokensShort {
                    cost,
                    held: self.tokens[seat.index()],
                },
            ));
        }
        Ok(())
    }

    /// Pays a checked token action into the supply.
    pub fn pay_token_action(&mut self, seat: Seat, cost: u32) {
        self.tokens[seat.index()] -= cost;
        self.token_supply += cost;
        self.token_action_used = true;
    }

    /// CAT-DUO-10 (second half): return a face-up knight for 2 tokens, once
    /// per turn; returns the tokens paid.
    pub fn return_knight(
        &mut self,
        seat: Seat,
        knights_played: &mut u32,
    ) -> Result<u32, RuleError> {
        if self.knight_returned {
            return Err(RuleError::illegal(
                "CAT-DUO-10",
                Refusal::KnightReturnedAlready,
            ));
        }
        if *knights_played == 0 {
            return Err(RuleError::illegal("CAT-DUO-10", Refusal::NoFaceUpKnight));
        }
        *knights_played -= 1;
        self.knight_returned = true;
        Ok(self.pay_tokens(seat, 2))
    }
}

/// CAT-DUO-3: the neutral start spots are two different intersections that
/// obey the distance rule (refused at creation, naming the option).
pub fn check_neutral_start(spots: [VertexId; 2]) -> Result<(), RuleError> {
    if spots[0] == spots[1] || spots[0].neighbours().contains(&spots[1]) {
        return Err(RuleError::bad_option(
            "CAT-DUO-3",
            "neutral_start",
            Refusal::NeutralStartDistance,
        ));
    }
    Ok(())
}

/// CAT-DUO-12: 1 token when not ahead in visible VP, else 2.
pub fn action_cost(own_vp: u32, other_vp: u32) -> u32 {
    if own_vp > other_vp {
        2
    } else {
        1
    }
}

/// Tokens a settlement earns (CAT-DUO-10): 2 at the desert, 1 on the
/// coast, 3 for both.
pub fn settlement_tokens<P: Piece>(board: &Board<P>, v: VertexId) -> u32 {
    let desert = v
        .hexes()
        .iter()
        .any(|h| board.tile(*h).terrain == Terrain::Desert);
    (if desert { 2 } else { 0 }) + u32::from(v.on_coast())
}

/// CAT-DUO-5: the second roll, thrown again until its sum differs from
/// `first_sum`. `throw` is the number dice as first thrown; every re-throw
/// asks for both dice at once. Returns the accepted dice and the rejected
/// throws.
pub fn rethrow_until_differs<E>(
    turn: &mut Turn<'_, E>,
    first_sum: u8,
    throw: [u8; 2],
    rule: &str,
) -> Result<([u8; 2], Vec<[u8; 2]>), RuleError> {
    let mut d = throw;
    let mut rejected = Vec::new();
    while d[0] + d[1] == first_sum {
        rejected.push(d);
        if rejected.len() > 100 {
            return Err(RuleError::illegal(rule, Refusal::RethrowCapped));
        }
        let v = turn.chance.roll_as(
            6,
            "CAT-RNG-2",
            super::text::dice_words(2, |n| super::text::TableNeed::Rethrow { n }),
        )?;
        d = [v[0], v[1]];
    }
    Ok((d, rejected))
}

/// CAT-DUO-14, first half: draws `min(2, n)` random cards of `from` (only
/// the kinds `drawable` accepts; CAT-RNG-4 per card, the second from what is
/// left) into `to`. The cards are shown to both seats only.
#[allow(clippy::too_many_arguments)]
pub fn forced_trade_draw<K: CardKind, E>(
    turn: &mut Turn<'_, E>,
    to: &mut Bundle<K>,
    from: &mut Bundle<K>,
    drawable: impl Fn(K) -> bool,
    seats: [Seat; 2],
    rule: &str,
) -> Result<Vec<K>, RuleError> {
    let k = from.only(&drawable).total().min(2);
    let mut drawn = Vec::new();
    for _ in 0..k {
        let pool = from.only(&drawable);
        let c = steps::random_card(turn, &pool, seats.to_vec(), None, rule)?;
        from.take(c, 1);
        to.add(c, 1);
        drawn.push(c);
    }
    Ok(drawn)
}

/// CAT-DUO-14: whether the actor could give back 2 cards after drawing.
pub fn check_forced_trade<K: CardKind>(
    actor: &Bundle<K>,
    victim: &Bundle<K>,
    usable: impl Fn(K) -> bool,
    rule: &str,
) -> Result<(), RuleError> {
    let k = victim.only(&usable).total().min(2);
    if actor.only(&usable).total() + k < 2 {
        return Err(RuleError::illegal(rule, Refusal::CannotGiveBackTwo));
    }
    Ok(())
}

/// CAT-DUO-14, second half: exactly 2 cards of the actor's choice, held, of
/// the kinds `usable` accepts.
pub fn check_forced_trade_return<K: CardKind>(
    actor: &Bundle<K>,
    cards: &Bundle<K>,
    usable: impl Fn(K) -> bool,
    rule: &str,
) -> Result<(), RuleError> {
    if cards.total() != 2 {
        return Err(RuleError::illegal(rule, Refusal::GiveBackTwo));
    }
    if !actor.contains(cards) {
        return Err(RuleError::illegal(rule, Refusal::CardsNotHeld));
    }
    if cards.iter().any(|(k, _)| !usable(k)) {
        return Err(RuleError::illegal(rule, Refusal::OnlyResourcesBack));
    }
    Ok(())
}

/// CAT-DUO-15: the robber goes back to the desert; nobody is robbed.
pub fn check_robber_to_desert<P: Piece>(board: &Board<P>) -> Result<HexId, RuleError> {
    let d = board
        .desert()
        .ok_or_else(|| RuleError::illegal("CAT-DUO-15", Refusal::NoDesert))?;
    if board.robber == d {
        return Err(RuleError::illegal("CAT-DUO-15", Refusal::RobberOnDesert));
    }
    Ok(d)
}
