#!/usr/bin/env node
/**
 * node scripts/cpuprofile-summary.mjs FILE.cpuprofile… -- NAME…
 * The time spent inside each named function (inclusive: its callees
 * counted, a recursive call once), summed over the profiles, in ms, and each
 * one's share of the profiles' whole time. For the profiles that
 * `npm run -s loadtest -- --profile P` and `npm run -s bench:wake -- --profile P`
 * write.
 */
import { readFile } from "node:fs/promises";

const split = process.argv.indexOf("--");
if (split < 3 || split === process.argv.length - 1) {
  console.error("usage: node scripts/cpuprofile-summary.mjs FILE.cpuprofile… -- NAME…");
  process.exit(2);
}
const files = process.argv.slice(2, split);
const names = process.argv.slice(split + 1);
const inside = new Map(names.map((name) => [name, 0]));
let total = 0;
for (const file of files) {
  const { nodes, samples, timeDeltas } = JSON.parse(await readFile(file, "utf8"));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map(nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  samples.forEach((id, i) => {
    const us = timeDeltas[i];
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
