/**
 * One person and the computer. Aino opens the front page alone, chooses one
 * strong computer player for a two-player table, creates it (the computer is
 * seated before the table shows), takes her seat and starts. She makes her
 * first three moves by clicking on the board, the computer answering each
 * (the status line says it is thinking, the move list marks its moves); the
 * rest of her moves are played from Node with her seat token while the
 * computer answers through the table's alarm, and her page shows the end and
 * the result. The rematch starts at once: the computer has accepted already.
 * Then the lobby: the host of a three-seat table adds a computer of a level to
 * a free seat, in English and in Finnish, and removes it; and a table of
 * computers alone, which its host starts and watches.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import { holeName } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import {
  clickMove,
  createFromForm,
  DESKTOP,
  gameOf,
  launch,
  overflowsSideways,
  playSeatToEnd,
  SMALL_PHONE,
  screenshot,
  snapshot,
  visitor,
  winnerLine,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const moveCount = (page: Page) => page.locator(".move-list li").count();
const statusLine = (page: Page) => page.locator(".status .state").textContent();
/** Starts keeping, in `window.statusLines`, every text the status line takes. */
function recordStatusLines(page: Page): Promise<void> {
  return page.evaluate(() => {
    const lines: string[] = [];
    (window as unknown as { statusLines: string[] }).statusLines = lines;
    // The line is drawn anew at times: watch the whole page and read it after each change.
    new MutationObserver(() => {
      const line = document.querySelector(".status .state")?.textContent ?? "";
      if (lines.at(-1) !== line) lines.push(line);
    }).observe(document.body, { childList: true, characterData: true, subtree: true });
  });
}
const seatRow = (page: Page, seat: number) => page.locator(`.seat[data-seat="${seat}"]`);

/** Plays the greedy move for the seat to move by clicking its piece and its destination. */
async function clickGoodMove(page: Page, id: string): Promise<void> {
  const action = greedyMove(gameOf(await snapshot(id)));
  if (!action) throw new Error("no legal move");
  const path = action.move.path.map(holeName);
  await clickMove(page, [path[0] as string, path[path.length - 1] as string]);
}

describe("one person against the computer", () => {
  it("creates a table with a strong computer player, and plays it to the end", async () => {
    const started = Date.now();
    const { context, page } = await visitor(browser);

    // --- The front page: one strong computer player, and Aino begins.
    const id = await createFromForm(page, async (page) => {
      await page.locator("#computers").selectOption({ label: "1 computer player" });
      await page.locator("#computerLevel").selectOption({ label: "Strong" });
      await page.locator("#firstPlayer").selectOption({ label: "Seat 1" });
      const options = await page.locator("#computers option").allTextContents();
      expect(options).toEqual(["None", "1 computer player", "Computers only (watch)"]);
      await screenshot(page, "computer-0-create");
      await page.setViewportSize(SMALL_PHONE);
      await page.locator("#computers").scrollIntoViewIfNeeded();
      await screenshot(page, "computer-0-create-phone");
      expect(await overflowsSideways(page)).toBe(false);
      await page.setViewportSize(DESKTOP);
    });

    // --- The lobby: the computer sits in seat 2 already, and Aino in seat 1 (she created the table).
    const computer = seatRow(page, 1);
    expect(await computer.locator(".name").textContent()).toBe("Computer 2");
    expect(await computer.locator(".badge.computer").textContent()).toBe(isolated`computer · ${"strong"}`);
    expect(await computer.locator(".dot").count()).toBe(0); // no connection to show
    expect(await computer.getByRole("button", { name: isolated`Remove ${"Computer 2"}` }).count()).toBe(1);
    const seats = (await snapshot(id)).seats;
    expect(seats[1]).toMatchObject({ name: "Computer 2", computer: "strong" });
    expect(seats[0]).toMatchObject({ name: "Aino", computer: null });
    await screenshot(page, "computer-1-lobby");
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForSelector('#app[data-status="playing"]');

    // --- Three moves by clicking; the computer answers each, thinking first.
    for (let round = 0; round < 3; round++) {
      await expect.poll(() => statusLine(page)).toMatch(/^Your turn/);
      // Every status line the page shows from now on, however briefly: polling it could miss one under load.
      if (round === 0) await recordStatusLines(page);
      await clickGoodMove(page, id);
      if (round === 0) {
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { statusLines: string[] }).statusLines))
          .toContain(isolated`${"Computer 2"} is thinking…`);
      }
      await expect.poll(() => moveCount(page), { timeout: 5000 }).toBe(2 * round + 2);
    }
    const marked = page.locator(".move-list li .moved-by.computer");
    expect(await marked.count()).toBe(3);
    expect(await page.locator(".move-list li").nth(1).locator(".who").textContent()).toBe("Computer 2");
    expect(await page.locator(".move-list li").nth(0).locator(".moved-by").count()).toBe(0);
    expect(await page.locator(".stall").textContent()).toBe(""); // a computer never stalls the table
    await screenshot(page, "computer-2-mid-game");

    // --- The rest of Aino's moves from Node; the computer answers on its own, and her page shows the end.
    // Played from Node, the moves come every quarter of a second, each of the computer's animated on the board: the
    // headless shell's software rendering falls behind, and its screenshots wait 20 to 30 s for it to catch up.
    // Without the animations (as for a visitor who asks for reduced motion) it keeps up.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await playSeatToEnd(id, page);
    await page.waitForSelector('#app[data-status="over"]', { timeout: 10_000 });
    const result = (await snapshot(id)).game?.result;
    const winner = result?.winners[0] === 0 ? "Aino" : "Computer 2";
    expect(await winnerLine(page)).toBe(isolated`${winner} wins!`);
    expect(await page.locator(".standings tbody tr").first().textContent()).toContain(winner);
    const plies = (await snapshot(id)).game?.moves.length ?? 0;
    expect(await moveCount(page)).toBe(plies);
    await screenshot(page, "computer-3-end");
    console.log(`computer game: ${winner} won after ${plies} plies, ${Math.round((Date.now() - started) / 1000)} s`);

    // --- The computer accepted the rematch already: Aino's acceptance starts the next game.
    await page.locator(".side").getByRole("button", { name: "Rematch" }).click();
    await page.waitForSelector('#app[data-status="playing"]');
    await context.close();
  });
});

