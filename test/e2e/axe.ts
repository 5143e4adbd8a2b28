/**
 * axe-core in the browser tests: `expectNoAxeViolations(page, "what")` runs
 * axe on the page as it stands and fails with a readable list of what it
 * found (rule, impact, help, and each offending element's selector and
 * summary).
 *
 * How axe gets into the page: the pages' Content-Security-Policy allows
 * scripts from 'self' only, so a `<script>` with axe's text would be refused
 * (and `page.addScriptTag({ content })` is such a script). `page.evaluate`
 * runs through DevTools, which the page's CSP does not govern, so axe's
 * source is evaluated that way, once per document.
 *
 * The rules: axe's defaults (WCAG 2.0–2.2 A and AA, and its best practices),
 * plus `label-content-name-mismatch` (WCAG 2.5.3, label in name), which axe
 * keeps among its experimental rules: a button whose visible text is not part
 * of its accessible name cannot be called by what it says (voice control).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults, Result, RunOptions } from "axe-core";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";

let source: Promise<string> | undefined;

function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return source;
}

const OPTIONS: RunOptions = {
  rules: { "label-content-name-mismatch": { enabled: true } },
  resultTypes: ["violations"],
};

/**
 * Runs axe on the page (or a frame) and returns its violations; `without`
 * names rules to leave out where another run covers them (colour contrast,
 * the slow rule, depends on colours, which no language changes).
 */
export async function axeViolations(page: Page | Frame, without: readonly string[] = []): Promise<Result[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(await axeSource());
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    {
      ...OPTIONS,
      rules: { ...OPTIONS.rules, ...Object.fromEntries(without.map((rule) => [rule, { enabled: false }])) },
    },
  );
  return results.violations;
}

/** The violations as lines a person can act on. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join("\n");
}

/** Fails, listing them, when axe finds a violation on the page; `context` says which page and state. */
export async function expectNoAxeViolations(page: Page | Frame, context: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) console.error(`axe, ${context}:\n${describeViolations(violations)}`);
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.length}`),
    `axe violations, ${context}`,
  ).toEqual([]);
}
