/**
 * What the "My tables" page (`/tables`) decides apart from drawing: which
 * group each table this browser holds a token for goes in, and their order.
 * Pure, so it is tested under Node.
 */
import type { Snapshot } from "../../protocol/index.ts";

/**
 * Where a table goes on the page, in this order: this browser's seat is to
 * move; another game in play; waiting to start; finished; not read yet (no
 * snapshot kept, and the table did not answer); gone (the table answered 404).
 */
export const TABLE_GROUPS = ["your-turn", "playing", "waiting", "over", "unknown", "gone"] as const;
export type TableGroup = (typeof TABLE_GROUPS)[number];

/** A table as the page knows it. */
export interface StoredTable {
  readonly id: string;
  /** The seat this browser's seat token holds, as the table last said (`seat-number:<id>`); null for none or unknown. */
  readonly seat: number | null;
  /** The last snapshot read (kept, or just fetched); null while there is none. */
  readonly snapshot: Snapshot | null;
  /** The table answered that it is not there. */
  readonly gone: boolean;
}

/** Whether it is this browser's seat's turn: the game is on, the seat is still taken, and it is to move. */
export function isYourTurn({ seat, snapshot }: StoredTable): boolean {
  if (seat === null || snapshot?.status !== "playing") return false;
  return snapshot.game?.turn?.seat === seat && Boolean(snapshot.seats[seat]?.name);
}

export function groupOf(table: StoredTable): TableGroup {
  if (table.gone) return "gone";
  const status = table.snapshot?.status;
  if (status === undefined) return "unknown";
  if (status === "playing") return isYourTurn(table) ? "your-turn" : "playing";
  return status === "waiting" ? "waiting" : "over";
}

/**
 * The tables by group, in the groups' order, leaving out empty groups.
 * Within "your turn" the turn that runs out first comes first (a turn with
 * no clock after any with one); otherwise, and between equals, by id, so the
 * order stays put from one visit to the next.
 */
export function groupTables(
  tables: readonly StoredTable[],
): { readonly group: TableGroup; readonly tables: StoredTable[] }[] {
  const deadline = (table: StoredTable) => table.snapshot?.game?.deadline ?? Number.POSITIVE_INFINITY;
  const byId = (a: StoredTable, b: StoredTable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return TABLE_GROUPS.map((group) => {
    const members = tables.filter((table) => groupOf(table) === group);
    members.sort(group === "your-turn" ? (a, b) => deadline(a) - deadline(b) || byId(a, b) : byId);
    return { group, tables: members };
  }).filter(({ tables }) => tables.length > 0);
}
