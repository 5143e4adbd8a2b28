/** What server, client and SDK agree on: message schemas, events, snapshots, error codes. */
export { ERROR_CODES, type ErrorBody, type ErrorCode } from "./errors.ts";
export {
  type ClientMessage,
  ClientMessageSchema,
  type ClientMessageType,
  type Identity,
  MAX_MESSAGE_BYTES,
  MAX_NAME_LENGTH,
  NameSchema,
  type ServerMessage,
  TokenSchema,
} from "./messages.ts";
export {
  GameViewSchema,
  PointSchema,
  ResultViewSchema,
  SeatViewSchema,
  ServerMessageSchema,
  SettingsSchema,
  SnapshotSchema,
  StandingViewSchema,
  TableEventSchema,
} from "./server-messages.ts";
export { type TableSettings, TableSettingsSchema } from "./settings.ts";
export type {
  GameView,
  ResultView,
  SeatView,
  Snapshot,
  StandingView,
  TableEvent,
  TableEventType,
  TableStatus,
} from "./snapshot.ts";
