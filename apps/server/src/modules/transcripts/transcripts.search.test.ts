import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  TRANSCRIPT_SEARCH_PAGE_SIZE,
  TRANSCRIPT_TEXT,
  TRANSCRIPTS_API,
  type TranscriptHit,
  type TranscriptSearchPage,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { asset, project, type Person } from '../../../test/factories.ts';
import { capture, explain, pageQueries } from '../../../test/plans.ts';
import { rowsOf } from '../../db/rows.ts';
import { call } from '../projects/projects.testkit.ts';
import { spoken, transcribedClip, transcriptWorld } from './transcripts.routes.testkit.ts';

/**
 * The project's search inside the footage: the lines that say the words, with the clip and the
 * moment, a keyset page at a time, only ever the project's own; and its plan over many lines.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof transcriptWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await transcriptWorld(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const search = (who: Person, q: string, cursor?: string, projectId = w.projectId) =>
  call<TranscriptSearchPage>(t, 'GET', TRANSCRIPTS_API.search, who, {
    project_db_id: projectId,
    q,
    ...(cursor ? { cursor } : {}),
  });

/** Every page of a search, following next_cursor. */
async function allPages(who: Person, q: string) {
  const pages: TranscriptSearchPage[] = [];
  let cursor: string | undefined;
  do {
    const res = await search(who, q, cursor);
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    cursor = res.body.data.next_cursor ?? undefined;
  } while (cursor && pages.length < 10);
  return pages;
}

