// Plays every game through the table page in Debian's Chromium, from the
// lobby to the end screen, by clicking the moves the page offers (a
// deterministic strategy), with two browser contexts for the two-human
// games (they must stay in sync through the stream, also after one goes
// offline and comes back). Fails on any console error, page error, failed
// request, or request to another host. Screenshots at 390×844 and 1280×800
// go to target/screenshots/.
//
// An accessibility audit (axe-core) runs on the lobby, the options form,
// the invite screen, mid-game and the end screen of every game; a
// violation of impact "serious" or "critical" fails the run. A keyboard
// run plays a few moves of three-hundred with Tab, Shift+Tab, Enter and
// Space only, and checks that focus shows and lands on the prompt (not on
// <body>) when a move re-renders the page.
//
// German runs: arler-erde, catan-shadow, catan-ck-duel and terra-mystica
// are played again with the page's switch set to DE. Besides the page's own
// words and the server's German texts, the board's drawn texts, <title>s
// and aria-labels must hold German terms of the game and none of a list of
// English board words (BOARD_DE), at 1280 and 390 px wide, on the first
// board, mid-game and at the end; axe audits those German screens.
//
//   node test/play.mjs [ghostseat binary] [game ...]
//
// PLAY_JOBS=1 plays one game at a time (two side by side unless set).
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DICTS } from "../i18n.js";
import { lobbyChecks } from "./lobby.mjs";
import { tableTaps } from "./table-taps.mjs";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const binary = process.argv[2] ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug/ghostseat");
const only = process.argv.slice(3);
const shots = join(root, "target/screenshots");
mkdirSync(shots, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), "ghostseat-table-"));
const port = 18000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const ADMIN = "gst_table_test_admin";
const server = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, ...(process.env.WEB_DIR ? ["--web-dir", process.env.WEB_DIR] : []), "--database", join(dir, "db.sqlite"), "--rate-limit", "0", "--log-level", "error", "--admin-token", ADMIN,
  // Every page here is one address. Its live streams stay well under 16 (three games of at
  // most two pages each, side by side); a stream whose page went must give its place back,
  // or the run's last games are refused (429).
  "--streams-per-address", "16"], { stdio: "inherit" });

/** Each game: options set through the form (to keep the run short), the seed, and how to choose among offered moves. */
const GAMES = [
  // One refused attempt on purpose (a choice sent with more than it allows).
  // Three moves with the keyboard only (Tab, Shift+Tab, Enter, Space).
  { id: "three-hundred", options: {}, seed: "1", refuse: true, keyboard: 3 },
  { id: "arler-erde", options: {}, seed: "1" },
  // The same game in German: the page's EN/DE switch set to DE in the lobby
  // (the browser says English); mid-game the bot runs step by step (its
  // button), the page switches to English and back (the session fetched
  // anew each time), and every screen is audited in German.
  { id: "arler-erde", name: "arler-erde-de", options: {}, seed: "1", lang: "de" },
  // A slow phone: the server's answers reach the page late and out of order
  // (each held back 0–400 ms), so the page must not draw an older answer
  // over a newer one or send a bot turn for a version it knows is past.
  { id: "terra-mystica", options: {}, seed: "1", slow: true },
  // The Catan island and the Terra Mystica board in German: their pictures'
  // texts, titles and aria-labels hold the German editions' terms and none
  // of the English board words (BOARD_DE), at both widths.
  { id: "catan-shadow", name: "catan-shadow-de", options: { vp_target: "3" }, seed: "1", prefer: true, lang: "de" },
  { id: "terra-mystica", name: "terra-mystica-de", options: {}, seed: "1", lang: "de" },
  { id: "catan-ck-duel", name: "catan-ck-duel-de", options: { max_turns: "30" }, seed: "1", lang: "de", noBot: true },
  // A house turn cap (SESSION-HOUSE-1) keeps the run short.
  { id: "catan-ck-duel", options: { max_turns: "30" }, seed: "1", offline: true },
  // First to 3 points instead of 10.
  { id: "catan-shadow", options: { vp_target: "3" }, seed: "1", prefer: true },
  // Physical-table mode: every die and every card the server needs is asked
  // for by the page's form and typed in (deterministic values).
  { id: "three-hundred", name: "three-hundred-table", options: { table_mode: "all" }, seed: "2", table: true },
];
const PREFER = [/^Build a city|^Baue eine Stadt|^Stadt bauen/, /^Build a settlement|^Baue eine Siedlung|^Siedlung bauen/, /^Build a road|^Baue eine Straße|^Straße bauen/, /^Roll|^Würfeln|^Würfle/];
const AVOID = /trade|offer|bank|harbour|handel|tausch|angebot|bank|hafen/i;

// axe-core's source, put into the page by `page.evaluate` (the DevTools
// protocol). Not `page.addScriptTag({content})`: that adds an inline
// <script>, which the page's CSP (script-src 'self') blocks, as it should;
// and not from a URL, which the CSP blocks too. So the page is audited under
// its real CSP, without `bypassCSP`.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Rule id → {impact, count of nodes, where}: the run's audit summary. */
const axeFound = new Map();
let audits = 0;

/**
 * Runs axe on the page as it is now; fails on "serious" and "critical"
 * violations, and notes the others. WCAG 2.x A and AA rules plus axe's
 * best practices. One exception, for one rule on one kind of element:
 * "label-content-name-mismatch" (WCAG 2.5.3, label in name) is not
 * applied to the board's targets (`#board .target`). A target is a place
 * on a map (a city, a port, a card); the text drawn in it is the picture of
 * that place (its name, "★2", unit counts "G1"), not a caption, and axe
 * takes all of it as the label. Its name is the move it makes, which names
 * the place ("Raise 1 army (choose where): Athenai"), its drawing is hidden
 * from assistive technology and the place's description is kept as its
 * aria-describedby (svg.js `control`). The rule still runs on every other
 * control, the move buttons and forms below the board included.
 * @param {import('playwright-core').Page} page @param {string} where
 */
async function audit(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  const vs = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    const exempt = (v, n) => v.id === "label-content-name-mismatch" && n.target.length === 1 && !!document.querySelector(String(n.target[0]))?.matches("#board .target");
    return r.violations
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.filter((n) => !exempt(v, n)).map((n) => n.target.map(String).join(" ")) }))
      .filter((v) => v.nodes.length > 0);
  });
  audits++;
  for (const v of vs) {
    const seen = axeFound.get(v.id) ?? { impact: v.impact, nodes: 0, where: new Set() };
    seen.nodes += v.nodes.length;
    seen.where.add(where);
    axeFound.set(v.id, seen);
    const line = `${where}: axe ${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes.slice(0, 6).join(" | ")}${v.nodes.length > 6 ? " | …" : ""} — ${v.help}`;
    if (v.impact === "serious" || v.impact === "critical") fail(line);
    else console.log(`  note: ${line}`);
  }
}

