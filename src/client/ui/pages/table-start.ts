/**
 * The table page's opening during a game, which its entry (table.ts)
 * imports when the table is playing. The server serves the page only for a
 * table that exists, with the table's snapshot in the HTML
 * (`#table-snapshot`). This draws the live board from it in the place of
 * the worker's picture, ready for the visitor's move on their turn
 * (opening.ts), and opens the table's socket; the rest of the page (the
 * SDK, the panels: table-rest.ts), whose files are fetched from here, once
 * this has come, is built around that board when it has come, and the texts
 * it names with it: the page's first texts are the opening's alone, and the
 * rest's come in the visitor's language as the rest does
 * (i18n/load-later.ts).
 * A table that goes while the page is open hands over to the not-found page,
 * whose code comes only then.
 */
import { openTable } from "../table-page/opening.ts";
import { startTablePage } from "./table-stages.ts";

startTablePage(
  "rest-of-page",
  () => import("./table-rest.ts"),
  (root, i18n, table) => openTable(root, i18n, table.id, table.embed),
  ({ buildTable }, opening, { root, i18n, onMissing }) => buildTable(root, i18n, opening, onMissing),
);
