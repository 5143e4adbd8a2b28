/**
 * The table page's first stage between games (a table waiting for players,
 * or over), which its entry (table.ts) imports then. The page is used
 * through its panels there (the name and Sit down, the share box, Start,
 * the result and Rematch), not its board: so this builds the whole page
 * from the table's snapshot in the HTML (`#table-snapshot`) around the
 * worker's picture of the board, and opens the table's socket. The live
 * board and the SDK's client (table-live.ts), fetched from here once this
 * has come, then take the picture's place and the page's requests: what a
 * visitor asked meanwhile is sent then (`HeldClient`). The page's first
 * texts are those this names; the rest's come as the rest does.
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
  const picture = root.querySelector<SVGSVGElement>("svg.picture");
  if (!table || !picture) return;
  const frame = openFrame(root, i18n, table.id, table.embed);
  const board = new BoardSlot(picture);
  const page = mountTable(root, i18n, frame, board);
  Promise.all([rest, i18n.addLater(loadLaterTexts)]).then(
    ([{ goLive }]) => goLive(root, i18n, frame, page, board, () => missingTable(root, i18n, table.embed)),
    reloadWhenOnline,
  );
});
