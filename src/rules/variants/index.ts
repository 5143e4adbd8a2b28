/**
 * The registry of variants. Every rule that differs between variants lives
 * in the variant's own file; a new variant is one more file implementing
 * `VariantRules` and `Position` (see position.ts) and one more line here.
 */
import type { VariantRules } from "../position.ts";
import { capture } from "./capture.ts";
import { race } from "./race.ts";

export const VARIANTS = [race, capture] as const;

/** A variant's name, the `variant` of its settings. */
export type Variant = (typeof VARIANTS)[number]["name"];

const BY_NAME = new Map<string, VariantRules>(VARIANTS.map((rules) => [rules.name, rules]));

/** Whether a name from outside (settings, a record) names a registered variant. */
export function isVariant(name: string): name is Variant {
  return BY_NAME.has(name);
}

/** The variant of this name. */
export function variantNamed(name: Variant): VariantRules {
  return BY_NAME.get(name) as VariantRules;
}
