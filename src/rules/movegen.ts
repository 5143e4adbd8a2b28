/**
 * Move generation on a mailbox board: `cells[hole]` is 0 for an empty hole,
 * otherwise the occupant's colour code. The hot loops walk the precomputed
 * adjacency tables of board.ts, mark visited holes with a generation stamp
 * instead of clearing sets, and allocate nothing.
 */
import {
  DIRECTION_COUNT,
  HOLE_COUNT,
  type Hole,
  JUMP_OVER,
  JUMP_START,
  JUMP_TO,
  RAY_STRIDE,
  RAYS,
  STEP_START,
  STEPS,
} from "./board.ts";

export const EMPTY = 0;

/** Scratch space reused by every call: one generator runs at a time (JavaScript is single-threaded). */
const seen = new Uint32Array(HOLE_COUNT);
let stamp = 0;
const queue = new Int16Array(HOLE_COUNT);
const parent = new Int16Array(HOLE_COUNT);

function nextStamp(): number {
  stamp++;
  if (stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/**
 * Long jumps from `from` in one direction: over the first piece on the line,
 * landing as far beyond it as it stands away, with every hole between empty.
 * Returns the landing hole and writes the jumped hole to `longJumpOver`, or returns -1.
 */
export let longJumpOver = -1;
export function longJumpLanding(cells: Uint8Array, from: Hole, direction: number): Hole | -1 {
  const base = (from * DIRECTION_COUNT + direction) * RAY_STRIDE;
  let distance = 0;
  while (distance < RAY_STRIDE) {
    const hole = RAYS[base + distance];
    if (hole === -1) return -1;
    if (cells[hole] !== EMPTY) break;
    distance++;
  }
  // The piece stands `distance + 1` away; the landing is as far beyond it.
  const landingIndex = 2 * distance + 1;
  if (landingIndex >= RAY_STRIDE) return -1;
  for (let k = distance + 1; k <= landingIndex; k++) {
    const hole = RAYS[base + k];
    if (hole === -1 || cells[hole] !== EMPTY) return -1;
  }
  longJumpOver = RAYS[base + distance];
  return RAYS[base + landingIndex];
}

/**
 * Every hole the piece on `from` can reach this turn in the race variants:
 * the chain's landings (closure of jumps over any piece), then the empty
 * neighbours. Writes them to `out` from `offset` and returns how many; with
 * `parents`, each landing's predecessor is kept in the module's parent table
 * so that `pathTo` can rebuild a chain.
 */
export function raceDestinations(
  cells: Uint8Array,
  from: Hole,
  longJump: boolean,
  out: Int16Array | Int32Array,
  offset: number,
): number {
  const mark = nextStamp();
  const piece = cells[from];
  cells[from] = EMPTY; // the piece is lifted while it jumps
  seen[from] = mark;
  parent[from] = -1;
  let head = 0;
  let tail = 0;
  let count = 0;
  queue[tail++] = from;
  while (head < tail) {
    const at = queue[head++];
    if (longJump) {
      for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
        const to = longJumpLanding(cells, at, direction);
        if (to !== -1 && seen[to] !== mark) {
          seen[to] = mark;
          parent[to] = at;
          queue[tail++] = to;
          out[offset + count++] = to;
        }
      }
    } else {
      for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++) {
        const to = JUMP_TO[i];
        if (cells[JUMP_OVER[i]] !== EMPTY && cells[to] === EMPTY && seen[to] !== mark) {
          seen[to] = mark;
          parent[to] = at;
          queue[tail++] = to;
          out[offset + count++] = to;
        }
      }
    }
  }
  for (let i = STEP_START[from], end = STEP_START[from + 1]; i < end; i++) {
    const to = STEPS[i];
    if (cells[to] === EMPTY && seen[to] !== mark) {
      seen[to] = mark;
      parent[to] = from;
      out[offset + count++] = to;
    }
  }
  cells[from] = piece;
  return count;
}

/**
 * Every neighbour of a hole with the hole behind it, packed for the bulk
 * count as `over | behind << 8` in LINKS[hole * 6 + k] for k < LINK_COUNT[hole].
 * Where the board ends behind the neighbour, `behind` is the hole itself:
 * the moving piece stands there (or, lifted, is marked LANDED), so it is
 * never empty and never a landing.
 */
const LINK_COUNT = new Uint8Array(HOLE_COUNT);
const LINKS = new Int32Array(HOLE_COUNT * DIRECTION_COUNT);
for (let hole = 0; hole < HOLE_COUNT; hole++) {
  for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
    const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
    if (RAYS[base] === -1) continue;
    const behind = RAYS[base + 1] === -1 ? hole : RAYS[base + 1];
    LINKS[hole * DIRECTION_COUNT + LINK_COUNT[hole]++] = RAYS[base] | (behind << 8);
  }
}

/**
 * How many holes the piece on `from` can reach: `raceDestinations` without
 * the list, the bulk count at perft's last ply. A jump moves two holes along
 * a line, so every landing of a chain is an even lattice vector away from
 * `from` and never adjacent to it: the landings and the steps never overlap
 * and are counted apart. A piece that cannot jump needs no visited marks.
 */
