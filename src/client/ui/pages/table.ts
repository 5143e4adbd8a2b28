/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). Its HTML shows the title bar and the board with the
 * table's pieces already (the worker's picture, the page's style sheet in
 * the HTML too: src/server/http/table-picture.ts, pages.ts) and preloads
 * the first stage's files and the texts in the page's language; so its
 * entry is only this. During a game it imports the opening
 * (table-start.ts: the board drawn live and playable, the socket), which
 * fetches and imports the rest; between games, when the page is used
 * through its panels, it imports the page built over the picture
 * (table-between.ts), which fetches and imports the live board and the
 * client. The worker preloads the one this picks, by the same snapshot
 * (src/server/http/pages.ts, `stagesDropped`).
 */
import { handoverCodeIn } from "../../sdk/handover-link.ts";
import { reloadWhenOnline } from "./reload.ts";

/** Whether the table in the page's HTML is between games, and drawn there for the page to be built around. */
function betweenGames(): boolean {
  if (handoverCodeIn(location.hash) !== null || !document.querySelector("svg.picture")) return false;
  try {
    const { status } = JSON.parse(document.getElementById("table-snapshot")?.textContent ?? "null") ?? {};
    return status === "waiting" || status === "over";
  } catch {
    return false;
  }
}

// Should the page's code not come, the page loads again when the network is back.
(betweenGames() ? import("./table-between.ts") : import("./table-start.ts")).catch(reloadWhenOnline);
