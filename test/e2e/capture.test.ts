/**
 * The capture variant in the browser: a chain is built landing by landing,
 * with each landing and each jumped piece marked, and stopped by the player;
 * the scores follow.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holeName } from "../../src/rules/index.ts";
import {
  createFromForm,
  gameOf,
  launch,
  movablePiece,
  screenshot,
  snapshot,
  takeSeat,
  visitor,
  waitForMoves,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("the capture variant in the browser", () => {
  it("builds a capture path landing by landing and stops on Done or on the last landing", async () => {
    const host = await visitor(browser);
    const guest = await visitor(browser);
    const id = await createFromForm(host.page, async (page) => {
      await page.getByLabel("Capture: jump and take pieces").check();
    });
    expect((await snapshot(id)).settings.variant).toBe("capture");
    await guest.page.goto(`/t/${id}`);
    await takeSeat(guest.page, 1, "Bjørn");
    await host.page.getByRole("button", { name: "Start the game" }).click();
    for (const page of [host.page, guest.page]) await page.waitForSelector('#app[data-status="playing"]');

    const players = [host.page, guest.page];
    let moves = 0;
    // Each way to stop a chain that could go on: the Done button, and picking the last landing again.
    const stops: ("done" | "again")[] = ["done", "again"];
    for (let turn = 0; turn < 8 && stops.length > 0; turn++) {
      const table = await snapshot(id);
      const seat = table.game?.turn?.seat ?? 0;
      const page: Page = players[seat];
      const legal = gameOf(table)
        .legalMoves()
        .map((move) => move.path.map(holeName));
      const goesOn = (path: string[]) =>
        legal.some((other) => other.length > path.length && path.every((hole, i) => other[i] === hole));
      // A chain the player stops early when there is one (two landings if possible), else the longest chain.
      const early = legal.filter(goesOn).sort((a, b) => Math.abs(a.length - 3) - Math.abs(b.length - 3))[0];
      const path = early ?? legal.reduce((a, b) => (b.length > a.length ? b : a));
      const stop = early ? stops.shift() : undefined;
      const scoreBefore = table.seats[seat].captures;

      await (await movablePiece(page, path[0])).click();
      expect(await page.locator(`[data-hole="${path[0]}"]`).getAttribute("class")).toContain("selected");
      for (const [i, landing] of path.slice(1).entries()) {
        expect(await page.locator(`[data-hole="${landing}"]`).getAttribute("class")).toContain("destination");
        await page.locator(`[data-hole="${landing}"]`).click();
        if (stop) {
          // Still building: the landing is numbered and the jumped pieces are marked.
          expect(await page.locator(`[data-hole="${landing}"] .landing-number`).textContent()).toBe(String(i + 1));
          expect(await page.locator(".hole.jumped").count()).toBe(i + 1);
          expect(await page.locator(".hole.destination").count()).toBeGreaterThan(0);
        }
      }
      if (stop === "done") {
        await screenshot(page, "capture-1-building-path");
        await page.getByRole("button", { name: "Done" }).click();
      } else if (stop === "again") {
        await page.locator(`[data-hole="${path[path.length - 1]}"]`).click();
      }
      moves++;
      await waitForMoves(players, moves);
      const shown = await page.locator(".move-list li").last().textContent();
      expect(shown).toContain(path.join("-"));
      expect(shown).toContain(`×${path.length - 1}`);
      const after = await snapshot(id);
      expect(after.game?.moves[after.game.moves.length - 1]).toBe(path.join("-"));
      expect(after.seats[seat].captures).toBe(scoreBefore + path.length - 1);
      const names = ["Aino", "Bjørn"];
      await expect
        .poll(() => host.page.locator(".scores").textContent())
        .toBe(`Captured: ${after.seats.map((s) => `${names[s.seat]} ${s.captures}`).join(" · ")}`);
    }
    expect(stops).toEqual([]);

    // A player leaves: the game is over, and the scores stand beside the places.
    await host.page.getByRole("button", { name: "Leave the game" }).click();
    await host.page.getByRole("button", { name: /Really leave/ }).click();
    for (const page of players) await page.waitForSelector('#app[data-status="over"]');
    const final = await snapshot(id);
    for (const page of players) {
      expect(await page.locator(".standings th").allTextContents()).toEqual(["Place", "Player", "Captured"]);
      expect(await page.locator(".standings tbody tr").first().textContent()).toBe(
        `1stBjørn${final.seats[1].captures}`,
      );
    }
    await screenshot(guest.page, "capture-2-end");
    for (const { context } of [host, guest]) await context.close();
  });
});
