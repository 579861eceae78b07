// The Arler Erde board, drawn from the view: the action board with both
// half-years (summer left, winter right, rows facing each other as on the
// printed board, so a space's opposite is across the middle), the workers
// on it, VIM's action marker (marker 1), the half-year track and the month
// spots with the workers still to place; and beside it the building display
// with VIM's building marker (marker 2). Every placement the human may make
// is a target on its space; "Report a building you erected" is a target on
// each tile still on the display. Erecting a building with a placement on a
// building space is two clicks here (place, then the tile) or one form below.
import { s, root, target, SEAT_COLOURS } from "./svg.js";
import { fixedFields } from "./api.js";
import { lang, t } from "./i18n.js";

/** @typedef {import('./board.js').BoardInput} BoardInput */
/** @typedef {import('./types/api').components['schemas']} S */
/** @typedef {S['ArlerErdeView']} View */
/** @typedef {S['ArlerErdeSpaceView']} SpaceView */
/** @typedef {S['ArlerErdeSlotView']} SlotView */
/** @typedef {S['ArlerErdeSeason']} Season */
/** @typedef {S['ArlerErdeSide']} Side */
/** @typedef {{move?: Record<string, unknown> | null, template?: Record<string, unknown> | null, params?: Record<string, unknown> | null, label: string}} Item */
/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {Box & {mid: boolean}} Cell a space's box; `mid`: it touches the middle strip */

/** Seat 0 is the human, seat 1 VIM (spec §1): colour, letter and shape. */
const PIECE = {
  human: { colour: SEAT_COLOURS[0], ink: "#fff", letter: "H", name: "your" },
  vim: { colour: SEAT_COLOURS[1], ink: "#111", letter: "V", name: "VIM's" },
};

/**
 * Where each base-game space sits on the printed action board (facts file
 * §A4, read from the MX scan): [row, sub-column, rows tall, sub-columns
 * wide] in a season's column of 14 rows and 2 sub-columns, sub-column 0
 * being the board's outer edge. Rows 1-11 are one space wide; rows 12-13
 * are the building block (Carpenter two rows tall at the outer edge); row
 * 14 is the wide Laborer. A custom board (option `board`) has no printed
 * layout and gets one full-width row per space in counting order.
 * @type {Record<Season, Record<string, [number, number, number, number]>>}
 */
const LAYOUT = {
  summer: {
    fisherman: [1, 0, 1, 2], grocer: [2, 0, 1, 2], wool_weaver: [3, 0, 1, 2], colonist: [4, 0, 1, 2],
    peat_cutter: [5, 0, 1, 2], dike_builder: [6, 0, 1, 2], clay_worker: [7, 0, 1, 2], farmer: [8, 0, 1, 2],
    forester: [9, 0, 1, 2], woodcutter: [10, 0, 1, 2], master: [11, 0, 1, 2],
    carpenter: [12, 0, 2, 1], builder: [12, 1, 1, 1], warden: [13, 1, 1, 1], laborer: [14, 0, 1, 2],
  },
  winter: {
    peat_boatman: [1, 0, 1, 2], tanner: [2, 0, 1, 2], linen_weaver: [3, 0, 1, 2], butcher: [4, 0, 1, 2],
    cattle_trader: [5, 0, 1, 2], grocer: [6, 0, 1, 2], builders_merchant: [7, 0, 1, 2], potter: [8, 0, 1, 2],
    baker: [9, 0, 1, 2], wood_trader: [10, 0, 1, 2], master: [11, 0, 1, 2],
    carpenter: [12, 0, 2, 1], wainwright: [12, 1, 1, 1], dike_warden: [13, 1, 1, 1], laborer: [14, 0, 1, 2],
  },
};

