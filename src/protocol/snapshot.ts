/**
 * The table's public state: `GET /api/tables/:id` and the socket's welcome.
 * Tokens never appear in it. Objects are not strict, so that a newer server
 * may add fields without breaking older clients.
 */
import * as v from "./schema.ts";
import { SettingsSchema } from "./settings.ts";
import {
  ClockSchema,
  FirstPlayerSchema,
  IntegerSchema,
  LanguageSchema,
  LevelSchema,
  NumberSchema,
  PointSchema,
  SeatSchema,
  SeqSchema,
} from "./values.ts";
import type { Wire } from "./wire.ts";

const Place = v.nullable(v.pipe(IntegerSchema, v.minValue(1)));
/** Who made a move its player did not: the table on a timeout, or the computer playing the seat. */
export const MovedBySchema = v.picklist(["timeout", "computer"]);
/** Why a player left a game. */
export const DepartureSchema = v.picklist(["left", "absent", "timeout"]);
const Count = v.pipe(IntegerSchema, v.minValue(0));

/** The engine's standing, by seat (a table's seats are the game's players in order). */
export const StandingViewSchema = v.object({
  seat: SeatSchema,
  /** 1 for the winner; shared by partners and by tied players; null until settled (players who left rank last). */
  place: Place,
  finished: v.boolean(),
  resigned: v.boolean(),
  captures: Count,
});

export const ResultViewSchema = v.object({
  reason: v.picklist(["finished", "no-jumps", "resigned", "turn-limit"]),
  /** Seats with place 1. More than one (outside teams) is a draw. */
  winners: v.array(SeatSchema),
  standings: v.array(StandingViewSchema),
});

export const SeatViewSchema = v.object({
  seat: SeatSchema,
  /** Null while the seat is free. */
  name: v.nullable(v.string()),
  connected: v.boolean(),
  /** The colours this seat moves (race variants). */
  colours: v.array(PointSchema),
  /**
   * The occupant's standing in the current (or last) game: none (false, null,
   * 0) for a free seat or one taken by someone who did not play it.
   */
  finished: v.boolean(),
  resigned: v.boolean(),
  place: Place,
  captures: Count,
  /** A computer player's level, when the seat is one (the table plays it); null for a person or a free seat. */
  computer: v.nullable(LevelSchema),
  /** The computer plays this seat's turns until its player takes it back. */
  away: v.boolean(),
  /** Turns in a row whose time ran out, in this game. */
  timeouts: Count,
  /** Time bank clocks: ms in the bank, as of the start of the turn now being played; null otherwise. */
  bank: v.nullable(Count),
  /** The seat's occupant across the table's games: points (one for each seat it finished ahead of) and games played. */
  score: v.object({ points: Count, games: Count }),
  /** After a game: whether the seat accepted a rematch. */
  rematch: v.boolean(),
  /** Between games: the occupied seat this one has asked to trade places with. */
  swapTo: v.nullable(SeatSchema),
});

export const GameViewSchema = v.object({
  /** 1 for the first game at this table, 2 after a rematch, … */
  number: v.pipe(IntegerSchema, v.minValue(1)),
  firstPlayer: SeatSchema,
  /** Whose turn: the seat, and in the race variants its colour; null once over. */
  turn: v.nullable(v.object({ seat: SeatSchema, colour: v.nullable(PointSchema) })),
  /** When the turn being played runs out of time (ms since the epoch), if the table has a clock. */
  deadline: v.nullable(NumberSchema),
  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  pieces: v.record(v.string(), v.picklist([...PointSchema.options, "neutral"])),
  /** The moves so far in notation (passes as `pass`, departures as `resign(P)`). */
  moves: v.array(v.string()),
  /** The moves (by index in `moves`) their players did not make: played on a timeout, or by the computer. */
  playedFor: v.array(v.object({ move: Count, by: MovedBySchema })),
  /** The players who left this game, and why: `left`, `absent` (counted out), `timeout` (older tables). */
  departures: v.array(v.object({ seat: SeatSchema, reason: DepartureSchema })),
  /** Who played: each seat's name when the game started (a leaver's seat is freed once the game is over). */
  players: v.array(v.nullable(v.string())),
  /** Which of them were computer players, and of what level, when the game started; null for a person. */
  computers: v.array(v.nullable(LevelSchema)),
  result: v.nullable(ResultViewSchema),
});

const TableStatusSchema = v.picklist(["waiting", "playing", "over"]);

export const SnapshotSchema = v.object({
  id: v.string(),
  settings: SettingsSchema,
  clock: ClockSchema,
  /** Who begins each game: a seat, or null when it is drawn at random. */
  firstPlayer: FirstPlayerSchema,
  /** Whether the first game starts by itself once every seat is taken, rather than by the host. */
  startWhenFull: v.boolean(),
  /** The sequence number of the last event applied. */
  seq: SeqSchema,
  status: TableStatusSchema,
  seats: v.array(SeatViewSchema),
  /** The seat the host sat down in, while its player sits there (a swap takes it along); null otherwise. */
  hostSeat: v.nullable(SeatSchema),
  game: v.nullable(GameViewSchema),
  /**
   * The language the host listed the table in, open to anyone in the lobby,
   * or null (absent from older servers) when it is unlisted, as share-link
   * tables are unless their host lists them.
   */
  listedIn: v.optional(v.nullable(LanguageSchema)),
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
