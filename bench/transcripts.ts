import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API, TRANSCRIPTS_API, type TranscriptAnswer } from '@rushes/shared';
import { person, project, type Person } from '../apps/server/test/factories.ts';
import { createTestApp, type TestApp } from '../apps/server/test/harness.ts';
import { hasEspeak, makeSpeechClip } from '../apps/server/test/transcripts.standin.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { uploadFile } from '../apps/server/src/modules/uploads/uploads.testkit.ts';
import { forkTs, nextMessage } from './load/procs.ts';
import { median } from './stats.ts';
import { cpuPart } from './transcripts-cpu.ts';
import { matchingLines, rareWord, seedTranscripts } from './transcripts-seed.ts';

/**
 * Search inside the footage and the server while a clip is transcribed (issue 40).
 *
 * Search: one project of BENCH_TRANSCRIPTS_CLIPS (10,000) transcribed clips, each with
 * BENCH_TRANSCRIPTS_LINES (30) transcript lines of spoken-English words (a Zipf-like draw from a
 * film set's vocabulary, seeded: the same text every run), inserted in bulk (bench/transcripts-seed.ts).
 * Through the real route (app.inject: session, policy, the tsquery on the GIN index, keyset order,
 * the titles from the assets module, envelope) on the PostgreSQL of DATABASE_URL (a scratch database
 * the harness makes and drops) or PGlite without it. Cases: a phrase ("wide shot"), a rare word (a
 * made-up name said in a few lines), the most common word ("okay": the first page out of most of
 * the lines) and a word being typed ("lightho", a prefix). Baseline in the same run: the asset-name
 * search route (API.assets.search) for "scene 42". Per round each
 * case runs BENCH_TRANSCRIPTS_REQUESTS (100) requests and keeps its p50 and p99; BENCH_TRANSCRIPTS_PAIRS
 * (7, at least 5) rounds, baseline and cases interleaved in each. Goal: p99 <= 50 ms.
 *
 * Busy: the project's first page of assets (API.assets.root, 50 rows of the 10,000) while a clip of
 * BENCH_TRANSCRIPTS_CLIP_SECONDS (60) of espeak-ng speech over a test picture is transcribed (POST
 * transcribe, the job run by this process's queue: ffmpeg extracts the audio, the pieces go to the
 * stand-in service in its own process, the words and lines are written), against idle. A window
 * keeps only requests that start and end while a transcription runs (one after another is started
 * until BENCH_TRANSCRIPTS_LIST_REQUESTS (200) are kept); the idle window as many with nothing
 * running. Interleaved idle/busy pairs, BENCH_TRANSCRIPTS_PAIRS of them. Goal: busy p99 <= 2× idle.
 *
 * Cpu: the server's CPU ms per transcription (bench/transcripts-cpu.ts), BENCH_TRANSCRIPTS_CPU_TRANSCRIPTIONS
 * (5) per round, BENCH_TRANSCRIPTS_PAIRS rounds, each against an idle window as long.
 *
 * BENCH_TRANSCRIPTS_PART=search, =busy or =cpu runs one part. The busy and cpu parts need espeak-ng and ffmpeg.
 */
const env = (name: string, fallback: number) => Number(process.env[`BENCH_TRANSCRIPTS_${name}`] ?? fallback);
const CLIPS = env('CLIPS', 10_000);
const LINES = env('LINES', 30);
const REQUESTS = env('REQUESTS', 100);
const PAIRS = Math.max(5, env('PAIRS', 7));
const CLIP_SECONDS = env('CLIP_SECONDS', 60);
const LIST_REQUESTS = env('LIST_REQUESTS', 200);
const CPU_TRANSCRIPTIONS = env('CPU_TRANSCRIPTIONS', 5);
const PART = process.env.BENCH_TRANSCRIPTS_PART ?? 'all';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

type Get = () => Promise<void>;

