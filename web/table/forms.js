// Forms built from data: a game's options JSON Schema, a legal-move
// template's parameter domains, and the table items a request still needs.
import { t, DICTS } from "./i18n.js";
import { fieldQuestion, nameOf, valueName } from "./names.js";

/** @typedef {import('./api.js').Domain} Domain */
/** @typedef {import('./api.js').Need} Need */
/** @typedef {import('./api.js').TableItem} TableItem */
/** @typedef {{[k: string]: any}} Schema */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean | number | undefined | null>} [attrs]
 * @param {(Node | string | null | undefined)[]} [kids]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, kids = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = String(v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of kids) if (c !== null && c !== undefined) e.append(c);
  return e;
}

let uid = 0;
/** @param {string} base */
const newId = (base) => `${base.replace(/[^a-z0-9_-]/gi, "-")}-${++uid}`;

/** @param {Schema} root @param {Schema} s @returns {Schema} */
function resolve(root, s) {
  let cur = s;
  for (let i = 0; i < 8 && cur && typeof cur.$ref === "string"; i++) {
    const path = cur.$ref.replace(/^#\//, "").split("/");
    /** @type {any} */
    let t = root;
    for (const p of path) t = t?.[p];
    cur = { ...t, ...Object.fromEntries(Object.entries(cur).filter(([k]) => k !== "$ref")) };
  }
  return cur ?? {};
}

/** The constant choices of a schema, if it is one: each value with its
 * name (the server's `x-values` title, else the page's name for it).
 * @param {Schema} root @param {Schema} s @returns {{value: unknown, title: string}[] | null} */
function choices(root, s) {
  /** @type {{value: unknown, title: string}[]} */
  const named = Array.isArray(s["x-values"]) ? s["x-values"] : [];
  const title = (/** @type {unknown} */ v) => named.find((n) => JSON.stringify(n.value) === JSON.stringify(v))?.title ?? capital(nameOf(v));
  s = resolve(root, s);
  if (Array.isArray(s.enum)) return s.enum.map((v) => ({ value: v, title: title(v) }));
  const alts = s.oneOf ?? s.anyOf;
  if (Array.isArray(alts)) {
    /** @type {{value: unknown, title: string}[]} */
    const out = [];
    for (const a0 of alts) {
      const a = resolve(root, a0);
      if ("const" in a) out.push({ value: a.const, title: title(a.const) });
      else if (Array.isArray(a.enum)) for (const v of a.enum) out.push({ value: v, title: title(v) });
      else if (a.type === "null") out.push({ value: null, title: t("form.default") });
      else if (Array.isArray(a.oneOf) || Array.isArray(a.anyOf)) {
        const inner = choices(root, a);
        if (!inner) return null;
        out.push(...inner.map((c) => ({ value: c.value, title: title(c.value) })));
      }
      else return null;
    }
    return out;
  }
  return null;
}

/** @param {string} s */
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** @param {Schema} root @param {Schema} s */
function scalarType(root, s) {
  s = resolve(root, s);
  const t = Array.isArray(s.type) ? s.type.filter((/** @type {string} */ x) => x !== "null")[0] : s.type;
  if (t) return { type: /** @type {string} */ (t), s, nullable: Array.isArray(s.type) && s.type.includes("null") };
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) {
    const nonNull = alts.map((a) => resolve(root, a)).filter((a) => a.type !== "null");
    if (nonNull.length === 1 && nonNull[0]) return { type: String(nonNull[0].type ?? "json"), s: { ...nonNull[0], description: s.description }, nullable: true };
  }
  return { type: "json", s, nullable: false };
}

/** Integer ranges up to this many values are a picker, not a number field. */
const PICKER = 13;

