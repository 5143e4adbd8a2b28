/**
 * A quick-play table, made by its pool (lobby/pool.ts) in one commit:
 * created, listed in the lobby to watch, its players seated, computers in
 * the seats left, and so started.
 */
import type { Language } from "../../protocol/index.ts";
import { type LoggedEvent, STAND_IN_LEVEL, type TableCommands } from "../../table/index.ts";
import { sameHash } from "./ids.ts";
import type { TableStore } from "./table-store.ts";

/** A player a quick-play pool seats: the name, and the hash of the seat token the pool gives them. */
export interface SeatedPlayer {
  readonly name: string;
  readonly tokenHash: ArrayBuffer;
}

/** The entries that make `table` a quick-play table of `players`, then `computers`, in that order. */
export function quickPlayEntries(
  table: TableCommands,
  players: readonly SeatedPlayer[],
  computers: number,
  lang: Language,
  at: number,
): LoggedEvent[] {
  const anyone = { seat: null, host: false };
  // The table itself acts as host for what only a host may do; no socket ever is.
  const itself = { seat: null, host: true };
  return [
    ...table.create(),
    ...table.list(itself, lang, at),
    ...players.flatMap((player, seat) => table.join(anyone, seat, player.name, at)),
    ...Array.from({ length: computers }, (_, i) =>
      table.addComputer(itself, players.length + i, STAND_IN_LEVEL, at),
    ).flat(),
  ];
}

/** Whether the stored seats are taken by exactly these players' tokens, in order (a pool's retry). */
export function hasSeats(store: TableStore, players: readonly SeatedPlayer[]): boolean {
  const stored = store.seats();
  return players.every((player, seat) =>
    stored.some((taken) => taken.seat === seat && sameHash(taken.tokenHash, player.tokenHash)),
  );
}
