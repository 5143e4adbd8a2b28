/**
 * The load test's worker: the service as it ships (src/server/worker.ts, its
 * routes and its Table class), plus the bare baseline object behind
 * `/bare/:name/ws`. Only loadtest/wrangler.toml uses this entry; the
 * production config (wrangler.toml) neither bundles nor binds BareTable.
 */
import type { Env } from "../src/server/env.ts";
import app from "../src/server/worker.ts";
import type { BareTable } from "./bare-table.ts";

export { Directory, Pool, Table } from "../src/server/worker.ts";
export { BareTable } from "./bare-table.ts";

interface LoadTestEnv extends Env {
  readonly BARE: DurableObjectNamespace<BareTable>;
}

const BARE_ROUTE = /^\/bare\/([A-Za-z0-9_-]{1,64})\/ws$/;

export default {
  fetch(request: Request, env: LoadTestEnv, ctx: ExecutionContext): Response | Promise<Response> {
    const bare = BARE_ROUTE.exec(new URL(request.url).pathname);
    if (bare) return env.BARE.getByName(bare[1]).fetch(request);
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<LoadTestEnv>;
