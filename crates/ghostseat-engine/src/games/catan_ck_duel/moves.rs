//! Human moves (§5 of the spec).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::board::{Edge, Hex, Vertex};
use super::data::{Card, Cards, ProgressKind, Track};
use super::state::{Colour, TradeMode};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    PlaceSetupSettlement {
        vertex: Vertex,
    },
    PlaceSetupCity {
        vertex: Vertex,
    },
    PlaceSetupRoad {
        edge: Edge,
    },
    /// `dice` (old sessions only; table dice now travel in the request's `table` field): white,
    /// red, event (1-3 ship, 4 yellow, 5 blue, 6 green), then re-thrown number dice.
    Roll {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Vec<u8>>,
        /// Old sessions only: the progress cards drawn on a city gate (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<Vec<ProgressKind>>,
    },
    BuildRoad {
        edge: Edge,
    },
    BuildSettlement {
        vertex: Vertex,
    },
    BuildCity {
        vertex: Vertex,
    },
    BuildCityWall {
        vertex: Vertex,
    },
    ImproveCity {
        track: Track,
        #[serde(default)]
        crane: bool,
    },
    PlaceMetropolis {
        vertex: Vertex,
    },
    BuildKnight {
        vertex: Vertex,
    },
    ActivateKnight {
        vertex: Vertex,
    },
    PromoteKnight {
        vertex: Vertex,
    },
    KnightMove {
        from: Vertex,
        to: Vertex,
    },
    KnightDisplace {
        from: Vertex,
        to: Vertex,
    },
    KnightChaseRobber {
        knight: Vertex,
        hex: Hex,
        /// Old sessions only: the card taken (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stolen: Option<Card>,
    },
    RelocateKnight {
        vertex: Vertex,
    },
    RemoveOwnKnight {
        vertex: Vertex,
    },
    NeutralBuild {
        colour: Colour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vertex: Option<Vertex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<Edge>,
    },
    TokenForcedTrade {
        mode: TradeMode,
        /// Old sessions only: the cards drawn from the opponent (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn_cards: Option<Cards>,
    },
    ForcedTradeReturn {
        cards: Cards,
    },
    TokenRobberToDesert,
    AqueductTake {
        resource: Card,
    },
    DefenderDraw {
        deck: Track,
        /// Old sessions only: the card drawn (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<ProgressKind>,
    },
    ChoosePillagedCity {
        vertex: Vertex,
    },
    DiscardProgress {
        card: ProgressKind,
    },
    PlayProgress {
        card: ProgressKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        white: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        red: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vertex: Option<Vertex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hexes: Option<Vec<Hex>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edges: Option<Vec<Edge>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        knights: Option<Vec<Vertex>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hex: Option<Hex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Colour>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        knight: Option<Vertex>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<Edge>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        give: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commodity: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resource: Option<Card>,
        /// Old sessions only: the card taken by the Bishop (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stolen: Option<Card>,
        /// Old sessions only: progress cards drawn on the Alchemist's gate (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<Vec<ProgressKind>>,
    },
    DeserterPick {
        vertex: Vertex,
    },
    DeserterPlace {
        vertex: Option<Vertex>,
    },
    DiplomatReplace {
        edge: Option<Edge>,
    },
    SaboteurDiscard {
        cards: Cards,
    },
    WeddingGive {
        cards: Cards,
    },
    CommercialHarborGive {
        commodity: Card,
    },
    SpyPick {
        card: ProgressKind,
    },
    MasterMerchantPick {
        cards: Cards,
    },
    MoveRobber {
        hex: Hex,
        /// Old sessions only: the card taken (now table input).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stolen: Option<Card>,
    },
    Discard {
        cards: Cards,
    },
    MaritimeTrade {
        give: Card,
        get: Card,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        times: Option<u32>,
    },
    OfferTrade {
        give: Cards,
        want: Cards,
    },
    RespondTrade {
        accept: bool,
    },
    EndTurn,
}

impl Move {
    /// A progress play with only the card set.
    pub fn progress(card: ProgressKind) -> Move {
        Move::PlayProgress {
            card,
            white: None,
            red: None,
            vertex: None,
            hexes: None,
            edges: None,
            knights: None,
            hex: None,
            target: None,
            knight: None,
            edge: None,
            give: None,
            kind: None,
            commodity: None,
            resource: None,
            stolen: None,
            drawn: None,
        }
    }
}
