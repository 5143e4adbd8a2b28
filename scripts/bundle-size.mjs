#!/usr/bin/env node
/**
 * npm run -s size: the figures the README gives for the bundles. The worker
 * as `npm run deploy` would upload it (wrangler's dry run, minified) and how
 * much of it is zod, by the bytes esbuild's metafile attributes to
 * node_modules/zod; the web client as `npm run build` makes it: what every
 * page loads, the page's texts in each language but English (loaded in the
 * visitor's language only), the rules page's texts, loaded on that page
 * only, and the web component other sites load as /embed.js; and the client
 * package's entries
 * (the SDK, the embed, the two elements) as a site's bundler ships them, each
 * against its budget (over one, the command fails). Sizes in KiB, gzipped
 * with Node's zlib at its default level.
 */
import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { runWrangler } from "./wrangler.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;

async function sizeOf(file) {
  const bytes = await readFile(file);
  return `${kib(bytes.length)}, ${kib(gzipSync(bytes).length)} gzipped`;
}

/** Runs a child to its end, failing loudly. */
function finished(child) {
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`exited with ${code}`))));
  });
}

const outdir = `${root}.wrangler/size`;
await finished(runWrangler(["deploy", "--dry-run", "--outdir", outdir], { stdio: "ignore" }));
const worker = await sizeOf(`${outdir}/worker.js`);

const { metafile } = await esbuild.build({
  absWorkingDir: root,
  entryPoints: ["src/server/worker.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  external: ["cloudflare:*"],
  metafile: true,
  write: false,
  logLevel: "error",
});
const [output] = Object.values(metafile.outputs);
let zod = 0;
let total = 0;
for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
  total += bytesInOutput;
  if (input.includes("node_modules/zod/")) zod += bytesInOutput;
}

execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "ignore" });
const client = await sizeOf(`${root}public/build/app.js`);
const css = await sizeOf(`${root}public/build/app.css`);
// Files the page loads later, only where it needs them: the rules page's texts, one per language.
const later = [];
for (const file of (await readdir(`${root}public/build/rules`)).filter((name) => name.endsWith(".js")).sort()) {
  later.push(`${file.replace(/-\w+\.js$/, "")} ${await sizeOf(`${root}public/build/rules/${file}`)}`);
}

console.log(`worker (dry run, minified): ${worker}`);
console.log(`zod in the worker: ${((100 * zod) / total).toFixed(1)}% (${zod} of ${total} bytes)`);
console.log(`client app.js: ${client}`);
console.log(`client app.css: ${css}`);
console.log(
  `client embed.js (the web component, served as /embed.js, one file): ${await sizeOf(`${root}public/build/embed.js`)}`,
);
console.log(`client rules texts (loaded on /rules only, one language): ${later.join("; ")}`);
console.log(
  `client analysis.js (the game analysis's worker, loaded when a player asks for one): ${await sizeOf(`${root}public/build/analysis.js`)}`,
);
const qr = (await readdir(`${root}public/build`)).find((name) => /^qr-\w+\.js$/.test(name));
if (qr)
  console.log(
    `client QR code encoder (loaded by the waiting room's share box): ${await sizeOf(`${root}public/build/${qr}`)}`,
  );

// The page's texts: English in app.js, each other language a file loaded when it is the visitor's or chosen.
const texts = [];
for (const file of (await readdir(`${root}public/build/i18n`)).filter((name) => name.endsWith(".js")).sort()) {
  texts.push(`${file.replace(/-\w+\.js$/, "")} ${await sizeOf(`${root}public/build/i18n/${file}`)}`);
}
console.log(`client texts (loaded in the visitor's language only; English is in app.js): ${texts.join("; ")}`);

// The client package's entries as a site's bundler ships them: minified, their dependencies (zod/mini,
// partysocket) bundled in, and tree-shaken to what each entry exports; each against its budget.
const PACKAGE_ENTRIES = [
  // 36: quick play (QuickPlay) and the lobby (getLobby, LobbyFeed) joined the table's client in issue 31 (34.5 KiB).
  { name: "SDK", entry: "src/client/sdk/index.ts", budgetGzipKiB: 36 },
  { name: "embed", entry: "src/client/embed/index.ts", budgetGzipKiB: 20 },
  { name: "element", entry: "src/client/embed/define.ts", budgetGzipKiB: 22 },
  // The lobby's element carries the lobby's socket (partysocket) and its list's schemas.
  { name: "lobby element", entry: "src/client/embed/lobby-define.ts", budgetGzipKiB: 27 },
];
for (const { name, entry, budgetGzipKiB } of PACKAGE_ENTRIES) {
  const bundle = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "error",
  });
  const bytes = bundle.outputFiles[0].contents;
  const gzipped = gzipSync(bytes).length;
  console.log(
    `package ${name} entry (minified, with its dependencies): ${kib(bytes.length)}, ${kib(gzipped)} gzipped; budget ${budgetGzipKiB} KiB gzipped`,
  );
  if (gzipped > budgetGzipKiB * 1024) {
    console.error(`the package's ${name} entry is over its budget of ${budgetGzipKiB} KiB gzipped`);
    process.exitCode = 1;
  }
}
