//! PERSS.KI: the Persian preparation situations and operations turns of the German solo text.

use std::collections::BTreeMap;

use super::battle;
use super::cards;
use super::data::{
    City, Side, ACTIVATION, DEPLOY, DESTROY_ARMY, DESTROY_FLEET, FLEETS_B, LIST_B, LIST_C,
};
use super::events::{
    Action, ActivationCandidate, DefenceCandidate, Event, PassReason, Situation, SituationCheck,
    SkipReason, Skipped, TargetCandidate, Tx,
};
use super::flow;
use super::options::DeployRule;
use super::state::{BattleKind, Ctx, Pending, Phase, State};
use super::text::TableNeed;
use crate::engine::{NeedWords, RuleError};

/// The Persian preparation (T300-PPR-1..13).
pub fn preparation(st: &mut State, t: &mut Tx<'_>) {
    let mut talents: u32 = 12; // T300-PPR-1
    let situation = choose_situation(st, t);
    draw_cards(st, situation, &mut talents, t);
    if situation == Situation::A {
        place_in_supply_city(st, &mut talents, t);
    } else {
        build_bridge(st, &mut talents, t);
        match situation {
            Situation::B => {
                place_fleets_b(st, &mut talents, t);
                fill_armies(st, &LIST_B, &mut talents, t);
            }
            Situation::D => place_in_abydos(st, &mut talents, t),
            _ => fill_armies(st, &LIST_C, &mut talents, t),
        }
    }
    if talents > 0 {
        t.emit("T300-PPR-10", Event::TalentsLost { count: talents });
    }
    st.phase = Phase::GreekBuy;
    st.talents = 6; // T300-GPR-1
    st.fleets_raised = 0;
    st.mines = false;
}

/// The first of situations A, B, C, D that applies, announced with every check
/// (T300-PPR-2).
fn choose_situation(st: &State, t: &mut Tx<'_>) -> Situation {
    let greek_in = |c: City| st.u(c).ga > 0;
    let situation = if greek_in(City::Abydos) || greek_in(City::Ephesos) {
        Situation::A
    } else if st.score >= 1 {
        Situation::B
    } else if st.score == 0 {
        Situation::C
    } else {
        Situation::D
    };
    t.emit(
        "T300-PPR-2",
        Event::PersianSituation {
            situation,
            score: st.score,
            checks: [Situation::A, Situation::B, Situation::C, Situation::D]
                .into_iter()
                .map(|s| SituationCheck {
                    situation: s,
                    met: s == situation,
                })
                .collect(),
        },
    );
    situation
}

/// The situation's cards, paid one by one; only cards drawn are paid (T300-PPR-4..7,
/// T300-PPR-11).
fn draw_cards(st: &mut State, situation: Situation, talents: &mut u32, t: &mut Tx<'_>) {
    let (want, rule) = match situation {
        Situation::A => (3, "T300-PPR-4"),
        Situation::B => (4, "T300-PPR-5"),
        Situation::C => (5, "T300-PPR-6"),
        Situation::D => (6, "T300-PPR-7"),
    };
    let mut drawn = 0;
    for _ in 0..want {
        if !cards::draw_persian(st, t) {
            break;
        }
        drawn += 1;
        *talents -= 1;
    }
    t.emit(
        rule,
        Event::PersianCardsDrawn {
            count: drawn,
            wanted: want,
            talents_left: *talents,
        },
    );
}

/// Situation A: 9 armies into the supply city without Greek armies (T300-PPR-4).
fn place_in_supply_city(st: &mut State, talents: &mut u32, t: &mut Tx<'_>) {
    let target = [City::Abydos, City::Ephesos]
        .into_iter()
        .find(|&c| st.u(c).ga == 0);
    let Some(city) = target else { return };
    st.um(city).pa += 9;
    st.persian_armies_placed += 9;
    *talents -= 9;
    t.emit(
        "T300-PPR-4",
        Event::PersianArmiesPlaced {
            city,
            armies: 9,
            total: st.u(city).pa,
            pass: None,
            talents_left: *talents,
            skipped: vec![],
        },
    );
}

