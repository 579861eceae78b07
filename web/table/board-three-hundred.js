// The three-hundred board (to be drawn from the view).
/** @typedef {import('./board.js').BoardInput} BoardInput */

/**
 * @param {BoardInput} b
 * @returns {Element | null}
 */
export function drawThreeHundred(b) {
  void b;
  return null;
}
