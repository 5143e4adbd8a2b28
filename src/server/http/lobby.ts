/** Quick play's sockets to the pools, and the lobby's list: its cached GET and its live socket. */
import { Hono } from "hono";
import { cache } from "hono/cache";
import { parsePoolName } from "../../protocol/index.ts";
import { DIRECTORY } from "../lobby/directory.ts";
import { fail, type HonoEnv, misconfigured, overLimit, tableIdKeys } from "./answers.ts";

export const lobby = new Hono<HonoEnv>();

/**
 * Quick play: a seeker's socket to the pool of the game it asks for
 * (`classic-2-live`), within the address's limit of lobby sockets. A pool
 * that does not exist is refused here, without waking any object; a pool
 * seats its seekers at tables whose ids it signs, so it needs the key.
 */
lobby.get("/api/quick/:pool/ws", async (c) => {
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
lobby.get(
  "/api/lobby",
  cache({ cacheName: "lobby", cacheControl: `public, max-age=${LOBBY_CACHE_SECONDS}`, wait: false }),
  async (c) => c.json(await c.env.DIRECTORY.getByName(DIRECTORY).list()),
);

/** The lobby's live list: a socket that hears each addition and removal, within the address's limit. */
lobby.get("/api/lobby/ws", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return fail(c, 426, "bad-request", "this endpoint expects a WebSocket upgrade");
  }
  const refused = await overLimit(c, c.env.LOBBY_LIMITER, "lobby connections opened");
  if (refused) return refused;
  return c.env.DIRECTORY.getByName(DIRECTORY).fetch(c.req.raw);
});
