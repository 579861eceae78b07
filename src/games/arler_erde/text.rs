//! Sentences rendered from typed data: events, decisions (prompts) and
//! move labels, in the game's own terms. English only for now; German
//! (issue 18) renders the English text until it is written.

use crate::engine::text::{count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

use super::data::{self, BuildingId, Season, SpaceId};
use super::moves::{
    CheckReason, Decision, DisplaySource, Event, Move, OptionCheck, Skip, StartReason, WalkStep,
    SCORE_MAX, SCORE_MIN,
};
use super::state::Marker1;

/// "summer" / "winter".
pub fn season_word(s: Season) -> &'static str {
    match s {
        Season::Summer => "summer",
        Season::Winter => "winter",
    }
}

/// A space's name without its season: "Carpenter" (a custom board's id in
/// words).
pub fn space_name(season: Season, id: &SpaceId) -> String {
    match data::base_space_name(season, id.as_str()) {
        Some(n) => n.to_string(),
        None => data::words(id.as_str()),
    }
}

/// A space with its season: "summer Carpenter".
pub fn space_label(season: Season, id: &SpaceId) -> String {
    format!("{} {}", season_word(season), space_name(season, id))
}

fn marker_label(m: &Marker1) -> String {
    space_label(m.season, &m.space)
}

/// A building's name: "Berum Castle".
pub fn building_label(id: &BuildingId) -> String {
    data::building_name(id)
}

fn numbers(values: &[u8]) -> String {
    let v: Vec<String> = values.iter().map(u8::to_string).collect();
    join_list(&v, Lang::En)
}

fn check_en(c: &OptionCheck, used_by: Option<Seat>, cx: &TextCx<'_>) -> String {
    let verdict = if c.met { "holds" } else { "fails" };
    let why = match c.reason {
        CheckReason::DoubleOffSeasonFree => {
            "a double, and nobody has placed on the other half-year's spaces yet".to_string()
        }
        CheckReason::NoDouble => "no double".to_string(),
        CheckReason::DoubleOffSeasonUsed => match used_by {
            Some(seat) => format!(
                "a double, but {} already made the half-year's off-season placement",
                cx.seat_name(seat)
            ),
            None => "a double, but the off-season placement is already used".to_string(),
        },
        CheckReason::DieShowsOne => "a die shows 1".to_string(),
        CheckReason::NoDieShowsOne => "no die shows 1".to_string(),
        CheckReason::Always => "it always holds: count the sum of both dice".to_string(),
    };
    format!("option {} {verdict} ({why})", c.option)
}

fn walk_en(season: Season, walk: &[WalkStep]) -> String {
    let parts: Vec<String> = walk
        .iter()
        .map(|w| {
            let name = space_name(season, &w.space);
            match (w.count, w.why) {
                (Some(c), _) => format!("{name} {c}"),
                (None, Some(Skip::Occupied)) => format!("{name} skipped (occupied)"),
                (None, Some(Skip::MarkerSpace)) => {
                    format!("{name} skipped (marker 1's own space)")
                }
                (None, None) => format!("{name} skipped"),
            }
        })
        .collect();
    join_list(&parts, Lang::En)
}

