//! Why a move or an option is refused: typed messages rendered
//! in English and in German, in the terms of the German rule text and
//! `rulebook.toml` (Aktionsfeld, Arbeiterstein, erster Anzeiger,
//! Gebäudeauslage, Halbjahr, Schlusswertung), addressing the player with
//! "du" and naming VIM with its article ("der VIM").

use crate::engine::{Describe, Lang, TextCx};

use super::data::{Building, BuildingId, Colour, Season, Side, SpaceId};
use super::moves::{SCORE_MAX, SCORE_MIN};
use super::text::{
    building_de, building_label, capital, season_de, season_word, space_label, space_label_de, Case,
};

/// A refusal of Arler Erde.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// ARLE-HUM-6: a building reported after half-year 9.
    NoMoreBuildings,
    /// ARLE-END-3: a worker placed after half-year 9.
    NoMoreWorkers,
    /// ARLE-END-3: the final score reported before the end.
    ScoreNotYet,
    /// ARLE-END-3: a final score out of range.
    ScoreOutOfRange { points: i64 },
    /// ARLE-HUM-5/6: VIM took the building out of the game.
    RemovedByVim { building: BuildingId },
    /// ARLE-HUM-5/6: the human erected the building already.
    BuiltAlready { building: BuildingId },
    /// ARLE-HUM-5/6: no such building on the display.
    NotOnDisplay { building: BuildingId },
    /// ARLE-HUM-1: no such action space in that half-year.
    NoSuchSpace { season: Season, space: SpaceId },
    /// ARLE-HUM-2: a VIM worker stands on the space.
    BlockedByVim { season: Season, space: SpaceId },
    /// ARLE-HUM-1: the human's own worker stands on the space.
    OwnWorkerThere { season: Season, space: SpaceId },
    /// ARLE-HUM-4: the half-year's one off-season placement is used (by `by`).
    OffSeasonUsed { by: Side },
    /// ARLE-HUM-5: a building reported with a space that builds nothing.
    NotABuildingSpace { season: Season, space: SpaceId },
    /// ARLE-CNT-1: marker 1 lies on the other half-year's list.
    MarkerOffList,
    /// ARLE-CNT-6: no unoccupied space left to count.
    NoFreeSpace,
    /// ARLE-VIM-1: VIM's target space does not exist.
    NoTargetSpace,
    /// ARLE-SET-3: the summer list is shorter than the setup die.
    SummerListTooShort,
    /// ARLE-SET-3: `setup_die` with server dice.
    SetupDieNotWanted,
    /// ARLE-SET-3: a setup die outside 1 to 6.
    SetupDieRange { value: u8 },
    /// ARLE-BRD-9: `display` next to a custom board.
    DisplayWithBoard,
    /// ARLE-BRD-9: a custom list of the wrong length.
    ListLength {
        season: Season,
        len: usize,
        min: usize,
        max: usize,
    },
    /// ARLE-BRD-9: a space id empty or too long.
    SpaceIdLength { season: Season, max: usize },
    /// ARLE-BRD-9: a space id twice in one list.
    SpaceIdTwice { season: Season, space: SpaceId },
    /// ARLE-BRD-9: an opposite that is not a space of the other list.
    OppositeMissing {
        season: Season,
        space: SpaceId,
        opposite: SpaceId,
    },
    /// ARLE-BRD-9: opposites that do not pair up.
    OppositesUnpaired {
        season: Season,
        space: SpaceId,
        faces: SpaceId,
        back: SpaceId,
    },
    /// ARLE-BRD-9: a custom display with too few or too many slots.
    SlotCount { slots: usize, max: usize },
    /// ARLE-BRD-9: a custom board without its display.
    NoCustomDisplay,
    /// ARLE-BRD-9: display and slots of different sizes.
    DisplayCount { slots: usize, given: usize },
    /// ARLE-BRD-9: a building id empty or too long.
    BuildingIdLength { max: usize },
    /// ARLE-BRD-9: a building in two slots.
    BuildingInTwoSlots { building: BuildingId },
    /// ARLE-BRD-7: a table display of the wrong size.
    DisplaySize { slots: usize, given: usize },
    /// ARLE-BRD-7: a building given twice.
    GivenTwice { building: Building },
    /// ARLE-BRD-7: a building on a slot of another colour.
    WrongColour {
        slot: usize,
        colour: Colour,
        building: Building,
    },
    /// ARLE-BRD-7: an orange slot without its printed building.
    NotPrinted {
        slot: usize,
        printed: Building,
        building: Building,
    },
}

