/**
 * An embedded table's side of the page around it that its first stage
 * takes on at once (frame.ts), needing no schema: its height posted to the
 * parent whenever it changes, so that the parent sizes the iframe from the
 * first drawing; and the parent's messages kept from the start, until the
 * rest of the page's code, which reads them with the protocol's schema
 * (embed.ts, `followParent`), has come. A command sent while the page's
 * first stage is up is not lost.
 */
import type { EmbedMessage } from "../../../protocol/embed.ts";

/** Posts a message to the parent page (docs/embedding.md): only what every spectator sees, so to any origin. */
export const postToParent = (message: EmbedMessage) => window.parent.postMessage(message, "*");

/** What the parent page said, and says from now on, for whoever reads it. */
export interface ParentMessages {
  /** Hands `reader` each message the parent sent, those kept meanwhile first. */
  read(reader: (data: unknown) => void): void;
}

/** Follows the page around an embed, if there is one: its height posted, its messages kept; null in a page of its own. */
export function followParentFrame(root: HTMLElement, tableId: string): ParentMessages | null {
  if (window.parent === window) return null;
  // The content's height in CSS pixels, whenever it changes (the page's root is as tall as its content in an embed).
  let posted = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === posted || height === 0) return;
    posted = height;
    postToParent({ source: "chinese-checkers", version: 1, table: tableId, type: "resize", height });
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(report).observe(root);
  report();
  const kept: unknown[] = [];
  let reader: ((data: unknown) => void) | null = null;
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    if (reader) reader(event.data);
    else kept.push(event.data);
  });
  return {
    read(next) {
      reader = next;
      for (const data of kept.splice(0)) next(data);
    },
  };
}
