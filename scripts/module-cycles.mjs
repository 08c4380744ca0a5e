#!/usr/bin/env node
/**
 * Import cycles between server modules (apps/server/src/modules/<m>), counted on the graph of module
 * folders that dependency-cruiser finds (tests and testkits left out: they build worlds across
 * modules). Prints each strongly connected group of modules, and fails when more modules sit in
 * cycles than MAX_MODULES_IN_CYCLES: 0 since teams and projects stopped importing each other, so any
 * new cycle fails (DESIGN §3: a lower module takes a registration from the higher one instead of
 * importing it). Run by `npm run lint:deps`.
 */
import { execFileSync } from 'node:child_process';

const MAX_MODULES_IN_CYCLES = Number(process.env.MAX_MODULES_IN_CYCLES ?? 0);
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const IGNORED = /\.(test|testkit)\.ts$/;

const json = execFileSync(
  'npx',
  ['depcruise', 'apps/server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2, stdio: ['ignore', 'pipe', 'ignore'] },
);
const edges = new Map();
for (const m of JSON.parse(json).modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from || IGNORED.test(m.source)) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1];
    if (to && to !== from) edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const info = new Map();
const groups = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) {
      info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
  }
  if (info.get(v).low === info.get(v).index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const v of edges.keys()) if (!info.has(v)) visit(v);

const inCycles = groups.reduce((n, g) => n + g.length, 0);
for (const g of groups) console.log(`module cycle (${g.length}): ${g.join(', ')}`);
console.log(
  `${groups.length} module cycle group(s), ${inCycles} module(s) in cycles (frozen at ${MAX_MODULES_IN_CYCLES})`,
);
if (inCycles > MAX_MODULES_IN_CYCLES) {
  console.error(
    `More modules sit in import cycles than the frozen ${MAX_MODULES_IN_CYCLES}: break the new cycle.`,
  );
  process.exit(1);
}
