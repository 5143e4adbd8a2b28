/**
 * The rest of the table page's code between games, which its first stage
 * (table-between.ts) fetches once the page is usable: the live board, in
 * the picture's place, the parts of a game that act on it, and the page's
 * client.
 */
import { Board } from "../board.ts";
import type { I18n } from "../i18n/index.ts";
import type { BoardSlot } from "../table-page/board-slot.ts";
import type { TableFrame } from "../table-page/frame.ts";
import * as gameParts from "../table-page/game-parts.ts";
import { connectPage } from "../table-page/live-client.ts";
import type { TablePage } from "../table-page.ts";

export function goLive(i18n: I18n, frame: TableFrame, page: TablePage, slot: BoardSlot, onMissing: () => void): void {
  slot.attach(new Board({ i18n }));
  page.addGameParts(gameParts);
  connectPage(i18n, frame, page, onMissing);
}
