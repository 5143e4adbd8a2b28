/**
 * Days without play after which the service deletes a table, as the pages
 * tell visitors: the worker's `IDLE_DAYS` (wrangler.toml), which the page
 * cannot read. test/e2e/pages.test.ts checks that they agree.
 */
export const IDLE_DAYS = 30;
