// Physical-table input: when the server needs dice or cards from the real
// table (`dice_needed`, at setup or in a turn), one form asks every one of
// them at once: a die as its face buttons under whose die it is and what it
// decides, a card as buttons with its printed number and name (the server's
// `label` and `value_labels` on each need, in the table's language). The
// form sends itself once every row is answered, so a bot turn costs one tap
// per die and card; when the server must ask again (a die whose need depends
// on an earlier one), what was tapped stays and only the new rows are open.
// Owned by the lobby side of the page; the game screen calls `askTable`, the
// new-game form uses `tableFields`.
import { h } from "./forms.js";
import { t } from "./i18n.js";
import { nameOf } from "./names.js";

/** @typedef {import('./api.js').TableItem} TableItem */
/** @typedef {import('./api.js').Need} Need */
/** @typedef {{value: string, label: string}} ValueLabel */

/** Dice with at most this many sides are face buttons; more, a number field. */
const MAX_FACES = 12;
/** Cards with at most this many candidates are buttons; more, a select. */
const MAX_CARD_BUTTONS = 24;

/** The need's own words: its label and the names of its values. @param {Need} n */
function words(n) {
  const w = /** @type {{label?: string | null, value_labels?: ValueLabel[]}} */ ("die" in n ? n.die : n.card);
  return { label: w.label ?? null, values: w.value_labels ?? [] };
}

/** A value's name at the table, from the server's words. @param {Need} n @param {string} v */
function valueLabel(n, v) {
  return words(n).values.find((l) => l.value === v)?.label ?? null;
}

/** A card's printed number and name, or a readable id where the server names none. @param {Need} n @param {string} id */
function cardLabel(n, id) {
  return valueLabel(n, id) ?? nameOf(id);
}

/** What a die's face does ("move armies"), from its label "2: move armies". @param {Need} n @param {number} f */
function faceMeaning(n, f) {
  const l = valueLabel(n, String(f));
  if (!l) return null;
  const m = l.match(/^\s*\d+\s*[:·.]\s*(.+)$/);
  return m ? m[1] : l;
}

/** The answers of the last form of this command, by need position: kept when the server asks again. */
/** @type {(string | number | null)[]} */
let kept = [];

/** Whether `v` answers need `n`. @param {Need} n @param {unknown} v */
function answers(n, v) {
  if (v === undefined || v === null) return false;
  return "die" in n ? typeof v === "number" && v >= 1 && v <= n.die.sides : n.card.candidates.includes(String(v));
}

/**
 * The fields for `needed`: a row of face buttons per die, a set of card
 * buttons per card, each under its need's label. `read()` throws (with a
 * sentence) while one is missing; `onComplete` runs when the last row is
 * answered by a tap.
 * @param {Need[]} needed @param {{onComplete?: () => void, keep?: boolean}} [o]
 * @returns {{el: HTMLElement, read: () => TableItem[], missing: () => number, typed: boolean}}
 */
