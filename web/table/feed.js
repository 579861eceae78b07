// The game's events as the page tells them: each event a fold whose line is
// its sentence with its dice and cards drawn, and whose inside is the rule
// it applied, from the rulebook the server serves (one tap away). The
// game screen's.
import * as api from "./api.js";
import { h } from "./forms.js";
import { t } from "./i18n.js";
import { inWords, knownName } from "./names.js";

/** @typedef {import('./api.js').GameEvent} GameEvent */

/** @type {Map<string, {title: string, summary: string, section: string}>} */
let rulebook = new Map();

/** Loads the game's rulebook (in the page's language) for the events' rules. @param {string} game */
export async function loadRules(game) {
  try {
    const r = await api.rules(game);
    rulebook = new Map(r.rules.map((x) => [x.id, x]));
  } catch {
    rulebook = new Map();
  }
}

/** @param {GameEvent} e @param {string} [cls] */
export function eventItem(e, cls = "") {
  const p = api.eventParts(e);
  // The cards the sentence names, where the page knows them by name.
  const cards = p.cards.map(knownName).filter((c) => c !== null);
  const rule = rulebook.get(p.rule);
  return h("li", { class: `event${cls ? ` ${cls}` : ""}` }, [
    h("details", { class: "ev" }, [
      h("summary", {}, [
        h("span", { class: "text", "data-said": p.text, text: inWords(p.text) }),
        // A plain span may not carry a name: the dice are one image for screen readers.
        p.dice.length ? h("span", { class: "dice", role: "img", "aria-label": t("table.dice", { dice: p.dice.join(", ") }) }, p.dice.map((d) => h("span", { class: "die", "aria-hidden": "true", text: String(d) }))) : null,
        cards.length ? h("span", { class: "cards", text: cards.join(", ") }) : null,
      ]),
      h("div", { class: "rule-text" }, rule ? [h("strong", { text: rule.title }), h("span", { text: ` (${rule.section}) ` }), h("span", { text: rule.summary })] : [h("span", { text: t("table.noRule") })]),
    ]),
  ]);
}
