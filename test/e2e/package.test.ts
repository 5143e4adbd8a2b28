/**
 * The client package as a web developer gets it: `npm pack` of
 * packages/client, installed into an empty folder (never this repository's
 * sources), used from Node 22 and type-checked by a site's own TypeScript.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, clientAddress } from "./helpers.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const packageDir = join(root, "packages/client");

let work: string;
let site: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/build-package.mjs"], { cwd: root, stdio: "inherit" });
  work = await mkdtemp(join(tmpdir(), "cc-package-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: packageDir,
    encoding: "utf8",
  });
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
    timeout: 60_000,
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
}

describe("the packed package", () => {
  it("holds its bundle, its declarations and its manifest, and no sources", () => {
    const files = packed.files.map((file) => file.path);
    expect(files).toContain("package.json");
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/types/client/sdk/index.d.ts");
    expect(files).toContain("dist/embed.js");
    expect(files).toContain("dist/types/client/embed/index.d.ts");
    expect(files.filter((file) => !/^(package\.json|README\.md|dist\/.+\.(js|js\.map|d\.ts))$/.test(file))).toEqual([]);
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
    expect(Object.keys(manifest.dependencies)).toEqual(["partysocket", "zod"]);
  });
});

describe("bring your own bot: a Node 22 script with nothing but the package", () => {
  it("creates a table, sits, seats the table's computer, starts, plays ten moves and leaves: the game is over", () => {
    expect(runInSite("bot.mjs", 10)).toMatchObject({ seat: 0, played: 10, status: "over", winners: [1] });
  }, 90_000);
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
