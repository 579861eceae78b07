// The moves a seat may make: every legal move as a control. The game
// screen's.
import * as api from "./api.js";
import { h, paramInput } from "./forms.js";
import { t } from "./i18n.js";

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
      const inputs = ps.map(([field, dom]) => [field, paramInput(field, dom)]);
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