function getter(
  t: TestApp,
  who: Person,
  url: string,
  query: Record<string, string>,
  check?: (d: never) => void,
): Get {
  return async () => {
    const res = await t.call('GET', url, { cookie: who.cookie, query });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.errormessage}`);
    check?.(res.body.data as never);
  };
}

async function timed(fn: Get, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

async function searchPart(t: TestApp, owner: Person, projectId: string) {
  const search = (q: string) => getter(t, owner, TRANSCRIPTS_API.search, { project_db_id: projectId, q });
  const cases: [string, string][] = [
    ['phrase', 'wide shot'],
    ['rare word (a name)', rareWord(1234)],
    ['most common word', 'okay'],
    ['word being typed (prefix)', 'lightho'],
  ];
  const baseline: [string, Get] = [
    'baseline: asset-name search (API.assets.search, "scene 42")',
    getter(t, owner, API.assets.search, {
      project_db_id: projectId,
      search_text: 'scene 42',
      entries_per_page: '50',
    }),
  ];
  const all: [string, Get][] = [
    baseline,
    ...cases.map(([name, q]): [string, Get] => [`${name}: "${q}"`, search(q)]),
  ];
  const counts = await Promise.all(cases.map(([, q]) => matchingLines(t, projectId, q)));
  for (const [, fn] of all) for (let i = 0; i < 20; i++) await fn(); // warm-up
  const p50 = all.map(() => [] as number[]);
  const p99 = all.map(() => [] as number[]);
  for (let r = 0; r < PAIRS; r++) {
    for (const [i, [, fn]] of all.entries()) {
      const times = await timed(fn, REQUESTS);
      p50[i].push(pct(times, 50));
      p99[i].push(pct(times, 99));
    }
  }
  console.log(
    `\n${PAIRS} rounds × ${REQUESTS} requests per case, interleaved; ms, median over rounds (min–max); goal p99 <= 50 ms`,
  );
  console.log('| case | matching lines | p50 | p99 | p99 / baseline p99 |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [i, [name]] of all.entries()) {
    const ratio = i === 0 ? '1' : spread(p99[i].map((x, r) => x / p99[0][r]));
    const matching = i === 0 ? '–' : counts[i - 1].toLocaleString('en');
    console.log(`| ${name} | ${matching} | ${spread(p50[i])} | ${spread(p99[i])} | ${ratio} |`);
  }
}

/** A spoken clip of about `seconds`: espeak-ng's words once, looped (stream copy) to length. */
function speechVideo(dir: string, once: string, seconds: number): string {
  const out = path.join(dir, 'interview.mp4');
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-v', 'error', '-y', '-stream_loop', '-1', '-i', once, '-t', String(seconds), '-c', 'copy', out,
  ]); // prettier-ignore
  return out;
}

/** The bench's spoken clip uploaded, processed and transcribed once: its asset id. */
async function spokenAsset(t: TestApp, owner: Person, projectId: string, dir: string) {
  const once = await makeSpeechClip({
    words:
      'the director wants a wide shot of the harbour before sunset while the crew waits by the pier'.split(
        ' ',
      ),
    dir,
    video: true,
  });
  const file = speechVideo(dir, once.path, CLIP_SECONDS);
  const { done } = await uploadFile(t, owner, projectId, readFileSync(file), { filename: 'interview.mp4' });
  const assetId = done.ingest_db_id as string;
  const started = performance.now();
  await t.ctx.jobs.drainForTests(); // the media pipeline, then the first transcription
  const first = await t.call<TranscriptAnswer>('GET', TRANSCRIPTS_API.root, {
    cookie: owner.cookie,
    query: { ingest_db_id: assetId },
  });
  if (first.body.data?.status !== 'done')
    throw new Error(`first transcription: ${JSON.stringify(first.body)}`);
  console.log(
    `\na ${CLIP_SECONDS} s clip (${first.body.data.words.length} words heard) uploaded, processed and transcribed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return assetId;
}

async function busyPart(t: TestApp, owner: Person, projectId: string, assetId: string) {
  const list = getter(t, owner, API.assets.root, { project_db_id: projectId, entries_per_page: '50' });
  let transcriptions = 0;
  let transcribeMs = 0;
  /** Requests made while transcriptions run, one started after another until `n` are kept. */
  const busyWindow = async (n: number) => {
    const kept: number[] = [];
    while (kept.length < n) {
      const res = await t.call('POST', TRANSCRIPTS_API.root, {
        cookie: owner.cookie,
        body: { ingest_db_id: assetId },
      });
      if (res.status !== 200) throw new Error(`transcribe answered ${res.status}: ${res.body.errormessage}`);
      let running = true;
      const started = performance.now();
      const job = t.ctx.jobs.drainForTests().finally(() => (running = false));
      while (running && kept.length < n) {
        const t0 = performance.now();
        await list();
        if (running) kept.push(performance.now() - t0);
      }
      await job;
      transcriptions++;
      transcribeMs += performance.now() - started;
    }
    return kept;
  };
  for (let i = 0; i < 20; i++) await list(); // warm-up
  const idle: number[] = [];
  const busy: number[] = [];
  for (let r = 0; r < PAIRS; r++) {
    idle.push(pct(await timed(list, LIST_REQUESTS), 99));
    busy.push(pct(await busyWindow(LIST_REQUESTS), 99));
  }
  const ratios = busy.map((b, r) => b / idle[r]);
  console.log(
    `${PAIRS} idle/busy pairs × ${LIST_REQUESTS} requests; ${transcriptions} transcriptions, ${(transcribeMs / transcriptions / 1000).toFixed(2)} s each on average while measured`,
  );
  console.log('| asset list, first page of 50 | p99 ms, median (min–max) | busy / idle |');
  console.log('| --- | --- | --- |');
  console.log(`| idle | ${spread(idle)} | 1 |`);
  console.log(`| while a transcription runs | ${spread(busy)} | ${spread(ratios)} (goal <= 2) |`);
}

export async function run() {
  const standIn = PART === 'search' ? null : forkTs('bench/transcripts-standin.ts', []);
  try {
    const url = standIn ? (await nextMessage<{ url: string }>(standIn, 'ready')).url : undefined;
    const t = await createTestApp({
      RATE_LIMIT: 'false',
      ...(url ? { TRANSCRIBE_BASE_URL: url, OUTBOUND_TRUSTED_HOSTS: '127.0.0.1' } : {}),
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-bench-transcripts-'));
    try {
      const owner = await person(t);
      const projectId = await project(t, owner);
      const started = performance.now();
      const lines = await seedTranscripts(t, projectId, CLIPS, LINES);
      console.log(
        `\ntranscripts (${t.database.kind}, ${CLIPS.toLocaleString('en')} transcribed clips, ${lines.toLocaleString('en')} lines, one project): made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      if (PART === 'all' || PART === 'search') await searchPart(t, owner, projectId);
      if (PART !== 'search') {
        if (!(await hasEspeak())) console.log('\nbusy and cpu parts skipped: espeak-ng is not installed');
        else {
          const assetId = await spokenAsset(t, owner, projectId, dir);
          if (PART === 'all' || PART === 'busy') await busyPart(t, owner, projectId, assetId);
          if (PART === 'all' || PART === 'cpu')
            await cpuPart(t, owner, assetId, {
              rounds: PAIRS,
              perRound: CPU_TRANSCRIPTIONS,
              standInPid: standIn?.pid,
            });
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.close();
    }
  } finally {
    standIn?.send({ type: 'stop' });
  }
}
