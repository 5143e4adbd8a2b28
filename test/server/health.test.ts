/**
 * `GET /api/health`, for an uptime check: the version and whether the
 * required secrets are set, without waking any Durable Object.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { HealthBodySchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import type { Env } from "../../src/server/env.ts";
import app from "../../src/server/worker.ts";
import { api, unknownTableId } from "./helpers.ts";

/** The worker's bindings with every Durable Object namespace replaced by a trap that notes any use. */
function trappedEnv(overrides: Partial<Env> = {}): { env: Env; touched: string[] } {
  const touched: string[] = [];
  const trap = (name: string) =>
    new Proxy(
      {},
      {
        get(_target, property) {
          touched.push(`${name}.${String(property)}`);
          return () => {
            throw new Error(`${name} was touched`);
          };
        },
      },
    );
  const bindings = {
    ...(env as unknown as Env),
    TABLES: trap("TABLES"),
    POOLS: trap("POOLS"),
    DIRECTORY: trap("DIRECTORY"),
  };
  return { env: { ...bindings, ...overrides } as Env, touched };
}

async function call(path: string, bindings: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://example.com${path}`), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("the health check answers the version and the secrets, and touches no Durable Object", () => {
  it("200 with the version and every required secret set, over the worker", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = v.parse(HealthBodySchema, await response.json());
    expect({ ...body, deployment: null }).toEqual({
      ok: true,
      version: packageJson.version,
      deployment: null,
      secrets: { TABLE_ID_KEY: "set", VAPID: "set" },
    });
  });

  it("no Durable Object namespace is used at all (a table's read, for contrast, uses one)", async () => {
    const { env: bindings, touched } = trappedEnv();
    const response = await call("/api/health", bindings);
    expect(response.status).toBe(200);
    expect(touched).toEqual([]);
    // The trap is sprung by a route that does reach a table.
    await call(`/api/tables/${await unknownTableId()}`, bindings).catch(() => undefined);
    expect(touched).toContain("TABLES.getByName");
  });

  it("503 when a required secret is missing or too short, naming which, never its value", async () => {
    const missing = trappedEnv({ TABLE_ID_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    const response = await call("/api/health", missing.env);
    expect(response.status).toBe(503);
    const body = v.parse(HealthBodySchema, await response.json());
    expect(body.ok).toBe(false);
    expect(body.secrets).toEqual({ TABLE_ID_KEY: "missing", VAPID: "missing" });
    const short = trappedEnv({ TABLE_ID_KEY: "too-short" });
    const text = await (await call("/api/health", short.env)).text();
    expect(JSON.parse(text).secrets.TABLE_ID_KEY).toBe("invalid");
    expect(text).not.toContain("too-short");
    expect([...missing.touched, ...short.touched]).toEqual([]);
  });
});
