/**
 * Perft: the number of distinct move sequences of a given length, the
 * standard yardstick for a move generator's correctness and speed.
 * A finished game has no moves, so its perft is 0. What a move is and how
 * the leaves are counted fast is the variant's (`Position.countLeaves`):
 * the variant is picked once here, never per node.
 */
import type { Position } from "./position.ts";

export function perft(position: Position, depth: number): number {
  if (position.isOver) return 0;
  if (depth === 0) return 1;
  return position.countLeaves(depth);
}
