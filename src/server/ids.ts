/** Table ids and secret tokens: random, URL-safe, and checked by shape before any Durable Object is touched. */
import { encodeBase64Url } from "hono/utils/encode";

/** 96 random bits: unguessable share links. */
const TABLE_ID_BYTES = 12;
/** 128 random bits for seat and host tokens. */
const TOKEN_BYTES = 16;

export const TABLE_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function isTableId(id: string): boolean {
  return TABLE_ID_PATTERN.test(id);
}

export function newTableId(): string {
  return randomBase64Url(TABLE_ID_BYTES);
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
