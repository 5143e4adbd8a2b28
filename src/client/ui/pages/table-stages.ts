/**
 * What the table page's first stage does, in either of its pages (during a
 * game table-start.ts, between games table-between.ts): fetches the rest's
 * files at once, now that its own are in (`STAGES` in
 * scripts/build-client.mjs), opens the page in the visitor's language, and
 * hands the opened page to the rest once the rest and its texts have come
 * (i18n/load-later.ts). A table that goes while the page is open hands over
 * to the not-found page, whose code comes only then.
 */
import type { I18n } from "../i18n/index.ts";
import { loadLaterTexts } from "../i18n/load-later.ts";
import { boot, type TableAddress, tableAddress } from "./boot.ts";
import { fetchLaterStage } from "./later-stage.ts";
import { reloadWhenOnline } from "./reload.ts";

/** The page the rest takes over: its root, its texts, and what to do should the table go. */
export interface OpenPage {
  readonly root: HTMLElement;
  readonly i18n: I18n;
  readonly onMissing: () => void;
}

export function startTablePage<Rest, Opened>(
  stage: string,
  importRest: () => Promise<Rest>,
  open: (root: HTMLElement, i18n: I18n, table: TableAddress) => Opened,
  finish: (rest: Rest, opened: Opened, page: OpenPage) => void,
): void {
  fetchLaterStage(stage);
  const rest = importRest();
  // Its failure is handled once the page is open, below; meanwhile it is not an unhandled rejection.
  rest.catch(() => {});
  boot((root, i18n) => {
    const table = tableAddress(location.pathname);
    if (!table) return;
    const opened = open(root, i18n, table);
    Promise.all([rest, i18n.addLater(loadLaterTexts)]).then(
      ([module]) => finish(module, opened, { root, i18n, onMissing: () => missingTable(root, i18n, table.embed) }),
      reloadWhenOnline,
    );
  });
}

/** Hands the table page over to the not-found page: the table has gone while the page was open. */
function missingTable(root: HTMLElement, i18n: I18n, embed: boolean): void {
  void import("../not-found-page.ts").then(({ mountNotFound }) => mountNotFound(root, i18n, { what: "table", embed }));
}
