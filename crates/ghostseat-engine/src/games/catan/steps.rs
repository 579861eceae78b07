//! Steps of a turn every Catan game here runs the same way, over any card
//! kind: production with the bank shortage (CAT-PROD-1..-3), the discards of
//! a 7 (CAT-SEVEN-1, -2), a random card from a hand (CAT-RNG-4, CAT-ROB-2),
//! maritime and domestic trade (CAT-TRADE-1..-3).

use super::board::{Board, BuildingKind, Piece};
use super::cards::{Bundle, CardKind};
use super::data::Terrain;
use super::events::{BaseEvent, HexInfo, SeatCards, SeatCount};
use super::geometry::HexId;
use super::refusals::Refusal;
use crate::engine::{RuleError, Seat, Turn};

/// A hex as events name it.
pub fn hex_info<P: Piece>(board: &Board<P>, h: HexId) -> HexInfo {
    let t = board.tile(h);
    let tile = |h: HexId| {
        let t = board.tile(h);
        (t.terrain, t.token)
    };
    HexInfo {
        hex: h,
        terrain: t.terrain,
        token: t.token,
        twin: super::place::twin(&tile, h),
    }
}

/// Production of a roll of `sum` (CAT-PROD-1..-3): pays each seat what its
/// buildings earn (`yield_of`), with the bank shortage, and emits the event
/// under `rule` with `dice`. Returns what each seat received.
#[allow(clippy::too_many_arguments)]
pub fn produce<P: Piece, K: CardKind, E: From<BaseEvent<K>>>(
    board: &Board<P>,
    bank: &mut Bundle<K>,
    hands: [&mut Bundle<K>; 2],
    dice: &[u8],
    sum: u8,
    yield_of: impl Fn(Terrain, BuildingKind) -> Bundle<K>,
    rule: &'static str,
    turn: &mut Turn<'_, E>,
) -> [Bundle<K>; 2] {
    let p = board.production(sum, yield_of);
    let (paid, short) = super::board::pay_with_shortage(bank, &p.owed);
    for (hand, got) in hands.into_iter().zip(&paid) {
        *hand = hand.plus(got);
    }
    turn.emit(
        rule,
        BaseEvent::Production {
            sum,
            hexes: p.hexes.iter().map(|h| hex_info(board, *h)).collect(),
            blocked: p.blocked.map(|h| hex_info(board, h)),
            received: paid
                .iter()
                .enumerate()
                .map(|(i, c)| SeatCards {
                    seat: Seat(i as u8),
                    cards: *c,
                })
                .collect(),
            short,
        }
        .into(),
    )
    .dice(dice);
    paid
}

/// Who discards on a 7 (CAT-SEVEN-1): every seat holding more than its
/// limit discards half (rounded down), in seat order from `first`.
pub fn discards_owed(held: [u32; 2], limits: [u32; 2], first: Seat) -> Vec<SeatCount> {
    [first, super::board::other(first)]
        .into_iter()
        .filter(|s| held[s.index()] > limits[s.index()])
        .map(|s| SeatCount {
            seat: s,
            count: held[s.index()] / 2,
        })
        .collect()
}

/// CAT-SEVEN-2: exactly `count` cards, all held.
pub fn check_discard<K: CardKind>(
    hand: &Bundle<K>,
    count: u32,
    cards: &Bundle<K>,
    rule: &str,
) -> Result<(), RuleError> {
    if cards.total() != count {
        return Err(RuleError::illegal(rule, Refusal::DiscardExactly { count }));
    }
    if !hand.contains(cards) {
        return Err(RuleError::illegal(rule, Refusal::CardsNotHeld));
    }
    Ok(())
}

