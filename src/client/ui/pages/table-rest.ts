/**
 * The rest of the table page's code during a game, which its opening
 * (table-start.ts) fetches once its board is usable: the page built around
 * the opening's board, with the parts of a game, and its client.
 */
import type { I18n } from "../i18n/index.ts";
import * as gameParts from "../table-page/game-parts.ts";
import { connectPage } from "../table-page/live-client.ts";
import type { Opening } from "../table-page/opening.ts";
import { mountTable } from "../table-page.ts";

export function buildTable(root: HTMLElement, i18n: I18n, opening: Opening, onMissing: () => void): void {
  const page = mountTable(root, i18n, opening, opening.board);
  page.addGameParts(gameParts, opening.takeHeldMove());
  connectPage(i18n, opening, page, onMissing);
}
