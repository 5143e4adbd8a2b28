/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). Its HTML shows the title bar and the board with the
 * table's pieces already (the worker's picture: src/server/http/table-picture.ts),
 * so its entry is only this: it fetches the page's opening at once, every
 * file of it (table-start.ts: the board drawn live, the socket), which then
 * fetches the rest.
 */
import { preloadListed } from "./preload.ts";

preloadListed("page-opening");
void import("./table-start.ts").catch(() =>
  // Should the page's code not come (the network gone), the page loads again when the network is back: a
  // browser keeps a module that failed to come as failed for the document's life.
  window.addEventListener("online", () => location.reload(), { once: true }),
);
