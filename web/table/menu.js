// The moves a seat may make: every legal move as a control. The game
// screen's.
import * as api from "./api.js";
import { h, paramInput } from "./forms.js";
import { t } from "./i18n.js";
import { fieldQuestion, valueName } from "./names.js";

let seq = 0;

/**
 * A choice among a field's values, each by its name (the server's label
 * when it sends one), never its id; else the shared field input.
 * @param {string} field @param {import('./api.js').Domain} dom
 * @returns {{el: HTMLElement, read: () => unknown}}
 */
function fieldInput(field, dom) {
  if (!("one_of" in dom)) return paramInput(field, dom);
  // One answer is no question: sent as it is, not asked (Arler's season).
  if (dom.one_of.length === 1) return { el: h("span", { hidden: true }), read: () => dom.one_of[0] };
  const id = `mv-${field}-${++seq}`;
  const sel = h("select", { id, name: field });
  dom.one_of.forEach((v, i) => sel.append(h("option", { value: String(i), text: valueName(dom, v) })));
  const q = fieldQuestion(dom);
  const base = paramInput(field, dom).el.querySelector("label")?.textContent ?? "";
  return { el: h("div", { class: "field" }, [h("label", { for: id, text: q ?? base }), sel]), read: () => dom.one_of[Number(sel.value)] };
}

/** @typedef {import('./api.js').LegalItem} LegalItem */

/**
 * Every legal move as a control: a button for an exact move, a small form
 * for a template.
 * @param {LegalItem[]} items
 * @param {(item: LegalItem, values: Record<string, unknown>) => void} play
 */
export function legalMoves(items, play) {
  const box = h("div", { class: "legal" });
  items.forEach((item, i) => {
    const ps = api.params(item);
    if (ps.length === 0) {
      const b = h("button", { type: "button", class: "move", "data-i": i, text: item.label });
      b.addEventListener("click", () => play(item, {}));
      box.append(b);
    } else {
      const inputs = ps.map(([field, dom]) => [field, fieldInput(field, dom)]);
      // The button's name is its visible text and then the move ("Do it
      // Raise 1 fleet"), so a voice-control user can say what they see and
      // a screen-reader user hears which move it does.
      const f = h("form", { class: "template", "data-i": i }, [
        h("p", { class: "label", id: `move-${i}-label`, text: item.label }),
        ...inputs.map(([, x]) => /** @type {{el: HTMLElement}} */ (x).el),
        h("button", { type: "submit", class: "move", id: `move-${i}-do`, text: t("table.doIt"), "aria-labelledby": `move-${i}-do move-${i}-label` }),
      ]);
      f.addEventListener("submit", (ev) => {
        ev.preventDefault();
        /** @type {Record<string, unknown>} */
        const values = {};
        for (const [field, x] of inputs) values[/** @type {string} */ (field)] = /** @type {{read: () => unknown}} */ (x).read();
        play(item, values);
      });
      box.append(f);
    }
  });
  return box;
}
