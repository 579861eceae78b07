// Physical-table input in the browser, run by play.mjs: an Arler setup with
// the table's die, and two PERSS.KI turns, one with a naval battle and one
// without, every die and card from the table, at 390×844 (German) and
// 1280×800 (English). The Greeks' moves are scripted so that the battle
// happens every run. Counts the taps (each face or card tap, each button
// the player must press) and fails above dice + cards + 1; checks that each
// die says whose it is and what its faces do, that no control of the form
// is under 44×44 at 390 px, and takes `<game>-table-input-<width>.png`
// screenshots.
import { join } from "node:path";

/** Controls of `scope` under 44×44 CSS px. @param {import('playwright-core').Page} page @param {string} scope */
async function smallControls(page, scope) {
  return page.$$eval(`${scope} button, ${scope} select, ${scope} input`, (els) =>
    els.filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44); })
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`));
}

/** The legends of the open rows of the table's form in `scope`. @param {import('playwright-core').Page} page @param {string} scope */
async function openRows(page, scope) {
  return page.$$eval(`${scope} fieldset.need:not(.answered)`, (els) => els.map((e) => ({ i: e.getAttribute("data-need"), die: e.classList.contains("die-need"), legend: e.querySelector("legend")?.textContent ?? "", does: [...e.querySelectorAll(".face .does")].map((d) => d.textContent) })));
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{base: string, admin: string, shots: string, fail: (m: string) => void, log?: (m: string) => void}} o
 */
export async function tableTaps(browser, o) {
  const { base, admin, shots, fail } = o;
  const log = o.log ?? console.log;
  for (const [w, hgt, lang] of [[390, 844, "de"], [1280, 800, "en"]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => fail(`table ${w}: page error ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error" && !/422|409/.test(m.text())) fail(`table ${w}: console ${m.text()}`); });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem("ghostseat.lang", l), lang);

    // Arler: the new-game form says "we roll at the table"; Create asks
    // for the setup die, whose faces name the summer spaces.
    await page.goto(`${base}/`);
    await page.waitForSelector('button[data-game="arler-erde"]');
    await page.click('button[data-game="arler-erde"]');
    await page.waitForSelector("form.options");
    await page.selectOption('form.options select[name="table_mode"]', { index: 1 });
    let taps = 0;
    await page.click("#create"); taps++;
    await page.waitForSelector("#create-problem fieldset.need", { timeout: 10000 }).catch(async () => fail(`table ${w}: the Arler setup asked no die: ${await page.textContent("#create-problem").catch(() => "")}`));
    const setup = await openRows(page, "#create-problem");
    if (!/marker 1|Anzeiger/.test(setup[0]?.legend ?? "")) fail(`table ${w}: the setup die does not say what it decides: "${setup[0]?.legend}"`);
    if (!/Fisherman|Fischer/.test(setup[0]?.does[0] ?? "")) fail(`table ${w}: face 1 of the setup die names no space: ${setup[0]?.does.join(", ")}`);
    await page.screenshot({ path: join(shots, `arler-erde-table-input-${w}.png`), fullPage: false });
    if (w === 390) for (const s of await smallControls(page, "#create-problem")) fail(`table 390: an Arler setup control under 44×44: ${s}`);
    await page.click('#create-problem fieldset.need button.face[data-face="4"]'); taps++;
    await page.waitForSelector("#main[data-version]", { timeout: 10000 }).catch(async () => fail(`table ${w}: the Arler setup did not start: ${await page.textContent("#create-problem").catch(() => "")}`));
    if (taps > 1 + 1) fail(`table ${w}: the Arler setup took ${taps} taps for 1 die (at most 2)`);
    log(`  table ${w}: Arler setup: ${taps} taps (Create, then 1 die face): ${setup[0]?.legend}`);

    // 300: a PERSS.KI turn with a battle, made to happen. The Greeks (a
    // script through the API, as a second phone would) buy no cards and
    // raise 2 fleets in Athenai, so Athenai's port holds 3 Greek fleets and
    // is the first in T300-AI-10's order with one. PERSS.KI's action die
    // shows 5: it destroys one of them and places a fleet there, and the 2
    // left are attacked at once (T300-BAT-1). Battle dice 1 for the Persians
    // and 6 for the Greeks sink its fleet in round 1, so no retreat is
    // asked and the turn ends with PERSS.KI's card turned face up.
    const c = await (await fetch(`${base}/v1/sessions`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${admin}` }, body: JSON.stringify({ game: "three-hundred", options: { table_mode: "all" }, seed: "2" }) })).json();
    const token = c.seats.find((s) => s.token).token;
    const greeks = async (/** @type {unknown} */ move) => {
      const r = await fetch(`${base}/v1/sessions/${c.id}/moves`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ move }) });
      if (!r.ok) fail(`table ${w}: the Greeks' ${JSON.stringify(move)} was refused: ${r.status} ${await r.text()}`);
    };
    /** The decision the session waits for, once the page has played PERSS.KI up to it. @param {string} type */
    const until = async (type) => {
      let s;
      for (const end = Date.now() + 20000; Date.now() < end; await page.waitForTimeout(200)) {
        s = await (await fetch(`${base}/v1/sessions/${c.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
        if (s.next?.decision?.type === type) return s.version;
      }
      fail(`table ${w}: the Greeks expected ${type}, the session waits for ${JSON.stringify(s?.next)}`);
      return s?.version ?? 0;
    };
    // A new document: the Arler game's page is not this one.
    await page.goto("about:blank");
    await page.goto(`${base}/#s=${c.id}&t=${token}`);
    await page.waitForSelector("#main[data-version]");
    // PERSS.KI's preparation draws face down: nothing from the table.
    await until("buy_cards");
    await greeks({ type: "buy_cards", count: 0 });
    const v = await until("raise");
    await greeks({ type: "raise", armies: {}, fleets: { athenai: 2 } });
    // The page hears of the Greek moves from its stream and plays PERSS.KI.
    await page.waitForFunction((v) => Number(document.getElementById("main")?.dataset.version) > v, v, { timeout: 20000 }).catch(() => fail(`table ${w}: the page did not hear of the Greek raise`));
    // Then the Greeks, without cards, pass, and PERSS.KI's next turn moves
    // armies (action die 2): a turn without a battle, counted the same way.
    const battleTurn = await persianTurn(page, w, 5, shots, fail);
    const v2 = await until("greek_turn");
    const kinds = await eventKinds(base, c.id, token);
    if (!battleTurn.battle) fail(`table ${w}: PERSS.KI's turn asked no battle dice (${battleTurn.taps} taps: ${battleTurn.legends.join(" | ")})`);
    if (!kinds.includes("battle_round") || !kinds.includes("battle_ended")) fail(`table ${w}: the log holds no whole battle: ${kinds.join(", ")}`);
    await greeks({ type: "pass" });
    await page.waitForFunction((v) => Number(document.getElementById("main")?.dataset.version) > v, v2, { timeout: 20000 }).catch(() => fail(`table ${w}: the page did not hear of the Greek pass`));
    const plainTurn = await persianTurn(page, w, 2, shots, fail);
    if (plainTurn.battle) fail(`table ${w}: PERSS.KI's second turn fought a battle: ${plainTurn.legends.join(" | ")}`);
    for (const [what, turn] of [["with a battle", battleTurn], ["without a battle", plainTurn]]) {
      const n = turn.dice + turn.cards;
      // Every die and card one tap, and at most one more (the bot's button).
      if (turn.taps > n + 1) fail(`table ${w}: a PERSS.KI turn ${what} took ${turn.taps} taps for ${turn.dice} dice and ${turn.cards} cards (at most ${n + 1}): ${turn.legends.join(" | ")}`);
      if (n === 0) fail(`table ${w}: a PERSS.KI turn ${what} asked the table for nothing`);
      if (turn.legends.some((l) => /^(Die|Würfel) \d/.test(l))) fail(`table ${w}: a die without an owner: ${turn.legends.join(" | ")}`);
      log(`  table ${w}: PERSS.KI turn ${what}: ${turn.taps} taps for ${turn.dice} ${turn.dice === 1 ? "die" : "dice"} and ${turn.cards} ${turn.cards === 1 ? "card" : "cards"} in ${turn.forms} forms (bound ${n + 1}): ${turn.legends.join(" | ")}`);
    }
    // Catan and Terra Mystica at a table: the first die or card each asks
    // for carries the game's words too.
    // Terra Mystica at a table needs the real table's bonus row and
    // scoring tiles, which the new-game form asks in many fields: the
    // session is made through the API (as the Arler and 300 ones above are
    // not), with the tiles laid out and Automa at her default level.
    const tiles = [["SCORE3", "water"], ["SCORE5", "fire"], ["SCORE1", "earth"], ["SCORE6", "water"], ["SCORE4", "fire"], ["SCORE8", "air"]];
    const tm = { table_mode: "all", table_setup: { bonus_row: ["BON4", "BON1", "BON6", "BON9", "BON3"], scoring_tiles: tiles.map(([id, cult]) => ({ id, automa_pass_vp: 5, automa_cult: cult })), extra_starter_cards: [] } };
    // Catan Shadow with every piece at the table needs the real island laid
    // out field by field; with the table's dice (its own choice on the form)
    // the island is the server's and the first need is the removal roll.
    await firstNeed(page, { base, admin, w, game: "catan-shadow", options: { table_mode: "dice" }, shots, fail, log });
    await firstNeed(page, { base, admin, w, game: "catan-ck-duel", shots, fail, log });
    await firstNeed(page, { base, admin, w, game: "terra-mystica", options: tm, shots, fail, log });
    await ctx.close();
  }
}

/** The kinds of every event of the session's log, in order. @param {string} base @param {string} id @param {string} token @returns {Promise<string[]>} */
async function eventKinds(base, id, token) {
  const log = await (await fetch(`${base}/v1/sessions/${id}/log`, { headers: { authorization: `Bearer ${token}` } })).json();
  return log.commands.flatMap((/** @type {{events: {kind: string}[]}} */ c) => c.events.map((e) => e.kind));
}

/**
 * Plays PERSS.KI's turn on `page` as the table would: every die and card the
 * page asks for, tapped (the action die shows `action`, a Persian battle die
 * 1, a Greek one 6; a card is the first offered), and the bot's button if the
 * page waits for it. Counts every tap until the Greeks are to move again.
 * The first form with battle dice is screenshot (`three-hundred-table-input-<w>.png`).
 * @param {import('playwright-core').Page} page @param {number} w @param {number} action
 * @param {string} shots @param {(m: string) => void} fail
 */
async function persianTurn(page, w, action, shots, fail) {
  let taps = 0, dice = 0, cards = 0, forms = 0, battle = false;
  /** @type {string[]} */
  const legends = [];
  for (let k = 0; k < 80; k++) {
    const form = await page.$("#table-input");
    if (form) {
      forms++;
      const rows = await openRows(page, "#table-input");
      if (!battle && rows.some((r) => /battle die|Kampfwürfel/.test(r.legend))) {
        battle = true;
        await page.screenshot({ path: join(shots, `three-hundred-table-input-${w}.png`), fullPage: false });
        if (w === 390) for (const s of await smallControls(page, "#table-input")) fail(`table 390: a control of the table's form under 44×44: ${s}`);
      }
      for (const r of rows) {
        legends.push(r.legend);
        if (r.die && /^\s*(PERSS\.KI's action die|Aktionswürfel von PERSS\.KI)/.test(r.legend) && r.does.length !== 6) fail(`table ${w}: the action die's faces say nothing: ${r.does.join(", ")}`);
        const face = !r.die ? null : /^(Persian|Persischer)/.test(r.legend) ? 1 : /^(Greek|Griechischer)/.test(r.legend) ? 6 : action;
        await page.click(`#table-input fieldset.need[data-need="${r.i}"] ${r.die ? `button.face[data-face="${face}"]` : "button.card-pick"}`); taps++;
        if (r.die) dice++; else cards++;
      }
      // The last tap sent it: this form goes (another may follow).
      await form.waitForElementState("hidden", { timeout: 10000 }).catch(() => fail(`table ${w}: the table's form stayed after its last tap`));
      continue;
    }
    const m = await page.$eval("#main", (m) => ({ next: m.dataset.next, busy: m.hasAttribute("aria-busy") }));
    if (m.busy) { await page.waitForTimeout(50); continue; }
    if (m.next !== "bot") break;
    if (await page.$("#bot-turn")) {
      // The page plays the bot by itself after a moment; the button is a tap only when it waits.
      await page.waitForTimeout(1500);
      const waits = await page.evaluate(() => !!document.getElementById("bot-turn") && !document.getElementById("table-input") && !document.getElementById("main")?.hasAttribute("aria-busy"));
      if (waits) { await page.click("#bot-turn").catch(() => {}); taps++; }
      continue;
    }
    await page.waitForTimeout(100);
  }
  return { taps, dice, cards, forms, battle, legends };
}

/**
 * Starts `game` in physical-table mode from the new-game form (or, with
 * `options`, through the API) and plays it (each human turn the first
 * listed move, through the API) until the page asks the table for a die or
 * card. Checks that each asked die or card says
 * whose it is and what it is for, that a card button reads by the card's
 * name, not its id, and that no control is under 44×44 at 390 px; takes
 * `<game>-table-input-<w>.png`.
 * @param {import('playwright-core').Page} page
 * @param {{base: string, admin: string, w: number, game: string, options?: object, shots: string, fail: (m: string) => void, log: (m: string) => void}} o
 */
async function firstNeed(page, { base, admin, w, game, options, shots, fail, log }) {
  await page.goto("about:blank");
  if (options) {
    const r = await fetch(`${base}/v1/sessions`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${admin}` }, body: JSON.stringify({ game, options, seed: "1" }) });
    const c = await r.json();
    if (!r.ok) { fail(`table ${w}: ${game}: the table session was refused: ${JSON.stringify(c)}`); return; }
    await page.goto(`${base}/#s=${c.id}&t=${c.seats.find((/** @type {{token?: string}} */ s) => s.token).token}`);
  } else await newGame(page, base, w, game, fail);
  await page.waitForSelector("#create-problem fieldset.need, #main[data-version]", { timeout: 15000 }).catch(() => {});
  let scope = (await page.$("#create-problem fieldset.need")) ? "#create-problem" : "";
  for (let k = 0; !scope && k < 60; k++) {
    if (await page.$("#table-input")) { scope = "#table-input"; break; }
    const m = await page.$eval("#main", (m) => ({ v: Number(m.dataset.version), next: m.dataset.next, busy: m.hasAttribute("aria-busy") })).catch(() => null);
    // A bot's turn (Catan Shadow's fictive players) is asked for with its button.
    if (m && !m.busy && m.next === "bot" && (await page.$("#bot-turn"))) { await page.click("#bot-turn"); await page.waitForTimeout(300); continue; }
    if (!m || m.busy || m.next !== "human") { await page.waitForTimeout(200); continue; }
    const q = new URLSearchParams(new URL(page.url()).hash.slice(1));
    const [id, token] = [q.get("s"), q.get("t")];
    const auth = { authorization: `Bearer ${token}` };
    const legal = await (await fetch(`${base}/v1/sessions/${id}/legal-moves`, { headers: auth })).json();
    const mv = legal.moves?.find((/** @type {{move?: unknown}} */ x) => x.move);
    if (!mv) { fail(`table ${w}: ${game}: no plain move to play at version ${m.v}`); return; }
    // A move that draws from the table is answered by the page's form: play it there.
    const r = await fetch(`${base}/v1/sessions/${id}/moves`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ move: mv.move }) });
    if (r.status === 422 && (await r.json()).code === "dice_needed") { fail(`table ${w}: ${game}: a human move needs the table first; the run plays only bot needs`); return; }
    await page.waitForFunction((v) => Number(document.getElementById("main")?.dataset.version) > v || !!document.getElementById("table-input"), m.v, { timeout: 15000 }).catch(() => {});
  }
  if (!scope) { fail(`table ${w}: ${game}: the table was never asked for a die or card`); return; }
  const rows = await openRows(page, scope);
  const cards = await page.$$eval(`${scope} fieldset.need:not(.answered) button.card-pick`, (bs) => bs.map((b) => ({ id: b.getAttribute("data-card") ?? "", text: (b.textContent ?? "").trim() })));
  for (const r of rows) {
    // The plain words of a need without the game's ("a d6", "Die 1 of 2", "eine Karte").
    if (!r.legend.trim() || /^\s*(a d\d+|ein W\d+|(Die|Würfel) \d+( of| von)? ?\d*|a card from the .* deck|eine Karte)\s*$/.test(r.legend)) fail(`table ${w}: ${game}: a need without the game's words: "${r.legend}"`);
    // A seat by its name, also when the create asks before the session exists.
    if (/\b(seat|Platz) \d/.test(r.legend)) fail(`table ${w}: ${game}: a seat by its number: "${r.legend}"`);
  }
  for (const c of cards) if (c.text === c.id || /_/.test(c.text)) fail(`table ${w}: ${game}: a card button reads its id: "${c.text}"`);
  await page.screenshot({ path: join(shots, `${game}-table-input-${w}.png`), fullPage: false });
  if (w === 390) for (const s of await smallControls(page, scope)) fail(`table 390: a ${game} table control under 44×44: ${s}`);
  log(`  table ${w}: ${game}: first asked: ${rows.map((r) => r.legend).join(" | ")}${cards.length ? `; cards such as ${cards.slice(0, 2).map((c) => c.text).join(" / ")}` : ""}`);
}

/**
 * The new-game form of `game` with every die and card at the table, sent:
 * a setup roll is asked by the create itself, otherwise the game starts.
 * @param {import('playwright-core').Page} page @param {string} base @param {number} w @param {string} game @param {(m: string) => void} fail
 */
async function newGame(page, base, w, game, fail) {
  await page.goto(`${base}/`);
  await page.waitForSelector(`button[data-game="${game}"]`);
  await page.click(`button[data-game="${game}"]`);
  await page.waitForSelector("form.options");
  // The options carry their JSON value.
  const all = await page.$eval('form.options select[name="table_mode"]', (s) => [...s.options].find((o) => o.dataset.value === '"all"')?.value ?? "");
  if (!all) { fail(`table ${w}: ${game}: the new-game form offers no "all at the table"`); return; }
  await page.selectOption('form.options select[name="table_mode"]', all);
  await page.click("#create");
}
