/**
 * Table talk in the browser (issue 22): two players and a spectator at one
 * table. The host opens the chat to everyone; a player's message written as
 * HTML is shown as the text it is; a spectator under a right-to-left name
 * chats, the name isolated in its <bdi>; a reaction shows by its sender's
 * seat; the host deletes a message and it goes for everyone; on a phone the
 * panel is folded behind a button that counts what is unread; axe finds
 * nothing on the open panel. Then the panel's texts in each language, at a
 * desktop's and a phone's size, on the same table (the scenario is played
 * once). Screenshots: test-results/screenshots/chat-*.png.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable, hostTokenKey, memoryTokens, seatTokenKey, TableClient } from "../../src/client/sdk/index.ts";
import { LANGUAGES } from "../../src/client/ui/i18n/index.ts";
import { REACTIONS } from "../../src/protocol/index.ts";
import { i18nIn } from "../translations.ts";
import { axeViolations, describeViolations } from "./axe.ts";
import { baseUrl, fetchFromOwnAddress, launch, screenshot, smallTargets } from "./helpers.ts";
import { pageAt, type TableAt } from "./tables.ts";

const HTML = "<b>hi</b><img src=x onerror=alert(1)>";
const MIRIAM = "מרים";
const KEY_PREFIX = "chinese-checkers:";

let browser: Browser;
/** A two-seat table waiting to start: Aino (seat 1, the host) and Bjørn (seat 2). */
let host: TableAt;
let bjorn: TableAt;

/** Seats Aino (with the host token) and Bjørn from Node; each page presents their tokens. */
async function twoPlayers(): Promise<[TableAt, TableAt]> {
  const table = await createTable(baseUrl, { players: 2 }, fetchFromOwnAddress);
  const ainoTokens = memoryTokens();
  ainoTokens.set(hostTokenKey(table.id), table.hostToken);
  const bjornTokens = memoryTokens();
  const aino = new TableClient({ baseUrl, tableId: table.id, tokens: ainoTokens, WebSocket });
  const other = new TableClient({ baseUrl, tableId: table.id, tokens: bjornTokens, WebSocket });
  try {
    await aino.join(0, "Aino");
    await other.join(1, "Bjørn");
  } finally {
    aino.close();
    other.close();
  }
  const token = (tokens: typeof ainoTokens) => tokens.get(seatTokenKey(table.id)) ?? "";
  return [
    {
      id: table.id,
      tokens: {
        [KEY_PREFIX + seatTokenKey(table.id)]: token(ainoTokens),
        [KEY_PREFIX + hostTokenKey(table.id)]: table.hostToken,
      },
    },
    { id: table.id, tokens: { [KEY_PREFIX + seatTokenKey(table.id)]: token(bjornTokens) } },
  ];
}

