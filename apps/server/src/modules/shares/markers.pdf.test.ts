// system programs: ffmpeg (the frames of the PDF report)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { API, MARKER_TEXT } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from '../projects/projects.testkit.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';

/** The PDF report: read back by pdf.js (unpdf), its text and the frames drawn in it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function download(who: Person, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: API.shares.markers,
    query,
    headers: { 'api-type': 'web', 'api-version': '1', cookie: who.cookie },
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

/** Images painted on each page, counted from pdf.js's operator lists. */
async function imagesPerPage(pdf: Uint8Array) {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(pdf);
  const counts: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const ops = await (await doc.getPage(n)).getOperatorList();
    counts.push(ops.fnArray.filter((f) => f === OPS.paintImageXObject).length);
  }
  return counts;
}

describe('marker export: PDF report', () => {
  it('prints each comment with a frame grabbed at its timecode, its author and text; a note without a frame prints without one', async () => {
    const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
    const c = await person(t, { firstName: 'Cy', lastName: 'Editor' });
    const teamId = await bigTeam(t, a, [c.user.id]);
    const projectId = await apiProject(t, a, teamId, 'Report Reel');
    await addMembers(t, a, projectId, [c]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-markers-pdf-'));
    let assetId: string;
    try {
      const clip = await h264Mp4(dir, 2, 25);
      const { done } = await uploadFile(t, a, projectId, clip, { filename: 'scene.mp4', mime: 'video/mp4' });
      assetId = done.ingest_db_id as string;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await t.ctx.jobs.drainForTests();
    // a second asset with a comment but no bytes behind it: the report still prints it
    const other = await uploadFile(t, a, projectId, randomBytes(1200), { filename: 'notes.mp4' });
    await t.ctx.jobs.drainForTests();
    const add = (ingest: string, body: Record<string, unknown>) =>
      call(t, 'POST', API.shares.comments, c, { ingest_db_id: ingest, ...body });
    await add(assetId, { text: 'Logo too small', frame: 10 });
    await add(assetId, { text: 'Fade out here', frame: 40 });
    await add(assetId, { text: 'Överall: lovely — ship it' });
    await add(other.done.ingest_db_id as string, { text: 'Which version is this?' });

    const res = await download(c, { ingest_db_id: assetId, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('scene - comments.pdf');
    const bytes = new Uint8Array(res.body);
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    expect(text).toContain(MARKER_TEXT.reportTitle('scene.mp4'));
    expect(text).toContain('00:00:00:10');
    expect(text).toContain('00:00:01:15');
    expect(text).toContain('Cy Editor');
    expect(text).toContain('Logo too small');
    expect(text).toContain('Överall: lovely — ship it');
    // two frames grabbed by ffmpeg, the general note beside the asset's thumbnail
    expect(await imagesPerPage(bytes.slice())).toEqual([3]);

    const all = await download(c, { project_db_id: projectId, format: 'pdf' });
    const allBytes = new Uint8Array(all.body);
    const allText = (await extractText(await getDocumentProxy(allBytes.slice()), { mergePages: true })).text;
    expect(allText).toContain(MARKER_TEXT.reportAssetHeading('notes.mp4', 1));
    expect(allText).toContain('Which version is this?');
    expect((await imagesPerPage(allBytes.slice())).reduce((s, n) => s + n, 0)).toBe(3);
  }, 120_000);
});
