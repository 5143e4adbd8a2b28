/**
 * npm run -s loadtest -- [--tables N] [--rounds R] [--moves M] [--observability on|off|both] [--url URL]
 *
 * Many 2-player tables, each with two spectators, played as fast as the
 * protocol allows: each player computes a legal move with the engine
 * (src/rules), sends `move`, and waits for its own `moved` event; the other
 * player answers the moment the event reaches it (a closed loop per table).
 * In the same run, alternating with the tables (table, bare, then bare,
 * table, and so on), the same load drives a bare Durable Object of the same
 * shape (loadtest/bare-table.ts: hibernatable sockets, one SQLite row per
 * message, broadcast), and the table's figures are given as ratios to it.
 *
 * Starts `wrangler dev -c loadtest/wrangler.toml` (offline; storage in a
 * temporary folder), once with wrangler's local trace collector on and once
 * off (`X_LOCAL_OBSERVABILITY`), unless `--url` names a server already
 * started with that config (then `--pids` may name its processes for the
 * CPU time).
 *
 * Reports per phase: moves a second, the round trip (send to own event)
 * p50/p95/p99, the server processes' CPU time per move (/proc/<pid>/stat),
 * workerd's write system calls and bytes per move (/proc/<pid>/io: `syscw`,
 * which strace shows to be its writes to the SQLite files, `wchar`, and
 * `write_bytes`, what reached the storage layer), errors, and every socket's
 * event stream: duplicated, reordered, after a gap, or missing at the end
 * (all must be zero). Then the medians over the rounds, the ratios
 * table/bare, the median of each round's own ratios (the figure a drift in
 * the machine's speed disturbs least), and one JSON line last. Exits 1 on any error or stream fault.
 *
 * Also: --warmup N (tables of a short warm-up phase of each kind, not
 * reported; 20), --concurrency C (tables set up at once; 16), --only
 * table|bare, --strace (count workerd's writes to files with strace: slow,
 * read only the counts), --profile PREFIX (a CPU profile of the worker per
 * phase, PREFIX-kind-round.cpuprofile).
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { formatPath, Game } from "../src/rules/index.ts";
import {
  freePort,
  type Message,
  median,
  nodeVersion,
  type ProcessUsage,
  pool,
  processUsage,
  profileWorker,
  quantile,
  type Server,
  Socket,
  sleep,
  startServer,
  totalCpuMs,
  traceWrites,
  usageDelta,
  workerdPids,
  wranglerVersion,
} from "./loadtest-lib.ts";

type Kind = "table" | "bare";

const usage =
  "usage: npm run -s loadtest -- [--tables N] [--rounds R] [--moves M] [--observability on|off|both] [--url URL [--pids P,Q]] [--warmup N]";
const { values } = parseArgs({
  options: {
    tables: { type: "string", default: "200" },
    rounds: { type: "string", default: "2" },
    moves: { type: "string", default: "100" },
    observability: { type: "string", default: "both" },
    url: { type: "string" },
    pids: { type: "string" },
    warmup: { type: "string", default: "20" },
    concurrency: { type: "string", default: "16" },
    only: { type: "string" },
    strace: { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const tables = Number(values.tables);
const rounds = Number(values.rounds);
const moves = Number(values.moves);
const warmup = Number(values.warmup);
const concurrency = Number(values.concurrency);
const settingsOf = { both: [true, false], on: [true], off: [false] } as const;
const observabilities = settingsOf[values.observability as keyof typeof settingsOf];
const kinds: readonly Kind[] =
  values.only === "table" ? ["table"] : values.only === "bare" ? ["bare"] : ["table", "bare"];
for (const n of [tables, rounds, moves, concurrency]) if (!Number.isInteger(n) || n < 1) fail(usage);
if (!Number.isInteger(warmup) || warmup < 0 || !observabilities) fail(usage);
if (moves > 500) {
  console.warn(
    "loadtest: over 500 moves a table, a fast player may meet the flood limit (300 messages, then 20 a second)",
  );
}

function fail(message: string): never {
  console.error(`loadtest: ${message}`);
  process.exit(1);
}

/** A table that makes no progress for this long is given up (and counted as an error). */
const STALL_MS = 30_000;

