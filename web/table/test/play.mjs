// Plays every game through the table page in Debian's Chromium, from the
// lobby to the end screen, by clicking the moves the page offers (a
// deterministic strategy), with two browser contexts for the two-human
// games (they must stay in sync through the stream, also after one goes
// offline and comes back). Fails on any console error, page error, failed
// request, or request to another host. Screenshots at 390×844 and 1280×800
// go to target/screenshots/.
//
//   node test/play.mjs [ghostseat binary] [game ...]
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const binary = process.argv[2] ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug/ghostseat");
const only = process.argv.slice(3);
const shots = join(root, "target/screenshots");
mkdirSync(shots, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), "ghostseat-table-"));
const port = 18000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const ADMIN = "gst_table_test_admin";
const server = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, ...(process.env.WEB_DIR ? ["--web-dir", process.env.WEB_DIR] : []), "--database", join(dir, "db.sqlite"), "--rate-limit", "0", "--log-level", "error", "--admin-token", ADMIN], { stdio: "inherit" });

/** Each game: options set through the form (to keep the run short), the seed, and how to choose among offered moves. */
const GAMES = [
  { id: "three-hundred", options: {}, seed: "1" },
  { id: "arler-erde", options: {}, seed: "1" },
  { id: "terra-mystica", options: {}, seed: "1" },
  // A house turn cap (SESSION-HOUSE-1) keeps the run short.
  { id: "catan-ck-duel", options: { max_turns: "30" }, seed: "1", offline: true },
  // First to 3 points instead of 10.
  { id: "catan-shadow", options: { vp_target: "3" }, seed: "1", prefer: true },
];
const PREFER = [/^Build a city/, /^Build a settlement/, /^Build a road/, /^Roll/];
const AVOID = /trade|offer|bank|harbour/i;

