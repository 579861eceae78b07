//! Every move the human may send now, complete: each placement with the
//! buildings it may report, the building reports, the final score. A
//! template lists the whole domain of each free field.

use serde_json::Value;

use crate::engine::{Domain, Legal, Param, Seat};

use super::data::{BuildingId, Season, Side};
use super::moves::{Move, SCORE_MAX, SCORE_MIN};
use super::rules::check_place;
use super::state::{Phase, State};

fn season_value(s: Season) -> Value {
    serde_json::to_value(s).unwrap_or(Value::Null)
}

fn ids(list: impl Iterator<Item = BuildingId>) -> Vec<Value> {
    list.map(|b| Value::String(b.0)).collect()
}

/// Every legal move of `seat` (empty when `next` does not name it).
pub fn legal_moves(s: &State, seat: Seat) -> Vec<Legal<Move>> {
    if Side::of_seat(seat) != Some(Side::Human) {
        return Vec::new();
    }
    match s.phase {
        Phase::Finished => Vec::new(),
        Phase::FinalScore => vec![
            Legal::Template {
                base: Move::ReportScore { points: Some(0) },
                params: vec![Param::new(
                    "points",
                    Domain::Integer {
                        min: SCORE_MIN,
                        max: Some(SCORE_MAX),
                    },
                )],
            },
            Legal::Move(Move::ReportScore { points: None }),
        ],
        Phase::Placing if s.to_place != Some(Side::Human) => Vec::new(),
        Phase::Placing => {
            let mut out = placements(s);
            if s.buildings_left() > 0 {
                out.push(Legal::Template {
                    base: Move::ReportBuilding {
                        building: BuildingId::default(),
                    },
                    params: vec![Param::new(
                        "building",
                        Domain::OneOf(ids(s.on_display().cloned())),
                    )],
                });
            }
            out
        }
    }
}

/// Every placement the human may make now (ARLE-HUM-1..5). A space of the
/// current season may name its season or leave it out (one value, two
/// spellings); a building space
/// or Laborer may report any building on the display, or none.
fn placements(s: &State) -> Vec<Legal<Move>> {
    let mut out = Vec::new();
    for season in [s.season, s.season.other()] {
        let current = season == s.season;
        for sp in s.board.list(season) {
            if check_place(s, sp.id.as_str(), Some(season), None).is_err() {
                continue;
            }
            let mut params = Vec::new();
            // Leaving `season` out means the current one: listed once, so
            // no form offers two answers that mean the same (ARLE-TURN-2).
            if current {
                params.push(
                    Param::new("season", Domain::OneOf(vec![season_value(season)]))
                        .or_left_out(season_value(season)),
                );
            }
            if s.board.builds_here(season, sp.id.as_str()) && s.buildings_left() > 0 {
                let mut built = vec![Value::Null];
                built.extend(ids(s.on_display().cloned()));
                params.push(Param::new("built", Domain::OneOf(built)));
            }
            // On the current season's list `season` is free (given or left
            // out); the base holds the season for the label only.
            let base = Move::PlaceWorker {
                space: sp.id.clone(),
                season: Some(season),
                built: None,
            };
            out.push(if params.is_empty() {
                Legal::Move(base)
            } else {
                Legal::Template { base, params }
            });
        }
    }
    out
}