interface Phase {
  readonly kind: Kind;
  readonly observability: boolean | null;
  readonly round: number;
  readonly tables: number;
  readonly moves: number;
  readonly wallMs: number;
  readonly movesPerSecond: number;
  readonly rttMs: { readonly p50: number; readonly p95: number; readonly p99: number };
  /** Server CPU (ms) per move: all its processes, and workerd alone; null when the processes are unknown. */
  readonly cpuMsPerMove: number | null;
  readonly workerdCpuMsPerMove: number | null;
  readonly cpuMsByProcess: Record<string, number> | null;
  /** workerd's write system calls (sockets included), bytes written, and bytes that reached storage, per move. */
  readonly syscwPerMove: number | null;
  readonly wcharPerMove: number | null;
  readonly writeBytesPerMove: number | null;
  /** With --strace: write system calls to files and their bytes, per move, by file. */
  readonly disk: {
    calls: number;
    bytes: number;
    syncs: number;
    byFile: Record<string, { calls: number; bytes: number }>;
  } | null;
  readonly driverCpuMs: number;
  readonly errors: number;
  readonly duplicates: number;
  readonly reordered: number;
  readonly gaps: number;
  readonly lost: number;
  readonly errorSamples: readonly string[];
}

/** One table (or bare object) and its four sockets: two players, two spectators. */
class Run {
  readonly players: Socket[] = [];
  readonly spectators: Socket[] = [];
  firstPlayer = 0;
  private readonly kind: Kind;
  private readonly target: number;
  private readonly rtts: number[];
  private resolveDone: () => void = () => {};
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });
  private finishedPlayers = 0;
  lastProgress = 0;
  moves = 0;
  stalled = false;

  constructor(kind: Kind, target: number, rtts: number[]) {
    this.kind = kind;
    this.target = target;
    this.rtts = rtts;
  }

  get sockets(): Socket[] {
    return [...this.players, ...this.spectators];
  }

  async setUp(url: string, name: string): Promise<void> {
    const ws = url.replace(/^http/, "ws");
    if (this.kind === "bare") {
      for (let i = 0; i < 4; i++) {
        const socket = await Socket.open(`${ws}/bare/${name}/ws`);
        (i < 2 ? this.players : this.spectators).push(socket);
      }
      return;
    }
    const response = await fetch(`${url}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2 }),
    });
    if (response.status !== 201) throw new Error(`POST /api/tables: ${response.status} ${await response.text()}`);
    const { id, hostToken } = (await response.json()) as { id: string; hostToken: string };
    const open = async (hello: object) => {
      const socket = await Socket.open(`${ws}/api/tables/${id}/ws`);
      const welcome = socket.next((m) => m.type === "welcome");
      socket.send({ type: "hello", ...hello });
      await welcome;
      return socket;
    };
    for (let seat = 0; seat < 2; seat++) {
      const socket = await open(seat === 0 ? { hostToken } : {});
      const acked = socket.next((m) => m.type === "ack" && m.id === `join${seat}`);
      socket.send({ type: "join", id: `join${seat}`, seat, name: `Player ${seat + 1}` });
      await acked;
      this.players.push(socket);
    }
    for (let i = 0; i < 2; i++) this.spectators.push(await open({}));
    const started = this.sockets.map((socket) => socket.next((m) => m.event?.type === "started"));
    this.players[0].send({ type: "start", id: "start" });
    const [event] = await Promise.all(started);
    this.firstPlayer = event.event?.firstPlayer ?? 0;
  }

  /** Plays until the table has `target` moves (or its game ends): each player moves on its turn. */
  play(): void {
    this.lastProgress = performance.now();
    this.players.forEach((socket, seat) => {
      const game = Game.create({ players: 2 }, { firstPlayer: this.firstPlayer });
      let sentAt = 0;
      let count = 0;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        if (++this.finishedPlayers === this.players.length) this.resolveDone();
      };
      const turn = () => {
        if (game.isOver || game.plies >= this.target) return finish();
        if (game.turn?.player !== seat) return;
        const legal = game.legalMoves();
        const move = legal[Math.floor(Math.random() * legal.length)];
        const path = formatPath(move.path);
        const id = `m${++count}`;
        sentAt = performance.now();
        socket.send(this.kind === "bare" ? { type: "move", id, seat, path } : { type: "move", id, path });
      };
      socket.onMessage = (message: Message) => {
        const event = message.type === "event" ? message.event : undefined;
        if (!event) return;
        if (event.type === "moved" && event.path !== undefined) {
          game.play(event.path, event.seat);
          if (event.seat === seat) {
            this.rtts.push(performance.now() - sentAt);
            this.moves++;
            this.lastProgress = performance.now();
          }
        } else if (event.type === "passed") {
          game.play("pass");
        } else if (event.type === "ended") {
          return finish();
        } else {
          return;
        }
        turn();
      };
      turn();
    });
  }

  finish(): void {
    this.stalled = true;
    this.resolveDone();
  }

  /** Events a socket is missing at the end: the highest seq any of the table's sockets saw, less its own. */
  lost(): number {
    const last = Math.max(...this.sockets.map((socket) => socket.lastSeq));
    return this.sockets.reduce((sum, socket) => sum + (last - socket.lastSeq), 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.sockets.map((socket) => socket.close()));
  }
}

async function phase(
  server: Server,
  kind: Kind,
  round: number,
  observability: boolean | null,
  count: number,
  target: number,
): Promise<Phase> {
  const rtts: number[] = [];
  const runs = Array.from({ length: count }, () => new Run(kind, target, rtts));
  const prefix = `${kind}-${Date.now().toString(36)}-${round}`;
  const setupErrors: string[] = [];
  await pool(runs, concurrency, async (run) => {
    try {
      await run.setUp(server.url, `${prefix}-${runs.indexOf(run)}`);
    } catch (error) {
      setupErrors.push(String(error));
      run.finish();
    }
  });
  await sleep(300); // presence after the last hellos settles
  const pids = values.pids?.split(",").map(Number) ?? [];
  const known = server.group !== undefined || pids.length > 0;
  const tracer =
    values.strace && server.group !== undefined && round > 0
      ? await traceWrites(await workerdPids(server.group))
      : undefined;
  const profiler =
    values.profile && server.inspectorPort !== undefined && round > 0
      ? await profileWorker(server.inspectorPort)
      : undefined;
  const before = await processUsage(server.group, pids);
  const driverBefore = process.cpuUsage();
  const start = performance.now();
  const live = runs.filter((run) => !run.stalled);
  for (const run of live) run.play();
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const run of live) if (now - run.lastProgress > STALL_MS) run.finish();
  }, 1000);
  await Promise.all(live.map((run) => run.done));
  const wallMs = performance.now() - start;
  const driver = process.cpuUsage(driverBefore);
  const after = await processUsage(server.group, pids);
  const traced = await tracer?.stop();
  if (profiler && values.profile) {
    const file = `${values.profile}-${kind}-${round}.cpuprofile`;
    await writeFile(file, JSON.stringify(await profiler.stop()));
    console.log(`profile of the worker: ${file}`);
  }
  clearInterval(watchdog);
  // The spectators' last events may still be on their way.
  for (let i = 0; i < 20 && runs.some((run) => run.lost() > 0); i++) await sleep(100);
  const sockets = runs.flatMap((run) => run.sockets);
  const sum = (key: "errors" | "duplicates" | "gaps" | "reordered") =>
    sockets.reduce((n, socket) => n + socket.check[key], 0);
  const stalled = runs.filter((run) => run.stalled).length;
  const errorSamples = [...setupErrors, ...sockets.flatMap((socket) => socket.errorMessages)].slice(0, 5);
  if (stalled > 0) errorSamples.push(`${stalled} tables stalled or failed`);
  await pool(runs, 64, (run) => run.close());
  const moved = runs.reduce((n, run) => n + run.moves, 0);
  const delta: ProcessUsage = usageDelta(before, after);
  const per = (value: number) => (known && moved > 0 ? value / moved : null);
  return {
    kind,
    observability,
    round,
    tables: count,
    moves: moved,
    wallMs,
    movesPerSecond: (moved * 1000) / wallMs,
    rttMs: { p50: quantile(rtts, 0.5), p95: quantile(rtts, 0.95), p99: quantile(rtts, 0.99) },
    cpuMsPerMove: per(totalCpuMs(delta)),
    workerdCpuMsPerMove: per(delta.cpuMs.workerd ?? 0),
    cpuMsByProcess: known ? delta.cpuMs : null,
    syscwPerMove: per(delta.syscw),
    wcharPerMove: per(delta.wchar),
    writeBytesPerMove: per(delta.writeBytes),
    disk:
      traced && moved > 0
        ? {
            calls: traced.calls / moved,
            bytes: traced.bytes / moved,
            syncs: traced.syncs / moved,
            byFile: Object.fromEntries(
              Object.entries(traced.byFile).map(([file, { calls, bytes }]) => [
                file,
                { calls: calls / moved, bytes: bytes / moved },
              ]),
            ),
          }
        : null,
    driverCpuMs: (driver.user + driver.system) / 1000,
    errors: sum("errors") + setupErrors.length + stalled,
    duplicates: sum("duplicates"),
    reordered: sum("reordered"),
    gaps: sum("gaps"),
    lost: runs.reduce((n, run) => n + run.lost(), 0),
    errorSamples,
  };
}

const fixed = (value: number | null, digits = 2) =>
  value === null || Number.isNaN(value) ? "–" : value.toFixed(digits);

function printPhase(p: Phase): void {
  const obs = p.observability === null ? "" : p.observability ? " obs on " : " obs off";
  console.log(
    `${p.kind.padEnd(5)}${obs} round ${p.round}: ${p.moves} moves in ${(p.wallMs / 1000).toFixed(1)} s, ` +
      `${p.movesPerSecond.toFixed(0)} moves/s, rtt p50/p95/p99 ${fixed(p.rttMs.p50, 1)}/${fixed(p.rttMs.p95, 1)}/${fixed(p.rttMs.p99, 1)} ms, ` +
      `cpu ${fixed(p.cpuMsPerMove, 3)} ms/move (workerd ${fixed(p.workerdCpuMsPerMove, 3)}), ` +
      `writes ${fixed(p.syscwPerMove, 1)} syscalls ${fixed((p.wcharPerMove ?? Number.NaN) / 1024, 1)} KiB ` +
      `storage ${fixed((p.writeBytesPerMove ?? Number.NaN) / 1024, 1)} KiB/move, ` +
      `errors ${p.errors}, dup ${p.duplicates}, reordered ${p.reordered}, gaps ${p.gaps}, lost ${p.lost}`,
  );
  if (p.disk) {
    const files = Object.entries(p.disk.byFile)
      .map(([file, { calls, bytes }]) => `${file} ${calls.toFixed(2)} calls ${(bytes / 1024).toFixed(1)} KiB`)
      .join(", ");
    console.log(
      `  strace: ${p.disk.calls.toFixed(2)} file writes, ${(p.disk.bytes / 1024).toFixed(1)} KiB, ${p.disk.syncs.toFixed(2)} syncs per move (${files})`,
    );
  }
  for (const sample of p.errorSamples) console.log(`  ${sample}`);
}

interface Summary {
  readonly observability: boolean | null;
  readonly table: Record<string, number | null>;
  readonly bare: Record<string, number | null>;
  readonly ratios: Record<string, number | null>;
  readonly ratiosByRound: Record<string, number | null>[];
  /**
   * The median of the rounds' own ratios: each round's table phase against
   * the bare phase next to it, which a drift in the machine's speed over the
   * run (a shared disk's latency, a neighbour's load) touches alike.
   */
  readonly medianRoundRatios: Record<string, number | null>;
}

function summarise(observability: boolean | null, phases: readonly Phase[]): Summary {
  const of = (kind: Kind) => phases.filter((p) => p.kind === kind);
  const med = (list: readonly Phase[], pick: (p: Phase) => number | null) => {
    const picked = list.map(pick).filter((v): v is number => v !== null);
    return picked.length === 0 ? null : median(picked);
  };
  const figures = (list: readonly Phase[]) => ({
    movesPerSecond: med(list, (p) => p.movesPerSecond),
    rttP50: med(list, (p) => p.rttMs.p50),
    rttP95: med(list, (p) => p.rttMs.p95),
    rttP99: med(list, (p) => p.rttMs.p99),
    cpuMsPerMove: med(list, (p) => p.cpuMsPerMove),
    workerdCpuMsPerMove: med(list, (p) => p.workerdCpuMsPerMove),
    syscwPerMove: med(list, (p) => p.syscwPerMove),
    wcharPerMove: med(list, (p) => p.wcharPerMove),
    writeBytesPerMove: med(list, (p) => p.writeBytesPerMove),
  });
  const table = figures(of("table"));
  const bare = figures(of("bare"));
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
  const ratiosOf = (t: ReturnType<typeof figures>, b: ReturnType<typeof figures>) => ({
    movesPerSecond: ratio(t.movesPerSecond, b.movesPerSecond),
    rttP50: ratio(t.rttP50, b.rttP50),
    rttP95: ratio(t.rttP95, b.rttP95),
    rttP99: ratio(t.rttP99, b.rttP99),
    cpuMsPerMove: ratio(t.cpuMsPerMove, b.cpuMsPerMove),
  });
  const roundsSeen = [...new Set(phases.map((p) => p.round))];
  const ratiosByRound = roundsSeen.map((round) =>
    ratiosOf(
      figures(of("table").filter((p) => p.round === round)),
      figures(of("bare").filter((p) => p.round === round)),
    ),
  );
  const medianOfRounds = (key: keyof ReturnType<typeof ratiosOf>) => {
    const values = ratiosByRound.map((r) => r[key]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : median(values);
  };
  const medianRoundRatios = {
    movesPerSecond: medianOfRounds("movesPerSecond"),
    rttP50: medianOfRounds("rttP50"),
    rttP95: medianOfRounds("rttP95"),
    rttP99: medianOfRounds("rttP99"),
    cpuMsPerMove: medianOfRounds("cpuMsPerMove"),
  };
  return { observability, table, bare, ratios: ratiosOf(table, bare), ratiosByRound, medianRoundRatios };
}

function printSummary(s: Summary): void {
  const label = s.observability === null ? "" : ` (X_LOCAL_OBSERVABILITY=${s.observability})`;
  console.log(`\nmedians over the rounds${label}:`);
  const row = (name: string, f: Record<string, number | null>) =>
    console.log(
      `  ${name.padEnd(6)} ${fixed(f.movesPerSecond, 0).padStart(6)} moves/s  rtt p50 ${fixed(f.rttP50, 1)} p95 ${fixed(f.rttP95, 1)} p99 ${fixed(f.rttP99, 1)} ms  cpu ${fixed(f.cpuMsPerMove, 3)} ms/move`,
    );
  row("table", s.table);
  row("bare", s.bare);
  const r = s.ratios;
  console.log(
    `  table/bare: moves/s ${fixed(r.movesPerSecond)}×, rtt p50 ${fixed(r.rttP50)}× p95 ${fixed(r.rttP95)}× p99 ${fixed(r.rttP99)}×, cpu/move ${fixed(r.cpuMsPerMove)}×`,
  );
  const m = s.medianRoundRatios;
  console.log(
    `  median of the rounds' ratios: moves/s ${fixed(m.movesPerSecond)}×, rtt p50 ${fixed(m.rttP50)}× p95 ${fixed(m.rttP95)}× p99 ${fixed(m.rttP99)}×, cpu/move ${fixed(m.cpuMsPerMove)}×`,
  );
  s.ratiosByRound.forEach((rr, i) => {
    console.log(
      `  round ${i + 1}: moves/s ${fixed(rr.movesPerSecond)}×, rtt p50 ${fixed(rr.rttP50)}×, cpu/move ${fixed(rr.cpuMsPerMove)}×`,
    );
  });
}

