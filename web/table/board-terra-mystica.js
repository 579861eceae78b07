// The Terra Mystica board, drawn from the view: the map (every cell comes
// with its row and doubled x, so the geometry is the view's, not ours),
// buildings and bridges, the four cult tracks with their priest spaces,
// the power actions, the bonus cards, the round scoring tiles and the
// favor and town tiles left in the supply.
//
// Moves that act on a place are targets there: a cell (initial dwelling,
// build, upgrade, transform), a bridge, a cult step or priest space, a
// power action, a bonus card (take or pass), a favor or town tile. A cell
// with one move does it on a click; a cell with several (a transform needs
// its terrain) opens a small menu of labelled targets beside it.
//
// Two layouts: a phone stacks everything under the map; a wide screen puts
// the cult tracks and the supply beside it. The layout follows the width
// and is redrawn when it changes.
import { nameOf } from "./names.js";
import { s, root, SEAT_COLOURS, hexPoints, target, control } from "./svg.js";
import { t as tr, lang, DICTS } from "./i18n.js";

/** @typedef {import('./board.js').BoardInput} BoardInput */
/** @typedef {import('./types/api').components['schemas']} S */
/** @typedef {S['TerraMysticaView']} View */
/** @typedef {S['TerraMysticaCellView']} CellView */
/** @typedef {S['TerraMysticaBuildingView']} BuildingView */
/** @typedef {S['TerraMysticaCultView']} CultView */
/** @typedef {S['TerraMysticaTerrain']} Terrain */
/** @typedef {S['TerraMysticaKind']} Kind */
/** @typedef {S['TerraMysticaMove']} Move */
/** @typedef {{g: SVGElement, w: number, h: number}} Block a drawn part of the board, its origin at its top left */
/** @typedef {{i: number, label: string, kind: Kind | "initial", cell: string}} CellMove */
/** @typedef {{i: number, label: string, cells: Set<string>, terrains: Terrain[]}} Transform */

/** Terrain colours as on the printed board, with a letter each (colour-blind players read the letter). */
/** @type {Record<Terrain, {fill: string, ink: string, letter: string}>} */
const TERRAIN = {
  plains: { fill: "#b5824f", ink: "#000", letter: "P" },
  swamp: { fill: "#3a3a3a", ink: "#fff", letter: "S" },
  lakes: { fill: "#2f74bd", ink: "#fff", letter: "L" },
  forest: { fill: "#2d7d3a", ink: "#fff", letter: "F" },
  mountains: { fill: "#a6a6a6", ink: "#000", letter: "M" },
  wasteland: { fill: "#bf3a24", ink: "#fff", letter: "W" },
  desert: { fill: "#f1d54a", ink: "#000", letter: "D" },
  ice: { fill: "#eef3f7", ink: "#000", letter: "I" },
  volcano: { fill: "#f08a24", ink: "#000", letter: "V" },
};
const RIVER = "#bfe2f5";

/** The cult tracks' colours, in the view's order (Fire, Water, Earth, Air); their names are in i18n.js. */
const CULT = {
  fire: { fill: "#c8391e", ink: "#fff" },
  water: { fill: "#1d64a8", ink: "#fff" },
  earth: { fill: "#7a5230", ink: "#fff" },
  air: { fill: "#d9d9d9", ink: "#000" },
};
/** Power a human gains on reaching these cult steps (facts §10.3). */
const CULT_POWER = { 3: 1, 5: 2, 7: 2, 10: 3 };

/** Building names and the short code printed on the menu (facts §10.1). */
/** @type {Record<Kind, {code: string}>} */
const KIND = {
  dwelling: { code: "D" },
  trading_house: { code: "TH" },
  temple: { code: "TE" },
  stronghold: { code: "SH" },
  sanctuary: { code: "SA" },
  shipyard: { code: "SY" },
};

// --- words, in the page's language (the German editions' terms) -----------

/** A message key built from an id, or null when the table has none. @param {string} key */
function known(key) {
  return key in DICTS.en ? tr(/** @type {import('./i18n.js').Key} */ (key)) : null;
}
/** A terrain's name ("plains" → "Ebene"). @param {Terrain} id */
const terrainName = (id) => known(`tm.terrain.${id}`) ?? id;
/** A terrain's letter on the map (the first letters of its name). @param {Terrain} id */
const terrainLetter = (id) => known(`tm.letter.${id}`) ?? TERRAIN[id]?.letter ?? "";
/** A cult track's name. @param {string} id */
const cultName = (id) => known(`tm.cult.${id}`) ?? id;
/** A building's name. @param {Kind} id */
const kindName = (id) => known(`tm.kind.${id}`) ?? id;
/** A building's short code on the menu (TH, HH in German). @param {Kind} id */
const kindCode = (id) => known(`tm.code.${id}`) ?? KIND[id]?.code ?? id;
/** A faction's name. @param {string} id */
const factionName = (id) => known(`tm.faction.${id}`) ?? id.replace(/_/g, " ");
/** What a printed tile says, shortened (facts §10.2, §10.4–10.7); an unknown id says nothing. @param {string} id @returns {string[]} */
const tileText = (id) => known(`tm.tile.${id}`)?.split("|") ?? [];

/** Hex radius of the map, in viewBox units. */
const R = 36;
const HW = Math.sqrt(3) * R;
const GAP = 14;
/** Body text size: about 12 px on a 390 px phone, where the board scales to ~0.45. */
const FONT = 24;
const SMALL = 19;

/** The cell whose menu is open (kept across redraws, so a transform can be followed by a build on the same cell). */
/** @type {string | null} */
let selected = null;
/** The last board drawn and its input, to redraw it when the layout's width class changes. */
/** @type {{el: Element, b: BoardInput} | null} */
let last = null;
/** @type {MediaQueryList | null} */
let wideQuery = null;

