//! Selection methods (TMA-SEL-*): narrowing with the empty-set skip, terrain
//! priority, closest/furthest, power given, directional counting, and the
//! cult-track methods ST / catch-up (TMA-CULT-2..4).

use serde_json::json;

use crate::engine::legacy::Event;

use super::board::{dist_to_set, geo, MapGeo, INF};
use super::data::{house_atp, CardDef, Cult, CultMethod, Dir, Terrain};
use super::state::State;

/// Keeps `keep` unless it is empty (TMA-SEL-1/2) and logs the step.
#[allow(clippy::too_many_arguments)]
pub fn narrow<T: Clone + PartialEq>(
    ev: &mut Vec<Event>,
    method: &str,
    rule: &str,
    before: &[T],
    keep: Vec<T>,
    label: impl Fn(&T) -> String,
    detail: serde_json::Value,
    text: String,
) -> Vec<T> {
    let b: Vec<String> = before.iter().map(&label).collect();
    if keep.is_empty() {
        ev.push(
            Event::new("selection", "TMA-SEL-2", format!("{text} No option qualifies, so the method is skipped."))
                .data(json!({"method": method, "rule": rule, "before": b, "after": b, "detail": detail, "skipped": true})),
        );
        return before.to_vec();
    }
    let a: Vec<String> = keep.iter().map(&label).collect();
    ev.push(
        Event::new("selection", rule, format!("{text} Left: {}.", a.join(", "))).data(
            json!({"method": method, "rule": rule, "before": b, "after": a, "detail": detail}),
        ),
    );
    keep
}

/// Directional selection (TMA-SEL-7/8): options are already in their
/// left-to-right order; RD counts from the first, LU from the last; index (n−1) mod k.
pub fn directional<T: Clone>(
    ev: &mut Vec<Event>,
    opts: &[T],
    dir: Dir,
    count: u32,
    label: impl Fn(&T) -> String,
) -> Option<T> {
    if opts.is_empty() {
        return None;
    }
    let mut ordered: Vec<T> = opts.to_vec();
    if dir == Dir::Lu {
        ordered.reverse();
    }
    let i = ((count.max(1) - 1) as usize) % ordered.len();
    let chosen = ordered[i].clone();
    let names: Vec<String> = ordered.iter().map(&label).collect();
    let arrow = if dir == Dir::Rd { "→" } else { "←" };
    ev.push(
        Event::new(
            "directional",
            "TMA-SEL-7",
            format!("Directional selection {arrow}{count} over {}: {}.", names.join(", "), label(&chosen)),
        )
        .data(json!({"direction": if dir == Dir::Rd {"rd"} else {"lu"}, "count": count, "ordered": names, "chosen": label(&chosen)})),
    );
    Some(chosen)
}

/// ATP row (TMA-SEL-5/6): option or house default.
pub fn atp_row(st: &State, home: Terrain, row_a: bool) -> Vec<Terrain> {
    if let Some(r) = st.options.atp_cards.get(&home) {
        return if row_a { r.a.clone() } else { r.b.clone() };
    }
    let (a, b) = house_atp(home);
    if row_a {
        a.to_vec()
    } else {
        b.to_vec()
    }
}

/// Terrain priority (TMA-SEL-5) over cells.
pub fn terrain_priority(
    st: &State,
    ev: &mut Vec<Event>,
    opts: &[usize],
    row: &[Terrain],
    row_name: &str,
) -> Vec<usize> {
    let g = geo(&st.options.map).expect("map checked at start");
    for t in row {
        let keep: Vec<usize> = opts
            .iter()
            .copied()
            .filter(|c| st.terrain[*c] == Some(*t))
            .collect();
        if !keep.is_empty() {
            let detail: Vec<_> = opts
                .iter()
                .map(|c| json!({"cell": g.name(*c), "terrain": st.terrain[*c]}))
                .collect();
            return narrow(
                ev,
                "terrain_priority",
                "TMA-SEL-5",
                opts,
                keep,
                |c| g.name(*c).to_string(),
                json!({"row": row_name, "terrains": row, "cells": detail}),
                format!(
                    "Terrain priority {row_name} ({}): {} comes first among the options.",
                    row.iter().map(|t| t.name()).collect::<Vec<_>>().join(", "),
                    t.name()
                ),
            );
        }
    }
    opts.to_vec()
}