const started = new Date();
const phases: Phase[] = [];
const summaries: Summary[] = [];
console.log(
  `loadtest: ${tables} tables × ${moves} moves, 2 players and 2 spectators each, ${rounds} rounds (${kinds.join(", ")}); ` +
    `node ${nodeVersion()}, wrangler ${wranglerVersion()}`,
);
for (const observability of values.url ? [null] : observabilities) {
  const server: Server = values.url
    ? { url: values.url.replace(/\/$/, ""), group: undefined, stop: async () => {} }
    : await startServer({
        observability: observability ?? true,
        ...(values.profile ? { inspectorPort: await freePort() } : {}),
      });
  try {
    if (warmup > 0) {
      for (const kind of kinds) await phase(server, kind, 0, observability, Math.min(warmup, tables), 20);
    }
    const mine: Phase[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Table, bare, then bare, table, …: a drift in the machine's load favours neither.
      for (const kind of round % 2 === 1 ? kinds : [...kinds].reverse()) {
        const p = await phase(server, kind, round, observability, tables, moves);
        printPhase(p);
        mine.push(p);
      }
    }
    phases.push(...mine);
    const summary = summarise(observability, mine);
    printSummary(summary);
    summaries.push(summary);
  } finally {
    await server.stop();
  }
}
const faults = phases.reduce((n, p) => n + p.errors + p.duplicates + p.reordered + p.gaps + p.lost, 0);
console.log(
  JSON.stringify({
    date: started.toISOString(),
    node: nodeVersion(),
    tables,
    moves,
    rounds,
    faults,
    summaries,
    phases,
  }),
);
process.exit(faults > 0 ? 1 : 0);
