/**
 * The worker: HTTP routes in front of the tables. It checks ids (their shape
 * and signature) and request bodies, then hands each table's requests to that
 * table's Durable Object.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cache } from "hono/cache";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { validator } from "hono/validator";
import {
  type ErrorBody,
  type ErrorCode,
  HandoverCodeSchema,
  parsePoolName,
  RedeemHandoverSchema,
  TableSettingsSchema,
} from "../protocol/index.ts";
import { checkTableSettings, TableError, unwrap } from "../table/index.ts";
import type { Env } from "./env.ts";
import { isGenuineTableId, isTableId, newTableId, newToken, type TableIdKeys } from "./ids.ts";
import { clientKey, withinLimit } from "./limits.ts";
import { DIRECTORY } from "./lobby/directory.ts";
import { pushConfig } from "./push-service.ts";

export { Directory } from "./lobby/directory.ts";
export { Pool } from "./lobby/pool.ts";
export { Table } from "./table.ts";

/** The HTTP status of a refusal that comes from the table or the engine. */
function statusOf(code: ErrorCode): ContentfulStatusCode {
  if (code === "invalid-handover") return 403;
  return code === "table-not-found" || code === "not-found" || code === "no-such-pool" ? 404 : 400;
}

function fail(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string, field?: string) {
  const error: ErrorBody = field === undefined ? { code, message } : { code, message, field };
  return c.json({ error }, status);
}

/**
 * The answer to a client over its address's `limiter` for `what` it did: 429,
 * and when to try again (the limits count per minute); undefined within it.
 */
async function overLimit(c: Context, limiter: RateLimit | undefined, what: string): Promise<Response | undefined> {
  if (await withinLimit(limiter, clientKey(c.req.header("CF-Connecting-IP")))) return undefined;
  c.header("Retry-After", "60");
  return fail(c, 429, "rate-limited", `too many ${what} from your address: try again in a minute`);
}

/** What a table that does not exist answers, word for word as its Durable Object would. */
function noSuchTable(c: Context) {
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
function tableIdKeys(env: Env): TableIdKeys | undefined {
  const current = env.TABLE_ID_KEY ?? "";
  const previous = env.TABLE_ID_PREVIOUS_KEY || undefined;
  let problem: string | undefined;
  if (current === "") problem = "TABLE_ID_KEY is not set";
  else if (current.length < MIN_KEY_LENGTH) problem = `TABLE_ID_KEY is shorter than ${MIN_KEY_LENGTH} characters`;
  else if (previous !== undefined && previous.length < MIN_KEY_LENGTH) {
    problem = `TABLE_ID_PREVIOUS_KEY is shorter than ${MIN_KEY_LENGTH} characters`;
  }
  if (problem === undefined) return { current, previous };
  console.error(`misconfigured: ${problem}: set it with \`wrangler secret put\` (README, Configuration)`);
  return undefined;
}

function misconfigured(c: Context) {
  return fail(c, 500, "misconfigured", "the service has no usable key for table ids (TABLE_ID_KEY)");
}

/**
 * The table id of the path: a malformed one is refused (400 bad-table-id),
 * and one the service did not sign (or a 16-character id of before, unless
 * ACCEPT_UNSIGNED_TABLE_IDS is "true") answers as a table that does not exist
 * would, all before any Durable Object is touched.
 */
const tableParam = validator("param", async ({ id }, c: Context<{ Bindings: Env }>) => {
  if (!isTableId(id)) return fail(c, 400, "bad-table-id", "a table id is 24 URL-safe characters");
  const keys = tableIdKeys(c.env);
  if (!keys) return misconfigured(c);
  if (!(await isGenuineTableId(id, keys, c.env.ACCEPT_UNSIGNED_TABLE_IDS === "true"))) return noSuchTable(c);
  return { id };
});

const app = new Hono<{ Bindings: Env }>();

/**
 * The Content-Security-Policy of every answer. The pages load only their own
 * script, style sheet and icon, and talk only to their own origin ('self'
 * covers ws: and wss: to the same host in current browsers); nothing inline,
 * no eval, no plug-ins, no <base>, forms post only here.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const { frameAncestors: _, ...EMBED_CONTENT_SECURITY_POLICY } = CONTENT_SECURITY_POLICY;

/**
 * Security headers (Hono's secureHeaders, with its defaults: nosniff, HSTS,
 * same-origin opener and resource policies, …). No page may be framed, except
 * the embed, which any site may frame. No referrer: a table's address is its
 * share link, which a click on an outside link must not hand over.
 */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
});
const embedHeaders = secureHeaders({
  contentSecurityPolicy: EMBED_CONTENT_SECURITY_POLICY,
  xFrameOptions: false,
  crossOriginResourcePolicy: "cross-origin",
  referrerPolicy: "no-referrer",
});