fn colour_de(c: Colour) -> &'static str {
    match c {
        Colour::Green => "grün",
        Colour::Yellow => "gelb",
        Colour::Orange => "orange",
        Colour::Blue => "blau",
        Colour::Red => "rot",
    }
}

fn tile(b: Building) -> BuildingId {
    BuildingId::from(b.id())
}

/// "Sommerliste" / "Winterliste".
fn list_de(s: Season) -> String {
    format!("{}liste", season_de(s))
}

impl Refusal {
    fn en(&self) -> String {
        use Refusal as R;
        match self {
            R::NoMoreBuildings => "The nine half-years are over: no more buildings are erected; report the final score.".into(),
            R::NoMoreWorkers => "The nine half-years are over: no more workers are placed; report the final score.".into(),
            R::ScoreNotYet => "The final score is reported after half-year 9.".into(),
            R::ScoreOutOfRange { points } => format!(
                "A final score of Arler Erde lies between {SCORE_MIN} and {SCORE_MAX}, not {points}."
            ),
            R::RemovedByVim { building } => format!(
                "The {} is no longer on the display: VIM took it out of the game.",
                building_label(building)
            ),
            R::BuiltAlready { building } => format!(
                "The {} is no longer on the display: you erected it already.",
                building_label(building)
            ),
            R::NotOnDisplay { building } => {
                format!("There is no building “{}” on the display.", building_label(building))
            }
            R::NoSuchSpace { season, space } => format!(
                "There is no {} action space “{}”.",
                season_word(*season),
                super::data::words(space.as_str())
            ),
            R::BlockedByVim { season, space } => {
                format!("A VIM worker blocks {}.", space_label(*season, space))
            }
            R::OwnWorkerThere { season, space } => format!(
                "Your own worker already stands on {}.",
                space_label(*season, space)
            ),
            R::OffSeasonUsed { by } => format!(
                "Only one worker per half-year may go to the other half-year's spaces, and {} placed it already.",
                match by {
                    Side::Human => "you",
                    Side::Vim => "VIM",
                }
            ),
            R::NotABuildingSpace { season, space } => format!(
                "{} is not a building space, so no building is erected with it.",
                capital(&space_label(*season, space))
            ),
            R::MarkerOffList => "Marker 1 is not on the current half-year's list.".into(),
            R::NoFreeSpace => "No unoccupied space is left for VIM's count.".into(),
            R::NoTargetSpace => "The target space does not exist.".into(),
            R::SummerListTooShort => "The summer list is too short for the setup die.".into(),
            R::SetupDieNotWanted => "The setup die is only given with table dice; the server rolls it otherwise.".into(),
            R::SetupDieRange { value } => format!("The setup die shows 1 to 6, not {value}."),
            R::DisplayWithBoard => "With a custom board the display is given as board.display; leave display null.".into(),
            R::ListLength { season, len, min, max } => format!(
                "The custom board's {} list has {len} spaces; it needs {min} to {max}.",
                season_word(*season)
            ),
            R::SpaceIdLength { season, max } => format!(
                "A {} space id must be 1 to {max} characters.",
                season_word(*season)
            ),
            R::SpaceIdTwice { season, space } => format!(
                "The {} space id '{}' appears twice.",
                season_word(*season),
                space.0
            ),
            R::OppositeMissing { season, space, opposite } => format!(
                "The {} space '{}' names the opposite '{}', which is not a {} space.",
                season_word(*season),
                space.0,
                opposite.0,
                season_word(season.other())
            ),
            R::OppositesUnpaired { season, space, faces, back } => format!(
                "Opposites must pair up: {} '{}' faces '{}', but that space faces '{}'.",
                season_word(*season),
                space.0,
                faces.0,
                back.0
            ),
            R::SlotCount { slots, max } => {
                format!("The custom display needs 1 to {max} slots; it has {slots}.")
            }
            R::NoCustomDisplay => "A custom board must give its display: one building per slot.".into(),
            R::DisplayCount { slots, given } => format!(
                "The custom display has {slots} slots, but the display names {given} buildings."
            ),
            R::BuildingIdLength { max } => {
                format!("A building id must be 1 to {max} characters.")
            }
            R::BuildingInTwoSlots { building } => {
                format!("The building '{}' lies in two slots.", building.0)
            }
            R::DisplaySize { slots, given } => {
                format!("The display has {slots} slots; {given} buildings were given.")
            }
            R::GivenTwice { building } => format!("The {} is given twice.", building.name_en()),
            R::WrongColour { slot, colour, building } => format!(
                "Slot {slot} is a {} slot, but the {} is a {} building.",
                colour.id(),
                building.name_en(),
                building.colour().id()
            ),
            R::NotPrinted { slot, printed, building } => format!(
                "Orange slot {slot} holds its printed building, the {}, not the {}.",
                printed.name_en(),
                building.name_en()
            ),
        }
    }

