//! Human moves (§5, TMA-HUM-*, TMA-HF-*): structural checks and state
//! changes. The engine has checked that `next` names the seat.

use crate::engine::{RuleError, Seat, Turn};

use super::board::geo;
use super::data::{card, Act, Cult, HumanFaction, Kind, Reach, Terrain, Vp, CULTS};
use super::deck;
use super::events::{Event, VpReason};
use super::flow;
use super::ids::{Cell, FavorTile, PowerSpace, TownTile};
use super::moves::{Move, TurnStep, VP_REPORT_LIMIT};
use super::options::RulesMode;
use super::refusals::Refusal;
use super::select::cell_id;
use super::state::*;

/// A refusal of a human move: always a typed message.
fn ill(rule: &str, d: Refusal) -> RuleError {
    RuleError::illegal(rule, d)
}

fn cell_of(st: &State, name: &Cell, rule: &str) -> Result<usize, RuleError> {
    geo(st.options.map)
        .cell(name.as_str())
        .ok_or_else(|| ill(rule, Refusal::NoSuchCell { cell: name.clone() }))
}

/// Human supply per kind (TMA-HUM-3/5).
pub fn human_supply(st: &State, seat: Seat, k: Kind) -> usize {
    let max = match k {
        Kind::Dwelling => 8,
        Kind::TradingHouse => 4,
        Kind::Temple => 3,
        Kind::Stronghold | Kind::Sanctuary => 1,
        Kind::Shipyard => usize::from(st.options.merchants_of_the_seas),
    };
    max.saturating_sub(st.on_map(seat, k))
}

/// Buildable terrain (TMA-HUM-6).
pub fn may_build_on(st: &State, seat: Seat, t: Option<Terrain>, setup: bool) -> bool {
    let h = &st.humans[seat];
    if h.faction.unchecked_terrain() && !setup {
        return t.is_some();
    }
    t == Some(h.home) || (!setup && t.is_some() && t == h.faction.extra_terrain())
}

/// Terrains a human may create with a transform (TMA-HUM-4).
pub fn may_create(st: &State, seat: Seat, t: Terrain) -> bool {
    t.wheel_index().is_some() || st.humans[seat].faction.extra_terrain() == Some(t)
}

/// The legal upgrade steps (TMA-HUM-5).
pub fn upgrade_step_ok(st: &State, from: Kind, to: Kind) -> bool {
    matches!(
        (from, to),
        (Kind::Dwelling, Kind::TradingHouse)
            | (Kind::TradingHouse, Kind::Temple)
            | (Kind::TradingHouse, Kind::Stronghold)
            | (Kind::Temple, Kind::Sanctuary)
    ) || (st.options.merchants_of_the_seas && from == Kind::TradingHouse && to == Kind::Shipyard)
}

/// Human cult movement (TMA-HUM-9).
pub fn human_advance(st: &mut State, seat: Seat, t: Cult, steps: u8) -> (u8, u8) {
    let from = st.cult[seat][t.idx()];
    let used = st.cult[seat].iter().filter(|p| **p >= 10).count() as u8;
    let ten_free = st.seats().all(|s| s == seat || st.cult[s][t.idx()] < 10);
    let cap = if from >= 10 || (st.humans[seat].keys > used && ten_free) {
        10
    } else {
        9
    };
    let to = (from.saturating_add(steps)).min(cap).max(from);
    st.cult[seat][t.idx()] = to;
    (from, to)
}

/// Whether the human can still advance on a track (TMA-HUM-9).
pub fn can_advance(st: &State, seat: Seat, t: Cult) -> bool {
    let mut s2 = st.clone();
    let (f, to) = human_advance(&mut s2, seat, t, 1);
    to > f
}

/// Power offered to the other players by a human's new building (TMA-HUM-17).
fn offer_events(st: &State, seat: Seat, c: usize, t: &mut Turn<'_, Event>) {
    let g = geo(st.options.map);
    let adj = g.adj(c, &st.bridge_pairs());
    for other in st.seats().filter(|o| *o != seat) {
        let p: u32 = adj
            .iter()
            .filter_map(|n| st.buildings[*n])
            .filter(|b| b.owner == other)
            .map(|b| b.kind.power(st.options.mots_shipyard_power))
            .sum();
        if p > 0 {
            t.emit(
                "TMA-HUM-17",
                Event::PowerOffered {
                    seat: other,
                    amount: p,
                    cell: cell_id(g, c),
                    builder: seat,
                },
            );
        }
    }
}