impl Event {
    fn en(&self, cx: &TextCx<'_>) -> String {
        match self {
            Event::DisplayFilled { source, buildings } => {
                let names: Vec<String> = buildings.iter().map(building_label).collect();
                let list = join_list(&names, Lang::En);
                match source {
                    DisplaySource::Dealt => format!(
                        "The server dealt the building display, in reading order: {list}."
                    ),
                    DisplaySource::Entered => format!(
                        "The building display was entered from the table, in reading order: {list}."
                    ),
                    DisplaySource::CustomBoard => format!(
                        "The building display was taken from the custom board: {}.",
                        count(buildings.len() as i64, "building", "buildings")
                    ),
                }
            }
            Event::Marker1Placed {
                die,
                from_table,
                marker1,
            } => format!(
                "Setup die {die}{}: counting from the topmost summer space as 1, marker 1 goes on {}. Marker 2 waits before slot 1 of the display.",
                if *from_table { " (rolled at the table)" } else { "" },
                marker_label(marker1)
            ),
            Event::HalfYearStarted {
                half_year,
                season,
                start_player,
            } => format!(
                "Half-year {half_year} ({}) begins; {} is start player and places first.",
                season_word(*season),
                cx.seat_name(*start_player)
            ),
            Event::HumanWorkerPlaced {
                season,
                space,
                off_season,
                on_marker1,
                ..
            } => {
                let mut t = format!(
                    "{} placed a worker on {}",
                    cx.seat_name(Seat(0)),
                    space_label(*season, space)
                );
                if *off_season {
                    t.push_str(", the half-year's one placement on the other season's spaces");
                }
                if *on_marker1 {
                    t.push_str("; marker 1 lies there but blocks nothing");
                }
                t.push('.');
                t
            }
            Event::BuildingReported {
                building,
                slot,
                with,
            } => match with {
                Some(m) => format!(
                    "With {}, {} erected the {} from slot {slot}; the slot is now empty.",
                    marker_label(m),
                    cx.seat_name(Seat(0)),
                    building_label(building)
                ),
                None => format!(
                    "{} reported erecting the {} from slot {slot}; the slot is now empty.",
                    cx.seat_name(Seat(0)),
                    building_label(building)
                ),
            },
            Event::VimDiceRolled { dice } => {
                format!("VIM rolled {} and {}.", dice[0], dice[1])
            }
            Event::VimOptionChosen {
                option,
                checks,
                off_season_used_by,
            } => {
                let parts: Vec<String> = checks
                    .iter()
                    .map(|c| check_en(c, *off_season_used_by, cx))
                    .collect();
                let mut t = parts.join("; ");
                if let Some(first) = t.get(..1) {
                    t = first.to_uppercase() + &t[1..];
                }
                format!("{t}. VIM carries out option {option}.")
            }
            Event::VimMarkerCounted {
                season,
                from,
                steps,
                walk,
                to,
            } => format!(
                "Marker 1 counts {} from {}: {}. It moves to {}.",
                count(i64::from(*steps), "space", "spaces"),
                space_label(*season, from),
                walk_en(*season, walk),
                space_label(*season, to)
            ),
            Event::VimWorkerPlaced {
                season,
                space,
                option,
                building_space,
                marker1,
                ..
            } => {
                let name = space_label(*season, space);
                let mut t = match option {
                    1 => format!(
                        "A VIM worker blocks {name}, the topmost space of the other half-year; marker 1 stays on {}.",
                        marker_label(marker1)
                    ),
                    2 => format!(
                        "Marker 1 moved one space to {name}, and a VIM worker blocks it."
                    ),
                    _ => format!("Marker 1 moved to {name}, and a VIM worker blocks it."),
                };
                if *building_space {
                    t.push_str(&format!(
                        " {} is a building space: VIM takes a building out of the game.",
                        space_name(*season, space)
                    ));
                }
                t
            }
            Event::BuildingDiceRolled { dice, sum } => format!(
                "For the building removal VIM rolled both dice twice: {}, {sum} in all.",
                numbers(dice)
            ),
            Event::BuildingRemoved {
                slot,
                building,
                marker2_from,
                sum,
                ..
            } => format!(
                "Marker 2 counts {} from {}, skipping empty slots: the {} in slot {slot} leaves the game, and marker 2 now lies on slot {slot}.",
                count(i64::from(*sum), "building", "buildings"),
                if *marker2_from == 0 {
                    "before slot 1".to_string()
                } else {
                    format!("slot {marker2_from}")
                },
                building_label(building)
            ),
            Event::BuildingRemovalSkipped { season, space } => format!(
                "VIM stands on {}, a building space, but the display is empty: nothing is removed.",
                space_label(*season, space)
            ),
            Event::HalfYearEnded {
                half_year,
                marker1_from,
                marker1_to,
                off_season_used_by,
                next_start_player,
                why,
            } => {
                let moved = format!(
                    "Half-year {half_year} ends: marker 1 moves from {} to the opposite {}",
                    marker_label(marker1_from),
                    marker_label(marker1_to)
                );
                match next_start_player {
                    None => format!(
                        "{moved}. That was the last half-year: score the game at the table and report the final score."
                    ),
                    Some(next) => {
                        let h = half_year + 1;
                        let season = season_word(Season::of_half_year(h));
                        let reason = match (why, off_season_used_by) {
                            (Some(StartReason::OffSeasonPlacement), Some(user)) => format!(
                                "{} made the off-season placement, so {} starts half-year {h} ({season})",
                                cx.seat_name(*user),
                                cx.seat_name(*next)
                            ),
                            _ => format!(
                                "nobody made the off-season placement, so the start passes to {} for half-year {h} ({season})",
                                cx.seat_name(*next)
                            ),
                        };
                        format!("{moved}, and all workers return. {}.", capital(&reason))
                    }
                }
            }
            Event::ScoreReported { points } => match points {
                Some(p) => format!(
                    "{} reported a final score of {}.",
                    cx.seat_name(Seat(0)),
                    count(*p, "point", "points")
                ),
                None => format!(
                    "{} finished the game without reporting a score.",
                    cx.seat_name(Seat(0))
                ),
            },
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            // German follows with issue 18.
            Lang::En | Lang::De => self.en(cx),
        }
    }
}

