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
import { checked } from "../../protocol/schema.ts";

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

/** What an embedded table's address says beside the table: its language, its sizing, whether it shows its chat. */
export interface EmbedAddressOptions {
  /** The language the table starts in (`?lang=`); the parent may switch it later (`setLanguage`). */
  readonly language?: EmbedLanguage | null;
  /** The board sized from the frame's width, the content's height reported (`?height=auto`). */
  readonly autoHeight?: boolean;
  /** Show the table's chat and quick reactions (`?chat=1`): off unless the embedding page asks. */
  readonly chat?: boolean;
}

/** The address of `/embed/:id` at the service's `origin`, for a frame's `src`. */
export function embedAddress(origin: string, table: string, options: EmbedAddressOptions = {}): string {
  const url = new URL(`/embed/${encodeURIComponent(table)}`, origin);
  if (options.language) url.searchParams.set("lang", options.language);
  if (options.autoHeight) url.searchParams.set("height", "auto");
  if (options.chat) url.searchParams.set("chat", "1");
  return url.href;
}

export interface EmbeddedTableOptions extends EmbedAddressOptions {
  /** The service's origin, e.g. "https://checkers.example": messages from any other are ignored. */
  readonly origin: string;
  /**
   * The table to show: the frame is pointed at its `embedAddress` (with
   * `language`, `autoHeight` and `chat`). Without it the frame keeps the
   * address it has, and those options other than `autoHeight` do nothing.
   */
  readonly table?: string;
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
    if (options.table !== undefined) frame.src = embedAddress(this.origin, options.table, options);
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
    const parsed = checked(EmbedMessageSchema, event.data);
    if (!parsed.ok) return;
    const { source: _source, version: _version, type, ...detail } = parsed.value;
    this.table = detail.table;
    this.emit(type, detail);
    const message = parsed.value;
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
