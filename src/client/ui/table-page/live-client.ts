/**
 * The table page's client, which comes with the rest of its code: the SDK's
 * `TableClient` (its socket, the protocol's schemas), started from the
 * page's snapshot, checked, and taking the socket the page's first stage
 * opened. The page, built already, hands its parts to it (`HeldClient`),
 * and what a visitor asked of the page meanwhile is sent. Here too is what
 * only the client can do: say to an embed's parent page what happens,
 * redeem a hand-over's link before connecting, and find a table gone.
 */
import { checked } from "../../../protocol/schema.ts";
import { type Snapshot, SnapshotSchema } from "../../../protocol/snapshot.ts";
import { TableClient } from "../../sdk/client.ts";
import { TableError } from "../../sdk/errors.ts";
import { getSnapshot } from "../../sdk/http.ts";
import type { I18n } from "../i18n/index.ts";
import type { TablePage } from "../table-page.ts";
import { followParent, reportToParent } from "./embed.ts";
import type { TableFrame } from "./frame.ts";
import { redeemThenConnect } from "./handover.ts";

/** The API's answers for a table that is not there (a forged id answers as an unknown one). */
const MISSING: ReadonlySet<string> = new Set(["table-not-found", "bad-table-id"]);

/**
 * Connects the built page to its table. `onMissing`: the table does not
 * exist (any more); the page has closed its connection and hands the page
 * over, to say so.
 */
export function connectPage(i18n: I18n, frame: TableFrame, page: TablePage, onMissing: () => void): TableClient {
  const { tableId, embed, tokens, handoverCode, early, parent } = frame;
  // A link from another device that hands a seat over (its code taken out of the address by the opening): the
  // page connects once it has been redeemed, seated if it worked. (An embed is never opened by such a link.)
  const client = new TableClient({
    baseUrl: location.origin,
    tableId,
    tokens,
    autoConnect: handoverCode === null,
    // A hand-over's page waits for its seat before it draws anyone's (it has no snapshot: opening.ts).
    snapshot: checkedSnapshot(frame),
    // The socket the page's first stage opened, its handshake done meanwhile.
    early: early ?? undefined,
  });
  page.client.attach(client);
  // A table that is not there refuses the socket, which looks like a connection lost: the client
  // keeps trying. So when a connection fails, ask the table's API once whether the table exists.
  let checking = false;
  let gone = false;
  client.on("connection", ({ state }) => {
    if (state !== "reconnecting" || checking) return;
    checking = true;
    getSnapshot(location.origin, tableId)
      .then(
        () => {},
        (error: unknown) => {
          if (!(error instanceof TableError) || !MISSING.has(error.code) || gone) return;
          gone = true;
          client.close();
          page.gone();
          onMissing();
        },
      )
      .finally(() => {
        checking = false;
      });
  });
  if (embed) reportToParent(client, tableId);
  if (parent) followParent(parent, i18n);
  if (handoverCode !== null) redeemThenConnect(client, handoverCode, i18n, page.notices);
  return client;
}

/** The table's snapshot the page's HTML carries (as its first stage read it), if it is this table's and reads as one. */
function checkedSnapshot({ snapshot, tableId }: TableFrame): Snapshot | undefined {
  if (snapshot === undefined) return undefined;
  const parsed = checked(SnapshotSchema, snapshot);
  return parsed.ok && parsed.value.id === tableId ? parsed.value : undefined;
}
