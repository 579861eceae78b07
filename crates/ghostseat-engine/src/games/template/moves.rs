//! The moves a human sends.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A human move (`{"type": "take", "stones": 2}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Take one to three stones from the pile (PILE-TURN-1).
    Take { stones: u32 },
}
