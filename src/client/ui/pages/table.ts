/**
 * The table's page (`/t/:id`) and its frameless twin for iframes
 * (`/embed/:id`). The server serves it only for a table that exists, with
 * the table's snapshot in the HTML (`#table-snapshot`), so that the board is
 * drawn before the socket is open; one that goes while the page is open
 * hands over to the not-found page, whose code comes only then.
 */
import { type Snapshot, SnapshotSchema } from "../../../protocol/snapshot.ts";
import { mountTable } from "../table-page.ts";
import { boot, tableAddress } from "./boot.ts";

/** The table's snapshot the page's HTML carries, if it is this table's and reads as one. */
function pageSnapshot(tableId: string): Snapshot | undefined {
  try {
    const parsed = SnapshotSchema.safeParse(JSON.parse(document.getElementById("table-snapshot")?.textContent ?? ""));
    return parsed.success && parsed.data.id === tableId ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

boot((root, i18n) => {
  const table = tableAddress(location.pathname);
  if (!table) return;
  const { id, embed } = table;
  mountTable(root, id, i18n, {
    embed,
    snapshot: pageSnapshot(id),
    onMissing: () =>
      void import("../not-found-page.ts").then(({ mountNotFound }) =>
        mountNotFound(root, i18n, { what: "table", embed }),
      ),
  });
});
