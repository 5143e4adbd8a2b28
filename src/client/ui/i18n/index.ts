/**
 * The page's languages: English, Finnish, Swedish and Norwegian Bokmål, one
 * file each, loaded when chosen (load.ts). Chosen from the browser's
 * languages unless the visitor picked one (kept in localStorage, and in a
 * cookie for the worker, which preloads the page's texts in that language),
 * switchable at any time.
 */
import type { ErrorCode } from "../../../protocol/index.ts";
import type { Point } from "../../../rules/index.ts";
import type { ClientErrorCode } from "../../sdk/errors.ts";
import type { MessageKey, Translation } from "./en.ts";
import { chooseLanguage, isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, type Language } from "./languages.ts";
import { type LoadTranslation, loadTranslation } from "./load.ts";

export type { MessageKey, Translation } from "./en.ts";
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, pickLanguage } from "./languages.ts";

/**
 * A text that depends on a count is written once per plural category of
 * `Intl.PluralRules`: `points_one`, `points_other`. English, Finnish, Swedish
 * and Norwegian use just these two; `count` picks the form.
 */
export type CountedKey = MessageKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

const STORAGE_KEY = "chinese-checkers:language";

/** What the console is told of a text the page's texts do not have (the browser tests look for it). */
export const MISSING_TEXT = "no text in this page's texts for";

/** Where a page's cookies are: its `document`. */
export interface Cookies {
  cookie: string;
}

/** The visitor's earlier choice as the storage keeps it, if it names a language. */
function storedLanguage(storage: Storage | undefined): Language | null {
  try {
    const stored = storage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage may be refused (private mode, third-party iframe).
    return null;
  }
}

/** The visitor's earlier choice as the cookie the worker reads has it, if it names a language. */
function cookieLanguage(cookies: Cookies | undefined): Language | null {
  for (const pair of cookies?.cookie.split(";") ?? []) {
    const [name, value] = pair.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** Writes the choice where the worker reads it, for a year. */
function writeLanguageCookie(language: Language, cookies: Cookies | undefined): void {
  if (!cookies) return;
  try {
    cookies.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  } catch {
    // Cookies may be refused (a sandboxed frame): the worker then preloads by the browser's languages.
  }
}

/**
 * The page's language: from `?lang=`, then the visitor's earlier choice
 * (the storage's, else the cookie's), then the browser's languages, as the
 * worker chooses the language whose texts it preloads (chooseLanguage).
 */
export function detectLanguage(
  search: string,
  storage: Storage | undefined,
  browser: readonly string[],
  cookies?: Cookies,
): Language {
  const fromQuery = new URLSearchParams(search).get("lang");
  return chooseLanguage(fromQuery, storedLanguage(storage) ?? cookieLanguage(cookies), browser);
}

/**
 * A choice kept in the storage before the cookie was written beside it, or
 * whose cookie has gone, is written to the cookie too: the page's next HTML
 * preloads its texts.
 */
export function keepLanguageCookie(storage: Storage | undefined, cookies: Cookies | undefined): void {
  const stored = storedLanguage(storage);
  if (stored && cookieLanguage(cookies) !== stored) writeLanguageCookie(stored, cookies);
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

/** A language's first texts with its later ones. */
function withLater(first: Translation, later: Translation): Translation {
  return {
    language: first.language,
    messages: { ...first.messages, ...later.messages },
    errors: { ...first.errors, ...later.errors },
  };
}

/**
 * The current language and the text in it. Its texts are at hand whenever
 * it is asked for one (so every page renders synchronously); a switch to
 * another language fetches that language's texts first.
 */
export class I18n {
  private translation: Translation;
  /** The language of the latest switch asked for: a slower one asked for before it is dropped when it arrives. */
  private wanted: Language;
  private readonly listeners = new Set<() => void>();
  /** Fetches a language's texts: its first, and once `addLater` has been called its later ones too. */
  private load: LoadTranslation;

  /** In the language of `translation`; `load` fetches the texts of a language switched to. */
  constructor(translation: Translation, load: LoadTranslation = loadTranslation) {
    this.translation = translation;
    this.load = load;
    this.wanted = translation.language;
  }

  /**
   * In `language` once its texts have arrived; in English if they cannot be
   * fetched, rather than no page (English's file is then fetched: no
   * language's texts are in the pages' shared code).
   */
  static async start(language: Language, load: LoadTranslation = loadTranslation): Promise<I18n> {
    const translation = await load(language).catch((error: unknown) =>
      language === "en" ? Promise.reject(error) : load("en"),
    );
    return new I18n(translation, load);
  }

  get language(): Language {
    return this.translation.language;
  }

  /**
   * Switches to `language` once its texts have arrived, keeps the choice in
   * `storage` and in `cookies` (the document's, which the worker reads to
   * preload the page's texts), and tells every listener; until then the
   * page stays as it is.
   * Whether the page now speaks it: not if its texts could not be fetched
   * (the page keeps its language), nor if another switch was asked for in
   * the meantime (the later one wins).
   */
  async set(language: Language, storage?: Storage, cookies?: Cookies): Promise<boolean> {
    this.wanted = language;
    const load = this.load;
    let translation: Translation;
    try {
      translation = await load(language);
    } catch {
      return false;
    }
    if (this.wanted !== language) return false;
    // Later texts were taken in meanwhile (`addLater`): this language's are fetched too.
    if (this.load !== load) return this.set(language, storage, cookies);
    this.translation = translation;
    try {
      storage?.setItem(STORAGE_KEY, language);
    } catch {
      // Not kept: the choice lasts for this page.
    }
    writeLanguageCookie(language, cookies);
    for (const listener of this.listeners) listener();
    return true;
  }

  /**
   * Takes in the texts a page whose code comes in stages fetches with the
   * rest of its code (i18n/load-later.ts; scripts/page-texts.mjs): the
   * current language's now, and each language switched to from now on with
   * its first texts. Resolves once the current language has them; rejects if
   * they cannot be fetched.
   */
  async addLater(loadLater: LoadTranslation): Promise<void> {
    const loadFirst = this.load;
    this.load = async (language) => {
      const [first, later] = await Promise.all([loadFirst(language), loadLater(language)]);
      return withLater(first, later);
    };
    // A switch may land while the later texts come: then the language switched to is the one to complete.
    for (;;) {
      const language = this.language;
      const later = await loadLater(language);
      if (this.language !== language) continue;
      this.translation = withLater(this.translation, later);
      return;
    }
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
    // A page's texts are those its code names (scripts/page-texts.mjs): one it made some other way is not
    // there. Shown as its key, and said, rather than a page that stops drawing.
    const message: string | undefined = this.translation.messages[key];
    if (message === undefined) {
      console.error(`${MISSING_TEXT} ${key}`);
      return key;
    }
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : typeof value === "string" ? isolate(value) : String(value);
    });
  }

  /** A counted text in the form the language uses for `n`, with `{n}` filled in. */
  count(key: CountedKey, n: number, params: Record<string, string | number> = {}): string {
    const form = `${key}_${new Intl.PluralRules(this.language).select(n)}`;
    const { messages } = this.translation;
    return this.t(form in messages ? (form as MessageKey) : `${key}_other`, { n, ...params });
  }

  /** Names joined as the language lists them: "Aino, Bjørn and Cecilia". */
  list(items: readonly string[]): string {
    return new Intl.ListFormat(this.language, { type: "conjunction" }).format(items.map(isolate));
  }

  error(code: ErrorCode | ClientErrorCode): string {
    return this.translation.errors[code];
  }

  colour(point: Point): string {
    return this.t(`colour_${point}`);
  }
}
