//! Human moves (checked by ARLE-HUM), the alternation of placements and the
//! end-of-half-year bookkeeping (ARLE-TURN, ARLE-END).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::engine::legacy::{Event, RuleError};

use super::bot;
use super::data::{Season, Side};
use super::state::{
    Built, DiceMode, HalfYearRecord, Marker1, Placement, State, HALF_YEARS, WORKERS,
};

/// A move of the human seat (spec §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Put a worker on an action space; `season` defaults to the current one
    /// (another season = the off-season placement, ARLE-TURN-2); `built`
    /// reports the building erected with it (ARLE-HUM-5).
    PlaceWorker {
        space: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        season: Option<Season>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        built: Option<String>,
    },
    /// Report a building erected without a new placement (ARLE-HUM-6).
    ReportBuilding { building: String },
    /// Table dice for VIM's coming turn, exactly as many as asked (ARLE-GEN-6).
    EnterDice { values: Vec<u8> },
    /// The final score counted at the table (ARLE-END-3).
    ReportScore { points: i64 },
}

/// Applies a human move to a copy of the state.
pub fn play(state: &State, mv: &Move) -> Result<(State, Vec<Event>), RuleError> {
    let mut s = state.clone();
    let mut events = Vec::new();
    match mv {
        Move::PlaceWorker {
            space,
            season,
            built,
        } => {
            place_worker(&mut s, space, *season, built.as_deref(), &mut events)?;
        }
        Move::ReportBuilding { building } => {
            if s.finished {
                return Err(RuleError::illegal(
                    "ARLE-HUM-6",
                    "the game is over; buildings can no longer be reported",
                ));
            }
            let slot = take_building(&mut s, building, "ARLE-HUM-6")?;
            events.push(
                Event::new(
                    "building_reported",
                    "ARLE-HUM-6",
                    format!(
                        "The human erected the {} from slot {slot}; the slot is now empty (ARLE-HUM-6).",
                        bot::pretty(building)
                    ),
                )
                .cards(std::slice::from_ref(building))
                .data(json!({"building": building, "slot": slot})),
            );
        }
        Move::EnterDice { values } => enter_dice(&mut s, values, &mut events)?,
        Move::ReportScore { points } => {
            if !s.finished {
                return Err(RuleError::illegal(
                    "ARLE-END-3",
                    "the final score is reported after half-year 9",
                ));
            }
            s.reported_score = Some(*points);
            events.push(
                Event::new(
                    "score_reported",
                    "ARLE-END-3",
                    format!("The human reported a final score of {points} (ARLE-END-3)."),
                )
                .data(json!({"points": points})),
            );
        }
    }
    Ok((s, events))
}

/// Removes `building` from the display for the human (ARLE-HUM-5/6).
fn take_building(s: &mut State, building: &str, rule: &str) -> Result<usize, RuleError> {
    let Some(idx) = s.slot_of(building) else {
        let why = if s.removed_by_vim.iter().any(|b| b == building) {
            format!("'{building}' was removed from the game by VIM")
        } else if s.built_by_human.iter().any(|b| b.building == building) {
            format!("'{building}' was already erected")
        } else {
            format!("'{building}' is not on the building display")
        };
        return Err(RuleError::illegal(rule, why));
    };
    let slot = idx + 1;
    if let Some(sl) = s.display.get_mut(idx) {
        sl.building = None;
        sl.emptied_by = Some(Side::Human);
        sl.emptied_building = Some(building.to_string());
    }
    s.built_by_human.push(Built {
        building: building.to_string(),
        half_year: s.half_year,
        slot,
    });
    Ok(slot)
}

