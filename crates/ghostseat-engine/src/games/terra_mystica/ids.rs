//! The game's ids as types: map cells, Automa cards, bonus cards, scoring
//! tiles, favor and town tiles, power action spaces, maps and map-card
//! letters. Each serializes as the string printed on the component (`E4`,
//! `*3`, `BON4`, `SCORE5`, `FAV1`, `TW2`, `ACT6`, `base`, `D`), so moves and
//! options keep the JSON of earlier versions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! str_eq {
    ($t:ty) => {
        impl std::ops::Deref for $t {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }
        impl From<String> for $t {
            fn from(s: String) -> Self {
                Self(s)
            }
        }
        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// A map cell by its name: land cells are named by row letter and number
/// (`A1`, `E4`), river cells `r0`, `r1`, … (*facts file §11*).
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct Cell(pub String);

impl Cell {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell(s.to_string())
    }
}

str_eq!(Cell);

/// A round bonus card: `BON1`–`BON9`, `BON10` (shipping promo), or with
/// Merchants of the Seas the ids of option `mots_bonus_cards`.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct BonusCard(pub String);

impl BonusCard {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for BonusCard {
    fn from(s: &str) -> Self {
        BonusCard(s.to_string())
    }
}

str_eq!(BonusCard);

/// A round scoring tile: `SCORE1`–`SCORE8` (the Automa tiles of the base
/// game), `SCORE9` (temple promo), `MS1`–`MS12` (Merchants of the Seas).
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct TileId(pub String);

impl TileId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// Whether the id names a tile of the game (TMA-SET-2).
    pub fn is_known(&self) -> bool {
        (1..=9).any(|i| self.0 == format!("SCORE{i}"))
            || (1..=12).any(|i| self.0 == format!("MS{i}"))
    }
}

impl From<&str> for TileId {
    fn from(s: &str) -> Self {
        TileId(s.to_string())
    }
}

str_eq!(TileId);

/// An Automa decision card (*Automakarte*), by the id printed on it: the
/// starter cards `*1`–`*5`, the advanced cards `6`–`13`, and the Merchants
/// of the Seas cards `*2-mots`, `*4-mots`, `mots-special` (TMA-DECK-1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum CardId {
    #[serde(rename = "*1")]
    S1,
    #[serde(rename = "*2")]
    S2,
    #[serde(rename = "*3")]
    S3,
    #[serde(rename = "*4")]
    S4,
    #[serde(rename = "*5")]
    S5,
    #[serde(rename = "6")]
    C6,
    #[serde(rename = "7")]
    C7,
    #[serde(rename = "8")]
    C8,
    #[serde(rename = "9")]
    C9,
    #[serde(rename = "10")]
    C10,
    #[serde(rename = "11")]
    C11,
    #[serde(rename = "12")]
    C12,
    #[serde(rename = "13")]
    C13,
    #[serde(rename = "*2-mots")]
    S2Mots,
    #[serde(rename = "*4-mots")]
    S4Mots,
    #[serde(rename = "mots-special")]
    MotsSpecial,
}

impl CardId {
    /// Every card, in the order of the card table (TMA-DECK-1).
    pub const ALL: [CardId; 16] = [
        CardId::S1,
        CardId::S2,
        CardId::S3,
        CardId::S4,
        CardId::S5,
        CardId::C6,
        CardId::C7,
        CardId::C8,
        CardId::C9,
        CardId::C10,
        CardId::C11,
        CardId::C12,
        CardId::C13,
        CardId::S2Mots,
        CardId::S4Mots,
        CardId::MotsSpecial,
    ];
    /// The advanced cards 6–13 (the reserve, TMA-DECK-3).
    pub const ADVANCED: [CardId; 8] = [
        CardId::C6,
        CardId::C7,
        CardId::C8,
        CardId::C9,
        CardId::C10,
        CardId::C11,
        CardId::C12,
        CardId::C13,
    ];

    pub fn as_str(self) -> &'static str {
        [
            "*1",
            "*2",
            "*3",
            "*4",
            "*5",
            "6",
            "7",
            "8",
            "9",
            "10",
            "11",
            "12",
            "13",
            "*2-mots",
            "*4-mots",
            "mots-special",
        ][self as usize]
    }

    /// The card of an id as printed (`*3`, `12`, `mots-special`).
    pub fn parse(s: &str) -> Option<CardId> {
        CardId::ALL.iter().copied().find(|c| c.as_str() == s)
    }
}

impl PartialEq<str> for CardId {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}
impl PartialEq<&str> for CardId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A favor tile (*Gunstplättchen*) `FAV1`–`FAV12` (*facts file §10.4*):
/// FAV1–4 give 3 cult steps (Fire, Water, Earth, Air), FAV5–8 two, FAV9–12 one.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum FavorTile {
    Fav1,
    Fav2,
    Fav3,
    Fav4,
    Fav5,
    Fav6,
    Fav7,
    Fav8,
    Fav9,
    Fav10,
    Fav11,
    Fav12,
}

