/**
 * Handing a seat over to another device: a seated player asks for a
 * one-time code (`handover` on the socket), opens the link that carries it
 * in its fragment on the other device, and that device redeems it
 * (`POST /api/tables/:id/handover`) for a fresh seat token. The old token
 * stops working and the old device's sockets become spectators', told why.
 * If the asker was also the host, hosting moves too: the table has one host
 * token, and a player who continues elsewhere should be able to start the
 * rematch from there. See docs/security.md.
 *
 * The code is stored only as a hash, with the hash of the seat token it
 * hands over and an expiry, in the table's SQLite: it survives hibernation
 * and eviction, is used once, and asking again replaces it. These functions
 * are synchronous, to run between the table's awaits: the secrets and their
 * hashes are made first (`Secret.make`).
 */
import { checked, type HandedOver, HandoverCodeSchema } from "../../protocol/index.ts";
import { TableError } from "../../table/index.ts";
import { dropHost, identityOf, send, setIdentity } from "../connections/connection.ts";
import { hashToken, newToken, sameHash } from "./ids.ts";
import type { TableStore } from "./table-store.ts";

/** How long a code works: long enough to fetch the other device and scan, short enough that a stray link soon dies. */
export const HANDOVER_TTL_MS = 10 * 60_000;

/** A new secret (a code or a token: 128 random bits) and its hash. */
export interface Secret {
  readonly value: string;
  readonly hash: ArrayBuffer;
}

export async function newSecret(): Promise<Secret> {
  const value = newToken();
  return { value, hash: await hashToken(value) };
}

/** The one refusal for every code that does not work, so that a prober learns nothing of which codes were ever live. */
function invalid(): TableError {
  return new TableError("invalid-handover", "that hand-over link is not valid: it was used, replaced or has expired");
}

/** A code of the wrong shape is refused as any other that does not work, before its hash is made. */
export function checkHandoverCode(code: string): void {
  if (!checked(HandoverCodeSchema, code).ok) throw invalid();
}

/**
 * Keeps `code` as the one live code of `seat`'s token, replacing any it
 * had; returns when it stops working. `host`: the asker holds hosting too.
 */
export function offerHandover(store: TableStore, seat: number, host: boolean, code: Secret, now: number): number {
  const stored = store.seats().find((candidate) => candidate.seat === seat);
  if (!stored) throw new TableError("not-seated", "take a seat first");
  const expiresAt = now + HANDOVER_TTL_MS;
  store.putHandover({ tokenHash: stored.tokenHash, codeHash: code.hash, expiresAt, host }, now);
  return expiresAt;
}

/** What a redeemed code did: the answer to the new device, and whether hosting moved. */
export interface Redeemed {
  readonly answer: HandedOver;
  readonly hostMoved: boolean;
}

/**
 * Redeems the code whose hash is `codeHash`: the seat's token becomes
 * `token` (and the host token `hostToken` when hosting goes along), and the
 * code is gone. Call inside one transaction: a refusal writes nothing.
 */
export function redeemHandover(
  store: TableStore,
  codeHash: ArrayBuffer,
  token: Secret,
  hostToken: Secret,
  now: number,
): Redeemed {
  // Compared in constant time, each of the few live codes (one per seat at most).
  const handover = store.liveHandovers(now).find((candidate) => sameHash(candidate.codeHash, codeHash));
  if (!handover) throw invalid();
  // Its seat was freed since (the token it hands over has no seat any more): the code died with it.
  const seat = store.seats().find((stored) => sameHash(stored.tokenHash, handover.tokenHash))?.seat;
  if (seat === undefined) throw invalid();
  store.dropHandover(handover.codeHash);
  store.replaceSeatToken(seat, token.hash);
  if (handover.host) store.replaceHostToken(hostToken.hash);
  return {
    answer: { seat, token: token.value, hostToken: handover.host ? hostToken.value : null },
    hostMoved: handover.host,
  };
}

/**
 * The old device's sockets after a hand-over: those of the seat become
 * spectators', and with hosting moved every host socket loses it; each is
 * told why, so that its page can say the seat went to another device.
 */
export function retireSockets(sockets: Iterable<WebSocket>, { answer, hostMoved }: Redeemed): void {
  for (const ws of sockets) {
    const { seat, host } = identityOf(ws);
    const loses = seat === answer.seat || (hostMoved && host);
    if (!loses) continue;
    if (seat === answer.seat) setIdentity(ws, { seat: null, host });
    if (hostMoved && host) dropHost(ws);
    send(ws, { type: "identity", you: identityOf(ws), reason: "handedOver" });
  }
}
