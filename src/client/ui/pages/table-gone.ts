import type { I18n } from "../i18n/index.ts";

/**
 * Hands the table page over to the not-found page, whose code comes only
 * then: the table has gone while the page was open.
 */
export function missingTable(root: HTMLElement, i18n: I18n, embed: boolean): void {
  void import("../not-found-page.ts").then(({ mountNotFound }) => mountNotFound(root, i18n, { what: "table", embed }));
}
