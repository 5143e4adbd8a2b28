#!/usr/bin/env node
/**
 * npm run build: bundles the web client (src/client/ui/main.ts and its CSS)
 * with esbuild into public/build/, which Workers static assets serve: app.js
 * and app.css, and a file for each module the page loads later (the page's
 * texts in Finnish, Swedish and Norwegian, the rules page's texts, one per
 * language, the QR encoder); and embed.js, the web component other
 * sites include with one script tag (the worker serves it as /embed.js), in
 * one file, since its chunks would be loaded from the site's pages; and
 * sw.js, the service worker that shows "your turn" notifications (served
 * as /sw.js), one classic script, as every browser runs a service worker;
 * and analysis.js, the worker that analyses a finished game off the page's
 * thread (the page loads it from /build/analysis.js), one classic script,
 * which every browser runs as a worker.
 * `--watch` rebuilds on every change.
 */
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}public/build`;
const watch = process.argv.includes("--watch");

/** @type {import("esbuild").BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: { app: "src/client/ui/main.ts" },
  outdir,
  bundle: true,
  format: "esm",
  // Modules loaded with import() (the page's texts but English's, the rules page's texts, the QR encoder)
  // become files of their own.
  splitting: true,
  chunkNames: "[dir]/[name]-[hash]",
  outbase: "src/client/ui",
  target: ["es2022", "chrome100", "firefox100", "safari15.4"],
  minify: !watch,
  sourcemap: true,
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
};

/** @type {import("esbuild").BuildOptions} */
const element = {
  ...options,
  entryPoints: { embed: "src/client/embed/served.ts" },
  splitting: false,
  outbase: undefined,
};

/** @type {import("esbuild").BuildOptions} */
const serviceWorker = {
  ...options,
  entryPoints: { sw: "src/client/ui/push/service-worker.ts" },
  format: "iife",
  splitting: false,
  outbase: undefined,
};

/** @type {import("esbuild").BuildOptions} */
const analysisWorker = {
  ...options,
  entryPoints: { analysis: "src/client/ui/analysis/worker.ts" },
  format: "iife",
  splitting: false,
  outbase: undefined,
};

await rm(outdir, { recursive: true, force: true });
if (watch) {
  for (const build of [options, element, serviceWorker, analysisWorker]) await (await esbuild.context(build)).watch();
  console.log(`Watching src/client; bundles in ${outdir}`);
} else {
  const results = await Promise.all(
    [options, element, serviceWorker, analysisWorker].map((build) => esbuild.build(build)),
  );
  const outputs = results
    .flatMap((result) => Object.entries(result.metafile.outputs))
    .filter(([file]) => !file.endsWith(".map"));
  const sizes = outputs.map(([file, { bytes }]) => `${file.replace(/^public\//, "")} ${(bytes / 1024).toFixed(1)} KiB`);
  console.log(`Built the client: ${sizes.join(", ")}`);
}
