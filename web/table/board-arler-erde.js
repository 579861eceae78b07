// The arler-erde board (to be drawn from the view).
/** @typedef {import('./board.js').BoardInput} BoardInput */

/**
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawArlerErde(b) {
  void b;
  return null;
}