export function tableFields(needed, o = {}) {
  const dice = needed.filter((n) => "die" in n).length;
  let dieNo = 0;
  /** A row the player must type into (a die of many sides): no sending by itself. */
  let typed = false;
  /** @type {(string | number | null)[]} */
  const got = needed.map((n, i) => (o.keep !== false && answers(n, kept[i]) ? kept[i] : null));
  /** @type {HTMLElement[]} */
  const rows = [];
  const box = h("div", { class: "needs" });
  const missing = () => got.filter((v) => v === null).length;
  /** Moves focus to the next unanswered row, or, all answered, completes. @param {number} from */
  const next = (from) => {
    for (let k = 0; k < rows.length; k++) {
      const at = (from + 1 + k) % rows.length;
      if (got[at] === null) {
        /** @type {HTMLElement | null} */ (rows[at]?.querySelector("button, input, select"))?.focus();
        return;
      }
    }
    o.onComplete?.();
  };
  /** Marks row `i` answered (or open). @param {number} i */
  const mark = (i) => rows[i]?.classList.toggle("answered", got[i] !== null);
  needed.forEach((n, i) => {
    const own = words(n).label;
    if ("die" in n) {
      dieNo++;
      const sides = n.die.sides;
      const title = own ?? (dice === 1 ? t("need.die", { sides }) : t("need.dieOf", { n: dieNo, of: dice, sides }));
      const row = h("fieldset", { class: "need die-need", "data-need": i }, [h("legend", { text: title })]);
      if (sides <= MAX_FACES) {
        const meanings = Array.from({ length: sides }, (_, k) => faceMeaning(n, k + 1));
        const faces = h("div", { class: meanings.some(Boolean) ? "faces described" : "faces" });
        for (let f = 1; f <= sides; f++) {
          const meaning = meanings[f - 1];
          const b = h("button", {
            type: "button",
            class: "face",
            "data-face": f,
            "aria-pressed": String(got[i] === f),
            // Its name is what it shows (the face and what it does); the
            // fieldset's legend says whose die it is.
          }, [h("span", { class: "pips", text: String(f) }), meaning ? h("span", { class: "does", text: meaning }) : null]);
          b.addEventListener("click", () => {
            got[i] = f;
            faces.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
            mark(i);
            next(i);
          });
          faces.append(b);
        }
        row.append(faces);
      } else {
        typed = true;
        const inp = h("input", { type: "number", min: 1, max: sides, step: 1, inputmode: "numeric", "aria-label": title, value: got[i] === null ? "" : String(got[i]) });
        inp.addEventListener("input", () => {
          const v = Number(inp.value);
          got[i] = inp.value !== "" && Number.isInteger(v) && v >= 1 && v <= sides ? v : null;
          mark(i);
        });
        row.append(inp);
      }
      rows.push(row);
      box.append(row);
    } else {
      const title = own ?? t("need.card", { deck: nameOf(n.card.deck) });
      const row = h("fieldset", { class: "need card-need", "data-need": i }, [h("legend", { text: title })]);
      // In printed order where the names carry the printed numbers.
      const cands = [...n.card.candidates].sort((a, b) => cardLabel(n, a).localeCompare(cardLabel(n, b), undefined, { numeric: true }));
      if (cands.length <= MAX_CARD_BUTTONS) {
        const cards = h("div", { class: "cards-pick" });
        for (const c of cands) {
          const b = h("button", { type: "button", class: "card-pick", "data-card": c, "aria-pressed": String(got[i] === c), text: cardLabel(n, c) });
          b.addEventListener("click", () => {
            got[i] = c;
            cards.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
            mark(i);
            next(i);
          });
          cards.append(b);
        }
        row.append(cards);
      } else {
        const sel = h("select", { "aria-label": title }, [h("option", { value: "", text: t("need.pick") })]);
        for (const c of cands) sel.append(h("option", { value: c, text: cardLabel(n, c), selected: got[i] === c }));
        sel.addEventListener("change", () => {
          got[i] = sel.value || null;
          mark(i);
          if (got[i] !== null) next(i);
        });
        row.append(sel);
      }
      rows.push(row);
      box.append(row);
    }
    mark(i);
  });
  return {
    el: box,
    missing,
    typed,
    read() {
      if (missing()) throw new Error(t("need.missing", { n: missing() }));
      kept = [...got];
      return needed.map((n, i) => ("die" in n ? { die: Number(got[i]) } : { card: String(got[i]) }));
    },
  };
}

/**
 * Shows the form for `needed` in `box` (replacing what it holds) and
 * answers what the player gave, or null when they cancelled. The form
 * sends itself once the last open row is tapped. `sent` is how many of
 * `needed` the request brought (0: a new command, so nothing typed for an
 * earlier one is offered again).
 * @param {Need[]} needed
 * @param {HTMLElement} box
 * @param {string} [context] what the table is asked for (the prompt)
 * @param {number} [sent]
 * @returns {Promise<TableItem[] | null>}
 */
export function askTable(needed, box, context = "", sent = 0) {
  if (!sent) kept = [];
  return new Promise((resolve) => {
    const err = h("p", { class: "error", role: "alert" });
    const cancel = h("button", { type: "button", class: "quiet", id: "table-cancel", text: t("table.cancel") });
    /** @type {HTMLFormElement} */
    let form;
    const f = tableFields(needed, { onComplete: () => form.requestSubmit() });
    // Only a row typed into needs a button to send; taps send by themselves.
    const send = f.typed ? h("button", { type: "submit", class: "primary", text: t("table.send") }) : null;
    form = /** @type {HTMLFormElement} */ (h("form", { class: "table-input", id: "table-input" }, [
      h("h2", { text: t("table.askTable") }),
      context ? h("p", { class: "context", text: context }) : null,
      f.typed ? null : h("p", { class: "hint", text: t("table.tapSends") }),
      f.el,
      err,
      h("div", { class: "row" }, [send, cancel]),
    ]));
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
    // The first open row, not one answered before the server asked again.
    const open = /** @type {HTMLElement | null} */ (form.querySelector(".need:not(.answered) button, .need:not(.answered) input, .need:not(.answered) select"));
    open?.focus({ preventScroll: true });
    open?.closest(".need")?.scrollIntoView({ block: "nearest" });
  });
}
