// A web page follows a game live with the browser's own EventSource, which
// cannot send a bearer token: it asks for a one-use stream ticket with its
// token, opens `/stream?ticket=…`, and sees the moves of another client.
// Runs the real server binary and Debian's Chromium.
//
//   node browser/stream.mjs ../../target/debug/ghostseat [screenshot.png]
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [binary, shot] = process.argv.slice(2);
if (!binary) throw new Error("usage: stream.mjs <ghostseat binary> [screenshot.png]");
const dir = mkdtempSync(join(tmpdir(), "ghostseat-browser-"));
const port = 18000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, "--database", join(dir, "db.sqlite"), "--rate-limit", "0", "--log-level", "error"], { stdio: "inherit" });
const fail = (msg) => { console.error(`FAIL: ${msg}`); process.exitCode = 1; };

async function api(method, path, token, body) {
  const r = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

let browser;
try {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(base + "/healthz")).ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const created = await api("POST", "/v1/sessions", null, { game: "arler-erde", options: {} });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id;
  const token = created.body.seats.find((s) => s.token).token;

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage();
  await page.goto(base + "/docs");
  // The page gets a ticket with its token and opens the stream.
  await page.evaluate(async ({ id, token }) => {
    const r = await fetch(`/v1/sessions/${id}/stream-tickets`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const { url } = await r.json();
    window.received = [];
    window.opened = new Promise((resolve, reject) => {
      const es = new EventSource(url);
      es.onopen = () => resolve(true);
      es.onerror = () => reject(new Error("stream error"));
      const keep = (e) => window.received.push({ type: e.type, data: JSON.parse(e.data) });
      es.onmessage = keep;
      for (const t of ["command", "state", "events"]) es.addEventListener(t, keep);
      window.es = es;
    });
    await window.opened;
  }, { id, token });

  // Another client moves: the bot's turn (the human placed first? ask next).
  const s = await api("GET", `/v1/sessions/${id}`, token);
  const next = s.body.next;
  let moved;
  if (next.type === "bot") {
    moved = await api("POST", `/v1/sessions/${id}/bot-turn`, token, {});
  } else {
    const legal = s.body.legal_moves.find((l) => l.move);
    moved = await api("POST", `/v1/sessions/${id}/moves`, token, { move: legal.move, expected_version: s.body.version });
  }
  if (moved.status !== 200) throw new Error(`move: ${moved.status} ${JSON.stringify(moved.body)}`);
  const got = await page.waitForFunction(() => window.received.length > 0, null, { timeout: 10000 }).then(() => page.evaluate(() => window.received));
  const version = JSON.stringify(got).includes(`"version":${moved.body.version}`);
  if (!version) fail(`the page did not see version ${moved.body.version}: ${JSON.stringify(got).slice(0, 400)}`);
  // A ticket is used once: opening it again is refused.
  const again = await page.evaluate(async ({ id, token }) => {
    const r = await fetch(`/v1/sessions/${id}/stream-tickets`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const { url } = await r.json();
    const first = await fetch(url).then((x) => { x.body?.cancel(); return x.status; });
    const second = await fetch(url).then((x) => x.status);
    return [first, second];
  }, { id, token });
  if (again[0] !== 200 || again[1] === 200) fail(`ticket reuse: ${again}`);
  // Without a ticket or token the stream is refused.
  const bare = await page.evaluate(async (id) => (await fetch(`/v1/sessions/${id}/stream`)).status, id);
  if (bare !== 401) fail(`a bare stream answered ${bare}`);
  if (shot) {
    await page.evaluate((got) => { document.body.innerHTML = `<h1>EventSource received</h1><pre>${JSON.stringify(got, null, 2).slice(0, 3000)}</pre>`; }, got);
    await page.screenshot({ path: shot });
  }
  if (!process.exitCode) console.log(`ok: the page saw ${got.length} stream message(s), up to version ${moved.body.version}`);
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  await browser?.close();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
