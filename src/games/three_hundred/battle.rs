//! Battles (Schlachten): dice, caps, losses, Greek retreats and reactions (T300-BAT, T300-EVT-11).

use serde_json::json;

use super::data::{City, Side, CITIES};
use super::flow;
use super::state::{Battle, BattleKind, Ctx, Pending, State};
use crate::engine::legacy::{Dice, Event, RuleError};

/// A fresh battle record.
pub fn new_battle(kind: BattleKind, city: City, attacker: Side, ctx: Ctx) -> Battle {
    Battle {
        kind,
        city,
        attacker,
        round: 0,
        greek_dice: None,
        origin: None,
        sea_fleets: 0,
        carried: 0,
        evangelion: false,
        ctx,
        reaction_used: false,
        persian_lost: 0,
    }
}

/// Reaction cards the human may play before round 1 of a Persian land attack (T300-EVT-11).
pub fn reaction_cards(st: &State) -> Vec<u8> {
    let mut out = Vec::new();
    let Some(b) = &st.battle else { return out };
    if b.kind != BattleKind::Land || b.attacker != Side::Persians || b.round > 0 || b.reaction_used
    {
        return out;
    }
    if st.hand_greeks.contains(&4) && !st.portraits.miltiades && can_pay_army(st, Some(b.city)) {
        out.push(4);
    }
    if st.hand_greeks.contains(&15) {
        out.push(15);
    }
    out
}

/// An army can cover a portrait: from stock, else from the map but not the last Greek army of the battle.
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

/// Covers a portrait with a Greek army: from stock, else from `pay_from` (T300-EVT-5, T300-EVT-11).
pub fn pay_army(
    st: &mut State,
    pay_from: Option<City>,
    battle_city: Option<City>,
    rule: &str,
) -> Result<String, RuleError> {
    if st.greek_stock_armies > 0 {
        st.greek_stock_armies -= 1;
        return Ok("an army from stock".into());
    }
    let Some(c) = pay_from else {
        return Err(RuleError::illegal(
            rule,
            "the Greek stock is empty: name the city (pay_from) whose army covers the portrait",
        ));
    };
    if !payers(st, battle_city).contains(&c) {
        return Err(RuleError::illegal(
            rule,
            format!("{} cannot give an army for the portrait", c.name()),
        ));
    }
    st.um(c).ga -= 1;
    Ok(format!("an army taken from {}", c.name()))
}

/// Starts a land battle in `city`; for a Persian attack the Greek reaction window opens first.
pub fn start(
    st: &mut State,
    b: Battle,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let what = match b.kind {
        BattleKind::Land => "land battle",
        BattleKind::Naval => "naval battle",
    };
    ev.push(
        Event::new(
            "battle_started",
            "T300-BAT-1",
            format!(
                "A {what} begins at {}: {} attack.",
                b.city.name(),
                b.attacker.name()
            ),
        )
        .data(json!({ "kind": b.kind, "city": b.city, "attacker": b.attacker })),
    );
    st.battle = Some(b);
    let cards = reaction_cards(st);
    if !cards.is_empty() {
        st.pending = Some(Pending::React { cards });
        return Ok(());
    }
    fight(st, ev, dice)
}

/// Rounds until the battle ends or the human must decide (T300-BAT-7).
pub fn fight(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    loop {
        round(st, ev, dice)?;
        if over(st) {
            return end(st, ev, dice);
        }
        if pause_after_round(st, false) {
            return Ok(());
        }
    }
}

