import { POINTS, type Point } from "./board.ts";
import { RulesError } from "./errors.ts";

export type Variant = "classic" | "capture";

/** Everything that decides which game is played. */
export interface Settings {
  readonly variant: Variant;
  readonly players: number;
  /** Colours (points) each player controls in the race variants. */
  readonly colours: 1 | 2 | 3;
  /** Pieces per colour in the race variants: 15 only with two players of one colour. */
  readonly pieces: 10 | 15;
  /** "Super Chinese Checkers": jumps over a distant piece. */
  readonly longJump: boolean;
  /** Six players in three teams of two, partners on opposite points. */
  readonly teams: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  variant: "classic",
  players: 2,
  colours: 1,
  pieces: 10,
  longJump: false,
  teams: false,
};

/**
 * The colours of each player in seat order, for each (players, colours)
 * combination the race variants allow. Turns go clockwise colour by colour.
 */
const SEATING: Record<string, readonly (readonly Point[])[]> = {
  "2x1": [["N"], ["S"]],
  "3x1": [["N"], ["SE"], ["SW"]],
  "4x1": [["NE"], ["SE"], ["SW"], ["NW"]],
  "6x1": [["N"], ["NE"], ["SE"], ["S"], ["SW"], ["NW"]],
  "2x2": [
    ["NE", "SW"],
    ["SE", "NW"],
  ],
  "2x3": [
    ["N", "SE", "SW"],
    ["S", "NW", "NE"],
  ],
  "3x2": [
    ["N", "S"],
    ["NE", "SW"],
    ["SE", "NW"],
  ],
};

/** Completes partial settings with the defaults and refuses any combination the rules do not define. */
export function makeSettings(partial: Partial<Settings> = {}): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS, ...partial };
  const refuse = (field: keyof Settings, message: string): never => {
    throw new RulesError("invalid-settings", message, field);
  };
  const { variant, players, colours, pieces, teams } = settings;
  if (variant !== "classic" && variant !== "capture") refuse("variant", `unknown variant "${variant}"`);
  if (!Number.isInteger(players) || players < 2 || players > 6) refuse("players", "players must be 2 to 6");
  if (colours !== 1 && colours !== 2 && colours !== 3) refuse("colours", "colours per player must be 1, 2 or 3");
  if (pieces !== 10 && pieces !== 15) refuse("pieces", "pieces must be 10 or 15");
  if (typeof settings.longJump !== "boolean") refuse("longJump", "longJump must be true or false");
  if (typeof teams !== "boolean") refuse("teams", "teams must be true or false");
  if (variant === "capture") {
    if (colours !== 1) refuse("colours", "the capture variant has no colours: pieces belong to nobody");
    if (pieces !== 10) refuse("pieces", "the capture variant always starts with 60 pieces on the hexagon");
    if (teams) refuse("teams", "the capture variant has no teams");
    return settings;
  }
  if (players === 5) refuse("players", "five players cannot share the star fairly: choose 2, 3, 4 or 6");
  if (!SEATING[`${players}x${colours}`]) {
    refuse("colours", `${players} players cannot play ${colours} colours each: use 1, or 2×2, 2×3 or 3×2`);
  }
  if (pieces === 15 && (players !== 2 || colours !== 1))
    refuse("pieces", "15 pieces are for two players of one colour");
  if (teams && (players !== 6 || colours !== 1)) refuse("teams", "teams are for six players of one colour");
  return settings;
}

/** The colours of each player, in seat order (race variants). */
export function seating(settings: Settings): readonly (readonly Point[])[] {
  const seats = SEATING[`${settings.players}x${settings.colours}`];
  if (!seats) throw new RulesError("invalid-settings", "no seating for these settings", "players");
  return seats;
}

/** The team of each player when teams are on: partners sit on opposite points. */
export function teamOf(settings: Settings, player: number): number {
  if (!settings.teams) return player;
  return POINTS.indexOf(seating(settings)[player][0]) % 3;
}