const problems = [];
const fail = (msg) => { problems.push(msg); console.error(`FAIL: ${msg}`); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Games run side by side, so what a page may see is the game's own state:
 * `game.allowOffline` while its other phone is offline on purpose,
 * `game.expectRefusal` while a refused attempt is made on purpose (its 422 is
 * expected), `game.table` allows `422 dice_needed`.
 * @param {import('playwright-core').Page} page @param {string} who @param {any} game
 */
function watch(page, who, game) {
  // A command keeps #main busy until the new version is drawn: a page that
  // stops being busy while it still shows the old version offers moves that
  // would be refused. (A refusal, a failed fetch, or the table's form shows
  // instead; the watcher's console error fails the run.)
  page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const m = document.getElementById("main");
      if (!m) return;
      let from = "";
      new MutationObserver(() => {
        if (m.hasAttribute("aria-busy")) from = m.dataset.version ?? "";
        else if (from && m.dataset.version === from && !document.getElementById("problem")?.textContent && !document.getElementById("table-input")) {
          console.error(`#main stopped being busy at the old version ${from}`);
        }
      }).observe(m, { attributes: true, attributeFilter: ["aria-busy"] });
    });
  });
  // Chromium logs every 4xx as a console error; the expected ones are the
  // table's `dice_needed` answers and the refusal asked for on purpose (the
  // response handler below checks their codes).
  const expected422 = () => game.table || game.expectRefusal;
  page.on("console", (m) => { if (m.type() === "error" && !game.allowOffline && !(expected422() && /status of 422/.test(m.text()))) fail(`${who} console: ${m.text()}`); });
  page.on("pageerror", (e) => fail(`${who} page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A stream closed on purpose (navigation, page closed) is not a failure.
    if (game.allowOffline || r.url().includes("/stream?") || r.failure()?.errorText === "net::ERR_ABORTED") return;
    fail(`${who} request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("request", (r) => {
    if (r.url().includes("/stream?")) (game.streams ??= []).push(r.url());
    if (r.url().startsWith(base + "/v1/")) (game.langs ??= new Set()).add(r.headers()["accept-language"] ?? "none");
  });
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("data:")) fail(`${who} asked another host: ${r.url()}`); });
  page.on("response", async (r) => {
    if (r.status() < 400) return;
    let code = "";
    try { code = (await r.json()).code ?? ""; } catch {}
    if (r.status() === 422 && code === "dice_needed" && game.table) return;
    if (r.status() === 422 && game.expectRefusal && code !== "dice_needed") return;
    fail(`${who} got ${r.status()} (${code}) for ${r.url()}`);
  });
}

/**
 * Screenshots of the page as it is now at 390×844 and 1280×800, named
 * `<game>-<what>-<width>.png` (what: newgame, start, bot, panel, play-a, end-a,
 * …); at 390 the phone checks run first. The page is let settle first (no
 * command in flight, the markup still for 400 ms), so what is measured and
 * shot does not depend on how fast the bot's answer came.
 * @param {import('playwright-core').Page} page @param {string} name
 */