export function countRaceDestinations(cells: Uint8Array, from: Hole, longJump: boolean): number {
  if (longJump) return raceDestinations(cells, from, true, scratchOut, 0);
  let count = 0;
  let tail = 0;
  // Each neighbour is a step when empty, else the piece may jump it.
  for (let i = from * DIRECTION_COUNT, end = i + LINK_COUNT[from]; i < end; i++) {
    const link = LINKS[i];
    if (cells[link & 0xff] === EMPTY) count++;
    else if (cells[link >> 8] === EMPTY) queue[tail++] = link >> 8;
  }
  return tail === 0 ? count : count + chainLandings(cells, from, tail);
}

/**
 * A landing already reached by the chain being counted, written into `cells`
 * for the count's duration: not EMPTY, so nothing lands there again, and
 * outside the piece codes 1..7 (PIECE_BITS), so nothing jumps over it.
 */
const LANDED = 8;
const PIECE_BITS = 7;

/**
 * Completes the jump chains of the piece on `from`, whose first `tail`
 * landings are in the queue (distinct, and not `from`): returns how many
 * holes the chains land on in all. Every mark is cleared before it returns.
 */
function chainLandings(cells: Uint8Array, from: Hole, tail: number): number {
  const piece = cells[from];
  cells[from] = LANDED; // lifted: it cannot be jumped, and no chain ends on it
  for (let k = 0; k < tail; k++) cells[queue[k]] = LANDED;
  let head = 0;
  while (head < tail) {
    const at = queue[head++];
    for (let i = at * DIRECTION_COUNT, end = i + LINK_COUNT[at]; i < end; i++) {
      const to = LINKS[i] >> 8;
      if (cells[to] === EMPTY && cells[LINKS[i] & 0xff] & PIECE_BITS) {
        cells[to] = LANDED;
        queue[tail++] = to;
      }
    }
  }
  for (let k = 0; k < tail; k++) cells[queue[k]] = EMPTY;
  cells[from] = piece;
  return tail;
}

const scratchOut = new Int16Array(HOLE_COUNT);

/**
 * The path to `to` found by the last `raceDestinations` call for `from`:
 * a shortest chain of landings, or the single step.
 */
export function pathTo(from: Hole, to: Hole): Hole[] {
  const path: Hole[] = [to];
  for (let at = to; at !== from; ) {
    at = parent[at];
    path.push(at);
  }
  return path.reverse();
}

/**
 * The capture variant's jump chains from `from`. A jumped piece stays on the
 * board until the move ends but cannot be jumped again; the chain may pass
 * through and end on its starting hole. `visit` sees each landing sequence
 * including every prefix, since a chain may stop after any landing.
 * Returns how many chains there are.
 */
export function captureChains(cells: Uint8Array, from: Hole, longJump: boolean, visit?: ChainVisitor): number {
  const piece = cells[from];
  cells[from] = EMPTY;
  chainPath[0] = from;
  const count = extendChain(cells, 1, longJump, visit);
  cells[from] = piece;
  return count;
}

/**
 * Receives a chain as its landings `path[0..length)` (path[0] is the piece's
 * hole) and the pieces it jumped, `over[0..length - 1)`. The arrays are
 * reused: copy what you keep.
 */
export type ChainVisitor = (path: Int16Array, over: Int16Array, length: number) => void;

const chainPath = new Int16Array(64);
const chainOver = new Int16Array(64);
/** Holes already jumped in the chain being built: their stamp is the chain's depth stack. */
const jumped = new Uint8Array(HOLE_COUNT);

function extendChain(cells: Uint8Array, length: number, longJump: boolean, visit?: ChainVisitor): number {
  const at = chainPath[length - 1];
  let count = 0;
  if (longJump) {
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const to = longJumpLanding(cells, at, direction);
      if (to === -1) continue;
      const over = longJumpOver;
      if (jumped[over]) continue;
      count += takeJump(cells, length, over, to, longJump, visit);
    }
  } else {
    for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++) {
      const over = JUMP_OVER[i];
      const to = JUMP_TO[i];
      if (cells[over] === EMPTY || cells[to] !== EMPTY || jumped[over]) continue;
      count += takeJump(cells, length, over, to, longJump, visit);
    }
  }
  return count;
}

function takeJump(
  cells: Uint8Array,
  length: number,
  over: Hole,
  to: Hole,
  longJump: boolean,
  visit?: ChainVisitor,
): number {
  chainPath[length] = to;
  chainOver[length - 1] = over;
  if (visit) visit(chainPath, chainOver, length + 1);
  jumped[over] = 1;
  const count = 1 + extendChain(cells, length + 1, longJump, visit);
  jumped[over] = 0;
  return count;
}

/** Whether any piece on the board can jump (the capture variant's end test). */
export function anyJump(cells: Uint8Array, longJump: boolean): boolean {
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (cells[hole] === EMPTY) continue;
    if (longJump) {
      for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
        if (longJumpLanding(cells, hole, direction) !== -1) return true;
      }
    } else {
      for (let i = JUMP_START[hole], end = JUMP_START[hole + 1]; i < end; i++) {
        if (cells[JUMP_OVER[i]] !== EMPTY && cells[JUMP_TO[i]] === EMPTY) return true;
      }
    }
  }
  return false;
}
