//! Automa's actions (TMA-ACT, -PWR, -VP, -CULT, -UPG, -FAV, -TB, -TRD, -FAC):
//! each resolved through condition, options, selection and execution to one
//! concrete result, with an event per step.

use serde_json::json;

use crate::engine::legacy::Event;

use super::board::{dist_to_set, geo, INF};
use super::data::{AutomaFaction, CardDef, Cult, CultMethod, Kind, Vp, CULTS, FAVORS};
use super::select::*;
use super::state::{Decision, PowermongersTrigger, RulesMode, State};

/// One step of an expanded action list (TMA-FAC-2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step {
    Upgrade,
    TakeFavor,
    GainVp(Vp),
    BlockPower,
    AdvanceCult,
    /// `faction` = from the faction action (TMA-FAC-8).
    TransformBuild {
        faction: bool,
    },
    Trade,
    /// Druids: 2 steps, no priest, catch-up (TMA-FAC-4).
    DruidCult,
    /// Symbionts (TMA-FAC-10).
    PlaceCube,
    /// The Blight (TMA-FAC-11).
    Blight,
}

/// The faction action as a step list (TMA-FAC-3..12).
pub fn faction_steps(f: AutomaFaction) -> Vec<Step> {
    let tb = Step::TransformBuild { faction: true };
    match f {
        AutomaFaction::Simpletons
        | AutomaFaction::Kuddlers
        | AutomaFaction::Mimics
        | AutomaFaction::Powermongers => {
            vec![tb, Step::GainVp(Vp::Fixed(2))]
        }
        AutomaFaction::Druids => vec![tb, Step::DruidCult],
        AutomaFaction::Racelings | AutomaFaction::Gognomes => vec![tb],
        AutomaFaction::Wanderers => vec![tb, Step::GainVp(Vp::Fixed(1))],
        AutomaFaction::Symbionts => vec![tb, Step::PlaceCube],
        AutomaFaction::Blight => vec![tb, Step::Blight, Step::Blight, Step::GainVp(Vp::Fixed(1))],
    }
}

/// Context of one Automa turn.
pub struct Cx<'a> {
    pub st: &'a mut State,
    pub ev: &'a mut Vec<Event>,
    pub action: &'static CardDef,
    pub support: &'static CardDef,
}

fn skipped(cx: &mut Cx, action: &str, rule: &str, reason: &str) {
    cx.ev.push(
        Event::new(
            "action_skipped",
            rule,
            format!("{action}: {reason}, so Automa does not perform it."),
        )
        .data(json!({"action": action, "reason": reason})),
    );
}

fn gain_vp(cx: &mut Cx, amount: u32, source: &str, rule: &str) {
    cx.st.automa.vp += amount as i32;
    cx.ev.push(
        Event::new(
            "vp_gained",
            rule,
            format!(
                "Automa gains {amount} VP ({source}); she now has {}.",
                cx.st.automa.vp
            ),
        )
        .data(json!({"amount": amount, "source": source})),
    );
}

/// Runs one step; returns whether it was performed (TMA-ACT-2).
pub fn run(cx: &mut Cx, step: Step) -> bool {
    match step {
        Step::Upgrade => upgrade(cx),
        Step::TakeFavor => take_favor(cx),
        Step::GainVp(v) => {
            let (amount, rule) = match v {
                Vp::Fixed(n) => (n, "TMA-VP-1"),
                Vp::X => (cx.st.options.difficulty.x(cx.st.round), "TMA-VP-2"),
                Vp::None => (0, "TMA-VP-1"),
            };
            if amount == 0 {
                skipped(cx, "gain_vp", "TMA-ACT-3", "the VP value this round is 0");
                return false;
            }
            gain_vp(
                cx,
                amount,
                if v == Vp::X {
                    "X from the difficulty card"
                } else {
                    "card"
                },
                rule,
            );
            true
        }
        Step::BlockPower => block_power(cx),
        Step::AdvanceCult => advance_cult(cx),
        Step::TransformBuild { faction } => transform_build(cx, faction),
        Step::Trade => trade(cx),
        Step::DruidCult => catch_up_steps(cx, 2, "TMA-FAC-4", "Druids"),
        Step::PlaceCube => place_cube(cx),
        Step::Blight => blight(cx),
    }
}