/** What any site may frame or load: the embed, and the web component's script (and its source map). */
const EMBEDDABLE = /^\/embed(\/|\.js(\.map)?$)/;

// Every answer, static files included (wrangler.toml runs the worker first for every path).
app.use("*", (c, next) => (EMBEDDABLE.test(c.req.path) ? embedHeaders(c, next) : pageHeaders(c, next)));

// A browser asking for a page that is not there gets a page that says so (notFoundPage, below).
app.use("*", async (c, next) => {
  await next();
  if ((c.res.status === 404 || c.res.status === 400) && wantsPage(c)) c.res = await notFoundPage(c);
});

// Any site may use the API (the SDK, an embedding page), with the methods and the one header it needs; no cookies.
// ETag and If-None-Match make repeated reads cheap for them too.
app.use(
  "/api/*",
  cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "If-None-Match"],
    exposeHeaders: ["ETag"],
  }),
);

/** A table's settings are a few hundred bytes: a body longer than this is refused unread. */
const MAX_BODY_BYTES = 4096;

/** JSON media types (`application/json`, `application/…+json`), as Hono's JSON validator knows them. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

/** The media type of a `Content-Type` header, without its parameters, in lower case. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0].trim().toLowerCase();
}

/**
 * The settings of a new table, from the request body: JSON with a JSON
 * content type; an empty body (with that type) is the defaults. Any other
 * type is refused, an empty body too: settings sent under another type would
 * otherwise be silently ignored, and a plain HTML form on another site (which
 * can send only form and text types, with no preflight) could spend its
 * visitors' quota of tables. (A validator of the "header" target, which
 * reads nothing by itself: Hono's "json" one refuses an empty body.)
 */
const settingsBody = validator("header", async (_headers, c) => {
  if (!JSON_MEDIA_TYPE.test(mediaType(c.req.header("Content-Type")))) {
    return fail(c, 415, "bad-request", "send the settings as JSON, with Content-Type: application/json");
  }
  const text = await c.req.text();
  let body: unknown = {};
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      return fail(c, 400, "bad-request", "the body is not valid JSON");
    }
  }
  const result = TableSettingsSchema.safeParse(body);
  if (result.success) return { settings: result.data };
  const issue = result.error.issues[0];
  // An unknown key is reported on the object that holds it: name the key itself.
  const keys = issue?.code === "unrecognized_keys" ? issue.keys : [];
  const field = [...(issue?.path ?? []), ...keys.slice(0, 1)].join(".") || undefined;
  return fail(c, 400, "invalid-settings", `${field ?? "settings"}: ${issue?.message ?? "invalid"}`, field);
});

app.post(
  "/api/tables",
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, "too-large", `the settings are at most ${MAX_BODY_BYTES} bytes`),
  }),
  settingsBody,
  async (c) => {
    // Checked here, once, before any table is touched; the table trusts them from then on.
    const settings = checkTableSettings(c.req.valid("header").settings);
    const keys = tableIdKeys(c.env);
    if (!keys) return misconfigured(c);
    const refused = await overLimit(c, c.env.CREATE_LIMITER, "tables created");
    if (refused) return refused;

    const hostToken = newToken();
    // 96 random bits make a collision practically impossible; the table refuses one anyway.
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await newTableId(keys.current);
      if (await c.env.TABLES.getByName(id).create(id, settings, hostToken)) {
        const shareLink = new URL(`/t/${id}`, c.req.url).href;
        return c.json({ id, shareLink, hostToken }, 201);
      }
    }
    return fail(c, 500, "internal-error", "could not allocate a table id");
  },
);

/**
 * Reads within the address's limit (before the id is checked, as for
 * sockets). Repeats are cheap: each answer carries an ETag, and a request
 * naming it in If-None-Match gets 304, without the snapshot or record being
 * built. `no-cache`: a cache must ask again each time, since a table changes
 * at every move.
 */
const readLimit = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  const refused = await overLimit(c, c.env.READ_LIMITER, "reads");
  if (refused) return refused;
  await next();
  c.header("Cache-Control", "no-cache");
});

