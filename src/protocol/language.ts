/**
 * The languages the service speaks, and which one a page is shown in: pure,
 * with no schema and no texts, so that the page (before any of its texts has
 * arrived) and the worker (which preloads the page's texts in that language,
 * src/server/http/pages.ts) choose alike.
 */

/** The languages the service speaks: its pages, notifications, embeds and lobby listings. */
export const LANGUAGES = ["en", "fi", "sv", "nb"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The cookie that tells the worker the visitor's choice (`lang=fi`), which
 * the page also keeps in its storage: the worker cannot read the storage.
 */
export const LANGUAGE_COOKIE = "lang";
/** A year, as the cookie lasts; each choice writes it again. */
export const LANGUAGE_COOKIE_MAX_AGE = 31_536_000;

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

/**
 * A page's language: the address's `?lang=`, then the visitor's earlier
 * choice, then the first of the browser's languages the page speaks, then
 * English. A value that names no language is passed over.
 */
export function chooseLanguage(
  fromAddress: string | null | undefined,
  chosen: string | null | undefined,
  browser: readonly string[],
): Language {
  if (isLanguage(fromAddress)) return fromAddress;
  if (isLanguage(chosen)) return chosen;
  return pickLanguage(browser);
}

/**
 * The languages of an `Accept-Language` header, most wanted first, as
 * `navigator.languages` lists them: by weight (`q`), in the header's order
 * among equals, without those weighted 0 and without `*`.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  const weighted: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of (header ?? "").split(",").entries()) {
    const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const weight = params.find((param) => /^q=/i.test(param));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (Number.isFinite(q) && q > 0) weighted.push({ tag, q, at });
  }
  return weighted.sort((a, b) => b.q - a.q || a.at - b.at).map(({ tag }) => tag);
}
