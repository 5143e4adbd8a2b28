/**
 * Helpers for quick play's tests: a seeker's socket to a pool, its key,
 * and what the pool stores, read from inside its Durable Object.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { QuickServerMessage } from "../../src/protocol/index.ts";
import type { Pool } from "../../src/server/lobby/pool.ts";
import { PoolStore, type StoredSeek } from "../../src/server/lobby/pool-store.ts";
import { api, rid, Socket, someAddress } from "./helpers.ts";

export type Seeker = Socket<QuickServerMessage>;
export type QuickMessage<K extends QuickServerMessage["type"]> = Extract<QuickServerMessage, { type: K }>;

/** A seeker key as a browser makes one: 128 random bits, base64url. */
export function seekerKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Opens a socket to a pool (from `address`, or a fresh one); the answer must be a 101 upgrade. */
export async function openPool(pool: string, label: string, address = someAddress()): Promise<Seeker> {
  const response = await api(`/api/quick/${pool}/ws`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": address },
  });
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`${label}: upgrade failed: ${response.status} ${await response.text()}`);
  }
  return new Socket<QuickServerMessage>(response.webSocket, label);
}

/** Sends a seek and waits for its `ack`; returns the `seeking` that follows (or undefined if a seat came instead). */
export async function seek(
  socket: Seeker,
  name: string,
  key = seekerKey(),
): Promise<{ key: string; seeking: QuickMessage<"seeking"> }> {
  const id = rid("seek");
  socket.send({ type: "seek", id, seeker: key, name });
  await socket.next("ack", (m) => m.id === id);
  return { key, seeking: await socket.next("seeking") };
}

/** Opens sockets to a pool and seeks on each, one after another: the seekers in arrival order. */
export async function seekers(pool: string, count: number, prefix = "seeker"): Promise<Seeker[]> {
  const sockets: Seeker[] = [];
  for (let i = 0; i < count; i++) {
    const socket = await openPool(pool, `${prefix}${i + 1}`);
    await seek(socket, `${prefix} ${i + 1}`);
    sockets.push(socket);
  }
  return sockets;
}

/** The seeks a pool stores. */
export function storedSeeks(pool: string): Promise<StoredSeek[]> {
  return runInDurableObject(env.POOLS.getByName(pool), (_instance: Pool, state) =>
    new PoolStore(state.storage).seeks(),
  );
}

/** Sleeps `ms`, pinging each socket every second, as the SDK does, so that none is taken for silent. */
export async function waitPinging(ms: number, sockets: readonly Seeker[]): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    for (const socket of sockets) if (!socket.closed) socket.send("ping");
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, end - Date.now())));
  }
}
