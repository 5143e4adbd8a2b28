/**
 * The table page's frame, which its first stage sets whichever the order
 * of its code (the opening's live board during a game, opening.ts; the
 * page built over the picture between games, pages/table-between.ts): a
 * hand-over's code taken out of the address, an embed's classes, the title
 * bar, the table's snapshot in the page's HTML, and the table's socket,
 * opened at once so that its handshake is done while the rest of the
 * page's code comes.
 *
 * The snapshot is read here as the page's own data, written by the server
 * into the same document as the page's scripts, and not through the
 * protocol's schema, whose code is the heaviest part of what comes after:
 * the page's client checks it with the schema before it takes it
 * (live-client.ts), and a table that does not read as one here is simply
 * not drawn until then.
 */
import type { Snapshot } from "../../../protocol/snapshot.ts";
import { EarlySocket } from "../../sdk/early-socket.ts";
import { handoverCodeIn } from "../../sdk/handover-link.ts";
import { memoryTokens, type TokenStore, webStorageTokens } from "../../sdk/storage.ts";
import { header, storage } from "../chrome.ts";
import type { I18n } from "../i18n/index.ts";
import { embedSizedByWidth } from "./embed-address.ts";
import { followParentFrame, type ParentMessages } from "./parent-frame.ts";

/**
 * The table page's frame, as its first stage leaves it for the rest of its
 * code: the table, the title bar, a hand-over's code, the socket and the
 * page's snapshot.
 */
export interface TableFrame {
  readonly tableId: string;
  /** Without the page's frame, and reporting to the parent page with postMessage. */
  readonly embed: boolean;
  /** The title bar (none in an embed). */
  readonly header: HTMLElement | null;
  /**
   * Where this browser keeps its tokens, one store for the page (its
   * storage, or the page's memory where storage is refused): the socket,
   * the page and its client read and write the same.
   */
  readonly tokens: TokenStore;
  /** A hand-over's code, taken out of the address: the page redeems it before it connects. */
  readonly handoverCode: string | null;
  /** The table's socket, opened with the tokens the browser keeps; none for a hand-over, whose tokens are to come. */
  readonly early: EarlySocket | null;
  /**
   * The page's snapshot of the table (`#table-snapshot`), read once and
   * unchecked (the rest checks it with the schema); undefined when the page
   * has none of this table, and for a hand-over, whose page waits for its
   * seat before it draws anyone's.
   */
  readonly snapshot: Snapshot | undefined;
  /** An embed's parent page, followed from the start (parent-frame.ts); null in a page of its own. */
  readonly parent: ParentMessages | null;
}

/**
 * The table page's frame: a hand-over's code taken out of the address, an
 * embed's classes, the title bar, the page's snapshot read, and the table's
 * socket opened (unless the address hands a seat over: that page waits for
 * its seat before it draws anyone's or connects).
 */
export function openFrame(root: HTMLElement, i18n: I18n, tableId: string, embed: boolean): TableFrame {
  const handoverCode = embed ? null : takeHandoverCode();
  root.classList.toggle("embed", embed);
  // An embed asked to size its board from the frame's width alone (embed.ts, `followParent`).
  if (embed && embedSizedByWidth(location.search)) root.classList.add("auto-height");
  const store = storage();
  const tokens = store ? webStorageTokens(store) : memoryTokens();
  const snapshot = handoverCode === null ? pageSnapshotOf(tableId) : undefined;
  // Its hello asks for what came after the page's snapshot, from which the page's client starts (table-page.ts).
  const lastSeq = Number.isSafeInteger(snapshot?.seq) ? snapshot?.seq : undefined;
  const early = handoverCode === null ? new EarlySocket(location.origin, tableId, tokens, { lastSeq }) : null;
  const parent = embed ? followParentFrame(root, tableId) : null;
  return { tableId, embed, header: embed ? null : header(i18n), tokens, handoverCode, early, snapshot, parent };
}

/**
 * The hand-over code in the page's address, if there is one, removed from
 * the address before anything else happens: it is not left in the history,
 * a bookmark or a copied link, and a reload does not try it again.
 */
function takeHandoverCode(): string | null {
  const code = handoverCodeIn(location.hash);
  if (code !== null) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return code;
}

/**
 * The page's snapshot, if it is of this table: as JSON, unchecked, taken
 * for a snapshot where it reads as one (the rest checks it with the schema).
 */
function pageSnapshotOf(tableId: string): Snapshot | undefined {
  let snapshot: Snapshot | undefined;
  try {
    snapshot = JSON.parse(document.getElementById("table-snapshot")?.textContent ?? "");
  } catch {
    return undefined;
  }
  return snapshot?.id === tableId ? snapshot : undefined;
}
