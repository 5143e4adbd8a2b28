/**
 * The Chinese Checkers client SDK: create a table, connect to it, take a
 * seat, play, and follow the table live. No DOM needed: it runs wherever
 * there is `fetch` and `WebSocket` (browsers, Node 22, workers).
 * See docs/client.md.
 */
export type {
  ChatAuthor,
  ChatMessage,
  ChatPolicy,
  Clock,
  Departure,
  ErrorCode,
  Identity,
  Language,
  Level,
  Listing,
  LobbyList,
  MovedBy,
  PoolKind,
  Reaction,
  ResultView,
  SeatView,
  ServerMessage,
  Snapshot,
  TableEvent,
  TableEventType,
  TableSettings,
  TableStatus,
} from "../../protocol/index.ts";
export {
  CHAT_HISTORY,
  CHAT_POLICIES,
  DEFAULT_CHAT_POLICY,
  ERROR_CODES,
  MAX_CHAT_LENGTH,
  POOL_CLOCKS,
  POOL_PLAYERS,
  REACTIONS,
} from "../../protocol/index.ts";
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
export { ChatModel, REACTION_SHOWN_MS, type ReactionSent } from "./chat.ts";
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
export { type CreatedTable, createTable, getPushKey, getSnapshot, type TableSettingsInput } from "./http.ts";
export {
  getLobby,
  type LobbyChange,
  LobbyFeed,
  type LobbyFeedEventName,
  type LobbyFeedEvents,
  type LobbyFeedOptions,
  lobbySocketUrl,
} from "./lobby.ts";
export { type LastMove, type Presence, TableModel } from "./model.ts";
export { type OptimisticEvents, OptimisticMoves, type PendingMove } from "./optimistic.ts";
export {
  poolSocketUrl,
  type QuickEndReason,
  type QuickPaired,
  QuickPlay,
  type QuickPlayEventName,
  type QuickPlayEvents,
  type QuickPlayOptions,
  type Seek,
} from "./quick-play.ts";
export {
  chatMutedKey,
  chatOwnKey,
  hostTokenKey,
  memoryTokens,
  seatNumberKey,
  seatTokenKey,
  seekerKey,
  type TokenStore,
  type WebStorageLike,
  webStorageTokens,
} from "./storage.ts";