/// Situations B, C, D: the bridge for 4 talents when it is down (T300-PPR-3).
fn build_bridge(st: &mut State, talents: &mut u32, t: &mut Tx<'_>) {
    if st.bridge || *talents < 4 {
        return;
    }
    st.bridge = true;
    *talents -= 4;
    t.emit(
        "T300-PPR-3",
        Event::BridgeBuilt {
            cost: 4,
            talents_left: *talents,
        },
    );
}

/// Situation B: one fleet in every Persian-controlled port city without a fleet
/// (T300-PPR-5).
fn place_fleets_b(st: &mut State, talents: &mut u32, t: &mut Tx<'_>) {
    for port in FLEETS_B {
        if *talents == 0 {
            break;
        }
        let u = st.u(port);
        if st.controls(Side::Persians, port) && u.pf == 0 && u.gf == 0 {
            st.um(port).pf += 1;
            st.persian_fleets_placed += 1;
            *talents -= 1;
            t.emit(
                "T300-PPR-5",
                Event::PersianFleetPlaced {
                    port,
                    talents_left: *talents,
                },
            );
        }
    }
}

/// Situation D: every talent left becomes an army in Abydos (T300-PPR-7).
fn place_in_abydos(st: &mut State, talents: &mut u32, t: &mut Tx<'_>) {
    if *talents == 0 {
        return;
    }
    let armies = std::mem::take(talents);
    st.um(City::Abydos).pa += armies;
    st.persian_armies_placed += armies;
    t.emit(
        "T300-PPR-7",
        Event::PersianArmiesPlaced {
            city: City::Abydos,
            armies,
            total: st.u(City::Abydos).pa,
            pass: None,
            talents_left: 0,
            skipped: vec![],
        },
    );
}

/// Situations B and C: armies along `list`, breadth first toward 2 a city, in two passes
/// (T300-PPR-8).
fn fill_armies(st: &mut State, list: &[City], talents: &mut u32, t: &mut Tx<'_>) {
    for pass in 1..=2u32 {
        if !fill_pass(st, list, pass, talents, t) {
            return;
        }
    }
}

/// One walk along `list`: one army to each Persian-controlled city with fewer than 2, each
/// placement naming the cities skipped since the last; false once the talents run out
/// (T300-PPR-8).
fn fill_pass(st: &mut State, list: &[City], pass: u32, talents: &mut u32, t: &mut Tx<'_>) -> bool {
    let mut skipped = Vec::new();
    for &city in list {
        if *talents == 0 {
            return false;
        }
        if !st.controls(Side::Persians, city) {
            skipped.push(Skipped {
                city,
                why: SkipReason::NotPersianControlled,
            });
        } else if st.u(city).pa >= 2 {
            skipped.push(Skipped {
                city,
                why: SkipReason::TwoOrMoreArmies,
            });
        } else {
            st.um(city).pa += 1;
            st.persian_armies_placed += 1;
            *talents -= 1;
            t.emit(
                "T300-PPR-8",
                Event::PersianArmiesPlaced {
                    city,
                    armies: 1,
                    total: st.u(city).pa,
                    pass: Some(pass),
                    talents_left: *talents,
                    skipped: std::mem::take(&mut skipped),
                },
            );
        }
    }
    true
}

/// Cities reachable from `from` passing only Persian-controlled cities (T300-TGT-3): city → path.
pub fn reach(st: &State, from: City) -> BTreeMap<City, Vec<City>> {
    let mut out: BTreeMap<City, Vec<City>> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::new();
    out.insert(from, vec![from]);
    queue.push_back(from);
    while let Some(c) = queue.pop_front() {
        if c != from && !st.controls(Side::Persians, c) {
            continue;
        }
        let path = out.get(&c).cloned().unwrap_or_default();
        for n in c.roads(st.bridge) {
            if out.contains_key(&n) {
                continue;
            }
            let mut p = path.clone();
            p.push(n);
            out.insert(n, p);
            queue.push_back(n);
        }
    }
    out.remove(&from);
    out
}

