/**
 * Names written right to left. Each name on the page is isolated from what is
 * around it: a `<bdi>` where it stands alone (the seats, the move list, the
 * standings), U+2068 … U+2069 inside a sentence (the status line, a button's
 * name, what the page announces), so that it cannot reorder the text next to it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPath, holeName } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { clickMove, createFromForm, gameOf, launch, screenshot, snapshot, takeSeat, visitor } from "./helpers.ts";

const SARA = "سارة";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("a name is isolated from the text around it", () => {
  it("in its own <bdi> in the seats and the move list, between isolates in sentences and buttons", async () => {
    const host = await visitor(browser);
    const guest = await visitor(browser);
    const id = await createFromForm(
      host.page,
      async (page) => {
        await page.locator("#firstPlayer").selectOption({ label: "Seat 1" });
      },
      SARA,
    );
    await guest.page.goto(`/t/${id}`);
    await takeSeat(guest.page, 1, "Aino");
    await host.page.getByRole("button", { name: "Start the game" }).click();
    await guest.page.waitForSelector('#app[data-status="playing"]');

    // The seats: each name is a <bdi> of its own.
    expect(await guest.page.locator(".seat .name bdi").allTextContents()).toEqual([SARA, "Aino"]);
    // A sentence: the name between isolates, the rest of the sentence as it is written.
    expect(await guest.page.locator(".status .state").textContent()).toBe(isolated`${SARA} to move (${"red"})`);

    // A step, so that clicking its two holes plays it.
    const move = gameOf(await snapshot(id))
      .legalMoves()
      .find((candidate) => candidate.path.length === 2);
    if (!move) throw new Error("no step to play");
    await clickMove(host.page, move.path.map(holeName));
    await expect.poll(() => guest.page.locator(".move-list li").count()).toBe(1);
    const who = guest.page.locator(".move-list li .who");
    expect(await who.evaluate((element) => element.tagName)).toBe("BDI");
    expect(await who.textContent()).toBe(SARA);
    // The page announced the move with the name and the move each isolated.
    expect(await guest.page.locator('div.visually-hidden[aria-live="polite"]').textContent()).toBe(
      isolated`${SARA}: ${formatPath(move.path)}`,
    );
    await screenshot(guest.page, "names-right-to-left");
  });
});
