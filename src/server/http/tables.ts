/**
 * The tables' HTTP API: creating a table, reading its snapshot and record,
 * redeeming a hand-over code, and opening its socket. Each checks what it is
 * sent, then hands the request to the table's Durable Object.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { validator } from "hono/validator";
import { checked, HandoverCodeSchema, RedeemHandoverSchema, TableSettingsSchema } from "../../protocol/index.ts";
import { checkTableSettings, unwrap } from "../../table/index.ts";
import { newTableId, newToken } from "../table/ids.ts";
import { fail, type HonoEnv, misconfigured, overLimit, seenTags, tableIdKeys, tableParam } from "./answers.ts";

export const tables = new Hono<HonoEnv>();

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
  const result = checked(TableSettingsSchema, body);
  if (result.ok) return { settings: result.value };
  // An unknown key's issue is at the key itself: `field` names it.
  const field = result.path || undefined;
  return fail(c, 400, "invalid-settings", `${field ?? "settings"}: ${result.message}`, field);
});

tables.post(
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
const readLimit = createMiddleware<HonoEnv>(async (c, next) => {
  const refused = await overLimit(c, c.env.READ_LIMITER, "reads");
  if (refused) return refused;
  await next();
  c.header("Cache-Control", "no-cache");
});

tables.get("/api/tables/:id", readLimit, tableParam, async (c) => {
  const { tag, value } = unwrap(await c.env.TABLES.getByName(c.req.valid("param").id).snapshot(seenTags(c)));
  c.header("ETag", tag);
  return value === null ? c.body(null, 304) : c.json(value);
});

tables.get("/api/tables/:id/record", readLimit, tableParam, async (c) => {
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
  const result = checked(RedeemHandoverSchema, body);
  if (!result.ok) return fail(c, 400, "bad-request", 'send { "code": "…" }, the code of the hand-over link');
  // A code of the wrong shape (a link cut short) is a wrong code: refused alike, without waking the table.
  if (!checked(HandoverCodeSchema, result.value.code).ok) return invalidHandover(c);
  return result.value;
});

function invalidHandover(c: Context) {
  return fail(c, 403, "invalid-handover", "that hand-over link is not valid: it was used, replaced or has expired");
}

/** Hand-over attempts within the address's limit. */
const handoverLimit = createMiddleware<HonoEnv>(async (c, next) => {
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
tables.post(
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
const socketUpgrade = createMiddleware<HonoEnv>(async (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return fail(c, 426, "bad-request", "this endpoint expects a WebSocket upgrade");
  }
  const refused = await overLimit(c, c.env.SOCKET_LIMITER, "connections opened");
  if (refused) return refused;
  await next();
});

tables.get("/api/tables/:id/ws", socketUpgrade, tableParam, async (c) => {
  return c.env.TABLES.getByName(c.req.valid("param").id).fetch(c.req.raw);
});
