/** The HTTP side of the table API: create a table, read its snapshot. */
import { type CreatedTable, CreatedTableSchema, ErrorResponseSchema } from "../../protocol/http.ts";
import { PushKeySchema } from "../../protocol/push.ts";
import { checked, parse } from "../../protocol/schema.ts";
import type { TableSettings } from "../../protocol/settings.ts";
import { type Snapshot, SnapshotSchema } from "../../protocol/snapshot.ts";
import { TableError } from "./errors.ts";

export type { CreatedTable };

/** What `POST /api/tables` accepts: every field has a default. */
export type TableSettingsInput = Partial<TableSettings>;

/** Creates a table. `baseUrl` is the service's origin, e.g. `https://checkers.example`. */
export async function createTable(
  baseUrl: string | URL,
  settings: TableSettingsInput = {},
  fetcher: typeof fetch = fetch,
): Promise<CreatedTable> {
  const response = await fetcher(new URL("/api/tables", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  return parse(CreatedTableSchema, await readJson(response));
}

/** The table's public snapshot. */
export async function getSnapshot(
  baseUrl: string | URL,
  tableId: string,
  fetcher: typeof fetch = fetch,
): Promise<Snapshot> {
  const response = await fetcher(new URL(`/api/tables/${encodeURIComponent(tableId)}`, baseUrl));
  return parse(SnapshotSchema, await readJson(response));
}

/**
 * The service's VAPID public key (base64url), which a browser subscribes to
 * push with (`PushManager.subscribe({ applicationServerKey })`) for "your
 * turn" notifications; `push-unavailable` when the service sends none.
 */
export async function getPushKey(baseUrl: string | URL, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(new URL("/api/push/key", baseUrl));
  return parse(PushKeySchema, await readJson(response)).publicKey;
}

/** The JSON of an answer, or its refusal thrown as a `TableError`. */
export async function readJson(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const error = checked(ErrorResponseSchema, body);
  if (error.ok) {
    const { code, message, field } = error.value.error;
    throw new TableError(code, message, { field });
  }
  // Not the API's error format (a proxy's or the platform's page): a fault on the way or on our side for a 5xx.
  throw new TableError(response.status >= 500 ? "internal-error" : "bad-request", `HTTP ${response.status}`);
}
