/**
 * The table's page carries the table (issue 33): its HTML holds the
 * snapshot the API would give at that moment, so that the page draws the
 * board before its socket is open, on a slow network a round trip or two
 * sooner. It is data, never markup: no name can end its element.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../src/protocol/index.ts";
import { api, createTable, getSnapshot, hello, join, playOne, rid, setUpTable } from "./helpers.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** The page's HTML for `path`, and the snapshot its `#table-snapshot` holds (its text, and as parsed). */
async function pageOf(path: string): Promise<{ response: Response; html: string; text: string; snapshot: Snapshot }> {
  const response = await api(path, { headers: { Accept: BROWSER_ACCEPT } });
  const html = await response.text();
  const match = /<script type="application\/json" id="table-snapshot">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error(`no #table-snapshot in ${path}`);
  const text = match[1] as string;
  return { response, html, text, snapshot: JSON.parse(text) as Snapshot };
}

describe("the table's page carries the table's snapshot", () => {
  it("the snapshot the API gives, under /t/ and /embed/, and never kept by a cache", async () => {
    const game = await setUpTable({ players: 2 });
    await playOne(game);
    const id = game.table.id;
    const fromApi = await getSnapshot(id);
    for (const view of ["t", "embed"]) {
      const { response, snapshot } = await pageOf(`/${view}/${id}`);
      expect(response.status).toBe(200);
      expect(snapshot).toEqual(fromApi);
      // A table changes at every move: the page is asked for again each time, never shown from a cache.
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    for (const client of game.clients) client.close();
  });

  it("a name with markup in it stays data: no '<' in the element, and the same name once parsed", async () => {
    const table = await createTable({ players: 2 });
    const { client } = await hello(table.id, "seat0");
    await join(client, 0, "</script><b>Aino");
    const { text, snapshot } = await pageOf(`/t/${table.id}`);
    expect(text).not.toContain("<");
    expect(snapshot.seats[0]?.name).toBe("</script><b>Aino");
    expect(snapshot).toEqual(await getSnapshot(table.id));
    client.close();
  });

  it("a table that is not there: the not-found page, with no snapshot", async () => {
    const response = await api("/t/DDDDDDDDDDDDDDDD", { headers: { Accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("table-snapshot");
  });
});

describe("the table's page carries its style sheet", () => {
  it("in the style element the build wrote, allowed by the answer's own nonce, where the other pages link theirs", async () => {
    const table = await createTable({ players: 2 });
    // A table waiting for players: the page between games (pages.ts, tablePageName).
    const built = await (await env.ASSETS.fetch(new URL("https://example.com/build/table-between.html"))).text();
    const sheet = /<style>([^<]+)<\/style>/.exec(built)?.[1];
    expect(sheet, "the built table page's style element").toBeTruthy();
    expect(built).not.toContain('rel="stylesheet"');
    const nonces = new Set<string>();
    for (const view of ["t", "embed", "t"]) {
      const { response, html } = await pageOf(`/${view}/${table.id}`);
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      const nonce = /style-src 'self' 'nonce-([\w+/=-]+)'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      nonces.add(nonce as string);
      expect(html).toContain(`<style nonce="${nonce}">${sheet}</style>`);
      expect(html.match(/<style/g)).toHaveLength(1);
    }
    // A nonce is the answer's alone: a page kept elsewhere cannot lend its nonce to injected markup.
    expect(nonces.size).toBe(3);
    const front = await (await api("/", { headers: { Accept: BROWSER_ACCEPT } })).text();
    expect(front).toContain('<link rel="stylesheet" href="/build/front.css">');
    expect(front).not.toContain("<style");
  });
});

describe("the table's page is the one whose first stage makes it usable: the opening during a game, the panels between games; its rest listed for later", () => {
  /** A stage's files as the page's HTML preloads them, and as it lists them for the first stage to fetch. */
  const stageOf = (html: string, stage: string) => ({
    preloaded: [
      ...html.matchAll(new RegExp(`<link rel="modulepreload" href="([^"]+)" data-stage="${stage}">`, "g")),
    ].map(([, href]) => href),
    listed: JSON.parse(
      new RegExp(`<script type="application/json" id="stage-${stage}">([^<]*)</script>`).exec(html)?.[1] ?? "[]",
    ) as string[],
    // The texts the rest names (scripts/page-texts.mjs), preloaded with it in the page's language alone.
    laterTexts: [
      ...html.matchAll(
        new RegExp(
          `<link rel="modulepreload" href="/build/i18n/later/[^"]+" data-stage="${stage}" data-lang="(\\w+)">`,
          "g",
        ),
      ),
    ].map(([, language]) => language),
  });
  const built = async (page: string) =>
    (await env.ASSETS.fetch(new URL(`https://example.com/build/${page}.html`))).text();
  const entryOf = (html: string) => /<script type="module" src="\/build\/([\w-]+)\.js">/.exec(html)?.[1];

  it("a game in play: table.js, the opening preloaded and its rest listed; waiting or over: table-between.js, its rest listed", async () => {
    const game = built("table");
    const between = built("table-between");
    const gameRest = stageOf(await game, "rest-of-page");
    const betweenRest = stageOf(await between, "rest-between-games");
    for (const rest of [gameRest, betweenRest]) {
      expect(rest.preloaded.length).toBeGreaterThan(0);
      expect(rest.listed).toEqual(rest.preloaded);
      expect(rest.laterTexts).toEqual(["en", "fi", "sv", "nb"]);
    }
    const opening = stageOf(await game, "page-opening").preloaded;
    expect(opening.length).toBeGreaterThan(0);
    const table = await setUpTable({ players: 2 }, false);
    const id = table.table.id;
    const betweenGames = { preloaded: [], listed: betweenRest.preloaded, laterTexts: [] };

    const waiting = await pageOf(`/t/${id}`);
    expect(waiting.snapshot.status).toBe("waiting");
    expect(entryOf(waiting.html)).toBe("table-between");
    expect(stageOf(waiting.html, "rest-between-games")).toEqual(betweenGames);

    table.host.send({ type: "start", id: rid("start") });
    await table.host.event("started");
    for (const view of ["t", "embed"]) {
      const playing = await pageOf(`/${view}/${id}`);
      expect(playing.snapshot.status).toBe("playing");
      expect(entryOf(playing.html)).toBe("table");
      expect(stageOf(playing.html, "page-opening").preloaded).toEqual(opening);
      expect(stageOf(playing.html, "rest-of-page")).toEqual({
        preloaded: [],
        listed: gameRest.preloaded,
        laterTexts: [],
      });
    }

    const leaver = table.players[1];
    leaver?.client.send({ type: "leave", id: rid("leave") });
    await table.host.event("ended");
    const over = await pageOf(`/t/${id}`);
    expect(over.snapshot.status).toBe("over");
    expect(entryOf(over.html)).toBe("table-between");
    expect(stageOf(over.html, "rest-between-games")).toEqual(betweenGames);
    for (const client of table.clients) client.close();
  });
});
