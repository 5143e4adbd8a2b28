/**
 * The position of a game after its first `ply` actions, for stepping back
 * through it: the engine replays the history up to there (moves checked
 * again, as a record is read), so the page never works a position out itself.
 * Pure, tested under Node against the engine's own replay.
 */

import { Game, holeName, notatedOf, type Point } from "../../../rules/index.ts";
import type { LastMove } from "../../sdk/model.ts";

export interface PastPosition {
  /** The number of actions (moves, passes, departures) played to reach it: 0 is the start. */
  readonly ply: number;
  /** Occupied holes: hole name → colour, or "neutral" in the capture variant. */
  readonly pieces: Readonly<Record<string, Point | "neutral">>;
  /** The last move played up to there, for its trail; null at the start. */
  readonly lastMove: LastMove | null;
  /** The player to move there; null once the game is over. */
  readonly toMove: number | null;
}

/** The game as it stood after its first `ply` actions (clamped to the history). */
export function positionAt(game: Game, ply: number): PastPosition {
  const history = game.history.slice(0, Math.max(0, Math.min(ply, game.history.length)));
  const past = Game.replay(game.settings, { firstPlayer: game.firstPlayer }, history.map(notatedOf));
  // As the live page does: the trail is the last move, passes and departures leave it as it was.
  const last = history.findLast((action) => action.kind === "move");
  return {
    ply: history.length,
    pieces: past.pieces(),
    lastMove:
      last?.kind === "move"
        ? { seat: last.player, path: last.move.path.map(holeName), captured: last.move.captured.map(holeName) }
        : null,
    toMove: past.turn?.player ?? null,
  };
}
