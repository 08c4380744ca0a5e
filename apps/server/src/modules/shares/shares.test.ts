import { describe, expect, it } from 'vitest';
import { API, SHARED_ASSETS_TRAY, type SharedAssetsPage } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, next, record } from '../../../test/realtime-helpers.ts';
import { apiFolder, insertFile, studio } from '../projects/projects.testkit.ts';
import { call, person, type Person } from '../teams/teams.testkit.ts';
import { recordShares } from './shares.service.ts';

/** The 'Shared Assets' home tray (spec 002 §2, §7) and its realtime updates (§4). */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w));

const tray = (who: Person | undefined, query: Record<string, string> = {}) =>
  call<SharedAssetsPage>(t, 'GET', API.projects.trays, who, { tray_name: SHARED_ASSETS_TRAY, ...query });

/** What the sharing issue will do: record shares in a transaction (its own policy checked before). */
const share = (assetId: string, by: Person, to: Person[]) =>
  t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
    recordShares(tx, emit, { assetId, sharedBy: by.user.id, userIds: to.map((p) => p.user.id) }),
  );

describe('Shared Assets tray', () => {
  it('lists assets shared with the caller newest first, by keyset, without duplicates while more are shared', async () => {
    const { owner, projectId } = await studio(t);
    const reader = await person(t);
    const files = [];
    for (let i = 0; i < 5; i++) files.push(await insertFile(t, projectId, { title: `shot-${i}.mp4` }));
    for (const f of files.slice(0, 3)) await share(f.id, owner, [reader]);

    const first = await tray(reader, { entries_per_page: '2' });
    expect(first.status).toBe(200);
    expect(first.body.data.field).toBe('shared_assets');
    expect(first.body.data.total_entries).toBe(3);
    expect(first.body.data.data.map((c) => c.title)).toEqual(['shot-2.mp4', 'shot-1.mp4']);
    expect(first.body.data.data[0]).toMatchObject({
      ingest_db_id: files[2].id,
      file_type: 'video',
      is_folder: false,
      project_db_id: projectId,
      shared_by: { user_id: owner.user.id },
    });

    // Shared meanwhile: lands on top, never in the next page.
    await share(files[3].id, owner, [reader]);
    const second = await tray(reader, { entries_per_page: '2', cursor: first.body.data.next_cursor! });
    expect(second.body.data.data.map((c) => c.title)).toEqual(['shot-0.mp4']);
    expect(second.body.data.next_cursor).toBeNull();
    expect(second.body.data.total_entries).toBe(4);
  });

  it('shows nobody else the shares: the sharer, another member and an outsider see an empty tray; anonymous is refused', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const reader = await person(t);
    const outsider = await person(t);
    const file = await insertFile(t, projectId);
    await share(file.id, owner, [reader, owner]);

    expect((await tray(reader)).body.data.total_entries).toBe(1);
    for (const who of [owner, collaborator, outsider]) {
      const res = await tray(who);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ data: [], total_entries: 0, next_cursor: null });
    }
    const anonymous = await tray(undefined);
    expect(anonymous.status).toBe(401);
    expect((await tray(reader, { cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('recipients hear add, update (shared again) and delete (the asset deleted); others hear nothing', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const reader = await person(t);
    const folder = await apiFolder(t, owner, projectId, 'Dailies');
    const file = await insertFile(t, projectId, {
      title: 'take-1.mov',
      parentId: folder,
      folderPath: '/Dailies',
    });
    const readerSocket = await connect(url, { cookie: reader.cookie });
    const otherSocket = await connect(url, { cookie: collaborator.cookie });
    const otherSaw = record(otherSocket, 'shared_asset_add');

    const added = next(readerSocket, 'shared_asset_add');
    const [shareId] = await share(file.id, owner, [reader]);
    expect(await added).toMatchObject({
      tray: 'shared_assets',
      asset: { share_id: shareId, ingest_db_id: file.id, title: 'take-1.mov' },
    });

    const updated = next(readerSocket, 'shared_asset_update');
    expect(await share(file.id, collaborator, [reader])).toEqual([shareId]);
    expect((await updated).asset).toMatchObject({
      share_id: shareId,
      shared_by: { user_id: collaborator.user.id },
    });
    expect((await tray(reader)).body.data.total_entries).toBe(1);

    // Deleting the folder takes the file inside it, and the recipient's card with it.
    const removed = next(readerSocket, 'shared_asset_delete');
    const res = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [folder],
    });
    expect(res.body.response).toBe(true);
    expect(await removed).toEqual({ share_id: shareId });
    expect((await tray(reader)).body.data.total_entries).toBe(0);

    await afterSentinel(otherSocket, () =>
      t.ctx.realtime.toUser(collaborator.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(otherSaw).toEqual([]);
  });
});
