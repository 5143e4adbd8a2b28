#!/usr/bin/env node
/**
 * npm run build: bundles the web client with esbuild into public/build/,
 * which Workers static assets serve:
 *
 * - each page's entry (src/client/ui/pages/: front, table, rules, tables,
 *   lobby, not-found), each page a build of its own, and the modules a page
 *   loads later (chat, analysis, the notify switch, the QR
 *   encoder, the create form's settings, the page's texts in each language,
 *   English included, the rules page's texts) in files of their own;
 * - each page's HTML (`<page>.html`, from src/client/ui/page.html), naming
 *   its entry and preloading every chunk the entry imports, so that the
 *   browser fetches them all in one round trip after the HTML, not one
 *   import after another, and the texts of each language (`data-lang`); the
 *   worker serves it for the page's addresses, keeping only the preload of
 *   the language the page will choose; and, for a page whose code comes in
 *   stages (`STAGES`: the table page's), a preload of each stage's files,
 *   and a list of a later one's, which the page may preload itself;
 * - each page's style sheet (`<page>.css`, or in the table page's HTML):
 *   the client's one sheet (src/client/ui/styles.css) less the rules that
 *   select nothing the page can show (page-styles.mjs);
 * - embed.js, the web component other sites include with one script tag
 *   (the worker serves it as /embed.js), in one file, since its chunks would
 *   be loaded from the site's pages;
 * - the table page's first picture (the title bar, the empty board, the
 *   pieces' marks), drawn by the page's own code in happy-dom, which the
 *   worker puts in the table page's HTML (table-picture.mjs);
 * - sw.js, the service worker that shows "your turn" notifications (served
 *   as /sw.js), and analysis.js, the worker that analyses a finished game off
 *   the page's thread: classic scripts, as every browser runs them.
 *
 * Each page's texts in each language are the messages it names
 * (page-texts.mjs: each page built twice, first to find them). `--watch`
 * rebuilds on every change, giving every page all the texts;
 * `--dropped-styles` prints the selectors each page's style sheet left out.
 */
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { pageStyles } from "./page-styles.mjs";
import { pageKeys, textsPlugin, translations } from "./page-texts.mjs";
import { writeTablePicture } from "./table-picture.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const watch = process.argv.includes("--watch");
const target = `${root}public/build`;
// A build (not --watch) is written beside public/build and put in its place when complete, so that a server
// reading public/build meanwhile (another test run's, or npm start's) never finds it half written or empty.
const outdir = watch ? target : `${root}public/.build-${process.pid}`;
/** The folder as the metafile names it, relative to the root, and as the pages address it. */
const outdirPath = outdir.slice(root.length);

/** The pages, each an entry of its own (src/client/ui/pages/<page>.ts) and an HTML file (public/build/<page>.html). */
export const PAGES = ["front", "table", "table-between", "rules", "tables", "lobby", "not-found"];

/**
 * What every build of the client shares. Each page is a build of its own
 * (`pageBuilds`), sharing no chunk with another page: a page opened cold
 * (a share link's table page above all) fetches its code in a few large
 * files, which gzip compresses better than the many that pages built
 * together are cut into wherever two of them share a module (the table
 * page's code 67.5 -> 63.3 KiB gzipped, in 17 files where it was 34; the
 * rules page's 25.0 -> 15.0). What a visitor's second page shares with the
 * first (the title bar, the texts' loader) is fetched again: a few KiB.
 * @type {import("esbuild").BuildOptions}
 */
const options = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  format: "esm",
  // What a page loads with import() becomes files of its own, and what those share with the page, chunks.
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

/** @type {import("esbuild").BuildOptions[]} */
const pageBuilds = PAGES.map((page) => ({ ...options, entryPoints: { [page]: `src/client/ui/pages/${page}.ts` } }));

/** The style sheet the client is written with, from which each page's is cut (page-styles.mjs). */
const SHEET = "src/client/ui/styles.css";
/**
 * The pages whose style sheet is written into their HTML, in place of its
 * link: the table page, whose HTML carries the board's picture, so that a
 * phone paints it from the HTML alone, a round trip sooner (the worker
 * gives the style element the answer's CSP nonce: src/server/http/pages.ts).
 */
