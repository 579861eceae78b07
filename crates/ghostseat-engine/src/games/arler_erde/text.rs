//! Sentences rendered from typed data: events, decisions (prompts) and
//! move labels, in the game's own terms: English, and German in the terms
//! of the German rule text and `rulebook.toml` (Aktionsfeld, Arbeiterstein,
//! erster / zweiter Anzeiger, Gebäudeauslage, Einsatz im anderen Halbjahr).
//! German addresses the player with "du", as the rulebook does, and names
//! VIM with its article ("der VIM").

use crate::engine::text::{capitalise, count, join_list};
use crate::engine::{Describe, Lang, Seat, TextCx};

use super::data::{self, Building, BuildingId, Season, Side, SpaceId};
use super::events::{
    CheckReason, Decision, DisplaySource, Event, OptionCheck, Skip, StartReason, WalkStep,
};
use super::moves::{Move, SCORE_MAX, SCORE_MIN};
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

fn numbers(values: &[u8], lang: Lang) -> String {
    let v: Vec<String> = values.iter().map(u8::to_string).collect();
    join_list(&v, lang)
}

/// "Sommer" / "Winter".
pub(super) fn season_de(s: Season) -> &'static str {
    match s {
        Season::Summer => "Sommer",
        Season::Winter => "Winter",
    }
}

/// A space's German name without its season: "Zimmermann" (a custom
/// board's id in words).
pub fn space_name_de(season: Season, id: &SpaceId) -> String {
    match data::base_space_name_de(season, id.as_str()) {
        Some(n) => n.to_string(),
        None => data::words(id.as_str()),
    }
}

/// A space with its season: "Zimmermann (Sommer)". Sentences put it after
/// "Feld" ("auf das Feld Zimmermann (Sommer)"), so the name is never
/// declined.
pub fn space_label_de(season: Season, id: &SpaceId) -> String {
    format!("{} ({})", space_name_de(season, id), season_de(season))
}

fn marker_label_de(m: &Marker1) -> String {
    space_label_de(m.season, &m.space)
}

/// The case a noun phrase stands in.
#[derive(Debug, Clone, Copy)]
pub(super) enum Case {
    Nom,
    Acc,
}

/// The grammatical gender of a German building name.
#[derive(Debug, Clone, Copy)]
enum Genus {
    M,
    F,
    N,
}

fn article(g: Genus, case: Case) -> &'static str {
    match (g, case) {
        (Genus::M, Case::Nom) => "der",
        (Genus::M, Case::Acc) => "den",
        (Genus::F, _) => "die",
        (Genus::N, _) => "das",
    }
}

fn genus(b: Building) -> Genus {
    use Building as B;
    match b {
        B::FarmersHouse
        | B::ColonistsHouse
        | B::LitterStorage
        | B::WoodTraderHouse
        | B::Bakehouse
        | B::TextileHouse
        | B::WaterfrontHouse
        | B::LutetsburgCastle => Genus::N,
        B::PottersInn
        | B::FarmersInn
        | B::JunkDealersInn
        | B::GulfHouseInn
        | B::MilkHouseInn
        | B::SluiceYardInn => Genus::M,
        _ => Genus::F,
    }
}

/// A building with its article in `case`: "die Mühle", "den Bauernkrug";
/// a custom board's building as "das Gebäude B1".
pub(super) fn building_de(id: &BuildingId, case: Case) -> String {
    match Building::from_id(id.as_str()) {
        Some(b) => format!("{} {}", article(genus(b), case), b.name_de()),
        None => format!(
            "{} Gebäude {}",
            article(Genus::N, case),
            data::words(id.as_str())
        ),
    }
}

/// A building's German name without article: "Mühle" (lists).
pub fn building_name_de(id: &BuildingId) -> String {
    match Building::from_id(id.as_str()) {
        Some(b) => b.name_de().to_string(),
        None => data::words(id.as_str()),
    }
}

