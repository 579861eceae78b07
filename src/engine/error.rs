//! Rule errors: what a request did wrong, in words a player understands.

use serde::Serialize;

use super::chance::Need;

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum RuleErrorKind {
    /// The move breaks a rule (HTTP 422).
    Illegal,
    /// Not this seat's turn, or not the bot's turn (HTTP 409).
    OutOfTurn,
    /// The game is over; nothing more can be played (HTTP 409).
    GameOver,
    /// A session option is invalid (HTTP 422 at creation); `option` names it
    /// (a dotted path such as `map_letters.A7`).
    BadOptions { option: Option<String> },
    /// Table mode: the command needs more from the table (HTTP 422). `needed`
    /// is everything the command needs so far, in order; `sent` how many
    /// items the request brought.
    TableInputNeeded { needed: Vec<Need>, sent: usize },
    /// Table input the command did not use (HTTP 422).
    TableInputUnused { unused: usize },
    /// Table input where the options say the server rolls and deals (HTTP 422).
    TableInputNotAllowed,
}

impl RuleErrorKind {
    /// How many table items a [`RuleErrorKind::TableInputNeeded`] asks for.
    pub fn table_needed(&self) -> Option<usize> {
        match self {
            RuleErrorKind::TableInputNeeded { needed, sent } => {
                Some(needed.len().saturating_sub(*sent).max(1))
            }
            _ => None,
        }
    }
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
    /// An invalid option that is not one field (a combination).
    pub fn bad_options(rule: &str, detail: impl Into<String>) -> Self {
        Self::new(rule, detail, RuleErrorKind::BadOptions { option: None })
    }
    /// An invalid value of the option `option` (a dotted path).
    pub fn bad_option(rule: &str, option: &str, detail: impl Into<String>) -> Self {
        Self::new(
            rule,
            detail,
            RuleErrorKind::BadOptions {
                option: Some(option.to_string()),
            },
        )
    }
    /// Legacy: `count` more six-sided dice from the table.
    pub fn need_dice(rule: &str, count: usize, detail: impl Into<String>) -> Self {
        Self::new(
            rule,
            detail,
            RuleErrorKind::TableInputNeeded {
                needed: vec![Need::Die { sides: 6 }; count],
                sent: 0,
            },
        )
    }
    pub fn new(rule: &str, detail: impl Into<String>, kind: RuleErrorKind) -> Self {
        RuleError {
            rule: rule.to_string(),
            detail: detail.into(),
            kind,
        }
    }
}
