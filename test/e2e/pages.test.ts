/**
 * The pages besides the table: the page a visitor gets for a link that leads
 * nowhere (an unknown or malformed table id, any unknown path), with status
 * 404, in the visitor's language, with a way to create a table; and the
 * rules page in every language, on a desktop and on a phone, with no
 * sideways scrolling, one h1 and headings in order, its contents' links a
 * finger's height on a phone, reached from the create page and from the
 * table page.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDLE_DAYS } from "../../src/client/ui/idle-days.ts";
import { rules as enRules } from "../../src/client/ui/rules/en.ts";
import { rules as fiRules } from "../../src/client/ui/rules/fi.ts";
import { rules as nbRules } from "../../src/client/ui/rules/nb.ts";
import { OUTLINE, type RulesText } from "../../src/client/ui/rules/outline.ts";
import { rules as svRules } from "../../src/client/ui/rules/sv.ts";
import { TRANSLATIONS } from "../translations.ts";
import { createFromForm, DESKTOP, launch, PHONE, screenshot, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LANGUAGES = [
  { language: "en", locale: "en-GB", rules: enRules },
  { language: "fi", locale: "fi-FI", rules: fiRules },
  { language: "sv", locale: "sv-SE", rules: svRules },
  { language: "nb", locale: "nb-NO", rules: nbRules },
] as const satisfies readonly { language: keyof typeof TRANSLATIONS; locale: string; rules: RulesText }[];

/** Every section of the rules, by the id its heading has on the page. */
const SECTION_IDS = Object.entries(OUTLINE).flatMap(([chapter, sections]) => [chapter, ...sections]);

