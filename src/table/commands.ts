/**
 * The table's commands. Each one is checked against the table and the rules
 * first and throws, changing nothing, when refused; then its events and the
 * ones they entail (the passes of sides left without a move, the end of the
 * game) are folded in and returned, numbered, for the Durable Object to
 * store and broadcast. Storage and sockets are not this module's business.
 */
import type { TableEvent, TableSettings } from "../protocol/index.ts";
import { type Action, formatPath, holeName, RulesError } from "../rules/index.ts";
import { TableFold } from "./fold.ts";

export interface NumberedEvent {
  readonly seq: number;
  readonly event: TableEvent;
  readonly at: number;
}

export class TableCommands extends TableFold {
  constructor(id: string, settings: TableSettings, createdAt: number) {
    const { turnSeconds, ...rules } = settings;
    super(id, rules, turnSeconds, createdAt);
  }

  create(at: number): NumberedEvent[] {
    return this.record([{ type: "created", settings: this.settings, turnSeconds: this.turnSeconds }], at);
  }

  seat(seat: number, name: string, at: number): NumberedEvent[] {
    return this.record([{ type: "seated", seat, name }], at);
  }

  unseat(seat: number, reason: "left" | "removed", at: number): NumberedEvent[] {
    return this.record([{ type: "unseated", seat, reason }], at);
  }

  start(firstPlayer: number, at: number): NumberedEvent[] {
    return this.record([{ type: "started", game: this.gameNumber + 1, firstPlayer }], at);
  }

  /** A seat's move in notation; the engine refuses anything illegal or out of turn. */
  play(path: string, seat: number, at: number): NumberedEvent[] {
    const action = this.currentGame().resolve(path, seat);
    // A pass is never a seat's to send: the table passes for a side with no move as soon as it has none.
    if (action.kind !== "move") throw new RulesError("illegal-move", "send a move: the table passes for you");
    return this.record([movedEvent(action)], at);
  }

  resign(seat: number, reason: "left" | "timeout", at: number): NumberedEvent[] {
    this.currentGame().check({ kind: "resign", player: seat });
    return this.record([{ type: "resigned", seat, reason }], at);
  }

  private currentGame() {
    if (!this.game || this.game.isOver) throw new RulesError("game-over", "no game is in progress");
    return this.game;
  }

  /** Folds the events in, then whatever they entail, numbering each. */
  private record(events: readonly TableEvent[], at: number): NumberedEvent[] {
    const numbered: NumberedEvent[] = [];
    const add = (event: TableEvent) => {
      const seq = this.seq + 1;
      this.apply(seq, event, at);
      numbered.push({ seq, event, at });
    };
    events.forEach(add);
    for (let owed = this.owedEvent(); owed; owed = this.owedEvent()) add(owed);
    return numbered;
  }

  /** What the log owes after its last event: a pass for a side with no move, or the end of the game. */
  private owedEvent(): TableEvent | undefined {
    const game = this.game;
    if (!game) return undefined;
    const turn = game.turn;
    if (turn && game.mustPass) return { type: "passed", seat: turn.player };
    const result = this.result;
    if (result && !this.ended) return { type: "ended", result };
    return undefined;
  }
}

function movedEvent(action: Extract<Action, { kind: "move" }>): TableEvent {
  return {
    type: "moved",
    seat: action.player,
    path: formatPath(action.move.path),
    captured: action.move.captured.map(holeName),
  };
}
