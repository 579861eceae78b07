// The record: per game and setting (bot level, map, scenario), how many
// games were played and won, the scores game by game as a small chart, and
// the best game. It is computed from the finished sessions this device
// knows (its seats) and any the player adds by a game's link; a finished
// game never changes, so what it needs of one (scores, the setting, when it
// ended) is kept in localStorage and read from the server only once.
import * as api from "./api.js";
import { h } from "./forms.js";
import { lang } from "./i18n.js";
import { saved } from "./common.js";
import { s } from "./svg.js";
import { ta } from "./i18n-around.js";

const STORE = "ghostseat.record";

/**
 * One finished game as the record keeps it.
 * @typedef {{id: string, token: string, game: string, setting: Record<string, unknown>, mine: string[],
 *   score: number | null, other: number | null, won: boolean | null, resigned: boolean, at: string}} Played
 */

/** The options that make a game's setting, by game; the rest are details. */
const SETTING = /** @type {Record<string, string[]>} */ ({
  "terra-mystica": ["difficulty", "map", "automa_faction", "humans"],
  "catan-ck-duel": ["vp_target", "layout", "max_turns"],
  "catan-shadow": ["vp_target", "layout"],
  "arler-erde": ["building_set"],
  "three-hundred": ["deploy_rule"],
});

/** @returns {Record<string, Played>} */
function kept() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** @param {Played} p */
function keep(p) {
  const all = kept();
  all[p.id] = p;
  // The newest 200 games are enough for a record.
  const list = Object.values(all).sort((a, b) => b.at.localeCompare(a.at)).slice(0, 200);
  localStorage.setItem(STORE, JSON.stringify(Object.fromEntries(list.map((x) => [x.id, x]))));
}

/**
 * Reads a session once it finished: the record's entry, or null while it is
 * still being played. The tokens are this device's seats of it.
 * @param {string} id @param {string[]} tokens
 * @returns {Promise<Played | null>}
 */
async function readFinished(id, tokens) {
  const token = /** @type {string} */ (tokens[0]);
  const d = await api.session(id, token);
  const n = d.next;
  if (n.type !== "finished" && n.type !== "resigned") return null;
  const mine = [d.seat.id];
  for (const t of tokens.slice(1)) {
    try {
      mine.push((await api.session(id, t)).seat.id);
    } catch {
      // A seat this device no longer holds.
    }
  }
  const humans = new Set(d.seats.filter((x) => x.kind === "human").map((x) => x.id));
  const scores = n.type === "finished" ? n.scores : {};
  const nums = (/** @type {(x: string) => boolean} */ f) => Object.entries(scores).filter(([k, v]) => f(k) && typeof v === "number").map(([, v]) => /** @type {number} */ (v));
  const my = nums((k) => mine.includes(k));
  const others = nums((k) => !mine.includes(k));
  const winner = n.winner ?? null;
  // Against the bot alone, a game the rules name no winner of has none.
  const won = n.type === "resigned" ? (mine.includes(n.seat_id) ? false : winner ? mine.includes(winner) : null) : winner ? mine.includes(winner) : null;
  // When it ended: the last command's time in the session's log.
  let at = new Date().toISOString();
  try {
    const log = await api.log(id, token);
    const last = log.commands[log.commands.length - 1];
    if (last) at = new Date(last.created_at).toISOString();
  } catch {
    // Kept with the time it was first seen finished.
  }
  const keys = SETTING[d.game] ?? [];
  const options = /** @type {Record<string, unknown>} */ (d.options);
  const setting = Object.fromEntries(keys.filter((k) => k in options && !(k === "humans" && humans.size < 2 && options[k] === 1)).map((k) => [k, options[k]]));
  return { id, token, game: d.game, setting, mine, score: my.length ? Math.max(...my) : null, other: others.length ? Math.max(...others) : null, won, resigned: n.type === "resigned", at };
}

/**
 * Adds a finished game by its link (`…/#s=<id>&t=<token>`), e.g. one played
 * on another device; answers the entry.
 * @param {string} link
 */
export async function addByLink(link) {
  const hash = link.includes("#") ? link.slice(link.indexOf("#") + 1) : link;
  const p = new URLSearchParams(hash);
  const id = p.get("s");
  const token = p.get("t");
  if (!id || !token) throw new Error(ta("record.badLink"));
  const e = await readFinished(id, [token]);
  if (!e) throw new Error(ta("record.notFinished"));
  keep(e);
  return e;
}

