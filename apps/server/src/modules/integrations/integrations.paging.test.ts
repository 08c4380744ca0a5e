import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATIONS_API as P } from '@rushes/shared';
import { integrations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/factories.ts';
import { apiTeam, call, type Person } from '../teams/teams.testkit.ts';
import { createS3Integration } from './integrations.testkit.ts';

/**
 * The export panel's pickers (spec 002 §7 Buckets, §9): the buckets list pages by 100 (page_no),
 * the folders list by 500, each folder page asked of S3 with max-keys 500 and the previous page's
 * continuation token. A stand-in S3 answers the listings and records what was asked (s3rver never
 * truncates a listing with folders, so it cannot show the second page).
 */
let t: TestApp;
let s3: Server;
let owner: Person;
let teamId: string;
const asked: URLSearchParams[] = [];

/** ListObjectsV2 of delivery-out: the first page ends with a continuation token, the second does not. */
function listing(q: URLSearchParams) {
  const prefix = q.get('prefix') ?? '';
  const second = q.get('continuation-token') === 'page-2';
  const folders = second ? ['zebra'] : ['alpha', 'beta'];
  return `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>delivery-out</Name><Prefix>${prefix}</Prefix><Delimiter>/</Delimiter>
  <MaxKeys>${q.get('max-keys')}</MaxKeys><KeyCount>${folders.length}</KeyCount>
  <IsTruncated>${second ? 'false' : 'true'}</IsTruncated>
  ${second ? '' : '<NextContinuationToken>page-2</NextContinuationToken>'}
  ${folders.map((f) => `<CommonPrefixes><Prefix>${prefix}${f}/</Prefix></CommonPrefixes>`).join('')}
</ListBucketResult>`;
}

beforeAll(async () => {
  s3 = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://s3').searchParams;
    asked.push(q);
    res.writeHead(200, { 'content-type': 'application/xml' }).end(listing(q));
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    INTEGRATIONS_S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
    OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
    RATE_LIMIT: 'false',
  });
  const [first, member] = await people(t, 2);
  owner = first;
  teamId = await apiTeam(t, owner, { ids: [member.user.id] });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => s3?.close(resolve));
});

type BucketPage = {
  buckets: { bucket: string; side: string; create_date_folders: boolean }[];
  total_entries: number;
};

describe('export pickers: pages', () => {
  it('the buckets list answers 100 per page unless asked for fewer, never more, and page_no reaches the rest', async () => {
    // 60 integrations with an input and an output bucket each: 120 entries
    await t.ctx.db.insert(integrations).values(
      Array.from({ length: 60 }, (_, i) => ({
        teamId,
        service: 's3',
        region: 'eu-west-1',
        inputBucket: `in-${String(i).padStart(2, '0')}`,
        outputBucket: `out-${String(i).padStart(2, '0')}`,
        createDateFolders: i % 2 === 0,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await call<BucketPage>(t, 'GET', P.s3Buckets, owner, { team_db_id: teamId });
    expect(first.body.data.buckets).toHaveLength(100);
    expect(first.body.data.total_entries).toBe(120);
    expect(first.body.data.buckets.slice(0, 2)).toMatchObject([
      { bucket: 'in-00', side: 'input', create_date_folders: true },
      { bucket: 'out-00', side: 'output', create_date_folders: true },
    ]);
    const second = await call<BucketPage>(t, 'GET', P.s3Buckets, owner, {
      team_db_id: teamId,
      entries_per_page: 100,
      page_no: 2,
    });
    expect(second.body.data.buckets.map((b) => b.bucket)).toEqual(
      Array.from({ length: 10 }, (_, i) => [`in-${50 + i}`, `out-${50 + i}`]).flat(),
    );
    expect(second.body.data.total_entries).toBe(120);
    const tooMany = await call(t, 'GET', P.s3Buckets, owner, { team_db_id: teamId, entries_per_page: 101 });
    expect(tooMany.status).toBe(400);
    // Contido's list is its own
    const contido = await call<BucketPage>(t, 'GET', P.contidoBuckets, owner, { team_db_id: teamId });
    expect(contido.body.data).toEqual({ buckets: [], total_entries: 0 });
  });

  it('the folders list asks S3 for 500 at a time and follows the continuation token', async () => {
    const id = await createS3Integration(t, owner, teamId);
    const first = await call<{ folders: { label: string; value: string }[]; next_page_token: string | null }>(
      t,
      'GET',
      P.s3Folders,
      owner,
      { integration_db_id: id, bucket: 'delivery-out', folder_path: 'client' },
    );
    expect(first.body.errormessage).toBe('');
    expect(first.body.data.folders).toEqual([
      { label: 'alpha', value: 'client/alpha' },
      { label: 'beta', value: 'client/beta' },
    ]);
    expect(first.body.data.next_page_token).toBe('page-2');
    const q = asked.at(-1)!;
    expect(q.get('list-type')).toBe('2');
    expect(q.get('max-keys')).toBe('500');
    expect(q.get('prefix')).toBe('exports/client/'); // under the integration's output folder
    expect(q.get('delimiter')).toBe('/');
    expect(q.get('continuation-token')).toBeNull();

    const next = await call<{ folders: { label: string }[]; next_page_token: string | null }>(
      t,
      'GET',
      P.s3Folders,
      owner,
      { integration_db_id: id, bucket: 'delivery-out', folder_path: 'client', page_token: 'page-2' },
    );
    expect(next.body.data.folders.map((f) => f.label)).toEqual(['zebra']);
    expect(next.body.data.next_page_token).toBeNull();
    expect(asked.at(-1)!.get('continuation-token')).toBe('page-2');
    expect(asked.at(-1)!.get('max-keys')).toBe('500');

    const tooMany = await call(t, 'GET', P.s3Folders, owner, {
      integration_db_id: id,
      bucket: 'delivery-out',
      entries_per_page: 501,
    });
    expect(tooMany.status).toBe(400);
  });
});
