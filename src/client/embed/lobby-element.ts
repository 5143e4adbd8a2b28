/**
 * `<chinese-checkers-lobby origin="https://checkers.example" lang="fi">`: the
 * service's lobby in another site's page. A "Play now" link, which opens
 * quick play on the service's front page in a new tab (`/?play=<pool>`, the
 * pool from the `pool` attribute, `classic-2-live` by default), and the open
 * tables, live (a `LobbyFeed`), each with a link that opens the table on the
 * service, where the visitor takes a seat. Games in play are the lobby
 * page's to show: a site's visitor is here to play.
 *
 * Plain DOM in a shadow root, its texts in the element's `lang` (en, fi, sv,
 * nb; English otherwise). Needs a DOM and a WebSocket. See docs/embedding.md.
 */
import { type Listing, parsePoolName } from "../../protocol/index.ts";
import { LobbyFeed } from "../sdk/lobby.ts";
import { LANGUAGE_NAMES, type Language } from "../ui/i18n/languages.ts";
import { LOBBY_ELEMENT_TEXTS, type LobbyElementTexts } from "../ui/i18n/lobby-element.ts";

/** The quick-play pool "Play now" asks for when the element names none: two players, the classic race, live. */
export const DEFAULT_POOL = "classic-2-live";

const STYLE = `
:host { display: block; font: inherit; color: inherit; }
:host([hidden]), [hidden] { display: none; }
.play { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 1.25rem;
  border-radius: 0.5rem; background: var(--cc-accent, #0b57d0); color: var(--cc-accent-ink, #fff); font-weight: 600;
  text-decoration: none; }
.play:hover { filter: brightness(1.1); }
h2 { font-size: 1.1em; margin: 1em 0 0.5em; }
ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.8rem; padding: 0.6rem 0.8rem;
  border: 1px solid var(--cc-line, #c4c7cc); border-radius: 0.6rem; }
.text { flex: 1 1 12rem; min-width: 0; display: flex; flex-direction: column; gap: 0.2rem; overflow-wrap: anywhere; }
.names { font-weight: 600; }
.free { font-weight: 400; font-style: italic; }
.facts { font-size: 0.9em; opacity: 0.8; }
.join { flex: none; display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.9rem;
  border: 1px solid currentColor; border-radius: 0.5rem; color: inherit; text-decoration: none; }
.join:hover { background: rgb(0 0 0 / 0.05); }
p { margin: 0.5rem 0; opacity: 0.8; }
a:focus-visible { outline: 3px solid var(--cc-accent, #0b57d0); outline-offset: 2px; }
`;

const isLanguage = (value: string): value is Language => Object.hasOwn(LANGUAGE_NAMES, value);