/** English names of the base game's building tiles (facts file §A8); other ids are spelled out. */
const BUILDING_NAMES = /** @type {Record<string, string>} */ ({
  farmers_house: "Farmer's House", plow_makers_workshop: "Plow Maker's Workshop", novices_hut: "Novice's Hut",
  workshop: "Workshop", weaving_parlor: "Weaving Parlor", colonists_house: "Colonist's House",
  carpenters_workshop: "Carpenter's Workshop", schnapps_distillery: "Schnapps Distillery", loading_station: "Loading Station",
  litter_storage: "Litter Storage", wood_trader_house: "Wood Trader House", turnery: "Turnery", smokehouse: "Smokehouse",
  smithy: "Smithy", cooperage: "Cooperage", bakehouse: "Bakehouse", mill: "Mill", weaving_mill: "Weaving Mill",
  textile_house: "Textile House", saddlery: "Saddlery", waterfront_house: "Waterfront House", joinery: "Joinery",
  potters_inn: "Potter's Inn", farmers_inn: "Farmer's Inn", junk_dealers_inn: "Junk Dealer's Inn",
  gulf_house_inn: "Gulf House Inn", milk_house_inn: "Milk House Inn", sluice_yard_inn: "Sluice Yard Inn",
  village_church: "Village Church", lutetsburg_castle: "Lutetsburg Castle", berum_castle: "Berum Castle",
});

/** Tile colours of the display, light enough for dark text in daylight, each with a letter so no one has to tell them apart by hue. */
const TILE = /** @type {Record<string, {fill: string, edge: string, letter: string}>} */ ({
  green: { fill: "#cfe9d8", edge: "#2e7d55", letter: "G" },
  yellow: { fill: "#f7efa8", edge: "#8a7a00", letter: "Y" },
  orange: { fill: "#fbd7a4", edge: "#a05a00", letter: "O" },
  blue: { fill: "#cfe3f5", edge: "#1f5f9a", letter: "B" },
  red: { fill: "#f4c7bd", edge: "#a33a1f", letter: "R" },
});

/** German names of the building tiles, as the server's German texts name them. */
const BUILDING_NAMES_DE = /** @type {Record<string, string>} */ ({
  farmers_house: "Bauernhaus", plow_makers_workshop: "Pflugmacherei", novices_hut: "Lehrlingshütte",
  workshop: "Werkstatt", weaving_parlor: "Webstube", colonists_house: "Kolonistenhaus",
  carpenters_workshop: "Zimmerei", schnapps_distillery: "Schnapsbrennerei", loading_station: "Verladestation",
  litter_storage: "Streulager", wood_trader_house: "Holzhändlerhaus", turnery: "Drechslerei", smokehouse: "Räucherei",
  smithy: "Schmiede", cooperage: "Böttcherei", bakehouse: "Backhaus", mill: "Mühle", weaving_mill: "Weberei",
  textile_house: "Textilhaus", saddlery: "Sattlerei", waterfront_house: "Haus am Wasser", joinery: "Tischlerei",
  potters_inn: "Töpferkrug", farmers_inn: "Bauernkrug", junk_dealers_inn: "Trödlerkrug",
  gulf_house_inn: "Gulfhauskrug", milk_house_inn: "Milchhauskrug", sluice_yard_inn: "Sielhofkrug",
  village_church: "Dorfkirche", lutetsburg_castle: "Schloss Lütetsburg", berum_castle: "Burg Berum",
});

