//! The campaign flow: turn ends, passing, supply, scoring and victory (T300-SEQ, T300-SUP, T300-SCO).

use serde_json::json;

use super::data::{City, Side, ATTRITION, CITIES};
use super::state::{Ctx, Outcome, Pending, Phase, State};
use crate::engine::legacy::{Dice, Event, RuleError};

/// Checks the instant Persian victory after a completed step (T300-SCO-2). True when the game ended.
pub fn check_instant(st: &mut State, ev: &mut Vec<Event>) -> bool {
    if st.is_finished() {
        return true;
    }
    if st.battle.is_none() && st.persians_hold_greece() {
        ev.push(
            Event::new(
                "victory",
                "T300-SCO-2",
                "The Persians control Athenai and Sparta: PERSS.KI wins at once.",
            )
            .data(json!({"winner": "persians", "reason": "both Greek supply cities"})),
        );
        st.finish(
            Outcome::Persians,
            "The Persians took both Greek supply cities (instant victory).".into(),
        );
        return true;
    }
    false
}

/// A step finished: check victory, then continue where the step belongs.
pub fn after_action(
    st: &mut State,
    ctx: Ctx,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if check_instant(st, ev) {
        return Ok(());
    }
    match ctx {
        Ctx::PersianTurn => persian_turn_end(st, false, ev, dice),
        Ctx::GreekTurn => greek_turn_end(st, ev, dice),
        Ctx::Triremes1 => {
            st.pending = Some(Pending::TriremesSecond);
            Ok(())
        }
    }
}

/// PERSS.KI's step 4: discard the card held longest (T300-AI-12), then the Greeks.
pub fn persian_turn_end(
    st: &mut State,
    passed: bool,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if !st.hand_persians.is_empty() {
        let card = st.hand_persians.remove(0);
        st.discard.push(card);
        if card == super::state::UNKNOWN {
            st.persian_discard_unknown = true;
            ev.push(
                Event::new(
                    "persian_discard",
                    "T300-AI-12",
                    "PERSS.KI ends its turn and discards the card it held longest (type it in with report_persian_discard if you like); it has no effect.",
                )
                .data(json!({"card": null, "hand_left": st.hand_persians.len()})),
            );
            return end_turn(st, Side::Persians, passed, ev, dice);
        }
        ev.push(
            Event::new(
                "persian_discard",
                "T300-AI-12",
                format!(
                    "PERSS.KI ends its turn and discards card {card} ({}), the card it held longest; it has no effect.",
                    super::data::card_name(card)
                ),
            )
            .cards(&[card])
            .data(json!({"card": card, "hand_left": st.hand_persians.len()})),
        );
    }
    end_turn(st, Side::Persians, passed, ev, dice)
}

/// A Greek movement or event is complete: the bridge question (T300-MOV-4), then the Persians.
pub fn greek_turn_end(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let entered = std::mem::take(&mut st.bridge_check);
    if entered && st.bridge && st.u(City::Abydos).ga > 0 && st.controls(Side::Greeks, City::Abydos)
    {
        st.pending = Some(Pending::DestroyBridge {
            ctx: Ctx::GreekTurn,
        });
        return Ok(());
    }
    end_turn(st, Side::Greeks, false, ev, dice)
}

/// Ends a turn of `side` (T300-SEQ-3, T300-SEQ-4): two passes in succession or two empty hands
/// end the operations phase.
pub fn end_turn(
    st: &mut State,
    side: Side,
    passed: bool,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    st.pending = None;
    let mut over = false;
    if passed {
        if st.last_pass == Some(side.other()) {
            over = true;
        } else {
            st.last_pass = Some(side);
        }
    } else {
        st.last_pass = None;
    }
    if st.hand_greeks.is_empty() && st.hand_persians.is_empty() {
        over = true;
    }
    if over {
        ev.push(
            Event::new(
                "operations_ended",
                "T300-SEQ-4",
                if passed {
                    "Two passes in succession: the operations phase ends."
                } else {
                    "Both hands are empty: the operations phase ends."
                },
            )
            .data(json!({"campaign": st.campaign})),
        );
        return supply(st, ev, dice);
    }
    st.to_act = side.other();
    Ok(())
}

/// Cities with armies of `side` that have neither a line of communication nor sea supply (T300-SUP-7).
pub fn unsupplied(st: &State, side: Side) -> Vec<City> {
    let majors: Vec<City> = CITIES
        .iter()
        .copied()
        .filter(|&c| c.major_of() == Some(side) && st.controls(side, c))
        .collect();
    let sea_ok = majors.iter().any(|&m| st.fleets(side.other(), m) == 0);
    CITIES
        .iter()
        .copied()
        .filter(|&c| st.armies(side, c) > 0)
        .filter(|&c| {
            let linked = connected(st, side, c, &majors);
            let sea = st.fleets(side, c) > 0 && sea_ok;
            !(linked || sea)
        })
        .collect()
}