fn next_to_automa(st: &State, c: usize) -> bool {
    let g = geo(st.options.map);
    let a = st.automa_seat();
    g.adj(c, &st.bridge_pairs())
        .iter()
        .any(|n| st.buildings[*n].is_some_and(|b| b.owner == a))
}

/// Cultists' draw from Automa's reserve (TMA-HF-1..4).
fn cultist_draw(
    st: &mut State,
    seat: Seat,
    c: usize,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if st.humans[seat].faction != HumanFaction::Cultists || !next_to_automa(st, c) {
        return Ok(());
    }
    let drawn = deck::reserve_seen(st, t)?;
    let vp = drawn.map(card).and_then(|cd| {
        cd.actions.contains(&Act::GainVp).then(|| match cd.vp {
            Vp::Fixed(n) => n,
            Vp::X => st.options.difficulty.x(st.round),
            Vp::None => 0,
        })
    });
    let rule = match (drawn, vp) {
        (None, _) => "TMA-HF-4",
        _ => "TMA-HF-2",
    };
    let ev = t.emit(
        rule,
        Event::CultistDraw {
            seat,
            card: drawn,
            vp,
        },
    );
    if let Some(id) = drawn {
        ev.cards(&[id]);
    }
    match vp {
        Some(v) => st.humans[seat].vp_engine += v as i32,
        None => st
            .pending
            .push(Pending::CultistCultStep { seat, card: drawn }),
    }
    if let Some(id) = drawn {
        st.automa.cultist_aside.push(id); // TMA-HF-3
    }
    Ok(())
}

/// Applies one step of a turn (TMA-HUM-3..17): each step is checked,
/// applied and announced by its own function.
fn apply_step(
    st: &mut State,
    seat: Seat,
    step: &TurnStep,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    match step {
        TurnStep::Transform { cell, terrain } => transform(st, seat, cell, *terrain, t),
        TurnStep::Build { cell } => build(st, seat, cell, t),
        TurnStep::Upgrade { cell, to } => upgrade(st, seat, cell, *to, t),
        TurnStep::PlaceBridge { a, b } => place_bridge(st, seat, a, b, t),
        TurnStep::SendPriest { track, value } => send_priest(st, seat, *track, *value, t),
        TurnStep::AdvanceCult { track, steps } => advance_cult(st, seat, *track, *steps, t),
        TurnStep::TakePowerAction { space } => take_power_action(st, seat, *space, t),
        TurnStep::TakeFavorTile { tile } => take_favor_tile(st, seat, *tile, t),
        TurnStep::TakeTownTile { tile } => take_town_tile(st, seat, *tile, t),
        TurnStep::SetReach { reach } => set_reach(st, seat, *reach, t),
        TurnStep::ReportVp { delta, reason } => report_vp(st, seat, *delta, *reason, t),
        // An answer, no board step: `batch_turn` takes it to `answer`.
        TurnStep::CultistCultStep { .. } => Err(misfit(&step.as_move())),
    }
}

/// A dwelling on a cell (TMA-HUM-3); Shapeshifters next to Automa gain
/// power (TMA-HF-6), neighbours are offered power (TMA-HUM-17) and Cultists
/// next to Automa draw (TMA-HF-1).
fn build(
    st: &mut State,
    seat: Seat,
    cell: &Cell,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let c = cell_of(st, cell, "TMA-HUM-3")?;
    build_dwelling(st, seat, c, false)?;
    t.emit(
        "TMA-HUM-3",
        Event::Built {
            seat,
            cell: cell.clone(),
        },
    );
    if st.humans[seat].faction == HumanFaction::Shapeshifters && next_to_automa(st, c) {
        t.emit(
            "TMA-HF-6",
            Event::ShapeshiftersPower {
                seat,
                cell: cell.clone(),
            },
        );
    }
    offer_events(st, seat, c, t);
    cultist_draw(st, seat, c, t)
}

