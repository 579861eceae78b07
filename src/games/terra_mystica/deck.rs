//! Automa's piles in both chance modes (TMA-DECK-*, TMA-PASS-4..7, TMA-HF-3,
//! TMA-GEN-12).
//!
//! Server mode: `deck` and `reserve` are ordered (top first) and shuffled by
//! the seeded dice. Physical-table mode: the engine does not know the order of
//! face-down piles; `deck`/`reserve` then hold the ids that *may* be in the
//! pile (sorted) and `deck_count`/`reserve_count` the number of cards. Cards
//! turned over at the table are reported as table dice with 16 faces: the
//! face is the card's number = its position in [`CARDS`] + 1, so the base
//! cards keep their printed numbers (\*1 = 1 … 13 = 13) and \*2-mots = 14,
//! \*4-mots = 15, mots-special = 16.

use crate::engine::legacy::{Dice, RuleError};

use super::data::CARDS;
use super::state::{ChanceSource, State};

pub fn is_table(st: &State) -> bool {
    st.options.chance_source == ChanceSource::Table
}

/// Card id for a table number (1..=16).
pub fn card_from_number(n: u8) -> Option<&'static str> {
    CARDS.get(usize::from(n).checked_sub(1)?).map(|c| c.id)
}

pub fn number_of(id: &str) -> u8 {
    CARDS
        .iter()
        .position(|c| c.id == id)
        .map(|i| i as u8 + 1)
        .unwrap_or(0)
}

pub fn deck_len(st: &State) -> usize {
    if is_table(st) {
        st.automa.deck_count
    } else {
        st.automa.deck.len()
    }
}

pub fn reserve_len(st: &State) -> usize {
    if is_table(st) {
        st.automa.reserve_count
    } else {
        st.automa.reserve.len()
    }
}

fn impossible(id: &str, pile: &str) -> RuleError {
    RuleError::illegal(
        "TMA-GEN-12",
        format!("card {id} cannot be in Automa's {pile}: check the card you turned over"),
    )
}

/// Turns over the top card of the deck; returns (id, rotated) (TMA-BOT-2..4).
pub fn draw(st: &mut State, dice: &mut Dice) -> Result<(String, bool), RuleError> {
    if !is_table(st) {
        let id = st.automa.deck.remove(0);
        let rotated = st.automa.rotated.contains(&id);
        return Ok((id, rotated));
    }
    let n = dice.roll(16, "TMA-GEN-12")?;
    let id = card_from_number(n)
        .ok_or_else(|| impossible("?", "deck"))?
        .to_string();
    let Some(i) = st.automa.deck.iter().position(|c| *c == id) else {
        return Err(impossible(&id, "deck"));
    };
    st.automa.deck.remove(i);
    st.automa.deck_count -= 1;
    // Known to be in the deck, so it is not in the reserve.
    st.automa.reserve.retain(|c| *c != id);
    if st.automa.reserve.len() < st.automa.reserve_count {
        return Err(impossible(&id, "deck"));
    }
    if st.automa.deck_count == 0 {
        st.automa.deck.clear();
    }
    // A drawn card is rotated when at most one card is left under it (TMA-GEN-12).
    let rotated = st.automa.deck_count <= 1;
    Ok((id, rotated))
}

/// Refills an empty reserve from the Cultists' pile (TMA-HF-3).
fn refill(st: &mut State, dice: &mut Dice) {
    if reserve_len(st) == 0 && !st.automa.cultist_aside.is_empty() {
        let mut pile = std::mem::take(&mut st.automa.cultist_aside);
        if is_table(st) {
            pile.sort();
            st.automa.reserve_count = pile.len();
        } else {
            dice.shuffle(&mut pile);
        }
        st.automa.reserve = pile;
        st.automa.reserve_known_top.clear();
    }
}

/// The reserve's top card, drawn unseen into the next deck (TMA-PASS-5).
/// Server: the id; table: `Some(None)` when a card was added without being seen.
pub fn reserve_to_deck(st: &mut State, dice: &mut Dice) -> Option<Option<String>> {
    refill(st, dice);
    if reserve_len(st) == 0 {
        return None;
    }
    if !is_table(st) {
        return Some(Some(st.automa.reserve.remove(0)));
    }
    st.automa.reserve_count -= 1;
    if !st.automa.reserve_known_top.is_empty() {
        let id = st.automa.reserve_known_top.remove(0);
        st.automa.reserve.retain(|c| *c != id);
        return Some(Some(id));
    }
    Some(None)
}

/// A reserve card the Cultists turn over face up (TMA-HF-1..3); `reported` in table mode.
pub fn reserve_seen(
    st: &mut State,
    dice: &mut Dice,
    reported: Option<&str>,
) -> Result<Option<String>, RuleError> {
    refill(st, dice);
    if reserve_len(st) == 0 {
        return Ok(None);
    }
    if !is_table(st) {
        return Ok(Some(st.automa.reserve.remove(0)));
    }
    let Some(id) = reported else {
        return Err(RuleError::illegal(
            "TMA-GEN-12",
            "physical-table mode: name the Automa card the Cultists drew (cultist_card)",
        ));
    };
    if let Some(top) = st.automa.reserve_known_top.first() {
        if top != id {
            return Err(impossible(id, "reserve (its top card is known)"));
        }
        st.automa.reserve_known_top.remove(0);
    }
    let Some(i) = st.automa.reserve.iter().position(|c| c == id) else {
        return Err(impossible(id, "reserve"));
    };
    st.automa.reserve.remove(i);
    st.automa.reserve_count -= 1;
    st.automa.deck.retain(|c| c != id);
    if st.automa.deck.len() < st.automa.deck_count {
        return Err(impossible(id, "reserve"));
    }
    if st.automa.reserve_count == 0 {
        st.automa.reserve.clear();
    }
    Ok(Some(id.to_string()))
}

/// Forms the next round's deck from the gathered cards (TMA-PASS-4..7).
/// `known` = cards seen this round; `added_unseen` = a reserve card of unknown id was added (table).
pub fn rebuild(st: &mut State, dice: &mut Dice, mut known: Vec<String>, added_unseen: bool) {
    if !is_table(st) {
        known.append(&mut st.automa.deck);
        dice.shuffle(&mut known);
        st.automa.rotated = known[known.len().saturating_sub(2)..].to_vec();
        st.automa.deck = known;
        return;
    }
    let count = known.len() + st.automa.deck_count + usize::from(added_unseen);
    let mut set = std::mem::take(&mut st.automa.deck);
    set.extend(known);
    if added_unseen {
        set.extend(st.automa.reserve.iter().cloned());
    }
    set.sort();
    set.dedup();
    st.automa.deck = set;
    st.automa.deck_count = count;
    st.automa.rotated.clear();
    if st.automa.reserve_count == 0 {
        st.automa.reserve.clear();
    }
}
