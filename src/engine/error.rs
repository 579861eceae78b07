//! Rule errors: what a request did wrong, in words a player understands.

use serde::Serialize;

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum RuleErrorKind {
    /// The move breaks a rule (HTTP 422).
    Illegal,
    /// Not this seat's turn, or not the bot's turn (HTTP 409).
    OutOfTurn,
    /// The session options are inconsistent (HTTP 422 at creation).
    BadOptions,
    /// Table mode: the engine needs `count` more dice rolled at the table (HTTP 422).
    NeedDice { count: usize },
}

/// A refused request: the rule it breaks and a sentence for the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{detail} [{rule}]")]
pub struct RuleError {
    /// Rule id from the spec, e.g. `ARLE-HUM-2`.
    pub rule: String,
    /// What is wrong, for a player.
    pub detail: String,
    pub kind: RuleErrorKind,
}

impl RuleError {
    pub fn illegal(rule: &str, detail: impl Into<String>) -> Self {
        Self::new(rule, detail, RuleErrorKind::Illegal)
    }
    pub fn out_of_turn(rule: &str, detail: impl Into<String>) -> Self {
        Self::new(rule, detail, RuleErrorKind::OutOfTurn)
    }
    pub fn bad_options(rule: &str, detail: impl Into<String>) -> Self {
        Self::new(rule, detail, RuleErrorKind::BadOptions)
    }
    pub fn need_dice(rule: &str, count: usize, detail: impl Into<String>) -> Self {
        Self::new(rule, detail, RuleErrorKind::NeedDice { count })
    }
    fn new(rule: &str, detail: impl Into<String>, kind: RuleErrorKind) -> Self {
        RuleError {
            rule: rule.to_string(),
            detail: detail.into(),
            kind,
        }
    }
}
