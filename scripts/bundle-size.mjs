#!/usr/bin/env node
/**
 * npm run -s size: the figures the README gives for the bundles, and the
 * budgets they are held to (over one, the command fails; `npm test` runs it
 * with `-- --budgets`, which skips the worker's figures).
 *
 * - Each page's first screen: everything the page fetches before it is
 *   usable, as `npm run build` makes it: its HTML, its style sheet, its
 *   entry and every chunk the entry imports (the HTML preloads them all),
 *   or, for a page whose code comes in stages (the table page), as the
 *   worker serves it (src/server/http/pages.ts, `laterStage`): for a game
 *   in play, the opening's, whose board takes the player's move; for a
 *   table waiting for players or over ("table-waiting", the page
 *   table-between), the page built over the board's picture, whose panels
 *   take a seat, a start, a rematch; each with the rest of its code, which the first stage fetches
 *   once it has run, on a line of its own, after the first screen; and the
 *   share of the board's picture in the HTML,
 *   the page's texts in the visitor's language (the messages the page
 *   names, scripts/page-texts.mjs: each language, English included, is a
 *   file of its own, of which the HTML as the worker serves it preloads
 *   one; the figure is the heaviest language's), and the rules
 *   page's texts on the rules page.
 *   No fonts: the pages use the system's. Each against its budget.
 * - /embed.js, the web component another site's page loads with one script
 *   tag, against its budget.
 * - What pages load later, when shown or asked for (the chat, the analysis,
 *   the notify switch, the QR encoder, the create form's settings...).
 * - The worker as `npm run deploy` would upload it (wrangler's dry run,
 *   minified) and how much of it is valibot (the protocol's validator), by
 *   the bytes esbuild's metafile attributes to node_modules/valibot.
 * - The client package's entries (the SDK, the embed, the two elements) as
 *   a site's bundler ships them, each against its budget.
 *
 * Sizes in KiB, gzipped with Node's zlib at its default level.
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

const budgetsOnly = process.argv.includes("--budgets");

if (!budgetsOnly) {
  const outdir = `${root}.wrangler/size`;
  await finished(runWrangler(["deploy", "--dry-run", "--outdir", outdir], { stdio: "ignore" }));
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
  let valibot = 0;
  let total = 0;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    total += bytesInOutput;
    if (input.includes("node_modules/valibot/")) valibot += bytesInOutput;
  }
  console.log(`worker (dry run, minified): ${await sizeOf(`${outdir}/worker.js`)}`);
  console.log(`valibot in the worker: ${((100 * valibot) / total).toFixed(1)}% (${valibot} of ${total} bytes)`);
}

execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "ignore" });
const build = `${root}public/build`;
const gzipped = async (file) => gzipSync(await readFile(file)).length;
/** The build's files (paths under public/build/), gzipped one by one, in all. */
const gzippedTotal = async (files) =>
  (await Promise.all(files.map((file) => gzipped(`${build}/${file}`)))).reduce((a, b) => a + b, 0);
const filesIn = async (dir, pattern) =>
  (await readdir(`${build}/${dir}`)).filter((name) => pattern.test(name)).map((name) => `${build}/${dir}/${name}`);