/// Road connection to a controlled own major city, never through enemy-controlled cities.
fn connected(st: &State, side: Side, from: City, majors: &[City]) -> bool {
    let mut seen = vec![from];
    let mut queue = vec![from];
    while let Some(c) = queue.pop() {
        if majors.contains(&c) {
            return true;
        }
        for n in c.roads(st.bridge) {
            if seen.contains(&n) || st.controls(side.other(), n) {
                continue;
            }
            seen.push(n);
            queue.push(n);
        }
    }
    false
}

/// Removes every army of `side` without a line of communication (T300-SUP-7).
fn lines_of_communication(st: &mut State, side: Side, ev: &mut Vec<Event>) {
    for c in unsupplied(st, side) {
        let n = st.armies(side, c);
        match side {
            Side::Greeks => {
                st.um(c).ga = 0;
                st.greek_stock_armies += n;
            }
            Side::Persians => st.um(c).pa = 0,
        }
        ev.push(
            Event::new(
                "out_of_supply",
                "T300-SUP-7",
                format!("{} in {} have no line of communication and no sea supply: {n} armies are removed.", side.name(), c.name()),
            )
            .data(json!({"side": side, "city": c, "armies": n})),
        );
    }
}

/// The Persian attrition excess (T300-SUP-4): armies outside Abydos and Ephesos above the amphorae
/// of the other Persian-controlled cities.
pub fn persian_excess(st: &State) -> (u32, u32, u32) {
    let outside: u32 = CITIES
        .iter()
        .filter(|c| c.major_of() != Some(Side::Persians))
        .map(|&c| st.u(c).pa)
        .sum();
    let cap: u32 = CITIES
        .iter()
        .filter(|c| c.major_of() != Some(Side::Persians))
        .filter(|&&c| st.controls(Side::Persians, c))
        .map(|c| c.amphorae())
        .sum();
    (outside, cap, outside.saturating_sub(cap))
}

/// The Greek attrition excess (T300-SUP-4).
pub fn greek_excess(st: &State) -> (u32, u32, u32) {
    let on_map = st.greek_armies_on_map();
    let cap: u32 = CITIES
        .iter()
        .filter(|&&c| st.controls(Side::Greeks, c))
        .map(|c| c.amphorae())
        .sum();
    (on_map, cap, on_map.saturating_sub(cap))
}

/// The supply phase: Persians (A, B, C), then the Greeks (T300-SUP-1).
pub fn supply(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    st.to_act = Side::Greeks;
    st.last_pass = None;
    // A: PERSS.KI keeps no card (T300-SUP-2).
    let hand = std::mem::take(&mut st.hand_persians);
    ev.push(
        Event::new(
            "persian_hand_discarded",
            "T300-SUP-2",
            format!(
                "Supply: PERSS.KI discards its whole hand ({} cards) and keeps none.",
                hand.len()
            ),
        )
        .cards(&hand)
        .data(json!({"cards": hand})),
    );
    st.discard.extend(hand);
    // B: attrition, one army at a time by tiers (T300-SUP-5).
    let (outside, cap, excess) = persian_excess(st);
    ev.push(
        Event::new(
            "attrition",
            "T300-SUP-4",
            format!("Persian attrition: {outside} armies outside Abydos and Ephesos, capacity {cap}, excess {excess}."),
        )
        .data(json!({"side": "persians", "armies": outside, "capacity": cap, "excess": excess})),
    );
    for _ in 0..excess {
        let cut = unsupplied(st, Side::Persians);
        let pick = ATTRITION
            .iter()
            .copied()
            .find(|&c| st.u(c).pa > 0 && cut.contains(&c))
            .map(|c| (c, 1))
            .or_else(|| {
                ATTRITION
                    .iter()
                    .copied()
                    .find(|&c| st.u(c).pa > 1)
                    .map(|c| (c, 2))
            })
            .or_else(|| {
                ATTRITION
                    .iter()
                    .copied()
                    .find(|&c| st.u(c).pa > 0)
                    .map(|c| (c, 3))
            });
        let Some((c, tier)) = pick else { break };
        st.um(c).pa -= 1;
        ev.push(
            Event::new(
                "attrition_removed",
                "T300-SUP-5",
                format!(
                    "PERSS.KI removes an army from {} ({}).",
                    c.name(),
                    match tier {
                        1 => "tier 1: without supply",
                        2 => "tier 2: supplied, not its last army there",
                        _ => "tier 3: any other army",
                    }
                ),
            )
            .data(json!({"city": c, "tier": tier, "order_checked": ATTRITION, "unsupplied": cut})),
        );
    }
    // C: lines of communication.
    lines_of_communication(st, Side::Persians, ev);
    st.phase = Phase::GreekSupply;
    greek_cards(st, ev, dice)
}

