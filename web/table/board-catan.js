// The Catan island, drawn from the view of `catan-shadow` (Schattenwirtschaft)
// or `catan-ck-duel` (Cities & Knights for two). Both views are first read
// into one `Island` (terrains, tokens, harbours, pieces), so one drawing
// serves both; the legal moves that act on a place (a hex, a path, an
// intersection) become targets there.
//
// Geometry (CAT-BOARD-1..-5, -10, -16 in shared/rules/catan-base.md, the
// server's src/games/catan/geometry.rs): pointy-top hexes in axial (q, r);
// an intersection is the top `N(q,r)` or bottom `S(q,r)` corner of one hex,
// a path the NE, E or SE side of one hex (sea hexes included). The views
// give ids in that notation, never pixel positions, so positions are
// computed here.
import { s, root, SEAT_COLOURS, hexPoints, target, wrap } from "./svg.js";
import { fixedFields, params } from "./api.js";
import { t, lang, DICTS } from "./i18n.js";

/** @typedef {import('./board.js').BoardInput} BoardInput */
/** @typedef {import('./api.js').LegalItem} LegalItem */
/** @typedef {import('./types/api').components['schemas']} S */
/** @typedef {S['CatanShadowView']} ShadowView */
/** @typedef {S['CatanCkDuelView']} DuelView */
/** @typedef {S['CatanShadowFictiveTurn']} FictiveTurn */

/** @typedef {[number, number]} Hex a hex [q, r] */
/** @typedef {[number, number, string]} Corner an intersection [q, r, "N"|"S"] */
/** @typedef {[number, number, string]} Path a path [q, r, "NE"|"E"|"SE"] */
/** @typedef {[number, number]} XY */

/**
 * One land hex as drawn.
 * @typedef {object} Tile
 * @property {Hex} hex
 * @property {string} terrain
 * @property {number | null} token
 * @property {boolean} removed taken out for the fictive players (catan-shadow)
 */

/**
 * A settlement or city (with the C&K extras).
 * @typedef {object} Building
 * @property {Corner} at
 * @property {string} colour
 * @property {boolean} city
 * @property {boolean} wall
 * @property {string | null} metropolis the improvement track of its metropolis
 */

/**
 * The board of either game, as the drawing needs it.
 * @typedef {object} Island
 * @property {Tile[]} tiles
 * @property {{edge: Path, kind: string, inPlay: boolean}[]} harbours
 * @property {Building[]} buildings
 * @property {{edge: Path, colour: string}[]} roads
 * @property {{at: Corner, colour: string, level: number, active: boolean}[]} knights
 * @property {Hex} robber
 * @property {boolean} robberAwake
 * @property {{hex: Hex, colour: string} | null} merchant
 * @property {Corner[]} unplayable intersections next to removed land
 * @property {Record<string, string>} names display name of each colour id
 * @property {(seat: number) => string} seatColour the colour id of a seat index
 * @property {string[]} status lines under the island (removal, fictive turn, dice)
 * @property {{position: number, track: number} | null} barbarians
 */

const R = 60;
const SQ3 = Math.sqrt(3);

// --- geometry -------------------------------------------------------------

/** Centre of hex (q, r), island centre at the origin. @param {number} q @param {number} r @returns {XY} */
const centre = (q, r) => [R * SQ3 * (q + r / 2), 1.5 * R * r];

