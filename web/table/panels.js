// The player panels: one card per seat with what it holds and scores, in
// view beside the board for every game. Your hand in full; the other
// seat's counts only (the view carries no more). For Arler Erde and Terra
// Mystica a line says what the server tracks and what stays on the real
// table. The game screen's.
import { h } from "./forms.js";
import { phase, t } from "./i18n.js";
import { nameOf } from "./names.js";

/** @typedef {import('./api.js').Session} Session */

/**
 * One line of a panel: a label and its value.
 * @param {string} label @param {string | number} value @param {string} [cls]
 */
const line = (label, value, cls) => h("div", { class: `pl-line${cls ? ` ${cls}` : ""}` }, [h("span", { class: "pl-k", text: label }), h("span", { class: "pl-v", text: String(value) })]);

/** Counts of a resource bundle, in words ("2 brick, 1 wool"), or "none". @param {Record<string, number | undefined> | null | undefined} b */
function bundle(b) {
  const parts = Object.entries(b ?? {}).filter(([, n]) => (n ?? 0) > 0).map(([k, n]) => `${n} ${nameOf(k)}`);
  return parts.length ? parts.join(", ") : t("pl.none");
}

/**
 * A seat's card: its name (marked when it is this page's seat), a points
 * line first, then the rest.
 * @param {string} name @param {boolean} you @param {boolean} toMove @param {HTMLElement[]} lines
 */
function card(name, you, toMove, lines) {
  lines[0]?.classList.add("pl-first");
  return h("section", { class: `pl${you ? " pl-you" : ""}${toMove ? " pl-turn" : ""}`, "aria-label": name }, [h("h2", { text: you ? t("pl.you", { name }) : name }), ...lines]);
}

/**
 * Every seat's panel for the session `d`, and a note of what stays on the
 * table; `strip`: only names, points and hands, one short row (a phone
 * shows it above the prompt, so the seats' hands and points stay in view).
 * @param {Session} d @param {boolean} [strip]
 * @returns {HTMLElement}
 */