/** @param {string} id */
export function buildingName(id) {
  if (lang() === "de" && BUILDING_NAMES_DE[id]) return BUILDING_NAMES_DE[id];
  return BUILDING_NAMES[id] ?? id.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** @param {SpaceView} sp */
const spaceName = (sp) => (lang() === "de" ? sp.name_de || sp.name_en : sp.name_en) || sp.id;

/** The month spots' names. @param {Season} season */
const months = (season) => t(season === "summer" ? "ae.months.summer" : "ae.months.winter").split(",");
/** @param {Season} season */
const seasonName = (season) => (season === "summer" ? t("ae.summer") : t("ae.winter"));
/** @param {Side} side */
const workerName = (side) => t("ae.worker", { who: side === "human" ? t("ae.humanName") : t("ae.vimName") });

// Action board geometry (SVG units; the board is 420 wide so a 390 px
// phone shows it at about 0.88 scale and 15-unit text stays readable).
const W = 420;
const PAD = 6;
const MID = 52; // the middle strip: the half-year track, marker 1 on the column edges
const COL = (W - 2 * PAD - MID) / 2;
const TOP = 46;
const ROW = 38;
const GAP = 4;

/**
 * The board: the action board and the building display, side by side on a
 * wide screen and one above the other on a phone.
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawArlerErde(b) {
  const view = /** @type {View} */ (b.view);
  const items = /** @type {Item[]} */ (/** @type {unknown} */ (b.legal));
  const box = document.createElement("div");
  box.className = "arler-erde";
  // Through the CSSOM, not a style attribute, so a strict CSP would allow it.
  box.style.cssText = "display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-start";
  const board = actionBoard(view, items, b.act);
  board.style.cssText = "flex:3 1 21rem;min-width:0;max-width:36rem";
  const display = buildingDisplay(view, items, b.act);
  display.style.cssText = "flex:2 1 17rem;min-width:0;max-width:27rem";
  box.append(board, display);
  return box;
}

/**
 * The legal placements by `season:space`, and the season a placement
 * without one goes to (the current half-year's).
 * @param {Item[]} items @param {Season} current
 */
function placements(items, current) {
  /** @type {Map<string, number>} */
  const at = new Map();
  items.forEach((it, i) => {
    const m = fixedFields(it);
    if (m.type !== "place_worker" || typeof m.space !== "string") return;
    const season = typeof m.season === "string" ? m.season : current;
    at.set(`${season}:${m.space}`, i);
  });
  return at;
}

/**
 * Where each space of a season is drawn.
 * @param {View} view @param {Season} season @param {number} x0
 * @returns {Map<string, Cell>}
 */
function spaceBoxes(view, season, x0) {
  const list = view.board[season];
  const printed = LAYOUT[season];
  const usePrinted = !view.board.custom && list.every((sp) => sp.id in printed);
  const rows = usePrinted ? 14 : Math.max(view.board.summer.length, view.board.winter.length);
  const pitch = usePrinted ? ROW : Math.min(ROW, (14 * ROW) / rows);
  const half = COL / 2;
  /** @type {Map<string, Cell>} */
  const out = new Map();
  for (const sp of list) {
    const [r, c, rs, cs] = usePrinted ? printed[sp.id] : [sp.position, 0, 1, 2];
    // Sub-column 0 is the outer edge: the left for summer, the right for winter.
    const sub = season === "summer" ? c : cs === 2 ? 0 : 1 - c;
    const x = x0 + sub * half + (sub === 1 ? GAP / 2 : 0);
    const w = cs === 2 ? COL : half - GAP / 2;
    out.set(sp.id, { x, y: TOP + (r - 1) * pitch, w, h: rs * pitch - GAP, mid: cs === 2 || c === 1 });
  }
  return out;
}

/**
 * The action board (Aktionstafel): both seasons' spaces, workers, marker 1,
 * the half-year track and the month spots.
 * @param {View} view @param {Item[]} items @param {BoardInput['act']} act
 */
