// A notice's link, `#s=<session>&seat=<seat id>`: it carries no token (rule
// SESSION-NOTIFY-2), so it opens the game only where that seat's token is
// already kept, on the seat's own device. Anywhere else it says so and
// shows nothing of the table.
import * as api from "./api.js";
import { h } from "./forms.js";
import { main, saved } from "./common.js";
import { ta } from "./i18n-around.js";

/** The fragment of a notice's link, if this is one. */
export function seatLinkRoute() {
  const p = new URLSearchParams(location.hash.slice(1));
  const id = p.get("s");
  const seat = p.get("seat");
  return id && seat && !p.get("t") && !p.get("i") ? { id, seat } : null;
}

/**
 * Opens the game with this device's token of the seat (the address becomes
 * the usual `#s=…&t=…`, replacing the notice's in the history), or says
 * that the seat is not played here.
 * @param {{id: string, seat: string}} r
 * @returns {Promise<boolean>} whether it went on to the game
 */
export async function openSeatLink(r) {
  for (const s of saved().filter((x) => x.id === r.id)) {
    try {
      const d = await api.session(s.id, s.token);
      if (d.seat.id !== r.seat) continue;
      history.replaceState(null, "", `#s=${encodeURIComponent(s.id)}&t=${encodeURIComponent(s.token)}`);
      return true;
    } catch {
      // A token the server no longer knows: try the next one.
    }
  }
  main.replaceChildren(
    h("h1", { tabindex: -1, text: ta("seatLink.title") }),
    h("p", { id: "seat-link-missing", text: ta("seatLink.elsewhere") }),
    h("p", {}, [h("a", { href: "#", text: ta("seatLink.lobby") })]),
  );
  return false;
}
