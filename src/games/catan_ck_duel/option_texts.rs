//! Titles and German descriptions of the options (issue 18): one entry per
//! field of [`super::state::Options`], the German saying what its doc
//! comment says, in the terms of the German rules (Städte & Ritter).

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "layout",
        title: ["Board layout", "Aufbau des Spielplans"],
        description_de: "Wie Landschaften, Zahlenchips und Häfen ausgelegt werden: `random`, \
            der gedruckte Einsteigerplan `beginner` oder `manual` nach `board` (CAT-BOARD-11, \
            -12, -15).",
    },
    OptionText {
        name: "numbers",
        title: ["Number tokens", "Zahlenchips"],
        description_de: "Mit `layout: \"random\"`: die Zahlenchips in Buchstabenfolge entlang \
            der Spirale (CAT-BOARD-13) oder gemischt, ohne dass zwei rote Zahlen (6, 8) \
            nebeneinander liegen (CAT-BOARD-14).",
    },
    OptionText {
        name: "spiral_start",
        title: ["Spiral start", "Beginn der Spirale"],
        description_de: "Das Eckfeld, an dem die Spirale der Zahlenchips beginnt \
            (CAT-BOARD-13); `random` wählt eines.",
    },
    OptionText {
        name: "harbours",
        title: ["Harbours", "Häfen"],
        description_de: "Vorgabe: der Einsteiger-Meerrahmen für den Einsteigeraufbau, der \
            eigene für den eigenen Aufbau, sonst zufällig.",
    },
    OptionText {
        name: "board",
        title: ["Table's board", "Spielplan vom Tisch"],
        description_de: "Der eigene Spielplan des Tisches: die 19 Landschaften und Zahlenchips \
            und/oder die 9 Hafenarten. Pflicht mit `layout: \"manual\"` oder \
            `harbours: \"manual\"` (CAT-BOARD-15).",
    },
    OptionText {
        name: "first_player",
        title: ["First player", "Startspieler"],
        description_de: "Wer zuerst einsetzt und beginnt: Auswürfeln oder ein fester Platz \
            (CAT-SETUP-4).",
    },
    OptionText {
        name: "table_mode",
        title: ["Table supplies", "Was vom Tisch kommt"],
        description_de: "Was der Tisch liefert (CAT-RNG-2, -3, SESSION-TABLE-3): `server` (der \
            Server würfelt und teilt aus), `dice` (echte Würfel, mit dem Feld `table` jeder \
            Anfrage geschickt) oder `all` (echtes Spielmaterial: Die Würfel und jede gezogene \
            Karte, Fortschrittskarten und eine Karte aus einer Kartenhand, werden mit ihrer \
            Kennung im Feld `table` der Anfrage geschickt, statt vom Server ausgeteilt zu werden).",
    },
    OptionText {
        name: "combined_trade_build",
        title: ["Combined trade and build", "Handeln und Bauen gemischt"],
        description_de: "`true` (die offizielle Variante mit kombinierter Handels- und \
            Bauphase): Nach den Würfen werden Handeln und Bauen in beliebiger Reihenfolge \
            gemischt. `false`: kein Handel mehr nach dem ersten Bau des Zuges (CAT-TURN-4).",
    },
    OptionText {
        name: "discard_limit",
        title: ["Card limit", "Kartenlimit"],
        description_de: "Das Grund-Kartenlimit bei einer 7 (CAT-SEVEN-1), 7..20; jede \
            Stadtmauer erhöht es um 2 (CCK-SEVEN-1).",
    },
    OptionText {
        name: "colours",
        title: ["Colour labels", "Farbnamen"],
        description_de: "Anzeigenamen je Farbe (`a`, `b`, `n1`, `n2`), je höchstens 100 \
            Zeichen; nur, wie die Texte die Farben nennen.",
    },
    OptionText {
        name: "vp_target",
        title: ["Victory points to win", "Siegpunkte zum Sieg"],
        description_de: "Die Siegpunkte, die ein Spieler in seinem eigenen Zug zum Sieg \
            braucht (CCK-END-1; das Original: 13).",
    },
    OptionText {
        name: "neutral_start",
        title: ["Neutral start settlements", "Neutrale Startsiedlungen"],
        description_de: "Die beiden Kreuzungen, auf denen die Startsiedlungen der neutralen \
            Parteien stehen (CAT-DUO-3; Hausvorgabe: die beiden Ecken des Mittelfelds).",
    },
    OptionText {
        name: "neutral_settlement_needs_road",
        title: [
            "Neutral settlement needs road",
            "Neutrale Siedlung braucht Straße",
        ],
        description_de: "Eine neutrale Siedlung muss eine Straße ihrer Farbe berühren \
            (CAT-DUO-7); `false` erlaubt sie auf jeder freien Kreuzung, die die Abstandsregel \
            einhält.",
    },
    OptionText {
        name: "neutral_placement",
        title: ["Who places neutrals", "Einsetzen für die Neutralen"],
        description_de: "Wer über jede neutrale Straße, Siedlung, jeden neutralen Ritter, jede \
            Aufwertung und jedes Umsetzen entscheidet: der Spieler, dessen Bau sie auslöst (das \
            Original), oder der Bot (Hausregel) (CCK-NEUT-9).",
    },
    OptionText {
        name: "neutral_bot_target",
        title: ["Bot's neutral target", "Ziel der neutralen Bot-Figuren"],
        description_de: "Wen die neutralen Figuren des Bots blockieren, wenn \
            `neutral_placement` `bot` ist (CCK-NEUT-10).",
    },
    OptionText {
        name: "neutral_promotion",
        title: ["Neutral promotion", "Neutrale Aufwertung"],
        description_de: "Welchen neutralen Ritter die Aufwertung eines echten Spielers aufwertet \
            (CCK-NEUT-6).",
    },
    OptionText {
        name: "second_roll_event_red",
        title: ["Red die of second roll", "Roter Würfel im zweiten Wurf"],
        description_de: "Welchen roten Würfel ein Stadttor des zweiten Wurfs liest, wenn die \
            Zahlenwürfel noch einmal geworfen werden mussten (CCK-DICE-4).",
    },
    OptionText {
        name: "barbarian_track",
        title: ["Barbarian track", "Barbarenleiste"],
        description_de: "Wie oft der Ereigniswürfel das Schiff zeigen muss, bis die Barbaren \
            landen (CCK-BARB-1), 3..12.",
    },
    OptionText {
        name: "max_turns",
        title: ["Turn limit", "Zuggrenze"],
        description_de: "Hausregel, als Vorgabe aus (nach den Regeln endet das Spiel nur bei \
            `vp_target` Siegpunkten, CCK-END-1): Nach so vielen Zügen endet das Spiel, die höhere \
            Punktzahl gewinnt (gleiche Punktzahl: kein Sieger), und das Endereignis sagt, dass \
            die Grenze es beendet hat (SESSION-HOUSE-1). 0 = keine Grenze.",
    },
];
