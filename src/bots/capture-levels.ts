/**
 * How each level chooses a capture move. Normal is the greedy player's
 * choice, the chain that captures the most. Easy plays a random chain now
 * and then. Strong looks one reply ahead: the chain that captures the most
 * pieces less the most the next player can capture after it.
 *
 * Chains are walked on a copy of the board (`walkChains`), never listed: a
 * position can hold hundreds of thousands of them. A walk that runs out of
 * budget is abandoned by throwing out of it, which only spoils the copy.
 */
import { type Game, HOLE_COUNT, type Hole, walkChains } from "../rules/index.ts";
import type { Budget } from "./budget.ts";
import type { Level } from "./computer.ts";

/** Thrown out of a walk whose budget ran out. */
const STOP = Symbol("stop");

/** How many of the longest distinct chains strong weighs against the replies they allow. */
const CANDIDATES = 64;

/** Legs walked between two looks at the clock. */
const CLOCK_EVERY = 1024;

/** How often easy plays a random chain instead of the longest. */
export const CAPTURE_NOISE = 0.3;

/** The path of the level's capture move for the side to move, which has one. */
export function captureStep(game: Game, level: Level, budget: Budget, random: () => number): Hole[] {
  const cells = Uint8Array.from(game.board(), (occupant) => (occupant === null ? 0 : 1));
  const { longJump } = game.settings;
  const walker = new Walker(budget);
  if (level === "easy" && random() < CAPTURE_NOISE) return randomChain(game, random);
  const candidates = walker.longest(cells, longJump, level === "strong" ? CANDIDATES : 1);
  if (level !== "strong" || candidates.length === 1) return candidates[0].path;
  return walker.leastReply(cells, longJump, candidates).path;
}

interface Chain {
  readonly path: Hole[];
  readonly captured: Hole[];
}

/** Keys for telling chains apart by what they leave on the board: where the piece starts and ends, what it takes. */
const KEYS = (() => {
  const keys = new Int32Array(3 * HOLE_COUNT);
  let state = 0x6d2b79f5;
  for (let i = 0; i < keys.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    keys[i] = state;
  }
  return keys;
})();
const FROM = 0;
const TO = HOLE_COUNT;
const TAKEN = 2 * HOLE_COUNT;

/** Chain walks that share one budget: `legs` counts every leg walked. */
class Walker {
  legs = 0;
  private readonly budget: Budget;

  constructor(budget: Budget) {
    this.budget = budget;
  }

  /** Counts a leg; throws STOP when the budget has run out (asking the clock every CLOCK_EVERY legs). */
  private step(): void {
    if (++this.legs % CLOCK_EVERY === 0 && this.budget.spent(this.legs)) throw STOP;
  }

  /**
   * Up to `count` chains that capture the most, longest first, each leaving
   * a different board; the first is the one the greedy player plays (the
   * first longest in hole order) when the walk completes. A walk cut short
   * keeps what it found: at least one chain, the first leg of the first piece.
   */
  longest(board: Uint8Array, longJump: boolean, count: number): Chain[] {
    const cells = Uint8Array.from(board);
    const best: Chain[] = [];
    const seen = new Set<number>();
    const path: Hole[] = [];
    const captured: Hole[] = [];
    const taken = new Int32Array(HOLE_COUNT);
    try {
      for (let hole = 0; hole < HOLE_COUNT; hole++) {
        if (cells[hole] === 0) continue;
        path[0] = hole;
        walkChains(cells, hole, longJump, (over, to, jumps) => {
          path[jumps] = to;
          captured[jumps - 1] = over;
          taken[jumps] = taken[jumps - 1] ^ KEYS[TAKEN + over];
          const key = taken[jumps] ^ KEYS[FROM + hole] ^ KEYS[TO + to];
          if ((best.length < count || jumps > best[count - 1].captured.length) && !seen.has(key)) {
            seen.add(key);
            let at = best.length;
            while (at > 0 && best[at - 1].captured.length < jumps) at--;
            best.splice(at, 0, { path: path.slice(0, jumps + 1), captured: captured.slice(0, jumps) });
            if (best.length > count) best.pop();
          }
          // Counted after it is kept: a walk stopped at once still has its first leg.
          this.step();
        });
      }
    } catch (error) {
      if (error !== STOP) throw error;
    }
    return best;
  }

  /**
   * The chain with the most captures less the longest reply it leaves the
   * next player; among equals the one listed first. The candidates come
   * longest first, so a candidate that cannot beat the best so far even if
   * it left no reply ends the weighing, and a reply walk stops as soon as
   * the reply it has found rules its candidate out.
   */
  leastReply(board: Uint8Array, longJump: boolean, candidates: readonly Chain[]): Chain {
    let choice = candidates[0];
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const chain of candidates) {
      const mine = chain.captured.length;
      if (mine <= bestScore) break;
      const cells = Uint8Array.from(board);
      cells[chain.path[0]] = 0;
      for (const hole of chain.captured) cells[hole] = 0;
      cells[chain.path[chain.path.length - 1]] = 1;
      let reply = 0;
      let complete = true;
      try {
        for (let hole = 0; hole < HOLE_COUNT; hole++) {
          if (cells[hole] === 0) continue;
          walkChains(cells, hole, longJump, (_over, _to, jumps) => {
            this.step();
            if (jumps > reply) {
              reply = jumps;
              if (mine - reply <= bestScore) throw RULED_OUT;
            }
          });
        }
      } catch (error) {
        if (error === STOP) complete = false;
        else if (error !== RULED_OUT) throw error;
        else continue;
      }
      // A reply walk cut short knows only part of the replies: its candidate is not weighed.
      if (!complete) break;
      bestScore = mine - reply;
      choice = chain;
    }
    return choice;
  }
}

/** Thrown out of a reply walk once the reply found rules its candidate out. */
const RULED_OUT = Symbol("ruled out");

/** A chain picked at random, leg by leg as a board picks it: a piece that can jump, then landings, stopping at random. */
function randomChain(game: Game, random: () => number): Hole[] {
  const pick = (holes: readonly Hole[]) => holes[Math.min(holes.length - 1, Math.floor(random() * holes.length))];
  const path = [pick(game.continuations([]).next)];
  for (;;) {
    const { next, isMove } = game.continuations(path);
    if (next.length === 0 || (isMove && random() < 0.5)) return path;
    path.push(pick(next));
  }
}
