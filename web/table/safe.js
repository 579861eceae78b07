// Safe input on the game screen: what a move still needs is asked, never
// filled in by the page (no default that changes a score, no number a
// player must give pre-typed), and a move with consequences (resign, pass,
// a reported score) confirms once. Owned by the lobby side of the page;
// the game screen calls `settleMove` before it sends a move, and
// `confirmResign` before it resigns.
import * as api from "./api.js";
import { h, paramInput } from "./forms.js";
import { t } from "./i18n.js";
import { valueName, fieldQuestion } from "./names.js";

/** @typedef {import('./api.js').LegalItem} LegalItem */
/** @typedef {import('./api.js').Domain} Domain */

/** Move types whose consequences a mis-tap must not cause: they confirm once. */
const CONSEQUENTIAL = /(^|_)(pass|report|resign|end_game|concede)(_|$)/;

/** Whether `item` is a move with consequences. @param {LegalItem} item */
export function consequential(item) {
  const f = api.fixedFields(item);
  return typeof f.type === "string" && CONSEQUENTIAL.test(f.type);
}

/**
 * A modal dialog with `body` and OK/Cancel; answers `read()` on OK (when it
 * does not throw), null on Cancel or Escape. One at a time, id="ask".
 * @template T
 * @param {string} heading @param {HTMLElement[]} body @param {() => T} read @param {string} ok
 * @returns {Promise<T | null>}
 */
function dialog(heading, body, read, ok) {
  document.getElementById("ask")?.remove();
  return new Promise((resolve) => {
    const err = h("p", { class: "error", role: "alert" });
    const yes = h("button", { type: "submit", class: "primary", id: "ask-ok", text: ok });
    const no = h("button", { type: "button", id: "ask-cancel", text: t("table.cancel") });
    const form = h("form", { method: "dialog" }, [h("h2", { id: "ask-h", text: heading }), ...body, err, h("div", { class: "row" }, [yes, no])]);
    const d = h("dialog", { id: "ask", class: "ask", "aria-labelledby": "ask-h" }, [form]);
    let done = false;
    /** @param {T | null} v */
    const finish = (v) => {
      if (done) return;
      done = true;
      d.close();
      d.remove();
      resolve(v);
    };
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (!form.reportValidity()) return;
      try {
        finish(read());
      } catch (e) {
        err.textContent = String(e instanceof Error ? e.message : e);
      }
    });
    no.addEventListener("click", () => finish(null));
    d.addEventListener("cancel", (ev) => {
      ev.preventDefault();
      finish(null);
    });
    document.body.append(d);
    d.showModal();
    /** @type {HTMLElement | null} */ (form.querySelector("input, button.choice, select"))?.focus();
  });
}

/**
 * One control for a field the player must give: a choice as buttons (a
 * handful) or a select, each value by its name; a number with no value
 * typed; a bundle as counts of zero.
 * @param {string} field @param {Domain} dom
 * @returns {{el: HTMLElement, read: () => unknown}}
 */
export function askInput(field, dom) {
  const q = fieldQuestion(dom);
  if ("one_of" in dom && dom.one_of.length <= 8) {
    let chosen = -1;
    const legend = h("legend", { text: q ?? paramInput(field, dom).el.querySelector("label, legend")?.textContent ?? field });
    const box = h("fieldset", { class: "choices", "data-field": field }, [legend]);
    dom.one_of.forEach((v, i) => {
      const b = h("button", { type: "button", class: "choice", "aria-pressed": "false", "data-value": i, text: valueName(dom, v) });
      b.addEventListener("click", () => {
        chosen = i;
        box.querySelectorAll("button.choice").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
      });
      box.append(b);
    });
    return {
      el: box,
      read() {
        if (chosen < 0) throw new Error(t("ask.choose", { what: legend.textContent ?? "" }));
        return dom.one_of[chosen];
      },
    };
  }
  if ("one_of" in dom) {
    // A long choice: a list that starts on "choose", so OK without a
    // choice asks again instead of sending the first value (an Arler
    // building space must not report "no building" by itself).
    const x = paramInput(field, dom);
    const sel = /** @type {HTMLSelectElement} */ (x.el.querySelector("select"));
    sel.required = true;
    sel.prepend(h("option", { value: "", text: t("ask.pick") }));
    sel.value = "";
    const what = x.el.querySelector("label")?.textContent ?? "";
    return {
      el: x.el,
      read() {
        if (sel.value === "") throw new Error(t("ask.choose", { what }));
        return dom.one_of[Number(sel.value)];
      },
    };
  }
  return paramInput(field, dom);
}

/**
 * Asks the player for the values of `params` in one dialog.
 * @param {[string, Domain][]} params @param {string} heading
 * @returns {Promise<Record<string, unknown> | null>}
 */
export function askValues(params, heading) {
  const inputs = params.map(([f, d]) => /** @type {const} */ ([f, askInput(f, d)]));
  return dialog(heading, inputs.map(([, x]) => x.el), () => Object.fromEntries(inputs.map(([f, x]) => [f, x.read()])), t("ask.ok"));
}

/**
 * What to send for the move `item` with the `values` a board or a form
 * gave: the fields no one gave are asked; a move with consequences asks
 * once whether it is meant. Null: the player cancelled.
 * @param {LegalItem} item @param {Record<string, unknown>} values
 * @returns {Promise<Record<string, unknown> | null>}
 */
export async function settleMove(item, values) {
  const missing = api.params(item).filter(([f]) => !(f in values));
  let out = values;
  if (missing.length) {
    const got = await askValues(missing, item.label);
    if (!got) return null;
    out = { ...values, ...got };
  }
  // Values just asked were the confirmation; otherwise a move with
  // consequences asks once.
  if (consequential(item) && !missing.length) {
    const yes = await dialog(t("ask.sure"), [h("p", { text: item.label })], () => true, t("ask.yes"));
    if (!yes) return null;
  }
  return out;
}

/** Whether the player means to resign. @returns {Promise<boolean>} */
export async function confirmResign() {
  return (await dialog(t("table.resignConfirm"), [], () => true, t("table.resign"))) === true;
}
