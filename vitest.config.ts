import { execFileSync } from "node:child_process";
import { defineConfig } from "vitest/config";
import { newVapidKeys } from "./scripts/vapid-keys.mjs";
import { trustTestCertificate } from "./test/push/certificate.ts";

// The test push service (test/push/receiver.ts) serves https on loopback with a certificate from a CA made
// for this run. workerd trusts only the certificates Miniflare gives it, and Miniflare reads them from the
// file NODE_EXTRA_CA_CERTS names when its module is first loaded: so the CA is made and named first, and
// the plugin (which loads miniflare) imported after. The push receivers' global setups serve with the
// same certificate (PUSH_TLS_* in the environment), and wrangler dev, a child, inherits the variable.
await trustTestCertificate();

// The web client, built once for the run before any project starts: the server tests read its pages' HTML
// through the assets binding, and the browser tests load it from wrangler dev (one build, never one per
// project: a build empties public/build/ first).
execFileSync(process.execPath, ["scripts/build-client.mjs"], { stdio: "inherit" });
const { cloudflareTest } = await import("@cloudflare/vitest-plugin");

/** The server tests' table id key (in production a secret, TABLE_ID_KEY, that is in no file). */
const TEST_TABLE_ID_KEY = "test-table-id-key-not-a-secret-0123456789";

// wrangler reads the secrets wrangler.toml requires from .dev.vars or the environment, and warns when
// neither has them; the tests' binding below is the one the worker sees, whatever .dev.vars holds.
process.env.TABLE_ID_KEY ??= TEST_TABLE_ID_KEY;

// A VAPID key pair for this run's notifications (in production two secrets), for the server tests'
// bindings and wrangler dev's (test/e2e/global-setup.ts), which reads them from the environment.
const TEST_VAPID = newVapidKeys();
process.env.VAPID_PUBLIC_KEY ??= TEST_VAPID.VAPID_PUBLIC_KEY;
process.env.VAPID_PRIVATE_KEY ??= TEST_VAPID.VAPID_PRIVATE_KEY;
process.env.TEST_VAPID_PUBLIC_KEY = TEST_VAPID.VAPID_PUBLIC_KEY;
process.env.TEST_VAPID_PRIVATE_KEY = TEST_VAPID.VAPID_PRIVATE_KEY;
/** A player away is notified a second after the turn passes (the service's default is 60 s). */
const TEST_NOTIFY_GRACE_SECONDS = "1";

/**
 * Every project's files share their worker's modules (vitest's `isolate: false`): a worker imports the
 * engine, the SDK, playwright-core or the worker's bundle once for all the files it runs, not once per
 * file. Measured on two cores (BENCHMARKS.md, "Test time"): the node projects 41 -> 30 s, the server
 * project 115 -> 106 s, module import time a third of what it was. No test file here stubs a global
 * or an environment variable, and the spies on shared objects are restored after each test; the
 * tests' own state is in each file, which still runs afresh.
 */
const SHARED_MODULES = { isolate: false } as const;

declare module "vitest" {
  /** What `inject` gives the tests: the protocol fuzzer's size and seed (test/server/fuzz.test.ts). */
  export interface ProvidedContext {
    /** How many messages the fuzzer sends at least; 0 for its small default. */
    fuzzMessages: number;
    /** The fuzzer's base seed; -1 for a random one. */
    fuzzSeed: number;
    /** The test push service's origin, https://127.0.0.1:<port> (test/push/receiver.ts; server and e2e projects). */
    pushReceiver: string;
  }
}

