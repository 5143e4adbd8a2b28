/**
 * Every language's texts at once, for tests of the pages in any language
 * (a page has only the language it shows; the others are fetched when chosen).
 */
import { en } from "../src/client/ui/i18n/en.ts";
import { fi } from "../src/client/ui/i18n/fi.ts";
import { I18n, type Language, type Translation } from "../src/client/ui/i18n/index.ts";
import { nb } from "../src/client/ui/i18n/nb.ts";
import { sv } from "../src/client/ui/i18n/sv.ts";

export const TRANSLATIONS: Readonly<Record<Language, Translation>> = { en, fi, sv, nb };

/** The page's texts in `language`. */
export function i18nIn(language: Language): I18n {
  return new I18n(TRANSLATIONS[language]);
}
