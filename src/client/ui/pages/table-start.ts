/**
 * The table page's opening, which its entry (table.ts) imports at once. The
 * server serves the page only for a table that exists, with the table's
 * snapshot in the HTML (`#table-snapshot`). This draws the live board from
 * it in the place of the worker's picture, ready for the visitor's move on
 * their turn (opening.ts), and opens the table's socket; the rest of the
 * page (the SDK, the panels: table-page.ts), whose files are fetched from
 * here, once this has come, is built around that board when it has come,
 * and the texts it names with it: the page's first texts are the opening's
 * alone, and the rest's come in the visitor's language as the rest does
 * (i18n/load-later.ts).
 * A table that goes while the page is open hands over to the not-found page,
 * whose code comes only then.
 */
import { loadLaterTexts } from "../i18n/load-later.ts";
import { openTable } from "../table-page/opening.ts";
import { boot, tableAddress } from "./boot.ts";
import { fetchLaterStage } from "./later-stage.ts";

// All of the rest's files at once, now that the opening's are in (STAGES in scripts/build-client.mjs).
fetchLaterStage("rest-of-page");
const rest = import("../table-page.ts");
// Its failure is handled once the page is open, below; meanwhile it is not an unhandled rejection.
rest.catch(() => {});

boot((root, i18n) => {
  const table = tableAddress(location.pathname);
  if (!table) return;
  const opening = openTable(root, i18n, table.id, table.embed);
  const onMissing = () =>
    void import("../not-found-page.ts").then(({ mountNotFound }) =>
      mountNotFound(root, i18n, { what: "table", embed: table.embed }),
    );
  Promise.all([rest, i18n.addLater(loadLaterTexts)]).then(
    ([{ mountTable }]) => mountTable(root, i18n, opening, { onMissing }),
    // Should the page's code or its texts not come (the network gone), the page loads again when the network is
    // back: a browser keeps a module that failed to come as failed for the document's life.
    () => window.addEventListener("online", () => location.reload(), { once: true }),
  );
});