function actionBoard(view, items, act) {
  const monthsY = TOP + 14 * ROW + 4;
  const H = monthsY + 86;
  const svg = root(W, H, t("ae.board", { half: view.half_year, season: seasonName(view.season) }));
  const targets = placements(items, view.season);
  /** @type {Record<Season, number>} */
  const colX = { summer: PAD, winter: W - PAD - COL };
  const order = new Map(view.placed.map((p) => [`${p.season}:${p.space}`, p.order]));

  for (const season of /** @type {Season[]} */ (["summer", "winter"])) {
    const x0 = colX[season];
    const now = view.season === season;
    const offNote = view.phase !== "placing" ? "" : view.off_season_used_by ? t("ae.offUsed", { who: view.off_season_used_by === "human" ? t("ae.you") : t("ae.vim") }) : t("ae.offFree");
    svg.append(
      s("rect", { x: x0, y: 4, width: COL, height: TOP - 10, rx: 6, fill: season === "summer" ? "#dcefd2" : "#e3ecf6", stroke: now ? "#111" : "#999", "stroke-width": now ? 2.5 : 1 }),
      seasonIcon(season, x0 + 18, 4 + (TOP - 10) / 2),
      s("text", { x: x0 + 34, y: 22, "font-size": 16, "font-weight": 700, fill: "#111", text: seasonName(season) }),
      s("text", { x: x0 + 34, y: 37, "font-size": 12, fill: "#333", text: now ? t("ae.thisHalf") : offNote }),
    );
    // The column's ground, as the printed board tints its two halves.
    svg.append(s("rect", { x: x0 - 3, y: TOP - 3, width: COL + 6, height: 14 * ROW + 2, rx: 7, fill: season === "summer" ? "#e3f0da" : "#e6edf5", opacity: now ? 1 : 0.6 }));
    const boxes = spaceBoxes(view, season, x0);
    for (const sp of view.board[season]) {
      const bx = boxes.get(sp.id);
      if (!bx) continue;
      const key = `${season}:${sp.id}`;
      const i = targets.get(key);
      const g = spaceCell(sp, bx, season, now, i !== undefined, order.get(key));
      const item = i === undefined ? undefined : items[i];
      if (i !== undefined && item) svg.append(target(g, i, item.label, () => act(i, tapped(item, season, view.season))));
      else svg.append(g);
    }
  }
  svg.append(halfYearTrack(view), monthSpots(view, monthsY), legend(H - 14));
  return svg;
}

/**
 * What a tap on a space already says: its half-year (the template's
 * `season`, where "this half-year" and the season's name are one answer).
 * The building erected there, if any, is still asked (no default).
 * @param {Item} item @param {Season} season the tapped space's @param {Season} now
 * @returns {Record<string, unknown>}
 */
function tapped(item, season, now) {
  const dom = /** @type {{one_of?: unknown[]} | undefined} */ (item.params?.season);
  if (!dom?.one_of) return {};
  if (dom.one_of.includes(season)) return { season };
  return season === now && dom.one_of.includes(null) ? { season: null } : {};
}

/**
 * One action space: its name, a house if it is a building space, the
 * worker on it and marker 1. A space the human may take now is drawn white
 * with a dark edge (dashed for the off-season placement); an occupied one
 * is shaded. Marker 1 sits on the edge towards the middle strip, where it
 * crosses over to the opposite space at the end of the half-year; in the
 * building block's outer Carpenter it sits in the top corner instead.
 * @param {SpaceView} sp @param {Cell} bx @param {Season} season @param {boolean} now
 * @param {boolean} open a legal placement goes here
 * @param {number | undefined} placedAs the placement's order this half-year
 */
