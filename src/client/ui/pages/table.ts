/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). Its HTML shows the title bar and the board with the
 * table's pieces already (the worker's picture: src/server/http/table-picture.ts),
 * so its entry is only this: once the style sheet is in (a script waits for
 * it), it fetches all of the page's code at once: the texts in the page's
 * language, the opening's files (table-start.ts: the board drawn live, the
 * socket) and the rest's (table-page.ts, which the opening imports); and
 * imports the opening.
 */
import { preloadListed } from "./preload.ts";

preloadListed("page-texts");
preloadListed("page-opening");
preloadListed("rest-of-page");
void import("./table-start.ts").catch(() =>
  // Should the page's code not come (the network gone), the page loads again when the network is back: a
  // browser keeps a module that failed to come as failed for the document's life.
  window.addEventListener("online", () => location.reload(), { once: true }),
);
