/**
 * The languages the page speaks, and which one a browser prefers: what the
 * page needs before any translation has arrived (each but English is a file
 * of its own, loaded when chosen: load.ts).
 */
export const LANGUAGES = ["en", "fi", "sv", "nb"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the language switch, which lists them all before any is loaded. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  fi: "Suomi",
  sv: "Svenska",
  nb: "Norsk bokmål",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages that the page speaks, else English. Norwegian and Nynorsk fall back to Bokmål. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "no" || base === "nn") return "nb";
    if (isLanguage(base)) return base;
  }
  return "en";
}