function spaceCell(sp, bx, season, now, open, placedAs) {
  const narrow = bx.w < COL / 2 + 1;
  const tall = bx.h > ROW;
  const fill = open ? "#fff" : sp.occupied_by ? "#dcdcdc" : now ? "#fafaf7" : "#f1f1ee";
  // An open space's edge is set on the group: the page's hover and focus
  // rule for targets then recolours and thickens it.
  const g = s("g", { class: "space", "data-season": season, "data-space": sp.id, stroke: open ? "#111" : null, "stroke-width": open ? 2 : null });
  g.append(s("rect", { x: bx.x, y: bx.y, width: bx.w, height: bx.h, rx: 5, fill, stroke: open ? null : "#8a8a8a", "stroke-width": open ? null : 1, "stroke-dasharray": !now ? "5 3" : null }));
  const name = spaceName(sp);
  // Keep clear of marker 1 on the inner edge (the winter column's left).
  const left = bx.x + (season === "winter" && bx.mid ? 14 : 7);
  const right = bx.x + bx.w - (season === "summer" && bx.mid ? 14 : 5);
  const cy = bx.y + bx.h / 2;
  const ink = now || open ? "#111" : "#444";
  const weight = open ? 600 : 400;
  /** @param {number} x @param {number} y @param {number} avail @param {number} max */
  const label = (x, y, avail, max) => s("text", { x, y, "font-size": fitFont(name, avail, max), fill: ink, stroke: "none", "font-weight": weight, text: name });
  if (narrow && !tall) {
    // Two lines: the name, then the house and the worker.
    g.append(label(left, bx.y + 14, right - left, 13));
    if (sp.building) g.append(house(left + 8, bx.y + bx.h - 9, 6));
    if (sp.occupied_by) g.append(worker(sp.occupied_by, right - 12, bx.y + bx.h - 10, 8));
  } else if (tall) {
    g.append(label(left, cy + 4, right - left, 13));
    if (sp.building) g.append(house(left + 9, bx.y + bx.h - 12, 8));
    if (sp.occupied_by) g.append(worker(sp.occupied_by, right - 14, bx.y + bx.h - 16, 11));
  } else {
    const piece = right - 16;
    const icon = piece - 28;
    const avail = (sp.building ? icon - 10 : piece - 14) - left;
    const two = fitFont(name, avail, 15) < 13 ? splitTwo(name) : [name];
    if (two.length === 1) g.append(label(left, cy + 5, avail, 15));
    else {
      const fs = Math.min(...two.map((line) => fitFont(line, avail, 13)));
      two.forEach((line, k) => g.append(s("text", { x: left, y: cy + fs * 0.35 + (k - 0.5) * (fs + 1), "font-size": fs, fill: ink, stroke: "none", "font-weight": weight, text: line })));
    }
    if (sp.building) g.append(house(icon, cy, 9));
    if (sp.occupied_by) g.append(worker(sp.occupied_by, piece, cy, 12));
  }
  if (sp.marker1) g.append(bx.mid ? marker(season === "summer" ? bx.x + bx.w : bx.x, cy, "1") : marker(bx.x + bx.w - 14, bx.y + 14, "1"));
  const what = [
    `${seasonName(season)} ${sp.position}: ${name}`,
    sp.building ? t("ae.buildingSpace") : "",
    sp.occupied_by ? `${workerName(sp.occupied_by)}${placedAs ? t("ae.placement", { n: placedAs }) : ""}` : t("ae.free"),
    sp.marker1 ? t("ae.marker1") : "",
  ].filter(Boolean).join(", ");
  if (!open) g.append(s("title", { text: what }));
  return g;
}

/**
 * The largest font size up to `max` (at least 11) at which `text` fits in
 * `avail` units, from an average glyph width of 0.66 em (semi-bold, in the wide fallback sans).
 * @param {string} text @param {number} avail @param {number} max
 */
function fitFont(text, avail, max) {
  return Math.max(11, Math.min(max, Math.floor((avail / (text.length * 0.66)) * 2) / 2));
}

/**
 * A worker: the human's is a round disc, VIM's a square, each with its
 * letter, so colour is never the only cue.
 * @param {Side} side @param {number} cx @param {number} cy @param {number} r
 */
function worker(side, cx, cy, r) {
  const p = PIECE[side];
  const shape = side === "human"
    ? s("circle", { cx, cy, r, fill: p.colour, stroke: "#111", "stroke-width": 1.5 })
    : s("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 3, fill: p.colour, stroke: "#111", "stroke-width": 1.5 });
  return s("g", { class: `worker ${side}` }, [shape, s("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": r * 1.25, "font-weight": 700, fill: p.ink, stroke: "none", text: p.letter })]);
}

