//! Every legal move of a seat: each cell a dwelling may go on,
//! each upgrade, bridge, priest, cult step, power action, favor and town
//! tile, reach and bonus card is listed as a move of its own. Templates are
//! used only where a product would explode and every combination is legal:
//! `transform` (every empty land cell × every terrain the human may
//! create), and the VP and power reports (an integer range × the reasons).
//!
//! Not listed: `turn` and `cult_bonus_transforms`, the batch forms kept for
//! old logs (any sequence of listed steps is one of them).

use serde_json::{json, Value};

use crate::engine::{Domain, Legal, Param, Seat};

use super::board::geo;
use super::data::{Reach, Terrain, CULTS, KINDS, WHEEL};
use super::events::VpReason;
use super::flow::seats_to_move;
use super::ids::{Cell, FavorTile, TownTile};
use super::moves::{Move, VP_REPORT_LIMIT};
use super::rules::{
    automa_vp_at_table, can_advance, favor_refusal, human_supply, may_build_dwelling, may_create,
    reach_ok, upgrade_step_ok,
};
use super::select::cell_id;
use super::state::*;

/// Every VP reason, for the report templates.
pub const VP_REASONS: [VpReason; 9] = [
    VpReason::ScoringTile,
    VpReason::FavorTile,
    VpReason::BonusCard,
    VpReason::Town,
    VpReason::Leech,
    VpReason::FactionAbility,
    VpReason::Resources,
    VpReason::Correction,
    VpReason::Other,
];

fn vp_range() -> Domain {
    Domain::Integer {
        min: -i64::from(VP_REPORT_LIMIT),
        max: Some(i64::from(VP_REPORT_LIMIT)),
    }
}

fn reasons() -> Domain {
    Domain::OneOf(VP_REASONS.iter().map(|r| json!(r)).collect())
}

/// The legal moves of `seat` now (empty when `next` does not name it).
pub fn legal_moves(st: &State, seat: Seat) -> Vec<Legal<Move>> {
    let s = seat;
    if !st.is_human(s) || !seats_to_move(st).contains(&s) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some(p) = st.pending.first() {
        match p {
            Pending::CultistCultStep { .. } => {
                out.push(Legal::Move(Move::CultistCultStep { track: None }));
                for t in CULTS {
                    if can_advance(st, s, t) {
                        out.push(Legal::Move(Move::CultistCultStep { track: Some(t) }));
                    }
                }
            }
            Pending::PowerGainReport { offered, .. } => out.push(Legal::Template {
                base: Move::PowerGainReport { gained: 0 },
                params: vec![Param::new(
                    "gained",
                    Domain::Integer {
                        min: 0,
                        max: Some(i64::from(*offered)),
                    },
                )],
            }),
            Pending::CultBonusTransforms { .. } => {
                out.extend(transform_template(st, s));
                out.push(Legal::Move(Move::EndTransforms));
            }
        }
    } else {
        match st.phase {
            Phase::Setup => match st.setup.first() {
                Some(SetupStep::HumanDwelling { .. }) => {
                    let g = geo(st.options.map);
                    for c in g.land_cells() {
                        if may_build_dwelling(st, s, c, true) {
                            out.push(Legal::Move(Move::PlaceInitialDwelling {
                                cell: cell_id(g, c),
                            }));
                        }
                    }
                }
                Some(SetupStep::HumanBonus { .. }) => {
                    for rc in &st.bonus_row {
                        out.push(Legal::Move(Move::ChooseBonusCard {
                            card: rc.card.clone(),
                        }));
                    }
                }
                _ => {}
            },
            Phase::Actions => turn_moves(st, s, &mut out),
            Phase::FinalReports => out.push(Legal::Template {
                base: Move::FinalReport { vp_delta: 0 },
                params: vec![Param::new("vp_delta", vp_range())],
            }),
            _ => {}
        }
    }
    out.push(Legal::Template {
        base: Move::ReportVp {
            delta: 0,
            reason: VpReason::Other,
        },
        params: vec![
            Param::new("delta", vp_range()),
            Param::new("reason", reasons()),
        ],
    });
    if automa_vp_at_table(st) {
        out.push(Legal::Template {
            base: Move::ReportAutomaVp {
                delta: 0,
                reason: VpReason::Other,
            },
            params: vec![
                Param::new("delta", vp_range()),
                Param::new("reason", reasons()),
            ],
        });
    }
    out
}

