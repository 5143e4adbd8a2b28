/**
 * The waiting room and the feel of a game, in real browsers: the creator
 * names themself on the front page and lands seated; the next action comes
 * first on a desktop and a phone (the share link for the host while seats are
 * free, the name and "Sit down" for a visitor, "Start the game" once the
 * seats are full), within the first screenful; "watching" leaves yourself
 * out; your move is on the board before the table's event comes back (the
 * table's answer is held back to show it), nothing moves again when it does, and a
 * refused move goes back with the reason; optional sounds; the tab title on
 * your turn; and the end of a two-player game as a card with the places and
 * a reason that is true ("Aino is home first", not "Everyone is home").
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Point } from "../../src/rules/index.ts";
import { holeName } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { expectNoAxeViolations } from "./axe.ts";
import {
  baseUrl,
  createFromForm,
  DESKTOP,
  gameOf,
  inFirstScreen,
  launch,
  PHONE,
  playToEnd,
  screenshot,
  snapshot,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A visitor with a screen of that size. In the page, `navigator.share` is a
 * stand-in that notes what it was asked to share (the headless browser has no
 * share sheet), and every AudioContext made and tone started is counted.
 */
async function open(
  viewport: { width: number; height: number },
  locale = "en-GB",
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({
    viewport,
    locale,
    baseURL: baseUrl,
    isMobile: phone,
    hasTouch: phone,
  });
  await context.addInitScript(() => {
    const w = window as unknown as { shared: unknown[]; contexts: number; tones: number[] };
    w.shared = [];
    w.contexts = 0;
    w.tones = [];
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: unknown) => {
        w.shared.push(data);
      },
    });
    const Real = window.AudioContext;
    if (Real) {
      window.AudioContext = class extends Real {
        constructor(options?: AudioContextOptions) {
          super(options);
          w.contexts++;
        }
        override createOscillator(): OscillatorNode {
          const oscillator = super.createOscillator();
          const start = oscillator.start.bind(oscillator);
          oscillator.start = (when?: number) => {
            w.tones.push(oscillator.frequency.value);
            start(when);
          };
          return oscillator;
        }
      };
    }
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

/** The top of each element, to compare their order on the page. */
const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;

const inPage = <T>(page: Page, name: "shared" | "contexts" | "tones") =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<T>;

/** Messages from the server to the page wait while `held`, and go on in order on `release()`. */
interface Gate {
  held: boolean;
  release(): void;
}

/**
 * Routes a page's socket through the test: the server's messages pass a gate
 * (so the test decides when the table's answer arrives, whatever the
 * machine's speed), and `rewrite` may change what the page sends.
 */
async function gatedSocket(page: Page, rewrite: (message: string) => string): Promise<Gate> {
  const waiting: (string | Buffer)[] = [];
  let deliver: (message: string | Buffer) => void = () => {};
  const gate: Gate = {
    held: false,
    release() {
      gate.held = false;
      for (const message of waiting.splice(0)) deliver(message);
    },
  };
  await page.routeWebSocket(/\/api\/tables\/[^/]+\/ws$/, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    deliver = (message) => ws.send(message);
    server.onMessage((message) => (gate.held ? waiting.push(message) : ws.send(message)));
    ws.onMessage((message) => server.send(typeof message === "string" ? rewrite(message) : message));
  });
  return gate;
}

