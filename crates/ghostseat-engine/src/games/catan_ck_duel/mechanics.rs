//! Board queries, points, awards, dice, production, the 7, barbarians and the pending queue.

use super::board::{adjacent, pips, ById};
use super::data::{Card, Hand, ProgressKind, Track, ALL_CARDS, RESOURCES, TRACKS};
use super::events::{Ev, Event};
use super::refusals::{Purchase, Refusal};
use super::state::*;
use super::text::TableNeed;
use crate::engine::{Chance, Emit, NeedWords, RuleError, Seat};
use crate::games::catan::board::{pay_with_shortage, BuildingKind};
use crate::games::catan::data::{Bundle, CardKind, Terrain};
use crate::games::catan::geometry::{EdgeId, VertexId};

pub type R<T> = Result<T, RuleError>;

/// Colour of the building or knight at `v`.
pub fn piece_colour(s: &State, v: VertexId) -> Option<Colour> {
    s.board.occupant(v)
}

pub fn is_empty(s: &State, v: VertexId) -> bool {
    s.board.occupant(v).is_none()
}

/// A building or knight of another colour stands on `v` (CAT-BUILD-5, CCK-BUILD-2).
pub fn blocked_for(s: &State, v: VertexId, c: Colour) -> bool {
    s.board.blocked_for(v, c)
}

pub fn touches_road(s: &State, v: VertexId, c: Colour) -> bool {
    s.board.has_road_at(c, v)
}

/// A road of `c` may go on `e` (CAT-BUILD-5 with knights as blockers, CCK-BUILD-2): the
/// core's road rule, knights being pieces that block other colours.
pub fn can_road(s: &State, e: EdgeId, c: Colour) -> bool {
    s.board.check_road_spot(c, e).is_ok()
}

/// Distance rule and emptiness (CAT-BUILD-3, CCK-BUILD-2): the core's settlement rule.
pub fn distance_ok(s: &State, v: VertexId) -> bool {
    s.board.check_settlement_spot(v).is_ok()
}

pub fn can_settle(s: &State, v: VertexId, c: Colour, need_road: bool) -> bool {
    distance_ok(s, v) && (!need_road || touches_road(s, v, c))
}

/// Intersections connected to `start` by `c`'s roads (CCK-KNIGHT-5).
pub fn connected_from(s: &State, start: VertexId, c: Colour) -> Vec<VertexId> {
    let mut seen: ById<VertexId, bool> = ById::from_vec(vec![false; VertexId::COUNT]);
    seen[start] = true;
    let mut stack = vec![start];
    let mut out = Vec::new();
    while let Some(u) = stack.pop() {
        if u != start && blocked_for(s, u, c) {
            continue;
        }
        for (n, e) in adjacent(u) {
            if s.road(e) == Some(c) && !seen[n] {
                seen[n] = true;
                out.push(n);
                stack.push(n);
            }
        }
    }
    out.sort();
    out
}

/// Empty spots a displaced knight of `c` may go to from `from` (CCK-KNIGHT-7, CCK-NEUT-8).
pub fn relocation_spots(s: &State, from: VertexId, c: Colour) -> Vec<VertexId> {
    connected_from(s, from, c)
        .into_iter()
        .filter(|v| is_empty(s, *v))
        .collect()
}

/// Empty intersections at an end of `c`'s roads (CCK-KNIGHT-1).
pub fn knight_spots(s: &State, c: Colour) -> Vec<VertexId> {
    VertexId::all()
        .filter(|v| is_empty(s, *v) && touches_road(s, *v, c))
        .collect()
}

/// The resource of a terrain as this game's card.
pub fn terrain_resource(t: Terrain) -> Option<Card> {
    t.resource().map(Card::from_resource)
}

/// Best bank rate for `card` (CCK-TRADE-1).
pub fn bank_rate(s: &State, seat: Seat, card: Card) -> u32 {
    // Harbours (CAT-TRADE-1): the core's rate; commodities use generic harbours only.
    let mut r = s.board.harbour_rate(colour_of(seat), card);
    if card.is_commodity() && s.players[seat].imp[Track::Trade.idx()] >= 3 {
        r = 2;
    }
    if let Some((h, ms)) = s.merchant {
        if ms == seat && terrain_resource(s.tile(h).terrain) == Some(card) {
            r = 2;
        }
    }
    if s.players[seat].merchant_fleet == Some(card) {
        r = 2;
    }
    r
}