describe('GET /api/transcripts/search', () => {
  it('finds the lines that say the words, with the clip and the moment; never another project’s', async () => {
    const clip = await transcribedClip(
      t,
      w.projectId,
      spoken('Roll camera. Give me a wide shot now. Cut.'),
      'Scene 4.mp4',
    );
    await transcribedClip(t, w.otherProjectId, spoken('Another wide shot here.'), 'Theirs.mp4');
    const res = await search(w.viewer, 'wide shot');
    expect(res.body).toMatchObject({ response: true, errormessage: '' });
    expect(res.body.data).toEqual({
      items: [
        {
          ingest_db_id: clip.id,
          title: 'Scene 4.mp4',
          file_type: 'video',
          text: 'Give me a wide shot now.',
          start_ms: 1800,
          end_ms: 4150,
        },
      ],
      next_cursor: null,
    });
    // the last word matches as a prefix, as people type
    expect((await search(w.viewer, 'camer')).body.data.items.map((h) => h.text)).toEqual(['Roll camera.']);
    // the stranger's own project has their line, and only that
    const theirs = await search(w.stranger, 'wide', undefined, w.otherProjectId);
    expect(theirs.body.data.items.map((h) => h.title)).toEqual(['Theirs.mp4']);
  });

  it('pages by keyset through every hit once, clip by clip in the order they are said', async () => {
    const words = Array.from({ length: 13 }, (_, i) => `Marker ${i}.`).join(' ');
    const clips = [
      await transcribedClip(t, w.projectId, spoken(words)),
      await transcribedClip(t, w.projectId, spoken(words, 60_000)),
    ];
    const pages = await allPages(w.owner, 'marker');
    expect(pages.map((p) => p.items.length)).toEqual([
      TRANSCRIPT_SEARCH_PAGE_SIZE,
      26 - TRANSCRIPT_SEARCH_PAGE_SIZE,
    ]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const hits = pages.flatMap((p) => p.items);
    const key = (h: TranscriptHit) => `${h.ingest_db_id} ${h.start_ms}`;
    expect(new Set(hits.map(key)).size).toBe(26);
    const ordered = [...clips].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(hits.map((h) => h.ingest_db_id)).toEqual(ordered.flatMap((c) => Array<string>(13).fill(c.id)));
    for (const clip of ordered) {
      const starts = hits.filter((h) => h.ingest_db_id === clip.id).map((h) => h.start_ms);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
  });

  it('finds a corrected word and no longer the word it replaced', async () => {
    const clip = await transcribedClip(t, w.projectId, spoken('Bring the dolly zoomx.'));
    expect((await search(w.owner, 'zoomx')).body.data.items).toHaveLength(1);
    await call(t, 'PUT', TRANSCRIPTS_API.word, w.editor, {
      ingest_db_id: clip.id,
      word_index: 3,
      text: 'closer.',
    });
    expect((await search(w.owner, 'zoomx')).body.data.items).toEqual([]);
    const found = (await search(w.owner, 'dolly closer')).body.data.items;
    expect(found.map((h) => [h.ingest_db_id, h.text])).toEqual([[clip.id, 'Bring the dolly closer.']]);
  });

  it('refuses a stranger, asks for words, and refuses a cursor that is not one', async () => {
    await transcribedClip(t, w.projectId, spoken('Hidden line.'));
    const stranger = await search(w.stranger, 'hidden');
    expect(stranger.status).toBe(403);
    expect(stranger.body.errormessage).toBe(MSG.noProjectAccess);
    const empty = await call<{ errors: Record<string, string> }>(t, 'GET', TRANSCRIPTS_API.search, w.owner, {
      project_db_id: w.projectId,
      q: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors.q).toBe(TRANSCRIPT_TEXT.queryRequired);
    const forged = await search(w.owner, 'hidden', Buffer.from('[1,2]').toString('base64url'));
    expect(forged.status).toBe(400);
  });
});

/** Enough lines that reading them all would show in the plan: the index must narrow the read. */
const LINES = 20_000;

describe(`the search's plan over ${LINES.toLocaleString('en')} lines`, () => {
  it(
    'reads through the text index or the project index, by keyset (no OFFSET)',
    { timeout: 300_000 },
    async () => {
      const clip = await asset(t, w.projectId);
      const [row] = await rowsOf<{ id: string }>(
        t.ctx.db,
        sql`insert into transcripts (asset_id, project_id, status) values (${clip.id}, ${w.projectId}, 'done') returning id`,
      );
      // 200 clips' worth of lines in this project and as many in the other; one word in a few of them
      for (const [n, projectId] of [w.projectId, w.otherProjectId].entries())
        await t.ctx.db.execute(sql`
        insert into transcript_lines (transcript_id, asset_id, project_id, position, first_word, last_word, start_ms, end_ms, text)
        select ${row!.id}, md5((g % 200)::text || ${projectId})::uuid, ${projectId}, g + ${n * LINES}, g, g, g * 1000, g * 1000 + 900,
          case when g % 997 = 0 then 'the slate says take ' || g else 'line ' || g || ' of the interview' end
        from generate_series(1, ${LINES / 2}) g`);
      // as autovacuum leaves it: the text index's pending list merged (else its scans look dear)
      await t.ctx.db.execute(sql`vacuum analyze transcript_lines`);
      /** The plans of the search's page queries, for the first page and the one after a cursor. */
      async function plansOf(q: string) {
        const page = await search(w.owner, q);
        const plans: string[] = [];
        for (const c of [undefined, page.body.data.next_cursor ?? undefined]) {
          const sent = await capture(t.ctx.db, () => search(w.owner, q, c));
          for (const query of pageQueries(sent, 'transcript_lines')) {
            expect(query.sql).not.toMatch(/\boffset\b/i);
            plans.push(await explain(t.ctx.db, query));
          }
        }
        for (const plan of plans) {
          expect(plan, plan).toMatch(/transcript_lines_(search|project)_idx/);
          expect(plan, plan).not.toMatch(/Seq Scan on transcript_lines/);
        }
        return plans;
      }
      // a common word: its page is found walking the project's lines in order, nothing sorted
      for (const plan of await plansOf('interview')) {
        expect(plan, plan).toMatch(/Index Scan using transcript_lines_project_idx/);
        expect(plan, plan).not.toMatch(/Sort/);
      }
      // a rare one: looked up in the text index once the ordered walk found too few
      const rare = await plansOf('slate');
      expect(rare.join('\n\n')).toMatch(/Bitmap Index Scan on transcript_lines_search_idx/);
    },
  );
});

describe('a clip moved to another project', () => {
  it('is found in the project it went to, and no longer in the one it left', async () => {
    const from = await project(t, w.owner);
    const to = await project(t, w.owner);
    const clip = await transcribedClip(t, from, spoken('the harbourmaster waves goodbye.'), 'Harbour');
    const moved = await call(t, 'POST', API.assets.copyMove, w.owner, {
      ingest_db_ids: [clip.id],
      action: 'move',
      source_project_db_id: from,
      destination_project_db_id: to,
    });
    expect(moved.status).toBe(200);
    expect((await search(w.owner, 'harbourmaster', undefined, from)).body.data.items).toEqual([]);
    const there = await search(w.owner, 'harbourmaster', undefined, to);
    expect(there.body.data.items.map((h) => h.ingest_db_id)).toEqual([clip.id]);
  });
});

describe('a stack of versions', () => {
  it('is searched in its current version only: the take the assets list shows', async () => {
    const p = await project(t, w.owner);
    const v1 = await transcribedClip(t, p, spoken('the gaffer checks the bounceboard first.'), 'Take');
    const v2 = await transcribedClip(t, p, spoken('the gaffer moves the bounceboard again.'), 'Take v2');
    const v3 = await transcribedClip(t, p, spoken('the gaffer drops the bounceboard. cut.'), 'Take v3');
    const found = async (q: string) =>
      (await search(w.owner, q, undefined, p)).body.data.items.map((h) => h.ingest_db_id);
    // unstacked, each clip is its own current version
    expect(await found('bounceboard')).toEqual([v1.id, v2.id, v3.id].sort());
    const stack = async (base: string, added: string) => {
      const res = await call(t, 'POST', API.shares.versions, w.owner, {
        ingest_db_id: base,
        version_ingest_db_id: added,
      });
      expect(res.status).toBe(200);
    };
    await stack(v1.id, v2.id);
    expect(await found('bounceboard')).toEqual([v2.id, v3.id].sort());
    expect(await found('checks')).toEqual([]); // only said in version 1
    await stack(v1.id, v3.id);
    expect(await found('bounceboard')).toEqual([v3.id]);
    expect(await found('gaffer drops')).toEqual([v3.id]);
    // a page full of hits (the ordered walk, not the text index) holds the current take's lines only
    const v4 = await transcribedClip(t, p, spoken('boom up on the bounceboard. '.repeat(30)), 'Long');
    await stack(v1.id, v4.id);
    const page = (await search(w.owner, 'bounceboard', undefined, p)).body.data;
    expect(page.items).toHaveLength(TRANSCRIPT_SEARCH_PAGE_SIZE);
    expect(new Set(page.items.map((h) => h.ingest_db_id))).toEqual(new Set([v4.id]));
    expect(await found('moves')).toEqual([]);
    // the older takes keep their transcripts: the player reads them when a version is picked
    const old = await call<{ lines: unknown[] }>(t, 'GET', TRANSCRIPTS_API.root, w.owner, {
      ingest_db_id: v1.id,
    });
    expect(old.body.data.lines.length).toBeGreaterThan(0);
  });
});