/**
 * Projects by layer: the rules engine, the computer players, the table and
 * the wire's schemas (against docs/protocol.md) are tested under Node; the
 * worker and its Durable Object inside workerd, with the bindings of
 * wrangler.toml and a table id key of its own; the web client's SDK, move
 * picker and texts under Node; and the end-to-end tests drive the Chromium
 * of @sparticuz/chromium against `wrangler dev` (test/e2e/global-setup.ts
 * builds the client and starts it).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on these two-core machines, one, and every
    // file would wait for the browser tests. With two, the other projects run beside them.
    maxWorkers: 2,
    projects: [
      {
        test: { ...SHARED_MODULES, name: "rules", include: ["test/rules/**/*.test.ts"], environment: "node" },
      },
      {
        test: { ...SHARED_MODULES, name: "bots", include: ["test/bots/**/*.test.ts"], environment: "node" },
      },
      {
        test: { ...SHARED_MODULES, name: "table", include: ["test/table/**/*.test.ts"], environment: "node" },
      },
      {
        test: { ...SHARED_MODULES, name: "lobby", include: ["test/lobby/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // PUSH_ALLOW_LOOPBACK: the worker may push to the test push service on 127.0.0.1 (never in wrangler.toml).
            miniflare: {
              bindings: {
                TABLE_ID_KEY: TEST_TABLE_ID_KEY,
                PUSH_ALLOW_LOOPBACK: "true",
                ...TEST_VAPID,
                NOTIFY_GRACE_SECONDS: TEST_NOTIFY_GRACE_SECONDS,
                // Quick play's times, shortened: a wave every 100 ms, computers offered after a second, a dropped
                // socket's seek kept a second, a seek's life 8 s, a socket silent 4 s taken for gone (the
                // service's: 2 s, 20 s, 10 s, 30 minutes and 12 s).
                POOL_WAVE_MS: "100",
                POOL_FILL_AFTER_SECONDS: "1",
                POOL_DROP_GRACE_SECONDS: "1",
                POOL_SEEK_LIFETIME_SECONDS: "8",
                POOL_SILENT_SECONDS: "4",
                // A listed game's spectator count reaches the lobby at most once a second (the service's: 15 s).
                LISTING_SPECTATORS_SECONDS: "1",
              },
            },
          }),
        ],
        test: {
          ...SHARED_MODULES,
          name: "server",
          include: ["test/server/**/*.test.ts"],
          // The operator's log lines, not printed (test/server/quiet-signals.ts says why).
          setupFiles: ["test/server/quiet-signals.ts"],
          // The test push service, its origin given as `inject("pushReceiver")`.
          globalSetup: ["test/server/push-receiver-setup.ts"],
          // The protocol fuzzer (test/server/fuzz.test.ts): how many messages, from which seed (`npm run fuzz`).
          provide: {
            fuzzMessages: Number(process.env.FUZZ_MESSAGES ?? 0),
            fuzzSeed: process.env.FUZZ_SEED === undefined ? -1 : Number(process.env.FUZZ_SEED),
          },
        },
      },
      {
        test: {
          ...SHARED_MODULES,
          name: "client",
          include: ["test/client/**/*.test.ts"],
          environment: "node",
          // The colours test reads styles.css (`?raw`): vitest empties CSS files it is not told to keep.
          css: { include: [/styles\.css/] },
        },
      },
      {
        test: { ...SHARED_MODULES, name: "protocol", include: ["test/protocol/**/*.test.ts"], environment: "node" },
      },
      {
        // The test push service itself, under Node (the server project uses it from inside workerd).
        test: { ...SHARED_MODULES, name: "push", include: ["test/push/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          ...SHARED_MODULES,
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/global-setup.ts"],
          // One browser at a time: the machine has two cores, and wrangler dev needs one.
          // Two browser test files at a time (maxWorkers, above), beside the other projects: most of a
          // browser test is waiting (for the server, a socket, an animation). `npx vitest run --project e2e`
          // took 515 s with `--maxWorkers 1` and 407 s as set here (2026-11-30, load about 5). Every visitor
          // comes from an address of its own (helpers.ts), so the files do not share the per-address limits.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // What a page shows after another's click (a chat message deleted for the others) takes a round
          // trip through the server and a drawing: vitest's default second for expect.poll ran out under load
          // (a full run beside builds: the chat test's deletion). Fifteen; a poll that passes waits no longer.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
