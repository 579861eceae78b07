// The table page: lobby (create, invite, resume) and the game (next, legal
// moves, bot turns, table dice and cards, undo, log, end screen, live sync).
// Plain ES modules, no build step; types come from api.js (JSDoc).
import * as api from "./api.js";
import { h, optionsForm, paramInput, tableForm } from "./forms.js";
import { drawBoard } from "./board.js";
import { LANGS, lang, setLang, t } from "./i18n.js";

/** @typedef {import('./api.js').Session} Session */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('./api.js').GameEvent} GameEvent */
/** @typedef {import('./api.js').LegalItem} LegalItem */
/** @typedef {import('./api.js').TableItem} TableItem */
/** @typedef {{id: string, token: string, game: string, seat: string, title: string, at: string}} Saved */

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const live = /** @type {HTMLElement} */ (document.getElementById("live"));
const STORE = "ghostseat.sessions";

/** Whether the last input was a key, not a pointer: a focus moved by the
 * page then scrolls into view (a pointer user's page does not jump). */
let byKeyboard = false;
addEventListener("keydown", () => { byKeyboard = true; }, true);
addEventListener("pointerdown", () => { byKeyboard = false; }, true);

/** Focuses `el` (made focusable by script if it is not). @param {HTMLElement | null} el */
function focusOn(el) {
  if (!el) return;
  if (!el.hasAttribute("tabindex") && !el.matches("a[href], button, input, select, textarea")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: !byKeyboard });
}

/** @param {string} msg */
function announce(msg) {
  live.textContent = msg;
}

/** @returns {Saved[]} */
function saved() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** @param {Saved} s */
function remember(s) {
  const rest = saved().filter((x) => !(x.id === s.id && x.token === s.token));
  localStorage.setItem(STORE, JSON.stringify([s, ...rest].slice(0, 30)));
}

/** The fragment `#s=<id>&t=<token>`: the token never reaches a server log. */
function route() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("s");
  const token = p.get("t");
  return id && token ? { id, token } : null;
}

/** @param {string} id @param {string} token */
const inviteUrl = (id, token) => `${location.origin}/#s=${encodeURIComponent(id)}&t=${encodeURIComponent(token)}`;

/** @param {unknown} e */
function problemText(e) {
  if (e instanceof api.ApiProblem) {
    const p = e.problem;
    // A sentence: "That costs 18 talents; you have 6 (rule T300-GPR-3)."
    const what = p.detail ?? p.title;
    return `${what.charAt(0).toUpperCase()}${what.slice(1)}${p.rule ? ` (${t("problem.rule", { rule: p.rule })})` : ""}${/[.!?]$/.test(what) ? "" : "."}`;
  }
  return String(e);
}

/** A QR code as SVG, drawn with the vendored qrcode-generator. @param {string} text */
function qr(text) {
  /** @type {any} */
  const lib = /** @type {any} */ (window).qrcode;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  if (!lib) return svg;
  const q = lib(0, "M");
  q.addData(text);
  q.make();
  const n = q.getModuleCount();
  svg.setAttribute("viewBox", `-2 -2 ${n + 4} ${n + 4}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("invite.qr"));
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (q.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  const bg = document.createElementNS(NS, "rect");
  bg.setAttribute("x", "-2");
  bg.setAttribute("y", "-2");
  bg.setAttribute("width", String(n + 4));
  bg.setAttribute("height", String(n + 4));
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

// ---------------------------------------------------------------- lobby

async function lobby() {
  document.title = t("page.title");
  main.replaceChildren(h("h1", { text: t("lobby.start") }), h("p", { text: t("lobby.loading") }));
  const { games } = await api.games();
  // A list of toggle buttons (aria-pressed): the button is inside the list
  // item, since a button given role=listitem may not carry aria-pressed.
  const list = h("ul", { class: "games", "aria-label": t("lobby.games") });
  const formBox = h("section", { "aria-label": t("lobby.options"), id: "options" });
  for (const g of games) {
    const humans = g.seats.filter((s) => s.kind === "human").length;
    const b = h("button", { type: "button", class: "game", "data-game": g.id, "aria-pressed": "false" }, [
      h("strong", { text: g.title }),
      h("small", { text: `${humans === 1 ? t("lobby.person") : t("lobby.people", { n: humans })} · ${g.seats.filter((s) => s.kind === "bot").map((s) => s.name).join(", ") || t("lobby.noBot")}` }),
    ]);
    b.addEventListener("click", () => {
      list.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
      showOptions(g, formBox);
    });
    list.append(h("li", {}, [b]));
  }
  const mine = saved();
  const resume = h("section", { "aria-labelledby": "resume-h" }, [h("h2", { id: "resume-h", text: t("lobby.mine") })]);
  if (mine.length === 0) resume.append(h("p", { text: t("lobby.none") }));
  else {
    const ul = h("ul", { class: "resume" });
    for (const s of mine) ul.append(h("li", {}, [h("a", { href: `#s=${encodeURIComponent(s.id)}&t=${encodeURIComponent(s.token)}`, text: `${s.title} — ${s.seat}` }), h("small", { text: ` ${s.at.slice(0, 16).replace("T", " ")}` })]));
    resume.append(ul);
  }
  main.replaceChildren(h("h1", { text: t("lobby.start") }), list, formBox, resume);
}

