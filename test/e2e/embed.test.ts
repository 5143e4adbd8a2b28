/**
 * Embedding: /embed/:id in an iframe on another page shows the table without
 * the page's frame and reports the table's events to the parent page with
 * postMessage; no secret token is ever posted.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, screenshot, takeSeat, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Posted {
  source: string;
  version: number;
  table: string;
  type: string;
  seq?: number;
  event?: { type: string; seat?: number; name?: string };
  you?: { seat: number | null };
}

describe("an embedded table", () => {
  it("plays inside an iframe and posts the table's events to the parent page", async () => {
    const created = await fetch(`${baseUrl}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2 }),
    });
    const { id } = (await created.json()) as { id: string };

    const { context, page } = await visitor(browser);
    await page.setContent(
      `<!doctype html><title>Host site</title>
       <script>window.posted = []; addEventListener("message", (e) => window.posted.push(e.data));</script>
       <h1>My site</h1>
       <iframe src="${baseUrl}/embed/${id}" width="1100" height="700" title="Chinese Checkers"></iframe>`,
    );
    const posted = () => page.evaluate(() => (window as unknown as { posted: Posted[] }).posted);
    await expect.poll(async () => (await posted()).some((m) => m.type === "welcome")).toBe(true);

    const frame = page.frameLocator("iframe");
    expect(await frame.locator("header").count()).toBe(0);
    expect(await frame.locator(".share").count()).toBe(0);
    expect(await frame.locator("svg.board").isVisible()).toBe(true);

    // Taking a seat inside the iframe.
    await frame.locator("#player-name").fill("Embedded");
    await frame.getByRole("button", { name: "Sit here, seat 1" }).click();
    await expect
      .poll(async () => (await posted()).find((m) => m.type === "event" && m.event?.type === "seated"))
      .toMatchObject({ source: "chinese-checkers", version: 1, table: id, event: { seat: 0, name: "Embedded" } });

    // Someone else joins from the share link: the parent hears of it too.
    const other = await visitor(browser);
    await other.page.goto(`/t/${id}`);
    await takeSeat(other.page, 1, "Visitor");
    await expect
      .poll(async () => (await posted()).filter((m) => m.type === "event" && m.event?.type === "seated").length)
      .toBe(2);
    const all = await posted();
    expect(all.every((m) => m.source === "chinese-checkers" && m.table === id)).toBe(true);
    expect(all.some((m) => m.type === "connection")).toBe(true);
    expect(all.some((m) => m.type === "identity" && m.you?.seat === 0)).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/token/i);
    const seqs = all.filter((m) => m.type === "event").map((m) => m.seq ?? 0);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await screenshot(page, "embed-in-iframe");
    await other.context.close();
    await context.close();
  });
});
