// The game's events as the page tells them: one event as a list item (its
// text, dice, cards and rule). The game screen's.
import * as api from "./api.js";
import { h } from "./forms.js";
import { t } from "./i18n.js";

/** @typedef {import('./api.js').GameEvent} GameEvent */

/** @param {GameEvent} e */
export function eventItem(e) {
  const p = api.eventParts(e);
  return h("li", { class: "event" }, [
    h("span", { text: p.text }),
    // A plain span may not carry a name: the dice are one image for screen readers.
    p.dice.length ? h("span", { class: "dice", role: "img", "aria-label": t("table.dice", { dice: p.dice.join(", ") }) }, p.dice.map((d) => h("span", { class: "die", text: String(d) }))) : null,
    p.cards.length ? h("span", { class: "cards", text: p.cards.join(", ") }) : null,
    h("span", { class: "rule", text: p.rule }),
  ]);
}
