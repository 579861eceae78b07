//! Session options (T300 §3): where the dice and cards come from, and one reading of the seed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::engine::{GameOptions, TableMode};

/// The options of a three-hundred session. Every field has a default; an empty object is the
/// game as the seed describes it, played with the server's dice and cards.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Where the dice come from. `server` (default): the server rolls PERSS.KI's die and every
    /// battle die from the session's seeded stream. `table`: the dice are rolled at a physical
    /// table and sent with each request in its `table` field; a request that brings too few is
    /// answered `422 dice_needed` with the exact list, and a battle stops before every round
    /// (each round is one bot turn with its own dice). A way to play, not a rule of the game.
    pub dice: DiceMode,
    /// Where the cards come from. `server` (default): the server shuffles and deals the 16
    /// cards. `table`: a physical deck; every card turned face up at the table is sent by id in
    /// the request's `table` field, in the order the rules draw them: the Greek cards bought or
    /// drawn, and each card PERSS.KI discards (its hand stays face down until then). A way to
    /// play, not a rule of the game.
    pub deck: DeckMode,
    /// The reading of PERSS.KI's die-6 placement (T300-AI-11). `no_enemy_forces` (default, the
    /// seed's main text "keine feindlichen Streitkräfte"): the first city in the order whose city
    /// holds no Greek army and whose port holds no Greek fleet. `empty_city` (the quick
    /// reference's "unbesetzte Stadt"): the first city holding no army and no fleet of either
    /// side.
    pub deploy_rule: DeployRule,
}

/// Where the dice come from (option `dice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The server rolls every die.
    #[default]
    Server,
    /// Every die is rolled at the table and sent with the request.
    Table,
}

/// Where the cards come from (option `deck`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeckMode {
    /// The server shuffles and deals the cards.
    #[default]
    Server,
    /// A physical deck: cards turned face up are sent by id.
    Table,
}

/// The reading of the die-6 placement (option `deploy_rule`, T300-AI-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeployRule {
    /// No Greek army in the city and no Greek fleet in its port (the seed's main text).
    #[default]
    NoEnemyForces,
    /// No army and no fleet of either side (the quick reference's "unbesetzte Stadt").
    EmptyCity,
}

impl GameOptions for Options {}

impl Options {
    /// What the table supplies under these options.
    pub fn table_mode(&self) -> TableMode {
        TableMode {
            dice: self.dice == DiceMode::Table,
            cards: self.deck == DeckMode::Table,
        }
    }
    pub fn table_dice(&self) -> bool {
        self.dice == DiceMode::Table
    }
    pub fn table_deck(&self) -> bool {
        self.deck == DeckMode::Table
    }
}
