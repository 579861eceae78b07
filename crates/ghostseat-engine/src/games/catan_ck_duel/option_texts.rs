//! Titles and plain descriptions of the options for a new-game form, in the
//! form's order: one entry per field of [`super::options::Options`].

use crate::engine::OptionText;

const FIRST: &[(&str, [&str; 2])] = &[
    ("\"roll\"", ["Roll for it", "Auswürfeln"]),
    ("\"a\"", ["The first player", "Der erste Platz"]),
    ("\"b\"", ["The second player", "Der zweite Platz"]),
];

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "vp_target",
        title: ["Points to win", "Siegpunkte zum Sieg"],
        text: [
            "The victory points a player needs in their own turn to win; the rulebook plays to 13.",
            "Die Siegpunkte, die man im eigenen Zug zum Sieg braucht; die Regel spielt bis 13.",
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
            "Who places first and starts: rolled for, or a player you choose.",
            "Wer zuerst einsetzt und beginnt: ausgewürfelt oder ein Platz eurer Wahl.",
        ],
        basic: true,
        values: FIRST,
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
            "On a shuffled island: the tokens in letter order along the spiral, or shuffled so \
             that no two red numbers (6 and 8) touch.",
            "Auf einer gemischten Insel: die Chips in Buchstabenfolge entlang der Spirale oder \
             gemischt, so dass keine zwei roten Zahlen (6 und 8) nebeneinander liegen.",
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
        name: "combined_trade_build",
        title: ["Trade and build mixed", "Handeln und Bauen gemischt"],
        text: [
            "Trading and building may be mixed in any order after the roll (the official \
             variant). Off: no trading after your first build of the turn.",
            "Nach dem Wurf darf man Handeln und Bauen beliebig mischen (die offizielle Variante). \
             Aus: kein Handel mehr nach dem ersten Bau im Zug.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "discard_limit",
        title: ["Card limit", "Kartenlimit"],
        text: [
            "On a 7, a player holding more cards than this discards half; each city wall adds 2. \
             The rulebook's limit is 7.",
            "Bei einer 7 wirft ab, wer mehr Karten hält, die Hälfte; jede Stadtmauer erhöht um 2. \
             Die Regel nennt 7.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "barbarian_track",
        title: ["Barbarian track", "Barbarenleiste"],
        text: [
            "How many ship results until the barbarians land; the rulebook says 7.",
            "Wie oft das Schiff fallen muss, bis die Barbaren landen; die Regel sagt 7.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "neutral_placement",
        title: ["Who places neutrals", "Wer Neutrale setzt"],
        text: [
            "Who chooses each neutral road, settlement and knight: the player whose build calls \
             for it (the rulebook), or the bot (a house rule).",
            "Wer jede neutrale Straße, Siedlung und jeden neutralen Ritter bestimmt: wer sie \
             durch seinen Bau auslöst (die Regel) oder der Bot (eine Hausregel).",
        ],
        basic: false,
        values: &[
            ("\"active_player\"", ["The player who builds", "Wer baut"]),
            ("\"bot\"", ["The bot", "Der Bot"]),
        ],
    },
    OptionText {
        name: "neutral_bot_target",
        title: ["Whom the bot blocks", "Wen der Bot blockiert"],
        text: [
            "When the bot places neutral pieces: whom they block.",
            "Wenn der Bot neutrale Figuren setzt: wen sie blockieren.",
        ],
        basic: false,
        values: &[
            ("\"opponent\"", ["The builder's opponent", "Den Gegner des Bauenden"]),
            ("\"leader\"", ["Whoever leads", "Wer vorne liegt"]),
        ],
    },
    OptionText {
        name: "neutral_promotion",
        title: ["Neutral promotion", "Neutrale Aufwertung"],
        text: [
            "Which neutral knight is promoted when a player promotes one of theirs.",
            "Welcher neutrale Ritter aufgewertet wird, wenn ein Spieler einen eigenen aufwertet.",
        ],
        basic: false,
        values: &[
            (
                "\"same_level\"",
                ["Only to the same level", "Nur auf dieselbe Stufe"],
            ),
            ("\"one_step\"", ["Always one step", "Immer eine Stufe"]),
        ],
    },
    OptionText {
        name: "neutral_settlement_needs_road",
        title: ["Neutral needs a road", "Neutrale braucht Straße"],
        text: [
            "A neutral settlement must touch a road of its colour. Off: any free spot that keeps \
             the distance rule.",
            "Eine neutrale Siedlung muss an einer Straße ihrer Farbe liegen. Aus: jede freie \
             Kreuzung, die die Abstandsregel wahrt.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "neutral_start",
        title: ["Neutral start spots", "Neutrale Startplätze"],
        text: [
            "The two spots where the neutral start settlements stand; usually the two corners of \
             the centre hex.",
            "Die beiden Kreuzungen der neutralen Startsiedlungen; üblich sind die beiden Ecken \
             des Mittelfelds.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "second_roll_event_red",
        title: ["Red die on a re-roll", "Roter Würfel beim Neuwurf"],
        text: [
            "When the number dice are thrown again: which red die a city gate reads.",
            "Wenn die Zahlenwürfel neu geworfen werden: welchen roten Würfel ein Stadttor liest.",
        ],
        basic: false,
        values: &[
            ("\"thrown_with\"", ["The one thrown with the event die", "Der mit dem Ereigniswürfel"]),
            ("\"final\"", ["The one of the final throw", "Der des letzten Wurfs"]),
        ],
    },
    OptionText {
        name: "max_turns",
        title: ["Turn limit", "Zuglimit"],
        text: [
            "A house rule: after this many turns the game ends and the higher score wins. 0 \
             plays to the points as the rulebook does.",
            "Eine Hausregel: Nach so vielen Zügen endet das Spiel, die höhere Punktzahl gewinnt. \
             0 spielt wie die Regel bis zu den Siegpunkten.",
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