/**
 * A form for a game's options, for people: the options in the server's
 * order (`x-order`), the basic ones (`x-basic`) first and the rest under
 * "More options", each with its title and its sentence, fixed values by
 * name, small ranges as pickers, data (lists, tables) as JSON last. A seat
 * list (objects with choices, as Terra Mystica's factions) is one choice
 * per seat, as many as the option named `humans` says. `read()` returns
 * only the changed fields.
 * @param {Schema} schema @param {Record<string, unknown>} defaults
 * @returns {{el: HTMLElement, read: () => Record<string, unknown>}}
 */
export function optionsForm(schema, defaults) {
  /** @type {(() => [string, unknown, boolean] | null)[]} */
  const readers = [];
  const simple = h("div", { class: "fields" });
  const advanced = h("div", { class: "fields" });
  const data = h("div", { class: "fields" });
  /** @type {Map<string, (n: number) => void>} */
  const follow = new Map();
  const props = Object.entries(schema.properties ?? {}).map(([name, raw]) => /** @type {[string, Schema]} */ ([name, raw]));
  props.sort(([, a], [, b]) => (a["x-order"] ?? 999) - (b["x-order"] ?? 999));
  for (const [name, prop] of props) {
    const id = newId(`opt-${name}`);
    const def = defaults[name] ?? prop.default ?? null;
    const descText = String(prop.description ?? resolve(schema, prop).description ?? "").split("\n").join(" ");
    const desc = descText ? h("small", { id: `${id}-d`, text: descText }) : null;
    const title = String(prop.title ?? capital(name.replace(/_/g, " ")));
    const describedby = desc ? `${id}-d` : undefined;
    const ch = choices(schema, prop);
    /** @type {HTMLElement} */
    let input;
    let target = prop["x-basic"] ? simple : advanced;
    const { type, s, nullable } = ch ? { type: "choice", s: prop, nullable: false } : scalarType(schema, prop);
    if (ch) {
      const sel = h("select", { id, name, "aria-describedby": describedby });
      ch.forEach((c, i) => sel.append(h("option", { value: String(i), "data-value": JSON.stringify(c.value), text: c.title, selected: JSON.stringify(c.value) === JSON.stringify(def) })));
      readers.push(() => {
        const c = ch[Number(sel.value)];
        return c ? [name, c.value, JSON.stringify(c.value) !== JSON.stringify(def)] : null;
      });
      input = sel;
    } else if (type === "boolean") {
      const cb = h("input", { id, name, type: "checkbox", checked: def === true, "aria-describedby": describedby });
      readers.push(() => [name, cb.checked, cb.checked !== (def === true)]);
      target.append(h("div", { class: "field check-field" }, [h("label", { for: id }, [cb, h("span", { text: title })]), desc]));
      continue;
    } else if ((type === "integer") && typeof s.minimum === "number" && typeof s.maximum === "number" && s.maximum - s.minimum < PICKER) {
      // A small range: a picker of its values (a null default: not given).
      const sel = h("select", { id, name, "aria-describedby": describedby });
      if (nullable) sel.append(h("option", { value: "", "data-value": "null", text: t("form.notGiven"), selected: def === null }));
      for (let v = s.minimum; v <= s.maximum; v++) sel.append(h("option", { value: String(v), "data-value": String(v), text: String(v), selected: def === v }));
      readers.push(() => {
        const v = sel.value === "" ? null : Number(sel.value);
        return [name, v, v !== def];
      });
      if (name === "humans") sel.addEventListener("change", () => follow.get("human_seats")?.(Number(sel.value)));
      input = sel;
    } else if (type === "integer" || type === "number") {
      const inp = h("input", { id, name, type: "number", inputmode: "numeric", min: s.minimum, max: s.maximum, step: type === "integer" ? 1 : "any", value: def === null ? "" : String(def), "aria-describedby": describedby });
      readers.push(() => (inp.value === "" ? [name, null, def !== null] : [name, Number(inp.value), Number(inp.value) !== def]));
      input = inp;
    } else if (type === "string") {
      const inp = h("input", { id, name, type: "text", value: def === null ? "" : String(def), "aria-describedby": describedby });
      readers.push(() => (inp.value === "" ? [name, null, def !== null] : [name, inp.value, inp.value !== def]));
      input = inp;
    } else if (type === "array" && Array.isArray(def) && seatChoice(schema, s)) {
      // A seat list: one choice per seat of the field that has choices.
      const [field, fch] = /** @type {[string, {value: unknown, title: string}[]]} */ (seatChoice(schema, s));
      const box = h("fieldset", { class: "seat-list", "aria-describedby": describedby }, [h("legend", { text: title })]);
      /** @type {HTMLSelectElement[]} */
      let sels = [];
      const draw = (/** @type {number} */ n) => {
        box.querySelectorAll(".field").forEach((x) => x.remove());
        sels = [];
        for (let k = 0; k < n; k++) {
          const sid = `${id}-${k}`;
          const cur = /** @type {Record<string, unknown>} */ (def[k] ?? def[0] ?? {})[field];
          const sel = h("select", { id: sid, name: `${name}.${k}.${field}` });
          fch.forEach((c, i) => sel.append(h("option", { value: String(i), "data-value": JSON.stringify(c.value), text: c.title, selected: JSON.stringify(c.value) === JSON.stringify(k < def.length ? cur : fch[k]?.value) })));
          sels.push(sel);
          box.append(h("div", { class: "field" }, [h("label", { for: sid, text: n === 1 ? t("form.yours") : t("form.person", { n: k + 1 }) }), sel]));
        }
      };
      draw(Math.max(1, def.length));
      follow.set(name, draw);
      readers.push(() => {
        const v = sels.map((sel, k) => ({ .../** @type {object} */ (def[k] ?? def[0] ?? {}), [field]: fch[Number(sel.value)]?.value }));
        return [name, v, JSON.stringify(v) !== JSON.stringify(def)];
      });
      target.append(h("div", { class: "field wide" }, [box, desc]));
      continue;
    } else {
      const ta = h("textarea", { id, name, rows: 2, spellcheck: false, "aria-describedby": describedby });
      ta.value = def === null ? "" : JSON.stringify(def);
      readers.push(() => {
        const v = ta.value.trim() === "" ? null : JSON.parse(ta.value);
        return [name, v, JSON.stringify(v) !== JSON.stringify(def)];
      });
      input = ta;
      target = data;
    }
    target.append(h("div", { class: "field" }, [h("label", { for: id, text: title }), input, desc]));
  }
  const more = advanced.childElementCount || data.childElementCount
    ? h("details", { class: "more" }, [h("summary", { text: t("form.more") }), advanced, data.childElementCount ? h("details", { class: "data" }, [h("summary", { text: t("form.data") }), data]) : null])
    : null;
  const el = h("div", {}, [simple, more]);
  return {
    el,
    read() {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const r of readers) {
        const got = r();
        if (got && got[2]) out[got[0]] = got[1];
      }
      return out;
    },
  };
}