/// One upgrade step of an own building, if the supply has the piece
/// (TMA-HUM-5); then power offers and the Cultists' draw as for a build.
fn upgrade(
    st: &mut State,
    seat: Seat,
    cell: &Cell,
    to: Kind,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let c = cell_of(st, cell, "TMA-HUM-5")?;
    let Some(b) = st.buildings[c].filter(|b| b.owner == seat) else {
        return Err(ill(
            "TMA-HUM-5",
            Refusal::NotYourBuilding { cell: cell.clone() },
        ));
    };
    if !upgrade_step_ok(st, b.kind, to) {
        return Err(ill("TMA-HUM-5", Refusal::NoUpgrade { from: b.kind, to }));
    }
    if human_supply(st, seat, to) == 0 {
        return Err(ill("TMA-HUM-5", Refusal::SupplyEmpty { kind: to }));
    }
    st.buildings[c] = Some(Building {
        owner: seat,
        kind: to,
        marked: false,
    });
    t.emit(
        "TMA-HUM-5",
        Event::Upgraded {
            seat,
            cell: cell.clone(),
            from: b.kind,
            to,
        },
    );
    offer_events(st, seat, c, t);
    cultist_draw(st, seat, c, t)
}

/// A bridge over a river between two cells, at most three per human
/// (TMA-HUM-14), on a free bridge position next to an own building
/// (TMA-MAP-10).
fn place_bridge(
    st: &mut State,
    seat: Seat,
    a: &Cell,
    b: &Cell,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let ca = cell_of(st, a, "TMA-HUM-14")?;
    let cb = cell_of(st, b, "TMA-HUM-14")?;
    if st.humans[seat].bridges_placed >= 3 {
        return Err(ill("TMA-HUM-14", Refusal::AllBridgesPlaced));
    }
    if !geo(st.options.map).bridge_ok(ca, cb) {
        return Err(ill(
            "TMA-MAP-10",
            Refusal::NotABridgePosition {
                a: a.clone(),
                b: b.clone(),
            },
        ));
    }
    if st
        .bridges
        .iter()
        .any(|x| (x.a == ca && x.b == cb) || (x.a == cb && x.b == ca))
    {
        return Err(ill("TMA-MAP-10", Refusal::BridgeAlreadyThere));
    }
    let own = |c: usize| st.buildings[c].is_some_and(|x| x.owner == seat);
    if !own(ca) && !own(cb) {
        return Err(ill("TMA-MAP-10", Refusal::BridgeNeedsBuilding));
    }
    st.bridges.push(Bridge {
        owner: seat,
        a: ca,
        b: cb,
    });
    st.humans[seat].bridges_placed += 1;
    t.emit(
        "TMA-HUM-14",
        Event::BridgePlaced {
            seat,
            a: a.clone(),
            b: b.clone(),
        },
    );
    Ok(())
}

/// A priest to the cult board (TMA-HUM-7): value 3 takes the one top space,
/// value 2 one of the three others, value 1 returns the priest and places
/// nothing; at most seven priests are placed.
fn send_priest(
    st: &mut State,
    seat: Seat,
    track: Cult,
    value: u8,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let steps = match value {
        3 | 2 => {
            if st.humans[seat].priests_placed >= 7 {
                return Err(ill("TMA-HUM-7", Refusal::AllPriestsPlaced));
            }
            let spaces = &mut st.priest_spaces[track.idx()];
            let slot = if value == 3 {
                (0..1).find(|i| spaces[*i].is_none())
            } else {
                (1..4).find(|i| spaces[*i].is_none())
            };
            let Some(i) = slot else {
                return Err(ill("TMA-HUM-7", Refusal::NoPriestSpace { value, track }));
            };
            spaces[i] = Some(seat);
            st.humans[seat].priests_placed += 1;
            value
        }
        1 => 1,
        _ => return Err(ill("TMA-HUM-7", Refusal::PriestValue)),
    };
    let (from, to) = human_advance(st, seat, track, steps);
    t.emit(
        "TMA-HUM-7",
        Event::PriestSent {
            seat,
            track,
            value,
            from,
            to,
        },
    );
    Ok(())
}

/// One to three steps up a cult track (TMA-HUM-8), capped as TMA-HUM-9 says.
fn advance_cult(
    st: &mut State,
    seat: Seat,
    track: Cult,
    steps: u8,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if !(1..=3).contains(&steps) {
        return Err(ill("TMA-HUM-8", Refusal::AdvanceSteps));
    }
    let (from, to) = human_advance(st, seat, track, steps);
    t.emit(
        "TMA-HUM-8",
        Event::CultAdvanced {
            seat,
            track,
            steps,
            from,
            to,
        },
    );
    Ok(())
}