describe("the lobby", () => {
  it("lets the host add a computer player of a level to a free seat, and remove it", async () => {
    const { context, page } = await visitor(browser);
    const id = await createFromForm(page, async (page) => {
      await page.locator("#players").selectOption("3");
    });

    // Each free seat offers a level and the button; the level chosen shows in every free seat.
    const add = page.getByRole("button", { name: "Add computer to seat 3" });
    expect(await page.getByRole("button", { name: "Add computer to seat 2" }).count()).toBe(1);
    await page.getByRole("combobox", { name: "Level of the computer for seat 3" }).selectOption({ label: "Easy" });
    expect(await page.getByRole("combobox", { name: "Level of the computer for seat 2" }).inputValue()).toBe("easy");
    await screenshot(page, "computer-4-lobby-add");
    await add.click();
    await expect.poll(() => seatRow(page, 2).locator(".name").textContent()).toBe("Computer 3");
    expect(await seatRow(page, 2).locator(".badge.computer").textContent()).toBe(isolated`computer · ${"easy"}`);
    expect((await snapshot(id)).seats[2]).toMatchObject({ name: "Computer 3", computer: "easy" });

    // In Finnish, on a phone.
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`/t/${id}?lang=fi`);
    await page.waitForSelector('#app[data-seat="0"]');
    expect(await seatRow(page, 2).locator(".name").textContent()).toBe("Tietokone 3");
    expect(await seatRow(page, 2).locator(".badge.computer").textContent()).toBe(isolated`tietokone · ${"helppo"}`);
    expect(await page.getByRole("button", { name: "Lisää tietokone paikalle 2" }).count()).toBe(1);
    await page.locator(".seats").scrollIntoViewIfNeeded();
    await screenshot(page, "computer-5-lobby-phone-fi");
    expect(await overflowsSideways(page)).toBe(false);
    // The level and the button share a line on a phone, in Norwegian (the longest words) too.
    for (const [language, button] of [
      ["fi", "Lisää tietokone paikalle 2"],
      ["nb", "Legg til datamaskin på plass 2"],
    ] as const) {
      if (language !== "fi") {
        await page.goto(`/t/${id}?lang=${language}`);
        await page.waitForSelector('#app[data-seat="0"]');
      }
      if (language === "nb") {
        await page.locator(".seats").scrollIntoViewIfNeeded();
        await screenshot(page, "computer-5-lobby-phone-nb");
      }
      // The host's controls are drawn once the table has said who the page is, and drawn again as the
      // table's first messages come (under load a full run read them between two drawings and found
      // none): both are waited for together.
      const controls = async () => {
        const add = await page.getByRole("button", { name: button }).boundingBox();
        const level = await seatRow(page, 1).locator("select.computer-level").boundingBox();
        return add && level ? { add, level } : null;
      };
      const seen: { controls: Awaited<ReturnType<typeof controls>> } = { controls: null };
      await expect.poll(async () => (seen.controls = await controls()), { timeout: 15_000 }).not.toBeNull();
      if (!seen.controls) throw new Error("no Add computer");
      const { add, level } = seen.controls;
      expect(Math.abs(add.y + add.height / 2 - (level.y + level.height / 2)), language).toBeLessThan(3);
      // A finger's height (44 px) and no more: its words on one line.
      expect(add.height, language).toBeLessThanOrEqual(44.5);
      expect(await overflowsSideways(page)).toBe(false);
    }
    await page.goto(`/t/${id}?lang=fi`);
    await page.waitForSelector('#app[data-seat="0"]');

    // The host removes it: the seat is free again.
    await page.getByRole("button", { name: isolated`Poista ${"Tietokone 3"}` }).click();
    await expect.poll(async () => (await snapshot(id)).seats[2]?.name).toBeNull();
    // The server has stored it before the page has drawn it: the page is waited for, not raced.
    await page.getByRole("button", { name: "Lisää tietokone paikalle 3" }).waitFor();
    await context.close();
  });

  it("a table of computers alone: the host starts it and watches", async () => {
    const { context, page } = await visitor(browser);
    await createFromForm(page, async (page) => {
      await page.locator("#computers").selectOption({ label: "Computers only (watch)" });
    });
    await expect
      .poll(() => page.locator(".seat .badge.computer").allTextContents())
      .toEqual([isolated`computer · ${"normal"}`, isolated`computer · ${"normal"}`]);
    expect(await page.locator(".join-row").isHidden()).toBe(true);
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForSelector('#app[data-status="playing"]');
    await expect.poll(() => statusLine(page)).toMatch(/^\u2068Computer [12]\u2069 is thinking…$/);
    await expect.poll(() => moveCount(page), { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    expect(await page.locator(".seats .hint").count()).toBe(0); // no seat to take: nothing to hint at
    await screenshot(page, "computer-6-watching");
    await context.close();
  });
});
