/**
 * Each page's style sheet is the client's one sheet less the rules that
 * select nothing the page can show (scripts/page-styles.mjs, which judges
 * by the words in the page's code). `expectOwnStyles` checks that judgement
 * against the page as it stands: every selector of the whole sheet
 * (src/client/ui/styles.css) that selects an element of the page, whatever
 * the screen's width, the pointer or the focus, is one of the page's own
 * sheet's (a link, or the table page's style element). The browser parses
 * both sheets, so they are compared as it writes them, not as they were
 * minified. A page of another site (the tests' fixture site around an
 * embed) is not the service's to check.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

const wholeSheet = readFile(new URL("../../src/client/ui/styles.css", import.meta.url), "utf8");

/** Fails with the selectors of the whole sheet that select something on the page but are not in its own sheet. */
export async function expectOwnStyles(page: Page): Promise<void> {
  // Another site's page, which embeds a table or the lobby (fixture-site/), is not styled by the service.
  if (!page.url().startsWith(inject("baseUrl"))) return;
  const missing = await page.evaluate(
    (sheetText) => {
      /** A selector list's selectors, split at the commas outside parentheses. */
      const selectorsOf = (list: string): string[] => {
        const selectors: string[] = [];
        let depth = 0;
        let start = 0;
        for (let at = 0; at < list.length; at++) {
          const char = list[at];
          if (char === "(") depth++;
          else if (char === ")") depth--;
          else if (char === "," && depth === 0) {
            selectors.push(list.slice(start, at).trim());
            start = at + 1;
          }
        }
        selectors.push(list.slice(start).trim());
        return selectors;
      };
      /** Every style rule's selectors, inside @media and @supports too, whatever applies now. */
      const selectorsIn = (rules: CSSRuleList, into: Set<string>): Set<string> => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) for (const selector of selectorsOf(rule.selectorText)) into.add(selector);
          else if (rule instanceof CSSGroupingRule) selectorsIn(rule.cssRules, into);
        }
        return into;
      };
      const own = new Set<string>();
      for (const sheet of Array.from(document.styleSheets)) selectorsIn(sheet.cssRules, own);
      const whole = new CSSStyleSheet();
      whole.replaceSync(sheetText);
      // What a pointer, the focus or a pseudo-element adds is left out: the element it is on is what counts.
      const transient =
        /::?(hover|active|focus|focus-visible|focus-within|visited|before|after|placeholder|marker|selection|backdrop|-webkit-[\w-]+|-moz-[\w-]+)(?![\w-])/g;
      const selects = (selector: string): boolean => {
        try {
          return document.querySelector(selector.replace(transient, "")) !== null;
        } catch {
          return false;
        }
      };
      return [...selectorsIn(whole.cssRules, new Set())].filter((selector) => !own.has(selector) && selects(selector));
    },
    await wholeSheet,
  );
  expect(missing, `rules of styles.css that select something on ${page.url()} but are not in its style sheet`).toEqual(
    [],
  );
}
