import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { API, GRID_PAGE_SIZE, ASSET_PAGE_SIZE } from '@rushes/shared';
import { person, project } from '../apps/server/test/factories.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { createBlobStore } from '../apps/server/src/platform/blobs/index.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { interleave, median } from './stats.ts';
import { recreateDatabase } from './chat-setup.ts';
import { DEMO, startServer, vite } from './web.ts';

/**
 * The grid view's two goals (issue 39).
 *
 * Server: the first page of GRID_PAGE_SIZE cards over a project of BENCH_GRID_ROWS (100,000) assets
 * at its root, each a video with a thumbnail, a duration and a sprite sheet (the grid's full card),
 * through the real route (app.inject: session, policy, keyset query, stacks, presenting, envelope),
 * on the PostgreSQL of DATABASE_URL (a scratch database the test harness makes and drops) or PGlite
 * without it. Baseline in the same run: the list's first page (ASSET_PAGE_SIZE rows). Each sample is
 * the median of BENCH_GRID_REQUESTS (30) requests; BENCH_GRID_PAIRS (7) interleaved pairs.
 *
 * Chromium: the built web app on the real server (main.ts on BENCH_GRID_DATABASE_URL, recreated),
 * the demo project holding BENCH_GRID_CARDS (10,000) assets, the grid chosen, the window scrolled
 * from top to the last card at BENCH_GRID_SPEED (12,000) px/s, a fling, while a PerformanceObserver
 * counts long tasks (> 50 ms); keyset pages load on the way. Then BENCH_GRID_SLOW_SPEED (3,000) px/s,
 * a person dragging the scrollbar or turning the wheel, for BENCH_GRID_SLOW_SECONDS (20 s) from the
 * top. Every card's thumbnail is real: one small JPEG (ffmpeg's test picture, 320x180) in the
 * server's blob store, the key of every seeded asset, so each card asks the server for its own URL
 * and gets an image to decode, as a project of videos would. BENCH_GRID_ROUNDS (5) fresh pages each.
 * BENCH_GRID_PART=chromium or =server runs one part; BENCH_GRID_WEB_DIST serves a web build made elsewhere.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const spread = (xs: number[], digits = 1) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

/** The one picture every seeded asset has as its thumbnail (the server part never reads it). */
const THUMBNAIL_KEY = 'bench/thumbnail.jpg';

/** The SELECT of `n` video assets of a project's root, as a card has them: poster, duration, sprite. */
const seedAssets = (n: number) => `
  insert into assets (project_id, title, file_type, folder_path, ingest_code, search_text, size_bytes,
    status, duration_seconds, thumbnail_key, sprite_key, sprite_info)
  select $1, 'clip_' || lpad(g::text, 6, '0') || '.mov', 'video', '/', 'GB' || g, 'clip_' || g, 1000000, 1,
    12.5 + (g % 600), '${THUMBNAIL_KEY}', 'sprites/bench-' || g || '.jpg',
    '{"cols":10,"rows":10,"count":100,"tileWidth":160,"tileHeight":90,"intervalSeconds":1}'::jsonb
  from generate_series(1, ${n}) g`;

