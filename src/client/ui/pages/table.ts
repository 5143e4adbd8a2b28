/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). The server serves it only for a table that exists; one
 * that goes while the page is open hands over to the not-found page, whose
 * code comes only then.
 */
import { mountTable } from "../table-page.ts";
import { boot, tableAddress } from "./boot.ts";

boot((root, i18n) => {
  const table = tableAddress(location.pathname);
  if (!table) return;
  const { id, embed } = table;
  mountTable(root, id, i18n, {
    embed,
    onMissing: () =>
      void import("../not-found-page.ts").then(({ mountNotFound }) =>
        mountNotFound(root, i18n, { what: "table", embed }),
      ),
  });
});