/// Checks a human placement without applying it (ARLE-HUM-1..5).
pub fn check_place(
    s: &State,
    space: &str,
    season: Option<Season>,
    built: Option<&str>,
) -> Result<Season, RuleError> {
    if s.finished {
        return Err(RuleError::out_of_turn(
            "ARLE-END-3",
            "the game is over; no more workers are placed",
        ));
    }
    if s.to_place != Some(Side::Human) {
        return Err(RuleError::out_of_turn(
            "ARLE-TURN-1",
            "it is VIM's turn to place; send a bot-turn request",
        ));
    }
    if s.workers_left.human == 0 {
        return Err(RuleError::illegal(
            "ARLE-HUM-1",
            "you have no worker left this half-year",
        ));
    }
    let season = season.unwrap_or(s.season);
    let Some(sp) = s.board.space(season, space) else {
        return Err(RuleError::illegal(
            "ARLE-HUM-1",
            format!("there is no {} space '{space}'", season.name()),
        ));
    };
    match s.occupant(season, space) {
        Some(Side::Vim) => {
            return Err(RuleError::illegal(
                "ARLE-HUM-2",
                format!("a VIM worker blocks {}", s.board.name(season, space)),
            ))
        }
        Some(Side::Human) => {
            return Err(RuleError::illegal(
                "ARLE-HUM-1",
                format!(
                    "your own worker already stands on {}",
                    s.board.name(season, space)
                ),
            ))
        }
        None => {}
    }
    if season != s.season {
        if let Some(who) = s.off_season_used_by {
            return Err(RuleError::illegal(
                "ARLE-HUM-4",
                format!(
                    "only one worker per half-year may go to the other half-year, and {} already did",
                    who.name()
                ),
            ));
        }
    }
    if let Some(b) = built {
        if !(sp.building || sp.id == "laborer") {
            return Err(RuleError::illegal(
                "ARLE-HUM-5",
                format!(
                    "{} is not a building space, so no building is erected there",
                    s.board.name(season, space)
                ),
            ));
        }
        if s.slot_of(b).is_none() {
            return Err(RuleError::illegal(
                "ARLE-HUM-5",
                format!("'{b}' is not on the building display"),
            ));
        }
    }
    Ok(season)
}

fn place_worker(
    s: &mut State,
    space: &str,
    season: Option<Season>,
    built: Option<&str>,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let season = check_place(s, space, season, built)?;
    let order = s.placed.len() as u8 + 1;
    let off = season != s.season;
    if off {
        // ARLE-TURN-2: the shared allowance is used.
        s.off_season_used_by = Some(Side::Human);
    }
    s.placed.push(Placement {
        seat: Side::Human,
        season,
        space: space.to_string(),
        order,
        built: built.map(str::to_string),
    });
    s.workers_left.take(Side::Human);
    let name = s.board.name(season, space);
    let on_marker = s.marker1.season == season && s.marker1.space == space;
    events.push(
        Event::new(
            "human_worker_placed",
            if off { "ARLE-TURN-2" } else { "ARLE-TURN-5" },
            format!(
                "The human placed a worker on {name}{}{}.",
                if off {
                    " (the half-year's one off-season placement, ARLE-TURN-2)"
                } else {
                    ""
                },
                if on_marker {
                    "; marker 1 lies there but blocks nothing (ARLE-HUM-3)"
                } else {
                    ""
                }
            ),
        )
        .data(json!({"season": season, "space": space, "order": order, "off_season": off})),
    );
    if let Some(b) = built {
        let slot = take_building(s, b, "ARLE-HUM-5")?;
        events.push(
            Event::new(
                "building_reported",
                "ARLE-HUM-5",
                format!(
                    "With {name} the human erected the {} from slot {slot}; the slot is now empty (ARLE-HUM-5).",
                    bot::pretty(b)
                ),
            )
            .cards(&[b])
            .data(json!({"building": b, "slot": slot})),
        );
    }
    after_placement(s, events);
    Ok(())
}

/// `enter_dice` (ARLE-GEN-6): table dice for VIM's coming turn, exactly as
/// many as the turn still needs.
fn enter_dice(s: &mut State, values: &[u8], events: &mut Vec<Event>) -> Result<(), RuleError> {
    if s.dice_mode != DiceMode::Table {
        return Err(RuleError::illegal(
            "ARLE-GEN-6",
            "this session rolls its dice on the server; there is nothing to enter",
        ));
    }
    let need = bot::dice_needed(s);
    if need == 0 {
        return Err(RuleError::illegal(
            "ARLE-GEN-6",
            "no dice are asked for now: dice are entered only for VIM's coming turn",
        ));
    }
    if values.len() != need {
        return Err(RuleError::illegal(
            "ARLE-GEN-6",
            format!(
                "VIM's turn asks for exactly {need} dice; {} were entered",
                values.len()
            ),
        ));
    }
    if let Some(v) = values.iter().find(|v| !(1..=6).contains(*v)) {
        return Err(RuleError::illegal(
            "ARLE-GEN-6",
            format!("a six-sided die shows 1 to 6, not {v}"),
        ));
    }
    s.entered_dice.extend_from_slice(values);
    let more = bot::dice_needed(s);
    events.push(
        Event::new(
            "dice_entered",
            "ARLE-GEN-6",
            format!(
                "Table dice {} entered for VIM's turn{}.",
                values.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
                if more > 0 {
                    format!("; VIM lands on a building space, so {more} more dice are needed for the removal")
                } else {
                    String::new()
                }
            ),
        )
        .dice(values)
        .data(json!({"values": values, "still_needed": more})),
    );
    Ok(())
}

