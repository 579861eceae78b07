// The words of the parts around a game (replay bar, watch screen, play
// again), in English and German; kept apart from the lobby's and the game
// screen's tables so the three sides of the page change independently.
import { lang } from "./i18n.js";

const en = {
  "replay.open": "Step through the game",
  "replay.bar": "Replay",
  "replay.first": "To the start",
  "replay.back": "One step back",
  "replay.forward": "One step forward",
  "replay.last": "To now",
  "replay.nextBot": "To the next bot turn",
  "replay.play": "Play",
  "replay.pause": "Pause",
  "replay.close": "Close the replay",
  "replay.at": "Version {v} of {head}",
  "replay.setup": "The setup.",
  "replay.viewpoint": "Through the eyes of",
  "again.button": "Play again",
  "again.failed": "Could not start a rematch: {problem}",
  "watch.make": "Make a watch link",
  "watch.made": "Watch link for a screen at the table (read-only):",
  "watch.title": "Watching",
  "watch.botTurn": "The bot plays",
  "watch.scores": "Scores",
  "watch.gone": "This watch link was revoked or is unknown.",
};

/** @type {typeof en} */
const de = {
  "replay.open": "Die Partie Schritt für Schritt ansehen",
  "replay.bar": "Wiedergabe",
  "replay.first": "Zum Anfang",
  "replay.back": "Einen Schritt zurück",
  "replay.forward": "Einen Schritt vor",
  "replay.last": "Zu jetzt",
  "replay.nextBot": "Zum nächsten Zug des Bots",
  "replay.play": "Abspielen",
  "replay.pause": "Anhalten",
  "replay.close": "Wiedergabe schließen",
  "replay.at": "Version {v} von {head}",
  "replay.setup": "Der Aufbau.",
  "replay.viewpoint": "Mit den Augen von",
  "again.button": "Noch einmal spielen",
  "again.failed": "Die Revanche ließ sich nicht starten: {problem}",
  "watch.make": "Zuschauer-Link anlegen",
  "watch.made": "Zuschauer-Link für einen Bildschirm am Tisch (nur lesen):",
  "watch.title": "Zuschauen",
  "watch.botTurn": "Der Bot spielt",
  "watch.scores": "Punkte",
  "watch.gone": "Dieser Zuschauer-Link wurde widerrufen oder ist unbekannt.",
};

/** @param {keyof typeof en} key @param {Record<string, string | number>} [params] */
export function ta(key, params = {}) {
  const msg = (lang() === "de" ? de : en)[key] ?? en[key];
  return msg.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}
