/**
 * A language's later texts (i18n/later/<language>.ts), fetched when the rest
 * of a page whose code comes in stages takes them in (`I18n.addLater`): each
 * language a file of its own, as the first texts are (load.ts).
 */
import type { LoadTranslation } from "./load.ts";

export const loadLaterTexts: LoadTranslation = (language) => {
  switch (language) {
    case "en":
      return import("./later/en.ts").then((module) => module.en);
    case "fi":
      return import("./later/fi.ts").then((module) => module.fi);
    case "sv":
      return import("./later/sv.ts").then((module) => module.sv);
    case "nb":
      return import("./later/nb.ts").then((module) => module.nb);
  }
};
