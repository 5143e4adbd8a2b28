#!/usr/bin/env node
/**
 * npm run build: bundles the web client (src/client/ui/main.ts and its CSS)
 * with esbuild into public/build/, which Workers static assets serve: app.js
 * and app.css, and a file for each module the page loads later (the rules
 * page's texts, one per language).
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
  // Modules loaded with import() (the rules page's texts, one per language) become files of their own.
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

await rm(outdir, { recursive: true, force: true });
if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log(`Watching src/client; bundles in ${outdir}`);
} else {
  const result = await esbuild.build(options);
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => !file.endsWith(".map"));
  const sizes = outputs.map(([file, { bytes }]) => `${file.replace(/^public\//, "")} ${(bytes / 1024).toFixed(1)} KiB`);
  console.log(`Built the client: ${sizes.join(", ")}`);
}