/// Victory points (CCK-END-2); all visible (CCK-GEN-4).
pub fn vp(s: &State, seat: Seat) -> u32 {
    let c = colour_of(seat);
    let mut v = 0;
    for b in s.buildings() {
        if b.colour == c {
            v += if b.city { 2 } else { 1 };
            if b.metropolis.is_some() {
                v += 2;
            }
        }
    }
    if s.longest_road == Some(c) {
        v += 2;
    }
    let p = &s.players[seat];
    v += p.defender + p.vp_cards.len() as u32;
    if matches!(s.merchant, Some((_, m)) if m == seat) {
        v += 1;
    }
    v
}

/// Where a seat's points come from (CCK-END-2): shown in the view and the
/// game-over event.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct VpBreakdown {
    pub settlements: usize,
    pub cities: usize,
    pub metropolises: usize,
    pub longest_road: u32,
    pub defender: u32,
    pub printer: u32,
    pub constitution: u32,
    pub merchant: u32,
    pub total: u32,
}

pub fn vp_breakdown(s: &State, seat: Seat) -> VpBreakdown {
    let c = colour_of(seat);
    let settlements = s.buildings().filter(|b| b.colour == c && !b.city).count();
    let cities = s.buildings().filter(|b| b.colour == c && b.city).count();
    let metros = s
        .buildings()
        .filter(|b| b.colour == c && b.metropolis.is_some())
        .count();
    let p = &s.players[seat];
    VpBreakdown {
        settlements,
        cities: cities * 2,
        metropolises: metros * 2,
        longest_road: if s.longest_road == Some(c) { 2 } else { 0 },
        defender: p.defender,
        printer: p.vp_cards.contains(&ProgressKind::Printer) as u32,
        constitution: p.vp_cards.contains(&ProgressKind::Constitution) as u32,
        merchant: matches!(s.merchant, Some((_, m)) if m == seat) as u32,
        total: vp(s, seat),
    }
}

/// Longest trail of `c` (CAT-AWARD-1; knights of other colours break trails, CCK-BUILD-2):
/// the core's trail rule.
pub fn road_length(s: &State, c: Colour) -> u32 {
    crate::games::catan::roads::road_length(&s.board, c)
}

/// The colours whose trail lengths the Longest Road event lists, in its order.
const ROAD_COLOURS: [Colour; 4] = [Colour::A, Colour::B, Colour::N1, Colour::N2];

/// Longest Road (CAT-AWARD-2, neutral colours included, CAT-DUO-16): the core's award (the
/// holder keeps it while level with the best, a sole best of 5 or more takes it, else it is
/// set aside), over the core's trail lengths, in which other colours' knights break a trail
/// (CCK-BUILD-2). The event lists the four colours' lengths, `a`, `b`, `n1`, `n2`.
pub fn update_longest_road(s: &mut State, ev: &mut Vec<Ev>) {
    let old = s.longest_road;
    let (new, lengths) = crate::games::catan::roads::longest_road(&s.board, old);
    if new != old {
        let lens: Vec<u32> = ROAD_COLOURS
            .iter()
            .map(|c| {
                lengths
                    .iter()
                    .find(|l| l.colour == *c)
                    .map_or(0, |l| l.length)
            })
            .collect();
        s.longest_road = new;
        ev.emit(
            "CAT-AWARD-2",
            Event::LongestRoad {
                old,
                new,
                length: lens.iter().copied().max().unwrap_or(0),
                lengths: lens,
            },
        );
    }
}

/// Pays up to `n` tokens from the supply (CCK-TOKEN-4, CAT-DUO-11).
pub fn pay_tokens(s: &mut State, seat: Seat, n: u32, rule: &str, ev: &mut Vec<Ev>) {
    let paid = n.min(s.token_supply);
    s.token_supply -= paid;
    s.players[seat].tokens += paid;
    if n > 0 {
        ev.emit(
            rule.to_string(),
            Event::TokensEarned {
                seat,
                due: n,
                paid,
                supply: s.token_supply,
            },
        );
    }
}

/// Tokens for a settlement (or set-up city) at `v`: desert 2, coast 1 (CCK-TOKEN-1, the
/// core's CAT-DUO-10).
pub fn settlement_tokens(s: &State, v: VertexId) -> u32 {
    crate::games::catan::duo::settlement_tokens(&s.board, v)
}

pub fn push_front(s: &mut State, items: Vec<Pending>) {
    for (i, p) in items.into_iter().enumerate() {
        s.pending.insert(i, p);
    }
}