fn units(st: &State, b: &Battle) -> (u32, u32) {
    let u = st.u(b.city);
    match b.kind {
        BattleKind::Land => (u.ga, u.pa),
        BattleKind::Naval => (u.gf, u.pf),
    }
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

/// One round (T300-BAT-2, T300-BAT-3).
fn round(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    let Some(mut b) = st.battle.clone() else {
        return Ok(());
    };
    b.round += 1;
    let (g, p) = units(st, &b);
    let gn = match (b.kind, b.greek_dice) {
        (BattleKind::Land, Some(n)) => n,
        _ => g.min(3),
    };
    let pn = p.min(3);
    let pd = dice.roll_many(pn as usize, 6, "T300-BAT-2")?;
    let gd = dice.roll_many(gn as usize, 6, "T300-BAT-2")?;
    let cap = persian_cap(b.city);
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
                // An empty fleet goes first; a lost carrying fleet takes its army along (T300-BAT-3).
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
    b.persian_lost = p_loss;
    let all: Vec<u8> = pd.iter().chain(gd.iter()).copied().collect();
    let (g2, p2) = units(st, &b);
    ev.push(
        Event::new(
            "battle_round",
            "T300-BAT-3",
            format!(
                "Round {} at {}: the Persians roll {:?} (best {} after the cap of {}), the Greeks roll {:?} (best {}). {}",
                b.round,
                b.city.name(),
                pd,
                p_res,
                cap,
                gd,
                g_res,
                match (g_loss, p_loss) {
                    (1, 1) => "A tie: both sides lose a unit.",
                    (1, _) => "The Greeks lose a unit.",
                    _ => "The Persians lose a unit.",
                }
            ),
        )
        .dice(&all)
        .data(json!({
            "round": b.round, "city": b.city, "kind": b.kind,
            "persian_dice": pd, "persian_result": p_res, "cap": cap,
            "greek_dice": gd, "greek_result": g_res,
            "losses": {"greeks": g_loss, "persians": p_loss},
            "carried_army_lost": lost_army_at_sea,
            "left": {"greeks": g2, "persians": p2},
        })),
    );
    st.battle = Some(b);
    Ok(())
}

/// After a round with units on both sides: Artemisia, then a Greek retreat if one is legal.
/// Returns true when the human must decide.
pub fn pause_after_round(st: &mut State, artemisia_done: bool) -> bool {
    let Some(b) = st.battle.clone() else {
        return false;
    };
    if !artemisia_done
        && b.kind == BattleKind::Naval
        && b.persian_lost > 0
        && st.u(b.city).pf > 0
        && st.hand_greeks.contains(&9)
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
pub fn retreat(
    st: &mut State,
    to: City,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let allowed = retreats(st);
    if !allowed.contains(&to) {
        return Err(RuleError::illegal(
            "T300-BAT-5",
            format!(
                "the Greeks cannot retreat to {}; allowed: {:?}",
                to.name(),
                allowed
            ),
        ));
    }
    let Some(b) = st.battle.clone() else {
        return Err(RuleError::illegal("T300-BAT-5", "no battle is running"));
    };
    let here = st.u(b.city);
    let mut moved_armies = 0;
    let mut moved_fleets = 0;
    match (b.kind, b.attacker) {
        (BattleKind::Land, Side::Greeks) => {
            moved_armies = here.ga;
            moved_fleets = b.sea_fleets.min(here.gf);
        }
        (BattleKind::Land, Side::Persians) => {
            moved_armies = here.ga;
            if !b.city.roads(st.bridge).contains(&to) {
                moved_fleets = here.gf;
            }
        }
        (BattleKind::Naval, Side::Greeks) => {
            moved_fleets = here.gf;
            st.um(to).ga += b.carried;
        }
        (BattleKind::Naval, Side::Persians) => {
            moved_fleets = here.gf;
        }
    }
    st.um(b.city).ga -= moved_armies;
    st.um(b.city).gf -= moved_fleets;
    st.um(to).ga += moved_armies;
    st.um(to).gf += moved_fleets;
    ev.push(
        Event::new(
            "greek_retreat",
            "T300-BAT-5",
            format!(
                "The Greeks retreat from {} to {} with {moved_armies} armies and {moved_fleets} fleets.",
                b.city.name(),
                to.name()
            ),
        )
        .data(json!({"from": b.city, "to": to, "armies": moved_armies, "fleets": moved_fleets, "carried": if b.kind == BattleKind::Naval { b.carried } else { 0 }})),
    );
    let mut b2 = b.clone();
    b2.carried = 0;
    st.battle = Some(b2);
    end(st, ev, dice)
}

/// The battle is over: landing after a naval battle, Evangelion, then the continuation.
pub fn end(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
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
    ev.push(
        Event::new(
            "battle_ended",
            "T300-BAT-7",
            format!(
                "The battle at {} is over: {}.",
                b.city.name(),
                match winner {
                    Some(s) => format!("{} hold the field", s.name()),
                    None if g == 0 && p == 0 => "both sides are wiped out".to_string(),
                    None => "the Greeks withdrew".to_string(),
                }
            ),
        )
        .data(json!({"city": b.city, "kind": b.kind, "winner": winner, "survivors": {"greeks": g, "persians": p}})),
    );
    // Carried armies land after a won naval battle (T300-MOV-3).
    if b.kind == BattleKind::Naval
        && b.attacker == Side::Greeks
        && b.carried > 0
        && u.gf > 0
        && u.pf == 0
    {
        let n = b.carried.min(u.gf);
        ev.push(
            Event::new(
                "armies_landed",
                "T300-MOV-3",
                format!("{n} Greek armies land at {}.", b.city.name()),
            )
            .data(json!({"city": b.city, "armies": n})),
        );
        if u.pa > 0 {
            st.um(b.city).ga += n;
            let mut lb = new_battle(BattleKind::Land, b.city, Side::Greeks, b.ctx);
            lb.origin = b.origin;
            lb.sea_fleets = u.gf;
            return start(st, lb, ev, dice);
        }
        st.um(b.city).ga += n;
    }
    if b.evangelion && b.kind == BattleKind::Land {
        evangelion(st, b.city, ev);
    }
    flow::after_action(st, b.ctx, ev, dice)
}

/// Evangelion (T300-EVT-6): +1 toward the Greeks if no Persian army is left, +1 toward the
/// Persians if the Greeks do not control the city; both can apply.
pub fn evangelion(st: &mut State, city: City, ev: &mut Vec<Event>) {
    let mut delta = 0;
    if st.u(city).pa == 0 {
        delta -= 1;
    }
    if !st.controls(Side::Greeks, city) {
        delta += 1;
    }
    st.score = (st.score + delta).clamp(-6, 6);
    ev.push(
        Event::new(
            "evangelion_scored",
            "T300-EVT-6",
            format!(
                "Evangelion: the score marker moves by {delta} and stands at {}.",
                st.score
            ),
        )
        .data(json!({"city": city, "delta": delta, "marker": st.score})),
    );
}
