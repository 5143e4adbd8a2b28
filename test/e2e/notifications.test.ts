/**
 * "Your turn" notifications in Chromium: the table page's switch, and the
 * service worker handling a real push from the table (sent to the test push
 * service, which checked its signature and decrypted it) and a click.
 *
 * What the headless Chromium of these tests cannot do, and how each step is
 * reached instead:
 * - `PushManager.subscribe` is refused ("Registration failed - permission
 *   denied"), and offline the vendor's push service (Firebase, for Chromium)
 *   could not be reached anyway: the page must say why the switch stays off.
 *   The table is handed a subscription of the test push service through the
 *   SDK instead, as the page would hand the browser's.
 * - The push is delivered into the service worker with the DevTools protocol
 *   (`ServiceWorker.deliverPushMessage`), as the browser delivers one from its
 *   push service.
 * - Notifications are denied to a headless shell whatever the permissions say
 *   (`Notification.permission` is "denied"), so `showNotification` is
 *   recorded on its way to the browser, which refuses it.
 * - Only a click the browser dispatches may open or focus a window, so the
 *   clicks dispatched here record what the service worker asks for (a window
 *   opened, or a tab focused), which the browser then refuses.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTable, hostTokenKey, memoryTokens, seatTokenKey, TableClient } from "../../src/client/sdk/index.ts";
import { formatPath } from "../../src/rules/index.ts";
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
  const path = formatPath(move.path);
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

describe("the service worker shows a table's push in the player's language, and a click opens the table", () => {
  it("a real push from the table, delivered into the service worker: one notification, the move in Finnish; a click opens the table", async () => {
    const { id, aino, bjorn, token } = await twoPlayers();
    const { context, page } = await pageAt(browser, { locale: "fi-FI" });
    try {
      // Aino's browser: seated (its storage holds her token), with the service worker the page registers.
      await seatedAt(context, { id, tokens: { [`chinese-checkers:seat:${id}`]: token } });
      await context.grantPermissions(["notifications"], { origin: baseUrl });
      await page.goto("/");
      await page.evaluate(async () => {
        await navigator.serviceWorker.register("/sw.js", { scope: "/" });
        await navigator.serviceWorker.ready;
      });
      // The table is handed the test push service's subscription for Aino's seat, in Finnish; she plays and goes.
      const subscription = await push.subscribe();
      await aino.subscribePush(subscription, "fi");
      await playFirst(aino);
      aino.close();
      const path = await playFirst(bjorn);
      const [delivery] = await push.deliveries(subscription.endpoint, { count: 1, timeoutMs: 15_000 });
      expect(delivery?.payload).toMatchObject({
        kind: "turn",
        lang: "fi",
        url: `/t/${id}`,
        move: { by: "Bjørn", path },
      });

      // Headless Chromium denies notifications whatever the permissions say (Notification.permission is
      // "denied"), so the service worker's calls to showNotification are recorded on their way to it.
      const [worker] = context.serviceWorkers();
      if (!worker) throw new Error("no service worker");
      await worker.evaluate(() => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration; shown: unknown[] };
        scope.shown = [];
        const show = scope.registration.showNotification.bind(scope.registration);
        scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
          scope.shown.push({ title, ...options });
          return show(title, options).catch(() => undefined);
        };
      });
      // Delivered into the service worker as the browser's push service would.
      const devtools = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await devtools.send("ServiceWorker.enable");
      await devtools.send("ServiceWorker.deliverPushMessage", {
        origin: baseUrl,
        registrationId: await registration,
        data: delivery?.text ?? "",
      });
      const shown = () => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown);
      await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
      expect(await shown()).toEqual([
        {
          title: "Sinun vuorosi",
          body: `\u2068Bjørn\u2069 siirsi \u2068${path}\u2069. Kiinanshakki: \u2068Bjørn\u2069.`,
          tag: `table:${id}`,
          lang: "fi",
          data: { url: `/t/${id}`, kind: "turn" },
        },
      ]);

      // A click on it. Only a click the browser itself dispatches may open or focus a window, so these
      // clicks, dispatched from the test, record what the service worker asks the browser to do.
      await worker.evaluate(() => {
        const scope = self as unknown as {
          clients: { openWindow(url: string): Promise<unknown> };
          asked: string[];
          WindowClient: { prototype: { focus(): Promise<unknown>; url: string } };
        };
        scope.asked = [];
        const openWindow = scope.clients.openWindow.bind(scope.clients);
        scope.clients.openWindow = (url: string) => {
          scope.asked.push(`open ${url}`);
          return openWindow(url).catch(() => null);
        };
        const focus = scope.WindowClient.prototype.focus;
        scope.WindowClient.prototype.focus = function (this: { url: string }) {
          scope.asked.push(`focus ${this.url}`);
          return focus.call(this).catch(() => this);
        };
      });
      const click = (url: string) =>
        worker.evaluate(async (url) => {
          const scope = self as unknown as { dispatchEvent(event: Event): boolean; asked: string[] };
          const ExtendableEventClass = (globalThis as unknown as { ExtendableEvent: typeof Event }).ExtendableEvent;
          const event = new ExtendableEventClass("notificationclick");
          let closed = false;
          const done: Promise<unknown>[] = [];
          const notification = {
            data: { url },
            close: () => {
              closed = true;
            },
          };
          Object.defineProperty(event, "notification", { value: notification });
          Object.defineProperty(event, "waitUntil", { value: (promise: Promise<unknown>) => done.push(promise) });
          scope.dispatchEvent(event);
          await Promise.all(done);
          return { closed, asked: scope.asked.splice(0) };
        }, url);
      // No tab has the table: it is opened. A notification naming another site leads to this one's front
      // page, which a tab has open here, so that tab is focused.
      expect(await click(`/t/${id}`)).toEqual({ closed: true, asked: [`open ${baseUrl}/t/${id}`] });
      expect(await click("https://elsewhere.example/t/x")).toEqual({ closed: true, asked: [`focus ${baseUrl}/`] });
      // A tab has it open: that tab is focused, no other opened.
      await page.goto(`/t/${id}`);
      await page.getByText("Sinun vuorosi").first().waitFor();
      expect(await click(`/t/${id}`)).toEqual({ closed: true, asked: [`focus ${baseUrl}/t/${id}`] });
      await screenshot(page, "notify-table-fi");
    } finally {
      aino.close();
      bjorn.close();
      await context.close();
    }
  });
});
