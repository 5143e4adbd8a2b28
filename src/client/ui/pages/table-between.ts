/**
 * The table's page between games (`/t/:id` and `/embed/:id` of a table
 * waiting for players, or over; during a game the worker serves table.ts's
 * page). The page is used through its panels then (the name and Sit down,
 * the share box, Start, the result and Rematch), not its board: so this
 * builds the whole page from the table's snapshot in the HTML
 * (`#table-snapshot`) around the worker's picture of the board, and opens
 * the table's socket. The live board and the SDK's client (table-live.ts),
 * fetched from here once this has come, then take the picture's place and
 * the page's requests: what a visitor asked meanwhile is sent then
 * (`HeldClient`). The page's first texts are those this names; the rest's
 * come as the rest does. Its HTML preloads this page's files and lists the
 * rest's (scripts/build-client.mjs, `STAGES`).
 */
import { BoardSlot } from "../table-page/board-slot.ts";
import { openFrame } from "../table-page/frame.ts";
import { mountTable } from "../table-page.ts";
import { startTablePage } from "./table-stages.ts";

startTablePage(
  "rest-between-games",
  () => import("./table-live.ts"),
  (root, i18n, table) => {
    const frame = openFrame(root, i18n, table.id, table.embed);
    // A hand-over's page waits for its seat before it draws anyone's (frame.ts): not even the worker's picture.
    const picture = frame.handoverCode === null ? root.querySelector<SVGSVGElement>("svg.picture") : null;
    const board = new BoardSlot(picture ?? emptyPicture());
    return { frame, board, page: mountTable(root, i18n, frame, board) };
  },
  ({ goLive }, { frame, board, page }, { i18n, onMissing }) => goLive(i18n, frame, page, board, onMissing),
);

/** Where the board goes without the worker's picture: the board's box, empty until the live board comes. */
function emptyPicture(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board picture");
  svg.setAttribute("aria-hidden", "true");
  return svg;
}
