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
import { PROXY_KEY_FRAMES } from '../apps/server/src/platform/media/proxy.ts';
import { runTool } from '../apps/server/src/platform/media/tools.ts';
import { videoPoster } from '../apps/server/src/platform/media/thumbnails.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { listen } from '../apps/server/test/realtime-helpers.ts';
import { interleave, median, report } from './stats.ts';

/**
 * The review media goals, on 1-minute 1080p25 H.264/AAC clips (ffmpeg testsrc2 + a tone, encoded as
 * the pipeline's proxy is: libx264 veryfast crf 23, faststart), generated once: one with the
 * proxy's key frame every 2 s, one with x264's default (every 10 s here):
 * (a) the hover-scrub sprite sheet (makeSprite, the 'media.sprite' job's one ffmpeg run) against one
 *     poster grab (videoPoster, what the pipeline runs for the thumbnail) of the same clip,
 *     interleaved pairs, goal ≤ 1.5×; once, for the record, the same sheet decoding every frame
 *     (what key-frame-only decoding avoids);
 * (b) in Chromium (/usr/bin/chromium), the proxy-like clip served by the real server (the app's
 *     media route, a member's cookie) and, as the baseline, the same file from a bare static server
 *     with Range: click → first frame (requestVideoFrameCallback) goal ≤ 1 s, then seeks to comment
 *     times (currentTime set → 'seeked') goal ≤ 300 ms. Each round is a fresh context (empty cache).
 * BENCH_REVIEW_PAIRS rounds (≥ 5).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the comments sit (seconds): spread over the clip, none on a key frame. */
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
    }, SEEKS);
    return { firstFrame, seeks };
  } finally {
    await context.close();
  }
}

