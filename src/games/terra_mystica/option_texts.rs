//! Titles and German descriptions of the options (issue 18): one entry per
//! field of [`super::options::Options`], the German saying what its doc
//! comment says, in the terms of the German Automa rulebook. A **house
//! default** is a **Hausvorgabe**.

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "humans",
        title: ["Humans", "Menschen"],
        description_de: "Anzahl der Menschen: 1 (solo, die Originalregeln) oder 2 (die Variante \
            *Zu zweit mit Automa*, TMA-TWO-*).",
    },
    OptionText {
        name: "human_seats",
        title: ["Human seats", "Plätze der Menschen"],
        description_de: "Ein Eintrag je Mensch, in der Reihenfolge von `humans` (Platzkennungen \
            `human0`, `human1`).",
    },
    OptionText {
        name: "first_human",
        title: ["First human", "Erster Mensch"],
        description_de: "Mit zwei Menschen: wer von ihnen (0 oder 1) Runde 1 beginnt; die \
            Spieler wählen (TMA-TWO-5). Solo: 0.",
    },
    OptionText {
        name: "automa_faction",
        title: ["Automa's faction", "Volk der Automa"],
        description_de: "Automas Völkerkarte; die Regeln empfehlen für die erste Partie die \
            Unscheinbaren. Mit zwei Menschen müssen es die Unscheinbaren sein (TMA-TWO-4); gegen \
            menschliche Giganten dürfen es nicht die Verwüster sein (TMA-HF-7).",
    },
    OptionText {
        name: "automa_home_terrain",
        title: ["Automa's home terrain", "Heimatlandschaft der Automa"],
        description_de: "Automas Heimatlandschaft, verschieden von der jedes Menschen \
            (TMA-SET-8); die Spieler wählen. Vorgabe (eine Wahl des Hauses): die erste \
            Landschaft im Uhrzeigersinn um den Umwandlungskreis, 3 Schritte nach der des ersten \
            Menschen beginnend, die kein Mensch nutzt.",
    },
    OptionText {
        name: "difficulty",
        title: ["Difficulty", "Schwierigkeitsstufe"],
        description_de: "Die Schwierigkeitsstufe (TMA-DECK-5/6): `automalein` (1) bis \
            `alptrauma` (5).",
    },
    OptionText {
        name: "map",
        title: ["Map", "Spielplan"],
        description_de: "Der Spielplan. `fire-ice-1` und `revised-base` brauchen \
            `fire_and_ice`.",
    },
    OptionText {
        name: "fire_and_ice",
        title: ["Fire & Ice", "Feuer & Eis"],
        description_de: "Mit der Erweiterung Feuer & Eis spielen: ihre Völker, Spielpläne und \
            Endwertungsplättchen.",
    },
    OptionText {
        name: "final_scoring_tile",
        title: ["Final scoring tile", "Endwertungsplättchen"],
        description_de: "Das Endwertungsplättchen von Feuer & Eis, falls eines (braucht \
            `fire_and_ice`).",
    },
    OptionText {
        name: "merchants_of_the_seas",
        title: ["Merchants of the Seas", "Die Händler"],
        description_de: "Mit den Regeln für Die Händler aus der Automa-Schachtel spielen (ihre \
            Automakarten, Handeln, das zusätzliche Machtaktionstableau, die Werft, Automas \
            kleinerer Vorrat an Handelshäusern).",
    },
    OptionText {
        name: "promo_scoring_tile",
        title: ["Temple promo tile", "Tempel-Promoplättchen"],
        description_de: "Das Tempel-Promo-Wertungsplättchen `SCORE9` in den Vorrat der \
            Wertungsplättchen legen.",
    },
    OptionText {
        name: "shipping_bonus_card",
        title: ["Shipping promo bonus card", "Schifffahrt-Promobonuskarte"],
        description_de: "Die Promo-Rundenbonuskarte für Schifffahrt `BON10` in den Vorrat der \
            Rundenbonuskarten legen.",
    },
    OptionText {
        name: "table_mode",
        title: ["Table supplies", "Was vom Tisch kommt"],
        description_de: "Was der Tisch liefert (TMA-GEN-11/12, SESSION-TABLE-3): `server` \
            (Vorgabe: Der Server mischt, teilt aus und deckt jede Karte auf) oder `all` (der \
            Tischmodus: Die Spieler nutzen ihr echtes Spielmaterial und schicken jede \
            Automakarte, die sie aufdecken, mit ihrer Kennung im Feld `table` der Anfrage; das \
            Spiel hat keine Würfel).",
    },
    OptionText {
        name: "table_setup",
        title: ["Table setup", "Aufbau vom Tisch"],
        description_de: "Was am Tisch ausgelegt wurde (Pflicht mit `table_mode = all`, \
            sonst abgelehnt).",
    },
    OptionText {
        name: "scoring_tile_data",
        title: ["Scoring tile data", "Daten der Wertungsplättchen"],
        description_de: "Ersatz der **Hausvorgabe**: Automas Punkte beim Passen und die Farbe \
            des Automa-Symbols je Wertungsplättchen, wie auf den echten Plättchen gedruckt. \
            Nicht aufgeführte Plättchen nutzen die Hausvorgabe (TMA-SET-4: 5 Punkte; Farbe = die \
            Kultskala des Kultbonus auf dem Plättchen).",
    },
    OptionText {
        name: "atp_cards",
        title: ["ATP cards", "LTP-Karten"],
        description_de: "Ersatz der **Hausvorgabe**: die Landschaftstyp-Priorisierungskarten \
            (LTP-Karten) je Heimatlandschaft, wie gedruckt. Nicht aufgeführte Landschaften \
            nutzen die Reihen des Hauses (TMA-SEL-6: Reihe A im Uhrzeigersinn ab der \
            Heimatlandschaft, Reihe B gegen den Uhrzeigersinn). Jede Reihe nennt die sieben \
            Landschaften des Spielplans je einmal und beginnt mit der Landschaft der Karte \
            selbst.",
    },
    OptionText {
        name: "map_letters",
        title: ["Initial-dwelling map cards", "Spielplankarten"],
        description_de: "Ersatz der **Hausvorgabe**: die Spielplankarten für die ersten \
            Wohnhäuser, wie gedruckt: Spielplan → Heimatlandschaft der Automa → Buchstabe \
            (`A`–`F`) → das Landschaftsfeld dieser Landschaft, das den Buchstaben trägt. Nicht \
            angegebene Buchstaben nutzen die Buchstaben des Hauses (TMA-SET-13, §9.2). Jedes \
            Feld muss ein Landschaftsfeld dieser Landschaft auf diesem Spielplan sein, und keine \
            zwei Buchstaben einer Landschaft dürfen auf demselben Feld stehen.",
    },
    OptionText {
        name: "mots_shipyard_power",
        title: ["Shipyard power", "Machtstufe der Werft"],
        description_de: "**Hausvorgabe** (3): die Machtstufe einer Werft (1–3), die die \
            öffentlichen Quellen nicht nennen.",
    },
    OptionText {
        name: "mots_power_action_spaces",
        title: ["Merchants power actions", "Machtfelder der Händler"],
        description_de: "**Hausvorgabe** (3): die Zahl der Felder `M1`… auf dem \
            Machtaktionstableau von Die Händler (1–6).",
    },
    OptionText {
        name: "mots_bonus_cards",
        title: ["Merchants bonus cards", "Rundenbonuskarten der Händler"],
        description_de: "**Hausvorgabe** (`MB1`–`MB3`): die Kennungen der zusätzlichen \
            Rundenbonuskarten im Vorrat beim Spiel mit Die Händler (ihre Wirkungen bleiben am \
            Tisch).",
    },
    OptionText {
        name: "automa_trade_markers",
        title: ["Automa's trade markers", "Handelsmarker der Automa"],
        description_de: "**Hausvorgabe** (15): Automas Handelsmarker beim Spiel mit Die Händler \
            (0–30).",
    },
    OptionText {
        name: "powermongers_trigger",
        title: ["Powermongers' trigger", "Auslöser der Machthändler"],
        description_de: "Machthändler: was den Kultschritt auslöst (TMA-FAC-9). `offered` ist \
            die Hausvorgabe; `ask` fragt die Menschen, was sie erhalten haben.",
    },
    OptionText {
        name: "symbionts_rules",
        title: ["Symbionts' rules", "Regeln der Symbionten"],
        description_de: "Symbionten (TMA-FAC-10): `house` (die Hausregel aus §9: kein \
            zusätzlicher Aufbau, ihre Arbeiter blockieren nichts und zählen am Ende) oder \
            `table`.",
    },
    OptionText {
        name: "symbiont_cube_vp",
        title: ["Symbiont cube VP", "Punkte je Symbionten-Arbeiter"],
        description_de: "**Hausvorgabe** (2): Punkte bei Spielende je Arbeiter der Symbionten, \
            der noch auf dem Spielplan steht (0–10).",
    },
    OptionText {
        name: "symbiont_youth_atp",
        title: ["Symbiont youth card", "Karte Symbionten-Nachwuchs"],
        description_de: "Ersatz der **Hausvorgabe**: die LTP-Karte „Nachwuchs“ der Symbionten; \
            als Vorgabe Automas eigene LTP-Reihen. Jede Reihe nennt die sieben Landschaften des \
            Spielplans je einmal.",
    },
    OptionText {
        name: "blight_rules",
        title: ["Blight rules", "Regeln der Verwüster"],
        description_de: "Die Verwüster (TMA-FAC-11): `house` (die Hausregel aus §9) oder \
            `table`.",
    },
    OptionText {
        name: "gognomes_rules",
        title: ["Gognomes' rules", "Regeln der Gognome"],
        description_de: "Gognome (TMA-FAC-12): `house` (die Aufgaben I–VI des Hauses) oder \
            `table`.",
    },
    OptionText {
        name: "gognome_achievement_vp",
        title: ["Gognome achievement VP", "Punkte der Gognome-Aufgaben"],
        description_de: "**Hausvorgabe** ([3, 3, 3, 3, 3, 3]): Punkte der Aufgaben I–VI der \
            Gognome (je 0–10).",
    },
];
