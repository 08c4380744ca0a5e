import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type UpgradeData } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { apiTeam, person } from '../teams/teams.testkit.ts';
import { UPGRADE_IMAGE_PATH } from './plans.service.ts';

/** The web app's static files, as its build copies them from apps/web/public. */
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');

let t: TestApp;
let dist = '';
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rushes-upgrade-image-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await copyFile(path.join(WEB_PUBLIC, UPGRADE_IMAGE_PATH), path.join(dist, UPGRADE_IMAGE_PATH));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

async function refusedAt(host: string, headers: Record<string, string> = {}) {
  const owner = await person(t);
  const other = await person(t);
  await apiTeam(t, owner, { ids: [other.user.id] });
  const res = await t.call<{ upgrade_required: UpgradeData }>('GET', API.teams.checkPermission, {
    cookie: owner.cookie,
    headers: { host, ...headers },
  });
  expect(res.status).toBe(403);
  expect(res.body.data.upgrade_required.message).toBe(MSG.upgradeTeamLimit);
  return res.body.data.upgrade_required.image_url;
}

describe('the upgrade notice image (spec 002 §3 Upgrade data image_url)', () => {
  it('is an absolute URL on the address the request came to, and GETting it answers an SVG image', async () => {
    const url = await refusedAt('192.168.1.20:3000');
    expect(url).toBe(`http://192.168.1.20:3000${UPGRADE_IMAGE_PATH}`);
    const image = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toMatch(/^<svg[\s>]/);
  });

  it('follows the name the app was opened at, never PUBLIC_URL or loopback', async () => {
    expect(await refusedAt('studio.example.test')).toBe(`http://studio.example.test${UPGRADE_IMAGE_PATH}`);
    // without TRUST_PROXY a forwarded host is the client's word, not the address: ignored
    expect(await refusedAt('rushes.lan:8080', { 'x-forwarded-host': 'evil.example' })).toBe(
      `http://rushes.lan:8080${UPGRADE_IMAGE_PATH}`,
    );
  });

  it('a Host that is no host name leaves the same-origin path', async () => {
    expect(await refusedAt('bad host/<x>')).toBe(UPGRADE_IMAGE_PATH);
  });
});
