// What the lobby and the game screen share: the page's main region and
// live region, focus and announcements, the seats this device remembers,
// the route (#s=<id>&t=<token>) and a refusal's sentence. Shared by the
// lobby modules (lobby.js, safe.js, table-input.js) and the game screen
// (game.js and its modules): change it only by agreement.
import * as api from "./api.js";
import { t } from "./i18n.js";

/** @typedef {{id: string, token: string, game: string, seat: string, title: string, at: string}} Saved */

export const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const live = /** @type {HTMLElement} */ (document.getElementById("live"));
const STORE = "ghostseat.sessions";

/** Whether the last input was a key, not a pointer: a focus moved by the
 * page then scrolls into view (a pointer user's page does not jump). */
let byKeyboard = false;
addEventListener("keydown", () => { byKeyboard = true; }, true);
addEventListener("pointerdown", () => { byKeyboard = false; }, true);

/** Focuses `el` (made focusable by script if it is not). @param {HTMLElement | null} el */
export function focusOn(el) {
  if (!el) return;
  if (!el.hasAttribute("tabindex") && !el.matches("a[href], button, input, select, textarea")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: !byKeyboard });
}

/** @param {string} msg */
export function announce(msg) {
  live.textContent = msg;
}

/** @returns {Saved[]} */
export function saved() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** @param {Saved} s */
export function remember(s) {
  const rest = saved().filter((x) => !(x.id === s.id && x.token === s.token));
  localStorage.setItem(STORE, JSON.stringify([s, ...rest].slice(0, 30)));
}

/** Forgets every seat of session `id` on this device (the session stays on the server). @param {string} id */
export function forget(id) {
  localStorage.setItem(STORE, JSON.stringify(saved().filter((x) => x.id !== id)));
}

/** The fragment `#s=<id>&t=<token>`: the token never reaches a server log. */
export function route() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("s");
  const token = p.get("t");
  return id && token ? { id, token } : null;
}

/** @param {string} id @param {string} token */
export const inviteUrl = (id, token) => `${location.origin}/#s=${encodeURIComponent(id)}&t=${encodeURIComponent(token)}`;

/** @param {unknown} e */
export function problemText(e) {
  if (e instanceof api.ApiProblem) {
    const p = e.problem;
    // A sentence: "That costs 18 talents; you have 6 (rule T300-GPR-3)."
    const what = p.detail ?? p.title;
    return `${what.charAt(0).toUpperCase()}${what.slice(1)}${p.rule ? ` (${t("problem.rule", { rule: p.rule })})` : ""}${/[.!?]$/.test(what) ? "" : "."}`;
  }
  return String(e);
}