/// Block power action (TMA-PWR-1..3).
fn block_power(cx: &mut Cx) -> bool {
    let mut any = block_on(cx, false);
    if cx.st.options.merchants_of_the_seas {
        any |= block_on(cx, true);
    }
    any
}

fn block_on(cx: &mut Cx, merchants: bool) -> bool {
    let ids = cx.st.power_ids.clone();
    let opts: Vec<usize> = (0..ids.len())
        .filter(|i| (*i >= 6) == merchants && cx.st.power_actions[*i].is_none())
        .collect();
    let board = if merchants { "merchants" } else { "main" };
    let rule = if merchants { "TMA-PWR-3" } else { "TMA-PWR-1" };
    if opts.is_empty() {
        skipped(
            cx,
            "block_power_action",
            rule,
            &format!("no power action on the {board} board is uncovered"),
        );
        return false;
    }
    cx.ev.push(
        Event::new("options", rule, format!("Uncovered power actions: {}.", opts.iter().map(|i| ids[*i].as_str()).collect::<Vec<_>>().join(", ")))
            .data(json!({"action": "block_power_action", "candidates": opts.iter().map(|i| &ids[*i]).collect::<Vec<_>>()})),
    );
    let (dir, n) = (cx.support.dir, cx.support.count);
    let Some(ch) = directional(cx.ev, &opts, dir, n, |i| ids[*i].clone()) else {
        return false;
    };
    cx.st.power_actions[ch] = Some(cx.st.automa_seat());
    cx.ev.push(
        Event::new(
            "power_action_blocked",
            "TMA-PWR-2",
            format!("Automa covers power action {}; she gains nothing.", ids[ch]),
        )
        .data(json!({"space": ids[ch], "board": board})),
    );
    true
}

/// Tracks Automa may advance on: no marker on 10 (TMA-CULT-1).
fn cult_options(st: &State) -> Vec<Cult> {
    CULTS
        .iter()
        .copied()
        .filter(|t| (0..st.n_seats()).all(|s| st.cult[s][t.idx()] < 10))
        .collect()
}

/// Moves Automa's marker (TMA-CULT-6): never past 10, 10 only if free.
pub fn automa_advance(st: &mut State, t: Cult, steps: u8) -> (u8, u8) {
    let a = st.automa_seat();
    let from = st.cult[a][t.idx()];
    let ten_taken = (0..st.n_seats()).any(|s| s != a && st.cult[s][t.idx()] >= 10);
    let cap = if ten_taken { 9 } else { 10 };
    let to = (from + steps).min(cap).max(from);
    st.cult[a][t.idx()] = to;
    (from, to)
}

fn advance_cult(cx: &mut Cx) -> bool {
    let opts = cult_options(cx.st);
    if opts.is_empty() {
        skipped(
            cx,
            "advance_cult",
            "TMA-CULT-1",
            "every cult track has a marker on 10",
        );
        return false;
    }
    cx.ev.push(
        Event::new(
            "options",
            "TMA-CULT-1",
            format!(
                "Cult tracks without a marker on 10: {}.",
                opts.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
            ),
        )
        .data(json!({"action": "advance_cult", "candidates": opts})),
    );
    let Some(t) = select_track(cx.st, cx.ev, &opts, cx.support.cult, cx.support) else {
        return false;
    };
    let free = cx.st.priest_spaces[t.idx()]
        .iter()
        .position(|p| p.is_none());
    let (steps, space) = match free {
        Some(i) if cx.st.automa.priests > 0 => {
            cx.st.priest_spaces[t.idx()][i] = Some(cx.st.automa_seat());
            cx.st.automa.priests -= 1;
            (if i == 0 { 3 } else { 2 }, Some(if i == 0 { 3 } else { 2 }))
        }
        _ => (1, None),
    };
    let (from, to) = automa_advance(cx.st, t, steps);
    cx.ev.push(
        Event::new(
            "cult_advanced",
            "TMA-CULT-5",
            match space {
                Some(v) => format!(
                    "Automa puts a priest on the {v}-space of {} and advances from {from} to {to}.",
                    t.name()
                ),
                None => format!(
                    "Automa advances 1 on {} without a priest: {from} → {to}.",
                    t.name()
                ),
            },
        )
        .data(json!({"track": t, "from": from, "to": to, "priest_space": space})),
    );
    true
}

