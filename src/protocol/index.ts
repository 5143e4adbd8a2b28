/**
 * The wire that server, client and SDK agree on: valibot schemas, and the
 * types inferred from them. See docs/protocol.md.
 */
export {
  CHAT_HISTORY,
  CHAT_POLICIES,
  type ChatAuthor,
  ChatAuthorSchema,
  type ChatMessage,
  ChatMessageSchema,
  type ChatPolicy,
  ChatPolicySchema,
  DEFAULT_CHAT_POLICY,
  MAX_CHAT_LENGTH,
  REACTIONS,
  type Reaction,
  ReactionSchema,
} from "./chat.ts";
export {
  type ClientMessage,
  ClientMessageSchema,
  type ClientMessageType,
  HandoverCodeSchema,
  MAX_MESSAGE_BYTES,
  RequestIdSchema,
  TokenSchema,
} from "./client-messages.ts";
export {
  type ConnectionState,
  ConnectionStateSchema,
  EMBED_LANGUAGES,
  type EmbedCommand,
  EmbedCommandSchema,
  type EmbedLanguage,
  type EmbedMessage,
  EmbedMessageSchema,
  type EmbedMessageType,
} from "./embed.ts";
export {
  CLIENT_ERROR_CODES,
  type ClientErrorCode,
  ERROR_CODES,
  type ErrorBody,
  ErrorBodySchema,
  type ErrorCode,
} from "./errors.ts";
export { type TableEvent, TableEventSchema, type TableEventType } from "./events.ts";
export {
  type CreatedTable,
  CreatedTableSchema,
  ErrorResponseSchema,
  type HandedOver,
  HandedOverSchema,
  type HealthBody,
  HealthBodySchema,
  type RedeemHandover,
  RedeemHandoverSchema,
} from "./http.ts";
export {
  acceptedLanguages,
  chooseLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGES,
  type Language,
  pickLanguage,
} from "./language.ts";
export {
  type Listing,
  ListingSchema,
  type LobbyList,
  LobbyListSchema,
  type LobbyMessage,
  LobbyMessageSchema,
  POOL_CLOCK_SETTINGS,
  POOL_CLOCKS,
  POOL_PLAYERS,
  type PoolClock,
  type PoolKind,
  PoolKindSchema,
  PoolNameSchema,
  parsePoolName,
  poolName,
  type QuickServerMessage,
  QuickServerMessageSchema,
  SeekerKeySchema,
} from "./lobby.ts";
export {
  NOTICE_KINDS,
  NOTICE_LANGUAGES,
  type Notice,
  type NoticeKind,
  type NoticeLanguage,
  NoticeSchema,
  PushKeySchema,
  type PushSubscriptionJson,
  PushSubscriptionSchema,
} from "./push.ts";
export { type Checked, checked } from "./schema.ts";
export { type QuickClientMessage, QuickClientMessageSchema } from "./seeker-messages.ts";
export { type Identity, type ServerMessage, ServerMessageSchema } from "./server-messages.ts";
export { SettingsSchema, type TableSettings, TableSettingsSchema } from "./settings.ts";
export {
  type Departure,
  type GameView,
  GameViewSchema,
  type MovedBy,
  type ResultView,
  ResultViewSchema,
  type SeatView,
  SeatViewSchema,
  type Snapshot,
  SnapshotSchema,
  type StandingView,
  StandingViewSchema,
  type TableStatus,
} from "./snapshot.ts";
export { SOCKET_PROTOCOL, socketProtocols } from "./socket.ts";
export {
  ChatTextSchema,
  isWellFormed,
  MAX_NAME_LENGTH,
  NameSchema,
  nameKey,
} from "./text.ts";
export {
  type Clock,
  ClockSchema,
  LanguageSchema,
  type Level,
  LevelSchema,
  MIN_TURN_SECONDS,
  PointSchema,
} from "./values.ts";
