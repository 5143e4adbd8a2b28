/**
 * An embedded table reports to the page around it with postMessage
 * (docs/client.md): the welcome snapshot, every event of the log in order,
 * who the visitor is, the connection, and errors. Only what every spectator
 * sees is posted, never a token, so any origin may listen.
 */
import type { ConnectionState, Identity, Snapshot, TableClient, TableEvent } from "../../sdk/index.ts";

type EmbedMessage = {
  readonly source: "chinese-checkers";
  readonly version: 1;
  readonly table: string;
} & (
  | { readonly type: "welcome"; readonly snapshot: Snapshot; readonly you: Identity }
  | { readonly type: "event"; readonly seq: number; readonly event: TableEvent }
  | { readonly type: "identity"; readonly you: Identity }
  | { readonly type: "connection"; readonly state: ConnectionState }
  | { readonly type: "error"; readonly code: string; readonly message: string }
);

/** Posts the table's messages to the parent page, when there is one. */
export function reportToParent(client: TableClient, tableId: string): void {
  if (window.parent === window) return;
  const post = (message: EmbedMessage) => window.parent.postMessage(message, "*");
  const header = { source: "chinese-checkers", version: 1, table: tableId } as const;
  client.on("welcome", ({ snapshot, you }) => post({ ...header, type: "welcome", snapshot, you }));
  client.on("event", ({ seq, event }) => post({ ...header, type: "event", seq, event }));
  client.on("identity", ({ you }) => post({ ...header, type: "identity", you }));
  client.on("connection", ({ state }) => post({ ...header, type: "connection", state }));
  client.on("error", (error) => post({ ...header, type: "error", code: error.code, message: error.message }));
}