    fn de(&self) -> String {
        use Refusal as R;
        match self {
            R::NoMoreBuildings => "Die neun Halbjahre sind vorbei: Es werden keine Gebäude mehr errichtet; gib die Schlusswertung ein.".into(),
            R::NoMoreWorkers => "Die neun Halbjahre sind vorbei: Es werden keine Arbeitersteine mehr eingesetzt; gib die Schlusswertung ein.".into(),
            R::ScoreNotYet => "Die Schlusswertung wird erst nach dem 9. Halbjahr eingegeben.".into(),
            R::ScoreOutOfRange { points } => format!(
                "Eine Schlusswertung bei Arler Erde liegt zwischen {SCORE_MIN} und {SCORE_MAX}, nicht bei {points}."
            ),
            R::RemovedByVim { building } => format!(
                "{} liegt nicht mehr in der Gebäudeauslage: Der VIM hat dieses Gebäude aus dem Spiel genommen.",
                capital(&building_de(building, Case::Nom))
            ),
            R::BuiltAlready { building } => format!(
                "{} liegt nicht mehr in der Gebäudeauslage: Du hast dieses Gebäude schon errichtet.",
                capital(&building_de(building, Case::Nom))
            ),
            R::NotOnDisplay { building } => format!(
                "In der Gebäudeauslage liegt {} nicht.",
                building_de(building, Case::Nom)
            ),
            R::NoSuchSpace { season, space } => format!(
                "Auf der {} gibt es kein Aktionsfeld „{}“.",
                list_de(*season),
                super::data::words(space.as_str())
            ),
            R::BlockedByVim { season, space } => format!(
                "Ein Arbeiterstein des VIM blockiert das Feld {}.",
                space_label_de(*season, space)
            ),
            R::OwnWorkerThere { season, space } => format!(
                "Auf dem Feld {} steht schon dein eigener Arbeiterstein.",
                space_label_de(*season, space)
            ),
            R::OffSeasonUsed { by } => format!(
                "Pro Halbjahr darf nur ein Arbeiterstein auf ein Feld des anderen Halbjahres, und {}.",
                match by {
                    Side::Human => "du hast ihn schon eingesetzt",
                    Side::Vim => "der VIM hat ihn schon eingesetzt",
                }
            ),
            R::NotABuildingSpace { season, space } => format!(
                "Das Feld {} trägt nicht das Stichwort Gebäude, also wird mit ihm kein Gebäude errichtet.",
                space_label_de(*season, space)
            ),
            R::MarkerOffList => "Der erste Anzeiger liegt nicht auf der Liste des laufenden Halbjahres.".into(),
            R::NoFreeSpace => "Für das Abzählen des VIM ist kein freies Feld mehr übrig.".into(),
            R::NoTargetSpace => "Das Zielfeld gibt es nicht.".into(),
            R::SummerListTooShort => "Die Sommerliste ist zu kurz für den Würfel beim Spielaufbau.".into(),
            R::SetupDieNotWanted => "Der Würfel beim Spielaufbau wird nur mit Würfeln am Tisch angegeben; sonst würfelt ihn der Server.".into(),
            R::SetupDieRange { value } => format!(
                "Der Würfel beim Spielaufbau zeigt 1 bis 6, nicht {value}."
            ),
            R::DisplayWithBoard => "Mit einem eigenen Spielplan wird die Gebäudeauslage als board.display angegeben; lass display leer (null).".into(),
            R::ListLength { season, len, min, max } => format!(
                "Die {} des eigenen Spielplans hat {len} Felder; sie braucht {min} bis {max}.",
                list_de(*season)
            ),
            R::SpaceIdLength { season, max } => format!(
                "Die Kennung eines Feldes der {} muss 1 bis {max} Zeichen lang sein.",
                list_de(*season)
            ),
            R::SpaceIdTwice { season, space } => format!(
                "Die Kennung „{}“ kommt auf der {} zweimal vor.",
                space.0,
                list_de(*season)
            ),
            R::OppositeMissing { season, space, opposite } => format!(
                "Das Feld „{}“ der {} nennt als Gegenüber „{}“, das aber kein Feld der {} ist.",
                space.0,
                list_de(*season),
                opposite.0,
                list_de(season.other())
            ),
            R::OppositesUnpaired { season, space, faces, back } => format!(
                "Gegenüberliegende Felder müssen paarweise zusammengehören: Das Feld „{}“ der {} liegt „{}“ gegenüber, dieses aber „{}“.",
                space.0,
                list_de(*season),
                faces.0,
                back.0
            ),
            R::SlotCount { slots, max } => format!(
                "Die eigene Gebäudeauslage braucht 1 bis {max} Felder; sie hat {slots}."
            ),
            R::NoCustomDisplay => "Ein eigener Spielplan muss seine Gebäudeauslage angeben: ein Gebäude pro Feld.".into(),
            R::DisplayCount { slots, given } => format!(
                "Die eigene Gebäudeauslage hat {slots} Felder, die Auslage nennt aber {given} Gebäude."
            ),
            R::BuildingIdLength { max } => format!(
                "Die Kennung eines Gebäudes muss 1 bis {max} Zeichen lang sein."
            ),
            R::BuildingInTwoSlots { building } => format!(
                "Das Gebäude „{}“ liegt auf zwei Feldern der Auslage.",
                building.0
            ),
            R::DisplaySize { slots, given } => format!(
                "Die Gebäudeauslage hat {slots} Felder; angegeben wurden {given} Gebäude."
            ),
            R::GivenTwice { building } => format!(
                "{} ist zweimal angegeben.",
                capital(&building_de(&tile(*building), Case::Nom))
            ),
            R::WrongColour { slot, colour, building } => format!(
                "Feld {slot} der Auslage ist {}, {} aber ist {}.",
                colour_de(*colour),
                building_de(&tile(*building), Case::Nom),
                colour_de(building.colour())
            ),
            R::NotPrinted { slot, printed, building } => format!(
                "Auf dem orangen Feld {slot} liegt sein aufgedrucktes Gebäude, {}, nicht {}.",
                building_de(&tile(*printed), Case::Nom),
                building_de(&tile(*building), Case::Nom)
            ),
        }
    }
}

