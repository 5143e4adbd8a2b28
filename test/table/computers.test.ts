/** Computer players: the host seats them, the table plays their turns, and they agree to what people ask of them. */
import { describe, expect, it } from "vitest";
import { LEVELS } from "../../src/bots/index.ts";
import { LevelSchema } from "../../src/protocol/index.ts";
import { COMPUTER_DELAY_MS, type LoggedEvent } from "../../src/table/index.ts";
import {
  ALL_CONNECTED,
  expectRefused,
  firstMove,
  HOST,
  NOBODY_CONNECTED,
  SPECTATOR,
  seated,
  startedTable,
  table,
} from "./helpers.ts";

const events = (logged: readonly LoggedEvent[]) => logged.map((entry) => entry.event);

describe("the host puts a computer player of a chosen level in a free seat", () => {
  it("is seated under a name with its level, and shows in the snapshot", () => {
    const commands = table({ players: 3 });
    expect(events(commands.addComputer(HOST, 2, "strong", 0))).toEqual([
      { type: "seated", seat: 2, name: "Computer 3", computer: "strong" },
    ]);
    expect(commands.view(NOBODY_CONNECTED).seats[2]).toMatchObject({ name: "Computer 3", computer: "strong" });
  });

  it("offers every level the computer plays, and no other: the wire's levels are the computer's", () => {
    expect(LevelSchema.options).toEqual([...LEVELS]);
  });

  it("only the host, only a free seat of the table, only outside a game", () => {
    const commands = table();
    expectRefused(commands, () => commands.addComputer(seated(0), 1, "easy", 0), "not-host");
    expectRefused(commands, () => commands.addComputer(SPECTATOR, 1, "easy", 0), "not-host");
    expectRefused(commands, () => commands.addComputer(HOST, 2, "easy", 0), "no-such-seat");
    commands.join(SPECTATOR, 0, "Aino", 0);
    expectRefused(commands, () => commands.addComputer(HOST, 0, "easy", 0), "seat-taken");
    const playing = startedTable();
    expectRefused(playing, () => playing.addComputer(HOST, 0, "easy", 0), "already-started");
  });

  it("the host removes it like any player, before a game", () => {
    const commands = table();
    commands.addComputer(HOST, 1, "normal", 0);
    commands.remove(HOST, 1, 0);
    expect(commands.view(NOBODY_CONNECTED).seats[1]).toMatchObject({ name: null, computer: null });
  });
});

describe("the table plays a computer seat's turn itself, a moment after it begins", () => {
  function againstComputer() {
    const commands = table({ players: 2 });
    commands.join(SPECTATOR, 0, "Aino", 0);
    commands.addComputer(HOST, 1, "normal", 0);
    commands.start(HOST, 0);
    return commands;
  }

  it("waits for the delay, then plays a legal move marked `by: computer`", () => {
    const commands = againstComputer();
    commands.move(seated(0), firstMove(commands), 1_000);
    expect(commands.alarmAt(Number.MAX_SAFE_INTEGER)).toBe(1_000 + COMPUTER_DELAY_MS);
    expect(commands.tick(1_000 + COMPUTER_DELAY_MS - 1)).toEqual([]);
    const [played] = events(commands.tick(1_000 + COMPUTER_DELAY_MS));
    expect(played).toMatchObject({ type: "moved", seat: 1, by: "computer" });
    expect(commands.turn?.seat).toBe(0);
  });

  it("a second alarm for the same turn plays nothing", () => {
    const commands = againstComputer();
    commands.move(seated(0), firstMove(commands), 0);
    commands.tick(COMPUTER_DELAY_MS);
    expect(commands.tick(COMPUTER_DELAY_MS)).toEqual([]);
  });

  it("computers alone play a whole game to its end, for watching", () => {
    const commands = table({ players: 3 });
    for (let seat = 0; seat < 3; seat++) commands.addComputer(HOST, seat, "normal", 0);
    commands.start(HOST, 0);
    let now = 0;
    while (commands.status === "playing" && now < 3_000 * COMPUTER_DELAY_MS) {
      now += COMPUTER_DELAY_MS;
      commands.tick(now);
    }
    expect(commands.status).toBe("over");
    expect(commands.result?.reason).toBe("finished");
    // Computers alone do not start another game: the host does, when someone wants to watch one more.
    expect(commands.tick(now + 60_000)).toEqual([]);
    expect(commands.rematch(HOST, NOBODY_CONNECTED, now).at(-1)?.event).toMatchObject({
      type: "started",
      game: 2,
    });
  });
});

describe("a computer player agrees to what people ask of it", () => {
  it("accepts every rematch: the people's acceptance is enough", () => {
    const commands = table({ players: 2, variant: "capture" });
    commands.join(SPECTATOR, 0, "Aino", 0);
    commands.addComputer(HOST, 1, "strong", 0);
    commands.start(HOST, 0);
    for (let now = 0; commands.status === "playing"; now += COMPUTER_DELAY_MS) {
      if (commands.turn?.seat === 0) commands.move(seated(0), firstMove(commands), now);
      else commands.tick(now + COMPUTER_DELAY_MS);
    }
    expect(commands.view(ALL_CONNECTED).seats[1]?.rematch).toBe(true);
    expect(events(commands.rematch(seated(0), ALL_CONNECTED, 0)).at(-1)).toMatchObject({ type: "started", game: 2 });
  });

  it("trades seats at once", () => {
    const commands = table({ players: 2 });
    commands.join(SPECTATOR, 0, "Aino", 0);
    commands.addComputer(HOST, 1, "easy", 0);
    expect(events(commands.swap(seated(0), 1, 0))).toEqual([{ type: "swapped", seats: [0, 1] }]);
    expect(commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.computer)).toEqual(["easy", null]);
  });

  it("is never a stalled player: no remedy applies to it", () => {
    const commands = table({ players: 2 });
    commands.addComputer(HOST, 0, "easy", 0);
    commands.join(SPECTATOR, 1, "Aino", 0);
    commands.start(HOST, 0);
    expectRefused(commands, () => commands.remedy(seated(1), 0, "resign", 0, 10 ** 9), "not-stalled");
  });
});
