/**
 * Standings while the game is on: the log says when a seat finishes and
 * which place it takes, and the snapshot shows it at once, so a client that
 * joins mid-game, or runs no engine, knows who is home.
 */
import { describe, expect, it } from "vitest";
import type { TableSettings } from "../../src/protocol/index.ts";
import { formatPath } from "../../src/rules/index.ts";
import { type LoggedEvent, type TableCommands, TableFold } from "../../src/table/index.ts";
import { raceMove } from "../rules/helpers.ts";
import { HOST, headerOf, newTable, seatEveryone, seated } from "./helpers.ts";

/** A race played to its end by the rules tests' racer, through the table's commands; returns the whole log. */
function playRace(settings: Partial<TableSettings>): { commands: TableCommands; log: LoggedEvent[] } {
  const { commands, log } = newTable(settings);
  log.push(...seatEveryone(commands));
  log.push(...commands.start(HOST, 0));
  for (let ply = 0; ply < 4000 && commands.status === "playing"; ply++) {
    const path = commands.game ? raceMove(commands.game) : undefined;
    if (!path) throw new Error("the racer found no move");
    log.push(...commands.move(seated(commands.turn?.seat ?? 0), formatPath(path), ply));
  }
  return { commands, log };
}

describe("the log says when a seat finishes, with its place, right after the move that finished it", () => {
  it("three players: two `finished` events, places 1 and 2, each right after a move, then `ended`", () => {
    const { commands, log } = playRace({ players: 3 });
    const finished = log.filter((entry) => entry.event.type === "finished");
    expect(finished.map((entry) => entry.event)).toEqual(
      commands.result?.standings
        .filter((standing) => standing.finished)
        .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))
        .map(({ seat, place }) => ({ type: "finished", seat, place })),
    );
    expect(finished.map((entry) => (entry.event.type === "finished" ? entry.event.place : 0))).toEqual([1, 2]);
    for (const entry of finished) {
      const before = log[log.findIndex((other) => other.seq === entry.seq) - 1].event.type;
      expect(["moved", "finished"]).toContain(before);
    }
    expect(log.at(-1)?.event.type).toBe("ended");
  });

  it("the snapshot shows a finisher's place while the others play on", () => {
    const { log } = playRace({ players: 3 });
    const firstFinish = log.findIndex((entry) => entry.event.type === "finished");
    const fold = new TableFold(headerOf({ players: 3 }));
    for (const entry of log.slice(0, firstFinish + 1)) fold.apply(entry);
    const event = log[firstFinish].event;
    const seat = event.type === "finished" ? event.seat : -1;
    expect(fold.status).toBe("playing");
    expect(fold.seatViews([])[seat]).toMatchObject({ finished: true, place: 1 });
    expect(fold.seatViews([]).filter((view) => view.finished)).toHaveLength(1);
  });

  it("a client restored from a mid-game snapshot does not log a finish twice", () => {
    const { log } = playRace({ players: 3 });
    const firstFinish = log.findIndex((entry) => entry.event.type === "finished");
    const header = headerOf({ players: 3 });
    const server = new TableFold(header);
    for (const entry of log.slice(0, firstFinish + 1)) server.apply(entry);
    const client = new TableFold(header);
    client.restore(server.view([]), 0);
    const event = log[firstFinish].event;
    expect(client.finishedLogged(event.type === "finished" ? event.seat : -1)).toBe(true);
  });
});
