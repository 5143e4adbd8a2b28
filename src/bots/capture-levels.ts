/**
 * How each level chooses a capture move. Normal is the greedy player's
 * choice, the chain that captures the most. Easy plays a random chain now
 * and then. Strong looks ahead: with two players, the chain that captures
 * the most pieces less what the opponent can make of the board it leaves
 * (two turns, then four); with more, the longest chain that leaves the next
 * player the least.
 *
 * Chains are walked on a copy of the board (`walkChains`), never listed: a
 * position can hold hundreds of thousands of them. A walk that runs out of
 * budget is abandoned by throwing out of it, which only spoils the copy.
 */
import { type Game, HOLE_COUNT, type Hole, walkChains } from "../rules/index.ts";
import type { Budget } from "./budget.ts";
import type { Level } from "./levels.ts";
import { randomKeys } from "./random.ts";

/** Thrown out of a walk whose budget ran out. */
const STOP = Symbol("stop");

/** How many of the longest distinct chains strong weighs at the root against what follows them. */
const CANDIDATES = 64;

/** Legs walked between two looks at the clock. */
const CLOCK_EVERY = 1024;

/** How often easy plays a random chain instead of the longest. */
export const CAPTURE_NOISE = 0.3;

/** The path of the level's capture move for the side to move, which has one. */
export function captureStep(game: Game, level: Level, budget: Budget, random: () => number): Hole[] {
  if (level === "easy" && random() < CAPTURE_NOISE) return randomChain(game, random);
  const cells = Uint8Array.from(game.board(), (occupant) => (occupant === null ? 0 : 1));
  const { longJump } = game.settings;
  // Master plays strong's capture: its look-ahead is where the capture levels' strength lies so far.
  if (level === "easy" || level === "normal") return new Walker(budget).longest(cells, longJump, 1, true)[0].path;
  const playing = game.standings().filter((standing) => !standing.resigned).length;
  // With more players, what one opponent makes of the board is not the whole story: the most captures,
  // and among those the chain that leaves the next player the least. (Captures less the next player's
  // reply did no better against greedy players than greedy itself.)
  if (playing > 2) return shortestReply(cells, longJump, budget).path;
  // Two turns (the chain, then the longest reply), then four if the budget allows. Never three: a
  // look-ahead that ends on the mover's own chain counts on a follow-up the opponent would spoil, and
  // played worse than two (141 wins in 200 games against greedy, two: 162, four: 173).
  return lookAhead(cells, longJump, 4, budget).path;
}

/**
 * The chain that scores the most looking `plies` turns ahead (2 or 4):
 * its captures less what the opponent makes of the board it leaves, and so
 * on, each side weighing its longest chains, the last turn its longest
 * chain alone. Looks two turns ahead, then four, keeping the last look that
 * the budget let finish; with no look finished, the longest chain.
 */
export function lookAhead(cells: Uint8Array, longJump: boolean, plies: number, budget: Budget): Chain {
  const walker = new Walker(budget);
  const candidates = walker.longest(cells, longJump, CANDIDATES, true);
  let choice = candidates[0];
  try {
    for (let look = 2; look <= plies && candidates.length > 1; look += 2) {
      choice = walker.choose(cells, longJump, candidates, look);
    }
  } catch (error) {
    if (error !== STOP) throw error;
  }
  return choice;
}

/** Among the chains that capture the most, the one that leaves the next player the shortest longest chain. */
export function shortestReply(cells: Uint8Array, longJump: boolean, budget: Budget): Chain {
  const walker = new Walker(budget);
  const candidates = walker.longest(cells, longJump, CANDIDATES, true);
  let choice = candidates[0];
  let least = Number.POSITIVE_INFINITY;
  try {
    for (const chain of candidates) {
      if (chain.captured.length < candidates[0].captured.length) break;
      const reply = walker.longestLength(played(cells, chain), longJump, least);
      if (reply < least) {
        least = reply;
        choice = chain;
      }
    }
  } catch (error) {
    if (error !== STOP) throw error;
  }
  return choice;
}

export interface Chain {
  readonly path: Hole[];
  readonly captured: Hole[];
}

/** Keys for telling chains apart by what they leave on the board: where the piece starts and ends, what it takes. */
const KEYS = randomKeys(3 * HOLE_COUNT, 0x6d2b79f5);
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
   * throws STOP, or with `partial` keeps what it found: at least one chain,
   * the first leg of the first piece.
   */
  longest(board: Uint8Array, longJump: boolean, count: number, partial = false): Chain[] {
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
      if (error !== STOP || !partial) throw error;
    }
    return best;
  }

  /**
   * The longest chain on the board: how many pieces it captures. Stops as
   * soon as it finds one of `enough` captures, which is then all it says.
   */
  longestLength(board: Uint8Array, longJump: boolean, enough: number): number {
    const cells = Uint8Array.from(board);
    let longest = 0;
    try {
      for (let hole = 0; hole < HOLE_COUNT; hole++) {
        if (cells[hole] === 0) continue;
        walkChains(cells, hole, longJump, (_over, _to, jumps) => {
          this.step();
          if (jumps > longest) {
            longest = jumps;
            if (longest >= enough) throw ENOUGH;
          }
        });
      }
    } catch (error) {
      if (error !== ENOUGH) throw error;
    }
    return longest;
  }

  /**
   * What the side to move can make of the board with `plies` turns looked
   * at, this one included: its captures less what the next side makes of
   * the board it leaves, and so on (negamax, with alpha-beta bounds). A
   * side weighs its `WIDTH` longest chains; the last turn looked at is the
   * longest chain alone.
   */
  value(board: Uint8Array, longJump: boolean, plies: number, alpha: number, beta: number): number {
    if (plies === 1) return this.longestLength(board, longJump, beta);
    const chains = this.longest(board, longJump, WIDTH);
    if (chains.length === 0) return 0;
    let best = Number.NEGATIVE_INFINITY;
    for (const chain of chains) {
      const mine = chain.captured.length;
      // The chains come longest first, and what follows a chain is never less than nothing.
      if (mine <= Math.max(alpha, best)) break;
      const after = this.value(played(board, chain), longJump, plies - 1, mine - beta, mine - Math.max(alpha, best));
      if (mine - after > best) {
        best = mine - after;
        if (best >= beta) break;
      }
    }
    return best;
  }

  /**
   * The candidate that scores the most with `plies` turns looked at (see
   * `value`); among equals the one listed first. Throws STOP when the
   * budget runs out.
   */
  choose(board: Uint8Array, longJump: boolean, candidates: readonly Chain[], plies: number): Chain {
    let choice = candidates[0];
    let best = Number.NEGATIVE_INFINITY;
    for (const chain of candidates) {
      const mine = chain.captured.length;
      if (mine <= best) break;
      const after = this.value(played(board, chain), longJump, plies - 1, Number.NEGATIVE_INFINITY, mine - best);
      if (mine - after > best) {
        best = mine - after;
        choice = chain;
      }
    }
    return choice;
  }
}

/** The board after a chain: the piece moved, the pieces it jumped gone. */
function played(board: Uint8Array, chain: Chain): Uint8Array {
  const cells = Uint8Array.from(board);
  cells[chain.path[0]] = 0;
  for (const hole of chain.captured) cells[hole] = 0;
  cells[chain.path[chain.path.length - 1]] = 1;
  return cells;
}

/** Thrown out of a walk that found a chain long enough to settle what it was asked. */
const ENOUGH = Symbol("enough");

/** How many of the longest chains a side weighs inside strong's look-ahead. */
const WIDTH = 16;

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