/** The origin of an address, or null for what is not one. */
function originOf(address: string | null): string | null {
  if (address === null) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The element's class. `defineLobbyElement` registers it, as a subclass
 * that knows where to find the service when the element has no `origin`
 * attribute.
 */
export class ChineseCheckersLobby extends HTMLElement {
  static readonly observedAttributes = ["origin", "lang", "pool"];
  /** The service's origin for elements without an `origin` attribute. */
  static readonly defaultOrigin: string | null = null;

  #feed: LobbyFeed | null = null;
  /** The origin the feed follows: a change of it makes a new feed. */
  #feedServer: string | null = null;
  #content: HTMLElement | null = null;
  #heading: HTMLHeadingElement | null = null;
  #play: HTMLAnchorElement | null = null;
  #list: HTMLElement | null = null;

  /** The service's origin: the `origin` attribute, else the one the element was defined with. */
  get origin(): string | null {
    return this.getAttribute("origin") ?? (this.constructor as typeof ChineseCheckersLobby).defaultOrigin;
  }
  set origin(origin: string | null) {
    if (origin === null) this.removeAttribute("origin");
    else this.setAttribute("origin", origin);
  }

  /** The quick-play pool "Play now" opens, `<variant>-<players>-<clock>`: the `pool` attribute, else `classic-2-live`. */
  get pool(): string {
    const pool = this.getAttribute("pool");
    return pool !== null && parsePoolName(pool) ? pool : DEFAULT_POOL;
  }
  set pool(pool: string) {
    this.setAttribute("pool", pool);
  }

  /** The open tables as the element last heard them, the one that has waited longest first. */
  get tables(): readonly Listing[] {
    return this.#feed?.openTables ?? [];
  }

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    this.#stop();
  }

  attributeChangedCallback(_name: string, old: string | null, value: string | null): void {
    if (this.isConnected && old !== value) this.#render();
  }

  get #language(): Language {
    return isLanguage(this.lang) ? this.lang : "en";
  }

  #render(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    if (!this.#list) {
      const style = document.createElement("style");
      style.textContent = STYLE;
      this.#play = document.createElement("a");
      this.#play.className = "play";
      this.#play.target = "_blank";
      this.#play.rel = "noopener";
      this.#heading = document.createElement("h2");
      this.#list = document.createElement("div");
      this.#content = document.createElement("section");
      this.#content.append(this.#play, this.#heading, this.#list);
      root.append(style, this.#content);
    }
    const server = originOf(this.origin);
    if (!server) {
      if (this.origin) console.error(`<chinese-checkers-lobby>: origin "${this.origin}" is not an address`);
      this.#stop();
      // Nothing to show without a service: the element's own attributes stay the page's.
      if (this.#content) this.#content.hidden = true;
      return;
    }
    if (this.#content) this.#content.hidden = false;
    if (server !== this.#feedServer) {
      this.#stop();
      this.#feedServer = server;
      this.#feed = new LobbyFeed({ baseUrl: server });
      this.#feed.on("change", () => this.#paint());
    }
    this.#paint();
  }

  /** Writes the links and the list, in the element's language, from the feed as it is. */
  #paint(): void {
    const server = this.#feedServer;
    const feed = this.#feed;
    if (!server || !feed || !this.#play || !this.#heading || !this.#list) return;
    const language = this.#language;
    const texts = LOBBY_ELEMENT_TEXTS[language];
    this.#play.textContent = texts.playNow;
    this.#play.href = `${server}/?play=${encodeURIComponent(this.pool)}&lang=${language}`;
    this.#heading.textContent = texts.openTables;
    const tables = feed.openTables;
    if (feed.at === 0 || tables.length === 0) {
      const note = document.createElement("p");
      note.setAttribute("role", "status");
      note.textContent = feed.at === 0 ? texts.loading : texts.empty;
      this.#list.replaceChildren(note);
      return;
    }
    // A keyboard's focus on a Join link stays on it through the redraw, as long as its table is listed.
    const focused = this.shadowRoot?.activeElement?.closest("li")?.dataset.table;
    const list = document.createElement("ul");
    list.append(...tables.map((table) => this.#row(table, server, language, texts)));
    this.#list.replaceChildren(list);
    if (focused) list.querySelector<HTMLElement>(`li[data-table="${CSS.escape(focused)}"] a`)?.focus();
  }

  #row(table: Listing, server: string, language: Language, texts: LobbyElementTexts): HTMLLIElement {
    const item = document.createElement("li");
    item.dataset.table = table.tableId;
    const text = element("span", "text");
    const names = element("span", "names");
    table.names.forEach((name, seat) => {
      if (seat > 0) names.append(", ");
      if (name === null) names.append(element("span", "free", texts.free));
      else names.append(element("bdi", "", name));
    });
    const free = table.names.filter((name) => name === null).length;
    const variant = table.variant === "capture" ? texts.capture : texts.classic;
    const plural = new Intl.PluralRules(language).select(free) === "one" ? "one" : "other";
    const facts = element(
      "span",
      "facts",
      [
        `${variant}, ${texts.players.replace("{n}", String(table.players))}`,
        texts.seatsFree[plural].replace("{n}", String(free)),
        LANGUAGE_NAMES[table.lang],
      ].join(" · "),
    );
    text.append(names, facts);
    const join = element("a", "join", texts.join);
    join.href = `${server}/t/${encodeURIComponent(table.tableId)}?lang=${language}`;
    join.target = "_blank";
    join.rel = "noopener";
    const seated = table.names.filter((name): name is string => name !== null);
    // Named by who sits there; a table where nobody sits yet, by its game.
    const who = seated.length > 0 ? new Intl.ListFormat(language, { type: "conjunction" }).format(seated) : variant;
    join.setAttribute("aria-label", texts.joinLabel.replace("{names}", who));
    item.append(text, join);
    return item;
  }

  #stop(): void {
    this.#feed?.close();
    this.#feed = null;
    this.#feedServer = null;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export interface DefineLobbyElementOptions {
  /** The tag to register: `chinese-checkers-lobby` by default. */
  readonly name?: string;
  /** The service's origin for elements without an `origin` attribute. */
  readonly origin?: string;
}

/** Registers the element (once: a second call with the same name does nothing). */
export function defineLobbyElement(options: DefineLobbyElementOptions = {}): void {
  const name = options.name ?? "chinese-checkers-lobby";
  if (customElements.get(name)) return;
  const defaultOrigin = options.origin ?? null;
  customElements.define(
    name,
    class extends ChineseCheckersLobby {
      static override readonly defaultOrigin = defaultOrigin;
    },
  );
}

declare global {
  interface HTMLElementTagNameMap {
    "chinese-checkers-lobby": ChineseCheckersLobby;
  }
}
