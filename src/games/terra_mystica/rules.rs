//! Human moves (§5, TMA-HUM-*, TMA-HF-*): structural checks and state changes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::engine::legacy::{Dice, Event, RuleError};

use super::board::geo;
use super::data::{card, Cult, HumanFaction, Kind, Reach, Terrain, Vp, FAVORS};
use super::deck;
use super::flow;
use super::select::power_given;
use super::state::*;

/// One board step of a `turn` (§5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum TurnStep {
    Transform {
        cell: String,
        terrain: Terrain,
    },
    Build {
        cell: String,
        /// Physical-table mode: the Automa card a Cultists draw turned over (TMA-GEN-12).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cultist_card: Option<String>,
    },
    Upgrade {
        cell: String,
        to: Kind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cultist_card: Option<String>,
    },
    PlaceBridge {
        a: String,
        b: String,
    },
    SendPriest {
        track: Cult,
        value: u8,
    },
    AdvanceCult {
        track: Cult,
        steps: u8,
    },
    TakePowerAction {
        space: String,
    },
    TakeFavorTile {
        tile: String,
    },
    TakeTownTile {
        tile: String,
    },
    SetReach {
        reach: Reach,
    },
    ReportVp {
        delta: i32,
        #[serde(default)]
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellTerrain {
    pub cell: String,
    pub terrain: Terrain,
}

/// A human move (§5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    PlaceInitialDwelling {
        cell: String,
    },
    ChooseBonusCard {
        card: String,
    },
    Turn {
        steps: Vec<TurnStep>,
    },
    Pass {
        #[serde(default)]
        bonus_card: Option<String>,
    },
    ReportVp {
        delta: i32,
        #[serde(default)]
        reason: String,
    },
    CultistCultStep {
        track: Option<Cult>,
    },
    PowerGainReport {
        gained: u32,
    },
    CultBonusTransforms {
        transforms: Vec<CellTerrain>,
    },
    FinalReport {
        vp_delta: i32,
    },
    ReportAutomaVp {
        delta: i32,
        #[serde(default)]
        reason: String,
    },
}

fn ill(rule: &str, d: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, d)
}

fn cell_of(st: &State, name: &str, rule: &str) -> Result<usize, RuleError> {
    let g = geo(&st.options.map).ok_or_else(|| ill("TMA-MAP-1", "unknown map"))?;
    g.cell(name)
        .ok_or_else(|| ill(rule, format!("there is no cell '{name}' on this map")))
}

