import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { API, UI } from '@rushes/shared';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import { median } from './stats.ts';

/**
 * The web first-load goal without Lighthouse (not installed here): what /login and the logged-in home load
 * on a first visit (empty cache) in headless Chromium — JS requests, JS bytes on the wire and
 * decoded (Resource Timing), LCP and CLS (PerformanceObserver) — for the build before this work
 * (BENCH_WEB_BASE, default 0c5bb7e, built from `git archive`), ours (the working tree), and a static
 * page from the same machine, interleaved (static, base, ours) for BENCH_WEB_PAIRS rounds (≥ 5).
 * Both builds are served by the real server (main.ts, PGlite, demo seed with its project).
 */
const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO = { email: 'demo@rushes.local', password: 'Demo-Rushes-2026!' };

/** The build of `ref` in a temp dir: apps/web and packages/shared from git, node_modules linked. */
function buildAt(ref: string, tmp: string): string {
  const src = path.join(tmp, 'src');
  mkdirSync(src, { recursive: true });
  execFileSync(
    'sh',
    ['-c', `git archive ${ref} apps/web packages/shared tsconfig.base.json | tar -x -C ${src}`],
    {
      cwd: root,
    },
  );
  const nm = path.join(src, 'node_modules');
  mkdirSync(path.join(nm, '@rushes'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@rushes' && entry !== '.bin')
      symlinkSync(path.join(root, 'node_modules', entry), path.join(nm, entry));
  }
  symlinkSync('../../packages/shared', path.join(nm, '@rushes', 'shared'));
  // The workspace's own dependencies (@vitejs/plugin-react).
  symlinkSync(path.join(root, 'apps/web/node_modules'), path.join(src, 'apps/web/node_modules'));
  return vite(path.join(src, 'apps/web'), path.join(tmp, 'dist'));
}

export function vite(webDir: string, outDir: string): string {
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: webDir,
    stdio: 'ignore',
  });
  return outDir;
}

/** The built app served by the real server: on PGlite, or on the PostgreSQL database of `databaseUrl`. */
export async function startServer(
  webDist: string,
  databaseUrl?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-web-data-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST: webDist,
      DEMO_SEED_PROJECT: 'true',
      RATE_LIMIT: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: 'ignore',
  });
  // PGlite migrations and tsx take minutes on a loaded 2-core machine
  for (const deadline = Date.now() + 600_000; ;) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (
      await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, child };
}

/** A static page with the same kind of largest paint (a heading and a line of text). */
export function startStatic(): Promise<{ url: string; server: http.Server }> {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Rushes</title></head><body style="font-family:sans-serif"><h1>Rushes</h1><p>Log in to your account to continue.</p></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://localhost:${(server.address() as net.AddressInfo).port}`, server }),
    ),
  );
}

interface Load {
  jsRequests: number;
  jsWire: number;
  jsDecoded: number;
  requests: number;
  lcp: number;
  cls: number;
}

/** One first visit (fresh context, so an empty cache), measured once the network is idle. */
async function visit(context: BrowserContext, url: string, ready: string | null): Promise<Load> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) await page.getByText(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const load = await page.evaluate(
    () =>
      new Promise<Load>((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const js = res.filter((r) => r.initiatorType === 'script' || /\.js(\?|$)/.test(r.name));
          resolve({
            jsRequests: js.length,
            jsWire: js.reduce((n, r) => n + r.encodedBodySize, 0),
            jsDecoded: js.reduce((n, r) => n + r.decodedBodySize, 0),
            requests: res.length + 1,
            lcp,
            cls,
          });
        }, 300);
      }),
  );
  await page.close();
  return load;
}

async function loggedIn(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const res = await context.request.post(`${url}${API.auth.login}`, {
    headers: { 'api-type': 'web', 'api-version': '1' },
    data: DEMO,
  });
  if (!res.ok()) throw new Error(`login answered ${res.status()}`);
  return context;
}

export async function run() {
  const pairs = Math.max(5, Number(process.env.BENCH_WEB_PAIRS ?? 5));
  const baseRef = process.env.BENCH_WEB_BASE ?? '0c5bb7e';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-web-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const servers: ChildProcess[] = [];
  const stat = await startStatic();
  try {
    const dists = {
      base: buildAt(baseRef, path.join(tmp, 'base')),
      ours: vite(path.join(root, 'apps/web'), path.join(tmp, 'ours')),
    };
    const base = await startServer(dists.base);
    const ours = await startServer(dists.ours);
    servers.push(base.child, ours.child);
    const results: Record<string, Load[]> = {};
    const add = (k: string, l: Load) => (results[k] ??= []).push(l);
    const fresh = () => browser.newContext({ viewport: { width: 1350, height: 940 } });
    for (let i = 0; i < pairs; i++) {
      for (const [name, target] of [
        ['static', stat.url],
        ['base', base.url],
        ['ours', ours.url],
      ] as const) {
        const ctx = await fresh();
        add(
          `${name} /login`,
          await visit(
            ctx,
            `${target}${name === 'static' ? '/' : '/login'}`,
            name === 'static' ? null : UI.logIn,
          ),
        );
        await ctx.close();
        if (name === 'static') continue;
        const home = await loggedIn(browser, target);
        add(`${name} home`, await visit(home, `${target}/`, UI.trayMyProjects));
        await home.close();
      }
      console.log(`  round ${i + 1} done (load ${os.loadavg()[0].toFixed(1)})`);
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const spread = (xs: number[], f: (n: number) => string) =>
      `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
    console.log(
      `\nweb: first visit, ${pairs} interleaved rounds, base ${baseRef} vs ours (working tree) vs a static page`,
    );
    for (const [k, loads] of Object.entries(results)) {
      const col = (f: (l: Load) => number) => loads.map(f);
      console.log(
        `  ${k.padEnd(13)} JS ${median(col((l) => l.jsRequests))} requests of ${median(col((l) => l.requests))}, ${kb(median(col((l) => l.jsWire)))} on the wire, ${kb(median(col((l) => l.jsDecoded)))} decoded; LCP ${spread(
          col((l) => l.lcp),
          (n) => `${n.toFixed(0)} ms`,
        )}; CLS ${spread(
          col((l) => l.cls),
          (n) => n.toFixed(3),
        )}`,
      );
    }
    const ratio = (a: string, b: string, f: (l: Load) => number) => {
      const xs = results[a].map((l, i) => f(l) / f(results[b][i]));
      return `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    };
    console.log(
      `  ours/base JS on the wire: /login ${ratio('ours /login', 'base /login', (l) => l.jsWire)}, home ${ratio('ours home', 'base home', (l) => l.jsWire)}`,
    );
    console.log(
      `  LCP ours/base: /login ${ratio('ours /login', 'base /login', (l) => l.lcp)}, home ${ratio('ours home', 'base home', (l) => l.lcp)}`,
    );
    console.log(
      `  LCP / static page's: base /login ${ratio('base /login', 'static /login', (l) => l.lcp)}, ours /login ${ratio('ours /login', 'static /login', (l) => l.lcp)}, base home ${ratio('base home', 'static /login', (l) => l.lcp)}, ours home ${ratio('ours home', 'static /login', (l) => l.lcp)}`,
    );
  } finally {
    await browser.close();
    stat.server.close();
    for (const c of servers) c.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}