/** An array's items' one field with choices (a seat list's faction), if it has one. @param {Schema} root @param {Schema} arr @returns {[string, {value: unknown, title: string}[]] | null} */
function seatChoice(root, arr) {
  const item = arr.items ? resolve(root, arr.items) : null;
  if (!item || item.type !== "object" || !item.properties) return null;
  const req = Object.entries(item.properties).map(([k, p]) => /** @type {const} */ ([k, choices(root, /** @type {Schema} */ (p))])).filter(([, c]) => c && !c.some((x) => x.value === null));
  const first = req[0];
  return first && first[1] ? [first[0], first[1]] : null;
}

/** An id in words, the page's word for it if it has one ("brick" → "Lehm"), else with spaces for underscores. @param {"field" | "value"} kind @param {string} id */
function word(kind, id) {
  const k = `form.${kind}.${id}`;
  return k in DICTS.en ? t(/** @type {import('./i18n.js').Key} */ (k)) : id.replace(/_/g, " ");
}
/** A field's name. @param {string} s */
const pretty = (s) => word("field", s);
/** A value's or item's name. @param {string} s */
const prettyValue = (s) => word("value", s);

/**
 * Inputs for one template parameter from its domain.
 * @param {string} field @param {Domain} d
 * @returns {{el: HTMLElement, read: () => unknown}}
 */
