/**
 * The last move played, as a client draws its trail and animates it: in its
 * own module, apart from the model (which brings the table's fold and the
 * protocol's schemas), so that the table page's opening draws it too.
 */
import { type Action, holeName } from "../../rules/index.ts";

/** The last move played, for drawing its trail and animating it. */
export interface LastMove {
  readonly seat: number;
  /** Every landing, from the start hole to the end. */
  readonly path: readonly string[];
  readonly captured: readonly string[];
}

/** A move of the engine's history as the last move. */
export function lastMoveOf(action: Extract<Action, { kind: "move" }>): LastMove {
  return {
    seat: action.player,
    path: action.move.path.map(holeName),
    captured: action.move.captured.map(holeName),
  };
}
