/**
 * The table as its event log describes it. The server keeps this fold (and
 * rebuilds it on every wake); the SDK keeps the same fold from a snapshot
 * and the events that follow, so both always agree on what the log means.
 */

import type { GameView, ResultView, SeatView, Snapshot, TableEvent, TableStatus } from "../protocol/index.ts";
import { Game, HOLE_COUNT, holeName, notate, type Point, type Result, type Settings } from "../rules/index.ts";

export class TableFold {
  readonly id: string;
  readonly settings: Settings;
  /** Seconds for each turn, or null for no clock. */
  readonly turnSeconds: number | null;
  /** Seated names by seat; null for a free seat. */
  readonly names: (string | null)[];
  game: Game | null = null;
  gameNumber = 0;
  /** The sequence number of the last event folded in. */
  seq = 0;
  /** When the last event happened (ms since the epoch). */
  lastEventAt: number;
  /** Whether the current game's `ended` event is in the log. */
  ended = false;
  /** When the side to move got the turn: the clock restarts only when the turn passes on. */
  private turnStartedAt = 0;
  private turnKey = "";

  constructor(id: string, settings: Settings, turnSeconds: number | null, createdAt: number) {
    this.id = id;
    this.settings = settings;
    this.turnSeconds = turnSeconds;
    this.names = new Array(settings.players).fill(null);
    this.lastEventAt = createdAt;
  }

  get status(): TableStatus {
    if (!this.game) return "waiting";
    return this.game.isOver ? "over" : "playing";
  }

  get seatsFilled(): boolean {
    return this.names.every((name) => name !== null);
  }

  /** Whose turn: the seat, and in the race variants its colour; null when no game is going on. */
  get turn(): { readonly seat: number; readonly colour: Point | null } | null {
    const turn = this.game?.turn;
    return turn ? { seat: turn.player, colour: turn.colour ?? null } : null;
  }

  /** When the player to move runs out of time, if the clock runs. */
  get deadline(): number | null {
    if (this.turnSeconds === null || this.status !== "playing") return null;
    return this.turnStartedAt + this.turnSeconds * 1000;
  }

  get result(): ResultView | null {
    const result = this.game?.result();
    return result ? resultView(result) : null;
  }

  /** Folds in the next event of the log, which happened at `at`. A move that does not fit the position throws. */
  apply(seq: number, event: TableEvent, at: number): void {
    switch (event.type) {
      case "created":
        break;
      case "seated":
        this.names[event.seat] = event.name;
        break;
      case "unseated":
        this.names[event.seat] = null;
        break;
      case "started":
        this.gameNumber = event.game;
        this.game = Game.create(this.settings, { firstPlayer: event.firstPlayer });
        this.ended = false;
        break;
      case "moved":
        this.requireGame().play(event.path, event.seat);
        break;
      case "passed":
        this.requireGame().apply({ kind: "pass" });
        break;
      case "resigned":
        this.requireGame().resign(event.seat);
        break;
      case "ended":
        this.ended = true;
        break;
    }
    this.seq = seq;
    this.lastEventAt = at;
    this.followTurn(at);
  }

  /**
   * Takes up the log at `seq` from a snapshot, whose game is already in
   * place: the clock runs from the server's deadline, not from `now`.
   */
  protected resume(seq: number, deadline: number | null, now: number): void {
    this.seq = seq;
    this.lastEventAt = now;
    this.followTurn(now);
    if (deadline !== null && this.turnSeconds !== null) this.turnStartedAt = deadline - this.turnSeconds * 1000;
  }

  /** Restarts the turn clock at `at` when the turn has passed to another side. */
  private followTurn(at: number): void {
    const turn = this.game?.turn;
    const key = turn ? `${this.gameNumber}:${this.game?.plies}:${turn.player}:${turn.colour}` : "";
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.turnStartedAt = at;
    }
  }

  /** The table as `GET /api/tables/:id` shows it, with which seats have a connection open. */
  view(connected: readonly boolean[]): Snapshot {
    const { game } = this;
    return {
      id: this.id,
      settings: this.settings,
      turnSeconds: this.turnSeconds,
      seq: this.seq,
      status: this.status,
      seats: this.seatViews(connected),
      game: game
        ? {
            number: this.gameNumber,
            firstPlayer: game.firstPlayer ?? 0,
            turn: this.turn,
            deadline: this.deadline,
            pieces: this.pieces,
            moves: this.moves,
            legalMoves: game.legalMoves().map((move) => move.path.map(holeName).join("-")),
            result: this.result,
          }
        : null,
    };
  }

  seatViews(connected: readonly boolean[]): SeatView[] {
    const { game } = this;
    const result = this.result;
    return this.names.map((name, seat) => ({
      seat,
      name,
      connected: connected[seat] ?? false,
      colours: game?.playerColours[seat] ?? [],
      finished: result?.standings[seat].finished ?? false,
      resigned: result?.standings[seat].resigned ?? false,
      place: result?.standings[seat].place ?? null,
      captures: game?.captures[seat] ?? 0,
    }));
  }

  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  get pieces(): GameView["pieces"] {
    const pieces: Record<string, Point | "neutral"> = {};
    for (let hole = 0; hole < HOLE_COUNT && this.game; hole++) {
      const occupant = this.game.occupant(hole);
      if (occupant) pieces[holeName(hole)] = occupant;
    }
    return pieces;
  }

  /** The current game's moves in notation. */
  get moves(): readonly string[] {
    return this.game?.history.map(notate) ?? [];
  }

  protected requireGame(): Game {
    if (!this.game) throw new Error("an event of a game came before the game started");
    return this.game;
  }
}

export function resultView(result: Result): ResultView {
  return {
    reason: result.reason,
    winners: result.winners,
    standings: result.standings.map(({ player, ...standing }) => ({ seat: player, ...standing })),
  };
}
