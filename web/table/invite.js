// Invites per the seats contract: the invite screen after a game between
// people is created (a link and QR code per other seat, with its one-time
// code; this device keeps only its own token), and the claim when an
// invite link is opened (`#s=<id>&seat=<seat>&i=<code>`: the seat's fresh
// token is stored on this device and the link leaves the address bar).
// Owned by the lobby side of the page.
import * as api from "./api.js";
import { h } from "./forms.js";
import { lang, t } from "./i18n.js";
import { announce, focusOn, main, problemText, remember } from "./common.js";

/** A QR code as SVG, drawn with the vendored qrcode-generator. @param {string} text */
function qr(text) {
  /** @type {any} */
  const lib = /** @type {any} */ (window).qrcode;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  if (!lib) return svg;
  const q = lib(0, "M");
  q.addData(text);
  q.make();
  const n = q.getModuleCount();
  svg.setAttribute("viewBox", `-2 -2 ${n + 4} ${n + 4}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("invite.qr"));
  let d = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (q.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  const bg = document.createElementNS(NS, "rect");
  for (const [k, v] of Object.entries({ x: "-2", y: "-2", width: String(n + 4), height: String(n + 4), fill: "#fff" })) bg.setAttribute(k, v);
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

/** The resume link of a seat on this device. @param {string} id @param {string} token */
export const playHref = (id, token) => `#s=${encodeURIComponent(id)}&t=${encodeURIComponent(token)}`;

/** An invite link: the code after `#` never reaches a server log. @param {string} id @param {string} seat @param {string} code */
export const inviteLink = (id, seat, code) => `${location.origin}/#s=${encodeURIComponent(id)}&seat=${encodeURIComponent(seat)}&i=${encodeURIComponent(code)}`;

/** @typedef {import('./api.js').Created['seats'][number] & {invite?: string | null}} CreatedSeat */

/**
 * After a game is created: stores this device's token(s) and either goes
 * straight to play (a solo game, or every seat on this device) or shows
 * the invite screen.
 * @param {import('./api.js').Created & {seating?: string}} c @param {string} title
 */
export function created(c, title) {
  const seats = /** @type {CreatedSeat[]} */ (c.seats).filter((s) => s.kind === "human");
  // A server before the seats contract answers every human seat's token:
  // this device keeps the first (its own) and invites the others with theirs.
  const seating = c.seating ?? (seats.length <= 1 ? "solo" : seats.every((s) => s.token) ? "legacy" : "invite");
  const at = new Date().toISOString();
  const mine = seating === "pass_and_play" ? seats.filter((s) => s.token) : seats.filter((s) => s.token).slice(0, 1);
  for (const s of mine) remember({ id: c.id, token: /** @type {string} */ (s.token), game: c.game, seat: s.name, title, at });
  const first = mine[0];
  if ((seating === "solo" || seats.length <= 1) && first?.token) {
    // Nobody to invite: straight to the game.
    location.hash = playHref(c.id, first.token);
    return;
  }
  const others = seats.filter((s) => !mine.includes(s));
  const cards = others.map((s) => {
    const url = s.invite ? inviteLink(c.id, s.id, s.invite) : s.token ? `${location.origin}/${playHref(c.id, s.token)}` : "";
    const copy = h("button", { type: "button", class: "quiet", text: t("invite.copy") });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        announce(t("invite.copied"));
        copy.textContent = t("invite.copied");
      } catch {
        copy.textContent = t("invite.copyFailed");
      }
    });
    return h("li", { class: "invite", "data-seat": s.id }, [
      h("h2", { text: t("invite.for", { name: s.name }) }),
      qr(url),
      h("p", { class: "hint", text: t("invite.scan") }),
      h("div", { class: "row" }, [copy]),
      h("details", {}, [h("summary", { text: t("invite.showLink") }), h("a", { class: "link", href: url, "data-invite": s.id, text: url })]),
    ]);
  });
  const plays = mine.map((s) => h("a", { class: "button primary", href: playHref(c.id, /** @type {string} */ (s.token)), "data-play": s.id, text: mine.length > 1 ? t("invite.play", { name: s.name }) : t("invite.playMine", { name: s.name }) }));
  main.replaceChildren(
    h("h1", { text: t("invite.heading", { title }) }),
    h("p", { text: seating === "pass_and_play" ? t("invite.passText") : t("invite.text") }),
    others.length ? h("ul", { class: "invites" }, cards) : "",
    h("div", { class: "row plays" }, plays),
    h("p", {}, [h("a", { href: "#", text: t("back") })]),
  );
  focusOn(main.querySelector("h1"));
  announce(t("invite.created"));
}

/** The invite link's parts, if the address is one. */
function claimRoute() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("s");
  const seat = p.get("seat");
  const code = p.get("i");
  return id && seat && code ? { id, seat, code } : null;
}

/**
 * Claims the seat of an invite link, if the address is one: the fresh
 * token is stored on this device and the address becomes the seat's
 * resume link (the code leaves the history). True if it was one.
 * @returns {Promise<boolean>}
 */
export async function claimFromLink() {
  const r = claimRoute();
  if (!r) return false;
  main.replaceChildren(h("h1", { text: t("claim.heading") }), h("p", { text: t("claim.wait") }));
  try {
    const res = await fetch(`/v1/sessions/${encodeURIComponent(r.id)}/seats/${encodeURIComponent(r.seat)}/claim`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "accept-language": lang() },
      body: JSON.stringify({ invite: r.code }),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new api.ApiProblem(body ?? { status: res.status, title: res.statusText, type: "", code: "http" });
    const token = String(body.token);
    const s = await api.session(r.id, token);
    const games = await api.games().catch(() => null);
    const title = games?.games.find((g) => g.id === s.game)?.title ?? s.game;
    remember({ id: r.id, token, game: s.game, seat: s.seats[s.seat.index]?.name ?? s.seat.id, title, at: new Date().toISOString() });
    location.replace(playHref(r.id, token));
  } catch (e) {
    const claimed = e instanceof api.ApiProblem && e.problem.code === "invite_claimed";
    main.replaceChildren(
      h("h1", { text: t("claim.failed") }),
      h("p", { class: "error", role: "alert", text: claimed ? t("claim.taken") : problemText(e) }),
      h("p", {}, [h("a", { href: "#", text: t("back") })]),
    );
  }
  return true;
}
