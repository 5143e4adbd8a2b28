/**
 * The table as a client sees it: a snapshot, then the events of the log
 * folded in one by one. The game itself is the rules engine's `Game`,
 * replayed from the snapshot's moves, so the client knows the position and
 * every legal move without asking the server.
 */
import type { ResultView, SeatView, Snapshot, TableEvent, TableStatus } from "../../protocol/index.ts";
import {
  Game,
  HOLE_COUNT,
  holeName,
  notate,
  type Point,
  parseMove,
  type Settings,
  seating,
} from "../../rules/index.ts";

/** The last move played, for drawing its trail and animating it. */
export interface LastMove {
  readonly seat: number;
  /** Every landing, from the start hole to the end. */
  readonly path: readonly string[];
  readonly captured: readonly string[];
}

interface SeatState {
  name: string | null;
  connected: boolean;
}

export class TableModel {
  readonly id: string;
  readonly settings: Settings;
  readonly turnSeconds: number | null;
  /** The sequence number of the last event folded in. */
  seq: number;
  gameNumber = 0;
  game: Game | null = null;
  result: ResultView | null = null;
  /** When the player to move runs out of time (ms since the epoch), if the table has a clock; approximate. */
  deadline: number | null = null;
  spectators = 0;
  lastMove: LastMove | null = null;
  private readonly seatStates: SeatState[];
  /** Which turn the clock runs for: it restarts only when the turn passes on, as on the server. */
  private turnKey = "";

  private constructor(id: string, settings: Settings, turnSeconds: number | null, seq: number) {
    this.id = id;
    this.settings = settings;
    this.turnSeconds = turnSeconds;
    this.seq = seq;
    this.seatStates = Array.from({ length: settings.players }, () => ({ name: null, connected: false }));
  }

  /** Rebuilds the table from a snapshot, replaying the current game's moves through the engine. */
  static fromSnapshot(snapshot: Snapshot): TableModel {
    const model = new TableModel(snapshot.id, snapshot.settings, snapshot.turnSeconds, snapshot.seq);
    snapshot.seats.forEach((seat, i) => {
      model.seatStates[i] = { name: seat.name, connected: seat.connected };
    });
    const view = snapshot.game;
    if (view) {
      model.gameNumber = view.number;
      model.game = Game.replay(snapshot.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
      model.result = view.result;
      model.deadline = view.deadline;
      model.turnKey = model.currentTurnKey();
      const last = model.game.history.findLast((action) => action.kind === "move");
      if (last?.kind === "move") {
        model.lastMove = {
          seat: last.player,
          path: last.move.path.map(holeName),
          captured: last.move.captured.map(holeName),
        };
      }
    }
    return model;
  }

  get status(): TableStatus {
    if (!this.game) return "waiting";
    return this.game.isOver ? "over" : "playing";
  }

  get seatsFilled(): boolean {
    return this.seatStates.every((seat) => seat.name !== null);
  }

  /** Whose turn: the seat, and in the race variants its colour; null when no game is going on. */
  get turn(): { readonly seat: number; readonly colour: Point | null } | null {
    const turn = this.game?.turn;
    return turn ? { seat: turn.player, colour: turn.colour ?? null } : null;
  }

  /** The colours a seat moves; before the first game, the colours it will move. */
  coloursOf(seat: number): readonly Point[] {
    if (this.game) return this.game.playerColours[seat] ?? [];
    return this.settings.variant === "capture" ? [] : (seating(this.settings)[seat] ?? []);
  }

  /** Each seat as the snapshot shows it. */
  get seats(): readonly SeatView[] {
    const standings = this.result?.standings;
    const captures = this.game?.captures;
    return this.seatStates.map((state, seat) => ({
      seat,
      name: state.name,
      connected: state.connected,
      colours: this.game ? this.coloursOf(seat) : [],
      finished: standings?.[seat]?.finished ?? false,
      resigned: standings?.[seat]?.resigned ?? false,
      place: standings?.[seat]?.place ?? null,
      captures: captures?.[seat] ?? 0,
    }));
  }

  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  get pieces(): Record<string, Point | "neutral"> {
    const pieces: Record<string, Point | "neutral"> = {};
    if (!this.game) return pieces;
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      const occupant = this.game.occupant(hole);
      if (occupant) pieces[holeName(hole)] = occupant;
    }
    return pieces;
  }

  /** The moves so far in notation. */
  get moves(): string[] {
    return this.game ? this.game.history.map(notate) : [];
  }

  /** Every legal move of the side to move, as full paths of hole names. */
  legalPaths(): string[][] {
    if (!this.game || this.game.isOver) return [];
    return this.game.legalMoves().map((move) => move.path.map(holeName));
  }

  /** Marks which seats have a connection open. */
  setPresence(connected: readonly boolean[], spectators: number): void {
    this.seatStates.forEach((seat, i) => {
      seat.connected = connected[i] ?? false;
    });
    this.spectators = spectators;
  }

  /**
   * Folds in the next event of the log. The caller checks that `seq` is the
   * next one; the engine throws if a move does not fit the position, which
   * means this model has drifted from the server's and needs a new snapshot.
   */
  apply(seq: number, event: TableEvent, now = Date.now()): void {
    switch (event.type) {
      case "created":
        break;
      case "seated":
        this.seatStates[event.seat] = { name: event.name, connected: this.seatStates[event.seat]?.connected ?? false };
        break;
      case "unseated":
        this.seatStates[event.seat] = { name: null, connected: false };
        break;
      case "started":
        this.gameNumber = event.game;
        this.game = Game.create(this.settings, { firstPlayer: event.firstPlayer });
        this.result = null;
        this.lastMove = null;
        break;
      case "moved": {
        const action = this.requireGame().play(event.path, event.seat);
        if (action.kind === "move") {
          this.lastMove = {
            seat: action.player,
            path: action.move.path.map(holeName),
            captured: action.move.captured.map(holeName),
          };
        }
        break;
      }
      case "passed":
        this.requireGame().apply({ kind: "pass" });
        break;
      case "resigned":
        this.requireGame().resign(event.seat);
        break;
      case "ended":
        this.result = event.result;
        break;
    }
    this.seq = seq;
    const key = this.currentTurnKey();
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.deadline = this.turnSeconds !== null && this.status === "playing" ? now + this.turnSeconds * 1000 : null;
    }
    if (this.status !== "playing") this.deadline = null;
  }

  private currentTurnKey(): string {
    const turn = this.game?.turn;
    return turn ? `${this.gameNumber}:${this.game?.plies}:${turn.player}:${turn.colour}` : "";
  }

  /** The table as a snapshot, as `GET /api/tables/:id` would show it now. */
  toSnapshot(): Snapshot {
    const { game } = this;
    const turn = this.turn;
    return {
      id: this.id,
      settings: this.settings,
      turnSeconds: this.turnSeconds,
      seq: this.seq,
      status: this.status,
      seats: this.seats,
      game: game
        ? {
            number: this.gameNumber,
            firstPlayer: game.firstPlayer ?? 0,
            turn,
            deadline: this.deadline,
            pieces: this.pieces,
            moves: this.moves,
            legalMoves: this.legalPaths().map((path) => path.join("-")),
            result: this.result,
          }
        : null,
    };
  }

  private requireGame(): Game {
    if (!this.game) throw new Error("an event of a game arrived before the game started");
    return this.game;
  }
}