/// Covers a free power action space on the board (TMA-HUM-10).
fn take_power_action(
    st: &mut State,
    seat: Seat,
    space: PowerSpace,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let Some(i) = st.power_actions.iter().position(|p| p.0 == space) else {
        return Err(ill("TMA-HUM-10", Refusal::NoSuchPowerAction { space }));
    };
    if st.power_actions[i].1.is_some() {
        return Err(ill("TMA-HUM-10", Refusal::PowerActionCovered { space }));
    }
    st.power_actions[i].1 = Some(seat);
    t.emit("TMA-HUM-10", Event::PowerActionTaken { seat, space });
    Ok(())
}

/// A favor tile from the supply and its cult steps (TMA-HUM-11).
fn take_favor_tile(
    st: &mut State,
    seat: Seat,
    tile: FavorTile,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if let Some(why) = favor_refusal(st, seat, tile) {
        return Err(ill("TMA-HUM-11", why));
    }
    if let Some(n) = st.favor_supply.get_mut(&tile) {
        *n -= 1;
    }
    st.humans[seat].favors.push(tile);
    let (from, to) = human_advance(st, seat, tile.track(), tile.steps());
    t.emit(
        "TMA-HUM-11",
        Event::FavorTaken {
            seat,
            tile,
            track: tile.track(),
            from,
            to,
        },
    );
    Ok(())
}

/// A town tile from the supply with its key; TW5 also moves one step up
/// every cult track (TMA-HUM-13).
fn take_town_tile(
    st: &mut State,
    seat: Seat,
    tile: TownTile,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if st.town_supply.get(&tile).copied().unwrap_or(0) == 0 {
        return Err(ill("TMA-HUM-13", Refusal::NoTownTileLeft { tile }));
    }
    if let Some(n) = st.town_supply.get_mut(&tile) {
        *n -= 1;
    }
    st.humans[seat].towns.push(tile);
    st.humans[seat].keys += 1;
    if tile == TownTile::Tw5 {
        for c in CULTS {
            human_advance(st, seat, c, 1);
        }
    }
    t.emit("TMA-HUM-13", Event::TownTaken { seat, tile });
    Ok(())
}

/// A new reach (shipping or tunnelling), which only ever rises (TMA-HUM-15).
fn set_reach(
    st: &mut State,
    seat: Seat,
    reach: Reach,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if !reach_ok(st, seat, reach) {
        return Err(ill("TMA-HUM-15", Refusal::ReachOnlyRises));
    }
    st.humans[seat].reach = reach;
    t.emit("TMA-HUM-15", Event::ReachSet { seat, reach });
    Ok(())
}

/// The batch form of a turn (TMA-HUM-2): each step as the step form takes
/// it, then `end_turn`, so both forms give the same events in the same order.
/// `report_vp` is no board step and never ends a turn (TMA-HUM-1). A Cultists
/// decision is answered by the `cultist_cult_step` step after the draw
/// (TMA-HF-2); while it is open only reports may come before the answer, and
/// the turn does not end with it open. A batch holding no answer step is read
/// as logs written before the step form were: the decision waits until after
/// the turn.
fn batch_turn(
    st: &mut State,
    seat: Seat,
    steps: &[TurnStep],
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    if st.turn_steps > 0 {
        return Err(ill("TMA-HUM-2", Refusal::TurnBegun));
    }
    if steps.is_empty() {
        return Err(ill("TMA-HUM-2", Refusal::EmptyTurn));
    }
    let answers = steps
        .iter()
        .any(|s| matches!(s, TurnStep::CultistCultStep { .. }));
    let mut board_steps: u16 = 0;
    for step in steps {
        match step {
            TurnStep::ReportVp { delta, reason } => report_vp(st, seat, *delta, *reason, t)?,
            TurnStep::CultistCultStep { .. } => match st.pending.first().cloned() {
                Some(p) => answer(st, seat, p, &step.as_move(), t)?,
                None => return Err(misfit(&step.as_move())),
            },
            _ => {
                if answers {
                    if let Some(p) = st.pending.first() {
                        return Err(ill(pending_rule(p), Refusal::AnswerFirst));
                    }
                }
                apply_step(st, seat, step, t)?;
                board_steps += 1;
            }
        }
    }
    if board_steps == 0 {
        return Err(ill("TMA-HUM-2", Refusal::TurnNeedsStep));
    }
    if answers {
        if let Some(p) = st.pending.first() {
            return Err(ill(pending_rule(p), Refusal::AnswerFirst));
        }
    }
    t.emit(
        "TMA-HUM-2",
        Event::TurnEnded {
            seat,
            steps: board_steps,
        },
    );
    flow::end_turn(st, t);
    Ok(())
}

