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
  type TableEvent,
} from "../../protocol/index.ts";

type Detail<K extends EmbedMessageType> = Omit<Extract<EmbedMessage, { type: K }>, "source" | "version" | "type">;
type LogEvent<K extends TableEvent["type"]> = Omit<Extract<TableEvent, { type: K }>, "type">;

/**
 * What each event hands its listeners: for each message type, the message
 * less the envelope every message has; and, drawn from the log's events for
 * the pages that want only those, each move and the game's end.
 */
export type EmbeddedTableEvents = { readonly [K in EmbedMessageType]: Detail<K> } & {
  /** A move was played (by a player, the computer, or the table when time ran out). */
  readonly move: { readonly table: string; readonly seq: number } & LogEvent<"moved">;
  /** The game ended, with its result. */
  readonly end: { readonly table: string; readonly seq: number } & LogEvent<"ended">;
};
export type EmbeddedTableEventName = keyof EmbeddedTableEvents;

export interface EmbeddedTableOptions {
  /** The service's origin, e.g. "https://checkers.example": messages from any other are ignored. */
  readonly origin: string;
  /** Set the frame's height from the table's `resize` messages (for `/embed/:id?height=auto`). */
  readonly autoHeight?: boolean;
  /** The window the frame's messages arrive at: the frame's owner, by default. */
  readonly window?: Pick<Window, "addEventListener" | "removeEventListener">;
}

type Listener<K extends EmbeddedTableEventName> = (detail: EmbeddedTableEvents[K]) => void;

export class EmbeddedTable {
  readonly frame: HTMLIFrameElement;
  readonly origin: string;
  /** The table's id, once the frame has said it. */
  table: string | null = null;
  private readonly window: Pick<Window, "addEventListener" | "removeEventListener">;
  private readonly listeners = new Map<EmbeddedTableEventName, Set<(detail: never) => void>>();
  private readonly receive = (event: MessageEvent) => this.onMessage(event);
  /** The number of the game the frame has shown in play, until it ends. */
  private playing: number | null = null;

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

  /** Calls `listener` with each event of this name from the frame; returns what stops it. */
  on<K extends EmbeddedTableEventName>(type: K, listener: Listener<K>): () => void {
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
    this.emit(type, detail);
    const message = parsed.data;
    if (message.type === "welcome") {
      // A frame far behind gets the table whole instead of the events it missed: a game it saw in play
      // and now sees over still ends, once.
      const { snapshot } = message;
      const ended = snapshot.status === "over" && snapshot.game?.result && snapshot.game.number === this.playing;
      if (ended) this.emit("end", { table: message.table, seq: snapshot.seq, result: snapshot.game?.result });
      this.playing = snapshot.status === "playing" ? (snapshot.game?.number ?? null) : null;
    }
    if (message.type !== "event") return;
    const { table, seq, event: logged } = message;
    const { type: kind, ...fields } = logged;
    if (kind === "started") this.playing = logged.game;
    if (kind === "moved") this.emit("move", { table, seq, ...fields });
    if (kind === "ended") {
      this.playing = null;
      this.emit("end", { table, seq, ...fields });
    }
  }

  private emit(type: EmbeddedTableEventName, detail: object): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as (detail: object) => void)(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
