/**
 * The table's page during a game (`/t/:id`, and its frameless twin for
 * iframes, `/embed/:id`; between games the worker serves table-between.ts's
 * page). Its HTML shows the title bar and the board with the table's pieces
 * already (the worker's picture, the page's style sheet in the HTML too:
 * src/server/http/table-picture.ts, pages.ts) and preloads the opening's
 * files and the texts in the page's language; so its entry is only this: it
 * imports the opening (table-start.ts: the board drawn live and playable,
 * the socket), which fetches and imports the rest (table-rest.ts).
 */
import { reloadWhenOnline } from "./reload.ts";

// Should the page's code not come, the page loads again when the network is back.
import("./table-start.ts").catch(reloadWhenOnline);