/// Catch-up advance without priest (Druids 2, Powermongers 1).
fn catch_up_steps(cx: &mut Cx, steps: u8, rule: &str, who: &str) -> bool {
    let opts = cult_options(cx.st);
    if opts.is_empty() {
        skipped(
            cx,
            "advance_cult",
            rule,
            "every cult track has a marker on 10",
        );
        return false;
    }
    let Some(t) = select_track(cx.st, cx.ev, &opts, CultMethod::Cu, cx.support) else {
        return false;
    };
    let (from, to) = automa_advance(cx.st, t, steps);
    cx.ev.push(
        Event::new(
            "cult_advanced",
            rule,
            format!(
                "{who}: Automa advances {steps} on {} without a priest: {from} → {to}.",
                t.name()
            ),
        )
        .data(json!({"track": t, "from": from, "to": to, "priest_space": null})),
    );
    true
}

/// Take a favor tile (TMA-FAV-1..3).
fn take_favor(cx: &mut Cx) -> bool {
    if cx.st.round < 5 {
        skipped(
            cx,
            "take_favor_tile",
            "TMA-FAV-1",
            "favor tiles are taken only in rounds 5 and 6",
        );
        return false;
    }
    let open = cult_options(cx.st);
    let opts: Vec<Cult> = FAVORS[..4]
        .iter()
        .filter(|f| cx.st.favor_supply.get(f.0).copied().unwrap_or(0) > 0 && open.contains(&f.1))
        .map(|f| f.1)
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            "take_favor_tile",
            "TMA-FAV-1",
            "no +3 favor tile is available",
        );
        return false;
    }
    cx.ev.push(
        Event::new("options", "TMA-FAV-1", "Favor tile options (the +3 tiles).".to_string())
            .data(json!({"action": "take_favor_tile", "candidates": opts.iter().map(|t| FAVORS[t.idx()].0).collect::<Vec<_>>()})),
    );
    let Some(t) = select_track(cx.st, cx.ev, &opts, cx.support.cult, cx.support) else {
        return false;
    };
    let tile = FAVORS[t.idx()].0;
    if let Some(n) = cx.st.favor_supply.get_mut(tile) {
        *n = n.saturating_sub(1);
    }
    cx.st.automa.favors.push(tile.into());
    let (from, to) = automa_advance(cx.st, t, 3);
    cx.ev.push(
        Event::new(
            "favor_taken",
            "TMA-FAV-3",
            format!(
                "Automa takes {tile} and advances on {}: {from} → {to}.",
                t.name()
            ),
        )
        .data(json!({"tile": tile, "track": t, "from": from, "to": to})),
    );
    true
}

fn offer_power(cx: &mut Cx, c: usize, rule: &str) -> Vec<(usize, u32)> {
    let g = geo(&cx.st.options.map).expect("map");
    let offers = power_given(cx.st, g, c);
    for (h, p) in &offers {
        if *p > 0 {
            let id = cx.st.seat_id(*h);
            cx.ev.push(
                Event::new(
                    "power_offered",
                    rule,
                    format!(
                        "{id} may gain {p} power from Automa's building on {} (at the table).",
                        g.name(c)
                    ),
                )
                .data(json!({"seat": id, "amount": p})),
            );
        }
    }
    offers
}

