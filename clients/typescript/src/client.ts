// A front end as issue 12 asks for it: typed from openapi.json alone, no
// guessing. `npm run check` generates the types and compiles this file;
// a view, move, legal move, event or decision that loses its schema (a bare
// object becomes `Record<string, never>`) breaks the build.
import type { components, paths } from "../generated/api";

type S = components["schemas"];
export type Session = S["SessionDoc"];
export type Command = S["CommandDoc"];

/** GET /v1/sessions/{id}: the answer type comes from the paths table. */
export type GetSession =
  paths["/v1/sessions/{id}"]["get"]["responses"][200]["content"]["application/json"];
const sameAsSession = (s: GetSession): Session => s;

/** One line of the table page's header, narrowed on the game. */
export function headline(doc: Session): string {
  switch (doc.game) {
    case "arler-erde": {
      const v: S["ArlerErdeView"] = doc.view;
      return `${v.phase}: ${v.buildings_left} buildings left`;
    }
    case "three-hundred": {
      const v = doc.view;
      return `campaign ${v.campaign}, ${v.phase}, talents ${v.talents}, ${v.cities.length} cities`;
    }
    case "catan-shadow": {
      const v = doc.view;
      return `${v.turn.phase}, robber on ${v.board.robber.join(",")}`;
    }
    case "catan-ck-duel": {
      const v = doc.view;
      return `turn ${v.turn}, ${v.phase}, barbarians at ${v.barbarian.position}`;
    }
    case "terra-mystica": {
      const v = doc.view;
      return `round ${v.round}, ${v.phase}, ${v.cells.length} cells`;
    }
  }
}

/** The cells a Terra Mystica player may build on: the legal moves list each. */
export function buildableCells(doc: S["TerraMysticaSessionDoc"]): string[] {
  const out: string[] = [];
  for (const l of doc.legal_moves) {
    const m = l.move;
    if (m && m.type === "build") out.push(m.cell);
  }
  return out;
}

/** A template's free fields: every domain kind is typed. */
export function describeDomain(d: S["Domain"]): string {
  if ("one_of" in d) return `one of ${d.one_of.length}`;
  if ("integer" in d) return `${d.integer.min}..${d.integer.max ?? "∞"}`;
  if ("multiset" in d) return `${d.multiset.count} of ${Object.keys(d.multiset.of).join("/")}`;
  return `${d.bundle.min}..${d.bundle.max} of ${Object.keys(d.bundle.of).join("/")}`;
}

/** Who answers next, and the sentence to show. */
export function nextLine(doc: Session): string {
  const n = doc.next;
  switch (n.type) {
    case "human":
      return `${n.seat_ids.join(" and ")}: ${n.prompt}`;
    case "bot":
      return `bot: ${n.prompt}`;
    case "resigned":
      return `${n.seat_id} resigned: ${n.summary}`;
    case "finished":
      return `finished: ${n.summary}`;
  }
}

/** catan-ck-duel: what is asked, from a closed set (the details of an open
 * decision are `view.pending[0]`, of the same `type`). */
export function ckDuelAsks(doc: S["CatanCkDuelSessionDoc"]): string {
  const n = doc.next;
  if (n.type !== "human") return n.type;
  const d = n.decision;
  switch (d.type) {
    case "first_roll":
    case "second_roll":
      return `${d.seat ?? "?"} rolls`;
    case "discard":
      return `${d.seat ?? "?"} discards`;
    default:
      return `${d.seat ?? "?"}: ${d.type}`;
  }
}

/** Events: rule, sentence and (optional) dice of every one. */
export function eventLines(c: Command): string[] {
  return c.events.map((e) => `${e.rule}: ${e.text}${e.dice ? ` (${e.dice.join("+")})` : ""}`);
}

/** A typed move for each game. */
export const moves: { [G in Session["game"]]?: unknown } = {
  "arler-erde": { type: "place_worker", space: "fisherman" } satisfies S["ArlerErdeMove"],
  "terra-mystica": { type: "send_priest", track: "fire", value: 3 } satisfies S["TerraMysticaMove"],
};

/** Errors are problem documents. */
export function problemLine(p: S["Problem"]): string {
  return `${p.status} ${p.code}: ${p.detail ?? p.title}${p.rule ? ` (${p.rule})` : ""}`;
}

void sameAsSession;
