// The lobby: the games, the new-game form, the invite screen and the
// resume list. Owned by the lobby side of the page (see app.js).
import * as api from "./api.js";
import { h, optionsForm, tableForm } from "./forms.js";
import { t } from "./i18n.js";
import { announce, focusOn, inviteUrl, main, problemText, remember, saved } from "./common.js";

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
  bg.setAttribute("x", "-2");
  bg.setAttribute("y", "-2");
  bg.setAttribute("width", String(n + 4));
  bg.setAttribute("height", String(n + 4));
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

// ---------------------------------------------------------------- lobby

export async function lobby() {
  document.title = t("page.title");
  main.replaceChildren(h("h1", { text: t("lobby.start") }), h("p", { text: t("lobby.loading") }));
  const { games } = await api.games();
  // A list of toggle buttons (aria-pressed): the button is inside the list
  // item, since a button given role=listitem may not carry aria-pressed.
  const list = h("ul", { class: "games", "aria-label": t("lobby.games") });
  const formBox = h("section", { "aria-label": t("lobby.options"), id: "options" });
  for (const g of games) {
    const humans = g.seats.filter((s) => s.kind === "human").length;
    const b = h("button", { type: "button", class: "game", "data-game": g.id, "aria-pressed": "false" }, [
      h("strong", { text: g.title }),
      h("small", { text: `${humans === 1 ? t("lobby.person") : t("lobby.people", { n: humans })} · ${g.seats.filter((s) => s.kind === "bot").map((s) => s.name).join(", ") || t("lobby.noBot")}` }),
    ]);
    b.addEventListener("click", () => {
      list.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
      showOptions(g, formBox);
    });
    list.append(h("li", {}, [b]));
  }
  const mine = saved();
  const resume = h("section", { "aria-labelledby": "resume-h" }, [h("h2", { id: "resume-h", text: t("lobby.mine") })]);
  if (mine.length === 0) resume.append(h("p", { text: t("lobby.none") }));
  else {
    const ul = h("ul", { class: "resume" });
    for (const s of mine) ul.append(h("li", {}, [h("a", { href: `#s=${encodeURIComponent(s.id)}&t=${encodeURIComponent(s.token)}`, text: `${s.title} — ${s.seat}` }), h("small", { text: ` ${s.at.slice(0, 16).replace("T", " ")}` })]));
    resume.append(ul);
  }
  main.replaceChildren(h("h1", { text: t("lobby.start") }), list, formBox, resume);
}

/** @param {import('./api.js').Game} g @param {HTMLElement} box */
function showOptions(g, box) {
  const form = optionsForm(/** @type {any} */ (g.options_schema), /** @type {Record<string, unknown>} */ (g.default_options));
  const seed = h("input", { id: "seed", type: "text", inputmode: "numeric", autocomplete: "off" });
  const admin = h("input", { id: "admin", type: "password", autocomplete: "off" });
  const err = h("p", { class: "error", role: "alert" });
  const create = h("button", { type: "submit", class: "primary", text: t("create.button", { title: g.title }) });
  const f = h("form", { class: "options" }, [
    h("h2", { text: g.title }),
    form.el,
    h("details", { id: "seed-box" }, [
      h("summary", { text: t("create.seed") }),
      h("div", { class: "field" }, [h("label", { for: "seed", text: t("create.seedLabel") }), seed]),
      h("div", { class: "field" }, [h("label", { for: "admin", text: t("create.admin") }), admin]),
    ]),
    err,
    create,
  ]);
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    create.disabled = true;
    try {
      /** @type {import('./api.js').S['CreateSession']} */
      const req = { game: g.id, options: form.read(), table: [] };
      if (seed.value.trim()) req.seed = /** @type {any} */ (seed.value.trim());
      const c = await api.create(req, admin.value || null);
      invites(c, g.title);
    } catch (e) {
      // Physical-table mode: the setup needs dice or cards from the table.
      if (e instanceof api.ApiProblem && e.problem.code === "dice_needed" && e.problem.needed) {
        const tf = tableForm(e.problem.needed);
        const send = h("button", { type: "button", class: "primary", text: t("create.withThese") });
        send.addEventListener("click", async () => {
          try {
            const c = await api.create({ game: g.id, options: form.read(), table: tf.read(), ...(seed.value.trim() ? { seed: /** @type {any} */ (seed.value.trim()) } : {}) }, admin.value || null);
            invites(c, g.title);
          } catch (e2) {
            err.textContent = problemText(e2);
          }
        });
        err.replaceChildren(h("span", { text: t("create.tableSetup") }), tf.el, send);
        return;
      }
      err.textContent = problemText(e);
    } finally {
      create.disabled = false;
    }
  });
  box.replaceChildren(f);
  f.querySelector("select, input")?.closest(".field")?.scrollIntoView({ block: "nearest" });
}

/** @param {import('./api.js').Created} c @param {string} title */
function invites(c, title) {
  const seats = c.seats.filter((s) => s.token);
  const at = new Date().toISOString();
  for (const s of seats) if (s.token) remember({ id: c.id, token: s.token, game: c.game, seat: s.name, title, at });
  const cards = seats.map((s) => {
    const url = inviteUrl(c.id, s.token ?? "");
    return h("li", { class: "invite", "data-seat": s.id }, [
      h("h2", { text: s.name }),
      qr(url),
      h("a", { class: "button", href: url.slice(location.origin.length), "data-play": s.id, text: t("invite.play", { name: s.name }) }),
      h("small", { class: "link", text: url }),
    ]);
  });
  main.replaceChildren(
    h("h1", { text: t("invite.heading", { title }) }),
    h("p", { text: t("invite.text") }),
    h("ul", { class: "invites" }, cards),
    h("p", {}, [h("a", { href: "#", text: t("back") })]),
  );
  // The form that had focus is gone: focus goes to the new screen's heading.
  focusOn(main.querySelector("h1"));
  announce(t("invite.created"));
}
