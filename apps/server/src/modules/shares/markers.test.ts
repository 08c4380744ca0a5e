// system programs: xmllint (Debian libxml2-utils; DTD checks skip with a notice outside CI)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { API, MARKER_TEXT } from '@rushes/shared';
import { assetComments, assets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  addMembers,
  apiProject,
  bigTeam,
  insertFile,
  person,
  type Person,
} from '../projects/projects.testkit.ts';
import { framesOf, publishedDtd, requiredOnCi, xmllintValid } from './markers.testkit.ts';

/** Comments exported as markers, each file read back by a reader that is not ours. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const NTSC = 30000 / 1001;

/** A video asset at a rate, with comments stored as the comments API stores them. */
async function clip(
  projectId: string,
  author: Person,
  title: string,
  rate: number,
  seconds: number,
  comments: { text: string; frame?: number; frameOut?: number; resolved?: boolean; page?: number }[],
) {
  const row = await insertFile(t, projectId, { title });
  await t.ctx.db
    .update(assets)
    .set({ frameRate: rate, durationSeconds: seconds, width: 1920, height: 1080 })
    .where(eq(assets.id, row.id));
  for (const c of comments)
    await t.ctx.db.insert(assetComments).values({
      assetId: row.id,
      authorUserId: author.user.id,
      text: c.text,
      frame: c.frame ?? null,
      frameOut: c.frameOut ?? null,
      frameRate: c.frame !== undefined ? rate : null,
      page: c.page ?? null,
      resolvedAt: c.resolved ? new Date() : null,
      resolvedBy: c.resolved ? author.user.id : null,
    });
  return row.id;
}

async function world() {
  const a = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const c = await person(t, { firstName: 'Cy', lastName: 'Editor' });
  const teamId = await bigTeam(t, a, [c.user.id]);
  const projectId = await apiProject(t, a, teamId, 'Reel Markers');
  await addMembers(t, a, projectId, [c]);
  const film = await clip(projectId, c, 'film24.mov', 24, 120, [
    { text: 'Opening title', frame: 0 },
    { text: 'Hold longer here', frame: 120, frameOut: 167 },
    { text: '=SUM(A1) "quoted", and, commas', frame: 1439, resolved: true },
  ]);
  const pal = await clip(projectId, c, 'pal25.mxf', 25, 100, [
    { text: 'Grade warmer', frame: 1800 },
    { text: 'Music swell', frame: 50, frameOut: 74 },
  ]);
  const ntsc = await clip(projectId, c, 'ntsc2997.mp4', NTSC, 700, [
    { text: 'First minute', frame: 1800 },
    { text: 'Tenth minute', frame: 17982 },
    { text: 'Across the minute', frame: 1798, frameOut: 1801 },
    { text: 'A general note', page: 1 },
  ]);
  return { a, c, projectId, film, pal, ntsc };
}

async function download(who: Person | null, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: API.shares.markers,
    query,
    headers: { 'api-type': 'web', 'api-version': '1', ...(who ? { cookie: who.cookie } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body };
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false });
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** An FCPXML time ('1001/30000s', '5s') as a frame count at a rate. */
const fcpFrames = (time: string, rate: number) => {
  const m = /^(\d+)(?:\/(\d+))?s$/.exec(time);
  if (!m) throw new Error(`not FCPXML time: ${time}`);
  return Math.round((Number(m[1]) / Number(m[2] ?? 1)) * rate);
};

async function validates(xmlText: string, name: 'fcpxml' | 'xmeml') {
  const dtd = await publishedDtd(name);
  if (typeof dtd !== 'string') {
    if (dtd.required) return requiredOnCi(`${name} DTD validation`, dtd.missing);
    return console.warn(`[markers] ${name} DTD validation skipped: ${dtd.missing}`);
  }
  const verdict = await xmllintValid(xmlText, dtd);
  if (!verdict) return requiredOnCi(`${name} DTD validation`, 'xmllint is not installed (libxml2-utils)');
  expect(verdict.errors).toBe('');
  expect(verdict.ok).toBe(true);
}