/** The finished games the record counts: kept ones, and this device's seats read anew. */
async function gather() {
  const all = kept();
  /** @type {Map<string, string[]>} */
  const bySession = new Map();
  for (const x of saved()) bySession.set(x.id, [...(bySession.get(x.id) ?? []), x.token]);
  await Promise.all(
    [...bySession].filter(([id]) => !all[id]).map(async ([id, tokens]) => {
      try {
        const e = await readFinished(id, tokens);
        if (e) {
          keep(e);
          all[id] = e;
        }
      } catch {
        // Unknown to the server now: not counted.
      }
    }),
  );
  return Object.values(all);
}

/**
 * The name of an option and its value, from the game's options schema (in
 * the page's language where the server names them).
 * @param {any} schema @param {string} key @param {unknown} value
 */
function optionText(schema, key, value) {
  let prop = schema?.properties?.[key] ?? {};
  const title = String(prop.title ?? key.replace(/_/g, " "));
  /** @type {any[]} */
  let named = Array.isArray(prop["x-values"]) ? prop["x-values"] : [];
  const ref = typeof prop.$ref === "string" ? prop.$ref : prop.allOf?.[0]?.$ref;
  if (!named.length && typeof ref === "string") {
    const def = ref.split("/").slice(1).reduce((/** @type {any} */ o, /** @type {string} */ k) => o?.[k], schema);
    named = Array.isArray(def?.["x-values"]) ? def["x-values"] : [];
    prop = def ?? prop;
  }
  const v = named.find((n) => JSON.stringify(n.value) === JSON.stringify(value))?.title;
  const shown = v ?? (typeof value === "string" ? value.replace(/_/g, " ") : JSON.stringify(value));
  return `${title.charAt(0).toUpperCase()}${title.slice(1)}: ${shown}`;
}

/**
 * The scores game by game: this device's seat as a line with dots, the
 * best other seat (the bot, the other player) dashed; a title and a
 * sentence for a screen reader.
 * @param {Played[]} games oldest first, each with a score
 * @param {Intl.DateTimeFormat} day
 */
function chart(games, day) {
  const W = 320;
  const H = 140;
  const L = 42;
  const R = 10;
  const T = 12;
  const B = 26;
  const vals = games.flatMap((g) => [g.score, g.other]).filter((v) => typeof v === "number").map(Number);
  let lo = Math.min(...vals);
  let hi = Math.max(...vals);
  if (hi === lo) { hi += 1; lo = Math.max(0, lo - 1); }
  const x = (/** @type {number} */ i) => L + (games.length === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (games.length - 1));
  const y = (/** @type {number} */ v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const line = (/** @type {"score" | "other"} */ k) => games.map((g, i) => [i, g[k]]).filter(([, v]) => typeof v === "number").map(([i, v]) => `${x(Number(i)).toFixed(1)},${y(Number(v)).toFixed(1)}`).join(" ");
  const said = ta("record.chartText", { scores: games.map((g) => String(g.score)).join(", ") });
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "record-chart", role: "img", "aria-label": said, preserveAspectRatio: "xMidYMid meet" }, [
    s("title", { text: said }),
    s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }),
    s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }),
    s("text", { x: L - 4, y: y(hi) + 4, "text-anchor": "end", text: String(hi) }),
    s("text", { x: L - 4, y: y(lo) + 4, "text-anchor": "end", text: String(lo) }),
    // Game by game, numbered: many end on the same day; each dot's date is in its title.
    ...games.map((g, i) => (games.length <= 12 || i === 0 || i === games.length - 1 ? s("text", { x: x(i), y: H - 8, "text-anchor": "middle", text: String(i + 1) }) : null)),
    s("polyline", { points: line("other"), class: "other" }),
    s("polyline", { points: line("score"), class: "mine" }),
    ...games.map((g, i) => s("circle", { cx: x(i), cy: y(Number(g.score)), r: 4, class: g.won ? "mine won" : "mine" }, [s("title", { text: `${day.format(new Date(g.at))}: ${g.score}` })])),
  ]);
  return svg;
}

