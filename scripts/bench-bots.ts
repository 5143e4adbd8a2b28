/**
 * npm run -s bench:bots -- [--games N] [--seed S]
 *
 * How well the computer players (src/bots) play, and what a move costs:
 *
 * - Solo crossing: one colour alone on the board, the moves each level takes
 *   to bring its ten pieces from N into S (the shortest crossing is 27 moves:
 *   G. I. Bell, "The shortest game of Chinese Checkers and related problems",
 *   Integers 9, 2009). The engine has no one-player game, so this runs the
 *   levels' own race choice (`raceStep`, which `computerMove` calls) on a board
 *   with N alone; easy, which is random, is the median of 9 seeds.
 * - Head to head in the race: each level against greedy opponents
 *   (`greedyMove`, the baseline: the largest distance gain), N games with
 *   two players (the level in each seat and each seat first, in turn), 0.6 N
 *   with three and with six (default N = 200). The first move of every colour is random, so
 *   that the games differ. A win is first place alone; 95 % Wilson intervals.
 * - Against stronger players: strong and master against the beam baseline
 *   (`beamMove`: a beam search over its own moves, 40 wide, 7 deep), and
 *   master against strong, with two, three and six players, the same
 *   openings and seating as against greedy.
 * - Capture: each level against the longest-capture baseline (`greedyMove`),
 *   N two-player games and 0.6 N three-player games, the first two moves
 *   random: wins, draws, the average margin (its captures less the best
 *   opponent's).
 * - Cost: CPU time per move (`process.cpuUsage`, user + system, of this
 *   process) of every timed move above, plus one self-play game per level
 *   and setting: median and max per level and setting. Each level is warmed
 *   up with a short game first. The levels get their default limits, and as
 *   their clock (`now`) this process's CPU time, so that the time limit
 *   counts the move's own work even on a loaded machine; then a few
 *   self-play games with a clock that stands still ("clock still"), as on
 *   Cloudflare Workers, where the node budget alone stops a move.
 *
 * Prints the figures, then one JSON line with all of them.
 */
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { BEAM_SHAPE, beamMove } from "../src/bots/beam.ts";
import { UNLIMITED } from "../src/bots/budget.ts";
import { LEVEL_LIMITS, raceStep } from "../src/bots/computer.ts";
import { computerMove, greedyMove, LEVELS, type Level, type MoveAction } from "../src/bots/index.ts";
import { afterMove, hasFinished, type RaceBoard, soloBoard } from "../src/bots/race-board.ts";
import { greedyStep, searchStep } from "../src/bots/race-levels.ts";
import { playRandomTurn, seededRandom } from "../src/bots/random.ts";
import { Game, type Hole, type Settings } from "../src/rules/index.ts";

const usage = "usage: npm run -s bench:bots -- [--games N] [--seed S]";
const { values } = parseArgs({
  options: { games: { type: "string", default: "200" }, seed: { type: "string", default: "1" } },
});
const GAMES = Number(values.games);
const SEED = Number(values.seed);
if (!Number.isInteger(GAMES) || GAMES < 4 || !Number.isInteger(SEED)) {
  console.error(usage);
  process.exit(1);
}

/** A level, or a baseline: greedy, or the beam search (`beamMove`). */
type Player = Level | "greedy" | "beam";

/** This process's CPU time in milliseconds: the clock the levels get, and what a move's cost is measured in. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU ms of every timed move, by level and setting. */
const costs = new Map<Level, Map<string, number[]>>(LEVELS.map((level) => [level, new Map()]));
function record(level: Level, setting: string, ms: number): void {
  const bySetting = costs.get(level) as Map<string, number[]>;
  const list = bySetting.get(setting) ?? [];
  list.push(ms);
  bySetting.set(setting, list);
}

/** One turn of `who` for the side to move, timed when it is a level; a pass when it must pass. */
function turn(game: Game, who: Player, setting: string, random: () => number, clock: () => number = cpuMs): void {
  let action: MoveAction | undefined;
  if (who === "greedy") action = greedyMove(game);
  else if (who === "beam") action = beamMove(game);
  else {
    const start = cpuMs();
    action = computerMove(game, { level: who, now: clock, random });
    record(who, setting, cpuMs() - start);
  }
  if (action) game.commit(action);
  else game.play("pass");
}

