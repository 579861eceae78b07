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
    /// Display name in German: "Spieler A", "Die Griechen".
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

/// One entry per seat, indexed by [`Seat`] (serialized as the plain list),
/// so game state that keeps something per seat cannot be indexed by a
/// stray number.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(pub Vec<T>);

impl<T> PerSeat<T> {
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }
    /// Each entry with its seat, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, t)| (Seat(i as u8), t))
    }
}

impl<T> From<Vec<T>> for PerSeat<T> {
    fn from(v: Vec<T>) -> Self {
        PerSeat(v)
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<'a, T> IntoIterator for &'a PerSeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> FromIterator<T> for PerSeat<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        PerSeat(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Typed seats keep the stored JSON: a `Seat` is its number and a
    /// `PerSeat` the plain list, so snapshots from before read the same.
    #[test]
    fn seats_and_per_seat_lists_serialize_as_plain_numbers_and_lists() {
        let per: PerSeat<[u8; 2]> = vec![[1, 2], [3, 4]].into();
        assert_eq!(serde_json::to_string(&per).unwrap(), "[[1,2],[3,4]]");
        assert_eq!(serde_json::to_string(&Seat(1)).unwrap(), "1");
        let back: PerSeat<[u8; 2]> = serde_json::from_str("[[1,2],[3,4]]").unwrap();
        assert_eq!(back[Seat(1)], [3, 4]);
        assert_eq!(back.get(Seat(2)), None);
        let seats: Vec<Seat> = back.seats().map(|(s, _)| s).collect();
        assert_eq!(seats, vec![Seat(0), Seat(1)]);
    }
}
