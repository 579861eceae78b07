//! Titles and plain descriptions of the options for a new-game form, in the
//! form's order: one entry per field of [`super::options::Options`].

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "table_mode",
        title: ["Dice and cards", "Würfel und Karten"],
        text: [
            "Who rolls and deals: the server; you roll real dice; or you play with the real box, \
             dice and cards (the page then asks for each die and card).",
            "Wer würfelt und austeilt: der Server; ihr würfelt mit echten Würfeln; oder ihr spielt \
             mit der echten Schachtel, Würfeln und Karten (die Seite fragt dann nach jedem Würfel \
             und jeder Karte).",
        ],
        basic: true,
        values: &[
            ("\"server\"", ["The server rolls and deals", "Der Server würfelt und teilt aus"]),
            ("\"dice\"", ["We roll, the server deals", "Wir würfeln, der Server teilt aus"]),
            ("\"all\"", ["We roll and deal at the table", "Wir würfeln und ziehen am Tisch"]),
        ],
    },
    OptionText {
        name: "deploy_rule",
        title: ["Placement on a 6", "Einsetzen bei einer 6"],
        text: [
            "Where PERSS.KI places when its die shows a 6: in the first city without Greek \
             armies or fleets, or in the first city without any armies or fleets.",
            "Wo die PERSS.KI bei einer 6 einsetzt: in der ersten Stadt ohne griechische Armeen \
             und Flotten oder in der ersten Stadt ganz ohne Armeen und Flotten.",
        ],
        basic: false,
        values: &[
            (
                "\"no_enemy_forces\"",
                ["No Greek forces (rulebook)", "Keine griechischen Streitkräfte (Regel)"],
            ),
            (
                "\"empty_city\"",
                ["No forces at all (quick reference)", "Unbesetzte Stadt (Spielhilfe)"],
            ),
        ],
    },
];
