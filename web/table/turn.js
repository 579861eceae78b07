// The turn's frame: the line under the game's title (where the game
// stands, in words) and the board fitted to the screen, zoomed until every
// target is big enough to tap, panned to where the moves are. The game
// screen's.
import { phase, t } from "./i18n.js";

/** @typedef {import('./api.js').Session} Session */

/** The smallest a board target may be on screen (CSS px): a finger's tap. */
const TARGET = 32;
/** The most a board is zoomed (past it the map loses its overview). */
const MOST = 3.5;

/**
 * Where the game stands, read from its typed view: a wrong field name in
 * the contract fails `tsc` here. Words only: no ids, coordinates or versions.
 * @param {Session} doc
 * @returns {string}
 */
export function headline(doc) {
  switch (doc.game) {
    case "arler-erde": {
      const v = doc.view;
      return t("head.arler", { half: v.half_year, season: v.season === "summer" ? t("ae.summer") : t("ae.winter"), phase: phase(v.phase) });
    }
    case "three-hundred": {
      const v = doc.view;
      return t("head.three", { campaign: v.campaign, phase: phase(v.phase) });
    }
    case "catan-shadow": {
      const v = doc.view;
      return t("head.shadow", { phase: phase(v.turn.phase) });
    }
    case "catan-ck-duel": {
      const v = doc.view;
      return t("head.duel", { turn: v.turn, phase: phase(v.phase), at: v.barbarian.position });
    }
    case "terra-mystica": {
      const v = doc.view;
      // Round 0 is the setup (spec §2: "0 during setup"), not a round.
      return v.round === 0 ? t("head.tmSetup") : t("head.tm", { round: v.round, phase: phase(v.phase) });
    }
  }
}

/**
 * Zooms the board in `box` so its smallest target is at least TARGET px
 * (at most MOST times), and pans it to the legal targets. The box scrolls
 * (a finger pans it); at full size nothing changes.
 * @param {HTMLElement} box
 */
export function fitBoard(box) {
  // The drawn board (one picture, or a row of them): zoomed whole with CSS
  // `zoom`, so its layout grows too and the box scrolls.
  const drawn = /** @type {HTMLElement | SVGElement | null} */ (box.firstElementChild);
  if (!drawn) return;
  if (drawn.classList.contains("sheets")) return fitSheets(box, drawn);
  drawn.style.setProperty("zoom", "");
  drawn.style.width = "";
  box.classList.remove("zoomed");
  const rects = () => [...box.querySelectorAll(".target")].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const targets = rects();
  if (targets.length === 0) return;
  const small = Math.min(...targets.map((r) => Math.min(r.width, r.height)));
  if (small >= TARGET) return;
  const k = Math.min(MOST, TARGET / small + 0.02);
  // Its width fixed first: a picture sized by its box would shrink back.
  drawn.style.width = `${drawn.getBoundingClientRect().width}px`;
  box.classList.add("zoomed");
  drawn.style.setProperty("zoom", k.toFixed(3));
  // Pan to the first legal place in reading order (top left first).
  const now = rects();
  const b = box.getBoundingClientRect();
  const first = now.reduce((a, r) => (r.top < a.top - 4 || (Math.abs(r.top - a.top) <= 4 && r.left < a.left) ? r : a));
  box.scrollTo({ left: Math.max(0, first.left - b.left + box.scrollLeft - 12), top: Math.max(0, first.top - b.top + box.scrollTop - 12) });
}

/**
 * A board of several sheets: each sheet zoomed on its own, inside its own
 * scroller, so only the sheet with small targets (Terra Mystica's map)
 * grows and pans; the others stay whole in the screen's width.
 * @param {HTMLElement} box @param {HTMLElement | SVGElement} drawn
 */
function fitSheets(box, drawn) {
  /** @type {DOMRect | null} */
  let firstAll = null;
  for (const wrap of /** @type {HTMLElement[]} */ ([...drawn.children])) {
    const sheet = /** @type {HTMLElement | null} */ (wrap.firstElementChild);
    if (!sheet) continue;
    sheet.style.setProperty("zoom", "");
    sheet.style.width = "";
    wrap.classList.remove("zoomed");
    const rects = () => [...sheet.querySelectorAll(".target")].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const targets = rects();
    if (targets.length === 0) continue;
    const small = Math.min(...targets.map((r) => Math.min(r.width, r.height)));
    if (small >= TARGET) continue;
    const k = Math.min(MOST, TARGET / small + 0.02);
    sheet.style.width = `${sheet.getBoundingClientRect().width}px`;
    wrap.classList.add("zoomed");
    sheet.style.setProperty("zoom", k.toFixed(3));
    const now = rects();
    const w = wrap.getBoundingClientRect();
    const first = now.reduce((a, r) => (r.top < a.top - 4 || (Math.abs(r.top - a.top) <= 4 && r.left < a.left) ? r : a));
    wrap.scrollTo({ left: Math.max(0, first.left - w.left + wrap.scrollLeft - 12) });
    firstAll ??= first;
  }
  if (firstAll) {
    const b = box.getBoundingClientRect();
    box.scrollTo({ top: Math.max(0, firstAll.top - b.top + box.scrollTop - 12) });
  }
}

/** Fits the board again when the window changes size (a phone turned, a window resized). */
let pending = 0;
addEventListener("resize", () => {
  cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => {
    const box = document.getElementById("board");
    if (box) fitBoard(box);
  });
});
