/**
 * The move a player builds on the board, picked hole by hole: a state
 * machine with no DOM and no texts, the same for clicks, taps and keys.
 *
 * What a pick does depends on the variant's `landings` (the engine's
 * `variantOf`). Without (the race): pick a piece of the colour to move, then
 * one of the holes it can reach; the move is the whole path there. Picking
 * another movable piece switches to it; picking anything else drops the piece.
 *
 * With landings (capture): pick any piece that can jump, then land after
 * landing. Stop after any landing by picking the last landing again or with
 * `finish`; a path with nowhere further to land is complete at once.
 * `undoLanding` and `cancel` step back.
 */
import { holeName, jumpedHole, parseHole, type VariantCapabilities } from "../../rules/index.ts";
import { type LegalMoves, NO_MOVES } from "./legal-moves.ts";

const NONE: ReadonlySet<string> = new Set();

export class MovePicker {
  /** Whether moves are picked landing by landing (the variant's `landings`), else piece then destination. */
  private landings = false;
  private moves: LegalMoves = NO_MOVES;
  /** The piece picked, then (capture) the landings chosen so far. */
  private path: readonly string[] = [];
  /** The race destination pointed at, whose path is previewed. */
  private pointed: string | null = null;

  /** Takes the moves of a new position (NO_MOVES when it is not this player's turn); a selection that no longer fits is dropped. */
  offer(variant: VariantCapabilities, moves: LegalMoves): void {
    this.landings = variant.landings;
    this.moves = moves;
    if (this.path.length > 0 && !this.stillLegal()) this.path = [];
  }

  /**
   * The player picks a hole. Returns the move when this pick completes one
   * (the selection is then cleared), else null.
   */
  pick(hole: string): readonly string[] | null {
    if (!this.canMove) return null;
    return this.landings ? this.pickLanding(hole) : this.pickRace(hole);
  }

  /** The player points at a hole (or at none): a race destination pointed at previews its path. */
  point(hole: string | null): void {
    this.pointed = hole;
  }

  /** The capture path built so far, as the move, when it may be sent as it stands. */
  finish(): readonly string[] | null {
    return this.canFinish ? this.complete(this.path) : null;
  }

  undoLanding(): void {
    this.path = this.path.slice(0, -1);
  }

  cancel(): void {
    this.path = [];
  }

  /** Whether the player has any move to pick. */
  get canMove(): boolean {
    return this.pieces.size > 0;
  }

  /** The piece picked, then the landings chosen: landing n is `selection[n]`. */
  get selection(): readonly string[] {
    return this.path;
  }

  /** Whether a capture path is being built (the page then offers Done, Undo and Cancel). */
  get building(): boolean {
    return this.landings && this.path.length > 0;
  }

  /** Whether the capture path built so far may be sent as it stands. */
  get canFinish(): boolean {
    return this.landings && this.moves.isMove(this.path);
  }

  /** The pieces to mark as movable: none while a capture path is built (before its first landing, picking another piece still starts over from it). */
  get movable(): ReadonlySet<string> {
    return this.building ? NONE : this.pieces;
  }

  /** The holes that may be picked next: a race piece's destinations, or a capture path's next landings. */
  get destinations(): ReadonlySet<string> {
    if (this.path.length === 0) return NONE;
    if (this.landings) return this.moves.landingsAfter(this.path);
    return new Set(this.moves.destinations(this.path[0]).keys());
  }

  /** The pieces the capture path built so far jumps over. */
  get jumped(): ReadonlySet<string> {
    const jumped = new Set<string>();
    for (let leg = 1; leg < this.path.length; leg++) {
      const over = jumpedHole(parseHole(this.path[leg - 1]), parseHole(this.path[leg]));
      if (over !== undefined) jumped.add(holeName(over));
    }
    return jumped;
  }

  /** The path to draw: the capture path built so far, or the whole path to the race destination pointed at. */
  get preview(): readonly string[] | null {
    if (this.landings) return this.path.length > 1 ? this.path : null;
    if (this.pointed === null || this.path.length !== 1) return null;
    return this.moves.destinations(this.path[0]).get(this.pointed) ?? null;
  }

  /** The holes whose piece may move. */
  private get pieces(): ReadonlySet<string> {
    return this.moves.landingsAfter([]);
  }

  private pickRace(hole: string): readonly string[] | null {
    const path = this.path.length === 1 ? this.moves.destinations(this.path[0]).get(hole) : undefined;
    if (path) return this.complete(path);
    this.path = this.pieces.has(hole) && this.path[0] !== hole ? [hole] : [];
    return null;
  }

  private pickLanding(hole: string): readonly string[] | null {
    const path = this.path;
    if (path.length === 0) {
      if (this.pieces.has(hole)) this.path = [hole];
    } else if (this.moves.landingsAfter(path).has(hole)) {
      this.path = [...path, hole];
      // Nowhere further to land: the move is complete.
      if (this.moves.landingsAfter(this.path).size === 0) return this.complete(this.path);
    } else if (this.canFinish && hole === path[path.length - 1]) {
      return this.complete(path);
    } else if (path.length === 1) {
      this.path = hole !== path[0] && this.pieces.has(hole) ? [hole] : [];
    }
    return null;
  }

  private complete(path: readonly string[]): readonly string[] {
    this.path = [];
    this.pointed = null;
    return path;
  }

  /** Whether the selection is still the start of a legal move. */
  private stillLegal(): boolean {
    if (this.landings) return this.moves.isMove(this.path) || this.moves.landingsAfter(this.path).size > 0;
    return this.moves.destinations(this.path[0]).size > 0;
  }
}
