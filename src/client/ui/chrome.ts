/** The page's frame: the title bar with the language switch, and the notices area. */
// From its module, not the SDK's index: every page has this frame, and most need nothing else of the SDK.
import { storedTableIds, webStorageTokens } from "../sdk/storage.ts";
import { h } from "./dom.ts";
import { type I18n, isLanguage, LANGUAGE_NAMES, LANGUAGES } from "./i18n/index.ts";
import { icon } from "./icons.ts";

/**
 * The rules page's address in the current language: a link to it opens the
 * rules in the language the visitor is reading, also where that language
 * came from the address (`?lang=`, e.g. in an embed) rather than a choice kept.
 */
export function rulesHref(i18n: I18n): string {
  return `/rules?lang=${i18n.language}`;
}

/** The lobby's address in the current language, as `rulesHref` gives the rules page's. */
export function lobbyHref(i18n: I18n): string {
  return `/lobby?lang=${i18n.language}`;
}

export function header(i18n: I18n): HTMLElement {
  const brand = h("a", { class: "brand", href: "/" }, starIcon(), h("span", {}, i18n.t("title")));
  const rules = h("a", { class: "rules-link", href: rulesHref(i18n) }, i18n.t("rules"));
  if (location.pathname === "/rules") rules.setAttribute("aria-current", "page");
  // The lobby, where strangers find a game: on every page, since a visitor with no friend to play wants it first.
  const lobby = h("a", { class: "lobby-link", href: lobbyHref(i18n) }, i18n.t("lobby"));
  if (location.pathname === "/lobby") lobby.setAttribute("aria-current", "page");
  const newTable = h("a", { class: "new-table", href: "/" }, i18n.t("newTable"));
  // "My tables" shows once this browser has a table to list (and on that page itself): a first visitor's bar,
  // tight on a phone, keeps to what leads somewhere. It stands by the brand, so that where the bar wraps (a
  // narrow phone) it stays on the brand's line and the links and the language keep theirs; on a phone it is
  // its list glyph, its name kept for screen readers (as the brand's).
  const onMyTables = location.pathname === "/tables";
  const myTablesLabel = h("span", { class: "my-tables-label" });
  const myTables =
    onMyTables || hasStoredTables()
      ? h("a", { class: "my-tables-link", href: "/tables" }, icon("tables"), myTablesLabel)
      : null;
  if (onMyTables) myTables?.setAttribute("aria-current", "page");
  const label = h("label", { class: "language", for: "language" });
  const select = h(
    "select",
    { id: "language", name: "language" },
    LANGUAGES.map((language) =>
      h("option", { value: language, lang: language, selected: language === i18n.language }, LANGUAGE_NAMES[language]),
    ),
  );
  select.addEventListener("change", () => {
    // Should the language's file not arrive, the page stays in its language, and the switch says so.
    if (isLanguage(select.value))
      void i18n.set(select.value, storage(), document).then((switched) => {
        if (!switched) select.value = i18n.language;
      });
  });
  const update = () => {
    brand.lastElementChild?.replaceChildren(i18n.t("title"));
    lobby.textContent = i18n.t("lobby");
    lobby.href = lobbyHref(i18n);
    rules.textContent = i18n.t("rules");
    rules.href = rulesHref(i18n);
    newTable.textContent = i18n.t("newTable");
    myTablesLabel.textContent = i18n.t("myTables");
    myTables?.setAttribute("title", i18n.t("myTables"));
    label.textContent = i18n.t("language");
    select.setAttribute("aria-label", i18n.t("language"));
    select.value = i18n.language;
  };
  i18n.onChange(update);
  update();
  return h("header", { class: "topbar" }, brand, myTables, h("nav", {}, lobby, rules, newTable, label, select));
}

function starIcon(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML =
    '<path d="M12 1 15.2 6.5H21.5L18.3 12 21.5 17.5H15.2L12 23 8.8 17.5H2.5L5.7 12 2.5 6.5H8.8Z" fill="#d7263d"/>' +
    '<circle cx="12" cy="12" r="3.2" fill="#fff"/>';
  return svg;
}

/** Whether this browser holds a seat or host token for any table (the tables "My tables" lists). */
export function hasStoredTables(): boolean {
  const store = storage();
  return store !== undefined && storedTableIds(webStorageTokens(store)).length > 0;
}

/** localStorage, or undefined where the browser refuses it (e.g. a sandboxed iframe). */
export function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A line of text that appears for a while: errors and confirmations. Texts given as functions follow a language switch. */
export class Notices {
  readonly element = h("div", { class: "notices", role: "alert", "aria-live": "assertive" });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: { text: () => string; kind: "error" | "info" } | null = null;

  show(text: string | (() => string), kind: "error" | "info" = "error"): void {
    clearTimeout(this.timer);
    this.current = { text: typeof text === "string" ? () => text : text, kind };
    this.refresh();
    this.timer = setTimeout(() => this.clear(), 7000);
  }

  /** Writes the notice again, in the current language. */
  refresh(): void {
    const current = this.current;
    this.element.replaceChildren(...(current ? [h("p", { class: `notice ${current.kind}` }, current.text())] : []));
  }

  clear(): void {
    clearTimeout(this.timer);
    this.current = null;
    this.element.replaceChildren();
  }
}
