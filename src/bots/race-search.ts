/**
 * The strong player's race search: a beam search over the colour's own
 * moves, the other pieces standing still. Layer by layer: every move, then
 * the best `width` positions after two moves, after three, and so on until
 * the colour finishes, `depth` moves are looked at, or the budget runs out.
 * A position is measured by `tipCosts`, one number per piece, so that a
 * child costs a table lookup, not a matching; positions reached by
 * different move orders are merged. The move chosen is the first move
 * towards the best position of the deepest layer completed: the fewest
 * moves to finish when the search sees the finish, otherwise the most
 * progress in as many moves as it could look at (or, with `leafWeight`,
 * the progress that comes soonest).
 */
import { HOLE_COUNT, type Hole, raceDestinations } from "../rules/index.ts";
import type { Budget } from "./budget.ts";
import { EMPTY, OTHER, OWN, type RaceBoard, SIDE } from "./race-board.ts";
import { randomKeys } from "./random.ts";

export interface SearchShape {
  /** How many positions each layer keeps (the first keeps every move). */
  readonly width: number;
  /** The deepest layer: how many of its own moves the search looks ahead. */
  readonly depth: number;
  /**
   * With a weight, positions are ranked by the measure summed along the
   * moves that lead there, the last position's counted `leafWeight` times,
   * not by the measure at the end alone: of two lines that get as far, the
   * one that gets there sooner. Where others move between the colour's moves
   * a plan rarely survives whole, and early progress is the surer.
   */
  readonly leafWeight?: number;
}

/** A move of the colour, from one hole to another: the engine fills in a route. */
export interface RaceStep {
  readonly from: Hole;
  readonly to: Hole;
}

export interface RaceSearchResult extends RaceStep {
  /** The deepest layer completed: the moves looked ahead. */
  readonly depth: number;
  /** Whether the colour finishes within `depth` moves along the chosen line. */
  readonly finishes: boolean;
  /** The measure of the best position of that layer, and of the position now: lower is nearer. */
  readonly value: number;
  readonly startValue: number;
  /** Positions evaluated. */
  readonly nodes: number;
}

/** Random 31-bit keys per hole, fixed: a position's key is the XOR over its pieces' holes. */
const ZOBRIST = randomKeys(HOLE_COUNT, 0x2545f491).map((key) => key & 0x7fffffff);

/** Children per layer are fewer than this: a child's index packs below its value. */
const INDEX_SPAN = 2 ** 22;

/** A finished position is worth this plus the moves it took: any finish beats any unfinished position. */
const FINISHED = -1e9;

/** One layer of the beam: `size` positions of `n` pieces each, best first. */
interface Layer {
  readonly pieces: Int16Array;
  readonly value: Float64Array;
  /** The sum of `value` along the line that leads to each position. */
  readonly sum: Float64Array;
  /** Index of the first move each position descends from. */
  readonly root: Int32Array;
  readonly key: Int32Array;
  readonly size: number;
}

/** A layer's columns, kept from search to search and grown when a layer needs more. */
class LayerBuffer implements Layer {
  pieces = new Int16Array(0);
  value = new Float64Array(0);
  sum = new Float64Array(0);
  root = new Int32Array(0);
  key = new Int32Array(0);
  size = 0;

  /** This buffer, made to hold `size` positions of `n` pieces (its old contents lost). */
  fit(size: number, n: number): this {
    if (this.value.length < size) {
      const capacity = Math.max(size, 2 * this.value.length);
      this.value = new Float64Array(capacity);
      this.sum = new Float64Array(capacity);
      this.root = new Int32Array(capacity);
      this.key = new Int32Array(capacity);
    }
    if (this.pieces.length < size * n) this.pieces = new Int16Array(Math.max(size * n, 2 * this.pieces.length));
    this.size = size;
    return this;
  }
}

/** Children of a layer before the beam keeps the best, in growable columns. */
class Children {
  count = 0;
  parent = new Int32Array(1024);
  piece = new Int8Array(1024);
  to = new Int16Array(1024);
  value = new Float64Array(1024);
  sum = new Float64Array(1024);
  /** What the beam orders positions by: `value`, or with `leafWeight` the line's sum weighted towards its end. */
  rank = new Float64Array(1024);
  key = new Int32Array(1024);

