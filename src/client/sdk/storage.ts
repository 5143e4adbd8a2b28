/**
 * Where the client keeps a table's secret tokens between visits: the seat
 * token (to resume the seat after a reload, from any tab) and the host token
 * (to start the game); beside them, the chat's writers muted on this device
 * and its own writer keys (not secret, but per table too). In a browser,
 * `webStorageTokens(localStorage)`.
 */
import type { Identity } from "../../protocol/index.ts";

export interface TokenStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /**
   * Every key kept, for the "My tables" page (`storedTableIds`). Optional, so
   * that a store written before it still type-checks; such a store lists no tables.
   */
  keys?(): string[];
}

/** The part of the Web Storage API the token store uses (`localStorage`, `sessionStorage`). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** For listing keys (`TokenStore.keys`); a storage without them lists none. */
  readonly length?: number;
  key?(index: number): string | null;
}

/** Keys are `seat:<tableId>` and `host:<tableId>`. */
export const seatTokenKey = (tableId: string) => `seat:${tableId}`;
export const hostTokenKey = (tableId: string) => `host:${tableId}`;
/** The chat's muted writer keys at a table, and this client's own, each a JSON list. */
export const chatMutedKey = (tableId: string) => `chat-muted:${tableId}`;
export const chatOwnKey = (tableId: string) => `chat-own:${tableId}`;
/**
 * The seat this browser's seat token holds at a table, as the table last
 * said (`welcome`, `identity`, `joined`). The token is random and the
 * snapshot lists the seats without saying which is whose, so without this
 * the "My tables" page, which reads only snapshots, could not tell whether
 * it is this browser's turn. The client keeps it beside the token and drops
 * it with the token.
 */
export const seatNumberKey = (tableId: string) => `seat-number:${tableId}`;
/** Where this browser's seeker key for quick play is kept (`seekerKey`). */
export const SEEKER_KEY = "seeker";
/** The last snapshot read of a table and its ETag, for the "My tables" page (`snapshot-cache.ts`). */
export const snapshotCacheKey = (tableId: string) => `snapshot:${tableId}`;

/** The keys that say this browser has a place at a table: a seat token or a host token. */
const TABLE_KEY = /^(?:seat|host):(.+)$/;

/**
 * The tables this browser holds a seat or host token for, each once, in
 * sorted order (a store's own order is not defined). A store that cannot
 * list its keys has none.
 */
export function storedTableIds(tokens: TokenStore): string[] {
  const ids = new Set<string>();
  for (const key of tokens.keys?.() ?? []) {
    const id = TABLE_KEY.exec(key)?.[1];
    if (id) ids.add(id);
  }
  return [...ids].sort();
}

/** The seat number kept for a table (see `seatNumberKey`), or null. */
export function storedSeatNumber(tokens: TokenStore, tableId: string): number | null {
  const value = tokens.get(seatNumberKey(tableId));
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

/**
 * Who the tokens kept for a table say this browser is there, until the
 * table says (a snapshot does not say which seat is whose): the seat kept
 * beside a seat token, and host if a host token is kept.
 */
export function keptIdentity(tokens: TokenStore, tableId: string): Identity {
  const seat = tokens.get(seatTokenKey(tableId)) === null ? null : storedSeatNumber(tokens, tableId);
  return { seat, host: tokens.get(hostTokenKey(tableId)) !== null };
}

/** Forgets a table on this browser: its tokens, its seat number, its chat's keys and its cached snapshot. */
export function forgetTable(tokens: TokenStore, tableId: string): void {
  for (const key of [seatTokenKey, hostTokenKey, seatNumberKey, chatMutedKey, chatOwnKey, snapshotCacheKey]) {
    tokens.remove(key(tableId));
  }
}

/** Tokens kept for the life of the page only. */
export function memoryTokens(): TokenStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

/** Tokens kept in Web Storage under a prefix; a storage that throws (private mode, quota) behaves as empty. */
export function webStorageTokens(storage: WebStorageLike, prefix = "chinese-checkers:"): TokenStore {
  return {
    get(key) {
      try {
        return storage.getItem(prefix + key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage.setItem(prefix + key, value);
      } catch {
        // Not kept: the seat lasts as long as this page.
      }
    },
    remove(key) {
      try {
        storage.removeItem(prefix + key);
      } catch {
        // Nothing to remove.
      }
    },
    keys() {
      const keys: string[] = [];
      try {
        const length = storage.length ?? 0;
        for (let index = 0; index < length; index++) {
          const key = storage.key?.(index);
          if (key?.startsWith(prefix)) keys.push(key.slice(prefix.length));
        }
      } catch {
        // A storage that throws lists nothing.
      }
      return keys;
    },
  };
}
