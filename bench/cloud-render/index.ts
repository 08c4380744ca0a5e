/**
 * bench cloud-render: a ~200 MB render closed in the workstation's Renders folder until it is a
 * playable project asset, against the same file uploaded by the uploader's `upload` command into
 * the same project, interleaved (upload, render, upload, render…).
 *
 * The file: ffmpeg testsrc2 1920×1080 25 fps with temporal noise (so it does not compress away),
 * H.264 ~80 Mbit/s + AAC in MP4 with faststart, BENCH_CLOUD_RENDER_SECONDS (18) long: ~200 MB, what
 * an editor's H.264 export is. The media pipeline probes it and grabs its poster; browsers play
 * H.264/AAC MP4 as it is, so no proxy is made ('playable' = the player's answer for the asset,
 * GET API.media.asset, has status finished (1) and a play_url).
 * ours: one local session (the program is `sleep`: the desktop's program is not what is measured),
 *   its workstation agent watching ~/Renders. Each round copies the file to Renders/render-N.mp4;
 *   the clock starts when the copy is closed. The agent sends a file once it has been unchanged for
 *   2 s (its settle time; scans every 1 s), by the multipart upload protocol (4 parts at a time),
 *   then POST /api/cloud/agent/render; the pipeline runs as a job.
 * baseline: `rushes-upload upload` (this checkout's, with this Node; a fresh state file) of a hard
 *   link named upload-N.mp4, from its spawn.
 * Both: polled through the API every 100 ms (search by title, then the player's answer).
 *
 * Run: node_modules/.bin/node --import tsx bench/cloud-render/index.ts
 * Knobs: BENCH_CLOUD_PAIRS (5), BENCH_CLOUD_RENDER_SECONDS (18), BENCH_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { copyFile, link, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API, INGEST_STATUS, type CloudTime, type PlayerAsset } from '@rushes/shared';
import { book, call, time } from '../../apps/server/src/modules/cloud/cloud.testkit.ts';
import { median } from '../stats.ts';
import {
  UPLOADER,
  cloudRig,
  exec,
  loadavg,
  log,
  num,
  spread,
  until,
  type CloudRig,
} from '../cloud-launch/rig.ts';

interface Times {
  /** the asset exists in the project (upload completed) */
  asset: number;
  /** playable: finished with a play URL */
  playable: number;
  load: string;
}

/** ms after t0 the asset titled `title` appears, then is playable. */
async function untilPlayable(rig: CloudRig, title: string, t0: number) {
  let ingest = '';
  let asset = 0;
  await until(
    async () => {
      if (!ingest) {
        const res = await call<{ items: { title: string; ingest_db_id: string }[] }>(
          rig.t,
          'GET',
          API.assets.search,
          rig.owner,
          { project_db_id: rig.projectId, search_text: title.replace(/\.\w+$/, '') },
        );
        ingest = res.body.data?.items.find((i) => i.title === title)?.ingest_db_id ?? '';
        if (!ingest) return false;
        asset = performance.now() - t0;
      }
      const p = await call<PlayerAsset>(rig.t, 'GET', API.media.asset, rig.owner, { ingest_db_id: ingest });
      const a = p.body.data;
      if (a && (a.status === INGEST_STATUS.failed || a.status === INGEST_STATUS.previewNotAvailable))
        throw new Error(`${title}: the pipeline ended in status ${a.status}`);
      return a?.status === INGEST_STATUS.finished && a.play_url !== null;
    },
    100,
    300_000,
  );
  return { asset, playable: performance.now() - t0 };
}

async function makeVideo(file: string, seconds: number) {
  await exec('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`, '-vf', 'noise=alls=30:allf=t'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '80M', '-maxrate', '80M', '-bufsize', '80M'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
}

function uploadCommand(rig: CloudRig, file: string, state: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        UPLOADER,
        'upload',
        '--url',
        rig.base,
        '--token',
        rig.token,
        '--project',
        rig.projectId,
        '--state',
        state,
        file,
      ],
      {
        env: { ...process.env, RUSHES_CONFIG_DIR: path.join(path.dirname(state), 'config') },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`upload exited ${code}: ${err}`)),
    );
  });
}

export async function run() {
  const pairs = num('BENCH_CLOUD_PAIRS', 5);
  const rig = await cloudRig({ CLOUD_FINAL_SYNC_SECONDS: '120' });
  const { t, owner, projectId, dir } = rig;
  try {
    const video = path.join(dir, 'render.mp4');
    log('making the video with ffmpeg');
    await makeVideo(video, num('BENCH_CLOUD_RENDER_SECONDS', 18));
    const size = (await stat(video)).size;
    log(`${(size / 1e6).toFixed(0)} MB of H.264/AAC; booking the desktop`);
    const booked = await book(t, owner, projectId, { software: 'plain_desktop' });
    if (!booked.body.data) throw new Error(`booking refused: ${booked.body.errormessage}`);
    const id = booked.body.data.cloud_access_db_id;
    await until(async () => {
      const s = (await time(t, owner)).body.data as CloudTime;
      return s.session?.machine_status === 'machine_started';
    }, 200);
    const renders = path.join(dir, 'homes', id, 'Renders');
    await until(async () => (await stat(renders).catch(() => null))?.isDirectory(), 100);
    const uploads = path.join(dir, 'uploads');
    await mkdir(uploads);

    let n = 0;
    const ours = async (): Promise<Times> => {
      const name = `render-${++n}.mp4`;
      await copyFile(video, path.join(renders, name));
      const t0 = performance.now();
      return { ...(await untilPlayable(rig, name, t0)), load: loadavg() };
    };
    const baseline = async (): Promise<Times> => {
      const name = `upload-${++n}.mp4`;
      const file = path.join(uploads, name);
      await link(video, file);
      await mkdir(path.join(uploads, `state-${n}`));
      const t0 = performance.now();
      const sent = uploadCommand(rig, file, path.join(uploads, `state-${n}`, 'state.json'));
      const r = await untilPlayable(rig, name, t0);
      await sent;
      return { ...r, load: loadavg() };
    };
    log(`warm-up, load ${loadavg()}`);
    await baseline();
    await ours();
    const b: Times[] = [];
    const o: Times[] = [];
    for (let i = 0; i < pairs; i++) {
      b.push(await baseline());
      o.push(await ours());
      const f = (x: Times) =>
        `asset ${(x.asset / 1000).toFixed(2)} s, playable ${(x.playable / 1000).toFixed(2)} s`;
      log(`pair ${i + 1}: upload command ${f(b[i])}; render ${f(o[i])} (load ${o[i].load})`);
    }
    await rig.endSession(id);
    const s = (xs: Times[], k: 'asset' | 'playable') => spread(xs.map((x) => x[k] / 1000));
    const ratio = (k: 'asset' | 'playable') => spread(o.map((x, i) => x[k] / b[i][k]));
    console.log(
      `\ncloud-render, ${(size / 1e6).toFixed(0)} MB H.264/AAC MP4, ${pairs} pairs, seconds: median (min–max)`,
    );
    console.log(
      '| step | upload command (from spawn) | render in Renders (from close) | render / upload | target |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    console.log(`| asset in the project | ${s(b, 'asset')} | ${s(o, 'asset')} | ${ratio('asset')} | |`);
    console.log(`| playable | ${s(b, 'playable')} | ${s(o, 'playable')} | ${ratio('playable')} | ≤ 10 s |`);
    const loads = [...b, ...o].map((x) => Number(x.load.split(' ')[0]));
    console.log(`1-min load per run: ${loads.join(', ')} (median ${median(loads).toFixed(1)})`);
  } finally {
    await rig.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
