// The watch screen for a tablet or TV at the table: the board large, the
// bot's turn step by step in big type, the scores. It holds a read-only
// watch token (`#w=<session>&k=<token>`) and reads `GET …/watch` every
// two seconds; it can play nothing.
import { h } from "./forms.js";
import { main } from "./common.js";
import { nextLine, scores } from "./api.js";
import { drawBoard } from "./board.js";
import { around } from "./replay.js";
import { ta } from "./i18n-around.js";

/** The fragment of a watch link, if this is one. */
export function watchRoute() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("w");
  const token = p.get("k");
  return id && token ? { id, token } : null;
}

/** @type {number | undefined} */
let timer;

export function leaveWatch() {
  clearTimeout(timer);
  timer = undefined;
}

/** @param {string} id @param {string} token */
export async function watchScreen(id, token) {
  leaveWatch();
  const title = h("h1", { tabindex: -1, text: ta("watch.title") });
  const turn = h("p", { class: "watch-turn", id: "watch-turn", "aria-live": "polite" });
  const steps = h("ol", { class: "watch-steps", id: "watch-steps" });
  const board = h("div", { class: "watch-board", id: "watch-board" });
  const score = h("table", { class: "scores watch-scores", id: "watch-scores" });
  main.replaceChildren(h("div", { class: "watch", id: "watch" }, [title, turn, h("div", { class: "watch-main" }, [board, h("div", { class: "watch-side" }, [steps, score])])]));
  let version = -1;
  let shown = 0;
  /** @type {any[]} */
  let evs = [];
  async function tick() {
    try {
      /** @type {any} */
      const d = await around("GET", `/v1/sessions/${id}/watch`, token);
      if (d.version !== version) {
        version = d.version;
        turn.textContent = d.next.type === "bot" ? ta("watch.botTurn") : nextLine(d.next);
        turn.dataset.bot = String(d.next.type === "bot");
        const b = drawBoard({ game: d.game, view: d.view, seat: -1, legal: [], act: () => {} });
        board.replaceChildren(...(b ? [b] : []));
        const sc = scores(d.next);
        score.replaceChildren(h("caption", { text: ta("watch.scores") }), h("tbody", {}, sc ? Object.entries(sc).map(([s, v]) => h("tr", {}, [h("th", { scope: "row", text: d.seats.find((/** @type {any} */ x) => x.id === s)?.name ?? s }), h("td", { text: v === null ? "–" : String(v) })])) : []));
        score.hidden = !sc;
        if (d.events.length) {
          evs = d.events;
          shown = 0;
        }
      }
      // The newest command's steps, one more every tick, in big type.
      if (shown < evs.length) {
        shown++;
        steps.replaceChildren(...evs.slice(0, shown).map((e, k) => h("li", { class: k === shown - 1 ? "newest" : "", text: e.text })));
      }
      timer = window.setTimeout(tick, 2000);
    } catch {
      turn.textContent = ta("watch.gone");
    }
  }
  await tick();
}