beforeAll(async () => {
  [browser, [host, bjorn]] = await Promise.all([launch(), twoPlayers()]);
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  table: TableAt | null,
  phone = false,
  path = `/t/${host.id}`,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await pageAt(browser, { locale: "en-GB", table, phone });
  // A script the page ran from a message would say so here.
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.goto(path);
  await page.waitForSelector("#app[data-seq]");
  return { context, page };
}

/** Writes a message in the page's chat and sends it with Enter. */
async function say(page: Page, text: string): Promise<void> {
  await page.locator("#chat-text").fill(text);
  await page.locator("#chat-text").press("Enter");
}

const texts = (page: Page) => page.locator(".chat-message .chat-text").allTextContents();

describe("table talk", () => {
  it("chat and reactions between two players and a spectator, as text, isolated, moderated, folded on a phone", async () => {
    const [aino, bjornPage, watcher] = await Promise.all([open(host), open(bjorn), open(null)]);
    for (const { page } of [aino, bjornPage, watcher]) await page.waitForSelector("section.chat:not([hidden])");
    const spectator = watcher.page;

    // Before the host opens it, a spectator is told why they cannot write.
    expect(await spectator.locator(".chat-barrier").textContent()).toBe("Only the players can chat here.");
    expect(await spectator.locator(".reaction-bar").isHidden()).toBe(true);
    await aino.page.locator("#chat-policy").selectOption("everyone");
    await spectator.waitForSelector("#chat-text");

    // A message written as HTML is that text for everyone: no element is made of it, no script runs.
    await say(bjornPage.page, HTML);
    for (const page of [aino.page, bjornPage.page, spectator]) {
      await expect.poll(() => texts(page)).toEqual([HTML]);
      expect(await page.locator(".chat-messages b, .chat-messages img").count()).toBe(0);
    }
    expect(await bjornPage.page.locator("#chat-text").inputValue()).toBe("");
    // The writer's own message offers no Mute: the ack named it theirs.
    await expect.poll(() => bjornPage.page.locator(".chat-message .chat-mute").count()).toBe(0);

    // A spectator chats under a right-to-left name: the name alone in its <bdi>, the text by its own direction.
    await spectator.locator("#chat-name").fill(MIRIAM);
    await say(spectator, "שלום לכולם");
    await expect.poll(() => texts(aino.page)).toEqual([HTML, "שלום לכולם"]);
    const line = aino.page.locator(".chat-message.from-spectator");
    expect(await line.locator(".chat-author").evaluate((element) => element.tagName)).toBe("BDI");
    expect(await line.locator(".chat-author").textContent()).toBe(MIRIAM);
    expect(await line.locator(".chat-text").getAttribute("dir")).toBe("auto");
    expect(await line.locator(".chat-watching").textContent()).toBe("watching");
    // The host may delete it, silence its writer, or mute them; a player's message has no Silence.
    expect(await line.getByRole("button").allTextContents()).toEqual(["Mute", "Delete", "Silence"]);
    const bjornLine = aino.page.locator(".chat-message.from-seat");
    expect(await bjornLine.getByRole("button").allTextContents()).toEqual(["Mute", "Delete"]);
    expect(await bjornLine.locator(".swatch").count()).toBe(1);
    // The spectator remembers the name for the next table.
    expect(await spectator.evaluate(() => localStorage.getItem("chinese-checkers:chat-name"))).toBe(MIRIAM);

    // A reaction shows by its sender's seat, on every page.
    await bjornPage.page.getByRole("button", { name: "Applause" }).click();
    await aino.page.waitForSelector('li.seat[data-seat="1"] .reaction-bubble');
    expect(await aino.page.locator('li.seat[data-seat="1"] .reaction-bubble').getAttribute("aria-label")).toBe(
      "\u2068Bjørn\u2069: \u2068Applause\u2069",
    );
    await spectator.waitForSelector('li.seat[data-seat="1"] .reaction-bubble');
    await screenshot(aino.page, "chat-host-desktop");

    // axe on the open panel with the host's controls, and on the spectator's (the name field).
    for (const page of [aino.page, spectator]) {
      const violations = await axeViolations(page);
      expect(
        violations.map((v) => v.id),
        describeViolations(violations),
      ).toEqual([]);
    }

    // The host deletes Bjørn's message: it goes for the others.
    await aino.page.getByRole("button", { name: "Delete message from \u2068Bjørn\u2069" }).click();
    await expect.poll(() => texts(spectator)).toEqual(["שלום לכולם"]);
    await expect.poll(() => texts(bjornPage.page)).toEqual(["שלום לכולם"]);

    // A personal mute: Bjørn hides Miriam's messages, and can bring them back.
    await bjornPage.page.getByRole("button", { name: `Mute \u2068${MIRIAM}\u2069` }).click();
    expect(await texts(bjornPage.page)).toEqual([]);
    expect(await bjornPage.page.locator(".chat-muted p").textContent()).toBe("1 hidden message from muted people");
    // The focus goes to what undoes it, and back to the message.
    expect(await bjornPage.page.evaluate(() => document.activeElement?.textContent)).toBe(
      `Unmute \u2068${MIRIAM}\u2069`,
    );
    await bjornPage.page.getByRole("button", { name: `Unmute \u2068${MIRIAM}\u2069` }).click();
    expect(await texts(bjornPage.page)).toEqual(["שלום לכולם"]);
    expect(await bjornPage.page.evaluate(() => document.activeElement?.className)).toBe("chat-message from-spectator");

    // On a phone the panel is folded behind a button that counts what came since.
    const phone = await open(null, true);
    await phone.page.waitForSelector("section.chat:not([hidden])");
    expect(await phone.page.locator("#chat-body").isHidden()).toBe(true);
    const toggle = phone.page.locator("button.chat-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.textContent()).toBe("Chat");
    await say(aino.page, "Welcome, everyone");
    await expect.poll(() => toggle.textContent()).toBe("Chat1 new");
    await toggle.scrollIntoViewIfNeeded();
    await screenshot(phone.page, "chat-phone-folded");
    await toggle.click();
    expect(await phone.page.locator("#chat-body").isVisible()).toBe(true);
    expect(await toggle.textContent()).toBe("Chat");
    expect(await texts(phone.page)).toEqual(["שלום לכולם", "Welcome, everyone"]);
    await phone.page.locator(".chat").scrollIntoViewIfNeeded();
    await screenshot(phone.page, "chat-phone-open");
    expect(await smallTargets(phone.page)).toEqual([]);
    const violations = await axeViolations(phone.page);
    expect(
      violations.map((v) => v.id),
      describeViolations(violations),
    ).toEqual([]);

    await Promise.all([aino, bjornPage, watcher, phone].map(({ context }) => context.close()));
  });

  it("the panel's texts in every language, on a desktop and a phone", async () => {
    // One page of each size, switched from language to language as a visitor would (the phone's switch is
    // folded away on its narrow title bar, so it is chosen there by the page's own select, unseen).
    const [desktop, phone] = await Promise.all([open(host), open(null, true)]);
    const toggle = phone.page.locator("button.chat-toggle");
    await toggle.click();
    for (const lang of LANGUAGES) {
      const i18n = i18nIn(lang);
      for (const { page } of [desktop, phone]) {
        await page.evaluate((language) => {
          const select = document.querySelector<HTMLSelectElement>("#language");
          if (!select) throw new Error("no language switch");
          select.value = language;
          select.dispatchEvent(new Event("change"));
        }, lang);
        await expect.poll(() => page.locator("#chat-heading").textContent()).toBe(i18n.t("chatHeading"));
      }
      const page = desktop.page;
      expect(await page.locator('label[for="chat-policy"]').textContent()).toBe(i18n.t("chatPolicyLabel"));
      expect(await page.locator("#chat-policy option").allTextContents()).toEqual([
        i18n.t("chatPolicy_everyone"),
        i18n.t("chatPolicy_players"),
        i18n.t("chatPolicy_nobody"),
      ]);
      expect(await page.locator(".chat-send").textContent()).toBe(i18n.t("chatSend"));
      expect(await page.locator('label[for="chat-text"]').textContent()).toBe(i18n.t("chatMessageLabel"));
      expect(await page.locator(".reaction-bar").getAttribute("aria-label")).toBe(i18n.t("reactionsLabel"));
      expect(
        await page.locator(".reaction-bar button").evaluateAll((buttons) => buttons.map((b) => b.ariaLabel)),
      ).toEqual(REACTIONS.map((reaction) => i18n.t(`reaction_${reaction}`)));
      expect(await page.locator(".chat-watching").first().textContent()).toBe(i18n.t("chatWatchingBadge"));
      expect(await page.locator(".chat-message.from-spectator .chat-actions button").allTextContents()).toEqual([
        i18n.t("chatMute"),
        i18n.t("chatDelete"),
        i18n.t("chatSilence"),
      ]);
      // Near the limit, a counter says what is left.
      await page.locator("#chat-text").fill("x".repeat(270));
      expect(await page.locator(".chat-counter").textContent()).toBe(i18n.count("chatCharsLeft", 10));
      await page.locator("#chat-text").fill("");

      expect(await toggle.textContent()).toBe(i18n.t("chatToggle"));
      expect(await phone.page.locator('label[for="chat-name"]').textContent()).toBe(i18n.t("chatNameLabel"));
      expect(await smallTargets(phone.page)).toEqual([]);
      if (lang === "en" || lang === "fi") await screenshot(page, `chat-${lang}-desktop`);
      if (lang === "sv" || lang === "fi") {
        await phone.page.locator(".chat").scrollIntoViewIfNeeded();
        await screenshot(phone.page, `chat-${lang}-phone`);
      }
    }
    await Promise.all([desktop, phone].map(({ context }) => context.close()));
  });

  it("an embedded table shows neither chat nor reactions unless its address asks with chat=1", async () => {
    const { context, page } = await open(null, false, `/embed/${host.id}`);
    expect(await page.locator("section.chat, .reaction-bar").count()).toBe(0);
    await page.goto(`/embed/${host.id}?chat=1`);
    await page.waitForSelector("section.chat:not([hidden])");
    expect(await texts(page)).toEqual(["שלום לכולם", "Welcome, everyone"]);
    await context.close();
  });
});