/// Closest to human buildings (TMA-SEL-3) or furthest from Automa buildings (TMA-SEL-4).
pub fn by_distance(
    st: &State,
    ev: &mut Vec<Event>,
    opts: &[usize],
    furthest_from_automa: bool,
) -> Vec<usize> {
    let g = geo(&st.options.map).expect("map");
    let walls = st.human_walls();
    let bridges = st.bridge_pairs();
    let target = if furthest_from_automa {
        st.cells_of(st.automa_seat())
    } else {
        st.human_cells()
    };
    let d: Vec<u32> = opts
        .iter()
        .map(|c| dist_to_set(g, &bridges, &walls, *c, &target))
        .collect();
    let best = if furthest_from_automa {
        d.iter().copied().max()
    } else {
        d.iter().copied().min()
    }
    .unwrap_or(INF);
    let keep: Vec<usize> = opts
        .iter()
        .zip(&d)
        .filter(|(_, x)| **x == best)
        .map(|(c, _)| *c)
        .collect();
    let detail: Vec<_> = opts
        .iter()
        .zip(&d)
        .map(|(c, x)| json!({"cell": g.name(*c), "distance": if *x == INF { None } else { Some(*x) }}))
        .collect();
    let (method, rule, what) = if furthest_from_automa {
        (
            "furthest_from_automa",
            "TMA-SEL-4",
            "furthest from Automa's buildings",
        )
    } else {
        (
            "closest_to_humans",
            "TMA-SEL-3",
            "closest to your buildings",
        )
    };
    let parts: Vec<String> = opts
        .iter()
        .zip(&d)
        .map(|(c, x)| {
            format!(
                "{} {}",
                g.name(*c),
                if *x == INF {
                    "∞".to_string()
                } else {
                    x.to_string()
                }
            )
        })
        .collect();
    narrow(
        ev,
        method,
        rule,
        opts,
        keep,
        |c| g.name(*c).to_string(),
        json!(detail),
        format!("Keep the options {what} ({}).", parts.join(", ")),
    )
}

/// Power a build/upgrade on `c` gives each human (TMA-SEL-9): (seat, power).
pub fn power_given(st: &State, g: &MapGeo, c: usize) -> Vec<(usize, u32)> {
    let bridges = st.bridge_pairs();
    let adj = g.adj(c, &bridges);
    (0..st.n_humans)
        .map(|h| {
            let p = adj
                .iter()
                .filter_map(|n| st.buildings[*n])
                .filter(|b| b.owner == h)
                .map(|b| b.kind.power(st.options.mots_shipyard_power))
                .sum();
            (h, p)
        })
        .collect()
}

pub fn total_power(st: &State, g: &MapGeo, c: usize) -> u32 {
    power_given(st, g, c).iter().map(|x| x.1).sum()
}

/// Least (or most, Powermongers) power to the humans together (TMA-SEL-9, TMA-TWO-7).
pub fn by_power(
    st: &State,
    ev: &mut Vec<Event>,
    opts: &[usize],
    most: bool,
    rule: &str,
) -> Vec<usize> {
    let g = geo(&st.options.map).expect("map");
    let p: Vec<u32> = opts.iter().map(|c| total_power(st, g, *c)).collect();
    let best = if most { p.iter().max() } else { p.iter().min() }
        .copied()
        .unwrap_or(0);
    let keep: Vec<usize> = opts
        .iter()
        .zip(&p)
        .filter(|(_, x)| **x == best)
        .map(|(c, _)| *c)
        .collect();
    let detail: Vec<_> = opts
        .iter()
        .zip(&p)
        .map(|(c, x)| json!({"cell": g.name(*c), "power": x}))
        .collect();
    let parts: Vec<String> = opts
        .iter()
        .zip(&p)
        .map(|(c, x)| format!("{} {x}", g.name(*c)))
        .collect();
    narrow(
        ev,
        if most { "most_power" } else { "least_power" },
        rule,
        opts,
        keep,
        |c| g.name(*c).to_string(),
        json!(detail),
        format!(
            "Keep the options that give you the {} power ({}).",
            if most { "most" } else { "least" },
            parts.join(", ")
        ),
    )
}