/// Human supply per kind (TMA-HUM-3/5).
pub fn human_supply(st: &State, seat: usize, k: Kind) -> usize {
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
pub fn may_build_on(st: &State, seat: usize, t: Option<Terrain>, setup: bool) -> bool {
    let h = &st.humans[seat];
    if h.faction.unchecked_terrain() && !setup {
        return t.is_some();
    }
    t == Some(h.home) || (!setup && t.is_some() && t == h.faction.extra_terrain())
}

/// Human cult movement (TMA-HUM-9).
pub fn human_advance(st: &mut State, seat: usize, t: Cult, steps: u8) -> (u8, u8) {
    let from = st.cult[seat][t.idx()];
    let used = st.cult[seat].iter().filter(|p| **p >= 10).count() as u8;
    let ten_free = (0..st.n_seats()).all(|s| s == seat || st.cult[s][t.idx()] < 10);
    let cap = if from >= 10 || (st.humans[seat].keys > used && ten_free) {
        10
    } else {
        9
    };
    let to = (from.saturating_add(steps)).min(cap).max(from);
    st.cult[seat][t.idx()] = to;
    (from, to)
}

fn offer_events(st: &State, seat: usize, c: usize, ev: &mut Vec<Event>) {
    let g = geo(&st.options.map).expect("map");
    let bridges = st.bridge_pairs();
    let adj = g.adj(c, &bridges);
    for other in 0..st.n_seats() {
        if other == seat {
            continue;
        }
        let p: u32 = adj
            .iter()
            .filter_map(|n| st.buildings[*n])
            .filter(|b| b.owner == other)
            .map(|b| b.kind.power(st.options.mots_shipyard_power))
            .sum();
        if p > 0 {
            let text = if other == st.automa_seat() {
                format!(
                    "Automa is offered {p} power from your building on {}; she never takes power.",
                    g.name(c)
                )
            } else {
                format!(
                    "{} may gain {p} power from the building on {} (settled at the table).",
                    st.seat_id(other),
                    g.name(c)
                )
            };
            ev.push(
                Event::new("power_offered", "TMA-HUM-17", text)
                    .data(json!({"seat": st.seat_id(other), "amount": p})),
            );
        }
    }
    let _ = power_given;
}

/// Cultists' draw from Automa's reserve (TMA-HF-1..4).
fn cultist_draw(
    st: &mut State,
    seat: usize,
    c: usize,
    reported: Option<&str>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if st.humans[seat].faction != HumanFaction::Cultists {
        return Ok(());
    }
    let g = geo(&st.options.map).expect("map");
    let a = st.automa_seat();
    let bridges = st.bridge_pairs();
    if !g
        .adj(c, &bridges)
        .iter()
        .any(|n| st.buildings[*n].is_some_and(|b| b.owner == a))
    {
        return Ok(());
    }
    let drawn = deck::reserve_seen(st, dice, reported)?;
    let vp = drawn.as_ref().and_then(|id| card(id)).and_then(|cd| {
        if cd.actions.contains(&super::data::Act::GainVp) {
            Some(match cd.vp {
                Vp::Fixed(n) => n,
                Vp::X => st.options.difficulty.x(st.round),
                Vp::None => 0,
            })
        } else {
            None
        }
    });
    match (&drawn, vp) {
        (Some(id), Some(v)) => {
            st.humans[seat].vp_engine += v as i32;
            ev.push(
                Event::new(
                    "cultist_draw",
                    "TMA-HF-2",
                    format!("Cultists draw Automa card {id} (Gain VP): you gain {v} VP."),
                )
                .cards(std::slice::from_ref(id))
                .data(json!({"card": id, "vp": v})),
            );
        }
        _ => {
            ev.push(
                Event::new(
                    "cultist_draw",
                    if drawn.is_some() { "TMA-HF-2" } else { "TMA-HF-4" },
                    match &drawn {
                        Some(id) => format!("Cultists draw Automa card {id} (no VP): you may advance 1 on a cult track."),
                        None => "No Automa card is left to draw: you may advance 1 on a cult track.".to_string(),
                    },
                )
                .cards(&drawn.iter().cloned().collect::<Vec<_>>())
                .data(json!({"card": drawn, "vp": null})),
            );
            st.pending.push(Decision::CultistCultStep { seat });
        }
    }
    if let Some(id) = drawn {
        st.automa.cultist_aside.push(id); // TMA-HF-3
    }
    Ok(())
}

/// Applies one step of a `turn` (TMA-HUM-2..17).
fn apply_step(
    st: &mut State,
    seat: usize,
    step: &TurnStep,
    transformed: &mut Vec<usize>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let g = geo(&st.options.map).ok_or_else(|| ill("TMA-MAP-1", "unknown map"))?;
    let id = st.seat_id(seat);
    match step {
        TurnStep::Transform { cell, terrain } => {
            let c = cell_of(st, cell, "TMA-HUM-4")?;
            if !g.is_land(c) || st.buildings[c].is_some() {
                return Err(ill(
                    "TMA-HUM-4",
                    format!("{cell} must be a land cell without a building to transform it"),
                ));
            }
            let ok = terrain.wheel_index().is_some()
                || st.humans[seat].faction.extra_terrain() == Some(*terrain);
            if !ok {
                return Err(ill(
                    "TMA-HUM-4",
                    format!("your faction cannot create {}", terrain.name()),
                ));
            }
            let had_blight = st.blight[c];
            st.terrain[c] = Some(*terrain);
            st.blight[c] = false;
            transformed.push(c);
            ev.push(
                Event::new(
                    "transformed",
                    "TMA-HUM-4",
                    format!(
                        "{id} transforms {cell} into {}{}.",
                        terrain.name(),
                        if had_blight {
                            " (blighted land: remember the extra spade)"
                        } else {
                            ""
                        }
                    ),
                )
                .data(json!({"cell": cell, "terrain": terrain})),
            );
        }
        TurnStep::Build { cell, cultist_card } => {
            let c = cell_of(st, cell, "TMA-HUM-3")?;
            build_dwelling(st, seat, c, false)?;
            ev.push(
                Event::new(
                    "built",
                    "TMA-HUM-3",
                    format!("{id} builds a dwelling on {cell}."),
                )
                .data(json!({"cell": cell})),
            );
            if st.humans[seat].faction == HumanFaction::Shapeshifters {
                let a = st.automa_seat();
                if g.adj(c, &st.bridge_pairs())
                    .iter()
                    .any(|n| st.buildings[*n].is_some_and(|b| b.owner == a))
                {
                    ev.push(Event::new(
                        "reminder",
                        "TMA-HF-6",
                        "Shapeshifters: you built next to Automa, gain 1 power (at the table).",
                    ));
                }
            }
            offer_events(st, seat, c, ev);
            cultist_draw(st, seat, c, cultist_card.as_deref(), dice, ev)?;
        }
        TurnStep::Upgrade {
            cell,
            to,
            cultist_card,
        } => {
            let c = cell_of(st, cell, "TMA-HUM-5")?;
            let Some(b) = st.buildings[c].filter(|b| b.owner == seat) else {
                return Err(ill(
                    "TMA-HUM-5",
                    format!("{cell} does not hold one of your buildings"),
                ));
            };
            let legal = matches!(
                (b.kind, to),
                (Kind::Dwelling, Kind::TradingHouse)
                    | (Kind::TradingHouse, Kind::Temple)
                    | (Kind::TradingHouse, Kind::Stronghold)
                    | (Kind::Temple, Kind::Sanctuary)
            ) || (st.options.merchants_of_the_seas
                && b.kind == Kind::TradingHouse
                && *to == Kind::Shipyard);
            if !legal {
                return Err(ill(
                    "TMA-HUM-5",
                    format!("a {} cannot be upgraded to a {}", b.kind.name(), to.name()),
                ));
            }
            if human_supply(st, seat, *to) == 0 {
                return Err(ill(
                    "TMA-HUM-5",
                    format!("you have no {} left in your supply", to.name()),
                ));
            }
            st.buildings[c] = Some(Building {
                owner: seat,
                kind: *to,
                marked: false,
            });
            ev.push(
                Event::new(
                    "upgraded",
                    "TMA-HUM-5",
                    format!(
                        "{id} upgrades the {} on {cell} to a {}.",
                        b.kind.name(),
                        to.name()
                    ),
                )
                .data(json!({"cell": cell, "from": b.kind, "to": to})),
            );
            offer_events(st, seat, c, ev);
            cultist_draw(st, seat, c, cultist_card.as_deref(), dice, ev)?;
        }
        TurnStep::PlaceBridge { a, b } => {
            let ca = cell_of(st, a, "TMA-HUM-14")?;
            let cb = cell_of(st, b, "TMA-HUM-14")?;
            if st.humans[seat].bridges_placed >= 3 {
                return Err(ill("TMA-HUM-14", "you have placed all 3 bridges"));
            }
            if !g.bridge_ok(ca, cb) {
                return Err(ill(
                    "TMA-MAP-10",
                    format!("{a}–{b} is not a bridge position"),
                ));
            }
            if st
                .bridges
                .iter()
                .any(|x| (x.a == ca && x.b == cb) || (x.a == cb && x.b == ca))
            {
                return Err(ill("TMA-MAP-10", "that pair already holds a bridge"));
            }
            let own = |c: usize| st.buildings[c].is_some_and(|x| x.owner == seat);
            if !own(ca) && !own(cb) {
                return Err(ill(
                    "TMA-MAP-10",
                    "one end of the bridge must hold your building",
                ));
            }
            st.bridges.push(Bridge {
                owner: seat,
                a: ca,
                b: cb,
            });
            st.humans[seat].bridges_placed += 1;
            ev.push(
                Event::new(
                    "bridge_placed",
                    "TMA-HUM-14",
                    format!("{id} places a bridge {a}–{b}."),
                )
                .data(json!({"a": a, "b": b})),
            );
        }
        TurnStep::SendPriest { track, value } => {
            let steps = match value {
                3 | 2 => {
                    if st.humans[seat].priests_placed >= 7 {
                        return Err(ill("TMA-HUM-7", "you have placed all 7 priests"));
                    }
                    let spaces = &mut st.priest_spaces[track.idx()];
                    let slot = if *value == 3 {
                        (0..1).find(|i| spaces[*i].is_none())
                    } else {
                        (1..4).find(|i| spaces[*i].is_none())
                    };
                    let Some(i) = slot else {
                        return Err(ill(
                            "TMA-HUM-7",
                            format!("no free {value}-space below the {} track", track.name()),
                        ));
                    };
                    spaces[i] = Some(seat);
                    st.humans[seat].priests_placed += 1;
                    *value
                }
                1 => 1,
                _ => return Err(ill("TMA-HUM-7", "a priest is worth 3, 2 or 1 step")),
            };
            let (f, t) = human_advance(st, seat, *track, steps);
            ev.push(
                Event::new(
                    "priest_sent",
                    "TMA-HUM-7",
                    format!(
                        "{id} sends a priest to {} ({value}): {f} → {t}.",
                        track.name()
                    ),
                )
                .data(json!({"track": track, "value": value, "from": f, "to": t})),
            );
        }
        TurnStep::AdvanceCult { track, steps } => {
            if !(1..=3).contains(steps) {
                return Err(ill("TMA-HUM-8", "advance 1 to 3 steps"));
            }
            let (f, t) = human_advance(st, seat, *track, *steps);
            ev.push(
                Event::new(
                    "cult_advanced",
                    "TMA-HUM-8",
                    format!("{id} advances on {}: {f} → {t}.", track.name()),
                )
                .data(json!({"track": track, "from": f, "to": t})),
            );
        }
        TurnStep::TakePowerAction { space } => {
            let Some(i) = st.power_ids.iter().position(|s| s == space) else {
                return Err(ill(
                    "TMA-HUM-10",
                    format!("there is no power action {space}"),
                ));
            };
            if st.power_actions[i].is_some() {
                return Err(ill(
                    "TMA-HUM-10",
                    format!("power action {space} is already covered this round"),
                ));
            }
            st.power_actions[i] = Some(seat);
            ev.push(
                Event::new(
                    "power_action_taken",
                    "TMA-HUM-10",
                    format!("{id} takes power action {space}."),
                )
                .data(json!({"space": space})),
            );
        }
        TurnStep::TakeFavorTile { tile } => {
            let Some(f) = FAVORS.iter().find(|f| f.0 == tile) else {
                return Err(ill("TMA-HUM-11", format!("there is no favor tile {tile}")));
            };
            if st.favor_supply.get(tile.as_str()).copied().unwrap_or(0) == 0 {
                return Err(ill("TMA-HUM-11", format!("no copy of {tile} is left")));
            }
            if st.humans[seat].favors.contains(tile) {
                return Err(ill("TMA-HUM-11", format!("you already hold {tile}")));
            }
            if let Some(n) = st.favor_supply.get_mut(tile.as_str()) {
                *n -= 1;
            }
            st.humans[seat].favors.push(tile.clone());
            let (a, b) = human_advance(st, seat, f.1, f.2);
            ev.push(
                Event::new(
                    "favor_taken",
                    "TMA-HUM-11",
                    format!("{id} takes {tile}: {} {a} → {b}.", f.1.name()),
                )
                .data(json!({"tile": tile, "track": f.1, "from": a, "to": b})),
            );
        }
        TurnStep::TakeTownTile { tile } => {
            if st.town_supply.get(tile.as_str()).copied().unwrap_or(0) == 0 {
                return Err(ill(
                    "TMA-HUM-13",
                    format!("no copy of town tile {tile} is left"),
                ));
            }
            if let Some(n) = st.town_supply.get_mut(tile.as_str()) {
                *n -= 1;
            }
            st.humans[seat].towns.push(tile.clone());
            st.humans[seat].keys += 1;
            if tile == "TW5" {
                for t in super::data::CULTS {
                    human_advance(st, seat, t, 1);
                }
            }
            ev.push(
                Event::new(
                    "town_taken",
                    "TMA-HUM-13",
                    format!("{id} takes town tile {tile} and a key."),
                )
                .data(json!({"tile": tile})),
            );
        }
        TurnStep::SetReach { reach } => {
            let cur = st.humans[seat].reach;
            let ok = match (cur, reach) {
                (Reach::Shipping { level: a }, Reach::Shipping { level: b }) => *b >= a && *b <= 5,
                (Reach::Teleport { range: a }, Reach::Teleport { range: b }) => *b >= a && *b <= 4,
                _ => false,
            };
            if !ok {
                return Err(ill("TMA-HUM-15", "reach only rises: shipping up to 5 or teleport range up to 4, of the same kind"));
            }
            st.humans[seat].reach = *reach;
            ev.push(Event::new(
                "reach_set",
                "TMA-HUM-15",
                format!("{id} now has reach {reach:?}."),
            ));
        }
        TurnStep::ReportVp { delta, reason } => report_vp(st, seat, *delta, reason, ev),
    }
    Ok(())
}

/// Shared dwelling checks (TMA-HUM-3, TMA-SET-12).
fn build_dwelling(st: &mut State, seat: usize, c: usize, setup: bool) -> Result<(), RuleError> {
    let g = geo(&st.options.map).ok_or_else(|| ill("TMA-MAP-1", "unknown map"))?;
    let name = g.name(c).to_string();
    if !g.is_land(c) {
        return Err(ill("TMA-HUM-3", format!("{name} is a river cell")));
    }
    if st.buildings[c].is_some() {
        return Err(ill("TMA-HUM-3", format!("{name} already holds a building")));
    }
    if !may_build_on(st, seat, st.terrain[c], setup) {
        return Err(ill(
            "TMA-HUM-3",
            format!(
                "{name} is {}, not a terrain you can build on",
                st.terrain[c].map(|t| t.name()).unwrap_or("river")
            ),
        ));
    }
    if human_supply(st, seat, Kind::Dwelling) == 0 {
        return Err(ill("TMA-HUM-3", "you have no dwelling left in your supply"));
    }
    if st.blight[c] && st.options.blight_rules == RulesMode::House {
        return Err(ill(
            "TMA-FAC-11",
            format!("{name} is blighted: transform it first (one extra spade)"),
        ));
    }
    st.cube[c] = false;
    st.buildings[c] = Some(Building {
        owner: seat,
        kind: Kind::Dwelling,
        marked: false,
    });
    Ok(())
}

fn report_vp(st: &mut State, seat: usize, delta: i32, reason: &str, ev: &mut Vec<Event>) {
    st.humans[seat].vp_reported += delta;
    ev.push(
        Event::new(
            "vp_reported",
            "TMA-HUM-16",
            format!(
                "{} reports {delta:+} VP{}.",
                st.seat_id(seat),
                if reason.is_empty() {
                    String::new()
                } else {
                    format!(" ({reason})")
                }
            ),
        )
        .data(json!({"delta": delta, "reason": reason})),
    );
}

/// Seats that must move now (mirrors `next()`).
pub fn seats_to_move(st: &State) -> Vec<usize> {
    if let Some(d) = st.pending.first() {
        return vec![d.seat()];
    }
    match st.phase {
        Phase::Setup => match st.setup.first() {
            Some(SetupStep::HumanDwelling { seat }) | Some(SetupStep::HumanBonus { seat }) => {
                vec![*seat]
            }
            _ => vec![],
        },
        Phase::Actions if st.to_move < st.n_humans => vec![st.to_move],
        Phase::FinalReports => (0..st.n_humans)
            .filter(|h| !st.humans[*h].final_reported)
            .collect(),
        _ => vec![],
    }
}

/// Applies a human move (§5).
pub fn play(
    st0: &State,
    seat: usize,
    mv: &Move,
    dice: &mut Dice,
) -> Result<(State, Vec<Event>), RuleError> {
    let mut st = st0.clone();
    let mut ev = Vec::new();
    if seat >= st.n_humans {
        return Err(RuleError::out_of_turn(
            "TMA-HUM-1",
            "the Automa seat is played by the server",
        ));
    }
    if st.phase == Phase::Finished {
        return Err(RuleError::out_of_turn("TMA-HUM-1", "the game is over"));
    }
    if let Move::ReportVp { delta, reason } = mv {
        report_vp(&mut st, seat, *delta, reason, &mut ev);
        return Ok((st, ev));
    }
    if let Move::ReportAutomaVp { delta, reason } = mv {
        let o = &st.options;
        if o.symbionts_rules != RulesMode::Table
            && o.blight_rules != RulesMode::Table
            && o.gognomes_rules != RulesMode::Table
        {
            return Err(ill(
                "TMA-FAC-10",
                "Automa VP are reported only when a faction's rules are played at the table",
            ));
        }
        st.automa.vp += delta;
        ev.push(Event::new(
            "automa_vp_reported",
            "TMA-FAC-12",
            format!("Automa's VP change by {delta:+} ({reason})."),
        ));
        return Ok((st, ev));
    }
    if !seats_to_move(&st).contains(&seat) {
        return Err(RuleError::out_of_turn(
            "TMA-HUM-1",
            format!("it is not {}'s turn", st.seat_id(seat)),
        ));
    }
    if let Some(d) = st.pending.first().cloned() {
        match (d, mv) {
            (Decision::CultistCultStep { .. }, Move::CultistCultStep { track }) => {
                if let Some(t) = track {
                    let (f, to) = human_advance(&mut st, seat, *t, 1);
                    if f == to {
                        return Err(ill(
                            "TMA-HF-2",
                            format!("you cannot advance on {}", t.name()),
                        ));
                    }
                    ev.push(
                        Event::new(
                            "cult_advanced",
                            "TMA-HF-2",
                            format!("Cultists advance on {}: {f} → {to}.", t.name()),
                        )
                        .data(json!({"track": t, "from": f, "to": to})),
                    );
                } else {
                    ev.push(Event::new(
                        "declined",
                        "TMA-HF-2",
                        "Cultists decline the cult step.",
                    ));
                }
            }
            (Decision::PowerGainReport { .. }, Move::PowerGainReport { gained }) => {
                ev.push(Event::new(
                    "power_gain_reported",
                    "TMA-FAC-9",
                    format!("You report gaining {gained} power."),
                ));
                st.pending.remove(0);
                if *gained >= 2 {
                    let support = st
                        .automa
                        .support_pile
                        .first()
                        .and_then(|c| card(c))
                        .unwrap_or(&super::data::CARDS[0]);
                    let opts: Vec<Cult> = super::data::CULTS
                        .iter()
                        .copied()
                        .filter(|t| (0..st.n_seats()).all(|s| st.cult[s][t.idx()] < 10))
                        .collect();
                    if let Some(t) = super::select::select_track(
                        &st,
                        &mut ev,
                        &opts,
                        super::data::CultMethod::Cu,
                        support,
                    ) {
                        let (f, to) = super::actions::automa_advance(&mut st, t, 1);
                        ev.push(
                            Event::new(
                                "cult_advanced",
                                "TMA-FAC-9",
                                format!(
                                    "Powermongers: Automa advances 1 on {}: {f} → {to}.",
                                    t.name()
                                ),
                            )
                            .data(json!({"track": t, "from": f, "to": to})),
                        );
                    }
                }
                flow::decision_done(&mut st);
                return Ok((st, ev));
            }
            (Decision::CultBonusTransforms { .. }, Move::CultBonusTransforms { transforms }) => {
                let mut tr = Vec::new();
                for t in transforms {
                    apply_step(
                        &mut st,
                        seat,
                        &TurnStep::Transform {
                            cell: t.cell.clone(),
                            terrain: t.terrain,
                        },
                        &mut tr,
                        dice,
                        &mut ev,
                    )
                    .map_err(|e| {
                        ill(
                            if e.rule == "TMA-HUM-4" {
                                "TMA-HUM-4"
                            } else {
                                "TMA-RND-1"
                            },
                            e.detail,
                        )
                    })?;
                }
            }
            _ => return Err(ill("TMA-TURN-5", "answer the open decision first")),
        }
        st.pending.remove(0);
        flow::decision_done(&mut st);
        return Ok((st, ev));
    }
    match (st.phase, mv) {
        (Phase::Setup, Move::PlaceInitialDwelling { cell }) => {
            if !matches!(st.setup.first(), Some(SetupStep::HumanDwelling { .. })) {
                return Err(ill(
                    "TMA-SET-12",
                    "this is not the time to place a dwelling",
                ));
            }
            let c = cell_of(&st, cell, "TMA-HUM-3")?;
            build_dwelling(&mut st, seat, c, true)?;
            ev.push(
                Event::new(
                    "initial_dwelling",
                    "TMA-SET-12",
                    format!("{} places an initial dwelling on {cell}.", st.seat_id(seat)),
                )
                .data(json!({"cell": cell})),
            );
            st.setup.remove(0);
        }
        (Phase::Setup, Move::ChooseBonusCard { card }) => {
            if !matches!(st.setup.first(), Some(SetupStep::HumanBonus { .. })) {
                return Err(ill(
                    "TMA-SET-15",
                    "bonus cards are chosen after all initial dwellings and Automa's card",
                ));
            }
            let Some(i) = st.bonus_row.iter().position(|r| &r.card == card) else {
                return Err(ill("TMA-HUM-12", format!("{card} is not in the bonus row")));
            };
            let rc = st.bonus_row.remove(i);
            st.humans[seat].bonus = Some(rc.card.clone());
            ev.push(
                Event::new(
                    "bonus_card_taken",
                    "TMA-HUM-12",
                    format!("{} takes bonus card {card}.", st.seat_id(seat)),
                )
                .cards(std::slice::from_ref(card)),
            );
            st.setup.remove(0);
            if st.setup.is_empty() {
                flow::begin_round_one(&mut st, &mut ev);
            }
        }
        (Phase::Actions, Move::Turn { steps }) => {
            if steps.is_empty() {
                return Err(ill("TMA-HUM-2", "a turn lists at least one step"));
            }
            let mut tr = Vec::new();
            for s in steps {
                apply_step(&mut st, seat, s, &mut tr, dice, &mut ev)?;
            }
            flow::end_turn(&mut st, &mut ev);
        }
        (Phase::Actions, Move::Pass { bonus_card }) => {
            let first = st.passed.is_empty();
            match (st.round < 6, bonus_card) {
                (true, Some(card)) => {
                    let Some(i) = st.bonus_row.iter().position(|r| &r.card == card) else {
                        return Err(ill("TMA-HUM-12", format!("{card} is not in the bonus row")));
                    };
                    let rc = st.bonus_row.remove(i);
                    if let Some(old) = st.humans[seat].bonus.take() {
                        st.bonus_row.insert(
                            i,
                            RowCard {
                                card: old,
                                coins: 0,
                            },
                        );
                    }
                    st.humans[seat].bonus = Some(rc.card.clone());
                    ev.push(
                        Event::new(
                            "human_pass",
                            "TMA-TURN-4",
                            format!(
                                "{} passes and takes {} ({} coins on it).",
                                st.seat_id(seat),
                                rc.card,
                                rc.coins
                            ),
                        )
                        .cards(std::slice::from_ref(&rc.card))
                        .data(json!({"bonus_card": rc.card, "coins": rc.coins})),
                    );
                }
                (true, None) => {
                    return Err(ill(
                        "TMA-TURN-4",
                        "in rounds 1–5 you take a bonus card when you pass",
                    ))
                }
                (false, Some(_)) => {
                    return Err(ill("TMA-TURN-4", "in round 6 you take no bonus card"))
                }
                (false, None) => {
                    // Round 6: no card is taken and none is returned (TMA-TURN-4, as Automa in TMA-PASS-2).
                    ev.push(Event::new(
                        "human_pass",
                        "TMA-TURN-4",
                        format!("{} passes.", st.seat_id(seat)),
                    ));
                }
            }
            if first {
                st.start_player = seat;
            }
            st.passed.push(seat);
            flow::end_turn(&mut st, &mut ev);
        }
        (Phase::FinalReports, Move::FinalReport { vp_delta }) => {
            st.humans[seat].vp_reported += vp_delta;
            st.humans[seat].final_reported = true;
            ev.push(Event::new(
                "final_report",
                "TMA-END-1",
                format!("{} reports {vp_delta:+} VP at game end.", st.seat_id(seat)),
            ));
            if st.humans.iter().all(|h| h.final_reported) {
                super::scoring::finish(&mut st, &mut ev);
            }
        }
        (_, m) => {
            let rule = match m {
                Move::PlaceInitialDwelling { .. } => "TMA-SET-12",
                Move::ChooseBonusCard { .. } => "TMA-HUM-12",
                Move::Turn { .. } | Move::Pass { .. } => "TMA-HUM-1",
                Move::FinalReport { .. } => "TMA-END-1",
                Move::CultistCultStep { .. } => "TMA-HF-2",
                Move::PowerGainReport { .. } => "TMA-FAC-9",
                Move::CultBonusTransforms { .. } => "TMA-RND-1",
                _ => "TMA-TURN-5",
            };
            return Err(ill(
                rule,
                "this move does not fit the current step of the game",
            ));
        }
    }
    Ok((st, ev))
}
