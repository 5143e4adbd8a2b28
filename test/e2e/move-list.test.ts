/**
 * The move list's marks stand beside a move's words, never on them: after
 * each move of a game of three against two computers on a desktop (1366 ×
 * 800, where the list has a narrow column of its own and a computer's move,
 * with its name, its mark and its number since your last turn, often takes
 * two lines), the box of every "since your last turn" mark meets the words
 * (the player, the move, the captures) of no move in the list.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import { holeName } from "../../src/rules/index.ts";
import { clickMove, createFromForm, DESKTOP, gameOf, launch, screenshot, snapshot, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** How many rounds (a move of yours and a move of each computer) the test plays. */
const ROUNDS = 12;

/**
 * Where a since mark's box meets the box of a move's words (its player, its move, its captures) anywhere in the
 * list: each as "the mark of move 4 over move 4's notation". Also how many marks there are, and how many moves
 * take more than one line.
 */
function marksOverWords(page: Page): Promise<{ overlaps: string[]; marks: number; wrapped: number }> {
  return page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll(".move-list li"));
    const words = rows.flatMap((row, index) =>
      Array.from(row.querySelectorAll<HTMLElement>(".who, .notation, .captured")).map((element) => ({
        what: `move ${index + 1}'s ${element.className} "${element.textContent}"`,
        box: element.getBoundingClientRect(),
      })),
    );
    const overlaps: string[] = [];
    const marks = Array.from(document.querySelectorAll<HTMLElement>(".move-list .since-mark"));
    for (const mark of marks) {
      const ply = rows.indexOf(mark.closest("li") as Element) + 1;
      // The mark's box: the mark, and the number it draws (its part that shows).
      const boxes = [mark, mark.querySelector(".since-number")].flatMap((part) =>
        part ? [part.getBoundingClientRect()] : [],
      );
      const box = {
        left: Math.min(...boxes.map((b) => b.left)),
        right: Math.max(...boxes.map((b) => b.right)),
        top: Math.min(...boxes.map((b) => b.top)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
      };
      for (const word of words) {
        const across = Math.min(box.right, word.box.right) - Math.max(box.left, word.box.left);
        const down = Math.min(box.bottom, word.box.bottom) - Math.max(box.top, word.box.top);
        if (across > 0 && down > 0) overlaps.push(`the mark of move ${ply} over ${word.what}`);
      }
    }
    // A move on two lines: its words' pieces (one for each line an element spans) stand at two heights or more.
    const wrapped = rows.filter((row) => {
      const pieces = Array.from(row.querySelectorAll(".who, .notation")).flatMap((element) =>
        Array.from(element.getClientRects()),
      );
      return new Set(pieces.map((piece) => Math.round(piece.top))).size > 1;
    }).length;
    return { overlaps, marks: marks.length, wrapped };
  });
}

describe("a move's since-your-last-turn mark never covers the words of a move in the list", () => {
  it(`at 1366 × 800, after each move of ${ROUNDS} rounds of a game of three against two computers`, async () => {
    const { context, page } = await visitor(browser);
    await page.setViewportSize(DESKTOP);
    // The computers' moves without their animations: the headless shell's software rendering keeps up (computer.test.ts).
    await page.emulateMedia({ reducedMotion: "reduce" });
    const id = await createFromForm(page, async (page) => {
      await page.locator("#players").selectOption("3");
      await page.locator("#computers").selectOption({ label: "2 computer players" });
    });
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForSelector('#app[data-status="playing"]');
    const moves = () => page.locator(".move-list li").count();
    let wrapped = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Aino's turn: the computers' moves since her last are marked 1 and 2 (none before her first).
      await page.waitForSelector("[data-hole].movable");
      const before = await moves();
      const check = await marksOverWords(page);
      expect(check.overlaps, `before Aino's move ${round + 1}`).toEqual([]);
      expect(check.marks).toBe(Math.min(before, 2));
      const action = greedyMove(gameOf(await snapshot(id)));
      if (!action) throw new Error("no move for Aino");
      const path = action.move.path.map(holeName);
      await clickMove(page, [path[0] as string, path.at(-1) as string]);
      // Her move, then each computer's: checked as each comes into the list.
      for (let ply = before + 1; ply <= before + 3; ply++) {
        // A computer thinks for a moment first, longer on a busy machine.
        await expect.poll(moves, { timeout: 30_000 }).toBeGreaterThanOrEqual(ply);
        const after = await marksOverWords(page);
        expect(after.overlaps, `after move ${ply}`).toEqual([]);
        wrapped = Math.max(wrapped, after.wrapped);
      }
    }
    // The case that went wrong was there: moves that took two lines.
    expect(wrapped).toBeGreaterThan(0);
    await screenshot(page, "move-list-marks-desktop");
    await context.close();
  });
});
