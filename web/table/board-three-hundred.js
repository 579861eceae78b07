// The three-hundred board: the Aegean with its eleven cities, roads, ports
// and the Hellespont bridge; Greek and Persian armies (squares) and fleets
// (hulls) marked by colour and by the letters G and P; the campaign and
// score tracks, the portraits, the stocks and the cards.
//
// The view carries the cities, their roads and units but no geometry, so
// the places are a static layout below (MAP), drawn after the facts file
// §B2 (which city is a port, which are islands, the roads) and placed
// roughly as on a map of Greece and western Asia Minor.
//
// Moves that act on a place are targets there: a city (raise an army,
// retreat, an event aimed at a city), a port (raise a fleet, Wrath of
// Poseidon), the bridge (destroy it), a card in the hand (discard, react).
// Marches and sailings take two taps: first the city (armies) or port
// (fleets) they leave, then where they go; they move every unit that may
// move, pay with the card chosen in the hand (else the first that may pay)
// and take a shortest road. Finer choices stay in the forms below the board.
import { t } from "./i18n.js";
import { s, root, SEAT_COLOURS, target, control, wrap } from "./svg.js";
import { fixedFields } from "./api.js";

/** @typedef {import('./board.js').BoardInput} BoardInput */
/** @typedef {import('./types/api').components['schemas']} S */
/** @typedef {S['ThreeHundredView']} View */
/** @typedef {S['ThreeHundredCityView']} CityView */
/** @typedef {S['ThreeHundredCity']} City */
/** @typedef {S['ThreeHundredCardView']} CardView */
/** @typedef {S['ThreeHundredSide']} Side */
/** @typedef {S['Domain']} Domain */
/** A legal item as this board reads it. @typedef {{label: string, move?: Record<string, unknown> | null, template?: Record<string, unknown> | null, params?: Record<string, Domain> | null}} Item */

/** Greeks blue with white letters, Persians orange with black (Okabe–Ito). */
const GREEK = SEAT_COLOURS[0] ?? "#0072b2";
const PERSIAN = SEAT_COLOURS[1] ?? "#e69f00";
const BATTLE = "#d55e00";
const SEA = "#cfe6f5";
const LAND = "#efe7d2";
const INK = "#1a1a1a";
/** Text on the sea: 5.6:1 on SEA, 6.5:1 in a port (the lighter #4f7390 was 3.9:1, too faint in daylight). */
const SEA_INK = "#3a5a75";

/**
 * Where each city, its name and its port lie (map units, 400 × 400).
 * `port` is null for the inland cities (Larissa, Delphi, Korinthos);
 * `name` is the side of the circle the name goes on.
 * @type {Record<City, {x: number, y: number, name: "n" | "s" | "w" | "e", port: [number, number] | null}>}
 */
const MAP = {
  pella: { x: 92, y: 64, name: "n", port: [150, 96] },
  larissa: { x: 70, y: 140, name: "n", port: null },
  delphi: { x: 40, y: 214, name: "n", port: null },
  thebai: { x: 126, y: 206, name: "n", port: [184, 236] },
  athenai: { x: 152, y: 292, name: "n", port: [214, 302] },
  korinthos: { x: 76, y: 284, name: "n", port: null },
  sparta: { x: 64, y: 354, name: "n", port: [128, 372] },
  eretria: { x: 228, y: 168, name: "n", port: [276, 212] },
  naxos: { x: 292, y: 318, name: "n", port: [292, 366] },
  abydos: { x: 354, y: 62, name: "n", port: [300, 112] },
  ephesos: { x: 358, y: 250, name: "n", port: [300, 270] },
};

/** Coasts, stylised: Europe (Greece and Thrace), Asia Minor, Euboea, Naxos, and the Gulf of Corinth cut back into the land. */
const EUROPE = "0,0 294,0 294,28 250,36 200,40 168,52 146,70 124,84 118,100 134,116 146,136 130,160 148,184 150,202 146,232 170,250 192,272 194,288 180,314 158,318 130,306 110,302 100,312 112,326 118,344 104,356 110,378 98,400 0,400";
const ASIA = "318,0 400,0 400,400 372,400 356,360 342,330 336,300 326,280 334,252 322,222 338,190 328,160 324,130 334,100 322,76 314,50 308,22";
const EUBOEA = "150,140 188,136 232,148 266,176 272,198 252,200 218,188 184,166 160,158";
const NAXOS = "270,300 300,296 316,318 308,344 280,348 266,326";
const GULF = "0,250 60,252 100,262 118,270 96,273 56,268 0,266";
/** The Abydos–Pella road: through Thrace, then the bridge over the Hellespont. */
const THRACE_ROAD = "92,64 140,34 220,22 286,22";
const BRIDGE = { x1: 286, y1: 22, x2: 340, y2: 48 };

/** Names of the portraits, in the order of the board's figure row. */
const PORTRAITS = /** @type {const} */ ([
  ["darius", "Darius", "persians"],
  ["xerxes", "Xerxes", "persians"],
  ["miltiades", "Miltiades", "greeks"],
  ["themistocles", "Themistocles", "greeks"],
  ["leonidas", "Leonidas", "greeks"],
  ["artemisia", "Artemisia", "persians"],
]);

