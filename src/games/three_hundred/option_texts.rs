//! Titles and German descriptions of the options (issue 18): one entry per
//! field of [`super::options::Options`], the German saying what its doc
//! comment says.

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "table_mode",
        title: ["Table supplies", "Was vom Tisch kommt"],
        description_de: "Was der Tisch liefert (SESSION-TABLE-3; eine Art zu spielen, keine \
            Regel des Spiels). `server` (Vorgabe): Der Server würfelt den Würfel der PERSS.KI und \
            jeden Würfel der Schlachten aus dem mit dem Seed erzeugten Zufallsstrom der Sitzung \
            und mischt die 16 Karten und teilt sie aus. `dice`: Die Würfel werden an einem echten \
            Tisch geworfen und mit jeder Anfrage in ihrem Feld `table` geschickt (eine Anfrage, \
            die zu wenige bringt, wird mit `422 dice_needed` und der genauen Liste beantwortet, \
            und eine Schlacht hält vor jeder Runde an: Jede Runde ist ein Zug des Bots mit eigenen \
            Würfeln); die Karten teilt weiter der Server aus. `all`: die Würfel wie bei `dice` \
            und ein echter Kartenstapel: Jede Karte, die am Tisch aufgedeckt wird, wird mit ihrer \
            Kennung im Feld `table` der Anfrage geschickt, in der Reihenfolge, in der die Regeln \
            sie ziehen (die Karten, die die Griechen kaufen oder ziehen, und jede Karte, die die \
            PERSS.KI abwirft; ihre Handkarten bleiben bis dahin verdeckt).",
    },
    OptionText {
        name: "deploy_rule",
        title: ["Placement on a 6", "Einsetzen bei einer 6"],
        description_de: "Die Lesart, wie die PERSS.KI bei einer 6 auf dem Würfel einsetzt \
            (T300-AI-11). `no_enemy_forces` (Vorgabe, der Haupttext der Regel: „keine \
            feindlichen Streitkräfte“): die erste Stadt der Reihenfolge, in deren Stadt keine \
            griechische Armee und in deren Hafen keine griechische Flotte steht. `empty_city` \
            (die „unbesetzte Stadt“ der Spielhilfe): die erste Stadt ohne Armee und ohne Flotte \
            beider Seiten.",
    },
];
