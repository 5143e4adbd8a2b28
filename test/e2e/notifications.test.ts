/**
 * "Your turn" notifications in Chromium: the table page's switch, and the
 * service worker showing a real push from the table (sent to the test push
 * service, which checked and decrypted it) and opening the table on a click.
 *
 * What a headless browser offline cannot do: `PushManager.subscribe` needs
 * the browser vendor's push service (Firebase for Chromium), which cannot be
 * reached here, so the browser's own subscription is refused and the page
 * says so; the table is handed a subscription of the test push service
 * through the SDK instead, and the push it sends is delivered into the
 * service worker with the DevTools protocol (`ServiceWorker.deliverPushMessage`),
 * as the browser would deliver it from its push service.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTable, hostTokenKey, memoryTokens, seatTokenKey, TableClient } from "../../src/client/sdk/index.ts";
import { pushControl } from "../push/control.ts";
import { baseUrl, fetchFromOwnAddress, launch, screenshot } from "./helpers.ts";
import { pageAt, seatedAt } from "./tables.ts";

const push = pushControl(inject("pushReceiver"));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A two-player game in play, Aino (whose tokens a page can take) and Bjørn, with Aino to move. */
async function twoPlayers(): Promise<{ id: string; aino: TableClient; bjorn: TableClient; token: string }> {
  const table = await createTable(baseUrl, { players: 2, firstPlayer: 0 }, fetchFromOwnAddress);
  const tokens = memoryTokens();
  tokens.set(hostTokenKey(table.id), table.hostToken);
  const aino = new TableClient({ baseUrl, tableId: table.id, tokens, WebSocket });
  const bjorn = new TableClient({ baseUrl, tableId: table.id, WebSocket });
  await aino.join(0, "Aino");
  await bjorn.join(1, "Bjørn");
  await aino.start();
  return { id: table.id, aino, bjorn, token: tokens.get(seatTokenKey(table.id)) as string };
}

/** The first legal move of the client's seat, once the turn is its own. */
async function playFirst(player: TableClient): Promise<string> {
  for (let waited = 0; player.model?.turn?.seat !== player.you.seat; waited += 20) {
    if (waited > 5000) throw new Error("the turn did not come");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [move] = player.model?.game?.legalMoves() ?? [];
  if (!move) throw new Error("no move");
  const path = move.path.join("-");
  await player.move(path);
  return path;
}

describe("the table page offers a seated player notifications", () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it("the switch is there, in the page's language; without the browser's push service, the page says why it is off", async () => {
    const { id, aino, bjorn, token } = await twoPlayers();
    aino.close();
    bjorn.close();
    ({ context, page } = await pageAt(browser, { locale: "fi-FI" }));
    await seatedAt(context, { id, tokens: { [`chinese-checkers:seat:${id}`]: token } });
    await context.grantPermissions(["notifications"], { origin: baseUrl });
    await page.goto(`/t/${id}`);
    const toggle = page.getByLabel("Ilmoita, kun on vuoroni");
    await toggle.waitFor();
    await toggle.check({ force: true }).catch(() => undefined);
    const note = page.locator(".notify-note");
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/^Ilmoituksia ei voitu ottaa käyttöön: /);
    expect(await toggle.isChecked()).toBe(false);
    // The service worker was registered on the way, before the browser's push service was asked.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope);
    expect(scope).toBe(`${baseUrl}/`);
    await screenshot(page, "notify-switch-fi");
  });
});