/// The rule of an open decision.
fn pending_rule(p: &Pending) -> &'static str {
    match p {
        Pending::CultistCultStep { .. } => "TMA-HF-2",
        Pending::PowerGainReport { .. } => "TMA-FAC-9",
        Pending::CultBonusTransforms { .. } => "TMA-RND-1",
    }
}

/// Why a human may not take a favor tile, if he may not (TMA-HUM-11).
pub fn favor_refusal(st: &State, seat: Seat, tile: FavorTile) -> Option<Refusal> {
    if st.favor_supply.get(&tile).copied().unwrap_or(0) == 0 {
        return Some(Refusal::NoFavorTileLeft { tile });
    }
    if st.humans[seat].favors.contains(&tile) {
        return Some(Refusal::FavorTileHeld { tile });
    }
    None
}

/// Whether a new reach is legal (TMA-HUM-15).
pub fn reach_ok(st: &State, seat: Seat, reach: Reach) -> bool {
    match (st.humans[seat].reach, reach) {
        (Reach::Shipping { level: a }, Reach::Shipping { level: b }) => b >= a && b <= 5,
        (Reach::Teleport { range: a }, Reach::Teleport { range: b }) => b >= a && b <= 4,
        _ => false,
    }
}

/// A transform (TMA-HUM-4), in a turn or with the round-end cult bonus.
fn transform(
    st: &mut State,
    seat: Seat,
    cell: &Cell,
    terrain: Terrain,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let g = geo(st.options.map);
    let c = cell_of(st, cell, "TMA-HUM-4")?;
    if !g.is_land(c) || st.buildings[c].is_some() {
        return Err(ill(
            "TMA-HUM-4",
            Refusal::NotTransformable { cell: cell.clone() },
        ));
    }
    if !may_create(st, seat, terrain) {
        return Err(ill("TMA-HUM-4", Refusal::CannotCreate { terrain }));
    }
    let had_blight = st.blight[c];
    let from = st.terrain[c];
    st.terrain[c] = Some(terrain);
    st.blight[c] = false;
    t.emit(
        "TMA-HUM-4",
        Event::Transformed {
            seat,
            cell: cell.clone(),
            from,
            to: terrain,
            blight_removed: had_blight,
        },
    );
    Ok(())
}

/// Why a dwelling may not go on a cell, before the cell is named: a
/// legal-move list asks about every cell, and only a refusal needs its name.
#[derive(Debug, Clone, Copy)]
enum BuildBlock {
    River,
    Occupied,
    NotBuildable(Option<Terrain>),
    SupplyEmpty,
    Blighted,
}

/// The first rule that keeps a human from building a dwelling on `c`
/// (TMA-HUM-3, TMA-SET-12, TMA-FAC-11).
fn build_block(st: &State, seat: Seat, c: usize, setup: bool) -> Option<BuildBlock> {
    if !geo(st.options.map).is_land(c) {
        return Some(BuildBlock::River);
    }
    if st.buildings[c].is_some() {
        return Some(BuildBlock::Occupied);
    }
    if !may_build_on(st, seat, st.terrain[c], setup) {
        return Some(BuildBlock::NotBuildable(st.terrain[c]));
    }
    if human_supply(st, seat, Kind::Dwelling) == 0 {
        return Some(BuildBlock::SupplyEmpty);
    }
    if st.blight[c] && st.options.blight_rules == RulesMode::House {
        return Some(BuildBlock::Blighted);
    }
    None
}

