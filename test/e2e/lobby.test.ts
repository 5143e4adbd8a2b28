/**
 * The lobby is live (issue 31). A host lists a waiting table with the
 * waiting room's switch; a visitor's /lobby shows it without a reload, in
 * the visitor's language (found from the front page), and follows it: a player sits down (names, seats
 * free), the host takes it off the list (gone) and puts it back, the table
 * fills and its game starts (it moves to Watch, whose link opens the table
 * to watch). Once each in English, Finnish, Swedish and Norwegian, on a
 * desktop and a phone; axe finds nothing on the lobby with both lists
 * filled, nor with them empty of this run's table.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../src/client/ui/i18n/index.ts";
import { TRANSLATIONS } from "../translations.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { baseUrl, launch, overflowsSideways, screenshot, smallTargets } from "./helpers.ts";
import { hostedTable, pageAt, pageTokens, seatedAt, tableClient } from "./tables.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The table's row on the visitor's lobby, in the list of open tables or of games to watch. */
const row = (page: Page, list: "open" | "watch", id: string) =>
  page.locator(`[data-list="${list}"] li[data-table="${id}"]`);

const RUNS: readonly { language: Language; phone: boolean }[] = [
  { language: "en", phone: false },
  { language: "fi", phone: true },
  { language: "sv", phone: false },
  { language: "nb", phone: true },
];

describe("the lobby lists open tables and games to watch, live", () => {
  for (const { language, phone } of RUNS) {
    const device = phone ? "phone" : "desktop";
    it(`${language} on a ${device}: listed, a seat taken, unlisted, listed again, started`, async () => {
      const t = TRANSLATIONS[language].messages;
      // A table for three, its host Aino in seat 1; her page is the host's, in the run's language.
      const { id, host: aino, hostTokens } = await hostedTable({ players: 3 });
      const bjorn = tableClient(id);
      const chiara = tableClient(id);
      const host = await pageAt(browser, { locale: "en-GB", phone });
      const visitor = await pageAt(browser, { locale: "en-GB", phone });
      try {
        await aino.join(0, "Aino");
        await seatedAt(host.context, { id, tokens: pageTokens(id, hostTokens) });
        await host.page.goto(`/t/${id}?lang=${language}`);
        await host.page.waitForSelector('#app[data-seat="0"]');

        // The visitor finds the lobby from the front page (on a phone, the title bar has no room for its link).
        const lobby = visitor.page;
        await lobby.goto(`/?lang=${language}`);
        await lobby.getByRole("link", { name: t.lobbyFind }).click();
        await lobby.waitForURL(`**/lobby?lang=${language}`);
        await lobby.waitForSelector('#app[data-lobby="loaded"]');
        expect(await lobby.locator("h1").textContent()).toBe(t.lobby);
        expect(await lobby.locator(`.topbar a.lobby-link[aria-current="page"]`).textContent()).toBe(t.lobby);
        expect(await row(lobby, "open", id).count()).toBe(0);
        await expectNoAxeViolations(lobby, `the lobby (${language}, ${device}) before the table is listed`);

        // The host lists the table: the visitor's lobby shows it, in the host's language, without a reload.
        const listing = host.page.getByRole("checkbox", { name: t.listInLobby });
        expect(await listing.isChecked()).toBe(false);
        await listing.check();
        const open = row(lobby, "open", id);
        await open.waitFor();
        expect(await open.locator(".lobby-players").textContent()).toContain("Aino");
        expect(await open.textContent()).toContain(t.lobbySeatsFree_other.replace("{n}", "2"));
        expect(await open.locator(`[lang="${language}"]`).count()).toBe(1);
        const join = open.getByRole("link", { name: t.lobbyJoinLabel.split("{names}")[0]?.trim() ?? "" });
        expect(await join.getAttribute("href")).toBe(`/t/${id}?lang=${language}`);
        await expect.poll(() => lobby.locator("[aria-live=polite]").textContent()).toContain("Aino");
        // Every client of the table folds the listing: the host's other connection too.
        await expect.poll(() => aino.model?.listedIn).toBe(language);
        await screenshot(host.page, `lobby-host-listed-${language}-${device}`);

        // A player sits down: the row says so.
        await bjorn.join(1, "Bjørn");
        await expect.poll(() => open.locator(".lobby-players").textContent()).toContain("Bjørn");
        expect(await open.textContent()).toContain(t.lobbySeatsFree_one.replace("{n}", "1"));
        await screenshot(lobby, `lobby-open-${language}-${device}`);

        // The host takes it off the list: it goes. And puts it back.
        await listing.uncheck();
        await open.waitFor({ state: "detached" });
        expect(await listing.isChecked()).toBe(false);
        await listing.check();
        await open.waitFor();

        // The table fills and its game starts: it leaves the open tables for the games to watch.
        await chiara.join(2, "Chiara");
        await aino.start();
        const watched = row(lobby, "watch", id);
        await watched.waitFor();
        expect(await row(lobby, "open", id).count()).toBe(0);
        expect(await watched.locator(".lobby-players").textContent()).toMatch(/Aino.*Bjørn.*Chiara/);
        // How many watch, however many that is by now (the count reaches the lobby every few seconds).
        const watching = [t.watching_one, t.watching_other].map((text) => text.replace("{n}", "\\d+")).join("|");
        expect(await watched.textContent()).toMatch(new RegExp(watching));
        expect(await overflowsSideways(lobby)).toBe(false);
        if (phone) expect(await smallTargets(lobby)).toEqual([]);
        await expectNoAxeViolations(lobby, `the lobby (${language}, ${device}) with the game to watch`);
        await screenshot(lobby, `lobby-${language}-${device}`);

        // Its link opens the table, to watch.
        const watch = watched.getByRole("link", { name: t.lobbyWatchLabel.split("{names}")[0]?.trim() ?? "" });
        await watch.click();
        await lobby.waitForURL(`**/t/${id}?lang=${language}`);
        await lobby.waitForSelector('#app[data-status="playing"]');
        expect(await lobby.locator("#app").getAttribute("data-seat")).toBe("");
      } finally {
        for (const client of [aino, bjorn, chiara]) client.close();
        await host.context.close();
        await visitor.context.close();
      }
    });
  }
});

