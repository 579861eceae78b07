//! Titles and plain descriptions of the options for a new-game form, in the
//! form's order: one entry per field of [`super::options::Options`].

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "vp_target",
        title: ["Points to win", "Siegpunkte zum Sieg"],
        text: [
            "The victory points needed to win; the rulebook plays to 10.",
            "Die Siegpunkte zum Sieg; die Regel spielt bis 10.",
        ],
        basic: true,
        values: &[],
    },
    OptionText {
        name: "layout",
        title: ["Island", "Insel"],
        text: [
            "How the island is laid out: shuffled, the beginner island of the rulebook, or your \
             own island entered below.",
            "Wie die Insel ausgelegt wird: gemischt, die Einsteigerinsel der Spielregel oder eure \
             eigene Insel, unten eingegeben.",
        ],
        basic: true,
        values: &[
            ("\"random\"", ["Shuffled", "Gemischt"]),
            ("\"beginner\"", ["Beginner island", "Einsteigerinsel"]),
            ("\"manual\"", ["Our own island", "Unsere eigene Insel"]),
        ],
    },
    OptionText {
        name: "first_player",
        title: ["Who starts", "Wer beginnt"],
        text: [
            "Who starts: rolled for, as the rulebook says, or a player you choose.",
            "Wer beginnt: ausgewürfelt wie in der Regel oder ein Platz eurer Wahl.",
        ],
        basic: true,
        values: &[
            ("\"roll\"", ["Roll for it", "Auswürfeln"]),
            ("\"a\"", ["The first player", "Der erste Platz"]),
            ("\"b\"", ["The second player", "Der zweite Platz"]),
        ],
    },
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
        name: "numbers",
        title: ["Number tokens", "Zahlenchips"],
        text: [
            "On a shuffled island: the tokens along the spiral, or shuffled so that no two red \
             numbers (6 and 8) touch.",
            "Auf einer gemischten Insel: die Chips entlang der Spirale oder gemischt, so dass \
             keine zwei roten Zahlen (6 und 8) nebeneinander liegen.",
        ],
        basic: false,
        values: &[
            ("\"spiral\"", ["Along the spiral", "Entlang der Spirale"]),
            ("\"random\"", ["Shuffled", "Gemischt"]),
        ],
    },
    OptionText {
        name: "spiral_start",
        title: ["Spiral start", "Beginn der Spirale"],
        text: [
            "The corner where the spiral of number tokens starts.",
            "Die Ecke, an der die Spirale der Zahlenchips beginnt.",
        ],
        basic: false,
        values: &[
            ("\"random\"", ["A corner at random", "Eine zufällige Ecke"]),
            ("\"E\"", ["East corner", "Ecke im Osten"]),
            ("\"NE\"", ["North-east corner", "Ecke im Nordosten"]),
            ("\"NW\"", ["North-west corner", "Ecke im Nordwesten"]),
            ("\"W\"", ["West corner", "Ecke im Westen"]),
            ("\"SW\"", ["South-west corner", "Ecke im Südwesten"]),
            ("\"SE\"", ["South-east corner", "Ecke im Südosten"]),
        ],
    },
    OptionText {
        name: "harbours",
        title: ["Harbours", "Häfen"],
        text: [
            "How the nine harbours are laid out; left as it is, they follow the island.",
            "Wie die neun Häfen ausgelegt werden; unverändert folgen sie der Insel.",
        ],
        basic: false,
        values: &[
            ("\"random\"", ["Shuffled", "Gemischt"]),
            ("\"beginner\"", ["As on the beginner island", "Wie auf der Einsteigerinsel"]),
            ("\"manual\"", ["Our own harbours", "Unsere eigenen Häfen"]),
        ],
    },
    OptionText {
        name: "board",
        title: ["Your own island", "Eure eigene Insel"],
        text: [
            "The terrains, number tokens and harbours of your own island, as data.",
            "Die Landschaften, Zahlenchips und Häfen eurer eigenen Insel, als Daten.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "reroll_policy",
        title: ["Rolling the removal again", "Entfernen neu würfeln"],
        text: [
            "When the roll that removes hexes at setup is rolled again.",
            "Wann der Wurf, der beim Aufbau Felder entfernt, wiederholt wird.",
        ],
        basic: false,
        values: &[
            ("\"never\"", ["Never", "Nie"]),
            (
                "\"two_red\"",
                ["When two or more red tokens would go", "Wenn zwei oder mehr rote Chips wegfielen"],
            ),
            (
                "\"more_than_two_red\"",
                ["When three or more red tokens would go", "Wenn drei oder mehr rote Chips wegfielen"],
            ),
            ("\"vote\"", ["When both players agree", "Wenn beide zustimmen"]),
        ],
    },
    OptionText {
        name: "max_removal_rerolls",
        title: ["Re-roll limit", "Höchstzahl Neuwürfe"],
        text: [
            "After this many new rolls the last removal roll stands, so the setup always ends.",
            "Nach so vielen neuen Würfen gilt der letzte, damit der Aufbau immer endet.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "fictive_seven_removed_hex",
        title: ["Fictive 7 on removed hex", "Fiktive 7 auf entferntes Feld"],
        text: [
            "On a fictive 7: whether the robber may go to a removed hex, and whether that pays \
             the random resource.",
            "Bei einer fiktiven 7: ob der Räuber auf ein entferntes Feld darf und ob das den \
             zufälligen Rohstoff bringt.",
        ],
        basic: false,
        values: &[
            ("\"forbidden\"", ["Not allowed (rulebook)", "Nicht erlaubt (Regel)"]),
            ("\"no_resource\"", ["Allowed, pays nothing", "Erlaubt, ohne Ertrag"]),
            ("\"resource\"", ["Allowed, pays a resource", "Erlaubt, mit Rohstoff"]),
        ],
    },
    OptionText {
        name: "knight_to_removed_hex",
        title: ["Knight to removed hex", "Ritter auf entferntes Feld"],
        text: [
            "A house rule: a knight card may also send the robber to a removed hex, as a rolled 7 \
             may.",
            "Eine Hausregel: Auch eine Ritterkarte darf den Räuber auf ein entferntes Feld \
             schicken, wie eine gewürfelte 7.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "combined_trade_build",
        title: ["Trade and build mixed", "Handeln und Bauen gemischt"],
        text: [
            "Trading and building may be mixed after the roll (the official rule). Off: no \
             trading after your first build or purchase of the turn.",
            "Nach dem Wurf darf man Handeln und Bauen mischen (die offizielle Regel). Aus: kein \
             Handel mehr nach dem ersten Bau oder Kauf im Zug.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "discard_limit",
        title: ["Card limit", "Kartenlimit"],
        text: [
            "On a 7, a player holding more cards than this discards half; the rulebook's limit \
             is 7.",
            "Bei einer 7 wirft ab, wer mehr Karten hält, die Hälfte; die Regel nennt 7.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "resource_die",
        title: ["Resource die", "Rohstoffwürfel"],
        text: [
            "Which resource each face 1 to 5 of the resource die gives; a 6 gives nothing.",
            "Welchen Rohstoff jede Seite 1 bis 5 des Rohstoffwürfels gibt; eine 6 gibt nichts.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "side_numbering",
        title: ["Side numbering", "Seitennummern"],
        text: [
            "Which side of the island each die face 1 to 6 names; usually 1 is the top, then \
             clockwise.",
            "Welche Seite der Insel jede Würfelzahl 1 bis 6 meint; üblich ist 1 oben, dann im \
             Uhrzeigersinn.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "colours",
        title: ["Colour names", "Farbnamen"],
        text: [
            "What the texts call each colour, if your pieces have other colours.",
            "Wie die Texte jede Farbe nennen, wenn eure Figuren andere Farben haben.",
        ],
        basic: false,
        values: &[],
    },
];
