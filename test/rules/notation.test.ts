import { describe, expect, it } from "vitest";
import {
  formatMove,
  formatPath,
  formatPathNames,
  HOLE_COUNT,
  holeName,
  parseHole,
  parseMove,
} from "../../src/rules/index.ts";
import { holes, refusal } from "./helpers.ts";

describe("a move is written as holes joined by '-'", () => {
  it("reads a step, a chain with every landing, and a chain's ends", () => {
    expect(parseMove("d2-e3")).toEqual({ kind: "path", path: holes("d2 e3") });
    expect(parseMove("c2-e4-g4")).toEqual({ kind: "path", path: holes("c2 e4 g4") });
    expect(parseMove("c2-g4")).toEqual({ kind: "path", path: holes("c2 g4") });
  });

  it("reads pass, and resign(P) for player P counted from 1", () => {
    expect(parseMove("pass")).toEqual({ kind: "pass" });
    expect(parseMove("resign(1)")).toEqual({ kind: "resign", player: 0 });
    expect(parseMove("resign(6)")).toEqual({ kind: "resign", player: 5 });
  });

  it("ignores spaces around the move", () => {
    expect(parseMove("  d2-e3 ")).toEqual(parseMove("d2-e3"));
  });

  it("writes what it reads", () => {
    for (const text of ["d2-e3", "c2-e4-g4", "pass", "resign(3)", "a1-q1", "m13-e1"])
      expect(formatMove(parseMove(text))).toBe(text);
    expect(formatPath(holes("g6 i6 i8"))).toBe("g6-i6-i8");
  });

  it("writes a path of hole names, as a board picks it, the same way", () => {
    expect(formatPathNames(["g6", "i6", "i8"])).toBe("g6-i6-i8");
    expect(formatPathNames(["g6", "i6", "i8"])).toBe(formatPath(holes("g6 i6 i8")));
    expect(parseMove(formatPathNames(["c2", "e4", "g4"]))).toEqual({ kind: "path", path: holes("c2 e4 g4") });
  });

  it("round-trips every hole name", () => {
    for (let hole = 0; hole < HOLE_COUNT; hole++) expect(parseHole(holeName(hole))).toBe(hole);
  });
});

describe("anything else is bad notation", () => {
  it.each([
    "",
    "d2",
    "d2-",
    "-e3",
    "d2--e3",
    "d2 e3",
    "d2 - e3",
    "D2-E3",
    "z1-e3",
    "d5-e3",
    "d2-e14",
    "d0-e3",
    "i05-i6",
    "passes",
    "Pass",
    "resign(0)",
    "resign(7)",
    "resign",
    "resign(1",
    "d2–e3",
  ])("refuses %j", (text) => {
    expect(refusal(() => parseMove(text)).code).toBe("bad-notation");
  });

  it("names the bad hole in the message", () => {
    expect(refusal(() => parseMove("d2-x9")).message).toContain('"x9"');
    expect(refusal(() => parseHole("r1")).code).toBe("bad-notation");
  });
});
