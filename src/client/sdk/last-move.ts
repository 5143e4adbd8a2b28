/**
 * The last move played, as a client draws its trail and animates it: in its
 * own module, apart from the model (which brings the table's fold and the
 * protocol's schemas), so that the table page's opening draws it too.
 */
import { type Action, type Game, holeName, type Point } from "../../rules/index.ts";

/** The last move played, for drawing its trail and animating it. */
export interface LastMove {
  readonly seat: number;
  /** Every landing, from the start hole to the end. */
  readonly path: readonly string[];
  readonly captured: readonly string[];
}

type MoveAction = Extract<Action, { kind: "move" }>;

/** A move of the engine's history as the last move. */
export function lastMoveOf(action: MoveAction): LastMove {
  return {
    seat: action.player,
    path: action.move.path.map(holeName),
    captured: action.move.captured.map(holeName),
  };
}

/** The colour of the piece a move played on `game` brought to its last hole: "neutral" in the capture variant. */
export function movedColour(game: Game, action: MoveAction): Point | "neutral" {
  const end = action.move.path.at(-1);
  return (end === undefined ? null : game.occupant(end)) ?? "neutral";
}
