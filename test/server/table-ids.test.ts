/**
 * Signed table ids: the worker refuses an id it did not make before any
 * Durable Object is touched. Requests go through the worker's Hono app with
 * the test's bindings, some of them changed: another key, a previous key,
 * unsigned ids accepted, or a TABLES namespace that records every use and
 * reaches no object.
 */
import { env } from "cloudflare:workers";
import { encodeBase64Url } from "hono/utils/encode";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "../../src/protocol/index.ts";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import type { Env } from "../../src/server/env.ts";
import { isGenuineTableId } from "../../src/server/table/ids.ts";
import { newTableId } from "../../src/server/table/table-ids.ts";
import app from "../../src/server/worker.ts";
import { checkTableSettings } from "../../src/table/index.ts";
import { api, createTable, ORIGIN, someAddress, tableIdKey, unknownTableId } from "./helpers.ts";

/** Another key of 32 characters or more, as a rotation would bring. */
const OTHER_KEY = "another-table-id-key-0123456789abcdef";

/** A request to the worker with the test's bindings, changed by `changes`. */
function fetchWith(changes: Partial<Record<keyof Env, unknown>>, path: string, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", someAddress());
  return Promise.resolve(app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), { ...env, ...changes }));
}

/** A TABLES namespace that records every use and throws: whatever reaches for an object is seen. */
function watchedTables(): { uses: string[]; TABLES: unknown } {
  const uses: string[] = [];
  const TABLES = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== "string" || name === "then") return undefined;
        return (...args: unknown[]) => {
          uses.push(`${name}(${args.map(String).join(", ")})`);
          throw new Error(`TABLES.${name}: a Durable Object was reached`);
        };
      },
    },
  );
  return { uses, TABLES };
}

/** Every route with a table id: the snapshot, the record, the socket (with an upgrade), the page and the embed. */
function pathsOf(id: string): string[] {
  return [`/api/tables/${id}`, `/api/tables/${id}/record`, `/api/tables/${id}/ws`, `/t/${id}`, `/embed/${id}`];
}

const UPGRADE = { headers: { Upgrade: "websocket" } };

/** The id with its character at `index` changed. */
function flipped(id: string, index: number): string {
  return id.slice(0, index) + (id[index] === "A" ? "B" : "A") + id.slice(index + 1);
}

/** A 16-character id as the service made them before ids were signed: 12 random bytes. */
function unsignedId(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(12)).buffer);
}

/** Makes the table `id` directly in its object, as the worker did before ids were signed. */
async function makeOldTable(id: string): Promise<void> {
  expect(
    await env.TABLES.getByName(id).create(id, checkTableSettings(v.parse(TableSettingsSchema, {})), "old-host-token"),
  ).toBe(true);
}

/** Status, content type and body of an answer. */
async function answerOf(response: Response): Promise<[number, string | null, string]> {
  return [response.status, response.headers.get("Content-Type"), await response.text()];
}

async function errorOf(response: Response): Promise<ErrorBody> {
  return ((await response.json()) as { error: ErrorBody }).error;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a new table's id is signed: 24 characters, 96 random bits and a 48-bit MAC under TABLE_ID_KEY", () => {
  it("created ids are 24 characters and check under the key, not under another", async () => {
    for (let i = 0; i < 5; i++) {
      const { id } = await createTable();
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await isGenuineTableId(id, { current: tableIdKey() }, false)).toBe(true);
      expect(await isGenuineTableId(id, { current: OTHER_KEY }, false)).toBe(false);
    }
  });
});

describe("an id the service did not sign is answered as a table that does not exist", () => {
  it("a character of the random part or of the MAC changed: 404 table-not-found, word for word as an unknown table", async () => {
    const { id } = await createTable();
    const unknown = await unknownTableId();
    for (const index of [0, 7, 15, 16, 20, 23]) {
      const forged = flipped(id, index);
      const forgedPaths = pathsOf(forged);
      const unknownPaths = pathsOf(unknown);
      for (let p = 0; p < forgedPaths.length; p++) {
        const answer = await answerOf(await api(forgedPaths[p], UPGRADE));
        expect(answer[0], forgedPaths[p]).toBe(404);
        expect(answer, forgedPaths[p]).toEqual(await answerOf(await api(unknownPaths[p], UPGRADE)));
        expect(JSON.parse(answer[2])).toEqual({ error: { code: "table-not-found", message: "no such table" } });
      }
    }
  });

  it("without an upgrade, the socket route answers a forged id 426 as it does an unknown table", async () => {
    const forged = flipped(await unknownTableId(), 23);
    const answer = await answerOf(await api(`/api/tables/${forged}/ws`));
    expect(answer[0]).toBe(426);
    expect(answer).toEqual(await answerOf(await api(`/api/tables/${await unknownTableId()}/ws`)));
  });

  it("is refused at the edge: no Durable Object is touched for a forged id or an unsigned one", async () => {
    const { uses, TABLES } = watchedTables();
    const forged = [flipped(await unknownTableId(), 3), flipped(await unknownTableId(), 21), "A".repeat(24)];
    for (const id of [...forged, unsignedId()]) {
      for (const path of pathsOf(id)) {
        const response = await fetchWith({ TABLES }, path, UPGRADE);
        expect(response.status, path).toBe(404);
        expect((await errorOf(response)).code, path).toBe("table-not-found");
      }
    }
    expect(uses).toEqual([]);
    // The watch sees what does reach for an object: a signed id does.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const signed = await unknownTableId();
    expect((await fetchWith({ TABLES }, `/api/tables/${signed}`)).status).toBe(500);
    expect(uses).toEqual([`getByName(${signed})`]);
  });
});

