/**
 * The Chinese Checkers client SDK: create a table, connect to it, take a
 * seat, play, and follow the table live. No DOM needed: it runs wherever
 * there is `fetch` and `WebSocket` (browsers, Node 22, workers).
 * See docs/client.md.
 *
 * Its values come from the protocol's and the table's own modules, not
 * their indexes: a module's schemas are built as it loads, so a bundler
 * keeps all of every module it reaches, and the SDK reaches only those it
 * uses (not the schemas of what clients send).
 */
export {
  CHAT_HISTORY,
  CHAT_POLICIES,
  DEFAULT_CHAT_POLICY,
  MAX_CHAT_LENGTH,
  REACTIONS,
} from "../../protocol/chat.ts";
export { ERROR_CODES } from "../../protocol/errors.ts";
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
export { POOL_CLOCKS, POOL_PLAYERS } from "../../protocol/lobby.ts";
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
  TableClient,
  type TableClientEventName,
  type TableClientEvents,
  type TableClientOptions,
} from "./client.ts";
export { socketUrl } from "./early-socket.ts";
export { CLIENT_ERROR_CODES, type ClientErrorCode, type SdkError, TableError } from "./errors.ts";
export { type HandedOver, type HandoverCode, redeemHandover } from "./handover.ts";
export { handoverCodeIn, handoverLink } from "./handover-link.ts";
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
  seekerKey,
} from "./quick-play.ts";
export { newRequestId } from "./request-id.ts";
export {
  chatMutedKey,
  chatOwnKey,
  hostTokenKey,
  memoryTokens,
  seatNumberKey,
  seatTokenKey,
  type TokenStore,
  type WebStorageLike,
  webStorageTokens,
} from "./storage.ts";
