// The page's own words in English and German: one message table, `t(key,
// params)`. `{name}` in a message is replaced by `params.name`. The German
// says "du", as the rulebooks address the player, and uses the games'
// German terms (as the server's German answers do). The language is the
// one chosen with the page's EN/DE switch (kept in localStorage), else the
// browser's first of de/en, else English; every API request sends it as
// `Accept-Language` (the stream as `?lang=`).
//
// `tsc` checks that `de` has exactly `en`'s keys and that every `t()` key
// exists; test/i18n-keys.mjs checks the placeholders too.

import * as game from "./i18n-game.js";

/** @typedef {"en" | "de"} Lang */

export const LANGS = /** @type {const} */ (["en", "de"]);
const STORE = "ghostseat.lang";

const en = {
  // The frame (index.html) and the switch.
  "page.title": "ghostseat · table",
  "skip": "Skip to the game",
  "about.api": "For developers: the HTTP API and its documentation",
  "lang.switch": "Language",
  "lang.en": "English",
  "lang.de": "Deutsch",
  // Lobby.
  "lobby.start": "Start a game",
  "lobby.loading": "Loading the games…",
  "lobby.games": "Games",
  "lobby.options": "Options",
  "lobby.person": "1 person",
  "lobby.people": "{n} people",
  "lobby.noBot": "no bot",
  "lobby.mine": "Your games on this device",
  "lobby.none": "None yet.",
  "lobby.against": "against {bots}",
  "create.seating": "Where do you play?",
  "create.invite": "Each on their own phone (invite the others)",
  "create.pass": "All on this device (pass and play)",
  "create.mySeat": "Your seat",
  "invite.for": "Invite for {name}",
  "invite.scan": "Scan the code with the other phone, or send the link. The link works once.",
  "invite.copy": "Copy link",
  "invite.copied": "Link copied",
  "invite.copyFailed": "Copy did not work: open “Show the link”.",
  "invite.showLink": "Show the link",
  "invite.playMine": "Play now as {name}",
  "invite.passText": "Every seat plays on this device: pass it on when the page says whose turn it is.",
  "claim.heading": "Joining the game",
  "claim.wait": "Taking your seat…",
  "claim.failed": "This invite cannot be used",
  "claim.taken": "Someone has already taken this seat with this link. Ask for a new invite.",
  "resume.checking": "…",
  "resume.delete": "Delete",
  "resume.deleteOne": "Delete {title} from this device",
  "resume.deleteConfirm": "Delete this game from this device? It stays on the server; without its link you cannot open it again here.",
  "resume.finished": "Finished",
  "resume.botTurn": "{who} plays",
  "resume.yourTurn": "Your turn",
  "resume.turnOf": "{who} to play",
  "resume.gone": "Cannot be opened",
  "resume.as": "as {seat}",
  "resume.seats": "seats {seats}",
  "form.notGiven": "— (not given)",
  "form.data": "Data for your own set-ups (JSON)",
  "form.yours": "Your faction",
  "form.person": "Person {n}",
  "need.die": "Die (1 to {sides})",
  "need.dieOf": "Die {n} of {of} (1 to {sides})",
  "need.card": "Which card ({deck})?",
  "need.pick": "Choose…",
  "need.missing": "{n} still missing: tap what the table shows.",
  "ask.choose": "Choose: {what}",
  "ask.pick": "Choose …",
  "ask.ok": "Do it",
  "ask.sure": "Are you sure?",
  "ask.yes": "Yes, do it",
  "create.button": "Create {title}",
  "create.seed": "Seed (tests, replays)",
  "create.seedLabel": "Seed (a number; a game between people needs the operator token)",
  "create.admin": "Operator token",
  "create.withThese": "Create with these",
  "create.tableSetup": "Roll or draw at the table for the set-up:",
  "invite.heading": "{title}: invite the others",
  "invite.text": "Each other person opens their own invite on their phone; it gives them their seat. Then start playing here.",
  "invite.play": "Play as {name}",
  "invite.qr": "QR code of the invite link",
  "invite.created": "Game created.",
  "back": "Back to the lobby",
  "back.short": "← Lobby",
  // Problems.
  "problem.rule": "rule {rule}",
  "problem.cannotOpen": "This game cannot be opened",
  "table.resignConfirm": "Resign this game?",
  "table.askTable": "Roll or draw at the table",
  "table.send": "Send",
  "table.tapSends": "Tap what the table shows; the last tap sends it.",
  "table.cancel": "Cancel",
  // Forms.
  "form.default": "As the game sets it",
  "form.more": "More options",
  "form.none": "none",
  "form.choose": "{field}: choose {n}",
  "form.range": "{min} to {max}",
  "form.die": "Die {n} (d{sides})",
  "form.card": "Card {n} ({deck})",
  // A move form's field names and values (the server's ids), where the page knows a word.
  "form.field.cards": "cards",
  "form.field.get": "get",
  "form.field.times": "times",
  "form.field.give": "give",
  "form.field.want": "want",
  "form.field.resource": "resource",
  "form.field.resources": "resources",
  "form.field.card": "card",
  "form.field.knight": "knight",
  "form.field.edge": "edge",
  "form.field.edges": "edges",
  "form.field.vertex": "vertex",
  "form.field.hex": "hex",
  "form.field.cell": "cell",
  "form.field.terrain": "terrain",
  "form.field.gained": "gained",
  "form.field.delta": "delta",
  "form.field.reason": "reason",
  "form.field.vp_delta": "vp delta",
  "form.field.discard": "discard",
  "form.field.colour": "colour",
  "form.field.target": "target",
  "form.field.path": "path",
  "form.field.from": "from",
  "form.field.to": "to",
  "form.value.brick": "brick",
  "form.value.lumber": "lumber",
  "form.value.wool": "wool",
  "form.value.grain": "grain",
  "form.value.ore": "ore",
  "form.value.cloth": "cloth",
  "form.value.coin": "coin",
  "form.value.paper": "paper",
  "form.value.plains": "plains",
  "form.value.swamp": "swamp",
  "form.value.lakes": "lakes",
  "form.value.forest": "forest",
  "form.value.mountains": "mountains",
  "form.value.wasteland": "wasteland",
  "form.value.desert": "desert",
  "form.value.ice": "ice",
  "form.value.volcano": "volcano",
  "form.value.fire": "fire",
  "form.value.water": "water",
  "form.value.earth": "earth",
  "form.value.air": "air",
  "form.value.scoring_tile": "scoring tile",
  "form.value.favor_tile": "favor tile",
  "form.value.bonus_card": "bonus card",
  "form.value.town": "town",
  "form.value.leech": "leech",
  "form.value.faction_ability": "faction ability",
  "form.value.resources": "resources",
  "form.value.correction": "correction",
  "form.value.other": "other",
  // The game screen (i18n-game.js).
  ...game.en,
};