describe('16-character ids of before are refused unless ACCEPT_UNSIGNED_TABLE_IDS is "true"', () => {
  it('refused by default (wrangler.toml\'s "false"): an old table answers 404 table-not-found', async () => {
    const id = unsignedId();
    await makeOldTable(id);
    for (const path of pathsOf(id)) {
      const response = await api(path, UPGRADE);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code, path).toBe("table-not-found");
    }
  });

  it('accepted with "true": an old table is served, an unknown old id is answered 404 by its object', async () => {
    const id = unsignedId();
    await makeOldTable(id);
    const accept = { ACCEPT_UNSIGNED_TABLE_IDS: "true" };
    const snapshot = await fetchWith(accept, `/api/tables/${id}`);
    expect(snapshot.status).toBe(200);
    expect(((await snapshot.json()) as { id: string }).id).toBe(id);
    expect((await fetchWith(accept, `/t/${id}`)).status).toBe(200);
    expect((await fetchWith(accept, `/embed/${id}`)).status).toBe(200);
    const socket = await fetchWith(accept, `/api/tables/${id}/ws`, UPGRADE);
    expect(socket.status).toBe(101);
    socket.webSocket?.accept();
    socket.webSocket?.close(1000);
    const { uses, TABLES } = watchedTables();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await fetchWith({ ...accept, TABLES }, `/api/tables/${unsignedId()}`);
    expect(uses).toHaveLength(1); // passed to its object, which alone knows
    const unknown = await fetchWith(accept, `/api/tables/${unsignedId()}`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("table-not-found");
  });
});

describe("key rotation: ids signed with TABLE_ID_PREVIOUS_KEY still check; new ids are signed with TABLE_ID_KEY", () => {
  it("a table made under the previous key is served after the rotation, and a new one is signed with the new key", async () => {
    const before = await createTable();
    const rotated = { TABLE_ID_KEY: OTHER_KEY, TABLE_ID_PREVIOUS_KEY: tableIdKey() };
    expect((await fetchWith(rotated, `/api/tables/${before.id}`)).status).toBe(200);
    expect((await fetchWith(rotated, `/t/${before.id}`)).status).toBe(200);

    const created = await fetchWith(rotated, "/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await isGenuineTableId(id, { current: OTHER_KEY }, false)).toBe(true);
    expect(await isGenuineTableId(id, { current: tableIdKey() }, false)).toBe(false);
    expect((await fetchWith(rotated, `/api/tables/${id}`)).status).toBe(200);
  });

  it("an id signed with neither key answers 404 table-not-found", async () => {
    const { id } = await createTable();
    const response = await fetchWith({ TABLE_ID_KEY: OTHER_KEY }, `/api/tables/${id}`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("table-not-found");
    const elsewhere = await newTableId("a-key-this-service-never-had-0123456789");
    expect((await api(`/api/tables/${elsewhere}`)).status).toBe(404);
  });
});

describe("without a usable TABLE_ID_KEY nothing is created or reached: 500 misconfigured, and the log says why", () => {
  const cases: [string, Partial<Record<keyof Env, unknown>>, RegExp][] = [
    ["no key", { TABLE_ID_KEY: undefined }, /TABLE_ID_KEY is not set/],
    ["an empty key", { TABLE_ID_KEY: "" }, /TABLE_ID_KEY is not set/],
    ["a key shorter than 32 characters", { TABLE_ID_KEY: "changeme" }, /TABLE_ID_KEY is shorter than 32/],
    [
      "a previous key shorter than 32 characters",
      { TABLE_ID_PREVIOUS_KEY: "old" },
      /TABLE_ID_PREVIOUS_KEY is shorter than 32/,
    ],
  ];
  for (const [name, changes, logged] of cases) {
    it(`${name}: creating a table and reaching one answer 500 misconfigured, and no object is touched`, async () => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const { uses, TABLES } = watchedTables();
      const requests: [string, RequestInit][] = [
        ["/api/tables", { method: "POST", headers: { "Content-Type": "application/json" } }],
        ...pathsOf(await unknownTableId()).map((path): [string, RequestInit] => [path, UPGRADE]),
      ];
      for (const [path, init] of requests) {
        const response = await fetchWith({ ...changes, TABLES }, path, init);
        expect(response.status, path).toBe(500);
        expect((await errorOf(response)).code, path).toBe("misconfigured");
      }
      expect(uses).toEqual([]);
      expect(error).toHaveBeenCalledWith(expect.stringMatching(logged));
    });
  }
});
