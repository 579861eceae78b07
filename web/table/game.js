// The game screen: one screen per turn (the prompt, the board, the bot's
// newest turn), the player panels, undo, the end screen and live sync.
// Owned by the game-screen side of the page (see app.js); the physical-
// table form (table-input.js) and the confirmations (safe.js) are the
// lobby side's.
import * as api from "./api.js";
import { h } from "./forms.js";
import { eventItem } from "./feed.js";
import { legalMoves } from "./menu.js";
import { drawBoard } from "./board.js";
import { around, playAgain, replayBar } from "./replay.js";
import { ta } from "./i18n-around.js";
import { t } from "./i18n.js";
import { announce, focusOn, main, problemText, remember } from "./common.js";
import { askTable } from "./table-input.js";
import { confirmResign, settleMove } from "./safe.js";
import { drawPanels } from "./panels.js";
import { fitBoard, headline } from "./turn.js";
import { loadRules } from "./feed.js";
import { keepAwake } from "./wake.js";

/** @typedef {import('./api.js').Session} Session */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('./api.js').GameEvent} GameEvent */
/** @typedef {import('./api.js').LegalItem} LegalItem */
/** @typedef {import('./api.js').TableItem} TableItem */

/** How long the bot waits after a move that may be taken back (ms). */
const UNDO_WINDOW = 1800;
/** How many of the newest turn's steps show unfolded: on a phone only the
 * newest, so it stays within one screen of the prompt (the board and a
 * German prompt of six lines are between them). */
const phone = matchMedia("(max-width: 30rem)");
const latestInView = () => (phone.matches ? 1 : 3);

/** The open game: stopped when the page leaves it (another route). */
/** @type {{stop: () => void} | null} */
let current = null;

/** Stops the open game, if any (its stream, timers and listeners). */
export function leave() {
  current?.stop();
  current = null;
}

