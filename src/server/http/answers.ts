/**
 * The worker's answers that are not a route's own: refusals as JSON error
 * bodies, the per-address limits, and the table id of a path, checked before
 * any Durable Object is touched.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { validator } from "hono/validator";
import type { ErrorBody, ErrorCode } from "../../protocol/index.ts";
import { clientKey, withinLimit } from "../connections/limits.ts";
import type { Env } from "../env.ts";
import { Telemetry } from "../observability/telemetry.ts";
import { isGenuineTableId, isTableId, type TableIdKeys } from "../table/ids.ts";

/** What every route is handed: the worker's bindings. */
export type HonoEnv = { Bindings: Env };

/** The HTTP status of a refusal that comes from the table or the engine. */
export function statusOf(code: ErrorCode): ContentfulStatusCode {
  if (code === "invalid-handover") return 403;
  return code === "table-not-found" || code === "not-found" || code === "no-such-pool" ? 404 : 400;
}

/** The operator's logs and figures, for a request. */
export function telemetryOf(c: Context): Telemetry {
  return new Telemetry((c.env as Partial<Env> | undefined)?.METRICS);
}

/** A refusal: its JSON error body, and (a client's error) counted by its code. */
export function fail(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string, field?: string) {
  if (status < 500) telemetryOf(c).emit({ event: "refused", kind: "http", code });
  const error: ErrorBody = field === undefined ? { code, message } : { code, message, field };
  return c.json({ error }, status);
}

/**
 * The answer to a client over its address's `limiter` for `what` it did: 429,
 * and when to try again (the limits count per minute); undefined within it.
 */
export async function overLimit(
  c: Context,
  limiter: RateLimit | undefined,
  what: string,
): Promise<Response | undefined> {
  if (await withinLimit(limiter, clientKey(c.req.header("CF-Connecting-IP")))) return undefined;
  c.header("Retry-After", "60");
  return fail(c, 429, "rate-limited", `too many ${what} from your address: try again in a minute`);
}

/** What a table that does not exist answers, word for word as its Durable Object would. */
export function noSuchTable(c: Context) {
  return fail(c, 404, "table-not-found", "no such table");
}

/** Shorter secrets are taken for a mistake (a placeholder left in place), not for a key. */
const MIN_KEY_LENGTH = 32;

/**
 * The keys table ids are signed and checked with; undefined, and logged,
 * when the deployment has no usable TABLE_ID_KEY (or a TABLE_ID_PREVIOUS_KEY
 * too short to be one). Then nothing is created or reached: an id made
 * without a key could never be checked.
 */
export function tableIdKeys(env: Env): TableIdKeys | undefined {
  const problem = tableIdKeyProblem(env);
  if (problem === undefined)
    return { current: env.TABLE_ID_KEY ?? "", previous: env.TABLE_ID_PREVIOUS_KEY || undefined };
  const fix = "set it with `wrangler secret put` (README, Configuration)";
  new Telemetry(env.METRICS).internalError("table-id-keys", `${problem}: ${fix}`, "misconfigured");
  return undefined;
}

/** What is wrong with the deployment's table id keys, if anything. */
export function tableIdKeyProblem(env: Pick<Env, "TABLE_ID_KEY" | "TABLE_ID_PREVIOUS_KEY">): string | undefined {
  const current = env.TABLE_ID_KEY ?? "";
  const previous = env.TABLE_ID_PREVIOUS_KEY || undefined;
  if (current === "") return "TABLE_ID_KEY is not set";
  if (current.length < MIN_KEY_LENGTH) return `TABLE_ID_KEY is shorter than ${MIN_KEY_LENGTH} characters`;
  if (previous !== undefined && previous.length < MIN_KEY_LENGTH) {
    return `TABLE_ID_PREVIOUS_KEY is shorter than ${MIN_KEY_LENGTH} characters`;
  }
  return undefined;
}

export function misconfigured(c: Context) {
  return fail(c, 500, "misconfigured", "the service has no usable key for table ids (TABLE_ID_KEY)");
}

/**
 * The table id of the path: a malformed one is refused (400 bad-table-id),
 * and one the service did not sign (or a 16-character id of before, unless
 * ACCEPT_UNSIGNED_TABLE_IDS is "true") answers as a table that does not exist
 * would, all before any Durable Object is touched.
 */
export const tableParam = validator("param", async ({ id }, c: Context<HonoEnv>) => {
  if (!isTableId(id)) return fail(c, 400, "bad-table-id", "a table id is 24 URL-safe characters");
  const keys = tableIdKeys(c.env);
  if (!keys) return misconfigured(c);
  if (!(await isGenuineTableId(id, keys, c.env.ACCEPT_UNSIGNED_TABLE_IDS === "true"))) return noSuchTable(c);
  return { id };
});

/** The ETags an If-None-Match names (without their weak markers), or `*`. */
export function seenTags(c: Context): string[] {
  const header = c.req.header("If-None-Match") ?? "";
  return header.split(",").flatMap((tag) => (tag.trim() === "" ? [] : [tag.trim().replace(/^W\//, "")]));
}
