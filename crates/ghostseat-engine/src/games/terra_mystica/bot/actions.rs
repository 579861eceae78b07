//! Automa's actions (TMA-ACT, -PWR, -VP, -CULT, -UPG, -FAV, -TB, -TRD, -FAC):
//! each resolved through condition, options, selection and execution to one
//! concrete result, with an event per step.

use crate::engine::{Seat, Turn};

use super::super::board::{dist_to_set, geo, MapGeo, INF};
use super::super::data::{AutomaFaction, CardDef, Cult, CultMethod, Kind, Step, Vp, CULTS};
use super::super::events::{
    AtpCard, AutomaAction, Board, CultCause, Event, FallbackReason, MergeDistance, Method, RangeOf,
    SkipReason, VpSource,
};
use super::super::ids::FavorTile;
use super::super::options::{FinalTile, PowermongersTrigger, RulesMode};
use super::super::select::*;
use super::super::state::{Building, Pending, State};

/// Context of one Automa turn: the state, the command's events and chance,
/// and the pair of cards.
pub struct Cx<'a, 'c> {
    pub st: &'a mut State,
    pub t: &'a mut Turn<'c, Event>,
    pub action: &'static CardDef,
    pub support: &'static CardDef,
}

fn skipped(cx: &mut Cx, action: AutomaAction, rule: &'static str, reason: SkipReason) {
    cx.t.emit(
        rule,
        Event::ActionSkipped {
            action,
            reason,
            board: None,
            from_round: None,
        },
    );
}

/// Runs one step; returns whether it was performed (TMA-ACT-2).
pub fn run(cx: &mut Cx, step: Step) -> bool {
    match step {
        Step::Upgrade => upgrade(cx),
        Step::TakeFavor => take_favor(cx),
        Step::GainVp { vp, faction } => {
            let (amount, rule, source) = match vp {
                Vp::Fixed(n) => (
                    n,
                    "TMA-VP-1",
                    if faction {
                        VpSource::FactionCard
                    } else {
                        VpSource::Card
                    },
                ),
                Vp::X => (
                    cx.st.options.difficulty.x(cx.st.round),
                    "TMA-VP-2",
                    VpSource::Difficulty,
                ),
                Vp::None => (0, "TMA-VP-1", VpSource::Card),
            };
            if amount == 0 {
                skipped(cx, AutomaAction::GainVp, "TMA-ACT-3", SkipReason::ZeroVp);
                return false;
            }
            cx.st.automa.vp += amount as i32;
            let total = cx.st.automa.vp;
            cx.t.emit(
                rule,
                Event::VpGained {
                    amount,
                    source,
                    total,
                },
            );
            true
        }
        Step::BlockPower => block_power(cx),
        Step::AdvanceCult => advance_cult(cx),
        Step::TransformBuild { faction } => transform_build(cx, faction),
        Step::Trade => trade(cx),
        Step::DruidCult => catch_up_steps(cx, 2, "TMA-FAC-4", CultCause::Druids),
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
    let opts: Vec<usize> = (0..cx.st.power_actions.len())
        .filter(|i| {
            let (space, by) = cx.st.power_actions[*i];
            space.merchants() == merchants && by.is_none()
        })
        .collect();
    let board = if merchants {
        Board::Merchants
    } else {
        Board::Main
    };
    let rule = if merchants { "TMA-PWR-3" } else { "TMA-PWR-1" };
    if opts.is_empty() {
        cx.t.emit(
            rule,
            Event::ActionSkipped {
                action: AutomaAction::BlockPowerAction,
                reason: SkipReason::NoUncoveredSpace,
                board: Some(board),
                from_round: None,
            },
        );
        return false;
    }
    let spaces: Vec<_> = cx.st.power_actions.iter().map(|p| p.0).collect();
    let ch = |i: &usize| super::super::events::Choice::Space(spaces[*i]);
    cx.t.emit(
        rule,
        Event::Options {
            action: AutomaAction::BlockPowerAction,
            candidates: opts.iter().map(ch).collect(),
            shipping: None,
            range_of: None,
        },
    );
    let (dir, n) = (cx.support.dir, cx.support.count);
    let Some(i) = directional(cx.t, &opts, dir, n, ch) else {
        return false;
    };
    cx.st.power_actions[i].1 = Some(cx.st.automa_seat());
    cx.t.emit(
        "TMA-PWR-2",
        Event::PowerActionBlocked {
            space: spaces[i],
            board,
        },
    );
    true
}

/// Tracks Automa may advance on: no marker on 10 (TMA-CULT-1).
pub fn cult_options(st: &State) -> Vec<Cult> {
    CULTS
        .iter()
        .copied()
        .filter(|t| st.seats().all(|s| st.cult[s][t.idx()] < 10))
        .collect()
}

/// Moves Automa's marker (TMA-CULT-6): never past 10, 10 only if free.
pub fn automa_advance(st: &mut State, t: Cult, steps: u8) -> (u8, u8) {
    let a = st.automa_seat();
    let from = st.cult[a][t.idx()];
    let ten_taken = st.seats().any(|s| s != a && st.cult[s][t.idx()] >= 10);
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
            AutomaAction::AdvanceCult,
            "TMA-CULT-1",
            SkipReason::EveryTrackAtTen,
        );
        return false;
    }
    cx.t.emit(
        "TMA-CULT-1",
        Event::Options {
            action: AutomaAction::AdvanceCult,
            candidates: opts
                .iter()
                .map(|t| super::super::events::Choice::Track(*t))
                .collect(),
            shipping: None,
            range_of: None,
        },
    );
    let Some(t) = select_track(cx.st, cx.t, &opts, cx.support.cult, cx.support) else {
        return false;
    };
    let free = cx.st.priest_spaces[t.idx()]
        .iter()
        .position(|p| p.is_none());
    let (steps, space) = match free {
        Some(i) if cx.st.automa.priests > 0 => {
            cx.st.priest_spaces[t.idx()][i] = Some(cx.st.automa_seat());
            cx.st.automa.priests -= 1;
            let v = if i == 0 { 3 } else { 2 };
            (v, Some(v))
        }
        _ => (1, None),
    };
    let (from, to) = automa_advance(cx.st, t, steps);
    cx.t.emit(
        "TMA-CULT-5",
        Event::AutomaCultAdvanced {
            track: t,
            from,
            to,
            priest_space: space,
            cause: CultCause::CardAction,
        },
    );
    true
}

