//! Seats: who sits at the table, by index, and whether a person or the
//! server plays them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::text::Lang;

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
    /// Display name in English, used in every English sentence that names
    /// the seat.
    pub name: String,
    /// Display name in German (issue 18): "Spieler A", "Die Griechen".
    #[serde(default)]
    pub name_de: String,
}

impl SeatInfo {
    /// A person's seat, with its English and German display names.
    pub fn human(id: &str, name: &str, name_de: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Human,
            name: name.into(),
            name_de: name_de.into(),
        }
    }
    /// The server's seat, with its English and German display names.
    pub fn bot(id: &str, name: &str, name_de: &str) -> Self {
        SeatInfo {
            id: id.into(),
            kind: SeatKind::Bot,
            name: name.into(),
            name_de: name_de.into(),
        }
    }

    /// The display name in `lang` (the English one where no German name
    /// was given).
    pub fn name_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::De if !self.name_de.is_empty() => &self.name_de,
            _ => &self.name,
        }
    }
}
