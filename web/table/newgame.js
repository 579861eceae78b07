// The new-game form: the game's title, its few basic choices and the rest
// under "More options" (forms.js), for a game between people whether each
// plays on their own phone (invites) or all on this one (pass and play),
// and the set-up dice or cards a physical table gives. Owned by the lobby
// side of the page.
import * as api from "./api.js";
import { h, optionsForm } from "./forms.js";
import { t } from "./i18n.js";
import { problemText } from "./common.js";
import { tableFields } from "./table-input.js";
import { created } from "./invite.js";

/**
 * Creates the session; a server from before the seats contract refuses
 * `seating`, and is asked again without it.
 * @param {Record<string, unknown>} req @param {string | null} admin
 */
async function createSession(req, admin) {
  try {
    return await api.create(/** @type {any} */ (req), admin);
  } catch (e) {
    if (req.seating && e instanceof api.ApiProblem && e.problem.code === "invalid_body") {
      const { seating, ...rest } = req;
      void seating;
      return api.create(/** @type {any} */ (rest), admin);
    }
    throw e;
  }
}

/** @param {import('./api.js').Game} g @param {HTMLElement} box */
export function newGameForm(g, box) {
  const form = optionsForm(/** @type {any} */ (g.options_schema), /** @type {Record<string, unknown>} */ (g.default_options));
  const humans = g.seats.filter((s) => s.kind === "human");
  const seed = h("input", { id: "seed", type: "text", inputmode: "numeric", autocomplete: "off" });
  const admin = h("input", { id: "admin", type: "password", autocomplete: "off" });
  const err = h("div", { class: "error", role: "alert", id: "create-problem" });
  const create = h("button", { type: "submit", class: "primary", id: "create", text: t("create.button", { title: g.title }) });
  /** @type {HTMLInputElement | null} */
  let pass = null;
  /** @type {HTMLSelectElement | null} */
  let mySeat = null;
  /** @type {HTMLElement | null} */
  let seating = null;
  if (humans.length > 1) {
    // Each on their own phone (an invite per other seat) or one phone for all.
    const own = h("input", { type: "radio", name: "seating", id: "seating-invite", value: "invite", checked: true });
    pass = h("input", { type: "radio", name: "seating", id: "seating-pass", value: "pass_and_play" });
    mySeat = h("select", { id: "my-seat", name: "seat" }, humans.map((s) => h("option", { value: s.id, text: s.name })));
    seating = h("fieldset", { class: "seating" }, [
      h("legend", { text: t("create.seating") }),
      h("label", { class: "radio", for: "seating-invite" }, [own, h("span", { text: t("create.invite") })]),
      h("label", { class: "radio", for: "seating-pass" }, [pass, h("span", { text: t("create.pass") })]),
      h("div", { class: "field" }, [h("label", { for: "my-seat", text: t("create.mySeat") }), mySeat]),
    ]);
  }
  /** @type {{read: () => import('./api.js').TableItem[]} | null} */
  let setup = null;
  const f = h("form", { class: "options", "aria-labelledby": "form-h" }, [
    h("h2", { id: "form-h", text: g.title }),
    seating,
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
    err.replaceChildren();
    /** @type {Record<string, unknown>} */
    const req = { game: g.id, options: {}, table: [] };
    try {
      req.options = form.read();
      if (setup) req.table = setup.read();
    } catch (e) {
      err.textContent = e instanceof Error ? e.message : String(e);
      return;
    }
    if (seed.value.trim()) req.seed = seed.value.trim();
    if (humans.length > 1) {
      // "invite" is the server's default for a game between people.
      if (pass?.checked) req.seating = "pass_and_play";
      if (mySeat && mySeat.value !== humans[0]?.id) req.seat = mySeat.value;
    }
    create.disabled = true;
    try {
      const c = await createSession(req, admin.value || null);
      created(c, g.title);
    } catch (e) {
      // Physical-table mode: the set-up needs dice or cards from the table,
      // asked here, sent with the next "Create".
      if (e instanceof api.ApiProblem && e.problem.code === "dice_needed" && e.problem.needed) {
        // The last tap creates the game; a die typed into waits for "Create".
        const tf = tableFields(e.problem.needed, { keep: false, onComplete: () => f.requestSubmit() });
        setup = tf;
        err.replaceChildren(h("p", { text: t("create.tableSetup") }), tf.el);
        create.textContent = t("create.withThese");
        /** @type {HTMLElement | null} */ (tf.el.querySelector("button"))?.focus();
        return;
      }
      const opt = e instanceof api.ApiProblem ? /** @type {{option?: string}} */ (e.problem).option : undefined;
      err.textContent = problemText(e);
      // The option the server asks about: shown and focused.
      const field = opt ? /** @type {HTMLElement | null} */ (f.querySelector(`[name="${CSS.escape(opt)}"]`)) : null;
      if (field) {
        const more = field.closest("details");
        if (more) /** @type {HTMLDetailsElement} */ (more).open = true;
        field.focus();
      }
    } finally {
      create.disabled = false;
    }
  });
  box.replaceChildren(f);
  f.scrollIntoView({ block: "start" });
}
