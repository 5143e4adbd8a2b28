/**
 * The moves made since the viewer's last turn, in order: what the board
 * numbers at their landing holes and the move list marks, so that a player
 * in a game of six sees what the other five did, not only the last move.
 *
 * - A seated player: the moves after their own latest turn (a move or a
 *   pass), or every move so far while they have not had one.
 * - A watcher: one round, the moves after the latest turn of the player to
 *   move; once the game is over, the round that ended it (the moves after
 *   the last mover's turn before its final one).
 *
 * Never more than a round, even for a seated player: one whose turns have
 * ended (finished, or gone from the game) would otherwise see every move
 * since, so the round's start bounds theirs. The same rule applies to a
 * position replayed from the past (its history up to there, and whoever is
 * to move there). Pure, so it is tested under Node from real table states.
 */
import { type Action, holeName } from "../../../rules/index.ts";

export interface SinceMove {
  /** The number of actions played once it is made: the position after it is the replay's `ply`. */
  readonly ply: number;
  /** Its place among the moves since, from 1 for the oldest. */
  readonly order: number;
  readonly seat: number;
  /** Every landing, from the start hole to the end. */
  readonly path: readonly string[];
  readonly captured: readonly string[];
}

/**
 * The moves since `viewer`'s last turn (null: a watcher) in `history`, with
 * `toMove` the player to move after it (null once the game is over).
 */
export function movesSinceLastTurn(
  history: readonly Action[],
  viewer: number | null,
  toMove: number | null,
): SinceMove[] {
  const round = roundStart(history, toMove);
  const from = viewer === null ? round : Math.max(round, afterLastTurn(history, viewer, history.length));
  const moves: SinceMove[] = [];
  for (let index = from; index < history.length; index++) {
    const action = history[index];
    if (action?.kind !== "move") continue;
    moves.push({
      ply: index + 1,
      order: moves.length + 1,
      seat: action.player,
      path: action.move.path.map(holeName),
      captured: action.move.captured.map(holeName),
    });
  }
  return moves;
}

/** Where the current round begins: after the previous turn of the player to move, or of the last mover at the end. */
function roundStart(history: readonly Action[], toMove: number | null): number {
  if (toMove !== null) return afterLastTurn(history, toMove, history.length);
  const last = history.findLastIndex(isTurn);
  const action = history[last];
  return action ? afterLastTurn(history, action.player, last) : 0;
}

/** The index just after `player`'s latest turn among the first `before` actions; 0 if it had none. */
function afterLastTurn(history: readonly Action[], player: number, before: number): number {
  for (let index = before - 1; index >= 0; index--) {
    const action = history[index];
    if (action && isTurn(action) && action.player === player) return index + 1;
  }
  return 0;
}

/** A turn taken: a move or a pass (a departure is not a turn). */
function isTurn(action: Action): boolean {
  return action.kind !== "resign";
}
