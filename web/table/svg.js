// Drawing helpers shared by the boards (board-*.js): SVG elements, hex
// geometry, the colour-blind-safe seat palette, and clickable targets for
// legal moves. A target is an SVG element that does one offered move: it
// carries `data-i` (the index of the legal item in `legal_moves`), is
// focusable, has role "button" and an aria-label (the item's label), and
// acts on click, Enter and Space, so the board is keyboard operable and
// read by screen readers.

const NS = "http://www.w3.org/2000/svg";

/**
 * One SVG element. `text` sets its text content.
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {(SVGElement | null | undefined | false)[]} [children]
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, children = []) {
  const el = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

/**
 * The board's root: a responsive SVG (it scales to the width of its box)
 * with a title read by screen readers.
 * @param {number} width
 * @param {number} height
 * @param {string} title
 * @returns {SVGSVGElement}
 */
export function root(width, height, title) {
  const svg = /** @type {SVGSVGElement} */ (s("svg", { viewBox: `0 0 ${width} ${height}`, class: "board", role: "group", "aria-label": title, preserveAspectRatio: "xMidYMid meet" }));
  svg.append(s("title", { text: title }));
  return svg;
}

/**
 * Seat colours from the Okabe–Ito palette: distinct for colour-blind
 * players; each is paired with a letter or shape wherever it is drawn.
 */
export const SEAT_COLOURS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9", "#f0e442", "#000000"];

/**
 * Corners of a pointy-top hex of radius `r` around (cx, cy), as an SVG
 * `points` string.
 * @param {number} cx @param {number} cy @param {number} r
 */
export function hexPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** Splits `text` into lines of at most about `n` characters, at spaces. @param {string} text @param {number} n */
export function wrap(text, n) {
  /** @type {string[]} */
  const out = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > n) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** Numbers the descriptions' ids. */
let descs = 0;

/**
 * Makes `el` a button on the board that calls `act()` on click, Enter or
 * Space: focusable, role "button", named `label`. A place's own
 * description (the `aria-label` it had, e.g. "Athenai: held by the Greeks,
 * 2 points") stays as the button's description (aria-describedby), so a
 * screen-reader user hears what the place is as well as what the button
 * does. The drawing inside (names, counts, tokens) is hidden from
 * assistive technology: a button's content is presentational anyway, and
 * its text is a picture of the place, not the button's caption, so the name
 * is the move (WCAG 2.5.3 "label in name" then holds for the chips, whose
 * one word starts their label). `pressed` makes it a toggle.
 * @param {SVGElement} el
 * @param {string} label
 * @param {() => void} act
 * @param {boolean} [pressed]
 * @returns {SVGElement}
 */
export function control(el, label, act, pressed) {
  const place = el.getAttribute("aria-label");
  for (const c of el.children) if (c.tagName !== "title" && c.tagName !== "desc") c.setAttribute("aria-hidden", "true");
  el.classList.add("target");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  if (pressed !== undefined) el.setAttribute("aria-pressed", String(pressed));
  el.append(s("title", { text: label }));
  if (place && place !== label) {
    // Referenced, and hidden itself, so it is read once, as the description.
    const id = `place-${++descs}`;
    el.append(s("desc", { id, "aria-hidden": "true", text: place }));
    el.setAttribute("aria-describedby", id);
  }
  el.addEventListener("click", (ev) => {
    ev.stopPropagation();
    act();
  });
  el.addEventListener("keydown", (ev) => {
    const k = /** @type {KeyboardEvent} */ (ev).key;
    if (k === "Enter" || k === " ") {
      ev.preventDefault();
      act();
    }
  });
  return el;
}

/**
 * Makes `el` a target for one legal move (see `control`): `act()` is
 * called on click, Enter or Space. `i` is the item's index in `legal_moves`.
 * @param {SVGElement} el
 * @param {number} i
 * @param {string} label
 * @param {() => void} act
 * @returns {SVGElement}
 */
export function target(el, i, label, act) {
  el.setAttribute("data-i", String(i));
  return control(el, label, act);
}
