/**
 * Embedding: /embed/:id in an iframe on another page shows the table without
 * the page's frame and reports the table's events to the parent page with
 * postMessage; no secret token is ever posted. It posts its content's height,
 * so the parent can size the iframe to it (`?height=auto`), and speaks the
 * language of `?lang=`, else the browser's, and the one the parent asks for.
 * The web component from /embed.js makes that iframe and follows its
 * attributes (package.test.ts plays a whole game in it on a site of its own).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { baseUrl, fetchFromOwnAddress, launch, screenshot, takeSeat, visitor } from "./helpers.ts";

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

  it("posts its height, which the parent sizes the iframe to; follows ?lang=, the browser and the parent", async () => {
    const created = await fetch(`${baseUrl}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    const { id } = (await created.json()) as { id: string };
    const { context, page } = await visitor(browser, "fi-FI");
    // The parent page of docs/client.md: it sets the iframe's height from the resize messages.
    const parent = (query: string, width: number) =>
      page.setContent(
        `<!doctype html><title>Host site</title>
         <iframe id="checkers" src="${baseUrl}/embed/${id}${query}" title="Chinese Checkers"
                 width="${width}" height="380" style="border: 0"></iframe>
         <script>
           // In a block: setContent writes the page again into the same window, whose globals stay.
           {
           window.heights = [];
           const frame = document.getElementById("checkers");
           addEventListener("message", (event) => {
             if (event.origin !== "${baseUrl}" || event.source !== frame.contentWindow) return;
             const message = event.data;
             if (message?.source === "chinese-checkers" && message.type === "resize") {
               window.heights.push(message.height);
               frame.style.height = message.height + "px";
             }
           });
           }
         </script>`,
      );
    const heights = () => page.evaluate(() => (window as unknown as { heights: number[] }).heights);
    const frameHeight = () => page.locator("iframe").evaluate((frame) => frame.getBoundingClientRect().height);
    const frame = () => page.frames().find((f) => f.url().includes("/embed/")) ?? null;
    const lang = async () => (await frame()?.evaluate(() => document.documentElement.lang)) ?? null;

    // Narrow and sized to its content: one column, the board above the seats, nothing to scroll inside.
    await parent("?height=auto", 360);
    await expect.poll(async () => (await heights()).length).toBeGreaterThan(0);
    await page.frameLocator("iframe").locator(".seat").first().waitFor();
    await expect.poll(async () => Math.abs((await frameHeight()) - ((await heights()).at(-1) ?? 0))).toBeLessThan(1);
    const narrow = (await heights()).at(-1) ?? 0;
    expect(narrow).toBeGreaterThan(600); // more than the 380 px it was given
    const inner = await frame()?.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(inner).toBeLessThanOrEqual(1);
    expect(await lang()).toBe("fi"); // the browser's language
    await screenshot(page, "embed-auto-height-narrow", { fullPage: true });

    // Wider: two columns, a different height, posted again.
    await page.locator("iframe").evaluate((element) => element.setAttribute("width", "1000"));
    await expect.poll(async () => (await heights()).at(-1)).not.toBe(narrow);
    await expect.poll(async () => Math.abs((await frameHeight()) - ((await heights()).at(-1) ?? 0))).toBeLessThan(1);
    const embedded = frame();
    if (!embedded) throw new Error("no embed frame");
    await expectNoAxeViolations(embedded, "the embed in an iframe");
    await screenshot(page, "embed-auto-height-wide", { fullPage: true });

    // ?lang= wins over the browser; the parent may ask for another language.
    await parent("?height=auto&lang=sv", 1000);
    await expect.poll(lang).toBe("sv");
    await expect.poll(async () => (await frame()?.locator("h1").textContent()) ?? "").toBe("Kinaschack");
    await page.evaluate(() =>
      document
        .querySelector("iframe")
        ?.contentWindow?.postMessage({ source: "chinese-checkers", type: "language", language: "nb" }, "*"),
    );
    await expect.poll(lang).toBe("nb");
    await expect.poll(async () => (await frame()?.locator("h1").textContent()) ?? "").toBe("Kinasjakk");
    await context.close();
  });

  it("<chinese-checkers-table>: a fixed height, another table, another language, and taken off the page", async () => {
    const ids = await Promise.all(
      [1, 2].map(
        async () =>
          (
            (await (
              await fetchFromOwnAddress(`${baseUrl}/api/tables`, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
              })
            ).json()) as { id: string }
          ).id,
      ),
    );
    const { context, page } = await visitor(browser);
    await page.setContent(
      `<!doctype html><title>Host site</title>
       <script type="module" src="${baseUrl}/embed.js"></script>
       <chinese-checkers-table table="${ids[0]}" height="480"></chinese-checkers-table>
       <script>
         window.heard = [];
         document.querySelector("chinese-checkers-table").addEventListener("cc-welcome", (e) => window.heard.push(e.detail.snapshot.id));
       </script>`,
    );
    const element = page.locator("chinese-checkers-table");
    const frame = element.locator("iframe");
    const welcomed = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    await expect.poll(welcomed, { timeout: 10_000 }).toEqual([ids[0]]);
    // A bare number is pixels; the frame's address does not ask for a height of its own.
    expect(await frame.evaluate((f) => f.getBoundingClientRect().height)).toBe(480);
    expect(new URL((await frame.getAttribute("src")) ?? "").search).toBe("");
    await element.evaluate((e) => e.setAttribute("height", "30rem"));
    expect(await frame.evaluate((f) => f.getBoundingClientRect().height)).toBe(480); // 30 × 16 px

    // Another table: a new frame, which welcomes with it.
    await element.evaluate((e, id) => e.setAttribute("table", id), ids[1]);
    await expect.poll(welcomed, { timeout: 10_000 }).toEqual([ids[0], ids[1]]);
    expect(await frame.getAttribute("src")).toBe(`${baseUrl}/embed/${ids[1]}`);

    // A language set later is told to the same frame.
    await element.evaluate((e) => e.setAttribute("lang", "nb"));
    const inner = page.frames().find((f) => f.url().includes(`/embed/${ids[1]}`));
    await expect.poll(() => inner?.evaluate(() => document.documentElement.lang)).toBe("nb");
    expect(await frame.getAttribute("title")).toBe("Kinasjakk");
    expect(await frame.getAttribute("src")).toBe(`${baseUrl}/embed/${ids[1]}`);

    // Taken off the page, it leaves no frame behind.
    await element.evaluate((e) => e.remove());
    expect(page.frames()).toHaveLength(1);
    await context.close();
  });
});
