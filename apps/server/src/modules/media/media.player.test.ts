import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PlayerAsset } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, uploadFile } from '../uploads/uploads.testkit.ts';

/** A configured external player (spec 002 §2): the web opens it with id and project query. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXTERNAL_PLAYER_URL: 'https://player.example.com/watch', RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

it('answers the external player address with the asset id and project', async () => {
  const { owner, collaborator, projectId } = await studio(t);
  const config = await call<{ external_player_url: string }>(t, 'GET', API.media.config, owner);
  expect(config.body.data.external_player_url).toBe('https://player.example.com/watch');
  const { done } = await uploadFile(t, owner, projectId, randomBytes(50), { filename: 'cut.mp4' });
  const detail = await call<PlayerAsset>(t, 'GET', API.media.asset, collaborator, {
    ingest_db_id: done.ingest_db_id,
  });
  expect(detail.body.data.external_player_url).toBe(
    `https://player.example.com/watch?id=${done.ingest_db_id}&project=${projectId}`,
  );
  expect(detail.body.data.title).toBe('cut.mp4');
});
