//! Human moves of catan-shadow: the shared Catan moves, the base game's
//! development cards, and this game's own (the removal vote, the auction).
//!
//! `Move` is untagged over three internally tagged enums, so every move is
//! one flat object (`{"type": "auction_bid", "card": "wool"}`), its schema an
//! `anyOf` of three closed `oneOf`s, and each enum keeps
//! `deny_unknown_fields`. (Serde cannot flatten one internally tagged enum
//! into another; one shared enum would put this game's moves into the other
//! Catan game's schema.) Reading dispatches on `type`, so a malformed move
//! gets the error of the enum that owns it.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

use crate::games::catan::moves::{dispatch, read, CoreMove, DevMove, MoveTypes};
use crate::games::catan::{Cards, Resource};

/// The moves only catan-shadow has (catan-shadow §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ShadowMove {
    /// Vote on the last removal roll: `true` to roll again (CSW-SETUP-8,
    /// `reroll_policy: "vote"`).
    RemovalVote { reroll: bool },
    /// Enter the auction with one card laid face up (CSW-AUC-4).
    AuctionBid { card: Resource },
    /// Stay out of the auction (CSW-AUC-4).
    AuctionPass,
    /// Lay more cards so that your offer is strictly ahead (CSW-AUC-6).
    AuctionRaise { cards: Cards },
    /// Add nothing (CSW-AUC-6).
    AuctionStand,
}

impl MoveTypes for ShadowMove {
    const TYPES: &'static [&'static str] = &[
        "removal_vote",
        "auction_bid",
        "auction_pass",
        "auction_raise",
        "auction_stand",
    ];
}

/// A human move of catan-shadow.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Move {
    Core(CoreMove<Resource>),
    Dev(DevMove),
    Shadow(ShadowMove),
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        dispatch(
            v,
            &[
                (CoreMove::<Resource>::TYPES, |v| read(v).map(Move::Core)),
                (DevMove::TYPES, |v| read(v).map(Move::Dev)),
                (ShadowMove::TYPES, |v| read(v).map(Move::Shadow)),
            ],
        )
        .map_err(serde::de::Error::custom)
    }
}

impl From<CoreMove<Resource>> for Move {
    fn from(m: CoreMove<Resource>) -> Self {
        Move::Core(m)
    }
}
impl From<DevMove> for Move {
    fn from(m: DevMove) -> Self {
        Move::Dev(m)
    }
}
impl From<ShadowMove> for Move {
    fn from(m: ShadowMove) -> Self {
        Move::Shadow(m)
    }
}
