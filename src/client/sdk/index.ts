/**
 * The Chinese Checkers client SDK: create a table, connect to it, take a
 * seat, play, and follow the table live. No DOM needed: it runs wherever
 * there is `fetch` and `WebSocket` (browsers, Node 22, workers).
 * See docs/client.md.
 */
export type {
  Clock,
  Departure,
  ErrorCode,
  Identity,
  Level,
  MovedBy,
  ResultView,
  SeatView,
  ServerMessage,
  Snapshot,
  TableEvent,
  TableEventType,
  TableSettings,
  TableStatus,
} from "../../protocol/index.ts";
export { ERROR_CODES } from "../../protocol/index.ts";
/**
 * What a client needs of the engine: the game a model holds, hole names and
 * paths as the wire writes them, and for a bot's own judgement each colour's
 * goal and the steps between two holes.
 */
export {
  formatPath,
  type Game,
  goalHoles,
  type Hole,
  holeName,
  type Point,
  parseHole,
  stepsBetween,
} from "../../rules/index.ts";
export {
  type ConnectionState,
  newRequestId,
  socketUrl,
  TableClient,
  type TableClientEventName,
  type TableClientEvents,
  type TableClientOptions,
} from "./client.ts";
export { CLIENT_ERROR_CODES, type ClientErrorCode, type SdkError, TableError } from "./errors.ts";
export {
  type HandedOver,
  type HandoverCode,
  handoverCodeIn,
  handoverLink,
  redeemHandover,
} from "./handover.ts";
export { type CreatedTable, createTable, getSnapshot, type TableSettingsInput } from "./http.ts";
export { type LastMove, type Presence, TableModel } from "./model.ts";
export { type OptimisticEvents, OptimisticMoves, type PendingMove } from "./optimistic.ts";
export {
  hostTokenKey,
  memoryTokens,
  seatTokenKey,
  type TokenStore,
  type WebStorageLike,
  webStorageTokens,
} from "./storage.ts";
