/**
 * Table ids and secret tokens: random, URL-safe, and table ids checked, by
 * shape and signature, before any Durable Object is touched.
 */
import { encodeBase64Url } from "hono/utils/encode";
import { TABLE_ID_PATTERN, tableIdMac, tableIdParts, UNSIGNED_TABLE_ID_PATTERN } from "./table-ids.ts";

export { newTableId } from "./table-ids.ts";

/** 128 random bits for seat and host tokens. */
const TOKEN_BYTES = 16;

/** The secrets table ids are signed and checked with. */
export interface TableIdKeys {
  /** Signs every new id, and checks ids. */
  readonly current: string;
  /** Checks ids only: the key before the last rotation, so that links made under it keep working. */
  readonly previous?: string | undefined;
}

/**
 * Whether `id` has the shape of a table id: a signed one (24 characters) or
 * one made before ids were signed (16). Anything else is malformed.
 */
export function isTableId(id: string): boolean {
  return TABLE_ID_PATTERN.test(id) || UNSIGNED_TABLE_ID_PATTERN.test(id);
}

/**
 * Whether `id` may name a table: signed under one of the keys (the MAC
 * compared in constant time), or, if `acceptUnsigned`, an unsigned id of
 * before, which only its Durable Object can confirm.
 */
export async function isGenuineTableId(id: string, keys: TableIdKeys, acceptUnsigned: boolean): Promise<boolean> {
  if (UNSIGNED_TABLE_ID_PATTERN.test(id)) return acceptUnsigned;
  const parts = tableIdParts(id);
  if (!parts) return false;
  for (const key of [keys.current, keys.previous]) {
    if (key !== undefined && crypto.subtle.timingSafeEqual(await tableIdMac(key, parts.random), parts.mac)) {
      return true;
    }
  }
  return false;
}

export function newToken(): string {
  return randomBase64Url(TOKEN_BYTES);
}

/** Tokens are stored only as SHA-256 hashes: a leaked database gives no seat away. */
export async function hashToken(token: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
}

/** Constant-time comparison of two token hashes. */
export function sameHash(a: ArrayBuffer, b: ArrayBuffer): boolean {
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}

function randomBase64Url(bytes: number): string {
  // Padding carries no information and is not URL-safe.
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes)).buffer).replace(/=+$/, "");
}
