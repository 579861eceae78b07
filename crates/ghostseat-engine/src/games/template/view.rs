//! What a seat sees. Nothing is hidden in this game; a game with secrets filters them here.

use schemars::JsonSchema;
use serde::Serialize;

use super::state::State;
use crate::engine::Seat;

#[derive(Debug, Serialize, JsonSchema)]
pub struct View<'a> {
    /// Stones left on the pile.
    pub stones: u32,
    /// Stones the pile started with.
    pub started_with: &'a u32,
    /// Who took the last stone, once someone has.
    pub winner: Option<Seat>,
}

pub fn view(s: &State, _seat: Option<Seat>) -> View<'_> {
    View {
        stones: s.stones,
        started_with: &s.options.stones,
        winner: s.winner,
    }
}