const problems = [];
let allowOffline = false;
const fail = (msg) => { problems.push(msg); console.error(`FAIL: ${msg}`); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @param {import('playwright-core').Page} page @param {string} who */
function watch(page, who) {
  page.on("console", (m) => { if (m.type() === "error" && !allowOffline) fail(`${who} console: ${m.text()}`); });
  page.on("pageerror", (e) => fail(`${who} page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A stream closed on purpose (navigation, page closed) is not a failure.
    if (allowOffline || r.url().includes("/stream?") || r.failure()?.errorText === "net::ERR_ABORTED") return;
    fail(`${who} request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("request", (r) => { if (!r.url().startsWith(base) && !r.url().startsWith("data:")) fail(`${who} asked another host: ${r.url()}`); });
  page.on("response", (r) => { if (r.status() >= 400) fail(`${who} got ${r.status()} for ${r.url()}`); });
}

/** @param {import('playwright-core').Page} page @param {string} name */
async function shoot(page, name) {
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.screenshot({ path: join(shots, `${name}-${w}.png`), fullPage: false });
    // The board alone, whole, at this width.
    if (await page.$("#board svg.board")) await page.locator("#board").screenshot({ path: join(shots, `${name}-board-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const state = (page) => page.evaluate(() => {
  const m = document.getElementById("main");
  return { version: Number(m?.dataset.version ?? -1), next: m?.dataset.next ?? "", legal: !!document.querySelector("#moves .legal"), busy: m?.hasAttribute("aria-busy") ?? false, problem: document.getElementById("problem")?.textContent ?? "" };
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
  if (pick.form) await page.click(`${sel} button[type=submit]`);
  else await page.click(sel);
  return true;
}

/** Waits until the page's version passes `v`, the page shows a problem, or the game ends. */
async function settle(page, v) {
  for (let i = 0; i < 200; i++) {
    const s = await state(page);
    if (!s.busy && (s.version > v || s.problem || s.next === "finished" || s.next === "resigned")) return s;
    await sleep(25);
  }
  return state(page);
}

async function playGame(browser, game) {
  const t0 = Date.now();
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await ctxA.newPage();
  watch(a, `${game.id}/A`);
  await a.goto(base + "/");
  await a.click(`button[data-game="${game.id}"]`);
  await a.waitForSelector("form.options");
  for (const [k, v] of Object.entries(game.options)) await a.fill(`form.options [name="${k}"]`, v);
  await a.click("#seed-box summary");
  await a.fill("#seed", game.seed);
  await a.fill("#admin", ADMIN);
  await shoot(a, `${game.id}-lobby`);
  await a.click("form.options button[type=submit]");
  await a.waitForSelector(".invites");
  await shoot(a, `${game.id}-invite`);
  const links = await a.$$eval("a[data-play]", (els) => els.map((e) => e.getAttribute("href")));
  const pages = [a];
  let ctxB = null;
  await a.goto(base + links[0]);
  if (links.length > 1) {
    ctxB = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const b = await ctxB.newPage();
    watch(b, `${game.id}/B`);
    await b.goto(base + links[1]);
    pages.push(b);
  }
  await a.waitForSelector("#main[data-version]");
  // Every game draws its board from the view.
  await a.waitForSelector("#board svg.board", { timeout: 5000 }).catch(() => fail(`${game.id}: no board drawn`));
  let moves = 0, shotMid = false, offlineDone = false;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) { fail(`${game.id}: no end after ${moves} moves in 120 s`); break; }
    const states = await Promise.all(pages.map(state));
    if (states.every((s) => s.next === "finished" || s.next === "resigned")) break;
    const i = states.findIndex((s) => s.legal && !s.busy);
    if (i < 0) { await sleep(40); continue; }
    const page = pages[i];
    const v = states[i].version;
    const tried = new Set();
    let s;
    for (;;) {
      if (!(await playOne(page, game, tried))) { fail(`${game.id}: every offered move was refused at version ${v}`); return; }
      s = await settle(page, v);
      if (!s.problem) break;
      console.log(`  ${game.id}: refused (${s.problem}); trying another`);
    }
    moves++;
    if (!shotMid && moves >= 8) { shotMid = true; for (const [k, p] of pages.entries()) await shoot(p, `${game.id}-play-${"ab"[k]}`); }
    // Two phones: the other one follows through the stream.
    if (pages.length > 1) {
      const other = pages[1 - i];
      if (game.offline && !offlineDone && moves === 12) {
        // The other phone sleeps (offline) while this one plays on, then wakes.
        offlineDone = true;
        allowOffline = true;
        await other.context().setOffline(true);
        await sleep(300);
        await playOne(page, game, new Set()); await settle(page, (await state(page)).version - 1);
        await sleep(300);
        await other.context().setOffline(false);
        await other.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        await sleep(3000);
        allowOffline = false;
      }
      const want = (await state(page)).version;
      let ok = false;
      for (let k = 0; k < 200 && !ok; k++) { ok = (await state(other)).version >= want; if (!ok) await sleep(25); }
      if (!ok) fail(`${game.id}: the other phone stayed at ${(await state(other)).version}, not ${want}`);
    }
  }
  for (const p of pages) {
    await p.waitForSelector("#end", { timeout: 10000 }).catch(() => fail(`${game.id}: no end screen`));
    await p.waitForSelector("#verify[data-ok]", { timeout: 10000 }).catch(() => fail(`${game.id}: no verify mark`));
    if ((await p.getAttribute("#verify", "data-ok")) !== "true") fail(`${game.id}: not verified`);
  }
  for (const [k, p] of pages.entries()) await shoot(p, `${game.id}-end-${"ab"[k]}`);
  const end = await a.textContent("#end");
  if (!game.boardClicks) fail(`${game.id}: no move was made on the board`);
  console.log(`ok: ${game.id}: ${moves} moves by clicks (${game.boardClicks ?? 0} on the board), ${((Date.now() - t0) / 1000).toFixed(1)} s; ${end?.replace(/\s+/g, " ").slice(0, 160)}`);
  await ctxA.close();
  await ctxB?.close();
}

let browser;
try {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(base + "/healthz")).ok) break; } catch {}
    await sleep(100);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // Playwright gives every launch a fresh, temporary profile (--user-data-dir).
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  for (const g of GAMES) if (only.length === 0 || only.includes(g.id)) {
    try { await playGame(browser, g); } catch (e) { fail(`${g.id}: ${e.stack ?? e}`); }
  }
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  await browser?.close();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
if (problems.length) { console.error(`${problems.length} problem(s)`); process.exit(1); }
console.log(`screenshots in ${shots}`);
