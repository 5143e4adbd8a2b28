/**
 * Each page's style sheet (`<page>.css`): the one sheet the client is
 * written with (src/client/ui/styles.css), less the rules that select
 * nothing the page can ever show. A page is a build of its own, so the
 * files its build wrote (its entry, every chunk and part it loads later,
 * its texts) are everything the page can put in its document; PurgeCSS
 * keeps each rule one of whose selectors names only classes, ids, elements
 * and attributes found in those files (and in the page's HTML, and for the
 * table page in its picture), and drops the rest. Nothing is reordered, so
 * the cascade of what is kept is the sheet's own. The table page's sheet
 * is on its board's first picture's path: a phone paints the picture only
 * once it has come.
 *
 * A class made at run time from a value (`point-${point}`) is not in the
 * files as a word: SAFELIST keeps those rules; and so does it the focus
 * ring (`:focus-visible`), which names no element. The browser tests check
 * every page they look at (test/e2e/helpers.ts, `screenshot`): each rule of
 * the whole sheet that selects something on the page is in its own.
 */
import { readFile } from "node:fs/promises";
import * as esbuild from "esbuild";
import { PurgeCSS } from "purgecss";

/**
 * The classes the client makes at run time from a value, which the styles
 * select: a point's tint (svg.ts: `point-${point}`, drawn in the browser
 * on every page with a board but the table's picture), a piece's swatch
 * (colours.ts), a rules diagram (rules/diagrams.ts); a move's verdict,
 * which the analysis's worker sends (move-list.ts, analysis-panel.ts); a
 * row of My tables by its group and its asking (my-tables-page.ts); who
 * moved for a player (move-list.ts).
 */
export const SAFELIST = {
  standard: [
    ":focus-visible",
    /^point-/,
    /^swatch-/,
    /^diagram-/,
    "inaccuracy",
    "mistake",
    "blunder",
    "your-turn",
    "gone",
    "asking",
    "timeout",
  ],
};

/**
 * Each page's style sheet, cut from the client's sheet (`sheet`,
 * styles.css as written) and minified, and the selectors it left out
 * (`npm run build -- --dropped-styles` prints them).
 * @param {string} sheet the whole style sheet's text
 * @param {{ page: string, files: string[] }[]} pages each page and the files its build wrote (and its HTML)
 * @param {string[]} target the browsers the client is built for
 * @returns {Promise<Record<string, { css: string, dropped: string[] }>>}
 */
export async function pageStyles(sheet, pages, target) {
  const styles = {};
  for (const { page, files } of pages) {
    const content = await Promise.all(
      files.map(async (file) => ({ raw: await readFile(file, "utf8"), extension: file.split(".").pop() })),
    );
    const [purged] = await new PurgeCSS().purge({
      content,
      css: [{ raw: sheet }],
      safelist: SAFELIST,
      rejected: true,
    });
    const { code } = await esbuild.transform(purged.css, {
      loader: "css",
      minify: true,
      legalComments: "none",
      target,
    });
    styles[page] = { css: code, dropped: purged.rejected ?? [] };
  }
  return styles;
}
