/**
 * What the front page's buttons do, which its first screen does not need:
 * the name's check (the table's own, `NameSchema`), creating a table and
 * seating its players, and quick play's client. The page fetches this module
 * once it is drawn, so that a click finds it there; nothing in it draws.
 */

import type { Level } from "../../protocol/index.ts";
import { checked } from "../../protocol/schema.ts";
import { NameSchema } from "../../protocol/text.ts";
import { TableClient } from "../sdk/client.ts";
import { createTable, type TableSettingsInput } from "../sdk/http.ts";
import { hostTokenKey, type TokenStore } from "../sdk/storage.ts";

export { QuickPlay } from "../sdk/quick-play.ts";

/** The name as the table will take it, or null if the table would refuse it. */
export function checkName(name: string): string | null {
  const result = checked(NameSchema, name);
  return result.ok ? result.value : null;
}

/**
 * Creates a table with `settings`, keeps its host token, and seats the
 * creator in the first seat under `name` (null: computers alone, nobody
 * sits) and the computer players in `seats` after it, as the table's host,
 * before the page goes there: the seat token goes where the table page looks
 * for it, so it opens seated. Why here and not on the table page: the table
 * page would need the choice handed over (in the address or sessionStorage)
 * and acted on exactly once, never again on a reload or in a second tab, and
 * until then a friend opening the link would see those seats free. Here the
 * table is complete when anyone sees it. Should seating fail, the table is
 * there all the same: the creator sits down and adds computers in the lobby.
 * Resolves with the table's id.
 */
export async function createAndSeat(
  settings: TableSettingsInput,
  tokens: TokenStore,
  name: string | null,
  seats: readonly number[],
  level: Level,
): Promise<string> {
  const table = await createTable(location.origin, settings);
  tokens.set(hostTokenKey(table.id), table.hostToken);
  if (name === null && seats.length === 0) return table.id;
  const client = new TableClient({ baseUrl: location.origin, tableId: table.id, tokens, requestTimeoutMs: 10_000 });
  try {
    await Promise.allSettled([
      ...(name === null ? [] : [client.join(0, name)]),
      ...seats.map((seat) => client.addComputer(seat, level)),
    ]);
  } finally {
    client.close();
  }
  return table.id;
}