  push(parent: number, piece: number, to: Hole, value: number, sum: number, rank: number, key: number): void {
    if (this.count === this.parent.length) this.grow();
    const c = this.count++;
    this.parent[c] = parent;
    this.piece[c] = piece;
    this.to[c] = to;
    this.value[c] = value;
    this.sum[c] = sum;
    this.rank[c] = rank;
    this.key[c] = key;
  }

  private grow(): void {
    const size = this.parent.length * 2;
    const parent = new Int32Array(size);
    const piece = new Int8Array(size);
    const to = new Int16Array(size);
    const value = new Float64Array(size);
    const sum = new Float64Array(size);
    const rank = new Float64Array(size);
    const key = new Int32Array(size);
    parent.set(this.parent);
    piece.set(this.piece);
    to.set(this.to);
    value.set(this.value);
    sum.set(this.sum);
    rank.set(this.rank);
    key.set(this.key);
    Object.assign(this, { parent, piece, to, value, sum, rank, key });
  }
}

/**
 * The search's working memory, made once and reused by every search: a
 * search is synchronous and never calls another, and a move or an analysis
 * runs thousands of them, whose allocations (tens of kilobytes each) the
 * browser's collector otherwise spends its time on.
 */
const scratch = {
  inGoal: new Uint8Array(HOLE_COUNT),
  destinations: new Int16Array(HOLE_COUNT),
  children: new Children(),
  order: new Float64Array(1024),
  /** Two layers in turn: each is selected from the one before. */
  layers: [new LayerBuffer(), new LayerBuffer()] as const,
};

/**
 * The colour's best move by the beam search, or undefined when it has no
 * move. `costs` gives each hole's measure (`tipCosts`). The first layer,
 * every move once, is always completed; the budget is asked before each
 * further position is expanded. The board is as it was when it returns.
 */
