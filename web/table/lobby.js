// The lobby: the games, the new-game form (newgame.js) and the list of the
// games on this device, one entry per game with its status (finished, whose
// turn), the local time it was last opened, and a delete. Owned by the
// lobby side of the page (see app.js).
import * as api from "./api.js";
import { h } from "./forms.js";
import { lang, t } from "./i18n.js";
import { forget, main, saved } from "./common.js";
import { newGameForm } from "./newgame.js";
import { playHref } from "./invite.js";
import { recordSection } from "./record.js";

/** @typedef {import('./common.js').Saved} Saved */

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
    const bots = g.seats.filter((s) => s.kind === "bot").map((s) => s.name).join(", ");
    const b = h("button", { type: "button", class: "game-pick", "data-game": g.id, "aria-pressed": "false" }, [
      h("strong", { text: g.title }),
      h("small", { text: `${humans === 1 ? t("lobby.person") : t("lobby.people", { n: humans })} · ${bots ? t("lobby.against", { bots }) : t("lobby.noBot")}` }),
    ]);
    b.addEventListener("click", () => {
      list.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === b)));
      newGameForm(g, formBox);
    });
    list.append(h("li", {}, [b]));
  }
  const titles = new Map(games.map((g) => [g.id, g.title]));
  main.replaceChildren(h("h1", { text: t("lobby.start") }), list, formBox, resumeList(titles), recordSection(games));
}

/** One entry per game: this device's seats of it, newest first. @returns {Saved[][]} */
function byGame() {
  /** @type {Map<string, Saved[]>} */
  const m = new Map();
  for (const s of saved()) m.set(s.id, [...(m.get(s.id) ?? []), s]);
  return [...m.values()];
}

/** @param {Map<string, string>} titles */
function resumeList(titles) {
  const box = h("section", { "aria-labelledby": "resume-h", id: "resume" }, [h("h2", { id: "resume-h", text: t("lobby.mine") })]);
  const entries = byGame();
  if (entries.length === 0) {
    box.append(h("p", { text: t("lobby.none") }));
    return box;
  }
  const ul = h("ul", { class: "resume" });
  const fmt = new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" });
  for (const seats of entries) {
    const s = /** @type {Saved} */ (seats[0]);
    const status = h("span", { class: "status", text: t("resume.checking") });
    const del = h("button", { type: "button", class: "quiet delete", "data-delete": s.id, "aria-label": t("resume.deleteOne", { title: titles.get(s.game) ?? s.title }), text: t("resume.delete") });
    const li = h("li", { "data-session": s.id }, [
      h("a", { class: "resume-link", href: playHref(s.id, s.token) }, [
        h("strong", { text: titles.get(s.game) ?? s.title }),
        h("span", { class: "seat", text: seats.length > 1 ? t("resume.seats", { seats: seats.map((x) => x.seat).join(", ") }) : t("resume.as", { seat: s.seat }) }),
        status,
        h("time", { datetime: s.at, text: fmt.format(new Date(s.at)) }),
      ]),
      del,
    ]);
    del.addEventListener("click", () => {
      if (!confirm(t("resume.deleteConfirm"))) return;
      forget(s.id);
      li.remove();
      if (!ul.childElementCount) ul.replaceWith(h("p", { text: t("lobby.none") }));
    });
    ul.append(li);
    // The status, read from the server (the seat's own view).
    api.session(s.id, s.token).then(
      (d) => {
        const n = d.next;
        const mine = new Set(seats.map((x) => x.seat));
        if (n.type === "finished" || n.type === "resigned") {
          status.textContent = t("resume.finished");
          li.dataset.status = "finished";
        } else if (n.type === "bot") {
          const bot = d.seats.find((x) => x.kind === "bot")?.name;
          status.textContent = bot ? t("resume.botTurn", { who: bot }) : t("table.botTurn");
        } else {
          const who = n.seats.map((i) => d.seats[i]?.name ?? "");
          status.textContent = who.some((w) => mine.has(w)) ? t("resume.yourTurn") : t("resume.turnOf", { who: who.join(t("table.and")) });
        }
      },
      () => { status.textContent = t("resume.gone"); },
    );
  }
  box.append(ul);
  return box;
}
