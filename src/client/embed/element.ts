/**
 * `<chinese-checkers-table table="ID" lang="fi" chat>`: an embedded table as one
 * element. It makes the iframe of `/embed/:id`, sizes it (to its content by
 * default, from the table's `resize` messages), and re-dispatches what the
 * table says as DOM events, `cc-move`, `cc-end`, `cc-turn`, `cc-connection`
 * and the rest of `EmbeddedTableEvents`, each with its typed `detail`.
 * With `chat` the table shows its chat and quick reactions, which an
 * embedded table leaves out otherwise.
 * Built on `EmbeddedTable`; needs a DOM. See docs/embedding.md.
 */
import { EMBED_LANGUAGES, type EmbedLanguage } from "../../protocol/index.ts";
// The iframe's accessible name is the game's name in the table's language: that, not the pages' texts.
import { GAME_NAMES } from "../ui/i18n/game-name.ts";
import { EmbeddedTable, type EmbeddedTableEventName, type EmbeddedTableEvents } from "./embedded-table.ts";

/** The element's events: each of the embedded table's, as a `CustomEvent` named `cc-` and its name. */
export type TableElementEventMap = {
  [K in EmbeddedTableEventName as `cc-${K}`]: CustomEvent<EmbeddedTableEvents[K]>;
};

/** Every event the embedded table reports, so that each is re-dispatched (a name it adds and this lacks fails tsc). */
const EVENT_NAMES = Object.keys({
  welcome: true,
  event: true,
  identity: true,
  connection: true,
  turn: true,
  error: true,
  resize: true,
  move: true,
  end: true,
} satisfies Record<EmbeddedTableEventName, true>) as EmbeddedTableEventName[];

const STYLE = `:host { display: block; } iframe { display: block; width: 100%; border: 0; }`;

const isLanguage = (value: string | null): value is EmbedLanguage =>
  (EMBED_LANGUAGES as readonly (string | null)[]).includes(value);

/** The origin of an address, or null for what is not one (URL.canParse is newer than the browsers we build for). */
function originOf(address: string | null): string | null {
  if (address === null) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The element's class. `defineTableElement` registers it, as a subclass
 * that knows where to find the service when the element has no `origin`
 * attribute.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below types methods HTMLElement implements.
export class ChineseCheckersTable extends HTMLElement {
  static readonly observedAttributes = ["table", "lang", "height", "origin", "chat"];
  /** The service's origin for elements without an `origin` attribute. */
  static readonly defaultOrigin: string | null = null;

  #frame: HTMLIFrameElement | null = null;
  #embedded: EmbeddedTable | null = null;
  /** What the frame was made for (origin, table, sizing): a change of these makes a new frame. */
  #source: string | null = null;

  /** The table's id. */
  get table(): string | null {
    return this.getAttribute("table");
  }
  set table(id: string | null) {
    if (id === null) this.removeAttribute("table");
    else this.setAttribute("table", id);
  }

  /** The service's origin: the `origin` attribute, else the one the element was defined with. */
  get origin(): string | null {
    return this.getAttribute("origin") ?? (this.constructor as typeof ChineseCheckersTable).defaultOrigin;
  }
  set origin(origin: string | null) {
    if (origin === null) this.removeAttribute("origin");
    else this.setAttribute("origin", origin);
  }

  /** `auto` (the default): as tall as the table's content; else a CSS length, e.g. `640px`. */
  get height(): string {
    return this.getAttribute("height") ?? "auto";
  }
  set height(height: string) {
    this.setAttribute("height", height);
  }

  /** Whether the table shows its chat and quick reactions: the `chat` attribute. */
  get chat(): boolean {
    return this.hasAttribute("chat");
  }
  set chat(on: boolean) {
    this.toggleAttribute("chat", on);
  }

  /** The controller of the frame, while the element shows a table. */
  get embedded(): EmbeddedTable | null {
    return this.#embedded;
  }

  connectedCallback(): void {
    this.#render();
  }

  disconnectedCallback(): void {
    this.#teardown();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.isConnected || old === value) return;
    if (name === "lang" && this.#embedded && isLanguage(value)) {
      this.#embedded.setLanguage(value);
      if (this.#frame) this.#frame.title = GAME_NAMES[value];
      return;
    }
    this.#render();
  }

  #render(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    if (root.childElementCount === 0) {
      const style = document.createElement("style");
      style.textContent = STYLE;
      root.append(style);
    }
    const { table, origin } = this;
    const language = isLanguage(this.lang) ? this.lang : null;
    const auto = this.height === "auto";
    const service = originOf(origin);
    if (!table || !service) {
      if (origin && !service) console.error(`<chinese-checkers-table>: origin "${origin}" is not an address`);
      this.#teardown();
      return;
    }
    // The language is the address's only when the frame is made; later the frame is told it, not reloaded.
    const { chat } = this;
    const source = `${service} ${table} ${auto} ${chat}`;
    if (source !== this.#source) {
      this.#teardown();
      this.#source = source;
      const frame = document.createElement("iframe");
      frame.title = GAME_NAMES[language ?? "en"];
      const embedded = new EmbeddedTable(frame, { origin: service, table, language, autoHeight: auto, chat });
      for (const name of EVENT_NAMES) {
        embedded.on(name, (detail) => {
          this.dispatchEvent(new CustomEvent(`cc-${name}`, { detail, bubbles: true, composed: true }));
        });
      }
      root.append(frame);
      this.#frame = frame;
      this.#embedded = embedded;
    }
    if (this.#frame && !auto) {
      this.#frame.style.height = /^\d+(\.\d+)?$/.test(this.height) ? `${this.height}px` : this.height;
    }
  }

  #teardown(): void {
    this.#embedded?.close();
    this.#frame?.remove();
    this.#embedded = null;
    this.#frame = null;
    this.#source = null;
  }
}

/**
 * The element's own events on the listener methods it inherits, typed as
 * lib.dom types every element's: declarations only, merged into the class.
 */
export interface ChineseCheckersTable {
  addEventListener<K extends keyof TableElementEventMap>(
    type: K,
    listener: (this: ChineseCheckersTable, event: TableElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof TableElementEventMap>(
    type: K,
    listener: (this: ChineseCheckersTable, event: TableElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

export interface DefineTableElementOptions {
  /** The tag to register: `chinese-checkers-table` by default. */
  readonly name?: string;
  /** The service's origin for elements without an `origin` attribute. */
  readonly origin?: string;
}

/** Registers the element (once: a second call with the same name does nothing). */
export function defineTableElement(options: DefineTableElementOptions = {}): void {
  const name = options.name ?? "chinese-checkers-table";
  if (customElements.get(name)) return;
  const defaultOrigin = options.origin ?? null;
  customElements.define(
    name,
    class extends ChineseCheckersTable {
      static override readonly defaultOrigin = defaultOrigin;
    },
  );
}

declare global {
  interface HTMLElementTagNameMap {
    "chinese-checkers-table": ChineseCheckersTable;
  }
}