/**
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawTerraMystica(b) {
  const v = /** @type {View} */ (b.view);
  if (!v || !Array.isArray(v.cells) || v.cells.length === 0) return null;
  if (!wideQuery && typeof matchMedia === "function") {
    wideQuery = matchMedia("(min-width: 56rem)");
    wideQuery.addEventListener("change", () => {
      if (last && last.el.isConnected) last.el.replaceWith(drawTerraMystica(last.b) ?? s("g"));
    });
  }
  const el = draw(v, b, wideQuery?.matches ?? true);
  last = { el, b };
  return el;
}

/**
 * The board as a few sheets (SVGs), each no taller than the page lets a
 * board be: the map must stay large, and on a phone the tracks and tiles
 * get a narrower sheet of their own so their text stays readable.
 * @param {View} v @param {BoardInput} b @param {boolean} wide
 * @returns {HTMLElement}
 */
function draw(v, b, wide) {
  const moves = index(b);
  const menuLayer = s("g", { class: "tm-menu" });
  const map = mapBlock(v, b, moves, menuLayer);
  const box = document.createElement("div");
  // Sheets, each zoomed and panned on its own (turn.js): on a phone the map
  // pans while the cult tracks and tiles stay whole in the screen's width.
  box.className = "tm-board sheets";
  box.style.display = "grid";
  box.style.gap = "0.5rem";
  if (wide) {
    const CW = 440, W = map.w + GAP + CW, half = (W - GAP) / 2;
    box.append(
      sheet(tr("tm.sheetWide", { when: when(v) }), W, [[legendBlock(v, W, 2)], ...doneBar(b, moves, W), [map, cultBlock(v, b, moves, CW)]], menuLayer),
      sheet(tr("tm.sheetTiles"), W, [
        [bonusBlock(v, b, moves, half, Math.max(5, v.bonus_row.length)), powerBlock(v, b, moves, half, 6)],
        [scoringBlock(v, W, 6)],
        [favorBlock(v, b, moves, half, 6), townBlock(v, b, moves, half, 5)],
      ]),
    );
  } else {
    const N = 500;
    box.append(
      sheet(tr("tm.sheetPlayers", { when: when(v) }), N, [[legendBlock(v, N, 1)]]),
      sheet(tr("tm.map"), map.w, [...doneBar(b, moves, map.w), [map]], menuLayer),
      sheet(tr("tm.cults"), N, [[cultBlock(v, b, moves, N)]]),
      sheet(tr("tm.sheetBonusPower"), N, [[bonusBlock(v, b, moves, N, 3)], [powerBlock(v, b, moves, N, 3)]]),
      sheet(tr("tm.roundScoring"), N, [[scoringBlock(v, N, 3)]]),
      sheet(tr("tm.sheetFavorTown"), N, [[favorBlock(v, b, moves, N, 4)], [townBlock(v, b, moves, N, 3)]]),
    );
  }
  for (const sh of [...box.children]) {
    const wrap = document.createElement("div");
    wrap.className = "sheet";
    sh.replaceWith(wrap);
    wrap.append(sh);
  }
  return box;
}

/**
 * One SVG of blocks in rows, left to right. The map's menu, if given, is
 * drawn last (over the map, at the map's origin: the map is the first
 * block of the last row that has it).
 * @param {string} title @param {number} W @param {Block[][]} rows @param {SVGElement} [menuLayer]
 */
function sheet(title, W, rows, menuLayer) {
  /** @type {SVGElement[]} */
  const placed = [];
  let y = 0;
  /** @type {{x: number, y: number} | null} */
  let mapAt = null;
  for (const row of rows) {
    let x = 0, h = 0;
    for (const blk of row) {
      placed.push(s("g", { transform: `translate(${GAP + x} ${GAP + y})` }, [blk.g]));
      if (blk.g.classList.contains("tm-map")) mapAt = { x, y };
      x += blk.w + GAP;
      h = Math.max(h, blk.h);
    }
    y += h + GAP;
  }
  const svg = root(W + 2 * GAP, y + GAP, title);
  svg.append(s("style", { text: STYLE }), ...placed);
  if (menuLayer && mapAt) svg.append(s("g", { transform: `translate(${GAP + mapAt.x} ${GAP + mapAt.y})` }, [menuLayer]));
  return svg;
}

/**
 * While a cult bonus's transforms are made on the map, the move that ends
 * them sits right above it.
 * @param {BoardInput} b @param {Moves} moves @param {number} w
 * @returns {Block[][]}
 */
function doneBar(b, moves, w) {
  const d = moves.done;
  if (!d) return [];
  const bw = 220;
  const btn = s("g", {}, [
    s("rect", { x: w - bw, y: 2, width: bw, height: 50, rx: 10, fill: "#0072b2", stroke: "#000", "stroke-width": 2 }),
    text(w - bw / 2, 27, tr("tm.done"), FONT, { fill: "#fff", "font-weight": 700 }),
  ]);
  const g = s("g", {}, [
    text(0, 27, tr("tm.cultBonus"), FONT, { "text-anchor": "start" }),
    target(btn, d.i, d.label, () => { selected = null; b.act(d.i, {}); }),
  ]);
  return [[{ g, w, h: 54 }]];
}

/** Hover and focus marks for the cells that open a menu (the shared style covers `.target`). */
const STYLE = `
.tm-pick { cursor: pointer; }
.tm-pick:hover > polygon, .tm-pick:focus-visible > polygon { stroke: #d55e00; stroke-width: 4; }
.tm-pick:focus { outline: none; }
.tm-pick[aria-expanded="true"] > polygon { stroke: #d55e00; stroke-width: 5; }
svg.board text { pointer-events: none; }
`;

/**
 * This seat's legal moves, by the place they act on.
 * @param {BoardInput} b
 */
