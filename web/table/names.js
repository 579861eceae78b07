// Names for the values a player reads: a piece of the game (a resource, a
// card, a tile, a faction, a building) by the name the page's boards use,
// and a template field's value by the server's `value_labels` when it
// sends them (CONTRACT-LABELS), never an id, JSON or a field name. The
// game screen's.
import { DICTS, lang, t } from "./i18n.js";

/** Where the page already names a game's pieces, by id. */
const FAMILIES = ["cat.res.", "cat.card.", "tm.tile.", "tm.faction.", "tm.kind.", "tm.terrain.", "tm.cult.", "cat.terrain.", "form.value."];

/**
 * An id in words: the board's name for it, else its words with spaces
 * ("merchant_fleet" → "merchant fleet"). Never JSON.
 * @param {unknown} id
 * @returns {string}
 */
export function nameOf(id) {
  if (id === null || id === undefined) return t("pl.none");
  if (typeof id === "number" || typeof id === "boolean") return String(id);
  if (typeof id !== "string") {
    // A value with parts ({"kind": …}): named by its one key or value.
    const vals = Object.values(/** @type {object} */ (id));
    return vals.length === 1 ? nameOf(vals[0]) : vals.map(nameOf).join(" · ");
  }
  return knownName(id) ?? id.replace(/_/g, " ");
}

/**
 * The page's own name of an id, or null when it has none (the server's
 * sentence then names it; an id is never shown).
 * @param {unknown} id
 * @returns {string | null}
 */
export function knownName(id) {
  if (typeof id !== "string") return id === null || id === undefined ? null : nameOf(id);
  const dict = /** @type {Record<string, string>} */ (DICTS[lang()]);
  for (const f of FAMILIES) {
    const m = dict[`${f}${id}`];
    // A board's name may be a tile's printed lines ("Priest|3 power").
    if (m && !m.includes("{")) return m.split("|").join(", ");
  }
  return null;
}

/**
 * The name of value `v` of a template field, from the server's labels if
 * the domain carries them.
 * @param {unknown} dom the field's domain (maybe with `value_labels`)
 * @param {unknown} v
 * @returns {string}
 */
export function valueName(dom, v) {
  const labels = /** @type {{value_labels?: {value: unknown, label: string}[]}} */ (dom).value_labels;
  const key = JSON.stringify(v);
  const hit = labels?.find((l) => JSON.stringify(l.value) === key);
  return hit ? hit.label : nameOf(v);
}

/** The question a template field asks, from the server's `label`, else none. @param {unknown} dom */
export function fieldQuestion(dom) {
  return /** @type {{label?: string}} */ (dom).label ?? null;
}

/** Tile ids the server's sentences may still carry ("ACT2"). */
const TILE_ID = /\b(?:ACT|BON|FAV|TW|SCORE)\d+\b/g;

/**
 * A server sentence with any tile id it carries replaced by the tile's
 * printed words, so a player never reads an id.
 * @param {string} text
 */
export function inWords(text) {
  return text.replace(TILE_ID, (id) => {
    const name = nameOf(id);
    return name === id ? id : `“${name}”`;
  });
}
