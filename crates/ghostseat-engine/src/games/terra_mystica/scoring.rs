//! End-game scoring (§7, TMA-END-*): networks, area, cults, F&I final tile,
//! faction end VP.

use crate::engine::{PerSeat, Seat, Turn};

use super::board::{clusters, geo, networks, NetReach};
use super::data::{AutomaFaction, Kind, Reach, CULTS};
use super::events::{Event, ScoreLine};
use super::options::{FinalTile, RulesMode};
use super::state::*;

/// Shared ranking awards (TMA-END-5): measure 0 scores nothing; ties split the
/// summed awards of their places, rounded down.
pub fn rank_awards(measures: &[u32], awards: &[i64]) -> Vec<i64> {
    let mut out = vec![0; measures.len()];
    let mut vals: Vec<u32> = measures.iter().copied().filter(|m| *m > 0).collect();
    vals.sort_unstable_by(|a, b| b.cmp(a));
    vals.dedup();
    let mut place = 0usize;
    for v in vals {
        let tied: Vec<usize> = (0..measures.len()).filter(|i| measures[*i] == v).collect();
        let sum: i64 = (place..place + tied.len())
            .map(|p| awards.get(p).copied().unwrap_or(0))
            .sum();
        for i in &tied {
            out[*i] = sum / tied.len() as i64;
        }
        place += tied.len();
    }
    out
}

pub fn reach_of(st: &State, seat: Seat) -> NetReach {
    if !st.is_human(seat) {
        return NetReach::Ship(st.options.difficulty.area_ship());
    }
    match st.humans[seat].reach {
        Reach::Shipping { level } => NetReach::Ship(level),
        Reach::Teleport { range } => NetReach::Teleport(range),
    }
}

pub fn player_networks(st: &State, seat: Seat) -> Vec<Vec<usize>> {
    let g = geo(st.options.map);
    networks(
        g,
        &st.bridge_pairs(),
        &st.cells_of(seat),
        reach_of(st, seat),
    )
}

/// Largest network size per seat (§7.1–2).
pub fn area_measures(st: &State) -> Vec<u32> {
    st.seats()
        .map(|s| {
            player_networks(st, s)
                .iter()
                .map(|n| n.len() as u32)
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// F&I final tile measures per seat (§7.4, TMA-END-4).
pub fn final_tile_measures(st: &State) -> Vec<u32> {
    let g = geo(st.options.map);
    let bridges = st.bridge_pairs();
    let greatest = |s: Seat| -> u32 {
        player_networks(st, s)
            .iter()
            .flat_map(|n| n.iter().flat_map(move |a| n.iter().map(move |b| (*a, *b))))
            .map(|(a, b)| g.hex_distance(a, b))
            .max()
            .unwrap_or(0)
    };
    let settlements = |s: Seat| -> u32 {
        player_networks(st, s)
            .iter()
            .map(|n| clusters(g, &bridges, n).len() as u32)
            .max()
            .unwrap_or(0)
    };
    let a = st.automa_seat();
    st.seats()
        .map(|s| match st.options.final_scoring_tile {
            FinalTile::GreatestDistance => greatest(s),
            FinalTile::Settlements => settlements(s),
            FinalTile::StrongholdSanctuary => {
                if s == a {
                    greatest(s).div_ceil(2)
                } else {
                    let sh = st.buildings.iter().position(|b| {
                        b.is_some_and(|b| b.owner == s && b.kind == Kind::Stronghold)
                    });
                    let sa = st
                        .buildings
                        .iter()
                        .position(|b| b.is_some_and(|b| b.owner == s && b.kind == Kind::Sanctuary));
                    match (sh, sa) {
                        (Some(x), Some(y))
                            if player_networks(st, s)
                                .iter()
                                .any(|n| n.contains(&x) && n.contains(&y)) =>
                        {
                            g.hex_distance(x, y)
                        }
                        _ => 0,
                    }
                }
            }
            FinalTile::Outposts => {
                if s == a {
                    settlements(s).saturating_sub(2)
                } else {
                    player_networks(st, s)
                        .iter()
                        .map(|n| n.iter().filter(|c| g.cells[**c].edge).count() as u32)
                        .max()
                        .unwrap_or(0)
                }
            }
            _ => 0,
        })
        .collect()
}

/// Scores the game and finishes it (§7, TMA-END-1..6).
pub fn finish(st: &mut State, t: &mut Turn<'_, Event>) {
    let n = st.n_seats();
    let a = st.automa_seat();
    let area = rank_awards(&area_measures(st), &[18, 12, 6]);
    let area: PerSeat<i64> = area.into();
    let mut cults: PerSeat<i64> = vec![0i64; n].into();
    for t in CULTS {
        let m: Vec<u32> = st.seats().map(|s| u32::from(st.cult[s][t.idx()])).collect();
        for (s, v) in st.seats().zip(rank_awards(&m, &[8, 4, 2])) {
            cults[s] += v;
        }
    }
    let tile: PerSeat<i64> = if st.options.final_scoring_tile == FinalTile::None {
        vec![0; n].into()
    } else {
        rank_awards(&final_tile_measures(st), &[18, 12, 6]).into()
    };
    let mut faction: PerSeat<i64> = vec![0i64; n].into();
    match st.automa.faction {
        AutomaFaction::Wanderers => faction[a] = st.cells_of(a).len() as i64,
        AutomaFaction::Symbionts if st.options.symbionts_rules == RulesMode::House => {
            faction[a] = st.cube.iter().filter(|c| **c).count() as i64
                * i64::from(st.options.symbiont_cube_vp)
        }
        _ => {}
    }
    st.final_scores.clear();
    for s in st.seats() {
        let before = if s == a {
            i64::from(st.automa.vp)
        } else {
            st.human_vp(s)
        };
        let total = before + area[s] + cults[s] + tile[s] + faction[s];
        st.final_scores.push(FinalScore {
            seat: s,
            before_end: before,
            area: area[s],
            cults: cults[s],
            final_tile: tile[s],
            faction: faction[s],
            total,
        });
    }
    let gained = area[a] + cults[a] + tile[a] + faction[a];
    st.automa.vp += gained as i32;
    for s in st.human_seats() {
        st.humans[s].vp_engine += (area[s] + cults[s] + tile[s]) as i32;
    }
    st.phase = Phase::Finished;
    let best = st.final_scores.iter().map(|f| f.total).max().unwrap_or(0);
    let winners = st
        .final_scores
        .iter()
        .filter(|f| f.total == best)
        .map(|f| f.seat)
        .collect();
    let scores = st
        .final_scores
        .iter()
        .map(|f| ScoreLine {
            seat: f.seat,
            before_end: f.before_end,
            area: f.area,
            cults: f.cults,
            final_tile: f.final_tile,
            faction: f.faction,
            total: f.total,
        })
        .collect();
    t.emit("TMA-END-5", Event::FinalScoring { scores, winners });
}
