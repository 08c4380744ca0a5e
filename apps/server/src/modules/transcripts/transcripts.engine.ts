import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRANSCRIPT_LANGUAGES, type TranscriptLanguage } from '@rushes/shared';
import type { Config } from '../../config.ts';
import type { TranscriptWord } from '../../db/schema/transcripts.ts';
import { guardedFetch, OutboundRefused, parseTrustedHosts } from '../../platform/http/outbound.ts';
import { lazyImport } from '../../platform/lazyImport.ts';
import { probeFile } from '../../platform/media/probe.ts';
import {
  inputOf,
  MediaToolError,
  runTool,
  whitelistArgs,
  type MediaInput,
} from '../../platform/media/tools.ts';

const openai = lazyImport(() => import('openai'));
/**
 * Speech to text on any OpenAI-compatible `/v1/audio/transcriptions` service (OpenAI, a local
 * faster-whisper or whisper.cpp server) through the official `openai` package over the guarded
 * outbound client (DESIGN §9). ffmpeg cuts the clip's sound into mono 16 kHz MP3 pieces of
 * TRANSCRIBE_CHUNK_SECONDS (small uploads, under OpenAI's 25 MB per request); each piece's word times
 * are moved by where it starts. The key is only ever in the client's Authorization header.
 */

/** Why a transcription failed: `retry` for what may pass later (5xx, timeout, connection). */
export class TranscribeFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'TranscribeFailure';
  }
}

export type EngineResult =
  | { kind: 'no_audio' }
  | {
      kind: 'done';
      language: string | null;
      engine: string;
      durationMs: number;
      words: TranscriptWord[];
      /** seconds of audio sent */
      seconds: number;
    };

interface ServiceWord {
  word: string;
  start: number;
  end: number;
}
interface ServiceSegment {
  start: number;
  end: number;
  text: string;
}
interface Verbose {
  language?: string;
  duration?: number;
  text?: string;
  words?: ServiceWord[];
  segments?: ServiceSegment[];
}

const ms = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

/** OpenAI's verbose_json names the language ('english'); others answer the ISO 639-1 code. */
export function languageCode(said: string | undefined): string | null {
  if (!said) return null;
  const v = said.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(v)) return v;
  const known = Object.entries(TRANSCRIPT_LANGUAGES).find(
    ([code, name]) => code !== 'auto' && name.toLowerCase() === v,
  );
  return known ? known[0] : null;
}

/**
 * Words of one piece, moved by `offsetMs`. A service without word times (segments only) gets its
 * segment's words spread over the segment in proportion to their length.
 */
export function wordsOfAnswer(answer: Verbose, offsetMs: number): TranscriptWord[] {
  const out: TranscriptWord[] = [];
  if (answer.words?.length) {
    for (const w of answer.words) {
      const text = w.word.trim();
      if (text) out.push({ w: text, s: offsetMs + ms(w.start), e: offsetMs + ms(Math.max(w.end, w.start)) });
    }
    return out;
  }
  for (const seg of answer.segments ?? []) {
    const parts = seg.text.trim().split(/\s+/).filter(Boolean);
    const total = parts.reduce((n, p) => n + p.length + 1, 0);
    const start = ms(seg.start);
    const span = Math.max(0, ms(seg.end) - start);
    let chars = 0;
    for (const p of parts) {
      const s = start + Math.round((span * chars) / total);
      chars += p.length + 1;
      out.push({ w: p, s: offsetMs + s, e: offsetMs + start + Math.round((span * (chars - 1)) / total) });
    }
  }
  return out;
}

/** A failure's stored text: short, the status or the cause, never the service's text or the key. */
export function failureOf(err: unknown): TranscribeFailure {
  if (err instanceof TranscribeFailure) return err;
  const sdk = openai.loaded();
  if (sdk && err instanceof sdk.APIConnectionTimeoutError)
    return new TranscribeFailure('the service did not answer in time', true);
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (e instanceof OutboundRefused)
      return new TranscribeFailure(
        'the service is at a private address not in OUTBOUND_TRUSTED_HOSTS',
        false,
      );
  }
  if (sdk && err instanceof sdk.APIError && err.status !== undefined) {
    const retry = err.status >= 500 || err.status === 429 || err.status === 408;
    return new TranscribeFailure(`the service answered ${err.status}`, retry);
  }
  if (sdk && err instanceof sdk.APIError)
    return new TranscribeFailure('the service could not be reached', true);
  return new TranscribeFailure('the audio could not be prepared', false);
}

