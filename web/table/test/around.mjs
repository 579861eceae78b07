// Browser checks of the parts around a game (run beside play.mjs by .ci/run;
// alone: node test/around.mjs [binary]): for every game a finished game is
// played out by the API and the replay bar steps through it (first, back,
// forward, last, the next bot turn, another seat's eyes), once with the page
// in German; Terra Mystica's human builds once a round and passes, so the
// Automa plays the game out in a few dozen commands; the catan-ck-duel is
// played to its goal of 13 points (knights first, so the barbarians are
// repelled), and from that end "Play again" seats both players in the
// rematch; the watch screen follows a game live and a notice's link opens
// only where the seat is kept; the record shows a chart after two finished
// games. Screenshots at 390×844 and 1280×800 go to target/screenshots/.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
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


/** A legal item as a move: its free fields filled with the first values their domains allow. */
function fill(item, k) {
  if (item.move) return item.move;
  const m = { ...item.template };
  for (const [f, d] of Object.entries(item.params ?? {})) {
    if (d.one_of) m[f] = d.one_of[k % d.one_of.length];
    else if (d.integer) m[f] = d.integer.min;
    else if (d.multiset || d.bundle) {
      const spec = d.multiset ?? d.bundle;
      let need = d.multiset ? spec.count : spec.min;
      const out = {};
      for (const [it, n] of Object.entries(spec.of)) { const t = Math.min(n, need); if (t) out[it] = t; need -= t; }
      m[f] = out;
    }
  }
  return m;
}

/** A move type of a legal item. */
const typeOf = (item) => (item.move ?? item.template)?.type;

/**
 * Terra Mystica's short game: once a round the human builds the first cell
 * offered and ends the turn, then passes; round-end transforms end at once
 * and the final report adds nothing; set-up takes the first cell and card
 * offered. The Automa plays her cards out.
 */
function tmPlan() {
  let built = 0;
  return (lm, d) => {
    const find = (t) => lm.find((m) => typeOf(m) === t);
    const build = find("build");
    if (find("end_turn")) return { type: "end_turn" };
    if (build && built < d.view.round) { built = d.view.round; return build.move; }
    if (find("final_report")) return { type: "final_report", vp_delta: 0 };
    // Set-up placements and cards: the first offered; no VP is reported.
    return (find("pass") ?? find("end_transforms") ?? lm.find((m) => m.move && typeOf(m) !== "report_vp"))?.move ?? null;
  };
}

/**
 * catan-ck-duel to its points goal: build and activate knights (the
 * barbarians are repelled and the stronger seat takes Defender points),
 * cities and city improvements when they can be paid, otherwise roll, trade
 * other goods with the bank for ore, grain and wool, and end the turn.
 */
function duelPlan() {
  let trades = 0;
  return (lm) => {
    const find = (t) => lm.find((m) => typeOf(m) === t);
    const build = ["build_city", "activate_knight", "build_knight", "improve_city", "place_metropolis"].map(find).find(Boolean);
    if (build) return fill(build, 0);
    if (find("roll")) return find("roll").move;
    const trade = lm.find((m) => typeOf(m) === "maritime_trade" && m.template && !["ore", "grain"].includes(m.template.give));
    if (trade) {
      const want = ["ore", "grain", "wool", "ore", "grain"][trades++ % 5];
      return { ...trade.template, get: trade.params.get.one_of.includes(want) ? want : trade.params.get.one_of[0], times: 1 };
    }
    return find("end_turn")?.move ?? null;
  };
}

/** A catan-ck-duel between two people (b claims by invite), played to its natural end by `duelPlan`. */
async function duelToTheEnd(seed) {
  const c = await call("POST", "/v1/sessions", ADMIN, { game: "catan-ck-duel", options: {}, seed });
  const id = c.body.id;
  const tokens = [c.body.seats[0].token, (await call("POST", `/v1/sessions/${id}/seats/b/claim`, null, { invite: c.body.seats[1].invite })).body.token];
  const plan = duelPlan();
  for (let n = 0; n < 3000; n++) {
    const d = (await call("GET", `/v1/sessions/${id}`, tokens[0])).body;
    if (d.next.type === "finished") return { id, tokens, next: d.next, version: d.version };
    if (d.next.type === "bot") { await call("POST", `/v1/sessions/${id}/bot-turn`, tokens[0]); continue; }
    const seat = d.next.seats[0];
    const lm = (await call("GET", `/v1/sessions/${id}/legal-moves`, tokens[seat])).body.moves;
    const mv = plan(lm, d) ?? fill(lm.find((m) => m.move) ?? lm[0], n);
    const r = await call("POST", `/v1/sessions/${id}/moves`, tokens[seat], { move: mv });
    if (r.status >= 300) throw new Error(`catan-ck-duel: ${JSON.stringify(mv)} refused at ${d.version}: ${JSON.stringify(r.body)}`);
  }
  throw new Error("catan-ck-duel: no end after 3000 commands");
}

