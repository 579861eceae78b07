//! Events: what happened, which rule made it happen, and why.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One thing that happened during a command. Bot decisions carry the dice or
/// cards that drove them and a sentence a player can follow at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Machine name, snake_case (`vim_dice_rolled`).
    pub kind: String,
    /// The rule id that produced it (`ARLE-VIM-1`).
    pub rule: String,
    /// English sentence for the table.
    pub text: String,
    /// Dice values that drove it, in the order rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Cards or tiles that drove it, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// Structured detail for front ends (candidates, walks, …).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

impl Event {
    pub fn new(kind: &str, rule: &str, text: impl Into<String>) -> Self {
        Event {
            kind: kind.to_string(),
            rule: rule.to_string(),
            text: text.into(),
            dice: Vec::new(),
            cards: Vec::new(),
            data: Value::Null,
        }
    }
    pub fn dice(mut self, dice: &[u8]) -> Self {
        self.dice = dice.to_vec();
        self
    }
    pub fn cards<S: ToString>(mut self, cards: &[S]) -> Self {
        self.cards = cards.iter().map(|c| c.to_string()).collect();
        self
    }
    pub fn data(mut self, data: Value) -> Self {
        self.data = data;
        self
    }
}
