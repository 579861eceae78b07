//! Battles (Schlachten): dice, caps, losses, Greek retreats and reactions (T300-BAT,
//! T300-EVT-11).
//!
//! With the server's dice the rounds follow one another inside the command that starts or
//! continues the battle, until it ends or the Greeks must decide. With table dice
//! (`dice = "table"`) a battle is state plus a decision: each round is one bot turn carrying
//! exactly that round's dice, because how many dice the next round takes depends on this one.

use super::data::{Card, City, Side, CITIES};
use super::events::{ArmySource, Event, Tx};
use super::flow;
use super::refusals::Refusal;
use super::state::{Battle, BattleKind, Ctx, GreekBonus, Pending, PerSide, RoundRoll, State};
use super::text::TableNeed;
use crate::engine::{NeedWords, RuleError};

/// A fresh battle record.
pub fn new_battle(kind: BattleKind, city: City, attacker: Side, then: Ctx) -> Battle {
    Battle {
        kind,
        city,
        attacker,
        round: 0,
        bonus: None,
        origin: None,
        sea_fleets: 0,
        carried: 0,
        evangelion: false,
        then,
        last: None,
    }
}

/// Reaction cards the human may play before round 1 of a Persian land attack (T300-EVT-11).
pub fn reaction_cards(st: &State) -> Vec<Card> {
    let mut out = Vec::new();
    let Some(b) = &st.battle else { return out };
    if b.kind != BattleKind::Land
        || b.attacker != Side::Persians
        || b.round > 0
        || b.bonus.is_some()
    {
        return out;
    }
    if st.hand_greeks.contains(&Card::Miltiades)
        && !st.portraits.miltiades
        && can_pay_army(st, Some(b.city))
    {
        out.push(Card::Miltiades);
    }
    if st.hand_greeks.contains(&Card::ThreeHundredSpartans) {
        out.push(Card::ThreeHundredSpartans);
    }
    out
}

/// An army can cover a portrait: from stock, else from the map but not the last Greek army of
/// the battle.
pub fn can_pay_army(st: &State, battle_city: Option<City>) -> bool {
    st.greek_stock_armies > 0 || !payers(st, battle_city).is_empty()
}

/// Cities that can give an army for a portrait when the stock is empty.
pub fn payers(st: &State, battle_city: Option<City>) -> Vec<City> {
    CITIES
        .iter()
        .copied()
        .filter(|&c| {
            let ga = st.u(c).ga;
            if Some(c) == battle_city {
                ga >= 2
            } else {
                ga >= 1
            }
        })
        .collect()
}

/// Covers a portrait with a Greek army: from stock while it has one (then `pay_from` must be
/// absent), else from `pay_from` (T300-EVT-5, T300-EVT-11).
pub fn pay_army(
    st: &mut State,
    pay_from: Option<City>,
    battle_city: Option<City>,
    rule: &str,
) -> Result<ArmySource, RuleError> {
    if st.greek_stock_armies > 0 {
        if let Some(c) = pay_from {
            return Err(RuleError::illegal(rule, Refusal::PayFromStock { city: c }));
        }
        st.greek_stock_armies -= 1;
        return Ok(ArmySource::Stock);
    }
    let Some(c) = pay_from else {
        return Err(RuleError::illegal(rule, Refusal::StockEmpty));
    };
    if !payers(st, battle_city).contains(&c) {
        return Err(RuleError::illegal(rule, Refusal::CannotPay { city: c }));
    }
    st.um(c).ga -= 1;
    Ok(ArmySource::Map(c))
}

fn units(st: &State, b: &Battle) -> (u32, u32) {
    let u = st.u(b.city);
    match b.kind {
        BattleKind::Land => (u.ga, u.pa),
        BattleKind::Naval => (u.gf, u.pf),
    }
}

/// Starts a battle; for a Persian land attack the Greek reaction window opens first.
pub fn start(st: &mut State, b: Battle, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (g, p) = units(st, &b);
    t.emit(
        "T300-BAT-1",
        Event::BattleStarted {
            kind: b.kind,
            city: b.city,
            attacker: b.attacker,
            units: PerSide {
                greeks: g,
                persians: p,
            },
        },
    );
    st.battle = Some(b);
    let cards = reaction_cards(st);
    if !cards.is_empty() {
        st.pending = Some(Pending::React { cards });
        return Ok(());
    }
    fight(st, t)
}

/// The battle goes on with its next round: with the server's dice the rounds follow at once
/// until it ends or the Greeks must decide; with table dice the next round is its own bot turn
/// (T300-BAT-7, §3).
pub fn fight(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if st.options.table_dice() {
        return Ok(());
    }
    while !play_round(st, t)? {}
    Ok(())
}

/// One round and what follows it. True when the battle ended or paused for a Greek decision.
pub fn play_round(st: &mut State, t: &mut Tx<'_>) -> Result<bool, RuleError> {
    round(st, t)?;
    if over(st) {
        end(st, t)?;
        return Ok(true);
    }
    Ok(pause_after_round(st, false))
}

