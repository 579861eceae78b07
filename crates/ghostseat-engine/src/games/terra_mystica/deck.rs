//! Automa's piles in both chance modes (TMA-DECK-*, TMA-PASS-4..7, TMA-HF-3,
//! TMA-GEN-12).
//!
//! Server mode: `deck` and `reserve` are ordered (top first) and shuffled
//! with the seeded stream. Physical-table mode: the engine does not know the
//! order of face-down piles; it tracks which cards can be in each pile (see
//! [`super::state::Automa`]) and asks the table for each card turned over
//! with [`crate::engine::Chance::card`], offering exactly the cards that can
//! be on top.

use crate::engine::{NeedWords, RuleError, Turn};

use super::events::Event;
use super::ids::CardId;
use super::refusals::Refusal;
use super::state::State;
use super::text::TableCard;

/// The deck name of Automa's cards in a "needed" answer.
pub const DECK: &str = "automa";
/// The deck name of her reserve.
pub const RESERVE: &str = "automa_reserve";
/// The deck name of the card turned over for her initial dwellings: any of
/// the 16 cards of the box (TMA-SET-13).
pub const SETUP_CARD: &str = "automa_box";

fn ids(cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|c| c.as_str().to_string()).collect()
}

fn table_card(
    turn: &mut Turn<'_, Event>,
    deck: &str,
    candidates: &[CardId],
    rule: &str,
    what: TableCard,
) -> Result<CardId, RuleError> {
    let id = turn
        .chance
        .card_as(deck, &ids(candidates), None, rule, NeedWords::new(what))?;
    CardId::parse(&id)
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotAnAutomaCard { id: id.clone() }))
}

/// Table mode: once no unknown card is left in the reserve, the unknown
/// deck cards are exactly the rest of `reserve`.
fn normalize(st: &mut State) {
    let a = &mut st.automa;
    if a.reserve_unknown == 0 && a.deck_unknown > 0 {
        let rest = std::mem::take(&mut a.reserve);
        a.deck.extend(rest);
        a.deck_unknown = 0;
    }
    a.deck.sort();
    a.reserve.sort();
}

/// The cards that can be on top of Automa's deck (table mode).
pub fn deck_candidates(st: &State) -> Vec<CardId> {
    let mut v = st.automa.deck.clone();
    if st.automa.deck_unknown > 0 {
        v.extend(st.automa.reserve.iter().copied());
    }
    v.sort();
    v.dedup();
    v
}

/// The cards that can be on top of Automa's reserve (table mode), after a
/// refill from the Cultists' pile.
pub fn reserve_candidates(st: &State) -> Vec<CardId> {
    let a = &st.automa;
    if let Some(top) = a.reserve_top.first() {
        return vec![*top];
    }
    if a.reserve_unknown > 0 {
        return a.reserve.clone();
    }
    let mut v = a.cultist_aside.clone();
    v.sort();
    v
}

/// Turns over the top card of the deck (TMA-BOT-2..4): its id and whether
/// it is rotated. `rule` names the rule the card is drawn for, `what` what
/// it becomes (her support or her action card).
pub fn draw(
    st: &mut State,
    turn: &mut Turn<'_, Event>,
    rule: &str,
    what: TableCard,
) -> Result<(CardId, bool), RuleError> {
    if !st.is_table() {
        let id = st.automa.deck.remove(0);
        return Ok((id, st.automa.rotated.contains(&id)));
    }
    let id = table_card(turn, DECK, &deck_candidates(st), rule, what)?;
    let a = &mut st.automa;
    if let Some(i) = a.deck.iter().position(|c| *c == id) {
        a.deck.remove(i);
    } else {
        a.reserve.retain(|c| *c != id);
        a.deck_unknown -= 1;
    }
    normalize(st);
    // A drawn card is rotated when at most one card is left under it (TMA-GEN-12).
    Ok((id, st.deck_len() <= 1))
}

/// Refills an empty reserve from the Cultists' pile (TMA-HF-3).
fn refill(st: &mut State, turn: &mut Turn<'_, Event>) {
    if st.reserve_len() > 0 || st.automa.cultist_aside.is_empty() {
        return;
    }
    let mut pile = std::mem::take(&mut st.automa.cultist_aside);
    if st.is_table() {
        // Nothing unknown is left in the deck (normalized), so the set is the pile.
        st.automa.reserve_unknown = pile.len();
        st.automa.reserve.extend(pile);
        normalize(st);
    } else {
        turn.chance.shuffle(&mut pile);
        st.automa.reserve = pile;
    }
}

/// The reserve's top card goes unseen into the next deck (TMA-PASS-5).
/// Returns whether a card was added; the engine knows which only in server
/// mode (or when it is a known top card, Automalein's \*3).
pub fn reserve_to_deck(st: &mut State, turn: &mut Turn<'_, Event>) -> Option<Option<CardId>> {
    refill(st, turn);
    if st.reserve_len() == 0 {
        return None;
    }
    if !st.is_table() {
        return Some(Some(st.automa.reserve.remove(0)));
    }
    let a = &mut st.automa;
    if !a.reserve_top.is_empty() {
        let id = a.reserve_top.remove(0);
        a.deck.push(id);
        normalize(st);
        return Some(Some(id));
    }
    a.reserve_unknown -= 1;
    a.deck_unknown += 1;
    normalize(st);
    Some(None)
}

/// A reserve card the Cultists turn over face up (TMA-HF-1..4); None when
/// the reserve and the Cultists' pile are empty.
pub fn reserve_seen(
    st: &mut State,
    turn: &mut Turn<'_, Event>,
) -> Result<Option<CardId>, RuleError> {
    refill(st, turn);
    if st.reserve_len() == 0 {
        return Ok(None);
    }
    if !st.is_table() {
        // The top of a shuffled pile is shown: the move cannot be taken back.
        turn.reveal();
        return Ok(Some(st.automa.reserve.remove(0)));
    }
    let id = table_card(
        turn,
        RESERVE,
        &reserve_candidates(st),
        "TMA-HF-1",
        TableCard::Reserve,
    )?;
    let a = &mut st.automa;
    if a.reserve_top.first() == Some(&id) {
        a.reserve_top.remove(0);
    } else {
        a.reserve.retain(|c| *c != id);
        a.reserve_unknown -= 1;
    }
    normalize(st);
    Ok(Some(id))
}

/// Forms the next round's deck from the gathered cards and what is left in
/// the deck (TMA-PASS-4..7).
pub fn rebuild(st: &mut State, turn: &mut Turn<'_, Event>, mut cards: Vec<CardId>) {
    if !st.is_table() {
        cards.append(&mut st.automa.deck);
        turn.chance.shuffle(&mut cards);
        st.automa.rotated = cards[cards.len().saturating_sub(2)..].to_vec();
        st.automa.deck = cards;
        return;
    }
    st.automa.deck.extend(cards);
    st.automa.rotated.clear();
    normalize(st);
}