/// Powermongers' ongoing ability after a T&B, Upgrade or Trade (TMA-FAC-9).
fn powermongers_check(cx: &mut Cx, offers: &[(usize, u32)]) {
    if cx.st.automa.faction != AutomaFaction::Powermongers {
        return;
    }
    match cx.st.options.powermongers_trigger {
        PowermongersTrigger::Offered => {
            if offers.iter().any(|(_, p)| *p >= 2) {
                catch_up_steps(
                    cx,
                    1,
                    "TMA-FAC-9",
                    "Powermongers (you were offered 2 or more power)",
                );
            }
        }
        PowermongersTrigger::Ask => {
            for (h, p) in offers {
                if *p >= 2 {
                    cx.st.pending.push(Decision::PowerGainReport {
                        seat: *h,
                        offered: *p,
                    });
                }
            }
        }
    }
}

/// Upgrade (TMA-UPG-1..4).
pub fn upgrade(cx: &mut Cx) -> bool {
    let g = geo(&cx.st.options.map).expect("map");
    let a = cx.st.automa_seat();
    let sup = cx.st.automa.supply;
    let mots = cx.st.options.merchants_of_the_seas;
    let th = sup[Kind::TradingHouse.idx()] > 0;
    let can = |k: Kind| match k {
        Kind::Dwelling => th,
        Kind::TradingHouse => {
            sup[Kind::Stronghold.idx()] > 0
                || sup[Kind::Temple.idx()] > 0
                || (mots && sup[Kind::Shipyard.idx()] > 0)
        }
        Kind::Temple => sup[Kind::Sanctuary.idx()] > 0,
        _ => false,
    };
    let opts: Vec<usize> = cx
        .st
        .cells_of(a)
        .into_iter()
        .filter(|c| cx.st.buildings[*c].is_some_and(|b| can(b.kind)))
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            "upgrade",
            "TMA-UPG-1",
            "she has no building she can upgrade",
        );
        return false;
    }
    let lab = |c: &usize| g.name(*c).to_string();
    cx.ev.push(
        Event::new(
            "options",
            "TMA-UPG-1",
            format!(
                "Buildings Automa can upgrade: {}.",
                opts.iter().map(lab).collect::<Vec<_>>().join(", ")
            ),
        )
        .data(json!({"action": "upgrade", "candidates": opts.iter().map(lab).collect::<Vec<_>>()})),
    );
    let mut cur = opts;
    if th && cur.len() > 1 {
        let walls = cx.st.human_walls();
        let bridges = cx.st.bridge_pairs();
        let keep: Vec<usize> = cur
            .iter()
            .copied()
            .filter(|c| {
                cx.st.buildings[*c].is_some_and(|b| b.kind == Kind::Dwelling)
                    && g.adj(*c, &bridges).iter().any(|n| walls[*n])
            })
            .collect();
        cur = narrow(
            cx.ev,
            "adjacent_to_humans",
            "TMA-UPG-2",
            &cur,
            keep,
            lab,
            json!(null),
            "She has a trading house in supply: keep her dwellings directly adjacent to your buildings.".into(),
        );
    }
    if cur.len() > 1 {
        cur = by_power(cx.st, cx.ev, &cur, false, "TMA-UPG-2");
    }
    let c = if cur.len() > 1 {
        directional(cx.ev, &cur, cx.support.dir, cx.support.count, lab).unwrap_or(cur[0])
    } else {
        cur[0]
    };
    let Some(b) = cx.st.buildings[c] else {
        return false;
    };
    let shipyard_power = cx.st.options.mots_shipyard_power;
    let to = match b.kind {
        Kind::Dwelling => Kind::TradingHouse,
        Kind::TradingHouse => {
            let mut cands: Vec<Kind> = Vec::new();
            if mots && sup[Kind::Shipyard.idx()] > 0 {
                cands.push(Kind::Shipyard);
            }
            if sup[Kind::Stronghold.idx()] > 0 {
                cands.push(Kind::Stronghold);
            }
            if sup[Kind::Temple.idx()] > 0 {
                cands.push(Kind::Temple);
            }
            // Highest power; the Shipyard is listed first so it wins a tie (TMA-UPG-3).
            let best = cands
                .iter()
                .map(|k| k.power(shipyard_power))
                .max()
                .unwrap_or(0);
            cands
                .into_iter()
                .find(|k| k.power(shipyard_power) == best)
                .unwrap_or(Kind::Temple)
        }
        _ => Kind::Sanctuary,
    };
    cx.st.automa.supply[to.idx()] -= 1;
    cx.st.automa.supply[b.kind.idx()] += 1;
    cx.st.buildings[c] = Some(super::state::Building {
        owner: a,
        kind: to,
        marked: b.marked,
    });
    cx.ev.push(
        Event::new(
            "building_upgraded",
            "TMA-UPG-3",
            format!(
                "Automa upgrades her {} on {} to a {}, {}.",
                b.kind.name(),
                g.name(c),
                to.name(),
                if b.marked { "marked" } else { "unmarked" }
            ),
        )
        .data(json!({"cell": g.name(c), "from": b.kind, "to": to, "marked": b.marked})),
    );
    let offers = offer_power(cx, c, "TMA-UPG-4");
    powermongers_check(cx, &offers);
    true
}

