/**
 * A table's fold saved as plain data (`saveState`, through JSON as the
 * server stores it) and taken up again (`resumeState`) is the same table:
 * it shows the same, plays on the same, and with the log's later entries
 * folded in becomes what the live table became.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TableSettings } from "../../src/protocol/index.ts";
import { type FoldState, type LoggedEvent, TableCommands, TableError } from "../../src/table/index.ts";
import { ALL_CONNECTED, HOST, headerOf, legalMoves, SPECTATOR, seated } from "./helpers.ts";

const SETTINGS: Partial<TableSettings>[] = [
  { players: 2 },
  { players: 3, clock: { kind: "move", seconds: 10 } },
  { players: 6, teams: true, clock: { kind: "bank", seconds: 60, increment: 5 } },
  { players: 4, clock: { kind: "move", seconds: 10 } },
  { players: 6 },
  { players: 2, colours: 2 },
  { players: 3, variant: "capture" },
  { players: 2, variant: "capture", clock: { kind: "bank", seconds: 60, increment: 0 } },
];

type Step =
  | { kind: "move"; choice: number }
  | { kind: "time"; ms: number }
  | { kind: "leave"; seat: number }
  | {
      kind: "rematch";
    };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: fc.nat().map((choice): Step => ({ kind: "move", choice })) },
    { weight: 2, arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((ms): Step => ({ kind: "time", ms })) },
    { weight: 1, arbitrary: fc.nat(5).map((seat): Step => ({ kind: "leave", seat })) },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: "rematch" }) },
  ),
  { minLength: 1, maxLength: 60 },
);

/** A table whose seats are taken (a computer in the last when asked: "normal", which plays without chance) and whose first game has started. */
function started(settings: Partial<TableSettings>, computer: boolean): { commands: TableCommands; log: LoggedEvent[] } {
  const commands = new TableCommands(headerOf(settings), { drawFirstPlayer: (players) => players - 1 });
  const log = [...commands.create()];
  const players = settings.players ?? 2;
  for (let seat = 0; seat < players; seat++) {
    if (computer && seat === players - 1) log.push(...commands.addComputer(HOST, seat, "normal", 0));
    else log.push(...commands.join(SPECTATOR, seat, `Player ${seat + 1}`, 0));
  }
  log.push(...commands.start(HOST, 0));
  return { commands, log };
}

/** Does one step; what it logged, or the refusal's code. */
function run(commands: TableCommands, step: Step, now: number): LoggedEvent[] | string {
  try {
    switch (step.kind) {
      case "move": {
        const seat = commands.turn?.seat;
        if (seat === undefined) return "no turn";
        const moves = legalMoves(commands);
        if (moves.length === 0) return "no move";
        return commands.move(seated(seat), moves[step.choice % moves.length], now);
      }
      case "time":
        return commands.tick(now);
      case "leave":
        return commands.leave(seated(step.seat % commands.settings.players), now);
      case "rematch":
        return commands.names.flatMap((_, seat) => commands.rematch(seated(seat), ALL_CONNECTED, now));
    }
  } catch (error) {
    if (error instanceof TableError) return error.code;
    throw error;
  }
}

/** What a table is, as far as anyone can see or the server asks. */
function seen(commands: TableCommands) {
  return {
    view: commands.view(ALL_CONNECTED),
    deadline: commands.deadline,
    alarmAt: commands.alarmAt(86_400_000),
    lastEventAt: commands.lastEventAt,
    carry: commands.carry,
    gameNumber: commands.gameNumber,
    record: commands.game ? commands.gameRecord() : null,
  };
}

function stored(commands: TableCommands): FoldState {
  return JSON.parse(JSON.stringify(commands.saveState()));
}

describe("a table saved and taken up again", () => {
  it("is the same table, plays on the same, and with the later entries becomes the live one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SETTINGS), fc.boolean(), steps, fc.nat(), (settings, computer, script, cutAt) => {
        const { commands: live, log } = started(settings, computer);
        const cut = cutAt % script.length;
        let now = 1_000;
        let copy: TableCommands | undefined;
        let saved: FoldState | undefined;
        let savedAt = 0;
        script.forEach((step, i) => {
          if (i === cut) {
            saved = stored(live);
            savedAt = log.length;
            copy = new TableCommands(headerOf(settings), { drawFirstPlayer: (players) => players - 1 });
            expect(copy.resumeState(saved, [])).toEqual([]);
            expect(seen(copy)).toEqual(seen(live));
          }
          now += step.kind === "time" ? step.ms : 500;
          const done = run(live, step, now);
          if (typeof done !== "string") log.push(...done);
          if (copy) expect(run(copy, step, now)).toEqual(done);
        });
        if (!copy || !saved) return;
        expect(seen(copy)).toEqual(seen(live));
        // As the server wakes: the state, then the log's entries after it.
        const woken = new TableCommands(headerOf(settings), { drawFirstPlayer: (players) => players - 1 });
        expect(woken.resumeState(saved, log.slice(savedAt))).toEqual([]);
        expect(seen(woken)).toEqual(seen(live));
      }),
      { numRuns: 120 },
    );
  });

  it("a player who left mid-game is freed when the game ends after the wake", () => {
    const { commands: live } = started({ players: 3 }, false);
    live.leave(seated(2), 100);
    const copy = new TableCommands(headerOf({ players: 3 }), { drawFirstPlayer: (players) => players - 1 });
    copy.resumeState(stored(live), []);
    expect(copy.leave(seated(1), 200)).toEqual(live.leave(seated(1), 200));
    expect(copy.names).toEqual(["Player 1", null, null]);
    expect(seen(copy)).toEqual(seen(live));
  });
});
