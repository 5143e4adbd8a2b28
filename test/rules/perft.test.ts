import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game, parseMove, perft, type Settings } from "../../src/rules/index.ts";

interface PerftCase {
  settings: { players: number; colours: number; pieces: number; long_jump: boolean; capture: boolean };
  moves: string;
  depth: number;
  nodes: number;
}

function perftAfter(settings: Partial<Settings>, moves: string, depth: number): number {
  const game = Game.replay(settings, {}, moves.split(/\s+/).filter(Boolean).map(parseMove));
  return perft(game.searchPosition, depth);
}

function casesFrom(path: URL): PerftCase[] {
  return JSON.parse(readFileSync(path, "utf8")) as PerftCase[];
}

describe("perft from the start matches the known counts", () => {
  it.each([
    [{ players: 2 }, 1, 14],
    [{ players: 2 }, 2, 196],
    [{ players: 2 }, 3, 4760],
    [{ players: 2 }, 4, 115600],
    [{ players: 4 }, 3, 2786],
    [{ players: 2, pieces: 15 }, 1, 22],
    [{ variant: "capture" }, 1, 54],
    [{ variant: "capture" }, 2, 3600],
    [{ variant: "capture", longJump: true }, 2, 3804],
    [{ variant: "capture", longJump: true }, 3, 328614],
  ] as [Partial<Settings>, number, number][])("%o at depth %i counts %i", (settings, depth, nodes) => {
    expect(perftAfter(settings, "", depth)).toBe(nodes);
  });
});

/** Eight plies into a two-player capture game, where the chains have begun to multiply. */
const EIGHT_PLIES = "f5-f3 f7-f5 i2-g2 k4-i2 g7-i5 f9-f7 m6-k4 j5-l5";

describe("capture perft counts what bench/native's independent counter counts", () => {
  // perft-native --capture [--long-jump] [--moves "…"] DEPTH gives the same counts.
  it.each([
    [{ variant: "capture" }, EIGHT_PLIES, 1, 692828],
    [{ variant: "capture", longJump: true }, EIGHT_PLIES, 1, 900096],
    // l8-j8-p1 jumps m8 along the line through k8, which its first leg captured.
    [{ variant: "capture", longJump: true }, "j8-j10 l8-j8-p1", 1, 95],
  ] as [Partial<Settings>, string, number, number][])(
    "%o after %s at depth %i counts %i",
    (settings, moves, depth, nodes) => {
      expect(perftAfter(settings, moves, depth)).toBe(nodes);
    },
  );
});

describe("perft from mid-game positions matches an independent generator", () => {
  const committed = casesFrom(new URL("./perft-cases.json", import.meta.url));
  // The shared folder beside the repository may carry newer cases than the committed copy.
  const sharedPath = new URL("../../../shared/perft-cases.json", import.meta.url);
  const shared = existsSync(sharedPath) ? casesFrom(sharedPath) : [];
  const seen = new Set(committed.map((c) => JSON.stringify(c)));
  const cases = [...committed, ...shared.filter((c) => !seen.has(JSON.stringify(c)))];

  it.each(cases.map((c, i) => [i + 1, c] as const))("case %i", (_, { settings, moves, depth, nodes }) => {
    const counted = perftAfter(
      {
        variant: settings.capture ? "capture" : "classic",
        players: settings.players,
        colours: settings.colours as Settings["colours"],
        pieces: settings.pieces as Settings["pieces"],
        longJump: settings.long_jump,
      },
      moves,
      depth,
    );
    expect(counted).toBe(nodes);
  });
});

describe("perft of a finished game", () => {
  it("is 0", () => {
    const game = Game.create({ variant: "capture" });
    while (!game.isOver) game.apply({ kind: "path", path: game.legalMoves()[0].path });
    expect(perft(game.searchPosition, 1)).toBe(0);
    expect(perft(game.searchPosition, 3)).toBe(0);
  });
});