fn fallback(cx: &mut Cx, reason: &str) -> bool {
    let rule = if reason == "no_dwelling" {
        "TMA-TB-1"
    } else {
        "TMA-TB-12"
    };
    cx.ev.push(
        Event::new(
            "fallback",
            rule,
            if reason == "no_dwelling" {
                "Automa has no dwelling left, so she upgrades instead.".to_string()
            } else {
                "Automa has no cell to build on, so she upgrades instead.".to_string()
            },
        )
        .data(json!({"from": "transform_and_build", "to": "upgrade", "reason": reason})),
    );
    upgrade(cx)
}

/// Transform and build (TMA-TB-1..13, faction variants TMA-FAC-3..8).
fn transform_build(cx: &mut Cx, faction: bool) -> bool {
    if cx.st.automa.supply[Kind::Dwelling.idx()] == 0 {
        return fallback(cx, "no_dwelling");
    }
    let g = geo(&cx.st.options.map).expect("map");
    let lab = |c: &usize| g.name(*c).to_string();
    let a = cx.st.automa_seat();
    let s = cx
        .action
        .ship_override
        .unwrap_or_else(|| cx.st.options.difficulty.ship(cx.st.round));
    let bridges = cx.st.bridge_pairs();
    let walls = cx.st.human_walls();
    let mine = cx.st.cells_of(a);
    let marked: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|c| cx.st.buildings[*c].is_some_and(|b| b.marked))
        .collect();
    let unmarked: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|c| cx.st.buildings[*c].is_some_and(|b| !b.marked))
        .collect();
    let fac = if faction {
        Some(cx.st.automa.faction)
    } else {
        None
    };
    let empty = |c: usize| g.is_land(c) && cx.st.buildings[c].is_none();
    let mut opts: Vec<usize> = if fac == Some(AutomaFaction::Wanderers) {
        g.land_cells().filter(|c| empty(*c)).collect()
    } else {
        let base = if cx.support.marked {
            &marked
        } else {
            &unmarked
        };
        let mut v: Vec<usize> = base
            .iter()
            .flat_map(|b| g.river_range(*b, s, &bridges))
            .filter(|c| empty(*c))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let rule3 = if fac == Some(AutomaFaction::Wanderers) {
        "TMA-FAC-6"
    } else {
        "TMA-TB-3"
    };
    cx.ev.push(
        Event::new(
            "options",
            rule3,
            format!(
                "Transform & build with shipping {s}: {} empty cells in range of her {} buildings: {}.",
                opts.len(),
                if fac == Some(AutomaFaction::Wanderers) { "(Wanderers: any)" } else if cx.support.marked { "marked" } else { "unmarked" },
                opts.iter().map(lab).collect::<Vec<_>>().join(", ")
            ),
        )
        .data(json!({"action": "transform_and_build", "shipping": s, "structure": if cx.support.marked {"marked"} else {"unmarked"}, "candidates": opts.iter().map(lab).collect::<Vec<_>>()})),
    );
    if opts.is_empty() {
        return fallback(cx, "no_option");
    }
    // Merging (TMA-TB-4/5).
    if cx.support.merging && opts.len() > 1 {
        let joined = marked.iter().any(|m| {
            g.river_range(*m, s, &bridges)
                .iter()
                .any(|x| unmarked.contains(x))
        });
        if joined {
            cx.ev.push(
                Event::new("selection", "TMA-TB-4", "Merging: a marked building is already within range of an unmarked one; nothing to merge.".to_string())
                    .data(json!({"method": "merging", "rule": "TMA-TB-4", "before": opts.iter().map(lab).collect::<Vec<_>>(), "after": opts.iter().map(lab).collect::<Vec<_>>(), "detail": {"joined": true}, "skipped": true})),
            );
        } else {
            let dd: u32 = marked
                .iter()
                .map(|m| dist_to_set(g, &bridges, &walls, *m, &unmarked))
                .min()
                .unwrap_or(INF);
            let pairs: Vec<(u32, u32)> = opts
                .iter()
                .map(|c| {
                    (
                        dist_to_set(g, &bridges, &walls, *c, &marked),
                        dist_to_set(g, &bridges, &walls, *c, &unmarked),
                    )
                })
                .collect();
            let keep: Vec<usize> = opts
                .iter()
                .zip(&pairs)
                .filter(|(_, (m, u))| (*m).max(*u) < dd)
                .map(|(c, _)| *c)
                .collect();
            let fmt = |x: u32| {
                if x == INF {
                    "∞".to_string()
                } else {
                    x.to_string()
                }
            };
            let detail: Vec<_> = opts
                .iter()
                .zip(&pairs)
                .map(|(c, (m, u))| json!({"cell": g.name(*c), "dist_marked": fmt(*m), "dist_unmarked": fmt(*u)}))
                .collect();
            opts = narrow(
                cx.ev,
                "merging",
                "TMA-TB-5",
                &opts,
                keep,
                lab,
                json!({"gap": fmt(dd), "cells": detail}),
                format!("Merging: the gap between marked and unmarked buildings is {}; keep the cells that shorten it.", fmt(dd)),
            );
        }
    }
    let human_home = cx
        .st
        .humans
        .first()
        .map(|h| h.home)
        .unwrap_or(cx.st.automa.home);
    let row_name = if cx.support.row_a { "A" } else { "B" };
    // Faction methods first (TMA-TB-6a, TMA-FAC-3/7).
    if opts.len() > 1 {
        match fac {
            Some(AutomaFaction::Kuddlers) => {
                opts = by_distance(cx.st, cx.ev, &opts, false);
                if opts.len() > 1 {
                    let row = atp_row(cx.st, human_home, cx.support.row_a);
                    opts =
                        terrain_priority(cx.st, cx.ev, &opts, &row, &format!("human {row_name}"));
                }
            }
            Some(AutomaFaction::Mimics) => {
                let row = atp_row(cx.st, human_home, cx.support.row_a);
                opts = terrain_priority(cx.st, cx.ev, &opts, &row, &format!("human {row_name}"));
                if opts.len() > 1 {
                    opts = by_distance(cx.st, cx.ev, &opts, false);
                }
            }
            Some(AutomaFaction::Powermongers) => {
                opts = by_power(cx.st, cx.ev, &opts, true, "TMA-FAC-7");
            }
            _ => {}
        }
    }
    if opts.len() > 1 {
        let row = atp_row(cx.st, cx.st.automa.home, cx.support.row_a);
        opts = terrain_priority(cx.st, cx.ev, &opts, &row, row_name);
    }
    if opts.len() > 1 {
        use super::state::FinalTile;
        let far = matches!(
            cx.st.options.final_scoring_tile,
            FinalTile::GreatestDistance | FinalTile::StrongholdSanctuary
        );
        opts = by_distance(cx.st, cx.ev, &opts, far);
    }
    let c = if opts.len() > 1 {
        directional(cx.ev, &opts, cx.support.dir, cx.support.count, lab).unwrap_or(opts[0])
    } else {
        opts[0]
    };
    // Execution (TMA-TB-8..10).
    let before = cx.st.terrain[c];
    let dm = dist_to_set(g, &bridges, &walls, c, &marked);
    let du = dist_to_set(g, &bridges, &walls, c, &unmarked);
    let is_marked = dm < du;
    cx.st.terrain[c] = Some(cx.st.automa.home);
    cx.st.cube[c] = false;
    cx.st.blight[c] = false;
    cx.st.automa.supply[Kind::Dwelling.idx()] -= 1;
    cx.st.buildings[c] = Some(super::state::Building {
        owner: a,
        kind: Kind::Dwelling,
        marked: is_marked,
    });
    let fmt = |x: u32| {
        if x == INF {
            "∞".to_string()
        } else {
            x.to_string()
        }
    };
    cx.ev.push(
        Event::new(
            "dwelling_built",
            "TMA-TB-10",
            format!(
                "Automa builds a dwelling on {} ({}{}), {} (distance {} to marked, {} to unmarked).",
                g.name(c),
                cx.st.automa.home.name(),
                if before != Some(cx.st.automa.home) {
                    format!(", transformed from {}", before.map(|t| t.name()).unwrap_or("?"))
                } else {
                    String::new()
                },
                if is_marked { "marked" } else { "unmarked" },
                fmt(dm),
                fmt(du)
            ),
        )
        .data(json!({"cell": g.name(c), "terrain_before": before, "terrain_after": cx.st.automa.home, "marked": is_marked,
                     "dist_marked": if dm == INF { None } else { Some(dm) }, "dist_unmarked": if du == INF { None } else { Some(du) }})),
    );
    let offers = offer_power(cx, c, "TMA-TB-11");
    powermongers_check(cx, &offers);
    true
}