pub fn over(st: &State) -> bool {
    match &st.battle {
        None => true,
        Some(b) => {
            let (g, p) = units(st, b);
            g == 0 || p == 0
        }
    }
}

/// The Persian die cap: 5 in Ephesos or Abydos, else 4 (T300-BAT-2).
pub fn persian_cap(city: City) -> u8 {
    if matches!(city, City::Abydos | City::Ephesos) {
        5
    } else {
        4
    }
}

/// One round (T300-BAT-2, T300-BAT-3): the Persian dice, then the Greek dice, in one throw.
fn round(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let Some(mut b) = st.battle.clone() else {
        return Ok(());
    };
    let Some((gn, pn)) = st.next_round_dice() else {
        return Ok(());
    };
    b.round += 1;
    let cap = persian_cap(b.city);
    // One throw, asked at the table die by die with whose die it is.
    let words = (1..=pn)
        .map(|n| (Side::Persians, n, pn))
        .chain((1..=gn).map(|n| (Side::Greeks, n, gn)))
        .map(|(side, n, of)| NeedWords::new(TableNeed::BattleDie { side, n, of, cap }))
        .collect();
    let all = t.chance.roll_as(6, "T300-BAT-2", words)?;
    let (pd, gd) = all.split_at(pn as usize);
    let p_res = pd.iter().copied().max().unwrap_or(0).min(cap);
    let g_res = gd.iter().copied().max().unwrap_or(0);
    let (g_loss, p_loss) = match g_res.cmp(&p_res) {
        std::cmp::Ordering::Greater => (0, 1),
        std::cmp::Ordering::Less => (1, 0),
        std::cmp::Ordering::Equal => (1, 1),
    };
    let mut lost_army_at_sea = false;
    if g_loss > 0 {
        match b.kind {
            BattleKind::Land => {
                st.um(b.city).ga -= 1;
                st.greek_stock_armies += 1;
            }
            BattleKind::Naval => {
                let gf = st.u(b.city).gf;
                st.um(b.city).gf -= 1;
                st.greek_stock_fleets += 1;
                // An empty fleet goes first; a lost carrying fleet takes its army (T300-BAT-3).
                if gf <= b.carried && b.carried > 0 {
                    b.carried -= 1;
                    st.greek_stock_armies += 1;
                    lost_army_at_sea = true;
                }
            }
        }
    }
    if p_loss > 0 {
        match b.kind {
            BattleKind::Land => st.um(b.city).pa -= 1,
            BattleKind::Naval => st.um(b.city).pf -= 1,
        }
    }
    let losses = PerSide {
        greeks: g_loss,
        persians: p_loss,
    };
    let roll = RoundRoll {
        round: b.round,
        persian_dice: pd.to_vec(),
        persian_result: p_res,
        cap,
        greek_dice: gd.to_vec(),
        greek_result: g_res,
        losses,
        carried_army_lost: lost_army_at_sea,
    };
    let (g2, p2) = units(st, &b);
    t.emit(
        "T300-BAT-3",
        Event::BattleRound {
            kind: b.kind,
            city: b.city,
            round: b.round,
            persian_dice: roll.persian_dice.clone(),
            persian_result: p_res,
            cap,
            greek_dice: roll.greek_dice.clone(),
            greek_result: g_res,
            losses,
            carried_army_lost: lost_army_at_sea,
            left: PerSide {
                greeks: g2,
                persians: p2,
            },
        },
    )
    .dice(&all);
    b.last = Some(roll);
    st.battle = Some(b);
    Ok(())
}

/// After a round with units on both sides: Artemisia, then a Greek retreat if one is legal.
/// Returns true when the human must decide.
pub fn pause_after_round(st: &mut State, artemisia_done: bool) -> bool {
    let Some(b) = st.battle.clone() else {
        return false;
    };
    let persian_lost = b.last.as_ref().is_some_and(|r| r.losses.persians > 0);
    if !artemisia_done
        && b.kind == BattleKind::Naval
        && persian_lost
        && st.u(b.city).pf > 0
        && st.hand_greeks.contains(&Card::Artemisia)
        && !st.portraits.artemisia
    {
        st.pending = Some(Pending::Artemisia);
        return true;
    }
    let allowed = retreats(st);
    if !allowed.is_empty() {
        st.pending = Some(Pending::BattleChoice { allowed });
        return true;
    }
    false
}

