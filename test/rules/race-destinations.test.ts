/**
 * `raceDestinations` on a board of the caller's own: the computer players
 * search on a copy of the cells, coded their own way, so every value but 0
 * must count as a piece and the board must come back as it was.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Game, HOLE_COUNT, type Hole, raceDestinations, type Settings } from "../../src/rules/index.ts";
import { legalSettings, referenceDestinations } from "./helpers.ts";

const RACE_SETTINGS = legalSettings().filter((settings) => settings.variant === "classic");

describe("raceDestinations lists where a piece can go on any board whose empty holes are 0", () => {
  it("matches the reference generator on boards recoded with any non-zero values, and leaves them as they were", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RACE_SETTINGS),
        fc.array(fc.nat(), { maxLength: 80 }),
        fc.integer({ min: 1, max: 255 }),
        (settings: Settings, choices: number[], code: number) => {
          const game = Game.create(settings);
          for (const choice of choices) {
            if (game.isOver) break;
            if (game.mustPass) game.play("pass");
            else game.commit({ kind: "move", player: game.turn?.player ?? 0, move: pick(game, choice) });
          }
          const cells = Uint8Array.from(game.board(), (occupant, hole) =>
            occupant === null ? 0 : 1 + ((hole * code) % 255),
          );
          const before = Uint8Array.from(cells);
          const out = new Int16Array(HOLE_COUNT);
          for (let from = 0; from < HOLE_COUNT; from++) {
            if (cells[from] === 0) continue;
            const count = raceDestinations(cells, from, settings.longJump, out, 0);
            const listed: Hole[] = Array.from(out.subarray(0, count));
            expect(new Set(listed).size).toBe(count);
            expect(new Set(listed)).toEqual(referenceDestinations(game, from));
            expect(cells).toEqual(before);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

function pick(game: Game, choice: number) {
  const moves = game.legalMoves();
  return moves[choice % moves.length];
}
