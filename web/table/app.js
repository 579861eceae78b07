// The table page: routes between the lobby (lobby.js, the lobby side's)
// and the game screen (game.js and its modules, the game screen's), and
// draws the frame's words and the EN/DE switch. Plain ES modules, no build
// step; types come from api.js (JSDoc).
//
// Who owns what (two engineers work on the page at once):
// - lobby side: lobby.js, forms.js, table-input.js, safe.js, lobby.css and
//   the lobby's messages in i18n.js;
// - game screen: game.js and the modules it imports (turn, panels, feed,
//   menu), board*.js, svg.js, style.css and the messages in i18n-game.js;
// - shared, changed by agreement: app.js, common.js, api.js, index.html.
import { h } from "./forms.js";
import { LANGS, lang, setLang, t } from "./i18n.js";
import { announce, focusOn, main, problemText, route } from "./common.js";
import { lobby } from "./lobby.js";
import { claimFromLink } from "./invite.js";
import { leave, table } from "./game.js";
import { leaveWatch, watchRoute, watchScreen } from "./watch.js";
import { openSeatLink, seatLinkRoute } from "./seat-link.js";

/** @param {{keepFocus?: boolean}} [o] keepFocus: focus stays where it is (the language switch) */
async function start(o = {}) {
  leave();
  leaveWatch();
  const n = seatLinkRoute();
  try {
    // A notice's link (no token): this device's token of that seat, if any.
    if (n && !(await openSeatLink(n))) {
      if (!o.keepFocus) focusOn(main.querySelector("h1"));
      return;
    }
  } catch (e) {
    main.replaceChildren(h("p", { class: "error", role: "alert", text: problemText(e) }));
    return;
  }
  const r = route();
  const w = watchRoute();
  try {
    // The page's language is this device's (its switch, kept in
    // localStorage), the same in the lobby and every game; a seat's
    // language pin stays the server's, for API clients.
    if (await claimFromLink()) return;
    if (w) await watchScreen(w.id, w.token);
    else if (r) await table(r.id, r.token);
    else await lobby();
  } catch (e) {
    main.replaceChildren(h("p", { class: "error", role: "alert", text: problemText(e) }));
  }
  if (!o.keepFocus) focusOn(main.querySelector("h1"));
}

// ---------------------------------------------------------------- language

const langBox = h("span", { class: "lang", role: "group" });

/** The frame's words (index.html) and the EN/DE switch, in the page's language. */
function frame() {
  document.documentElement.lang = lang();
  const skip = document.querySelector("a.skip");
  if (skip) skip.textContent = t("skip");
  // The API is for developers: in the footer, out of a player's way.
  const api = document.querySelector("footer.about a");
  if (api) api.textContent = t("about.api");
  langBox.setAttribute("aria-label", t("lang.switch"));
  langBox.replaceChildren(
    ...LANGS.map((l) => {
      const b = h("button", { type: "button", class: "quiet", lang: l, "data-lang": l, "aria-pressed": String(l === lang()), title: t(l === "de" ? "lang.de" : "lang.en"), text: l.toUpperCase() });
      b.addEventListener("click", async () => {
        if (l === lang()) return;
        setLang(l);
        frame();
        // Everything again in the new language: the page's words, and the
        // session (events, prompt, labels) fetched anew.
        await start({ keepFocus: true });
        /** @type {HTMLElement | null} */ (langBox.querySelector(`[data-lang="${l}"]`))?.focus();
        announce(t(l === "de" ? "lang.de" : "lang.en"));
      });
      return b;
    }),
  );
}

document.querySelector("nav.top")?.append(" ", langBox);
frame();
window.addEventListener("hashchange", () => start());
start();
