// system programs: ffmpeg, espeak-ng
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTranscribeStandIn, type TranscribeStandIn } from '../../../test/transcripts.standin.ts';
import { createTranscribeEngine, languageCode, TranscribeFailure } from './transcripts.engine.ts';
import { makeSpeechClip, speechAvailable } from './transcripts.testkit.ts';

/** The engine alone against the stand-in: services without word times, a pinned language, the guard. */
const speaks = await speechAvailable();
let dir: string;
let standIn: TranscribeStandIn;
beforeAll(async () => {
  if (!speaks) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-stt-engine-'));
  standIn = await startTranscribeStandIn({ noWordTimestamps: true, detectedLanguage: 'french' });
});
afterAll(async () => {
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const engineFor = (env: Record<string, string>) =>
  createTranscribeEngine(loadConfig({ NODE_ENV: 'test', TRANSCRIBE_BASE_URL: standIn.url, ...env }));

describe('languageCode', () => {
  it("maps OpenAI's language names and keeps codes", () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('German')).toBe('de');
    expect(languageCode('fr')).toBe('fr');
    expect(languageCode('klingon')).toBeNull();
    expect(languageCode(undefined)).toBeNull();
  });
});

describe.skipIf(!speaks)('the transcription engine', () => {
  it('a service without word times: each segment’s words spread over it, in order', async () => {
    const words = 'one two three four five six seven eight'.split(' ');
    const clip = await makeSpeechClip({ words, dir });
    standIn.setScript(words);
    const result = await engineFor({ OUTBOUND_TRUSTED_HOSTS: '127.0.0.1' }).transcribe(clip.path, 'auto');
    if (result.kind !== 'done') throw new Error('expected a transcript');
    expect(result.words.map((w) => w.w)).toEqual(words);
    expect(result.language).toBe('fr'); // as the service said it
    // a segment's first word starts where the segment does; the others stay inside it, in order
    expect(Math.abs(result.words[0]!.s - clip.placed[0]!.startMs)).toBeLessThanOrEqual(100);
    expect(Math.abs(result.words[6]!.s - clip.placed[6]!.startMs)).toBeLessThanOrEqual(100);
    for (let i = 1; i < words.length; i++)
      expect(result.words[i]!.s).toBeGreaterThanOrEqual(result.words[i - 1]!.e);
    expect(result.words[5]!.e).toBeLessThanOrEqual(clip.placed[5]!.endMs + 50);
  }, 60_000);

  it('a language the project chose is sent and kept', async () => {
    const clip = await makeSpeechClip({ words: ['bonjour'], dir });
    standIn.setScript(['bonjour']);
    const result = await engineFor({ OUTBOUND_TRUSTED_HOSTS: '127.0.0.1' }).transcribe(clip.path, 'de');
    expect(standIn.requests.at(-1)!.language).toBe('de');
    expect(result).toMatchObject({ kind: 'done', language: 'de' });
  }, 60_000);

  it('a service at a private address not trusted is refused before anything is sent, not retried', async () => {
    const clip = await makeSpeechClip({ words: ['hello'], dir });
    const before = standIn.requests.length;
    const failure = await engineFor({})
      .transcribe(clip.path, 'auto')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TranscribeFailure);
    expect(failure).toMatchObject({ retry: false });
    expect((failure as Error).message).toContain('OUTBOUND_TRUSTED_HOSTS');
    expect(standIn.requests.length).toBe(before);
  }, 60_000);
});