export async function run() {
  const pairs = Math.max(5, Number(process.env.BENCH_REVIEW_PAIRS ?? 5));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-review-media-'));
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  let browser: Browser | undefined;
  let stat0: { server: http.Server } | undefined;
  try {
    const { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } = t.ctx.config;
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    /** testsrc2 + a tone, 1 minute of 1080p25, encoded as the pipeline's proxy is, with `keys`. */
    const makeClip = async (name: string, keys: string[]) => {
      const file = path.join(dir, name);
      const t0 = performance.now();
      await promisify(execFile)(ffmpeg, [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=60'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=60'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...keys],
        ...['-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', file],
      ]);
      const size = (await stat(file)).size;
      console.log(
        `  ${name}: ${(size / 2 ** 20).toFixed(1)} MiB, made in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
      return { file, size };
    };
    console.log(`\nreview media: 1-minute 1920x1080 H.264 clips; ffmpeg ${ffmpeg}; load ${load()}`);
    // The proxy's key frames (one every 2 s), and x264's default (one per 250 frames: 10 s).
    const clip = await makeClip('proxy-keys-2s.mp4', ['-force_key_frames', PROXY_KEY_FRAMES]);
    // BENCH_REVIEW_LONG_GOP=0 skips the second clip (its encode takes minutes on a loaded machine).
    const longGop = process.env.BENCH_REVIEW_LONG_GOP === '0' ? null : await makeClip('keys-10s.mp4', []);
    const probe = await probeFile(ffprobe, clip.file);
    const layout = spriteLayoutFor(probe.durationSeconds, probe.width, probe.height)!;
    const duration = probe.durationSeconds!;

    // (a) sprite sheet vs one poster grab: wall time, and CPU time (the load here makes wall time noisy)
    const cpu: Record<string, number[]> = {};
    const timed = async (work: () => Promise<unknown>, label?: string) => {
      const c0 = cpuMs();
      const s = performance.now();
      await work();
      const wall = performance.now() - s;
      if (label) (cpu[label] ??= []).push(cpuMs() - c0);
      return wall;
    };
    for (const c of longGop ? [clip, longGop] : [clip]) {
      const name = path.basename(c.file);
      const poster = () => timed(() => videoPoster(ffmpeg, c.file, duration), `${name} poster`);
      const sprite = () => timed(() => makeSprite(ffmpeg, c.file, layout, duration), `${name} sprite`);
      const sheet = await makeSprite(ffmpeg, c.file, layout, duration); // also warms the page cache
      const r = await interleave(pairs, poster, sprite);
      report(
        `${name}: sprite sheet (${layout.count} tiles of ${layout.tileWidth}x${layout.tileHeight}, ${(sheet.length / 1024).toFixed(0)} KiB JPEG) vs one poster grab (goal ratio ≤ 1.5); load ${load()}`,
        'ms',
        r,
      );
      console.log(`  spread: sprite ${spread(r.ours, 'ms')}; poster ${spread(r.baseline, 'ms')}`);
      const [sc, pc] = [cpu[`${name} sprite`], cpu[`${name} poster`]];
      console.log(
        `  CPU time (ffmpeg + this process): sprite ${spread(sc, 'ms')}; poster ${spread(pc, 'ms')}; ratio ${spread(
          sc.map((x, i) => x / pc[i]),
          '',
          2,
        )}`,
      );
    }
    // The same sheet decoding every frame: the cost key-frame-only decoding avoids (once).
    const every = await timed(() =>
      runTool(ffmpeg, [
        ...['-v', 'error', '-i', clip.file, '-map', '0:v:0', '-an', '-vf'],
        `scale=${layout.tileWidth}:${layout.tileHeight},fps=${layout.count}/${duration.toFixed(3)},tile=${layout.cols}x${layout.rows}`,
        ...['-frames:v', '1', '-q:v', '5', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'],
      ]),
    );
    console.log(`  the same sheet decoding every frame (once): ${every.toFixed(0)} ms`);

    // (b) Chromium: click → first frame and seeks, the real server vs a static file
    const url = await listen(t);
    const { owner, projectId } = await studio(t);
    const { done } = await uploadFile(t, owner, projectId, await readFile(clip.file), {
      filename: 'proxy.mp4',
      mime: 'video/mp4',
    });
    await t.ctx.jobs.drainForTests();
    const a = (await assetRow(t, done.ingest_db_id))!;
    const [name, value] = owner.cookie.split('=');
    const st = await staticServer(clip.file, clip.size);
    stat0 = st;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const ours: PlayTimes[] = [];
    const base: PlayTimes[] = [];
    const src = mediaFileUrl(a.id, 'play', String(a.updatedAt.getTime()));
    for (let i = 0; i < pairs; i++) {
      base.push(await playRound(browser, st.url, `${st.url}/clip.mp4`));
      ours.push(await playRound(browser, url, src, { name, value }));
      console.log(
        `  round ${i + 1}: first frame static ${base[i].firstFrame.toFixed(0)} ms, ours ${ours[i].firstFrame.toFixed(0)} ms; seeks ours ${ours[i].seeks.map((s) => s.toFixed(0)).join('/')} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    console.log(`\nChromium, 1080p H.264 (${pairs} fresh-context rounds, static file vs the real server)`);
    console.log(
      `  click → first frame, static: ${spread(
        base.map((p) => p.firstFrame),
        'ms',
      )}`,
    );
    console.log(
      `  click → first frame, ours:   ${spread(
        ours.map((p) => p.firstFrame),
        'ms',
      )} (goal ≤ 1000 ms)`,
    );
    console.log(
      `  seek → seeked, static:       ${spread(
        base.flatMap((p) => p.seeks),
        'ms',
      )}`,
    );
    console.log(
      `  seek → seeked, ours:         ${spread(
        ours.flatMap((p) => p.seeks),
        'ms',
      )} (goal ≤ 300 ms)`,
    );
    const ratios = ours.map((p, i) => p.firstFrame / base[i].firstFrame);
    console.log(`  first frame ours/static: ${spread(ratios, '', 2)}`);
    console.log(
      `  load ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser?.close();
    stat0?.server.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