impl Describe for Refusal {
    fn describe(&self, cx: &TextCx<'_>) -> String {
        match cx.lang {
            Lang::En => self.en(),
            Lang::De => self.de(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(r: Refusal) -> (String, String) {
        (
            r.describe(&TextCx::new(Lang::En, &[])),
            r.describe(&TextCx::new(Lang::De, &[])),
        )
    }

    #[test]
    fn refusals_read_in_english_and_german() {
        assert_eq!(
            both(Refusal::ScoreOutOfRange { points: 501 }),
            (
                "A final score of Arler Erde lies between -100 and 500, not 501.".to_string(),
                "Eine Schlusswertung bei Arler Erde liegt zwischen -100 und 500, nicht bei 501."
                    .to_string()
            )
        );
        assert_eq!(
            both(Refusal::OffSeasonUsed { by: Side::Vim }),
            (
                "Only one worker per half-year may go to the other half-year's spaces, and VIM placed it already.".to_string(),
                "Pro Halbjahr darf nur ein Arbeiterstein auf ein Feld des anderen Halbjahres, und der VIM hat ihn schon eingesetzt.".to_string()
            )
        );
        assert_eq!(
            both(Refusal::WrongColour {
                slot: 3,
                colour: Colour::Green,
                building: Building::PottersInn,
            }),
            (
                format!(
                    "Slot 3 is a green slot, but the {} is a blue building.",
                    Building::PottersInn.name_en()
                ),
                format!(
                    "Feld 3 der Auslage ist grün, der {} aber ist blau.",
                    Building::PottersInn.name_de()
                )
            )
        );
        assert_eq!(
            both(Refusal::NoMoreWorkers).1,
            "Die neun Halbjahre sind vorbei: Es werden keine Arbeitersteine mehr eingesetzt; gib die Schlusswertung ein."
        );
    }
}