/// Movers: ⌊n/2⌋, keeping 2 in Ephesos and Abydos (T300-TGT-2).
pub fn movers(city: City, n: u32) -> u32 {
    if matches!(city, City::Abydos | City::Ephesos) {
        (n / 2).min(n.saturating_sub(2))
    } else {
        n / 2
    }
}

/// A target with its path.
#[derive(Clone)]
pub struct Target {
    pub info: TargetCandidate,
    pub path: Vec<City>,
}

/// Target candidates of a city, only toward Sparta (T300-TGT-4, T300-TGT-5).
pub fn targets(st: &State, from: City) -> Vec<Target> {
    let ds_from = from.d_sparta().unwrap_or(0);
    reach(st, from)
        .into_iter()
        .filter_map(|(city, path)| {
            let d_sparta = city.d_sparta()?;
            if d_sparta >= ds_from {
                return None;
            }
            let u = st.u(city);
            let empty = if u.ga == 0 && u.pa == 0 {
                true
            } else if u.ga > 0 {
                false
            } else {
                return None;
            };
            Some(Target {
                info: TargetCandidate {
                    city,
                    empty,
                    distance: path.len() as u32 - 1,
                    d_sparta,
                },
                path,
            })
        })
        .collect()
}

/// Tie order: distance, dS, Thebai before Delphi (T300-TGT-7).
fn target_key(t: &Target) -> (u32, u32, u8, City) {
    let rank = match t.info.city {
        City::Thebai => 0,
        City::Delphi => 1,
        _ => 2,
    };
    (t.info.distance, t.info.d_sparta, rank, t.info.city)
}

fn pos(c: City) -> usize {
    ACTIVATION.iter().position(|&x| x == c).unwrap_or(99)
}

/// A Persian operations turn (T300-AI-1..13).
pub fn operations_turn(st: &mut State, t: &mut Tx<'_>) -> Result<(), RuleError> {
    if st.persian_done {
        t.emit(
            "T300-AI-7",
            Event::PersianPass {
                why: PassReason::RolledOneEarlier,
            },
        );
        return flow::end_turn(st, Side::Persians, true, t);
    }
    if st.hand_persians.is_empty() {
        t.emit(
            "T300-AI-1",
            Event::PersianPass {
                why: PassReason::NoCards,
            },
        );
        return flow::end_turn(st, Side::Persians, true, t);
    }
    // Step 2: defence (T300-AI-2, T300-AI-3).
    let occupied: Vec<City> = [City::Ephesos, City::Abydos]
        .into_iter()
        .filter(|&c| st.u(c).ga > 0)
        .collect();
    if !occupied.is_empty() {
        for &target in &occupied {
            let mut cands = Vec::new();
            for c in ACTIVATION {
                let n = st.u(c).pa;
                if c == target || n == 0 {
                    continue;
                }
                cands.push((c, n, reach(st, c).remove(&target)));
            }
            let chosen = cands
                .iter()
                .filter(|x| x.2.is_some())
                .max_by(|a, b| a.1.cmp(&b.1).then_with(|| pos(b.0).cmp(&pos(a.0))))
                .cloned();
            t.emit(
                "T300-AI-2",
                Event::DefenceCheck {
                    target,
                    candidates: cands
                        .iter()
                        .map(|(city, armies, p)| DefenceCandidate {
                            city: *city,
                            armies: *armies,
                            reaches: p.is_some(),
                        })
                        .collect(),
                    chosen: chosen.as_ref().map(|x| x.0),
                },
            );
            if let Some((from, n, Some(path))) = chosen {
                let k = n.div_ceil(3);
                st.um(from).pa -= k;
                st.um(target).pa += k;
                t.emit(
                    "T300-AI-3",
                    Event::PersianMove {
                        from,
                        to: target,
                        path,
                        armies: k,
                        of: n,
                        defence: true,
                    },
                );
                let b =
                    battle::new_battle(BattleKind::Land, target, Side::Persians, Ctx::PersianTurn);
                return battle::start(st, b, t);
            }
        }
        t.emit("T300-AI-4", Event::DefenceImpossible { occupied });
    }
    // Step 3: the die (T300-AI-5, T300-AI-6).
    let die = t
        .chance
        .roll_as(6, "T300-AI-5", vec![NeedWords::new(TableNeed::ActionDie)])?[0];
    let action = match die {
        1 => Action::Pass,
        2 | 3 => Action::MoveArmies,
        4 => Action::DestroyArmy,
        5 => Action::DestroyFleet,
        _ => Action::Place,
    };
    t.emit("T300-AI-6", Event::PersianDie { value: die, action })
        .dice(&[die]);
    if die == 1 {
        st.persian_done = true;
        t.emit(
            "T300-AI-7",
            Event::PersianPass {
                why: PassReason::RolledOne,
            },
        );
        return flow::persian_turn_end(st, true, t);
    }
    let chain = [
        Action::MoveArmies,
        Action::DestroyArmy,
        Action::DestroyFleet,
        Action::Place,
    ];
    let start = chain.iter().position(|&a| a == action).unwrap_or(0);
    for i in 0..4 {
        let a = chain[(start + i) % 4];
        let done = match a {
            Action::MoveArmies => try_move(st, t)?,
            Action::DestroyArmy => try_destroy_army(st, t)?,
            Action::DestroyFleet => try_destroy_fleet(st, t)?,
            _ => try_place(st, t)?,
        };
        if done {
            return Ok(());
        }
        if i < 3 {
            t.emit(
                "T300-FB-1",
                Event::Fallback {
                    from: a,
                    to: chain[(start + i + 1) % 4],
                },
            );
        }
    }
    t.emit(
        "T300-FB-2",
        Event::NoAction {
            tried: (0..4).map(|i| chain[(start + i) % 4]).collect(),
        },
    );
    flow::persian_turn_end(st, false, t)
}

