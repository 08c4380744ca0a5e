import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { API } from '@rushes/shared';
import { median } from './stats.ts';
import { recreateDatabase } from './chat-setup.ts';
import { DEMO, startServer, startStatic, vite } from './web.ts';

/**
 * The web first-load goal measured with Lighthouse itself (the `lighthouse` package, desktop preset: simulated
 * 10 Mbit/s, 40 ms RTT, no CPU slowdown) driving Debian's Chromium headless: LCP, TBT, CLS, FCP of
 * a static page, /login and the logged-in home (the demo producer's session cookie sent as a
 * header), interleaved (static, /login, home) for BENCH_WEB_PAIRS rounds (≥ 5). The web app is the
 * working tree, built here and served by the real server (main.ts, PGlite, demo seed with its
 * project), the static page by a bare node:http server on the same machine.
 */
const root = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Audit {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  score: number;
}

/** One Lighthouse run; a run whose trace Chromium lost (NO_NAVSTART on a loaded machine) is retried. */
async function audit(port: number, url: string, cookie: string | null, attempt = 1): Promise<Audit> {
  try {
    return await auditOnce(port, url, cookie);
  } catch (err) {
    if (attempt >= 3) throw err;
    console.log(`  retry ${url}: ${(err as Error).message}`);
    return audit(port, url, cookie, attempt + 1);
  }
}

async function auditOnce(port: number, url: string, cookie: string | null): Promise<Audit> {
  await setBrowserCookies(port, url, cookie);
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    desktopConfig,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  // a logged-in visit that ended elsewhere (the login page) measured the wrong page
  if (!lhr.runtimeError && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  // BENCH_LIGHTHOUSE_DUMP=<dir> keeps each report, to read what the LCP waited for
  const dump = process.env.BENCH_LIGHTHOUSE_DUMP;
  if (dump)
    writeFileSync(
      path.join(dump, `${new URL(url).pathname.replace(/\W/g, '_')}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lcp: num('largest-contentful-paint'),
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    score: (lhr.categories.performance?.score ?? NaN) * 100,
  };
}

/**
 * The browser's cookies for the next visit: all cleared, then `cookie` (name=value; …) set for the
 * visited host. Lighthouse keeps cookies between runs, and a cookie the page itself set (the selected
 * team's) would replace a Cookie header given as an extra header: the session must be the browser's.
 */
export async function setBrowserCookies(port: number, url: string, cookie: string | null) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const mine = ++id;
      ws.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id: number; error?: { message: string } };
        if (answer.id !== mine) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      };
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await send('Storage.clearCookies', {});
    if (cookie) {
      const domain = new URL(url).hostname;
      const cookies = cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), domain, path: '/', httpOnly: true };
      });
      await send('Storage.setCookies', { cookies });
    }
  } finally {
    ws.close();
  }
}

/** The demo producer's session cookie (name=value), from the login answer. */
export async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(`${url}${API.auth.login}`, {
    method: 'POST',
    headers: { 'api-type': 'web', 'api-version': '1', 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.length) throw new Error('login set no cookie');
  return cookies.join('; ');
}

export async function run() {
  const pairs = Math.max(5, Number(process.env.BENCH_WEB_PAIRS ?? 5));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-lighthouse-'));
  const stat = await startStatic();
  const dist = vite(path.join(root, 'apps/web'), path.join(tmp, 'dist'));
  // BENCH_LIGHTHOUSE_DATABASE_URL: the server on PostgreSQL (that database recreated), as production runs
  const databaseUrl = process.env.BENCH_LIGHTHOUSE_DATABASE_URL;
  if (databaseUrl) await recreateDatabase(databaseUrl);
  console.log(`lighthouse: the server on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  const app = await startServer(dist, databaseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const cookie = await sessionCookie(app.url);
    const pages = [
      ['static', `${stat.url}/`, null],
      ['/login', `${app.url}/login`, null],
      ['home', `${app.url}/`, cookie],
    ] as const;
    // one warm-up visit each (Chromium's and the server's first-run costs), not counted
    for (const [, url, c] of pages) await audit(chrome.port, url, c);
    const results: Record<string, Audit[]> = {};
    for (let i = 0; i < pairs; i++) {
      for (const [name, url, c] of pages) (results[name] ??= []).push(await audit(chrome.port, url, c));
      console.log(`  round ${i + 1} done (load ${os.loadavg()[0].toFixed(1)})`);
    }
    const spread = (xs: number[], f: (n: number) => string) =>
      `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(`\nlighthouse (desktop preset): ${pairs} interleaved rounds, medians (min–max)`);
    for (const [name, runs] of Object.entries(results)) {
      const col = (k: keyof Audit) => runs.map((r) => r[k]);
      console.log(
        `  ${name.padEnd(7)} LCP ${spread(col('lcp'), ms)}; FCP ${spread(col('fcp'), ms)}; TBT ${spread(col('tbt'), ms)}; CLS ${spread(col('cls'), (n) => n.toFixed(3))}; score ${spread(col('score'), (n) => n.toFixed(0))}`,
      );
    }
    const ratio = (page: string) => {
      const xs = results[page].map((r, i) => r.lcp / results.static[i].lcp);
      return `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    };
    console.log(`  LCP / the static page's, per round: /login ${ratio('/login')}, home ${ratio('home')}`);
  } finally {
    chrome.kill();
    stat.server.close();
    app.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}
