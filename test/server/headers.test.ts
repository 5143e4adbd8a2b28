/**
 * Security headers on every answer: a strict Content-Security-Policy (the
 * table page may be framed only by itself, the embed by anyone), no MIME
 * sniffing, no referrer; and CORS on /api limited to what the API uses.
 * The built bundle (/build/*) is checked against `wrangler dev` in
 * test/e2e/headers.test.ts, where static assets take their real path.
 */
import { describe, expect, it } from "vitest";
import { api, connect, createTable, setUpTable, unknownTableId } from "./helpers.ts";

/** The directives of a Content-Security-Policy header, by name. */
function csp(response: Response): Map<string, string> {
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

function expectCommonHeaders(response: Response, path: string): void {
  expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), path).toBe("no-referrer");
  const policy = csp(response);
  expect(policy.get("default-src"), path).toBe("'none'");
  expect(policy.get("script-src"), path).toBe("'self'");
  // Style sheets from here, and the one style element that carries the answer's nonce (the table page's sheet).
  expect(policy.get("style-src"), path).toMatch(/^'self' 'nonce-[\w+/]{22}==?'$/);
  expect(policy.get("img-src"), path).toBe("'self'");
  expect(policy.get("connect-src"), path).toBe("'self'");
  expect(policy.get("base-uri"), path).toBe("'none'");
  expect(policy.get("form-action"), path).toBe("'self'");
  expect(policy.get("object-src"), path).toBe("'none'");
}

describe("security headers on every answer", () => {
  it("the pages / and /t/:id: strict CSP, not to be framed by anyone (frame-ancestors 'none', X-Frame-Options DENY)", async () => {
    const { id } = await createTable();
    for (const path of ["/", `/t/${id}`]) {
      const response = await api(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expectCommonHeaders(response, path);
      expect(csp(response).get("frame-ancestors"), path).toBe("'none'");
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
    }
  });

  it("the embed /embed/:id: the same CSP, but any page may frame it (no frame-ancestors, no X-Frame-Options)", async () => {
    const { id } = await createTable();
    const response = await api(`/embed/${id}`);
    expect(response.status).toBe(200);
    expectCommonHeaders(response, "/embed/:id");
    // Not even "*": that would refuse parents with an opaque origin (a sandboxed page, about:blank, file:).
    expect(csp(response).has("frame-ancestors")).toBe(false);
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
  });

  it("static files, the API's JSON, the text/plain record, errors and unknown paths", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    const paths: [string, number, RegExp][] = [
      ["/favicon.svg", 200, /^image\/svg\+xml/],
      [`/api/tables/${id}`, 200, /^application\/json/],
      [`/api/tables/${id}/record`, 200, /^text\/plain/],
      [`/api/tables/${await unknownTableId()}`, 404, /^application\/json/],
      [`/t/${await unknownTableId()}`, 404, /^application\/json/],
      [`/t/${"B".repeat(24)}`, 404, /^application\/json/], // not signed: refused by the worker
      ["/no/such/file.js", 404, /^application\/json/],
      ["/api/nothing", 404, /^application\/json/],
    ];
    for (const [path, status, type] of paths) {
      const response = await api(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Content-Type"), path).toMatch(type);
      expectCommonHeaders(response, path);
      expect(csp(response).get("frame-ancestors"), path).toBe("'none'");
    }
    for (const client of game.clients) client.close();
  });

  it("the not-found page a browser gets for an unknown table, a malformed id or an unknown path (404 text/html)", async () => {
    const accept = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    for (const path of [`/t/${"B".repeat(16)}`, "/t/short", "/nothing-here"]) {
      const response = await api(path, { headers: accept });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expectCommonHeaders(response, path);
      expect(csp(response).get("frame-ancestors"), path).toBe("'none'");
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
    }
    // The embed's stays frameable: an embedded link that leads nowhere says so inside the frame.
    const embed = await api(`/embed/${"B".repeat(16)}`, { headers: accept });
    expect(embed.status).toBe(404);
    expectCommonHeaders(embed, "/embed/:unknown");
    expect(csp(embed).has("frame-ancestors")).toBe(false);
    expect(embed.headers.get("X-Frame-Options")).toBeNull();
  });

  it("a refused request too (400, 413, 415, 426)", async () => {
    const { id } = await createTable();
    const refused = [
      await api("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }),
      await api("/api/tables", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: " ".repeat(5000),
      }),
      await api("/api/tables", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" }),
      await api(`/api/tables/${id}/ws`),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 413, 415, 426]);
    for (const response of refused) expectCommonHeaders(response, String(response.status));
  });

  it("the socket upgrade still works under the headers", async () => {
    const { id } = await createTable();
    const client = await connect(id);
    client.send({ type: "hello" });
    expect((await client.next("welcome")).snapshot.id).toBe(id);
    client.close();
  });
});

describe("CORS on /api allows only what the API uses", () => {
  it("a preflight names GET, POST and OPTIONS, and only the Content-Type header", async () => {
    const response = await api("/api/tables", {
      method: "OPTIONS",
      headers: {
        Origin: "https://embedder.example",
        "Access-Control-Request-Method": "DELETE",
        "Access-Control-Request-Headers": "content-type, x-secret, authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const methods = (response.headers.get("Access-Control-Allow-Methods") ?? "").split(/,\s*/).sort();
    expect(methods).toEqual(["GET", "OPTIONS", "POST"]);
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toBe("content-type,if-none-match");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("the pages do not answer CORS", async () => {
    const response = await api("/", { headers: { Origin: "https://embedder.example" } });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
