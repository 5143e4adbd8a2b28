/**
 * The table in memory: a fold over its event log. The Durable Object
 * rebuilds it from storage after every wake; it never holds anything the log
 * and the seats table cannot give back.
 */
import type {
  GameView,
  ResultView,
  SeatView,
  Snapshot,
  TableEvent,
  TableSettings,
  TableStatus,
} from "../protocol/index.ts";
import {
  type Action,
  Game,
  HOLE_COUNT,
  holeName,
  notate,
  type Point,
  type Result,
  RulesError,
  type Settings,
} from "../rules/index.ts";

export class TableState {
  readonly id: string;
  readonly settings: TableSettings;
  /** Seated names by seat; undefined for a free seat. */
  readonly names: (string | undefined)[];
  game: Game | undefined;
  gameNumber = 0;
  seq = 0;
  /** When the last event happened (ms since the epoch): idle cleanup counts from it. */
  lastEventAt: number;
  /** When the side to move got the turn: the turn clock counts from it. */
  private turnStartedAt = 0;
  private turnKey = "";

  constructor(id: string, settings: TableSettings, createdAt: number) {
    this.id = id;
    this.settings = settings;
    this.names = new Array(settings.players).fill(undefined);
    this.lastEventAt = createdAt;
  }

  /** The engine's settings: the table's settings without the clock. */
  get rules(): Settings {
    const { turnSeconds: _, ...rules } = this.settings;
    return rules;
  }

  get status(): TableStatus {
    if (!this.game) return "waiting";
    return this.game.isOver ? "over" : "playing";
  }

  get seatsFilled(): boolean {
    return this.names.every((name) => name !== undefined);
  }

  /** When the player to move runs out of time, if the clock runs. */
  get deadline(): number | null {
    const { turnSeconds } = this.settings;
    if (turnSeconds === null || this.status !== "playing") return null;
    return this.turnStartedAt + turnSeconds * 1000;
  }

  /**
   * Records that events up to `seq` happened at `at`. The turn clock
   * restarts only when the turn passes to another side, not when some
   * other player leaves or joins the presence list.
   */
  touch(seq: number, at: number): void {
    this.seq = seq;
    this.lastEventAt = at;
    const turn = this.game?.turn;
    const key = turn ? `${this.gameNumber}:${this.game?.plies}:${turn.player}:${turn.colour}` : "";
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.turnStartedAt = at;
    }
  }

  /**
   * Folds one event of the log in, on wake. Live changes go through the
   * methods below, which the fold calls too, so both take the same path.
   * Passes and the end of a game follow from the move before them, so the
   * fold derives them rather than reading them.
   */
  apply(seq: number, event: TableEvent, at: number): void {
    switch (event.type) {
      case "seated":
        this.seat(event.seat, event.name);
        break;
      case "unseated":
        this.unseat(event.seat, event.reason);
        break;
      case "started":
        this.start(event.game, event.firstPlayer);
        break;
      case "moved":
        this.play(event.path, event.seat);
        break;
      case "resigned":
        this.resign(event.seat, event.reason);
        break;
      case "created":
      case "passed":
      case "ended":
        break;
    }
    this.touch(seq, at);
  }

  seat(seat: number, name: string): TableEvent[] {
    this.names[seat] = name;
    return [{ type: "seated", seat, name }];
  }

  unseat(seat: number, reason: "left" | "removed"): TableEvent[] {
    this.names[seat] = undefined;
    return [{ type: "unseated", seat, reason }];
  }

  start(gameNumber: number, firstPlayer: number): TableEvent[] {
    this.gameNumber = gameNumber;
    this.game = Game.create(this.rules, { firstPlayer });
    return [{ type: "started", game: gameNumber, firstPlayer }];
  }

  /** Plays a move for a seat; the engine refuses anything illegal, and nothing changes then. */
  play(path: string, seat: number): TableEvent[] {
    return this.settle(this.requireGame().play(path, seat));
  }

  resign(seat: number, reason: "left" | "timeout"): TableEvent[] {
    return this.settle(this.requireGame().resign(seat), reason);
  }

  private requireGame(): Game {
    if (!this.game) throw new RulesError("game-over", "no game is in progress");
    return this.game;
  }

  /** The action's event, then the passes of every side left without a move, then the end of the game. */
  private settle(action: Action, reason: "left" | "timeout" = "left"): TableEvent[] {
    const game = this.requireGame();
    const events: TableEvent[] = [toEvent(action, reason)];
    while (game.mustPass) events.push(toEvent(game.apply({ kind: "pass" })));
    const result = game.result();
    if (result) events.push({ type: "ended", result: resultView(result) });
    return events;
  }

  snapshot(connected: readonly boolean[]): Snapshot {
    const { game } = this;
    const result = game?.result();
    const colours = game?.playerColours;
    return {
      id: this.id,
      settings: this.rules,
      turnSeconds: this.settings.turnSeconds,
      seq: this.seq,
      status: this.status,
      seats: this.names.map(
        (name, seat): SeatView => ({
          seat,
          name: name ?? null,
          connected: connected[seat] ?? false,
          colours: colours?.[seat] ?? [],
          finished: result?.standings[seat].finished ?? false,
          resigned: result?.standings[seat].resigned ?? false,
          place: result?.standings[seat].place ?? null,
          captures: game?.captures[seat] ?? 0,
        }),
      ),
      game: game
        ? {
            number: this.gameNumber,
            firstPlayer: game.firstPlayer ?? 0,
            turn: game.turn ? { seat: game.turn.player, colour: game.turn.colour ?? null } : null,
            deadline: this.deadline,
            pieces: pieces(game),
            moves: game.history.map(notate),
            legalMoves: game.legalMoves().map((move) => move.path.map(holeName).join("-")),
            result: result ? resultView(result) : null,
          }
        : null,
    };
  }
}

function toEvent(action: Action, reason: "left" | "timeout" = "left"): TableEvent {
  switch (action.kind) {
    case "move":
      return {
        type: "moved",
        seat: action.player,
        path: notate(action),
        captured: action.move.captured.map(holeName),
      };
    case "pass":
      return { type: "passed", seat: action.player };
    case "resign":
      return { type: "resigned", seat: action.player, reason };
  }
}

export function resultView(result: Result): ResultView {
  return {
    reason: result.reason,
    winners: result.winners,
    standings: result.standings.map(({ player, ...standing }) => ({ seat: player, ...standing })),
  };
}

function pieces(game: Game): GameView["pieces"] {
  const occupied: Record<string, Point | "neutral"> = {};
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    const occupant = game.occupant(hole);
    if (occupant) occupied[holeName(hole)] = occupant;
  }
  return occupied;
}
