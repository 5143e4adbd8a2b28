/**
 * Perft: the number of distinct move sequences of a given length, the
 * standard yardstick for a move generator's correctness and speed.
 * A race move is a (from, to) pair; a capture move is a landing sequence;
 * a side with no move passes, and the pass counts as its move. A finished
 * game has no moves, so its perft is 0.
 */
import { HOLE_COUNT } from "./board.ts";
import { captureChains, EMPTY } from "./movegen.ts";
import type { Position } from "./position.ts";

export function perft(position: Position, depth: number): number {
  if (position.isOver) return 0;
  if (depth === 0) return 1;
  return position.isCapture ? capturePerft(position, depth) : racePerft(position, depth, 0);
}

/** One move list and destination buffer per ply, allocated once. */
const MAX_RACE_MOVES = 15 * HOLE_COUNT;
const moveBuffers: Int32Array[] = [];
const destinationBuffer = new Int16Array(HOLE_COUNT);

function racePerft(position: Position, depth: number, ply: number): number {
  if (depth === 1) return position.countRaceMoves() || 1;
  moveBuffers[ply] ??= new Int32Array(MAX_RACE_MOVES);
  const moves = moveBuffers[ply];
  const count = position.generateRaceMoves(moves, destinationBuffer);
  const saved = position.save();
  if (count === 0) {
    position.makePass();
    const nodes = position.isOver ? 0 : racePerft(position, depth - 1, ply + 1);
    position.unmakePass(saved);
    return nodes;
  }
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const from = moves[i] >> 8;
    const to = moves[i] & 0xff;
    position.makeRaceMove(from, to);
    if (!position.isOver) nodes += racePerft(position, depth - 1, ply + 1);
    position.unmakeRaceMove(from, to, saved);
  }
  return nodes;
}

interface CaptureMove {
  readonly from: number;
  readonly to: number;
  readonly captured: readonly number[];
}

function capturePerft(position: Position, depth: number): number {
  if (depth === 1) return position.countCaptureMoves();
  const moves: CaptureMove[] = [];
  const { cells } = position;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (cells[hole] === EMPTY) continue;
    captureChains(cells, hole, position.settings.longJump, (path, over, length) => {
      moves.push({ from: path[0], to: path[length - 1], captured: Array.from(over.subarray(0, length - 1)) });
    });
  }
  const saved = position.save();
  let nodes = 0;
  for (const { from, to, captured } of moves) {
    position.makeCaptureMove(from, to, captured);
    nodes += perft(position, depth - 1);
    position.unmakeCaptureMove(from, to, captured, saved);
  }
  return nodes;
}