/**
 * Plays a game to its end by the API (every seat on this device); answers
 * the session and the tokens. `plan` picks a move from the legal items (or
 * null: the legal items in turn, first values filled in).
 */
async function playOut(game, options, seed = 1, plan = () => null) {
  const c = await call("POST", "/v1/sessions", ADMIN, { game, options, seed, seating: "pass_and_play" });
  if (c.status !== 201) throw new Error(`${game}: create ${c.status} ${JSON.stringify(c.body)}`);
  const id = c.body.id;
  const tokens = c.body.seats.filter((s) => s.token).map((s) => s.token);
  for (let n = 0; n < 1500; n++) {
    const d = (await call("GET", `/v1/sessions/${id}`, tokens[0])).body;
    if (d.next.type === "finished" || d.next.type === "resigned") return { id, tokens, seats: c.body.seats, version: d.version, next: d.next };
    if (d.next.type === "bot") { await call("POST", `/v1/sessions/${id}/bot-turn`, tokens[0]); continue; }
    const tok = tokens[Math.min(d.next.seats[0], tokens.length - 1)];
    const lm = (await call("GET", `/v1/sessions/${id}/legal-moves`, tok)).body.moves;
    const planned = plan(lm, d);
    if (planned) {
      const r = await call("POST", `/v1/sessions/${id}/moves`, tok, { move: planned });
      if (r.status >= 300) throw new Error(`${game}: ${JSON.stringify(planned)} refused at ${d.version}: ${JSON.stringify(r.body)}`);
      continue;
    }
    let ok = false;
    for (let k = 0; k < Math.min(lm.length * 2, 12) && !ok; k++) ok = (await call("POST", `/v1/sessions/${id}/moves`, tok, { move: fill(lm[(n + k) % lm.length], n + k) })).status < 300;
    if (!ok) throw new Error(`${game}: no legal item was accepted at ${d.version}`);
  }
  throw new Error(`${game}: not finished after 1500 commands`);
}

/**
 * Steps the replay bar of the open end screen of session `f`: to the start,
 * forward, back, to the next bot turn, through the eyes of seat `eyes`, to
 * the end.
 */
async function stepReplay(page, where, shot, f, eyes) {
  await page.waitForSelector("#end");
  await page.click("#end-replay");
  await page.waitForSelector(".replay-at:not(:empty)");
  const head = Number(await page.getAttribute("#main", "data-version"));
  const at = (v) => page.waitForFunction((v) => new RegExp(`(^|\\D)${v}(\\D)`).test(document.querySelector(".replay-at")?.textContent ?? ""), v);
  await page.click(".replay-first");
  await at(0);
  for (let i = 0; i < 3; i++) { await page.click(".replay-forward"); await at(i + 1); }
  await page.click(".replay-back");
  await at(2);
  const board = await page.locator(".replay-board svg").count();
  if (!board) fail(`${where}: the replay shows no board`);
  // "To the next bot turn" stops at the first bot command after version 2, or at the end.
  let bot = 3;
  while (bot < head && (await call("GET", `/v1/sessions/${f.id}/at/${bot}`, f.tokens[0])).body.kind !== "bot_turn") bot++;
  await page.click(".replay-bot");
  await at(bot);
  if (eyes) {
    // After the end every seat's eyes: the board is drawn for the chosen seat.
    await page.selectOption("#replay-seat", eyes);
    const seen = await call("GET", `/v1/sessions/${f.id}/at/${bot}?seat=${eyes}`, f.tokens[0]);
    if (seen.status !== 200 || seen.body.session.seat.id !== eyes) fail(`${where}: ${eyes}'s eyes: ${seen.status} ${JSON.stringify(seen.body).slice(0, 200)}`);
    await page.waitForFunction(() => document.querySelector(".replay-board svg"));
  }
  await page.click(".replay-last");
  await at(head);
  await page.click(".replay-back");
  await at(head - 1);
  if (shot) {
    await page.locator("#replay").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, shot), fullPage: false });
  }
  await page.click(".replay-close");
}

