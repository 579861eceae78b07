//! The campaign flow: who acts, turn ends, passing, supply, scoring and victory (T300-SEQ,
//! T300-SUP, T300-SCO).

use std::collections::BTreeMap;

use super::cards;
use super::data::{City, Side, ATTRITION, CITIES};
use super::events::{Decision, Event, OpsEnd, Tier, Tx};
use super::state::{Ctx, EndReason, Outcome, Pending, Phase, State};
use crate::engine::{Next, RuleError, Seat};

/// Who acts now, and what is being decided.
pub fn next(st: &State) -> Next<Decision> {
    if let Some(end) = st.end.filter(|_| st.is_finished()) {
        let scores = BTreeMap::from([
            ("greeks".to_string(), Some(-i64::from(st.score))),
            ("persians".to_string(), Some(i64::from(st.score))),
        ]);
        let winner = match end.outcome {
            Outcome::Greeks => Some("greeks".to_string()),
            Outcome::Persians => Some("persians".to_string()),
            Outcome::Draw => None,
        };
        return Next::Finished {
            scores,
            winner,
            decision: Decision::GameOver {
                outcome: end.outcome,
                reason: end.reason,
                score: st.score,
            },
        };
    }
    let human = |decision| Next::Human {
        seats: vec![Seat(0)],
        decision,
    };
    if let Some(p) = &st.pending {
        let city = st.battle.as_ref().map_or(City::Athenai, |b| b.city);
        return human(match p {
            Pending::React { cards } => Decision::React {
                city,
                cards: cards.clone(),
            },
            Pending::Artemisia => Decision::Artemisia { city },
            Pending::BattleChoice { allowed } => Decision::BattleChoice {
                kind: st
                    .battle
                    .as_ref()
                    .map_or(super::state::BattleKind::Land, |b| b.kind),
                city,
                retreat_to: allowed.clone(),
            },
            Pending::DestroyBridge => Decision::DestroyBridge,
            Pending::Discard => Decision::Discard,
            Pending::KeepCards => Decision::KeepCards {
                hand: st.hand_greeks.len() as u32,
            },
            Pending::RemoveArmies { count } => Decision::RemoveArmies { count: *count },
            Pending::TriremesSecond => Decision::TriremesSecond,
        });
    }
    if let Some(b) = &st.battle {
        // Table dice: the battle waits for its next round (T300-BAT-7, §3).
        let (greek_dice, persian_dice) = st.next_round_dice().unwrap_or((0, 0));
        return Next::Bot {
            decision: Decision::BattleRound {
                kind: b.kind,
                city: b.city,
                round: b.round + 1,
                persian_dice,
                greek_dice,
            },
        };
    }
    match st.phase {
        Phase::PersianPrep => Next::Bot {
            decision: Decision::PersianPreparation {
                campaign: st.campaign,
            },
        },
        Phase::GreekBuy => human(Decision::BuyCards {
            talents: st.talents,
            max: max_cards(st),
            mines: st.mines,
        }),
        Phase::GreekRaise => human(Decision::Raise {
            talents: st.talents,
            armies_in_stock: st.greek_stock_armies,
            fleets_allowed: st.fleets_allowed().min(st.talents),
            mines: st.mines,
        }),
        Phase::Operations if st.to_act == Side::Greeks => human(Decision::GreekTurn {
            cards: st.hand_greeks.len() as u32,
            persian_passed: st.last_pass == Some(Side::Persians),
        }),
        // The Greek supply never rests without a pending decision; the Persians act otherwise.
        Phase::Operations | Phase::GreekSupply | Phase::Finished => Next::Bot {
            decision: Decision::PersianTurn,
        },
    }
}

/// The most cards the Greeks may buy now (T300-GPR-2, T300-EVT-1).
pub fn max_cards(st: &State) -> u32 {
    6.min(st.talents).min(st.drawable() as u32)
}