describe("the waiting room", () => {
  it("seats the creator at once and puts each visitor's next action first, on a desktop and a phone", async () => {
    // --- The front page: the name field first, remembered for next time.
    const host = await open(DESKTOP);
    await host.page.goto("/");
    expect(await inFirstScreen(host.page, "#creator-name")).toBe(true);
    await host.page.locator("#creator-name").fill("Aino");
    await screenshot(host.page, "flow-1-create");
    const id = await createFromForm(host.page, undefined, "Aino");
    expect((await snapshot(id)).seats[0]).toMatchObject({ name: "Aino" });
    expect(await host.page.evaluate(() => localStorage.getItem("chinese-checkers:name"))).toBe("Aino");
    expect(await host.page.locator(".seat.you .name").textContent()).toBe("Aino");

    // --- The host's lobby: sharing the link comes first; no Start button, but what is missing.
    expect(await host.page.getByRole("button", { name: "Start the game" }).count()).toBe(0);
    expect(await host.page.locator(".status .state").textContent()).toBe("Waiting for 1 more player");
    expect(await top(host.page, ".share")).toBeLessThan(await top(host.page, ".status"));
    expect(await inFirstScreen(host.page, ".share .share-sheet")).toBe(true);
    expect(await inFirstScreen(host.page, ".share .copy")).toBe(true);
    const link = await host.page.locator("#share-link").inputValue();
    expect(link).toMatch(new RegExp(`/t/${id}$`));
    await host.page.getByRole("button", { name: "Share…" }).click();
    await expect
      .poll(() => inPage<unknown[]>(host.page, "shared"))
      .toEqual([{ title: "Chinese Checkers", text: "Join my game of Chinese Checkers", url: link }]);
    await screenshot(host.page, "flow-2-host-lobby-desktop");
    await host.page.setViewportSize(PHONE);
    expect(await inFirstScreen(host.page, ".share .share-sheet")).toBe(true);
    expect(await inFirstScreen(host.page, "#share-link")).toBe(true);
    await screenshot(host.page, "flow-3-host-lobby-phone");
    await host.page.setViewportSize(DESKTOP);

    // --- A visitor on a phone, in Finnish: the name and "Sit down" before anything else.
    const guest = await open(PHONE, "fi-FI");
    await guest.page.goto(link);
    await guest.page.waitForSelector('#app[data-status="waiting"]');
    expect(await inFirstScreen(guest.page, "#player-name")).toBe(true);
    expect(await inFirstScreen(guest.page, ".join-card .sit-down")).toBe(true);
    expect(await top(guest.page, ".join-card")).toBeLessThan(await top(guest.page, ".share"));
    expect(await guest.page.locator(".join-card h2").textContent()).toBe("Pelaa tässä pöydässä");

    // --- A third visitor watches: nobody counts themself.
    const watcher = await open(DESKTOP);
    await watcher.page.goto(link);
    await watcher.page.waitForSelector('#app[data-status="waiting"]');
    expect(await top(watcher.page, ".join-card")).toBeLessThan(await top(watcher.page, ".share"));
    expect(await inFirstScreen(watcher.page, ".join-card .sit-down")).toBe(true);
    await expect.poll(() => host.page.locator(".watching").textContent()).toBe("2 watching");
    await expect.poll(() => watcher.page.locator(".watching").textContent()).toBe("1 other watching");
    await expect.poll(() => guest.page.locator(".watching").textContent()).toBe("1 muu katsoo");
    await screenshot(guest.page, "flow-4-visitor-phone-fi");
    await expectNoAxeViolations(guest.page, "the waiting room, a visitor on a phone, in Finnish");
    await screenshot(watcher.page, "flow-5-visitor-desktop");

    // --- The guest sits down with Enter in the name field: the first free seat.
    await guest.page.locator("#player-name").fill("Bjørn");
    await guest.page.locator("#player-name").press("Enter");
    await guest.page.waitForSelector('#app[data-seat="1"]');
    expect(await guest.page.locator(".join-card").isHidden()).toBe(true);
    await expect.poll(() => host.page.locator(".watching").textContent()).toBe("1 watching");
    await expect.poll(() => watcher.page.locator(".watching").count()).toBe(0);
    await expect.poll(() => watcher.page.locator(".join-card").isHidden()).toBe(true); // no free seat left

    // --- Every seat taken: Start is the host's first thing, and the page says it may begin.
    const start = host.page.getByRole("button", { name: "Start the game" });
    await start.waitFor();
    expect(await top(host.page, ".lobby .start")).toBeLessThan(await top(host.page, ".status"));
    expect(await inFirstScreen(host.page, ".lobby .start")).toBe(true);
    expect(await host.page.locator(".status .state").textContent()).toBe(
      "Everyone is seated: start when you are ready.",
    );
    await screenshot(host.page, "flow-6-host-ready");
    await expectNoAxeViolations(host.page, "the waiting room, full, the host to start");
    await host.page.setViewportSize(PHONE);
    expect(await inFirstScreen(host.page, ".lobby .start")).toBe(true);
    await screenshot(host.page, "flow-7-host-ready-phone");
    await start.click();
    await host.page.waitForSelector('#app[data-status="playing"]');
    expect(await host.page.locator(".lobby").isHidden()).toBe(true);

    for (const { context } of [host, guest, watcher]) await context.close();
  });
});

