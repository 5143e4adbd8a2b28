/**
 * The table's public state: `GET /api/tables/:id` and the socket's welcome.
 * Tokens never appear in it. Objects are not strict, so that a newer server
 * may add fields without breaking older clients.
 */
import { SettingsSchema } from "./settings.ts";
import {
  ClockSchema,
  FirstPlayerSchema,
  LanguageSchema,
  LevelSchema,
  PointSchema,
  SeatSchema,
  SeqSchema,
} from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

const Place = z.nullable(z.int().check(z.minimum(1)));
/** Who made a move its player did not: the table on a timeout, or the computer playing the seat. */
export const MovedBySchema = z.enum(["timeout", "computer"]);
/** Why a player left a game. */
export const DepartureSchema = z.enum(["left", "absent", "timeout"]);
const Count = z.int().check(z.minimum(0));

/** The engine's standing, by seat (a table's seats are the game's players in order). */
export const StandingViewSchema = z.object({
  seat: SeatSchema,
  /** 1 for the winner; shared by partners and by tied players; null until settled (players who left rank last). */
  place: Place,
  finished: z.boolean(),
  resigned: z.boolean(),
  captures: Count,
});

export const ResultViewSchema = z.object({
  reason: z.enum(["finished", "no-jumps", "resigned", "turn-limit"]),
  /** Seats with place 1. More than one (outside teams) is a draw. */
  winners: z.array(SeatSchema),
  standings: z.array(StandingViewSchema),
});

export const SeatViewSchema = z.object({
  seat: SeatSchema,
  /** Null while the seat is free. */
  name: z.nullable(z.string()),
  connected: z.boolean(),
  /** The colours this seat moves (race variants). */
  colours: z.array(PointSchema),
  /**
   * The occupant's standing in the current (or last) game: none (false, null,
   * 0) for a free seat or one taken by someone who did not play it.
   */
  finished: z.boolean(),
  resigned: z.boolean(),
  place: Place,
  captures: Count,
  /** A computer player's level, when the seat is one (the table plays it); null for a person or a free seat. */
  computer: z.nullable(LevelSchema),
  /** The computer plays this seat's turns until its player takes it back. */
  away: z.boolean(),
  /** Turns in a row whose time ran out, in this game. */
  timeouts: Count,
  /** Time bank clocks: ms in the bank, as of the start of the turn now being played; null otherwise. */
  bank: z.nullable(Count),
  /** The seat's occupant across the table's games: points (one for each seat it finished ahead of) and games played. */
  score: z.object({ points: Count, games: Count }),
  /** After a game: whether the seat accepted a rematch. */
  rematch: z.boolean(),
  /** Between games: the occupied seat this one has asked to trade places with. */
  swapTo: z.nullable(SeatSchema),
});

export const GameViewSchema = z.object({
  /** 1 for the first game at this table, 2 after a rematch, … */
  number: z.int().check(z.minimum(1)),
  firstPlayer: SeatSchema,
  /** Whose turn: the seat, and in the race variants its colour; null once over. */
  turn: z.nullable(z.object({ seat: SeatSchema, colour: z.nullable(PointSchema) })),
  /** When the turn being played runs out of time (ms since the epoch), if the table has a clock. */
  deadline: z.nullable(z.number()),
  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  pieces: z.record(z.string(), z.union([PointSchema, z.literal("neutral")])),
  /** The moves so far in notation (passes as `pass`, departures as `resign(P)`). */
  moves: z.array(z.string()),
  /** The moves (by index in `moves`) their players did not make: played on a timeout, or by the computer. */
  playedFor: z.array(z.object({ move: Count, by: MovedBySchema })),
  /** The players who left this game, and why: `left`, `absent` (counted out), `timeout` (older tables). */
  departures: z.array(z.object({ seat: SeatSchema, reason: DepartureSchema })),
  /** Who played: each seat's name when the game started (a leaver's seat is freed once the game is over). */
  players: z.array(z.nullable(z.string())),
  /** Which of them were computer players, and of what level, when the game started; null for a person. */
  computers: z.array(z.nullable(LevelSchema)),
  result: z.nullable(ResultViewSchema),
});

const TableStatusSchema = z.enum(["waiting", "playing", "over"]);

export const SnapshotSchema = z.object({
  id: z.string(),
  settings: SettingsSchema,
  clock: ClockSchema,
  /** Who begins each game: a seat, or null when it is drawn at random. */
  firstPlayer: FirstPlayerSchema,
  /** Whether the first game starts by itself once every seat is taken, rather than by the host. */
  startWhenFull: z.boolean(),
  /** The sequence number of the last event applied. */
  seq: SeqSchema,
  status: TableStatusSchema,
  seats: z.array(SeatViewSchema),
  /** The seat the host sat down in, while its player sits there (a swap takes it along); null otherwise. */
  hostSeat: z.nullable(SeatSchema),
  game: z.nullable(GameViewSchema),
  /**
   * The language the host listed the table in, open to anyone in the lobby,
   * or null (absent from older servers) when it is unlisted, as share-link
   * tables are unless their host lists them.
   */
  listedIn: z.optional(z.nullable(LanguageSchema)),
});

export type StandingView = Wire<typeof StandingViewSchema>;
export type MovedBy = Wire<typeof MovedBySchema>;
export type Departure = Wire<typeof DepartureSchema>;
export type ResultView = Wire<typeof ResultViewSchema>;
export type SeatView = Wire<typeof SeatViewSchema>;
export type GameView = Wire<typeof GameViewSchema>;
/** `waiting` (no game yet), `playing` or `over`. */
export type TableStatus = Wire<typeof TableStatusSchema>;
export type Snapshot = Wire<typeof SnapshotSchema>;