/// Greek supply, step A: keep up to 4 cards (T300-SUP-3).
pub fn greek_cards(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    if st.hand_greeks.len() > 4 {
        st.pending = Some(Pending::KeepCards);
        return Ok(());
    }
    ev.push(
        Event::new(
            "greek_cards_kept",
            "T300-SUP-3",
            format!("The Greeks keep their {} cards.", st.hand_greeks.len()),
        )
        .data(json!({"kept": st.hand_greeks})),
    );
    greek_attrition(st, ev, dice)
}

/// Greek supply, step B: the human removes the excess (T300-SUP-6).
pub fn greek_attrition(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let (on_map, cap, excess) = greek_excess(st);
    ev.push(
        Event::new(
            "attrition",
            "T300-SUP-4",
            format!(
                "Greek attrition: {on_map} armies on the map, capacity {cap}, excess {excess}."
            ),
        )
        .data(json!({"side": "greeks", "armies": on_map, "capacity": cap, "excess": excess})),
    );
    if excess > 0 {
        st.pending = Some(Pending::RemoveArmies { count: excess });
        return Ok(());
    }
    greek_loc_and_score(st, ev, dice)
}

/// Greek supply, step C, then scoring.
pub fn greek_loc_and_score(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    st.pending = None;
    lines_of_communication(st, Side::Greeks, ev);
    scoring(st, ev, dice)
}

/// Points of a side (T300-SCO-1).
pub fn points(st: &State, side: Side) -> i32 {
    CITIES
        .iter()
        .filter(|&&c| st.controls(side, c))
        .map(|c| c.points())
        .sum()
}

/// Scoring (T300-SCO-1), then the next campaign or the end (T300-SCO-3).
pub fn scoring(st: &mut State, ev: &mut Vec<Event>, _dice: &mut Dice) -> Result<(), RuleError> {
    if st.controls(Side::Greeks, City::Abydos) && st.controls(Side::Greeks, City::Ephesos) {
        ev.push(
            Event::new(
                "victory",
                "T300-SCO-1",
                "The Greeks control Abydos and Ephesos: the Greeks win at once.",
            )
            .data(json!({"winner": "greeks", "reason": "both Persian supply cities"})),
        );
        st.finish(
            Outcome::Greeks,
            "The Greeks took both Persian supply cities.".into(),
        );
        return Ok(());
    }
    let gp = points(st, Side::Greeks);
    let pp = points(st, Side::Persians);
    let delta = pp - gp;
    st.score = (st.score + delta).clamp(-6, 6);
    ev.push(
        Event::new(
            "score",
            "T300-SCO-1",
            format!(
                "Scoring of campaign {}: Greeks {gp} points, Persians {pp}; the marker moves by {delta} to {}.",
                st.campaign, st.score
            ),
        )
        .data(json!({"greek_points": gp, "persian_points": pp, "delta": delta, "marker": st.score})),
    );
    if st.campaign >= 5 {
        let (outcome, text) = match st.score {
            s if s > 0 => (
                Outcome::Persians,
                format!("After campaign 5 the marker stands on Persian {s}: PERSS.KI wins."),
            ),
            s if s < 0 => (
                Outcome::Greeks,
                format!(
                    "After campaign 5 the marker stands on Greek {}: the Greeks win.",
                    -s
                ),
            ),
            _ => (
                Outcome::Draw,
                "After campaign 5 the marker stands on 0: a draw.".to_string(),
            ),
        };
        ev.push(
            Event::new("game_over", "T300-SCO-3", text.clone())
                .data(json!({"score": st.score, "outcome": outcome})),
        );
        st.finish(outcome, text);
        return Ok(());
    }
    st.campaign += 1;
    st.phase = Phase::PersianPrep;
    st.persian_done = false;
    st.last_pass = None;
    ev.push(
        Event::new(
            "campaign_started",
            "T300-SEQ-1",
            format!(
                "Campaign {} begins with the Persian preparation.",
                st.campaign
            ),
        )
        .data(json!({"campaign": st.campaign})),
    );
    Ok(())
}
