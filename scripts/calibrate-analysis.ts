/**
 * npm run -s calibrate:analysis -- [--pieces 10|15] [--long] [--games N]
 *
 * How the game analysis's estimate of moves to finish (src/bots/analysis.ts,
 * `CALIBRATION`) was fitted, for one number of pieces and kind of jump:
 * N two-player games (default 2) of the computer players (strong against
 * greedy, strong against strong, normal against easy, easy against greedy,
 * in turn; two random opening moves), and every third position of the colour
 * that just moved: its measure (`tipCosts` squared, summed over its pieces)
 * and the moves the strong level takes to finish from there alone on the
 * board (`raceStep`, replanning every move). Fits `moves = scale *
 * (measure - the goal's own measure) ^ power` by least squares on the logs,
 * then prints the mean absolute error of the estimate against those moves
 * for a few shapes of the estimate's search (width W, depth k; W0 k0: the
 * fit alone), and a sample of (measure, moves, fit).
 */
import { parseArgs } from "node:util";
import { budget } from "../src/bots/budget.ts";
import { raceStep } from "../src/bots/computer.ts";
import { tipCosts } from "../src/bots/evaluation.ts";
import { computerMove, greedyMove } from "../src/bots/index.ts";
import { afterMove, hasFinished, OWN, type RaceBoard } from "../src/bots/race-board.ts";
import { searchRace } from "../src/bots/race-search.ts";
import { playRandomTurn, seededRandom } from "../src/bots/random.ts";
import { Game, goalHoles, HOLE_COUNT, type Hole, type Point } from "../src/rules/index.ts";

const { values } = parseArgs({
  options: {
    pieces: { type: "string", default: "10" },
    long: { type: "boolean", default: false },
    games: { type: "string", default: "2" },
  },
});
const pieces = Number(values.pieces) as 10 | 15;
const longJump = values.long;
const games = Number(values.games);
if ((pieces !== 10 && pieces !== 15) || !Number.isInteger(games) || games < 1) {
  console.error("usage: npm run -s calibrate:analysis -- [--pieces 10|15] [--long] [--games N]");
  process.exit(1);
}

function solo(ps: readonly Hole[], goal: readonly Hole[]): RaceBoard {
  const cells = new Uint8Array(HOLE_COUNT);
  for (const h of ps) cells[h] = OWN;
  return { cells, pieces: [...ps].sort((a, b) => a - b), goal, longJump, recent: new Map(), colours: 1 };
}
function reference(ps: readonly Hole[], goal: readonly Hole[]): number {
  let board = solo(ps, goal);
  let n = 0;
  while (!hasFinished(board) && n < 150) {
    const step = raceStep(board, { level: "strong", now: () => 0 });
    if (!step) break;
    board = afterMove(board, step.from, step.to);
    n++;
  }
  return n;
}
const samples: { colour: Point; pieces: Hole[]; R: number; V: number }[] = [];
for (let g = 0; g < games; g++) {
  const game = Game.create({ players: 2, pieces, longJump });
  const random = seededRandom(g + 1);
  playRandomTurn(game, random);
  playRandomTurn(game, random);
  const kinds = [
    ["strong", "greedy"],
    ["strong", "strong"],
    ["normal", "easy"],
    ["easy", "greedy"],
  ][g % 4];
  let ply = 0;
  while (!game.isOver && ply < 400) {
    const turn = game.turn;
    if (!turn) break;
    const kind = kinds[turn.player];
    const a =
      kind === "greedy"
        ? greedyMove(game)
        : computerMove(game, { level: kind as "strong", maxNodes: 8000, now: () => 0, random });
    if (a) game.commit(a);
    else game.play("pass");
    ply++;
    if (ply % 3 === 0 && turn.colour) {
      const colour = turn.colour;
      const ps = game.board().flatMap((o, h) => (o === colour ? [h] : []));
      const goal = goalHoles(colour, pieces);
      const costs = tipCosts(goal, 2);
      const V = ps.reduce((s, h) => s + costs[h], 0);
      samples.push({ colour, pieces: ps, R: reference(ps, goal), V });
    }
  }
}
const goal0 = goalHoles("N", pieces);
const c0 = tipCosts(goal0, 2);
const Vg = goal0.reduce((s, h) => s + c0[h], 0);
console.log(`samples ${samples.length}, the goal measure ${Vg}`);
// Fit R ≈ a * (V - Vg)^p by least squares on logs (R > 0).
const pts = samples.filter((s) => s.R > 0 && s.V > Vg);
const xs = pts.map((s) => Math.log(s.V - Vg));
const ys = pts.map((s) => Math.log(s.R));
const mx = xs.reduce((a, b) => a + b) / xs.length;
const my = ys.reduce((a, b) => a + b) / ys.length;
const p = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
const a = Math.exp(my - p * mx);
console.log(JSON.stringify({ pieces, longJump, Vg, a, p, n: pts.length }));
const g = (V: number) => (V <= Vg ? 0 : a * (V - Vg) ** p);
for (const [W, k] of [
  [0, 0],
  [10, 3],
  [20, 4],
  [20, 6],
  [40, 6],
]) {
  let err = 0;
  let nodes = 0;
  const t = performance.now();
  for (const s of samples) {
    const goal = goalHoles(s.colour, pieces);
    let E: number;
    if (W === 0) E = g(s.V);
    else {
      const board = solo(s.pieces, goal);
      if (hasFinished(board)) E = 0;
      else {
        const r = searchRace(
          board,
          tipCosts(goal, 2),
          { width: W, depth: k },
          budget(() => 0, Infinity, 1e7),
        );
        if (!r) throw new Error("no move");
        nodes += r.nodes;
        E = r.finishes ? r.depth : r.depth + g(r.value);
      }
    }
    err += Math.abs(E - s.R);
  }
  console.log(
    `W${W} k${k}: mean abs error ${(err / samples.length).toFixed(2)}, nodes/estimate ${(nodes / samples.length).toFixed(0)}, ${((performance.now() - t) / samples.length).toFixed(2)} ms`,
  );
}
// Table for eyeballing
const sorted = [...samples].sort((x, y) => x.V - y.V);
const step = Math.max(1, Math.floor(sorted.length / 15));
console.log(
  sorted
    .filter((_, i) => i % step === 0)
    .map((s) => `${s.V}:${s.R}:${g(s.V).toFixed(1)}`)
    .join(" "),
);
