/**
 * What the service tells its operator: one `Signal` for each thing worth
 * counting, written as one JSON log line (Workers Logs) and one Analytics
 * Engine data point (docs/operations.md lists both, with the dashboard's
 * queries). Pure: no platform, so the shapes are tested without it.
 *
 * What a signal may carry is fixed here, and none of it is personal or a
 * secret: a table is named by a short hash of its id (the id is its share
 * link, a capability), never by the id; no token, push endpoint, player's
 * name, chat text or address appears in any field.
 */
import type { ErrorCode } from "../../protocol/index.ts";

/** Which sockets: a table's, a quick-play pool's, the lobby's list. */
export type SocketKind = "table" | "pool" | "lobby";
/** Where a refusal was made: the worker's HTTP routes, or an object's socket. */
export type RefusalPlace = "http" | SocketKind;

/** Game-level facts, shared by the game's signals. */
interface GameFacts {
  /** The table's short hash (`shortHash`). */
  readonly table: string;
  readonly variant: string;
  readonly players: number;
  /** How many of the players are computers. */
  readonly computers: number;
}

export type Signal =
  | (GameFacts & { readonly event: "table-created"; readonly kind: "link" | "quick" })
  | (GameFacts & { readonly event: "game-started" })
  | (GameFacts & { readonly event: "game-ended"; readonly reason: string; readonly moves: number; readonly ms: number })
  /** `n`: the sockets open at the object after the change. */
  | {
      readonly event: "socket-opened";
      readonly kind: SocketKind;
      readonly table?: string;
      readonly pool?: string;
      readonly n: number;
    }
  /** `code`: the close code, as a string ("1000", "1006"), or "error". */
  | {
      readonly event: "socket-dropped";
      readonly kind: SocketKind;
      readonly table?: string;
      readonly pool?: string;
      readonly code: string;
      readonly n: number;
    }
  | {
      readonly event: "refused";
      readonly kind: RefusalPlace;
      readonly code: ErrorCode;
      readonly table?: string;
      readonly pool?: string;
    }
  /** `code`: the push service's HTTP status, or "network" when none answered; `ms`: how long the send took. */
  | { readonly event: "push-sent"; readonly table: string; readonly code: string; readonly ms: number }
  | { readonly event: "push-failed"; readonly table: string; readonly code: string; readonly ms: number }
  | { readonly event: "push-retried"; readonly table: string; readonly code: string; readonly ms: number }
  /**
   * A computer's move: `ms` from its turn's start to the move (what the
   * players wait: the computer's set delay, the alarm's lateness and its
   * thinking); `think` the thinking alone, as the isolate's clock saw it
   * (on Cloudflare the clock does not move while code runs, so it reads 0
   * there: its CPU time is in the invocation's metrics instead).
   */
  | {
      readonly event: "computer-moved";
      readonly table: string;
      readonly variant: string;
      /** The computer's level. */
      readonly kind: string;
      readonly ms: number;
      readonly think: number;
    }
  | { readonly event: "chat-message"; readonly table: string; readonly kind: "message" | "reaction" }
  /** A quick-play table made: its pool, its people and computers, and how long its longest seeker waited. */
  | {
      readonly event: "paired";
      readonly pool: string;
      readonly players: number;
      readonly computers: number;
      readonly ms: number;
    }
  /** Something went wrong on our side: `where` names the path, `code` what the client was told. */
  | {
      readonly event: "internal-error";
      readonly where: string;
      readonly code: ErrorCode | "none";
      readonly table?: string;
      readonly error: string;
    };

export type SignalEvent = Signal["event"];

/** Every field a signal may have: one fixed set, whichever the event (its log line is these, as JSON). */
export interface SignalFields {
  readonly event: SignalEvent;
  readonly table?: string;
  readonly pool?: string;
  readonly kind?: string;
  readonly code?: string;
  readonly variant?: string;
  readonly reason?: string;
  readonly players?: number;
  readonly computers?: number;
  readonly moves?: number;
  readonly n?: number;
  readonly ms?: number;
  readonly think?: number;
  readonly where?: string;
  readonly error?: string;
}

/** The log line of a signal: its fields, as one JSON object. */
export function logLine(signal: Signal): string {
  return JSON.stringify(signal);
}

/**
 * An Analytics Engine data point, its columns in a fixed order whatever the
 * event, so that one SQL schema reads them all:
 * index1 event; blob1 event, blob2 table or pool, blob3 kind (or where),
 * blob4 code, blob5 variant, blob6 reason (or error);
 * double1 players, double2 computers, double3 moves, double4 n, double5 ms,
 * double6 think. An absent value is "" or 0.
 */
export interface DataPoint {
  readonly indexes: [string];
  readonly blobs: [string, string, string, string, string, string];
  readonly doubles: [number, number, number, number, number, number];
}

export function dataPoint(signal: Signal): DataPoint {
  const s: SignalFields = signal;
  const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  const number = (value: string | number | undefined) => (typeof value === "number" ? value : 0);
  return {
    indexes: [s.event],
    blobs: [
      s.event,
      text(s.table ?? s.pool),
      text(s.kind ?? s.where),
      text(s.code),
      text(s.variant),
      text(s.reason ?? (s.event === "internal-error" ? s.error : undefined)),
    ],
    doubles: [number(s.players), number(s.computers), number(s.moves), number(s.n), number(s.ms), number(s.think)],
  };
}

/**
 * A short, stable name for a table in logs and figures: 48 bits of a hash of
 * its id (cyrb53, a fast non-cryptographic hash; the id's 144 random bits
 * cannot be recovered from 48), as 12 hex digits. Synchronous, so that a log
 * line never waits on the Web Crypto API.
 */
export function shortHash(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const ch = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return ((h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0")).slice(0, 12);
}
