/**
 * `wrangler dev` on a free localhost port, offline, with its Durable Object
 * storage in a folder of its own: what the browser tests
 * (test/e2e/global-setup.ts), the load test and the wake bench run against.
 * It waits until the worker and its objects answer, and stops the whole
 * process group (npx, wrangler and workerd). The chaos test
 * (scripts/chaos.ts) kills that group instead and starts a new server on the
 * same port and storage.
 *
 * The worker signs table ids with the secret TABLE_ID_KEY: each server gets
 * one (`tableIdKey`), kept in its storage folder so that a server started
 * again on the same `persistTo` checks the ids the first one made.
 *
 * For debugging: DEV_SERVER_LOG=1 copies wrangler's output to stderr,
 * WRANGLER_LEVEL sets its log level (warn by default; `log` shows the
 * objects' console.log).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newTableId } from "../src/server/table/table-ids.ts";
// @ts-expect-error: a plain ES module without types
import { runWrangler, wranglerEnv } from "./wrangler.mjs";

const STARTUP_MS = 120_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Server {
  readonly url: string;
  /** The process group of wrangler dev and its workerd; undefined for a server given by URL. */
  readonly group: number | undefined;
  readonly inspectorPort?: number;
  /** The worker's TABLE_ID_KEY, to give a server started again on the same storage; undefined for a server given by URL. */
  readonly tableIdKey?: string;
  stop(): Promise<void>;
  /**
   * Kills the whole process group at once with SIGKILL, as a crash would, and
   * waits until wrangler's npx has exited (its children die with it; their
   * exit may lag). The storage stays, even a temporary one.
   */
  kill?(): Promise<void>;
}

/** The process groups of the servers started and not yet stopped or killed: `stopAll` stops them. */
const running = new Map<number, () => Promise<void>>();
// If this process exits with servers still running (an error, Ctrl-C), they go with it.
process.on("exit", () => {
  for (const group of running.keys()) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Gone.
    }
  }
});

/** Stops every server started here and not yet stopped (for a signal handler). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

export interface ServerOptions {
  /** The wrangler configuration (default: the service's own, `wrangler.toml`). */
  readonly config?: string;
  /** Worker variables to override (`--var NAME:value`). */
  readonly vars?: Readonly<Record<string, string | number>>;
  /** wrangler's local trace collector (X_LOCAL_OBSERVABILITY); on, wrangler's default, if not given. */
  readonly observability?: boolean;
  /** Where Durable Object storage lives; a new temporary folder, removed at stop, if not given. */
  readonly persistTo?: string;
  /** The port of the worker's DevTools inspector (for profiling); a free one if not given. */
  readonly inspectorPort?: number;
  /**
   * The key table ids are signed with (TABLE_ID_KEY). Not given: the one an
   * earlier server kept in `persistTo`, else a new random one, kept there.
   * Tables made under one key answer 404 under another.
   */
  readonly tableIdKey?: string;
  /** The port to listen on: a restarted server takes its predecessor's, where its clients reconnect. A free one if not given. */
  readonly port?: number;
  /** Environment variables for wrangler (and its workerd) besides this process's, such as NODE_EXTRA_CA_CERTS. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Where a server keeps its table id key, in its storage folder beside wrangler's own. */
const KEY_FILE = "table-id-key";

/** The key given, else the one kept in `state`, else a new one; kept in `state` either way. */
async function tableIdKeyFor(state: string, given: string | undefined): Promise<string> {
  const file = join(state, KEY_FILE);
  const key = given ?? (await readFile(file, "utf8").catch(() => randomBytes(32).toString("base64url"))).trim();
  await writeFile(file, key, { mode: 0o600 });
  return key;
}

/** Starts `wrangler dev` on a localhost port (a free one unless given) and waits until the worker and its objects answer. */
export async function startServer(options: ServerOptions = {}): Promise<Server> {
  const port = options.port ?? (await freePort());
  const ownState = options.persistTo === undefined;
  const state = options.persistTo ?? (await mkdtemp(join(tmpdir(), "cc-dev-")));
  const env = {
    ...wranglerEnv,
    ...options.env,
    ...(options.observability === undefined ? {} : { X_LOCAL_OBSERVABILITY: options.observability ? "true" : "false" }),
  };
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state];
  if (options.config !== undefined) args.push("-c", options.config);
  // Left to itself, every wrangler dev tries 9229 first, and two starting at once can both find it free
  // and one fail ("Address already in use (socket direct:1:default)"): a free port of its own each.
  args.push("--inspector-port", String(options.inspectorPort ?? (await freePort())));
  const tableIdKey = await tableIdKeyFor(state, options.tableIdKey ?? options.vars?.TABLE_ID_KEY?.toString());
  for (const [name, value] of Object.entries({ ...options.vars, TABLE_ID_KEY: tableIdKey })) {
    args.push("--var", `${name}:${value}`);
  }
  args.push("--log-level", process.env.WRANGLER_LEVEL ?? "warn");
  const child: ChildProcess = runWrangler(args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.DEV_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const group = child.pid;
  const stop = async () => {
    if (group !== undefined) running.delete(group);
    if (child.exitCode === null && group !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-group, "SIGTERM"); // the whole group: npx, wrangler and workerd
      } catch {
        // Already gone.
      }
      await Promise.race([exited, sleep(5000)]);
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        // Gone.
      }
    }
    if (ownState) await rm(state, { recursive: true, force: true });
  };
  const kill = async () => {
    if (group === undefined) return;
    running.delete(group);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-group, "SIGKILL");
    await exited;
  };
  if (group !== undefined) running.set(group, stop);
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited (${child.exitCode}):\n${log}`);
    }
    try {
      // A signed id that names no table: 404 once the worker and its objects answer.
      const response = await fetch(`${url}/api/tables/${await newTableId(tableIdKey)}`);
      if (response.status === 404) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer at ${url} within ${STARTUP_MS / 1000} s:\n${log}`);
    }
    await sleep(250);
  }
  return {
    url,
    group,
    stop,
    tableIdKey,
    kill,
    ...(options.inspectorPort === undefined ? {} : { inspectorPort: options.inspectorPort }),
  };
}