/** The ETags an If-None-Match names (without their weak markers), or `*`. */
function seenTags(c: Context): string[] {
  const header = c.req.header("If-None-Match") ?? "";
  return header.split(",").flatMap((tag) => (tag.trim() === "" ? [] : [tag.trim().replace(/^W\//, "")]));
}

/**
 * The service's VAPID public key, which a browser subscribes to push with
 * ("your turn" notifications); 404 push-unavailable when it sends none.
 */
app.get("/api/push/key", (c) => {
  const config = pushConfig(c.env);
  if (!config) return fail(c, 404, "push-unavailable", "this service sends no notifications");
  // Cached briefly: after a rotation, pages learn the new key within the hour and subscribe again.
  c.header("Cache-Control", "public, max-age=3600");
  return c.json({ publicKey: config.publicKey });
});

app.get("/api/tables/:id", readLimit, tableParam, async (c) => {
  const { tag, value } = unwrap(await c.env.TABLES.getByName(c.req.valid("param").id).snapshot(seenTags(c)));
  c.header("ETag", tag);
  return value === null ? c.body(null, 304) : c.json(value);
});

app.get("/api/tables/:id/record", readLimit, tableParam, async (c) => {
  const { tag, value } = unwrap(await c.env.TABLES.getByName(c.req.valid("param").id).record(seenTags(c)));
  c.header("ETag", tag);
  return value === null ? c.body(null, 304) : c.text(value, 200, { "Content-Type": "text/plain; charset=utf-8" });
});

/**
 * The body of a hand-over's redemption: `{ "code": "…" }`, as JSON with a
 * JSON content type (as the settings are, so that another site's plain form
 * cannot send one).
 */
const handoverBody = validator("header", async (_headers, c) => {
  if (!JSON_MEDIA_TYPE.test(mediaType(c.req.header("Content-Type")))) {
    return fail(c, 415, "bad-request", "send the code as JSON, with Content-Type: application/json");
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return fail(c, 400, "bad-request", "the body is not valid JSON");
  }
  const result = RedeemHandoverSchema.safeParse(body);
  if (!result.success) return fail(c, 400, "bad-request", 'send { "code": "…" }, the code of the hand-over link');
  // A code of the wrong shape (a link cut short) is a wrong code: refused alike, without waking the table.
  if (!HandoverCodeSchema.safeParse(result.data.code).success) return invalidHandover(c);
  return result.data;
});

function invalidHandover(c: Context) {
  return fail(c, 403, "invalid-handover", "that hand-over link is not valid: it was used, replaced or has expired");
}

/** Hand-over attempts within the address's limit. */
const handoverLimit = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  const refused = await overLimit(c, c.env.HANDOVER_LIMITER, "hand-over attempts");
  if (refused) return refused;
  await next();
});

/**
 * Another device takes a seat over with a one-time code (docs/protocol.md,
 * "Continuing on another device"). Attempts are limited per address before
 * anything else is looked at, as reads and sockets are; a code is 128 random
 * bits, so the limit is there to keep the table's object from being woken
 * in a loop rather than to stop guessing, which cannot succeed anyway.
 */
app.post(
  "/api/tables/:id/handover",
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, "too-large", `the body is at most ${MAX_BODY_BYTES} bytes`),
  }),
  handoverLimit,
  tableParam,
  handoverBody,
  async (c) => {
    const answer = unwrap(
      await c.env.TABLES.getByName(c.req.valid("param").id).redeemHandover(c.req.valid("header").code),
    );
    return c.json(answer);
  },
);

/**
 * A socket upgrade within the address's limit. It comes before the id's
 * signature is checked, so that an id the service did not sign is answered
 * just as an unknown table's (whose refusal comes from its object), 426 and
 * 429 included.
 */
const socketUpgrade = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return fail(c, 426, "bad-request", "this endpoint expects a WebSocket upgrade");
  }
  const refused = await overLimit(c, c.env.SOCKET_LIMITER, "connections opened");
  if (refused) return refused;
  await next();
});

app.get("/api/tables/:id/ws", socketUpgrade, tableParam, async (c) => {
  return c.env.TABLES.getByName(c.req.valid("param").id).fetch(c.req.raw);
});

/**
 * Quick play: a seeker's socket to the pool of the game it asks for
 * (`classic-2-live`), within the address's limit of lobby sockets. A pool
 * that does not exist is refused here, without waking any object; a pool
 * seats its seekers at tables whose ids it signs, so it needs the key.
 */
app.get("/api/quick/:pool/ws", async (c) => {
  if (!parsePoolName(c.req.param("pool"))) return fail(c, 404, "no-such-pool", "no such pool: see docs/protocol.md");
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return fail(c, 426, "bad-request", "this endpoint expects a WebSocket upgrade");
  }
  if (!tableIdKeys(c.env)) return misconfigured(c);
  const refused = await overLimit(c, c.env.LOBBY_LIMITER, "lobby connections opened");
  if (refused) return refused;
  return c.env.POOLS.getByName(c.req.param("pool")).fetch(c.req.raw);
});

/** How long the lobby's list is served from the edge's cache: the directory is asked once a period per location. */
const LOBBY_CACHE_SECONDS = 5;