/// `transform`: every empty land cell × every terrain the human may create.
fn transform_template(st: &State, s: Seat) -> Option<Legal<Move>> {
    let g = geo(st.options.map);
    let cells: Vec<Value> = g
        .land_cells()
        .filter(|c| st.buildings[*c].is_none())
        .map(|c| json!(g.name(c)))
        .collect();
    if cells.is_empty() {
        return None;
    }
    let terrains: Vec<Value> = WHEEL
        .iter()
        .copied()
        .chain([Terrain::Ice, Terrain::Volcano])
        .filter(|t| may_create(st, s, *t))
        .map(|t| json!(t))
        .collect();
    Some(Legal::Template {
        base: Move::Transform {
            cell: Cell::default(),
            terrain: st.humans[s].home,
        },
        params: vec![
            Param::new("cell", Domain::OneOf(cells)),
            Param::new("terrain", Domain::OneOf(terrains)),
        ],
    })
}

/// The moves of a human's turn (TMA-HUM-2..15, TMA-TURN-4).
fn turn_moves(st: &State, s: Seat, out: &mut Vec<Legal<Move>>) {
    let g = geo(st.options.map);
    let mv = |m: Move| Legal::Move(m);
    if st.turn_steps == 0 {
        if st.round < 6 {
            for rc in &st.bonus_row {
                out.push(mv(Move::Pass {
                    bonus_card: Some(rc.card.clone()),
                }));
            }
        } else {
            out.push(mv(Move::Pass { bonus_card: None }));
        }
    } else {
        out.push(mv(Move::EndTurn));
    }
    for c in g.land_cells() {
        if may_build_dwelling(st, s, c, false) {
            out.push(mv(Move::Build {
                cell: cell_id(g, c),
            }));
        }
    }
    out.extend(transform_template(st, s));
    for c in st.cells_of(s) {
        let Some(b) = st.buildings[c] else { continue };
        for to in KINDS {
            if upgrade_step_ok(st, b.kind, to) && human_supply(st, s, to) > 0 {
                out.push(mv(Move::Upgrade {
                    cell: cell_id(g, c),
                    to,
                }));
            }
        }
    }
    if st.humans[s].bridges_placed < 3 {
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for x in st.cells_of(s) {
            for y in g.land_cells() {
                if g.bridge_ok(x, y)
                    && !st
                        .bridges
                        .iter()
                        .any(|b| (b.a == x && b.b == y) || (b.a == y && b.b == x))
                {
                    for p in [(x, y), (y, x)] {
                        if !pairs.contains(&p) {
                            pairs.push(p);
                        }
                    }
                }
            }
        }
        pairs.sort();
        for (a, b) in pairs {
            out.push(mv(Move::PlaceBridge {
                a: cell_id(g, a),
                b: cell_id(g, b),
            }));
        }
    }
    let priests_left = st.humans[s].priests_placed < 7;
    for t in CULTS {
        let spaces = &st.priest_spaces[t.idx()];
        if priests_left && spaces[0].is_none() {
            out.push(mv(Move::SendPriest { track: t, value: 3 }));
        }
        if priests_left && spaces[1..].iter().any(|p| p.is_none()) {
            out.push(mv(Move::SendPriest { track: t, value: 2 }));
        }
        out.push(mv(Move::SendPriest { track: t, value: 1 }));
    }
    for t in CULTS {
        for steps in 1..=3 {
            out.push(mv(Move::AdvanceCult { track: t, steps }));
        }
    }
    for (space, by) in &st.power_actions {
        if by.is_none() {
            out.push(mv(Move::TakePowerAction { space: *space }));
        }
    }
    for tile in FavorTile::ALL {
        if favor_refusal(st, s, tile).is_none() {
            out.push(mv(Move::TakeFavorTile { tile }));
        }
    }
    for tile in TownTile::ALL {
        if st.town_supply.get(&tile).copied().unwrap_or(0) > 0 {
            out.push(mv(Move::TakeTownTile { tile }));
        }
    }
    let reaches: Vec<Reach> = match st.humans[s].reach {
        Reach::Shipping { level } => (level..=5).map(|l| Reach::Shipping { level: l }).collect(),
        Reach::Teleport { range } => (range..=4).map(|r| Reach::Teleport { range: r }).collect(),
    };
    for r in reaches {
        if reach_ok(st, s, r) {
            out.push(mv(Move::SetReach { reach: r }));
        }
    }
}
