/**
 * `GET /api/health`, for an uptime check: which version runs, and whether
 * the secrets it needs are set. It reads only the worker's own bindings:
 * no Durable Object is touched, so a check every few seconds costs nothing
 * but the request. Secrets are named, never shown.
 */
import { Hono } from "hono";
import packageJson from "../../../package.json" with { type: "json" };
import type { HealthBody } from "../../protocol/index.ts";
import { type HonoEnv, tableIdKeyProblem } from "./answers.ts";

export const health = new Hono<HonoEnv>();

health.get("/api/health", (c) => {
  const env = c.env;
  const problem = tableIdKeyProblem(env);
  const vapid = Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);
  const body: HealthBody = {
    // Both are required (wrangler.toml [secrets]): without the key no table can be made or reached; without the
    // VAPID pair no one can turn notifications on.
    ok: problem === undefined && vapid,
    version: packageJson.version,
    // The deployment's version (wrangler.toml [version_metadata]): its id and tag, and when it was uploaded.
    deployment: env.VERSION ? { id: env.VERSION.id, tag: env.VERSION.tag, timestamp: env.VERSION.timestamp } : null,
    secrets: {
      TABLE_ID_KEY: problem === undefined ? "set" : env.TABLE_ID_KEY ? "invalid" : "missing",
      VAPID: vapid ? "set" : "missing",
    },
  };
  c.header("Cache-Control", "no-store");
  // A service without its required secrets is broken: an uptime check must see it down.
  return c.json(body, body.ok ? 200 : 503);
});