/// Trade (TMA-TRD-1..3).
fn trade(cx: &mut Cx) -> bool {
    let from = cx.action.trade_round.unwrap_or(1);
    if cx.st.round < from {
        skipped(
            cx,
            "trade",
            "TMA-ACT-3",
            &format!("this card trades only from round {from} on"),
        );
        return false;
    }
    if cx.st.automa.trade_markers == 0 {
        skipped(cx, "trade", "TMA-TRD-1", "she has no trade marker left");
        return false;
    }
    let g = geo(&cx.st.options.map).expect("map");
    let lab = |c: &usize| g.name(*c).to_string();
    let opts: Vec<usize> = cx
        .st
        .human_cells()
        .into_iter()
        .filter(|c| !cx.st.trade_marker[*c] && g.nbrs[*c].iter().any(|n| !g.is_land(*n)))
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            "trade",
            "TMA-TRD-1",
            "none of your buildings borders a river without a trade marker",
        );
        return false;
    }
    cx.ev.push(
        Event::new(
            "options",
            "TMA-TRD-1",
            format!(
                "Trade options: {}.",
                opts.iter().map(lab).collect::<Vec<_>>().join(", ")
            ),
        )
        .data(json!({"action": "trade", "candidates": opts.iter().map(lab).collect::<Vec<_>>()})),
    );
    let sp = cx.st.options.mots_shipyard_power;
    let pw = |st: &State, c: usize| st.buildings[c].map(|b| b.kind.power(sp)).unwrap_or(0);
    let best = opts.iter().map(|c| pw(cx.st, *c)).max().unwrap_or(0);
    let keep: Vec<usize> = opts
        .iter()
        .copied()
        .filter(|c| pw(cx.st, *c) == best)
        .collect();
    let mut cur = opts.clone();
    if cur.len() > 1 {
        cur = narrow(
            cx.ev,
            "highest_power",
            "TMA-TRD-2",
            &cur,
            keep,
            lab,
            json!(null),
            "Keep your buildings with the highest power value.".into(),
        );
    }
    let c = if cur.len() > 1 {
        directional(cx.ev, &cur, cx.support.dir, cx.support.count, lab).unwrap_or(cur[0])
    } else {
        cur[0]
    };
    let p = pw(cx.st, c);
    cx.st.trade_marker[c] = true;
    cx.st.automa.trade_markers -= 1;
    let owner = cx.st.buildings[c].map(|b| b.owner).unwrap_or(0);
    cx.ev.push(
        Event::new(
            "trade",
            "TMA-TRD-3",
            format!(
                "Automa trades with your building on {} and gains {p} VP.",
                g.name(c)
            ),
        )
        .data(json!({"cell": g.name(c), "owner": cx.st.seat_id(owner), "vp": p})),
    );
    cx.st.automa.vp += p as i32;
    powermongers_check(cx, &[(owner, p)]);
    true
}