/** Serious or critical axe-core findings in `sel` fail the run. */
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function audit(page, sel, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  const vs = await page.evaluate(async (sel) => (await window.axe.run(sel, { resultTypes: ["violations"] })).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) })), sel);
  for (const v of vs) if (v.impact === "serious" || v.impact === "critical") fail(`${where}: axe ${v.id} (${v.impact}) on ${v.nodes.slice(0, 4).join(" | ")}`);
}

let browser;
try {
  for (let i = 0; i < 100; i++) { try { if ((await fetch(base + "/healthz")).ok) break; } catch {} await sleep(100); }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
  const watchErrors = (page, where) => {
    page.on("pageerror", (e) => fail(`${where}: page error ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") fail(`${where}: console ${m.text()}`); });
  };
  // A finished game of every game (the catan-ck-duel's below): the replay steps through it.
  for (const [game, options, w, hgt, de, plan, eyes] of [["three-hundred", {}, 1280, 800], ["arler-erde", {}, 1280, 800], ["catan-shadow", { vp_target: 3 }, 1280, 800], ["terra-mystica", {}, 390, 844, false, tmPlan, "automa"], ["terra-mystica", {}, 1280, 800, false, tmPlan, "automa"], ["three-hundred", {}, 390, 844, true]]) {
    const where = `${game}${de ? " (de)" : ""} ${w}`;
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
    if (de) await ctx.addInitScript(() => localStorage.setItem("ghostseat.lang", "de"));
    const page = await ctx.newPage();
    watchErrors(page, where);
    const f = await playOut(game, options, 1, plan?.());
    if (f.next.type !== "finished") fail(`${where}: the game did not finish: ${f.next.type}`);
    await page.goto(`${base}/#s=${f.id}&t=${f.tokens[0]}`);
    if (game === "terra-mystica") {
      await page.waitForSelector("#end");
      await page.screenshot({ path: join(shots, `end-${game}-${w}.png`), fullPage: false });
    }
    await stepReplay(page, where, `replay-${game}${de ? "-de" : ""}-${w}.png`, f, eyes);
    await audit(page, "#main", `${where} end screen`);
    if (de && !/ von /.test((await page.textContent("#main")) ?? "") && !/Wiedergabe|Schritt/.test((await page.textContent("#main")) ?? "")) fail(`${where}: the replay is not in German`);
    if (game === "three-hundred") {
      // The record: a chart once two games of the same setting finished here.
      const g2 = await playOut(game, options, 2);
      await page.goto(`${base}/#s=${g2.id}&t=${g2.tokens[0]}`);
      await page.waitForSelector("#end");
      await page.goto(`${base}/`);
      await page.waitForSelector("#record[data-ready]");
      const group = page.locator('.record-group[data-game="three-hundred"]');
      if ((await group.locator(".record-played").textContent()) !== "2") fail(`${where}: the record does not count two games`);
      if (!(await group.locator("svg.record-chart polyline.mine").count())) fail(`${where}: the record shows no chart after two games`);
      if (!(await group.locator(".record-best a").count())) fail(`${where}: the record names no best game`);
      if (de && (await page.textContent("#record-h")) !== "Deine Bilanz") fail(`${where}: the record is not in German`);
      await page.locator("#record").scrollIntoViewIfNeeded();
      await page.locator("#record").screenshot({ path: join(shots, `record-${w}.png`) });
      await audit(page, "#record", `${where} record`);
      // A game from another device, added by its link, counts here too.
      if (!de) {
        const other = await browser.newContext({ viewport: { width: w, height: hgt } });
        const fresh = await other.newPage();
        watchErrors(fresh, `${where} (added by link)`);
        await fresh.goto(`${base}/`);
        await fresh.waitForSelector("#record[data-ready] .record-empty");
        await fresh.click(".record-more summary");
        await fresh.fill("#record-link", `${base}/#s=${g2.id}&t=${g2.tokens[0]}`);
        await fresh.click("#record-add");
        await fresh.waitForSelector('.record-group[data-game="three-hundred"] .record-played');
        if ((await fresh.textContent('.record-group[data-game="three-hundred"] .record-played')) !== "1") fail(`${where}: a game added by its link is not counted`);
        await other.close();
      }
    }
    await ctx.close();
  }
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    // A natural end: a seat reaches the points goal (CCK-END-1), not a cap.
    const { id, tokens, next } = await duelToTheEnd(w === 390 ? 1 : 2);
    const end = next.decision?.end;
    if (!end || !(end.vp[end.winner] >= end.vp_target) || end.vp_target !== 13) fail(`${w}: the duel did not end at its goal: ${JSON.stringify(next).slice(0, 300)}`);
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => fail(`${w}: page error ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") fail(`${w}: console ${m.text()}`); });
    await page.goto(`${base}/#s=${id}&t=${tokens[0]}`);
    await page.waitForSelector("#end");
    await page.screenshot({ path: join(shots, `end-catan-ck-duel-${w}.png`), fullPage: false });
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
    await page.screenshot({ path: join(shots, `replay-${w}.png`), fullPage: false });
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
    // Live: the next commands arrive by the watch stream, their steps one by one.
    const before = Number(await page.getAttribute("#watch", "data-version"));
    const more = await call("POST", `/v1/sessions/${live.id}/bot-turn`, live.tokens[0]);
    if (more.status >= 300) {
      const seat = (await call("GET", `/v1/sessions/${live.id}`, live.tokens[0])).body.next.seats?.[0] ?? 0;
      const lm = (await call("GET", `/v1/sessions/${live.id}/legal-moves`, live.tokens[seat])).body.moves;
      await call("POST", `/v1/sessions/${live.id}/moves`, live.tokens[seat], { move: fill(lm.find((m) => m.move) ?? lm[0], 0) });
    }
    await page.waitForFunction((v) => Number(document.querySelector("#watch")?.dataset.version) > v, before, { timeout: 20000 });
    if (!(await page.textContent("#watch-step"))) fail(`${w}: the watch screen shows no step of the new command`);
    if (/\b[A-Z]{2,5}-[A-Z]+-\d/.test((await page.textContent("#watch-turn")) ?? "")) fail(`${w}: the watch screen shows rule ids`);
    // A screen for the table: whose turn in the third person, the scores in
    // view without scrolling, the board the screen's largest part.
    const turnText = (await page.textContent("#watch-turn")) ?? "";
    if (/\b(?:you|your|du|dein\w*)\b/i.test(turnText)) fail(`${w}: the watch screen addresses one player: "${turnText}"`);
    const fit = await page.evaluate(() => {
      const r = (s) => document.querySelector(s)?.getBoundingClientRect();
      const sc = [...document.querySelectorAll("#watch-panels .pl-vp, #watch-scores:not([hidden])")].map((e) => e.getBoundingClientRect());
      const b = r("#watch-board svg");
      return { vw: innerWidth, vh: innerHeight, scores: sc.length, below: sc.filter((x) => x.bottom > innerHeight + 0.5 || x.top < 0).length, board: b ? { w: b.width, h: b.height, bottom: b.bottom } : null };
    });
    if (!fit.scores || fit.below) fail(`${w}: the watch screen's scores are not all in view (${fit.below} of ${fit.scores} below the fold)`);
    if (!fit.board || fit.board.w * fit.board.h < 0.35 * fit.vw * fit.vh * (fit.vw > 700 ? 1 : 0.5)) fail(`${w}: the watch screen's board is small: ${JSON.stringify(fit.board)} on ${fit.vw}×${fit.vh}`);
    else if (fit.vw > 700 && fit.board.bottom > fit.vh + 0.5) fail(`${w}: the watch screen's board runs below the fold (to ${Math.round(fit.board.bottom)} px)`);
    await page.screenshot({ path: join(shots, `watch-${w}.png`), fullPage: false });
    await audit(page, "#watch", `${w} watch screen`);
    const text = await page.textContent("#watch");
    if (/legal|undo/i.test(text ?? "")) fail(`${w}: the watch screen offers moves`);
    // A notice's link: this device keeps seat a of the duel, so it opens
    // the game; a device without the seat's token gets nothing of it.
    await page.goto(`${base}/#s=${id}&seat=a`);
    await page.waitForFunction(() => location.hash.includes("t="));
    await page.waitForSelector("#end");
    const other = await browser.newContext({ viewport: { width: w, height: hgt } });
    const stranger = await other.newPage();
    await stranger.goto(`${base}/#s=${id}&seat=a`);
    await stranger.waitForSelector("#seat-link-missing");
    if ((await stranger.locator("#main svg").count()) || /[#&]t=/.test(stranger.url())) fail(`${w}: a notice's link shows the table on a device without the seat`);
    await other.close();
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
