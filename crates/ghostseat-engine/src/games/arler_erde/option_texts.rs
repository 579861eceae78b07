//! Titles and plain descriptions of the options for a new-game form, in the
//! form's order: one entry per field of [`super::Options`].

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "table_mode",
        title: ["Dice", "Würfel"],
        text: [
            "Who rolls VIM's dice: the server, or you with real dice at the table (the page then \
             asks for each die).",
            "Wer die Würfel von VIM wirft: der Server oder ihr mit echten Würfeln am Tisch (die \
             Seite fragt dann nach jedem Würfel).",
        ],
        basic: true,
        values: &[
            ("\"server\"", ["The server rolls", "Der Server würfelt"]),
            ("\"all\"", ["We roll at the table", "Wir würfeln am Tisch"]),
        ],
    },
    OptionText {
        name: "setup_die",
        title: ["Setup die", "Würfel beim Aufbau"],
        text: [
            "With dice at the table: the die you rolled for marker 1 at setup. Leave it empty and \
             the table is asked for it when the game starts.",
            "Mit Würfeln am Tisch: der Würfel, den ihr beim Aufbau für Anzeiger 1 geworfen habt. \
             Bleibt er leer, wird der Tisch beim Start danach gefragt.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "building_set",
        title: ["Green houses", "Grüne Gebäude"],
        text: [
            "Which green houses are dealt: four of the seven dark-green houses, or the four \
             light-green starter houses for a first game.",
            "Welche grünen Gebäude ausgeteilt werden: vier der sieben dunkelgrünen oder die vier \
             hellgrünen Startgebäude für die erste Partie.",
        ],
        basic: true,
        values: &[
            (
                "\"standard\"",
                ["Dark-green houses (usual)", "Dunkelgrüne Gebäude (üblich)"],
            ),
            (
                "\"first_game\"",
                ["Starter houses (first game)", "Startgebäude (erste Partie)"],
            ),
        ],
    },
    OptionText {
        name: "display",
        title: ["Building display", "Gebäudeauslage"],
        text: [
            "The 18 tiles of your real display, slot by slot, if you laid it out yourselves. \
             Left empty, the server deals the display.",
            "Die 18 Plättchen eurer echten Auslage, Feld für Feld, wenn ihr sie selbst ausgelegt \
             habt. Leer teilt der Server die Auslage aus.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "board",
        title: ["Custom board", "Eigener Spielplan"],
        text: [
            "A board of your own (for example Tee & Handel), described as data. Left empty, the \
             base game's board is used.",
            "Ein eigener Spielplan (etwa Tee & Handel), als Daten beschrieben. Leer gilt der \
             Spielplan des Grundspiels.",
        ],
        basic: false,
        values: &[],
    },
];
