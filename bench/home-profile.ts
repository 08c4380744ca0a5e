import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { API, UI } from '@rushes/shared';
import { DEMO, startServer } from './web.ts';

/**
 * Where the logged-in home's first visit spends the main thread before its largest paint:
 * a sampling CPU profile (Chromium's Profiler, 100 µs) of BENCH_PROFILE_ROUNDS (5) first visits
 * of home by the demo producer, from navigation until the My Projects tray shows a card, mapped
 * through the build's source maps to packages and to our files. Also prints the LCP element of
 * each visit. `npm run bench -- home-profile`. A profile, not a measure of speed: its figures are
 * shares of the samples, to say what to cut next.
 */
const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** 'react-dom', '@mantine/core', 'src/features/home/HomePage.tsx', '(garbage collector)'… */
function bucketOf(node: ProfileNode, maps: Map<string, SourceMapConsumer | null>, dist: string): string {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  if (!url) return functionName || '(native)';
  const file = new URL(url).pathname;
  if (!file.startsWith('/assets/')) return file;
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  if (!map) return file;
  const source = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source ?? file;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const ours = /(apps\/web\/src\/.*|packages\/shared\/src\/.*)$/.exec(source);
  return ours ? ours[1] : source;
}

export async function run() {
  const rounds = Math.max(5, Number(process.env.BENCH_PROFILE_ROUNDS ?? 5));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-profile-'));
  const dist = path.join(tmp, 'dist');
  execFileSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--sourcemap', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'ignore',
    },
  );
  const app = await startServer(dist);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const totals = new Map<string, number>();
  let sampled = 0;
  const maps = new Map<string, SourceMapConsumer | null>();
  try {
    for (let i = 0; i <= rounds; i++) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
      const login = await context.request.post(`${app.url}${API.auth.login}`, {
        headers: { 'api-type': 'web', 'api-version': '1' },
        data: DEMO,
      });
      if (!login.ok()) throw new Error(`login answered ${login.status()}`);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: string[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; size: number })[]) {
            const el = e.element;
            w.__lcp.push(
              `${Math.round(e.startTime)} ms ${e.size}px² <${el?.tagName.toLowerCase()} class="${el?.className}"> ${(el?.textContent ?? '').slice(0, 40)}`,
            );
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(`${app.url}/`);
      await page
        .getByRole('region', { name: UI.trayMyProjects })
        .or(page.getByText(UI.trayMyProjects))
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);
      await context.close();
      if (i === 0) continue; // warm-up: Chromium's and the server's first-run costs
      console.log(`  round ${i}: LCP entries ${lcp.join(' | ')}`);
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const bucketById = new Map<number, string>();
      profile.samples.forEach((id, k) => {
        let bucket = bucketById.get(id);
        if (bucket === undefined) {
          bucket = bucketOf(byId.get(id) as ProfileNode, maps, dist);
          bucketById.set(id, bucket);
        }
        const us = profile.timeDeltas[k] ?? 0;
        totals.set(bucket, (totals.get(bucket) ?? 0) + us);
        sampled += us;
      });
    }
    const busy = [...totals].filter(([b]) => b !== '(idle)' && b !== '(program)');
    const busyTotal = busy.reduce((n, [, us]) => n + us, 0);
    console.log(
      `\nhome first visit, ${rounds} rounds: main thread busy ${(busyTotal / rounds / 1000).toFixed(0)} ms a visit of ${(sampled / rounds / 1000).toFixed(0)} ms sampled; self time by package or file:`,
    );
    for (const [bucket, us] of busy.sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(
        `  ${((us / busyTotal) * 100).toFixed(1).padStart(5)} %  ${(us / rounds / 1000).toFixed(1).padStart(6)} ms  ${bucket}`,
      );
    }
  } finally {
    await browser.close();
    app.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}