/** @param {import('./api.js').Game} g @param {HTMLElement} box */
function showOptions(g, box) {
  const form = optionsForm(/** @type {any} */ (g.options_schema), /** @type {Record<string, unknown>} */ (g.default_options));
  const seed = h("input", { id: "seed", type: "text", inputmode: "numeric", autocomplete: "off" });
  const admin = h("input", { id: "admin", type: "password", autocomplete: "off" });
  const err = h("p", { class: "error", role: "alert" });
  const create = h("button", { type: "submit", class: "primary", text: t("create.button", { title: g.title }) });
  const f = h("form", { class: "options" }, [
    h("h2", { text: g.title }),
    form.el,
    h("details", { id: "seed-box" }, [
      h("summary", { text: t("create.seed") }),
      h("div", { class: "field" }, [h("label", { for: "seed", text: t("create.seedLabel") }), seed]),
      h("div", { class: "field" }, [h("label", { for: "admin", text: t("create.admin") }), admin]),
    ]),
    err,
    create,
  ]);
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    create.disabled = true;
    try {
      /** @type {import('./api.js').S['CreateSession']} */
      const req = { game: g.id, options: form.read(), table: [] };
      if (seed.value.trim()) req.seed = /** @type {any} */ (seed.value.trim());
      const c = await api.create(req, admin.value || null);
      invites(c, g.title);
    } catch (e) {
      // Physical-table mode: the setup needs dice or cards from the table.
      if (e instanceof api.ApiProblem && e.problem.code === "dice_needed" && e.problem.needed) {
        const tf = tableForm(e.problem.needed);
        const send = h("button", { type: "button", class: "primary", text: t("create.withThese") });
        send.addEventListener("click", async () => {
          try {
            const c = await api.create({ game: g.id, options: form.read(), table: tf.read(), ...(seed.value.trim() ? { seed: /** @type {any} */ (seed.value.trim()) } : {}) }, admin.value || null);
            invites(c, g.title);
          } catch (e2) {
            err.textContent = problemText(e2);
          }
        });
        err.replaceChildren(h("span", { text: t("create.tableSetup") }), tf.el, send);
        return;
      }
      err.textContent = problemText(e);
    } finally {
      create.disabled = false;
    }
  });
  box.replaceChildren(f);
  f.querySelector("select, input")?.closest(".field")?.scrollIntoView({ block: "nearest" });
}

/** @param {import('./api.js').Created} c @param {string} title */
function invites(c, title) {
  const seats = c.seats.filter((s) => s.token);
  const at = new Date().toISOString();
  for (const s of seats) if (s.token) remember({ id: c.id, token: s.token, game: c.game, seat: s.name, title, at });
  const cards = seats.map((s) => {
    const url = inviteUrl(c.id, s.token ?? "");
    return h("li", { class: "invite", "data-seat": s.id }, [
      h("h2", { text: s.name }),
      qr(url),
      h("a", { class: "button", href: url.slice(location.origin.length), "data-play": s.id, text: t("invite.play", { name: s.name }) }),
      h("small", { class: "link", text: url }),
    ]);
  });
  main.replaceChildren(
    h("h1", { text: t("invite.heading", { title }) }),
    h("p", { text: t("invite.text") }),
    h("ul", { class: "invites" }, cards),
    h("p", {}, [h("a", { href: "#", text: t("back") })]),
  );
  // The form that had focus is gone: focus goes to the new screen's heading.
  focusOn(main.querySelector("h1"));
  announce(t("invite.created"));
}