/**
 * Each page's first-screen budget in KiB gzipped, held where the page is
 * and lowered with each change that shrinks one (a budget is never raised
 * without a reason written here). The table page's target is 50. It was at
 * 75.7 while its first screen was all of its code (the SDK's client, the
 * schemas' checks of every message, the panels); its board then began
 * taking the visitor's move from the page's snapshot before the rest came,
 * and the rest began coming after the opening (table-page/opening.ts), so
 * a game in play's first screen is the HTML, the opening and the texts:
 * 41.8, then 42.0 (budget 42 -> 43) when the opening's socket began
 * saying the client's hello itself (sdk/early-socket.ts). A table waiting
 * for players, or over, still needs the rest for its seats or its result
 * ("table-waiting"): 75.7 -> 76.5, budget 76 -> 77, as its opening now
 * carries that code too (0.7 KiB). Once the rest no longer imported the
 * opening's module (it reads the snapshot the opening read), the board's
 * code went into the opening's own file and the files' gzip came out 0.2
 * KiB heavier for 25 bytes less code: 42.2 and 76.6. Then the table
 * page's texts came in two stages, as its code does (scripts/page-texts.mjs:
 * the opening's 43 messages with it, the rest's 258 and the errors with the
 * rest): a game in play 42.2 -> 37.1 (budget 43 -> 38); waiting or over
 * 76.6 -> 77.1 (budget 77 -> 78), its texts now two files, which gzip
 * apart (0.3 KiB), and the opening carrying the later texts' loader (0.3).
 * Every page's `I18n` now takes in later texts (0.1 KiB of code), and the
 * figure counts the one texts link the worker keeps in the HTML, which a
 * slip had dropped (0.02): not-found 7.9 -> 8.0 (budget 8 -> 8.1). The
 * lobby page had carried the engine's variants, which the variants' names
 * were worked out from until they became a list of their own (rules/
 * settings.ts): 22.8 -> 17.9 (budget 23 -> 18). Then a table between
 * games got a page of its own (pages/table-between.ts, served by the
 * table's status): its whole page built from the snapshot over the board's
 * picture, used before the live board and the SDK's client have come
 * (table-page/held-client.ts, board-slot.ts), which then come as its rest:
 * waiting or over 77.1 -> 54.9 (budget 78 -> 55). As one page with two
 * orders of stages it was 56.8, and a game in play's first texts carried
 * the panels' messages (41.7); as a page of its own, its build's chunks are
 * cut for its own stages alone, and a game in play is as it was, 37.6
 * (its first stage's files 0.2 KiB heavier, now that they carry what an
 * embed's parent page says from the start: parent-frame.ts). The parts
 * only a game in play uses, or that show below what a visitor uses first
 * (the moves shown at once, the board's options, the sounds, the notices
 * and remedies of a turn, the move list: table-page/game-parts.ts), then
 * came with the live board between games: 54.9 -> 50.4; and the board's
 * picture left out what draws nothing until the board is used (a pick's
 * target, the last move's marks, focus rings) and wrote its numbers to a
 * thousandth (table-page/picture.ts; the HTML's board 3,861 -> 3,091
 * bytes, `gzip -c public/build/picture/board-0.html | wc -c`):
 * waiting or over 50.4 -> 49.5 (budget 55 -> 50, the target), a game in
 * play 37.8 -> 36.9 (budget 38 -> 37). Every button that takes a seat
 * busy while the table answers (table-page/seats.ts, `joining`): 49.6;
 * the page's token store made once, by its frame, which cut the title
 * bar's module from its icons' into a chunk of its own (0.2 KiB of gzip
 * lost at the seam): 49.9. The two first stages then shared their start
 * (pages/table-stages.ts): a game in play 36.96, waiting or over 49.92;
 * and the seat buttons busy but focusable (aria-busy, a style for it):
 * 36.97 and 49.94.
 * Its budget went from 83 to 85 when its
 * entry began drawing the board before the rest of its code (opening.ts):
 * the same code in more, smaller files, whose gzip compresses less
 * (82.5 -> 84.2 KiB), for the board drawn from 40 KiB; and to 90 when its
 * HTML began carrying the board's picture and the title bar (4.2 KiB:
 * src/server/http/table-picture.ts), which a phone shows from the HTML and
 * the style sheet alone, 13.3 KiB. Each page then became a build of its own
 * (scripts/build-client.mjs), its code in a few files in place of chunks
 * cut where pages shared modules: table 89.6 -> 84.6, front 43.5 -> 39.3,
 * rules 37.2 -> 27.0, My tables 50.4 -> 43.0, lobby 49.4 -> 38.0, the
 * not-found page 21.5 -> 19.2. The protocol's schemas then moved from
 * zod/mini to valibot, whose checks a bundler keeps one function at a
 * time: table 84.6 -> 78.4, My tables 43.0 -> 37.5, lobby 38.0 -> 33.1
 * (front, rules and not-found carry no schema). Then each page got a style
 * sheet of its own, the one sheet less the rules that select nothing it
 * shows (scripts/page-styles.mjs), and texts of its own, the messages it
 * names (scripts/page-texts.mjs). On the zod build, the style sheets took
 * front 39.3 -> 35.7, table 84.6 -> 83.4 (its picture 13.2 -> 12.0), rules
 * 27.0 -> 22.5, My tables 43.0 -> 38.7, lobby 38.0 -> 33.2, not-found
 * 19.2 -> 14.0; and the texts then front 35.7 -> 31.2, table 83.4 -> 82.0,
 * rules 22.5 -> 16.8, My tables 38.7 -> 33.6, lobby 33.2 -> 27.7,
 * not-found 14.0 -> 7.9. The three together, from the figures before
 * them: front 39.3 -> 31.2, table 84.6 -> 75.8, rules 27.0 -> 16.8, My
 * tables 43.0 -> 28.1, lobby 38.0 -> 22.7, not-found 19.2 -> 7.9.
 */
const PAGE_BUDGETS = { front: 32, table: 37, "table-waiting": 50, rules: 17, tables: 29, lobby: 18, "not-found": 8.1 };
const TARGETS = { front: 50, table: 50, "table-waiting": 50 };
/**
 * The web component's script, which another site's page loads (target 30; 25.2 -> 18.2 with valibot; 18.2 ->
 * 13.4 once the variants' names were a list of their own, rules/settings.ts, and no longer kept the engine's
 * variants in every bundle that names them).
 */