/**
 * The record's section for the lobby.
 * @param {import('./api.js').Game[]} games the games the server offers
 */
export function recordSection(games) {
  const box = h("section", { id: "record", "aria-labelledby": "record-h" }, [h("h2", { id: "record-h", text: ta("record.title") }), h("p", { class: "record-loading", text: ta("record.loading") })]);
  const draw = async () => {
    const played = await gather();
    const day = new Intl.DateTimeFormat(lang(), { dateStyle: "medium" });
    const byGame = new Map(games.map((g) => [g.id, g]));
    /** @type {Map<string, Played[]>} */
    const groups = new Map();
    for (const p of played) {
      const k = JSON.stringify([p.game, Object.entries(p.setting).sort()]);
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    const parts = [];
    for (const list of [...groups.values()].sort((a, b) => b.length - a.length)) {
      list.sort((a, b) => a.at.localeCompare(b.at));
      const first = /** @type {Played} */ (list[0]);
      const g = byGame.get(/** @type {any} */ (first.game));
      const setting = Object.entries(first.setting).map(([k, v]) => optionText(g?.options_schema, k, v)).join(" · ");
      const scored = list.filter((p) => typeof p.score === "number");
      const won = list.filter((p) => p.won === true).length;
      const best = scored.reduce((/** @type {Played | null} */ b, p) => (!b || Number(p.score) > Number(b.score) ? p : b), null);
      const figures = h("dl", { class: "record-figures" }, [
        h("div", {}, [h("dt", { text: ta("record.played") }), h("dd", { class: "record-played", text: String(list.length) })]),
        h("div", {}, [h("dt", { text: ta("record.won") }), h("dd", { class: "record-won", text: String(won) })]),
        best ? h("div", {}, [h("dt", { text: ta("record.best") }), h("dd", { class: "record-best" }, [h("a", { href: `#s=${encodeURIComponent(best.id)}&t=${encodeURIComponent(best.token)}`, text: ta("record.bestGame", { score: Number(best.score), day: day.format(new Date(best.at)) }) })])]) : null,
      ]);
      parts.push(
        h("article", { class: "record-group", "data-game": first.game }, [
          h("h3", { text: g?.title ?? first.game }),
          setting ? h("p", { class: "record-setting", text: setting }) : null,
          figures,
          scored.length >= 2
            ? h("figure", { class: "record-figure" }, [chart(scored, day), h("figcaption", {}, [h("span", { class: "key-mine", text: ta("record.you") }), " ", h("span", { class: "key-other", text: ta("record.other") }), " ", h("span", { class: "key-axis", text: ta("record.axis") })])])
            : h("p", { class: "record-hint", text: ta(scored.length ? "record.oneScore" : "record.noScores") }),
        ]),
      );
    }
    const link = h("input", { id: "record-link", type: "url", inputmode: "url", autocomplete: "off", placeholder: `${location.origin}/#s=…&t=…` });
    const err = h("p", { class: "error", role: "alert", id: "record-problem" });
    const add = h("form", { class: "record-add" }, [
      h("label", { for: "record-link", text: ta("record.addLabel") }),
      h("div", { class: "record-add-row" }, [link, h("button", { type: "submit", id: "record-add", text: ta("record.add") })]),
      err,
    ]);
    add.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      err.textContent = "";
      try {
        await addByLink(/** @type {HTMLInputElement} */ (link).value.trim());
        await draw();
        /** @type {HTMLElement | null} */ (box.querySelector("#record-h"))?.focus();
      } catch (e) {
        err.textContent = e instanceof api.ApiProblem ? (e.problem.detail ?? e.problem.title) : e instanceof Error ? e.message : String(e);
      }
    });
    box.replaceChildren(
      h("h2", { id: "record-h", tabindex: -1, text: ta("record.title") }),
      parts.length ? h("div", { class: "record-groups" }, parts) : h("p", { class: "record-empty", text: ta("record.empty") }),
      h("details", { class: "record-more" }, [h("summary", { text: ta("record.addSummary") }), add]),
    );
    box.dataset.ready = "true";
  };
  draw().catch(() => box.replaceChildren(h("h2", { id: "record-h", text: ta("record.title") }), h("p", { text: ta("record.empty") })));
  return box;
}
