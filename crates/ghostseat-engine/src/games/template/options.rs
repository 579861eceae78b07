//! The set-up choices of a new game.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::text::Refusal;
use crate::engine::{GameOptions, RuleError};

/// The fewest and most stones a pile may start with (PILE-SETUP-1).
pub const STONES: std::ops::RangeInclusive<u32> = 10..=40;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Stones on the pile at the start, 10 to 40.
    pub stones: u32,
    /// Whether the bot takes first.
    pub bot_first: bool,
    /// Whether the bot's die is rolled at the table.
    pub table_dice: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            stones: 21,
            bot_first: false,
            table_dice: false,
        }
    }
}

impl GameOptions for Options {
    /// PILE-SETUP-1: a pile the table can count.
    fn validate(&self) -> Result<(), RuleError> {
        if STONES.contains(&self.stones) {
            return Ok(());
        }
        Err(RuleError::bad_option(
            "PILE-SETUP-1",
            "stones",
            Refusal::PileSize {
                stones: self.stones,
            },
        ))
    }
}
