import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { NetworkAnalysis } from 'lighthouse/core/computed/network-analysis.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { NetworkRecords } from 'lighthouse/core/computed/network-records.js';
import { CHROMIUM, sessionCookie, setBrowserCookies } from './lighthouse.ts';
import { startServer, startStatic, vite } from './web.ts';

/**
 * What Lighthouse's LCP waits for on the logged-in home (a profile, not a figure):
 * Lighthouse's LCP is Lantern's simulation of the observed load over the desktop preset's network,
 * and this prints the simulated graph it takes the LCP from — each request and main-thread task with
 * its simulated start and end — and the server time Lantern assumes for every request (the median of
 * the visit's). `npm run bench -- lighthouse-graph`; BENCH_GRAPH_PATH=/login for another page
 * (`static` for bench/lighthouse.ts's static page), BENCH_GRAPH_ROUNDS (default 1), BENCH_GRAPH_TTFB=1
 * for every request's observed time to first byte, BENCH_GRAPH_SERVER_MS=<ms> for the LCP the same
 * graph would have with that server time. The working tree is built and served as in bench/lighthouse.ts.
 */
const root = path.resolve(import.meta.dirname, '..');

interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string; resourceType: string; transferSize: number };
  childEvents?: { name: string; dur?: number; args?: { data?: { url?: string } } }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

export async function run() {
  const target = process.env.BENCH_GRAPH_PATH ?? '/';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-graph-'));
  const app = await startServer(vite(path.join(root, 'apps/web'), path.join(tmp, 'dist')));
  // BENCH_GRAPH_PATH=static: the baseline page of bench/lighthouse.ts, to compare its graph with ours
  const stat = await startStatic();
  const base = target === 'static' ? stat.url : `${app.url}${target}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cookie = await sessionCookie(app.url);
    for (let round = 0; round < Number(process.env.BENCH_GRAPH_ROUNDS ?? 1); round++) {
      await setBrowserCookies(chrome.port, base, target === 'static' ? null : cookie);
      const result = await lighthouse(
        target === 'static' ? `${base}/` : base,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
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
      // The simulator's own options are private; the analysis it is built from is a computed artifact.
      const analysis = (await NetworkAnalysis.request(
        data.devtoolsLog as never,
        context as never,
      )) as unknown as { serverResponseTimeByOrigin: Map<string, number> };
      const serverTime = analysis.serverResponseTimeByOrigin.get(new URL(base).origin) ?? NaN;
      console.log(
        `\nround ${round + 1}: LCP ${lhr.audits['largest-contentful-paint'].numericValue?.toFixed(0)} ms, ` +
          `FCP ${lhr.audits['first-contentful-paint'].numericValue?.toFixed(0)} ms; server time assumed ${serverTime.toFixed(1)} ms`,
      );
      // BENCH_GRAPH_TTFB=1: each request's observed time to first byte, what the assumed server time is the median of
      if (process.env.BENCH_GRAPH_TTFB) {
        const records = (await NetworkRecords.request(
          data.devtoolsLog as never,
          context as never,
        )) as unknown as {
          url: string;
          networkRequestTime: number;
          serverResponseTime?: number;
          timing?: { sendEnd: number; receiveHeadersEnd: number };
        }[];
        for (const r of records)
          if (r.timing)
            console.log(
              `  ttfb ${(r.timing.receiveHeadersEnd - r.timing.sendEnd).toFixed(1).padStart(6)} ms (server ${r.serverResponseTime?.toFixed(1) ?? '–'}) at ${r.networkRequestTime.toFixed(0)} ${r.url.replace(base, '')}`,
            );
      }
      // BENCH_GRAPH_SERVER_MS: the same simulation with that server time instead of the observed median
      if (process.env.BENCH_GRAPH_SERVER_MS) {
        const server = new Map(analysis.serverResponseTimeByOrigin);
        for (const key of server.keys()) server.set(key, Number(process.env.BENCH_GRAPH_SERVER_MS));
        const simulator = (
          Lantern as unknown as {
            Simulation: { Simulator: { createSimulator(o: object): unknown } };
          }
        ).Simulation.Simulator.createSimulator({
          ...lhr.configSettings,
          networkAnalysis: { ...analysis, serverResponseTimeByOrigin: server },
        });
        const what = (await LanternLargestContentfulPaint.request(
          { ...data, simulator } as never,
          { computedCache: new Map() } as never,
        )) as unknown as { timing: number };
        console.log(
          `  with ${process.env.BENCH_GRAPH_SERVER_MS} ms of server time: LCP ${what.timing.toFixed(0)} ms`,
        );
      }
      const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort(
        (a, b) => a[1].startTime - b[1].startTime,
      );
      for (const [node, t] of rows) {
        const what =
          node.type === 'network'
            ? `${node.request!.resourceType} ${(node.request!.transferSize / 1024).toFixed(1)} KB ${node.request!.url.replace(base, '')}`
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
        // what a long task is made of: its longest trace events (µs in the trace)
        if (node.type === 'cpu' && node.endTime - node.startTime > 20_000)
          for (const e of [...node.childEvents!].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8))
            console.log(
              `                     ${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms ${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(base, '') : ''}`,
            );
      }
    }
  } finally {
    chrome.kill();
    app.child.kill('SIGTERM');
    stat.server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