/// Whom a German sentence names: the human is "du", as the rulebook
/// addresses the player (the seat's display name, "Player", is English);
/// another seat is its display name with the article ("der VIM").
enum Person {
    Du,
    Named(String),
}

impl Person {
    fn of(seat: Seat, cx: &TextCx<'_>) -> Person {
        match Side::of_seat(seat) {
            Some(Side::Human) => Person::Du,
            _ => Person::Named(cx.seat_name(seat)),
        }
    }
    /// The subject: "du" / "der VIM".
    fn nom(&self) -> String {
        match self {
            Person::Du => "du".to_string(),
            Person::Named(n) => format!("der {n}"),
        }
    }
    /// The verb form of the second or third person singular.
    fn verb<'a>(&self, du: &'a str, er: &'a str) -> &'a str {
        match self {
            Person::Du => du,
            Person::Named(_) => er,
        }
    }
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

fn check_de(c: &OptionCheck, used_by: Option<Seat>, cx: &TextCx<'_>) -> String {
    let verdict = if c.met { "greift" } else { "greift nicht" };
    let why = match c.reason {
        CheckReason::DoubleOffSeasonFree => {
            "ein Pasch, und noch niemand hat auf ein Feld des anderen Halbjahres gesetzt"
                .to_string()
        }
        CheckReason::NoDouble => "kein Pasch".to_string(),
        CheckReason::DoubleOffSeasonUsed => match used_by {
            Some(seat) => {
                let p = Person::of(seat, cx);
                format!(
                    "ein Pasch, aber {} {} den Einsatz im anderen Halbjahr schon genutzt",
                    p.nom(),
                    p.verb("hast", "hat")
                )
            }
            None => {
                "ein Pasch, aber der Einsatz im anderen Halbjahr ist schon verbraucht".to_string()
            }
        },
        CheckReason::DieShowsOne => "ein Würfel zeigt eine 1".to_string(),
        CheckReason::NoDieShowsOne => "kein Würfel zeigt eine 1".to_string(),
        CheckReason::Always => {
            "sie greift immer: abgezählt wird die Augensumme beider Würfel".to_string()
        }
    };
    format!("Option {} {verdict} ({why})", c.option)
}

fn walk_de(season: Season, walk: &[WalkStep]) -> String {
    let parts: Vec<String> = walk
        .iter()
        .map(|w| {
            let name = space_name_de(season, &w.space);
            match (w.count, w.why) {
                (Some(c), _) => format!("{name} {c}"),
                (None, Some(Skip::Occupied)) => format!("{name} übersprungen (belegt)"),
                (None, Some(Skip::MarkerSpace)) => {
                    format!("{name} übersprungen (Feld des ersten Anzeigers)")
                }
                (None, None) => format!("{name} übersprungen"),
            }
        })
        .collect();
    join_list(&parts, Lang::De)
}

impl Event {
    fn de(&self, cx: &TextCx<'_>) -> String {
        match self {
            Event::DisplayFilled { source, buildings } => {
                let names: Vec<String> = buildings.iter().map(building_name_de).collect();
                let list = join_list(&names, Lang::De);
                match source {
                    DisplaySource::Dealt => format!(
                        "Der Server hat die Gebäudeauslage verteilt, in Leserichtung: {list}."
                    ),
                    DisplaySource::Entered => format!(
                        "Die Gebäudeauslage wurde vom Tisch übernommen, in Leserichtung: {list}."
                    ),
                    DisplaySource::CustomBoard => format!(
                        "Die Gebäudeauslage stammt aus dem eigenen Spielplan: {}.",
                        count(buildings.len() as i64, "Gebäude", "Gebäude")
                    ),
                }
            }
            Event::Marker1Placed {
                die,
                from_table,
                marker1,
            } => format!(
                "Würfel beim Spielaufbau: {die}{}. Ab dem obersten Sommerfeld als 1 gezählt, kommt der erste Anzeiger auf das Feld {}. Der zweite Anzeiger wartet vor Feld 1 der Gebäudeauslage.",
                if *from_table { " (am Tisch gewürfelt)" } else { "" },
                marker_label_de(marker1)
            ),
            Event::HalfYearStarted {
                half_year,
                season,
                start_player,
            } => {
                let p = Person::of(*start_player, cx);
                format!(
                    "Halbjahr {half_year} ({}) beginnt; {} {} Startspieler und setzt zuerst.",
                    season_de(*season),
                    p.nom(),
                    p.verb("bist", "ist")
                )
            }
            Event::HumanWorkerPlaced {
                season,
                space,
                off_season,
                on_marker1,
                ..
            } => {
                let mut t = format!(
                    "Du hast einen Arbeiterstein auf das Feld {} gesetzt",
                    space_label_de(*season, space)
                );
                if *off_season {
                    t.push_str("; das ist der eine Einsatz dieses Halbjahres im anderen Halbjahr");
                }
                if *on_marker1 {
                    t.push_str("; dort liegt der erste Anzeiger, er blockiert aber nichts");
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
                    "Mit dem Einsatz auf dem Feld {} hast du {} von Feld {slot} der Auslage errichtet; das Feld ist jetzt leer.",
                    marker_label_de(m),
                    building_de(building, Case::Acc)
                ),
                None => format!(
                    "Du hast gemeldet, dass du {} von Feld {slot} der Auslage errichtet hast; das Feld ist jetzt leer.",
                    building_de(building, Case::Acc)
                ),
            },
            Event::VimDiceRolled { dice } => {
                format!("Der VIM hat {} und {} gewürfelt.", dice[0], dice[1])
            }
            Event::VimOptionChosen {
                option,
                checks,
                off_season_used_by,
            } => {
                let parts: Vec<String> = checks
                    .iter()
                    .map(|c| check_de(c, *off_season_used_by, cx))
                    .collect();
                format!("{}. Der VIM führt Option {option} aus.", parts.join("; "))
            }
            Event::VimMarkerCounted {
                season,
                from,
                steps,
                walk,
                to,
            } => format!(
                "Der erste Anzeiger zählt vom Feld {} aus {} ab: {}. Er zieht auf das Feld {}.",
                space_label_de(*season, from),
                count(i64::from(*steps), "Feld", "Felder"),
                walk_de(*season, walk),
                space_label_de(*season, to)
            ),
            Event::VimWorkerPlaced {
                season,
                space,
                option,
                building_space,
                marker1,
                ..
            } => {
                let name = space_label_de(*season, space);
                let mut t = match option {
                    1 => format!(
                        "Ein Arbeiterstein des VIM blockiert das Feld {name}, das oberste Feld des anderen Halbjahres; der erste Anzeiger bleibt auf dem Feld {}.",
                        marker_label_de(marker1)
                    ),
                    2 => format!(
                        "Der erste Anzeiger ist ein freies Feld weiter auf das Feld {name} gezogen, und ein Arbeiterstein des VIM blockiert es."
                    ),
                    _ => format!(
                        "Der erste Anzeiger ist auf das Feld {name} gezogen, und ein Arbeiterstein des VIM blockiert es."
                    ),
                };
                if *building_space {
                    t.push_str(&format!(
                        " Das Feld {} trägt das Stichwort Gebäude: Der VIM nimmt ein Gebäude aus dem Spiel.",
                        space_name_de(*season, space)
                    ));
                }
                t
            }
            Event::BuildingDiceRolled { dice, sum } => format!(
                "Um ein Gebäude aus dem Spiel zu nehmen, hat der VIM beide Würfel zweimal gewürfelt: {}, zusammen {sum}.",
                numbers(dice, Lang::De)
            ),
            Event::BuildingRemoved {
                slot,
                building,
                marker2_from,
                sum,
                ..
            } => format!(
                "Der zweite Anzeiger zählt, beginnend {}, {} ab und überspringt dabei leere Felder: {} auf Feld {slot} verlässt das Spiel, und der zweite Anzeiger liegt jetzt auf Feld {slot}.",
                if *marker2_from == 0 {
                    "vor Feld 1".to_string()
                } else {
                    format!("nach Feld {marker2_from}")
                },
                count(i64::from(*sum), "Gebäude", "Gebäude"),
                capital(&building_de(building, Case::Nom))
            ),
            Event::BuildingRemovalSkipped { season, space } => format!(
                "Der VIM steht auf dem Feld {} mit dem Stichwort Gebäude, aber die Auslage ist leer: Es wird nichts aus dem Spiel genommen.",
                space_label_de(*season, space)
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
                    "Halbjahr {half_year} endet: Der erste Anzeiger wird vom Feld {} auf das gegenüberliegende Feld {} geschoben",
                    marker_label_de(marker1_from),
                    marker_label_de(marker1_to)
                );
                match next_start_player {
                    None => format!(
                        "{moved}. Das war das letzte Halbjahr: Mache die Schlusswertung am Tisch und gib deine Punkte ein."
                    ),
                    Some(next) => {
                        let h = half_year + 1;
                        let season = season_de(Season::of_half_year(h));
                        let n = Person::of(*next, cx);
                        let reason = match (why, off_season_used_by) {
                            (Some(StartReason::OffSeasonPlacement), Some(user)) => {
                                let u = Person::of(*user, cx);
                                format!(
                                    "{} {} den Einsatz im anderen Halbjahr genutzt, also {} {} in Halbjahr {h} ({season})",
                                    u.nom(),
                                    u.verb("hast", "hat"),
                                    n.verb("beginnst", "beginnt"),
                                    n.nom()
                                )
                            }
                            _ => format!(
                                "niemand hat den Einsatz im anderen Halbjahr genutzt, also wechselt der Startspieler: {} {} in Halbjahr {h} ({season})",
                                capital(&n.nom()),
                                n.verb("beginnst", "beginnt")
                            ),
                        };
                        format!(
                            "{moved}, und alle Arbeitersteine kommen zurück. {}.",
                            capital(&reason)
                        )
                    }
                }
            }
            Event::ScoreReported { points } => match points {
                Some(p) => format!(
                    "Du hast {} als Endergebnis gemeldet.",
                    count(*p, "Punkt", "Punkte")
                ),
                None => "Du hast die Partie beendet, ohne Punkte zu melden.".to_string(),
            },
        }
    }

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
                numbers(dice, Lang::En)
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

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl Describe for Event {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => self.en(cx),
            Lang::De => self.de(cx),
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

impl Decision {
    fn de(&self) -> String {
        match self {
            Decision::PlaceWorker {
                half_year,
                season,
                worker,
                off_season_free,
            } => {
                let other = season_de(season.other());
                format!(
                    "Halbjahr {half_year} ({}): Setze deinen {worker}. Arbeiterstein (von 4) auf ein freies {}feld{}. Melde ein Gebäude, das du damit errichtest.",
                    season_de(*season),
                    season_de(*season),
                    if *off_season_free {
                        format!(
                            " oder nutze den einen Einsatz dieses Halbjahres im anderen Halbjahr für ein freies {other}feld"
                        )
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
                    "Halbjahr {half_year} ({}): Der VIM setzt seinen {worker}. Arbeiterstein (von 4)",
                    season_de(*season)
                );
                if *table_dice {
                    format!("{head}. Wirf die beiden Würfel des VIM am Tisch und sende sie mit der Anfrage für den Zug des VIM; kommt der VIM auf ein Feld mit dem Stichwort Gebäude, werden 4 weitere Würfel abgefragt, um ein Gebäude aus dem Spiel zu nehmen.")
                } else {
                    format!("{head}; fordere den Zug des VIM an.")
                }
            }
            Decision::ReportScore { .. } => "Die neun Halbjahre sind vorbei: Mache die Schlusswertung deines Hofes am Tisch und gib deine Punkte ein.".to_string(),
            Decision::GameOver {
                reported_score,
                removed_by_vim,
                built_by_human,
            } => format!(
                "Neun Halbjahre gespielt: Der VIM hat {} aus dem Spiel genommen, und du hast {} errichtet. {}",
                count(*removed_by_vim as i64, "Gebäude", "Gebäude"),
                count(*built_by_human as i64, "Gebäude", "Gebäude"),
                match reported_score {
                    Some(p) => format!("Endergebnis: {}.", count(*p, "Punkt", "Punkte")),
                    None => "Es wurden keine Punkte gemeldet.".to_string(),
                }
            ),
        }
    }
}

impl Describe for Decision {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => self.en(),
            Lang::De => self.de(),
        }
    }
}

/// The label of a legal move; `free` names the fields a template leaves open.
/// The name of a value a free field of a legal template may take:
/// a building by its name, the season by its word, no building by what it
/// means.
pub fn value_label(field: &str, value: &serde_json::Value, lang: Lang) -> String {
    let de = lang == Lang::De;
    match (field, value) {
        ("built", serde_json::Value::Null) => {
            if de { "kein Gebäude" } else { "no building" }.to_string()
        }
        ("season", v) => match serde_json::from_value::<Season>(v.clone()) {
            Ok(s) if de => season_de(s).to_string(),
            Ok(s) => capitalise(season_word(s)),
            Err(_) => v.to_string(),
        },
        (_, serde_json::Value::String(id)) => {
            let id = BuildingId(id.clone());
            if de {
                building_name_de(&id)
            } else {
                building_label(&id)
            }
        }
        (_, v) => v.to_string(),
    }
}

/// The question a free field asks.
pub fn param_label(field: &str, lang: Lang) -> Option<String> {
    let (en, de) = match field {
        "built" => (
            "Which building do you erect there?",
            "Welches Gebäude errichtest du dort?",
        ),
        "building" => ("Which building?", "Welches Gebäude?"),
        "season" => ("Which half-year?", "Welches Halbjahr?"),
        "points" => ("How many points?", "Wie viele Punkte?"),
        _ => return None,
    };
    Some(if lang == Lang::De { de } else { en }.to_string())
}

pub fn label(mv: &Move, free: &[&str], cx: &TextCx<'_>) -> String {
    match cx.lang {
        Lang::En => label_en(mv, free),
        Lang::De => label_de(mv, free),
    }
}

fn label_de(mv: &Move, free: &[&str]) -> String {
    match mv {
        Move::PlaceWorker {
            space,
            season,
            built,
        } => {
            let place = match season {
                Some(s) if !free.contains(&"season") => format!(
                    "Setze einen Arbeiterstein auf das Feld {} (Einsatz im anderen Halbjahr)",
                    space_label_de(*s, space)
                ),
                Some(s) => format!(
                    "Setze einen Arbeiterstein auf das Feld {}",
                    space_label_de(*s, space)
                ),
                None => {
                    let name = data::base_space_name_de(Season::Summer, space.as_str())
                        .or_else(|| data::base_space_name_de(Season::Winter, space.as_str()))
                        .map(str::to_string)
                        .unwrap_or_else(|| data::words(space.as_str()));
                    format!("Setze einen Arbeiterstein auf das Feld {name}")
                }
            };
            if free.contains(&"built") {
                format!("{place} und melde dabei ein Gebäude, falls du dort eines errichtest")
            } else if let Some(b) = built {
                format!("{place} und errichte {}", building_de(b, Case::Acc))
            } else {
                place
            }
        }
        Move::ReportBuilding { building } => {
            if free.contains(&"building") {
                "Melde ein Gebäude, das du errichtet hast".to_string()
            } else {
                format!(
                    "Melde, dass du {} errichtet hast",
                    building_de(building, Case::Acc)
                )
            }
        }
        Move::ReportScore { points } => {
            if free.contains(&"points") {
                format!("Gib deine Punkte ein ({SCORE_MIN} bis {SCORE_MAX} Punkte)")
            } else {
                match points {
                    Some(p) => format!("Melde {} als Endergebnis", count(*p, "Punkt", "Punkte")),
                    None => "Beende die Partie, ohne Punkte zu melden".to_string(),
                }
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SeatInfo;

    fn seats() -> Vec<SeatInfo> {
        vec![
            SeatInfo::human("human", "Player", "Spieler"),
            SeatInfo::bot("vim", "VIM", "VIM"),
        ]
    }

    fn marker(season: Season, space: &str) -> Marker1 {
        Marker1 {
            season,
            space: space.into(),
        }
    }

    #[test]
    fn german_sentences_read_as_checked_by_hand() {
        let seats = seats();
        let cx = TextCx::new(Lang::De, &seats);
        let ev = |e: Event| e.describe(&cx);
        assert_eq!(
            ev(Event::HumanWorkerPlaced {
                season: Season::Summer,
                space: "carpenter".into(),
                order: 1,
                off_season: false,
                on_marker1: true,
            }),
            "Du hast einen Arbeiterstein auf das Feld Zimmermann (Sommer) gesetzt; dort liegt der erste Anzeiger, er blockiert aber nichts."
        );
        assert_eq!(
            ev(Event::BuildingReported {
                building: "farmers_inn".into(),
                slot: 13,
                with: Some(marker(Season::Summer, "carpenter")),
            }),
            "Mit dem Einsatz auf dem Feld Zimmermann (Sommer) hast du den Bauernkrug von Feld 13 der Auslage errichtet; das Feld ist jetzt leer."
        );
        assert_eq!(
            ev(Event::BuildingRemoved {
                slot: 7,
                building: "mill".into(),
                marker2_from: 3,
                marker2_to: 7,
                sum: 14,
                walk: Vec::new(),
            }),
            "Der zweite Anzeiger zählt, beginnend nach Feld 3, 14 Gebäude ab und überspringt dabei leere Felder: Die Mühle auf Feld 7 verlässt das Spiel, und der zweite Anzeiger liegt jetzt auf Feld 7."
        );
        assert_eq!(
            ev(Event::VimOptionChosen {
                option: 3,
                checks: vec![
                    OptionCheck {
                        option: 1,
                        met: false,
                        reason: CheckReason::DoubleOffSeasonUsed,
                    },
                    OptionCheck {
                        option: 2,
                        met: false,
                        reason: CheckReason::NoDieShowsOne,
                    },
                    OptionCheck {
                        option: 3,
                        met: true,
                        reason: CheckReason::Always,
                    },
                ],
                off_season_used_by: Some(Seat(0)),
            }),
            "Option 1 greift nicht (ein Pasch, aber du hast den Einsatz im anderen Halbjahr schon genutzt); Option 2 greift nicht (kein Würfel zeigt eine 1); Option 3 greift (sie greift immer: abgezählt wird die Augensumme beider Würfel). Der VIM führt Option 3 aus."
        );
        assert_eq!(
            ev(Event::HalfYearEnded {
                half_year: 3,
                marker1_from: marker(Season::Summer, "woodcutter"),
                marker1_to: marker(Season::Winter, "wood_trader"),
                off_season_used_by: Some(Seat(0)),
                next_start_player: Some(Seat(1)),
                why: Some(StartReason::OffSeasonPlacement),
            }),
            "Halbjahr 3 endet: Der erste Anzeiger wird vom Feld Holzfäller (Sommer) auf das gegenüberliegende Feld Holzhändler (Winter) geschoben, und alle Arbeitersteine kommen zurück. Du hast den Einsatz im anderen Halbjahr genutzt, also beginnt der VIM in Halbjahr 4 (Winter)."
        );
        assert_eq!(
            ev(Event::HalfYearStarted {
                half_year: 1,
                season: Season::Summer,
                start_player: Seat(0),
            }),
            "Halbjahr 1 (Sommer) beginnt; du bist Startspieler und setzt zuerst."
        );
        assert_eq!(
            Decision::PlaceWorker {
                half_year: 2,
                season: Season::Winter,
                worker: 3,
                off_season_free: true,
            }
            .describe(&cx),
            "Halbjahr 2 (Winter): Setze deinen 3. Arbeiterstein (von 4) auf ein freies Winterfeld oder nutze den einen Einsatz dieses Halbjahres im anderen Halbjahr für ein freies Sommerfeld. Melde ein Gebäude, das du damit errichtest."
        );
        let place = Move::PlaceWorker {
            space: "builder".into(),
            season: Some(Season::Summer),
            built: Some("berum_castle".into()),
        };
        assert_eq!(
            label(&place, &["season"], &cx),
            "Setze einen Arbeiterstein auf das Feld Bauarbeiter (Sommer) und errichte die Burg Berum"
        );
        let off = Move::PlaceWorker {
            space: "fisherman".into(),
            season: Some(Season::Summer),
            built: None,
        };
        assert_eq!(
            label(&off, &[], &cx),
            "Setze einen Arbeiterstein auf das Feld Fischer (Sommer) (Einsatz im anderen Halbjahr)"
        );
        let report = Move::ReportBuilding {
            building: "lutetsburg_castle".into(),
        };
        assert_eq!(
            label(&report, &[], &cx),
            "Melde, dass du das Schloss Lütetsburg errichtet hast"
        );
        assert_eq!(
            label(&Move::ReportScore { points: Some(1) }, &[], &cx),
            "Melde 1 Punkt als Endergebnis"
        );
    }
}

/// Whose die the physical table is asked for, and what it decides
/// (ARLE-SET-3, ARLE-VIM-1, ARLE-BLD-2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableDie {
    /// The setup die: the summer space for marker 1; `summer` is the
    /// summer list from the top (ARLE-SET-3).
    Setup { summer: Vec<SpaceId> },
    /// VIM's die `n` of its two (ARLE-VIM-1).
    Vim { n: u8 },
    /// VIM's building die `n` of four, added up (ARLE-BLD-2).
    Building { n: u8 },
}

impl crate::engine::NeedText for TableDie {
    fn label(&self, cx: &TextCx<'_>) -> String {
        let de = cx.lang == Lang::De;
        match self {
            TableDie::Setup { .. } if de => {
                "Aufbauwürfel für den ersten Anzeiger (welches Sommerfeld)".into()
            }
            TableDie::Setup { .. } => "Setup die for marker 1 (which summer space)".into(),
            TableDie::Vim { n } if de => {
                format!("Würfel {n} von 2 des VIM (wohin sein Arbeiter kommt)")
            }
            TableDie::Vim { n } => {
                format!("VIM's die {n} of 2 (where its worker goes)")
            }
            TableDie::Building { n } if de => format!(
                "Gebäudewürfel {n} von 4 des VIM (zusammengezählt: welches Gebäude er wegnimmt)"
            ),
            TableDie::Building { n } => {
                format!("VIM's building die {n} of 4 (added up: which building it removes)")
            }
        }
    }

    fn value_label(&self, value: &str, cx: &TextCx<'_>) -> Option<String> {
        let TableDie::Setup { summer } = self else {
            return None;
        };
        let face: usize = value.parse().ok()?;
        let space = summer.get(face.checked_sub(1)?)?;
        let name = if cx.lang == Lang::De {
            space_name_de(Season::Summer, space)
        } else {
            space_name(Season::Summer, space)
        };
        Some(format!("{face}: {name}"))
    }
}