/**
 * One of VIM's two markers: a small diamond in VIM's colour with its
 * number (1 = action marker, 2 = building marker). They block nothing.
 * @param {number} cx @param {number} cy @param {string} n @param {number} [r]
 */
function marker(cx, cy, n, r = 11) {
  return s("g", { class: `marker marker${n}` }, [
    s("polygon", { points: `${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}`, fill: PIECE.vim.colour, stroke: "#111", "stroke-width": 1.5 }),
    s("text", { x: cx, y: cy + r * 0.4, "text-anchor": "middle", "font-size": r + 1, "font-weight": 700, fill: "#111", stroke: "none", text: n }),
  ]);
}

/** A small house: the space carries the keyword "Gebäude". @param {number} cx @param {number} cy @param {number} r */
function house(cx, cy, r) {
  const d = `M${cx - r},${cy + r * 0.8} V${cy - r * 0.1} L${cx},${cy - r} L${cx + r},${cy - r * 0.1} V${cy + r * 0.8} Z`;
  return s("path", { class: "house", d, fill: "#7a4a22", stroke: "#111", "stroke-width": 1 });
}

/** A sun or a snowflake for a season's heading. @param {Season} season @param {number} cx @param {number} cy */
function seasonIcon(season, cx, cy) {
  if (season === "summer") {
    const rays = [];
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      rays.push(`M${(cx + 8 * Math.cos(a)).toFixed(1)},${(cy + 8 * Math.sin(a)).toFixed(1)} L${(cx + 12 * Math.cos(a)).toFixed(1)},${(cy + 12 * Math.sin(a)).toFixed(1)}`);
    }
    return s("g", { "aria-hidden": "true" }, [s("circle", { cx, cy, r: 6, fill: "#e6b400", stroke: "#7a5c00" }), s("path", { d: rays.join(" "), stroke: "#7a5c00", "stroke-width": 2 })]);
  }
  const arms = [];
  for (let k = 0; k < 3; k++) {
    const a = (k * Math.PI) / 3 + Math.PI / 2;
    arms.push(`M${(cx - 11 * Math.cos(a)).toFixed(1)},${(cy - 11 * Math.sin(a)).toFixed(1)} L${(cx + 11 * Math.cos(a)).toFixed(1)},${(cy + 11 * Math.sin(a)).toFixed(1)}`);
  }
  return s("path", { d: arms.join(" "), stroke: "#1f5f9a", "stroke-width": 2.5, "stroke-linecap": "round", "aria-hidden": "true" });
}

/**
 * The half-year track down the middle strip: odd half-years summer (sun
 * yellow), even ones winter (snow blue); the current one ringed.
 * @param {View} view
 */
function halfYearTrack(view) {
  const cx = W / 2;
  const g = s("g", { class: "half-years", role: "img", "aria-label": t("ae.track", { half: view.half_year }) });
  const step = (14 * ROW - 30) / 8;
  for (let h = 1; h <= 9; h++) {
    const cy = TOP + 14 + (h - 1) * step;
    const cur = h === view.half_year;
    const past = h < view.half_year;
    g.append(
      s("circle", { cx, cy, r: cur ? 15 : 12, fill: past ? "#d6d6d6" : h % 2 ? "#f5e08a" : "#cfe0f2", stroke: "#111", "stroke-width": cur ? 3.5 : 1 }),
      s("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": cur ? 15 : 13, "font-weight": cur ? 700 : 400, fill: past ? "#555" : "#111", text: String(h) }),
    );
  }
  return g;
}

/**
 * The month spots of the current half-year (July-October or January-April):
 * in each month the start player's worker goes first, the other's second;
 * the workers still waiting stand on their spots.
 * @param {View} view @param {number} y
 */
