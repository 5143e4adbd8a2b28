/**
 * The last snapshot read of a table, kept with its ETag in the token store
 * (`snapshot:<id>`), for the "My tables" page: it shows what it kept at once,
 * then asks the table once with `If-None-Match`, and a `304 Not Modified`
 * (nothing changed) costs the table no snapshot and the page no download.
 */
import { checked, parse } from "../../protocol/schema.ts";
import { type Snapshot, SnapshotSchema } from "../../protocol/snapshot.ts";
import { TableError } from "./errors.ts";
import { readJson } from "./http.ts";
import { snapshotCacheKey, type TokenStore } from "./storage.ts";

/** A snapshot as kept: the table's answer and the ETag it came with (null if it had none). */
export interface CachedSnapshot {
  readonly snapshot: Snapshot;
  readonly etag: string | null;
}

/**
 * What asking a table found: its snapshot (`fresh`: the table sent it;
 * `unchanged`: it answered 304 and the kept one stands), or that the table
 * is `gone` (deleted after days without play, or never there).
 */
export type SnapshotRefresh =
  | { readonly kind: "fresh" | "unchanged"; readonly snapshot: Snapshot }
  | { readonly kind: "gone" };

/** The kept snapshot of a table, or null: none kept, or one this client can no longer read (dropped). */
export function cachedSnapshot(store: TokenStore, tableId: string): CachedSnapshot | null {
  const text = store.get(snapshotCacheKey(tableId));
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { snapshot?: unknown; etag?: unknown };
    const snapshot = checked(SnapshotSchema, value.snapshot);
    if (snapshot.ok && snapshot.value.id === tableId) {
      return { snapshot: snapshot.value, etag: typeof value.etag === "string" ? value.etag : null };
    }
  } catch {
    // Not JSON: dropped below.
  }
  store.remove(snapshotCacheKey(tableId));
  return null;
}

/**
 * Asks the table for its snapshot, naming the kept one's ETag: keeps a new
 * one, and on 304 returns the kept one. A table that is not there (404
 * `table-not-found`, or an id the service refuses) is `gone`, and its kept
 * snapshot dropped; any other failure throws (`TableError`, or the fetch's
 * own error when offline), leaving the kept snapshot as it was.
 */
export async function refreshSnapshot(
  baseUrl: string | URL,
  tableId: string,
  store: TokenStore,
  fetcher: typeof fetch = fetch,
): Promise<SnapshotRefresh> {
  const kept = cachedSnapshot(store, tableId);
  // A request that names an ETag itself gets the 304 passed through by the browser's cache (Fetch, HTTP-network-or-cache fetch).
  const headers: Record<string, string> = kept?.etag ? { "If-None-Match": kept.etag } : {};
  const response = await fetcher(new URL(`/api/tables/${encodeURIComponent(tableId)}`, baseUrl), { headers });
  if (response.status === 304 && kept) return { kind: "unchanged", snapshot: kept.snapshot };
  try {
    const snapshot = parse(SnapshotSchema, await readJson(response));
    const etag = response.headers.get("ETag");
    store.set(snapshotCacheKey(tableId), JSON.stringify({ etag, snapshot }));
    return { kind: "fresh", snapshot };
  } catch (error) {
    if (error instanceof TableError && (error.code === "table-not-found" || error.code === "bad-table-id")) {
      store.remove(snapshotCacheKey(tableId));
      return { kind: "gone" };
    }
    throw error;
  }
}

/**
 * Runs `task` on every item with at most `limit` running at once, started in
 * the items' order. A task's failure is its own to report: it is ignored here,
 * and the others go on.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item).catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
