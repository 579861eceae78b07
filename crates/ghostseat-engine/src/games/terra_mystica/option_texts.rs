//! Titles and plain descriptions of the options for a new-game form, in the
//! form's order (the people first, then Automa, the map and the
//! expansions, then the house values): one entry per field of
//! [`super::options::Options`].

use crate::engine::OptionText;

const RULES_MODE: &[(&str, [&str; 2])] = &[
    (
        "\"house\"",
        ["The server's house rule", "Die Hausregel des Servers"],
    ),
    (
        "\"table\"",
        [
            "The printed card, at the table",
            "Die gedruckte Karte, am Tisch",
        ],
    ),
];

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "humans",
        title: ["People", "Menschen"],
        text: [
            "How many people play against Automa: one (solo) or two (the two-player variant).",
            "Wie viele Menschen gegen Automa spielen: einer (solo) oder zwei (die Variante zu \
             zweit).",
        ],
        basic: true,
        values: &[],
    },
    OptionText {
        name: "human_seats",
        title: ["Your factions", "Eure Völker"],
        text: [
            "The faction each person plays.",
            "Das Volk, das jeder Mensch spielt.",
        ],
        basic: true,
        values: &[],
    },
    OptionText {
        name: "first_human",
        title: ["Who starts", "Wer beginnt"],
        text: [
            "With two people: which of you starts round 1 (0 is the first, 1 the second).",
            "Zu zweit: wer von euch Runde 1 beginnt (0 ist der erste, 1 der zweite Mensch).",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "automa_faction",
        title: ["Automa's faction", "Volk der Automa"],
        text: [
            "Automa's faction card; the Simpletons are best for a first game and the only one \
             with two people.",
            "Automas Völkerkarte; die Unscheinbaren eignen sich für die erste Partie und sind zu \
             zweit die einzige Wahl.",
        ],
        basic: true,
        values: &[
            ("\"simpletons\"", ["The Simpletons", "Die Unscheinbaren"]),
            ("\"kuddlers\"", ["The Kuddlers", "Die Kuschler"]),
            ("\"druids\"", ["The Druids", "Die Druiden"]),
            ("\"racelings\"", ["The Racelings", "Die Sprinter"]),
            ("\"wanderers\"", ["The Wanderers", "Die Wanderer"]),
            ("\"mimics\"", ["The Mimics", "Die Nachahmer"]),
            ("\"powermongers\"", ["The Powermongers", "Die Machthändler"]),
            ("\"symbionts\"", ["The Symbionts", "Die Symbionten"]),
            ("\"blight\"", ["The Blight", "Die Verwüster"]),
            ("\"gognomes\"", ["The Gognomes", "Die Gognome"]),
        ],
    },
    OptionText {
        name: "difficulty",
        title: ["Difficulty", "Schwierigkeit"],
        text: [
            "How strong Automa plays, from Automalein (easiest) to Alptrauma (hardest).",
            "Wie stark Automa spielt, von Automalein (am leichtesten) bis Alptrauma (am \
             schwersten).",
        ],
        basic: true,
        values: &[
            (
                "\"automalein\"",
                [
                    "1 · Automalein (easiest)",
                    "1 · Automalein (am leichtesten)",
                ],
            ),
            ("\"automa\"", ["2 · Automa", "2 · Automa"]),
            ("\"automaechtig\"", ["3 · Automächtig", "3 · Automächtig"]),
            ("\"ultoma\"", ["4 · Ultoma", "4 · Ultoma"]),
            (
                "\"alptrauma\"",
                ["5 · Alptrauma (hardest)", "5 · Alptrauma (am schwersten)"],
            ),
        ],
    },
    OptionText {
        name: "automa_home_terrain",
        title: ["Automa's home terrain", "Heimatlandschaft der Automa"],
        text: [
            "Automa's home terrain, different from every person's. Left as it is, the server \
             picks one three steps round the wheel from the first person's.",
            "Automas Heimatlandschaft, verschieden von der jedes Menschen. Unverändert wählt der \
             Server eine, drei Schritte auf dem Umwandlungskreis nach der des ersten Menschen.",
        ],
        basic: false,
        values: &[
            ("\"plains\"", ["Plains", "Ebene"]),
            ("\"swamp\"", ["Swamp", "Sumpf"]),
            ("\"lakes\"", ["Lakes", "See"]),
            ("\"forest\"", ["Forest", "Wald"]),
            ("\"mountains\"", ["Mountains", "Gebirge"]),
            ("\"wasteland\"", ["Wasteland", "Ödland"]),
            ("\"desert\"", ["Desert", "Wüste"]),
            ("\"ice\"", ["Ice (Fire & Ice)", "Eis (Feuer & Eis)"]),
            (
                "\"volcano\"",
                ["Volcano (Fire & Ice)", "Vulkan (Feuer & Eis)"],
            ),
        ],
    },
    OptionText {
        name: "map",
        title: ["Map", "Spielplan"],
        text: [
            "The map. The two Fire & Ice sides need the Fire & Ice expansion.",
            "Der Spielplan. Die beiden Seiten von Feuer & Eis brauchen die Erweiterung Feuer & \
             Eis.",
        ],
        basic: true,
        values: &[
            ("\"base\"", ["Base game", "Grundspiel"]),
            (
                "\"fire-ice-1\"",
                ["Fire & Ice, side 1", "Feuer & Eis, Seite 1"],
            ),
            (
                "\"revised-base\"",
                [
                    "Fire & Ice, side 2 (revised base)",
                    "Feuer & Eis, Seite 2 (überarbeitet)",
                ],
            ),
            ("\"loon-lakes\"", ["Loon Lakes", "Loon Lakes"]),
            ("\"fjords\"", ["Fjords", "Fjorde"]),
            ("\"archipelago\"", ["Archipelago", "Archipel"]),
        ],
    },
    OptionText {
        name: "table_mode",
        title: ["Cards", "Karten"],
        text: [
            "Who shuffles and turns over Automa's cards: the server, or you with the real cards \
             (the page then asks for each card and for what you dealt at setup).",
            "Wer Automas Karten mischt und aufdeckt: der Server oder ihr mit den echten Karten \
             (die Seite fragt dann nach jeder Karte und danach, was ihr beim Aufbau ausgelegt \
             habt).",
        ],
        basic: true,
        values: &[
            ("\"server\"", ["The server deals", "Der Server teilt aus"]),
            (
                "\"all\"",
                ["We deal at the table", "Wir teilen am Tisch aus"],
            ),
        ],
    },
    OptionText {
        name: "table_setup",
        title: ["What you dealt", "Was ihr ausgelegt habt"],
        text: [
            "With cards at the table: the bonus cards, the six scoring tiles and any extra start \
             cards you laid out.",
            "Mit Karten am Tisch: die Bonuskarten, die sechs Wertungsplättchen und etwaige \
             zusätzliche Startkarten, die ihr ausgelegt habt.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "fire_and_ice",
        title: ["Fire & Ice", "Feuer & Eis"],
        text: [
            "Play with the Fire & Ice expansion: its factions, maps and final scoring tiles.",
            "Mit der Erweiterung Feuer & Eis spielen: ihre Völker, Spielpläne und \
             Endwertungsplättchen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "final_scoring_tile",
        title: ["Final scoring tile", "Endwertungsplättchen"],
        text: [
            "A Fire & Ice final scoring tile, if you play with one.",
            "Ein Endwertungsplättchen von Feuer & Eis, wenn ihr mit einem spielt.",
        ],
        basic: false,
        values: &[
            ("\"none\"", ["None", "Keines"]),
            (
                "\"greatest_distance\"",
                ["Greatest distance", "Größte Entfernung"],
            ),
            ("\"settlements\"", ["Most settlements", "Meiste Siedlungen"]),
            (
                "\"stronghold_sanctuary\"",
                ["Stronghold and sanctuary", "Festung und Heiligtum"],
            ),
            ("\"outposts\"", ["Outposts", "Außenposten"]),
            (
                "\"most_trade_markers\"",
                [
                    "Most trade markers (not with Automa)",
                    "Meiste Handelsmarker (nicht mit Automa)",
                ],
            ),
        ],
    },
    OptionText {
        name: "merchants_of_the_seas",
        title: ["Merchants of the Seas", "Die Händler"],
        text: [
            "Play with the Merchants of the Seas rules from the Automa box: its Automa cards, \
             trading, the extra power actions and the shipyard.",
            "Mit den Regeln für Die Händler aus der Automa-Schachtel spielen: ihre Automakarten, \
             Handeln, die zusätzlichen Machtaktionen und die Werft.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "promo_scoring_tile",
        title: ["Temple promo tile", "Tempel-Promoplättchen"],
        text: [
            "Add the temple promo scoring tile to the scoring tiles.",
            "Das Tempel-Promoplättchen zu den Wertungsplättchen legen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "shipping_bonus_card",
        title: ["Shipping promo card", "Schifffahrt-Promokarte"],
        text: [
            "Add the shipping promo bonus card to the bonus cards.",
            "Die Schifffahrt-Promobonuskarte zu den Bonuskarten legen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "powermongers_trigger",
        title: ["Powermongers' cult step", "Kultschritt der Machthändler"],
        text: [
            "What moves the Powermongers up a cult track: the power an Automa action offers you, \
             or the power you really take (the page then asks you).",
            "Was die Machthändler auf einer Kultleiste aufsteigen lässt: die Macht, die dir eine \
             Automa-Aktion anbietet, oder die Macht, die du wirklich nimmst (die Seite fragt dann \
             nach).",
        ],
        basic: false,
        values: &[
            ("\"offered\"", ["The power offered", "Die angebotene Macht"]),
            (
                "\"ask\"",
                [
                    "The power taken (asked)",
                    "Die genommene Macht (wird gefragt)",
                ],
            ),
        ],
    },
    OptionText {
        name: "symbionts_rules",
        title: ["Symbionts' rules", "Regeln der Symbionten"],
        text: [
            "Whether the server plays the Symbionts by its house rule, or you apply the printed \
             card at the table.",
            "Ob der Server die Symbionten nach seiner Hausregel spielt oder ihr die gedruckte \
             Karte am Tisch anwendet.",
        ],
        basic: false,
        values: RULES_MODE,
    },
    OptionText {
        name: "symbiont_cube_vp",
        title: ["Points per Symbiont cube", "Punkte je Symbionten-Würfel"],
        text: [
            "With the server's rule: points at the end for each Symbiont cube still on the map.",
            "Mit der Regel des Servers: Punkte am Ende für jeden Symbionten-Würfel, der noch auf \
             dem Plan liegt.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "symbiont_youth_atp",
        title: ["Symbionts' youth card", "Jugendkarte der Symbionten"],
        text: [
            "The Symbionts' youth terrain card as printed; left empty, Automa's own rows are used.",
            "Die Jugend-Landschaftskarte der Symbionten wie gedruckt; leer gelten Automas eigene \
             Reihen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "blight_rules",
        title: ["Blight's rules", "Regeln der Verwüster"],
        text: [
            "Whether the server plays the Blight by its house rule, or you apply the printed \
             card at the table.",
            "Ob der Server die Verwüster nach seiner Hausregel spielt oder ihr die gedruckte \
             Karte am Tisch anwendet.",
        ],
        basic: false,
        values: RULES_MODE,
    },
    OptionText {
        name: "gognomes_rules",
        title: ["Gognomes' rules", "Regeln der Gognome"],
        text: [
            "Whether the server plays the Gognomes by its house rule, or you apply the printed \
             card at the table.",
            "Ob der Server die Gognome nach seiner Hausregel spielt oder ihr die gedruckte Karte \
             am Tisch anwendet.",
        ],
        basic: false,
        values: RULES_MODE,
    },
    OptionText {
        name: "gognome_achievement_vp",
        title: ["Gognome achievements", "Erfolge der Gognome"],
        text: [
            "With the server's rule: the points of the Gognomes' six achievements.",
            "Mit der Regel des Servers: die Punkte der sechs Erfolge der Gognome.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "automa_trade_markers",
        title: ["Automa's trade markers", "Handelsmarker der Automa"],
        text: [
            "With Merchants of the Seas: how many trade markers Automa has.",
            "Mit Die Händler: wie viele Handelsmarker Automa hat.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "mots_bonus_cards",
        title: ["Merchants bonus cards", "Bonuskarten der Händler"],
        text: [
            "With Merchants of the Seas: the extra bonus cards in play; their effects stay at the \
             table.",
            "Mit Die Händler: die zusätzlichen Bonuskarten im Spiel; ihre Wirkung bleibt am \
             Tisch.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "mots_power_action_spaces",
        title: ["Merchants power actions", "Machtaktionen der Händler"],
        text: [
            "With Merchants of the Seas: how many spaces the extra power-action board has.",
            "Mit Die Händler: wie viele Felder das zusätzliche Machtaktionstableau hat.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "mots_shipyard_power",
        title: ["Shipyard power", "Macht der Werft"],
        text: [
            "With Merchants of the Seas: the power value of a shipyard.",
            "Mit Die Händler: der Machtwert einer Werft.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "atp_cards",
        title: ["Terrain priority cards", "Landschaftsprioritätskarten"],
        text: [
            "Automa's terrain priority cards as printed, if yours differ from the server's rows.",
            "Automas Landschaftsprioritätskarten wie gedruckt, wenn eure von den Reihen des \
             Servers abweichen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "map_letters",
        title: ["Initial-dwelling map cards", "Startgebäude-Plankarten"],
        text: [
            "The printed map cards for Automa's first dwellings, if yours differ from the \
             server's letters.",
            "Die gedruckten Plankarten für Automas erste Wohnhäuser, wenn eure von den \
             Buchstaben des Servers abweichen.",
        ],
        basic: false,
        values: &[],
    },
    OptionText {
        name: "scoring_tile_data",
        title: ["Scoring tile values", "Werte der Wertungsplättchen"],
        text: [
            "Automa's pass points and icon colour per scoring tile, as printed, if yours differ \
             from the server's.",
            "Automas Passpunkte und Symbolfarbe je Wertungsplättchen wie gedruckt, wenn eure von \
             denen des Servers abweichen.",
        ],
        basic: false,
        values: &[],
    },
];
