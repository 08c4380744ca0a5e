import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveMediaTool } from '../src/platform/media/binaries.ts';

/**
 * A stand-in for an OpenAI-compatible speech-to-text service (`POST /v1/audio/transcriptions`) and
 * the speech clips it is fed. It "hears" what it is sent: ffmpeg's silencedetect finds the spoken
 * stretches of the uploaded file, and each stretch is labelled with the next word of the test's
 * script. So the times it answers come from the audio the server really sent: a chunk's offset, a
 * truncated file or another clip's audio shows in the result.
 */

const run = promisify(execFile);
const FFMPEG = resolveMediaTool('ffmpeg').path;
const FFPROBE = resolveMediaTool('ffprobe').path;

/** Quieter than this is silence, both when placing words and when hearing them. */
const SILENCE_DB = -45;
/** A pause shorter than this is inside a word (a stop consonant), not between words. */
const MIN_PAUSE_S = 0.2;

export interface StandInRequest {
  model: string;
  language: string | null;
  responseFormat: string | null;
  granularities: string[];
  authorization: string | null;
  /** the uploaded file's name, size and length as ffprobe reads it */
  filename: string;
  bytes: number;
  durationS: number;
  /** the answer's HTTP status */
  status: number;
}

export interface StandInOptions {
  /** one word per spoken stretch, in order across requests (a chunked clip continues the script) */
  script?: string[];
  /** the first n requests answer 500 (a retry must follow) */
  failFirst?: number;
  /** answers segments only, as a service without word timestamps does */
  noWordTimestamps?: boolean;
  /** when set, a request without `Authorization: Bearer <apiKey>` answers 401 */
  apiKey?: string;
  /** the language the service says it detected (OpenAI answers the English name) */
  detectedLanguage?: string;
}

export interface TranscribeStandIn {
  /** base URL as TRANSCRIBE_BASE_URL takes it: http://127.0.0.1:port/v1 */
  url: string;
  requests: StandInRequest[];
  /**
   * The next n requests fail with `status` (500 by default; a 401 says the key it was given, as a
   * careless service might: the server must not store or log that text).
   */
  failNext(n: number, status?: number): void;
  /** a new script, heard from its first word again (the next clip) */
  setScript(words: string[]): void;
  close(): Promise<void>;
}

interface Stretch {
  start: number;
  end: number;
}

/** The spoken stretches of a file: the complement of silencedetect's silences. */
async function hear(file: string): Promise<{ duration: number; stretches: Stretch[] }> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  const duration = Number(stdout.trim()) || 0;
  const { stderr } = await run(FFMPEG, [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    `silencedetect=noise=${SILENCE_DB}dB:d=${MIN_PAUSE_S}`,
    '-f',
    'null',
    '-',
  ]);
  const stretches: Stretch[] = [];
  let speechFrom = 0;
  for (const m of stderr.matchAll(/silence_(start|end): (-?[0-9.]+)/g)) {
    const t = Math.max(0, Number(m[2]));
    if (m[1] === 'start') {
      if (t - speechFrom > 0.05) stretches.push({ start: speechFrom, end: t });
      speechFrom = Infinity;
    } else speechFrom = t;
  }
  // At the end of the file silencedetect closes an open silence at the last decoded sample, which
  // may sit before the container's duration (MP3 padding): only a real stretch of sound counts.
  if (Number.isFinite(speechFrom) && duration - speechFrom > MIN_PAUSE_S) {
    stretches.push({ start: speechFrom, end: duration });
  }
  return { duration, stretches };
}