/** A phase's name. @param {string} phase */
const phaseName = (phase) => {
  /** @type {Record<string, import('./i18n.js').Key>} */
  const keys = { persian_prep: "th.phase.persian_prep", greek_buy: "th.phase.greek_buy", greek_raise: "th.phase.greek_raise", operations: "th.phase.operations", greek_supply: "th.phase.greek_supply", finished: "th.phase.finished" };
  const k = keys[phase];
  return k ? t(k) : phase;
};

// ---------------------------------------------------------------------------
// Reading the legal moves: which place each acts on.

/**
 * One thing a tap on the board does: a legal item with its template's
 * values filled (`i` ≥ 0), or a choice that only changes the selection
 * (`pick`).
 * @typedef {{i: number, label: string, chip: string, values: Record<string, unknown>, pick?: () => void, pressed?: boolean}} Act
 */

/** The board's selection; kept across renders while the legal moves stay the same. */
const sel = {
  key: "",
  /** @type {string | null} the card chosen to pay for a movement */
  card: null,
  /** @type {{city: City, sea: boolean} | null} where a march or sailing leaves from */
  from: null,
};

/**
 * Values for a template's free fields: `chosen` first, else the card
 * selected in the hand, else the default a player most often wants (all
 * units that may move, a shortest path, the first card).
 * @param {Item} it @param {Record<string, unknown>} chosen
 */
function fill(it, chosen) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, d] of Object.entries(it.params ?? {})) {
    if (k in chosen) out[k] = chosen[k];
    else if (k === "card" && "one_of" in d && sel.card !== null && d.one_of.includes(sel.card)) out[k] = sel.card;
    // The rest (how many armies, which card) the player gives in the
    // move's dialog (safe.js): the board does not choose for them.
  }
  return out;
}

/** @param {string} id @param {Map<string, string>} names */
const cardName = (id, names) => names.get(id) ?? id.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/**
 * The acts of every place of the board.
 * @param {Item[]} items @param {View} v @param {Map<string, string>} names
 */
function placeActs(items, v, names) {
  /** @type {Map<string, Act[]>} keys: "city:<id>", "port:<id>", "bridge", "card:<id>" */
  const at = new Map();
  /** @param {string} place @param {Act} a */
  const add = (place, a) => at.set(place, [...(at.get(place) ?? []), a]);
  /** Origins of marches and sailings, each with the acts at its destinations. @type {Map<string, {city: City, sea: boolean, dests: [string, Act][]}>} */
  const origins = new Map();
  /** @param {City} from @param {boolean} sea @param {string} dest @param {Act} a */
  const route = (from, sea, dest, a) => {
    const key = `${sea ? "port" : "city"}:${from}`;
    const o = origins.get(key) ?? { city: from, sea, dests: [] };
    o.dests.push([dest, a]);
    origins.set(key, o);
  };
  /** Cards that may pay for a movement now. @type {Set<string>} */
  const payers = new Set();
  items.forEach((it, i) => {
    const f = fixedFields(it);
    const p = it.params ?? {};
    const card = typeof f.card === "string" ? f.card : null;
    const short = card ? cardName(card, names).split(" ")[0] ?? card : "";
    const cardDomain = p.card && "one_of" in p.card ? p.card.one_of : [];
    for (const c of cardDomain) if (typeof c === "string") payers.add(c);
    /** A template whose only free field is a multiset of one unit: one act per place it may go. @param {string} field @param {string} kind @param {string} chip */
    const single = (field, kind, chip) => {
      const d = p[field];
      if (Object.keys(p).length !== 1 || !d || !("multiset" in d) || d.multiset.count !== 1) return false;
      for (const c of Object.keys(d.multiset.of)) add(`${kind}:${c}`, { i, label: `${it.label}: ${names.get(c) ?? c}`, chip, values: { [field]: { [c]: 1 } } });
      return true;
    };
    switch (f.type) {
      case "raise":
        single("armies", "city", t("th.chip.army")) || single("fleets", "port", t("th.chip.fleet"));
        break;
      case "remove_armies":
        single("from", "city", t("th.chip.remove"));
        break;
      case "battle_choice":
        if (typeof f.retreat_to === "string") add(`${v.battle?.kind === "naval" ? "port" : "city"}:${f.retreat_to}`, { i, label: it.label, chip: t("th.chip.retreat"), values: {} });
        break;
      case "destroy_bridge":
        if (f.destroy === true) add("bridge", { i, label: it.label, chip: t("th.chip.destroy"), values: {} });
        break;
      case "discard":
      case "react":
        if (card) add(`card:${card}`, { i, label: it.label, chip: short, values: {} });
        break;
      case "move_land": {
        const from = /** @type {City} */ (f.from);
        const chip = f.miltiades ? "Miltiades" : t("th.chip.march");
        route(from, false, `city:${f.to}`, { i, label: it.label, chip, values: fill(it, {}) });
        break;
      }
      case "move_naval":
      case "triremes_second":
      case "play_event": {
        if (f.type === "play_event" && typeof f.city === "string") add(`city:${f.city}`, { i, label: it.label, chip: short, values: {} });
        else if (f.type === "play_event" && typeof f.port === "string") add(`port:${f.port}`, { i, label: it.label, chip: short, values: {} });
        else if (f.type === "play_event" && typeof f.from === "string" && typeof f.to === "string") route(/** @type {City} */ (f.from), false, `city:${f.to}`, { i, label: it.label, chip: short, values: fill(it, {}) });
        else if (typeof f.from === "string" && p.to && "one_of" in p.to) {
          const armies = typeof f.armies === "number" ? f.armies : 0;
          const chip = f.type === "move_naval" ? (armies ? t("th.chip.sailPlus", { n: armies }) : t("th.chip.sail")) : short || t("th.chip.sail");
          for (const to of p.to.one_of) route(/** @type {City} */ (f.from), true, `port:${to}`, { i, label: t("th.to", { label: it.label, place: names.get(String(to)) ?? String(to) }), chip, values: fill(it, { to }) });
        } else if (f.type === "play_event") single("fleets", "port", short);
        break;
      }
    }
  });
  return { at, origins, payers };
}