/**
 * The lobby's list, for those who only look: one GET, answered from the
 * cache (Hono's cache middleware, over the Cache API) for a few seconds, so
 * that however many read it the directory is asked about once per period
 * and location.
 */
app.get(
  "/api/lobby",
  cache({ cacheName: "lobby", cacheControl: `public, max-age=${LOBBY_CACHE_SECONDS}`, wait: false }),
  async (c) => c.json(await c.env.DIRECTORY.getByName(DIRECTORY).list()),
);

/** The lobby's live list: a socket that hears each addition and removal, within the address's limit. */
app.get("/api/lobby/ws", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return fail(c, 426, "bad-request", "this endpoint expects a WebSocket upgrade");
  }
  const refused = await overLimit(c, c.env.LOBBY_LIMITER, "lobby connections opened");
  if (refused) return refused;
  return c.env.DIRECTORY.getByName(DIRECTORY).fetch(c.req.raw);
});

/**
 * A file of the web client (public/), in a fresh response: the one the
 * binding gives has headers that cannot be changed, and the security headers
 * are added to it on the way out.
 */
async function asset(c: Context<{ Bindings: Env }>, request: Request | URL): Promise<Response> {
  const response = await c.env.ASSETS.fetch(request);
  return new Response(response.body, response);
}

// The web client: one page (public/app.html) that picks its view from the address.
const page = (c: Context<{ Bindings: Env }>) => asset(c, new URL("/app.html", c.req.url));

app.get("/", page);
app.get("/rules", page);
app.get("/tables", page);
app.get("/lobby", page);

/**
 * Whether a browser is asking for a page: a GET (or HEAD) outside the API
 * whose Accept names HTML, as a browser's navigation does. Programs, and
 * whatever asks for a script, a style sheet or an image, get JSON errors.
 */
function wantsPage(c: Context): boolean {
  const method = c.req.method;
  return (
    (method === "GET" || method === "HEAD") &&
    !c.req.path.startsWith("/api/") &&
    /\btext\/html\b/i.test(c.req.header("Accept") ?? "")
  );
}

/**
 * The page a browser gets for an address that names nothing: a table link
 * mistyped, malformed, forged or expired (tables are deleted after IDLE_DAYS
 * without play), or any other unknown path. It is the app page with status
 * 404: the client sees the status (or, where the browser does not tell it,
 * that the table's API answers 404) and shows, in the visitor's language,
 * that there is no such table or page, with a link to create a table. A
 * malformed id is a 404 here too, not the API's 400: to a visitor the link
 * simply leads nowhere, and it answers as an unknown or forged id does, so
 * the page does not tell which it was.
 */
async function notFoundPage(c: Context<{ Bindings: Env }>): Promise<Response> {
  const response = await page(c);
  return new Response(response.body, { status: 404, headers: response.headers });
}

// The table's page, and the same without the page's frame for an iframe.
app.get("/:view{t|embed}/:id", tableParam, async (c) => {
  const exists = await c.env.TABLES.getByName(c.req.valid("param").id).exists();
  if (!exists) return noSuchTable(c);
  return page(c);
});

// The service worker that shows "your turn" notifications: at the root, so that its scope is the whole site,
// and revalidated on every load, so that a new version takes over at once.
app.get("/sw.js", async (c) => {
  const response = await asset(c, new URL("/build/sw.js", c.req.url));
  response.headers.set("Cache-Control", "no-cache");
  return response;
});

// The web component, for any site's <script type="module" src=".../embed.js">: a module script is fetched
// with CORS, so it is served to every origin (it is public, and no cookie or token goes with it), preflight
// included, for a page that adds headers of its own.
app.use("/:file{embed\\.js(\\.map)?}", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));
app.get("/:file{embed\\.js(\\.map)?}", (c) => asset(c, new URL(`/build/${c.req.param("file")}`, c.req.url)));

// The web client's files, through the worker so that they carry the headers above.
app.get("*", async (c) => {
  const response = await asset(c, c.req.raw);
  if (response.status === 404) return fail(c, 404, "not-found", `no such file: ${new URL(c.req.url).pathname}`);
  return response;
});

app.notFound((c) => fail(c, 404, "not-found", `no route for ${c.req.method} ${new URL(c.req.url).pathname}`));

app.onError((error, c) => {
  if (error instanceof TableError) return fail(c, statusOf(error.code), error.code, error.message, error.field);
  // Hono's own refusals, e.g. a request body that is not JSON: a client error, not ours.
  if (error instanceof HTTPException && error.status < 500) return fail(c, error.status, "bad-request", error.message);
  console.error(error);
  return fail(c, 500, "internal-error", "something went wrong on our side");
});

export default app;