function monthSpots(view, y) {
  const g = s("g", { class: "months" });
  const other = view.start_player === "human" ? "vim" : "human";
  const done = view.placed.length;
  const startName = view.start_player === "human" ? t("ae.you") : t("ae.vim");
  const line = view.phase === "placing" ? t("ae.toPlace", { you: view.workers_left.human, vim: view.workers_left.vim, start: startName }) : t("ae.allPlayed");
  g.append(s("text", { x: PAD, y: y + 13, "font-size": 13, fill: "#111", text: line }));
  const w = (W - 2 * PAD) / 4;
  months(view.season).forEach((month, m) => {
    const x = PAD + m * w;
    g.append(
      s("rect", { x: x + 2, y: y + 20, width: w - 4, height: 42, rx: 5, fill: "#f4f1e8", stroke: "#8a8a8a" }),
      s("text", { x: x + 8, y: y + 46, "font-size": 13, fill: "#333", text: month }),
    );
    /** @type {[Side, number][]} */
    const spots = [[view.start_player, 2 * m], [other, 2 * m + 1]];
    spots.forEach(([side, j], k) => {
      const cx = x + w - 44 + k * 24;
      if (j >= done && view.phase === "placing") g.append(worker(side, cx, y + 41, 10));
      else g.append(s("circle", { cx, cy: y + 41, r: 9, fill: "none", stroke: "#aaa", "stroke-dasharray": "2 2" }));
    });
  });
  return g;
}

/** What the pieces mean. @param {number} y */
function legend(y) {
  const g = s("g", { class: "legend", "font-size": 12, fill: "#111" });
  g.append(
    worker("human", PAD + 10, y - 4, 8), s("text", { x: PAD + 22, y, text: t("ae.you") }),
    worker("vim", PAD + 62, y - 4, 8), s("text", { x: PAD + 74, y, text: t("ae.vim") }),
    marker(PAD + 118, y - 4, "1"), s("text", { x: PAD + 132, y, text: t("ae.vimMarkers") }),
    house(PAD + 232, y - 4, 7), s("text", { x: PAD + 244, y, text: t("ae.buildingSpace") }),
  );
  return g;
}

/**
 * The building display: the slots in reading order, row by row as printed
 * (two per row in the base game), the buildings still there, who emptied
 * the others, and marker 2. A tile the human may report is a target.
 * @param {View} view @param {Item[]} items @param {BoardInput['act']} act
 */
function buildingDisplay(view, items, act) {
  const DW = 360;
  const rows = Math.max(1, ...view.display.map((sl) => sl.row));
  /** @type {Map<number, SlotView[]>} */
  const byRow = new Map();
  for (const sl of view.display) byRow.set(sl.row, [...(byRow.get(sl.row) ?? []), sl]);
  const cols = Math.max(1, ...[...byRow.values()].map((r) => r.length));
  const top = 50;
  const rh = 46;
  const H = top + rows * rh + 8;
  const svg = root(DW, H, t("ae.display", { n: view.buildings_left }));
  svg.append(
    s("text", { x: 8, y: 22, "font-size": 16, "font-weight": 700, fill: "#111", text: t("ae.buildings", { n: view.buildings_left }) }),
    s("text", { x: 8, y: 40, "font-size": 12, fill: "#333", text: t("ae.marker2Note") }),
  );
  if (view.marker2 === 0) svg.append(marker(DW - 84, 28, "2"), s("text", { x: DW - 70, y: 32, "font-size": 12, fill: "#111", text: t("ae.before1") }));

  /** @type {Map<string, number>} */
  const report = new Map();
  items.forEach((it, i) => {
    const m = fixedFields(it);
    if (m.type !== "report_building") return;
    if (typeof m.building === "string") report.set(m.building, i);
    const dom = /** @type {{one_of?: unknown[]} | undefined} */ (it.params?.building);
    for (const v of dom?.one_of ?? []) if (typeof v === "string") report.set(v, i);
  });

  const cw = (DW - 16) / cols;
  for (const [r, slots] of byRow) {
    slots.forEach((sl, c) => {
      const bx = { x: 8 + c * cw + 2, y: top + (r - 1) * rh, w: cw - 4, h: rh - 6 };
      const i = sl.building ? report.get(sl.building) : undefined;
      const item = i === undefined ? undefined : items[i];
      const g = slotTile(sl, bx, view.marker2 === sl.slot, item !== undefined);
      if (i !== undefined && item && sl.building) {
        const id = sl.building;
        svg.append(target(g, i, `${item.label}: ${buildingName(id)}`, () => act(i, item.move ? {} : { building: id })));
      } else svg.append(g);
    });
  }
  return svg;
}

