#!/usr/bin/env node
/**
 * npm run build:package, and the package's prepack script (so `npm pack` in
 * packages/client, with nothing built, builds it first): builds the client
 * package in packages/client/dist:
 * its two entries bundled by esbuild as ES modules, the SDK (src/client/sdk,
 * with what it needs of the wire, the table and the engine) as index.js and
 * the embedded table's controller (src/client/embed) as embed.js, the web
 * components (src/client/embed/define.ts, lobby-define.ts) as element.js and
 * lobby-element.js, what they share in dist/chunks, their
 * dependencies (valibot, partysocket) left to npm; and their type declarations,
 * emitted by tsc.
 * It prints only to stderr: `npm pack --json` runs it and writes its JSON to stdout.
 */
import { execFileSync } from "node:child_process";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const packageDir = join(root, "packages/client");
const dist = join(packageDir, "dist");

await rm(dist, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  entryPoints: {
    index: "src/client/sdk/index.ts",
    embed: "src/client/embed/index.ts",
    element: "src/client/embed/define.ts",
    "lobby-element": "src/client/embed/lobby-define.ts",
  },
  outdir: dist,
  bundle: true,
  format: "esm",
  // What the entries share (the embed's controller, the wire's schemas) is one module a site loads once.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "neutral",
  // The package's dependencies are npm's to install, once, for the site that uses it.
  packages: "external",
  target: "es2022",
  sourcemap: true,
  legalComments: "linked",
  logLevel: "warning",
});
execFileSync(
  process.execPath,
  [join(root, "node_modules/typescript/bin/tsc"), "-p", join(packageDir, "tsconfig.json")],
  // tsc reports its errors on stdout; they go to stderr with the rest.
  { stdio: ["ignore", process.stderr, "inherit"] },
);

// The sources import each other as "./x.ts" (run as they are by Node, esbuild and workerd); a published
// declaration names what is there, "./x.js", which every module resolution maps to "./x.d.ts".
for (const file of await declarations(join(dist, "types"))) {
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(/(from\s+"\.{1,2}\/[^"]*)\.ts"/g, '$1.js"'));
}

async function declarations(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

const kib = async (file) => `${((await readFile(join(dist, file))).length / 1024).toFixed(1)} KiB`;
console.error(
  `Built packages/client: dist/index.js ${await kib("index.js")}, dist/embed.js ${await kib("embed.js")}, dist/element.js ${await kib("element.js")}, dist/lobby-element.js ${await kib("lobby-element.js")}, types in dist/types`,
);