/// Die 2–3: move armies (T300-AI-8, T300-TGT-1..8). False when no movement is possible.
fn try_move(st: &mut State, t: &mut Tx<'_>) -> Result<bool, RuleError> {
    let mut cands: Vec<(ActivationCandidate, Vec<Target>)> = Vec::new();
    for city in ACTIVATION {
        let armies = st.u(city).pa;
        if armies == 0 {
            continue;
        }
        let movers = movers(city, armies);
        let ts = targets(st, city);
        cands.push((
            ActivationCandidate {
                city,
                armies,
                movers,
                targets: ts.iter().map(|t| t.info.clone()).collect(),
                able: movers >= 1 && !ts.is_empty(),
            },
            ts,
        ));
    }
    let chosen = cands
        .iter()
        .filter(|x| x.0.able)
        .max_by(|a, b| {
            a.0.armies
                .cmp(&b.0.armies)
                .then_with(|| pos(b.0.city).cmp(&pos(a.0.city)))
        })
        .cloned();
    t.emit(
        "T300-TGT-6",
        Event::Activation {
            candidates: cands.iter().map(|c| c.0.clone()).collect(),
            chosen: chosen.as_ref().map(|c| c.0.city),
        },
    );
    let Some((act, ts)) = chosen else {
        return Ok(false);
    };
    let empties: Vec<Target> = ts.iter().filter(|t| t.info.empty).cloned().collect();
    let mut pool = if empties.is_empty() { ts } else { empties };
    pool.sort_by_key(target_key);
    let Some(target) = pool.first().cloned() else {
        return Ok(false);
    };
    t.emit(
        "T300-TGT-7",
        Event::Target {
            candidates: pool.iter().map(|x| x.info.clone()).collect(),
            chosen: target.info.city,
            empty: target.info.empty,
        },
    );
    let (from, to, k) = (act.city, target.info.city, act.movers);
    st.um(from).pa -= k;
    st.um(to).pa += k;
    t.emit(
        "T300-TGT-8",
        Event::PersianMove {
            from,
            to,
            path: target.path,
            armies: k,
            of: act.armies,
            defence: false,
        },
    );
    if st.u(to).ga > 0 {
        let b = battle::new_battle(BattleKind::Land, to, Side::Persians, Ctx::PersianTurn);
        battle::start(st, b, t)?;
    } else {
        flow::after_action(st, Ctx::PersianTurn, t)?;
    }
    Ok(true)
}

