/**
 * A language's texts, fetched when the page first needs them: a visitor
 * downloads only the language they read, English included, each a file of
 * its own (public/build/i18n/<language>-<hash>.js). The page's HTML, as the
 * worker serves it, preloads the file of the language the page will choose
 * (src/server/http/pages.ts), so the `import()` here finds it fetched or on
 * its way, with no round trip of its own.
 */
import type { Translation } from "./en.ts";
import type { Language } from "./languages.ts";

export type LoadTranslation = (language: Language) => Promise<Translation>;

export const loadTranslation: LoadTranslation = (language) => {
  switch (language) {
    case "en":
      return import("./en.ts").then((module) => module.en);
    case "fi":
      return import("./fi.ts").then((module) => module.fi);
    case "sv":
      return import("./sv.ts").then((module) => module.sv);
    case "nb":
      return import("./nb.ts").then((module) => module.nb);
  }
};
