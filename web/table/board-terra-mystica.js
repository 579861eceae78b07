// The terra-mystica board (to be drawn from the view).
/** @typedef {import('./board.js').BoardInput} BoardInput */

/**
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawTerraMystica(b) {
  void b;
  return null;
}