async function shoot(page, name) {
  if (await page.$("#main[data-version]")) await quiet(page);
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: hgt });
    // The board is fitted again on resize, in the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (w === 390) await phoneChecks(page, name);
    await page.screenshot({ path: join(shots, `${name}-${w}.png`), fullPage: false });
    // The board alone, whole, at this width.
    if (await page.$("#board svg.board")) await page.locator("#board").screenshot({ path: join(shots, `${name}-board-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The player panels alone, at both widths: `<game>-panel-<width>.png`. */
async function panelShots(page, name) {
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.locator("#panels-box").screenshot({ path: join(shots, `${name}-panel-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Visible text that is an id, JSON or a field name, not words. */
const RAW = [
  [/[\[{]\s*"?[\w-]+"?\s*[:,]/, "JSON"],
  [/\[\s*-?\d+\s*,\s*-?\d+/, "a coordinate"],
  [/\b[a-z]+_[a-z_]+\b/, "an id with underscores"],
  [/\b(?:ACT|BON|FAV|TW|SCORE)\d+\b/, "a tile id"],
  [/\b[Vv]ersion \d+/, "a version"],
  // A colour or field id such as "white (n1)" or "fictive player f2"; a die's name ("d6") is a word.
  [/\b(?!d(?:4|6|8|10|12|20)\b)[a-z]{1,2}\d+\b/, "a lower-case id"],
  [/\b(?:season|built|delta|armies|vp_delta|table_mode)\s*[:=]/, "a field name"],
];

/**
 * The game screen's checks at 390×844: no raw id,
 * JSON or field name in visible text; controls 44×44 and board targets
 * 32×32 at least; at most 12 controls outside the board with "all moves"
 * folded; no board sheet cut off at the sides (a wider one pans in its own
 * scroller); both Catan games show the seat's hand and points; the newest
 * event is within one screen height of the prompt.
 */
async function phoneChecks(page, name) {
  if (!(await page.$("#main[data-version]"))) return;
  const r = await page.evaluate(() => {
    const shown = (e) => { const b = e.getBoundingClientRect(); const cs = getComputedStyle(e); return b.width > 0 && b.height > 0 && cs.visibility !== "hidden" && !e.closest("details:not([open]) > :not(summary)"); };
    const main = document.getElementById("main");
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("#board, pre.view") || !n.textContent.trim() || !shown(el)) continue;
      texts.push(n.textContent.trim());
    }
    const ctl = [...main.querySelectorAll("a[href], button, input, select, summary, [role=button]")].filter((e) => !e.closest("#board") && shown(e));
    const small = ctl.filter((e) => { const b = e.getBoundingClientRect(); const box = e.type === "checkbox" ? e.closest(".check") ?? e : e; const bb = box.getBoundingClientRect(); return Math.max(b.height, bb.height) < 44 - 0.5 || Math.max(b.width, bb.width) < 44 - 0.5; }).map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} "${(e.textContent ?? "").trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`);
    const allOpen = !!document.querySelector("#all-moves[open]");
    // A step of the newest turn is its sentence, tappable for its rule: counted apart.
    const outside = ctl.filter((e) => !e.closest("#all-moves > :not(summary), #more > :not(summary), #end, #latest")).length;
    const tiny = [...document.querySelectorAll("#board .target")].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0 && (b.width < 31.5 || b.height < 31.5)).map((b) => `${Math.round(b.width)}×${Math.round(b.height)}`);
    const prompt = document.getElementById("prompt")?.getBoundingClientRect();
    const newest = document.querySelector("#latest > .event:last-child")?.getBoundingClientRect();
    const panel = document.querySelector("#panels .pl-you");
    // Board sheets wider than the screen must pan in a scroller that is
    // itself in the screen (a zoomed map), never be cut off. Arler's two
    // sheets are zoomed as one and pan together; Terra Mystica's each pan
    // on their own, so its cult strip stays whole.
    const cut = [...document.querySelectorAll("#board svg.board")].flatMap((svg) => {
      const b = svg.getBoundingClientRect();
      if (b.width === 0 || (b.left >= -0.5 && b.right <= innerWidth + 0.5)) return [];
      let p = svg.parentElement;
      while (p && p.id !== "main" && !/auto|scroll/.test(getComputedStyle(p).overflowX)) p = p.parentElement;
      const pb = p?.getBoundingClientRect();
      const alone = !svg.closest(".sheets") || p?.querySelectorAll("svg.board").length === 1;
      const own = p && p.id !== "main" && alone && pb && pb.left >= -0.5 && pb.right <= innerWidth + 0.5;
      return own ? [] : [`${svg.getAttribute("aria-label") ?? "board"} ${Math.round(b.left)}..${Math.round(b.right)}`];
    });
    return { cut, texts, small, outside, allOpen, tiny, gap: prompt && newest ? newest.top - prompt.top : null, hand: !!panel?.querySelector(".pl-hand"), vp: !!panel?.querySelector(".pl-vp"), game: location.hash };
  });
  for (const t of r.texts) for (const [re, what] of RAW) if (re.test(t)) fail(`${name}: visible text shows ${what}: "${t.slice(0, 80)}"`);
  if (r.small.length) fail(`${name}: ${r.small.length} control(s) under 44×44 at 390 px: ${r.small.slice(0, 4).join("; ")}`);
  if (r.cut.length) fail(`${name}: board sheet(s) leave the screen at 390 px without a scroller in the screen: ${r.cut.slice(0, 3).join("; ")}`);
  if (r.tiny.length) fail(`${name}: ${r.tiny.length} board target(s) under 32×32 at 390 px: ${r.tiny.slice(0, 4).join(", ")}`);
  if (!r.allOpen && r.outside > 12) fail(`${name}: ${r.outside} controls outside the board before "all moves" is opened`);
  if (/catan/.test(name) && (!r.hand || !r.vp)) fail(`${name}: the seat's hand or points are not shown`);
  if (r.gap !== null && r.gap > 844) fail(`${name}: the newest event is ${Math.round(r.gap)} px below the prompt`);
  phoneSeen.count++;
}
const phoneSeen = { count: 0 };

const state = (page) => page.evaluate(() => {
  const m = document.getElementById("main");
  return { version: Number(m?.dataset.version ?? -1), next: m?.dataset.next ?? "", legal: !!document.querySelector("#moves .legal"), table: !!document.querySelector("#table-input"), ask: !!document.querySelector("dialog#ask[open]"), busy: m?.hasAttribute("aria-busy") ?? false, problem: document.getElementById("problem")?.textContent ?? "" };
});

/** Picks and does one offered move on `page`. Returns false if none. */
async function playOne(page, game, tried) {
  const items = await page.$$eval("#moves .legal > [data-i]", (els) => els.map((e) => ({ i: e.getAttribute("data-i"), label: (e.tagName === "FORM" ? e.querySelector(".label")?.textContent : e.textContent) ?? "", form: e.tagName === "FORM" })));
  let cands = items.filter((x) => !tried.has(x.i));
  if (cands.length === 0) return false;
  if (game.prefer) {
    const score = (x) => { const p = PREFER.findIndex((r) => r.test(x.label)); return p >= 0 ? p : AVOID.test(x.label) ? 99 : 50; };
    cands = [...cands].sort((a, b) => score(a) - score(b));
  }
  // Every other move is made on the board when the board offers one of the
  // candidates: the board's targets are the same legal items.
  game.turn = (game.turn ?? 0) + 1;
  if (game.turn % 2 === 0) {
    const onBoard = await page.$$eval("#board .target[data-i]", (els) => els.map((e) => e.getAttribute("data-i")));
    const hit = onBoard.find((i) => cands.some((x) => x.i === i));
    if (hit !== undefined) {
      tried.add(hit);
      await page.click(`#board .target[data-i="${hit}"]`);
      game.boardClicks = (game.boardClicks ?? 0) + 1;
      return true;
    }
  }
  const pick = cands[0];
  tried.add(pick.i);
  const sel = `#moves .legal > [data-i="${pick.i}"]`;
  // The list is folded under "All moves": open it first.
  await page.evaluate(() => { const d = document.getElementById("all-moves"); if (d) d.open = true; });
  if (pick.form) {
    // A number the player must give has no default: the least it may be.
    for (const inp of await page.$$(`${sel} input[type=number][required]`)) if (!(await inp.inputValue())) await inp.fill((await inp.getAttribute("min")) ?? "0");
    await page.click(`${sel} button[type=submit]`);
  }
  else await page.click(sel);
  return true;
}

/** Where focus is, whether it shows (a ring, from :focus-visible), and whether it is in the page's main. */
const focusNow = (page) => page.evaluate(() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return { where: "<body>", visible: false, inMain: false };
  const cs = getComputedStyle(e);
  const name = e.getAttribute("aria-label") ?? e.textContent?.trim().slice(0, 40) ?? "";
  return {
    where: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${[...e.classList].map((c) => `.${c}`).join("")} "${name}"`,
    visible: e.matches(":focus-visible") && cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2,
    inMain: !!document.getElementById("main")?.contains(e),
  };
});

/** Waits until the page's version and markup stop changing for 400 ms. */
async function quiet(page) {
  let last = "";
  for (let i = 0; i < 40; i++) {
    const now = await page.evaluate(() => `${document.getElementById("main")?.dataset.version}|${document.getElementById("moves")?.innerHTML.length}|${document.getElementById("main")?.hasAttribute("aria-busy")}`);
    if (now === last && !now.endsWith("true")) return;
    last = now;
    await sleep(400);
  }
}

/** Presses Tab (or Shift+Tab) until focus is on an element matching `sel`. */
async function tabTo(page, sel, back = false) {
  for (let k = 0; k < 150; k++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, sel)) return true;
  }
  return false;
}

/**
 * One move with the keyboard only: Tab to a board target (when the board
 * offers one, until one move was made there, then every other move) or to
 * a move's button, one Tab on and
 * Shift+Tab back, then Enter or Space. Focus must show on the control and,
 * after the page re-renders, be in the page (the prompt, the end heading
 * or the table's form), not thrown to <body>.
 */
async function keyboardMove(page, game, v) {
  const k = game.kbTries = (game.kbTries ?? 0) + 1;
  // A quiet page first: the bot's turn or a stream entry that re-renders
  // the moves between Tab and Shift+Tab would move focus under the test.
  await quiet(page);
  const onBoard = (!game.kbBoard || k % 2 === 1) && (await page.$("#board .target[data-i]"));
  const sel = onBoard ? "#board .target[data-i]" : "#moves .legal > button.move, #moves .legal > form.template button[type=submit]";
  if (!(await tabTo(page, sel))) { fail(`${game.id}: keyboard: Tab never reached ${sel}`); return false; }
  const at = await focusNow(page);
  await page.keyboard.press("Tab");
  if (!(await tabTo(page, sel, true))) { fail(`${game.id}: keyboard: Shift+Tab never came back to ${sel}`); return false; }
  const back = await focusNow(page);
  if (back.where !== at.where) fail(`${game.id}: keyboard: Shift+Tab went to ${back.where}, not back to ${at.where}`);
  if (!back.visible) fail(`${game.id}: keyboard: no visible focus on ${back.where}`);
  // How the focus ring looks on the board.
  if (onBoard && !game.kbBoard) await page.locator("#board").screenshot({ path: join(shots, `${game.name ?? game.id}-keyboard-board-focus.png`) });
  await page.keyboard.press(k % 2 === 1 ? "Enter" : "Space");
  // A move with consequences (pass, resign, report) asks once: the dialog
  // takes the focus, and Enter confirms it.
  await sleep(100);
  if (await page.$("#ask-ok:focus")) await page.keyboard.press("Enter");
  const s = await settle(page, v);
  await sleep(100);
  const after = await focusNow(page);
  console.log(`  ${game.id}: keyboard: ${onBoard ? "board" : "move"} ${at.where} by ${k % 2 === 1 ? "Enter" : "Space"} → ${s.problem ? `refused (${s.problem})` : `version ${s.version}`}; focus then on ${after.where}${after.visible ? " (visible)" : ""}`);
  if (!after.inMain) fail(`${game.id}: keyboard: after the move focus was lost to ${after.where}`);
  else if (!after.visible) fail(`${game.id}: keyboard: after the move focus on ${after.where} does not show`);
  if (game.kbTries === 1) await shoot(page, `${game.name ?? game.id}-keyboard`);
  if (s.problem) return false;
  game.kbMoves = (game.kbMoves ?? 0) + 1;
  if (onBoard) game.kbBoard = (game.kbBoard ?? 0) + 1;
  return true;
}

/** Answers the table's form on `page` and waits until it is sent. */
async function answerTable(page, game, v) {
  const name = game.name ?? game.id;
  const form = await page.$("#table-input");
  if (!game.tableAudited) { game.tableAudited = true; await audit(page, `${name} table form`); }
  // The form waits on the player: a busy #main would keep screen readers quiet about it.
  if ((await state(page)).busy) fail(`${name}: the table's form shows while #main is aria-busy`);
  await fillTable(page, "#table-input", game);
  // The last tap sends the form; a die typed into needs its button.
  if (await page.$("#table-input button[type=submit]")) await page.click("#table-input button[type=submit]");
  // Sent: this form goes (another may follow if more is needed).
  await form?.waitForElementState("hidden", { timeout: 10000 });
  await settle(page, v);
}

/**
 * A refused attempt on purpose: the bundle form that allows the most, sent
 * in full (more than the seat can pay for). The page must show the refusal
 * with its rule, and the version must stay. False if no such form is offered.
 */
async function refusedAttempt(page, game) {
  const name = game.name ?? game.id;
  await page.evaluate(() => { const d = document.getElementById("all-moves"); if (d) d.open = true; });
  const forms = await page.$$("#moves .legal > form.template:has(fieldset.bundle)");
  let form = null, most = 0;
  for (const f of forms) {
    const total = await f.$$eval("fieldset.bundle input", (xs) => xs.reduce((t, x) => t + Number(x.max || 0), 0));
    if (total > most) { most = total; form = f; }
  }
  if (!form) return false;
  game.refused = true;
  const v0 = (await state(page)).version;
  game.expectRefusal = true;
  for (const inp of await form.$$("fieldset.bundle input")) await inp.fill((await inp.getAttribute("max")) ?? "9");
  await (await form.$("button[type=submit]")).click();
  const s0 = await settle(page, v0);
  await sleep(200);
  game.expectRefusal = false;
  if (!/\(rule [A-Z0-9-]+\)/.test(s0.problem)) fail(`${game.id}: a refused move showed no rule: "${s0.problem}"`);
  if (s0.version !== v0) fail(`${game.id}: a refused move changed the version ${v0} → ${s0.version}`);
  console.log(`  ${game.id}: refused on purpose: ${s0.problem}`);
  await shoot(page, `${name}-refused`);
  await audit(page, `${name} refused`);
  return true;
}

/** Answers the table's form: die k shows (k mod sides) + 1 plus the version, a card is the first candidate. */
async function fillTable(page, scope, game) {
  const v = (await state(page)).version;
  let k = 0;
  for (const row of await page.$$(`${scope} fieldset.need`)) {
    if (await row.$("button[aria-pressed=true]")) continue;
    const faces = await row.$$("button.face");
    if (faces.length) await faces[(k + Math.max(v, 0)) % faces.length].click();
    else await (await row.$("button.card-pick"))?.click();
    k++;
  }
  const inputs = await page.$$(`${scope} input[type=number]`);
  for (const [j, inp] of inputs.entries()) {
    const sides = Number((await inp.getAttribute("max")) ?? 6);
    await inp.fill(String(((j + Math.max(v, 0)) % sides) + 1));
  }
  game.tableItems = (game.tableItems ?? 0) + k + inputs.length;
}

/** Answers the move's dialog (safe.js): the first choice, each number its least, then OK. */
async function answerAsk(page, game) {
  game.asked = (game.asked ?? 0) + 1;
  for (const box of await page.$$("dialog#ask fieldset.choices")) await (await box.$("button.choice"))?.click();
  // A long choice starts on "choose" (no value chosen for the player): the first real one.
  for (const sel of await page.$$("dialog#ask select")) if (!(await sel.inputValue())) await sel.selectOption({ index: 1 });
  for (const inp of await page.$$("dialog#ask input[type=number]")) if (!(await inp.inputValue())) await inp.fill((await inp.getAttribute("min")) ?? "0");
  await page.click("#ask-ok");
  await page.waitForSelector("dialog#ask", { state: "detached", timeout: 5000 }).catch(() => fail(`${game.id}: the move's dialog stayed`));
}

/** Waits until the page's version passes `v`, the page shows a problem, or the game ends. */
async function settle(page, v) {
  for (let i = 0; i < 200; i++) {
    const s = await state(page);
    if (s.ask) return s;
    if (!s.busy && (s.version > v || s.problem || s.table || s.next === "finished" || s.next === "resigned")) return s;
    await sleep(25);
  }
  return state(page);
}

// ---------------------------------------------------------------- German

/**
 * The page's own messages that must not show on a German page: the English
 * ones of two words or more without placeholders that differ from their
 * German (short words such as "free" may be part of a server sentence).
 */
const ENGLISH_ONLY = Object.entries(DICTS.en).filter(([k, m]) => !/\{/.test(m) && m !== DICTS.de[k] && /\w \w/.test(m)).map(([, m]) => m);

/** Texts and names the page shows in `main` and the top bar: text nodes, aria-labels, titles. */
const pageWords = (page) => page.evaluate(() => {
  const out = [document.querySelector("nav.top")?.textContent ?? "", document.getElementById("main")?.innerText ?? ""];
  for (const e of document.querySelectorAll("body [aria-label], body title, body [title]")) out.push(e.getAttribute("aria-label") ?? e.getAttribute("title") ?? e.textContent ?? "");
  return out.join("\n");
});

/**
 * Per German game: words the board (its drawn texts, <title>s and
 * aria-labels) must show, each as a pattern, and English board words it
 * must not (whole words, any case).
 */
const BOARD_DE = {
  "catan-shadow": {
    want: [/Hügelland|Gebirge|Wald|Weideland|Ackerland/, /Wüste/, /Räuber/, /Hafen/, /Catan-Spielplan/],
    wantPlayed: [/Siedlung/, /Straße/],
    english: ["forest", "pasture", "fields", "hills", "mountains", "desert", "robber", "settlement", "city", "road", "harbour", "sea", "corner", "between", "coast", "rolled", "removed", "removal", "side", "sides", "dice", "lost", "auction", "fictive", "turn", "knight", "red", "blue", "white", "lumber", "wool", "grain", "brick", "ore", "board"],
  },
  "catan-ck-duel": {
    want: [/Hügelland|Gebirge|Wald|Weideland|Ackerland/, /Wüste/, /Räuber/, /Hafen/, /Barbaren/, /Catan-Spielplan: Städte & Ritter/],
    wantPlayed: [/Siedlung/, /Straße/],
    english: ["forest", "pasture", "fields", "hills", "mountains", "desert", "robber", "settlement", "city", "road", "harbour", "sea", "corner", "between", "coast", "rolled", "knight", "basic", "strong", "mighty", "active", "inactive", "level", "barbarians", "barbarian", "ship", "gate", "event", "merchant", "metropolis", "wall", "red", "blue", "white", "lumber", "wool", "grain", "brick", "ore", "board", "duel"],
  },
  "terra-mystica": {
    want: [/Ebene|Sumpf|See|Wald|Gebirge|Ödland|Wüste/, /Feuer/, /Wasser/, /Erde/, /Luft/, /Machtaktion/, /Rundenbonuskarte/, /Gunstplättchen/, /Stadtmarke/, /Runde \d/],
    wantPlayed: [/Wohnhaus/],
    english: ["plains", "swamp", "lakes", "forest", "mountains", "wasteland", "desert", "fire", "water", "earth", "air", "dwelling", "trading", "temple", "stronghold", "sanctuary", "bridge", "power", "priest", "priests", "round", "bonus", "favor", "town", "tiles", "cult", "tracks", "coins", "workers", "worker", "spade", "spades", "passed", "human", "players", "map", "scoring", "actions", "setup", "game over", "done", "close", "menu", "moves", "build", "seat", "shipping", "action", "pass"],
  },
};

/** The board's words: its drawn texts, <title>s and aria-labels. */
const boardWords = (page) => page.evaluate(() => {
  const b = document.getElementById("board");
  if (!b) return "";
  const out = [];
  for (const e of b.querySelectorAll("text, title, desc")) out.push(e.textContent ?? "");
  for (const e of b.querySelectorAll("[aria-label]")) out.push(e.getAttribute("aria-label") ?? "");
  return out.join("\n");
});

/**
 * The German board at both widths: it holds the game's German terms and
 * none of its English board words; `played` once pieces stand on it.
 */
async function germanBoard(page, game, where, played = false) {
  const want = BOARD_DE[game.id];
  if (!want) return;
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: w > 400 ? 800 : 844 });
    await sleep(150);
    const words = await boardWords(page);
    if (!words) { fail(`${game.name}: ${where} at ${w}: no board`); continue; }
    const missing = [...want.want, ...(played ? want.wantPlayed : [])].filter((re) => !re.test(words));
    if (missing.length) fail(`${game.name}: ${where} at ${w}: the German board lacks ${missing.map(String).join(", ")}`);
    const english = want.english.filter((e) => new RegExp(`(^|[^\\p{L}])${e}($|[^\\p{L}])`, "iu").test(words));
    if (english.length) {
      const lines = words.split("\n").filter((l) => english.some((e) => new RegExp(`(^|[^\\p{L}])${e}($|[^\\p{L}])`, "iu").test(l)));
      fail(`${game.name}: ${where} at ${w}: English on the German board: ${english.join(", ")}, e.g. "${lines.slice(0, 3).join('" | "')}"`);
    }
    game.boardChecks = (game.boardChecks ?? 0) + 1;
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Fails if an English message of the page shows on the German page. @param {string} where */
async function noEnglish(page, game, where) {
  const words = await pageWords(page);
  const found = ENGLISH_ONLY.filter((m) => words.includes(m));
  if (found.length) fail(`${game.name}: ${where}: English on the German page: ${found.map((m) => `"${m}"`).join(", ")}`);
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== game.lang) fail(`${game.name}: ${where}: <html lang="${lang}">, not ${game.lang}`);
}

/**
 * The German headline names the seat in German ("du bist Spieler 1", never
 * "Human 1"); the page's language is the device's: the EN/DE switch at a
 * seat does not pin the seat's language on the server, and a reload keeps
 * the device's choice.
 */
async function seatNameAndPin(page, name) {
  const sub = (await page.textContent("header.game-head .sub")) ?? "";
  if (/\b(Human|Player|The Greeks)\b/.test(sub) || !sub.trim()) fail(`${name}: the German headline names the seat in English: "${sub}"`);
  const pin = () => page.evaluate(async () => {
    const p = new URLSearchParams(location.hash.slice(1));
    const r = await fetch(`/v1/sessions/${p.get("s")}/language`, { headers: { authorization: `Bearer ${p.get("t")}` } });
    return (await r.json()).language;
  });
  const htmlLang = () => page.evaluate(() => document.documentElement.lang);
  for (const l of ["en", "de"]) {
    await page.click(`nav.top [data-lang="${l}"]`);
    for (let k = 0; k < 100 && (await htmlLang()) !== l; k++) await sleep(50);
    if ((await htmlLang()) !== l) fail(`${name}: the switch to ${l} did not change the page`);
    const p = await pin();
    if (p !== null) fail(`${name}: switching to ${l} pinned the seat's language (${p})`);
  }
  await page.evaluate(() => localStorage.setItem("ghostseat.lang", "en"));
  await page.reload();
  await page.waitForSelector("header.game-head .sub");
  await sleep(300);
  if ((await htmlLang()) !== "en") fail(`${name}: after a reload with English chosen, the page is not English`);
  await page.click(`nav.top [data-lang="de"]`);
  for (let k = 0; k < 100 && (await htmlLang()) !== "de"; k++) await sleep(50);
  console.log(`  ${name}: the headline reads "${sub.trim()}"; the EN/DE switch is this device's and pins nothing`);
}

/** The event sentences in the page's feed, and the same session's log in `lang` from the server. */
async function feedAndLog(page, lang) {
  const feed = await page.$$eval("#feed .event .text", (els) => els.map((e) => e.getAttribute("data-said") ?? e.textContent ?? ""));
  const p = new URLSearchParams(new URL(page.url()).hash.slice(1));
  // `lang=` wins over the seat's pinned language (the page's switch pins it).
  const r = await fetch(`${base}/v1/sessions/${p.get("s")}/log?lang=${lang}`, { headers: { authorization: `Bearer ${p.get("t")}`, "accept-language": lang } });
  const log = await r.json();
  return { feed, log: log.commands.flatMap((c) => c.events.map((e) => e.text)), contentLanguage: r.headers.get("content-language") };
}

/** The feed reads as the server's log in `lang`, and not as in the other language. */
async function feedIn(page, game, lang, where) {
  const other = lang === "de" ? "en" : "de";
  const { feed, log, contentLanguage } = await feedAndLog(page, lang);
  const { log: otherLog } = await feedAndLog(page, other);
  if (contentLanguage !== lang) fail(`${game.name}: the log asked for in ${lang} came with Content-Language ${contentLanguage}`);
  if (feed.length === 0) { fail(`${game.name}: ${where}: no events in the feed`); return; }
  const missing = feed.filter((t) => !log.includes(t));
  if (missing.length) fail(`${game.name}: ${where}: ${missing.length} event(s) not in the ${lang} log, e.g. "${missing[0]}"`);
  const changed = feed.filter((t) => !otherLog.includes(t)).length;
  if (changed === 0) fail(`${game.name}: ${where}: every event reads the same in ${other}`);
  game.sample = feed[0];
}

/** Clicks the EN/DE switch and waits until the page has re-rendered in `lang`. */
async function switchTo(page, lang, heading) {
  await page.click(`nav.top .lang button[data-lang="${lang}"]`);
  await page.waitForFunction(([l, hd]) => document.documentElement.lang === l && !!document.querySelector(hd), [lang, heading]);
  const pressed = await page.getAttribute(`nav.top .lang button[data-lang="${lang}"]`, "aria-pressed");
  if (pressed !== "true") fail(`switch: ${lang} is not pressed after choosing it`);
}

/**
 * Mid-game checks of the German table: its words, the events as the
 * server's German log, the bot's button (one bot turn step by step), then
 * English and back through the switch with the session fetched anew.
 */
async function germanTable(page, game, v) {
  await noEnglish(page, game, "mid-game");
  await germanBoard(page, game, "mid-game", true);
  await audit(page, `${game.name} German board`);
  const want = { "#ev-h": DICTS.de["table.whatHappened"], "#resign": DICTS.de["table.resign"] };
  for (const [sel, text] of Object.entries(want)) {
    const got = (await page.textContent(sel))?.trim();
    if (got !== text) fail(`${game.name}: ${sel} reads "${got}", not "${text}"`);
  }
  await feedIn(page, game, "de", "mid-game");
  // The bot step by step: its button, in German, pressed once.
  await page.evaluate(() => { document.getElementById("more").open = true; });
  await page.check("#step");
  for (let k = 0; k < 200 && !(await page.$("#bot-turn")); k++) {
    if ((await state(page)).legal) { await playOne(page, game, new Set()); await settle(page, (await state(page)).version); }
    else await sleep(50);
    if ((await state(page)).next === "finished") break;
  }
  if (await page.$("#bot-turn")) {
    game.botButton = (await page.textContent("#bot-turn"))?.trim();
    if (game.botButton !== DICTS.de["table.botTurn"]) fail(`${game.name}: the bot's button reads "${game.botButton}"`);
    await shoot(page, `${game.name}-bot-button`);
    await audit(page, `${game.name} bot button`);
    const v0 = (await state(page)).version;
    await page.click("#bot-turn");
    await settle(page, v0);
  } else if (!game.noBot) fail(`${game.name}: no bot button with the bot step by step`);
  await page.uncheck("#step");
  await quiet(page);
  // English and back: the page's words and the server's texts follow.
  await switchTo(page, "en", "#resign");
  await page.waitForFunction((t) => document.getElementById("resign")?.textContent === t, DICTS.en["table.resign"]);
  await quiet(page);
  await feedIn(page, game, "en", "switched to English");
  game.sampleEn = game.sample;
  await shoot(page, `${game.name}-switched-en`);
  await switchTo(page, "de", "#resign");
  await page.waitForFunction((t) => document.getElementById("resign")?.textContent === t, DICTS.de["table.resign"]);
  await quiet(page);
  await feedIn(page, game, "de", "switched back to German");
  await noEnglish(page, game, "switched back");
}

/**
 * Holds back every API answer but the stream's by a pseudo-random 0–400 ms
 * (a fixed sequence, so a failure can be run again), as a slow phone
 * network does: answers arrive late and out of order.
 * @param {import('playwright-core').BrowserContext} ctx
 */
async function slowDown(ctx) {
  let x = 0x9e3779b9;
  const next = () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) % 401; };
  await ctx.route((u) => u.pathname.startsWith("/v1/") && !u.pathname.endsWith("/stream"), async (route) => {
    const res = await route.fetch();
    await sleep(next());
    await route.fulfill({ response: res });
  });
}

