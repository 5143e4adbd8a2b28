/**
 * The registry of variants. Every rule that differs between variants lives
 * in the variant's own file; a new variant is one more file implementing
 * `VariantRules` and `Position` (see position.ts), its name in
 * `VARIANT_NAMES` (settings.ts) and one more entry here, which the
 * compiler asks for.
 */
import type { VariantCapabilities, VariantRules } from "../position.ts";
import { VARIANT_NAMES, type Variant } from "../settings.ts";
import { capture } from "./capture.ts";
import { race } from "./race.ts";

/** Each variant's rules under its name: a name without its variant, or a variant under another's name, does not compile. */
const BY_NAME: { readonly [Name in Variant]: VariantRules<Name> } = { classic: race, capture };

/** The variants in the order of their names. */
export const VARIANTS: readonly VariantRules<Variant>[] = VARIANT_NAMES.map((name) => BY_NAME[name]);

/** Whether a name from outside (settings, a record) names a registered variant. */
export function isVariant(name: string): name is Variant {
  return Object.hasOwn(BY_NAME, name);
}

/** The variant of this name. */
export function variantNamed(name: Variant): VariantRules<Variant> {
  return BY_NAME[name];
}

/** What the variant of these settings can do: a page asks this, never the variant's name. */
export function variantOf(settings: { readonly variant: Variant }): VariantCapabilities {
  const { captures, colours, landings } = variantNamed(settings.variant);
  return { captures, colours, landings };
}