const STYLES_IN_HTML = new Set(["table", "table-between"]);
/** A page's style sheet in its HTML: its link as the template wrote it, or the sheet a build before put there. */
const PAGE_SHEET = /<link rel="stylesheet" href="\/build\/[\w-]+\.css">|<style>[\s\S]*?<\/style>/;

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

/**
 * A page whose code comes in stages, each imported by the one before as it
 * starts. The table page's HTML shows the title bar and the board already
 * (the worker's picture, with the page's style sheet written into it), and
 * the worker serves one of two pages for it, by the table's status
 * (src/server/http/pages.ts). During a game, "table": an entry of its own
 * alone, which imports the opening (pages/table-start.ts: the live board,
 * the socket), which imports the rest (pages/table-rest.ts: the panels, the
 * SDK). Between games, "table-between": the whole page built over the
 * picture (pages/table-between.ts: the panels, the socket), which imports
 * the rest (pages/table-live.ts: the live board, the SDK). The page is
 * usable once its first stage has run (the opening's board takes the
 * player's move; the panels take a seat, a start, a rematch), so the
 * rest's files had better not share the network with the first's: the
 * HTML preloads each stage's files, each link marked with its stage
 * (`data-stage`), and lists a later stage's (`<script
 * type="application/json" id="stage-<id>">`), for the first stage to
 * preload all at once as it starts (pages/later-stage.ts). The worker keeps
 * the list, or, for a table page without a snapshot, the preloads
 * (src/server/http/pages.ts, `laterStage`).
 */
const STAGES = {
  table: [
    { id: "page-opening", module: "src/client/ui/pages/table-start.ts", fetched: "with-the-page" },
    { id: "rest-of-page", module: "src/client/ui/pages/table-rest.ts", fetched: "once-usable" },
  ],
  "table-between": [{ id: "rest-between-games", module: "src/client/ui/pages/table-live.ts", fetched: "once-usable" }],
};

/** The languages whose texts are a file each (src/client/ui/i18n/<language>.ts; src/protocol/language.ts). */
const LANGUAGES = ["en", "fi", "sv", "nb"];

/**
 * Writes the HTML of each page a build made: the template with the page's
 * entry, a modulepreload link for every chunk it imports, however deep,
 * from the build's metafile, and one for each language's texts, marked with
 * its language (`data-lang`), of which the worker keeps the page's.
 */
/** The files a build's file imports statically, however deep (its own not among them). */
function staticImports(outputs, file, seen = new Set()) {
  for (const { path, kind } of outputs[file]?.imports ?? []) {
    if (kind !== "import-statement" || seen.has(path)) continue;
    seen.add(path);
    staticImports(outputs, path, seen);
  }
  return seen;
}

/** The build's one file of an entry point (a page's stage, a language's texts), or none. */
function fileOf(outputs, entryPoint) {
  const found = Object.keys(outputs).filter((file) => outputs[file].entryPoint === entryPoint);
  if (found.length > 1) throw new Error(`${entryPoint} is not one file of its own: ${found.join(", ")}`);
  return found[0];
}

/**
 * A page's files as the metafile names them: its entry, the chunks the entry
 * imports, and each stage's files (`STAGES`) that no earlier one has.
 */
function pageFiles({ outputs }, page) {
  const entry = `${outdirPath}/${page}.js`;
  const chunks = staticImports(outputs, entry);
  const listed = new Set([entry, ...chunks]);
  const stages = (STAGES[page] ?? []).map(({ id, module, fetched }) => {
    const found = fileOf(outputs, module);
    if (!found) throw new Error(`${module} is not in the ${page} page's build`);
    const files = [found, ...staticImports(outputs, found)].filter((file) => !listed.has(file));
    for (const file of files) listed.add(file);
    return { id, fetched, files };
  });
  return { entry, chunks, stages };
}

