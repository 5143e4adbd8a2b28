/**
 * The table id's format, and signing one. A table id is 18 bytes in 24
 * base64url characters: 12 random bytes (96 bits: an unguessable share link)
 * and the first 6 bytes of HMAC-SHA256 over them under the service's key
 * (`TABLE_ID_KEY`), so that the worker tells an id it made from a forged one
 * without waking a Durable Object (ids.ts checks them).
 *
 * Portable WebCrypto only, nothing workerd alone has: scripts/dev-server.ts
 * signs the id it probes the server with under Node.
 */
import { decodeBase64Url, encodeBase64Url } from "hono/utils/encode";

/** 96 random bits: unguessable share links. */
const RANDOM_BYTES = 12;
/** 48 bits of MAC: a forger's request reaches a Durable Object once in 2^48 tries. */
const MAC_BYTES = 6;

/**
 * A signed table id: 24 characters, exactly 18 bytes with no spare bits, so
 * that each id has one spelling (two spellings of the same bytes would both
 * verify and name two different objects).
 */
export const TABLE_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** An id made before ids were signed: 12 random bytes in 16 characters, nothing to check it with. */
export const UNSIGNED_TABLE_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** What the MAC is computed over, before the random bytes: a key used for anything else signs nothing here. */
const DOMAIN = new TextEncoder().encode("table-id\0");

/** An imported key (named so, since Node's types, for the scripts, have no global `CryptoKey`). */
type HmacKey = ReturnType<typeof crypto.subtle.importKey>;

/** The imported keys, by secret: importing costs more than signing, and an isolate serves many requests. */
const imported = new Map<string, HmacKey>();

function hmacKey(secret: string): HmacKey {
  let key = imported.get(secret);
  if (key === undefined) {
    // Two keys in service (the current and the previous); more only when tests try several.
    if (imported.size >= 8) imported.clear();
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    imported.set(secret, key);
  }
  return key;
}

/** The MAC an id with these random bytes carries under `secret`. */
export async function tableIdMac(secret: string, random: Uint8Array): Promise<Uint8Array> {
  const message = new Uint8Array(DOMAIN.length + random.length);
  message.set(DOMAIN);
  message.set(random, DOMAIN.length);
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), message);
  return new Uint8Array(mac, 0, MAC_BYTES);
}

/** A new table id, signed with `secret`. */
export async function newTableId(secret: string): Promise<string> {
  const bytes = new Uint8Array(RANDOM_BYTES + MAC_BYTES);
  const random = crypto.getRandomValues(bytes.subarray(0, RANDOM_BYTES));
  bytes.set(await tableIdMac(secret, random), RANDOM_BYTES);
  return encodeBase64Url(bytes.buffer);
}

/** The random bytes and the MAC of a signed id, or undefined if `id` does not have a signed id's shape. */
export function tableIdParts(id: string): { random: Uint8Array; mac: Uint8Array } | undefined {
  if (!TABLE_ID_PATTERN.test(id)) return undefined;
  const bytes = decodeBase64Url(id);
  return { random: bytes.subarray(0, RANDOM_BYTES), mac: bytes.subarray(RANDOM_BYTES) };
}