/// A random card of `hand` (CAT-RNG-4): at index `below(n)` of the hand in
/// canonical order, or, with cards from the table, the card the table
/// entered (shown to `visible_to` only), asked as a card of `from`'s hand.
/// The caller moves the card.
pub fn random_card<K: CardKind, E>(
    turn: &mut Turn<'_, E>,
    hand: &Bundle<K>,
    visible_to: Vec<Seat>,
    from: Option<Seat>,
    rule: &str,
) -> Result<K, RuleError> {
    let list = hand.listed();
    if list.is_empty() {
        return Err(RuleError::illegal(rule, Refusal::NoCardToTake));
    }
    if !turn.chance.table_cards() {
        return Ok(list[turn.chance.pick_index(list.len())]);
    }
    let candidates: Vec<String> = hand.kinds().iter().map(|k| k.id().to_string()).collect();
    let id = turn.chance.card_as(
        "victim_hand",
        &candidates,
        Some(visible_to),
        rule,
        crate::engine::NeedWords::new(super::text::TableNeed::FromHand { from }),
    )?;
    K::from_id(&id)
        .ok_or_else(|| RuleError::illegal(rule, Refusal::NotACardKind { id: id.clone() }))
}

/// CAT-TRADE-1: `times` trades of `rate` × `give` for 1 `get`, held and in
/// the bank.
pub fn check_maritime<K: CardKind>(
    hand: &Bundle<K>,
    bank: &Bundle<K>,
    give: K,
    get: K,
    times: u32,
    rate: u32,
    rule: &str,
) -> Result<(), RuleError> {
    if times == 0 {
        return Err(RuleError::illegal(rule, Refusal::TradeAtLeastOnce));
    }
    if give == get {
        return Err(RuleError::illegal(rule, Refusal::SameKindBothWays));
    }
    let pay = rate.saturating_mul(times);
    if hand.get(give) < pay {
        return Err(RuleError::illegal(
            rule,
            Refusal::MaritimeShort {
                rate,
                pay,
                card: give.id(),
                held: hand.get(give),
            },
        ));
    }
    if bank.get(get) < times {
        return Err(RuleError::illegal(
            rule,
            Refusal::BankShort {
                times,
                card: get.id(),
            },
        ));
    }
    Ok(())
}

/// Applies a checked maritime trade.
pub fn maritime<K: CardKind>(
    hand: &mut Bundle<K>,
    bank: &mut Bundle<K>,
    give: K,
    get: K,
    times: u32,
    rate: u32,
) {
    let pay = rate * times;
    hand.take(give, pay);
    bank.add(give, pay);
    bank.take(get, times);
    hand.add(get, times);
}

/// How many times at most `give` buys `get` (0: not at all).
pub fn maritime_max<K: CardKind>(
    hand: &Bundle<K>,
    bank: &Bundle<K>,
    give: K,
    get: K,
    rate: u32,
) -> u32 {
    if give == get || rate == 0 {
        0
    } else {
        (hand.get(give) / rate).min(bank.get(get))
    }
}

/// CAT-TRADE-2: two non-empty bundles with no kind on both sides, `give`
/// held; nobody can ask for more cards of a kind than the game has.
pub fn check_offer<K: CardKind>(
    hand: &Bundle<K>,
    give: &Bundle<K>,
    want: &Bundle<K>,
    rule: &str,
) -> Result<(), RuleError> {
    if give.is_empty() || want.is_empty() {
        return Err(RuleError::illegal(rule, Refusal::NoGifts));
    }
    if give.overlaps(want) {
        return Err(RuleError::illegal(rule, Refusal::KindOnBothSides));
    }
    if !hand.contains(give) {
        return Err(RuleError::illegal(rule, Refusal::OfferNotHeld));
    }
    if let Some((k, _)) = want.iter().find(|(k, n)| *n > k.in_game()) {
        return Err(RuleError::illegal(
            rule,
            Refusal::MoreThanInGame {
                card: k.id(),
                in_game: k.in_game(),
            },
        ));
    }
    Ok(())
}

/// The domain of the `want` side of an offer: every kind, as many as the game has.
pub fn want_domain<K: CardKind>() -> std::collections::BTreeMap<String, u32> {
    K::ALL
        .iter()
        .map(|k| (k.id().to_string(), k.in_game()))
        .collect()
}
