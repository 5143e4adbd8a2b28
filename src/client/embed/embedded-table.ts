/**
 * An embedded table, seen from the page around it: attach to the iframe of
 * `/embed/:id`, hear what it posts as typed events (each message checked
 * against the protocol's schema, and only from that frame and the
 * service's origin), tell it the language, and let it size the frame.
 * Nobody parses `postMessage` by hand. See docs/embedding.md.
 */
import {
  type EmbedCommand,
  type EmbedLanguage,
  type EmbedMessage,
  EmbedMessageSchema,
  type EmbedMessageType,
} from "../../protocol/index.ts";

/** What each message type hands its listeners: the message, less the envelope every message has. */
export type EmbeddedTableEvents = {
  readonly [K in EmbedMessageType]: Omit<Extract<EmbedMessage, { type: K }>, "source" | "version" | "type">;
};

export interface EmbeddedTableOptions {
  /** The service's origin, e.g. "https://checkers.example": messages from any other are ignored. */
  readonly origin: string;
  /** Set the frame's height from the table's `resize` messages (for `/embed/:id?height=auto`). */
  readonly autoHeight?: boolean;
  /** The window the frame's messages arrive at: the frame's owner, by default. */
  readonly window?: Pick<Window, "addEventListener" | "removeEventListener">;
}

type Listener<K extends EmbedMessageType> = (detail: EmbeddedTableEvents[K]) => void;

export class EmbeddedTable {
  readonly frame: HTMLIFrameElement;
  readonly origin: string;
  /** The table's id, once the frame has said it. */
  table: string | null = null;
  private readonly window: Pick<Window, "addEventListener" | "removeEventListener">;
  private readonly listeners = new Map<EmbedMessageType, Set<(detail: never) => void>>();
  private readonly receive = (event: MessageEvent) => this.onMessage(event);

  constructor(frame: HTMLIFrameElement, options: EmbeddedTableOptions) {
    this.frame = frame;
    this.origin = new URL(options.origin).origin;
    const owner = options.window ?? frame.ownerDocument.defaultView;
    if (!owner) throw new Error("the frame is not in a window");
    this.window = owner;
    this.window.addEventListener("message", this.receive);
    if (options.autoHeight) {
      this.on("resize", ({ height }) => {
        this.frame.style.height = `${height}px`;
      });
    }
  }

  /** Calls `listener` with each message of this type from the frame; returns what stops it. */
  on<K extends EmbedMessageType>(type: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as (detail: never) => void);
    return () => set.delete(listener as (detail: never) => void);
  }

  /** Asks the table to speak `language` (for this visit only). */
  setLanguage(language: EmbedLanguage): void {
    const command: EmbedCommand = { source: "chinese-checkers", type: "language", language };
    this.frame.contentWindow?.postMessage(command, this.origin);
  }

  /** Stops listening to the frame. */
  close(): void {
    this.window.removeEventListener("message", this.receive);
    this.listeners.clear();
  }

  private onMessage(event: MessageEvent): void {
    if (event.origin !== this.origin || event.source !== this.frame.contentWindow) return;
    const parsed = EmbedMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const { source: _source, version: _version, type, ...detail } = parsed.data;
    this.table = detail.table;
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as (detail: object) => void)(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
