/** The pieces of a new game, for a board shown before any game has started. */
import { Game, type Point, type Settings } from "../../rules/index.ts";

export function startingPieces(settings: Partial<Settings>): Record<string, Point | "neutral"> {
  return Game.create(settings).pieces();
}