function index(b) {
  /** @type {Map<string, CellMove[]>} */
  const cell = new Map();
  /** @type {Transform | null} */
  let transform = null;
  /** @type {{i: number, label: string, a: string, b: string}[]} */
  const bridges = [];
  /** @type {Map<string, {i: number, label: string}>} keyed "fire:3" (steps) */
  const advance = new Map();
  /** @type {Map<string, {i: number, label: string}>} keyed "fire:3" (priest space value) */
  const priest = new Map();
  /** @type {Map<string, {i: number, label: string}>} keyed by track */
  const cultist = new Map();
  /** @type {Map<string, {i: number, label: string}>} power space, bonus card, favor or town tile */
  const tile = new Map();
  /** @type {{i: number, label: string} | null} ends the transforms a cult bonus gave (they are made on the map) */
  let done = null;
  b.legal.forEach((item, i) => {
    const label = item.label;
    const m = /** @type {Move | null | undefined} */ (/** @type {{move?: unknown}} */ (item).move);
    if (!m) {
      const t = /** @type {{template?: {type?: string} | null, params?: Record<string, {one_of?: unknown[]}> | null}} */ (item);
      if (t.template?.type === "transform" && t.params) {
        const cells = t.params.cell?.one_of ?? [];
        const terrains = t.params.terrain?.one_of ?? [];
        transform = { i, label, cells: new Set(cells.map(String)), terrains: /** @type {Terrain[]} */ (terrains) };
      }
      return;
    }
    /** @param {string} c @param {CellMove} x */
    const add = (c, x) => cell.set(c, [...(cell.get(c) ?? []), x]);
    switch (m.type) {
      case "place_initial_dwelling": add(m.cell, { i, label, kind: "initial", cell: m.cell }); break;
      case "build": add(m.cell, { i, label, kind: "dwelling", cell: m.cell }); break;
      case "upgrade": add(m.cell, { i, label, kind: m.to, cell: m.cell }); break;
      // The same bridge may be offered both ways round (A–B and B–A): one target.
      case "place_bridge": if (!bridges.some((x) => (x.a === m.b && x.b === m.a) || (x.a === m.a && x.b === m.b))) bridges.push({ i, label, a: m.a, b: m.b }); break;
      case "advance_cult": advance.set(`${m.track}:${m.steps}`, { i, label }); break;
      case "send_priest": priest.set(`${m.track}:${m.value}`, { i, label }); break;
      case "cultist_cult_step": if (m.track) cultist.set(m.track, { i, label }); break;
      case "take_power_action": tile.set(m.space, { i, label }); break;
      case "choose_bonus_card": tile.set(m.card, { i, label }); break;
      case "pass": if (m.bonus_card) tile.set(m.bonus_card, { i, label }); break;
      case "take_favor_tile": tile.set(m.tile, { i, label }); break;
      case "take_town_tile": tile.set(m.tile, { i, label }); break;
      case "end_transforms": done = { i, label }; break;
      default: break;
    }
  });
  return { cell, transform: /** @type {Transform | null} */ (transform), bridges, advance, priest, cultist, tile, done: /** @type {{i: number, label: string} | null} */ (done) };
}
/** @typedef {ReturnType<typeof index>} Moves */

/**
 * A line of text, centred on (x, y) unless told otherwise.
 * @param {number} x @param {number} y @param {string} str @param {number} size
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 */
function text(x, y, str, size, attrs = {}) {
  return s("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", text: str, ...attrs });
}

/** A seat's mark: its colour, and a letter (A for Automa, 1 and 2 for the humans). @param {View} v @param {number} seat */
function seatMark(v, seat) {
  const sv = v.seats.find((x) => x.seat === seat);
  const letter = !sv ? "?" : sv.automa ? "A" : String(Number(sv.id.replace(/\D/g, "") || "0") + 1);
  const fill = SEAT_COLOURS[seat % SEAT_COLOURS.length] ?? "#000";
  // Text on the darker Okabe–Ito colours is white, on the lighter ones black.
  const ink = ["#0072b2", "#009e73", "#d55e00", "#000000", "#cc79a7"].includes(fill) ? "#fff" : "#000";
  const name = !sv ? tr("tm.seat", { n: seat }) : sv.automa ? tr("tm.automa") : tr("tm.human", { letter });
  return { letter, fill, ink, name };
}

/** A round marker of a seat: a disc of its colour with its letter. @param {View} v @param {number} seat @param {number} x @param {number} y @param {number} r */
function disc(v, seat, x, y, r) {
  const m = seatMark(v, seat);
  return s("g", {}, [
    s("circle", { cx: x, cy: y, r, fill: m.fill, stroke: "#000", "stroke-width": 2 }),
    text(x, y, m.letter, r * 1.2, { fill: m.ink, "font-weight": 700 }),
  ]);
}

/**
 * The outline of a building, centred on (0, 0) and about 30 units wide:
 * each kind its own shape, as the wooden pieces are.
 * @param {Kind} kind
 */
function buildingPath(kind) {
  switch (kind) {
    case "dwelling": return "M-10,11 V-1 L0,-11 L10,-1 V11 Z";
    case "trading_house": return "M-14,11 V-3 L-7,-11 L0,-3 H14 V11 Z";
    case "temple": return "M-12,11 V0 A12,12 0 0 1 12,0 V11 Z";
    case "stronghold": return "M-14,11 V-12 H-8 V-6 H-3 V-12 H3 V-6 H8 V-12 H14 V11 Z";
    case "sanctuary": return "M-17,11 V1 A8.5,10 0 0 1 0,1 A8.5,10 0 0 1 17,1 V11 Z";
    case "shipyard": return "M-15,0 H15 L9,11 H-9 Z M-2,0 V-13 L9,-3 H-2 Z";
  }
}