/// Symbionts' cube (TMA-FAC-10).
fn place_cube(cx: &mut Cx) -> bool {
    let g = geo(&cx.st.options.map).expect("map");
    let lab = |c: &usize| g.name(*c).to_string();
    let walls = cx.st.human_walls();
    let bridges = cx.st.bridge_pairs();
    let opts: Vec<usize> = g
        .land_cells()
        .filter(|c| {
            cx.st.buildings[*c].is_none()
                && !cx.st.cube[*c]
                && g.adj(*c, &bridges).iter().any(|n| walls[*n])
        })
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            "place_cube",
            "TMA-FAC-10",
            "no free cell borders your buildings",
        );
        return false;
    }
    let rows = cx.st.options.symbiont_youth_atp.clone();
    let row = match rows {
        Some(r) => {
            if cx.support.row_a {
                r.a
            } else {
                r.b
            }
        }
        None => atp_row(cx.st, cx.st.automa.home, cx.support.row_a),
    };
    let mut cur = terrain_priority(cx.st, cx.ev, &opts, &row, "youth");
    if cur.len() > 1 {
        cur =
            vec![directional(cx.ev, &cur, cx.support.dir, cx.support.count, lab).unwrap_or(cur[0])];
    }
    let c = cur[0];
    cx.st.cube[c] = true;
    cx.ev.push(
        Event::new(
            "cube_placed",
            "TMA-FAC-10",
            format!("Symbionts place a cube on {}.", g.name(c)),
        )
        .data(json!({"cell": g.name(c)})),
    );
    true
}