/// Die 4: destroy a Greek army, isolated first; the human discards (T300-AI-9).
fn try_destroy_army(st: &mut State, t: &mut Tx<'_>) -> Result<bool, RuleError> {
    let isolated = DESTROY_ARMY.iter().copied().find(|&c| st.u(c).ga == 1);
    let pick = isolated.or_else(|| DESTROY_ARMY.iter().copied().find(|&c| st.u(c).ga > 0));
    let Some(city) = pick else { return Ok(false) };
    st.um(city).ga -= 1;
    st.greek_stock_armies += 1;
    let discard_owed = !st.hand_greeks.is_empty();
    t.emit(
        "T300-AI-9",
        Event::GreekArmyDestroyed {
            city,
            isolated: isolated.is_some(),
            discard_owed,
        },
    );
    if discard_owed {
        st.pending = Some(Pending::Discard);
        return Ok(true);
    }
    flow::after_action(st, Ctx::PersianTurn, t)?;
    Ok(true)
}

/// Die 5: destroy a Greek fleet and put a Persian one in its place (T300-AI-10).
fn try_destroy_fleet(st: &mut State, t: &mut Tx<'_>) -> Result<bool, RuleError> {
    let Some(port) = DESTROY_FLEET.iter().copied().find(|&c| st.u(c).gf > 0) else {
        return Ok(false);
    };
    st.um(port).gf -= 1;
    st.greek_stock_fleets += 1;
    st.um(port).pf += 1;
    st.persian_fleets_placed += 1;
    t.emit("T300-AI-10", Event::GreekFleetDestroyed { port });
    if st.u(port).gf > 0 {
        let b = battle::new_battle(BattleKind::Naval, port, Side::Persians, Ctx::PersianTurn);
        battle::start(st, b, t)?;
    } else {
        flow::after_action(st, Ctx::PersianTurn, t)?;
    }
    Ok(true)
}

/// Die 6: place a fleet and an army (T300-AI-11).
fn try_place(st: &mut State, t: &mut Tx<'_>) -> Result<bool, RuleError> {
    let rule = st.options.deploy_rule;
    let qualifies = |c: City| {
        let u = st.u(c);
        match rule {
            DeployRule::NoEnemyForces => u.ga == 0 && u.gf == 0,
            DeployRule::EmptyCity => u.ga == 0 && u.pa == 0 && u.gf == 0 && u.pf == 0,
        }
    };
    if let Some(city) = DEPLOY.iter().copied().find(|&c| qualifies(c)) {
        st.um(city).pf += 1;
        st.um(city).pa += 1;
        st.persian_fleets_placed += 1;
        st.persian_armies_placed += 1;
        t.emit(
            "T300-AI-11",
            Event::PersianDeploy {
                city,
                fleet: true,
                army: true,
                deploy_rule: rule,
            },
        );
        flow::after_action(st, Ctx::PersianTurn, t)?;
        return Ok(true);
    }
    let second = DEPLOY.iter().copied().find(|&c| {
        let u = st.u(c);
        u.pf > 0 && u.ga == 0 && u.pa == 0
    });
    if let Some(city) = second {
        st.um(city).pa += 1;
        st.persian_armies_placed += 1;
        t.emit(
            "T300-AI-11",
            Event::PersianDeploy {
                city,
                fleet: false,
                army: true,
                deploy_rule: rule,
            },
        );
        flow::after_action(st, Ctx::PersianTurn, t)?;
        return Ok(true);
    }
    Ok(false)
}