impl Decision {
    fn en(&self) -> String {
        match self {
            Decision::PlaceWorker {
                half_year,
                season,
                worker,
                off_season_free,
            } => {
                let other = season_word(season.other());
                format!(
                    "Half-year {half_year} ({}): place your worker {worker} of 4 on a free {} action space{}. Report a building you erect with it.",
                    season_word(*season),
                    season_word(*season),
                    if *off_season_free {
                        format!(", or use the half-year's one placement on a free {other} space")
                    } else {
                        String::new()
                    }
                )
            }
            Decision::VimPlaces {
                half_year,
                season,
                worker,
                table_dice,
            } => {
                let head = format!(
                    "Half-year {half_year} ({}): VIM places its worker {worker} of 4",
                    season_word(*season)
                );
                if *table_dice {
                    format!("{head}. Roll VIM's two dice at the table and send them with the bot-turn request; if VIM lands on a building space, the request is asked for 4 more dice for the building removal.")
                } else {
                    format!("{head}; ask for VIM's turn.")
                }
            }
            Decision::ReportScore { .. } => "The nine half-years are over: score your farm at the table and report the final score.".to_string(),
            Decision::GameOver {
                reported_score,
                removed_by_vim,
                built_by_human,
            } => format!(
                "Nine half-years played: VIM took {} out of the game, and you erected {}. {}",
                count(*removed_by_vim as i64, "building", "buildings"),
                count(*built_by_human as i64, "building", "buildings"),
                match reported_score {
                    Some(p) => format!("Final score: {}.", count(*p, "point", "points")),
                    None => "No final score was reported.".to_string(),
                }
            ),
        }
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En | Lang::De => self.en(),
        }
    }
}

/// The label of a legal move; `free` names the fields a template leaves open.
pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match cx.lang {
        Lang::En | Lang::De => label_en(mv, free),
    }
}

fn label_en(mv: &Move, free: &[&str]) -> String {
    match mv {
        Move::PlaceWorker {
            space,
            season,
            built,
        } => {
            // A placement on the current season's list is a template whose
            // base holds that season (the field is free: it may be omitted).
            let place = match season {
                Some(s) if !free.contains(&"season") => format!(
                    "Place a worker on {} (the off-season placement)",
                    space_label(*s, space)
                ),
                Some(s) => format!("Place a worker on {}", space_label(*s, space)),
                None => format!("Place a worker on {}", data::words(space.as_str())),
            };
            if free.contains(&"built") {
                format!("{place}, reporting the building you erect there, if any")
            } else if let Some(b) = built {
                format!("{place} and erect the {}", building_label(b))
            } else {
                place
            }
        }
        Move::ReportBuilding { building } => {
            if free.contains(&"building") {
                "Report a building you erected".to_string()
            } else {
                format!("Report that you erected the {}", building_label(building))
            }
        }
        Move::ReportScore { points } => {
            if free.contains(&"points") {
                format!("Report your final score ({SCORE_MIN} to {SCORE_MAX} points)")
            } else {
                match points {
                    Some(p) => format!("Report a final score of {}", count(*p, "point", "points")),
                    None => "Finish without reporting a score".to_string(),
                }
            }
        }
    }
}
