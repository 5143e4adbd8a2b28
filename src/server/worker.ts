/**
 * The worker: HTTP routes in front of the tables and the lobby (http/). It
 * checks ids (their shape and signature) and request bodies, then hands each
 * request to the Durable Object it is for: a table, a quick-play pool, the
 * lobby's directory.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { TableError } from "../table/index.ts";
import { fail, type HonoEnv, statusOf, telemetryOf } from "./http/answers.ts";
import { apiCors, securityHeaders } from "./http/headers.ts";
import { health } from "./http/health.ts";
import { lobby } from "./http/lobby.ts";
import { notFoundPages, pages } from "./http/pages.ts";
import { push } from "./http/push.ts";
import { tables } from "./http/tables.ts";

export { Directory } from "./lobby/directory.ts";
export { Pool } from "./lobby/pool.ts";
export { Table } from "./table/table.ts";

const app = new Hono<HonoEnv>();

app.use("*", securityHeaders);
app.use("*", notFoundPages);
app.use("/api/*", apiCors);

app.route("/", health);
app.route("/", push);
app.route("/", tables);
app.route("/", lobby);
// Last: its last route takes every path the others did not.
app.route("/", pages);

app.notFound((c) => fail(c, 404, "not-found", `no route for ${c.req.method} ${new URL(c.req.url).pathname}`));

app.onError((error, c) => {
  if (error instanceof TableError) return fail(c, statusOf(error.code), error.code, error.message, error.field);
  // Hono's own refusals, e.g. a request body that is not JSON: a client error, not ours.
  if (error instanceof HTTPException && error.status < 500) return fail(c, error.status, "bad-request", error.message);
  telemetryOf(c).internalError("worker", error, "internal-error");
  return fail(c, 500, "internal-error", "something went wrong on our side");
});

export default app;