/// Whether a human may build a dwelling on `c` (TMA-HUM-3, TMA-SET-12,
/// TMA-FAC-11): [`build_refusal`] without naming the cell.
pub fn may_build_dwelling(st: &State, seat: Seat, c: usize, setup: bool) -> bool {
    build_block(st, seat, c, setup).is_none()
}

/// Why a human may not build a dwelling on `c`, if he may not (TMA-HUM-3,
/// TMA-SET-12, TMA-FAC-11): (rule, refusal).
pub fn build_refusal(
    st: &State,
    seat: Seat,
    c: usize,
    setup: bool,
) -> Option<(&'static str, Refusal)> {
    let cell = || cell_id(geo(st.options.map), c);
    Some(match build_block(st, seat, c, setup)? {
        BuildBlock::River => ("TMA-HUM-3", Refusal::RiverCell { cell: cell() }),
        BuildBlock::Occupied => ("TMA-HUM-3", Refusal::CellOccupied { cell: cell() }),
        BuildBlock::NotBuildable(terrain) => (
            "TMA-HUM-3",
            Refusal::NotBuildable {
                cell: cell(),
                terrain,
            },
        ),
        BuildBlock::SupplyEmpty => (
            "TMA-HUM-3",
            Refusal::SupplyEmpty {
                kind: Kind::Dwelling,
            },
        ),
        BuildBlock::Blighted => ("TMA-FAC-11", Refusal::Blighted { cell: cell() }),
    })
}

/// Places a human dwelling (TMA-HUM-3, TMA-SET-12).
fn build_dwelling(st: &mut State, seat: Seat, c: usize, setup: bool) -> Result<(), RuleError> {
    if let Some((rule, why)) = build_refusal(st, seat, c, setup) {
        return Err(ill(rule, why));
    }
    st.cube[c] = false;
    st.buildings[c] = Some(Building {
        owner: seat,
        kind: Kind::Dwelling,
        marked: false,
    });
    Ok(())
}

fn check_vp(rule: &str, delta: i32) -> Result<(), RuleError> {
    if delta.abs() > VP_REPORT_LIMIT {
        return Err(ill(
            rule,
            Refusal::VpReportLimit {
                limit: VP_REPORT_LIMIT,
            },
        ));
    }
    Ok(())
}

fn report_vp(
    st: &mut State,
    seat: Seat,
    delta: i32,
    reason: VpReason,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    check_vp("TMA-HUM-16", delta)?;
    st.humans[seat].vp_reported += delta;
    t.emit(
        "TMA-HUM-16",
        Event::VpReported {
            seat,
            delta,
            reason,
        },
    );
    Ok(())
}

/// Whether Automa VP are reported by the table (§5).
pub fn automa_vp_at_table(st: &State) -> bool {
    let o = &st.options;
    o.symbionts_rules == RulesMode::Table
        || o.blight_rules == RulesMode::Table
        || o.gognomes_rules == RulesMode::Table
}

