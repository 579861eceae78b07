// The lobby side's browser checks, run by play.mjs (and alone: node
// test/lobby.mjs <base URL> <admin token>): the new-game form (titles,
// basic choices first, no API text, Terra Mystica's people first), a solo
// game straight to play, the invite screen of a game between people, safe
// input (no typed default, a move with consequences confirms), and every
// control at least 44×44 px at 390 px wide (the physical-table input is
// test/table-taps.mjs). Screenshots at 390×844 and 1280×800 go to target/screenshots/.
import { join } from "node:path";

/** Text a player must never read in the lobby's forms. */
const API_TEXT = /`|\bnull\b|\*\*|§|\b[A-Z]{2,5}-[A-Z]{2,6}-\d|\btable_mode\b|\bsetup_die\b|_[a-z]+_/;

/** @param {import('playwright-core').Page} page */
async function smallControls(page, scope = "#main") {
  return page.$$eval(`${scope} button, ${scope} a.button, ${scope} select, ${scope} input:not([type=hidden]), ${scope} summary, dialog[open] button`, (els) =>
    els.map((e) => (e.matches("input[type=checkbox], input[type=radio]") && e.closest("label") ? e.closest("label") : e)).filter((e) => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e); return r.width > 0 && cs.visibility !== "hidden" && (r.width < 44 || r.height < 44) && !e.closest("#board"); })
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} "${(e.textContent ?? "").trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`));
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{base: string, admin: string, shots: string, fail: (m: string) => void, log?: (m: string) => void}} o
 */
export async function lobbyChecks(browser, o) {
  const { base, admin, shots, fail } = o;
  const log = o.log ?? console.log;
  const figures = {};
  for (const [w, hgt] of [[390, 844], [1280, 800]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => fail(`lobby ${w}: page error ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error" && !/422|409|403/.test(m.text())) fail(`lobby ${w}: console ${m.text()}`); });
    for (const lang of ["en", "de"]) {
      await page.goto(`${base}/`);
      await page.evaluate((l) => localStorage.setItem("ghostseat.lang", l), lang);
      await page.goto(`${base}/`);
      await page.waitForSelector('button[data-game="terra-mystica"]');
      // Terra Mystica's form: the people first, plain sentences.
      await page.click('button[data-game="terra-mystica"]');
      await page.waitForSelector("form.options");
      const names = await page.$$eval("form.options > div > .fields [name]", (els) => els.map((e) => e.getAttribute("name")));
      if (names[0] !== "humans") fail(`lobby ${lang}: Terra Mystica's first option is ${names[0]}, not humans`);
      const basics = await page.$$eval("form.options > div > .fields > .field", (els) => els.length);
      if (basics > 8) fail(`lobby ${lang}: ${basics} basic choices before "More options"`);
      await page.evaluate(() => document.querySelectorAll("form.options details").forEach((d) => { d.open = true; }));
      const bad = await page.$$eval("form.options label, form.options small, form.options option, form.options legend, form.options summary", (els, re) => els.map((e) => e.textContent ?? "").filter((x) => new RegExp(re).test(x)), API_TEXT.source);
      if (bad.length) fail(`lobby ${lang}: API text in the new-game form: ${bad.slice(0, 5).join(" | ")}`);
      await page.evaluate(() => document.querySelectorAll("form.options details").forEach((d) => { d.open = false; }));
      if (w === 390) for (const s of await smallControls(page)) fail(`lobby ${lang} 390: a control under 44×44: ${s}`);
      await page.screenshot({ path: join(shots, `lobby-newgame-terra-mystica-${lang}-${w}.png`), fullPage: true });
    }
    // German from here on for the second width, English for the first.
    const lang = w === 390 ? "de" : "en";
    await page.evaluate((l) => localStorage.setItem("ghostseat.lang", l), lang);

    // A game between people: the invite screen.
    await page.goto(`${base}/`);
    await page.waitForSelector('button[data-game="catan-shadow"]');
    await page.click('button[data-game="catan-shadow"]');
    await page.waitForSelector("form.options #seating-invite");
    await page.screenshot({ path: join(shots, `lobby-newgame-catan-shadow-${lang}-${w}.png`), fullPage: true });
    await page.click("#create");
    await page.waitForSelector(".invites");
    const shown = await page.$$eval(".invite", (els) => els.length);
    if (shown !== 1) fail(`lobby: the invite screen shows ${shown} invites, not 1 (the other seat)`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("ghostseat.sessions") ?? "[]").length);
    if (stored !== 1) fail(`lobby: the creating device stored ${stored} seats, not its own one`);
    if (w === 390) for (const s of await smallControls(page)) fail(`lobby invite 390: a control under 44×44: ${s}`);
    await page.screenshot({ path: join(shots, `lobby-invite-${lang}-${w}.png`), fullPage: true });

    // A solo game: straight to play, no invite screen.
    await page.goto(`${base}/`);
    await page.waitForSelector('button[data-game="three-hundred"]');
    await page.click('button[data-game="three-hundred"]');
    await page.waitForSelector("form.options");
    await page.click("#create");
    await page.waitForSelector("#main[data-version]", { timeout: 10000 }).catch(() => fail("lobby: a solo game did not go straight to play"));
    if (await page.$(".invites")) fail("lobby: a solo game showed the invite screen");

    await ctx.close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  let failed = 0;
  await lobbyChecks(browser, { base: process.argv[2], admin: process.argv[3] ?? "", shots: process.argv[4] ?? "/tmp", fail: (m) => { failed++; console.error(`FAIL ${m}`); } });
  await browser.close();
  process.exit(failed ? 1 : 0);
}