/** Whether (q, r) is land (CAT-BOARD-1). @param {number} q @param {number} r */
const isLand = (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 2;

/**
 * The canonical N/S id of an intersection; the aliases NE, SE, SW, NW of a
 * hex are read as CAT-BOARD-3 names them.
 * @param {Corner} v @returns {Corner}
 */
function corner(v) {
  const [q, r, c] = v;
  switch (c) {
    case "NE": return [q + 1, r - 1, "S"];
    case "SE": return [q, r + 1, "N"];
    case "SW": return [q - 1, r + 1, "N"];
    case "NW": return [q, r - 1, "S"];
    default: return [q, r, c];
  }
}

/** The canonical NE/E/SE id of a path (CAT-BOARD-4 aliases SW, W, NW). @param {Path} e @returns {Path} */
function path(e) {
  const [q, r, d] = e;
  switch (d) {
    case "SW": return [q - 1, r + 1, "NE"];
    case "W": return [q - 1, r, "E"];
    case "NW": return [q, r - 1, "SE"];
    default: return [q, r, d];
  }
}

/** @param {Corner} v @returns {XY} */
function cornerXY(v) {
  const [q, r, c] = corner(v);
  const [x, y] = centre(q, r);
  return [x, c === "N" ? y - R : y + R];
}

/** The two ends of a path (CAT-BOARD-4). @param {Path} e @returns {[Corner, Corner]} */
function ends(e) {
  const [q, r, d] = path(e);
  if (d === "NE") return [[q, r, "N"], [q + 1, r - 1, "S"]];
  if (d === "E") return [[q + 1, r - 1, "S"], [q, r + 1, "N"]];
  return [[q, r + 1, "N"], [q, r, "S"]];
}

/** The three hexes (land or sea) at an intersection (CAT-BOARD-3). @param {Corner} v @returns {Hex[]} */
function cornerHexes(v) {
  const [q, r, c] = corner(v);
  return c === "N" ? [[q, r], [q, r - 1], [q + 1, r - 1]] : [[q, r], [q, r + 1], [q - 1, r + 1]];
}

/** The two hexes (land or sea) a path borders. @param {Path} e @returns {Hex[]} */
function pathHexes(e) {
  const [q, r, d] = path(e);
  if (d === "NE") return [[q, r], [q + 1, r - 1]];
  if (d === "E") return [[q, r], [q + 1, r]];
  return [[q, r], [q, r + 1]];
}

/** @param {Path} e @returns {XY} */
function pathMid(e) {
  const [a, b] = ends(e).map(cornerXY);
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** A place's key, for grouping and lookup. @param {unknown[]} id */
const key = (id) => id.join(",");

/**
 * The 9 harbour paths by position (CAT-BOARD-10). The catan-ck-duel view
 * lists only the kinds in position order, so the paths come from the rule.
 * @type {Path[]}
 */
const HARBOUR_PATHS = [[0, -3, "SE"], [1, -2, "NE"], [2, -1, "NE"], [2, 0, "E"], [1, 1, "SE"], [-1, 2, "SE"], [-3, 3, "NE"], [-3, 1, "E"], [-2, -1, "E"]];

// --- what the pieces and terrains look like --------------------------------

/** Terrain colour, the resource it yields and its letter (the letter is what a colour-blind player reads). */
const TERRAIN = /** @type {Record<string, {fill: string, resource: string, letter: string}>} */ ({
  forest: { fill: "#3f8f4a", resource: "lumber", letter: "L" },
  pasture: { fill: "#a8d672", resource: "wool", letter: "W" },
  fields: { fill: "#f2cd5c", resource: "grain", letter: "G" },
  hills: { fill: "#d0744a", resource: "brick", letter: "B" },
  mountains: { fill: "#9aa3ad", resource: "ore", letter: "O" },
  desert: { fill: "#eadcb4", resource: "nothing", letter: "" },
});

/** Harbour colours by kind (the resource of its terrain). */
const HARBOUR = /** @type {Record<string, {fill: string, letter: string}>} */ ({
  generic: { fill: "#ffffff", letter: "" },
  lumber: { fill: TERRAIN.forest.fill, letter: "L" },
  wool: { fill: TERRAIN.pasture.fill, letter: "W" },
  grain: { fill: TERRAIN.fields.fill, letter: "G" },
  brick: { fill: TERRAIN.hills.fill, letter: "B" },
  ore: { fill: TERRAIN.mountains.fill, letter: "O" },
});

// --- words, in the page's language (the server's German terms) --------------

/** A message key built from an id, or null when the table has none. @param {string} prefix @param {unknown} id @returns {string | null} */
function known(prefix, id) {
  const k = `${prefix}${String(id)}`;
  return k in DICTS.en ? t(/** @type {import('./i18n.js').Key} */ (k)) : null;
}
/** A terrain's name ("hills" → "Hügelland"). @param {string} id */
const terrainName = (id) => known("cat.terrain.", id) ?? id;
/** A resource's or commodity's name. @param {string} id */
const resourceName = (id) => known("cat.res.", id) ?? id.replace(/_/g, " ");
/** The letter a resource is shown by (its name's first letter: H for Holz in German). @param {string} id */
const resourceLetter = (id) => known("cat.letter.", id) ?? "";
/** A card's name (development or progress card). @param {string} id */
const cardName = (id) => known("cat.card.", id) ?? id.replace(/_/g, " ");
/** A colour's display name from the view ("red" → "rot"). @param {string} name */
const colourWord = (name) => known("cat.colour.", name.toLowerCase().trim()) ?? name;
/** A side of the island as the German texts write it (NE → NO). @param {string} side */
const sideName = (side) => (lang() === "de" ? side.replace(/E/g, "O") : side);

/**
 * Piece colours by the colour's display name, taken from the Okabe–Ito
 * palette where it has one, so a player's "red" pieces look red on the
 * screen and stay distinct for colour-blind players (each piece also
 * carries its letter).
 */
const NAMED = /** @type {Record<string, string>} */ ({
  red: "#d55e00", blue: "#0072b2", orange: "#e69f00", green: "#009e73", yellow: "#f0e442",
  white: "#ffffff", black: "#222222", pink: "#cc79a7", purple: "#cc79a7", brown: "#8c5a2b", sky: "#56b4e9",
});

const COLOUR_IDS = ["a", "b", "n1", "n2", "f1", "f2"];

/** Fill of a colour's pieces. @param {Island} isl @param {string} id */
function fillOf(isl, id) {
  const name = (isl.names[id] ?? "").toLowerCase().trim();
  return NAMED[name] ?? SEAT_COLOURS[Math.max(0, COLOUR_IDS.indexOf(id))] ?? "#777777";
}

/** The letter on a colour's pieces: A, B for the seats, 1, 2 for the neutral or fictive pairs. @param {string} id */
const letterOf = (id) => (id.length > 1 ? id.slice(1) : id.toUpperCase());

/** Text colour readable on `fill`. @param {string} fill */
function ink(fill) {
  const n = parseInt(fill.slice(1), 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#111111" : "#ffffff";
}

/** A colour as texts name it: "red (A)". @param {{names: Record<string, string>}} isl @param {string} id */
const colourName = (isl, id) => t("cat.colourName", { name: colourWord(isl.names[id] ?? id), letter: letterOf(id) });

/** Pips of a number token (ways to roll it out of 36). @param {number} n */
const pips = (n) => 6 - Math.abs(7 - n);

// --- reading the views ----------------------------------------------------

/** @param {ShadowView} v @returns {Island} */
function shadowIsland(v) {
  const bd = v.board;
  const names = { a: "A", b: "B", ...v.colours };
  const seatColour = (/** @type {number} */ seat) => (seat === 0 ? "a" : "b");
  const seatName = (/** @type {number} */ seat) => colourName({ names }, seatColour(seat));
  /** @type {string[]} */
  const status = [];
  const kept = v.removal.rolls.find((x) => x.kept) ?? v.removal.rolls[v.removal.rolls.length - 1];
  if (kept) {
    const state = t(v.removal.applied ? "cat.land.removed" : v.stage.stage === "removal_vote" ? "cat.land.vote" : "cat.land.rolled");
    const sides = t(kept.sides.length > 1 ? "cat.sides" : "cat.side", { sides: kept.sides.map(sideName).join(", ") });
    const n = v.removal.rerolls;
    const rerolls = n ? (n > 1 ? t("cat.rerolls", { n }) : t("cat.reroll")) : "";
    status.push(t("cat.landLine", { state, sides, dice: kept.dice.join("+"), red: kept.red_tokens_lost, rerolls }));
  } else if (v.stage.stage === "removal") status.push(t("cat.notRolled"));
  const roll = v.turn.rolls[v.turn.rolls.length - 1];
  if (roll) status.push(t("cat.rolled", { who: seatName(v.turn.active), dice: roll.join("+"), sum: roll.reduce((a, b) => a + b, 0) }));
  if (v.fictive) status.push(fictiveLine(v.fictive, seatName));
  return {
    tiles: bd.tiles.map((t) => ({ hex: t.hex, terrain: t.terrain, token: t.token ?? null, removed: t.removed })),
    harbours: bd.harbours.map((h) => ({ edge: h.edge, kind: h.kind, inPlay: h.in_play })),
    buildings: bd.buildings.map((x) => ({ at: x.vertex, colour: x.colour, city: x.kind === "city", wall: false, metropolis: null })),
    roads: bd.roads.map((x) => ({ edge: x.edge, colour: x.colour })),
    knights: [],
    robber: bd.robber,
    robberAwake: true,
    merchant: null,
    unplayable: bd.unplayable_vertices,
    names,
    seatColour,
    status,
    barbarians: null,
  };
}

/**
 * The shadow economy's turn as one line: which fictive player, who runs it,
 * its roll, the card it offers and the auction.
 * @param {FictiveTurn} f @param {(seat: number) => string} seatName
 */
function fictiveLine(f, seatName) {
  const parts = [t("cat.fictive", { n: f.fictive, who: seatName(f.runner) })];
  if (f.roll) parts.push(t("cat.fictiveRoll", { dice: f.roll.join("+"), sum: f.roll.reduce((a, b) => a + b, 0) }));
  if (f.chooser !== null && f.chooser !== undefined) parts.push(t("cat.fictiveRobber", { who: seatName(f.chooser) }));
  if (f.offer) parts.push(t("cat.fictiveOffer", { card: resourceName(f.offer) }));
  const au = f.auction;
  if (au) {
    const bids = au.order.map((seat) => {
      const o = au.offers[seat];
      const n = o ? Object.values(o).reduce((a, b) => a + (b ?? 0), 0) : null;
      const waiting = !au.bidding && au.order.indexOf(seat) >= au.entry_next;
      const who = seatName(seat);
      return n !== null ? t(n === 1 ? "cat.bid1" : "cat.bids", { who, n }) : t(waiting ? "cat.bidWaiting" : "cat.bidOut", { who });
    });
    parts.push(t("cat.auction", { bids: bids.join(", "), who: seatName(au.to_act) }));
  }
  return parts.join(" · ");
}

/** Event die faces (CCK-DICE-1). @param {number} e */
const eventFace = (e) => t(e <= 3 ? "cat.face.ship" : e === 4 ? "cat.face.trade" : e === 5 ? "cat.face.politics" : "cat.face.science");

/** @param {DuelView} v @returns {Island} */
function duelIsland(v) {
  /** @type {string[]} */
  const status = [];
  const roll = v.rolls[v.rolls.length - 1];
  if (roll) status.push(t("cat.duelRoll", { who: colourName({ names: v.colours }, v.active), white: roll.white, red: roll.red, sum: roll.sum, face: eventFace(roll.event) }));
  if (!v.robber_awake) status.push(t("cat.robberSleeps"));
  const names = { ...v.colours };
  return {
    tiles: v.hexes.map((t) => ({ hex: t.hex, terrain: t.terrain, token: t.token || null, removed: false })),
    harbours: v.harbours.map((kind, i) => ({ edge: HARBOUR_PATHS[i] ?? HARBOUR_PATHS[0], kind, inPlay: true })),
    buildings: v.buildings.map((x) => ({ at: x.vertex, colour: x.colour, city: x.city, wall: x.wall, metropolis: x.metropolis ?? null })),
    roads: v.roads.map((x) => ({ edge: x.edge, colour: x.colour })),
    knights: v.knights.map((k) => ({ at: k.vertex, colour: k.colour, level: k.level, active: k.active })),
    robber: v.robber,
    robberAwake: v.robber_awake,
    merchant: v.merchant ? { hex: v.merchant.hex, colour: v.merchant.seat } : null,
    unplayable: [],
    names,
    seatColour: (seat) => (seat === 0 ? "a" : "b"),
    status,
    barbarians: { position: v.barbarian.position, track: v.barbarian.track },
  };
}

// --- places in words (for the targets' labels) -----------------------------

/** "hills 6" or "the sea". @param {Map<string, Tile>} tiles @param {Hex} h */
function hexWords(tiles, h) {
  const t = tiles.get(key(h));
  if (!t) return tr("cat.sea");
  return `${tileWords(t)}${t.removed ? tr("cat.removedSuffix") : ""}`;
}

/** "hills 6" ("Hügelland 6"), or the terrain alone. @param {Tile} tl */
const tileWords = (tl) => (tl.token ? t("cat.hex", { terrain: terrainName(tl.terrain), token: tl.token }) : terrainName(tl.terrain));
const tr = t;

/** @param {string[]} xs */
const list = (xs) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")}${t("table.and")}${xs[xs.length - 1]}`);

/** The words of an intersection's land and sea, and its id. @param {Map<string, Tile>} tiles @param {Corner} at */
function cornerParams(tiles, at) {
  const [q, r, c] = corner(at);
  const land = cornerHexes(at).filter((h) => tiles.has(key(h))).map((h) => hexWords(tiles, h));
  return { land: list(land.length < 3 ? [...land, t("cat.sea")] : land), id: `${c}(${q},${r})` };
}

/** @param {Map<string, Tile>} tiles @param {Place} p */
function placeWords(tiles, p) {
  if (p.kind === "hex") return t("cat.toHex", { hex: hexWords(tiles, p.at), id: p.at.join(",") });
  if (p.kind === "corner") return t("cat.atCorner", cornerParams(tiles, p.at));
  const [q, r, d] = path(p.at);
  const land = pathHexes(p.at).filter((h) => tiles.has(key(h))).map((h) => hexWords(tiles, h));
  return t(land.length < 2 ? "cat.coast" : "cat.between", { land: list(land), id: `${d}(${q},${r})` });
}

// --- the legal moves that act on a place ----------------------------------

/** @typedef {{kind: "hex", at: Hex} | {kind: "corner", at: Corner} | {kind: "path", at: Path}} Place */

/**
 * One target: legal item `i` done with `values`, at `place` (coming from
 * the intersection `from` for a knight's move).
 * @typedef {object} Offer
 * @property {number} i
 * @property {Record<string, unknown>} values
 * @property {Place} place
 * @property {Corner | null} from
 * @property {string} label
 * @property {string} glyph what a click does, in one character
 */

/** What a kind of move shows in its target: a glyph key (the first letters of its piece or card in the page's language) or a sign. */
const GLYPH = /** @type {Record<string, string>} */ ({
  place_setup_settlement: "settlement", build_settlement: "settlement", place_setup_city: "city", build_city: "city",
  build_city_wall: "wall", place_metropolis: "metropolis", build_knight: "knight", relocate_knight: "knight",
  activate_knight: "activate", promote_knight: "promote", remove_own_knight: "×", knight_move: "→",
  knight_displace: "displace", knight_chase_robber: "robber", move_robber: "robber", choose_pillaged_city: "!",
  deserter_pick: "deserter", deserter_place: "knight", diplomat_replace: "diplomat", build_road: "", place_setup_road: "",
});

/** The glyph of a kind of move. @param {string} type */
function glyphOf(type) {
  const g = GLYPH[type];
  if (g === undefined) return "•";
  return known("cat.glyph.", g) ?? g;
}

/**
 * Where a move acts, if on one place: `to` (from `from`) for a knight's
 * move, `hex` (from `knight`) for chasing the robber, else its `vertex`,
 * `knight`, `edge` or `hex`. Moves on several places at once (road
 * building's two paths) stay with the controls below the board.
 * @param {Record<string, unknown>} m
 * @returns {{place: Place, from: Corner | null} | null}
 */
function placeOf(m) {
  const c = (/** @type {unknown} */ x) => (Array.isArray(x) && x.length === 3 && typeof x[2] === "string" && ["N", "S", "NE", "SE", "SW", "NW"].includes(x[2]) ? /** @type {Corner} */ (x) : null);
  const e = (/** @type {unknown} */ x) => (Array.isArray(x) && x.length === 3 && typeof x[2] === "string" ? /** @type {Path} */ (x) : null);
  const h = (/** @type {unknown} */ x) => (Array.isArray(x) && x.length === 2 && typeof x[0] === "number" ? /** @type {Hex} */ (x) : null);
  const to = c(m.to), from = c(m.from), hex = h(m.hex), knight = c(m.knight), vertex = c(m.vertex), edge = e(m.edge);
  if (to) return { place: { kind: "corner", at: to }, from };
  if (hex && knight) return { place: { kind: "hex", at: hex }, from: knight };
  if (vertex) return { place: { kind: "corner", at: vertex }, from: null };
  if (knight) return { place: { kind: "corner", at: knight }, from: null };
  if (edge) return { place: { kind: "path", at: edge }, from: null };
  if (hex) return { place: { kind: "hex", at: hex }, from: null };
  return null;
}

/**
 * The targets for this seat's legal moves: a plain move with a place, or a
 * template whose one open field names a place (one target per choice; any
 * other field must have a single choice, which is filled in).
 * @param {LegalItem[]} legal @param {Island} isl @param {Map<string, Tile>} tiles
 * @returns {Offer[]}
 */
function offers(legal, isl, tiles) {
  /** @type {Offer[]} */
  const out = [];
  legal.forEach((item, i) => {
    /** @type {{move: Record<string, unknown>, values: Record<string, unknown>}[]} */
    const choices = [];
    const move = /** @type {{move?: unknown}} */ (item).move;
    if (move) choices.push({ move: /** @type {Record<string, unknown>} */ (move), values: {} });
    else {
      const tpl = fixedFields(item);
      /** @type {Record<string, unknown>} */
      const fixed = {};
      /** @type {[string, unknown[]][]} */
      const open = [];
      for (const [name, dom] of params(item)) {
        if ("one_of" in dom && dom.one_of.length === 1) fixed[name] = dom.one_of[0];
        else if ("integer" in dom && dom.integer.max === dom.integer.min) fixed[name] = dom.integer.min;
        else if ("one_of" in dom) open.push([name, dom.one_of]);
        else return;
      }
      const only = open[0];
      if (open.length !== 1 || !only) return;
      for (const value of only[1]) {
        const values = { ...fixed, [only[0]]: value };
        choices.push({ move: { ...tpl, ...values }, values });
      }
    }
    for (const { move: m, values } of choices) {
      const at = placeOf(m);
      if (!at) continue;
      const type = String(m.type ?? "");
      const extra = [typeof m.card === "string" ? cardName(m.card) : null, typeof m.colour === "string" ? colourWord(isl.names[m.colour] ?? m.colour) : null, typeof m.target === "string" ? colourWord(isl.names[m.target] ?? m.target) : null].filter((x) => typeof x === "string");
      const from = at.from ? t("cat.fromCorner", cornerParams(tiles, at.from)) : "";
      const label = `${item.label}${extra.length ? ` (${extra.join(", ")})` : ""} ${placeWords(tiles, at.place)}${from}`;
      let glyph = glyphOf(type);
      if (type === "neutral_build" && typeof m.colour === "string") glyph = letterOf(m.colour);
      if (type === "play_progress" && typeof m.card === "string") glyph = cardName(m.card).charAt(0).toUpperCase();
      out.push({ i, values, place: at.place, from: at.from, label, glyph });
    }
  });
  return out;
}

// --- drawing --------------------------------------------------------------

/** Fill patterns that tell the terrains apart without colour. */
function patterns() {
  const p = (/** @type {string} */ id, /** @type {number} */ w, /** @type {number} */ h, /** @type {SVGElement[]} */ kids) => s("pattern", { id: `catan-${id}`, width: w, height: h, patternUnits: "userSpaceOnUse" }, kids);
  const line = { stroke: "#000", "stroke-opacity": 0.22, "stroke-width": 2, fill: "none" };
  return s("defs", {}, [
    p("forest", 20, 20, [s("path", { d: "M10 3 L16 15 L4 15 Z", fill: "#000", "fill-opacity": 0.2 })]),
    p("pasture", 22, 14, [s("path", { d: "M2 10 Q6 4 10 10 M12 10 Q16 4 20 10", ...line })]),
    p("fields", 12, 12, [s("path", { d: "M0 12 L12 0", ...line })]),
    p("hills", 24, 12, [s("path", { d: "M0 0.5 H24 M0 6.5 H24 M6 0 V6 M18 6 V12", ...line })]),
    p("mountains", 24, 16, [s("path", { d: "M0 14 L6 4 L12 14 L18 4 L24 14", ...line })]),
    p("desert", 16, 16, [s("circle", { cx: 4, cy: 4, r: 1.5, fill: "#000", "fill-opacity": 0.2 }), s("circle", { cx: 12, cy: 12, r: 1.5, fill: "#000", "fill-opacity": 0.2 })]),
    p("removed", 10, 10, [s("path", { d: "M0 10 L10 0 M-2 2 L2 -2 M8 12 L12 8", stroke: "#333", "stroke-opacity": 0.5, "stroke-width": 2 })]),
  ]);
}

/** @param {Tile} tl */
function drawTile(tl) {
  const t = tl;
  const [x, y] = centre(...t.hex);
  const ter = TERRAIN[t.terrain] ?? TERRAIN.desert;
  const kids = [
    s("polygon", { points: hexPoints(x, y, R), fill: t.removed ? "#c9c9c9" : ter.fill, stroke: "#f5efe0", "stroke-width": 3 }),
    s("polygon", { points: hexPoints(x, y, R - 2), fill: `url(#catan-${t.removed ? "removed" : t.terrain})` }),
    ter.letter ? s("text", { x, y: y - 0.5 * R, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 20, "font-weight": 700, fill: t.removed ? "#555" : ink(ter.fill), text: resourceLetter(ter.resource) }) : null,
  ];
  if (t.removed) kids.push(s("text", { x, y: y + 0.58 * R, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 14, "font-weight": 700, fill: "#333", text: tr("cat.removed") }));
  if (t.token) {
    const red = t.token === 6 || t.token === 8;
    const n = pips(t.token);
    const dots = [];
    for (let k = 0; k < n; k++) dots.push(s("circle", { cx: x + (k - (n - 1) / 2) * 5, cy: y + 11, r: 1.8, fill: red ? "#b3261e" : "#222" }));
    kids.push(s("g", { opacity: t.removed ? 0.55 : null }, [
      s("circle", { cx: x, cy: y, r: 21, fill: "#fbf3dc", stroke: "#6b5b3e", "stroke-width": 1.5 }),
      s("text", { x, y: y - 3, "text-anchor": "middle", "dominant-baseline": "central", "font-size": red ? 21 : 19, "font-weight": red ? 800 : 700, fill: red ? "#b3261e" : "#222", text: t.token }),
      ...dots,
    ]));
  }
  const ttl = t.removed ? tr("cat.tileRemoved", { hex: tileWords(t) }) : tileWords(t);
  return s("g", { class: "tile" }, [s("title", { text: ttl }), ...kids]);
}

/** A harbour: a label in the sea with piers to its two intersections. @param {{edge: Path, kind: string, inPlay: boolean}} h */
function drawHarbour(h) {
  const [m0, m1] = pathMid(h.edge);
  const sea = pathHexes(h.edge).find(([q, r]) => !isLand(q, r)) ?? pathHexes(h.edge)[0];
  const [sx, sy] = centre(...sea);
  const x = m0 + (sx - m0) * 0.62, y = m1 + (sy - m1) * 0.62;
  const look = HARBOUR[h.kind] ?? HARBOUR.generic;
  const text = h.kind === "generic" ? "3:1" : `2:1 ${resourceLetter(h.kind)}`;
  const [a, b] = ends(h.edge).map(cornerXY);
  return s("g", { class: "harbour", opacity: h.inPlay ? null : 0.4 }, [
    s("title", { text: `${h.kind === "generic" ? t("cat.harbour3") : t("cat.harbour2", { resource: resourceName(h.kind) })}${h.inPlay ? "" : t("cat.outOfPlay")}` }),
    s("path", { d: `M${a[0]},${a[1]} L${x},${y} L${b[0]},${b[1]}`, stroke: "#7a5a36", "stroke-width": 4, fill: "none" }),
    s("rect", { x: x - 25, y: y - 13, width: 50, height: 26, rx: 8, fill: look.fill, stroke: "#333", "stroke-width": 1.5 }),
    s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16, "font-weight": 700, fill: ink(look.fill), text }),
  ]);
}

/** @param {Island} isl @param {{edge: Path, colour: string}} rd */
function drawRoad(isl, rd) {
  const [a, b] = ends(rd.edge).map(cornerXY);
  // Shortened so the intersections' pieces stay visible.
  const t = 0.17;
  const p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], q = [b[0] + (a[0] - b[0]) * t, b[1] + (a[1] - b[1]) * t];
  const d = `M${p[0]},${p[1]} L${q[0]},${q[1]}`;
  const fill = fillOf(isl, rd.colour);
  const [mx, my] = pathMid(rd.edge);
  return s("g", { class: "road" }, [
    s("title", { text: tr("cat.road", { who: colourName(isl, rd.colour) }) }),
    s("path", { d, stroke: "#1b1b1b", "stroke-width": 13, "stroke-linecap": "round" }),
    s("path", { d, stroke: fill, "stroke-width": 9, "stroke-linecap": "round" }),
    s("text", { x: mx, y: my, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-weight": 800, fill: ink(fill), text: letterOf(rd.colour) }),
  ]);
}

/** Track colours (CCK-IMP-1) of a metropolis. */
const TRACK = /** @type {Record<string, string>} */ ({ trade: "#f0e442", politics: "#0072b2", science: "#009e73" });

/** A settlement (a house) or city (a house with a tower), a wall around a city, a metropolis flag. @param {Island} isl @param {Building} bu */
function drawBuilding(isl, bu) {
  const [x, y] = cornerXY(bu.at);
  const fill = fillOf(isl, bu.colour);
  const kids = [];
  if (bu.wall) kids.push(s("rect", { x: x - 21, y: y - 19, width: 42, height: 38, rx: 5, fill: "#5b4a3a", stroke: "#1b1b1b", "stroke-width": 1.5 }));
  const d = bu.city
    ? `M${x - 16},${y + 12} V${y - 4} H${x - 4} V${y - 16} L${x + 5},${y - 22} L${x + 14},${y - 16} V${y + 12} Z`
    : `M${x - 11},${y + 11} V${y - 3} L${x},${y - 14} L${x + 11},${y - 3} V${y + 11} Z`;
  kids.push(s("path", { d, fill, stroke: "#1b1b1b", "stroke-width": 2, "stroke-linejoin": "round" }));
  kids.push(s("text", { x: bu.city ? x - 1 : x, y: y + 3, "text-anchor": "middle", "dominant-baseline": "central", "font-size": bu.city ? 15 : 13, "font-weight": 800, fill: ink(fill), text: letterOf(bu.colour) }));
  if (bu.metropolis) {
    const tf = TRACK[bu.metropolis] ?? "#ffffff";
    kids.push(s("path", { d: `M${x + 5},${y - 22} V${y - 44} H${x + 27} L${x + 22},${y - 37} L${x + 27},${y - 30} H${x + 5}`, fill: tf, stroke: "#1b1b1b", "stroke-width": 1.5, "stroke-linejoin": "round" }));
    kids.push(s("text", { x: x + 14, y: y - 37, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, "font-weight": 800, fill: ink(tf), text: known("cat.trackLetter.", bu.metropolis) ?? bu.metropolis.charAt(0).toUpperCase() }));
  }
  const what = `${t(bu.city ? "cat.city" : "cat.settlement", { who: colourName(isl, bu.colour) })}${bu.wall ? t("cat.withWall") : ""}${bu.metropolis ? t("cat.metropolis", { track: known("cat.track.", bu.metropolis) ?? bu.metropolis }) : ""}`;
  return s("g", { class: "building" }, [s("title", { text: what }), ...kids]);
}

/** A knight: a round shield, its level as 1–3 rings and digit; an inactive one is pale and dashed. @param {Island} isl @param {{at: Corner, colour: string, level: number, active: boolean}} k */
function drawKnight(isl, k) {
  const [x, y] = cornerXY(k.at);
  const fill = fillOf(isl, k.colour);
  const kids = [s("circle", { cx: x, cy: y, r: 15, fill: k.active ? fill : "#ffffff", stroke: k.active ? "#1b1b1b" : fill === "#ffffff" ? "#1b1b1b" : fill, "stroke-width": 3, "stroke-dasharray": k.active ? null : "4 3" })];
  for (let l = 1; l < k.level; l++) kids.push(s("circle", { cx: x, cy: y, r: 15 + 4 * l, fill: "none", stroke: "#1b1b1b", "stroke-width": 2 }));
  const tf = k.active ? ink(fill) : "#111111";
  kids.push(s("text", { x, y: y - 3, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, "font-weight": 800, fill: tf, text: letterOf(k.colour) }));
  // The level also as pips under the letter, so it reads without the rings.
  for (let l = 0; l < k.level; l++) kids.push(s("circle", { cx: x + (l - (k.level - 1) / 2) * 5, cy: y + 8, r: 1.8, fill: tf }));
  const level = known("cat.knight", k.level) ?? "";
  return s("g", { class: "knight" }, [s("title", { text: t("cat.knight", { who: colourName(isl, k.colour), level, n: k.level, state: t(k.active ? "cat.active" : "cat.inactive") }).replace(/\s+/g, " ") }), ...kids]);
}

/** The robber: a dark pawn beside the token; pale while asleep (CCK-SEVEN-2). @param {Hex} h @param {boolean} awake */
function drawRobber(h, awake) {
  const [cx, cy] = centre(...h);
  const x = cx - 0.52 * R, y = cy + 2;
  return s("g", { class: "robber", opacity: awake ? null : 0.5 }, [
    s("title", { text: t(awake ? "cat.robber" : "cat.robberAsleep") }),
    s("path", { d: `M${x - 10},${y + 16} Q${x - 10},${y - 2} ${x - 4},${y - 6} A8 8 0 1 1 ${x + 4},${y - 6} Q${x + 10},${y - 2} ${x + 10},${y + 16} Z`, fill: "#2b2b2b", stroke: "#f5f5f5", "stroke-width": 1.5 }),
    s("text", { x, y: y + 7, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 10, "font-weight": 800, fill: "#fff", text: t("cat.robberLetter") }),
  ]);
}

/** The merchant (C&K): a coloured figure with "M", beside the token. @param {Island} isl @param {{hex: Hex, colour: string}} m */
function drawMerchant(isl, m) {
  const [cx, cy] = centre(...m.hex);
  const x = cx + 0.52 * R, y = cy + 2;
  const fill = fillOf(isl, m.colour);
  return s("g", { class: "merchant" }, [
    s("title", { text: t("cat.merchant", { who: colourName(isl, m.colour) }) }),
    s("path", { d: `M${x - 11},${y + 15} L${x - 7},${y - 4} A8 8 0 1 1 ${x + 7},${y - 4} L${x + 11},${y + 15} Z`, fill, stroke: "#1b1b1b", "stroke-width": 2 }),
    s("text", { x, y: y + 5, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-weight": 800, fill: ink(fill), text: t("cat.merchantLetter") }),
  ]);
}

/** A target's look: a yellow disc (Okabe–Ito yellow, dark outline) with what a click does. @param {number} x @param {number} y @param {number} r @param {string} glyph */
function disc(x, y, r, glyph) {
  return [
    s("circle", { cx: x, cy: y, r, fill: "#f0e442", "fill-opacity": 0.92, stroke: "#111", "stroke-width": 2.5 }),
    glyph ? s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 1.15, "font-weight": 800, fill: "#111", "pointer-events": "none", text: glyph }) : null,
  ];
}

/**
 * The targets, grouped by place. One move on a free intersection or path is
 * a disc or bar on it; several moves on one place, or a move on an
 * occupied intersection, become small discs pushed towards the hexes
 * around it, so the piece stays visible and no target covers another.
 * @param {Offer[]} list @param {Island} isl @param {(o: Offer) => void} act
 * @returns {{arrows: SVGElement[], hexes: SVGElement[], paths: SVGElement[], corners: SVGElement[]}}
 */
function drawTargets(list, isl, act) {
  const occupied = new Set([...isl.buildings.map((b) => key(corner(b.at))), ...isl.knights.map((k) => key(corner(k.at)))]);
  /** @type {Map<string, Offer[]>} */
  const groups = new Map();
  for (const o of list) {
    const id = o.place.kind === "corner" ? corner(o.place.at) : o.place.kind === "path" ? path(o.place.at) : o.place.at;
    const k = `${o.place.kind}:${key(id)}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  /** @type {{arrows: SVGElement[], hexes: SVGElement[], paths: SVGElement[], corners: SVGElement[]}} */
  const out = { arrows: [], hexes: [], paths: [], corners: [] };
  const mk = (/** @type {Offer} */ o, /** @type {(SVGElement | null | false | "")[]} */ kids, /** @type {XY} */ at) => {
    if (o.from) {
      const [fx, fy] = cornerXY(o.from);
      out.arrows.push(s("line", { x1: fx, y1: fy, x2: at[0], y2: at[1], stroke: "#111", "stroke-width": 2.5, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    }
    return target(s("g", {}, kids.map((k) => k || null)), o.i, o.label, () => act(o));
  };
  for (const g of groups.values()) {
    const first = g[0];
    if (!first) continue;
    const place = first.place;
    if (place.kind === "hex") {
      const [x, y] = centre(...place.at);
      if (g.length === 1) {
        // The glyph right of the token, where it hides neither the token,
        // the terrain letter nor the robber.
        out.hexes.push(mk(first, [s("polygon", { points: hexPoints(x, y, R - 5), fill: "#f0e442", "fill-opacity": 0.2, stroke: "#111", "stroke-width": 3, "stroke-dasharray": "8 5" }), ...disc(x + 0.57 * R, y, 12, first.glyph)], [x, y]));
      } else {
        // In a column right of the token, clear of it and of the robber.
        g.forEach((o, k) => {
          const p = /** @type {XY} */ ([x + 0.57 * R, y + (k - (g.length - 1) / 2) * 28]);
          out.hexes.push(mk(o, disc(p[0], p[1], 13, o.glyph), p));
        });
      }
    } else if (place.kind === "path") {
      const [a, b] = ends(place.at).map(cornerXY);
      const [mx, my] = pathMid(place.at);
      if (g.length === 1) {
        const ang = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
        out.paths.push(mk(first, [s("rect", { x: mx - 14, y: my - 8, width: 28, height: 16, rx: 8, fill: "#f0e442", stroke: "#111", "stroke-width": 2.5, transform: `rotate(${ang.toFixed(1)} ${mx} ${my})` }), first.glyph && s("text", { x: mx, y: my, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, "font-weight": 800, "pointer-events": "none", text: first.glyph })], [mx, my]));
      } else {
        // Across the path, towards its two hexes, then further out.
        const [h0, h1] = pathHexes(place.at).map((h) => centre(...h));
        g.forEach((o, k) => {
          const h = k % 2 === 0 ? h0 : h1;
          const t = (15 + 20 * Math.floor(k / 2)) / (0.866 * R);
          const p = /** @type {XY} */ ([mx + ((h?.[0] ?? mx) - mx) * t, my + ((h?.[1] ?? my) - my) * t]);
          out.paths.push(mk(o, disc(p[0], p[1], 12, o.glyph), p));
        });
      }
    } else {
      const [x, y] = cornerXY(place.at);
      if (g.length === 1 && !occupied.has(key(corner(place.at)))) {
        out.corners.push(mk(first, disc(x, y, 15, first.glyph), [x, y]));
      } else {
        // Towards the centres of the three hexes around it (free space
        // between its paths), a second round further in.
        const dirs = cornerHexes(place.at).map((h) => centre(...h));
        g.forEach((o, k) => {
          const h = dirs[k % 3] ?? [x, y];
          const t = (27 + 19 * Math.floor(k / 3)) / R;
          const p = /** @type {XY} */ ([x + (h[0] - x) * t, y + (h[1] - y) * t]);
          out.corners.push(mk(o, disc(p[0], p[1], 13, o.glyph), p));
        });
      }
    }
  }
  return out;
}

/** The barbarian ship's track (C&K): one box per step, the ship where it stands. @param {{position: number, track: number}} b @param {number} x0 @param {number} y0 */
function drawBarbarians(b, x0, y0) {
  const kids = [s("text", { x: x0, y: y0 + 14, "dominant-baseline": "central", "font-size": 23, "font-weight": 700, fill: "#111", text: t("cat.barbarians", { at: b.position, track: b.track }) })];
  const bx = x0 + 200;
  for (let k = 0; k <= b.track; k++) {
    const x = bx + k * 34;
    const here = k === b.position;
    kids.push(s("rect", { x, y: y0, width: 30, height: 28, rx: 4, fill: k === b.track ? "#f3c7b8" : "#dfe9f1", stroke: "#333", "stroke-width": here ? 3 : 1 }));
    if (here) kids.push(s("path", { d: `M${x + 4},${y0 + 16} H${x + 26} L${x + 21},${y0 + 24} H${x + 9} Z M${x + 15},${y0 + 16} V${y0 + 3} L${x + 24},${y0 + 13} H${x + 15}`, fill: "#1b1b1b" }));
  }
  return s("g", { class: "barbarians" }, [s("title", { text: t("cat.barbarianShip", { at: b.position, track: b.track }) }), ...kids]);
}

/**
 * Draws the Catan island of `catan-shadow` or `catan-ck-duel` with the
 * targets of this seat's legal moves on it.
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawCatan(b) {
  const isl = b.game === "catan-ck-duel" ? duelIsland(/** @type {DuelView} */ (b.view)) : shadowIsland(/** @type {ShadowView} */ (b.view));
  const tiles = new Map(isl.tiles.map((t) => [key(t.hex), t]));
  const list = offers(b.legal, isl, tiles);
  const targets = drawTargets(list, isl, (o) => b.act(o.i, o.values));

  // Under the island: who is which colour, the barbarians, and what the
  // view says about the turn, wrapped to the board's width.
  const colours = [...new Set(["a", "b", ...isl.buildings.map((x) => x.colour), ...isl.roads.map((x) => x.colour), ...isl.knights.map((x) => x.colour)])];
  // Each line starts with a capital, also when it starts with a colour ("blau (B) hat …").
  const lines = isl.status.flatMap((x) => wrap(x.charAt(0).toUpperCase() + x.slice(1), 46));
  const lineH = 30;
  const W = 640, top = -272, islandH = 544;
  const legendY = top + islandH + 4;
  const statusY = legendY + 40 + (isl.barbarians ? 40 : 0);
  const H = statusY - top + lines.length * lineH + 4;
  const svg = root(W, H, t(b.game === "catan-ck-duel" ? "cat.boardDuel" : "cat.boardShadow"));
  svg.setAttribute("viewBox", `${-W / 2} ${top} ${W} ${H}`);
  svg.append(patterns());

  // The sea inside the frame, a flat-topped big hexagon as on the table.
  const frame = [0, 1, 2, 3, 4, 5].map((k) => `${(310 * Math.cos((k * Math.PI) / 3)).toFixed(1)},${(310 * Math.sin((k * Math.PI) / 3)).toFixed(1)}`).join(" ");
  svg.append(s("polygon", { class: "sea", points: frame, fill: "#8cc3e0", stroke: "#5b86a0", "stroke-width": 4, "stroke-linejoin": "round" }));
  svg.append(s("g", { class: "harbours" }, isl.harbours.map(drawHarbour)));
  svg.append(s("g", { class: "tiles" }, isl.tiles.map(drawTile)));
  svg.append(s("g", { class: "unplayable", "pointer-events": "none" }, isl.unplayable.map((v) => {
    const [x, y] = cornerXY(v);
    return s("path", { d: `M${x - 5},${y - 5} L${x + 5},${y + 5} M${x - 5},${y + 5} L${x + 5},${y - 5}`, stroke: "#444", "stroke-opacity": 0.7, "stroke-width": 2 });
  })));
  svg.append(s("g", { class: "roads" }, isl.roads.map((x) => drawRoad(isl, x))));
  svg.append(s("g", { class: "robber-merchant" }, [drawRobber(isl.robber, isl.robberAwake), isl.merchant && drawMerchant(isl, isl.merchant)]));
  svg.append(s("g", { class: "buildings" }, isl.buildings.map((x) => drawBuilding(isl, x))));
  svg.append(s("g", { class: "knights" }, isl.knights.map((x) => drawKnight(isl, x))));
  // Hex targets above the pieces, so no piece on a corner hides their glyph.
  svg.append(s("g", { class: "hex-targets" }, targets.hexes));
  svg.append(s("g", { class: "moves", "pointer-events": "none" }, targets.arrows));
  svg.append(s("g", { class: "path-targets" }, targets.paths));
  svg.append(s("g", { class: "corner-targets" }, targets.corners));

  const legend = [];
  let lx = -W / 2 + 10;
  for (const c of colours) {
    const fill = fillOf(isl, c);
    const name = colourWord(`${isl.names[c] ?? c}`);
    legend.push(s("rect", { x: lx, y: legendY + 2, width: 30, height: 30, rx: 5, fill, stroke: "#1b1b1b", "stroke-width": 1.5 }));
    legend.push(s("text", { x: lx + 15, y: legendY + 17, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18, "font-weight": 800, fill: ink(fill), text: letterOf(c) }));
    legend.push(s("text", { x: lx + 36, y: legendY + 17, "dominant-baseline": "central", "font-size": 23, fill: "#111", text: name }));
    lx += 52 + 12.5 * name.length;
  }
  svg.append(s("g", { class: "legend" }, legend));
  if (isl.barbarians) svg.append(drawBarbarians(isl.barbarians, -W / 2 + 10, legendY + 40));
  svg.append(s("g", { class: "status" }, lines.map((t, k) => s("text", { x: -W / 2 + 10, y: statusY + k * lineH + 13, "dominant-baseline": "central", "font-size": 24, fill: "#111", text: t }))));
  return svg;
}
