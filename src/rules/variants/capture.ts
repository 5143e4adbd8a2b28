/**
 * The capture variant: the 60 pieces start on the hexagon around an empty
 * centre and belong to nobody; any player moves any piece, jumps only, and
 * every jumped piece is captured at once: it leaves the board as it is
 * jumped and is credited to the mover. The game ends when no piece can jump;
 * the most captures wins. docs/rules.md states the rules; this file is their
 * one home.
 */
import { CENTRE, HEXAGON, HOLE_COUNT, type Hole, holeName } from "../board.ts";
import { EMPTY, NEUTRAL } from "../cells.ts";
import { RulesError } from "../errors.ts";
import { jumpedPiece } from "../jumps.ts";
import {
  type Continuations,
  type EndReason,
  type Move,
  NO_CONTINUATIONS,
  Position,
  type SavedState,
  type VariantRules,
} from "../position.ts";
import { rankBy } from "../rank.ts";
import type { Settings, SettingsRefusal } from "../settings.ts";
import { anyJump, landingsFrom, walkChains } from "./capture-moves.ts";

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

  /**
   * Every chain of every piece, each prefix a move of its own, with the
   * pieces it captures. The list grows combinatorially with the chains
   * (692,828 moves eight plies into a game): see `countMoves` and `continuations`.
   */
  legalMoves(): Move[] {
    const moves: Move[] = [];
    const path: Hole[] = [];
    const captured: Hole[] = [];
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      if (this.cells[hole] === EMPTY) continue;
      path[0] = hole;
      walkChains(this.cells, hole, this.settings.longJump, (over, to, jumps) => {
        path[jumps] = to;
        captured[jumps - 1] = over;
        moves.push({ path: path.slice(0, jumps + 1), captured: captured.slice(0, jumps) });
      });
    }
    return moves;
  }

  countMoves(): number {
    const { cells } = this;
    let count = 0;
    for (let hole = 0; hole < HOLE_COUNT; hole++)
      if (cells[hole] !== EMPTY) count += walkChains(cells, hole, this.settings.longJump);
    return count;
  }

  /** Any piece that can jump; then a chain landing by landing, where every prefix of one leg or more is a move. */
  continuations(path: readonly Hole[]): Continuations {
    const { cells } = this;
    const { longJump } = this.settings;
    if (path.length === 0) {
      const pieces: Hole[] = [];
      for (let hole = 0; hole < HOLE_COUNT; hole++)
        if (cells[hole] !== EMPTY && landingsFrom(cells, hole, longJump).length > 0) pieces.push(hole);
      return { next: pieces, isMove: false };
    }
    try {
      return this.alongChain(path, () => ({
        next: landingsFrom(cells, path[path.length - 1], longJump),
        isMove: path.length > 1,
      }));
    } catch (error) {
      if (error instanceof RulesError) return NO_CONTINUATIONS;
      throw error;
    }
  }

  /** A chain, landing by landing: any piece, jumps only, each jumped piece gone at once. The full path is required. */
  checkPath(path: readonly Hole[]): Move {
    return this.alongChain(path, (captured) => ({ path, captured }));
  }

  /**
   * Makes the legs of a written chain on the board, checking each, and
   * answers `then(captured)` with the board as the chain leaves it: the piece
   * lifted, the pieces it jumped gone. Puts everything back before it returns;
   * throws an `illegal-move` RulesError at the first leg that is no jump.
   */
  private alongChain<T>(path: readonly Hole[], then: (captured: Hole[]) => T): T {
    const { cells } = this;
    const from = path[0];
    if (cells[from] === EMPTY) throw new RulesError("illegal-move", `${holeName(from)} is empty`);
    const captured: Hole[] = [];
    cells[from] = EMPTY;
    try {
      for (let i = 1; i < path.length; i++) {
        const over = jumpedPiece(cells, path[i - 1], path[i], this.settings.longJump);
        cells[over] = EMPTY;
        captured.push(over);
      }
      return then(captured);
    } finally {
      for (const hole of captured) cells[hole] = NEUTRAL;
      cells[from] = NEUTRAL;
    }
  }

  play({ path, captured }: Move): void {
    this.cells[path[0]] = EMPTY;
    for (const hole of captured) this.cells[hole] = EMPTY;
    this.land(path[path.length - 1], captured.length);
  }

  /**
   * Ends a move whose chain the board already shows made, the piece lifted
   * and the jumped pieces gone: the piece lands on `to` and the `captures`
   * are credited to the mover.
   */
  land(to: Hole, captures: number): void {
    this.cells[to] = NEUTRAL;
    this.captures[this.side] += captures;
    this.endTurn();
  }

  /** Reverses `land` given the state saved before it. */
  unland(to: Hole, captures: number, saved: SavedState): void {
    this.restore(saved);
    this.captures[this.side] -= captures;
    this.cells[to] = EMPTY;
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

/**
 * A move is a distinct landing sequence of any piece; the game ends, never
 * passes, when none is left. Each move is played where the walk makes it,
 * on the board as its chain leaves it, so no move list is built.
 */
function capturePerft(position: CapturePosition, depth: number): number {
  if (depth === 1) return position.countMoves();
  const { cells } = position;
  const saved = position.save();
  let nodes = 0;
  const playLeg = (_over: Hole, to: Hole, jumps: number) => {
    position.land(to, jumps);
    if (!position.isOver) nodes += capturePerft(position, depth - 1);
    position.unland(to, jumps, saved);
  };
  for (let hole = 0; hole < HOLE_COUNT; hole++)
    if (cells[hole] !== EMPTY) walkChains(cells, hole, position.settings.longJump, playLeg);
  return nodes;
}

export const capture: VariantRules<"capture"> = {
  name: "capture",
  captures: true,
  colours: false,
  landings: true,
  checkSettings,
  start: (settings) => new CapturePosition(settings),
};
