//! Seats: who sits at the table, by index, and whether a person or the
//! server plays them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A seat at the table: an index into the session's seat list.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as a list index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person; gets a seat token.
    Human,
    /// Played by the server.
    Bot,
}

/// One seat of a session, as the options lay it out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Stable id (`human`, `vim`, `automa`, `a`…).
    pub id: String,
    pub kind: SeatKind,
    /// Display name, used in every sentence that names the seat.
    pub name: String,
}

impl SeatInfo {
    pub fn human(id: &str, name: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Human,
            name: name.into(),
        }
    }
    pub fn bot(id: &str, name: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Bot,
            name: name.into(),
        }
    }
}
