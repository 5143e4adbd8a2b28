/**
 * The link that hands a seat over to another device, and reading its code
 * back: apart from redeeming it (handover.ts), so that the table page's
 * entry can take a code out of its address before the rest of the page's
 * code (and the protocol's schemas) has come.
 */

const FRAGMENT_KEY = "handover";

/** The table page's link that hands a seat over with `code`. */
export function handoverLink(baseUrl: string | URL, tableId: string, code: string): string {
  const url = new URL(`/t/${encodeURIComponent(tableId)}`, baseUrl);
  url.hash = `${FRAGMENT_KEY}=${code}`;
  return url.href;
}

/** The hand-over code in a link's fragment (`location.hash`), if it carries one. */
export function handoverCodeIn(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get(FRAGMENT_KEY) || null;
}