describe("playing", () => {
  it("shows your move at once, takes a refused one back, and ends with a card of places", async () => {
    const host = await open(DESKTOP);
    const guest = await open(DESKTOP, "fi-FI");
    // The host's socket goes through the test: its messages from the server are held back on demand,
    // and the next move it sends may be turned into one the table refuses.
    let spoil = false;
    const gate = await gatedSocket(host.page, (text) => {
      if (!text.startsWith("{")) return text; // the heartbeat's "ping"
      const message = JSON.parse(text) as { type?: string; path?: string };
      if (!spoil || message.type !== "move" || !message.path) return text;
      spoil = false;
      // Backwards: from the (empty) destination to the start. The table refuses it: no piece there.
      return JSON.stringify({ ...message, path: message.path.split("-").reverse().join("-") });
    });
    const id = await createFromForm(host.page, async (page) => {
      await page.locator("#firstPlayer").selectOption({ label: "Seat 1" });
    });
    await guest.page.goto(`/t/${id}`);
    await guest.page.locator("#player-name").fill("Bjørn");
    await guest.page.getByRole("button", { name: "Istu pöytään" }).click();
    await guest.page.waitForSelector('#app[data-seat="1"]');

    // Sounds are off until turned on; turning them on is the gesture that makes the audio context.
    const toggle = host.page.getByRole("checkbox", { name: "Sounds" });
    expect(await toggle.isChecked()).toBe(false);
    expect(await inPage<number>(host.page, "contexts")).toBe(0);
    await toggle.check();
    expect(await inPage<number>(host.page, "contexts")).toBe(1);
    expect(await inPage<number[]>(host.page, "tones")).toEqual([520]);
    expect(await host.page.evaluate(() => localStorage.getItem("chinese-checkers:sounds"))).toBe("on");

    await host.page.getByRole("button", { name: "Start the game" }).click();
    for (const page of [host.page, guest.page]) await page.waitForSelector('#app[data-status="playing"]');
    // Your turn, in the tab's title too; not the guest's.
    await expect.poll(() => host.page.title()).toBe("● Your turn · Chinese Checkers");
    expect(await guest.page.title()).toBe("Kiinanshakki");

    // --- An optimistic move: the server's answer is held back 1.5 s.
    const pickStep = async () => {
      const move = gameOf(await snapshot(id))
        .legalMoves()
        .find((m) => m.path.length === 2);
      if (!move) throw new Error("no step");
      return move.path.map(holeName) as [string, string];
    };
    const hole = (page: Page, name: string) => page.locator(`[data-hole="${name}"]`);
    const seqOf = (page: Page) => page.evaluate(() => Number(document.querySelector("#app")?.getAttribute("data-seq")));
    const [from, to] = await pickStep();
    const colour = (await hole(host.page, from).getAttribute("data-piece")) as Point;
    const seqBefore = await seqOf(host.page);
    gate.held = true;
    await hole(host.page, from).click();
    await hole(host.page, to).click();
    // At once: the piece leaves its hole and glides to the new one, with the table's answer held back.
    expect(await hole(host.page, from).getAttribute("data-piece")).toBeNull();
    await expect.poll(() => hole(host.page, to).getAttribute("data-piece"), { interval: 20 }).toBe(colour);
    expect(await seqOf(host.page)).toBe(seqBefore);
    // The rest of the page goes on with the board: the guest's turn as shown, not still "Your turn".
    expect(await host.page.locator(".status .state").textContent()).toContain("Bjørn");
    expect(await host.page.locator(".seat.to-move").getAttribute("data-seat")).toBe("1");
    expect(await host.page.title()).toBe("Chinese Checkers");
    await screenshot(host.page, "flow-8-move-shown-before-the-table-answers");
    // The event arrives: the position stays, and nothing is animated again.
    gate.release();
    await expect.poll(() => seqOf(host.page), { timeout: 5000 }).toBeGreaterThan(seqBefore);
    expect(await host.page.locator(".animation .moving").count()).toBe(0);
    expect(await hole(host.page, to).getAttribute("data-piece")).toBe(colour);
    expect(await hole(host.page, from).getAttribute("data-piece")).toBeNull();
    await expect.poll(() => host.page.title()).toBe("Chinese Checkers");
    await expect.poll(() => guest.page.title(), { timeout: 15_000 }).toBe("● Sinun vuorosi · Kiinanshakki");

    // --- The guest answers: the host hears it is their turn.
    const tonesBefore = (await inPage<number[]>(host.page, "tones")).length;
    const [gFrom, gTo] = await pickStep();
    await hole(guest.page, gFrom).click();
    await hole(guest.page, gTo).click();
    await expect.poll(() => host.page.title(), { timeout: 15_000 }).toBe("● Your turn · Chinese Checkers");
    await expect.poll(async () => (await inPage<number[]>(host.page, "tones")).slice(tonesBefore)).toEqual([660, 990]);

    // --- A refused move: shown at once, then back where it was, with the reason.
    const [rFrom, rTo] = await pickStep();
    const seqBeforeRefusal = await seqOf(host.page);
    spoil = true;
    gate.held = true;
    await hole(host.page, rFrom).click();
    await hole(host.page, rTo).click();
    expect(await hole(host.page, rFrom).getAttribute("data-piece")).toBeNull();
    gate.release();
    await expect
      .poll(() => host.page.locator(".notice").textContent(), { timeout: 5000 })
      .toBe("Your move was taken back. \u2068That move is not allowed.\u2069");
    await expect.poll(() => hole(host.page, rFrom).getAttribute("data-piece"), { timeout: 5000 }).toBe(colour);
    expect(await hole(host.page, rTo).getAttribute("data-piece")).toBeNull();
    expect(await seqOf(host.page)).toBe(seqBeforeRefusal);
    await screenshot(host.page, "flow-9-move-refused");
    // Still the host's turn, and the same move goes through now.
    await hole(host.page, rFrom).click();
    await hole(host.page, rTo).click();
    await expect.poll(() => seqOf(host.page)).toBeGreaterThan(seqBeforeRefusal);
    await expect.poll(() => hole(host.page, rTo).getAttribute("data-piece")).toBe(colour);

    // --- The rest of the game from Node; the end comes as a card with the places and a true reason.
    await playToEnd(id, [host.page, guest.page]);
    for (const page of [host.page, guest.page]) await page.waitForSelector('#app[data-status="over"]');
    const result = (await snapshot(id)).game?.result;
    const winner = result?.winners[0] === 0 ? "Aino" : "Bjørn";
    const loser = winner === "Aino" ? "Bjørn" : "Aino";
    const card = host.page.getByRole("dialog", { name: "Game over" });
    await card.waitFor();
    expect(await host.page.evaluate(() => document.activeElement?.id)).toBe("game-over-heading");
    expect(await card.locator(".end-winner").textContent()).toBe(isolated`${winner} wins!`);
    expect(await card.locator(".end-reason").textContent()).toBe(isolated`${winner} is home first.`);
    // The result is said once: the card says who won; beside it the places and the score, each once.
    expect(await host.page.locator(".status .winner, .status .reason").count()).toBe(0);
    expect(await card.locator("table, .end-scores").count()).toBe(0);
    // Beside the board: in the side panel, or on a window this wide in the column of the game's record.
    const side = host.page.locator("main.table");
    expect(await side.locator(".standings tbody tr").first().textContent()).toBe(`1st${winner}`);
    expect(await side.locator(".standings tbody tr").allTextContents()).toEqual([`1st${winner}`, `2nd${loser}`]);
    expect(await side.locator(".score-table tbody tr").allTextContents()).toEqual([
      `${winner}1 pt · 1 game`,
      `${loser}0 pts · 1 game`,
    ]);
    expect(await side.locator(".seat .score").count()).toBe(0);
    // The card covers at most a quarter of the board.
    const area = async (selector: string) => {
      const box = await host.page.locator(selector).boundingBox();
      return (box?.width ?? Number.POSITIVE_INFINITY) * (box?.height ?? Number.POSITIVE_INFINITY);
    };
    expect(await area(".game-over")).toBeLessThanOrEqual(0.25 * (await area("svg.board")));
    expect(await card.getByRole("button", { name: "Rematch" }).count()).toBe(1);
    expect(await card.getByRole("link", { name: "New table" }).getAttribute("href")).toBe("/");
    await expect.poll(async () => (await inPage<number[]>(host.page, "tones")).includes(1046.5)).toBe(true);
    await screenshot(host.page, "flow-10-end-en");
    await expectNoAxeViolations(host.page, "the end-of-game card");

    const guestCard = guest.page.getByRole("dialog", { name: "Peli päättyi" });
    await guestCard.waitFor();
    expect(await guestCard.locator(".end-reason").textContent()).toBe(isolated`${winner} ehti ensimmäisenä maaliin.`);
    expect(await guest.page.locator(".standings tbody tr").allTextContents()).toEqual([`1.${winner}`, `2.${loser}`]);
    await screenshot(guest.page, "flow-11-end-fi");
    await guest.page.setViewportSize(PHONE);
    await screenshot(guest.page, "flow-12-end-fi-phone");
    await expectNoAxeViolations(guest.page, "the end-of-game card on a phone, in Finnish");
    // The card follows the page's language: in Swedish and Norwegian too, on the phone and on a desktop.
    for (const [language, heading, reason] of [
      ["sv", "Spelet är slut", isolated`${winner} kom först i mål.`],
      ["nb", "Spillet er over", isolated`${winner} kom først i mål.`],
    ] as const) {
      await guest.page.locator("#language").selectOption(language);
      const translated = guest.page.getByRole("dialog", { name: heading });
      await expect.poll(() => translated.locator(".end-reason").textContent()).toBe(reason);
      await screenshot(guest.page, `flow-12-end-${language}-phone`);
      await guest.page.setViewportSize(DESKTOP);
      await screenshot(guest.page, `flow-11-end-${language}`);
      await guest.page.setViewportSize(PHONE);
    }
    await guest.page.locator("#language").selectOption("fi");

    // Escape closes the card; the board and the side panel's result stay, and the status now says who won.
    await host.page.keyboard.press("Escape");
    expect(await card.isHidden()).toBe(true);
    expect(await host.page.locator(".standings tbody tr").count()).toBe(2);
    await expect.poll(() => host.page.locator(".status .winner").textContent()).toBe(isolated`${winner} wins!`);
    expect(await host.page.locator(".status .reason").textContent()).toBe(isolated`${winner} is home first.`);
    // One screen after the game as during it: at 1366×800 the board, both seats, the places and the score, the
    // replay's controls and the move list down to its last move, together.
    for (const selector of [
      "svg.board",
      '.seat[data-seat="0"]',
      '.seat[data-seat="1"]',
      ".standings",
      ".score-table",
      ".replay",
      ".move-list li:last-child",
    ]) {
      // Once the page has laid itself out again without the card.
      await expect.poll(() => inFirstScreen(host.page, selector), { message: selector }).toBe(true);
    }
    await screenshot(host.page, "flow-13-end-closed");

    // The rematch from the card (the guest's): it closes, and the rematch counts the guest's acceptance.
    await guestCard.getByRole("button", { name: "Uusintaottelu" }).click();
    expect(await guestCard.isHidden()).toBe(true);
    await expect.poll(async () => (await snapshot(id)).seats[1]?.rematch).toBe(true);

    // Sounds stay on after a reload.
    await host.page.reload();
    await host.page.waitForSelector("#app[data-status]");
    expect(await host.page.getByRole("checkbox", { name: "Sounds" }).isChecked()).toBe(true);
    for (const { context } of [host, guest]) await context.close();
  });
});
