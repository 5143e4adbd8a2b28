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
import { loadLaterTexts } from "../i18n/load-later.ts";
import { BoardSlot } from "../table-page/board-slot.ts";
import { openFrame } from "../table-page/frame.ts";
import { mountTable } from "../table-page.ts";
import { boot, tableAddress } from "./boot.ts";
import { fetchLaterStage } from "./later-stage.ts";
import { reloadWhenOnline } from "./reload.ts";
import { missingTable } from "./table-gone.ts";

fetchLaterStage("rest-between-games");
const rest = import("./table-live.ts");
// Its failure is handled once the page is built, below; meanwhile it is not an unhandled rejection.
rest.catch(() => {});

boot((root, i18n) => {
  const table = tableAddress(location.pathname);
  if (!table) return;
  const frame = openFrame(root, i18n, table.id, table.embed);
  // A hand-over's page waits for its seat before it draws anyone's (frame.ts): not even the worker's picture.
  const picture = frame.handoverCode === null ? root.querySelector<SVGSVGElement>("svg.picture") : null;
  const board = new BoardSlot(picture ?? emptyPicture());
  const page = mountTable(root, i18n, frame, board);
  Promise.all([rest, i18n.addLater(loadLaterTexts)]).then(
    ([{ goLive }]) => goLive(i18n, frame, page, board, () => missingTable(root, i18n, table.embed)),
    reloadWhenOnline,
  );
});

/** Where the board goes without the worker's picture: the board's box, empty until the live board comes. */
function emptyPicture(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board picture");
  svg.setAttribute("aria-hidden", "true");
  return svg;
}
