//! PERSS.KI: the Persian preparation situations and operations turns of the German solo text.

use serde_json::json;
use std::collections::BTreeMap;

use super::battle;
use super::data::{
    City, Side, ACTIVATION, DEPLOY, DESTROY_ARMY, DESTROY_FLEET, FLEETS_B, LIST_B, LIST_C,
};
use super::flow;
use super::state::{BattleKind, Ctx, DeployRule, Pending, Phase, State};
use crate::engine::legacy::{Dice, Event, RuleError};

/// The Persian preparation (T300-PPR-1..13).
pub fn preparation(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<(), RuleError> {
    let mut talents: u32 = 12; // T300-PPR-1
    let greek_in = |c: City| st.u(c).ga > 0;
    let a = greek_in(City::Abydos) || greek_in(City::Ephesos);
    let b = st.score >= 1;
    let c = st.score == 0;
    let situation = if a {
        'A'
    } else if b {
        'B'
    } else if c {
        'C'
    } else {
        'D'
    };
    ev.push(
        Event::new(
            "persian_situation",
            "T300-PPR-2",
            format!(
                "PERSS.KI prepares with 12 talents: situation {situation} applies (score {}).",
                st.score
            ),
        )
        .data(json!({
            "situation": situation.to_string(), "score": st.score,
            "checks": [
                {"situation": "A", "met": a, "why": "a Persian supply city holds a Greek army"},
                {"situation": "B", "met": !a && b, "why": "score marker on Persian 1..6"},
                {"situation": "C", "met": !a && !b && c, "why": "score marker on 0"},
                {"situation": "D", "met": !a && !b && !c, "why": "score marker on Greek 1..6"},
            ]
        })),
    );
    let want = match situation {
        'A' => 3,
        'B' => 4,
        'C' => 5,
        _ => 6,
    };
    // Cards are paid one by one; only cards drawn are paid (T300-PPR-11).
    let mut drawn = Vec::new();
    for _ in 0..want {
        match st.draw(dice, ev) {
            Some(card) => {
                drawn.push(card);
                st.hand_persians.push(card);
                talents -= 1;
            }
            None => break,
        }
    }
    ev.push(
        Event::new(
            "persian_cards_drawn",
            match situation {
                'A' => "T300-PPR-4",
                'B' => "T300-PPR-5",
                'C' => "T300-PPR-6",
                _ => "T300-PPR-7",
            },
            format!(
                "PERSS.KI buys {} cards ({} talents left).",
                drawn.len(),
                talents
            ),
        )
        .data(json!({"count": drawn.len(), "wanted": want, "talents_left": talents})),
    );
    if situation == 'A' {
        // 9 armies into the supply city without Greek armies (T300-PPR-4).
        let target = [City::Abydos, City::Ephesos]
            .into_iter()
            .find(|&c| st.u(c).ga == 0);
        if let Some(t) = target {
            st.um(t).pa += 9;
            st.persian_armies_placed += 9;
            talents -= 9;
            ev.push(
                Event::new(
                    "persian_army_placed",
                    "T300-PPR-4",
                    format!("Situation A: 9 armies go to {}.", t.name()),
                )
                .data(json!({"city": t, "armies": 9})),
            );
        }
    } else {
        if !st.bridge && talents >= 4 {
            st.bridge = true;
            talents -= 4;
            ev.push(
                Event::new(
                    "bridge_built",
                    "T300-PPR-3",
                    "PERSS.KI builds the pontoon bridge for 4 talents.",
                )
                .data(json!({"cost": 4, "talents_left": talents})),
            );
        }
        if situation == 'B' {
            // One fleet in every Persian-controlled port city without a fleet (T300-PPR-5).
            for c in FLEETS_B {
                if talents == 0 {
                    break;
                }
                let u = st.u(c);
                if st.controls(Side::Persians, c) && u.pf == 0 && u.gf == 0 {
                    st.um(c).pf += 1;
                    st.persian_fleets_placed += 1;
                    talents -= 1;
                    ev.push(
                        Event::new(
                            "persian_fleet_placed",
                            "T300-PPR-5",
                            format!(
                                "Situation B: a Persian fleet goes to the port of {}.",
                                c.name()
                            ),
                        )
                        .data(
                            json!({"port": c, "order_checked": FLEETS_B, "talents_left": talents}),
                        ),
                    );
                }
            }
        }
        if situation == 'D' {
            if talents > 0 {
                st.um(City::Abydos).pa += talents;
                st.persian_armies_placed += talents;
                ev.push(
                    Event::new(
                        "persian_army_placed",
                        "T300-PPR-7",
                        format!("Situation D: {talents} armies go to Abydos."),
                    )
                    .data(json!({"city": City::Abydos, "armies": talents})),
                );
                talents = 0;
            }
        } else {
            let list: &[City] = if situation == 'B' { &LIST_B } else { &LIST_C };
            // Army fill, breadth first toward 2 armies (T300-PPR-8).
            'passes: for pass in 1..=2u32 {
                let mut skipped = Vec::new();
                for &c in list {
                    if talents == 0 {
                        break 'passes;
                    }
                    if !st.controls(Side::Persians, c) {
                        skipped.push(json!({"city": c, "why": "not Persian-controlled"}));
                    } else if st.u(c).pa >= 2 {
                        skipped.push(json!({"city": c, "why": "already 2 or more Persian armies"}));
                    } else {
                        st.um(c).pa += 1;
                        st.persian_armies_placed += 1;
                        talents -= 1;
                        ev.push(
                            Event::new(
                                "persian_army_placed",
                                "T300-PPR-8",
                                format!("Army fill, pass {pass}: a Persian army goes to {} (now {}).", c.name(), st.u(c).pa),
                            )
                            .data(json!({
                                "city": c, "pass": pass, "armies": st.u(c).pa, "talents_left": talents,
                                "order_checked": list, "skipped": std::mem::take(&mut skipped),
                            })),
                        );
                    }
                }
            }
        }
    }
    if talents > 0 {
        ev.push(
            Event::new(
                "talents_lost",
                "T300-PPR-10",
                format!("PERSS.KI cannot spend {talents} talents; they are lost."),
            )
            .data(json!({"count": talents})),
        );
    }
    st.phase = Phase::GreekBuy;
    st.talents = 6; // T300-GPR-1
    st.fleets_raised = 0;
    st.mines = false;
    Ok(())
}

