// Keeps the screen on while a game is open (the Screen Wake Lock API, where
// the browser has it): a phone lying on the table does not dim between bot
// turns. The lock is dropped by the browser when the page is hidden, so it
// is asked for again when the page shows. The game screen's.

/** @returns {{release: () => void}} */
export function keepAwake() {
  /** @type {any} */
  const wl = /** @type {any} */ (navigator).wakeLock;
  if (!wl) return { release() {} };
  /** @type {any} */
  let lock = null;
  let on = true;
  const ask = async () => {
    if (!on || document.visibilityState !== "visible" || (lock && !lock.released)) return;
    try {
      lock = await wl.request("screen");
    } catch {
      // Refused (battery saver, no user gesture yet): the screen may dim.
      lock = null;
    }
  };
  document.addEventListener("visibilitychange", ask);
  // Some browsers grant the lock only after a tap on the page.
  document.addEventListener("pointerdown", ask, { once: true });
  ask();
  return {
    release() {
      on = false;
      document.removeEventListener("visibilitychange", ask);
      lock?.release?.().catch?.(() => {});
      lock = null;
    },
  };
}