const EMBED_BUDGET_KIB = 14;

/**
 * The build's HTML preloads a page's texts in every language, one file each (scripts/page-texts.mjs: the
 * messages the page names); the worker keeps one language's link (src/server/http/pages.ts).
 */
const textLinks = /\n {2}<link rel="modulepreload" href="\/build\/(i18n\/[^"]+)" data-lang="(\w+)">/g;
const pageTextFiles = (html) => [...html.matchAll(textLinks)].map(([, file]) => file);
/** A page whose code comes in stages has its later texts with its rest (page-texts.mjs), as its preloads say. */
const laterTextLinks =
  /\n {2}<link rel="modulepreload" href="\/build\/(i18n\/[^"]+)" data-stage="[\w-]+" data-lang="(\w+)">/g;
/** Each language's texts as the page's HTML preloads them: its first, and its later ones where they are preloaded. */
async function textsByLanguage(html) {
  const first = [...html.matchAll(textLinks)];
  const later = [...html.matchAll(laterTextLinks)];
  return Promise.all(
    first.map(async ([, file, language]) => {
      const own = later.filter(([, , of]) => of === language).map(([, laterFile]) => laterFile);
      return gzippedTotal([file, ...own]);
    }),
  );
}
const rulesTexts = Math.max(...(await Promise.all((await filesIn("rules", /\.js$/)).map(gzipped))));

const headers = await Promise.all(
  (await filesIn("picture", /^header-\w+\.html$/)).map((file) => readFile(file, "utf8")),
);
const tablePicture = `${headers.sort((a, b) => b.length - a.length)[0]}<main class="table"><div class="board-wrap">${await readFile(`${build}/picture/board-0.html`, "utf8")}</div></main>`;

/** The build's HTML file for a page's figure: a table waiting for players, or over, is the table page served otherwise. */
const htmlOf = (page) => (page === "table-waiting" ? "table-between" : page);
/** A stage's preloads in the build's HTML. */
const stagePreloads = (id) => new RegExp(`\\n {2}<link rel="modulepreload" href="[^"]+" data-stage="${id}"[^>]*>`, "g");
/**
 * The table page's HTML as the worker serves it (src/server/http/pages.ts, `laterStage`): the first stage's
 * preloads, and the list of its rest.
 */
const dropped = { table: [stagePreloads("rest-of-page")], "table-waiting": [stagePreloads("rest-between-games")] };
const served = (page, html) => (dropped[page] ?? []).reduce((kept, pattern) => kept.replace(pattern, ""), html);