/// Catch-up advance without priest (Druids 2, Powermongers 1).
pub fn catch_up_steps(cx: &mut Cx, steps: u8, rule: &'static str, cause: CultCause) -> bool {
    let action = match cause {
        CultCause::Powermongers => AutomaAction::PowermongersCultStep,
        _ => AutomaAction::DruidsCultSteps,
    };
    let opts = cult_options(cx.st);
    if opts.is_empty() {
        skipped(cx, action, rule, SkipReason::EveryTrackAtTen);
        return false;
    }
    let Some(t) = select_track(cx.st, cx.t, &opts, CultMethod::Cu, cx.support) else {
        return false;
    };
    let (from, to) = automa_advance(cx.st, t, steps);
    cx.t.emit(
        rule,
        Event::AutomaCultAdvanced {
            track: t,
            from,
            to,
            priest_space: None,
            cause,
        },
    );
    true
}

/// Take a favor tile (TMA-FAV-1..3).
fn take_favor(cx: &mut Cx) -> bool {
    if cx.st.round < 5 {
        skipped(
            cx,
            AutomaAction::TakeFavorTile,
            "TMA-FAV-1",
            SkipReason::BeforeRoundFive,
        );
        return false;
    }
    let open = cult_options(cx.st);
    let opts: Vec<Cult> = CULTS
        .iter()
        .copied()
        .filter(|t| {
            let f = FavorTile::plus_three(*t);
            cx.st.favor_supply.get(&f).copied().unwrap_or(0) > 0 && open.contains(t)
        })
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            AutomaAction::TakeFavorTile,
            "TMA-FAV-1",
            SkipReason::NoFavorTile,
        );
        return false;
    }
    cx.t.emit(
        "TMA-FAV-1",
        Event::Options {
            action: AutomaAction::TakeFavorTile,
            candidates: opts
                .iter()
                .map(|t| super::super::events::Choice::Favor(FavorTile::plus_three(*t)))
                .collect(),
            shipping: None,
            range_of: None,
        },
    );
    let Some(t) = select_track(cx.st, cx.t, &opts, cx.support.cult, cx.support) else {
        return false;
    };
    let tile = FavorTile::plus_three(t);
    if let Some(n) = cx.st.favor_supply.get_mut(&tile) {
        *n = n.saturating_sub(1);
    }
    cx.st.automa.favors.push(tile);
    let (from, to) = automa_advance(cx.st, t, 3);
    let a = cx.st.automa_seat();
    cx.t.emit(
        "TMA-FAV-3",
        Event::FavorTaken {
            seat: a,
            tile,
            track: t,
            from,
            to,
        },
    );
    true
}

