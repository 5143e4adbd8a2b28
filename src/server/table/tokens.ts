/**
 * What a socket's tokens open at a table: a seat, hosting, or nothing. Only
 * their hashes are stored; a token is hashed, then compared with them.
 */
import { TableError } from "../../table/index.ts";
import { hashToken, sameHash } from "./ids.ts";
import type { TableMeta, TableStore } from "./table-store.ts";

/** Who a `hello`'s tokens make a socket, and the seat token's hash (the socket's key for its requests). */
export interface Identified {
  readonly seat: number | null;
  readonly host: boolean;
  readonly seatHash: ArrayBuffer | null;
}

/** The seat and hosting that a `hello`'s tokens open; a token that opens nothing is refused (`bad-token`). */
export async function identify(
  store: TableStore,
  tokens: { readonly token?: string | undefined; readonly hostToken?: string | undefined },
): Promise<Identified> {
  const [seatHash, hostHash] = await Promise.all([
    tokens.token === undefined ? undefined : hashToken(tokens.token),
    tokens.hostToken === undefined ? undefined : hashToken(tokens.hostToken),
  ]);
  // From here on no await: what is read is what the caller's writes follow.
  const meta = requireMeta(store);
  let seat: number | null = null;
  if (seatHash) {
    seat = store.seats().find((stored) => sameHash(stored.tokenHash, seatHash))?.seat ?? null;
    if (seat === null) throw new TableError("bad-token", "that seat token is not valid at this table");
  }
  const host = hostHash !== undefined && sameHash(meta.hostTokenHash, hostHash);
  if (hostHash && !host) throw new TableError("bad-token", "that host token is not valid at this table");
  return { seat, host, seatHash: seatHash ?? null };
}

/** Whether an upgrade presents a token of this table's, a seat's or the host's (it then gets in past the caps). */
export async function presentsSeat(
  store: TableStore,
  offered: { readonly seat?: string; readonly host?: string },
): Promise<boolean> {
  const meta = requireMeta(store);
  if (offered.host !== undefined && sameHash(meta.hostTokenHash, await hashToken(offered.host))) return true;
  if (offered.seat === undefined) return false;
  const seatHash = await hashToken(offered.seat);
  return store.seats().some((stored) => sameHash(stored.tokenHash, seatHash));
}

function requireMeta(store: TableStore): TableMeta {
  const meta = store.meta();
  if (!meta) throw new TableError("table-not-found", "no such table");
  return meta;
}