/// Checks the instant Persian victory after a completed step (T300-SCO-2). True when the game
/// ended.
pub fn check_instant(st: &mut State, t: &mut Tx<'_>) -> bool {
    if st.is_finished() {
        return true;
    }
    if st.battle.is_none() && st.persians_hold_greece() {
        t.emit(
            "T300-SCO-2",
            Event::Victory {
                winner: Side::Persians,
                reason: EndReason::PersiansHoldGreece,
            },
        );
        st.finish(Outcome::Persians, EndReason::PersiansHoldGreece);
        return true;
    }
    false
}

/// A step finished: check victory, then continue where the step belongs.
pub fn after_action(st: &mut State, ctx: Ctx, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if check_instant(st, t) {
        return Ok(());
    }
    match ctx {
        Ctx::PersianTurn => persian_turn_end(st, false, t),
        Ctx::GreekTurn => greek_turn_end(st, t),
        Ctx::Triremes1 => {
            st.pending = Some(Pending::TriremesSecond);
            Ok(())
        }
    }
}

/// PERSS.KI's step 4: it discards the card held longest, face up (T300-AI-12), then the Greeks.
pub fn persian_turn_end(st: &mut State, passed: bool, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if !st.hand_persians.is_empty() {
        let card = cards::reveal_persian(st, 0, t, "T300-AI-12")?;
        st.discard.push(card);
        t.emit(
            "T300-AI-12",
            Event::PersianDiscard {
                card,
                hand_left: st.hand_persians.len() as u32,
            },
        )
        .cards(&[card]);
    }
    end_turn(st, Side::Persians, passed, t)
}

/// A Greek movement or event is complete: the bridge question (T300-MOV-4), then the Persians.
pub fn greek_turn_end(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let entered = std::mem::take(&mut st.bridge_check);
    if entered && st.bridge && st.u(City::Abydos).ga > 0 && st.controls(Side::Greeks, City::Abydos)
    {
        st.pending = Some(Pending::DestroyBridge);
        return Ok(());
    }
    end_turn(st, Side::Greeks, false, t)
}

/// Ends a turn of `side` (T300-SEQ-3, T300-SEQ-4): two passes in succession or two empty hands
/// end the operations phase.
pub fn end_turn(st: &mut State, side: Side, passed: bool, t: &mut Tx<'_>) -> Result<(), RuleError> {
    st.pending = None;
    let mut over = None;
    if passed {
        if st.last_pass == Some(side.other()) {
            over = Some(OpsEnd::TwoPasses);
        } else {
            st.last_pass = Some(side);
        }
    } else {
        st.last_pass = None;
    }
    if over.is_none() && st.hand_greeks.is_empty() && st.hand_persians.is_empty() {
        over = Some(OpsEnd::HandsEmpty);
    }
    if let Some(why) = over {
        t.emit(
            "T300-SEQ-4",
            Event::OperationsEnded {
                campaign: st.campaign,
                why,
            },
        );
        return supply(st, t);
    }
    st.to_act = side.other();
    Ok(())
}

/// Cities with armies of `side` that have neither a line of communication nor sea supply
/// (T300-SUP-7).
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
fn lines_of_communication(st: &mut State, side: Side, t: &mut Tx<'_>) {
    for c in unsupplied(st, side) {
        let n = st.armies(side, c);
        match side {
            Side::Greeks => {
                st.um(c).ga = 0;
                st.greek_stock_armies += n;
            }
            Side::Persians => st.um(c).pa = 0,
        }
        t.emit(
            "T300-SUP-7",
            Event::OutOfSupply {
                side,
                city: c,
                armies: n,
            },
        );
    }
}

/// The Persian attrition count (T300-SUP-4): (armies outside Abydos and Ephesos, the amphorae of
/// the other Persian-controlled cities, the excess).
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

