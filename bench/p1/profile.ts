import { readFileSync } from 'node:fs';

/**
 * Self time of a V8 .cpuprofile grouped by package (node_modules/<pkg>), our source file, or node
 * internals: `tsx bench/p1/profile.ts <file.cpuprofile> [top]`.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const top = Number(process.argv[3] ?? 25);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const groupOf = (n: Node) => {
  const url = n.callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/apps/') || url.includes('/packages/'))
    return url.replace(/^.*\/(apps|packages)\//, '$1/');
  if (!url) return `(${n.callFrame.functionName || 'program'})`;
  return url.startsWith('node:') ? url : 'other';
};
const groups = new Map<string, number>();
const fns = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  total += us;
  const g = groupOf(n);
  groups.set(g, (groups.get(g) ?? 0) + us);
  const f = `${n.callFrame.functionName || '(anonymous)'} ${g}`;
  fns.set(f, (fns.get(f) ?? 0) + us);
}
const show = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, v]) => console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`));
console.log(`total sampled ${(total / 1e6).toFixed(2)} s\n-- by package / file`);
show(groups);
console.log('-- by function');
show(fns);