/** @param {string} id @param {string} token */
export async function table(id, token) {
  /** @type {Session | null} */
  let doc = null;
  /** The version our last command made, if the server said this seat may
   * take it back; kept for the session on this device, so a reload or a
   * phone that slept still offers the undo the rules allow. */
  const undoKey = `ghostseat.undo.${id}.${token.slice(-12)}`;
  let undoAt = Number(sessionStorage.getItem(undoKey) ?? -1);
  /** @param {number} v */
  const setUndo = (v) => {
    undoAt = v;
    if (v < 0) sessionStorage.removeItem(undoKey);
    else sessionStorage.setItem(undoKey, String(v));
  };
  let step = localStorage.getItem("ghostseat.step") === "1";
  let busy = false;
  let stopped = false;
  let paused = false;
  /** The game's title, from `GET /v1/games`. */
  let title = "";
  let lastSeq = 0;
  /** @type {EventSource | null} */
  let es = null;
  /** @type {number | undefined} */
  let botTimer;
  /** The newest turn's events, in reading order, and how many of them show
   * (step by step, "Next" shows one more). */
  /** @type {GameEvent[]} */
  let latest = [];
  let shown = 0;

  // The heading and the prompt stay the same elements across renders (their
  // text changes), so focus on them is kept; when a render removes the
  // focused control (a move made, a form sent), focus goes to the prompt.
  const headTitle = h("h1", { tabindex: -1 });
  const headSub = h("p", { class: "sub" });
  const head = h("header", { class: "game-head" }, [h("a", { href: "#", class: "back", text: t("back.short") }), headTitle, headSub]);
  const prompt = h("p", { class: "prompt", id: "prompt", "aria-live": "polite", tabindex: -1 });
  const problem = h("p", { class: "error", role: "alert", id: "problem" });
  const panels = h("div", { id: "panels-box" });
  const strip = h("div", { class: "strip-box" });
  const moves = h("section", { id: "moves", "aria-label": t("table.yourMoves") });
  // Focusable: on a phone the box scrolls, and a finished board has no cell to tab to.
  const boardBox = h("section", { id: "board", class: "board-box", tabindex: "0", "aria-label": t("table.board") });
  // The newest turn, in reading order, right under the board.
  const latestList = h("ol", { id: "latest", class: "feed latest", "aria-label": t("table.latest") });
  const turnBox = h("section", { "aria-labelledby": "ev-h", class: "turn", id: "turn" }, [h("h2", { id: "ev-h", text: t("table.whatHappened") }), latestList]);
  // The whole log, folded, in reading order.
  const feed = h("ol", { id: "feed", class: "feed", "aria-label": t("table.events"), tabindex: 0 });
  const viewBox = h("pre", { class: "view", tabindex: 0, "aria-label": t("table.stateJson") });
  const stepBox = h("input", { type: "checkbox", id: "step", checked: step });
  stepBox.addEventListener("change", () => {
    step = stepBox.checked;
    localStorage.setItem("ghostseat.step", step ? "1" : "0");
    if (!step) {
      shown = latest.length;
      drawLatest();
    }
    render();
  });
  const resign = h("button", { type: "button", class: "quiet", id: "resign", text: t("table.resign") });
  resign.addEventListener("click", () => {
    confirmResign().then((yes) => { if (yes) command(() => api.resign(id, token)); });
  });
  const more = h("details", { class: "more", id: "more" }, [
    h("summary", { text: t("table.more") }),
    h("div", { class: "tools" }, [h("span", { class: "check" }, [stepBox, h("label", { for: "step", text: t("table.step") })]), resign]),
    h("details", { class: "fold", id: "log" }, [h("summary", { text: t("table.fullLog") }), feed]),
    h("details", { class: "fold" }, [h("summary", { text: t("table.state") }), viewBox]),
  ]);
  // Around the game (replay.js, watch.js): the replay bar opens above the
  // board; a watch link for a screen at the table.
  const replayBox = h("div", { id: "replay-box" });
  const openReplay = () => {
    if (!doc) return;
    const d = doc;
    const over = d.next.type === "finished" || d.next.type === "resigned";
    replayBar(replayBox, { id, token, head: d.version, finished: over, seats: d.seats, me: d.seat.id, onClose: () => replayBox.replaceChildren() });
  };
  const replayButton = h("button", { type: "button", class: "quiet", id: "replay-open", text: ta("replay.open") });
  replayButton.addEventListener("click", openReplay);
  const watchOut = h("p", { class: "watch-link", id: "watch-link" });
  const watchButton = h("button", { type: "button", class: "quiet", id: "watch-make", text: ta("watch.make") });
  watchButton.addEventListener("click", async () => {
    try {
      /** @type {any} */
      const w = await around("POST", `/v1/sessions/${id}/watchers`, token);
      const url = `${location.origin}${w.link}`;
      watchOut.replaceChildren(ta("watch.made"), " ", h("a", { href: url, text: url, target: "_blank", rel: "noopener" }));
    } catch (e) {
      watchOut.textContent = problemText(e);
    }
  });
  more.querySelector(".tools")?.append(replayButton, watchButton, watchOut);
  const side = h("div", { class: "side" }, [turnBox, moves, panels, more]);
  main.replaceChildren(h("div", { class: "game" }, [head, strip, prompt, problem, replayBox, boardBox, side]));

  /** A new turn's events: the newest turn shows them (one by one when the
   * bot goes step by step), the log gets them at its end. @param {GameEvent[]} evs */
  async function showEvents(evs, bot = false) {
    if (evs.length === 0) return;
    for (const e of evs) feed.append(eventItem(e));
    latest = evs;
    latestList.dataset.by = bot ? "bot" : "seat";
    // Step by step is for the bot's turns; a person's own move shows whole.
    shown = step && bot ? 1 : evs.length;
    drawLatest();
    announce(evs.slice(0, shown).map((e) => e.text).join(" "));
  }

  /** The newest turn: its last steps in view, the earlier ones folded
   * above them (still in reading order), so the newest step stays near the prompt. */
  function drawLatest() {
    // Before any turn (a game's first screen) there is nothing to tell.
    turnBox.hidden = latest.length === 0;
    const steps = latest.slice(0, shown).map((e, k) => eventItem(e, k === shown - 1 ? "newest" : ""));
    const inView = latestInView();
    const early = steps.length > inView ? steps.splice(0, steps.length - inView) : [];
    latestList.replaceChildren(
      ...(early.length ? [h("li", { class: "earlier" }, [h("details", { class: "fold" }, [h("summary", { text: t("table.earlier", { n: early.length }) }), h("ol", { class: "feed" }, early)])])] : []),
      ...steps,
    );
  }

  /** Fetches the session and draws it. Answers can arrive out of order (the
   * stream, a command's end and a phone waking each fetch); versions only
   * grow (undo makes a new one), so an answer older than the drawn one is
   * dropped instead of drawing the past and offering moves from it. */
  async function refresh() {
    const d = await api.session(id, token);
    if (doc && d.version < doc.version) return;
    doc = d;
    render();
  }

  /** Runs a command; on `dice_needed` asks the table and sends it again.
   * @param {(table: TableItem[]) => Promise<Command>} send @param {boolean} [bot] a bot turn */
  async function command(send, bot = false) {
    if (busy) return;
    busy = true;
    problem.textContent = "";
    main.setAttribute("aria-busy", "true");
    try {
      /** @type {TableItem[]} */
      let items = [];
      for (;;) {
        try {
          const c = await send(items);
          setUndo(c.undoable ? c.version : -1);
          // The stream may have shown this command already.
          if (c.version > lastSeq) {
            lastSeq = c.version;
            await showEvents(c.events, bot);
          }
          break;
        } catch (e) {
          if (e instanceof api.ApiProblem && e.problem.code === "dice_needed" && e.problem.needed) {
            // The form waits on the player, so #main is not busy while it
            // shows: a screen reader holds back what a busy region says.
            main.removeAttribute("aria-busy");
            const got = await askTable(e.problem.needed, moves, prompt.textContent ?? "", e.problem.sent ?? 0);
            main.setAttribute("aria-busy", "true");
            if (!got) {
              // Cancelled: the bot waits for its button.
              paused = true;
              break;
            }
            items = got;
            continue;
          }
          throw e;
        }
      }
    } catch (e) {
      problem.textContent = problemText(e);
      announce(problem.textContent);
    } finally {
      busy = false;
      // Busy until the new version is drawn: until then the moves on the
      // page are the old version's, and a click on one would be refused.
      await refresh().catch(() => {});
      main.removeAttribute("aria-busy");
      // A refusal shows above the board; a player who pressed a button far
      // below must see it (screen readers hear it through role="alert").
      if (problem.textContent) problem.scrollIntoView({ block: "center" });
    }
  }

  function render() {
    if (!doc || stopped) return;
    const d = doc;
    const n = d.next;
    const me = d.seat;
    document.title = `${title || d.game} · ghostseat`;
    main.dataset.version = String(d.version);
    main.dataset.next = n.type;
    main.dataset.decision = api.decisionKind(n);
    // Was focus on something this render replaces (the board, the moves)?
    const had = document.activeElement;
    const hadFocus = !!had && had !== main && main.contains(had);
    headTitle.textContent = title || d.game;
    headSub.textContent = t("table.sub", { headline: headline(d), seat: d.seats[me.index]?.name ?? "" });
    prompt.textContent = api.nextLine(n);
    viewBox.textContent = JSON.stringify(d.view, null, 1);
    panels.replaceChildren(drawPanels(d));
    strip.replaceChildren(drawPanels(d, true));
    const mine = n.type !== "bot" && n.type !== "finished" && n.type !== "resigned" && n.seats.includes(me.index);
    const items = /** @type {LegalItem[]} */ (mine ? d.legal_moves : []);
    let drawn = null;
    try {
      drawn = drawBoard({ game: d.game, view: d.view, seat: me.index, legal: items, act: (i, values) => play(d, items[i], values) });
    } catch (e) {
      // A board that cannot draw this view must not stop the game: the
      // moves below still work. The console error fails the browser test.
      console.error("board", e);
    }
    boardBox.replaceChildren(...(drawn ? [drawn] : []));
    fitBoard(boardBox);
    clearTimeout(botTimer);
    if (n.type === "finished" || n.type === "resigned") {
      endScreen(d);
      if (hadFocus && !main.contains(document.activeElement)) focusOn(document.getElementById("end-h"));
      return;
    }
    // Undo only for the seat whose command made this version, and only
    // while it is the newest (another seat's move since closes it).
    const canUndo = undoAt === d.version;
    /** @type {HTMLElement[]} */
    const row = [];
    if (shown < latest.length) {
      // Step by step: the bot's turn shows one event per tap.
      const nx = h("button", { type: "button", class: "primary", id: "next-step", text: t("table.next", { n: shown + 1, of: latest.length }) });
      nx.addEventListener("click", () => {
        shown++;
        drawLatest();
        announce(latest[shown - 1]?.text ?? "");
        render();
        (document.getElementById("next-step") ?? prompt).focus();
      });
      row.push(nx);
    }
    /** @type {HTMLElement[]} */
    const controls = [];
    if (n.type === "bot") {
      const b = h("button", { type: "button", class: "primary", id: "bot-turn", text: t("table.botTurn") });
      const botTurn = () => command((t) => api.botTurn(id, token, d.version, t), true);
      b.addEventListener("click", () => {
        paused = false;
        botTurn();
      });
      if (shown >= latest.length) row.push(b);
      // With two phones at one table, only the first human seat's phone runs
      // the bot by itself (the other would race it); either may press the button.
      const firstHuman = d.seats.find((s) => s.kind === "human")?.index ?? me.index;
      // Only from the newest version this page has heard of: a command's
      // answer or the stream may already have told of a later one, whose
      // fetch is on its way and draws again. A bot turn sent for the older
      // version would be refused (409 version_conflict).
      const fresh = () => d.version >= lastSeq && !busy;
      if (!step && !paused && firstHuman === me.index && fresh()) {
        // A short window to take a mis-tap back before the bot answers it.
        const wait = canUndo ? UNDO_WINDOW : 300;
        if (canUndo) row.push(h("p", { class: "waiting", id: "bot-soon", text: t("table.botSoon") }));
        botTimer = window.setTimeout(() => fresh() && botTurn(), wait);
      }
    } else if (mine) {
      const all = h("details", { id: "all-moves", class: "fold" }, [
        h("summary", { text: t("table.allMoves", { n: items.length }) }),
        legalMoves(items, (item, values) => play(d, item, values)),
      ]);
      // Without a board target for any move, the list is the way to play: open.
      if (!boardBox.querySelector(".target")) all.open = true;
      controls.push(all);
    } else {
      controls.push(h("p", { class: "waiting", text: t("table.waiting", { who: n.seats.map((i) => d.seats[i]?.name ?? String(i)).join(t("table.and")) }) }));
    }
    if (canUndo) {
      const u = h("button", { type: "button", id: "undo", text: t("table.undo") });
      u.addEventListener("click", () => {
        clearTimeout(botTimer);
        command(() => api.undo(id, token, d.version));
      });
      row.push(u);
    }
    // The table's form (table-input.js) stays until it is answered.
    if (!moves.querySelector("#table-input")) moves.replaceChildren(h("div", { class: "row" }, row), ...controls);
    // Not thrown to the top of the page: the prompt says what comes next,
    // and Tab goes on to the board and the moves.
    if (hadFocus && !main.contains(document.activeElement)) focusOn(prompt);
  }

  /** Makes the move `item` stands for (a template with `values`) at `d`'s version.
   * @param {Session} d @param {LegalItem} item @param {Record<string, unknown>} values */
  async function play(d, item, values) {
    // What the move still needs is asked, and a move with consequences
    // confirms once (safe.js); cancelled, nothing is sent.
    const v = await settleMove(item, values);
    if (v) return command((t) => api.move(id, token, api.instantiate(item, v), d.version, t));
  }

  /** @param {Session} d */
  async function endScreen(d) {
    const n = d.next;
    const sc = api.scores(n);
    const rows = sc ? Object.entries(sc).map(([seat, v]) => h("tr", {}, [h("th", { scope: "row", text: d.seats.find((s) => s.id === seat)?.name ?? seat }), h("td", { text: v === null ? t("end.atTable") : String(v) })])) : [];
    const mark = h("p", { class: "verify", id: "verify", text: t("end.checking") });
    // Play again: the same game and people, each claiming their seat with
    // the token of this game (replay.js).
    const again = h("button", { type: "button", class: "button", id: "play-again", text: ta("again.button") });
    again.addEventListener("click", async () => {
      try {
        const r = await playAgain(id, token, d.seat.id);
        remember({ id: r.id, token: r.token, game: d.game, seat: d.seats[d.seat.index]?.name ?? d.seat.id, title: title || d.game, at: new Date().toISOString() });
        location.hash = `s=${encodeURIComponent(r.id)}&t=${encodeURIComponent(r.token)}`;
      } catch (e) {
        mark.textContent = ta("again.failed", { problem: problemText(e) });
      }
    });
    const stepThrough = h("button", { type: "button", class: "quiet", id: "end-replay", text: ta("replay.open") });
    stepThrough.addEventListener("click", openReplay);
    moves.replaceChildren(
      h("section", { class: "end", id: "end", "aria-labelledby": "end-h" }, [
        h("h2", { id: "end-h", text: n.type === "finished" ? t("end.over") : t("end.ended") }),
        h("p", { text: api.nextLine(n) }),
        rows.length ? h("table", { class: "scores" }, [h("caption", { text: t("end.scores") }), h("tbody", {}, rows)]) : null,
        mark,
        h("p", {}, [again, " ", stepThrough, " ", h("a", { href: "#", class: "button", text: t("end.newGame") })]),
      ]),
    );
    try {
      const v = await api.verify(id, token);
      mark.textContent = v.ok ? t("end.verified") : t("end.notVerified", { detail: v.detail ?? "" });
      mark.dataset.ok = String(v.ok);
    } catch (e) {
      mark.textContent = t("end.cannotVerify", { problem: problemText(e) });
    }
  }

  /** The stream: a fresh one-use ticket each time; entries already seen are skipped. */
  async function connect() {
    if (stopped) return;
    es?.close();
    try {
      const ticket = await api.streamTicket(id, token);
      if (stopped) return;
      es = new EventSource(api.streamUrl(ticket.url));
      es.addEventListener("command", async (m) => {
        /** @type {import('./api.js').S['StreamEntryDoc']} */
        const entry = JSON.parse(/** @type {MessageEvent} */ (m).data);
        const e = api.streamEntry(entry);
        if (e.seq <= lastSeq) return;
        lastSeq = e.seq;
        await showEvents(e.events, /** @type {{kind?: string}} */ (entry).kind === "bot_turn");
        if (!busy) await refresh().catch(() => {});
      });
      es.onerror = () => {
        es?.close();
        es = null;
        if (!stopped) setTimeout(connect, 2000);
      };
    } catch {
      if (!stopped) setTimeout(connect, 5000);
    }
  }

  const wake = () => {
    if (document.visibilityState === "visible" && !stopped) {
      refresh().catch(() => {});
      if (!es || es.readyState === EventSource.CLOSED) connect();
    }
  };
  document.addEventListener("visibilitychange", wake);
  // A phone turned or a window narrowed: as many steps in view as fit.
  const refold = () => drawLatest();
  phone.addEventListener("change", refold);
  // A phone lying on the table must not dim between bot turns.
  const awake = keepAwake();
  current = {
    stop() {
      stopped = true;
      awake.release();
      clearTimeout(botTimer);
      es?.close();
      document.removeEventListener("visibilitychange", wake);
      phone.removeEventListener("change", refold);
    },
  };

  try {
    doc = await api.session(id, token);
  } catch (e) {
    main.replaceChildren(h("h1", { text: t("problem.cannotOpen") }), h("p", { class: "error", role: "alert", text: problemText(e) }), h("p", {}, [h("a", { href: "#", text: t("back") })]));
    return;
  }
  lastSeq = doc.version;
  const gameId = doc.game;
  title = (await api.games().catch(() => null))?.games.find((g) => g.id === gameId)?.title ?? title;
  const mine = doc.seats[doc.seat.index];
  remember({ id, token, game: doc.game, seat: mine?.name ?? doc.seat.id, title: title || doc.game, at: new Date().toISOString() });
  await loadRules(gameId);
  // The events so far, from the log, in reading order; the newest
  // command's events are the newest turn, shown whole.
  try {
    const l = await api.log(id, token);
    for (const c of l.commands) for (const e of c.events) feed.append(eventItem(e));
    const last = [...l.commands].reverse().find((c) => c.events.length > 0);
    latest = last?.events ?? [];
    latestList.dataset.by = last?.kind === "bot_turn" ? "bot" : "seat";
    shown = latest.length;
    drawLatest();
  } catch {}
  render();
  connect();
}
