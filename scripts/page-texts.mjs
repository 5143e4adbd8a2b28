/**
 * Each page's texts: in each language, the messages the page can show,
 * not every page's (the front page has no use for the game's end, nor the
 * table page for the lobby's). A page is a build of its own, built twice:
 * the first build's files (the page's code and every part it loads later,
 * without the texts themselves) say which messages it names, and the
 * second build takes, for `src/client/ui/i18n/<language>.ts`, a module with
 * those messages alone (`textsPlugin`). A message is the page's when
 *
 * - its key is a word of the page's files (`i18n.t("yourTurn")`, or a key
 *   kept in a table of labels);
 * - it is a plural form (`handoverHint_one`) of such a word
 *   (`i18n.count("handoverHint", n)`);
 * - its key begins with a prefix the page's own sources make keys from
 *   (`` `level_${level}` ``), read from those sources, so a new such key
 *   needs no list kept by hand.
 *
 * Every error code's text is kept: the server may answer any. A key the
 * judgement missed would show as itself and say so in the console
 * (i18n/index.ts, `t`); the browser tests fail on that for every page they
 * look at (test/e2e/helpers.ts, `screenshot`).
 */
import { readFile } from "node:fs/promises";
import * as esbuild from "esbuild";

/** The languages, each a module exporting its translation under its own name (src/client/ui/i18n/<language>.ts). */
const LANGUAGES = ["en", "fi", "sv", "nb"];
const TEXTS = /src\/client\/ui\/i18n\/(en|fi|sv|nb)\.ts$/;
/** Intl.PluralRules' categories, the suffixes of a counted text's forms. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** A key made from a value in a template literal: `` `level_${level}` ``. */
const KEY_PREFIX = /`([A-Za-z]\w*_)\$\{/g;

/** Each language's translation, as the client's modules give it (bundled for Node and imported). */
export async function translations(root) {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const { outputFiles } = await esbuild.build({
        absWorkingDir: root,
        entryPoints: [`src/client/ui/i18n/${language}.ts`],
        bundle: true,
        format: "esm",
        platform: "neutral",
        write: false,
        logLevel: "error",
      });
      const source = Buffer.from(outputFiles[0].contents).toString("base64");
      const module = await import(`data:text/javascript;base64,${source}`);
      return [language, module[language]];
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The message keys a page's build shows: from the words of its files (not
 * the texts' own) and the key prefixes in its sources.
 * @param {import("esbuild").BuildResult} result the page's first build, unwritten (`write: false`)
 * @param {string} root the repository's root, which the metafile's paths are relative to
 * @param {string[]} keys every message key (English's)
 */
export async function pageKeys({ metafile, outputFiles }, root, keys) {
  const texts = new Set(
    Object.entries(metafile.outputs)
      .filter(([, output]) => output.entryPoint && TEXTS.test(output.entryPoint))
      .map(([file]) => `${root}${file}`),
  );
  const words = new Set();
  for (const { path, text } of outputFiles) {
    if (path.endsWith(".map") || texts.has(path)) continue;
    for (const word of text.match(/\w+/g) ?? []) words.add(word);
  }
  const prefixes = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    if (!input.startsWith("src/") || TEXTS.test(input)) continue;
    for (const [, prefix] of (await readFile(`${root}${input}`, "utf8")).matchAll(KEY_PREFIX)) prefixes.add(prefix);
  }
  return keys.filter(
    (key) =>
      words.has(key) ||
      words.has(key.replace(PLURAL_FORM, "")) ||
      [...prefixes].some((prefix) => key.startsWith(prefix)),
  );
}

/**
 * An esbuild plugin that gives a page's build, for each language's texts,
 * a module with the page's messages alone (`keys`) and every error's.
 */
export function textsPlugin(all, keys) {
  return {
    name: "page-texts",
    setup(build) {
      build.onLoad({ filter: TEXTS }, ({ path }) => {
        const language = path.match(TEXTS)[1];
        const { messages, ...rest } = all[language];
        const kept = Object.fromEntries(keys.map((key) => [key, messages[key]]));
        return { contents: `export const ${language} = ${JSON.stringify({ ...rest, messages: kept })};`, loader: "js" };
      });
    },
  };
}
