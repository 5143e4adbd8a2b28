/**
 * The client package as a web developer gets it: `npm pack` of
 * packages/client with nothing built (its prepack script builds it), installed
 * into an empty folder (never this repository's sources), used from Node 22,
 * type-checked by a site's own TypeScript, and bundled into a site's page
 * served from an origin of its own, where two visitors play a whole game in
 * the web component.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holeName } from "../../src/rules/index.ts";
import {
  baseUrl,
  clickMove,
  clientAddress,
  fetchFromOwnAddress,
  gameOf,
  launch,
  playToEnd,
  screenshotDir,
  snapshot,
  takeSeat,
  visitor,
} from "./helpers.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const packageDir = join(root, "packages/client");

let work: string;
let site: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  // Nothing built: `npm pack` alone must make the package (its prepack script builds dist/).
  await rm(join(packageDir, "dist"), { recursive: true, force: true });
  work = await mkdtemp(join(tmpdir(), "cc-package-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: packageDir,
    encoding: "utf8",
  });
  // The build prints to stderr only: npm's JSON is the whole of stdout.
  [packed] = JSON.parse(out);
  site = join(work, "site");
  await cp(join(root, "test/e2e/fixture-site"), site, { recursive: true });
  await writeFile(join(site, "package.json"), JSON.stringify({ name: "fixture-site", private: true, type: "module" }));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(work, packed.filename)], {
    cwd: site,
    stdio: "inherit",
  });
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs one of the site's scripts against the service, from an address of its own; its report, the last line it prints. */
function runInSite(script: string, moves: number): unknown {
  const out = execFileSync(process.execPath, [script], {
    cwd: site,
    encoding: "utf8",
    env: { ...process.env, BASE_URL: baseUrl, CLIENT_ADDRESS: clientAddress(), MOVES: String(moves) },
    timeout: 110_000,
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
}

describe("the packed package", () => {
  it("holds its bundle, its declarations, its manifest and its license, and no sources", () => {
    const files = packed.files.map((file) => file.path);
    expect(files).toContain("package.json");
    expect(files).toContain("LICENSE");
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/types/client/sdk/index.d.ts");
    expect(files).toContain("dist/embed.js");
    expect(files).toContain("dist/types/client/embed/index.d.ts");
    expect(files).toContain("dist/element.js");
    expect(files).toContain("dist/types/client/embed/define.d.ts");
    expect(files).toContain("dist/lobby-element.js");
    expect(files).toContain("dist/types/client/embed/lobby-define.d.ts");
    expect(
      files.filter((file) => !/^(package\.json|README\.md|LICENSE|dist\/.+\.(js|js\.map|d\.ts))$/.test(file)),
    ).toEqual([]);
  });

  it("installs into an empty folder with its two dependencies", async () => {
    const manifest = JSON.parse(
      await readFile(join(site, "node_modules/@chinese-checkers/client/package.json"), "utf8"),
    );
    expect(manifest.exports["."]).toEqual({ types: "./dist/types/client/sdk/index.d.ts", import: "./dist/index.js" });
    expect(manifest.exports["./embed"]).toEqual({
      types: "./dist/types/client/embed/index.d.ts",
      import: "./dist/embed.js",
    });
    expect(manifest.exports["./element"]).toEqual({
      types: "./dist/types/client/embed/define.d.ts",
      import: "./dist/element.js",
    });
    expect(manifest.exports["./lobby-element"]).toEqual({
      types: "./dist/types/client/embed/lobby-define.d.ts",
      import: "./dist/lobby-element.js",
    });
    // Only the elements' entries do something on import: they register <chinese-checkers-table> and <chinese-checkers-lobby>.
    expect(manifest.sideEffects).toEqual(["./dist/element.js", "./dist/lobby-element.js"]);
    expect(Object.keys(manifest.dependencies)).toEqual(["partysocket", "valibot"]);
    expect(manifest.license).toBe("MIT");
    expect(await readFile(join(site, "node_modules/@chinese-checkers/client/LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 The Chinese Checkers Online authors\n/,
    );
  });
});

describe("bring your own bot: a Node 22 script with nothing but the package", () => {
  it("creates a table, sits, seats the table's computer, starts and plays the whole game with its own judgement", () => {
    const report = runInSite("bot.mjs", 0) as { seat: number; played: number; reason: string; winners: number[] };
    expect(report).toMatchObject({ seat: 0, status: "over" });
    expect(report.winners).toHaveLength(1);
    // Neither side left: someone brought all its pieces home, which takes more than 40 moves a side.
    expect(report.played).toBeGreaterThan(40);
    expect(report.reason).toBe("finished");
  }, 120_000);
});

describe("the embed entry", () => {
  it("loads in Node without a DOM, as a site's server-side bundle would", () => {
    const script =
      'const m = await import("@chinese-checkers/client/embed"); console.log(typeof m.EmbeddedTable, m.EMBED_LANGUAGES.join())';
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: site, encoding: "utf8" });
    expect(out.trim()).toBe("function en,fi,sv,nb");
  });
});

describe("a table nobody hosts, made through the package", () => {
  it("starts as the second player sits, and is played and finished with no host", () => {
    expect(runInSite("hostless.mjs", 6)).toEqual({ started: "playing", played: 6, status: "over", winners: [1] });
  }, 90_000);
});

describe("a site's TypeScript against the published declarations", () => {
  it("type-checks what a web developer writes, and refuses the misuses it marks", () => {
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    expect(() =>
      execFileSync(process.execPath, [tsc, "-p", join(site, "tsconfig.json")], { encoding: "utf8" }),
    ).not.toThrow();
  }, 60_000);
});

/** What a site's page heard from its `<chinese-checkers-table>`, in order (`window.heard`, kept by the page). */
interface Heard {
  type: string;
  detail: { table?: string; seat?: number | null; yours?: boolean; path?: string; height?: number; state?: string };
}

describe("a site that embeds a table with the web component, from an origin of its own", () => {
  let browser: Browser;
  let server: ChildProcess | undefined;
  let siteUrl: string;

  beforeAll(async () => {
    // The site's bundler makes its page's script from the installed package, as a web developer's build would.
    await esbuild.build({
      absWorkingDir: site,
      entryPoints: ["page.ts"],
      outfile: join(site, "page.js"),
      bundle: true,
      format: "esm",
      logLevel: "warning",
    });
    server = spawn(process.execPath, ["serve.mjs"], {
      cwd: site,
      env: { ...process.env, BASE_URL: baseUrl, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [address] = await once(server.stdout as NodeJS.ReadableStream, "data");
    siteUrl = String(address).trim();
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    server?.kill();
    await browser?.close();
  });

  const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
  const lastHeard = async (page: Page, type: string) => (await heard(page)).filter((h) => h.type === type).at(-1);

  /**
   * A screenshot of the whole page, taken with a window as tall as the page: Chromium's full-page
   * screenshots leave a frame from another origin partly unpainted.
   */
  async function wholePage(page: Page, name: string): Promise<void> {
    const viewport = page.viewportSize() ?? { width: 1280, height: 860 };
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height });
    await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
    await page.setViewportSize(viewport);
  }

  /** The element's frame is as tall as the last height its table posted, and has nothing to scroll inside. */
  async function frameFitsContent(page: Page, frame: Frame): Promise<void> {
    const frameHeight = () =>
      page.locator("chinese-checkers-table iframe").evaluate((element) => element.getBoundingClientRect().height);
    const posted = async () => (await lastHeard(page, "cc-resize"))?.detail.height ?? 0;
    await expect.poll(async () => Math.abs((await frameHeight()) - (await posted()))).toBeLessThan(1);
    await expect
      .poll(() => frame.evaluate(() => document.documentElement.scrollHeight - innerHeight))
      .toBeLessThanOrEqual(1);
    expect(await frameHeight()).toBeGreaterThan(500);
  }

  /** The frame the page's element made, once its table is drawn. */
  async function embeddedFrame(page: Page): Promise<Frame> {
    // Playwright's CSS selectors go into the element's (open) shadow root.
    const frame = await (await page.waitForSelector("chinese-checkers-table iframe")).contentFrame();
    if (!frame) throw new Error("the element made no frame");
    await frame.waitForSelector("#app[data-status]");
    return frame;
  }

  it("two visitors sit and play the whole game in it: the page hears each move, whose turn it is and the end; the frame is as tall as its content", async () => {
    expect(new URL(siteUrl).origin).not.toBe(new URL(baseUrl).origin);
    // The site makes the table, to start when its seats are full: nobody hosts it.
    const created = await fetchFromOwnAddress(`${baseUrl}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, startWhenFull: true }),
    });
    const { id } = (await created.json()) as { id: string };

    // One visitor on the page the site bundled with the package's element; the other on a page with the
    // service's one script tag, in Finnish. Neither opens the table's own page.
    const aino = await visitor(browser);
    const bo = await visitor(browser, "fi-FI");
    await aino.page.goto(`${siteUrl}/?table=${id}`);
    await bo.page.goto(`${siteUrl}/one-tag.html?table=${id}`);
    const pages = [aino.page, bo.page];
    const frames = await Promise.all(pages.map(embeddedFrame));
    expect(frames.map((frame) => new URL(frame.url()).origin)).toEqual(
      [baseUrl, baseUrl].map((u) => new URL(u).origin),
    );
    expect(await bo.page.locator("chinese-checkers-table iframe").getAttribute("title")).toBe("Kiinanshakki");
    expect(await frames[1]?.locator("h1").textContent()).toBe("Kiinanshakki");
    for (const page of pages)
      await expect.poll(async () => (await lastHeard(page, "cc-connection"))?.detail.state).toBe("open");

    const [ainoFrame, boFrame] = frames as [Frame, Frame];
    await takeSeat(ainoFrame, 0, "Aino");
    await boFrame.locator("#player-name").fill("Bo");
    await boFrame.getByRole("button", { name: "Istu tähän, paikka 2" }).click();
    await boFrame.waitForSelector('#app[data-seat="1"]');
    // The second seat taken, the game starts by itself.
    await expect.poll(async () => (await snapshot(id)).status).toBe("playing");

    // Two moves, clicked in the frames: each mover's page hears that it is its turn, both hear the move.
    const played: string[] = [];
    const movers: number[] = [];
    for (let ply = 0; ply < 2; ply++) {
      const game = gameOf(await snapshot(id));
      const seat = game.turn?.player ?? -1;
      const move = game.legalMoves().find((m) => m.path.length === 2);
      if (!move) throw new Error("no step");
      await expect
        .poll(async () => (await lastHeard(pages[seat] as Page, "cc-turn"))?.detail)
        .toEqual({ table: id, seat, yours: true });
      expect((await lastHeard(pages[1 - seat] as Page, "cc-turn"))?.detail).toEqual({ table: id, seat, yours: false });
      await clickMove(frames[seat] as Frame, move.path.map(holeName));
      played.push(move.path.map(holeName).join("-"));
      movers.push(seat);
      for (const page of pages) {
        await expect
          .poll(async () => (await heard(page)).filter((h) => h.type === "cc-move").map((h) => h.detail.path))
          .toEqual(played);
      }
    }
    expect(await aino.page.locator("#moves li").allTextContents()).toEqual(
      played.map((path, ply) => `Seat ${(movers[ply] ?? 0) + 1}: ${path}`),
    );
    expect((await lastHeard(aino.page, "cc-move"))?.detail).toMatchObject({ table: id, path: played[1] });

    // The frame is as tall as its content says, with nothing to scroll inside it.
    for (const [i, page] of pages.entries()) await frameFitsContent(page, frames[i] as Frame);
    await wholePage(aino.page, "site-web-component-playing");

    // The rest of the game, played with the frames' own seats; both pages hear the end.
    await playToEnd(id, frames);
    const result = (await snapshot(id)).game?.result;
    for (const page of pages) {
      // Each frame draws (and animates) every move as it comes, so the end reaches its page a few seconds later.
      await expect
        .poll(async () => (await lastHeard(page, "cc-end"))?.detail, { timeout: 30_000 })
        .toEqual({ table: id, seq: expect.any(Number), result });
      expect((await lastHeard(page, "cc-turn"))?.detail).toEqual({ table: id, seat: null, yours: false });
    }
    const winners = result?.winners.map((seat) => seat + 1).join(" and ");
    expect(await aino.page.locator("#end").textContent()).toBe(`Won by seat ${winners}`);
    expect(JSON.stringify(await heard(aino.page))).not.toMatch(/token/i);

    // A new language for the element: the frame is told, not reloaded (the visitor is still seated).
    await bo.page.locator("chinese-checkers-table").evaluate((element) => element.setAttribute("lang", "sv"));
    await expect.poll(() => boFrame.evaluate(() => document.documentElement.lang)).toBe("sv");
    expect(await boFrame.locator("h1").textContent()).toBe("Kinaschack");
    expect(await boFrame.locator("#app").getAttribute("data-seat")).toBe("1");
    await frameFitsContent(bo.page, boFrame);
    await wholePage(bo.page, "site-one-tag-over");
    await aino.context.close();
    await bo.context.close();
  }, 120_000);
});
