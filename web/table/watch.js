// The watch screen for a tablet or TV at the table: the board large, the
// bot's turn step by step in big type, the scores always in view, and whose
// turn it is told to the table ("Player B's turn"), never to one player
// ("your first roll"). It holds a read-only
// watch token (`#w=<session>&k=<token>`), reads `GET …/watch` once and then
// follows `GET …/watch/stream`; it can play nothing.
import { h } from "./forms.js";
import { main } from "./common.js";
import { nextLine, scores } from "./api.js";
import { drawBoard } from "./board.js";
import { around } from "./replay.js";
import { ta } from "./i18n-around.js";
import { lang } from "./i18n.js";
import { drawPanels } from "./panels.js";

/** The fragment of a watch link, if this is one. */
export function watchRoute() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("w");
  const token = p.get("k");
  return id && token ? { id, token } : null;
}

/** The open stream's and the step timer's stop. @type {AbortController | undefined} */
let stream;
/** @type {number | undefined} */
let timer;

export function leaveWatch() {
  stream?.abort();
  stream = undefined;
  clearTimeout(timer);
  timer = undefined;
}

/** How long each of the bot's steps stays the newest, to be read aloud at the table. */
const STEP_MS = 1600;

/**
 * Reads a `text/event-stream` answer: calls `on` with each event's name
 * and data (fetch, not EventSource: the watch token goes in a header).
 * @param {Response} r @param {(event: string, data: string) => void} on
 */
async function readEvents(r, on) {
  if (!r.body) return;
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value.replace(/\r\n?/g, "\n");
    let cut;
    while ((cut = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) on(event, data.join("\n"));
    }
  }
}

/**
 * Whose turn it is, said to the table in the third person: the seat's
 * name ("Player B's turn", "VIM plays"); the end and a resignation as the
 * server words them (they address nobody).
 * @param {any} d
 */
function turnLine(d) {
  const n = d.next;
  /** @param {number} i */
  const name = (i) => d.seats.find((/** @type {any} */ x) => x.index === i)?.name ?? String(i + 1);
  if (n.type === "bot") {
    const bots = d.seats.filter((/** @type {any} */ x) => x.kind === "bot");
    return bots.length === 1 ? ta("watch.botPlays", { name: bots[0].name }) : ta("watch.botTurn");
  }
  if (n.type === "human") {
    /** @type {string[]} */
    const names = n.seats.map(name);
    // "The Greeks' turn", "Anna's turn" (German names the seat after "Am Zug").
    if (names.length === 1) return ta(/s$/.test(names[0]) ? "watch.turnOfS" : "watch.turnOf", { name: names[0] });
    const last = /** @type {string} */ (names.pop());
    return ta("watch.turnOfMany", { names: ta("watch.and", { a: names.join(", "), b: last }) });
  }
  // Rule ids are for the players' phones, not for a screen across the table.
  return nextLine(n).replace(/\s*\((?:rule |Regel )?[A-Z0-9]{2,6}(?:-[A-Z0-9]+)+\)/g, "");
}

/** @param {string} id @param {string} token */
export async function watchScreen(id, token) {
  leaveWatch();
  const title = h("h1", { tabindex: -1, text: ta("watch.title") });
  const turn = h("p", { class: "watch-turn", id: "watch-turn", "aria-live": "polite" });
  const step = h("p", { class: "watch-step", id: "watch-step", "aria-live": "polite" });
  const steps = h("ol", { class: "watch-steps", id: "watch-steps" });
  const board = h("div", { class: "watch-board", id: "watch-board" });
  // The scores: every seat's points (and what it holds, in counts) during
  // the game, the final scores after it.
  const panels = h("div", { class: "watch-panels", id: "watch-panels" });
  const score = h("table", { class: "scores watch-scores", id: "watch-scores" });
  // On a TV the board fills the left and the turn, its steps and the
  // scores stand beside it; on a phone the scores come before the board.
  const side = h("div", { class: "watch-side" }, [title, turn, step, panels, score, steps]);
  const root = h("div", { class: "watch", id: "watch" }, [side, board]);
  main.replaceChildren(root);
  /** Commands waiting to be shown: each its events, then the session after it. @type {{events: any[], watch: any}[]} */
  const queue = [];
  let busy = false;

  /** The board, whose turn, the scores: the session as `d` shows it. @param {any} d */
  function show(d) {
    root.dataset.version = String(d.version);
    turn.textContent = turnLine(d);
    turn.dataset.bot = String(d.next.type === "bot");
    // A watcher holds no seat: every panel shows counts only.
    panels.replaceChildren(drawPanels({ ...d, seat: { id: "", index: -1 } }));
    const b = drawBoard({ game: d.game, view: d.view, seat: -1, legal: [], act: () => {} });
    board.replaceChildren(...(b ? [b] : []));
    const sc = scores(d.next);
    score.replaceChildren(h("caption", { text: ta("watch.scores") }), h("tbody", {}, sc ? Object.entries(sc).map(([s, v]) => h("tr", {}, [h("th", { scope: "row", text: d.seats.find((/** @type {any} */ x) => x.id === s)?.name ?? s }), h("td", { text: v === null ? "–" : String(v) })])) : []));
    score.hidden = !sc;
  }

  /** One command's events one after another, in big type, then its session. */
  function next() {
    const c = queue.shift();
    if (!c) { busy = false; return; }
    busy = true;
    const evs = c.events.length ? c.events : [];
    steps.replaceChildren();
    let k = 0;
    const one = () => {
      if (k < evs.length) {
        const e = evs[k++];
        // The step before moves to the list below the big one.
        if (k > 1) steps.append(h("li", { text: step.textContent ?? "" }));
        step.textContent = e.text;
        // A long turn: the last lines stay in view.
        while (steps.childElementCount > 5) steps.firstElementChild?.remove();
        timer = window.setTimeout(one, queue.length > 3 ? STEP_MS / 3 : STEP_MS);
      } else {
        show(c.watch);
        timer = window.setTimeout(next, evs.length ? STEP_MS / 2 : 0);
      }
    };
    one();
  }

  /** @type {any} */
  const first = await around("GET", `/v1/sessions/${id}/watch`, token);
  show(first);
  if (first.events.length) { queue.push({ events: first.events, watch: first }); next(); }

  const ctl = new AbortController();
  stream = ctl;
  let version = first.version;
  // The stream has no catch-up: after a break the session is read again
  // and the stream opened anew, with a growing pause.
  for (let pause = 1000; !ctl.signal.aborted; pause = Math.min(pause * 2, 30000)) {
    try {
      const r = await fetch(`/v1/sessions/${id}/watch/stream`, { headers: { accept: "text/event-stream", "accept-language": lang(), authorization: `Bearer ${token}` }, signal: ctl.signal });
      if (r.status === 401 || r.status === 404) break;
      if (r.ok) {
        pause = 1000;
        await readEvents(r, (ev, data) => {
          if (ev !== "command") return;
          const e = JSON.parse(data);
          if (e.watch.version <= version) return;
          version = e.watch.version;
          queue.push({ events: e.events, watch: e.watch });
          if (!busy) next();
        });
      }
    } catch {
      if (ctl.signal.aborted) return;
    }
    if (ctl.signal.aborted) return;
    await new Promise((res) => { timer = window.setTimeout(res, pause); });
    try {
      /** @type {any} */
      const d = await around("GET", `/v1/sessions/${id}/watch`, token);
      if (d.version > version) { version = d.version; queue.length = 0; show(d); }
    } catch {
      break;
    }
  }
  if (!ctl.signal.aborted) turn.textContent = ta("watch.gone");
}
