/**
 * Quick play's pairing rules, as the pool asks them, without the platform:
 * who is seated in a wave and with whom, when a seek is over by itself,
 * and the names a table is seated under.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMES, fillAt, isOver, poolTableSettings, type Seek, seatNames, wave } from "../../src/lobby/index.ts";
import { nameKey } from "../../src/protocol/index.ts";
import { checkTableSettings } from "../../src/table/index.ts";

function seek(seeker: string, since: number, options: Partial<Seek> = {}): Seek {
  return { seeker, name: seeker, since, droppedAt: null, fill: false, ...options };
}

const seekersOf = (groups: ReturnType<typeof wave>) => groups.map((group) => group.seekers.map((s) => s.seeker));

describe("a wave seats full tables of people, longest waiting first", () => {
  it("five seekers for two-player tables: the four who came first at two tables, in arrival order; the fifth waits", () => {
    const seeks = [seek("e", 5), seek("b", 2), seek("d", 4), seek("a", 1), seek("c", 3)];
    const groups = wave(seeks, 2);
    expect(seekersOf(groups)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(groups.map((group) => group.computers)).toEqual([0, 0]);
  });

  it("fewer seekers than a table has seats: no table", () => {
    expect(wave([seek("a", 1), seek("b", 2)], 3)).toEqual([]);
  });

  it("six players: six seekers make one table", () => {
    const seeks = [..."abcdef"].map((name, i) => seek(name, i));
    expect(seekersOf(wave(seeks, 6))).toEqual([[..."abcdef"]]);
  });

  it("seekers who came at the same moment are ordered by key, so that every wave decides alike", () => {
    expect(seekersOf(wave([seek("z", 7), seek("m", 7)], 2))).toEqual([["m", "z"]]);
  });
});

describe("a seeker whose socket is gone is not seated", () => {
  it("a dropped seek waits out its grace unseated, and the others are paired without it", () => {
    const seeks = [seek("a", 1, { droppedAt: 10 }), seek("b", 2), seek("c", 3)];
    expect(seekersOf(wave(seeks, 2))).toEqual([["b", "c"]]);
  });

  it("a seek is over once its socket has been gone for the grace, or it has lived its lifetime", () => {
    const { dropGraceMs, lifetimeMs } = DEFAULT_TIMES;
    expect(isOver(seek("a", 0, { droppedAt: 100 }), 100 + dropGraceMs - 1, DEFAULT_TIMES)).toBeUndefined();
    expect(isOver(seek("a", 0, { droppedAt: 100 }), 100 + dropGraceMs, DEFAULT_TIMES)).toBe("dropped");
    expect(isOver(seek("a", 0), lifetimeMs - 1, DEFAULT_TIMES)).toBeUndefined();
    expect(isOver(seek("a", 0), lifetimeMs, DEFAULT_TIMES)).toBe("expired");
  });
});

describe("computer players fill the seats of those who asked for them, and only theirs", () => {
  it("computers are offered 20 seconds after the seek began", () => {
    expect(fillAt({ since: 1000 }, DEFAULT_TIMES)).toBe(21_000);
  });

  it("one who asked sits with computers in every other seat", () => {
    const groups = wave([seek("a", 1, { fill: true })], 4);
    expect(groups).toEqual([{ seekers: [seek("a", 1, { fill: true })], computers: 3 }]);
  });

  it("those who asked sit together, the rest waits; people first fill whole tables whether they asked or not", () => {
    const seeks = [
      seek("a", 1, { fill: true }),
      seek("b", 2),
      seek("c", 3, { fill: true }),
      seek("d", 4),
      seek("e", 5),
    ];
    const groups = wave(seeks, 3);
    expect(seekersOf(groups)).toEqual([["a", "b", "c"]]);
    expect(groups.map((group) => group.computers)).toEqual([0]);
    // Of the two left, neither asked: both wait. Had one asked, it would sit alone with computers.
    const asked = wave([...seeks.slice(0, 4), seek("e", 5, { fill: true })], 3);
    expect(seekersOf(asked)).toEqual([["a", "b", "c"], ["e"]]);
    expect(asked.map((group) => group.computers)).toEqual([0, 2]);
  });

  it("a seek is in at most one table of a wave", () => {
    const seeks = [..."abcdefg"].map((name, i) => seek(name, i, { fill: i % 2 === 0 }));
    const seated = wave(seeks, 2).flatMap((group) => group.seekers.map((s) => s.seeker));
    expect(new Set(seated).size).toBe(seated.length);
  });
});

describe("a table is seated under distinct names", () => {
  it("names that a table would take for the same get a number after them", () => {
    expect(seatNames(["Anna", "anna", "ANNA", "Bo"], 4)).toEqual(["Anna", "anna 2", "ANNA 3", "Bo"]);
  });

  it("no one goes by a computer player's name", () => {
    expect(seatNames(["Computer 2"], 2)).toEqual(["Computer 2 2"]);
    expect(seatNames(["Computer 2", "Computer 2"], 2)).toEqual(["Computer 2", "Computer 2 2"]);
  });

  it("a long name is cut to make room for its number, never a character in two", () => {
    const long = `${"Å".repeat(22)}😀`;
    const [first, second] = seatNames([long, long], 2);
    expect(first).toBe(long);
    expect(second).toBe(`${"Å".repeat(22)} 2`);
    expect(nameKey(second as string)).not.toBe(nameKey(first as string));
  });
});

describe("a pool's tables are the game its seekers asked for", () => {
  it("players, variant and clock from the pool; the rest the rules' defaults; started when full", () => {
    const settings = poolTableSettings({ players: 3, variant: "classic", clock: "live" });
    expect(settings).toMatchObject({
      players: 3,
      variant: "classic",
      clock: { kind: "bank", seconds: 300, increment: 5 },
      startWhenFull: true,
      firstPlayer: null,
    });
    for (const variant of ["classic", "capture"] as const) {
      for (const players of [2, 3, 4, 6] as const) {
        for (const clock of ["live", "long"] as const) {
          expect(() => checkTableSettings(poolTableSettings({ players, variant, clock }))).not.toThrow();
        }
      }
    }
  });
});
