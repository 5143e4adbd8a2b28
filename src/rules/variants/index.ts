/**
 * The registry of variants. Every rule that differs between variants lives
 * in the variant's own file; a new variant is one more file implementing
 * `VariantRules` and `Position` (see position.ts) and one more line here.
 */
import type { VariantCapabilities, VariantRules } from "../position.ts";
import { capture } from "./capture.ts";
import { race } from "./race.ts";

export const VARIANTS = [race, capture] as const;

/** A variant's name, the `variant` of its settings. */
export type Variant = (typeof VARIANTS)[number]["name"];

/** The names of a tuple of variants, as a tuple. */
type NamesOf<T extends readonly VariantRules[]> = {
  readonly [K in keyof T]: T[K] extends VariantRules<infer Name> ? Name : never;
};

/** The variants' names in the registry's order, as a tuple (the wire's `z.enum`, and pages that list the variants). */
export const VARIANT_NAMES = VARIANTS.map((rules) => rules.name) as unknown as NamesOf<typeof VARIANTS>;

const BY_NAME = new Map<string, VariantRules>(VARIANTS.map((rules) => [rules.name, rules]));

/** Whether a name from outside (settings, a record) names a registered variant. */
export function isVariant(name: string): name is Variant {
  return BY_NAME.has(name);
}

/** The variant of this name. */
export function variantNamed(name: Variant): VariantRules {
  return BY_NAME.get(name) as VariantRules;
}

/** What the variant of these settings can do: a page asks this, never the variant's name. */
export function variantOf(settings: { readonly variant: Variant }): VariantCapabilities {
  const { captures, colours, landings } = variantNamed(settings.variant);
  return { captures, colours, landings };
}