/// After any placement: hand the turn over, or end the half-year after the
/// 8th placement (ARLE-TURN-1, ARLE-END-1).
pub fn after_placement(s: &mut State, events: &mut Vec<Event>) {
    if s.placed.len() >= usize::from(2 * WORKERS) {
        end_half_year(s, events);
        return;
    }
    let last = s.placed.last().map(|p| p.seat).unwrap_or(s.start_player);
    let next = last.other();
    // Strict alternation; a side without workers left passes to the other (cannot happen with 4+4).
    s.to_place = Some(if s.workers_left.of(next) > 0 {
        next
    } else {
        last
    });
}

/// ARLE-END-1: marker 1 to the opposite space, workers back, allowance
/// reset, next start player, next half-year (or the end of the game).
pub fn end_half_year(s: &mut State, events: &mut Vec<Event>) {
    let h = s.half_year;
    let from = s.marker1.clone();
    // ARLE-END-2: the space facing the marker on the other side.
    let to_space = s
        .board
        .space(from.season, &from.space)
        .map(|sp| sp.opposite.clone())
        .unwrap_or_else(|| from.space.clone());
    let to = Marker1 {
        season: from.season.other(),
        space: to_space,
    };
    // ARLE-TURN-3: whoever used the off-season placement hands the start to the other side.
    let (next_start, why) = match s.off_season_used_by {
        Some(x) => (
            x.other(),
            format!(
                "{} used the off-season placement, so {} starts (ARLE-TURN-3)",
                x.name(),
                x.other().name()
            ),
        ),
        None => (
            s.start_player.other(),
            format!(
                "nobody used the off-season placement, so the start passes from {} to {} (ARLE-TURN-3)",
                s.start_player.name(),
                s.start_player.other().name()
            ),
        ),
    };
    s.history.push(HalfYearRecord {
        half_year: h,
        season: s.season,
        start_player: s.start_player,
        off_season_used_by: s.off_season_used_by,
        placements: std::mem::take(&mut s.placed),
        marker1_end: from.clone(),
        marker1_next: to.clone(),
    });
    let last = h >= HALF_YEARS;
    let from_name = s.board.name(from.season, &from.space);
    let to_name = s.board.name(to.season, &to.space);
    let used = s.off_season_used_by;
    s.marker1 = to.clone();
    s.off_season_used_by = None;
    s.workers_left.human = WORKERS;
    s.workers_left.vim = WORKERS;
    s.entered_dice.clear();
    let text = if last {
        format!(
            "Half-year {h} ends: marker 1 moves from {from_name} to the opposite {to_name} (ARLE-END-2). That was the last half-year: the game is over; score at the table and report it (ARLE-END-3)."
        )
    } else {
        format!(
            "Half-year {h} ends: marker 1 moves from {from_name} to the opposite {to_name} (ARLE-END-2); all workers return; {why}. Half-year {} ({}) begins (ARLE-END-1).",
            h + 1,
            Season::of_half_year(h + 1).name()
        )
    };
    events.push(
        Event::new("half_year_ended", "ARLE-END-1", text).data(json!({
            "half_year": h,
            "marker1_from": {"season": from.season, "space": from.space},
            "marker1_to": {"season": to.season, "space": to.space},
            "off_season_used_by": used,
            "next_start_player": if last { None } else { Some(next_start) },
            "why": why,
        })),
    );
    if last {
        s.finished = true;
        s.to_place = None;
    } else {
        s.half_year = h + 1;
        s.season = Season::of_half_year(s.half_year);
        s.start_player = next_start;
        s.to_place = Some(next_start);
    }
}

/// Every placement the human may make now (for `legal_moves`).
pub fn legal_placements(s: &State) -> Vec<Move> {
    let mut out = Vec::new();
    if s.finished || s.to_place != Some(Side::Human) {
        return out;
    }
    for season in [s.season, s.season.other()] {
        for sp in s.board.list(season) {
            let season_field = if season == s.season {
                None
            } else {
                Some(season)
            };
            if check_place(s, &sp.id, season_field, None).is_err() {
                continue;
            }
            out.push(Move::PlaceWorker {
                space: sp.id.clone(),
                season: season_field,
                built: None,
            });
            if sp.building || sp.id == "laborer" {
                for slot in &s.display {
                    if let Some(b) = &slot.building {
                        out.push(Move::PlaceWorker {
                            space: sp.id.clone(),
                            season: season_field,
                            built: Some(b.clone()),
                        });
                    }
                }
            }
        }
    }
    out
}
