/**
 * A player's connection dies without a word: its page goes through a TCP
 * proxy (freezable-proxy.ts) that stops forwarding, closing nothing, so
 * neither the browser nor the server gets a close frame. The heartbeat tells
 * both sides within seconds: the other player sees the seat's dot go grey,
 * and the silent player's own page stops saying it is connected. Once the
 * network is back, the page reconnects and both see the seat connected again.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FreezableProxy } from "./freezable-proxy.ts";
import { baseUrl, createFromForm, launch, screenshot, takeSeat, visitor } from "./helpers.ts";

/** Others see a silently dropped seat as disconnected within this (the goal is about 8 s). */
const OTHERS_WITHIN_MS = 10_000;
/** The dropped page itself stops saying "connected" within this. */
const SELF_WITHIN_MS = 8_000;

let browser: Browser;
let proxy: FreezableProxy | undefined;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await proxy?.close();
  await browser?.close();
});

/** The presence dot of a seat on a page: "connected" or "not connected". */
function dotOf(page: Page, seat: number): Promise<string | null> {
  return page.locator(`.seat[data-seat="${seat}"] .dot`).getAttribute("aria-label");
}

/** Polls until `check` holds; returns how long it took from `since`. */
async function timeUntil(check: () => Promise<boolean>, since: number, timeoutMs: number): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a player whose connection dies silently", () => {
  it("is shown as disconnected to the other player within seconds, and its own page says so", async () => {
    proxy = await FreezableProxy.start(baseUrl);
    const host = await visitor(browser);
    // The second player's page, its HTTP and its WebSocket, all through the proxy.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, baseURL: proxy.url });
    const dropped = await context.newPage();
    dropped.on("pageerror", (error) => console.error(`page error: ${error.message}`));

    const id = await createFromForm(host.page);
    await dropped.goto(`/t/${id}`);
    await takeSeat(dropped, 1, "Bjørn");
    await host.page.getByRole("button", { name: "Start the game" }).click();
    for (const page of [host.page, dropped]) {
      await page.waitForSelector('#app[data-status="playing"][data-connection="open"]');
      // Each player's presence reaches the other's page within a few seconds under load (a clean-clone CI run
      // missed the default second).
      await expect.poll(() => dotOf(page, 1), { timeout: 5000 }).toBe("connected");
      await expect.poll(() => dotOf(page, 0), { timeout: 5000 }).toBe("connected");
    }
    // A while of normal play first, so that the heartbeat runs at its own pace.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await dotOf(host.page, 1)).toBe("connected");

    proxy.freeze();
    const frozenAt = Date.now();
    const [othersSaw, selfSaw] = await Promise.all([
      timeUntil(async () => (await dotOf(host.page, 1)) === "not connected", frozenAt, 20_000),
      timeUntil(
        async () => (await dropped.locator("#app").getAttribute("data-connection")) !== "open",
        frozenAt,
        20_000,
      ),
    ]);
    // Nothing was closed before both had seen it, on either side: it was the heartbeat that told. (Afterwards
    // the server closes the silent socket and the page gives up on it, and the proxy sees those closes.)
    const closedBeforeSeen = proxy.closedWhileFrozen;
    console.log(`heartbeat: the other player saw the seat disconnected after ${othersSaw} ms`);
    console.log(`heartbeat: the silent page stopped saying "connected" after ${selfSaw} ms`);
    expect(othersSaw).toBeLessThan(OTHERS_WITHIN_MS);
    expect(selfSaw).toBeLessThan(SELF_WITHIN_MS);

    // The other player: Bjørn's dot is grey; Aino's own is still green.
    expect(await dotOf(host.page, 0)).toBe("connected");
    await expect.poll(() => host.page.locator("#app").getAttribute("data-connection")).toBe("open");
    await screenshot(host.page, "heartbeat-other-sees-seat-disconnected");
    // The silent page: the banner says the connection is lost, and its own seat is no longer "connected".
    await expect.poll(() => dropped.locator(".connection .reconnecting").count()).toBe(1);
    expect(await dotOf(dropped, 1)).toBe("not connected");
    expect(await dropped.locator(".connection").textContent()).toContain("Connection lost");
    await screenshot(dropped, "heartbeat-silent-page-reconnecting");

    expect(closedBeforeSeen).toBe(0);

    // The network comes back: the page reconnects by itself and both see the seat connected again.
    proxy.thaw();
    const thawedAt = Date.now();
    await expect.poll(() => dropped.locator("#app").getAttribute("data-connection"), { timeout: 20_000 }).toBe("open");
    await expect.poll(() => dotOf(host.page, 1), { timeout: 10_000 }).toBe("connected");
    await expect.poll(() => dotOf(dropped, 1)).toBe("connected");
    console.log(`heartbeat: connected again ${Date.now() - thawedAt} ms after the network came back`);
    await screenshot(host.page, "heartbeat-other-sees-seat-back");
    await screenshot(dropped, "heartbeat-silent-page-back");
    await context.close();
  });
});