export function drawPanels(d, strip = false) {
  const me = d.seat.index;
  const n = d.next;
  /** @type {number[]} */
  const moving = n.type === "human" ? n.seats : [];
  /** @param {number} i */
  const seatName = (i) => d.seats[i]?.name ?? t("pl.seat", { n: i + 1 });
  /** @type {HTMLElement[]} */
  const cards = [];
  /** @type {string | null} */
  let note = null;
  switch (d.game) {
    case "catan-shadow": {
      const v = d.view;
      for (const p of v.players) {
        const held = p.hand ? bundle(/** @type {any} */ (p.hand)) : t("pl.cards", { n: p.cards });
        const dev = p.dev_hand ? (p.dev_hand.length ? p.dev_hand.map((c) => nameOf(c.kind)).join(", ") : t("pl.none")) : String(p.development_cards);
        cards.push(card(seatName(p.seat), p.seat === me, moving.includes(p.seat), [
          line(t("pl.vp"), p.total_vp ?? p.visible_vp, "pl-vp"),
          line(t("pl.hand"), held, "pl-hand"),
          line(t("pl.dev"), dev),
          line(t("pl.pieces"), t("pl.catanPieces", { roads: p.roads_left, settlements: p.settlements_left, cities: p.cities_left })),
          line(t("pl.knights"), p.knights_played),
        ]));
      }
      break;
    }
    case "catan-ck-duel": {
      const v = d.view;
      v.players.forEach((p, i) => {
        const hand = p.hand ? bundle(p.hand) : t("pl.cards", { n: p.cards });
        const prog = p.progress ? (p.progress.length ? p.progress.map((c) => nameOf(c.kind)).join(", ") : t("pl.none")) : String(p.progress_count);
        const imp = p.improvements;
        cards.push(card(seatName(i), i === me, moving.includes(i), [
          line(t("pl.vp"), p.vp.total, "pl-vp"),
          line(t("pl.hand"), hand, "pl-hand"),
          line(t("pl.improvements"), t("pl.tracks", { trade: imp.trade, politics: imp.politics, science: imp.science })),
          line(t("pl.progress"), prog),
          line(t("pl.knightStrength"), p.active_knight_strength),
          line(t("pl.pieces"), t("pl.duelPieces", { roads: p.pieces_left.roads, settlements: p.pieces_left.settlements, cities: p.pieces_left.cities, walls: p.pieces_left.walls })),
        ]));
      });
      break;
    }
    case "arler-erde": {
      const v = d.view;
      cards.push(card(seatName(0), me === 0, moving.includes(0), [
        line(t("pl.reported"), v.reported_score ?? t("pl.notYet"), "pl-vp"),
        line(t("pl.workers"), v.workers_left.human),
        line(t("pl.built"), v.built_by_human.length),
      ]));
      cards.push(card(seatName(1), me === 1, moving.includes(1), [
        line(t("pl.workers"), v.workers_left.vim),
        line(t("pl.removed"), v.removed_by_vim.length),
        line(t("pl.buildingsLeft"), v.buildings_left),
      ]));
      note = t("pl.arlerNote", { half: v.half_year, season: v.season === "summer" ? t("ae.summer") : t("ae.winter") });
      break;
    }
    case "terra-mystica": {
      const v = d.view;
      for (const hv of v.humans) {
        cards.push(card(seatName(hv.seat), hv.seat === me, moving.includes(hv.seat), [
          line(t("pl.vp"), hv.vp, "pl-vp"),
          line(t("pl.faction"), nameOf(hv.faction)),
          line(t("pl.pieces"), t("pl.tmPieces", { d: hv.supply.dwelling, th: hv.supply.trading_house, te: hv.supply.temple })),
          line(t("pl.tiles"), t("pl.tmTiles", { fav: hv.favor_tiles.length, town: hv.town_tiles.length })),
        ]));
      }
      const a = v.automa;
      cards.push(card(seatName(a.seat), a.seat === me, moving.includes(a.seat), [
        line(t("pl.vp"), a.vp, "pl-vp"),
        line(t("pl.faction"), nameOf(a.faction)),
        line(t("pl.deck"), a.deck_size),
        line(t("pl.pieces"), t("pl.tmPieces", { d: a.supply.dwelling, th: a.supply.trading_house, te: a.supply.temple })),
        line(t("pl.tiles"), t("pl.tmTiles", { fav: a.favor_tiles.length, town: 0 })),
      ]));
      note = t("pl.tmNote", { when: v.round === 0 ? t("head.tmSetup") : t("head.tm", { round: v.round, phase: phase(v.phase) }) });
      break;
    }
    case "three-hundred": {
      const v = d.view;
      const hand = v.hand ? v.hand.map((c) => `${c.name} (${c.number})`).join(", ") || t("pl.none") : t("pl.cards", { n: v.greek_hand_size });
      cards.push(card(seatName(0), me === 0, moving.includes(0), [
        line(t("pl.points"), v.points_now.greeks, "pl-vp"),
        line(t("pl.hand"), hand, "pl-hand"),
        line(t("pl.talents"), v.talents),
        line(t("pl.stock"), t("pl.armiesFleets", { armies: v.greek_stock.armies, fleets: v.greek_stock.fleets })),
      ]));
      cards.push(card(seatName(1), me === 1, moving.includes(1), [
        line(t("pl.points"), v.points_now.persians, "pl-vp"),
        line(t("pl.hand"), t("pl.cards", { n: /** @type {any} */ (v).persian_hand_size ?? 0 }), "pl-hand"),
        line(t("pl.deck"), v.deck_size),
      ]));
      note = t("pl.threeNote", { campaign: v.campaign, phase: phase(v.phase) });
      break;
    }
  }
  if (strip) {
    // The short row repeats the panels below for the eye only.
    return h("div", { id: "panels-strip", class: "panels strip", "aria-hidden": "true" }, [h("div", { class: "pl-row" }, cards)]);
  }
  return h("section", { id: "panels", class: "panels", "aria-label": t("pl.heading") }, [h("div", { class: "pl-row" }, cards), note ? h("p", { class: "pl-note", text: note }) : null]);
}