// ---------------------------------------------------------------------------
// Drawing.

/** The board now on the page, so a selection or a change of width redraws it in place. @type {{b: BoardInput, el: Element} | null} */
let shown = null;

const wide = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(min-width: 760px)") : null;
wide?.addEventListener("change", () => redraw());

function redraw() {
  if (!shown || !shown.el.isConnected) return;
  const focused = document.activeElement?.getAttribute("data-key");
  const el = build(shown.b);
  shown.el.replaceWith(el);
  shown = { b: shown.b, el };
  if (focused) /** @type {SVGElement | null} */ (el.querySelector(`[data-key="${CSS.escape(focused)}"]`))?.focus();
}

/**
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawThreeHundred(b) {
  const el = build(b);
  shown = { b, el };
  return el;
}

/** @param {BoardInput} b @returns {Element} */
function build(b) {
  const v = /** @type {View} */ (b.view);
  const items = /** @type {Item[]} */ (b.legal);
  const key = JSON.stringify([v.phase, v.campaign, items.map((x) => x.label)]);
  if (key !== sel.key) Object.assign(sel, { key, card: null, from: null });
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const c of v.cities) names.set(c.city, c.name);
  for (const c of [...(v.hand ?? []), ...v.discard]) names.set(c.card, c.name);
  const { at, origins, payers } = placeActs(items, v, names);
  if (sel.card !== null && !payers.has(sel.card)) sel.card = null;
  if (sel.from && !origins.has(`${sel.from.sea ? "port" : "city"}:${sel.from.city}`)) sel.from = null;

  /** What a tap does at each place now: the chosen origin's destinations, else the acts there and the origins to choose. @type {Map<string, Act[]>} */
  const acts = new Map();
  if (sel.from) {
    const o = origins.get(`${sel.from.sea ? "port" : "city"}:${sel.from.city}`);
    for (const [dest, a] of o?.dests ?? []) acts.set(dest, [...(acts.get(dest) ?? []), a]);
    const here = `${sel.from.sea ? "port" : "city"}:${sel.from.city}`;
    acts.set(here, [{ i: -1, label: t("th.cancelFrom", { city: names.get(sel.from.city) ?? sel.from.city }), chip: t("th.chip.cancel"), values: {}, pressed: true, pick: () => choose({ from: null }) }]);
  } else {
    for (const [k, a] of at) acts.set(k, [...a]);
    for (const [k, o] of origins) {
      const n = new Set(o.dests.map(([d]) => d)).size;
      const what = o.sea ? t("th.sailFrom", { city: names.get(o.city) ?? o.city }) : t("th.marchFrom", { city: names.get(o.city) ?? o.city });
      acts.set(k, [...(acts.get(k) ?? []), { i: -1, label: n === 1 ? t("th.chooseWhereOne", { what }) : t("th.chooseWhere", { what, n }), chip: o.sea ? t("th.chip.sailFrom") : t("th.chip.marchFrom"), values: {}, pressed: false, pick: () => choose({ from: { city: o.city, sea: o.sea } }) }]);
    }
  }
  // The cards that may pay for a movement are chosen in the hand.
  if (payers.size) {
    for (const c of payers) {
      const chosen = sel.card === c;
      const a = { i: -1, label: chosen ? t("th.pays", { card: cardName(c, names) }) : t("th.payWith", { card: cardName(c, names) }), chip: t("th.chip.pay"), values: {}, pressed: chosen, pick: () => choose({ card: chosen ? null : c }) };
      acts.set(`card:${c}`, [...(acts.get(`card:${c}`) ?? []), a]);
    }
  }

  /** @param {Partial<typeof sel>} change */
  function choose(change) {
    Object.assign(sel, change);
    redraw();
  }
  /** Makes `el` do `a`. @param {SVGElement} el @param {Act} a @param {string} key */
  function bind(el, a, key) {
    el.setAttribute("data-key", key);
    if (a.pick) return pick(el, a.label, !!a.pressed, a.pick);
    return target(el, a.i, a.label, () => b.act(a.i, a.values));
  }

  const isWide = wide?.matches ?? false;
  const panelW = isWide ? 300 : 392;
  const hint = sel.from
    ? t(sel.from.sea ? "th.hintSail" : "th.hintMarch", { city: names.get(sel.from.city) ?? sel.from.city })
    : origins.size
      ? t(payers.size ? "th.hintMovePay" : "th.hintMove")
      : "";
  const panel = drawPanel(v, names, panelW, acts, bind, hint);
  const W = isWide ? 720 : 400;
  const H = isWide ? Math.max(400, panel.height) : 404 + panel.height;
  const svg = root(W, H, t("th.board", { campaign: v.campaign }));
  svg.append(drawMap(v, acts, bind));
  panel.g.setAttribute("transform", isWide ? "translate(414 4)" : "translate(4 404)");
  svg.append(panel.g);
  return svg;
}

