/**
 * The two checks of a name at a table, for a seat and for a spectator's chat
 * alike: it is a valid name (`NameSchema`), and no seated player goes by it
 * (compared by `nameKey`), so that no one can pass for a player.
 */
import { checked, NameSchema, nameKey } from "../protocol/index.ts";
import { TableError } from "./errors.ts";

/** The name normalised, or `bad-name` saying what is wrong with it. */
export function checkedName(name: string): string {
  const result = checked(NameSchema, name);
  if (!result.ok) throw new TableError("bad-name", result.message);
  return result.value;
}

/** `name-taken` when a seated player (`names`, by seat) goes by `name`. */
export function requireNameFree(name: string, names: readonly (string | null)[]): void {
  const key = nameKey(name);
  const twin = names.findIndex((other) => other !== null && nameKey(other) === key);
  if (twin >= 0) throw new TableError("name-taken", `seat ${twin + 1} is already called that`);
}
