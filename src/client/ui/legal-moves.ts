/**
 * What the move picker asks about the moves of the side to move. The
 * questions are small on purpose: which holes may follow a partial path,
 * whether a partial path is a move, where a piece may end its move. An
 * answer from the engine for one partial path at a time can then replace
 * the full list of capture chains, which grows combinatorially.
 */

export interface LegalMoves {
  /**
   * The holes that may come next after a partial path of hole names: after
   * the empty path, the holes whose piece may move; after a piece, its first
   * landings; after landings, the landings that may follow them.
   */
  landingsAfter(path: readonly string[]): ReadonlySet<string>;
  /** Whether a path, as it stands, is a legal move. */
  isMove(path: readonly string[]): boolean;
  /** Where the piece on `from` may end its move, each end with the full path the move takes there. */
  destinations(from: string): ReadonlyMap<string, readonly string[]>;
}

/** The legal moves given as a list of full paths of hole names (the SDK's `model.legalPaths()`), answered by scanning it. */
export function listedMoves(paths: readonly (readonly string[])[]): LegalMoves {
  const extending = (path: readonly string[]) =>
    paths.filter((move) => move.length > path.length && path.every((hole, i) => move[i] === hole));
  return {
    landingsAfter: (path) => new Set(extending(path).map((move) => move[path.length])),
    isMove: (path) => paths.some((move) => move.length === path.length && path.every((hole, i) => move[i] === hole)),
    destinations: (from) => new Map(extending([from]).map((move) => [move[move.length - 1], move])),
  };
}

/** When it is not this player's turn. */
export const NO_MOVES: LegalMoves = listedMoves([]);
