//! What happens (events) and what is being decided (decisions): typed data; their sentences
//! are in [`super::text`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::Seat;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Event {
    /// The pile is laid out (PILE-SETUP-1).
    PileLaid { stones: u32 },
    /// `seat` took `stones`, leaving `left` (PILE-TURN-1).
    Took { seat: Seat, stones: u32, left: u32 },
    /// The bot rolled `face` for what it takes, `stones` after the cap of the pile (PILE-BOT-2).
    BotRolled { face: u8, stones: u32 },
    /// `winner` took the last stone (PILE-END-1).
    GameOver { winner: Seat },
}

/// What is being decided now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// The player takes up to `most` stones from a pile of `stones`.
    Take { stones: u32, most: u32 },
    /// The bot takes its turn.
    BotTurn { stones: u32 },
    /// The game is over.
    Finished { winner: Seat },
}
