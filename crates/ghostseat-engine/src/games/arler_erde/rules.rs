//! The human's moves, checked by ARLE-HUM: placements, building reports and
//! the final score. The engine has already checked that `next` names the
//! human; what is left here are the rules of the table.

use crate::engine::{RuleError, Turn};

use super::data::{Season, Side};
use super::events::Event;
use super::flow;
use super::moves::{Move, SCORE_MAX, SCORE_MIN};
use super::refusals::Refusal;
use super::state::{Built, Marker1, Phase, Placement, State};

/// Applies a human move.
pub fn play(s: &mut State, mv: &Move, turn: &mut Turn<'_, Event>) -> Result<(), RuleError> {
    match mv {
        Move::PlaceWorker {
            space,
            season,
            built,
        } => place_worker(
            s,
            space.as_str(),
            *season,
            built.as_ref().map(|b| b.as_str()),
            turn,
        ),
        Move::ReportBuilding { building } => {
            if !s.placing() {
                return Err(RuleError::illegal("ARLE-HUM-6", Refusal::NoMoreBuildings));
            }
            let slot = take_building(s, building.as_str(), "ARLE-HUM-6")?;
            turn.emit(
                "ARLE-HUM-6",
                Event::BuildingReported {
                    building: building.clone(),
                    slot,
                    with: None,
                },
            )
            .cards(std::slice::from_ref(&building.0));
            Ok(())
        }
        Move::ReportScore { points } => {
            if s.phase != Phase::FinalScore {
                return Err(RuleError::illegal("ARLE-END-3", Refusal::ScoreNotYet));
            }
            if let Some(p) = points {
                if !(SCORE_MIN..=SCORE_MAX).contains(p) {
                    return Err(RuleError::illegal(
                        "ARLE-END-3",
                        Refusal::ScoreOutOfRange { points: *p },
                    ));
                }
            }
            s.reported_score = *points;
            s.phase = Phase::Finished;
            turn.emit("ARLE-END-3", Event::ScoreReported { points: *points });
            Ok(())
        }
    }
}

/// Takes `building` off the display for the human (ARLE-HUM-5/6); returns
/// its 1-based slot.
fn take_building(s: &mut State, building: &str, rule: &str) -> Result<usize, RuleError> {
    let Some(idx) = s.slot_of(building) else {
        return Err(RuleError::illegal(rule, not_on_display(s, building)));
    };
    let slot = idx + 1;
    let sl = &mut s.display[idx];
    let id = sl.building.take().unwrap_or_else(|| building.into());
    sl.emptied_by = Some(Side::Human);
    sl.emptied_building = Some(id.clone());
    s.built_by_human.push(Built {
        building: id,
        half_year: s.half_year,
        slot,
    });
    Ok(slot)
}

/// Why `building` cannot be taken from the display.
fn not_on_display(s: &State, building: &str) -> Refusal {
    let b = building.into();
    if s.removed_by_vim.iter().any(|r| r == building) {
        Refusal::RemovedByVim { building: b }
    } else if s.built_by_human.iter().any(|r| r.building == building) {
        Refusal::BuiltAlready { building: b }
    } else {
        Refusal::NotOnDisplay { building: b }
    }
}

/// Checks a human placement without applying it (ARLE-HUM-1..5); returns
/// the season of the space.
pub fn check_place(
    s: &State,
    space: &str,
    season: Option<Season>,
    built: Option<&str>,
) -> Result<Season, RuleError> {
    if !s.placing() {
        return Err(RuleError::illegal("ARLE-END-3", Refusal::NoMoreWorkers));
    }
    let season = season.unwrap_or(s.season);
    if s.board.space(season, space).is_none() {
        return Err(RuleError::illegal(
            "ARLE-HUM-1",
            Refusal::NoSuchSpace {
                season,
                space: space.into(),
            },
        ));
    }
    match s.occupant(season, space) {
        Some(Side::Vim) => {
            return Err(RuleError::illegal(
                "ARLE-HUM-2",
                Refusal::BlockedByVim {
                    season,
                    space: space.into(),
                },
            ))
        }
        Some(Side::Human) => {
            return Err(RuleError::illegal(
                "ARLE-HUM-1",
                Refusal::OwnWorkerThere {
                    season,
                    space: space.into(),
                },
            ))
        }
        None => {}
    }
    if season != s.season {
        if let Some(who) = s.off_season_used_by {
            return Err(RuleError::illegal(
                "ARLE-HUM-4",
                Refusal::OffSeasonUsed { by: who },
            ));
        }
    }
    if let Some(b) = built {
        if !s.board.builds_here(season, space) {
            return Err(RuleError::illegal(
                "ARLE-HUM-5",
                Refusal::NotABuildingSpace {
                    season,
                    space: space.into(),
                },
            ));
        }
        if s.slot_of(b).is_none() {
            return Err(RuleError::illegal("ARLE-HUM-5", not_on_display(s, b)));
        }
    }
    Ok(season)
}

fn place_worker(
    s: &mut State,
    space: &str,
    season: Option<Season>,
    built: Option<&str>,
    turn: &mut Turn<'_, Event>,
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
        space: space.into(),
        order,
        built: built.map(Into::into),
    });
    s.workers_left.take(Side::Human);
    let on_marker1 = s.marker1.season == season && s.marker1.space == space;
    turn.emit(
        match (off, on_marker1) {
            (true, _) => "ARLE-TURN-2",
            (false, true) => "ARLE-HUM-3",
            (false, false) => "ARLE-TURN-5",
        },
        Event::HumanWorkerPlaced {
            season,
            space: space.into(),
            order,
            off_season: off,
            on_marker1,
        },
    );
    if let Some(b) = built {
        let slot = take_building(s, b, "ARLE-HUM-5")?;
        turn.emit(
            "ARLE-HUM-5",
            Event::BuildingReported {
                building: b.into(),
                slot,
                with: Some(Marker1 {
                    season,
                    space: space.into(),
                }),
            },
        )
        .cards(&[b]);
    }
    flow::after_placement(s, turn);
    Ok(())
}
