/**
 * The lobby's wire: quick play (a seek in a pool, over the pool's socket)
 * and the list of open tables and games to watch (one cached GET, and a
 * socket that sends additions and removals). See docs/protocol.md, "Quick
 * play" and "The lobby". What a seeker sends is in seeker-messages.ts.
 */
import { VARIANT_NAMES } from "../rules/index.ts";
import { ERROR_CODES } from "./errors.ts";
import { POOL_CLOCKS, POOL_NAME, POOL_PLAYERS, type PoolClock, type PoolKind } from "./pools.ts";
import * as v from "./schema.ts";
import { ClockSchema, IntegerSchema, LanguageSchema, SeatSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

export { POOL_CLOCKS, POOL_PLAYERS, type PoolClock, type PoolKind, parsePoolName, poolName } from "./pools.ts";

/** What a seeker asks for, which names its pool: players × variant × clock. */
export const PoolKindSchema = v.strictObject({
  players: v.picklist(POOL_PLAYERS),
  variant: v.picklist(VARIANT_NAMES),
  clock: v.picklist(POOL_CLOCKS),
}) satisfies v.GenericSchema<unknown, PoolKind>;

/**
 * A pool's name in a path, `<variant>-<players>-<clock>` (`classic-2-live`):
 * one Durable Object each.
 */
export const PoolNameSchema = v.pipe(v.string(), v.regex(POOL_NAME));

/**
 * The secret a browser keeps to be known as one seeker (128 random bits,
 * base64url): a seek resumed after a dropped socket, and the seat it was
 * given, belong to whoever holds it. Nothing else identifies a seeker.
 */
export const SeekerKeySchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/, "a seeker key is 22 base64url characters"),
);

const Time = v.pipe(IntegerSchema, v.minValue(0));
const Count = v.pipe(IntegerSchema, v.minValue(0));

/** What a pool sends to a seeker. Objects are not strict, so that a newer server may add fields. */
export const QuickServerMessageSchema = v.variant("type", [
  /**
   * The seek is on: since when (server time, ms since the epoch), how many
   * are looking in this pool (this seeker included), from when it may ask to
   * fill the empty seats with computers, and the server's time as it was sent
   * (`at`), by which a client counts the wait down on the server's clock.
   */
  v.object({
    type: v.literal("seeking"),
    since: Time,
    waiting: Count,
    fillAt: Time,
    fill: v.boolean(),
    at: Time,
  }),
  /** How many are looking in this pool now; sent after each wave that changed it. */
  v.object({ type: v.literal("waiting"), waiting: Count }),
  /**
   * Seated: the table, the seat, and the seat's secret token (as `joined`
   * gives on a table's socket). The game starts as the table is full.
   */
  v.object({ type: v.literal("paired"), tableId: v.string(), seat: SeatSchema, token: v.string() }),
  /** A request was done. */
  v.object({ type: v.literal("ack"), id: v.string() }),
  /** The seek ended without a table: it waited its longest (`expired`), or this key seeks on another socket. */
  v.object({ type: v.literal("ended"), reason: v.picklist(["expired", "replaced"]) }),
  /** A refusal, with `id` when it answers a request. */
  v.object({
    type: v.literal("error"),
    id: v.optional(v.string()),
    code: v.picklist(ERROR_CODES),
    message: v.string(),
  }),
]);

/** An open table or a game to watch, as the lobby lists it. Never a table that was not listed. */
export const ListingSchema = v.object({
  tableId: v.string(),
  status: v.picklist(["waiting", "playing"]),
  variant: v.picklist(VARIANT_NAMES),
  players: v.pipe(IntegerSchema, v.minValue(2), v.maxValue(6)),
  /** Each seat's player, or null for a free seat. */
  names: v.array(v.nullable(v.string())),
  clock: ClockSchema,
  /** The table's language, as its host listed it. */
  lang: LanguageSchema,
  /** How many watch. */
  spectators: Count,
  /** When the table was listed, or its game started (ms since the epoch). */
  since: Time,
});

/** `GET /api/lobby`, and the first message on the lobby's socket: every listed table. */
export const LobbyListSchema = v.object({ tables: v.array(ListingSchema), at: Time });

/** What the lobby's socket (`/api/lobby/ws`) sends: the list once, then each change. */
export const LobbyMessageSchema = v.variant("type", [
  v.object({ type: v.literal("lobby"), tables: v.array(ListingSchema), at: Time }),
  /**
   * What changed since the last message, sent at most once a second: the
   * tables listed or whose listing changed (a seat taken or freed, the start;
   * each replaces the entry of its id), and the ids of tables no longer
   * listed (unlisted by their host, over, or gone). A table is in one of the
   * two at most.
   */
  v.object({ type: v.literal("changes"), listed: v.array(ListingSchema), unlisted: v.array(v.string()) }),
  v.object({ type: v.literal("error"), code: v.picklist(ERROR_CODES), message: v.string() }),
]);

export type QuickServerMessage = Wire<typeof QuickServerMessageSchema>;
export type Listing = Wire<typeof ListingSchema>;
export type LobbyList = Wire<typeof LobbyListSchema>;
export type LobbyMessage = Wire<typeof LobbyMessageSchema>;

/** The clock a pool's tables play with. */
export const POOL_CLOCK_SETTINGS: Readonly<Record<PoolClock, Wire<typeof ClockSchema>>> = {
  live: { kind: "bank", seconds: 300, increment: 5 },
  long: { kind: "bank", seconds: 259_200, increment: 86_400 },
};