/**
 * A building: its shape filled with the owner's colour, the owner's
 * letter on it, a white halo to part it from the terrain.
 * @param {View} v @param {Kind} kind @param {number} owner @param {boolean} marked
 */
function building(v, kind, owner, marked) {
  const m = seatMark(v, owner);
  const d = buildingPath(kind);
  return s("g", {}, [
    s("path", { d, fill: "none", stroke: "#fff", "stroke-width": 6, "stroke-linejoin": "round" }),
    s("path", { d, fill: m.fill, stroke: "#000", "stroke-width": 2, "stroke-linejoin": "round" }),
    text(0, 4, m.letter, 14, { fill: m.ink, "font-weight": 700 }),
    marked && s("circle", { cx: 13, cy: -11, r: 5, fill: "#fff", stroke: "#000", "stroke-width": 2 }),
  ]);
}

/**
 * The map: cells from their row and doubled x, rivers, buildings, bridges,
 * and the cell targets with their menus.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {SVGElement} menuLayer
 * @returns {Block}
 */
function mapBlock(v, b, moves, menuLayer) {
  const maxX2 = Math.max(...v.cells.map((c) => c.x2));
  const maxRow = Math.max(...v.cells.map((c) => c.row));
  const w = maxX2 * (HW / 2) + HW + 4;
  const h = maxRow * 1.5 * R + 2 * R + 4;
  /** @param {CellView} c */
  const at = (c) => ({ x: 2 + HW / 2 + (c.x2 * HW) / 2, y: 2 + R + c.row * 1.5 * R });
  /** @type {Map<string, CellView>} */
  const byName = new Map(v.cells.map((c) => [c.cell, c]));
  const g = s("g", { class: "tm-map", "aria-label": tr("tm.map") });
  const rivers = s("g", {});
  const land = s("g", {});
  g.append(rivers, land);
  // A cell's moves, if it has any, and whether it opens a menu.
  const pickable = (/** @type {CellView} */ c) => {
    const own = moves.cell.get(c.cell) ?? [];
    const tf = moves.transform && moves.transform.cells.has(c.cell) ? moves.transform : null;
    return { own, tf, count: own.length + (tf ? 1 : 0) };
  };
  if (selected && (!byName.has(selected) || pickable(/** @type {CellView} */ (byName.get(selected))).count === 0)) selected = null;

  for (const c of v.cells) {
    const { x, y } = at(c);
    if (c.river) {
      rivers.append(s("polygon", { points: hexPoints(x, y, R + 0.6), fill: RIVER, stroke: RIVER, "stroke-width": 1 }));
      continue;
    }
    const t = c.terrain ? TERRAIN[c.terrain] : null;
    const tname = c.terrain ? terrainName(c.terrain) : tr("tm.noTerrain");
    const kids = [
      s("polygon", { points: hexPoints(x, y, R - 1), fill: t ? t.fill : "#fff", stroke: "#222", "stroke-width": 1.5 }),
      c.blight && s("polygon", { points: hexPoints(x, y, R - 9), fill: "none", stroke: "#000", "stroke-width": 3, "stroke-dasharray": "4 4" }),
      text(x, y - 20, c.terrain ? terrainLetter(c.terrain) : "", 24, { fill: t ? t.ink : "#000", "font-weight": 700 }),
      text(x, y + 23, c.cell, 13, { fill: t ? t.ink : "#000" }),
      c.building && s("g", { transform: `translate(${x} ${y + 1})` }, [building(v, c.building.kind, c.building.owner, c.building.marked)]),
      c.symbiont_cube && s("rect", { x: x - 22, y: y - 5, width: 9, height: 9, fill: "#fff", stroke: "#000", "stroke-width": 2 }),
      c.automa_trade_marker && s("circle", { cx: x + 18, cy: y + 8, r: 5, fill: "#fff", stroke: "#000", "stroke-width": 2 }),
    ];
    const held = c.building ? tr("tm.held", { kind: lang() === "en" ? kindName(c.building.kind).toLowerCase() : kindName(c.building.kind), who: seatMark(v, c.building.owner).name }) : "";
    const cellG = s("g", {}, kids);
    const { own, tf, count } = pickable(c);
    const only = own[0];
    if (count === 1 && only) {
      land.append(target(cellG, only.i, only.label, () => { selected = null; b.act(only.i, {}); }));
    } else if (count > 0) {
      // Several moves: the cell opens a menu of them.
      cellG.classList.add("tm-pick");
      cellG.setAttribute("aria-haspopup", "true");
      cellG.setAttribute("aria-expanded", String(selected === c.cell));
      const open = () => {
        selected = selected === c.cell ? null : c.cell;
        for (const el of land.querySelectorAll(".tm-pick")) el.setAttribute("aria-expanded", "false");
        cellG.setAttribute("aria-expanded", String(selected === c.cell));
        menuLayer.replaceChildren(...(selected === c.cell ? [cellMenu(c, own, tf, at(c), w, h, b, cellG)] : []));
        const first = menuLayer.querySelector(".target");
        if (first instanceof SVGElement) first.focus();
      };
      // A board button like every target (svg.js `control`): named by what
      // it does, the cell's drawing hidden from assistive technology.
      const place = `${c.cell}, ${tname}${held}`;
      control(cellG, count === 1 ? tr("tm.cellTransform", { place }) : tr("tm.cellMoves", { place, n: count }), open);
      land.append(cellG);
      if (own.length > 0) cellG.append(s("polygon", { points: hexPoints(x, y, R - 5), fill: "none", stroke: "#fff", "stroke-width": 2.5, "stroke-dasharray": "6 4" }));
      if (selected === c.cell) menuLayer.replaceChildren(cellMenu(c, own, tf, at(c), w, h, b, cellG));
    } else {
      cellG.setAttribute("role", "img");
      cellG.setAttribute("aria-label", `${c.cell}, ${tname}${held}`);
      land.append(cellG);
    }
  }
  if (!selected) menuLayer.replaceChildren();

  // Bridges span the river between two land cells; drawn from edge to edge.
  /** @param {string} a @param {string} bb */
  const span = (a, bb) => {
    const ca = byName.get(a), cb = byName.get(bb);
    if (!ca || !cb) return null;
    const p = at(ca), q = at(cb);
    const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
    const k = (0.8 * R) / len;
    return { x1: p.x + dx * k, y1: p.y + dy * k, x2: q.x - dx * k, y2: q.y - dy * k };
  };
  for (const br of v.bridges) {
    const l = span(br.a, br.b);
    if (!l) continue;
    const m = seatMark(v, br.owner);
    g.append(s("g", { role: "img", "aria-label": tr("tm.bridge", { a: br.a, b: br.b, who: m.name }) }, [
      s("line", { ...l, stroke: "#000", "stroke-width": 14, "stroke-linecap": "round" }),
      s("line", { ...l, stroke: m.fill, "stroke-width": 9, "stroke-linecap": "round" }),
    ]));
  }
  for (const br of moves.bridges) {
    const l = span(br.a, br.b);
    if (!l) continue;
    const el = s("g", {}, [
      // The hit area is a band, not a stroke: a line's box has no width when it is vertical.
      s("polygon", { points: band(l, 13), fill: "transparent" }),
      s("line", { ...l, stroke: "#000", "stroke-width": 6, "stroke-dasharray": "6 5", "stroke-linecap": "round" }),
    ]);
    g.append(target(el, br.i, br.label, () => b.act(br.i, {})));
  }
  return { g, w, h };
}