/// The reference human marker of a track: the human's (solo) or the highest human's (TMA-CULT-4).
pub fn human_marker(st: &State, t: Cult) -> u8 {
    (0..st.n_humans)
        .map(|h| st.cult[h][t.idx()])
        .max()
        .unwrap_or(0)
}

/// Cult method of the support card applied to track options (TMA-CULT-2..4).
pub fn select_track(
    st: &State,
    ev: &mut Vec<Event>,
    opts: &[Cult],
    method: CultMethod,
    support: &CardDef,
) -> Option<Cult> {
    if opts.is_empty() {
        return None;
    }
    let lab = |t: &Cult| t.name().to_string();
    if method == CultMethod::St {
        let tc = st.tile().and_then(|t| t.automa_cult);
        if let Some(c) = tc.filter(|c| opts.contains(c)) {
            ev.push(
                Event::new(
                    "selection",
                    "TMA-CULT-2",
                    format!("Scoring tile: the Automa icon of this round's tile is {}, which is an option.", c.name()),
                )
                .data(json!({"method": "scoring_tile", "rule": "TMA-CULT-2", "before": opts.iter().map(lab).collect::<Vec<_>>(), "after": [c.name()], "detail": {"tile_cult": c}})),
            );
            return Some(c);
        }
        ev.push(
            Event::new(
                "selection",
                "TMA-CULT-2",
                "Scoring tile: its Automa colour is not an option, so Automa catches up instead.".to_string(),
            )
            .data(json!({"method": "scoring_tile", "rule": "TMA-CULT-2", "before": opts.iter().map(lab).collect::<Vec<_>>(), "after": opts.iter().map(lab).collect::<Vec<_>>(), "detail": {"tile_cult": tc}, "skipped": true})),
        );
    }
    let a = st.automa_seat();
    let mut cur = opts.to_vec();
    if cur.len() > 1 {
        let keep: Vec<Cult> = cur
            .iter()
            .copied()
            .filter(|t| st.cult[a][t.idx()] == 0)
            .collect();
        cur = narrow(
            ev,
            "catch_up_zero",
            "TMA-CULT-3",
            &cur,
            keep,
            lab,
            json!(cur
                .iter()
                .map(|t| json!({"track": t, "automa": st.cult[a][t.idx()]}))
                .collect::<Vec<_>>()),
            "Catch-up I: tracks where Automa stands on 0.".into(),
        );
    }
    if cur.len() > 1 {
        let d: Vec<u32> = cur
            .iter()
            .map(|t| {
                (i32::from(st.cult[a][t.idx()]) - i32::from(human_marker(st, *t))).unsigned_abs()
            })
            .collect();
        let best = d.iter().copied().min().unwrap_or(0);
        let keep: Vec<Cult> = cur
            .iter()
            .zip(&d)
            .filter(|(_, x)| **x == best)
            .map(|(t, _)| *t)
            .collect();
        let rule = if st.n_humans > 1 {
            "TMA-CULT-4"
        } else {
            "TMA-CULT-3"
        };
        let detail: Vec<_> = cur
            .iter()
            .zip(&d)
            .map(|(t, x)| json!({"track": t, "automa": st.cult[a][t.idx()], "human": human_marker(st, *t), "distance": x}))
            .collect();
        let parts: Vec<String> = cur
            .iter()
            .zip(&d)
            .map(|(t, x)| format!("{} {x}", t.name()))
            .collect();
        cur = narrow(
            ev,
            "catch_up_nearest",
            rule,
            &cur,
            keep,
            lab,
            json!(detail),
            format!(
                "Catch-up II: tracks where Automa is nearest to your marker ({}).",
                parts.join(", ")
            ),
        );
    }
    if cur.len() > 1 {
        return directional(ev, &cur, support.dir, support.count, lab);
    }
    cur.first().copied()
}
