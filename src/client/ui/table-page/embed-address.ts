/**
 * What an embedded table's address asks of it (docs/embedding.md), read
 * where the page is built; the reports to the parent page and its commands
 * are embed.ts's, which comes with the rest of the page's code.
 */

/**
 * Whether an embedded table shows its chat and reactions: only when the page
 * around it asks (`chat=1` in the frame's address, which the element's
 * `chat` attribute and `EmbeddedTable`'s `chat` option put there), as a
 * stranger's words are the embedding site's to welcome, not ours.
 */
export function embedShowsChat(search: string): boolean {
  return new URLSearchParams(search).get("chat") === "1";
}

/** Whether an embed's board is sized from the frame's width alone (`height=auto`: embed.ts, `followParent`). */
export function embedSizedByWidth(search: string): boolean {
  return new URLSearchParams(search).get("height") === "auto";
}
