/**
 * npm run -s perft -- [--players N] [--colours K] [--pieces 10|15] [--long-jump] [--capture] [--moves "m1 m2 …"] DEPTH
 * Counts the leaf move sequences of DEPTH plies and prints JSON as its last line.
 */
import { parseArgs } from "node:util";
import { Game, parseMove, perft, RulesError } from "../src/rules/index.ts";

const usage =
  'usage: npm run -s perft -- [--players N] [--colours K] [--pieces 10|15] [--long-jump] [--capture] [--moves "m1 m2 …"] DEPTH';

try {
  const { values, positionals } = parseArgs({
    options: {
      players: { type: "string", default: "2" },
      colours: { type: "string", default: "1" },
      pieces: { type: "string", default: "10" },
      "long-jump": { type: "boolean", default: false },
      capture: { type: "boolean", default: false },
      moves: { type: "string", default: "" },
    },
    allowPositionals: true,
  });
  const depth = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(depth) || depth < 0) throw new Error(usage);
  const game = Game.replay(
    {
      variant: values.capture ? "capture" : "classic",
      players: Number(values.players),
      colours: Number(values.colours) as 1 | 2 | 3,
      pieces: Number(values.pieces) as 10 | 15,
      longJump: values["long-jump"],
    },
    {},
    values.moves.split(/\s+/).filter(Boolean).map(parseMove),
  );
  const start = performance.now();
  const nodes = perft(game.searchPosition, depth);
  const ms = Math.round((performance.now() - start) * 1000) / 1000;
  console.log(JSON.stringify({ depth, nodes, ms }));
} catch (error) {
  console.error(error instanceof RulesError || error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