async function playGame(browser, game) {
  const t0 = Date.now();
  const name = game.name ?? game.id;
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (game.slow) await slowDown(ctxA);
  const a = await ctxA.newPage();
  watch(a, `${game.id}/A`, game);
  await a.goto(base + "/");
  await a.waitForSelector(`button[data-game="${game.id}"]`);
  if (game.lang) {
    // The browser says English; the switch sets German, and the lobby
    // comes back in German.
    await switchTo(a, game.lang, `button[data-game="${game.id}"]`);
    const h1 = (await a.textContent("h1"))?.trim();
    if (h1 !== DICTS.de["lobby.start"]) fail(`${name}: the lobby's heading reads "${h1}"`);
    await noEnglish(a, game, "lobby");
  }
  await audit(a, `${name} lobby`);
  await a.click(`button[data-game="${game.id}"]`);
  await a.waitForSelector("form.options");
  // Options past the basic ones are under "More options".
  if (Object.keys(game.options).length) await a.evaluate(() => document.querySelectorAll("form.options details.more, form.options details.data").forEach((d) => { d.open = true; }));
  for (const [k, v] of Object.entries(game.options)) {
    const sel = `form.options [name="${k}"]`;
    // Options past the basic ones are folded under "More options".
    await a.$eval(sel, (e) => { const d = e.closest("details"); if (d) /** @type {HTMLDetailsElement} */ (d).open = true; });
    if ((await a.$eval(sel, (e) => e.tagName)) === "SELECT") {
      // A choice: the option whose text names the value.
      const ok = await a.$eval(sel, (e, want) => {
        const o = [...e.options].find((o) => o.dataset.value === JSON.stringify(want) || o.textContent.toLowerCase().includes(want));
        if (o) { e.value = o.value; e.dispatchEvent(new Event("change", { bubbles: true })); }
        return o ? o.textContent : null;
      }, v);
      if (!ok) fail(`${name}: no option "${v}" for ${k}`);
    }
    else await a.fill(sel, v);
  }
  await a.click("#seed-box summary");
  await a.fill("#seed", game.seed);
  await a.fill("#admin", ADMIN);
  await shoot(a, `${name}-newgame`);
  await audit(a, `${name} options`);
  await a.click("form.options button[type=submit]");
  if (game.table) {
    // The set-up may need dice or cards from the table first.
    await a.waitForSelector(".plays, #main[data-version], #create-problem fieldset.need", { timeout: 10000 });
    if (await a.$("#create-problem fieldset.need")) {
      // The last tap creates the game; a die typed into waits for "Create".
      await fillTable(a, "#create-problem", game);
      await a.waitForSelector(".plays, #main[data-version]", { timeout: 3000 }).catch(() => a.click("#create"));
    }
  }
  // A solo game goes straight to play; a game between people shows the
  // invite screen (this device's seat, a link for the other).
  await a.waitForSelector(".invites, .plays, #main[data-version]");
  /** @type {string[]} */
  let links;
  if (await a.$(".plays")) {
    await shoot(a, `${name}-invite`);
    await audit(a, `${name} invite`);
    if (game.lang) await noEnglish(a, game, "invite");
    links = [...(await a.$$eval("a[data-play]", (els) => els.map((e) => e.getAttribute("href")))), ...(await a.$$eval("a[data-invite]", (els) => els.map((e) => e.getAttribute("href").replace(location.origin, ""))))];
  } else links = [await a.evaluate(() => location.hash)].map((x) => `/${x}`);
  const pages = [a];
  game.pages = pages;
  let ctxB = null;
  await a.goto(base + links[0]);
  if (links.length > 1) {
    ctxB = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const b = await ctxB.newPage();
    watch(b, `${game.id}/B`, game);
    await b.goto(base + links[1]);
    pages.push(b);
  }
  await a.waitForSelector("#main[data-version]");
  // Every game draws its board from the view.
  await a.waitForSelector("#board svg.board", { timeout: 5000 }).catch(() => fail(`${name}: no board drawn`));
  if (game.lang) await germanBoard(a, game, "first board");
  // The game's first screen.
  await shoot(a, `${name}-start`);
  let moves = 0, shotMid = false, offlineDone = false;
  // A guard against a game that hangs; a game played alongside another takes
  // up to about 1.5 times as long as alone (80 s at most here).
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (Date.now() > deadline) { fail(`${game.id}: no end after ${moves} moves in 240 s`); break; }
    const states = await Promise.all(pages.map(state));
    if (states.every((s) => s.next === "finished" || s.next === "resigned")) break;
    // The table's dice or cards, asked for by a move or a bot turn.
    const ai = states.findIndex((s) => s.ask);
    if (ai >= 0) { await answerAsk(pages[ai], game); continue; }
    const ti = states.findIndex((s) => s.table);
    if (ti >= 0) { await answerTable(pages[ti], game, states[ti].version); continue; }
    if (game.refuse && !game.refused && (await refusedAttempt(pages[0], game))) continue;
    const i = states.findIndex((s) => s.legal && !s.busy);
    if (i < 0) { await sleep(40); continue; }
    if (game.keyboard && i === 0 && ((game.kbMoves ?? 0) < game.keyboard || !game.kbBoard) && (game.kbTries ?? 0) < game.keyboard * 4) {
      if (await keyboardMove(pages[0], game, states[0].version)) moves++;
      continue;
    }
    const page = pages[i];
    // The first bot turn, shown as the newest turn before the seat moves again.
    if (!game.shotBot && (await page.$('#latest[data-by="bot"] > .event'))) {
      game.shotBot = true;
      await shoot(page, `${name}-bot`);
    }
    const v = (await state(page)).version;
    const tried = new Set();
    let s;
    for (;;) {
      if (!(await playOne(page, game, tried))) { fail(`${game.id}: every offered move was refused at version ${v}`); return; }
      s = await settle(page, v);
      if (s.ask) { await answerAsk(page, game); s = await settle(page, v); }
      if (!s.problem) break;
      console.log(`  ${game.id}: refused (${s.problem}); trying another`);
    }
    moves++;
    if (!shotMid && moves >= 8) {
      await panelShots(pages[0], name);
      shotMid = true;
      for (const [k, p] of pages.entries()) { await shoot(p, `${name}-play-${"ab"[k]}`); await audit(p, `${name} mid-game ${"ab"[k]}`); }
      if (game.lang) await germanTable(pages[0], game, v);
    }
    // Two phones: the other one follows through the stream.
    if (pages.length > 1) {
      const other = pages[1 - i];
      if (game.offline && !offlineDone && moves === 12) {
        // The other phone sleeps (offline) while this one plays on, then wakes.
        offlineDone = true;
        game.allowOffline = true;
        await other.context().setOffline(true);
        await sleep(300);
        await playOne(page, game, new Set()); await settle(page, (await state(page)).version - 1);
        await sleep(300);
        await other.context().setOffline(false);
        await other.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        await sleep(3000);
        game.allowOffline = false;
      }
      const want = (await state(page)).version;
      let ok = false;
      for (let k = 0; k < 200 && !ok; k++) { ok = (await state(other)).version >= want; if (!ok) await sleep(25); }
      if (!ok) fail(`${game.id}: the other phone stayed at ${(await state(other)).version}, not ${want}`);
    }
  }
  for (const p of pages) {
    await p.waitForSelector("#end", { timeout: 10000 }).catch(() => fail(`${game.id}: no end screen`));
    // One wait for a mark that says verified: the end screen may be drawn
    // again (a late stream entry) between a wait and a separate read, and the
    // new mark has no result yet.
    await p.waitForSelector('#verify[data-ok="true"]', { timeout: 10000 }).catch(async () =>
      fail(`${game.id}: not verified: "${(await p.textContent("#verify").catch(() => null)) ?? "no verify mark"}"`));
  }
  for (const [k, p] of pages.entries()) { await shoot(p, `${name}-end-${"ab"[k]}`); await audit(p, `${name} end ${"ab"[k]}`); }
  const end = await a.textContent("#end");
  if (game.lang) {
    await noEnglish(a, game, "end screen");
    await germanBoard(a, game, "end screen", true);
    const endH = (await a.textContent("#end-h"))?.trim();
    if (endH !== DICTS.de["end.over"]) fail(`${name}: the end heading reads "${endH}"`);
    if ((await a.textContent("#verify"))?.trim() !== DICTS.de["end.verified"]) fail(`${name}: the verify mark is not German`);
    await feedIn(a, game, "de", "end");
    await seatNameAndPin(a, name);
    if (!game.streams?.some((u) => u.includes(`lang=${game.lang}`))) fail(`${name}: no stream asked for lang=${game.lang}: ${game.streams?.join(" ")}`);
    if (!game.langs?.has(game.lang)) fail(`${name}: no API request sent Accept-Language: ${game.lang}`);
    if (BOARD_DE[game.id]) console.log(`  ${name}: German board checked ${game.boardChecks ?? 0} times (1280 and 390 wide): ${BOARD_DE[game.id].want.length + BOARD_DE[game.id].wantPlayed.length} German terms, none of ${BOARD_DE[game.id].english.length} English board words`);
    console.log(`  ${name}: German page: bot button "${game.botButton ?? "(none: no bot step)"}", e.g. "${game.sample}" (in English: "${game.sampleEn}"); Accept-Language sent: ${[...(game.langs ?? [])].join(", ")}; stream ${game.streams?.map((u) => u.replace(/.*\?/, "?").replace(/ticket=[^&]+/, "ticket=…")).join(" ")}`);
  }
  if (!game.boardClicks) fail(`${name}: no move was made on the board`);
  if (game.refuse && !game.refused) fail(`${name}: no refused attempt was made`);
  if (game.keyboard && (game.kbMoves ?? 0) < game.keyboard) fail(`${name}: only ${game.kbMoves ?? 0} of ${game.keyboard} moves made with the keyboard`);
  if (game.keyboard && !game.kbBoard) fail(`${name}: no move made on the board with the keyboard`);
  if (game.table && !game.tableItems) fail(`${name}: the table was never asked for a die or card`);
  console.log(`ok: ${name}: ${moves} moves by clicks and keys (${game.boardClicks ?? 0} clicks on the board, ${game.kbMoves ?? 0} by keyboard${game.table ? `, ${game.tableItems} dice and cards typed in` : ""}), ${((Date.now() - t0) / 1000).toFixed(1)} s; ${end?.replace(/\s+/g, " ").slice(0, 160)}`);
  await ctxA.close();
  await ctxB?.close();
}

