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
 *
 * A page whose code comes in stages (the table page) has its texts in two:
 * the messages its first stage's files name, with its first code, and the
 * others and the errors' in `src/client/ui/i18n/later/<language>.ts`, which
 * the rest of its code takes in (`I18n.addLater`). In source (and under
 * `--watch`) a later module is the whole translation.
 */
import { readFile } from "node:fs/promises";
import * as esbuild from "esbuild";

/** The languages, each a module exporting its translation under its own name (src/client/ui/i18n/<language>.ts). */
const LANGUAGES = ["en", "fi", "sv", "nb"];
const TEXTS = /src\/client\/ui\/i18n\/(en|fi|sv|nb)\.ts$/;
/** The texts a page whose code comes in stages takes in later (i18n/load-later.ts). */
const LATER_TEXTS = /src\/client\/ui\/i18n\/later\/(en|fi|sv|nb)\.ts$/;
const isTexts = (path) => TEXTS.test(path) || LATER_TEXTS.test(path);
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
 * the texts' own) and the key prefixes in their sources.
 * @param {import("esbuild").BuildResult} result the page's first build, unwritten (`write: false`)
 * @param {string} root the repository's root, which the metafile's paths are relative to
 * @param {string[]} keys every message key (English's)
 * @param {Set<string>} [only] the build's files to read (as the metafile names them), if not all: a stage's
 */
export async function pageKeys({ metafile, outputFiles }, root, keys, only) {
  // Not the files a translation is written into (a language's module, or a chunk it shares with its later one):
  // they name every message. The texts are imported only with import(), so no page code is among them.
  const read = Object.entries(metafile.outputs).filter(
    ([file, output]) =>
      !file.endsWith(".map") &&
      !Object.entries(output.inputs).some(([input, { bytesInOutput }]) => isTexts(input) && bytesInOutput > 0) &&
      (!only || only.has(file)),
  );
  const files = new Set(read.map(([file]) => `${root}${file}`));
  const words = new Set();
  for (const { path, text } of outputFiles) {
    if (!files.has(path)) continue;
    for (const word of text.match(/\w+/g) ?? []) words.add(word);
  }
  const prefixes = new Set();
  const sources = new Set(read.flatMap(([, output]) => Object.keys(output.inputs)));
  for (const input of sources) {
    if (!input.startsWith("src/") || isTexts(input)) continue;
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
 * a module with the page's messages alone (`keys`) and every error's; for a
 * page whose texts come in two stages (`first`: the keys its first stage
 * names), a module with those messages alone, and a later one
 * (i18n/later/<language>.ts) with the others and the errors'.
 * @param {Record<string, {language: string, messages: Record<string, string>, errors: Record<string, string>}>} all
 * @param {string[]} keys the page's message keys
 * @param {string[]} [first] of those, the ones that come with the page's first stage
 */
export function textsPlugin(all, keys, first) {
  const module = (language, kept, errors) => {
    const { messages } = all[language];
    const texts = { language, messages: Object.fromEntries(kept.map((key) => [key, messages[key]])), errors };
    return { contents: `export const ${language} = ${JSON.stringify(texts)};`, loader: "js" };
  };
  const firstKeys = new Set(first);
  const later = keys.filter((key) => !firstKeys.has(key));
  return {
    name: "page-texts",
    setup(build) {
      build.onLoad({ filter: TEXTS }, ({ path }) => {
        const language = path.match(TEXTS)[1];
        return first ? module(language, first, {}) : module(language, keys, all[language].errors);
      });
      build.onLoad({ filter: LATER_TEXTS }, ({ path }) => {
        const language = path.match(LATER_TEXTS)[1];
        return module(language, later, all[language].errors);
      });
    },
  };
}
