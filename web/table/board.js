// The board of each game, drawn as SVG from the session's view. Each game's
// board is its own module (board-<game>.js); this one picks it. A board is
// a picture of the view plus targets for the legal moves that act on a
// place (a space, area, hex, edge or corner); every legal move is also
// offered as a labelled control below the board, so nothing depends on
// the board alone.
import { drawArlerErde } from "./board-arler-erde.js";
import { drawThreeHundred } from "./board-three-hundred.js";
import { drawCatan } from "./board-catan.js";
import { drawTerraMystica } from "./board-terra-mystica.js";

/** @typedef {import('./api.js').LegalItem} LegalItem */

/**
 * What a board is drawn from.
 * @typedef {object} BoardInput
 * @property {string} game the game id
 * @property {any} view the session's view (typed per game in types/api.d.ts)
 * @property {number} seat the index of the seat this page plays
 * @property {LegalItem[]} legal this seat's legal moves now (empty when it is not this seat's turn)
 * @property {(i: number, values: Record<string, unknown>) => void} act does legal item `i`, with values for a template's parameters
 */

/** @type {Record<string, (b: BoardInput) => Element | null>} */
const BOARDS = {
  "arler-erde": drawArlerErde,
  "three-hundred": drawThreeHundred,
  "catan-shadow": drawCatan,
  "catan-ck-duel": drawCatan,
  "terra-mystica": drawTerraMystica,
};

/**
 * The board for `b.game`, or null if the game has none.
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawBoard(b) {
  const f = BOARDS[b.game];
  return f ? f(b) : null;
}
