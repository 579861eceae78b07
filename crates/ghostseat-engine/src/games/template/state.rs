//! Everything the rules read and write. Serialized deterministically: snapshots compare bytes.

use serde::{Deserialize, Serialize};

use super::options::Options;
use crate::engine::Seat;

/// The player's seat and the bot's.
pub const PLAYER: Seat = Seat(0);
pub const BOT: Seat = Seat(1);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    /// Stones left on the pile.
    pub stones: u32,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Who took the last stone (PILE-END-1).
    pub winner: Option<Seat>,
}
