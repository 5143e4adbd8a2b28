/**
 * What a hole holds on the engine's mailbox board, `cells[hole]`: EMPTY, a
 * colour code 1..6 for the points N..NW, or NEUTRAL for a piece that belongs
 * to nobody (the capture variant's). The move generators (jumps.ts,
 * variants/race-moves.ts, variants/capture-moves.ts) keep their own copy of
 * EMPTY for speed; any other value here would fail every perft test.
 */
import { POINTS, type Point } from "./board.ts";

export const EMPTY = 0;
export const NEUTRAL = 7;

export const colourCode = (point: Point): number => POINTS.indexOf(point) + 1;
export const colourPoint = (code: number): Point => POINTS[code - 1];
