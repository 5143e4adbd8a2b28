/**
 * The rules page's texts, one module per language, loaded when the page
 * needs them: each is a file of its own in the build, apart from the main
 * bundle that every page loads.
 */
import type { Language } from "../i18n/index.ts";
import type { RulesText } from "./outline.ts";

export function loadRules(language: Language): Promise<RulesText> {
  switch (language) {
    case "en":
      return import("./en.ts").then((module) => module.rules);
    case "fi":
      return import("./fi.ts").then((module) => module.rules);
    case "sv":
      return import("./sv.ts").then((module) => module.rules);
    case "nb":
      return import("./nb.ts").then((module) => module.rules);
  }
}
