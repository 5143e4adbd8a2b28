#!/usr/bin/env node
/**
 * node scripts/cpuprofile-summary.mjs FILE.cpuprofile… -- NAME…
 * The time spent inside each named function (inclusive: its callees
 * counted, a recursive call once), summed over the profiles, in ms, and each
 * one's share of the profiles' whole time. For the profiles that
 * `npm run -s loadtest -- --profile P` and `npm run -s bench:wake -- --profile P`
 * write.
 *
 * A sample stands for the time since the one before, but for at most
 * `MAX_SAMPLE_US`: the sampler samples every quarter of a millisecond or so,
 * and on a loaded machine it is sometimes starved of CPU for up to a quarter
 * of a second, time then charged whole to whatever one sample found running
 * (in one load-test profile, 37 samples of a four-line function came to
 * 0.5 s that way). Capped, a function's share is its share of the samples.
 */
import { readFile } from "node:fs/promises";

const split = process.argv.indexOf("--");
if (split < 3 || split === process.argv.length - 1) {
  console.error("usage: node scripts/cpuprofile-summary.mjs FILE.cpuprofile… -- NAME…");
  process.exit(2);
}
const MAX_SAMPLE_US = 1000;
const files = process.argv.slice(2, split);
const names = process.argv.slice(split + 1);
const inside = new Map(names.map((name) => [name, 0]));
let total = 0;
for (const file of files) {
  const { nodes, samples, timeDeltas } = JSON.parse(await readFile(file, "utf8"));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map(nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  samples.forEach((id, i) => {
    const us = Math.min(timeDeltas[i], MAX_SAMPLE_US);
    total += us;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (inside.has(name) && !seen.has(name)) inside.set(name, inside.get(name) + us);
      seen.add(name);
    }
  });
}
console.log(`${files.length} profile(s), ${(total / 1000).toFixed(0)} ms in all`);
for (const [name, us] of inside) {
  console.log(`${name.padEnd(24)} ${(us / 1000).toFixed(1).padStart(9)} ms  ${((100 * us) / total).toFixed(1)}%`);
}
