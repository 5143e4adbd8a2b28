/**
 * Accessibility: axe-core finds nothing on any page in any state: the front
 * page, a table waiting for players (seen by its host, before and after
 * sitting down), a game on its player's turn with a piece picked, the game
 * over, the rules; the embedded table and the not-found page in English
 * (the one is the table page without its frame, the other a heading, a line
 * and a link). Each language in light mode; dark mode in English (what dark
 * mode changes is colours, which no language changes, and axe's
 * colour-contrast rule is the slow one); for the same reason the other
 * languages leave colour contrast to English.
 * The end-of-game card and the replay are checked where they are opened
 * (flow.test.ts, view.test.ts). Besides axe: the page's title and top heading
 * are in the page's language, every page has one h1, and sitting down leaves
 * the keyboard focus on something (the seat's row), not on the page's body.
 * Screenshots: test-results/screenshots/a11y-en-<scheme>-<state>.png, on a
 * desktop.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, launch, screenshot } from "./helpers.ts";
import { type PageTables, pageTables, seatedAt, type TableAt } from "./tables.ts";

let browser: Browser;
// Made once for all the tests; whoever sits down at the lobby leaves again.
let tables: PageTables;
beforeAll(async () => {
  [browser, tables] = await Promise.all([launch(), pageTables()]);
});
afterAll(async () => {
  await browser?.close();
});

const SCHEMES = ["light", "dark"] as const;
/** Each language, the browser locale that asks for it, and what its pages say. */
const LANGUAGES = [
  { lang: "en", locale: "en-GB", title: "Chinese Checkers", heading: "Create a table", sit: "Sit here" },
  { lang: "fi", locale: "fi-FI", title: "Kiinanshakki", heading: "Luo pöytä", sit: "Istu tähän" },
  { lang: "sv", locale: "sv-SE", title: "Kinaschack", heading: "Skapa ett bord", sit: "Sitt här" },
  { lang: "nb", locale: "nb-NO", title: "Kinasjakk", heading: "Opprett et bord", sit: "Sett deg her" },
] as const;

async function open(
  locale: string,
  scheme: (typeof SCHEMES)[number],
  table?: TableAt,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale,
    colorScheme: scheme,
    reducedMotion: "reduce",
    baseURL: baseUrl,
  });
  if (table) await seatedAt(context, table);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

/** Every language in light mode, and English in dark mode too. */
const RUNS = [
  ...LANGUAGES.map((language) => ({ ...language, scheme: "light" as const })),
  { ...LANGUAGES[0], scheme: "dark" as const },
];

describe("accessibility", () => {
  for (const { lang, locale, title, heading, sit, scheme } of RUNS) {
    it(`${lang}, ${scheme}: no axe violation on any page; titles, headings and focus`, async () => {
      const found: string[] = [];
      const check = async (page: Page, state: string, scheme: string) => {
        const name = `a11y-${lang}-${scheme}-${state}`;
        // A picture of each state in English, light and dark; the other languages' pages are pictured where
        // they are played (flow, language, phone), and a screenshot costs as long as axe does.
        if (lang === "en") await screenshot(page, name);
        // Contrast is a matter of colours, which the English runs check in light and dark.
        const violations = await axeViolations(page, lang === "en" ? [] : ["color-contrast"]);
        if (violations.length > 0) {
          console.error(`axe, ${name}:\n${describeViolations(violations)}`);
          for (const violation of violations) found.push(`${name}: ${violation.id} (${violation.nodes.length})`);
        }
        expect.soft(await page.locator("h1").count(), `${name}: one h1`).toBe(1);
      };
      // The front page.
      {
        const { context, page } = await open(locale, scheme);
        await page.goto("/");
        await page.locator("form button[type=submit]").first().waitFor();
        expect.soft(await page.title()).toBe(title);
        expect.soft(await page.locator("h1").textContent()).toBe(heading);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await check(page, "home", scheme);
        await context.close();
      }

      // A table waiting for players, seen by its host; then the host sits down, and leaves again.
      {
        const { context, page } = await open(locale, scheme, tables.lobby);
        await page.goto(`/t/${tables.lobby.id}`);
        await page.waitForSelector('#app[data-status="waiting"]');
        await page.locator(".seat .sit").first().waitFor();
        expect.soft(await page.title()).toBe(title);
        await check(page, "lobby", scheme);
        await page.locator("#player-name").fill("Aino");
        await page
          .getByRole("button", { name: new RegExp(`^${sit}`) })
          .first()
          .click();
        await page.waitForSelector('#app[data-seat="0"]');
        const focused = await page.evaluate(() => {
          const active = document.activeElement;
          return active && active !== document.body
            ? (active.closest("[data-seat]")?.getAttribute("data-seat") ?? active.tagName)
            : null;
        });
        expect.soft(focused, "the focus after sitting down").toBe("0");
        await check(page, "lobby-seated", scheme);
        await page.locator('button[data-focus="leave"]').click();
        await page.waitForSelector('#app[data-seat=""]');
        await context.close();
      }

      // A game on the player's turn, a piece picked; the game over.
      {
        const { context, page } = await open(locale, scheme, tables.playing);
        await page.goto(`/t/${tables.playing.id}`);
        await page.waitForSelector('#app[data-status="playing"][data-seat="0"]');
        await page.locator("svg.board.interactive .hole.movable").first().click();
        await page.locator("svg.board .hole.destination").first().waitFor();
        await check(page, "playing", scheme);
        await context.close();
      }
      {
        const { context, page } = await open(locale, scheme, tables.over);
        await page.goto(`/t/${tables.over.id}`);
        await page.waitForSelector('#app[data-status="over"]');
        await page.locator(".standings").waitFor();
        await check(page, "over", scheme);
        await context.close();
      }

      // The embedded table, as a spectator sees it (in English: it is the table page's, checked above in each
      // language, without the page's frame); the rules; the lobby; a table that is not there (in English: a heading, a line
      // and a link, which pages.test reads in each language).
      {
        const { context, page } = await open(locale, scheme);
        if (lang === "en") {
          await page.goto(`/embed/${tables.playing.id}`);
          await page.waitForSelector('#app[data-status="playing"]');
          await check(page, "embed", scheme);
        }
        await page.goto("/rules");
        await page.locator("main h1").waitFor();
        await check(page, "rules", scheme);
        // The lobby's lists, empty or holding what other tests listed: lobby.test fills them in each language.
        await page.goto("/lobby");
        await page.waitForSelector('#app[data-lobby="loaded"]');
        await check(page, "lobby-list", scheme);
        if (lang === "en") {
          await page.goto("/t/DDDDDDDDDDDDDDDD");
          await page.locator("main h1").waitFor();
          await check(page, "not-found", scheme);
        }
        await context.close();
      }
      expect(found).toEqual([]);
    }, 240_000);
  }
});
