/**
 * A table in the lobby: its host lists it (open to anyone, in a language)
 * or takes it off; the listing lasts from game to game and through storage;
 * the lobby shows an open table while it waits and a game to watch while it
 * is played, and nothing of an unlisted table or a finished game.
 */
import { describe, expect, it } from "vitest";
import { LISTING_EVENTS, listingOf, TableFold } from "../../src/table/index.ts";
import {
  ALL_CONNECTED,
  expectRefused,
  HOST,
  headerOf,
  newTable,
  playToEnd,
  SPECTATOR,
  seatEveryone,
  seated,
} from "./helpers.ts";

describe("the host lists the table in the lobby, in a language, or takes it off", () => {
  it("listing logs `listing` with the language; the same listing again logs nothing; unlisting logs null", () => {
    const { commands } = newTable({ players: 2 });
    expect(commands.listedIn).toBeNull();
    expect(commands.list(HOST, "fi", 1).map((entry) => entry.event)).toEqual([{ type: "listing", lang: "fi" }]);
    expect(commands.listedIn).toBe("fi");
    expect(commands.view([]).listedIn).toBe("fi");
    expect(commands.list(HOST, "fi", 2)).toEqual([]);
    expect(commands.list(HOST, "sv", 3).map((entry) => entry.event)).toEqual([{ type: "listing", lang: "sv" }]);
    expect(commands.list(HOST, null, 4).map((entry) => entry.event)).toEqual([{ type: "listing", lang: null }]);
    expect(commands.listedIn).toBeNull();
  });

  it("no one but the host may: not-host, and nothing changes", () => {
    const { commands } = newTable({ players: 2 });
    commands.join(SPECTATOR, 0, "Aino", 1);
    for (const who of [SPECTATOR, seated(0)]) expectRefused(commands, () => commands.list(who, "en", 2), "not-host");
  });
});

describe("a listing lasts from game to game and through storage", () => {
  it("a rematch keeps it; a table taken up from its carry, its saved state or a snapshot keeps it", () => {
    const { commands, log } = newTable({ players: 2 });
    log.push(...commands.list(HOST, "nb", 1), ...seatEveryone(commands, 2), ...commands.start(HOST, 3));
    log.push(...playToEnd(commands, 4));
    log.push(...commands.rematch(seated(0), ALL_CONNECTED, 5), ...commands.rematch(seated(1), ALL_CONNECTED, 5));
    expect(commands.gameNumber).toBe(2);
    expect(commands.listedIn).toBe("nb");
    const start = log.findLastIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    const fromCarry = new TableFold(headerOf({ players: 2 }));
    fromCarry.resume(JSON.parse(JSON.stringify({ ...commands.carry, seq: last?.seq, at: last?.at })), log.slice(start));
    expect(fromCarry.listedIn).toBe("nb");
    const fromState = new TableFold(headerOf({ players: 2 }));
    fromState.resumeState(JSON.parse(JSON.stringify(commands.saveState())), []);
    expect(fromState.view([])).toEqual(commands.view([]));
    const client = new TableFold(headerOf({ players: 2 }));
    client.restore(commands.view([]), 0);
    expect(client.listedIn).toBe("nb");
  });

  it("a carry or a saved state stored before tables could be listed: unlisted", () => {
    const { commands } = newTable({ players: 2 });
    const { listedIn: _, ...oldState } = JSON.parse(JSON.stringify(commands.saveState()));
    const fold = new TableFold(headerOf({ players: 2 }));
    fold.resumeState(oldState, []);
    expect(fold.listedIn).toBeNull();
  });
});

describe("the lobby shows an open table while it waits, a game to watch while it is played, nothing else", () => {
  it("waiting, with its free seats; playing, with who plays; after the game, nothing", () => {
    const { commands } = newTable({ players: 3, clock: { kind: "move", seconds: 60 } });
    expect(listingOf(commands, 0, 1)).toBeNull();
    commands.list(HOST, "en", 1);
    commands.join(SPECTATOR, 1, "Bo", 2);
    expect(listingOf(commands, 2, 2)).toEqual({
      tableId: commands.id,
      status: "waiting",
      variant: "classic",
      players: 3,
      names: [null, "Bo", null],
      clock: { kind: "move", seconds: 60 },
      lang: "en",
      spectators: 2,
      since: 2,
    });
    commands.join(SPECTATOR, 0, "Aino", 3);
    commands.join(SPECTATOR, 2, "Cid", 3);
    commands.start(HOST, 4);
    expect(listingOf(commands, 5, 4)).toMatchObject({ status: "playing", names: ["Aino", "Bo", "Cid"], spectators: 5 });
    playToEnd(commands, 5);
    expect(listingOf(commands, 5, 5)).toBeNull();
  });

  it("only seats, the listing itself, the start and the end can change a listing: a move cannot", () => {
    expect([...LISTING_EVENTS].sort()).toEqual(["ended", "listing", "seated", "started", "swapped", "unseated"]);
    expect(LISTING_EVENTS.has("moved")).toBe(false);
  });
});
