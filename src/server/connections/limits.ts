/**
 * Limits per client: who a client is (its address, as Cloudflare saw it),
 * the rate limits on creating tables and opening sockets (the Workers rate
 * limiting bindings of wrangler.toml), and how many sockets a table takes.
 * See docs/security.md for what each limit is for and what happens at it.
 */
import { logInternalError } from "../observability/telemetry.ts";

/** A table holds at most this many open sockets; the next upgrade is refused (503). */
export const MAX_SOCKETS_PER_TABLE = 256;
/** One client address holds at most this many open sockets at one table; the next upgrade is refused (429). */
export const MAX_SOCKETS_PER_ADDRESS = 16;

/**
 * Who a client is, for the limits: its address from `CF-Connecting-IP`, which
 * Cloudflare sets on every request from the internet and a client cannot
 * forge. An IPv6 client is its /64, since one host commonly holds a whole
 * /64 and could otherwise pick a fresh address for every request. Without
 * the header (a request that did not come through Cloudflare's edge, or a
 * test) every such request shares one key.
 */
export function clientKey(address: string | null | undefined): string {
  const ip = address?.trim().toLowerCase() ?? "";
  if (ip === "") return "unknown";
  // IPv4, also when written as an IPv6 address (::ffff:192.0.2.1).
  if (ip.includes(".")) return ip.slice(ip.lastIndexOf(":") + 1);
  if (!ip.includes(":")) return ip;
  const prefix = ipv6Prefix(ip);
  return prefix === undefined ? ip : `${prefix}::/64`;
}

/** The first four groups of an IPv6 address (its /64), each without leading zeros; undefined if it is not one. */
function ipv6Prefix(ip: string): string | undefined {
  const halves = ip.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const first = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].slice(0, 4);
  if (!first.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return first.map((group) => group.replace(/^0+(?=.)/, "")).join(":");
}

/**
 * Whether `key` is within the limit. The binding counts per Cloudflare
 * location, approximately, and is meant to stop abuse, not to count exactly.
 * A missing binding or a failing call lets the request through: the limits
 * protect the service, and an outage of the counter should not take the
 * service down with it.
 */
export async function withinLimit(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    logInternalError("rate-limiter", error);
    return true;
  }
}
