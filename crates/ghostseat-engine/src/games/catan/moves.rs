//! Moves every Catan game of this server shares ([`CoreMove`]) and the base
//! game's development-card moves ([`DevMove`]). A game's move type is an
//! untagged enum of these and its own moves, so every move stays one flat
//! object `{"type": "build_road", "edge": [0, -1, "NE"]}`; [`dispatch`]
//! reads it by its `type`, so a malformed move gets the error of the enum
//! that owns its type.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::cards::{Bundle, CardKind};
use super::data::Resource;
use super::geometry::{EdgeId, HexId, VertexId};

/// The `type` names of an internally tagged move enum.
pub trait MoveTypes {
    const TYPES: &'static [&'static str];
}

fn one() -> u32 {
    1
}

/// Moves of catan-base §5 that every Catan game here shares. `K` is the
/// game's card kind (resources, or all C&K cards).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    deny_unknown_fields,
    bound = "K: CardKind"
)]
#[schemars(bound = "K: CardKind", rename = "CoreMove{K}")]
pub enum CoreMove<K: CardKind> {
    /// Set-up: a settlement on a free intersection (CAT-SETUP-5).
    PlaceSetupSettlement { vertex: VertexId },
    /// Set-up: a road touching the building just placed (CAT-SETUP-5).
    PlaceSetupRoad { edge: EdgeId },
    /// Roll the dice (CAT-TURN-3).
    Roll,
    /// Build a road (CAT-BUILD-1, -5).
    BuildRoad { edge: EdgeId },
    /// Build a settlement (CAT-BUILD-1, -3, -4).
    BuildSettlement { vertex: VertexId },
    /// Turn one of your settlements into a city (CAT-BUILD-6).
    BuildCity { vertex: VertexId },
    /// Move the robber to this hex (CAT-ROB-1).
    MoveRobber { hex: HexId },
    /// Discard these cards on a 7 (CAT-SEVEN-2).
    Discard { cards: Bundle<K> },
    /// Trade with the bank: `times` × the rate of `give` for `times` × 1 `get`
    /// (CAT-TRADE-1).
    MaritimeTrade {
        give: K,
        get: K,
        /// How often the same trade is made (1 when absent).
        #[serde(default = "one")]
        #[schemars(range(min = 1))]
        times: u32,
    },
    /// Offer the other seat `give` for `want` (CAT-TRADE-2).
    OfferTrade { give: Bundle<K>, want: Bundle<K> },
    /// Answer the open offer (CAT-TRADE-3).
    RespondTrade { accept: bool },
    /// End the turn (CAT-TURN-5).
    EndTurn,
}

impl<K: CardKind> MoveTypes for CoreMove<K> {
    const TYPES: &'static [&'static str] = &[
        "place_setup_settlement",
        "place_setup_road",
        "roll",
        "build_road",
        "build_settlement",
        "build_city",
        "move_robber",
        "discard",
        "maritime_trade",
        "offer_trade",
        "respond_trade",
        "end_turn",
    ];
}

/// The base game's development cards (CAT-DEV).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum DevMove {
    /// Buy the top card of the development deck (CAT-DEV-1).
    BuyDevelopmentCard,
    /// Play a knight: move the robber and steal (CAT-DEV-3).
    PlayKnight,
    /// Place 2 free roads (1 when only one is possible) (CAT-DEV-4).
    PlayRoadBuilding { edges: Vec<EdgeId> },
    /// Take 2 resources of your choice from the bank (CAT-DEV-5).
    PlayYearOfPlenty { resources: Vec<Resource> },
    /// Name a resource: the other seat hands over all of it (CAT-DEV-6).
    PlayMonopoly { resource: Resource },
}

impl MoveTypes for DevMove {
    const TYPES: &'static [&'static str] = &[
        "buy_development_card",
        "play_knight",
        "play_road_building",
        "play_year_of_plenty",
        "play_monopoly",
    ];
}

/// One arm of [`dispatch`]: an enum's type names and its reader.
pub type MoveArm<'a, M> = (&'a [&'a str], fn(Value) -> Result<M, String>);

/// Reads a move of the enum that owns its `type`: `arms` pairs each enum's
/// type names with its reader. An unknown type names the known ones.
pub fn dispatch<M>(v: Value, arms: &[MoveArm<'_, M>]) -> Result<M, String> {
    let Some(t) = v.get("type").and_then(Value::as_str).map(str::to_string) else {
        return Err("a move is an object with a \"type\"".into());
    };
    for (types, read) in arms {
        if types.contains(&t.as_str()) {
            return read(v);
        }
    }
    let known: Vec<&str> = arms.iter().flat_map(|(t, _)| t.iter().copied()).collect();
    Err(format!(
        "unknown move type {t:?}; this game's moves are {}",
        known.join(", ")
    ))
}

/// Reads `v` as a `T` (for [`dispatch`] arms).
pub fn read<T: DeserializeOwned>(v: Value) -> Result<T, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}
