import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PAYMENTS_API, reviewFileUrl, type AuditAction, type ShareAnswer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { randomAddress, send } from '../../../test/inject.ts';
import { apiProject, bigTeam, call, person, type Person } from '../projects/projects.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';
import { grantCredits } from '../credits/index.ts';
import { buyCredits } from '../payments/payments.testkit.ts';
import { book, cloudWorld, end } from '../cloud/cloud.testkit.ts';
import { createTransfer } from '../transfers/index.ts';
import { createTransfersService } from '../transfers/transfers.service.ts';
import { auditMark, auditSince, expectOneEntry } from './audit.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated', RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/** An owner with a team, a project and one uploaded file. */
async function world() {
  const owner = await person(t, { firstName: 'Ana', lastName: 'Owner' });
  const teamId = await bigTeam(t, owner);
  const projectId = await apiProject(t, owner, teamId);
  const { done } = await uploadFile(t, owner, projectId, randomBytes(2000), { filename: 'cut.mp4' });
  return { owner, teamId, projectId, assetId: done.ingest_db_id as string };
}
type World = Awaited<ReturnType<typeof world>>;

async function shareLink(w: World) {
  const made = await call<ShareAnswer>(t, 'POST', API.shares.root, w.owner, {
    project_db_id: w.projectId,
    ingest_db_id: w.assetId,
  });
  const token = new URL(made.body.data.links[0].url, 'http://x').searchParams.get('shared_link')!;
  const [entry] = (await auditSince(t, 0)).filter((r) => r.action === 'shares.link_created').slice(-1);
  return { token, linkId: entry.targetId! };
}
const allowDownload = (w: World, linkId: string) =>
  call(t, 'PUT', API.shares.links, w.owner, { share_link_db_id: linkId, is_download_allowed: true });
const download = (url: string, cookie?: string, range?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: randomAddress(),
    headers: {
      'api-type': 'web',
      'api-version': '1',
      ...(cookie ? { cookie } : {}),
      ...(range ? { range } : {}),
    },
  });

const CASES: { action: AuditAction; act: (w: World) => Promise<unknown>; guest?: boolean }[] = [
  { action: 'shares.link_created', act: (w) => shareLink(w) },
  {
    action: 'shares.link_changed',
    act: async (w) => allowDownload(w, (await shareLink(w)).linkId),
  },
  {
    action: 'shares.link_revoked',
    act: async (w) =>
      call(t, 'PUT', API.shares.revoke, w.owner, { share_link_db_id: (await shareLink(w)).linkId }),
  },
  {
    action: 'shares.link_opened',
    guest: true,
    act: async (w) => {
      const { token } = await shareLink(w);
      const guest = { remoteAddress: '10.9.8.7' };
      for (let i = 0; i < 3; i++) {
        const seen = await send(t, 'GET', API.review.root, { query: { shared_link: token }, ...guest });
        expect(seen.body.data).toMatchObject({ state: 'open' });
      }
    },
  },
  {
    action: 'assets.original_downloaded',
    act: async (w) => {
      const url = `${API.media.file}?ingest_db_id=${w.assetId}&kind=original`;
      expect((await download(url, w.owner.cookie)).statusCode).toBe(200);
      // the rest of a resumed download is the same download
      expect((await download(url, w.owner.cookie, 'bytes=1000-')).statusCode).toBe(206);
    },
  },
  {
    action: 'assets.original_downloaded',
    guest: true,
    act: async (w) => {
      const { token, linkId } = await shareLink(w);
      await allowDownload(w, linkId);
      const res = await download(reviewFileUrl({ shared_link: token }, 'original'));
      expect(res.statusCode).toBe(200);
    },
  },
  {
    action: 'credits.changed',
    act: (w) =>
      t.ctx.db.transaction((tx) =>
        grantCredits(tx, {
          teamId: w.teamId,
          amountPaise: 5000,
          idempotencyKey: randomUUID(),
          reason: 'Goodwill',
          userId: w.owner.user.id,
        }),
      ),
  },
  {
    action: 'payments.received',
    act: async (w) => {
      const started = await buyCredits(t, w.owner as unknown as Person, w.teamId, 500);
      await call(t, 'POST', PAYMENTS_API.testComplete, w.owner, { payment_db_id: started.payment_id });
    },
  },
];

describe('business events write exactly one entry each, in the team', () => {
  it.each(CASES.map((c, i) => [`${c.action} #${i}`, c] as const))('%s', async (_name, c) => {
    const w = await world();
    const entry = await expectOneEntry(t, c.action, () => c.act(w));
    expect(entry.teamId).toBe(w.teamId);
    if (c.guest) expect(entry).toMatchObject({ actorId: null, actorKind: 'share_link' });
    else expect(entry).toMatchObject({ actorId: w.owner.user.id, actorLabel: 'Ana Owner' });
  });

  it('a paid purchase also writes its credits entry (one per ledger entry)', async () => {
    const w = await world();
    const started = await buyCredits(t, w.owner as unknown as Person, w.teamId, 500);
    await call(t, 'POST', PAYMENTS_API.testComplete, w.owner, { payment_db_id: started.payment_id });
    const mark = await auditMark(t);
    await t.ctx.jobs.drainForTests();
    const credits = (await auditSince(t, mark)).filter(
      (r) => r.action === 'credits.changed' && r.teamId === w.teamId,
    );
    expect(credits).toHaveLength(1);
    expect(credits[0].detail).toMatchObject({ kind: 'purchase', amount_paise: 50_000 });
  });

  it('a cloud session writes started and ended once each (and its credits)', async () => {
    const { owner, projectId, teamId } = await cloudWorld(t, 0);
    const mark = await auditMark(t);
    const s = (await book(t, owner, projectId)).body.data;
    await t.ctx.jobs.drainForTests();
    await end(t, owner, projectId, s.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
    const rows = (await auditSince(t, mark)).filter((r) => r.teamId === teamId);
    const kinds = rows.map((r) => r.action).filter((a) => a.startsWith('cloud.'));
    expect(kinds).toEqual(['cloud.session_started', 'cloud.session_ended']);
    expect(rows.filter((r) => r.action === 'credits.changed').length).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.action === 'cloud.session_ended')).toMatchObject({
      actorId: owner.user.id,
      targetId: s.cloud_access_db_id,
      detail: { outcome: 'released' },
    });
  });

  it('an export writes started with the transfer and finished with its end; an import writes neither', async () => {
    const w = await world();
    const transfers = createTransfersService(t.ctx);
    const make = (transferType: 'export' | 'import') =>
      t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
        createTransfer(tx, emit, {
          teamId: w.teamId,
          projectId: w.projectId,
          integrationId: null,
          service: 's3',
          transferType,
          title: 'Dailies',
          userId: w.owner.user.id,
          items: [],
        }),
      );
    const started = await expectOneEntry(t, 'exports.started', () => make('export'));
    expect(started).toMatchObject({ teamId: w.teamId, actorId: w.owner.user.id });
    const finished = await expectOneEntry(t, 'exports.finished', () =>
      transfers.setStatus(started.targetId!, 'finished'),
    );
    expect(finished.detail).toMatchObject({ outcome: 'finished' });
    const mark = await auditMark(t);
    const imported = await make('import');
    await transfers.setStatus(imported.id, 'finished');
    expect((await auditSince(t, mark)).filter((r) => r.action.startsWith('exports.'))).toEqual([]);
  });
});