/** @typedef {keyof typeof en} Key */

/** @type {Record<Key, string>} */
const de = {
  "page.title": "ghostseat · Spieltisch",
  "skip": "Zum Spiel springen",
  "about.api": "Für Entwickler: die HTTP-Schnittstelle und ihre Dokumentation",
  "lang.switch": "Sprache",
  "lang.en": "English",
  "lang.de": "Deutsch",
  "lobby.start": "Spiel starten",
  "lobby.loading": "Die Spiele werden geladen …",
  "lobby.games": "Spiele",
  "lobby.options": "Optionen",
  "lobby.person": "1 Person",
  "lobby.people": "{n} Personen",
  "lobby.noBot": "kein Bot",
  "lobby.mine": "Deine Spiele auf diesem Gerät",
  "lobby.none": "Noch keine.",
  "lobby.against": "gegen {bots}",
  "create.seating": "Wo spielt ihr?",
  "create.invite": "Jeder auf dem eigenen Handy (die anderen einladen)",
  "create.pass": "Alle auf diesem Gerät (weitergeben)",
  "create.mySeat": "Dein Platz",
  "invite.for": "Einladung für {name}",
  "invite.scan": "Scannt den Code mit dem anderen Handy oder schickt den Link. Der Link gilt einmal.",
  "invite.copy": "Link kopieren",
  "invite.copied": "Link kopiert",
  "invite.copyFailed": "Kopieren ging nicht: öffne „Link zeigen“.",
  "invite.showLink": "Link zeigen",
  "invite.playMine": "Jetzt als {name} spielen",
  "invite.passText": "Alle Plätze spielen auf diesem Gerät: Gebt es weiter, wenn die Seite sagt, wer am Zug ist.",
  "claim.heading": "Dem Spiel beitreten",
  "claim.wait": "Dein Platz wird übernommen …",
  "claim.failed": "Diese Einladung geht nicht",
  "claim.taken": "Jemand hat diesen Platz mit diesem Link schon übernommen. Bitte um eine neue Einladung.",
  "resume.checking": "…",
  "resume.delete": "Löschen",
  "resume.deleteOne": "{title} von diesem Gerät löschen",
  "resume.deleteConfirm": "Dieses Spiel von diesem Gerät löschen? Es bleibt auf dem Server; ohne seinen Link kannst du es hier nicht mehr öffnen.",
  "resume.finished": "Beendet",
  "resume.botTurn": "{who} spielt",
  "resume.yourTurn": "Du bist am Zug",
  "resume.turnOf": "{who} am Zug",
  "resume.gone": "Lässt sich nicht öffnen",
  "resume.as": "als {seat}",
  "resume.seats": "Plätze {seats}",
  "form.notGiven": "— (keine Angabe)",
  "form.data": "Daten für eigene Aufbauten (JSON)",
  "form.yours": "Dein Volk",
  "form.person": "Mensch {n}",
  "need.die": "Würfel (1 bis {sides})",
  "need.dieOf": "Würfel {n} von {of} (1 bis {sides})",
  "need.card": "Welche Karte ({deck})?",
  "need.pick": "Wählen …",
  "need.missing": "Noch {n} offen: Tippe, was der Tisch zeigt.",
  "ask.choose": "Bitte wählen: {what}",
  "ask.pick": "Bitte wählen …",
  "ask.ok": "Ausführen",
  "ask.sure": "Sicher?",
  "ask.yes": "Ja, ausführen",
  "create.button": "{title} anlegen",
  "create.seed": "Startwert (Tests, Wiederholungen)",
  "create.seedLabel": "Startwert (eine Zahl; ein Spiel zwischen Menschen braucht das Betreiber-Token)",
  "create.admin": "Betreiber-Token",
  "create.withThese": "Damit anlegen",
  "create.tableSetup": "Würfle oder ziehe für den Spielaufbau am Tisch:",
  "invite.heading": "{title}: die anderen einladen",
  "invite.text": "Jede andere Person öffnet ihre Einladung auf dem eigenen Handy; sie bekommt damit ihren Platz. Dann spielst du hier los.",
  "invite.play": "Als {name} spielen",
  "invite.qr": "QR-Code des Einladungslinks",
  "invite.created": "Spiel angelegt.",
  "back": "Zurück zur Lobby",
  "back.short": "← Lobby",
  "problem.rule": "Regel {rule}",
  "problem.cannotOpen": "Dieses Spiel lässt sich nicht öffnen",
  "table.resignConfirm": "Dieses Spiel aufgeben?",
  "table.askTable": "Würfle oder ziehe am Tisch",
  "table.send": "Senden",
  "table.tapSends": "Tippe an, was der Tisch zeigt; der letzte Tipp sendet.",
  "table.cancel": "Abbrechen",
  "form.default": "Wie das Spiel es vorgibt",
  "form.more": "Weitere Optionen",
  "form.none": "keine",
  "form.choose": "{field}: wähle {n}",
  "form.range": "{min} bis {max}",
  "form.die": "Würfel {n} (W{sides})",
  "form.card": "Karte {n} ({deck})",
  "form.field.cards": "Karten",
  "form.field.get": "erhalten",
  "form.field.times": "wie oft",
  "form.field.give": "abgeben",
  "form.field.want": "erhalten",
  "form.field.resource": "Rohstoff",
  "form.field.resources": "Rohstoffe",
  "form.field.card": "Karte",
  "form.field.knight": "Ritter",
  "form.field.edge": "Weg",
  "form.field.edges": "Wege",
  "form.field.vertex": "Kreuzung",
  "form.field.hex": "Feld",
  "form.field.cell": "Feld",
  "form.field.terrain": "Landschaft",
  "form.field.gained": "erhalten",
  "form.field.delta": "Änderung",
  "form.field.reason": "Grund",
  "form.field.vp_delta": "Siegpunkte ±",
  "form.field.discard": "abwerfen",
  "form.field.colour": "Farbe",
  "form.field.target": "Ziel",
  "form.field.path": "Weg",
  "form.field.from": "von",
  "form.field.to": "nach",
  "form.value.brick": "Lehm",
  "form.value.lumber": "Holz",
  "form.value.wool": "Wolle",
  "form.value.grain": "Getreide",
  "form.value.ore": "Erz",
  "form.value.cloth": "Tuch",
  "form.value.coin": "Münze",
  "form.value.paper": "Papier",
  "form.value.plains": "Ebene",
  "form.value.swamp": "Sumpf",
  "form.value.lakes": "See",
  "form.value.forest": "Wald",
  "form.value.mountains": "Gebirge",
  "form.value.wasteland": "Ödland",
  "form.value.desert": "Wüste",
  "form.value.ice": "Eis",
  "form.value.volcano": "Vulkan",
  "form.value.fire": "Feuer",
  "form.value.water": "Wasser",
  "form.value.earth": "Erde",
  "form.value.air": "Luft",
  "form.value.scoring_tile": "Wertungsplättchen",
  "form.value.favor_tile": "Gunstplättchen",
  "form.value.bonus_card": "Rundenbonuskarte",
  "form.value.town": "Stadt",
  "form.value.leech": "Macht durch Nachbarn",
  "form.value.faction_ability": "Völkerfähigkeit",
  "form.value.resources": "Ressourcen",
  "form.value.correction": "Korrektur",
  "form.value.other": "Sonstiges",
  ...game.de,
};

