import { createRequire } from 'node:module';
import type { Envelope } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { randomAddress } from '../../../test/inject.ts';
import { asset, people, project, type Person } from '../../../test/factories.ts';
import type { TranscriptWord } from '../../db/schema/transcripts.ts';
import { setCodes, teamOfProject } from '../projects/projects.testkit.ts';
import { queueTranscript, saveTranscript } from './transcripts.store.ts';

/**
 * The transcripts' tests' world: a project with its creator, an editor (may upload), a viewer (a
 * member without any code) and a stranger with a project of their own in another team; transcripts
 * written through the store as the job writes them, so no speech clip is needed.
 */
export async function transcriptWorld(t: TestApp) {
  const [owner, editor, viewer, stranger] = await people(t, 4);
  const projectId = await project(t, owner, { members: [editor, viewer] });
  await setCodes(t, projectId, editor.user.id, ['can_upload_assets']);
  await setCodes(t, projectId, viewer.user.id, []);
  const otherProjectId = await project(t, stranger);
  return { owner, editor, viewer, stranger, projectId, otherProjectId };
}

/** Words said one after another from `startMs`, each `stepMs` long; a '.' ends a line. */
export function spoken(text: string, startMs = 1000, stepMs = 400): TranscriptWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => ({ w, s: startMs + i * stepMs, e: startMs + (i + 1) * stepMs - 50 }));
}

/** A video asset of the project with a finished transcript of `words`. */
export async function transcribedClip(
  t: TestApp,
  projectId: string,
  words: TranscriptWord[],
  title?: string,
) {
  const row = await asset(t, projectId, { title });
  await storeTranscript(t, row, words);
  return row;
}

export async function storeTranscript(
  t: TestApp,
  a: { id: string; projectId: string },
  words: TranscriptWord[],
) {
  const teamId = await teamOfProject(t, a.projectId);
  await queueTranscript(t.ctx.db, { assetId: a.id, projectId: a.projectId, teamId });
  const saved = await saveTranscript(t.ctx.db, a.id, {
    language: 'en',
    engine: 'stand-in',
    durationMs: Math.max(0, ...words.map((w) => w.e)),
    words,
  });
  if (!saved) throw new Error('transcript not saved');
}

/** A GET whose answer may be a file (captions) or the JSON envelope of a refusal. */
export async function rawGet(t: TestApp, url: string, query: Record<string, string>, who?: Person | string) {
  const cookie = typeof who === 'string' ? who : who?.cookie;
  const res = await t.app.inject({
    method: 'GET',
    url,
    query,
    remoteAddress: randomAddress(),
    headers: { 'api-type': 'web', 'api-version': '1', ...(cookie ? { cookie } : {}) },
  });
  return {
    status: res.statusCode,
    text: res.body,
    headers: res.headers,
    json: () => res.json() as Envelope<unknown>,
  };
}

/** Caption files read by parsers of the npm registry (not ours), as a player or an editor would. */
const require = createRequire(import.meta.url);
interface VttCue {
  id: string;
  startTime: number;
  endTime: number;
  text: string;
  tree: { children: { type: string; value?: string }[] };
}
const { WebVTTParser } = require('webvtt-parser') as {
  WebVTTParser: new (entities: unknown) => {
    parse(text: string, mode: 'metadata'): { cues: VttCue[]; errors: unknown[] };
  };
};
// The whole table of character references, as a browser decodes them (the parser's default knows a few).
const ENTITIES: unknown = require('webvtt-parser/html-entities.json');
const SrtParser = (require('srt-parser-2') as { default: new () => { fromSrt(text: string): SrtCue[] } })
  .default;
interface SrtCue {
  id: string;
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export interface ParsedCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** A WebVTT file's cues (text with its character references decoded), and the parser's errors. */
export function parseVtt(text: string): { cues: ParsedCue[]; errors: unknown[] } {
  const tree = new WebVTTParser(ENTITIES).parse(text, 'metadata');
  return {
    errors: tree.errors,
    cues: tree.cues.map((c) => ({
      startMs: Math.round(c.startTime * 1000),
      endMs: Math.round(c.endTime * 1000),
      text: c.tree.children.map((n) => n.value ?? '').join(''),
    })),
  };
}

export function parseSrt(text: string): ParsedCue[] {
  return new SrtParser().fromSrt(text).map((c) => ({
    startMs: Math.round(c.startSeconds * 1000),
    endMs: Math.round(c.endSeconds * 1000),
    text: c.text,
  }));
}