/**
 * A selection control on the board (not a move): focusable, a toggle
 * button for screen readers, no `data-i`.
 * @param {SVGElement} el @param {string} label @param {boolean} pressed @param {() => void} fn
 */
function pick(el, label, pressed, fn) {
  el.classList.add("pick");
  return control(el, label, fn, pressed);
}

/**
 * "2 Greek armies", "1 persische Flotte".
 * @param {Side} side @param {"army" | "fleet"} kind @param {number} n
 */
function units(side, kind, n) {
  const g = side === "greeks";
  const one = n === 1;
  /** @type {import('./i18n.js').Key} */
  const key = kind === "army"
    ? g ? (one ? "th.greekArmy" : "th.greekArmies") : one ? "th.persianArmy" : "th.persianArmies"
    : g ? (one ? "th.greekFleet" : "th.greekFleets") : one ? "th.persianFleet" : "th.persianFleets";
  return t(key, { n });
}

/**
 * A unit token: an army is a square, a fleet a hull; the side is its
 * colour and its letter (G or P), then the count.
 * @param {number} x @param {number} y @param {Side} side @param {"army" | "fleet"} kind @param {number} n
 */
function token(x, y, side, kind, n) {
  const g = side === "greeks";
  const fill = g ? GREEK : PERSIAN;
  const shape =
    kind === "army"
      ? s("rect", { x: x - 15, y: y - 11, width: 30, height: 22, rx: 3, fill, stroke: INK, "stroke-width": 1.2 })
      : s("path", { d: `M${x - 17},${y - 10} H${x + 17} L${x + 11},${y + 10} H${x - 11} Z`, fill, stroke: INK, "stroke-width": 1.2 });
  const what = units(side, kind, n);
  return s("g", { role: "img", "aria-label": what }, [shape, s("text", { stroke: "none", x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: g ? "#fff" : INK, text: `${g ? "G" : "P"}${n}` })]);
}

/**
 * Chips: one small labelled button per act, in a row centred on (x, y),
 * when one place offers several.
 * @param {number} x @param {number} y @param {Act[]} list @param {string} key @param {(el: SVGElement, a: Act, key: string) => SVGElement} bind
 */
function chips(x, y, list, key, bind) {
  const widths = list.map((a) => 14 + a.chip.length * 7.6);
  let cx = x - (widths.reduce((p, w) => p + w + 4, -4)) / 2;
  const g = s("g", {});
  list.forEach((a, k) => {
    const w = widths[k] ?? 40;
    const el = s("g", {}, [
      s("rect", { x: cx, y: y - 12, width: w, height: 24, rx: 12, fill: a.pressed ? INK : "#fff", stroke: BATTLE, "stroke-width": 2 }),
      s("text", { stroke: "none", x: cx + w / 2, y: y + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: a.pressed ? "#fff" : INK, text: a.chip }),
    ]);
    g.append(bind(el, a, `${key}#${k}`));
    cx += w + 4;
  });
  return g;
}

/**
 * The map: sea, coasts, roads, the bridge, the cities with their armies
 * and ports with their fleets, and the targets on them.
 * @param {View} v @param {Map<string, Act[]>} acts @param {(el: SVGElement, a: Act, key: string) => SVGElement} bind
 */