export function createTranscribeEngine(config: Config) {
  const client = lazyImport(async () => {
    const { default: OpenAI } = await openai();
    return new OpenAI({
      baseURL: config.TRANSCRIBE_BASE_URL,
      // local servers (faster-whisper, whisper.cpp) take any key; the SDK insists on one
      apiKey: config.TRANSCRIBE_API_KEY || 'none',
      timeout: config.TRANSCRIBE_TIMEOUT_SECONDS * 1000,
      // the job queue retries (with backoff) a piece that failed with a 5xx or a timeout
      maxRetries: 0,
      fetch: guardedFetch({ trustedHosts: parseTrustedHosts(config.OUTBOUND_TRUSTED_HOSTS) }),
    });
  });
  const chunk = config.TRANSCRIBE_CHUNK_SECONDS;

  /**
   * One piece of the sound, [from, from + chunk), as a small MP3 file: at the lowest CPU priority, one
   * thread and LAME's fastest setting, so on a small machine the API's answers go first. False when
   * the clip has no sound (ffmpeg's "matches no streams").
   */
  async function cut(src: MediaInput, from: number, file: string): Promise<boolean> {
    try {
      await runTool(
        config.FFMPEG_PATH,
        [
          '-v', 'error', '-y', '-threads', '1',
          ...whitelistArgs(src),
          '-ss', String(from), '-t', String(chunk),
          '-i', inputOf(src),
          '-map', '0:a:0', '-vn', '-sn', '-dn',
          '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '64k', '-compression_level', '9',
          '-f', 'mp3', file,
        ],
        { timeoutMs: 10 * 60_000, background: true },
      ); // prettier-ignore
      return true;
    } catch (err) {
      if (err instanceof MediaToolError && /matches no streams/.test(err.stderr)) return false;
      throw new TranscribeFailure('the audio could not be prepared', false);
    }
  }

  async function send(file: string, language: TranscriptLanguage): Promise<Verbose> {
    const { toFile } = await openai();
    const api = await client();
    const answer = await api.audio.transcriptions.create({
      file: await toFile(createReadStream(file), 'audio.mp3', { type: 'audio/mpeg' }),
      model: config.TRANSCRIBE_MODEL,
      ...(language === 'auto' ? {} : { language }),
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    return answer as Verbose;
  }

  return {
    /**
     * Transcribes the sound of `src` (a stored file or a signed URL). `knownSeconds` is the length
     * the media pipeline already probed: then no ffprobe runs, as every process spawned forks the
     * whole server (its event loop stalls for a time in proportion to its memory).
     */
    async transcribe(
      src: MediaInput,
      language: TranscriptLanguage,
      knownSeconds?: number | null,
    ): Promise<EngineResult> {
      let duration = knownSeconds ?? null;
      if (duration === null) {
        const probe = await probeFile(config.FFPROBE_PATH, src).catch(() => null);
        if (!probe?.audioCodec) return { kind: 'no_audio' };
        duration = probe.durationSeconds ?? 0;
      }
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-transcribe-'));
      try {
        const words: TranscriptWord[] = [];
        let detected: string | null = null;
        for (let from = 0; from === 0 || from < duration; from += chunk) {
          const file = path.join(dir, `${from}.mp3`);
          if (!(await cut(src, from, file))) return { kind: 'no_audio' };
          const answer = await send(file, language).catch((err: unknown) => {
            throw failureOf(err);
          });
          detected ??= languageCode(answer.language);
          words.push(...wordsOfAnswer(answer, ms(from)));
          await rm(file, { force: true });
        }
        return {
          kind: 'done',
          language: language === 'auto' ? detected : language,
          engine: config.TRANSCRIBE_MODEL,
          durationMs: ms(duration),
          words,
          seconds: duration,
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type TranscribeEngine = ReturnType<typeof createTranscribeEngine>;
