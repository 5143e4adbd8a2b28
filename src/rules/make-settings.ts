import { RulesError } from "./errors.ts";
import { DEFAULT_SETTINGS, type Settings, type SettingsRefusal } from "./settings.ts";
import { isVariant, variantNamed } from "./variants/index.ts";

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
