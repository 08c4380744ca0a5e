import { execFile } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { mediaFileUrl, spriteLayoutFor } from '@rushes/shared';
import { makeSprite } from '../apps/server/src/modules/media/media.sprite.ts';
import { studio } from '../apps/server/src/modules/projects/projects.testkit.ts';
import { assetRow, uploadFile } from '../apps/server/src/modules/uploads/uploads.testkit.ts';
import { probeFile } from '../apps/server/src/platform/media/probe.ts';
import { makeProxy } from '../apps/server/src/platform/media/proxy.ts';
import { videoPoster } from '../apps/server/src/platform/media/thumbnails.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { listen } from '../apps/server/test/realtime-helpers.ts';
import { median } from './stats.ts';

/**
 * The review media goals, on a 1-minute 1080p25 camera-like original (ffmpeg testsrc2 + a tone,
 * H.264 crf 18 with x264's default 10 s key frames in a QuickTime file: the pipeline proxies it):
 * (a) the hover-scrub sprite sheet is a second output of the proxy's ffmpeg run, so its cost is the
 *     extra time of that run with the sheet against the same run without it (makeProxy), compared
 *     with one poster grab (videoPoster, the pipeline's thumbnail) of the same original, goal ≤ 1.5×.
 *     Each round runs the three in a rotated order (drift hits all), wall and CPU time; once, for the
 *     record, the 'media.sprite' job's key-frame sheet (old videos, originals that need no proxy).
 * (b) in Chromium (/usr/bin/chromium), the proxy made in (a) (a key frame every 1 s) served by the
 *     real server (the app's media route, a member's cookie) and, as the baseline, the same file from
 *     a bare static server with Range: click → first frame (requestVideoFrameCallback) goal ≤ 1 s,
 *     then seeks to comment times (currentTime set → 'seeked') goal ≤ 300 ms; and, for the record,
 *     the seeks on the same proxy encoded with the former 2 s key frames (static server).
 *     Each round is a fresh context (empty cache).
 * BENCH_REVIEW_PAIRS rounds (≥ 5 for figures; fewer only as a smoke run), BENCH_REVIEW_SECONDS the
 * clip's length (60 for figures), BENCH_REVIEW_OLD_KEYS=0 skips the 2 s key-frame seeks.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the comments sit (seconds of a 1-minute clip, scaled to a shorter one): none on a key frame. */
const SEEKS = [7.3, 19.9, 33.1, 48.7, 57.2, 3.4];

const spread = (xs: number[], unit: string, digits = 0) =>
  `median ${median(xs).toFixed(digits)} ${unit} (spread ${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}, n=${xs.length})`;

/** CPU time of this process and its finished children (ffmpeg), from /proc (10 ms ticks). */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime are fields 14–17 of stat(5); [0] here is field 3.
  const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
  return ticks * 10;
}

/** A file with Range support, nothing else: the baseline a player cannot beat by much. */
function staticServer(file: string, size: number): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>bench</title>');
    }
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': String(end - start + 1),
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

interface PlayTimes {
  firstFrame: number;
  seeks: number[];
}

/**
 * One round in a fresh context: a page of `origin` with a button that starts the video, timed in
 * the page from the click's handler to the first frame presented, then paused and seeked.
 */
