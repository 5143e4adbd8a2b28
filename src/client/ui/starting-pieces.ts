/** The pieces of a new game, for a board shown before any game has started. */
import { Game, holeName, type Point, type Settings } from "../../rules/index.ts";

export function startingPieces(settings: Partial<Settings>): Record<string, Point | "neutral"> {
  const pieces: Record<string, Point | "neutral"> = {};
  for (const [hole, occupant] of Game.create(settings).board().entries())
    if (occupant) pieces[holeName(hole)] = occupant;
  return pieces;
}
