/**
 * The security headers as `wrangler dev` serves them, static files included
 * (which the worker hands to the assets binding), and the pages working
 * under their Content-Security-Policy: no violation reported while the
 * create page, the table page and the embed load and draw.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, clientAddress, fetchFromOwnAddress, launch, takeSeat, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newTable(): Promise<string> {
  const response = await fetchFromOwnAddress(`${baseUrl}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Collects the CSP violations a page reports, from the document and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

describe("security headers under wrangler dev", () => {
  it("every page and file has nosniff, no referrer and the CSP; only the embed may be framed", async () => {
    const id = await newTable();
    const paths = [
      "/",
      `/t/${id}`,
      `/embed/${id}`,
      "/build/table.js",
      "/build/front.css",
      "/embed.js",
      "/favicon.svg",
      `/api/tables/${id}`,
    ];
    for (const path of paths) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("no-referrer");
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).toContain("script-src 'self'");
      if (path.startsWith("/embed")) expect(policy, path).not.toContain("frame-ancestors");
      else expect(policy, path).toContain("frame-ancestors 'none'");
    }
  });

  it("the web component's script may be loaded by any site, as a module script is: with CORS, cross-origin", async () => {
    for (const path of ["/embed.js", "/embed.js.map"]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { Origin: "https://site.example" } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      expect(response.headers.get("Cross-Origin-Resource-Policy"), path).toBe("cross-origin");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
    expect((await fetch(`${baseUrl}/embed.js`)).headers.get("Content-Type")).toMatch(/^text\/javascript/);
    // A page that adds a header of its own makes the browser ask first.
    const preflight = await fetch(`${baseUrl}/embed.js`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://site.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-trace",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("x-trace");
    // The app's own files stay the site's.
    const app = await fetch(`${baseUrl}/build/table.js`, { headers: { Origin: "https://site.example" } });
    expect(app.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(app.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
  });
});

describe("the pages work under their Content-Security-Policy", () => {
  it("the create page, a table with a seat taken, and the embed load without a violation", async () => {
    const id = await newTable();
    const { context, page } = await visitor(browser);
    const violations = await watchViolations(page);

    await page.goto("/");
    await page.getByRole("button", { name: "Play a friend" }).waitFor();

    await page.goto(`/t/${id}`);
    await page.waitForSelector("#app[data-status]");
    await takeSeat(page, 0, "Aino");
    // The colour swatch beside a seat keeps its colour under the policy: a small SVG piece, filled.
    // Read in one step in the page: a re-render (presence arriving) may replace the element between
    // finding it and reading it, and a detached element has no computed style.
    const swatchFill = () =>
      page.evaluate(() => {
        const piece = document.querySelector(".swatch .swatch-piece");
        return piece === null ? "" : getComputedStyle(piece).fill;
      });
    await expect.poll(swatchFill).toMatch(/^rgb\(/);
    // The share box draws its QR code.
    expect(await page.locator(".share svg").count()).toBeGreaterThan(0);

    await page.goto(`/embed/${id}`);
    await page.waitForSelector("#app[data-status]");
    expect(await page.locator("svg.board").isVisible()).toBe(true);

    expect(violations).toEqual([]);
    await context.close();
  });
});

describe("the per-address limit under wrangler dev", () => {
  it("counts tables by CF-Connecting-IP, as the browser tests' own addresses rely on: 10 a minute from one, the next elsewhere", async () => {
    const create = async (address: string) =>
      (
        await fetch(`${baseUrl}/api/tables`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
          body: "{}",
        })
      ).status;
    const one = clientAddress();
    // The limit counts in windows of a minute aligned to the clock: 11 requests may straddle two, so
    // send until one is refused; within 2 × 10 + 1 some window sees more than 10 (as limits.test.ts does).
    const statuses: number[] = [];
    while (statuses.length < 21 && statuses.at(-1) !== 429) statuses.push(await create(one));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(await create(clientAddress())).toBe(201);
  });
});