console.log("page's first screen (gzipped): HTML + its style sheet, entry and chunks + texts = total; budget");
for (const [page, budget] of Object.entries(PAGE_BUDGETS)) {
  const built = await readFile(`${build}/${htmlOf(page)}.html`, "utf8");
  // One language's texts, as the worker keeps them: here the heaviest's, counted below from the build's HTML.
  const language = /data-lang="(\w+)"/.exec(built)?.[1];
  const preloaded = built.replace(/\n {2}<link [^>]*data-lang="(\w+)">/g, (link, of) => (of === language ? link : ""));
  // The table page's HTML as the worker serves it carries the board's picture and the title bar
  // (src/server/http/table-picture.ts): here the heaviest language's bar and the unturned board, with no piece;
  // and, of its code, the first stage's preloads and the list of its rest (pages.ts, laterStage).
  const html =
    page in dropped ? served(page, preloaded.replace('<div id="app">', `<div id="app">${tablePicture}`)) : preloaded;
  // A page whose code comes in stages marks each stage's preloads with its stage.
  const stages = Object.entries(
    Object.groupBy(
      [...html.matchAll(/href="\/build\/([^"]+)" data-stage="([\w-]+)"/g)]
        .map(([, file, id]) => ({ file, id }))
        .filter(({ file }) => !file.startsWith("i18n/")),
      ({ id }) => id,
    ),
  ).map(([id, links]) => ({ id, files: links.map(({ file }) => file) }));
  const linked = [...html.matchAll(/(?:href|src)="\/build\/([^"]+\.(?:js|css))"/g)]
    .map((match) => match[1])
    .filter((file) => !file.startsWith("i18n/"));
  const code = await gzippedTotal(linked);
  // The heaviest language's: its first texts, and its later ones where the page preloads its rest.
  const languages = await textsByLanguage(served(page, built));
  const pageTexts = Math.max(0, ...languages) + (page === "rules" ? rulesTexts : 0);
  const total = gzipSync(html).length + code + pageTexts;
  const target = TARGETS[page] ? ` (target ${TARGETS[page]})` : "";
  console.log(
    `page ${page}: ${kib(gzipSync(html).length)} + ${linked.length} files ${kib(code)} + texts ${kib(pageTexts)} = ${kib(total)}; budget ${budget} KiB${target}`,
  );
  if (page in dropped)
    console.log(
      `  its board's picture drawn from the HTML alone, its style sheet in it: ${kib(gzipSync(html).length)}`,
    );
  for (const { id, files } of stages) {
    const bytes = await gzippedTotal(files);
    console.log(`  of which the stage ${id}: ${kib(bytes)} (${files.length} files)`);
  }
  // A later stage's files, which the page fetches once it is usable: listed in the HTML, not preloaded by it.
  for (const [, id, list] of html.matchAll(/<script type="application\/json" id="stage-([\w-]+)">(.*?)<\/script>/g)) {
    const files = JSON.parse(list).map((href) => href.replace(/^\/build\//, ""));
    const bytes = await gzippedTotal(files);
    console.log(`  then, once usable, the stage ${id}: ${kib(bytes)} (${files.length} files)`);
  }
  if (total > budget * 1024) {
    console.error(`the ${page} page's first screen is over its budget of ${budget} KiB gzipped`);
    process.exitCode = 1;
  }
}
const embed = await gzipped(`${build}/embed.js`);
console.log(
  `client embed.js (the web component, served as /embed.js, one file): ${kib(embed)} gzipped; budget ${EMBED_BUDGET_KIB} KiB`,
);
if (embed > EMBED_BUDGET_KIB * 1024) {
  console.error(`embed.js is over its budget of ${EMBED_BUDGET_KIB} KiB gzipped`);
  process.exitCode = 1;
}

if (!budgetsOnly) {
  // What pages load later, only when shown or asked for.
  const later = (await readdir(build)).filter((name) => /^[a-z-]+-\w{8}\.js$/.test(name) && !name.startsWith("chunk-"));
  for (const file of later.sort())
    console.log(`client ${file.replace(/-\w+\.js$/, "")} (loaded later): ${await sizeOf(`${build}/${file}`)}`);
  console.log(
    `client analysis.js (the game analysis's worker, when a player asks for one): ${await sizeOf(`${build}/analysis.js`)}`,
  );
  for (const page of Object.keys(PAGE_BUDGETS)) {
    if (page !== htmlOf(page)) continue;
    const html = await readFile(`${build}/${page}.html`, "utf8");
    const described = async (files) =>
      (
        await Promise.all(
          files.map(async (file) => `${file.replace(/.*\/|-\w+\.js$/g, "")} ${await sizeOf(`${build}/${file}`)}`),
        )
      ).join("; ");
    console.log(
      `client texts of the ${page} page (in the visitor's language only, the one the HTML preloads): ${await described(pageTextFiles(html))}`,
    );
    const laterTexts = [...html.matchAll(laterTextLinks)].map(([, file]) => file);
    if (laterTexts.length > 0)
      console.log(`client later texts of the ${page} page (with the rest of its code): ${await described(laterTexts)}`);
  }
  const rulesFiles = await filesIn("rules", /\.js$/);
  console.log(
    `client rules texts (on /rules only, one language): ${(await Promise.all(rulesFiles.map(async (file) => `${file.replace(/.*\/|-\w+\.js$/g, "")} ${await sizeOf(file)}`))).join("; ")}`,
  );
}

// The client package's entries as a site's bundler ships them: minified, their dependencies (valibot,
// partysocket) bundled in, and tree-shaken to what each entry exports; each against its budget.
const PACKAGE_ENTRIES = [
  // The SDK's went back to 32 (31.8 KiB, with the `snapshot` option) when it imported the protocol's modules, not its
  // index (issue 33); every entry's was lowered when the schemas became valibot's, not zod/mini's: SDK 31.8 -> 25.6,
  // embed 17.6 -> 10.7, element 18.5 -> 11.6, lobby element 21.5 -> 15.4; and the three that name the variants
  // without playing them when those names became a list of their own (rules/settings.ts), where they had been
  // worked out from the registry, which kept both variants' rules: embed 10.7 -> 5.9, element 11.6 -> 6.7, lobby
  // element 15.4 -> 10.6.
  { name: "SDK", entry: "src/client/sdk/index.ts", budgetGzipKiB: 26 },
  { name: "embed", entry: "src/client/embed/index.ts", budgetGzipKiB: 6 },
  { name: "element", entry: "src/client/embed/define.ts", budgetGzipKiB: 7 },
  // The lobby's element carries the lobby's socket (partysocket) and its list's schemas.
  { name: "lobby element", entry: "src/client/embed/lobby-define.ts", budgetGzipKiB: 11 },
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