impl FavorTile {
    pub const ALL: [FavorTile; 12] = [
        FavorTile::Fav1,
        FavorTile::Fav2,
        FavorTile::Fav3,
        FavorTile::Fav4,
        FavorTile::Fav5,
        FavorTile::Fav6,
        FavorTile::Fav7,
        FavorTile::Fav8,
        FavorTile::Fav9,
        FavorTile::Fav10,
        FavorTile::Fav11,
        FavorTile::Fav12,
    ];
    pub fn as_str(self) -> &'static str {
        [
            "FAV1", "FAV2", "FAV3", "FAV4", "FAV5", "FAV6", "FAV7", "FAV8", "FAV9", "FAV10",
            "FAV11", "FAV12",
        ][self as usize]
    }
}

impl fmt::Display for FavorTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A town tile `TW1`–`TW5`, two copies each (*facts file §10.7*).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum TownTile {
    Tw1,
    Tw2,
    Tw3,
    Tw4,
    Tw5,
}

impl TownTile {
    pub const ALL: [TownTile; 5] = [
        TownTile::Tw1,
        TownTile::Tw2,
        TownTile::Tw3,
        TownTile::Tw4,
        TownTile::Tw5,
    ];
    pub fn as_str(self) -> &'static str {
        ["TW1", "TW2", "TW3", "TW4", "TW5"][self as usize]
    }
}

impl fmt::Display for TownTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A power action space: `ACT1`–`ACT6` on the main board, `M1`–`M6` on the
/// Merchants of the Seas power-action board (as many as option
/// `mots_power_action_spaces` says).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum PowerSpace {
    Act1,
    Act2,
    Act3,
    Act4,
    Act5,
    Act6,
    M1,
    M2,
    M3,
    M4,
    M5,
    M6,
}

impl PowerSpace {
    pub const ALL: [PowerSpace; 12] = [
        PowerSpace::Act1,
        PowerSpace::Act2,
        PowerSpace::Act3,
        PowerSpace::Act4,
        PowerSpace::Act5,
        PowerSpace::Act6,
        PowerSpace::M1,
        PowerSpace::M2,
        PowerSpace::M3,
        PowerSpace::M4,
        PowerSpace::M5,
        PowerSpace::M6,
    ];
    pub fn as_str(self) -> &'static str {
        [
            "ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6", "M1", "M2", "M3", "M4", "M5", "M6",
        ][self as usize]
    }
    /// On the Merchants of the Seas board.
    pub fn merchants(self) -> bool {
        self as usize >= 6
    }
}

impl fmt::Display for PowerSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A map (*facts file §11*).
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
pub enum MapId {
    /// The base game map.
    #[default]
    #[serde(rename = "base")]
    Base,
    /// Fire & Ice, side 1 (needs `fire_and_ice`).
    #[serde(rename = "fire-ice-1")]
    FireIce1,
    /// Fire & Ice, side 2: the revised base map (needs `fire_and_ice`).
    #[serde(rename = "revised-base")]
    RevisedBase,
    /// Loon Lakes.
    #[serde(rename = "loon-lakes")]
    LoonLakes,
    /// Fjords.
    #[serde(rename = "fjords")]
    Fjords,
    /// Archipelago (no physical initial-dwelling map card: house letters only).
    #[serde(rename = "archipelago")]
    Archipelago,
}

impl MapId {
    pub const ALL: [MapId; 6] = [
        MapId::Base,
        MapId::FireIce1,
        MapId::RevisedBase,
        MapId::LoonLakes,
        MapId::Fjords,
        MapId::Archipelago,
    ];
    pub fn as_str(self) -> &'static str {
        [
            "base",
            "fire-ice-1",
            "revised-base",
            "loon-lakes",
            "fjords",
            "archipelago",
        ][self as usize]
    }
}

impl fmt::Display for MapId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A letter of the initial-dwelling map cards (TMA-SET-13): A or D mark
/// the cell of the marked dwelling, B, C, E or F the unmarked one.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Letter {
    A,
    B,
    C,
    D,
    E,
    F,
}

impl Letter {
    pub const ALL: [Letter; 6] = [
        Letter::A,
        Letter::B,
        Letter::C,
        Letter::D,
        Letter::E,
        Letter::F,
    ];
    pub fn as_str(self) -> &'static str {
        ["A", "B", "C", "D", "E", "F"][self as usize]
    }
    pub fn parse(s: &str) -> Option<Letter> {
        Letter::ALL.iter().copied().find(|l| l.as_str() == s)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! copy_str_eq {
    ($($t:ty),*) => {$(
        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    )*};
}
copy_str_eq!(FavorTile, TownTile, PowerSpace, MapId, Letter);

/// Test shorthand: ids from their printed strings (panics on an unknown id).
#[cfg(test)]
mod test_from {
    use super::*;

    macro_rules! from_str_by_serde {
        ($($t:ty),*) => {$(
            impl From<&str> for $t {
                fn from(s: &str) -> Self {
                    serde_json::from_value(serde_json::Value::String(s.to_string()))
                        .unwrap_or_else(|e| panic!("not a {}: {s} ({e})", stringify!($t)))
                }
            }
        )*};
    }
    from_str_by_serde!(CardId, FavorTile, TownTile, PowerSpace, MapId, Letter);
}
