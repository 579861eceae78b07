//! The 16 cards: draws, reshuffles and PERSS.KI's face-up discards, with the server's deck or a
//! physical one (`deck = "table"`, every card turned face up comes from the request by id).

use super::data::Card;
use super::events::{Event, Tx};
use super::refusals::Refusal;
use super::state::{Slot, State};
use super::text::TableNeed;
use crate::engine::{NeedWords, RuleError, Seat};

/// The deck name of table input (`{"card": "miltiades"}` answers a need of this deck).
pub const DECK: &str = "event_card";

/// The Greek seat: the only seat that sees the Greek hand.
pub const GREEKS: Seat = Seat(0);

fn ids(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.id().to_string()).collect()
}

fn parse(id: &str, rule: &str) -> Result<Card, RuleError> {
    Card::from_id(id)
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotACard { id: id.to_string() }))
}

/// Makes the discards a new draw pile when the pile is empty (T300-SEQ-5). False when no card
/// can be drawn at all.
fn refill(st: &mut State, t: &mut Tx<'_>) -> bool {
    if !st.deck.is_empty() {
        return true;
    }
    if st.discard.is_empty() {
        return false;
    }
    let mut pile = std::mem::take(&mut st.discard);
    let n = pile.len() as u32;
    if st.options.table_deck() {
        // Shuffled at the table: the pile is these cards, in an order nobody knows.
        pile.sort();
        st.deck = (0..pile.len())
            .map(|_| Slot::Hidden(pile.clone()))
            .collect();
    } else {
        t.chance.shuffle(&mut pile);
        st.deck = pile.into_iter().map(Slot::Card).collect();
    }
    t.emit(
        "T300-SEQ-5",
        Event::DeckReshuffled {
            cards: n,
            at_table: st.options.table_deck(),
        },
    );
    true
}

/// Draws one card into the Greek hand (the card is secret to the Greeks); None when no card
/// can be drawn. With a physical deck the card comes from the request.
pub fn draw_greek(st: &mut State, t: &mut Tx<'_>, rule: &str) -> Result<Option<Card>, RuleError> {
    if !refill(st, t) {
        return Ok(None);
    }
    let card = match st.deck.first() {
        Some(Slot::Card(c)) => {
            // A card of the server's shuffled deck is shown: no undo past this.
            t.reveal();
            *c
        }
        Some(Slot::Hidden(_)) => {
            let cands = st.deck_candidates();
            let id = t.chance.card_as(
                DECK,
                &ids(&cands),
                Some(vec![GREEKS]),
                rule,
                NeedWords::new(TableNeed::GreekDraw),
            )?;
            parse(&id, rule)?
        }
        None => return Ok(None),
    };
    st.deck.remove(0);
    st.card_seen(card);
    st.hand_greeks.push(card);
    Ok(Some(card))
}

/// Draws one card face down into PERSS.KI's hand (nobody sees it); false when no card can be
/// drawn.
pub fn draw_persian(st: &mut State, t: &mut Tx<'_>) -> bool {
    if !refill(st, t) || st.deck.is_empty() {
        return false;
    }
    let slot = st.deck.remove(0);
    st.hand_persians.push(slot);
    true
}

/// Turns PERSS.KI's card at `index` face up and takes it from its hand (T300-AI-12, T300-SUP-2);
/// with a physical deck its id comes from the request.
pub fn reveal_persian(
    st: &mut State,
    index: usize,
    t: &mut Tx<'_>,
    rule: &str,
) -> Result<Card, RuleError> {
    let card = match st.hand_persians.get(index) {
        Some(Slot::Card(c)) => {
            t.reveal();
            *c
        }
        Some(Slot::Hidden(_)) => {
            let cands = st.persian_candidates(index);
            let id = t.chance.card_as(
                DECK,
                &ids(&cands),
                None,
                rule,
                NeedWords::new(TableNeed::PersianCard),
            )?;
            parse(&id, rule)?
        }
        None => {
            return Err(RuleError::illegal(
                rule,
                Refusal::NoSuchBotCard { bot: Seat(1) },
            ));
        }
    };
    st.hand_persians.remove(index);
    st.card_seen(card);
    Ok(card)
}
