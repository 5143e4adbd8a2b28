/**
 * A language's texts, fetched when the page first needs them: a visitor
 * downloads only the language they read. English is in the main bundle
 * nonetheless: most visitors read it (one file, no second request), and it
 * is what the page falls back to when another language's file cannot be
 * fetched, so a failed load never leaves a page without text.
 */
import { en, type Translation } from "./en.ts";
import type { Language } from "./languages.ts";

export type LoadTranslation = (language: Language) => Promise<Translation>;

export const loadTranslation: LoadTranslation = (language) => {
  switch (language) {
    case "en":
      return Promise.resolve(en);
    case "fi":
      return import("./fi.ts").then((module) => module.fi);
    case "sv":
      return import("./sv.ts").then((module) => module.sv);
    case "nb":
      return import("./nb.ts").then((module) => module.nb);
  }
};