/// Legal Greek retreat destinations (T300-BAT-4..6). The Persians never retreat.
pub fn retreats(st: &State) -> Vec<City> {
    let Some(b) = &st.battle else { return vec![] };
    if over(st) {
        return vec![];
    }
    let mut out: Vec<City> = Vec::new();
    let here = st.u(b.city);
    match (b.kind, b.attacker) {
        (_, Side::Greeks) => {
            if let Some(o) = b.origin {
                if o != b.city {
                    out.push(o);
                }
            }
        }
        (BattleKind::Land, Side::Persians) => {
            for n in b.city.roads(st.bridge) {
                if st.controls(Side::Greeks, n) {
                    out.push(n);
                }
            }
            if b.city.has_port() && here.gf > 0 && here.gf >= here.ga {
                for &c in CITIES.iter() {
                    if c != b.city
                        && c.has_port()
                        && st.controls(Side::Greeks, c)
                        && st.u(c).pf == 0
                    {
                        out.push(c);
                    }
                }
            }
        }
        (BattleKind::Naval, Side::Persians) => {
            for &c in CITIES.iter() {
                if c != b.city && c.has_port() && st.controls(Side::Greeks, c) && st.u(c).pf == 0 {
                    out.push(c);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Carries out a Greek retreat and ends the battle (T300-BAT-5, T300-BAT-7).
pub fn retreat(st: &mut State, to: City, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let allowed = retreats(st);
    if !allowed.contains(&to) {
        return Err(RuleError::illegal(
            "T300-BAT-5",
            Refusal::CannotRetreat { to, allowed },
        ));
    }
    let Some(b) = st.battle.clone() else {
        return Err(RuleError::illegal("T300-BAT-5", Refusal::NoBattle));
    };
    let here = st.u(b.city);
    let mut armies = 0;
    let mut fleets = 0;
    match (b.kind, b.attacker) {
        (BattleKind::Land, Side::Greeks) => {
            armies = here.ga;
            fleets = b.sea_fleets.min(here.gf);
        }
        (BattleKind::Land, Side::Persians) => {
            armies = here.ga;
            if !b.city.roads(st.bridge).contains(&to) {
                fleets = here.gf;
            }
        }
        (BattleKind::Naval, Side::Greeks) => {
            fleets = here.gf;
            st.um(to).ga += b.carried;
            armies = b.carried;
        }
        (BattleKind::Naval, Side::Persians) => {
            fleets = here.gf;
        }
    }
    if b.kind == BattleKind::Land {
        st.um(b.city).ga -= armies;
        st.um(to).ga += armies;
    }
    st.um(b.city).gf -= fleets;
    st.um(to).gf += fleets;
    t.emit(
        "T300-BAT-5",
        Event::GreekRetreat {
            from: b.city,
            to,
            armies,
            fleets,
        },
    );
    let mut b2 = b;
    b2.carried = 0;
    st.battle = Some(b2);
    end_with(st, t, true)
}

/// The battle is over: landing after a naval battle, Evangelion, then the continuation.
pub fn end(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    end_with(st, t, false)
}

fn end_with(st: &mut State, t: &mut Tx<'_>, retreated: bool) -> Result<(), RuleError> {
    let Some(b) = st.battle.take() else {
        return Ok(());
    };
    st.pending = None;
    let u = st.u(b.city);
    let (g, p) = match b.kind {
        BattleKind::Land => (u.ga, u.pa),
        BattleKind::Naval => (u.gf, u.pf),
    };
    let winner = if g > 0 && p == 0 {
        Some(Side::Greeks)
    } else if p > 0 && g == 0 {
        Some(Side::Persians)
    } else {
        None
    };
    t.emit(
        "T300-BAT-7",
        Event::BattleEnded {
            kind: b.kind,
            city: b.city,
            winner,
            survivors: PerSide {
                greeks: g,
                persians: p,
            },
            retreated,
        },
    );
    // Carried armies land after a won naval battle (T300-MOV-3).
    if b.kind == BattleKind::Naval
        && b.attacker == Side::Greeks
        && b.carried > 0
        && u.gf > 0
        && u.pf == 0
    {
        let n = b.carried.min(u.gf);
        t.emit(
            "T300-MOV-3",
            Event::ArmiesLanded {
                city: b.city,
                armies: n,
            },
        );
        st.um(b.city).ga += n;
        st.bridge_check |= b.city == City::Abydos;
        if u.pa > 0 {
            let mut lb = new_battle(BattleKind::Land, b.city, Side::Greeks, b.then);
            lb.origin = b.origin;
            lb.sea_fleets = u.gf;
            return start(st, lb, t);
        }
    }
    if b.evangelion && b.kind == BattleKind::Land {
        evangelion(st, b.city, t);
    }
    flow::after_action(st, b.then, t)
}

/// Evangelion (T300-EVT-6): 1 toward the Greeks if no Persian army is left, 1 toward the
/// Persians if the Greeks do not control the city; both can apply.
pub fn evangelion(st: &mut State, city: City, t: &mut Tx<'_>) {
    let mut delta = 0;
    if st.u(city).pa == 0 {
        delta -= 1;
    }
    if !st.controls(Side::Greeks, city) {
        delta += 1;
    }
    st.score = (st.score + delta).clamp(-6, 6);
    t.emit(
        "T300-EVT-6",
        Event::EvangelionScored {
            city,
            delta,
            marker: st.score,
        },
    );
}

/// The bonus a card gives the Greek dice (T300-BAT-2).
pub fn bonus(card: Card) -> GreekBonus {
    GreekBonus {
        card,
        dice: if card == Card::Leonidas { 2 } else { 3 },
    }
}
