import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertFile, teamOfProject } from '../projects/projects.testkit.ts';
import { crew } from '../tasks/tasks.testkit.ts';
import { queueTranscript, saveTranscript } from '../transcripts/transcripts.store.ts';
import { askThrough, standinEnv, startStandin, toolResults, type Standin } from './ai.testkit.ts';

/**
 * The assistant answering about what is said in the footage: the stand-in model calls
 * search_transcripts, reads the hits it is sent and answers with them, as a model would.
 */

let s: Standin;
let t: TestApp;
const answers: string[] = [];

beforeAll(async () => {
  s = await startStandin();
  t = await createTestApp(standinEnv(s, { AI_MAX_RETRIES: '0' }));
});
beforeEach(() => s?.clear());
afterAll(async () => {
  await t?.close();
  await s?.close();
});

/**
 * A transcript as the speech service would have made it: each sentence's words 400 ms apart from
 * the time given, so each sentence is one line starting there.
 */
async function transcribed(projectId: string, title: string, sentences: [startMs: number, text: string][]) {
  const asset = await insertFile(t, projectId, { title });
  const words = sentences.flatMap(([start, text]) =>
    text.split(' ').map((w, i) => ({ w, s: start + i * 400, e: start + i * 400 + 350 })),
  );
  const teamId = await teamOfProject(t, projectId);
  await t.ctx.db.transaction((tx) => queueTranscript(tx, { assetId: asset.id, projectId, teamId }));
  await saveTranscript(t.ctx.db, asset.id, {
    language: 'en',
    engine: 'standin-whisper',
    durationMs: words.at(-1)!.e + 1000,
    words,
  });
  return asset;
}

interface Hits {
  project_db_id: string;
  found: boolean;
  hits?: { ingest_db_id: string; asset: string; line: string; timecode: string; link: string }[];
  items?: unknown[];
}

/** The model's second turn: name each hit's clip, its moment and the line, as an answer would. */
const answerWithHits = (req: Parameters<typeof toolResults>[0]) => {
  const [result] = toolResults(req) as Hits[];
  const hits = result.hits ?? [];
  return {
    kind: 'text' as const,
    chunks: hits.length
      ? hits.map((h) => `${h.asset} at ${h.timecode}: "${h.line}"\n`)
      : ['Nobody says that in this project.'],
  };
};

describe('the assistant searching what is said in the clips', () => {
  it('"where does the director say wide shot?" answers the clip, the timecode and a link at that moment', async () => {
    const { bob, projectId } = await crew(t);
    const interview = await transcribed(projectId, 'director-notes.mov', [
      [1_000, 'Good morning everyone.'],
      [83_000, 'Now give me a wide shot of the harbour.'],
      [3_725_000, 'That is a wrap for today.'],
    ]);
    await transcribed(projectId, 'harbour-broll.mov', [[2_000, 'Boats leave the harbour at dawn.']]);
    await insertFile(t, projectId, { title: 'wide-shot-plan.pdf' }); // a name, not spoken words
    s.script({ kind: 'tool', name: 'search_transcripts', args: { text: 'wide shot' } }, answerWithHits);

    const res = await askThrough(
      t,
      bob,
      { project_db_id: projectId, text: "Where does the director say 'wide shot'?" },
      answers,
    );
    expect(res.done, JSON.stringify(res.error)).toBeDefined();
    expect(res.text).toBe('director-notes.mov at 00:01:23: "Now give me a wide shot of the harbour."\n');
    const [sent] = toolResults(s.requests.at(-1)!) as Hits[];
    expect(sent.hits).toEqual([
      {
        ingest_db_id: interview.id,
        asset: 'director-notes.mov',
        line: 'Now give me a wide shot of the harbour.',
        timecode: '00:01:23',
        link: `/player/${interview.id}?t=83000`,
      },
    ]);
    // the link under the answer opens the player at that moment
    expect(res.done.turn.sources).toEqual([
      {
        kind: 'asset',
        id: interview.id,
        title: 'director-notes.mov',
        project_db_id: projectId,
        is_folder: false,
        start_ms: 83_000,
      },
    ]);

    // an hour in: the timecode counts hours
    s.script({ kind: 'tool', name: 'search_transcripts', args: { text: 'wrap' } }, answerWithHits);
    const later = await askThrough(t, bob, { project_db_id: projectId, text: 'When do we wrap?' }, answers);
    expect(later.text).toBe('director-notes.mov at 01:02:05: "That is a wrap for today."\n');
    expect(later.done.turn.sources.map((x) => x.start_ms)).toEqual([3_725_000]);
  });

  it('a clip said at several moments: the answer quoting one timecode links that moment only', async () => {
    const { owner, projectId } = await crew(t);
    const take = await transcribed(projectId, 'scene-4-take-2.mov', [
      [5_000, 'Roll camera for the close up.'],
      [47_000, 'Again the close up, slower.'],
    ]);
    s.script({ kind: 'tool', name: 'search_transcripts', args: { text: 'close up' } }, (req) => {
      const [result] = toolResults(req) as Hits[];
      expect(result.hits!.map((h) => h.timecode)).toEqual(['00:00:05', '00:00:47']);
      return { kind: 'text', chunks: ['The slower one is in scene-4-take-2.mov at 00:00:47.'] };
    });
    const res = await askThrough(
      t,
      owner,
      { project_db_id: projectId, text: 'Which take has the slower close up?' },
      answers,
    );
    expect(res.done.turn.sources).toEqual([
      expect.objectContaining({ kind: 'asset', id: take.id, start_ms: 47_000 }),
    ]);
  });

  it("another team's transcripts are never returned, by default or by naming their project", async () => {
    const { owner, projectId } = await crew(t);
    const { projectId: secretProject } = await crew(t);
    await transcribed(secretProject, 'secret-merger-teaser.mov', [
      [5_000, 'The wide shot reveals the merger.'],
    ]);
    await transcribed(projectId, 'our-clip.mov', [[1_000, 'Nothing to see here.']]);
    s.script(
      {
        kind: 'tools',
        calls: [
          { name: 'search_transcripts', args: { text: 'wide shot' } },
          { name: 'search_transcripts', args: { project_db_id: secretProject, text: 'merger' } },
        ],
      },
      { kind: 'text', chunks: ['Nothing found.'] },
    );
    const res = await askThrough(
      t,
      owner,
      { project_db_id: projectId, text: 'Who mentions the merger in a wide shot?' },
      answers,
    );
    expect(res.done.turn.sources).toEqual([]);
    const last = s.requests.at(-1)!;
    expect(toolResults(last)).toEqual([
      { project_db_id: projectId, found: true, more: false, hits: [] },
      { project_db_id: secretProject, found: false, items: [] },
    ]);
    const everything = JSON.stringify(last.body);
    expect(everything).not.toContain('merger.');
    expect(everything).not.toContain('secret-merger-teaser');
  });
});