/// Applies a human move (§5).
pub fn play(st: &mut State, mv: &Move, t: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    let Some(seat) = t.seat.filter(|s| st.is_human(*s)) else {
        return Err(RuleError::out_of_turn(
            "TMA-HUM-1",
            Refusal::AutomaSeatServer,
        ));
    };
    match mv {
        Move::ReportVp { delta, reason } => return report_vp(st, seat, *delta, *reason, t),
        Move::ReportAutomaVp { delta, reason } => {
            if !automa_vp_at_table(st) {
                return Err(ill("TMA-FAC-10", Refusal::AutomaVpNotReported));
            }
            check_vp("TMA-FAC-12", *delta)?;
            st.automa.vp += delta;
            t.emit(
                "TMA-FAC-12",
                Event::AutomaVpReported {
                    seat,
                    delta: *delta,
                    reason: *reason,
                },
            );
            return Ok(());
        }
        _ => {}
    }
    if let Some(p) = st.pending.first().cloned() {
        return answer(st, seat, p, mv, t);
    }
    match (st.phase, mv) {
        (Phase::Setup, Move::PlaceInitialDwelling { cell }) => {
            if !matches!(st.setup.first(), Some(SetupStep::HumanDwelling { .. })) {
                return Err(ill("TMA-SET-12", Refusal::NoDwellingNow));
            }
            let c = cell_of(st, cell, "TMA-HUM-3")?;
            build_dwelling(st, seat, c, true)?;
            t.emit(
                "TMA-SET-12",
                Event::InitialDwelling {
                    seat,
                    cell: cell.clone(),
                },
            );
            st.setup.remove(0);
        }
        (Phase::Setup, Move::ChooseBonusCard { card }) => {
            if !matches!(st.setup.first(), Some(SetupStep::HumanBonus { .. })) {
                return Err(ill("TMA-SET-15", Refusal::BonusCardNotYet));
            }
            let Some(i) = st.bonus_row.iter().position(|r| &r.card == card) else {
                return Err(ill(
                    "TMA-HUM-12",
                    Refusal::NotInBonusRow { card: card.clone() },
                ));
            };
            let rc = st.bonus_row.remove(i);
            st.humans[seat].bonus = Some(rc.card.clone());
            t.emit(
                "TMA-HUM-12",
                Event::BonusCardTaken {
                    seat,
                    card: rc.card.clone(),
                },
            )
            .cards(std::slice::from_ref(card));
            st.setup.remove(0);
            if st.setup.is_empty() {
                flow::begin_round_one(st, t);
            }
        }
        (Phase::Actions, Move::EndTurn) => {
            if st.turn_steps == 0 {
                return Err(ill("TMA-HUM-2", Refusal::TurnNeedsStep));
            }
            t.emit(
                "TMA-HUM-2",
                Event::TurnEnded {
                    seat,
                    steps: st.turn_steps,
                },
            );
            flow::end_turn(st, t);
        }
        (Phase::Actions, Move::Turn { steps }) => batch_turn(st, seat, steps, t)?,
        (Phase::Actions, Move::Pass { bonus_card }) => {
            if st.turn_steps > 0 {
                return Err(ill("TMA-HUM-2", Refusal::ActedAlready));
            }
            pass(st, seat, bonus_card.as_ref(), t)?;
        }
        (Phase::Actions, step) => {
            let Some(ts) = as_step(step) else {
                return Err(misfit(mv));
            };
            apply_step(st, seat, &ts, t)?;
            st.turn_steps += 1;
        }
        (Phase::FinalReports, Move::FinalReport { vp_delta }) => {
            check_vp("TMA-END-1", *vp_delta)?;
            st.humans[seat].vp_reported += vp_delta;
            st.humans[seat].final_reported = true;
            t.emit(
                "TMA-END-1",
                Event::FinalReport {
                    seat,
                    vp_delta: *vp_delta,
                },
            );
            if st.humans.iter().all(|h| h.final_reported) {
                super::scoring::finish(st, t);
            }
        }
        _ => return Err(misfit(mv)),
    }
    Ok(())
}

/// A step move as a turn step.
fn as_step(mv: &Move) -> Option<TurnStep> {
    Some(match mv.clone() {
        Move::Transform { cell, terrain } => TurnStep::Transform { cell, terrain },
        Move::Build { cell } => TurnStep::Build { cell },
        Move::Upgrade { cell, to } => TurnStep::Upgrade { cell, to },
        Move::PlaceBridge { a, b } => TurnStep::PlaceBridge { a, b },
        Move::SendPriest { track, value } => TurnStep::SendPriest { track, value },
        Move::AdvanceCult { track, steps } => TurnStep::AdvanceCult { track, steps },
        Move::TakePowerAction { space } => TurnStep::TakePowerAction { space },
        Move::TakeFavorTile { tile } => TurnStep::TakeFavorTile { tile },
        Move::TakeTownTile { tile } => TurnStep::TakeTownTile { tile },
        Move::SetReach { reach } => TurnStep::SetReach { reach },
        _ => return None,
    })
}

/// A move that does not fit the current step of the game.
fn misfit(mv: &Move) -> RuleError {
    let rule = match mv {
        Move::PlaceInitialDwelling { .. } => "TMA-SET-12",
        Move::ChooseBonusCard { .. } => "TMA-SET-15",
        Move::FinalReport { .. } => "TMA-END-1",
        Move::CultistCultStep { .. } => "TMA-HF-2",
        Move::PowerGainReport { .. } => "TMA-FAC-9",
        Move::CultBonusTransforms { .. } | Move::EndTransforms => "TMA-RND-1",
        _ => "TMA-HUM-1",
    };
    ill(rule, Refusal::MoveDoesNotFit)
}

