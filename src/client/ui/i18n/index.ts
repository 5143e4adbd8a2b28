/**
 * The page's languages: English, Finnish, Swedish and Norwegian Bokmål, one
 * file each. Chosen from the browser's languages unless the visitor picked
 * one (kept in localStorage), switchable at any time.
 */
import type { ErrorCode } from "../../../protocol/index.ts";
import type { Point } from "../../../rules/index.ts";
import type { ClientErrorCode } from "../../sdk/index.ts";
import { en, type MessageKey, type Translation } from "./en.ts";
import { fi } from "./fi.ts";
import { nb } from "./nb.ts";
import { sv } from "./sv.ts";

export type { MessageKey } from "./en.ts";

/**
 * A text that depends on a count is written once per plural category of
 * `Intl.PluralRules`: `points_one`, `points_other`. English, Finnish, Swedish
 * and Norwegian use just these two; `count` picks the form.
 */
export type CountedKey = MessageKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

export const LANGUAGES = ["en", "fi", "sv", "nb"] as const;
export type Language = (typeof LANGUAGES)[number];

export const TRANSLATIONS: Readonly<Record<Language, Translation>> = { en, fi, sv, nb };

const STORAGE_KEY = "chinese-checkers:language";

/** The first of the browser's languages that the page speaks, else English. Norwegian and Nynorsk fall back to Bokmål. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "no" || base === "nn") return "nb";
    if (isLanguage(base)) return base;
  }
  return "en";
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/**
 * A text set apart from its surroundings for the bidirectional algorithm
 * (U+2068 first strong isolate … U+2069 pop directional isolate): how a name
 * goes inside a sentence, an attribute or an announcement, where a `<bdi>`
 * element cannot. A text that already ends in isolates at both ends (a list
 * of names, each isolated) is left as it is: what lies between its isolates
 * is neutral punctuation that follows the sentence.
 */
export function isolate(text: string): string {
  return text.startsWith(FIRST_STRONG_ISOLATE) && text.endsWith(POP_DIRECTIONAL_ISOLATE)
    ? text
    : `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** The current language and the text in it. */
export class I18n {
  language: Language;
  private readonly listeners = new Set<() => void>();

  constructor(language: Language) {
    this.language = language;
  }

  /** From `?lang=`, then the visitor's earlier choice, then the browser's languages. */
  static detect(search: string, storage: Storage | undefined, browser: readonly string[]): I18n {
    const fromQuery = new URLSearchParams(search).get("lang");
    if (isLanguage(fromQuery)) return new I18n(fromQuery);
    let stored: string | null = null;
    try {
      stored = storage?.getItem(STORAGE_KEY) ?? null;
    } catch {
      // Storage may be refused (private mode, third-party iframe).
    }
    return new I18n(isLanguage(stored) ? stored : pickLanguage(browser));
  }

  set(language: Language, storage?: Storage): void {
    this.language = language;
    try {
      storage?.setItem(STORAGE_KEY, language);
    } catch {
      // Not kept: the choice lasts for this page.
    }
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /**
   * The text of `key` with its `{params}` filled in. Every text filled in is
   * isolated (as Fluent's `useIsolating` does): a player's name, which may be
   * written right to left, cannot reorder the sentence around it.
   */
  t(key: MessageKey, params: Record<string, string | number> = {}): string {
    return TRANSLATIONS[this.language].messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : typeof value === "string" ? isolate(value) : String(value);
    });
  }

  /** A counted text in the form the language uses for `n`, with `{n}` filled in. */
  count(key: CountedKey, n: number, params: Record<string, string | number> = {}): string {
    const form = `${key}_${new Intl.PluralRules(this.language).select(n)}`;
    const messages = TRANSLATIONS[this.language].messages;
    return this.t(form in messages ? (form as MessageKey) : `${key}_other`, { n, ...params });
  }

  /** Names joined as the language lists them: "Aino, Bjørn and Cecilia". */
  list(items: readonly string[]): string {
    return new Intl.ListFormat(this.language, { type: "conjunction" }).format(items.map(isolate));
  }

  error(code: ErrorCode | ClientErrorCode): string {
    return TRANSLATIONS[this.language].errors[code];
  }

  colour(point: Point): string {
    return this.t(`colour_${point}`);
  }
}