async function playRound(
  browser: Browser,
  origin: string,
  src: string,
  seekAt: number[],
  cookie?: { name: string; value: string },
): Promise<PlayTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookie) await context.addCookies([{ ...cookie, url: origin }]);
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/`);
    await page.setContent(
      '<button id="go">Play</button><video id="v" muted playsinline preload="none" width="960" height="540"></video>',
    );
    await page.evaluate((source) => {
      const v = document.getElementById('v') as HTMLVideoElement;
      document.getElementById('go')!.addEventListener('click', () => {
        const t0 = performance.now();
        v.src = source;
        void v.play();
        v.requestVideoFrameCallback(() => {
          (window as unknown as { firstFrame: number }).firstFrame = performance.now() - t0;
        });
      });
    }, src);
    await page.click('#go');
    await page.waitForFunction(() => (window as unknown as { firstFrame?: number }).firstFrame, null, {
      timeout: 30_000,
    });
    const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);
    const seeks = await page.evaluate(async (targets) => {
      const v = document.getElementById('v') as HTMLVideoElement;
      v.pause();
      const out: number[] = [];
      for (const at of targets) {
        const t0 = performance.now();
        await new Promise<void>((resolve) => {
          v.addEventListener('seeked', () => resolve(), { once: true });
          v.currentTime = at;
        });
        out.push(performance.now() - t0);
      }
      return out;
    }, seekAt);
    return { firstFrame, seeks };
  } finally {
    await context.close();
  }
}

export async function run() {
  const requested = Number(process.env.BENCH_REVIEW_PAIRS ?? 5);
  const pairs = Math.max(1, requested);
  const seconds = Math.max(2, Number(process.env.BENCH_REVIEW_SECONDS ?? 60));
  if (pairs < 5 || seconds !== 60)
    console.log(`\n  SMOKE RUN (${pairs} rounds, ${seconds} s clip): not figures; use 5+ rounds of 60 s`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-review-media-'));
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  let browser: Browser | undefined;
  const servers: http.Server[] = [];
  try {
    const { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } = t.ctx.config;
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    const mib = async (file: string) => `${((await stat(file)).size / 2 ** 20).toFixed(1)} MiB`;
    console.log(`\nreview media: ${seconds} s 1920x1080 original; ffmpeg ${ffmpeg}; load ${load()}`);
    // The original: what a camera or an editor hands over, in a container the pipeline proxies.
    const original = path.join(dir, 'original.mov');
    const t0 = performance.now();
    await promisify(execFile)(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'pcm_s16le', '-f', 'mov', original],
    ]);
    console.log(
      `  original.mov: ${await mib(original)}, made in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const probe = await probeFile(ffprobe, original);
    const layout = spriteLayoutFor(probe.durationSeconds, probe.width, probe.height)!;
    const duration = probe.durationSeconds!;

    // (a) the proxy run with the sheet vs without it, and one poster grab; wall and CPU time
    const wall: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const timed = async (label: string, work: () => Promise<unknown>) => {
      const c0 = cpuMs();
      const s = performance.now();
      await work();
      (wall[label] ??= []).push(performance.now() - s);
      (cpu[label] ??= []).push(cpuMs() - c0);
    };
    const proxy = path.join(dir, 'proxy.mp4');
    const sheet = path.join(dir, 'sprite.jpg');
    const steps: Record<string, () => Promise<unknown>> = {
      poster: () => videoPoster(ffmpeg, original, duration),
      proxy: () => makeProxy(ffmpeg, 'video', original, proxy, true),
      'proxy+sprite': () =>
        makeProxy(ffmpeg, 'video', original, proxy, true, {
          layout,
          durationSeconds: duration,
          output: sheet,
        }),
    };
    await steps.poster(); // warms the page cache
    const names = Object.keys(steps);
    for (let i = 0; i < pairs; i++) {
      const order = names.map((_, k) => names[(k + i) % names.length]);
      for (const name of order) await timed(name, steps[name]);
      const last = (label: string) => wall[label][i].toFixed(0);
      console.log(
        `  round ${i + 1} (${order.join(', ')}): poster ${last('poster')} ms, proxy ${last('proxy')} ms, proxy+sprite ${last('proxy+sprite')} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    const extra = (m: Record<string, number[]>) => m['proxy+sprite'].map((x, i) => x - m.proxy[i]);
    const ratio = (m: Record<string, number[]>) => extra(m).map((x, i) => x / m.poster[i]);
    console.log(
      `\nsprite sheet in the proxy run (${layout.count} tiles of ${layout.tileWidth}x${layout.tileHeight}, ${((await stat(sheet)).size / 1024).toFixed(0)} KiB JPEG): extra time of the run vs one poster grab (goal ratio ≤ 1.5); load ${load()}`,
    );
    for (const [what, m] of [
      ['wall', wall],
      ['CPU (ffmpeg + this process)', cpu],
    ] as const) {
      console.log(`  ${what}:`);
      console.log(`    proxy alone    ${spread(m.proxy, 'ms')}`);
      console.log(`    proxy + sprite ${spread(m['proxy+sprite'], 'ms')}`);
      console.log(`    sprite's extra ${spread(extra(m), 'ms')}`);
      console.log(`    poster grab    ${spread(m.poster, 'ms')}`);
      console.log(`    ratio extra/poster ${spread(ratio(m), '', 2)} (goal ≤ 1.5)`);
    }
    // For the record: the 'media.sprite' job's sheet (key frames only) on this 1 s key-frame proxy.
    const job = performance.now();
    await makeSprite(ffmpeg, proxy, layout, duration);
    console.log(
      `  the media.sprite job's sheet from this proxy (once): ${(performance.now() - job).toFixed(0)} ms`,
    );

    // The same proxy with the former 2 s key frames, for the seeks' record.
    let oldKeys: string | null = null;
    if (process.env.BENCH_REVIEW_OLD_KEYS !== '0') {
      oldKeys = path.join(dir, 'proxy-keys-2s.mp4');
      await promisify(execFile)(ffmpeg, [
        ...['-v', 'error', '-y', '-i', original, '-map', '0:v:0', '-map', '0:a:0'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
        ...['-force_key_frames', 'expr:gte(t,n_forced*2)', '-c:a', 'aac', '-b:a', '160k', '-ac', '2'],
        ...['-movflags', '+faststart', '-f', 'mp4', oldKeys],
      ]);
    }
    console.log(`  proxy.mp4 (key frame every 1 s): ${await mib(proxy)}`);

    // (b) Chromium: click → first frame and seeks, the real server vs a static file
    const url = await listen(t);
    const { owner, projectId } = await studio(t);
    const { done } = await uploadFile(t, owner, projectId, await readFile(proxy), {
      filename: 'proxy.mp4',
      mime: 'video/mp4',
    });
    await t.ctx.jobs.drainForTests();
    const a = (await assetRow(t, done.ingest_db_id))!;
    const [name, value] = owner.cookie.split('=');
    const st = await staticServer(proxy, (await stat(proxy)).size);
    servers.push(st.server);
    const old = oldKeys ? await staticServer(oldKeys, (await stat(oldKeys)).size) : null;
    if (old) servers.push(old.server);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const seekAt = SEEKS.map((s) => (s * seconds) / 60);
    const ours: PlayTimes[] = [];
    const base: PlayTimes[] = [];
    const before: PlayTimes[] = [];
    const src = mediaFileUrl(a.id, 'play', String(a.updatedAt.getTime()));
    for (let i = 0; i < pairs; i++) {
      base.push(await playRound(browser, st.url, `${st.url}/clip.mp4`, seekAt));
      ours.push(await playRound(browser, url, src, seekAt, { name, value }));
      if (old) before.push(await playRound(browser, old.url, `${old.url}/clip.mp4`, seekAt));
      console.log(
        `  round ${i + 1}: first frame static ${base[i].firstFrame.toFixed(0)} ms, ours ${ours[i].firstFrame.toFixed(0)} ms; seeks ours ${ours[i].seeks.map((s) => s.toFixed(0)).join('/')} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    console.log(
      `\nChromium, 1080p H.264 proxy (${pairs} fresh-context rounds, static file vs the real server)`,
    );
    const line = (label: string, xs: number[], goal = '') =>
      console.log(`  ${label} ${spread(xs, 'ms')}${goal}`);
    line(
      'click → first frame, static:     ',
      base.map((p) => p.firstFrame),
    );
    line(
      'click → first frame, ours:       ',
      ours.map((p) => p.firstFrame),
      ' (goal ≤ 1000 ms)',
    );
    line(
      'seek → seeked, 1 s keys, static: ',
      base.flatMap((p) => p.seeks),
    );
    line(
      'seek → seeked, 1 s keys, ours:   ',
      ours.flatMap((p) => p.seeks),
      ' (goal ≤ 300 ms)',
    );
    if (old)
      line(
        'seek → seeked, 2 s keys, static: ',
        before.flatMap((p) => p.seeks),
        ' (before)',
      );
    const ratios = ours.map((p, i) => p.firstFrame / base[i].firstFrame);
    console.log(`  first frame ours/static: ${spread(ratios, '', 2)}`);
    console.log(`  load ${load()}`);
  } finally {
    await browser?.close();
    for (const s of servers) s.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
