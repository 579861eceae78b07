//! Selection methods (TMA-SEL-*): narrowing with the empty-set skip, terrain
//! priority, closest/furthest, power given, directional counting, and the
//! cult-track methods ST / catch-up (TMA-CULT-2..4). Each step is an event
//! that lists the options before and after and the values compared.

use crate::engine::{Seat, Turn};

use super::board::{dist_to_set, geo, MapGeo, INF};
use super::data::{house_atp, CardDef, Cult, CultMethod, Dir, Terrain};
use super::events::{
    AtpCard, AtpRow, CellTerrainOf, CellValue, Choice, Event, Method, Selection, TrackDistance,
    TrackPosition,
};
use super::ids::Cell;
use super::state::State;

/// A cell as an option.
pub fn cell_choice(g: &MapGeo, c: usize) -> Choice {
    Choice::Cell(cell_id(g, c))
}

/// A cell's id.
pub fn cell_id(g: &MapGeo, c: usize) -> Cell {
    Cell(g.name(c).to_string())
}

/// A distance as data: None when there is no path.
pub fn finite(d: u32) -> Option<u32> {
    (d != INF).then_some(d)
}

/// Keeps `keep` unless it is empty (TMA-SEL-1/2) and records the step.
pub fn narrow<T: Clone>(
    turn: &mut Turn<'_, Event>,
    method: Method,
    rule: &'static str,
    before: &[T],
    keep: Vec<T>,
    choice: impl Fn(&T) -> Choice,
) -> Vec<T> {
    let b: Vec<Choice> = before.iter().map(&choice).collect();
    if keep.is_empty() {
        turn.emit(
            "TMA-SEL-2",
            Event::Selection(Selection {
                method,
                after: b.clone(),
                before: b,
                skipped: true,
            }),
        );
        return before.to_vec();
    }
    turn.emit(
        rule,
        Event::Selection(Selection {
            method,
            before: b,
            after: keep.iter().map(&choice).collect(),
            skipped: false,
        }),
    );
    keep
}

