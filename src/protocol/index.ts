/**
 * The wire that server, client and SDK agree on: zod schemas, and the types
 * inferred from them. See docs/protocol.md.
 */
export {
  type ClientMessage,
  ClientMessageSchema,
  type ClientMessageType,
  HandoverCodeSchema,
  isWellFormed,
  MAX_MESSAGE_BYTES,
  MAX_NAME_LENGTH,
  NameSchema,
  nameKey,
  RequestIdSchema,
  SOCKET_PROTOCOL,
  socketProtocols,
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
  type RedeemHandover,
  RedeemHandoverSchema,
} from "./http.ts";
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
export { type Clock, ClockSchema, type Level, LevelSchema, MIN_TURN_SECONDS, PointSchema } from "./values.ts";
