//! Concrete legal moves for a seat (a representative subset; every listed
//! move is accepted by `play`, and `pass` is always among them in the action phase).

use super::board::geo;
use super::data::{Kind, CULTS};
use super::rules::{
    human_advance, human_supply, may_build_on, seats_to_move, CellTerrain, Move, TurnStep,
};
use super::state::*;

pub fn legal_moves(st: &State, seat: usize) -> Vec<Move> {
    let mut out = Vec::new();
    if !seats_to_move(st).contains(&seat) {
        return out;
    }
    let Some(g) = geo(&st.options.map) else {
        return out;
    };
    if let Some(d) = st.pending.first() {
        match d {
            Decision::CultistCultStep { .. } => {
                out.push(Move::CultistCultStep { track: None });
                for t in CULTS {
                    let mut s2 = st.clone();
                    let (f, to) = human_advance(&mut s2, seat, t, 1);
                    if to > f {
                        out.push(Move::CultistCultStep { track: Some(t) });
                    }
                }
            }
            Decision::PowerGainReport { offered, .. } => {
                out.push(Move::PowerGainReport { gained: 0 });
                out.push(Move::PowerGainReport { gained: *offered });
            }
            Decision::CultBonusTransforms { .. } => {
                out.push(Move::CultBonusTransforms { transforms: vec![] });
                let home = st.humans[seat].home;
                if let Some(c) = g
                    .land_cells()
                    .find(|c| st.buildings[*c].is_none() && st.terrain[*c] != Some(home))
                {
                    out.push(Move::CultBonusTransforms {
                        transforms: vec![CellTerrain {
                            cell: g.name(c).into(),
                            terrain: home,
                        }],
                    });
                }
            }
        }
        return out;
    }
    let empty_ok = |c: usize, setup: bool| {
        g.is_land(c)
            && st.buildings[c].is_none()
            && !st.blight[c]
            && may_build_on(st, seat, st.terrain[c], setup)
    };
    match st.phase {
        Phase::Setup => match st.setup.first() {
            Some(SetupStep::HumanDwelling { .. }) => {
                for c in g.land_cells().filter(|c| empty_ok(*c, true)) {
                    out.push(Move::PlaceInitialDwelling {
                        cell: g.name(c).into(),
                    });
                }
            }
            Some(SetupStep::HumanBonus { .. }) => {
                for rc in &st.bonus_row {
                    out.push(Move::ChooseBonusCard {
                        card: rc.card.clone(),
                    });
                }
            }
            _ => {}
        },
        Phase::Actions => {
            if st.round < 6 {
                for rc in &st.bonus_row {
                    out.push(Move::Pass {
                        bonus_card: Some(rc.card.clone()),
                    });
                }
            } else {
                out.push(Move::Pass { bonus_card: None });
            }
            let bridges = st.bridge_pairs();
            let mine = st.cells_of(seat);
            let cc = cultist_candidate(st, seat);
            if human_supply(st, seat, Kind::Dwelling) > 0 {
                if let Some(c) = g.land_cells().find(|c| empty_ok(*c, false)) {
                    out.push(Move::Turn {
                        steps: vec![TurnStep::Build {
                            cell: g.name(c).into(),
                            cultist_card: cc.clone(),
                        }],
                    });
                }
                let near: Vec<usize> = mine
                    .iter()
                    .flat_map(|m| g.river_range(*m, 1, &bridges))
                    .filter(|c| st.buildings[*c].is_none())
                    .collect();
                if let Some(c) = near.iter().copied().min() {
                    out.push(Move::Turn {
                        steps: vec![
                            TurnStep::Transform {
                                cell: g.name(c).into(),
                                terrain: st.humans[seat].home,
                            },
                            TurnStep::Build {
                                cell: g.name(c).into(),
                                cultist_card: cc.clone(),
                            },
                        ],
                    });
                }
            }
            for (from, to) in [
                (Kind::Dwelling, Kind::TradingHouse),
                (Kind::TradingHouse, Kind::Stronghold),
                (Kind::TradingHouse, Kind::Temple),
                (Kind::Temple, Kind::Sanctuary),
            ] {
                if human_supply(st, seat, to) == 0 {
                    continue;
                }
                if let Some(c) = mine
                    .iter()
                    .find(|c| st.buildings[**c].is_some_and(|b| b.kind == from))
                {
                    out.push(Move::Turn {
                        steps: vec![TurnStep::Upgrade {
                            cell: g.name(*c).into(),
                            to,
                            cultist_card: cc.clone(),
                        }],
                    });
                    break;
                }
            }
            let t = CULTS[usize::from(st.round) % 4];
            out.push(Move::Turn {
                steps: vec![TurnStep::SendPriest { track: t, value: 1 }],
            });
            if st.humans[seat].priests_placed < 7 {
                if let Some(i) = st.priest_spaces[t.idx()].iter().position(|p| p.is_none()) {
                    out.push(Move::Turn {
                        steps: vec![TurnStep::SendPriest {
                            track: t,
                            value: if i == 0 { 3 } else { 2 },
                        }],
                    });
                }
            }
            if let Some(i) = st.power_actions.iter().position(|p| p.is_none()) {
                out.push(Move::Turn {
                    steps: vec![TurnStep::TakePowerAction {
                        space: st.power_ids[i].clone(),
                    }],
                });
            }
            if let Some(f) = super::data::FAVORS.iter().find(|f| {
                st.favor_supply.get(f.0).copied().unwrap_or(0) > 0
                    && !st.humans[seat].favors.iter().any(|x| x == f.0)
            }) {
                out.push(Move::Turn {
                    steps: vec![TurnStep::TakeFavorTile { tile: f.0.into() }],
                });
            }
        }
        Phase::FinalReports => out.push(Move::FinalReport { vp_delta: 0 }),
        _ => {}
    }
    out
}

/// Physical-table mode: a reserve card the Cultists could have drawn (TMA-GEN-12).
fn cultist_candidate(st: &State, seat: usize) -> Option<String> {
    use super::deck;
    if !deck::is_table(st) || st.humans[seat].faction != super::data::HumanFaction::Cultists {
        return None;
    }
    let mut cands: Vec<String> = st.automa.reserve_known_top.clone();
    cands.extend(st.automa.reserve.iter().cloned());
    if deck::reserve_len(st) == 0 {
        cands = st.automa.cultist_aside.clone();
    }
    cands.into_iter().find(|c| {
        let mut s2 = st.clone();
        deck::reserve_seen(&mut s2, &mut crate::engine::Dice::new(0), Some(c)).is_ok()
    })
}
