/**
 * The capture variant: the 60 pieces start on the hexagon around an empty
 * centre and belong to nobody; any player moves any piece, jumps only, and
 * every jumped piece is removed when the move ends and credited to the
 * mover. The game ends when no piece can jump; the most captures wins.
 * docs/rules.md states the rules; this file is their one home.
 */
import { CENTRE, HEXAGON, HOLE_COUNT, type Hole, holeName } from "../board.ts";
import { EMPTY, NEUTRAL } from "../cells.ts";
import { RulesError } from "../errors.ts";
import { jumpedPiece } from "../jumps.ts";
import { type EndReason, type Move, Position, type SavedState, type VariantRules } from "../position.ts";
import { rankBy } from "../rank.ts";
import type { Settings, SettingsRefusal } from "../settings.ts";
import { anyJump, captureChains } from "./capture-moves.ts";

function checkSettings({ colours, pieces, teams }: Settings): SettingsRefusal | undefined {
  if (colours !== 1)
    return { field: "colours", message: "the capture variant has no colours: pieces belong to nobody" };
  if (pieces !== 10)
    return { field: "pieces", message: "the capture variant always starts with 60 pieces on the hexagon" };
  if (teams) return { field: "teams", message: "the capture variant has no teams" };
  return undefined;
}

/** A capture position. Sides are players, in seat order; every piece is NEUTRAL. */
export class CapturePosition extends Position {
  constructor(settings: Settings) {
    const players = Array.from({ length: settings.players }, (_, player) => player);
    super(settings, {
      playerColours: players.map(() => []),
      unitOf: players,
      order: players,
      orderPlayers: players,
    });
    for (const hole of HEXAGON) this.cells[hole] = NEUTRAL;
    this.cells[CENTRE] = EMPTY;
  }

  get colour(): undefined {
    return undefined;
  }

  /** Any piece that can jump may move; when none can, the game is already over. */
  hasMove(): boolean {
    return anyJump(this.cells, this.settings.longJump);
  }

  /** Every chain of every piece, each prefix a move of its own, with the pieces it captures. */
  legalMoves(): Move[] {
    const moves: Move[] = [];
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      if (this.cells[hole] === EMPTY) continue;
      captureChains(this.cells, hole, this.settings.longJump, (path, over, length) => {
        moves.push({
          path: Array.from(path.subarray(0, length)),
          captured: Array.from(over.subarray(0, length - 1)),
        });
      });
    }
    return moves;
  }

  /** A chain, landing by landing: any piece, jumps only, never the same piece twice. The full path is required. */
  checkPath(path: readonly Hole[]): Move {
    const { cells } = this;
    const from = path[0];
    if (cells[from] === EMPTY) throw new RulesError("illegal-move", `${holeName(from)} is empty`);
    const captured = new Set<Hole>();
    cells[from] = EMPTY;
    try {
      for (let i = 1; i < path.length; i++)
        captured.add(jumpedPiece(cells, path[i - 1], path[i], this.settings.longJump, captured));
    } finally {
      cells[from] = NEUTRAL;
    }
    return { path, captured: [...captured] };
  }

  play(move: Move): void {
    this.makeMove(move.path[0], move.path[move.path.length - 1], move.captured);
  }

  /** The piece lands on `to`; the `captured` pieces leave the board, credited to the mover. */
  makeMove(from: Hole, to: Hole, captured: readonly Hole[]): void {
    this.cells[from] = EMPTY;
    for (const hole of captured) this.cells[hole] = EMPTY;
    this.cells[to] = NEUTRAL;
    this.captures[this.side] += captured.length;
    this.endTurn();
  }

  /** Reverses `makeMove` given the state saved before it. */
  unmakeMove(from: Hole, to: Hole, captured: readonly Hole[], saved: SavedState): void {
    this.restore(saved);
    this.captures[this.side] -= captured.length;
    this.cells[to] = EMPTY;
    for (const hole of captured) this.cells[hole] = NEUTRAL;
    this.cells[from] = NEUTRAL;
  }

  protected variantEnd(): EndReason | undefined {
    return anyJump(this.cells, this.settings.longJump) ? undefined : "no-jumps";
  }

  /** Only at the end: players still in the game by captures, equal scores sharing a place. */
  protected rankRemaining(): Map<number, number> {
    const places = new Map<number, number>();
    if (!this.isOver) return places;
    const players = this.order.filter((player) => !this.hasResigned(player));
    rankBy(players, (player) => this.captures[player], places, 1);
    return places;
  }

  /** The pieces belong to nobody: a player who leaves takes none with it. */
  protected takeOffBoard(): void {}

  countLeaves(depth: number): number {
    return capturePerft(this, depth);
  }
}

interface CaptureMove {
  readonly from: Hole;
  readonly to: Hole;
  readonly captured: readonly Hole[];
}

/** A move is a distinct landing sequence of any piece; the game ends, never passes, when none is left. */
function capturePerft(position: CapturePosition, depth: number): number {
  const { cells } = position;
  const { longJump } = position.settings;
  if (depth === 1) {
    let count = 0;
    for (let hole = 0; hole < HOLE_COUNT; hole++)
      if (cells[hole] !== EMPTY) count += captureChains(cells, hole, longJump);
    return count;
  }
  const moves: CaptureMove[] = [];
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (cells[hole] === EMPTY) continue;
    captureChains(cells, hole, longJump, (path, over, length) => {
      moves.push({ from: path[0], to: path[length - 1], captured: Array.from(over.subarray(0, length - 1)) });
    });
  }
  const saved = position.save();
  let nodes = 0;
  for (const { from, to, captured } of moves) {
    position.makeMove(from, to, captured);
    if (!position.isOver) nodes += capturePerft(position, depth - 1);
    position.unmakeMove(from, to, captured, saved);
  }
  return nodes;
}

export const capture: VariantRules<"capture"> = {
  name: "capture",
  captures: true,
  checkSettings,
  start: (settings) => new CapturePosition(settings),
};
