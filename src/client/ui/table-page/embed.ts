/**
 * An embedded table reports to the page around it with postMessage
 * (docs/embedding.md): the welcome snapshot, every event of the log in
 * order, who the visitor is, whose turn it is, the connection, errors, and
 * the height of its content (so the parent can size the iframe). Only what every spectator sees is
 * posted, never a token, so any origin may listen. The parent may ask for a
 * language; with `?height=auto` in the address the board is sized from the
 * frame's width alone, so the content's height does not depend on the
 * frame's and the parent can set the one from the other.
 */
import { EmbedCommandSchema } from "../../../protocol/embed.ts";
import { checked } from "../../../protocol/schema.ts";
import type { TableClient } from "../../sdk/client.ts";
import type { I18n } from "../i18n/index.ts";
import { type ParentMessages, postToParent as post } from "./parent-frame.ts";

/** Posts the table's messages to the parent page, when there is one. */
export function reportToParent(client: TableClient, tableId: string): void {
  if (window.parent === window) return;
  const header = { source: "chinese-checkers", version: 1, table: tableId } as const;
  client.on("welcome", ({ snapshot, you }) => post({ ...header, type: "welcome", snapshot, you }));
  client.on("event", ({ seq, event }) => post({ ...header, type: "event", seq, event }));
  client.on("identity", ({ you }) => post({ ...header, type: "identity", you }));
  client.on("connection", ({ state }) => post({ ...header, type: "connection", state }));
  client.on("error", (error) => post({ ...header, type: "error", code: error.code, message: error.message }));
  // The table's own turn (not a move still on its way to it), once there is a table to say it of.
  let posted: string | null = null;
  client.on("change", ({ model }) => {
    if (!model) return;
    const seat = model.status === "playing" ? (model.turn?.seat ?? null) : null;
    const yours = seat !== null && seat === client.you.seat;
    if (posted === `${seat} ${yours}`) return;
    posted = `${seat} ${yours}`;
    post({ ...header, type: "turn", seat, yours });
  });
}

/**
 * The language the parent page asks for, from what it said since the page
 * opened (`followParentFrame`, which also posts the page's height):
 * `{ source: "chinese-checkers", type: "language", language: "fi" }`.
 */
export function followParent(messages: ParentMessages, i18n: I18n): void {
  messages.read((data) => {
    const command = checked(EmbedCommandSchema, data);
    if (!command.ok) return;
    const { language } = command.value;
    // For this page only: not kept for the next visit. Should the language's file not arrive, the page stays as it is.
    if (language !== i18n.language) void i18n.set(language);
  });
}
