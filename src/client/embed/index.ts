/**
 * The page around an embedded table: `EmbeddedTable` attaches to the iframe
 * of `/embed/:id` and turns its messages into typed events. Needs a DOM.
 * See docs/embedding.md.
 */
export type {
  ConnectionState,
  EmbedCommand,
  EmbedLanguage,
  EmbedMessage,
  EmbedMessageType,
  Identity,
  Snapshot,
  TableEvent,
} from "../../protocol/index.ts";
export { EMBED_LANGUAGES } from "../../protocol/index.ts";
export {
  type EmbedAddressOptions,
  EmbeddedTable,
  type EmbeddedTableEvents,
  type EmbeddedTableOptions,
  embedAddress,
} from "./embedded-table.ts";