/** The whole page, not only what the window shows. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: true });
}

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The page at each narrow width: nothing may scroll sideways. */
async function expectNoSidewaysScrolling(page: Page, what: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `${what} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

/** The levels of the page's headings, in document order. */
function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6")).map((heading) => Number(heading.tagName[1])),
  );
}

const h1 = (page: Page) => page.locator("h1").textContent();

describe("a link that leads nowhere", () => {
  it("the pages tell the days without play after which the worker deletes a table (IDLE_DAYS)", async () => {
    const config = await readFile(new URL("../../wrangler.toml", import.meta.url), "utf8");
    expect(/^IDLE_DAYS = "(\d+)"$/m.exec(config)?.[1]).toBe(String(IDLE_DAYS));
  });

  it("an unknown table: 404, a page in the visitor's language that explains, and a link to create a table", async () => {
    for (const { language, locale } of LANGUAGES) {
      const { messages } = TRANSLATIONS[language];
      const { context, page } = await visitor(browser, locale);
      await page.setViewportSize(DESKTOP);
      const response = await page.goto("/t/DDDDDDDDDDDDDDDD");
      expect(response?.status(), language).toBe(404);
      expect(await h1(page)).toBe(messages.noTableHeading);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const text = await page.locator("main").textContent();
      expect(text).toContain(` ${IDLE_DAYS} `);
      expect(text).not.toMatch(/[{}]|table-not-found/);
      expect(await page.locator("h1").count()).toBe(1);
      await expect.poll(() => page.title()).toContain(messages.noTableHeading);
      await shot(page, `not-found-${language}-desktop`);
      await page.setViewportSize(PHONE);
      await shot(page, `not-found-${language}-phone`);
      await expectNoSidewaysScrolling(page, `not found, ${language}`);

      // The way on: a new table, or the rules.
      const rules = page.getByRole("link", { name: messages.howToPlay });
      expect(await rules.getAttribute("href")).toBe(`/rules?lang=${language}`);
      await page.getByRole("link", { name: messages.createTableLink }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await h1(page)).toBe(messages.createHeading);
      await context.close();
    }
  });

  it("a malformed table id, in a page or an embed, answers 404 the same way", async () => {
    const { context, page } = await visitor(browser, "sv-SE");
    for (const path of ["/t/short", "/t/AAAAAAAA.AAAAAAA", "/embed/AAAAAAAAAAAAAAAAA"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await h1(page), path).toBe(TRANSLATIONS.sv.messages.noTableHeading);
    }
    // The embed has no title bar, and its links open a new tab: the other pages may not be framed.
    expect(await page.locator("header").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Skapa ett bord" }).getAttribute("target")).toBe("_blank");
    await page.setViewportSize(PHONE);
    await shot(page, "not-found-sv-embed-phone");
    await context.close();
  });

  it("where the browser does not tell the page its status, the table page asks the table's API, and says so", async () => {
    const { context, page } = await visitor(browser, "nb-NO");
    // As in browsers without Navigation Timing's responseStatus.
    await page.addInitScript(() => {
      Object.defineProperty(PerformanceResourceTiming.prototype, "responseStatus", { get: () => 0 });
    });
    const response = await page.goto("/t/EEEEEEEEEEEEEEEE");
    expect(response?.status()).toBe(404);
    // The page asks the table's API first: a loaded machine's answer can take more than the poll's default second.
    await expect
      .poll(() => page.locator("h1").textContent(), { timeout: 10_000 })
      .toBe(TRANSLATIONS.nb.messages.noTableHeading);
    // The table page gave up its connection: nothing keeps trying in the background.
    expect(await page.locator(".connection").count()).toBe(0);
    await context.close();
  });

  it("any unknown path: 404 and a page that says there is nothing there", async () => {
    const { context, page } = await visitor(browser, "fi-FI");
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    expect(await h1(page)).toBe(TRANSLATIONS.fi.messages.notFoundHeading);
    await page.setViewportSize(PHONE);
    await shot(page, "not-found-page-fi-phone");
    await context.close();
  });
});

describe("the rules page", () => {
  it("in every language, on a desktop and a phone: every section, one h1, headings in order, no sideways scrolling", async () => {
    for (const { language, locale, rules } of LANGUAGES) {
      const { context, page } = await visitor(browser, locale);
      await page.setViewportSize(DESKTOP);
      const response = await page.goto("/rules");
      expect(response?.status()).toBe(200);
      await page.waitForSelector(`#app[data-rules="${language}"]`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await h1(page)).toBe(rules.title);
      expect(await page.locator("h1").count()).toBe(1);
      const levels = await headingLevels(page);
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i], `heading ${i}`).toBeLessThanOrEqual(levels[i - 1] + 1);
      for (const id of SECTION_IDS) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
      expect(await page.locator("main").count()).toBe(1);
      expect(await page.locator("figure svg").count()).toBe(Object.keys(rules.diagrams).length);
      await shot(page, `rules-${language}-desktop`);
      await page.setViewportSize(PHONE);
      await shot(page, `rules-${language}-phone`);
      await expectNoSidewaysScrolling(page, `rules, ${language}`);
      // The create page and its title bar, with the new link, fit too.
      await page.goto("/");
      await expectNoSidewaysScrolling(page, `create page, ${language}`);
      await context.close();
    }
  });

  it("follows ?lang= and the language switch, and a link to a section lands on it", async () => {
    const { context, page } = await visitor(browser, "en-GB");
    await page.goto("/rules?lang=fi#capture");
    await page.waitForSelector('#app[data-rules="fi"]');
    expect(await h1(page)).toBe(fiRules.title);
    expect(await page.locator("#capture").textContent()).toBe(fiRules.chapters.options.sections.capture.heading);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator("select#language").selectOption("nb");
    await page.waitForSelector('#app[data-rules="nb"]');
    expect(await h1(page)).toBe(nbRules.title);
    expect(new URL(page.url()).searchParams.get("lang")).toBe("nb");
    expect(await page.getByRole("link", { name: "Regler" }).getAttribute("aria-current")).toBe("page");
    await context.close();
  });

  it("is linked from the create page and from the table page, in their language", async () => {
    const { context, page } = await visitor(browser, "sv-SE");
    await page.goto("/");
    await page.getByRole("link", { name: TRANSLATIONS.sv.messages.howToPlay }).click();
    await page.waitForSelector('#app[data-rules="sv"]');
    expect(await h1(page)).toBe(svRules.title);
    await page.goto("/");
    await page.locator("header").getByRole("link", { name: TRANSLATIONS.sv.messages.rules }).click();
    await page.waitForSelector('#app[data-rules="sv"]');
    await context.close();

    const host = await visitor(browser, "en-GB");
    await createFromForm(host.page);
    await host.page.setViewportSize({ width: 320, height: 700 });
    // The record column follows the width a moment after it changes (table-page/layout.ts, a media query's
    // change event): under load the first look can come before it; what counts is where the page settles.
    await expect.poll(() => overflow(host.page), { timeout: 5_000 }).toBeLessThanOrEqual(0);
    await host.page.locator("header").getByRole("link", { name: "Rules" }).click();
    await host.page.waitForSelector('#app[data-rules="en"]');
    expect(await h1(host.page)).toBe(enRules.title);
    await host.context.close();
  });
});

describe("the rules page's contents links take a finger on a phone: 44 px tall at least", () => {
  it("at 390 × 844, in every language, every link of the contents is 44 px tall or more", async () => {
    for (const { language, locale, rules } of LANGUAGES) {
      const { context, page } = await visitor(browser, locale);
      await page.setViewportSize(PHONE);
      await page.goto("/rules");
      await page.waitForSelector(`#app[data-rules="${language}"]`);
      const links = page.locator("nav.contents a");
      expect(await links.count()).toBe(Object.keys(rules.chapters).length);
      const heights = await links.evaluateAll((elements) =>
        elements.map((link) => [link.textContent ?? "", link.getBoundingClientRect().height] as const),
      );
      for (const [text, height] of heights) expect(height, `${language}: "${text}"`).toBeGreaterThanOrEqual(44);
      await screenshot(page, `rules-contents-${language}-phone`);
      await context.close();
    }
  });
});
