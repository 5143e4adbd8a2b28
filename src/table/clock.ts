/**
 * The turn clock: what a turn may take, what a time bank spends and earns,
 * and when a turn began. Pure functions of the table's clock setting and
 * state; the table's alarm and the SDK's countdown both read them.
 */
import { MIN_TURN_SECONDS } from "../protocol/turn-time.ts";
import type { Clock } from "../protocol/values.ts";
import type { Game } from "../rules/index.ts";

/** What a bank holds at the start of a game; 0 for other clocks. */
export function fullBank(clock: Clock): number {
  return clock?.kind === "bank" ? clock.seconds * 1000 : 0;
}

/** What a seat's turn may take, in ms, with `bank` in its bank. */
export function allowance(clock: Clock, bank: number): number {
  if (clock === null) return Number.POSITIVE_INFINITY;
  if (clock.kind === "move") return clock.seconds * 1000;
  return Math.max(bank, MIN_TURN_SECONDS * 1000);
}

/** A time bank spends what the turn took (from `turnStartedAt` to `at`) and earns the increment back with the move. */
export function spendBank(clock: Clock, bank: number, turnStartedAt: number, at: number): number {
  if (clock?.kind !== "bank") return bank;
  return Math.max(0, bank - (at - turnStartedAt)) + clock.increment * 1000;
}

/**
 * Which turn is being played: the game, how many turns were played before
 * it, the player and the colour. The clock restarts when this changes, and
 * only then; "" when no turn is being played.
 */
export function turnKey(gameNumber: number, game: Game | null): string {
  const turn = game?.turn;
  return turn && game ? `${gameNumber}:${game.plies}:${turn.player}:${turn.colour}` : "";
}

/**
 * When the turn being played, begun at `turnStartedAt`, runs out of time:
 * null without a clock or a turn being played. `banks`: by seat, for a time bank.
 */
export function deadline(
  clock: Clock,
  game: Game | null,
  turnStartedAt: number,
  banks: readonly number[],
): number | null {
  const turn = game?.turn;
  if (clock === null || !turn) return null;
  return turnStartedAt + allowance(clock, banks[turn.player] ?? 0);
}