/** Both dictionaries, for test/i18n-keys.mjs. */
export const DICTS = /** @type {Record<Lang, Record<Key, string>>} */ ({ en, de });

/** @param {unknown} v @returns {v is Lang} */
const isLang = (v) => v === "en" || v === "de";

/** The browser's first of de/en, else en. @returns {Lang} */
function browserLang() {
  const list = typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language];
  for (const l of list) {
    const base = String(l).toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

/** @returns {Lang} */
function initial() {
  try {
    const v = typeof localStorage === "undefined" ? null : localStorage.getItem(STORE);
    if (isLang(v)) return v;
  } catch {}
  return browserLang();
}

/** @type {Lang} */
let current = initial();

/** The page's language now. @returns {Lang} */
export const lang = () => current;

/** Sets (and remembers) the language, and `<html lang>`. @param {Lang} l */
export function setLang(l) {
  current = l;
  try {
    localStorage.setItem(STORE, l);
  } catch {}
  if (typeof document !== "undefined") document.documentElement.lang = l;
}

/**
 * The message `key` in the page's language, `{name}` filled from `params`.
 * @param {Key} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  // A count of one reads in the singular where the message has one ("1 card").
  const one = params.n === 1 ? /** @type {Record<string, string>} */ (DICTS[current])[`${key}.one`] : undefined;
  const msg = one ?? DICTS[current][key] ?? en[key];
  return msg.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * A view's phase id in words ("placing" → "Einsetzen"); an id the table
 * does not know is shown with spaces for underscores.
 * @param {unknown} id
 */
export function phase(id) {
  // A phase with data ({"setup": {"step": 2}}) is named by its one key.
  if (id && typeof id === "object" && Object.keys(id).length === 1) return phase(Object.keys(id)[0]);
  if (typeof id !== "string") return JSON.stringify(id);
  const key = `phase.${id}`;
  return key in en ? t(/** @type {Key} */ (key)) : id.replace(/_/g, " ");
}

/** The German or English of a pair, by the page's language. @param {string} enText @param {string} deText */
export const pick = (enText, deText) => (current === "de" ? deText : enText);