pub fn take_cost(
    s: &mut State,
    seat: Seat,
    cost: &[(Card, u32)],
    rule: &str,
    what: Purchase,
) -> R<()> {
    let h = Hand::of(cost);
    if !s.players[seat].hand.contains(&h) {
        return Err(RuleError::illegal(
            rule,
            Refusal::CostNotHeld {
                what,
                cost: h.to_map(),
            },
        ));
    }
    s.players[seat].hand.sub(&h);
    s.bank.add(&h);
    Ok(())
}

pub fn describe(h: &Hand) -> String {
    let parts: Vec<String> = ALL_CARDS
        .iter()
        .filter(|c| h.get(**c) > 0)
        .map(|c| format!("{} {}", h.get(*c), c.name()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" + ")
    }
}

/// Takes a random card (CAT-RNG-4 with the order of CCK-GEN-3) from `from` to `to`. At a
/// physical table the card is drawn from the victim's hand at the table and entered as table
/// input (CAT-RNG-3), seen by the two players only; a card carried by a move of an old session
/// (`stolen` / `drawn_cards`, before the chance source took table cards) is used first, so old
/// logs replay to the same state.
pub fn steal(
    s: &mut State,
    from: Seat,
    to: Seat,
    resources_only: bool,
    dice: &mut Chance,
) -> R<Option<Card>> {
    let list = s.players[from].hand.listed(resources_only);
    if list.is_empty() {
        return Ok(None);
    }
    let c = if let Some(c) = s.entered.cards.pop_front() {
        if !list.contains(&c) {
            return Err(RuleError::illegal(
                "CAT-RNG-3",
                Refusal::VictimLacks { card: c },
            ));
        }
        c
    } else if dice.table_cards() {
        let mut ids: Vec<String> = Vec::new();
        for c in &list {
            if !ids.iter().any(|i| i == c.name()) {
                ids.push(c.name().to_string());
            }
        }
        let id = dice.card_as(
            HAND_DECK,
            &ids,
            Some(vec![from.min(to), from.max(to)]),
            "CAT-RNG-3",
            NeedWords::new(TableNeed::FromHand { from }),
        )?;
        *list
            .iter()
            .find(|c| c.name() == id)
            .expect("the chance source only returns candidates")
    } else {
        list[dice.pick_index(list.len())]
    };
    s.players[from].hand.0[c.idx()] -= 1;
    s.players[to].hand.0[c.idx()] += 1;
    Ok(Some(c))
}

/// The "deck" a card taken from a hand comes from, as the table-input answer names it.
pub const HAND_DECK: &str = "hand";

/// The table-input deck name of a progress deck (`trade_progress`, ...).
pub fn progress_deck(track: Track) -> String {
    format!("{}_progress", track.name())
}

/// Draws the top card of a progress deck for `seat`. At a physical table the card is drawn at
/// the table and entered as table input (CAT-RNG-3), seen by `seat` only; a card carried by a
/// move of an old session (`drawn`) is used first, so old logs replay to the same state.
pub fn draw_progress(
    s: &mut State,
    track: Track,
    seat: Seat,
    dice: &mut Chance,
) -> R<Option<ProgressKind>> {
    if s.decks[track.idx()].is_empty() {
        return Ok(None);
    }
    let k = if let Some(k) = s.entered.progress.pop_front() {
        k
    } else if dice.table_cards() {
        let mut kinds: Vec<ProgressKind> = s.decks[track.idx()].clone();
        kinds.sort();
        kinds.dedup();
        let ids: Vec<String> = kinds.iter().map(|k| k.name()).collect();
        let id = dice.card_as(
            &progress_deck(track),
            &ids,
            Some(vec![seat]),
            "CAT-RNG-3",
            NeedWords::new(TableNeed::Progress { track, seat }),
        )?;
        *kinds
            .iter()
            .find(|k| k.name() == id)
            .expect("the chance source only returns candidates")
    } else {
        return Ok(s.decks[track.idx()].pop());
    };
    let i = s.decks[track.idx()]
        .iter()
        .position(|x| *x == k)
        .ok_or_else(|| {
            RuleError::illegal(
                "CAT-RNG-3",
                Refusal::DeckLacks {
                    deck: track,
                    card: k,
                },
            )
        })?;
    Ok(Some(s.decks[track.idx()].remove(i)))
}

