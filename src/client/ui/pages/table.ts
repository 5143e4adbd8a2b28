/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). Its HTML shows the title bar and the board with the
 * table's pieces already (the worker's picture, the page's style sheet in
 * the HTML too: src/server/http/table-picture.ts, pages.ts) and preloads
 * the opening's files and the texts in the page's language; so its entry is
 * only this: it imports the opening (table-start.ts: the board drawn live
 * and playable, the socket), which fetches and imports the rest
 * (table-page.ts).
 */
void import("./table-start.ts").catch(() =>
  // Should the page's code not come (the network gone), the page loads again when the network is back: a
  // browser keeps a module that failed to come as failed for the document's life.
  window.addEventListener("online", () => location.reload(), { once: true }),
);