export function searchRace(
  board: RaceBoard,
  costs: ArrayLike<number>,
  shape: SearchShape,
  budget: Budget,
): RaceSearchResult | undefined {
  const { cells, goal, longJump } = board;
  const n = board.pieces.length;
  const { inGoal } = scratch;
  inGoal.fill(0);
  for (const hole of goal) inGoal[hole] = 1;
  // Who else holds goal holes stays so during the search: only the colour's own pieces move.
  let othersInGoal = 0;
  let sideInGoal = false;
  for (const hole of goal) {
    if (cells[hole] === OTHER) othersInGoal++;
    else if (cells[hole] === SIDE) sideInGoal = true;
  }
  // The anti-blocking rule: every goal hole filled, one at least by the colour, none by its own side.
  const finishes = (own: number) => !sideInGoal && own > 0 && own + othersInGoal === goal.length;

  // 0: the measure at the end alone.
  const leafWeight = shape.leafWeight ?? 0;
  const { destinations, children, layers } = scratch;
  let next = 0;
  let nodes = 0;

  /** Adds the children of position `p` of `layer`, `depth` moves from now. */
  const expand = (layer: Layer, p: number, depth: number): void => {
    const base = p * n;
    let own = 0;
    for (let i = 0; i < n; i++) {
      const hole = layer.pieces[base + i];
      cells[hole] = OWN;
      own += inGoal[hole];
    }
    for (let i = 0; i < n; i++) {
      const from = layer.pieces[base + i];
      const moves = raceDestinations(cells, from, longJump, destinations, 0);
      const without = layer.value[p] - costs[from];
      const ownWithout = own - inGoal[from];
      const key = layer.key[p] ^ ZOBRIST[from];
      const before = layer.sum[p];
      for (let k = 0; k < moves; k++) {
        const to = destinations[k];
        const finished = finishes(ownWithout + inGoal[to]);
        const value = finished ? FINISHED + depth : without + costs[to];
        const rank = finished || leafWeight === 0 ? value : before + leafWeight * value;
        children.push(p, i, to, value, before + value, rank, key ^ ZOBRIST[to]);
      }
      nodes += moves;
    }
    for (let i = 0; i < n; i++) cells[layer.pieces[base + i]] = EMPTY;
  };

  /** The best `width` children, one per position, best first; ties go to the better parent, then the earlier move. */
  const select = (parent: Layer, width: number, first: boolean): Layer => {
    const { count, value: childValue, rank: childRank, key: childKey } = children;
    // Ranks are whole numbers (costs are whole), so rank and index pack into one number a plain sort orders.
    if (count >= INDEX_SPAN) throw new RangeError(`${count} children in one layer: at most ${INDEX_SPAN - 1}`);
    if (scratch.order.length < count) scratch.order = new Float64Array(Math.max(count, 2 * scratch.order.length));
    const { order } = scratch;
    for (let c = 0; c < count; c++) order[c] = childRank[c] * INDEX_SPAN + c;
    // Only the best few need ordering: twice the width, as merged transpositions thin them out.
    let sorted = order.subarray(0, count);
    const few = 2 * width;
    if (count > 2 * few) {
      selectSmallest(sorted, few);
      sorted = sorted.subarray(0, few).sort();
    } else sorted.sort();
    const kept: number[] = [];
    const seen = new Set<number>();
    for (let k = 0; k < sorted.length && kept.length < width; k++) {
      const c = sorted[k] - Math.floor(sorted[k] / INDEX_SPAN) * INDEX_SPAN;
      if (seen.has(childKey[c])) continue;
      seen.add(childKey[c]);
      kept.push(c);
    }
    const layer = layers[next].fit(kept.length, n);
    next ^= 1;
    kept.forEach((c, q) => {
      const p = children.parent[c];
      layer.pieces.set(parent.pieces.subarray(p * n, p * n + n), q * n);
      layer.pieces[q * n + children.piece[c]] = children.to[c];
      layer.value[q] = childValue[c];
      layer.sum[q] = children.sum[c];
      layer.root[q] = first ? c : parent.root[p];
      layer.key[q] = childKey[c];
    });
    children.count = 0;
    return layer;
  };

  let startValue = 0;
  let startKey = 0;
  for (const hole of board.pieces) {
    startValue += costs[hole];
    startKey ^= ZOBRIST[hole];
  }
  const start: Layer = {
    pieces: Int16Array.from(board.pieces),
    value: Float64Array.of(startValue),
    sum: Float64Array.of(0),
    root: Int32Array.of(-1),
    key: Int32Array.of(startKey),
    size: 1,
  };
  // Lift the colour's pieces: each position puts its own on the board while it is expanded.
  for (const hole of board.pieces) cells[hole] = EMPTY;
  try {
    expand(start, 0, 1);
    const moves = children.count;
    if (moves === 0) return undefined;
    // The first layer keeps every move: its positions' indices are the moves'.
    const moveFrom = new Int16Array(moves);
    const moveTo = new Int16Array(moves);
    for (let c = 0; c < moves; c++) {
      moveFrom[c] = board.pieces[children.piece[c]];
      moveTo[c] = children.to[c];
    }
    let layer = select(start, moves, true);
    let depth = 1;
    while (depth < shape.depth && layer.value[0] > FINISHED / 2) {
      let complete = true;
      for (let p = 0; p < layer.size; p++) {
        if (budget.spent(nodes)) {
          complete = false;
          break;
        }
        expand(layer, p, depth + 1);
      }
      if (!complete || children.count === 0) break;
      layer = select(layer, shape.width, false);
      depth++;
    }
    const best = layer.root[0];
    const finished = layer.value[0] <= FINISHED / 2;
    return {
      from: moveFrom[best],
      to: moveTo[best],
      depth,
      finishes: finished,
      value: layer.value[0],
      startValue,
      nodes,
    };
  } finally {
    children.count = 0;
    for (const hole of board.pieces) cells[hole] = OWN;
  }
}

/** Moves the `k` smallest numbers of `a` to its front, in no particular order (quickselect). */
function selectSmallest(a: Float64Array, k: number): void {
  let left = 0;
  let right = a.length - 1;
  while (left < right) {
    const pivot = a[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k - 1 <= j) right = j;
    else if (k - 1 >= i) left = i;
    else return;
  }
}
