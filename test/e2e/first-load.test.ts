/**
 * What a first visit fetches: the front page neither the table page's
 * script nor another language's texts; a table's page (and its embed) has
 * the scripts it imports at once named in its head, so the browser fetches
 * them beside app.js, each once. `npm run -s weight` measures the same
 * visits.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, visitor } from "./helpers.ts";
import { lobbyTable } from "./tables.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's script files, in the order it asked for them, each as often as it did. */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path.replace(/-\w+\.js$/, ".js"));
  });
  return scripts;
}

const preloaded = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) =>
      new URL(link.href).pathname.replace(/-\w+\.js$/, ".js"),
    ),
  );

describe("a first visit", () => {
  it("the front page fetches app.js and what it imports, not the table page", async () => {
    const { context, page } = await visitor(browser);
    const scripts = scriptsFetched(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Play a friend" }).waitFor();
    expect(scripts.sort()).toEqual(["/build/app.js", "/build/chunk.js"]);
    expect(await preloaded(page)).toEqual(["/build/chunk.js"]);
    await context.close();
  });

  it("a table's page and its embed name the table page's scripts in their head, and fetch each once", async () => {
    const { id } = await lobbyTable();
    for (const path of [`/t/${id}`, `/embed/${id}`]) {
      const { context, page } = await visitor(browser);
      const scripts = scriptsFetched(page);
      await page.goto(path);
      await page.waitForSelector("#app[data-status] svg.board");
      expect((await preloaded(page)).sort(), path).toEqual(["/build/chunk.js", "/build/table-page.js"]);
      expect(scripts.filter((script) => script !== "/build/qr.js").sort(), path).toEqual([
        "/build/app.js",
        "/build/chunk.js",
        "/build/table-page.js",
      ]);
      await context.close();
    }
  });
});