function drawMap(v, acts, bind) {
  const g = s("g", { "aria-label": t("th.map") });
  g.append(
    s("rect", { x: 0, y: 0, width: 400, height: 400, fill: SEA }),
    s("polygon", { points: EUROPE, fill: LAND, stroke: "#8a7a55", "stroke-width": 1.2 }),
    s("polygon", { points: ASIA, fill: LAND, stroke: "#8a7a55", "stroke-width": 1.2 }),
    s("polygon", { points: EUBOEA, fill: LAND, stroke: "#8a7a55", "stroke-width": 1.2 }),
    s("polygon", { points: NAXOS, fill: LAND, stroke: "#8a7a55", "stroke-width": 1.2 }),
    s("polygon", { points: GULF, fill: SEA, stroke: "#8a7a55", "stroke-width": 1.2 }),
    s("text", { stroke: "none", x: 232, y: 110, "font-size": 13, "font-style": "italic", fill: SEA_INK, text: t("th.aegean") }),
    s("text", { stroke: "none", x: 300, y: 14, "font-size": 11, "font-style": "italic", fill: SEA_INK, "text-anchor": "end", text: t("th.hellespont") }),
  );
  /** @type {Map<string, CityView>} */
  const byId = new Map(v.cities.map((c) => [c.city, c]));
  // Roads, each drawn once; the Hellespont road is drawn with the bridge.
  const roads = s("g", { stroke: "#6b5430", "stroke-width": 3, "stroke-linecap": "round" });
  for (const c of v.cities)
    for (const o of c.roads) {
      if (c.city > o) continue;
      if ((c.city === "abydos" && o === "pella") || (c.city === "pella" && o === "abydos")) continue;
      const a = MAP[c.city], z = MAP[o];
      roads.append(s("line", { x1: a.x, y1: a.y, x2: z.x, y2: z.y }));
    }
  g.append(roads);
  // The Abydos–Pella road through Thrace and over the bridge (T300-MAP-3).
  const bridgeEl = s("g", {}, [
    s("polyline", { points: THRACE_ROAD, fill: "none", stroke: "#6b5430", "stroke-width": 3, "stroke-dasharray": v.bridge ? null : "2 6", "stroke-linecap": "round", opacity: v.bridge ? 1 : 0.5 }),
    v.bridge
      ? s("line", { ...BRIDGE, stroke: "#6b5430", "stroke-width": 9, "stroke-dasharray": "3 2" })
      : s("line", { ...BRIDGE, stroke: "#6b5430", "stroke-width": 2, "stroke-dasharray": "2 6", opacity: 0.6 }),
    s("line", { ...BRIDGE, stroke: "transparent", "stroke-width": 22 }),
    s("text", { stroke: "none", x: 250, y: 50, "font-size": 11, fill: INK, text: v.bridge ? t("th.bridge") : t("th.bridgeGone") }),
  ]);
  bridgeEl.setAttribute("aria-label", v.bridge ? t("th.bridgeStands") : t("th.bridgeDestroyed"));
  const bridgeActs = acts.get("bridge") ?? [];
  if (bridgeActs.length === 1 && bridgeActs[0]) {
    bridgeEl.prepend(s("line", { ...BRIDGE, stroke: BATTLE, "stroke-width": 16, "stroke-linecap": "round", opacity: 0.8 }));
    bind(bridgeEl, bridgeActs[0], "bridge");
  }
  g.append(bridgeEl);
  if (bridgeActs.length > 1) g.append(chips(312, 82, bridgeActs, "bridge", bind));

  const battle = v.battle ?? null;
  /** Chips go on top of everything, drawn last. */
  const over = s("g", {});
  for (const [id, m] of Object.entries(MAP)) {
    const c = byId.get(id);
    if (!c) continue;
    // Its port: a harbour box in the sea with the fleets in it.
    if (m.port) {
      const [px, py] = m.port;
      const fleets = [];
      if (c.greek_fleets) fleets.push(token(px - (c.persian_fleets ? 18 : 0), py, "greeks", "fleet", c.greek_fleets));
      if (c.persian_fleets) fleets.push(token(px + (c.greek_fleets ? 18 : 0), py, "persians", "fleet", c.persian_fleets));
      const sea = battle && battle.city === id && battle.kind === "naval";
      const portEl = s("g", { "aria-label": t("th.port", { city: c.name, fleets: fleetText(c) }) }, [
        s("line", { x1: m.x, y1: m.y, x2: px, y2: py, stroke: "#4f7390", "stroke-width": 1.5, "stroke-dasharray": "3 3" }),
        s("rect", { x: px - 38, y: py - 16, width: 76, height: 32, rx: 10, fill: "#e9f4fb", stroke: "#4f7390", "stroke-width": 1.5, "stroke-dasharray": "4 3" }),
        fleets.length ? null : s("text", { stroke: "none", x: px, y: py + 4, "text-anchor": "middle", "font-size": 11, fill: SEA_INK, text: t("th.portWord") }),
        ...fleets,
        sea ? battleTag(px, py - 24) : null,
      ]);
      placeActs2(portEl, `port:${id}`, px, py + 28, (st) => s("rect", { x: px - 42, y: py - 20, width: 84, height: 40, rx: 13, fill: "none", ...st }));
      g.append(portEl);
    }
    // The city: a circle ringed in its controller's colour, with the
    // controller's letter; a major city has a double ring.
    const ctrl = c.controller ?? null;
    const ring = ctrl === "greeks" ? GREEK : ctrl === "persians" ? PERSIAN : "#777";
    const land = battle && battle.city === id && battle.kind === "land";
    const parts = [
      s("circle", { cx: m.x, cy: m.y, r: 16, fill: ctrl === "greeks" ? "#d6e9f5" : ctrl === "persians" ? "#fbe9c4" : "#fff", stroke: ring, "stroke-width": 3 }),
      c.major_of ? s("circle", { cx: m.x, cy: m.y, r: 11.5, fill: "none", stroke: ring, "stroke-width": 1.5 }) : null,
      s("text", { stroke: "none", x: m.x, y: m.y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: INK, text: ctrl === "greeks" ? "G" : ctrl === "persians" ? "P" : "" }),
      s("text", { x: m.x, y: m.y - 21, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: INK, stroke: LAND, "stroke-width": 3, "paint-order": "stroke", text: c.name }),
      s("text", { x: m.x + 19, y: m.y - 4, "font-size": 11, fill: INK, stroke: LAND, "stroke-width": 3, "paint-order": "stroke", text: `★${c.points}` }),
    ];
    const armies = [];
    if (c.greek_armies) armies.push(token(m.x - (c.persian_armies ? 17 : 0), m.y + 30, "greeks", "army", c.greek_armies));
    if (c.persian_armies) armies.push(token(m.x + (c.greek_armies ? 17 : 0), m.y + 30, "persians", "army", c.persian_armies));
    if (land) armies.push(battleTag(m.x + 40, m.y + 30));
    const cityEl = s("g", { "aria-label": t("th.city", { city: c.name, held: ctrl ? t(ctrl === "greeks" ? "th.heldGreeks" : "th.heldPersians") : t("th.uncontrolled"), points: c.points, supply: c.amphorae, armies: armyText(c) }) }, [...parts, ...armies]);
    placeActs2(cityEl, `city:${id}`, m.x, m.y + (armies.length ? 56 : 30), (st) => s("circle", { cx: m.x, cy: m.y, r: 21, fill: "none", ...st }));
    g.append(cityEl);
  }
  g.append(over);
  return g;

  /**
   * The acts at `place`: one makes the place itself the target, several
   * become chips below it. A place that does something is ringed: solid
   * for a move, dashed for a choice, black for the chosen one.
   * @param {SVGElement} el @param {string} place @param {number} cx @param {number} cy
   * @param {(style: Record<string, string | number>) => SVGElement} halo
   */
  function placeActs2(el, place, cx, cy, halo) {
    const list = acts.get(place) ?? [];
    const a = list[0];
    if (!a) return;
    el.prepend(halo(a.pressed ? { stroke: INK, "stroke-width": 4 } : { stroke: BATTLE, "stroke-width": 3, "stroke-dasharray": list.every((x) => x.pick) ? "5 4" : "none" }));
    if (list.length === 1) bind(el, a, place);
    else over.append(chips(cx, cy, list, place, bind));
  }
}