const round = (s: number) => Math.round(s * 1000) / 1000;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startTranscribeStandIn(opts: StandInOptions = {}): Promise<TranscribeStandIn> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-stt-standin-'));
  const requests: StandInRequest[] = [];
  let script = opts.script ?? [];
  let cursor = 0;
  let failures = opts.failFirst ?? 0;
  let failStatus = 500;
  let n = 0;

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/audio/transcriptions') {
        return answer(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      }
      const body = await readBody(req);
      // Node's fetch parses multipart bodies: the same parser a real server's framework would use.
      const form = await new Request('http://stand-in/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob)) return answer(400, { error: { message: 'file is required' } });
      const bytes = Buffer.from(await file.arrayBuffer());
      const filename = (file as File).name || 'audio';
      const stored = path.join(dir, `${++n}-${path.basename(filename)}`);
      await writeFile(stored, bytes);
      const { duration, stretches } = await hear(stored).catch(() => ({ duration: 0, stretches: [] }));
      await rm(stored, { force: true });
      const record: StandInRequest = {
        model: String(form.get('model') ?? ''),
        language: (form.get('language') as string | null) ?? null,
        responseFormat: (form.get('response_format') as string | null) ?? null,
        granularities: form.getAll('timestamp_granularities[]').map(String),
        authorization: req.headers.authorization ?? null,
        filename,
        bytes: bytes.length,
        durationS: duration,
        status: 200,
      };
      requests.push(record);
      const fail = (status: number, message: string) => {
        record.status = status;
        answer(status, { error: { message, type: 'server_error' } });
      };
      if (opts.apiKey && record.authorization !== `Bearer ${opts.apiKey}`)
        return fail(401, 'Incorrect API key');
      if (failures > 0) {
        failures--;
        if (failStatus === 401) return fail(401, `Incorrect API key provided: ${record.authorization}`);
        return fail(failStatus, 'The server had an error while processing your request.');
      }
      if (duration === 0) return fail(400, 'Audio file might be corrupted or unsupported');

      const words = stretches.map((s) => ({
        word: script[cursor++] ?? '[inaudible]',
        start: round(s.start),
        end: round(s.end),
      }));
      // Segments: runs of up to six words, as a sentence-ish unit the service would answer.
      const segments = [];
      for (let i = 0; i < words.length; i += 6) {
        const part = words.slice(i, i + 6);
        segments.push({
          id: segments.length,
          seek: 0,
          start: part[0]!.start,
          end: part[part.length - 1]!.end,
          text: ` ${part.map((w) => w.word).join(' ')}`,
          tokens: [],
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.2,
          no_speech_prob: 0.01,
        });
      }
      const wantWords = !opts.noWordTimestamps && record.granularities.includes('word');
      const verbose = record.responseFormat === 'verbose_json';
      const text = words.map((w) => w.word).join(' ');
      if (!verbose) return answer(200, { text });
      answer(200, {
        task: 'transcribe',
        language: opts.detectedLanguage ?? 'english',
        duration: round(duration),
        text,
        segments,
        ...(wantWords ? { words } : {}),
      });
    })().catch((err: unknown) => {
      if (!res.headersSent) answer(500, { error: { message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(count, status = 500) {
      failures = count;
      failStatus = status;
    },
    setScript(words) {
      script = words;
      cursor = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether espeak-ng (Debian's `espeak-ng` package) can speak here. */
export async function hasEspeak(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export interface PlacedWord {
  word: string;
  startMs: number;
  endMs: number;
}

export interface SpeechClip {
  path: string;
  /** where each word's sound begins and ends in the clip */
  placed: PlacedWord[];
  durationMs: number;
}

const RATE = 22_050; // espeak-ng's output rate
const THRESHOLD = Math.round(32768 * 10 ** (SILENCE_DB / 20));

/** espeak-ng's samples for one word, its leading and trailing silence cut off. */
async function speak(word: string, dir: string): Promise<Int16Array> {
  const file = path.join(dir, 'word.wav');
  await run('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', file, '--', word]);
  const wav = await readFile(file);
  const dataAt = wav.indexOf('data') + 8;
  const samples = new Int16Array(
    wav.buffer.slice(wav.byteOffset + dataAt, wav.byteOffset + wav.length - ((wav.length - dataAt) % 2)),
  );
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < THRESHOLD) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < THRESHOLD) last--;
  return samples.slice(first, last + 1);
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

export interface SpeechClipOptions {
  words: string[];
  /** silence between two words (default 500 ms) */
  gapMs?: number;
  /** silence before the first word (default 700 ms) */
  leadMs?: number;
  /** a picture too (testsrc, H.264/AAC MP4); otherwise a WAV */
  video?: boolean;
  /**
   * No word straddles a multiple of this (a word that would is moved past it): chunks cut there
   * split no word, so every chunk hears whole words.
   */
  keepWholeEveryMs?: number;
  dir: string;
}

/**
 * A clip of espeak-ng speaking `words` one at a time, each placed at a known time: answers the file
 * and where each word's sound begins and ends (ms).
 */
export async function makeSpeechClip(opts: SpeechClipOptions): Promise<SpeechClip> {
  const gap = opts.gapMs ?? 500;
  const work = await mkdtemp(path.join(opts.dir, 'speech-'));
  const spoken: Int16Array[] = [];
  for (const w of opts.words) spoken.push(await speak(w, work));
  const placed: PlacedWord[] = [];
  let at = opts.leadMs ?? 700;
  spoken.forEach((s, i) => {
    const len = Math.round((s.length / RATE) * 1000);
    const every = opts.keepWholeEveryMs;
    if (every && Math.floor(at / every) !== Math.floor((at + len + 100) / every)) {
      at = (Math.floor(at / every) + 1) * every + 300;
    }
    placed.push({ word: opts.words[i]!, startMs: at, endMs: at + len });
    at += len + gap;
  });
  const durationMs = at + 500;
  const all = new Int16Array(Math.ceil((durationMs / 1000) * RATE));
  spoken.forEach((s, i) => all.set(s, Math.round((placed[i]!.startMs / 1000) * RATE)));
  const wav = path.join(work, 'speech.wav');
  await writeFile(wav, wavFile(all));
  if (!opts.video) return { path: wav, placed, durationMs };
  const mp4 = path.join(work, 'speech.mp4');
  const seconds = (durationMs / 1000).toFixed(3);
  await run(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-i',
    wav,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    mp4,
  ]);
  return { path: mp4, placed, durationMs };
}
