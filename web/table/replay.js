// The replay bar: steps through what happened so far, one version at a
// time (`GET …/at/{version}`: each step costs the server one checkpoint and
// a few commands), to the next bot turn, or on its own; after the end, any
// seat's eyes. Also the requests around a game the other screens use.
import { h } from "./forms.js";
import { lang } from "./i18n.js";
import { ApiProblem, nextLine } from "./api.js";
import { drawBoard } from "./board.js";
import { eventItem } from "./feed.js";
import { announce } from "./common.js";
import { ta } from "./i18n-around.js";

/**
 * @template T
 * @param {string} method @param {string} path @param {string} token
 * @returns {Promise<T>}
 */
export async function around(method, path, token) {
  const r = await fetch(path, { method, headers: { accept: "application/json", "accept-language": lang(), authorization: `Bearer ${token}` } });
  const text = await r.text();
  const json = text ? JSON.parse(text) : null;
  if (!r.ok) throw new ApiProblem(json ?? { status: r.status, title: r.statusText, type: "", code: "http" });
  return json;
}

/**
 * Opens the replay bar in `box` for the token's seat of session `id`.
 * @param {HTMLElement} box
 * @param {{id: string, token: string, head: number, finished: boolean, seats: {id: string, name: string}[], me: string, onClose: () => void}} o
 */
export function replayBar(box, o) {
  let v = o.head;
  // Where the last press asked to go: quick presses add up, and a late
  // answer for an older press is not drawn over a newer one.
  let want = v;
  let viewpoint = o.me;
  /** @type {number | undefined} */
  let timer;
  /** @type {any} */
  let last = null;
  const where = h("p", { class: "replay-at", "aria-live": "polite" });
  const board = h("div", { class: "replay-board" });
  const events = h("ol", { class: "feed latest replay-events" });
  const line = h("p", { class: "prompt" });
  const btn = (/** @type {string} */ cls, /** @type {string} */ label, /** @type {string} */ sym, /** @type {() => void} */ f) => {
    const b = h("button", { type: "button", class: `quiet ${cls}`, "aria-label": label, title: label, text: sym });
    b.addEventListener("click", f);
    return b;
  };
  const play = btn("replay-play", ta("replay.play"), "▶▶", () => toggle());
  const bar = h("div", { class: "replay-bar", role: "toolbar", "aria-label": ta("replay.bar") }, [
    btn("replay-first", ta("replay.first"), "|◀", () => go(0)),
    btn("replay-back", ta("replay.back"), "◀", () => go(want - 1)),
    btn("replay-forward", ta("replay.forward"), "▶", () => go(want + 1)),
    btn("replay-last", ta("replay.last"), "▶|", () => go(o.head)),
    btn("replay-bot", ta("replay.nextBot"), "▶ Bot", () => toBot()),
    play,
    btn("replay-close", ta("replay.close"), "✕", () => { stop(); o.onClose(); }),
  ]);
  /** @type {HTMLElement | null} */
  let eyes = null;
  if (o.finished) {
    const sel = h("select", { id: "replay-seat" }, o.seats.map((s) => h("option", { value: s.id, text: s.name, selected: s.id === o.me })));
    sel.addEventListener("change", () => { viewpoint = /** @type {HTMLSelectElement} */ (sel).value; go(v); });
    eyes = h("label", { class: "replay-eyes" }, [ta("replay.viewpoint"), " ", sel]);
  }
  box.replaceChildren(h("section", { class: "replay", id: "replay", "aria-label": ta("replay.bar") }, [bar, eyes, where, line, board, events]));

  /** @param {number} to */
  async function go(to) {
    to = Math.max(0, Math.min(o.head, to));
    want = to;
    const q = viewpoint !== o.me ? `?seat=${encodeURIComponent(viewpoint)}` : "";
    const d = await around("GET", `/v1/sessions/${o.id}/at/${to}${q}`, o.token);
    if (to !== want) return d;
    v = to;
    last = d;
    where.textContent = ta("replay.at", { v, head: o.head });
    line.textContent = nextLine(d.session.next);
    const b = drawBoard({ game: d.session.game, view: d.session.view, seat: d.session.seat.index, legal: [], act: () => {} });
    board.replaceChildren(...(b ? [b] : []));
    const evs = /** @type {any[]} */ (d.events);
    events.replaceChildren(...(evs.length ? evs.map((e) => eventItem(e)) : [h("li", { text: ta("replay.setup") })]));
    announce(where.textContent);
    return d;
  }
  async function toBot() {
    for (let to = v + 1; to <= o.head; to++) {
      const d = await go(to);
      if (d.kind === "bot_turn") return;
    }
  }
  function stop() {
    clearInterval(timer);
    timer = undefined;
    play.textContent = "▶▶";
    play.setAttribute("aria-label", ta("replay.play"));
  }
  function toggle() {
    if (timer !== undefined) return stop();
    if (v >= o.head) go(0);
    play.textContent = "❚❚";
    play.setAttribute("aria-label", ta("replay.pause"));
    timer = window.setInterval(() => { if (v >= o.head) stop(); else go(v + 1).catch(stop); }, 1200);
  }
  go(v).catch(() => {});
  return { stop, get last() { return last; } };
}

/**
 * "Play again": starts (or finds) the rematch, claims this seat in it with
 * its token of the finished game, and answers the new session and token.
 * @param {string} id @param {string} token @param {string} seat
 */
export async function playAgain(id, token, seat) {
  /** @type {any} */
  const r = await around("POST", `/v1/sessions/${id}/rematch`, token);
  try {
    /** @type {any} */
    const c = await around("POST", `/v1/sessions/${r.id}/seats/${encodeURIComponent(seat)}/claim`, token);
    return { id: r.id, token: c.token };
  } catch (e) {
    throw e;
  }
}
