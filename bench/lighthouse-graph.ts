import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { CHROMIUM, sessionCookie } from './lighthouse.ts';
import { startServer, vite } from './web.ts';

/**
 * What Lighthouse's LCP waits for on the logged-in home (issue 22, P8; a profile, not a figure):
 * Lighthouse's LCP is Lantern's simulation of the observed load over the desktop preset's network,
 * and this prints the simulated graph it takes the LCP from — each request and main-thread task with
 * its simulated start and end — and the server time Lantern assumes for every request (the median of
 * the visit's). `npm run bench -- lighthouse-graph`; BENCH_GRAPH_PATH=/login for another page,
 * BENCH_GRAPH_ROUNDS (default 1). The working tree is built and served as in bench/lighthouse.ts.
 */
const root = path.resolve(import.meta.dirname, '..');

interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string; resourceType: string; transferSize: number };
  childEvents?: { name: string }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

export async function run() {
  const target = process.env.BENCH_GRAPH_PATH ?? '/';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-graph-'));
  const app = await startServer(vite(path.join(root, 'apps/web'), path.join(tmp, 'dist')));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cookie = await sessionCookie(app.url);
    for (let round = 0; round < Number(process.env.BENCH_GRAPH_ROUNDS ?? 1); round++) {
      const result = await lighthouse(
        `${app.url}${target}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: { Cookie: cookie },
        },
        desktopConfig,
      );
      if (!result || result.lhr.runtimeError) {
        console.log(`round ${round + 1}: no result (${result?.lhr.runtimeError?.message ?? 'none'})`);
        continue;
      }
      const { artifacts, lhr } = result as unknown as {
        artifacts: Record<string, unknown>;
        lhr: typeof result.lhr;
      };
      const data = {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings: lhr.configSettings,
        URL: artifacts.URL,
        SourceMaps: artifacts.SourceMaps,
        HostDPR: artifacts.HostDPR,
        simulator: null,
      };
      const context = { computedCache: new Map() };
      const lcp = (await LanternLargestContentfulPaint.request(
        data as never,
        context as never,
      )) as unknown as {
        pessimisticEstimate: Estimate;
      };
      const simulator = (await LoadSimulator.request(data as never, context as never)) as unknown as {
        _options: { serverResponseTimeByOrigin: Map<string, number> };
      };
      const serverTime = simulator._options.serverResponseTimeByOrigin.get(app.url) ?? NaN;
      console.log(
        `\nround ${round + 1}: LCP ${lhr.audits['largest-contentful-paint'].numericValue?.toFixed(0)} ms, ` +
          `FCP ${lhr.audits['first-contentful-paint'].numericValue?.toFixed(0)} ms; server time assumed ${serverTime.toFixed(1)} ms`,
      );
      const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort(
        (a, b) => a[1].startTime - b[1].startTime,
      );
      for (const [node, t] of rows) {
        const what =
          node.type === 'network'
            ? `${node.request!.resourceType} ${(node.request!.transferSize / 1024).toFixed(1)} KB ${node.request!.url.replace(app.url, '')}`
            : `main thread ${(node.endTime - node.startTime) / 1000 > 0 ? ((node.endTime - node.startTime) / 1000).toFixed(1) : '0'} ms ` +
              [...new Set(node.childEvents!.map((e) => e.name))]
                .filter((n) =>
                  /^(Layout|Paint|ParseHTML|EvaluateScript|v8\.evaluateModule|FunctionCall|DocumentLoader::CommitNavigation)$/.test(
                    n,
                  ),
                )
                .join(', ');
        console.log(
          `  ${t.startTime.toFixed(0).padStart(5)} → ${t.endTime.toFixed(0).padStart(5)} ms  ${what}`,
        );
      }
    }
  } finally {
    chrome.kill();
    app.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}