/** The mark of a running battle: a black tag, so it is not taken for a target's ring. @param {number} x @param {number} y */
function battleTag(x, y) {
  return s("g", { role: "img", "aria-label": t("th.battleHere") }, [
    s("rect", { x: x - 25, y: y - 9, width: 50, height: 18, rx: 9, fill: INK }),
    s("text", { stroke: "none", x, y: y + 4.5, "text-anchor": "middle", "font-size": 11.5, "font-weight": 700, fill: "#fff", text: t("th.battleTag") }),
  ]);
}

/** @param {CityView} c */
function armyText(c) {
  const parts = [];
  if (c.greek_armies) parts.push(units("greeks", "army", c.greek_armies));
  if (c.persian_armies) parts.push(units("persians", "army", c.persian_armies));
  return parts.join(", ") || t("th.noArmies");
}

/** @param {CityView} c */
function fleetText(c) {
  const parts = [];
  if (c.greek_fleets) parts.push(units("greeks", "fleet", c.greek_fleets));
  if (c.persian_fleets) parts.push(units("persians", "fleet", c.persian_fleets));
  return parts.join(", ") || t("th.emptyPort");
}

/**
 * The tracks, portraits, stocks, the battle and the cards, `w` wide.
 * @param {View} v @param {Map<string, string>} names @param {number} w @param {Map<string, Act[]>} acts @param {(el: SVGElement, a: Act, key: string) => SVGElement} bind @param {string} hint
 */