async function serverFirstPage() {
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  try {
    const rows = Number(process.env.BENCH_GRID_ROWS ?? 100_000);
    const perSample = Number(process.env.BENCH_GRID_REQUESTS ?? 30);
    const pairs = Math.max(5, Number(process.env.BENCH_GRID_PAIRS ?? 7));
    const owner = await person(t);
    const projectId = await project(t, owner);
    const started = performance.now();
    await t.ctx.db.execute(sql.raw(seedAssets(rows).replace('$1', `'${projectId}'`)));
    await t.ctx.db.execute(sql`analyze`);
    console.log(
      `\ngrid, server (${t.database.kind}, ${rows.toLocaleString('en')} assets at a project's root): ` +
        `made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const firstPage = (n: number) => async () => {
      const res = await t.call<{ items: unknown[]; total_entries: number }>('GET', API.assets.root, {
        cookie: owner.cookie,
        query: { project_db_id: projectId, entries_per_page: String(n) },
      });
      if (res.status !== 200 || res.body.data.items.length !== n || res.body.data.total_entries !== rows)
        throw new Error(`first page of ${n}: ${res.status} ${res.body.errormessage}`);
    };
    const sample = (fn: () => Promise<void>) => async () => {
      const times: number[] = [];
      for (let i = 0; i < perSample; i++) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
      return median(times);
    };
    const list = firstPage(ASSET_PAGE_SIZE);
    const grid = firstPage(GRID_PAGE_SIZE);
    for (let i = 0; i < 10; i++) await list().then(grid); // warm-up
    const r = await interleave(pairs, sample(list), sample(grid));
    console.log(`  list first page (${ASSET_PAGE_SIZE} rows), ms: ${spread(r.baseline, 2)}`);
    console.log(
      `  grid first page (${GRID_PAGE_SIZE} cards), ms: ${spread(r.ours, 2)}   (goal <= 200 ms; ratio grid/list ${spread(r.ratios, 2)})`,
    );
  } finally {
    await t.close();
  }
}

interface Scroll {
  seconds: number;
  longTasks: number;
  longestMs: number;
  frames: number;
  cardsInDom: number;
  /** thumbnails asked for during the scroll, and how many of them failed */
  images: number;
  imagesFailed: number;
}

const lastTitle = (cards: number) => `clip_${String(cards).padStart(6, '0')}.mov`;

/**
 * In the page: scroll the window at `speed` px/s, one step per frame, until the last card is on
 * screen; then the long tasks seen since the start.
 */
const SCROLL = `(lastTitle, speed, maxSeconds) => new Promise((resolve, reject) => {
  const grid = document.querySelector('[role="grid"]');
  const start = performance.now();
  let last = start;
  let frames = 0;
  const step = (now) => {
    frames++;
    window.scrollBy(0, (speed * (now - last)) / 1000);
    last = now;
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    const cards = document.querySelectorAll('[role="gridcell"]');
    if (
      (atEnd && cards[cards.length - 1]?.getAttribute('aria-label') === lastTitle) ||
      now - start >= maxSeconds * 1000
    ) {
      const tasks = window.longTasks.filter((t) => t.start >= start);
      const images = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'img' && e.startTime >= start);
      resolve({
        seconds: (now - start) / 1000,
        longTasks: tasks.length,
        longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
        frames,
        cardsInDom: cards.length,
        images: images.length,
        imagesFailed: images.filter((e) => e.responseStatus >= 400).length,
      });
    } else if (now - start > 300000) reject(new Error('stuck after ' + grid.getAttribute('aria-rowcount') + ' rows'));
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/** One fresh page: open the project in the grid, scroll to the last card (or for `maxSeconds`), count long tasks. */
async function scrollOnce(
  browser: Browser,
  url: string,
  projectId: string,
  cards: number,
  speed: number,
  maxSeconds: number,
) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  try {
    const headers = { 'api-type': 'web', 'api-version': '1' };
    const login = await context.request.post(`${url}${API.auth.login}`, { headers, data: DEMO });
    if (!login.ok()) throw new Error(`login answered ${login.status()}`);
    const view = await context.request.put(`${url}${API.assets.view}`, {
      headers,
      data: { view: 'grid', card_size: 220 },
    });
    if (!view.ok()) throw new Error(`view answered ${view.status()}`);
    const page = await context.newPage();
    await page.addInitScript(`
      performance.setResourceTimingBufferSize(100000);
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    `);
    await page.goto(`${url}/project/${projectId}`);
    await page.getByRole('gridcell').first().waitFor({ timeout: 60_000 });
    // a string, not a function: tsx's helpers (__name) do not exist in the page
    return (await page.evaluate(
      `(${SCROLL})(${JSON.stringify(lastTitle(cards))}, ${speed}, ${maxSeconds})`,
    )) as Scroll;
  } finally {
    await context.close();
  }
}

/** One JPEG, ffmpeg's test picture, as the fs blob store the server reads keeps it. */
async function storeThumbnail(root: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-thumb-')), 'thumb.jpg');
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180', '-frames:v', '1', file,
  ]); // prettier-ignore
  const blobs = createBlobStore({ driver: 'fs', root, secret: 'bench-grid-'.padEnd(32, 'x') });
  await blobs.putObject(THUMBNAIL_KEY, readFileSync(file), { contentType: 'image/jpeg' });
}

function report(cards: number, rounds: number, speed: number, seconds: number, results: Scroll[]) {
  const perSecond = results.map((r) => r.longTasks / r.seconds);
  const what = seconds < 300 ? `for ${seconds} s from the top` : 'top to bottom';
  console.log(
    `\ngrid, Chromium: ${cards.toLocaleString('en')} cards scrolled ${what} at ${speed} px/s, ${rounds} fresh pages`,
  );
  console.log(`  long tasks (> 50 ms) per second: ${spread(perSecond, 2)}   (goal <= 1/s)`);
  const line = (label: string, values: number[], digits: number) =>
    console.log(`  ${label}: ${spread(values, digits)}`);
  line(
    'long tasks per scroll',
    results.map((r) => r.longTasks),
    0,
  );
  line(
    'longest task, ms',
    results.map((r) => r.longestMs),
    0,
  );
  line(
    'scroll time, s',
    results.map((r) => r.seconds),
    1,
  );
  line(
    'frames per second',
    results.map((r) => r.frames / r.seconds),
    1,
  );
  line(
    'cards in the DOM at the end',
    results.map((r) => r.cardsInDom),
    0,
  );
  line(
    'thumbnails asked for',
    results.map((r) => r.images),
    0,
  );
  line(
    'of them failed (>= 400)',
    results.map((r) => r.imagesFailed),
    0,
  );
}

async function chromiumScroll() {
  const cards = Number(process.env.BENCH_GRID_CARDS ?? 10_000);
  const rounds = Math.max(5, Number(process.env.BENCH_GRID_ROUNDS ?? 5));
  const speeds = [
    { speed: Number(process.env.BENCH_GRID_SPEED ?? 12_000), seconds: 300 },
    {
      speed: Number(process.env.BENCH_GRID_SLOW_SPEED ?? 3_000),
      seconds: Number(process.env.BENCH_GRID_SLOW_SECONDS ?? 20),
    },
  ];
  const databaseUrl =
    process.env.BENCH_GRID_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/rushes_bench_grid';
  await recreateDatabase(databaseUrl);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-grid-'));
  // BENCH_GRID_WEB_DIST: a build made elsewhere (another commit's, to compare), else the working tree's
  const dist =
    process.env.BENCH_GRID_WEB_DIST ??
    vite(path.resolve(import.meta.dirname, '../apps/web'), path.join(tmp, 'dist'));
  await storeThumbnail(path.join(tmp, 'blobs'));
  // startServer hands the server this process's environment: the blob store holding the picture
  process.env.BLOB_DIR = path.join(tmp, 'blobs');
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const started = await startServer(dist, databaseUrl);
    server = started.child;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let projectId: string;
    try {
      const found = await client.query<{ id: string }>(
        `select p.id from projects p join users u on u.id = p.created_by where u.email = $1 limit 1`,
        [DEMO.email],
      );
      projectId = found.rows[0].id;
      // the demo project's own files would come after clip_N in the order: none may follow it
      await client.query(`update assets set title = 'a ' || title where project_id = $1`, [projectId]);
      await client.query(seedAssets(cards), [projectId]);
      await client.query('analyze assets');
    } finally {
      await client.end();
    }
    for (const { speed, seconds } of speeds) {
      const results: Scroll[] = [];
      for (let i = 0; i < rounds; i++) {
        const r = await scrollOnce(browser, started.url, projectId, cards, speed, seconds);
        console.log(
          `  (${speed} px/s, round ${i + 1}: ${r.longTasks} long tasks in ${r.seconds.toFixed(1)} s, longest ${r.longestMs.toFixed(0)} ms)`,
        );
        results.push(r);
      }
      report(cards, rounds, speed, seconds, results);
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

export async function run() {
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  if (process.env.BENCH_GRID_PART !== 'chromium') await serverFirstPage();
  if (process.env.BENCH_GRID_PART !== 'server') await chromiumScroll();
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}