/// The Greek attrition count (T300-SUP-4).
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
pub fn supply(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    st.to_act = Side::Greeks;
    st.last_pass = None;
    // A: PERSS.KI keeps no card; its hand goes face up onto the discards (T300-SUP-2).
    let mut hand = Vec::new();
    while !st.hand_persians.is_empty() {
        hand.push(cards::reveal_persian(st, 0, t, "T300-SUP-2")?);
    }
    st.discard.extend(hand.iter().copied());
    t.emit(
        "T300-SUP-2",
        Event::PersianHandDiscarded {
            cards: hand.clone(),
        },
    )
    .cards(&hand);
    // B: attrition, one army at a time by tiers (T300-SUP-5).
    let (outside, cap, excess) = persian_excess(st);
    t.emit(
        "T300-SUP-4",
        Event::Attrition {
            side: Side::Persians,
            armies: outside,
            capacity: cap,
            excess,
        },
    );
    for _ in 0..excess {
        let cut = unsupplied(st, Side::Persians);
        let pick = ATTRITION
            .iter()
            .copied()
            .find(|&c| st.u(c).pa > 0 && cut.contains(&c))
            .map(|c| (c, Tier::Unsupplied))
            .or_else(|| {
                ATTRITION
                    .iter()
                    .copied()
                    .find(|&c| st.u(c).pa > 1)
                    .map(|c| (c, Tier::NoPoints))
            })
            .or_else(|| {
                ATTRITION
                    .iter()
                    .copied()
                    .find(|&c| st.u(c).pa > 0)
                    .map(|c| (c, Tier::Other))
            });
        let Some((city, tier)) = pick else { break };
        st.um(city).pa -= 1;
        t.emit("T300-SUP-5", Event::AttritionRemoved { city, tier });
    }
    // C: lines of communication.
    lines_of_communication(st, Side::Persians, t);
    st.phase = Phase::GreekSupply;
    greek_cards(st, t)
}

/// Greek supply, step A: keep up to 4 cards (T300-SUP-3).
pub fn greek_cards(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if st.hand_greeks.len() > 4 {
        st.pending = Some(Pending::KeepCards);
        return Ok(());
    }
    t.emit(
        "T300-SUP-3",
        Event::GreekCardsKept {
            kept: st.hand_greeks.len() as u32,
            discarded: vec![],
        },
    )
    .secret(
        vec![cards::GREEKS],
        Event::GreekHand {
            cards: st.hand_greeks.clone(),
        },
        vec![],
    );
    greek_attrition(st, t)
}

/// Greek supply, step B: the human removes the excess (T300-SUP-6).
pub fn greek_attrition(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    let (on_map, cap, excess) = greek_excess(st);
    t.emit(
        "T300-SUP-4",
        Event::Attrition {
            side: Side::Greeks,
            armies: on_map,
            capacity: cap,
            excess,
        },
    );
    if excess > 0 {
        st.pending = Some(Pending::RemoveArmies { count: excess });
        return Ok(());
    }
    greek_loc_and_score(st, t)
}

/// Greek supply, step C, then scoring.
pub fn greek_loc_and_score(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    st.pending = None;
    lines_of_communication(st, Side::Greeks, t);
    scoring(st, t);
    Ok(())
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
pub fn scoring(st: &mut State, t: &mut Tx<'_>) {
    if st.controls(Side::Greeks, City::Abydos) && st.controls(Side::Greeks, City::Ephesos) {
        t.emit(
            "T300-SCO-1",
            Event::Victory {
                winner: Side::Greeks,
                reason: EndReason::GreeksHoldPersia,
            },
        );
        st.finish(Outcome::Greeks, EndReason::GreeksHoldPersia);
        return;
    }
    let greek_points = points(st, Side::Greeks);
    let persian_points = points(st, Side::Persians);
    let delta = persian_points - greek_points;
    st.score = (st.score + delta).clamp(-6, 6);
    t.emit(
        "T300-SCO-1",
        Event::Score {
            campaign: st.campaign,
            greek_points,
            persian_points,
            delta,
            marker: st.score,
        },
    );
    if st.campaign >= 5 {
        let outcome = match st.score {
            s if s > 0 => Outcome::Persians,
            s if s < 0 => Outcome::Greeks,
            _ => Outcome::Draw,
        };
        t.emit(
            "T300-SCO-3",
            Event::GameOver {
                score: st.score,
                outcome,
            },
        );
        st.finish(outcome, EndReason::Points);
        return;
    }
    st.campaign += 1;
    st.phase = Phase::PersianPrep;
    st.persian_done = false;
    st.last_pass = None;
    t.emit(
        "T300-SEQ-1",
        Event::CampaignStarted {
            campaign: st.campaign,
        },
    );
}
