/**
 * The table page's first picture (src/client/ui/table-page/picture.ts),
 * drawn at build time by the page's own code in happy-dom, a DOM for Node:
 * written into the build as `picture/board-<sixths>.html` (the empty board,
 * each turn), `picture/header-<language>.html` (the title bar) and
 * `picture/pieces.json` (what a piece of each colour changes on its hole),
 * which the worker puts in the table page's HTML
 * (src/server/http/table-picture.ts).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { Window } from "happy-dom";

/** What the page's code reads of the browser, from a happy-dom window at a table's address. */
const GLOBALS = ["window", "document", "location", "navigator", "localStorage"];

export async function writeTablePicture(root, outdir) {
  const script = `${outdir}/.table-picture.mjs`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["src/client/ui/table-page/picture.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: script,
    logLevel: "error",
  });
  const window = new Window({ url: "https://picture.invalid/t/picture" });
  const saved = GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  for (const name of GLOBALS)
    Object.defineProperty(globalThis, name, { value: name === "window" ? window : window[name], configurable: true });
  try {
    const { drawTablePicture } = await import(pathToFileURL(script).href);
    const { headers, boards, pieces } = await drawTablePicture();
    await mkdir(`${outdir}/picture`, { recursive: true });
    await Promise.all([
      ...boards.map((board, sixths) => writeFile(`${outdir}/picture/board-${sixths}.html`, board)),
      ...Object.entries(headers).map(([language, bar]) => writeFile(`${outdir}/picture/header-${language}.html`, bar)),
      writeFile(`${outdir}/picture/pieces.json`, JSON.stringify(pieces)),
    ]);
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete globalThis[name];
    }
    await window.happyDOM.close();
    await rm(script, { force: true });
  }
}
