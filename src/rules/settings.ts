import { RulesError } from "./errors.ts";
import { isVariant, type Variant, variantNamed } from "./variants/index.ts";

/** Everything that decides which game is played. */
export interface Settings {
  readonly variant: Variant;
  readonly players: number;
  /** Colours (points) each player controls in the race. */
  readonly colours: 1 | 2 | 3;
  /** Pieces per colour in the race: 15 only with two players of one colour. */
  readonly pieces: 10 | 15;
  /** "Super Chinese Checkers": jumps over a distant piece. */
  readonly longJump: boolean;
  /** Six players in three teams of two, partners on opposite points. */
  readonly teams: boolean;
}

/** Why settings are refused: the field at fault and what is wrong with it. */
export interface SettingsRefusal {
  readonly field: keyof Settings;
  readonly message: string;
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
 * Completes partial settings with the defaults and refuses any combination
 * the rules do not define: first the ranges every variant shares, then the
 * variant's own rules.
 */
export function makeSettings(partial: Partial<Settings> = {}): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS, ...partial };
  const refusal = commonRefusal(settings) ?? variantNamed(settings.variant).checkSettings(settings);
  if (refusal) throw new RulesError("invalid-settings", refusal.message, refusal.field);
  return settings;
}

function commonRefusal(settings: Settings): SettingsRefusal | undefined {
  const { variant, players, colours, pieces, longJump, teams } = settings;
  if (!isVariant(variant)) return { field: "variant", message: `unknown variant "${variant}"` };
  if (!Number.isInteger(players) || players < 2 || players > 6)
    return { field: "players", message: "players must be 2 to 6" };
  if (colours !== 1 && colours !== 2 && colours !== 3)
    return { field: "colours", message: "colours per player must be 1, 2 or 3" };
  if (pieces !== 10 && pieces !== 15) return { field: "pieces", message: "pieces must be 10 or 15" };
  if (typeof longJump !== "boolean") return { field: "longJump", message: "longJump must be true or false" };
  if (typeof teams !== "boolean") return { field: "teams", message: "teams must be true or false" };
  return undefined;
}
