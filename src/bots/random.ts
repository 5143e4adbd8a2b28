/**
 * Seeded randomness for the computer players and their measurements: one
 * xorshift32 generator, so that a seeded game, opening or key table is the
 * same on every run and machine; and the random player that makes the
 * openings and positions the levels are measured and tested on.
 */
import type { Game, Hole } from "../rules/index.ts";

/** The next state of xorshift32 (never 0 from a state that is not 0). */
function xorshift(state: number): number {
  let next = state ^ (state << 13);
  next ^= next >>> 17;
  return next ^ (next << 5);
}

/** Numbers in [0, 1) from `seed`: the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = Math.imul(seed, 2654435761) | 1;
  return () => {
    state = xorshift(state);
    return (state >>> 0) / 2 ** 32;
  };
}

/** `count` fixed random 32-bit keys from `seed`, for hashing positions. */
export function randomKeys(count: number, seed: number): Int32Array {
  const keys = new Int32Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = xorshift(state);
    keys[i] = state;
  }
  return keys;
}

/**
 * Plays a random turn for the side to move, picked hole by hole as a board
 * picks it: a piece, then where it goes; a capture chain stops with chance
 * `stop` wherever it may. Passes when the side must.
 */
export function playRandomTurn(game: Game, random: () => number, stop = 0.5): void {
  if (game.mustPass) {
    game.play("pass");
    return;
  }
  const path: Hole[] = [];
  for (;;) {
    const { next, isMove } = game.continuations(path);
    if (next.length === 0 || (isMove && random() < stop)) break;
    path.push(next[Math.floor(random() * next.length)]);
  }
  game.apply({ kind: "path", path });
}
