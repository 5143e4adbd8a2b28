/**
 * A part of the table page whose code comes only when the part is first
 * shown or asked for (the chat, the analysis, the notify switch), so that
 * the first screen carries none of it. The page places the part's element
 * from the start, empty and hidden (its host, made here, so that the layout
 * and the page's styles find it as they always did); the part, once its
 * code has come, fills that element, and the page draws it through
 * `loaded`. `want` fetches it, once.
 */
import { h } from "../dom.ts";

/** The chat's element (chat-panel.ts fills it; hidden until the table's chat has arrived). */
export const chatHost = (): HTMLElement =>
  h("section", { class: "chat", "aria-labelledby": "chat-heading", hidden: true });
/** The game's analysis's element (analysis-panel.ts fills it; shown once a game with moves is over). */
export const analysisHost = (): HTMLElement => h("section", { class: "analysis", hidden: true });
/** The notify switch's element (notify-toggle.ts fills it; shown to a seated player where push works). */
export const notifyHost = (): HTMLElement => h("div", { class: "notify-toggle", hidden: true });

/** The move list's element (move-list.ts fills it; it comes with the page's other parts of a game: game-parts.ts). */
export const movesHost = (): HTMLElement => h("section", { class: "moves" });

export class LazyPart<T> {
  readonly element: HTMLElement;
  private part: T | null = null;
  private loading: Promise<void> | null = null;
  private readonly load: (element: HTMLElement) => Promise<T>;
  private readonly onLoad: () => void;

  /** `load` imports the part's module and makes the part in `element`; `onLoad` draws the page again once it has. */
  constructor(element: HTMLElement, load: (element: HTMLElement) => Promise<T>, onLoad: () => void) {
    this.element = element;
    this.load = load;
    this.onLoad = onLoad;
  }

  /** The part, once its code has come. */
  get loaded(): T | null {
    return this.part;
  }

  /** Fetches the part's code, once; asked again after a failure (offline), it tries again. */
  want(): void {
    this.loading ??= this.load(this.element).then(
      (part) => {
        this.part = part;
        this.onLoad();
      },
      () => {
        this.loading = null;
      },
    );
  }
}
