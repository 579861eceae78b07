//! Titles and German descriptions of the options (issue 18): one entry per
//! field of [`super::options::Options`], the German saying what its doc
//! comment says, in the terms of the German rules (Schattenwirtschaft).

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "layout",
        title: ["Board layout", "Aufbau des Spielfelds"],
        description_de: "Wie Landschaften und Zahlenchips ausgelegt werden (CAT-BOARD-11..-15): \
            als Vorgabe `random`, aber `manual`, wenn `table_mode` `all` ist (ein echtes \
            Spielmaterial bringt seine eigene Insel mit).",
    },
    OptionText {
        name: "numbers",
        title: ["Number tokens", "Zahlenchips"],
        description_de: "Mit `layout: \"random\"`: die Zahlenchips entlang der Spirale oder \
            gemischt (CAT-BOARD-13, -14).",
    },
    OptionText {
        name: "spiral_start",
        title: ["Spiral start", "Beginn der Spirale"],
        description_de: "Mit der Spirale: die Ecke, an der sie beginnt (als Vorgabe zufällig).",
    },
    OptionText {
        name: "harbours",
        title: ["Harbours", "Häfen"],
        description_de: "Die Hafenarten auf den 9 Positionen; als Vorgabe wie der Aufbau \
            (`beginner` für den Einsteigeraufbau, `manual` für den eigenen, sonst `random`).",
    },
    OptionText {
        name: "board",
        title: ["Table's island", "Insel vom Tisch"],
        description_de: "Die Insel des Tisches: Pflicht, wenn `layout` oder `harbours` \
            `manual` ist (CAT-BOARD-15).",
    },
    OptionText {
        name: "first_player",
        title: ["First player", "Startspieler"],
        description_de: "Wer beginnt: Auswürfeln (wie in der Spielregel) oder ein fester Platz \
            (CAT-SETUP-4).",
    },
    OptionText {
        name: "table_mode",
        title: ["Table supplies", "Was vom Tisch kommt"],
        description_de: "Was der Tisch liefert: `server` (der Server würfelt und teilt aus), \
            `dice` (echte Würfel, mit jeder Anfrage geschickt) oder `all` (echtes Spielmaterial: \
            Würfel, gekaufte Entwicklungskarten und geraubte Karten kommen vom Tisch) \
            (CAT-RNG-2, -3).",
    },
    OptionText {
        name: "combined_trade_build",
        title: ["Combined trade and build", "Handeln und Bauen gemischt"],
        description_de: "`true` (die offizielle kombinierte Handels- und Bauphase): Nach dem \
            Wurf dürfen Handeln und Bauen gemischt werden. `false`: kein Handel mehr nach dem \
            ersten Bau oder Kauf des Zuges (CAT-TURN-4).",
    },
    OptionText {
        name: "discard_limit",
        title: ["Card limit", "Kartenlimit"],
        description_de: "Wer bei einer 7 mehr als so viele Karten hält, wirft die Hälfte ab \
            (CAT-SEVEN-1); das Limit der Spielregel ist 7.",
    },
    OptionText {
        name: "vp_target",
        title: ["Victory points to win", "Siegpunkte zum Sieg"],
        description_de: "Die Siegpunkte zum Sieg; das Original spielt bis 10 (CSW-END-1).",
    },
    OptionText {
        name: "colours",
        title: ["Colour labels", "Farbnamen"],
        description_de: "Anzeigenamen, die die Vorgaben ersetzen (a rot, b blau, f1 weiß, \
            f2 orange); Schlüssel `a`, `b`, `f1`, `f2`.",
    },
    OptionText {
        name: "side_numbering",
        title: ["Side numbering", "Nummern der Seiten"],
        description_de: "Die Seite des Spielfelds, die jede Augenzahl 1..6 nennt (CSW-SETUP-2). \
            Das Original nummeriert sie nur in einer Abbildung; die Hausvorgabe ist 1 = oben (N), \
            dann im Uhrzeigersinn.",
    },
    OptionText {
        name: "reroll_policy",
        title: ["Removal re-roll", "Neu würfeln beim Entfernen"],
        description_de: "Wann das Auswürfeln der Felder wiederholt wird (CSW-SETUP-8).",
    },
    OptionText {
        name: "max_removal_rerolls",
        title: ["Re-roll limit", "Höchstzahl neuer Würfe"],
        description_de: "Nach so vielen neuen Würfen bleibt der letzte Wurf beim Entfernen der \
            Felder stehen (CSW-SETUP-9, eine Hausgrenze, damit der Aufbau immer endet).",
    },
    OptionText {
        name: "resource_die",
        title: ["Resource die", "Rohstoffwürfel"],
        description_de: "Der Rohstoff der Augenzahlen 1..5 des Rohstoffwürfels (CSW-ROB-2, \
            CSW-AUC-1); die 6 bringt nichts. Das Original sagt nur „jedem Rohstoff eine Zahl \
            zuordnen“; die Hausvorgabe ist die übliche Reihenfolge.",
    },
    OptionText {
        name: "knight_to_removed_hex",
        title: ["Knight to removed hex", "Ritter auf entferntes Feld"],
        description_de: "Ob auch eine Ritterkarte den Räuber auf ein entferntes Feld schicken \
            darf, mit dem zufälligen Rohstoff (CSW-ROB-3). Vorgabe `false`: Das Original gibt die \
            entfernten Felder nur einem gewürfelten Räuber frei („Wenn der Räuber gewürfelt \
            wird“); `true` ist eine Hausregel, die einen Ritter als „eine 7“ liest.",
    },
    OptionText {
        name: "fictive_seven_removed_hex",
        title: ["Removed hex on fictive 7", "Entferntes Feld bei fiktiver 7"],
        description_de: "Bei einer fiktiven 7: ob der bestimmende Spieler ein entferntes Feld \
            wählen darf und ob es ihm den zufälligen Rohstoff bringt (CSW-FIC-6).",
    },
];