/// Roads reachable from `from` passing only Persian-controlled cities (T300-TGT-3): city → path.
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

/// Target candidates of a city: (city, is_empty, distance, dS, path), only toward Sparta (T300-TGT-4/5).
pub fn targets(st: &State, from: City) -> Vec<(City, bool, usize, u32, Vec<City>)> {
    let ds_from = from.d_sparta().unwrap_or(0);
    reach(st, from)
        .into_iter()
        .filter_map(|(t, path)| {
            let ds = t.d_sparta()?;
            if ds >= ds_from {
                return None;
            }
            let u = st.u(t);
            if u.ga == 0 && u.pa == 0 {
                Some((t, true, path.len() - 1, ds, path))
            } else if u.ga > 0 {
                Some((t, false, path.len() - 1, ds, path))
            } else {
                None
            }
        })
        .collect()
}

/// Tie order: distance, dS, Thebai before Delphi (T300-TGT-7).
fn target_key(t: &(City, bool, usize, u32, Vec<City>)) -> (usize, u32, u8, City) {
    let rank = match t.0 {
        City::Thebai => 0,
        City::Delphi => 1,
        _ => 2,
    };
    (t.2, t.3, rank, t.0)
}

/// A Persian operations turn (T300-AI-1..13).
pub fn operations_turn(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    if st.persian_done {
        ev.push(
            Event::new(
                "persian_pass",
                "T300-AI-7",
                "PERSS.KI rolled a 1 earlier this campaign: it passes.",
            )
            .data(json!({"why": "die 1 earlier"})),
        );
        return flow::end_turn(st, Side::Persians, true, ev, dice);
    }
    if st.hand_persians.is_empty() {
        ev.push(
            Event::new(
                "persian_pass",
                "T300-AI-1",
                "PERSS.KI has no cards: it passes.",
            )
            .data(json!({"why": "no cards"})),
        );
        return flow::end_turn(st, Side::Persians, true, ev, dice);
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
                let r = reach(st, c);
                cands.push((c, n, r.get(&target).cloned()));
            }
            let chosen = cands
                .iter()
                .filter(|x| x.2.is_some())
                .max_by(|a, b| a.1.cmp(&b.1).then_with(|| pos(b.0).cmp(&pos(a.0))))
                .cloned();
            ev.push(
                Event::new(
                    "defence_check",
                    "T300-AI-2",
                    match &chosen {
                        Some((c, n, _)) => format!(
                            "Greek armies hold {}: PERSS.KI defends from {} ({n} armies, the most among cities that reach it).",
                            target.name(),
                            c.name()
                        ),
                        None => format!("Greek armies hold {}, but no Persian army can reach it.", target.name()),
                    },
                )
                .data(json!({
                    "target": target,
                    "candidates": cands.iter().map(|(c, n, p)| json!({"city": c, "armies": n, "reaches": p.is_some()})).collect::<Vec<_>>(),
                    "chosen": chosen.as_ref().map(|x| x.0),
                })),
            );
            if let Some((from, n, Some(path))) = chosen {
                let k = n.div_ceil(3);
                st.um(from).pa -= k;
                st.um(target).pa += k;
                ev.push(
                    Event::new(
                        "persian_move",
                        "T300-AI-3",
                        format!("{k} Persian armies (a third of {n}, rounded up) march from {} to {} along {:?}.", from.name(), target.name(), path),
                    )
                    .data(json!({"from": from, "to": target, "path": path, "armies": k})),
                );
                let b =
                    battle::new_battle(BattleKind::Land, target, Side::Persians, Ctx::PersianTurn);
                return battle::start(st, b, ev, dice);
            }
        }
        ev.push(
            Event::new(
                "defence_impossible",
                "T300-AI-4",
                "PERSS.KI cannot defend: it rolls the die as if no supply city were occupied.",
            )
            .data(json!({"occupied": occupied})),
        );
    }
    // Step 3: the die (T300-AI-5, T300-AI-6).
    let die = dice.d6("T300-AI-5")?;
    let action = match die {
        1 => "pass",
        2 | 3 => "move armies",
        4 => "destroy a Greek army",
        5 => "destroy a Greek fleet",
        _ => "place a fleet and an army",
    };
    ev.push(
        Event::new(
            "persian_die",
            "T300-AI-6",
            format!("PERSS.KI rolls {die}: {action}."),
        )
        .dice(&[die])
        .data(json!({"value": die, "action": action})),
    );
    if die == 1 {
        st.persian_done = true;
        ev.push(
            Event::new(
                "persian_pass",
                "T300-AI-7",
                "PERSS.KI passes and ends its operations for this campaign.",
            )
            .dice(&[die])
            .data(json!({"why": "die 1"})),
        );
        return flow::persian_turn_end(st, true, ev, dice);
    }
    let start = match die {
        2 | 3 => 0,
        4 => 1,
        5 => 2,
        _ => 3,
    };
    let names = ["move", "destroy_army", "destroy_fleet", "place"];
    for i in 0..4 {
        let a = (start + i) % 4;
        let done = match a {
            0 => try_move(st, ev, dice)?,
            1 => try_destroy_army(st, ev, dice)?,
            2 => try_destroy_fleet(st, ev, dice)?,
            _ => try_place(st, ev, dice)?,
        };
        if done {
            return Ok(());
        }
        let next = (a + 1) % 4;
        if i < 3 {
            ev.push(
                Event::new(
                    "fallback",
                    "T300-FB-1",
                    format!(
                        "PERSS.KI cannot {}: it tries {} instead.",
                        names[a].replace('_', " "),
                        names[next].replace('_', " ")
                    ),
                )
                .dice(&[die])
                .data(json!({"from": names[a], "to": names[next]})),
            );
        }
    }
    ev.push(
        Event::new(
            "no_action",
            "T300-FB-2",
            "No action of the chain can be carried out; PERSS.KI's turn goes on to step 4.",
        )
        .dice(&[die])
        .data(json!({"tried": names})),
    );
    flow::persian_turn_end(st, false, ev, dice)
}

