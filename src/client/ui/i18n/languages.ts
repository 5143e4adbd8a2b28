/**
 * The languages the page speaks, and which one a browser prefers: what the
 * page needs before any translation has arrived (each language is a file of
 * its own, loaded when chosen: load.ts). The list and the choice are the
 * protocol's (src/protocol/language.ts), where the worker finds them too: it
 * preloads the texts of the language the page will choose.
 */
import type { Language } from "../../../protocol/language.ts";

export {
  chooseLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGES,
  type Language,
  pickLanguage,
} from "../../../protocol/language.ts";

/** Each language's name in itself, for the language switch, which lists them all before any is loaded. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  fi: "Suomi",
  sv: "Svenska",
  nb: "Norsk bokmål",
};