/// Directional selection (TMA-SEL-7/8): options are already in their
/// left-to-right order; RD counts from the first, LU from the last; the
/// chosen option is index (n−1) mod k.
pub fn directional<T: Clone>(
    turn: &mut Turn<'_, Event>,
    opts: &[T],
    dir: Dir,
    count: u32,
    choice: impl Fn(&T) -> Choice,
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
    turn.emit(
        "TMA-SEL-7",
        Event::Directional {
            direction: dir,
            count,
            ordered: ordered.iter().map(&choice).collect(),
            chosen: choice(&chosen),
        },
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
    turn: &mut Turn<'_, Event>,
    opts: &[usize],
    row: &[Terrain],
    card: AtpCard,
    row_a: bool,
) -> Vec<usize> {
    let g = geo(st.options.map);
    let first = row
        .iter()
        .copied()
        .find(|t| opts.iter().any(|c| st.terrain[*c] == Some(*t)));
    let Some(first) = first else {
        // TMA-SEL-5 (I): no option's terrain is in the row; the set is unchanged.
        return opts.to_vec();
    };
    let keep: Vec<usize> = opts
        .iter()
        .copied()
        .filter(|c| st.terrain[*c] == Some(first))
        .collect();
    narrow(
        turn,
        Method::TerrainPriority {
            card,
            row: if row_a { AtpRow::A } else { AtpRow::B },
            terrains: row.to_vec(),
            first: Some(first),
            cells: opts
                .iter()
                .map(|c| CellTerrainOf {
                    cell: cell_id(g, *c),
                    terrain: st.terrain[*c],
                })
                .collect(),
        },
        "TMA-SEL-5",
        opts,
        keep,
        |c| cell_choice(g, *c),
    )
}

/// Closest to human buildings (TMA-SEL-3) or furthest from Automa buildings (TMA-SEL-4).
pub fn by_distance(
    st: &State,
    turn: &mut Turn<'_, Event>,
    opts: &[usize],
    furthest_from_automa: bool,
) -> Vec<usize> {
    let g = geo(st.options.map);
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
    let distances: Vec<CellValue> = opts
        .iter()
        .zip(&d)
        .map(|(c, x)| CellValue {
            cell: cell_id(g, *c),
            value: finite(*x),
        })
        .collect();
    let (method, rule) = if furthest_from_automa {
        (Method::FurthestFromAutoma { distances }, "TMA-SEL-4")
    } else {
        (Method::ClosestToHumans { distances }, "TMA-SEL-3")
    };
    narrow(turn, method, rule, opts, keep, |c| cell_choice(g, *c))
}

/// Power a build/upgrade on `c` gives each human (TMA-SEL-9): (seat, power).
pub fn power_given(st: &State, g: &MapGeo, c: usize) -> Vec<(Seat, u32)> {
    let bridges = st.bridge_pairs();
    let adj = g.adj(c, &bridges);
    st.human_seats()
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
    turn: &mut Turn<'_, Event>,
    opts: &[usize],
    most: bool,
    rule: &'static str,
) -> Vec<usize> {
    let g = geo(st.options.map);
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
    let power: Vec<CellValue> = opts
        .iter()
        .zip(&p)
        .map(|(c, x)| CellValue {
            cell: cell_id(g, *c),
            value: Some(*x),
        })
        .collect();
    let method = if most {
        Method::MostPower { power }
    } else {
        Method::LeastPower { power }
    };
    narrow(turn, method, rule, opts, keep, |c| cell_choice(g, *c))
}

/// The reference human marker of a track: the human's (solo) or the highest human's (TMA-CULT-4).
pub fn human_marker(st: &State, t: Cult) -> u8 {
    st.human_seats()
        .map(|h| st.cult[h][t.idx()])
        .max()
        .unwrap_or(0)
}

/// Cult method of the support card applied to track options (TMA-CULT-2..4).
pub fn select_track(
    st: &State,
    turn: &mut Turn<'_, Event>,
    opts: &[Cult],
    method: CultMethod,
    support: &CardDef,
) -> Option<Cult> {
    if opts.is_empty() {
        return None;
    }
    let ch = |t: &Cult| Choice::Track(*t);
    if method == CultMethod::St {
        let tc = st.tile().and_then(|t| t.automa_cult);
        let all: Vec<Choice> = opts.iter().map(ch).collect();
        if let Some(c) = tc.filter(|c| opts.contains(c)) {
            turn.emit(
                "TMA-CULT-2",
                Event::Selection(Selection {
                    method: Method::ScoringTile { tile_cult: tc },
                    before: all,
                    after: vec![Choice::Track(c)],
                    skipped: false,
                }),
            );
            return Some(c);
        }
        turn.emit(
            "TMA-CULT-2",
            Event::Selection(Selection {
                method: Method::ScoringTile { tile_cult: tc },
                after: all.clone(),
                before: all,
                skipped: true,
            }),
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
        let positions = cur
            .iter()
            .map(|t| TrackPosition {
                track: *t,
                automa: st.cult[a][t.idx()],
            })
            .collect();
        cur = narrow(
            turn,
            Method::CatchUpZero { positions },
            "TMA-CULT-3",
            &cur,
            keep,
            ch,
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
        let tracks = cur
            .iter()
            .zip(&d)
            .map(|(t, x)| TrackDistance {
                track: *t,
                automa: st.cult[a][t.idx()],
                human: human_marker(st, *t),
                distance: *x,
            })
            .collect();
        cur = narrow(
            turn,
            Method::CatchUpNearest { tracks },
            rule,
            &cur,
            keep,
            ch,
        );
    }
    if cur.len() > 1 {
        return directional(turn, &cur, support.dir, support.count, ch);
    }
    cur.first().copied()
}