/**
 * The files a page whose code comes in stages fetches with the page: its
 * entry and what it imports, and the stages fetched with it. Their messages
 * are its first texts (page-texts.mjs).
 */
function firstStageFiles(metafile, page) {
  const { entry, chunks, stages } = pageFiles(metafile, page);
  const first = stages.filter(({ fetched }) => fetched === "with-the-page").flatMap(({ files }) => files);
  return new Set([entry, ...chunks, ...first]);
}

async function writePages(metafile, pages) {
  const template = await readFile(`${root}src/client/ui/page.html`, "utf8");
  const outputs = metafile.outputs;
  const url = (file) => `/build/${file.slice(outdirPath.length + 1)}`;
  // Each language's texts: the file of the import() that loads them (src/client/ui/i18n/load.ts); and, for a
  // page whose code comes in stages, the texts its rest takes in later (i18n/load-later.ts).
  const texts = LANGUAGES.map((language) => {
    const entryPoint = `src/client/ui/i18n/${language}.ts`;
    const file = fileOf(outputs, entryPoint);
    if (!file) throw new Error(`${entryPoint} is not in the build`);
    return { language, file, later: fileOf(outputs, `src/client/ui/i18n/later/${language}.ts`) };
  });
  for (const page of pages) {
    const { entry, chunks, stages } = pageFiles(metafile, page);
    // A language's texts in the code every page loads would be fetched in every language.
    for (const { file, later } of texts)
      for (const text of [file, later])
        if (chunks.has(text)) throw new Error(`the ${page} page imports ${text} statically`);
    const preloads = [...chunks].map((file) => `  <link rel="modulepreload" href="${url(file)}">`);
    // A page that loads its code in stages: each stage's files preloaded, marked with the stage, and a later one's listed.
    for (const { id, fetched, files } of stages) {
      for (const file of files) preloads.push(`  <link rel="modulepreload" href="${url(file)}" data-stage="${id}">`);
      if (fetched === "once-usable")
        preloads.push(`  <script type="application/json" id="stage-${id}">${JSON.stringify(files.map(url))}</script>`);
    }
    // The later texts come with the rest: the stage fetched once the page is usable, in the page's language.
    const rests = stages.filter(({ fetched }) => fetched === "once-usable");
    const textPreloads = texts.flatMap(({ language, file, later }) => [
      `  <link rel="modulepreload" href="${url(file)}" data-lang="${language}">`,
      ...(later
        ? rests.map(
            ({ id }) => `  <link rel="modulepreload" href="${url(later)}" data-stage="${id}" data-lang="${language}">`,
          )
        : []),
    ]);
    const tags = [`  <script type="module" src="${url(entry)}"></script>`, ...preloads, ...textPreloads].join("\n");
    const html = template
      .replace("  <!-- page's style sheet -->", `  <link rel="stylesheet" href="/build/${page}.css">`)
      .replace("  <!-- page's script -->", tags);
    await writeFile(`${outdir}/${page}.html`, html);
  }
}

/**
 * Writes each page's style sheet, cut for the files its build wrote (and
 * its HTML; the table page's picture too) from the sheet as it is now: as
 * `<page>.css`, or into the page's HTML (`STYLES_IN_HTML`). Returns the
 * selectors each page left out.
 */
async function writeStyles(metafiles) {
  const pictures = (await readdir(`${outdir}/picture`).catch(() => [])).map((name) => `${outdir}/picture/${name}`);
  const pages = Object.entries(metafiles).map(([page, metafile]) => ({
    page,
    files: [
      ...Object.keys(metafile.outputs)
        .filter((file) => !file.endsWith(".map"))
        .map((file) => `${root}${file}`),
      `${outdir}/${page}.html`,
      ...(STYLES_IN_HTML.has(page) ? pictures : []),
    ],
  }));
  const styles = await pageStyles(await readFile(`${root}${SHEET}`, "utf8"), pages, options.target);
  for (const [page, { css }] of Object.entries(styles)) {
    if (!STYLES_IN_HTML.has(page)) {
      await writeFile(`${outdir}/${page}.css`, css);
      continue;
    }
    const html = await readFile(`${outdir}/${page}.html`, "utf8");
    if (!PAGE_SHEET.test(html)) throw new Error(`the ${page} page's HTML has no style sheet to replace`);
    await writeFile(
      `${outdir}/${page}.html`,
      html.replace(PAGE_SHEET, () => `<style>${css}</style>`),
    );
  }
  return Object.fromEntries(Object.entries(styles).map(([page, { dropped }]) => [page, dropped]));
}

