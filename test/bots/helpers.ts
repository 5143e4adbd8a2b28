/** Random positions of every setting for the computer players' property tests, and a readable name for a setting. */
import fc from "fast-check";
import { playRandomTurn, seededRandom } from "../../src/bots/random.ts";
import { Game, type Settings } from "../../src/rules/index.ts";
import { legalSettings } from "../rules/helpers.ts";

export const LEGAL_SETTINGS = legalSettings();

export interface RandomPosition {
  readonly settings: Settings;
  readonly firstPlayer: number;
  readonly turns: number;
  readonly seed: number;
  /** A player who leaves before the given turn. */
  readonly resign: { readonly at: number; readonly player: number } | null;
}

export const randomPositions: fc.Arbitrary<RandomPosition> = fc.record({
  settings: fc.constantFrom(...LEGAL_SETTINGS),
  firstPlayer: fc.nat(5),
  turns: fc.nat(160),
  seed: fc.integer(),
  resign: fc.option(fc.record({ at: fc.nat(160), player: fc.nat(5) }), { freq: 4 }),
});

/** The game a random position describes: random turns (a chain stopping at random), and perhaps a player leaving. */
export function randomGame({ settings, firstPlayer, turns, seed, resign }: RandomPosition): Game {
  const game = Game.create(settings, { firstPlayer: firstPlayer % settings.players });
  const random = seededRandom(seed);
  for (let turn = 0; turn < turns && !game.isOver; turn++) {
    if (resign?.at === turn) {
      game.resign(resign.player % settings.players);
      if (game.isOver) break;
    }
    playRandomTurn(game, random, 0.3);
  }
  return game;
}

export function describeSettings({ variant, players, colours, pieces, longJump, teams }: Settings): string {
  const options = [
    colours > 1 ? `${colours} colours each` : "",
    pieces === 15 ? "15 pieces" : "",
    longJump ? "long jumps" : "",
    teams ? "teams" : "",
  ].filter(Boolean);
  return `${variant}, ${players} players${options.length > 0 ? ` (${options.join(", ")})` : ""}`;
}
