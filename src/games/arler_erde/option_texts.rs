//! Titles and German descriptions of the options (issue 18): one entry per
//! field of [`super::Options`], the German saying what its doc comment says.

use crate::engine::OptionText;

pub const OPTION_TEXTS: &[OptionText] = &[
    OptionText {
        name: "table_mode",
        title: ["Table supplies", "Was vom Tisch kommt"],
        description_de: "Was der Tisch liefert (ARLE-GEN-6, SESSION-TABLE-3): `server` \
            (Hausvorgabe: der mit dem Seed erzeugte Zufallsstrom der Sitzung würfelt jeden Würfel) \
            oder `all` (jeder Würfel wird am echten Tisch gewürfelt und mit der Eingabe `table` \
            der Anfrage geschickt, der Würfel beim Spielaufbau als `setup_die`). Im Spiel wird \
            keine Karte gezogen; die Gebäudeauslage kommt vom Tisch, wenn sie eingegeben ist \
            (`display` oder `board`), sonst teilt sie der Server aus.",
    },
    OptionText {
        name: "setup_die",
        title: ["Setup die", "Würfel beim Spielaufbau"],
        description_de: "Der Würfel für den ersten Anzeiger beim Spielaufbau, wie am Tisch \
            gewürfelt, 1 bis 6 (der Originaltext würfelt beim Spielaufbau einen Würfel): Pflicht, \
            wenn `table_mode` `all` ist, sonst null (dann würfelt der Server). ARLE-SET-3.",
    },
    OptionText {
        name: "building_set",
        title: ["Building set", "Gebäudesatz"],
        description_de: "Welche grünen Gebäude der Server austeilt, wenn `display` null ist: \
            `standard` (die Regel des Grundspiels, Vorgabe) oder `first_game` (seine Regel für die \
            erste Partie). ARLE-BRD-8.",
    },
    OptionText {
        name: "display",
        title: ["Building display", "Gebäudeauslage"],
        description_de: "Die 18 Plättchen des echten Tisches in Leserichtung (Feld 1 bis 18, \
            Reihe für Reihe, von links nach rechts; ARLE-BRD-7): die Gebäudeauslage des echten \
            Tisches. Jedes Plättchen einmal, auf einem Feld seiner Farbe; die orangen Felder \
            tragen ihr aufgedrucktes Gebäude. Null (Hausvorgabe): Der Server teilt die Auslage \
            beim Spielaufbau aus (ARLE-BRD-8), auch mit Würfeln vom Tisch – Austeilen heißt \
            Plättchen mischen, nicht würfeln.",
    },
    OptionText {
        name: "board",
        title: ["Custom board", "Eigener Spielplan"],
        description_de: "Ein eigener Spielplan, der die Aktionsfelder des Grundspiels und die \
            Auslage ersetzt (Hauserweiterung: Der Originaltext erlaubt Tee & Handel, dessen \
            Aufbau der Server nicht mitbringt; also beschreibt der Tisch ihn als Daten). Mit ihm \
            bleibt `display` null. ARLE-GEN-2, ARLE-BRD-9.",
    },
];