/// A human passes (TMA-TURN-4, TMA-HUM-12).
fn pass(
    st: &mut State,
    seat: Seat,
    bonus_card: Option<&super::ids::BonusCard>,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let first = st.passed.is_empty();
    let last_round = st.round >= 6;
    let (taken, coins, returned) = match (last_round, bonus_card) {
        (false, Some(card)) => {
            let Some(i) = st.bonus_row.iter().position(|r| &r.card == card) else {
                return Err(ill(
                    "TMA-HUM-12",
                    Refusal::NotInBonusRow { card: card.clone() },
                ));
            };
            let rc = st.bonus_row.remove(i);
            let old = st.humans[seat].bonus.take();
            if let Some(old) = &old {
                st.bonus_row.insert(
                    i,
                    RowCard {
                        card: old.clone(),
                        coins: 0,
                    },
                );
            }
            st.humans[seat].bonus = Some(rc.card.clone());
            (Some(rc.card), rc.coins, old)
        }
        (false, None) => return Err(ill("TMA-TURN-4", Refusal::BonusCardOnPass)),
        (true, Some(_)) => return Err(ill("TMA-TURN-4", Refusal::NoBonusCardInRoundSix)),
        // Round 6: no card is taken and none is returned (as Automa in TMA-PASS-2).
        (true, None) => (None, 0, None),
    };
    let starts_next = first && !last_round;
    if starts_next {
        st.start_player = seat;
    }
    st.passed.push(seat);
    let ev = t.emit(
        "TMA-TURN-4",
        Event::HumanPassed {
            seat,
            round: st.round,
            bonus_card: taken.clone(),
            coins,
            returned,
            start_player_next_round: starts_next,
        },
    );
    if let Some(c) = &taken {
        ev.cards(std::slice::from_ref(c));
    }
    flow::end_turn(st, t);
    Ok(())
}

/// Answers the open decision (TMA-HF-2, TMA-FAC-9, TMA-RND-1).
fn answer(
    st: &mut State,
    seat: Seat,
    p: Pending,
    mv: &Move,
    t: &mut Turn<'_, Event>,
) -> Result<(), RuleError> {
    let me = seat;
    match (p, mv) {
        (Pending::CultistCultStep { .. }, Move::CultistCultStep { track }) => {
            match track {
                Some(c) => {
                    let (from, to) = human_advance(st, seat, *c, 1);
                    if from == to {
                        return Err(ill("TMA-HF-2", Refusal::CannotAdvance { track: *c }));
                    }
                    t.emit(
                        "TMA-HF-2",
                        Event::CultAdvanced {
                            seat: me,
                            track: *c,
                            steps: 1,
                            from,
                            to,
                        },
                    );
                }
                None => {
                    t.emit("TMA-HF-2", Event::CultStepDeclined { seat: me });
                }
            }
            st.pending.remove(0);
        }
        (Pending::PowerGainReport { offered, .. }, Move::PowerGainReport { gained }) => {
            if *gained > offered {
                return Err(ill("TMA-FAC-9", Refusal::GainedTooMuch { offered }));
            }
            t.emit(
                "TMA-FAC-9",
                Event::PowerGainReported {
                    seat: me,
                    gained: *gained,
                    offered,
                },
            );
            st.pending.remove(0);
            if *gained >= 2 {
                // The cult step comes first when Automa's turn resumes.
                if let Some(sus) = st.automa.suspended.as_mut() {
                    sus.cult_step = true;
                }
            }
        }
        (Pending::CultBonusTransforms { .. }, Move::Transform { cell, terrain }) => {
            transform(st, seat, cell, *terrain, t)?;
            return Ok(());
        }
        (Pending::CultBonusTransforms { .. }, Move::EndTransforms) => {
            t.emit("TMA-RND-1", Event::TransformsDone { seat: me });
            st.pending.remove(0);
        }
        (Pending::CultBonusTransforms { .. }, Move::CultBonusTransforms { transforms }) => {
            for x in transforms {
                transform(st, seat, &x.cell, x.terrain, t)?;
            }
            t.emit("TMA-RND-1", Event::TransformsDone { seat: me });
            st.pending.remove(0);
        }
        (p, _) => return Err(ill(pending_rule(&p), Refusal::AnswerFirst)),
    }
    flow::decision_done(st);
    Ok(())
}