fn pos(c: City) -> usize {
    ACTIVATION.iter().position(|&x| x == c).unwrap_or(99)
}

/// Die 2–3: move armies (T300-AI-8, T300-TGT-1..8). Returns false when no movement is possible.
fn try_move(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<bool, RuleError> {
    let mut cands = Vec::new();
    for c in ACTIVATION {
        let n = st.u(c).pa;
        if n == 0 {
            continue;
        }
        let k = movers(c, n);
        let ts = targets(st, c);
        let able = k >= 1 && !ts.is_empty();
        cands.push((c, n, k, ts, able));
    }
    let chosen = cands
        .iter()
        .filter(|x| x.4)
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| pos(b.0).cmp(&pos(a.0))))
        .cloned();
    ev.push(
        Event::new(
            "activation",
            "T300-TGT-6",
            match &chosen {
                Some((c, n, k, _, _)) => format!("PERSS.KI activates {} ({n} armies, {k} may move).", c.name()),
                None => "No Persian city can move toward Sparta.".to_string(),
            },
        )
        .data(json!({
            "candidates": cands.iter().map(|(c, n, k, ts, able)| json!({
                "city": c, "armies": n, "movers": k, "able": able,
                "targets": ts.iter().map(|t| json!({"city": t.0, "kind": if t.1 {"empty"} else {"greek"}, "distance": t.2, "dS": t.3})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "chosen": chosen.as_ref().map(|x| x.0),
        })),
    );
    let Some((from, _n, k, ts, _)) = chosen else {
        return Ok(false);
    };
    let empties: Vec<_> = ts.iter().filter(|t| t.1).cloned().collect();
    let mut pool = if empties.is_empty() {
        ts.clone()
    } else {
        empties
    };
    pool.sort_by_key(target_key);
    let Some(t) = pool.first().cloned() else {
        return Ok(false);
    };
    ev.push(
        Event::new(
            "target",
            "T300-TGT-7",
            format!(
                "Target: {} ({} city, {} roads away, {} from Sparta).",
                t.0.name(),
                if t.1 { "the nearest empty" } else { "the nearest Greek-held" },
                t.2,
                t.3
            ),
        )
        .data(json!({
            "candidates": pool.iter().map(|x| json!({"city": x.0, "distance": x.2, "dS": x.3})).collect::<Vec<_>>(),
            "chosen": t.0,
        })),
    );
    st.um(from).pa -= k;
    st.um(t.0).pa += k;
    ev.push(
        Event::new(
            "persian_move",
            "T300-TGT-8",
            format!(
                "{k} Persian armies march from {} to {} along {:?}.",
                from.name(),
                t.0.name(),
                t.4
            ),
        )
        .data(json!({"from": from, "to": t.0, "path": t.4, "armies": k})),
    );
    if st.u(t.0).ga > 0 {
        let b = battle::new_battle(BattleKind::Land, t.0, Side::Persians, Ctx::PersianTurn);
        battle::start(st, b, ev, dice)?;
    } else {
        flow::after_action(st, Ctx::PersianTurn, ev, dice)?;
    }
    Ok(true)
}

/// Die 4: destroy a Greek army, isolated first; the human discards (T300-AI-9).
fn try_destroy_army(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<bool, RuleError> {
    let isolated = DESTROY_ARMY.iter().copied().find(|&c| st.u(c).ga == 1);
    let pick = isolated.or_else(|| DESTROY_ARMY.iter().copied().find(|&c| st.u(c).ga > 0));
    let Some(c) = pick else { return Ok(false) };
    st.um(c).ga -= 1;
    st.greek_stock_armies += 1;
    ev.push(
        Event::new(
            "greek_army_destroyed",
            "T300-AI-9",
            format!(
                "PERSS.KI destroys {} Greek army in {}.",
                if isolated.is_some() {
                    "the isolated"
                } else {
                    "a"
                },
                c.name()
            ),
        )
        .data(json!({"city": c, "isolated": isolated.is_some(), "order_checked": DESTROY_ARMY})),
    );
    if !st.hand_greeks.is_empty() {
        st.pending = Some(Pending::Discard);
        return Ok(true);
    }
    flow::after_action(st, Ctx::PersianTurn, ev, dice)?;
    Ok(true)
}

/// Die 5: destroy a Greek fleet and put a Persian one in its place (T300-AI-10).
fn try_destroy_fleet(
    st: &mut State,
    ev: &mut Vec<Event>,
    dice: &mut Dice,
) -> Result<bool, RuleError> {
    let Some(c) = DESTROY_FLEET.iter().copied().find(|&c| st.u(c).gf > 0) else {
        return Ok(false);
    };
    st.um(c).gf -= 1;
    st.greek_stock_fleets += 1;
    st.um(c).pf += 1;
    st.persian_fleets_placed += 1;
    ev.push(
        Event::new(
            "greek_fleet_destroyed",
            "T300-AI-10",
            format!("PERSS.KI destroys a Greek fleet in the port of {} and places a Persian fleet there.", c.name()),
        )
        .data(json!({"port": c, "order_checked": DESTROY_FLEET})),
    );
    if st.u(c).gf > 0 {
        let b = battle::new_battle(BattleKind::Naval, c, Side::Persians, Ctx::PersianTurn);
        battle::start(st, b, ev, dice)?;
    } else {
        flow::after_action(st, Ctx::PersianTurn, ev, dice)?;
    }
    Ok(true)
}

/// Die 6: place a fleet and an army (T300-AI-11).
fn try_place(st: &mut State, ev: &mut Vec<Event>, dice: &mut Dice) -> Result<bool, RuleError> {
    let rule = st.options.deploy_rule;
    let qualifies = |c: City| {
        let u = st.u(c);
        match rule {
            DeployRule::NoEnemyForces => u.ga == 0 && u.gf == 0,
            DeployRule::EmptyCity => u.ga == 0 && u.pa == 0 && u.gf == 0 && u.pf == 0,
        }
    };
    if let Some(c) = DEPLOY.iter().copied().find(|&c| qualifies(c)) {
        st.um(c).pf += 1;
        st.um(c).pa += 1;
        st.persian_fleets_placed += 1;
        st.persian_armies_placed += 1;
        ev.push(
            Event::new("persian_deploy", "T300-AI-11", format!("PERSS.KI places a fleet and an army in {}.", c.name()))
                .data(json!({"city": c, "fleet": true, "army": true, "order_checked": DEPLOY, "deploy_rule": rule})),
        );
        flow::after_action(st, Ctx::PersianTurn, ev, dice)?;
        return Ok(true);
    }
    let second = DEPLOY.iter().copied().find(|&c| {
        let u = st.u(c);
        u.pf > 0 && u.ga == 0 && u.pa == 0
    });
    if let Some(c) = second {
        st.um(c).pa += 1;
        st.persian_armies_placed += 1;
        ev.push(
            Event::new(
                "persian_deploy",
                "T300-AI-11",
                format!("No city qualifies; a Persian fleet lies at empty {}: PERSS.KI places an army there.", c.name()),
            )
            .data(json!({"city": c, "fleet": false, "army": true, "order_checked": DEPLOY, "deploy_rule": rule})),
        );
        flow::after_action(st, Ctx::PersianTurn, ev, dice)?;
        return Ok(true);
    }
    Ok(false)
}
