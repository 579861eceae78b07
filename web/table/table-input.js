// Physical-table input on the game screen: when the server needs dice or
// cards from the real table (`dice_needed`), the form that asks for them.
// Owned by the lobby side of the page (with the new-game form's set-up
// form); the game screen calls `askTable` and sends what it answers.
import { h, tableForm } from "./forms.js";
import { t } from "./i18n.js";

/** @typedef {import('./api.js').TableItem} TableItem */

/**
 * Shows the form for `needed` in `box` (replacing what it holds) and
 * answers what the player typed, or null when they cancelled.
 * @param {import('./api.js').Need[]} needed
 * @param {HTMLElement} box
 * @returns {Promise<TableItem[] | null>}
 */
export function askTable(needed, box) {
  return new Promise((resolve) => {
    const f = tableForm(needed);
    const form = h("form", { class: "table-input", id: "table-input" }, [h("h2", { text: t("table.askTable") }), f.el, h("button", { type: "submit", class: "primary", text: t("table.send") }), h("button", { type: "button", text: t("table.cancel") })]);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      resolve(f.read());
    });
    form.querySelector("button[type=button]")?.addEventListener("click", () => resolve(null));
    box.replaceChildren(form);
    /** @type {HTMLElement | null} */ (form.querySelector("input, select"))?.focus();
  });
}