/// Rolls one die: dice brought by the move first, then the command's chance (the table's dice
/// when the table rolls).
pub fn die(extra: &mut std::collections::VecDeque<u8>, dice: &mut Chance, rule: &str) -> R<u8> {
    if let Some(v) = extra.pop_front() {
        if !(1..=6).contains(&v) {
            return Err(RuleError::illegal(rule, Refusal::DieFace { value: v }));
        }
        return Ok(v);
    }
    dice.d6_one(rule)
}

/// Resolves the event die (CCK-DICE-3): ship (CCK-BARB-1) or city gate (CCK-PROG-2).
pub fn resolve_event_die(
    s: &mut State,
    ev: &mut Vec<Ev>,
    event: u8,
    red: u8,
    dice: &mut Chance,
) -> R<()> {
    if event <= 3 {
        s.barbarian += 1;
        ev.emit(
            "CCK-BARB-1",
            Event::BarbariansAdvance {
                position: s.barbarian,
                track: s.opts.barbarian_track,
            },
        )
        .dice(&[event]);
        if s.barbarian >= s.opts.barbarian_track {
            barbarian_attack(s, ev);
        }
        return Ok(());
    }
    let track = match event {
        4 => Track::Trade,
        5 => Track::Politics,
        _ => Track::Science,
    };
    let mut items = Vec::new();
    for seat in seats_from(s.active) {
        let lvl = s.players[seat].imp[track.idx()];
        if lvl >= 1 && red <= lvl + 1 {
            let Some(card) = draw_progress(s, track, seat, dice)? else {
                ev.emit("CCK-PROG-2", Event::DeckEmpty { seat, deck: track });
                continue;
            };
            give_progress(s, seat, card, ev, "CCK-PROG-2");
            if seat != s.active && s.players[seat].progress.len() > 4 {
                items.push(Pending::ProgressExcess { seat });
            }
        }
    }
    ev.emit("CCK-PROG-2", Event::CityGate { track, red })
        .dice(&[event, red]);
    push_front(s, items);
    Ok(())
}

/// A drawn progress card: point cards go face up at once (CCK-PROG-3).
pub fn give_progress(s: &mut State, seat: Seat, card: ProgressKind, ev: &mut Vec<Ev>, rule: &str) {
    if card.is_point() {
        s.players[seat].vp_cards.push(card);
        ev.emit("CCK-PROG-3", Event::PointCard { seat, card })
            .cards(&[card.name()]);
    } else {
        s.players[seat].progress.push(ProgressCard {
            kind: card,
            drawn_turn: s.turn,
        });
        ev.emit(
            rule.to_string(),
            Event::ProgressDrawn {
                seat,
                deck: card.deck(),
            },
        )
        .secret(
            vec![seat],
            Event::ProgressCardDrawn { seat, card },
            vec![card.name()],
        );
    }
}

pub fn active_strength(s: &State, seat: Seat) -> u32 {
    let c = colour_of(seat);
    s.knights()
        .filter(|k| k.colour == c && k.active)
        .map(|k| k.level as u32)
        .sum()
}

/// The barbarians land (CCK-BARB-2..-5).
pub fn barbarian_attack(s: &mut State, ev: &mut Vec<Ev>) {
    let barb = s
        .buildings()
        .filter(|b| b.city && b.colour.seat().is_some())
        .count() as u32;
    let contrib = SEATS.map(|p| active_strength(s, p));
    let catan = contrib[0] + contrib[1];
    let mut items = Vec::new();
    if catan >= barb {
        let mut defender = None;
        if contrib[0] != contrib[1] {
            let w = if contrib[0] > contrib[1] {
                SEATS[0]
            } else {
                SEATS[1]
            };
            s.players[w].defender += 1;
            s.defender_left = s.defender_left.saturating_sub(1);
            defender = Some(w);
        } else if contrib[0] > 0 {
            for seat in seats_from(s.active) {
                items.push(Pending::DefenderDraw { seat });
            }
        }
        ev.emit(
            "CCK-BARB-3",
            Event::BarbariansRepelled {
                barbarians: barb,
                catan,
                contributions: contrib,
                defender,
            },
        );
    } else {
        let eligible: Vec<Seat> = SEATS
            .into_iter()
            .filter(|&p| {
                s.buildings()
                    .any(|b| b.colour == colour_of(p) && b.city && b.metropolis.is_none())
            })
            .collect();
        let min = eligible.iter().map(|p| contrib[p.index()]).min();
        let losers: Vec<Seat> = eligible
            .iter()
            .copied()
            .filter(|p| Some(contrib[p.index()]) == min)
            .collect();
        for p in seats_from(s.active) {
            if losers.contains(&p) {
                items.push(Pending::Pillage { seat: p });
            }
        }
        ev.emit(
            "CCK-BARB-4",
            Event::BarbariansWin {
                barbarians: barb,
                catan,
                contributions: contrib,
                losers: losers.iter().map(|p| colour_of(*p)).collect(),
            },
        );
    }
    for k in s.knights_mut() {
        k.active = false;
    }
    s.barbarian = 0;
    let woke = !s.robber_awake;
    s.robber_awake = true;
    ev.emit("CCK-BARB-5", Event::BarbariansReturn { robber_wakes: woke });
    if woke {
        ev.emit("CCK-SEVEN-2", Event::RobberAwake);
    }
    push_front(s, items);
}

