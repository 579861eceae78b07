//! Per-seat state and the bank of the base game (CAT §2.1, CAT-SETUP-3,
//! CAT-BUILD-2).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::*;

/// A development card in a hand, with the turn it was bought (CAT-DEV-1, -2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HeldDev {
    pub kind: DevCard,
    /// The turn it was bought; it cannot be played in that turn (CAT-DEV-2).
    pub bought_on_turn: u32,
}

/// One real seat's holdings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub hand: Cards,
    pub dev_hand: Vec<HeldDev>,
    /// Face-up knights (CAT-DEV-3, CAT-AWARD-3).
    pub knights_played: u32,
    pub roads_left: u32,
    pub settlements_left: u32,
    pub cities_left: u32,
    /// Turn of the last development card played (CAT-DEV-2).
    pub dev_played_turn: Option<u32>,
}

impl Default for PlayerState {
    fn default() -> Self {
        PlayerState {
            hand: Cards::default(),
            dev_hand: Vec::new(),
            knights_played: 0,
            roads_left: ROADS,
            settlements_left: SETTLEMENTS,
            cities_left: CITIES,
            dev_played_turn: None,
        }
    }
}

impl PlayerState {
    /// Victory point cards held (CAT-DEV-7).
    pub fn vp_cards(&self) -> u32 {
        self.dev_hand
            .iter()
            .filter(|d| d.kind == DevCard::VictoryPoint)
            .count() as u32
    }
}

/// The bank: resource cards and the development deck (CAT-SETUP-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    pub resources: Cards,
    /// Top of the deck is the end of the list. With cards from the table the
    /// order means nothing: the deck is only what is left (CAT-RNG-3).
    pub dev_deck: Vec<DevCard>,
}

impl Default for Bank {
    fn default() -> Self {
        Bank {
            resources: Cards::each(BANK_PER_RESOURCE),
            dev_deck: dev_deck(),
        }
    }
}
