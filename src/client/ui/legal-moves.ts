/**
 * What the move picker asks about the moves of the side to move. The
 * questions are small on purpose: which holes may follow a partial path,
 * whether a partial path is a move, where a piece may end its move. The
 * engine answers each for one partial path at a time, so the page never
 * builds the list of every capture chain, which grows combinatorially.
 */
import { type Game, type Hole, holeName, parseHoleName } from "../../rules/index.ts";

export interface LegalMoves {
  /**
   * The holes that may come next after a partial path of hole names: after
   * the empty path, the holes whose piece may move; after a piece, where it
   * may go (race: its destinations; capture: its first landings); after
   * capture landings, the landings that may follow them.
   */
  landingsAfter(path: readonly string[]): ReadonlySet<string>;
  /** Whether a path, as it stands, is a legal move. */
  isMove(path: readonly string[]): boolean;
  /**
   * The moves of the piece on `from` written by two holes, keyed by their
   * end, each with the full path the move takes there: in the race every
   * destination, by a shortest route; in capture, each single jump.
   */
  destinations(from: string): ReadonlyMap<string, readonly string[]>;
}

const NONE: ReadonlySet<string> = new Set();
const NO_DESTINATIONS: ReadonlyMap<string, readonly string[]> = new Map();

/** The legal moves of the game's side to move, asked of the engine as the game stands at each question. */
export function engineMoves(game: Game): LegalMoves {
  const continuations = (path: readonly string[]) => {
    const holes = path.map(parseHoleName);
    return holes.every((hole) => hole !== undefined) ? game.continuations(holes as Hole[]) : undefined;
  };
  return {
    landingsAfter: (path) => new Set(continuations(path)?.next.map(holeName) ?? NONE),
    isMove: (path) => continuations(path)?.isMove ?? false,
    destinations: (from) => {
      const destinations = new Map<string, readonly string[]>();
      // What may follow a piece is always a whole move (a race destination, a capture's single jump):
      // the engine's check fills in its full path.
      for (const hole of continuations([from])?.next ?? []) {
        const action = game.check({ kind: "path", path: [parseHoleName(from) as Hole, hole] });
        if (action.kind === "move") destinations.set(holeName(hole), action.move.path.map(holeName));
      }
      return destinations;
    },
  };
}

/** When it is not this player's turn. */
export const NO_MOVES: LegalMoves = {
  landingsAfter: () => NONE,
  isMove: () => false,
  destinations: () => NO_DESTINATIONS,
};