function drawPanel(v, names, w, acts, bind, hint) {
  const g = s("g", {});
  let y = 0;
  for (const l of hint ? wrap(hint, Math.floor(w / 6.4)) : []) {
    g.append(s("text", { stroke: "none", x: 0, y: y + 13, "font-size": 12.5, "font-weight": 600, fill: "#8a3a00", text: l }));
    y += 16;
  }
  if (hint) y += 4;
  /** @param {string} text @param {number} [size] */
  const heading = (text, size = 14) => {
    g.append(s("text", { stroke: "none", x: 0, y: y + size, "font-size": size, "font-weight": 700, fill: INK, text }));
    y += size + 6;
  };

  // Campaign track: the solo game plays campaigns 3 to 5 (T300-SET-2).
  const phase = phaseName(v.phase);
  const who = v.phase === "operations" ? ` · ${t("th.toAct", { who: v.to_act === "greeks" ? t("th.greeks") : "PERSS.KI" })}` : "";
  heading(`${t("th.campaign", { campaign: v.campaign, phase })}${who}`, 13);
  const cw = Math.min(44, (w - 8) / 5);
  for (let k = 1; k <= 5; k++) {
    const on = k === v.campaign;
    g.append(
      s("rect", { x: (k - 1) * (cw + 2), y, width: cw, height: 26, rx: 4, fill: on ? INK : k < v.campaign ? "#ddd" : "#fff", stroke: INK, "stroke-width": 1.2 }),
      s("text", { stroke: "none", x: (k - 1) * (cw + 2) + cw / 2, y: y + 18, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: on ? "#fff" : k < 3 ? "#555" : INK, text: String(k) }),
    );
  }
  y += 32;
  const passed = v.persian_done ? t("th.persianDone") : v.last_pass ? t(v.last_pass === "greeks" ? "th.greeksPassed" : "th.persianPassed") : "";
  if (passed && v.phase === "operations") {
    g.append(s("text", { stroke: "none", x: 0, y: y + 10, "font-size": 12, fill: INK, text: passed }));
    y += 18;
  }

  // Score track, Greek 6 … 0 … Persian 6: positive scores favour the Persians.
  heading(t("th.score"));
  const sw = (w - 2) / 13;
  for (let k = -6; k <= 6; k++) {
    const x = (k + 6) * sw;
    const on = k === v.score;
    const tint = k < 0 ? "#d6e9f5" : k > 0 ? "#fbe9c4" : "#fff";
    g.append(s("rect", { x, y, width: sw - 1, height: 26, fill: on ? (k < 0 ? GREEK : k > 0 ? PERSIAN : INK) : tint, stroke: INK, "stroke-width": on ? 2.5 : 0.8 }));
    g.append(s("text", { stroke: "none", x: x + sw / 2 - 0.5, y: y + 18, "text-anchor": "middle", "font-size": 13, "font-weight": on ? 700 : 400, fill: on && k <= 0 ? "#fff" : INK, text: String(Math.abs(k)) }));
  }
  y += 30;
  g.append(
    s("text", { stroke: "none", x: 0, y: y + 12, "font-size": 12, fill: INK, text: t("th.scoreGreeks") }),
    s("text", { stroke: "none", x: w - 2, y: y + 12, "font-size": 12, fill: INK, "text-anchor": "end", text: t("th.scorePersians") }),
    s("text", { stroke: "none", x: w / 2, y: y + 12, "font-size": 12, fill: INK, "text-anchor": "middle", text: t("th.now", { g: v.points_now.greeks, p: v.points_now.persians }) }),
  );
  y += 24;

  // Portraits: a covered portrait carries the unit that covers it.
  heading(t("th.portraits"));
  // Six in a row on a phone, two rows of three beside the map.
  const perRow = w >= 360 ? 6 : 3;
  const pw = (w - 2 * perRow) / perRow;
  for (const [k, [id, name, side]] of PORTRAITS.entries()) {
    const x = (k % perRow) * (pw + 2);
    const y0 = y;
    y += Math.floor(k / perRow) * 54;
    const covered = v.portraits[id];
    g.append(
      s("rect", { x, y, width: pw, height: 50, rx: 4, fill: covered ? "#eee" : "#fff", stroke: side === "greeks" ? GREEK : PERSIAN, "stroke-width": 2 }),
      s("text", { stroke: "none", x: x + pw / 2, y: y + 14, "text-anchor": "middle", "font-size": 10.5, fill: INK, text: pw < 70 && name.length > 9 ? `${name.slice(0, 7)}.` : name }),
      covered ? token(x + pw / 2, y + 34, side, id === "artemisia" ? "fleet" : "army", 1) : s("text", { stroke: "none", x: x + pw / 2, y: y + 38, "text-anchor": "middle", "font-size": 11, fill: "#555", text: t("th.open") }),
    );
    y = y0;
  }
  y += Math.ceil(PORTRAITS.length / perRow) * 54 + 4;

  // Stocks and talents.
  heading(t("th.offMap"), 13);
  g.append(
    s("g", {}, [token(16, y + 12, "greeks", "army", v.greek_stock.armies), token(56, y + 12, "greeks", "fleet", v.greek_stock.fleets)]),
    s("text", { stroke: "none", x: 80, y: y + 11, "font-size": 12, fill: INK, text: t("th.greekStock") }),
    s("text", { stroke: "none", x: 80, y: y + 25, "font-size": 12, fill: INK, text: v.phase === "greek_raise" || v.phase === "greek_buy" ? t("th.talents", { n: v.talents }) : "" }),
    s("g", {}, [token(w - 58, y + 12, "persians", "army", v.persian_placed.armies), token(w - 18, y + 12, "persians", "fleet", v.persian_placed.fleets)]),
    s("text", { stroke: "none", x: w - 80, y: y + 11, "font-size": 12, fill: INK, "text-anchor": "end", text: t("th.persians") }),
    s("text", { stroke: "none", x: w - 80, y: y + 25, "font-size": 12, fill: INK, "text-anchor": "end", text: t("th.placed") }),
  );
  y += 34;

  // The running battle.
  const bt = v.battle ?? null;
  if (bt) {
    const where = names.get(bt.city) ?? bt.city;
    const lines = [
      t(bt.kind === "land" ? "th.landBattle" : "th.navalBattle", { city: where, who: t(bt.attacker === "greeks" ? "th.greeks" : "th.persians") }),
      bt.carried
        ? t("th.unitsNowAboard", { g: bt.units.greeks, p: bt.units.persians, n: bt.carried, cap: bt.persian_cap })
        : t("th.unitsNow", { g: bt.units.greeks, p: bt.units.persians, cap: bt.persian_cap }),
    ];
    if (bt.last_round) lines.push(t("th.round", { round: bt.last_round.round, gd: bt.last_round.greek_dice.join(" "), pd: bt.last_round.persian_dice.join(" "), gl: bt.last_round.losses.greeks, pl: bt.last_round.losses.persians }));
    if (bt.next_round) lines.push(`${t("th.nextRound", { g: bt.next_round.greek_dice, p: bt.next_round.persian_dice })}${bt.greek_bonus ? ` (${cardName(bt.greek_bonus.card, names)})` : ""}`);
    const wrapped = lines.flatMap((l) => wrap(l, Math.floor(w / 6.6)));
    g.append(s("rect", { x: 0, y, width: w - 2, height: wrapped.length * 16 + 10, rx: 6, fill: "#fff1e6", stroke: BATTLE, "stroke-width": 2 }));
    wrapped.forEach((l, k) => g.append(s("text", { stroke: "none", x: 8, y: y + 18 + k * 16, "font-size": 12, fill: INK, text: l })));
    y += wrapped.length * 16 + 18;
  }

  // Cards: the Greek hand face up (each a target or a choice when a move
  // uses it), PERSS.KI's face down, the draw and discard piles.
  const hand = v.hand ?? null;
  heading(hand ? t("th.yourHand", { n: hand.length }) : t("th.greekHand", { n: v.greek_hand_size }));
  if (sel.card) {
    g.append(s("text", { stroke: "none", x: w - 2, y: y - 6, "text-anchor": "end", "font-size": 12, fill: INK, text: t("th.paysShort", { card: cardName(sel.card, names) }) }));
  }
  const cols = Math.max(2, Math.floor((w + 6) / 132));
  const cardW = (w - 2 - (cols - 1) * 6) / cols;
  (hand ?? []).forEach((c, k) => {
    const x = (k % cols) * (cardW + 6);
    const cy = y + Math.floor(k / cols) * 54;
    const list = acts.get(`card:${c.card}`) ?? [];
    const chosen = list.some((a) => a.pressed);
    const lines = wrap(c.name, Math.floor((cardW - 30) / 7));
    const el = s("g", { "aria-label": t("th.card", { n: c.number, name: c.name }) }, [
      s("rect", { x, y: cy, width: cardW, height: 48, rx: 6, fill: chosen ? "#fff4d6" : "#fff", stroke: chosen ? BATTLE : list.length ? INK : "#888", "stroke-width": chosen ? 3 : list.length ? 2 : 1.2 }),
      s("text", { stroke: "none", x: x + 7, y: cy + 17, "font-size": 11, "font-weight": 700, fill: "#555", text: String(c.number) }),
      ...lines.slice(0, 2).map((l, n) => s("text", { stroke: "none", x: x + 24, y: cy + (lines.length > 1 ? 19 : 28) + n * 16, "font-size": 13, "font-weight": 600, fill: INK, text: l })),
    ]);
    if (list.length === 1 && list[0]) bind(el, list[0], `card:${c.card}`);
    g.append(el);
    if (list.length > 1) g.append(chips(x + cardW / 2, cy + 56, list, `card:${c.card}`, bind));
  });
  if (hand) y += Math.ceil(hand.length / cols) * 54 + (hand.some((c) => (acts.get(`card:${c.card}`) ?? []).length > 1) ? 26 : 0);
  const top = v.discard[v.discard.length - 1];
  const back = (/** @type {number} */ x) => s("rect", { x, y, width: 22, height: 30, rx: 3, fill: "#7a6a8a", stroke: INK, "stroke-width": 1 });
  g.append(
    back(0),
    s("text", { stroke: "none", x: 28, y: y + 12, "font-size": 12, fill: INK, text: t("th.persianHand", { n: v.persian_hand_size, deck: v.deck_size }) }),
    s("text", { stroke: "none", x: 28, y: y + 27, "font-size": 12, fill: INK, text: t("th.discard", { n: v.discard.length, top: top ? top.name : t("th.emptyPort") }) }),
  );
  y += 36;
  if (v.result) {
    const who = t(v.result.outcome === "draw" ? "th.draw" : v.result.outcome === "greeks" ? "th.greeksWin" : "th.persiansWin");
    heading(`${who} (${v.result.reason.replace(/_/g, " ")})`);
  }
  return { g, height: y + 4 };
}