fn offer_power(cx: &mut Cx, c: usize, rule: &'static str) -> Vec<(Seat, u32)> {
    let g = geo(cx.st.options.map);
    let offers = power_given(cx.st, g, c);
    let a = cx.st.automa_seat();
    for (h, p) in &offers {
        if *p > 0 {
            cx.t.emit(
                rule,
                Event::PowerOffered {
                    seat: *h,
                    amount: *p,
                    cell: cell_id(g, c),
                    builder: a,
                },
            );
        }
    }
    offers
}

/// Powermongers' ongoing ability after a T&B, Upgrade or Trade (TMA-FAC-9).
fn powermongers_check(cx: &mut Cx, offers: &[(Seat, u32)]) {
    if cx.st.automa.faction != AutomaFaction::Powermongers {
        return;
    }
    match cx.st.options.powermongers_trigger {
        PowermongersTrigger::Offered => {
            if offers.iter().any(|(_, p)| *p >= 2) {
                catch_up_steps(cx, 1, "TMA-FAC-9", CultCause::Powermongers);
            }
        }
        PowermongersTrigger::Ask => {
            // The turn stops after this action until they answer (`bot/mod.rs`).
            for (h, p) in offers {
                if *p >= 2 {
                    cx.st.pending.push(Pending::PowerGainReport {
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
    let g = geo(cx.st.options.map);
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
            AutomaAction::Upgrade,
            "TMA-UPG-1",
            SkipReason::NothingToUpgrade,
        );
        return false;
    }
    let ch = |c: &usize| cell_choice(g, *c);
    cx.t.emit(
        "TMA-UPG-1",
        Event::Options {
            action: AutomaAction::Upgrade,
            candidates: opts.iter().map(ch).collect(),
            shipping: None,
            range_of: None,
        },
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
        cur = narrow(cx.t, Method::AdjacentToHumans, "TMA-UPG-2", &cur, keep, ch);
    }
    if cur.len() > 1 {
        cur = by_power(cx.st, cx.t, &cur, false, "TMA-UPG-2");
    }
    let c = if cur.len() > 1 {
        directional(cx.t, &cur, cx.support.dir, cx.support.count, ch).unwrap_or(cur[0])
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
    cx.st.buildings[c] = Some(Building {
        owner: a,
        kind: to,
        marked: b.marked,
    });
    cx.t.emit(
        "TMA-UPG-3",
        Event::AutomaUpgraded {
            cell: cell_id(g, c),
            from: b.kind,
            to,
            marked: b.marked,
        },
    );
    let offers = offer_power(cx, c, "TMA-UPG-4");
    powermongers_check(cx, &offers);
    true
}

fn fallback(cx: &mut Cx, reason: FallbackReason) -> bool {
    let rule = match reason {
        FallbackReason::NoDwelling => "TMA-TB-1",
        FallbackReason::NoOption => "TMA-TB-12",
    };
    cx.t.emit(rule, Event::Fallback { reason });
    upgrade(cx)
}

/// Automa's shipping for this build and her marked and unmarked areas
/// (TMA-TB-2, TMA-TB-3), read once per transform and build.
struct Areas {
    ship: u8,
    bridges: Vec<(usize, usize)>,
    walls: Vec<bool>,
    marked: Vec<usize>,
    unmarked: Vec<usize>,
}

impl Areas {
    fn of(cx: &Cx) -> Areas {
        let mine = cx.st.cells_of(cx.st.automa_seat());
        let with_mark = |marked: bool| -> Vec<usize> {
            mine.iter()
                .copied()
                .filter(|c| cx.st.buildings[*c].is_some_and(|b| b.marked == marked))
                .collect()
        };
        Areas {
            ship: cx
                .action
                .ship_override
                .unwrap_or_else(|| cx.st.options.difficulty.ship(cx.st.round)),
            bridges: cx.st.bridge_pairs(),
            walls: cx.st.human_walls(),
            marked: with_mark(true),
            unmarked: with_mark(false),
        }
    }

    /// Distance from a cell to the nearest cell of `to`, across the
    /// humans' walls.
    fn dist(&self, g: &MapGeo, from: usize, to: &[usize]) -> u32 {
        dist_to_set(g, &self.bridges, &self.walls, from, to)
    }
}

/// Transform and build (TMA-TB-1..13, faction variants TMA-FAC-3..8): the
/// candidate spaces, then merging, the faction's methods, the ATP card,
/// distance and direction narrow them to one, where Automa builds.
fn transform_build(cx: &mut Cx, faction: bool) -> bool {
    if cx.st.automa.supply[Kind::Dwelling.idx()] == 0 {
        return fallback(cx, FallbackReason::NoDwelling);
    }
    let areas = Areas::of(cx);
    let fac = faction.then_some(cx.st.automa.faction);
    let mut opts = build_options(cx, &areas, fac == Some(AutomaFaction::Wanderers));
    if opts.is_empty() {
        return fallback(cx, FallbackReason::NoOption);
    }
    if cx.support.merging && opts.len() > 1 {
        opts = merging(cx, &areas, opts);
    }
    if opts.len() > 1 {
        opts = faction_methods(cx, fac, opts);
    }
    let c = automa_choice(cx, opts);
    place_dwelling(cx, &areas, c);
    true
}

/// The empty land spaces in range of the support card's area, or anywhere
/// for the Wanderers' faction action (TMA-TB-3, TMA-TB-14, TMA-FAC-6).
fn build_options(cx: &mut Cx, areas: &Areas, wanderers: bool) -> Vec<usize> {
    let g = geo(cx.st.options.map);
    let empty = |c: usize| g.is_land(c) && cx.st.buildings[c].is_none();
    let opts: Vec<usize> = if wanderers {
        g.land_cells().filter(|c| empty(*c)).collect()
    } else {
        let base = if cx.support.marked {
            &areas.marked
        } else {
            &areas.unmarked
        };
        let mut v: Vec<usize> = base
            .iter()
            .flat_map(|b| g.river_range(*b, areas.ship, &areas.bridges))
            .filter(|c| empty(*c))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let range_of = if wanderers {
        RangeOf::Anywhere
    } else if cx.support.marked {
        RangeOf::Marked
    } else {
        RangeOf::Unmarked
    };
    cx.t.emit(
        if wanderers { "TMA-FAC-6" } else { "TMA-TB-3" },
        Event::Options {
            action: AutomaAction::TransformAndBuild,
            candidates: opts.iter().map(|c| cell_choice(g, *c)).collect(),
            shipping: Some(areas.ship),
            range_of: Some(range_of),
        },
    );
    opts
}

/// Merging (TMA-TB-4/5): skipped when her two areas already touch;
/// otherwise only spaces that shorten the gap between them stay.
fn merging(cx: &mut Cx, areas: &Areas, opts: Vec<usize>) -> Vec<usize> {
    let g = geo(cx.st.options.map);
    let ch = |c: &usize| cell_choice(g, *c);
    let joined = areas.marked.iter().any(|m| {
        g.river_range(*m, areas.ship, &areas.bridges)
            .iter()
            .any(|x| areas.unmarked.contains(x))
    });
    if joined {
        let all: Vec<_> = opts.iter().map(ch).collect();
        cx.t.emit(
            "TMA-TB-4",
            Event::Selection(super::super::events::Selection {
                method: Method::Merging {
                    joined: true,
                    gap: None,
                    cells: vec![],
                },
                after: all.clone(),
                before: all,
                skipped: true,
            }),
        );
        return opts;
    }
    let gap: u32 = areas
        .marked
        .iter()
        .map(|m| areas.dist(g, *m, &areas.unmarked))
        .min()
        .unwrap_or(INF);
    let pairs: Vec<(u32, u32)> = opts
        .iter()
        .map(|c| {
            (
                areas.dist(g, *c, &areas.marked),
                areas.dist(g, *c, &areas.unmarked),
            )
        })
        .collect();
    let keep: Vec<usize> = opts
        .iter()
        .zip(&pairs)
        .filter(|(_, (m, u))| (*m).max(*u) < gap)
        .map(|(c, _)| *c)
        .collect();
    let cells = opts
        .iter()
        .zip(&pairs)
        .map(|(c, (m, u))| MergeDistance {
            cell: cell_id(g, *c),
            dist_marked: finite(*m),
            dist_unmarked: finite(*u),
        })
        .collect();
    narrow(
        cx.t,
        Method::Merging {
            joined: false,
            gap: finite(gap),
            cells,
        },
        "TMA-TB-5",
        &opts,
        keep,
        ch,
    )
}

/// The faction's own methods come first in its faction action
/// (TMA-TB-6a, TMA-FAC-3/7): Kuddlers by distance then the human's ATP
/// row, Mimics the other way round, Powermongers by power to the humans.
fn faction_methods(cx: &mut Cx, fac: Option<AutomaFaction>, opts: Vec<usize>) -> Vec<usize> {
    let human_home = cx
        .st
        .human(Seat(0))
        .map(|h| h.home)
        .unwrap_or(cx.st.automa.home);
    let row_a = cx.support.row_a;
    let human_row = |cx: &mut Cx, opts: &[usize]| -> Vec<usize> {
        let row = atp_row(cx.st, human_home, row_a);
        terrain_priority(cx.st, cx.t, opts, &row, AtpCard::Human, row_a)
    };
    match fac {
        Some(AutomaFaction::Kuddlers) => {
            let opts = by_distance(cx.st, cx.t, &opts, false);
            if opts.len() > 1 {
                human_row(cx, &opts)
            } else {
                opts
            }
        }
        Some(AutomaFaction::Mimics) => {
            let opts = human_row(cx, &opts);
            if opts.len() > 1 {
                by_distance(cx.st, cx.t, &opts, false)
            } else {
                opts
            }
        }
        Some(AutomaFaction::Powermongers) => by_power(cx.st, cx.t, &opts, true, "TMA-FAC-7"),
        _ => opts,
    }
}

/// The space chosen from what is left (TMA-TB-6, TMA-TB-7): Automa's ATP
/// row, then distance (the furthest under the Fire & Ice final tiles), then
/// the support card's direction.
fn automa_choice(cx: &mut Cx, mut opts: Vec<usize>) -> usize {
    let g = geo(cx.st.options.map);
    let row_a = cx.support.row_a;
    if opts.len() > 1 {
        let row = atp_row(cx.st, cx.st.automa.home, row_a);
        opts = terrain_priority(cx.st, cx.t, &opts, &row, AtpCard::Automa, row_a);
    }
    if opts.len() > 1 {
        let far = matches!(
            cx.st.options.final_scoring_tile,
            FinalTile::GreatestDistance | FinalTile::StrongholdSanctuary
        );
        opts = by_distance(cx.st, cx.t, &opts, far);
    }
    if opts.len() > 1 {
        let ch = |c: &usize| cell_choice(g, *c);
        directional(cx.t, &opts, cx.support.dir, cx.support.count, ch).unwrap_or(opts[0])
    } else {
        opts[0]
    }
}

/// The free transform to her home terrain and the dwelling, marked when
/// nearer her marked area (TMA-TB-8..10); then power is offered
/// (TMA-TB-11).
fn place_dwelling(cx: &mut Cx, areas: &Areas, c: usize) {
    let g = geo(cx.st.options.map);
    let before = cx.st.terrain[c];
    let dm = areas.dist(g, c, &areas.marked);
    let du = areas.dist(g, c, &areas.unmarked);
    let is_marked = dm < du;
    cx.st.terrain[c] = Some(cx.st.automa.home);
    cx.st.cube[c] = false;
    cx.st.blight[c] = false;
    cx.st.automa.supply[Kind::Dwelling.idx()] -= 1;
    cx.st.buildings[c] = Some(Building {
        owner: cx.st.automa_seat(),
        kind: Kind::Dwelling,
        marked: is_marked,
    });
    cx.t.emit(
        "TMA-TB-10",
        Event::AutomaBuilt {
            cell: cell_id(g, c),
            terrain_before: before,
            terrain_after: cx.st.automa.home,
            marked: is_marked,
            dist_marked: finite(dm),
            dist_unmarked: finite(du),
        },
    );
    let offers = offer_power(cx, c, "TMA-TB-11");
    powermongers_check(cx, &offers);
}

/// Trade (TMA-TRD-1..3).
fn trade(cx: &mut Cx) -> bool {
    let from = cx.action.trade_round.unwrap_or(1);
    if cx.st.round < from {
        cx.t.emit(
            "TMA-ACT-3",
            Event::ActionSkipped {
                action: AutomaAction::Trade,
                reason: SkipReason::TooEarlyToTrade,
                board: None,
                from_round: Some(from),
            },
        );
        return false;
    }
    if cx.st.automa.trade_markers == 0 {
        skipped(
            cx,
            AutomaAction::Trade,
            "TMA-TRD-1",
            SkipReason::NoTradeMarker,
        );
        return false;
    }
    let g = geo(cx.st.options.map);
    let ch = |c: &usize| cell_choice(g, *c);
    let opts: Vec<usize> = cx
        .st
        .human_cells()
        .into_iter()
        .filter(|c| !cx.st.trade_marker[*c] && g.nbrs[*c].iter().any(|n| !g.is_land(*n)))
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            AutomaAction::Trade,
            "TMA-TRD-1",
            SkipReason::NoTradeOption,
        );
        return false;
    }
    cx.t.emit(
        "TMA-TRD-1",
        Event::Options {
            action: AutomaAction::Trade,
            candidates: opts.iter().map(ch).collect(),
            shipping: None,
            range_of: None,
        },
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
        let power = opts
            .iter()
            .map(|c| super::super::events::CellValue {
                cell: cell_id(g, *c),
                value: Some(pw(cx.st, *c)),
            })
            .collect();
        cur = narrow(
            cx.t,
            Method::HighestPowerValue { power },
            "TMA-TRD-2",
            &cur,
            keep,
            ch,
        );
    }
    let c = if cur.len() > 1 {
        directional(cx.t, &cur, cx.support.dir, cx.support.count, ch).unwrap_or(cur[0])
    } else {
        cur[0]
    };
    let p = pw(cx.st, c);
    cx.st.trade_marker[c] = true;
    cx.st.automa.trade_markers -= 1;
    let owner = cx.st.buildings[c].map(|b| b.owner).unwrap_or(Seat(0));
    cx.st.automa.vp += p as i32;
    cx.t.emit(
        "TMA-TRD-3",
        Event::Trade {
            cell: cell_id(g, c),
            owner,
            vp: p,
        },
    );
    powermongers_check(cx, &[(owner, p)]);
    true
}

/// Symbionts' cube (TMA-FAC-10).
fn place_cube(cx: &mut Cx) -> bool {
    let g = geo(cx.st.options.map);
    let ch = |c: &usize| cell_choice(g, *c);
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
            AutomaAction::PlaceCube,
            "TMA-FAC-10",
            SkipReason::NoCubeCell,
        );
        return false;
    }
    cx.t.emit(
        "TMA-FAC-10",
        Event::Options {
            action: AutomaAction::PlaceCube,
            candidates: opts.iter().map(ch).collect(),
            shipping: None,
            range_of: None,
        },
    );
    let row_a = cx.support.row_a;
    let (row, card) = match cx.st.options.symbiont_youth_atp.clone() {
        Some(r) => (if row_a { r.a } else { r.b }, AtpCard::Youth),
        None => (atp_row(cx.st, cx.st.automa.home, row_a), AtpCard::Youth),
    };
    let mut cur = terrain_priority(cx.st, cx.t, &opts, &row, card, row_a);
    if cur.len() > 1 {
        cur = vec![directional(cx.t, &cur, cx.support.dir, cx.support.count, ch).unwrap_or(cur[0])];
    }
    let c = cur[0];
    cx.st.cube[c] = true;
    cx.t.emit(
        "TMA-FAC-10",
        Event::CubePlaced {
            cell: cell_id(g, c),
        },
    );
    true
}

/// The Blight: fallow → blighted (TMA-FAC-11).
fn blight(cx: &mut Cx) -> bool {
    let g = geo(cx.st.options.map);
    let ch = |c: &usize| cell_choice(g, *c);
    let opts: Vec<usize> = g
        .land_cells()
        .filter(|c| cx.st.buildings[*c].is_none() && !cx.st.blight[*c])
        .collect();
    if opts.is_empty() {
        skipped(
            cx,
            AutomaAction::Blight,
            "TMA-FAC-11",
            SkipReason::NoFallowLand,
        );
        return false;
    }
    let mut cur = by_distance(cx.st, cx.t, &opts, false);
    if cur.len() > 1 {
        cur = vec![directional(cx.t, &cur, cx.support.dir, cx.support.count, ch).unwrap_or(cur[0])];
    }
    let c = cur[0];
    cx.st.blight[c] = true;
    cx.t.emit(
        "TMA-FAC-11",
        Event::BlightPlaced {
            cell: cell_id(g, c),
        },
    );
    true
}

/// Gognomes' house achievements (TMA-FAC-12), checked after each Automa turn.
pub fn gognome_achievements(st: &mut State, t: &mut Turn<'_, Event>) {
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
            t.emit("TMA-FAC-12", Event::Achievement { token: tok, vp });
        }
    }
}