let browser;
try {
  // Up to 30 s: a debug build on a busy machine starts slowly.
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(base + "/healthz")).ok) break; } catch {}
    await sleep(100);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // Playwright gives every launch a fresh, temporary profile (--user-data-dir).
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  // PLAY_JOBS games run side by side (3 unless set). A game mostly waits on
  // its pages and the server: on two cores, one at a time took 5.8 min, two
  // 4.7 min, three 3.9 min (each game about a quarter slower; the browser,
  // the server and node together still under one core). Two at a time once
  // caught the page sending a bot turn for a version it had already seen
  // pass (409); the slow-phone game above now replays that race on purpose.
  // The lobby side's checks (test/lobby.mjs): the new-game form, invites,
  // a solo game straight to play, table input with its taps counted.
  if (only.length === 0 || only.includes("lobby")) await lobbyChecks(browser, { base, admin: ADMIN, shots, fail }).catch((e) => fail(`lobby: ${e.stack ?? e}`));
  // Physical-table input: an Arler setup and a PERSS.KI turn with a battle, taps counted.
  if (only.length === 0 || only.includes("table")) await tableTaps(browser, { base, admin: ADMIN, shots, fail }).catch((e) => fail(`table: ${e.stack ?? e}`));
  const queue = GAMES.filter((g) => only.length === 0 || only.includes(g.id) || only.includes(g.name));
  const jobs = Math.max(1, Number(process.env.PLAY_JOBS ?? 3));
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let g = queue.shift(); g; g = queue.shift()) {
      try { await playGame(browser, g); } catch (e) {
        fail(`${g.name ?? g.id}: ${e.stack ?? e}`);
        // What the page showed when it went wrong.
        for (const [k, p] of (g.pages ?? []).entries()) await p.screenshot({ path: join(shots, `${g.name ?? g.id}-error-${"ab"[k]}.png`), fullPage: true }).catch(() => {});
      }
    }
  }));
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  await browser?.close();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
if (axeFound.size) console.log(`axe: ${audits} audits; ${[...axeFound].map(([id, v]) => `${id} (${v.impact}) ${v.nodes} nodes in ${v.where.size} audits`).join("; ")}`);
else console.log(`axe: ${audits} audits, no violation`);
if (problems.length) { console.error(`${problems.length} problem(s)`); process.exit(1); }
console.log(`screenshots in ${shots}; ${phoneSeen.count} game screens checked at 390×844`);