describe('marker export', () => {
  it('refuses strangers (403), a bad format and a missing or double target (400, the spec envelope); logged out is 401', async () => {
    const { film, projectId } = await world();
    const stranger = await person(t);
    const asset = await download(stranger, { ingest_db_id: film, format: 'csv' });
    expect(asset.status).toBe(403);
    expect(JSON.parse(asset.text)).toMatchObject({ response: false, data: null });
    expect((await download(stranger, { project_db_id: projectId, format: 'csv' })).status).toBe(403);
    expect((await download(null, { ingest_db_id: film, format: 'csv' })).status).toBe(401);
    const { c } = await world();
    const bad = await download(c, { ingest_db_id: film, format: 'avid' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ response: false, errormessage: MARKER_TEXT.unknownFormat });
    const none = await download(c, { format: 'csv' });
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text).errormessage).toBe(MARKER_TEXT.oneTarget);
    const both = await download(c, { format: 'csv', ingest_db_id: film, project_db_id: projectId });
    expect(both.status).toBe(400);
  });

  it('CSV: every comment with its timecodes at 24, 25 and 29.97 DF, read back by csv-parse', async () => {
    const { c, projectId } = await world();
    const res = await download(c, { project_db_id: projectId, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Reel Markers - comments\.csv"/,
    );
    const rows = parseCsv(res.body, { bom: true, columns: true, relax_column_count: false }) as Record<
      string,
      string
    >[];
    const k = MARKER_TEXT.csvColumns;
    const at = (text: string) => rows.find((r) => r[k.text].endsWith(text))!;
    expect(rows).toHaveLength(9);
    // assets by title: film24, ntsc2997, pal25
    expect(rows.map((r) => r[k.asset])).toEqual([
      ...Array(3).fill('film24.mov'),
      ...Array(4).fill('ntsc2997.mp4'),
      ...Array(2).fill('pal25.mxf'),
    ]);
    expect(at('Hold longer here')).toMatchObject({
      [k.timecodeIn]: '00:00:05:00',
      [k.timecodeOut]: '00:00:06:23',
    });
    expect(at('commas')).toMatchObject({
      [k.text]: `'=SUM(A1) "quoted", and, commas`,
      [k.resolved]: MARKER_TEXT.yes,
      [k.timecodeIn]: '00:00:59:23',
      [k.author]: 'Cy Editor',
    });
    expect(at('Grade warmer')[k.timecodeIn]).toBe('00:01:12:00');
    expect(at('First minute')).toMatchObject({ [k.timecodeIn]: '00:01:00;02', [k.frame]: '1800' });
    expect(at('Tenth minute')[k.timecodeIn]).toBe('00:10:00;00');
    expect(at('Across the minute')).toMatchObject({
      [k.timecodeIn]: '00:00:59;28',
      [k.timecodeOut]: '00:01:00;03',
    });
    expect(at('A general note')).toMatchObject({
      [k.timecodeIn]: '',
      [k.page]: '1',
      [k.resolved]: MARKER_TEXT.no,
    });
    // each timecode names its frame again, counted by smpte-timecode
    for (const r of rows.filter((x) => x[k.timecodeIn])) {
      const rate = r[k.asset].startsWith('film') ? 24 : r[k.asset].startsWith('pal') ? 25 : 29.97;
      expect(framesOf(r[k.timecodeIn], rate)).toBe(Number(r[k.frame]));
    }
  });

  it('Resolve EDL: CMX 3600 events with marker lines, drop-frame at 29.97, timecodes back to the frames', async () => {
    const { c, ntsc, film } = await world();
    const res = await download(c, { ingest_db_id: ntsc, format: 'resolve_edl' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('ntsc2997 - Resolve markers.edl');
    const lines = res.text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: ntsc2997.mp4', 'FCM: DROP FRAME']);
    // CMX 3600: event, reel, channel, transition, source in/out, record in/out
    const event = /^(\d{3}) {2}(\S+)\s+V\s+C\s+(\S{11}) (\S{11}) (\S{11}) (\S{11})\s*$/;
    const events = lines.filter((l) => event.test(l)).map((l) => event.exec(l)!);
    const markers = lines.filter((l) => l.startsWith(' |C:'));
    expect(events.map((e) => e[1])).toEqual(['001', '002', '003']);
    expect(events.map((e) => framesOf(e[5], 29.97))).toEqual([1798, 1800, 17982]);
    expect(events.map((e) => framesOf(e[6], 29.97) - framesOf(e[5], 29.97))).toEqual([4, 1, 1]);
    expect(events[1][5]).toBe('00:01:00;02');
    expect(markers).toEqual([
      ' |C:ResolveColorBlue |M:Cy Editor: Across the minute |D:4',
      ' |C:ResolveColorBlue |M:Cy Editor: First minute |D:1',
      ' |C:ResolveColorBlue |M:Cy Editor: Tenth minute |D:1',
    ]);
    const film24 = (await download(c, { ingest_db_id: film, format: 'resolve_edl' })).text;
    expect(film24).toContain('FCM: NON-DROP FRAME');
    expect(film24).toContain('003  001      V     C        00:00:59:23 00:01:00:00 00:00:59:23 00:01:00:00');
    expect(film24).toContain(' |C:ResolveColorGreen |M:Cy Editor: =SUM(A1) "quoted", and, commas |D:1');
  });

  it('Resolve CSV: the marker list with record timecodes, read back by csv-parse', async () => {
    const { c, pal } = await world();
    const res = await download(c, { ingest_db_id: pal, format: 'resolve_csv' });
    const rows = parseCsv(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Name, r['Record In'], r['Record Out'], r.Duration, r.Color])).toEqual([
      ['Music swell', '00:00:02:00', '00:00:03:00', '25', 'Blue'],
      ['Grade warmer', '00:01:12:00', '00:01:12:01', '1', 'Blue'],
    ]);
    expect(rows[0].Notes).toBe('Cy Editor: Music swell');
  });

  it('Final Cut Pro: FCPXML 1.10 valid against Apple’s DTD, markers at whole 1001/30000s frames', async () => {
    const { c, ntsc, projectId } = await world();
    const res = await download(c, { ingest_db_id: ntsc, format: 'fcpxml' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    await validates(res.text, 'fcpxml');
    const doc = xml.parse(res.text);
    expect(doc.fcpxml.version).toBe('1.10');
    const format = list(doc.fcpxml.resources.format)[0];
    expect(format.frameDuration).toBe('1001/30000s');
    const seq = doc.fcpxml.library.event.project.sequence;
    expect(seq.tcFormat).toBe('DF');
    const markers = list(seq.spine['asset-clip'].marker);
    expect(markers.map((m) => [m.value, m.start, m.duration])).toEqual([
      ['Across the minute', '1799798/30000s', '4004/30000s'],
      ['First minute', '1801800/30000s', '1001/30000s'],
      ['Tenth minute', '17999982/30000s', '1001/30000s'],
    ]);
    expect(markers.map((m) => fcpFrames(m.start, NTSC))).toEqual([1798, 1800, 17982]);
    expect(markers[1]).toMatchObject({ completed: '0', note: 'Cy Editor: First minute' });

    // the whole project: one asset-clip per commented asset, end to end, each in its own format
    const all = await download(c, { project_db_id: projectId, format: 'fcpxml' });
    await validates(all.text, 'fcpxml');
    const pdoc = xml.parse(all.text);
    const clips = list(pdoc.fcpxml.library.event.project.sequence.spine['asset-clip']);
    expect(clips.map((x) => [x.name, x.offset])).toEqual([
      ['film24.mov', '0s'],
      ['ntsc2997.mp4', '288000/2400s'],
      ['pal25.mxf', '1968000/2400s'],
    ]);
    expect(list(clips[0].marker).map((m) => [m.start, m.completed])).toEqual([
      ['0s', '0'],
      ['12000/2400s', '0'],
      ['143900/2400s', '1'],
    ]);
    expect(list(clips[2].marker).map((m) => fcpFrames(m.start, 25))).toEqual([50, 1800]);
  });

  it('Premiere Pro: xmeml 5 with sequence markers in frames, 30 + NTSC TRUE + DF at 29.97, read by fast-xml-parser (and Apple’s DTD where one is given)', async () => {
    const { c, ntsc, film, projectId } = await world();
    const res = await download(c, { ingest_db_id: ntsc, format: 'premiere' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('ntsc2997 - Premiere markers.xml');
    await validates(res.text, 'xmeml');
    const doc = xml.parse(res.text);
    expect(doc.xmeml.version).toBe('5');
    const seq = doc.xmeml.sequence;
    expect(seq.rate).toEqual({ timebase: '30', ntsc: 'TRUE' });
    expect(seq.timecode).toMatchObject({ string: '00:00:00;00', displayformat: 'DF' });
    expect(list(seq.marker).map((m) => [m.name, m.in, m.out])).toEqual([
      ['Across the minute', '1798', '1802'],
      ['First minute', '1800', '-1'],
      ['Tenth minute', '17982', '-1'],
    ]);
    const film24 = xml.parse((await download(c, { ingest_db_id: film, format: 'premiere' })).text);
    expect(film24.xmeml.sequence.rate).toEqual({ timebase: '24', ntsc: 'FALSE' });
    expect(film24.xmeml.sequence.timecode.displayformat).toBe('NDF');
    expect(list(film24.xmeml.sequence.marker).map((m) => [m.in, m.out])).toEqual([
      ['0', '-1'],
      ['120', '168'],
      ['1439', '-1'],
    ]);
    // the project: clips end to end at the first clip's rate (24), markers moved with them
    const all = xml.parse((await download(c, { project_db_id: projectId, format: 'premiere' })).text);
    const items = list(all.xmeml.sequence.media.video.track.clipitem);
    expect(items.map((i) => [i.name, i.start, i.end])).toEqual([
      ['film24.mov', '0', '2880'],
      ['ntsc2997.mp4', '2880', '19680'],
      ['pal25.mxf', '19680', '22080'],
    ]);
    expect(list(all.xmeml.sequence.marker).find((m) => m.name === 'Grade warmer')?.in).toBe(
      String(19680 + 1728),
    );
  });
});
