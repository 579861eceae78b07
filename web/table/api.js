// The table page's client of the public API, typed by JSDoc against
// types/api.d.ts, which openapi-typescript generates from
// openapi/openapi.json (CI regenerates it, diffs it, and runs
// `tsc --checkJs --strict` over this module): when the contract drifts,
// this file stops compiling. It uses only the documented endpoints; the
// server has nothing special for the page.

import { lang, t } from "./i18n.js";

/** @typedef {import('./types/api').components['schemas']} S */
/** @typedef {S['SessionDoc']} Session */
/** @typedef {S['CreatedDoc']} Created */
/** @typedef {S['CommandDoc']} Command */
/** @typedef {S['GamesDoc']} Games */
/** @typedef {S['GameDoc']} Game */
/** @typedef {S['LogDoc']} Log */
/** @typedef {S['VerifyDoc']} Verify */
/** @typedef {S['Problem']} Problem */
/** @typedef {S['TableItem']} TableItem */
/** @typedef {S['Need']} Need */
/** @typedef {S['Domain']} Domain */
/** @typedef {S['StreamTicketDoc']} StreamTicket */
/** @typedef {Session['legal_moves'][number]} LegalItem */
/** @typedef {Session['next']} Next */
/** @typedef {Command['events'][number]} GameEvent */

/** A refused request: the problem document and the HTTP status. */
export class ApiProblem extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail ?? problem.title);
    this.problem = problem;
  }
}

/**
 * One JSON request with the seat's bearer token (never in a URL).
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {string | null} token
 * @param {unknown} [body]
 * @returns {Promise<T>}
 */
async function call(method, path, token, body) {
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json", "accept-language": lang() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  const json = text ? JSON.parse(text) : null;
  if (!r.ok) throw new ApiProblem(/** @type {Problem} */ (json ?? { status: r.status, title: r.statusText, type: "", code: "http" }));
  return /** @type {T} */ (json);
}

/** @returns {Promise<Games>} */
export const games = () => call("GET", "/v1/games", null);

/** The language the seat pinned (`language` null: none). @param {string} id @param {string} token @returns {Promise<S['LanguagePinDoc']>} */
export const languagePin = (id, token) => call("GET", `/v1/sessions/${id}/language`, token);

/**
 * Pins the seat's language: every answer to this seat, on any device, is in it.
 * @param {string} id @param {string} token @param {S['LanguagePinRequest']['language']} language
 * @returns {Promise<S['LanguagePinDoc']>}
 */
export const pinLanguage = (id, token, language) =>
  call("PUT", `/v1/sessions/${id}/language`, token, /** @type {S['LanguagePinRequest']} */ ({ language }));

/**
 * @param {S['CreateSession']} req
 * @param {string | null} [admin] the operator token, to choose a seed
 * @returns {Promise<Created>}
 */
export const create = (req, admin = null) => call("POST", "/v1/sessions", admin, req);

/** @param {string} id @param {string} token @returns {Promise<Session>} */
export const session = (id, token) => call("GET", `/v1/sessions/${id}`, token);

/**
 * @param {string} id @param {string} token
 * @param {unknown} move a move built from a legal item
 * @param {number} version
 * @param {TableItem[]} table
 * @returns {Promise<Command>}
 */
export const move = (id, token, move, version, table) =>
  call("POST", `/v1/sessions/${id}/moves`, token, { move, expected_version: version, table });

/** @param {string} id @param {string} token @param {number} version @param {TableItem[]} table @returns {Promise<Command>} */
export const botTurn = (id, token, version, table) =>
  call("POST", `/v1/sessions/${id}/bot-turn`, token, /** @type {S['BotTurnRequest']} */ ({ expected_version: version, table }));

/** @param {string} id @param {string} token @param {number} version @returns {Promise<Command>} */
export const undo = (id, token, version) =>
  call("POST", `/v1/sessions/${id}/undo`, token, /** @type {S['UndoRequest']} */ ({ expected_version: version }));

/** @param {string} id @param {string} token @returns {Promise<Command>} */
export const resign = (id, token) => call("POST", `/v1/sessions/${id}/resign`, token);

/** @param {string} id @param {string} token @returns {Promise<Log>} */
export const log = (id, token) => call("GET", `/v1/sessions/${id}/log`, token);

/** @param {string} id @param {string} token @returns {Promise<Verify>} */
export const verify = (id, token) => call("GET", `/v1/sessions/${id}/verify`, token);

/**
 * The stream's URL in the page's language: an EventSource cannot send
 * `Accept-Language`, so the language goes as `lang=` (the server reads it).
 * @param {string} url the ticket's URL
 */
export const streamUrl = (url) => `${url}${url.includes("?") ? "&" : "?"}lang=${lang()}`;

/** @param {string} id @param {string} token @returns {Promise<StreamTicket>} */
export const streamTicket = (id, token) => call("POST", `/v1/sessions/${id}/stream-tickets`, token);

/**
 * The move a legal item stands for, with a template's free fields filled.
 * @param {LegalItem} item
 * @param {Record<string, unknown>} values
 * @returns {unknown}
 */
export function instantiate(item, values) {
  if ("move" in item && item.move !== undefined) return item.move;
  const t = /** @type {{template?: Record<string, unknown>}} */ (item).template ?? {};
  return { ...t, ...values };
}

/**
 * The fields a legal item fixes: its whole move, or its template's fixed
 * part. A board reads them to know where an item acts.
 * @param {{move?: unknown, template?: unknown}} item
 * @returns {Record<string, unknown>}
 */
export function fixedFields(item) {
  return /** @type {Record<string, unknown>} */ (item.move ?? item.template ?? {});
}

/** @param {LegalItem} item @returns {[string, Domain][]} */
export function params(item) {
  const p = /** @type {{params?: Record<string, Domain>}} */ (item).params;
  return p ? Object.entries(p) : [];
}

/** Who answers next and the sentence to show. @param {Next} n @returns {string} */
export function nextLine(n) {
  switch (n.type) {
    case "human":
      return n.prompt;
    case "bot":
      return n.prompt;
    case "resigned":
      return t("next.resigned", { seat: n.seat_id, summary: n.summary });
    case "finished":
      return n.summary;
  }
}

/** The decision's kind, for the page's data attribute. @param {Next} n @returns {string} */
export function decisionKind(n) {
  if (n.type === "human" || n.type === "bot" || n.type === "finished") {
    const d = /** @type {{type?: string}} */ (n.decision);
    return d.type ?? "";
  }
  return "";
}

/** Final scores by seat id, if the game finished. @param {Next} n @returns {Record<string, number | null> | null} */
export function scores(n) {
  return n.type === "finished" ? n.scores : null;
}

/** One event as the log shows it. @param {GameEvent} e */
export function eventParts(e) {
  return { text: e.text, rule: e.rule, dice: e.dice ?? [], cards: e.cards ?? [] };
}

/**
 * A stream entry's game and version. @param {S['StreamEntryDoc']} e
 * @returns {{seq: number, events: GameEvent[]}}
 */
export function streamEntry(e) {
  return { seq: e.seq, events: e.events };
}

/** The game's rulebook in the page's language. @param {string} game @returns {Promise<S['RulesDoc']>} */
export const rules = (game) => call("GET", `/v1/games/${encodeURIComponent(game)}/rules`, null);