/**
 * The corners of a band of half-width `r` around a segment.
 * @param {{x1: number, y1: number, x2: number, y2: number}} l @param {number} r
 */
function band(l, r) {
  const len = Math.hypot(l.x2 - l.x1, l.y2 - l.y1) || 1;
  const nx = (-(l.y2 - l.y1) / len) * r, ny = ((l.x2 - l.x1) / len) * r;
  return [[l.x1 + nx, l.y1 + ny], [l.x2 + nx, l.y2 + ny], [l.x2 - nx, l.y2 - ny], [l.x1 - nx, l.y1 - ny]].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

/**
 * The menu of a cell's moves: build, upgrades, and a terrain for each
 * transform. Placed under the cell, or over it near the bottom edge.
 * @param {CellView} c @param {CellMove[]} own @param {Transform | null} tf
 * @param {{x: number, y: number}} p the cell's centre @param {number} mapW @param {number} mapH
 * @param {BoardInput} b @param {SVGElement} opener the cell, which gets the focus back on close
 */
function cellMenu(c, own, tf, p, mapW, mapH, b, opener) {
  const B = 84;
  // On a phone the map is drawn small; its menu is drawn larger, to be tapped.
  const k = wideQuery && !wideQuery.matches ? 1.45 : 1;
  /** @type {{i: number, label: string, values: Record<string, unknown>, icon: SVGElement, caption: string}[]} */
  const buttons = [];
  for (const o of own) {
    const kind = o.kind === "initial" ? "dwelling" : o.kind;
    const caption = kind === "dwelling" ? tr("tm.build") : `→ ${kindCode(kind)}`;
    buttons.push({ i: o.i, label: o.label, values: {}, caption, icon: s("path", { d: buildingPath(kind), fill: "#fff", stroke: "#000", "stroke-width": 2.5, transform: "scale(1.3)" }) });
  }
  if (tf) {
    for (const terrain of tf.terrains) {
      if (terrain === c.terrain) continue;
      const t = TERRAIN[terrain];
      if (!t) continue;
      buttons.push({
        i: tf.i, label: tr("tm.transformTo", { label: tf.label, cell: c.cell, terrain: terrainName(terrain) }), values: { cell: c.cell, terrain }, caption: terrainName(terrain),
        icon: s("g", {}, [s("polygon", { points: hexPoints(0, 0, 22), fill: t.fill, stroke: "#000", "stroke-width": 2 }), text(0, 1, terrainLetter(terrain), 22, { fill: t.ink, "font-weight": 700 })]),
      });
    }
  }
  const cols = Math.min(buttons.length, 5);
  const rows = Math.ceil(buttons.length / 5);
  const mw = cols * (B + 6) + 12, mh = rows * (B + 6) + 50;
  const x = Math.max(2, Math.min(mapW - k * mw - 2, p.x - (k * mw) / 2));
  const y = p.y + R + k * mh < mapH ? p.y + R - 4 : Math.max(2, p.y - R - k * mh + 4);
  const close = () => {
    selected = null;
    opener.setAttribute("aria-expanded", "false");
    opener.parentElement?.closest("svg")?.querySelector(".tm-menu")?.replaceChildren();
    opener.focus();
  };
  const closeBtn = control(s("g", { class: "tm-pick" }, [
    s("rect", { x: mw - 44, y: 4, width: 40, height: 36, rx: 6, fill: "#fff", stroke: "#000", "stroke-width": 2 }),
    text(mw - 24, 22, "×", 28, { "font-weight": 700 }),
  ]), tr("tm.closeMenu"), close);
  const t = c.terrain ? terrainName(c.terrain) : "";
  const g = s("g", { transform: `translate(${x} ${y}) scale(${k})`, role: "dialog", "aria-label": tr("tm.movesOn", { cell: c.cell }) }, [
    s("rect", { x: 0, y: 0, width: mw, height: mh, rx: 10, fill: "#fff", stroke: "#000", "stroke-width": 3, filter: "drop-shadow(0 2px 4px rgba(0,0,0,.4))" }),
    text(12, 22, `${c.cell} ${t}`, FONT, { "text-anchor": "start", "font-weight": 700 }),
    closeBtn,
  ]);
  buttons.forEach((bt, k) => {
    const bx = 6 + (k % 5) * (B + 6), by = 44 + Math.floor(k / 5) * (B + 6);
    const el = s("g", { transform: `translate(${bx} ${by})` }, [
      s("rect", { x: 0, y: 0, width: B, height: B, rx: 8, fill: "#f4f4f0", stroke: "#444", "stroke-width": 2 }),
      s("g", { transform: `translate(${B / 2} ${B / 2 - 10})` }, [bt.icon]),
      text(B / 2, B - 14, bt.caption, bt.caption.length > 7 ? 13 : 16),
    ]);
    g.append(target(el, bt.i, bt.label, () => {
      // After a transform the menu stays open, for the build that follows.
      if (bt.values.terrain === undefined) selected = null;
      b.act(bt.i, bt.values);
    }));
  });
  g.addEventListener("keydown", (ev) => { if (/** @type {KeyboardEvent} */ (ev).key === "Escape") close(); });
  return g;
}

/**
 * The four cult tracks, 10 at the top as on the board, each seat's marker
 * on its step, the priest spaces below.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {number} w
 * @returns {Block}
 */
function cultBlock(v, b, moves, w) {
  const cw = w / 4, SH = 34, HEAD = 44;
  const g = s("g", { "aria-label": tr("tm.cults") });
  let h = 0;
  v.cults.forEach((cult, k) => {
    const c = CULT[cult.track];
    const x0 = k * cw;
    const col = s("g", { transform: `translate(${x0} 0)` });
    const head = s("g", {}, [
      s("rect", { x: 3, y: 0, width: cw - 6, height: HEAD - 6, rx: 6, fill: c.fill, stroke: "#000", "stroke-width": 1.5 }),
      text(cw / 2, (HEAD - 6) / 2, cultName(cult.track), FONT, { fill: c.ink, "font-weight": 700 }),
    ]);
    const cs = moves.cultist.get(cult.track);
    col.append(cs ? target(head, cs.i, cs.label, () => b.act(cs.i, {})) : head);
    const mine = cult.positions[b.seat] ?? 0;
    const top = cultCap(v, b.seat, k);
    // Each advance is a target on the step where the marker lands: capped
    // at 9 without a free key (TMA-HUM-9), so a step that would not move
    // it is no target, and of two advances landing alike the shorter wins.
    /** @type {Map<number, {i: number, label: string}>} */
    const landing = new Map();
    for (let n = 1; n <= 3; n++) {
      const adv = moves.advance.get(`${cult.track}:${n}`);
      const to = Math.min(mine + n, top);
      if (adv && to > mine && !landing.has(to)) landing.set(to, adv);
    }
    for (let step = 10; step >= 0; step--) {
      const y = HEAD + (10 - step) * SH;
      const here = cult.positions.map((p, seat) => ({ p, seat })).filter((x) => x.p === step);
      const power = /** @type {Record<number, number>} */ (CULT_POWER)[step];
      const cellG = s("g", {}, [
        s("rect", { x: 3, y, width: cw - 6, height: SH - 2, fill: step % 2 ? "#f3f3ee" : "#e6e6df", stroke: "#999", "stroke-width": 1 }),
        text(18, y + SH / 2 - 1, String(step), SMALL, { "font-weight": step === 10 ? 700 : 400 }),
        power !== undefined && text(cw - 8, y + SH / 2 - 1, `+${power}`, 14, { "text-anchor": "end", fill: "#555" }),
        ...here.map((x, n) => disc(v, x.seat, 44 + n * 27 + Math.max(0, (cw - 110) / 2), y + SH / 2 - 1, 12)),
      ]);
      const adv = landing.get(step);
      if (adv) cellG.append(s("rect", { x: 6, y: y + 3, width: cw - 12, height: SH - 8, fill: "none", stroke: "#d55e00", "stroke-width": 2, "stroke-dasharray": "5 4" }));
      col.append(adv ? target(cellG, adv.i, adv.label, () => b.act(adv.i, {})) : cellG);
    }
    // Priest spaces: the 3 first, then the 2s; "1" sends a priest for one step.
    const py = HEAD + 11 * SH + 8;
    const pr = Math.min(18, cw / 5.5);
    cult.priest_spaces.forEach((sp, n) => {
      const px = cw / 2 + (n % 2 ? 1 : -1) * (pr + 5);
      const pyy = py + pr + Math.floor(n / 2) * (2 * pr + 6);
      const el = s("g", {}, [
        s("circle", { cx: px, cy: pyy, r: pr, fill: "#fff", stroke: c.fill, "stroke-width": 3 }),
        sp.seat !== null && sp.seat !== undefined ? disc(v, sp.seat, px, pyy, pr - 3) : text(px, pyy, String(sp.value), SMALL, { "font-weight": 700 }),
      ]);
      const free = sp.seat === null || sp.seat === undefined;
      const firstFree2 = cult.priest_spaces.findIndex((q) => q.value === 2 && (q.seat === null || q.seat === undefined));
      const mv = free && (sp.value === 3 || n === firstFree2) ? moves.priest.get(`${cult.track}:${sp.value}`) : undefined;
      col.append(mv ? target(el, mv.i, mv.label, () => b.act(mv.i, {})) : el);
    });
    const rowsP = Math.ceil(cult.priest_spaces.length / 2);
    const oy = py + rowsP * (2 * pr + 6) + 4;
    const one = moves.priest.get(`${cult.track}:1`);
    if (one && mine < top) {
      const el = s("g", {}, [
        s("rect", { x: 8, y: oy, width: cw - 16, height: 30, rx: 15, fill: "#fff", stroke: c.fill, "stroke-width": 3 }),
        text(cw / 2, oy + 15, tr("tm.priestOne"), 16),
      ]);
      col.append(target(el, one.i, one.label, () => b.act(one.i, {})));
    }
    h = Math.max(h, oy + 30);
    g.append(col);
  });
  return { g, w, h };
}

/**
 * The highest step `seat` can reach on track `k`: 10 only with a key not
 * yet spent on another track and nobody else at 10 there (TMA-HUM-9).
 * @param {View} v @param {number} seat @param {number} k
 */
function cultCap(v, seat, k) {
  const pos = (/** @type {number} */ t) => v.cults[t]?.positions[seat] ?? 0;
  if (pos(k) >= 10) return 10;
  const human = v.humans.find((h) => h.seat === seat);
  if (!human) return 10;
  const used = v.cults.filter((_, t) => pos(t) >= 10).length;
  const tenFree = (v.cults[k]?.positions ?? []).every((p, s2) => s2 === seat || p < 10);
  return human.keys > used && tenFree ? 10 : 9;
}

/**
 * A grid of tiles: `draw` draws one in a cell of the given size.
 * @template T
 * @param {string} title @param {T[]} items @param {number} w @param {number} cols @param {number} ch
 * @param {(item: T, cw: number, ch: number) => SVGElement} drawItem
 * @returns {Block}
 */
function grid(title, items, w, cols, ch, drawItem) {
  const cw = w / cols;
  const g = s("g", { "aria-label": title }, [text(4, 14, title, SMALL, { "text-anchor": "start", "font-weight": 700, fill: "#333" })]);
  items.forEach((it, k) => {
    g.append(s("g", { transform: `translate(${(k % cols) * cw} ${30 + Math.floor(k / cols) * ch})` }, [drawItem(it, cw, ch)]));
  });
  return { g, w, h: 30 + Math.ceil(items.length / cols) * ch };
}

/**
 * A tile: a rounded rectangle with its id and lines of text; a target if a
 * move takes it.
 * @param {BoardInput} b @param {Moves} moves @param {string} id @param {number} cw @param {number} ch
 * @param {{lines?: string[], title?: string, fill?: string, faded?: boolean, strong?: boolean, extra?: (SVGElement | false)[], shape?: "octagon", inset?: number}} [o]
 */
function tile(b, moves, id, cw, ch, o = {}) {
  // No id is printed on a tile: its first printed line is its heading.
  const printed = o.lines ?? tileText(id);
  const lines = o.title === undefined ? printed.slice(1) : printed;
  const w = cw - 8, h = ch - 8;
  const shape = o.shape === "octagon"
    ? s("polygon", { points: octagon(cw / 2, ch / 2, Math.min(w, h) / 2), fill: o.fill ?? "#fff", stroke: "#000", "stroke-width": o.strong ? 4 : 2 })
    : s("rect", { x: 4, y: 4, width: w, height: h, rx: 8, fill: o.fill ?? "#fff", stroke: "#000", "stroke-width": o.strong ? 4 : 2, "stroke-dasharray": o.faded ? "5 4" : null });
  const lh = Math.min(FONT, (h - 8) / (lines.length + 1));
  const top = ch / 2 - (lh * lines.length) / 2;
  // The room for a line: an octagon's middle, or the card less its margins (and stripe).
  const room = o.shape === "octagon" ? Math.min(w, h) * 0.68 : w - 12 - (o.inset ?? 0);
  const cx = cw / 2 + (o.inset ?? 0) / 2;
  const title = o.title ?? printed[0] ?? "";
  const el = s("g", { opacity: o.faded ? 0.45 : null }, [
    shape,
    text(cx, top, title, fit(title, Math.min(SMALL + 1, lh), room), { "font-weight": 700 }),
    ...lines.map((l, n) => text(cx, top + lh * (n + 1), l, fit(l, Math.min(SMALL, lh * 0.85), room))),
    ...(o.extra ?? []),
  ]);
  const mv = moves.tile.get(id);
  if (mv) return target(el, mv.i, mv.label, () => b.act(mv.i, {}));
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", [title, ...lines].filter((x) => x).join(", "));
  return el;
}

/**
 * A font size at most `size` at which `str` fits in `width` (a character
 * is about 0.6 em wide in the sans-serif fonts).
 * @param {string} str @param {number} size @param {number} width
 */
function fit(str, size, width) {
  return Math.max(10, Math.min(size, width / (0.6 * Math.max(1, str.length))));
}

/** @param {number} cx @param {number} cy @param {number} r */
function octagon(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 8; k++) {
    const a = (Math.PI / 4) * k + Math.PI / 8;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/**
 * The power actions; a covered one carries the disc of who took it.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {number} w @param {number} cols
 * @returns {Block}
 */
function powerBlock(v, b, moves, w, cols) {
  const cw = w / cols;
  return grid(tr("tm.powerActions"), v.power_actions, w, cols, Math.min(cw, 130), (pa, cw, ch) => {
    const by = pa.covered_by;
    const covered = by !== null && by !== undefined;
    return tile(b, moves, pa.space, cw, ch, {
      shape: "octagon", fill: covered ? "#ddd" : "#f3e3f7",
      extra: [covered && disc(v, by, cw / 2 + Math.min(cw, ch) * 0.36, ch / 2 - Math.min(cw, ch) * 0.36, 12)],
    });
  });
}

/**
 * The bonus cards on offer, with the coins on them.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {number} w @param {number} cols
 * @returns {Block}
 */
function bonusBlock(v, b, moves, w, cols) {
  return grid(tr("tm.bonusCards"), v.bonus_row, w, cols, 150, (rc, cw, ch) => tile(b, moves, rc.card, cw, ch, {
    fill: "#fdf3d7",
    extra: [rc.coins > 0 && s("g", {}, [
      s("circle", { cx: cw - 24, cy: 24, r: 16, fill: "#e6c229", stroke: "#000", "stroke-width": 2 }),
      text(cw - 24, 24, `+${rc.coins}`, 15, { "font-weight": 700 }),
    ])],
  }));
}

/**
 * The round scoring tiles; this round's is outlined, past ones faded.
 * Automa's line says what she scores when she passes and her cult.
 * @param {View} v @param {number} w @param {number} cols
 * @returns {Block}
 */
function scoringBlock(v, w, cols) {
  const none = { cell: new Map(), transform: null, bridges: [], advance: new Map(), priest: new Map(), cultist: new Map(), tile: new Map(), done: null };
  return grid(tr("tm.scoringTitle"), v.scoring_tiles, w, cols, 140, (st, cw, ch) => {
    const lines = [...tileText(st.id), `${tr("tm.automaVp", { vp: st.automa_pass_vp })}${st.automa_cult ? ` · ${cultName(st.automa_cult)}` : ""}`];
    const el = tile(/** @type {BoardInput} */ ({}), none, `R${st.round} ${st.id}`, cw, ch, { title: `R${st.round}`, lines, fill: st.round === v.round ? "#fff4d6" : "#fff", strong: st.round === v.round, faded: v.round > 0 && st.round < v.round });
    return el;
  });
}

/**
 * The favor tiles left in the supply, with how many of each.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {number} w @param {number} cols
 * @returns {Block}
 */
function favorBlock(v, b, moves, w, cols) {
  const supply = /** @type {Record<string, number | undefined>} */ (v.favor_supply);
  const ids = Array.from({ length: 12 }, (_, k) => `FAV${k + 1}`);
  return grid(tr("tm.favorTiles"), ids, w, cols, 104, (id, cw, ch) => {
    const n = supply[id] ?? 0;
    const track = /** @type {keyof typeof CULT} */ (["fire", "water", "earth", "air"][(Number(id.slice(3)) - 1) % 4]);
    return tile(b, moves, id, cw, ch, {
      faded: n === 0, fill: "#fff", title: `×${n}`, inset: 12,
      extra: [s("rect", { x: 4, y: 4, width: 12, height: ch - 8, rx: 4, fill: CULT[track].fill, stroke: "#000", "stroke-width": 1 })],
    });
  });
}

/**
 * The town tiles left in the supply.
 * @param {View} v @param {BoardInput} b @param {Moves} moves @param {number} w @param {number} cols
 * @returns {Block}
 */
function townBlock(v, b, moves, w, cols) {
  const supply = /** @type {Record<string, number | undefined>} */ (v.town_supply);
  const ids = ["TW1", "TW2", "TW3", "TW4", "TW5"];
  return grid(tr("tm.townTiles"), ids, w, cols, 104, (id, cw, ch) => {
    const n = supply[id] ?? 0;
    return tile(b, moves, id, cw, ch, { faded: n === 0, fill: "#eef6ee", title: `×${n}` });
  });
}

/** The round in words for a sheet's name; round 0 is the setup (spec §2). @param {View} v */
const when = (v) => (v.round === 0 ? tr("tm.whenSetup") : tr("tm.when", { round: v.round }));

/**
 * Who is who: each seat's colour and letter, faction, home terrain, VP,
 * bonus card, and whether it passed; the round.
 * @param {View} v @param {number} w @param {number} cols
 * @returns {Block}
 */
function legendBlock(v, w, cols) {
  const g = s("g", { "aria-label": tr("tm.players") });
  const phase = known(`tm.phase.${v.phase}`) ?? String(v.phase).replace(/_/g, " ");
  g.append(text(0, 16, v.round === 0 ? tr("tm.setupOf") : tr("tm.roundOf", { round: v.round, phase }), FONT, { "text-anchor": "start", "font-weight": 700 }));
  // One line a seat when wide; on a phone the details go on a second line.
  const lh = cols > 1 ? 36 : 62;
  const rows = v.seats.map((sv) => {
    const human = v.humans.find((x) => x.seat === sv.seat);
    const a = v.automa.seat === sv.seat ? v.automa : null;
    const home = human?.home_terrain ?? a?.home_terrain;
    const faction = factionName(human?.faction ?? a?.faction ?? "");
    const bonus = human?.bonus_card ?? a?.bonus_card;
    const passed = v.passed.includes(sv.seat);
    const bits = [faction, home ? terrainName(home) : "", tr("tm.vp", { vp: human?.vp ?? a?.vp ?? 0 }), bonus ? nameOf(bonus) : "", passed ? tr("tm.passed") : ""].filter(Boolean);
    return { seat: sv.seat, name: seatMark(v, sv.seat).name, bits, home };
  });
  const cw = w / cols;
  rows.forEach((r, k) => {
    const x = (k % cols) * cw, y = 40 + Math.floor(k / cols) * lh;
    const t = r.home ? TERRAIN[r.home] : null;
    g.append(s("g", { transform: `translate(${x} ${y})` }, [
      disc(v, r.seat, 15, 15, 14),
      t && s("polygon", { points: hexPoints(48, 15, 14), fill: t.fill, stroke: "#000", "stroke-width": 1.5 }),
      t && r.home && text(48, 16, terrainLetter(r.home), 14, { fill: t.ink, "font-weight": 700 }),
      ...(cols > 1
        ? [text(70, 15, `${r.name}: ${r.bits.join(" · ")}`, fit(`${r.name}: ${r.bits.join(" · ")}`, SMALL + 1, cw - 80), { "text-anchor": "start" })]
        : [text(70, 15, r.name, FONT, { "text-anchor": "start", "font-weight": 700 }), text(70, 44, r.bits.join(" · "), fit(r.bits.join(" · "), SMALL + 1, cw - 80), { "text-anchor": "start" })]),
    ]));
  });
  return { g, w, h: 40 + Math.ceil(rows.length / cols) * lh };
}
