import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("creating a table", () => {
  it("answers 201 with an id, a share link and a host token", async () => {
    const response = await exports.default.fetch("http://example.com/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2 }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; shareLink: string; hostToken: string };
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.shareLink).toBe(`http://example.com/t/${body.id}`);
    const snapshot = await exports.default.fetch(`http://example.com/api/tables/${body.id}`);
    expect(snapshot.status).toBe(200);
  });
});