/**
 * One display slot: its number and colour group (tint and letter) in the
 * left margin, with marker 2 below them; the building on it or, once
 * empty, the building that was there and who emptied it.
 * @param {SlotView} sl @param {Box} bx @param {boolean} m2 marker 2 lies here @param {boolean} open
 */
function slotTile(sl, bx, m2, open) {
  const tl = TILE[sl.colour ?? ""] ?? { fill: "#eee", edge: "#666", letter: "" };
  const g = s("g", { class: "slot", "data-slot": sl.slot, stroke: open ? "#111" : null, "stroke-width": open ? 2 : null });
  const cy = bx.y + bx.h / 2;
  const tag = tl.letter || sl.label.slice(0, 3);
  const x = bx.x + 31;
  const by = sl.emptied_by;
  g.append(s("rect", { x: bx.x, y: bx.y, width: bx.w, height: bx.h, rx: 5, fill: sl.building ? tl.fill : "#fff", stroke: open ? null : tl.edge, "stroke-width": open ? null : 1.5, "stroke-dasharray": sl.building ? null : "4 3" }));
  g.append(s("text", { x: bx.x + 5, y: bx.y + 14, "font-size": 11, "font-weight": 700, fill: tl.edge, stroke: "none", text: `${sl.slot}${tag}` }));
  if (sl.building) {
    const name = buildingName(sl.building);
    const lines = name.length > 16 ? splitTwo(name) : [name];
    lines.forEach((line, k) => {
      g.append(s("text", { x, y: cy + 5 + (k - (lines.length - 1) / 2) * 15, "font-size": 13, "font-weight": 600, fill: "#111", stroke: "none", text: line }));
    });
  } else {
    const was = sl.emptied_building ? buildingName(sl.emptied_building) : t("ae.empty");
    g.append(
      s("text", { x, y: cy - 2, "font-size": fitFont(was, bx.x + bx.w - 28 - x, 12), fill: "#555", stroke: "none", "text-decoration": "line-through", text: was }),
      s("text", { x, y: cy + 13, "font-size": 11, fill: "#333", stroke: "none", text: by === "human" ? t("ae.builtByYou") : by === "vim" ? t("ae.removedByVim") : "" }),
    );
    if (by) g.append(worker(by, bx.x + bx.w - 14, cy, 9));
  }
  if (m2) g.append(marker(bx.x + 13, bx.y + bx.h - 11, "2", 9));
  const what = [t("ae.slot", { slot: sl.slot, label: sl.label }), sl.building ? buildingName(sl.building) : `${t("ae.empty")}${by ? `, ${by === "human" ? t("ae.builtByYou") : t("ae.removedByVim")}` : ""}`, m2 ? t("ae.marker2") : ""].filter(Boolean).join(", ");
  if (!open) g.append(s("title", { text: what }));
  return g;
}

/** A name in two lines at the space nearest its middle. @param {string} name */
function splitTwo(name) {
  const mid = name.length / 2;
  let best = -1;
  for (let k = 0; k < name.length; k++) if (name[k] === " " && (best < 0 || Math.abs(k - mid) < Math.abs(best - mid))) best = k;
  return best < 0 ? [name] : [name.slice(0, best), name.slice(best + 1)];
}