export function paramInput(field, d) {
  const id = newId(`p-${field}`);
  // The server's question for the field (CONTRACT-LABELS), else the page's word for it.
  const question = fieldQuestion(d) ?? pretty(field);
  const label = h("label", { for: id, text: question });
  if ("one_of" in d) {
    const sel = h("select", { id, name: field });
    d.one_of.forEach((v, i) => sel.append(h("option", { value: String(i), text: valueName(d, v) })));
    return { el: h("div", { class: "field" }, [label, sel]), read: () => d.one_of[Number(sel.value)] };
  }
  if ("integer" in d) {
    // No value typed: a number the player must give (a score, a count) has
    // no default that a tap would send.
    const inp = h("input", { id, name: field, type: "number", inputmode: "numeric", min: d.integer.min, max: d.integer.max ?? undefined, value: "", required: true, step: 1 });
    return { el: h("div", { class: "field" }, [label, inp]), read: () => Number(inp.value) };
  }
  // A bundle: a count per item.
  const spec = "multiset" in d ? { of: d.multiset.of, min: d.multiset.count, max: d.multiset.count } : { of: d.bundle.of, min: d.bundle.min, max: d.bundle.max };
  /** @type {[string, HTMLInputElement][]} */
  const counts = [];
  const box = h("fieldset", { class: "bundle" }, [h("legend", { text: t("form.choose", { field: question.replace(/[?:]\s*$/, ""), n: spec.min === spec.max ? spec.min : t("form.range", { min: spec.min, max: spec.max }) }) })]);
  // Preselected: the first items up to the smallest legal count, so the
  // form's first answer is a legal one and a player only changes what they want.
  let left = spec.min;
  for (const [item, most] of Object.entries(spec.of)) {
    const iid = newId(`${id}-${item}`);
    const take = Math.min(left, most);
    left -= take;
    const inp = h("input", { id: iid, type: "number", min: 0, max: most, value: String(take), step: 1 });
    counts.push([item, inp]);
    box.append(h("span", { class: "count" }, [h("label", { for: iid, text: valueName(d, item) }), inp]));
  }
  return {
    el: box,
    read() {
      /** @type {Record<string, number>} */
      const out = {};
      for (const [k, inp] of counts) if (Number(inp.value) > 0) out[k] = Number(inp.value);
      return out;
    },
  };
}

/**
 * The physical-table form: one input per die or card the server listed.
 * @param {Need[]} needed
 * @returns {{el: HTMLElement, read: () => TableItem[]}}
 */
export function tableForm(needed) {
  /** @type {(() => TableItem)[]} */
  const readers = [];
  const box = h("div", { class: "fields" });
  needed.forEach((n, i) => {
    const id = newId(`need-${i}`);
    if ("die" in n) {
      const sides = n.die.sides;
      const inp = h("input", { id, type: "number", min: 1, max: sides, value: "", required: true, step: 1 });
      readers.push(() => ({ die: Number(inp.value) }));
      box.append(h("div", { class: "field" }, [h("label", { for: id, text: t("form.die", { n: i + 1, sides }) }), inp]));
    } else {
      const sel = h("select", { id, required: true });
      for (const c of n.card.candidates) sel.append(h("option", { value: c, text: prettyValue(c) }));
      readers.push(() => ({ card: sel.value }));
      box.append(h("div", { class: "field" }, [h("label", { for: id, text: t("form.card", { n: i + 1, deck: pretty(n.card.deck) }) }), sel]));
    }
  });
  return { el: box, read: () => readers.map((r) => r()) };
}