/// Production of a non-7 sum (CCK-PROD-1, -2) and Aqueduct prompts (CCK-PROD-3).
pub fn produce(s: &mut State, sum: u8, ev: &mut Vec<Ev>) {
    // CCK-PROD-1: the core's production with this game's yield.
    let p = s.board.production(sum, city_yield);
    let blocked = p.blocked.map(super::board::Hex::of);
    // CAT-PROD-2 per card kind, commodities included (CCK-PROD-2): the core's bank rule.
    let mut bank = s.bank.to_bundle();
    let (paid, short) = pay_with_shortage(&mut bank, &p.owed);
    s.bank = Hand::from_bundle(&bank);
    let got = [Hand::from_bundle(&paid[0]), Hand::from_bundle(&paid[1])];
    for p in SEATS {
        s.players[p].hand.add(&got[p.index()]);
    }
    ev.emit(
        "CCK-PROD-1",
        Event::Production {
            sum,
            a: got[0].to_map(),
            b: got[1].to_map(),
            blocked,
            shortage: short.clone(),
        },
    );
    if !short.is_empty() {
        ev.emit(
            "CCK-PROD-2",
            Event::BankShortage {
                cards: short.clone(),
            },
        );
    }
    let mut items = Vec::new();
    for p in seats_from(s.active) {
        if s.players[p].imp[Track::Science.idx()] >= 3
            && got[p.index()].total() == 0
            && RESOURCES.iter().any(|c| s.bank.get(*c) > 0)
        {
            items.push(Pending::Aqueduct { seat: p });
        }
    }
    push_front(s, items);
}

/// What a building earns on a terrain (CCK-PROD-1): a settlement 1 resource; a city 1
/// resource and 1 commodity (forest paper, pasture cloth, mountains coin), or 2 of the
/// resource on hills and fields.
pub fn city_yield(t: Terrain, b: BuildingKind) -> Bundle<Card> {
    let Some(res) = terrain_resource(t) else {
        return Bundle::empty();
    };
    match b {
        BuildingKind::Settlement => Bundle::of(&[(res, 1)]),
        BuildingKind::City => {
            let extra = match t {
                Terrain::Forest => Card::Paper,
                Terrain::Pasture => Card::Cloth,
                Terrain::Mountains => Card::Coin,
                _ => res,
            };
            let mut y = Bundle::of(&[(res, 1)]);
            y.add(extra, 1);
            y
        }
    }
}

/// Hand limit on a 7 (CCK-SEVEN-1).
pub fn seven(s: &mut State, ev: &mut Vec<Ev>) {
    let mut items = Vec::new();
    for p in seats_from(s.active) {
        let walls = s
            .buildings()
            .filter(|b| b.colour == colour_of(p) && b.wall)
            .count() as u32;
        let n = s.players[p].hand.total();
        if n > s.opts.discard_limit + 2 * walls {
            items.push(Pending::Discard {
                seat: p,
                count: n / 2,
            });
        }
    }
    ev.emit(
        "CCK-SEVEN-1",
        Event::Seven {
            discards: items
                .iter()
                .filter_map(|p| match p {
                    Pending::Discard { seat, .. } => Some(*seat),
                    _ => None,
                })
                .collect(),
        },
    );
    if s.robber_awake {
        items.push(Pending::Robber { seat: s.active });
    } else {
        ev.emit("CCK-SEVEN-2", Event::RobberAsleep);
    }
    push_front(s, items);
}

pub fn pips_at(s: &State, v: VertexId) -> u32 {
    v.hexes().iter().map(|h| pips(s.token(*h))).sum()
}

pub fn track_of(t: usize) -> Track {
    TRACKS[t.min(2)]
}
