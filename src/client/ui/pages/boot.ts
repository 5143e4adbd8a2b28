/**
 * What every page's entry does first: finds the visitor's language, waits
 * for its texts (so that a page never shows English first; the HTML has
 * preloaded them, the worker choosing the language as `detectLanguage`
 * does, as far as it can see: src/server/http/pages.ts), keeps the
 * document's language and title in step with it, and hands the page its
 * root. Each page has its own entry in this folder, and the build gives
 * each its own HTML with its own files, so a page loads only its own code.
 */
import { storage } from "../chrome.ts";
import { detectLanguage, I18n, keepLanguageCookie } from "../i18n/index.ts";

export function boot(mount: (root: HTMLElement, i18n: I18n) => void): void {
  const store = storage();
  const language = detectLanguage(location.search, store, navigator.languages ?? [navigator.language], document);
  keepLanguageCookie(store, document);
  void I18n.start(language).then((i18n) => {
    const setLang = () => {
      document.documentElement.lang = i18n.language;
      document.title = i18n.t("title");
    };
    i18n.onChange(setLang);
    setLang();
    mount(document.getElementById("app") ?? document.body, i18n);
  });
}

/** A table's address: its id, and whether it is the frameless twin for iframes. */
export interface TableAddress {
  readonly id: string;
  readonly embed: boolean;
}

/** A table's address, `/t/:id` or its frameless twin for iframes `/embed/:id`. */
export function tableAddress(path: string): TableAddress | null {
  const table = /^\/(t|embed)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return table ? { id: table[2] as string, embed: table[1] === "embed" } : null;
}
