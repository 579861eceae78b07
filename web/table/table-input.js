// Physical-table input: when the server needs dice or cards from the real
// table (`dice_needed`, at setup or in a turn), one form asks every one of
// them at once: a die as its face buttons with whose die it is, a card as
// buttons with its printed name and number. What was typed is kept when
// the server asks again. Owned by the lobby side of the page; the game
// screen calls `askTable` and sends what it answers, the new-game form
// uses `tableFields`.
import { h } from "./forms.js";
import { t } from "./i18n.js";
import { nameOf } from "./names.js";

/** @typedef {import('./api.js').TableItem} TableItem */
/** @typedef {import('./api.js').Need} Need */

/** Dice with at most this many sides are face buttons; more, a number field. */
const MAX_FACES = 12;
/** Cards with at most this many candidates are buttons; more, a select. */
const MAX_CARD_BUTTONS = 24;

/** The label the server gives a need (CONTRACT-LABELS), if any. @param {Need} n @returns {string | null} */
function needLabel(n) {
  const any = /** @type {any} */ (n);
  return any.label ?? any.die?.label ?? any.card?.label ?? null;
}

/** A card's printed name and number, from the server's labels when it sends them. @param {Need} n @param {string} id */
function cardLabel(n, id) {
  const c = /** @type {any} */ (n).card ?? {};
  const ls = c.candidate_labels ?? c.labels ?? c.value_labels;
  if (Array.isArray(ls)) {
    const hit = ls.find((/** @type {any} */ l) => (typeof l === "object" && l ? l.value ?? l.id : null) === id);
    if (hit?.label) return String(hit.label);
    const i = (c.candidates ?? []).indexOf(id);
    if (typeof ls[i] === "string") return ls[i];
  }
  return nameOf(id);
}

/** The answers of the last form, by need position and kind: kept when the server asks again. */
/** @type {(string | number | null)[]} */
let kept = [];

/**
 * The fields for `needed`: a row of face buttons per die, a set of card
 * buttons per card. `read()` throws (with a sentence) while one is missing.
 * @param {Need[]} needed @param {{onComplete?: () => void, keep?: boolean}} [o]
 * @returns {{el: HTMLElement, read: () => TableItem[], missing: () => number}}
 */
export function tableFields(needed, o = {}) {
  const dice = needed.filter((n) => "die" in n).length;
  let dieNo = 0;
  /** @type {(string | number | null)[]} */
  const got = needed.map((n, i) => (o.keep !== false && kept[i] !== undefined && kept[i] !== null && ("die" in n ? typeof kept[i] === "number" && kept[i] <= n.die.sides : n.card.candidates.includes(String(kept[i]))) ? kept[i] : null));
  /** @type {HTMLElement[]} */
  const rows = [];
  const box = h("div", { class: "needs" });
  const missing = () => got.filter((v) => v === null).length;
  /** Moves focus to the next unanswered row (or the form's send button). @param {number} from */
  const next = (from) => {
    for (let k = from + 1; k < rows.length; k++) if (got[k] === null) {
      /** @type {HTMLElement | null} */ (rows[k]?.querySelector("button, input, select"))?.focus();
      return;
    }
    if (missing() === 0) o.onComplete?.();
  };
  needed.forEach((n, i) => {
    const own = needLabel(n);
    if ("die" in n) {
      dieNo++;
      const sides = n.die.sides;
      const title = own ?? (dice === 1 ? t("need.die", { sides }) : t("need.dieOf", { n: dieNo, of: dice, sides }));
      const legend = h("legend", { text: title });
      const row = h("fieldset", { class: "need die-need", "data-need": i }, [legend]);
      if (sides <= MAX_FACES) {
        const faces = h("div", { class: "faces" });
        for (let f = 1; f <= sides; f++) {
          const b = h("button", { type: "button", class: "face", "data-face": f, "aria-pressed": String(got[i] === f), "aria-label": t("need.face", { n: f, die: title }), text: String(f) });
          b.addEventListener("click", () => {
            got[i] = f;
            faces.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
            next(i);
          });
          faces.append(b);
        }
        row.append(faces);
      } else {
        const inp = h("input", { type: "number", min: 1, max: sides, step: 1, inputmode: "numeric", "aria-label": title, value: got[i] === null ? "" : String(got[i]) });
        inp.addEventListener("input", () => { got[i] = inp.value === "" ? null : Number(inp.value); });
        row.append(inp);
      }
      rows.push(row);
      box.append(row);
    } else {
      const title = own ?? t("need.card", { deck: nameOf(n.card.deck) });
      const row = h("fieldset", { class: "need card-need", "data-need": i }, [h("legend", { text: title })]);
      if (n.card.candidates.length <= MAX_CARD_BUTTONS) {
        const cards = h("div", { class: "cards-pick" });
        for (const c of n.card.candidates) {
          const b = h("button", { type: "button", class: "card-pick", "data-card": c, "aria-pressed": String(got[i] === c), text: cardLabel(n, c) });
          b.addEventListener("click", () => {
            got[i] = c;
            cards.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
            next(i);
          });
          cards.append(b);
        }
        row.append(cards);
      } else {
        const sel = h("select", { "aria-label": title }, [h("option", { value: "", text: t("need.pick") })]);
        for (const c of n.card.candidates) sel.append(h("option", { value: c, text: cardLabel(n, c), selected: got[i] === c }));
        sel.addEventListener("change", () => { got[i] = sel.value || null; next(i); });
        row.append(sel);
      }
      rows.push(row);
      box.append(row);
    }
  });
  return {
    el: box,
    missing,
    read() {
      if (missing()) throw new Error(t("need.missing", { n: missing() }));
      kept = [...got];
      return needed.map((n, i) => ("die" in n ? { die: Number(got[i]) } : { card: String(got[i]) }));
    },
  };
}

/**
 * Shows the form for `needed` in `box` (replacing what it holds) and
 * answers what the player gave, or null when they cancelled.
 * @param {Need[]} needed
 * @param {HTMLElement} box
 * @param {string} [context] what the table is asked for (the prompt)
 * @returns {Promise<TableItem[] | null>}
 */
export function askTable(needed, box, context = "") {
  return new Promise((resolve) => {
    const err = h("p", { class: "error", role: "alert" });
    const send = h("button", { type: "submit", class: "primary", text: t("table.send") });
    const cancel = h("button", { type: "button", class: "quiet", id: "table-cancel", text: t("table.cancel") });
    const f = tableFields(needed, { onComplete: () => send.focus() });
    const form = h("form", { class: "table-input", id: "table-input" }, [
      h("h2", { text: t("table.askTable") }),
      context ? h("p", { class: "context", text: context }) : null,
      f.el,
      err,
      h("div", { class: "row" }, [send, cancel]),
    ]);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      try {
        const items = f.read();
        form.remove();
        resolve(items);
      } catch (e) {
        err.textContent = e instanceof Error ? e.message : String(e);
      }
    });
    cancel.addEventListener("click", () => {
      form.remove();
      resolve(null);
    });
    box.replaceChildren(form);
    form.scrollIntoView({ block: "nearest" });
    /** @type {HTMLElement | null} */ (form.querySelector("button.face[aria-pressed=false], button.card-pick, input, select"))?.focus({ preventScroll: true });
  });
}