// ---------------------------------------------------------------- table

/** @type {{stop: () => void} | null} */
let current = null;

/** @param {string} id @param {string} token */
async function table(id, token) {
  /** @type {Session | null} */
  let doc = null;
  let undoable = false;
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

  // The heading and the prompt stay the same elements across renders (their
  // text changes), so focus on them is kept; when a render removes the
  // focused control (a move made, a form sent), focus goes to the prompt.
  const headTitle = h("h1", { tabindex: -1 });
  const headSub = h("p", { class: "sub" });
  const head = h("header", { class: "game-head" }, [headTitle, headSub]);
  const prompt = h("p", { class: "prompt", id: "prompt", "aria-live": "polite", tabindex: -1 });
  const problem = h("p", { class: "error", role: "alert", id: "problem" });
  const moves = h("section", { id: "moves", "aria-label": t("table.yourMoves") });
  const boardBox = h("section", { id: "board", class: "board-box", "aria-label": t("table.board") });
  // A scrolling list: focusable, so it scrolls with the keyboard too.
  const feed = h("ol", { id: "feed", class: "feed", "aria-label": t("table.events"), tabindex: 0 });
  const viewBox = h("details", { class: "view" }, [h("summary", { text: t("table.state") })]);
  const stepBox = h("input", { type: "checkbox", id: "step", checked: step });
  stepBox.addEventListener("change", () => {
    step = stepBox.checked;
    localStorage.setItem("ghostseat.step", step ? "1" : "0");
    render();
  });
  const tools = h("div", { class: "tools" }, [h("span", { class: "check" }, [stepBox, h("label", { for: "step", text: t("table.step") })])]);
  const logBtn = h("button", { type: "button", text: t("table.fullLog") });
  const logBox = h("div", { id: "log" });
  logBtn.addEventListener("click", async () => {
    const l = await api.log(id, token);
    const ol = h("ol", { class: "feed", "aria-label": t("table.log"), tabindex: 0 });
    for (const c of l.commands) for (const e of c.events) ol.append(eventItem(e));
    logBox.replaceChildren(h("h2", { text: t("table.logHeading", { n: l.commands.length }) }), ol);
  });
  main.replaceChildren(
    h("p", {}, [h("a", { href: "#", text: t("back.short") })]),
    head,
    prompt,
    problem,
    boardBox,
    moves,
    h("section", { "aria-labelledby": "ev-h", class: "events" }, [h("h2", { id: "ev-h", text: t("table.whatHappened") }), feed]),
    tools,
    viewBox,
    h("p", {}, [logBtn]),
    logBox,
  );

  /** @param {GameEvent} e */
  function eventItem(e) {
    const p = api.eventParts(e);
    return h("li", { class: "event" }, [
      h("span", { text: p.text }),
      // A plain span may not carry a name: the dice are one image for screen readers.
      p.dice.length ? h("span", { class: "dice", role: "img", "aria-label": t("table.dice", { dice: p.dice.join(", ") }) }, p.dice.map((d) => h("span", { class: "die", text: String(d) }))) : null,
      p.cards.length ? h("span", { class: "cards", text: p.cards.join(", ") }) : null,
      h("span", { class: "rule", text: p.rule }),
    ]);
  }

  /** Events one by one, the newest first. @param {GameEvent[]} evs */
  async function showEvents(evs) {
    for (const e of evs) {
      feed.prepend(eventItem(e));
      announce(e.text);
      if (evs.length > 1) await new Promise((r) => setTimeout(r, 60));
    }
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
   * @param {(table: TableItem[]) => Promise<Command>} send */
  async function command(send) {
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
          undoable = c.undoable;
          // The stream may have shown this command already.
          if (c.version > lastSeq) {
            lastSeq = c.version;
            await showEvents(c.events);
          }
          break;
        } catch (e) {
          if (e instanceof api.ApiProblem && e.problem.code === "dice_needed" && e.problem.needed) {
            // The form waits on the player, so #main is not busy while it
            // shows: a screen reader holds back what a busy region says.
            main.removeAttribute("aria-busy");
            const got = await askTable(e.problem.needed);
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

  /** @param {import('./api.js').Need[]} needed @returns {Promise<TableItem[] | null>} */
  function askTable(needed) {
    return new Promise((resolve) => {
      const f = tableForm(needed);
      const form = h("form", { class: "table-input", id: "table-input" }, [h("h2", { text: t("table.askTable") }), f.el, h("button", { type: "submit", class: "primary", text: t("table.send") }), h("button", { type: "button", text: t("table.cancel") })]);
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        resolve(f.read());
      });
      form.querySelector("button[type=button]")?.addEventListener("click", () => resolve(null));
      moves.replaceChildren(form);
      /** @type {HTMLElement | null} */ (form.querySelector("input, select"))?.focus();
    });
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
    headSub.textContent = t("table.sub", { headline: api.headline(d), seat: d.seats[me.index]?.name ?? me.id, version: d.version });
    prompt.textContent = api.nextLine(n);
    viewBox.replaceChildren(h("summary", { text: t("table.state") }), h("pre", { text: JSON.stringify(d.view, null, 1), tabindex: 0, "aria-label": t("table.stateJson") }));
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
    clearTimeout(botTimer);
    if (n.type === "finished" || n.type === "resigned") {
      endScreen(d);
      if (hadFocus && !main.contains(document.activeElement)) focusOn(document.getElementById("end-h"));
      return;
    }
    /** @type {HTMLElement[]} */
    const controls = [];
    if (n.type === "bot") {
      const b = h("button", { type: "button", class: "primary", id: "bot-turn", text: t("table.botTurn") });
      const botTurn = () => command((t) => api.botTurn(id, token, d.version, t));
      b.addEventListener("click", () => {
        paused = false;
        botTurn();
      });
      controls.push(b);
      // With two phones at one table, only the first human seat's phone runs
      // the bot by itself (the other would race it); either may press the button.
      const firstHuman = d.seats.find((s) => s.kind === "human")?.index ?? me.index;
      // Only from the newest version this page has heard of: a command's
      // answer or the stream may already have told of a later one, whose
      // fetch is on its way and draws again. A bot turn sent for the older
      // version would be refused (409 version_conflict).
      const fresh = () => d.version >= lastSeq && !busy;
      if (!step && !paused && firstHuman === me.index && fresh()) botTimer = window.setTimeout(() => fresh() && botTurn(), 300);
    } else if (mine) {
      controls.push(legalMoves(d));
    } else {
      controls.push(h("p", { class: "waiting", text: t("table.waiting", { who: n.seats.map((i) => d.seats[i]?.name ?? String(i)).join(t("table.and")) }) }));
    }
    const row = h("div", { class: "row" });
    if (undoable) {
      const u = h("button", { type: "button", id: "undo", text: t("table.undo") });
      u.addEventListener("click", () => command(() => api.undo(id, token, d.version)));
      row.append(u);
    }
    const r = h("button", { type: "button", class: "quiet", id: "resign", text: t("table.resign") });
    r.addEventListener("click", () => {
      if (confirm(t("table.resignConfirm"))) command(() => api.resign(id, token));
    });
    row.append(r);
    moves.replaceChildren(...controls, row);
    // Not thrown to the top of the page: the prompt says what comes next,
    // and Tab goes on to the board and the moves.
    if (hadFocus && !main.contains(document.activeElement)) focusOn(prompt);
  }

  /** Makes the move `item` stands for (a template with `values`) at `d`'s version.
   * @param {Session} d @param {LegalItem} item @param {Record<string, unknown>} values */
  function play(d, item, values) {
    return command((t) => api.move(id, token, api.instantiate(item, values), d.version, t));
  }

  /** @param {Session} d */
  function legalMoves(d) {
    const box = h("div", { class: "legal" });
    const items = /** @type {LegalItem[]} */ (d.legal_moves);
    items.forEach((item, i) => {
      const ps = api.params(item);
      if (ps.length === 0) {
        const b = h("button", { type: "button", class: "move", "data-i": i, text: item.label });
        b.addEventListener("click", () => play(d, item, {}));
        box.append(b);
      } else {
        const inputs = ps.map(([field, dom]) => [field, paramInput(field, dom)]);
        // The button's name is its visible text and then the move ("Do it
        // Raise 1 fleet"), so a voice-control user can say what they see and
        // a screen-reader user hears which move it does.
        const f = h("form", { class: "template", "data-i": i }, [
          h("p", { class: "label", id: `move-${i}-label`, text: item.label }),
          ...inputs.map(([, x]) => /** @type {{el: HTMLElement}} */ (x).el),
          h("button", { type: "submit", class: "move", id: `move-${i}-do`, text: t("table.doIt"), "aria-labelledby": `move-${i}-do move-${i}-label` }),
        ]);
        f.addEventListener("submit", (ev) => {
          ev.preventDefault();
          /** @type {Record<string, unknown>} */
          const values = {};
          for (const [field, x] of inputs) values[/** @type {string} */ (field)] = /** @type {{read: () => unknown}} */ (x).read();
          play(d, item, values);
        });
        box.append(f);
      }
    });
    return box;
  }

  /** @param {Session} d */
  async function endScreen(d) {
    const n = d.next;
    const sc = api.scores(n);
    const rows = sc ? Object.entries(sc).map(([seat, v]) => h("tr", {}, [h("th", { scope: "row", text: d.seats.find((s) => s.id === seat)?.name ?? seat }), h("td", { text: v === null ? t("end.atTable") : String(v) })])) : [];
    const mark = h("p", { class: "verify", id: "verify", text: t("end.checking") });
    moves.replaceChildren(
      h("section", { class: "end", id: "end", "aria-labelledby": "end-h" }, [
        h("h2", { id: "end-h", text: n.type === "finished" ? t("end.over") : t("end.ended") }),
        h("p", { text: api.nextLine(n) }),
        rows.length ? h("table", { class: "scores" }, [h("caption", { text: t("end.scores") }), h("tbody", {}, rows)]) : null,
        mark,
        h("p", {}, [h("a", { href: "#", class: "button", text: t("end.newGame") })]),
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
        await showEvents(e.events);
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
  current = {
    stop() {
      stopped = true;
      clearTimeout(botTimer);
      es?.close();
      document.removeEventListener("visibilitychange", wake);
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
  // The events so far, from the log (newest first).
  try {
    const l = await api.log(id, token);
    for (const c of l.commands) for (const e of c.events) feed.prepend(eventItem(e));
  } catch {}
  render();
  connect();
}

/** @param {{keepFocus?: boolean}} [o] keepFocus: focus stays where it is (the language switch) */
async function start(o = {}) {
  current?.stop();
  current = null;
  const r = route();
  try {
    if (r) {
      // A language the seat pinned (on this device or another) is the page's.
      const pin = await api.languagePin(r.id, r.token).catch(() => null);
      if (pin?.language && pin.language !== lang()) {
        setLang(pin.language);
        frame();
      }
      await table(r.id, r.token);
    }
    else await lobby();
  } catch (e) {
    main.replaceChildren(h("p", { class: "error", role: "alert", text: problemText(e) }));
  }
  if (!o.keepFocus) focusOn(main.querySelector("h1"));
}

// ---------------------------------------------------------------- language

const langBox = h("span", { class: "lang", role: "group" });

/** The frame's words (index.html) and the EN/DE switch, in the page's language. */
function frame() {
  document.documentElement.lang = lang();
  const skip = document.querySelector("a.skip");
  if (skip) skip.textContent = t("skip");
  langBox.setAttribute("aria-label", t("lang.switch"));
  langBox.replaceChildren(
    ...LANGS.map((l) => {
      const b = h("button", { type: "button", class: "quiet", lang: l, "data-lang": l, "aria-pressed": String(l === lang()), title: t(l === "de" ? "lang.de" : "lang.en"), text: l.toUpperCase() });
      b.addEventListener("click", async () => {
        if (l === lang()) return;
        setLang(l);
        frame();
        // At a seat, the choice is the seat's: pinned, so the server answers
        // this seat in it on every device (a failure keeps the page's choice).
        const r = route();
        if (r) await api.pinLanguage(r.id, r.token, l).catch(() => null);
        // Everything again in the new language: the page's words, and the
        // session (events, prompt, labels) fetched anew.
        await start({ keepFocus: true });
        /** @type {HTMLElement | null} */ (langBox.querySelector(`[data-lang="${l}"]`))?.focus();
        announce(t(l === "de" ? "lang.de" : "lang.en"));
      });
      return b;
    }),
  );
}

document.querySelector("nav.top")?.append(" ", langBox);
frame();
window.addEventListener("hashchange", () => start());
start();