/// The Blight: fallow → blighted (TMA-FAC-11).
fn blight(cx: &mut Cx) -> bool {
    let g = geo(&cx.st.options.map).expect("map");
    let lab = |c: &usize| g.name(*c).to_string();
    let opts: Vec<usize> = g
        .land_cells()
        .filter(|c| cx.st.buildings[*c].is_none() && !cx.st.blight[*c])
        .collect();
    if opts.is_empty() {
        skipped(cx, "blight", "TMA-FAC-11", "no fallow land is left");
        return false;
    }
    let mut cur = by_distance(cx.st, cx.ev, &opts, false);
    if cur.len() > 1 {
        cur =
            vec![directional(cx.ev, &cur, cx.support.dir, cx.support.count, lab).unwrap_or(cur[0])];
    }
    let c = cur[0];
    cx.st.blight[c] = true;
    let _ = RulesMode::House;
    cx.ev.push(
        Event::new(
            "blight_placed",
            "TMA-FAC-11",
            format!("The Blight turns {} into blighted land.", g.name(c)),
        )
        .data(json!({"cell": g.name(c)})),
    );
    true
}

/// Gognomes' house achievements (TMA-FAC-12), checked after each Automa turn.
pub fn gognome_achievements(st: &mut State, ev: &mut Vec<Event>) {
    if st.automa.faction != AutomaFaction::Gognomes || st.options.gognomes_rules != RulesMode::House
    {
        return;
    }
    let a = st.automa_seat();
    let n = st.cells_of(a).len();
    let conds = [
        n >= 4,
        n >= 6,
        n >= 8,
        n >= 10,
        st.on_map(a, Kind::Stronghold) > 0,
        st.on_map(a, Kind::Sanctuary) > 0,
    ];
    for (i, ok) in conds.iter().enumerate() {
        let tok = i as u8 + 1;
        if *ok && !st.automa.achievements.contains(&tok) {
            st.automa.achievements.push(tok);
            let vp = st.options.gognome_achievement_vp[i];
            st.automa.vp += vp;
            ev.push(
                Event::new(
                    "achievement",
                    "TMA-FAC-12",
                    format!("Gognomes reach achievement {tok} and gain {vp} VP."),
                )
                .data(json!({"token": tok, "vp": vp})),
            );
        }
    }
}