const builds = [...pageBuilds, element, serviceWorker, analysisWorker];
/** The pages a build makes: its entries'. */
const pagesOf = (build) => Object.keys(build.entryPoints);
await rm(outdir, { recursive: true, force: true });
if (watch) {
  // Each page's last build, whose files its style sheet is cut for; the sheet's own changes cut them all again.
  const metafiles = {};
  const pages = {
    name: "pages",
    setup(build) {
      build.onEnd(async ({ metafile }) => {
        if (!metafile) return;
        const built = pagesOf(build.initialOptions);
        await writePages(metafile, built);
        for (const page of built) metafiles[page] = metafile;
        await writeStyles(Object.fromEntries(built.map((page) => [page, metafile])));
      });
    },
  };
  const sheet = {
    name: "sheet",
    setup(build) {
      build.onEnd(async () => {
        await writeStyles(metafiles);
      });
    },
  };
  for (const build of builds) {
    const plugins = pageBuilds.includes(build) ? [pages] : [];
    await (await esbuild.context({ ...build, plugins })).watch();
  }
  await writeTablePicture(root, outdir);
  const sheetWatch = { ...options, entryPoints: [SHEET], splitting: false, outbase: undefined, write: false };
  await (await esbuild.context({ ...sheetWatch, plugins: [sheet] })).watch();
  console.log(`Watching src/client; bundles in ${outdir} (the table page's picture drawn once, at the start)`);
} else {
  // Each page built once unwritten, to find the messages it names, then again with its texts alone (page-texts.mjs).
  const texts = await translations(root);
  const keys = Object.keys(texts.en.messages);
  const firstBuilds = await Promise.all(pageBuilds.map((build) => esbuild.build({ ...build, write: false })));
  const pageKeyLists = await Promise.all(firstBuilds.map((result) => pageKeys(result, root, keys)));
  // A page whose code comes in stages takes in its texts in two: its first stage's, and the rest's later.
  const firstKeyLists = await Promise.all(
    firstBuilds.map((result, index) => {
      const [page] = pagesOf(pageBuilds[index]);
      return STAGES[page] ? pageKeys(result, root, keys, firstStageFiles(result.metafile, page)) : undefined;
    }),
  );
  const results = await Promise.all(
    builds.map((build) => {
      const index = pageBuilds.indexOf(build);
      if (index < 0) return esbuild.build(build);
      return esbuild.build({ ...build, plugins: [textsPlugin(texts, pageKeyLists[index], firstKeyLists[index])] });
    }),
  );
  for (const [index, build] of pageBuilds.entries()) await writePages(results[index].metafile, pagesOf(build));
  await writeTablePicture(root, outdir);
  const dropped = await writeStyles(
    Object.fromEntries(
      pageBuilds.flatMap((build, index) => pagesOf(build).map((page) => [page, results[index].metafile])),
    ),
  );
  if (process.argv.includes("--dropped-styles")) console.log(JSON.stringify(dropped, null, 1));
  await rm(target, { recursive: true, force: true });
  await rename(outdir, target);
  const outputs = results
    .flatMap((result) => Object.entries(result.metafile.outputs))
    .filter(([file]) => !file.endsWith(".map"));
  const sizes = outputs.map(
    ([file, { bytes }]) => `${file.slice(outdirPath.length + 1)} ${(bytes / 1024).toFixed(1)} KiB`,
  );
  console.log(`Built the client: ${sizes.join(", ")}`);
}
