/**
 * Where the client keeps a table's secret tokens between visits: the seat
 * token (to resume the seat after a reload, from any tab) and the host token
 * (to start the game); beside them, the chat's writers muted on this device
 * and its own writer keys (not secret, but per table too). In a browser,
 * `webStorageTokens(localStorage)`.
 */
export interface TokenStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** The part of the Web Storage API the token store uses (`localStorage`, `sessionStorage`). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keys are `seat:<tableId>` and `host:<tableId>`. */
export const seatTokenKey = (tableId: string) => `seat:${tableId}`;
export const hostTokenKey = (tableId: string) => `host:${tableId}`;
/** The chat's muted writer keys at a table, and this client's own, each a JSON list. */
export const chatMutedKey = (tableId: string) => `chat-muted:${tableId}`;
export const chatOwnKey = (tableId: string) => `chat-own:${tableId}`;

/** Tokens kept for the life of the page only. */
export function memoryTokens(): TokenStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
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
  };
}