function label({ variant, players, colours, pieces, longJump, teams }: Partial<Settings>): string {
  const parts = [`${variant ?? "classic"} ${players ?? 2}p`];
  if (colours && colours > 1) parts.push(`${colours} colours`);
  if (pieces === 15) parts.push("15 pieces");
  if (longJump) parts.push("long jumps");
  if (teams) parts.push("teams");
  return parts.join(", ");
}

// Statistics.

function median(list: readonly number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The 95 % Wilson score interval of `wins` in `games`. */
function wilson(wins: number, games: number): [number, number] {
  const z = 1.959964;
  const p = wins / games;
  const denominator = 1 + (z * z) / games;
  const centre = (p + (z * z) / (2 * games)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;

// Warm-up: the compiler sees every level's code before anything is timed.
for (const level of LEVELS) {
  for (const settings of [{ players: 2 }, { variant: "capture", players: 2 }] as Partial<Settings>[]) {
    const game = Game.create(settings);
    const random = seededRandom(SEED);
    for (let ply = 0; ply < 12 && !game.isOver; ply++) {
      const action = computerMove(game, { level, now: cpuMs, random });
      if (action) game.commit(action);
      else game.play("pass");
    }
  }
}

// Solo crossing.

function crossing(choose: (board: RaceBoard) => { from: Hole; to: Hole } | undefined): number {
  let board = soloBoard("N");
  let moves = 0;
  while (!hasFinished(board)) {
    if (moves >= 500) throw new Error("a solo crossing took over 500 moves");
    const step = choose(board);
    if (!step) throw new Error("no move in a solo crossing");
    board = afterMove(board, step.from, step.to);
    moves++;
  }
  return moves;
}

const soloRuns: Record<Player, number[]> = { greedy: [], beam: [], easy: [], normal: [], strong: [], master: [] };
soloRuns.greedy.push(crossing(greedyStep));
soloRuns.beam.push(crossing((board) => searchStep(board, BEAM_SHAPE, UNLIMITED)));
for (const level of LEVELS) {
  const seeds = level === "easy" ? 9 : 1;
  for (let s = 0; s < seeds; s++) {
    const random = seededRandom(SEED + s);
    soloRuns[level].push(
      crossing((board) => {
        const start = cpuMs();
        const step = raceStep(board, { level, now: cpuMs, random });
        record(level, "solo crossing", cpuMs() - start);
        return step;
      }),
    );
  }
}
const solo = Object.fromEntries(Object.entries(soloRuns).map(([who, runs]) => [who, median(runs)])) as Record<
  Player,
  number
>;

console.log(`Computer players: node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}`);
console.log(`${new Date().toISOString()}, --games ${GAMES} --seed ${SEED}\n`);
console.log("Solo crossing, N to S alone (the shortest is 27 moves):");
for (const who of ["greedy", "beam", ...LEVELS] as Player[]) {
  const runs = soloRuns[who];
  const spread = runs.length > 1 ? ` (median of ${runs.length} seeds, ${Math.min(...runs)}–${Math.max(...runs)})` : "";
  console.log(`  ${who.padEnd(7)} ${solo[who]} moves${spread}`);
}

// Head to head in the race.

interface Tally {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  /** The level's mean place (1 = first). */
  readonly place: number;
  readonly ci: [number, number];
  /** Capture: mean captures less the best opponent's. */
  readonly margin?: number;
}

/** `level` against `players - 1` of `opponent`: the same openings and seating whoever the players are. */
function raceMatch(level: Level, players: number, games: number, opponent: Player = "greedy"): Tally {
  const setting = label({ players });
  let wins = 0;
  let draws = 0;
  let places = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const first = Math.floor(g / players) % players;
    const random = seededRandom(SEED * 7919 + g);
    const game = Game.create({ players }, { firstPlayer: first });
    // Every colour's first move at random, so that the games differ.
    for (let ply = 0; ply < players; ply++) playRandomTurn(game, random);
    while (!game.isOver) turn(game, game.turn?.player === seat ? level : opponent, setting, random);
    const result = game.result();
    if (result?.reason !== "finished") throw new Error(`race game ended by ${result?.reason}`);
    if (result.winners.includes(seat)) {
      if (result.winners.length === 1) wins++;
      else draws++;
    }
    places += result.standings[seat].place ?? players;
  }
  return { games, wins, draws, place: places / games, ci: wilson(wins, games) };
}

function captureMatch(level: Level, players: number, games: number): Tally {
  const setting = label({ variant: "capture", players });
  let wins = 0;
  let draws = 0;
  let places = 0;
  let margin = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const first = Math.floor(g / players) % players;
    const random = seededRandom(SEED * 104729 + g);
    const game = Game.create({ variant: "capture", players }, { firstPlayer: first });
    for (let ply = 0; ply < 2; ply++) playRandomTurn(game, random);
    while (!game.isOver) turn(game, game.turn?.player === seat ? level : "greedy", setting, random);
    const result = game.result();
    if (!result) throw new Error("a capture game did not end");
    if (result.winners.includes(seat)) {
      if (result.winners.length === 1) wins++;
      else draws++;
    }
    places += result.standings[seat].place ?? players;
    const others = game.captures.filter((_, player) => player !== seat);
    margin += game.captures[seat] - Math.max(...others);
  }
  return { games, wins, draws, place: places / games, ci: wilson(wins, games), margin: margin / games };
}

function describe(tally: Tally): string {
  const [low, high] = tally.ci;
  const draws = tally.draws > 0 ? `, ${tally.draws} draws` : "";
  const margin = tally.margin === undefined ? "" : `, margin ${tally.margin >= 0 ? "+" : ""}${tally.margin.toFixed(2)}`;
  return `${percent(tally.wins / tally.games)} [${percent(low)}, ${percent(high)}] (${tally.wins}/${tally.games}${draws}), mean place ${tally.place.toFixed(2)}${margin}`;
}

const matchGames = { 2: GAMES, 3: Math.max(3, Math.round(0.6 * GAMES)), 6: Math.max(6, Math.round(0.6 * GAMES)) };
const race: Record<2 | 3 | 6, Partial<Record<Level, Tally>>> = { 2: {}, 3: {}, 6: {} };
for (const players of [2, 3, 6] as const) {
  const games = matchGames[players];
  console.log(
    `\nRace, ${players} players: each level against ${players - 1} greedy, ${games} games, win rate [95 % CI]:`,
  );
  for (const level of LEVELS) {
    race[players][level] = raceMatch(level, players, games);
    console.log(`  ${level.padEnd(7)} ${describe(race[players][level] as Tally)}`);
  }
}

// Against stronger players than greedy: the beam baseline, and strong.
const STRONGER: readonly { readonly opponent: Player; readonly levels: readonly Level[] }[] = [
  { opponent: "beam", levels: ["strong", "master"] },
  { opponent: "strong", levels: ["master"] },
];
const stronger: Record<string, Record<2 | 3 | 6, Partial<Record<Level, Tally>>>> = {};
for (const { opponent, levels } of STRONGER) {
  stronger[opponent] = { 2: {}, 3: {}, 6: {} };
  for (const players of [2, 3, 6] as const) {
    const games = matchGames[players];
    console.log(`\nRace, ${players} players: against ${players - 1} ${opponent}, ${games} games, win rate [95 % CI]:`);
    for (const level of levels) {
      const tally = raceMatch(level, players, games, opponent);
      stronger[opponent][players][level] = tally;
      console.log(`  ${level.padEnd(7)} ${describe(tally)}`);
    }
  }
}

const capture: Record<2 | 3, Partial<Record<Level, Tally>>> = { 2: {}, 3: {} };
for (const players of [2, 3] as const) {
  const games = matchGames[players];
  console.log(`\nCapture, ${players} players: each level against ${players - 1} longest capture, ${games} games:`);
  for (const level of LEVELS) {
    capture[players][level] = captureMatch(level, players, games);
    console.log(`  ${level.padEnd(7)} ${describe(capture[players][level] as Tally)}`);
  }
}

// Cost: one self-play game per level and setting, added to the moves timed above.

const COST_SETTINGS: Partial<Settings>[] = [
  { players: 2 },
  { players: 3 },
  { players: 4 },
  { players: 6 },
  { players: 6, teams: true },
  { players: 2, colours: 2 },
  { players: 2, colours: 3 },
  { players: 3, colours: 2 },
  { players: 2, pieces: 15 },
  { players: 2, longJump: true },
  { players: 6, longJump: true },
  { variant: "capture", players: 2 },
  { variant: "capture", players: 6 },
  { variant: "capture", players: 2, longJump: true },
];
for (const settings of COST_SETTINGS) {
  for (const level of LEVELS) {
    const random = seededRandom(SEED);
    const game = Game.create(settings, { firstPlayer: 0 });
    while (!game.isOver) turn(game, level, label(settings), random);
  }
}
// As on Cloudflare Workers, where the clock stands still during a computation: the node budget alone stops a move.
const STILL_SETTINGS: Partial<Settings>[] = [
  { players: 2 },
  { players: 6 },
  { players: 2, colours: 3 },
  { variant: "capture", players: 2 },
  { variant: "capture", players: 2, longJump: true },
];
for (const settings of STILL_SETTINGS) {
  for (const level of LEVELS) {
    const random = seededRandom(SEED + 1);
    const game = Game.create(settings, { firstPlayer: 1 });
    while (!game.isOver) turn(game, level, `${label(settings)}, clock still`, random, () => 0);
  }
}

console.log("\nCPU ms per move (median / max, moves timed), default limits:");
const limits = LEVELS.map(
  (level) => `${level} ${LEVEL_LIMITS[level].timeLimitMs} ms or ${LEVEL_LIMITS[level].maxNodes} nodes`,
);
console.log(`  limits: ${limits.join("; ")}`);
const settingNames = [...new Set(LEVELS.flatMap((level) => [...(costs.get(level) as Map<string, number[]>).keys()]))];
const width = Math.max(...settingNames.map((name) => name.length), 8);
console.log(`  ${"setting".padEnd(width)}  ${LEVELS.map((level) => level.padStart(22)).join("")}`);
const cell = (list: readonly number[] | undefined) =>
  list
    ? `${median(list).toFixed(2)} / ${Math.max(...list).toFixed(1)} (${list.length})`.padStart(22)
    : "-".padStart(22);
for (const name of settingNames) {
  console.log(`  ${name.padEnd(width)}  ${LEVELS.map((level) => cell(costs.get(level)?.get(name))).join("")}`);
}
const all = (level: Level) => [...(costs.get(level) as Map<string, number[]>).values()].flat();
console.log(`  ${"all".padEnd(width)}  ${LEVELS.map((level) => cell(all(level))).join("")}`);

function captureFigures(tallies: Partial<Record<Level, Tally>>) {
  return Object.fromEntries(
    LEVELS.map((level) => {
      const tally = tallies[level] as Tally;
      return [
        level,
        {
          winRate: round(tally.wins / tally.games),
          ci: tally.ci.map((bound) => round(bound)),
          draws: tally.draws,
          margin: round(tally.margin ?? 0),
        },
      ];
    }),
  );
}

const played = (tallies: Partial<Record<Level, Tally>>) => LEVELS.filter((level) => tallies[level]);
const rate = (tallies: Partial<Record<Level, Tally>>) =>
  Object.fromEntries(
    played(tallies).map((level) => [level, round((tallies[level] as Tally).wins / (tallies[level] as Tally).games)]),
  );
const interval = (tallies: Partial<Record<Level, Tally>>) =>
  Object.fromEntries(
    played(tallies).map((level) => [level, (tallies[level] as Tally).ci.map((bound) => round(bound))]),
  );
/** The matches against a stronger opponent: win rate and interval per level, by number of players. */
const againstStronger = (opponent: string) =>
  Object.fromEntries(
    ([2, 3, 6] as const).map((players) => [
      `${players}p`,
      { rate: rate(stronger[opponent][players]), ci: interval(stronger[opponent][players]) },
    ]),
  );
console.log(
  JSON.stringify({
    solo: { easy: solo.easy, normal: solo.normal, strong: solo.strong, master: solo.master, beam: solo.beam },
    vsGreedy2p: rate(race[2]),
    msPerMove: Object.fromEntries(
      LEVELS.map((level) => [level, { median: round(median(all(level))), max: round(Math.max(...all(level))) }]),
    ),
    soloGreedy: solo.greedy,
    vsGreedy2pCI: interval(race[2]),
    vsGreedy3p: rate(race[3]),
    vsGreedy3pCI: interval(race[3]),
    vsGreedy6p: rate(race[6]),
    vsGreedy6pCI: interval(race[6]),
    vsBeam: againstStronger("beam"),
    vsStrong: againstStronger("strong"),
    capture: captureFigures(capture[2]),
    capture3p: captureFigures(capture[3]),
    msPerMoveBySetting: Object.fromEntries(
      LEVELS.map((level) => [
        level,
        Object.fromEntries(
          [...(costs.get(level) as Map<string, number[]>)].map(([name, list]) => [
            name,
            { median: round(median(list)), max: round(Math.max(...list)), moves: list.length },
          ]),
        ),
      ]),
    ),
    games: GAMES,
    seed: SEED,
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
    date: new Date().toISOString(),
  }),
);
