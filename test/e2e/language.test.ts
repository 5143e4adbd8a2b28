/**
 * Languages: the page speaks the browser's language (Finnish, Swedish,
 * Norwegian Bokmål, else English), fetching only that language's texts,
 * switches at once, remembers the choice, and shows errors, the server's
 * included, in the chosen language.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolated } from "../isolated.ts";
import { launch, screenshot, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: import("playwright-core").Page) => page.locator("h1").textContent();
const lang = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.lang);

describe("languages", () => {
  it("follows the browser, switches, remembers the choice, and translates errors", async () => {
    const { context, page } = await visitor(browser, "fi-FI");
    await page.goto("/");
    expect(await heading(page)).toBe("Luo pöytä");
    expect(await lang(page)).toBe("fi");

    const switcher = page.locator("select#language");
    await switcher.selectOption("sv");
    await expect.poll(() => heading(page)).toBe("Skapa ett bord");
    expect(await lang(page)).toBe("sv");
    await page.reload();
    expect(await heading(page)).toBe("Skapa ett bord");
    await switcher.selectOption("nb");
    await expect.poll(() => heading(page)).toBe("Opprett et bord");
    await switcher.selectOption("en");
    await expect.poll(() => heading(page)).toBe("Create a table");
    await switcher.selectOption("fi");
    await expect.poll(() => heading(page)).toBe("Luo pöytä");

    // The front page asks for a name, in Finnish, before it makes a table; then its creator sits in seat 1.
    await page.getByRole("button", { name: "Pelaa kaverin kanssa" }).click();
    await expect.poll(() => page.locator(".notice").textContent()).toBe("Valitse 1–24 merkin nimi.");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.locator("#creator-name").fill("Aino");
    await page.getByRole("button", { name: "Pelaa kaverin kanssa" }).click();
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('#app[data-seat="0"]');
    expect(await page.locator(".seat.you .badge").textContent()).toBe("sinä");
    expect(await page.locator('[data-hole="e5"]').getAttribute("aria-label")).toBe(isolated`${"e5"}, tyhjä`);
    expect(await page.locator('[data-hole="a1"]').getAttribute("aria-label")).toBe(
      isolated`${"a1"}, ${"punainen"} nappula`,
    );

    // A Finnish friend at the table page: a refused name, and a refusal from the server.
    const friend = await visitor(browser, "fi-FI");
    await friend.page.goto(page.url());
    await friend.page.waitForSelector("#app[data-status]");
    await friend.page.getByRole("button", { name: "Istu tähän, paikka 2" }).click();
    await expect.poll(() => friend.page.locator(".notice").textContent()).toBe("Valitse 1–24 merkin nimi.");
    // A name with a control character passes the page but not the server: its `bad-name` comes back translated.
    await friend.page.locator("#player-name").fill("Bj\u0007rn");
    await friend.page.getByRole("button", { name: "Istu tähän, paikka 2" }).click();
    await expect.poll(() => friend.page.locator(".notice").textContent()).toBe("Valitse 1–24 merkin nimi.");
    expect(await friend.page.evaluate(() => document.querySelector("#app")?.getAttribute("data-seat"))).toBe("");
    await friend.page.locator("#player-name").fill("Bjørn");
    await friend.page.getByRole("button", { name: "Istu tähän, paikka 2" }).click();
    await friend.page.waitForSelector('#app[data-seat="1"]');
    await friend.context.close();
    await switcher.selectOption("nb");
    await expect.poll(() => page.locator(".seat.you .badge").textContent()).toBe("deg");
    expect(await page.locator('[data-hole="e5"]').getAttribute("aria-label")).toBe(isolated`${"e5"}, tomt`);
    await screenshot(page, "language-norwegian-table");
    await context.close();

    // Swedish and Norwegian browsers; an unknown language falls back to English.
    for (const [locale, text] of [
      ["sv-SE", "Skapa ett bord"],
      ["nb-NO", "Opprett et bord"],
      ["de-DE", "Create a table"],
    ] as const) {
      const other = await visitor(browser, locale);
      await other.page.goto("/");
      expect(await heading(other.page)).toBe(text);
      await other.context.close();
    }
  });

  it("fetches only the visitor's language, shows no English before it, and fetches another when it is chosen", async () => {
    const { context, page } = await visitor(browser, "fi-FI");
    const fetched: string[] = [];
    page.on("request", (request) => {
      const file = /\/build\/i18n\/(\w+)-\w+\.js$/.exec(new URL(request.url()).pathname);
      if (file?.[1]) fetched.push(file[1]);
    });
    // Every text the page ever holds, as it changes: what could be painted.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.body?.textContent ?? "")).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.goto("/");
    expect(await heading(page)).toBe("Luo pöytä");
    expect(fetched).toEqual(["fi"]);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((text) => text.includes("Create a table") || text.includes("New table"))).toEqual([]);

    await page.locator("select#language").selectOption("sv");
    await expect.poll(() => heading(page)).toBe("Skapa ett bord");
    expect(fetched).toEqual(["fi", "sv"]);

    // Norwegian's file does not arrive: the page stays in Swedish, and so does the switch.
    await page.route("**/build/i18n/nb-*.js", (route) => route.abort());
    await page.locator("select#language").selectOption("nb");
    await expect.poll(() => page.locator("select#language").inputValue()).toBe("sv");
    expect(await heading(page)).toBe("Skapa ett bord");
    expect(await lang(page)).toBe("sv");
    await context.close();
  });

  /** The languages whose texts the page fetches, as it asks for them, and those its HTML preloads. */
  function watchTexts(page: import("playwright-core").Page) {
    const fetched: string[] = [];
    page.on("request", (request) => {
      const file = /\/build\/i18n\/(\w+)-\w+\.js$/.exec(new URL(request.url()).pathname);
      if (file?.[1]) fetched.push(file[1]);
    });
    const preloaded = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("link[data-lang]"), (link) => link.getAttribute("data-lang")),
      );
    return { fetched, preloaded };
  }

  it("the HTML preloads the texts of the page's language alone, English's too, and after a switch the chosen one's", async () => {
    const english = await visitor(browser, "en-GB");
    const en = watchTexts(english.page);
    await english.page.goto("/");
    expect(await heading(english.page)).toBe("Create a table");
    expect(await en.preloaded()).toEqual(["en"]);
    expect(en.fetched).toEqual(["en"]);
    await english.context.close();

    const { context, page } = await visitor(browser, "fi-FI");
    const texts = watchTexts(page);
    await page.goto("/rules");
    expect(await texts.preloaded()).toEqual(["fi"]);
    await page.locator("select#language").selectOption("nb");
    await expect.poll(() => lang(page)).toBe("nb");
    // The choice goes to the worker in a cookie, beside the storage.
    const cookie = (await context.cookies()).find((cookie) => cookie.name === "lang");
    expect(cookie?.value).toBe("nb");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    texts.fetched.length = 0;
    await page.goto("/lobby");
    await expect.poll(() => lang(page)).toBe("nb");
    expect(await texts.preloaded()).toEqual(["nb"]);
    expect(texts.fetched).toEqual(["nb"]);
    // ?lang= comes first, on the worker's side as on the page's.
    texts.fetched.length = 0;
    await page.goto("/?lang=sv");
    expect(await heading(page)).toBe("Skapa ett bord");
    expect(await texts.preloaded()).toEqual(["sv"]);
    expect(texts.fetched).toEqual(["sv"]);

    // A choice kept before the cookie was written: the page writes the cookie from the storage.
    await context.clearCookies();
    texts.fetched.length = 0;
    await page.goto("/");
    expect(await heading(page)).toBe("Opprett et bord");
    expect(texts.fetched).toEqual(["fi", "nb"]);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("nb");
    texts.fetched.length = 0;
    await page.reload();
    expect(await heading(page)).toBe("Opprett et bord");
    expect(texts.fetched).toEqual(["nb"]);
    await context.close();
  });

  it("a language whose file cannot be fetched: the page comes in English, fetched then, never English first otherwise", async () => {
    const { context, page } = await visitor(browser, "sv-SE");
    const texts = watchTexts(page);
    await page.route("**/build/i18n/sv-*.js", (route) => route.abort());
    await page.goto("/");
    expect(await heading(page)).toBe("Create a table");
    expect(await lang(page)).toBe("en");
    expect(texts.fetched.filter((language) => language === "en")).toEqual(["en"]);
    expect(texts.fetched[0]).toBe("sv");
    await context.close();
  });
});