describe("<chinese-checkers-lobby> on another site", () => {
  it("links Play now to quick play and lists the open tables live, in the element's language", async () => {
    const { id, host: aino } = await hostedTable({ players: 2 });
    const { id: otherId, host: chiara } = await hostedTable({ players: 2 });
    const site = await pageAt(browser, { locale: "en-GB" });
    try {
      await aino.join(0, "Aino");
      const { page } = site;
      await page.setContent(
        `<!doctype html><html lang="en"><title>Host site</title>
         <script type="module" src="${baseUrl}/embed.js"></script>
         <main><h1>Our club</h1><chinese-checkers-lobby lang="sv" pool="capture-2-live"></chinese-checkers-lobby></main></html>`,
      );
      const element = page.locator("chinese-checkers-lobby");
      const play = element.getByRole("link", { name: "Spela nu" });
      await play.waitFor();
      expect(await play.getAttribute("href")).toBe(`${baseUrl}/?play=capture-2-live&lang=sv`);
      expect(await play.getAttribute("target")).toBe("_blank");

      await aino.setListing(true, "fi");
      const entry = element.locator(`li[data-table="${id}"]`);
      await entry.waitFor();
      expect(await entry.textContent()).toContain("Aino");
      expect(await entry.textContent()).toContain("1 plats ledig");
      const join = entry.getByRole("link", { name: "Gå med vid bordet med" });
      expect(await join.getAttribute("href")).toBe(`${baseUrl}/t/${id}?lang=sv`);
      await expectNoAxeViolations(page, "<chinese-checkers-lobby> with an open table");
      await screenshot(page, "lobby-element-sv");

      // Another table listed while the keyboard is on Join: the list is redrawn, the focus stays.
      await join.focus();
      await chiara.join(0, "Chiara");
      await chiara.setListing(true, "en");
      await element.locator(`li[data-table="${otherId}"]`).waitFor();
      const focused = () =>
        page.evaluate(
          () =>
            document.querySelector("chinese-checkers-lobby")?.shadowRoot?.activeElement?.closest("li")?.dataset.table,
        );
      expect(await focused()).toBe(id);

      await aino.setListing(false, "fi");
      await entry.waitFor({ state: "detached" });
    } finally {
      aino.close();
      chiara.close();
      await site.context.close();
    }
  });
});
