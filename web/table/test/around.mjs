// Browser checks of the parts around a game (run beside play.mjs by .ci/run;
// alone: node test/around.mjs [binary]): the replay bar steps through a
// finished game (back, forward, to the start, through the other seat's
// eyes), "Play again" starts the rematch from the end screen and seats this
// player in it, and the watch screen shows a game with a watch link.
// Screenshots at 390×844 and 1280×800 go to target/screenshots/.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const binary = process.argv[2] ?? join(root, "target/debug/ghostseat");
const shots = join(root, "target/screenshots");
mkdirSync(shots, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), "ghostseat-around-"));
const port = 20000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const ADMIN = "gst_around_test_admin";
const server = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, ...(process.env.WEB_DIR ? ["--web-dir", process.env.WEB_DIR] : []), "--database", join(dir, "db.sqlite"), "--rate-limit", "0", "--log-level", "error", "--admin-token", ADMIN], { stdio: "inherit" });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failed = 0;
const fail = (m) => { failed++; console.error(`FAIL ${m}`); };

async function call(method, path, token, body) {
  const r = await fetch(base + path, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const t = await r.text();
  return { status: r.status, body: t ? JSON.parse(t) : null };
}

/** A catan-ck-duel between two people, played `steps` commands by the API. */
async function duel(steps) {
  const c = await call("POST", "/v1/sessions", ADMIN, { game: "catan-ck-duel", options: { max_turns: 30 }, seed: 1 });
  const id = c.body.id;
  const tokens = [c.body.seats[0].token];
  const claim = await call("POST", `/v1/sessions/${id}/seats/b/claim`, null, { invite: c.body.seats[1].invite });
  tokens.push(claim.body.token);
  for (let i = 0; i < steps; i++) {
    const d = (await call("GET", `/v1/sessions/${id}`, tokens[0])).body;
    if (d.next.type === "bot") { await call("POST", `/v1/sessions/${id}/bot-turn`, tokens[0]); continue; }
    if (d.next.type !== "human") break;
    const seat = d.next.seats[0];
    const lm = (await call("GET", `/v1/sessions/${id}/legal-moves`, tokens[seat])).body.moves;
    const item = lm.find((m) => m.move) ?? lm[0];
    const mv = item.move ?? Object.fromEntries(Object.entries(item).filter(([k]) => !["params", "label", "labels"].includes(k)));
    if (!item.move) continue;
    await call("POST", `/v1/sessions/${id}/moves`, tokens[seat], { move: mv });
  }
  return { id, tokens };
}

let browser;
try {
  for (let i = 0; i < 100; i++) { try { if ((await fetch(base + "/healthz")).ok) break; } catch {} await sleep(100); }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    const { id, tokens } = await duel(24);
    await call("POST", `/v1/sessions/${id}/resign`, tokens[1]);
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => fail(`${w}: page error ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") fail(`${w}: console ${m.text()}`); });
    await page.goto(`${base}/#s=${id}&t=${tokens[0]}`);
    await page.waitForSelector("#end");
    await page.click("#end-replay");
    await page.waitForSelector(".replay-at");
    const head = Number(await page.getAttribute("#main", "data-version"));
    await page.click(".replay-back");
    await page.waitForFunction((v) => document.querySelector(".replay-at")?.textContent?.includes(`${v - 1} `), head);
    await page.click(".replay-first");
    await page.waitForFunction(() => /\b0 /.test(document.querySelector(".replay-at")?.textContent ?? ""));
    for (let i = 0; i < 5; i++) await page.click(".replay-forward");
    await page.waitForFunction(() => /\b5 /.test(document.querySelector(".replay-at")?.textContent ?? ""));
    await page.selectOption("#replay-seat", "b");
    await sleep(500);
    await page.locator("#replay").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `around-replay-${w}.png`), fullPage: false });
    // Play again from the end screen: this seat is seated in the rematch.
    await page.click(".replay-close");
    await page.click("#play-again");
    await page.waitForFunction((old) => !location.hash.includes(old) && location.hash.includes("s="), id);
    const again = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    const doc = await call("GET", `/v1/sessions/${again.get("s")}`, again.get("t"));
    if (doc.status !== 200 || doc.body.rematch_of !== id || doc.body.seat.id !== "a") fail(`${w}: the rematch is not a's: ${JSON.stringify(doc.body).slice(0, 200)}`);
    const b = await call("POST", `/v1/sessions/${again.get("s")}/seats/b/claim`, tokens[1]);
    if (b.status !== 200) fail(`${w}: b cannot claim the rematch seat: ${b.status}`);
    // The watch screen of a game being played.
    const live = await duel(10);
    const wt = await call("POST", `/v1/sessions/${live.id}/watchers`, live.tokens[0]);
    await page.goto(`${base}${wt.body.link}`);
    await page.waitForSelector("#watch-turn:not(:empty)");
    await call("POST", `/v1/sessions/${live.id}/moves`, live.tokens[0], { move: (await call("GET", `/v1/sessions/${live.id}/legal-moves`, live.tokens[0])).body.moves.find((m) => m.move)?.move ?? {} });
    await sleep(2500);
    await page.screenshot({ path: join(shots, `around-watch-${w}.png`), fullPage: false });
    const text = await page.textContent("#watch");
    if (/legal|undo/i.test(text ?? "")) fail(`${w}: the watch screen offers moves`);
    await ctx.close();
  }
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  await browser?.close();
  server.kill();
}
console.log(failed ? `around: ${failed} failures` : "around: ok");
process.exit(failed ? 1 : 0);
