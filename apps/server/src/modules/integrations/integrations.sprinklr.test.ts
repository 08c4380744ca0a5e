import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_TEXT,
  SPRINKLR_API as P,
  SPRINKLR_TEXT,
  type SprinklrIntegration,
  type Transfer,
} from '@rushes/shared';
import { teamMemberPermissions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { asset, people, project } from '../../../test/factories.ts';
import { apiTeam, call, permissionIdOf, type Person } from '../teams/teams.testkit.ts';
import { createSprinklrClient, SprinklrError } from './sprinklr.client.ts';
import { STANDIN_KEY, STANDIN_REFRESH, STANDIN_SECRET, startSprinklrStandin } from './sprinklr.standin.ts';

/**
 * Sprinklr against the local stand-in (sprinklr.standin.ts, on loopback, trusted in this app's
 * config): options, campaign validation, token refresh under the row lock, 401/403/421/429,
 * create/delete, and sharing with the already-shared and shared-by-someone-else rules.
 */
let t: TestApp;
let standin: Awaited<ReturnType<typeof startSprinklrStandin>>;
let owner: Person;
let editor: Person;
let plain: Person;
let teamId: string;
let projectId: string;

beforeAll(async () => {
  standin = await startSprinklrStandin();
  t = await createTestApp({
    SPRINKLR_API_URL: standin.url,
    SPRINKLR_API_KEY: STANDIN_KEY,
    SPRINKLR_API_SECRET: STANDIN_SECRET,
    SPRINKLR_REFRESH_TOKEN: STANDIN_REFRESH,
    OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
    RATE_LIMIT: 'false',
  });
  [owner, editor, plain] = await people(t, ['Olivia Owner', 'Edna Editor', 'Paul Plain']);
  const createProjects = await permissionIdOf(t, 'can_create_projects');
  const viewIntegrations = await permissionIdOf(t, 'can_view_app_integration');
  teamId = await apiTeam(t, owner, { ids: [editor.user.id, plain.user.id], permissions: [createProjects] });
  // the editor also holds can_view_app_integration; plain does not
  await t.ctx.db
    .insert(teamMemberPermissions)
    .values({ teamId, userId: editor.user.id, permissionId: viewIntegrations });
  projectId = await project(t, owner, { teamId, members: [editor], role: 'admin' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const validate = (who: Person, campaign_id: string) =>
  call<{ name: string; status: string; message: string | null }>(t, 'GET', P.validate, who, {
    team_db_id: teamId,
    environment: 'prod',
    campaign_id,
  });

describe('Sprinklr', () => {
  it('lists Production as an explicit environment, then its business units, agencies and campaign', async () => {
    const envs = await call<{ environments: { value: string; label: string }[] }>(
      t,
      'GET',
      P.options,
      owner,
      {
        team_db_id: teamId,
        integration_type: 'sprinklr_integration',
      },
    );
    expect(envs.body.data.environments[0]).toEqual({ value: 'prod', label: 'Production' });
    const opts = await call<{
      business_units: unknown[];
      agency_for_media_assets: unknown[];
      campaign: { name: string } | null;
    }>(t, 'GET', P.options, owner, {
      team_db_id: teamId,
      integration_type: 'sprinklr_integration',
      environment: 'prod',
      business_units: 'true',
    });
    expect(opts.body.data.business_units).toEqual([
      { value: '101', label: 'Brand India' },
      { value: '102', label: 'Brand Global' },
    ]);
    expect(opts.body.data.agency_for_media_assets).toEqual([{ value: 'A-1', label: 'Blue Agency' }]);
    expect(opts.body.data.campaign).toEqual({ id: 'C-APPROVED', name: 'Summer Launch' });
    expect(standin.refreshes).toBe(1);
    // every call carried the bearer token and the key header
    const api = standin.calls.filter((c) => c.path.startsWith('/api/'));
    expect(api.every((c) => c.auth.startsWith('Bearer tok-') && c.key === STANDIN_KEY)).toBe(true);
  });

  it('validates campaigns: APPROVED fills the name; DRAFT, archived, deleted carry the message; unknown is Invalid Campaign ID', async () => {
    expect((await validate(owner, 'C-APPROVED')).body.data).toMatchObject({
      name: 'Summer Launch',
      message: null,
    });
    expect((await validate(owner, 'C-DRAFT')).body.data.message).toBe(SPRINKLR_TEXT.campaignDraft);
    expect((await validate(owner, 'C-ARCHIVED')).body.data.message).toBe(SPRINKLR_TEXT.campaignArchived);
    expect((await validate(owner, 'C-DELETED')).body.data.message).toBe(SPRINKLR_TEXT.campaignDeleted);
    const unknown = await validate(owner, 'C-NOPE');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errormessage).toBe(INTEGRATION_TEXT.invalidCampaignId);
  });

  it('refreshes an expired token once for concurrent callers, and waits out a 429', async () => {
    const before = standin.refreshes;
    standin.expireTokens();
    const answers = await Promise.all([
      validate(owner, 'C-APPROVED'),
      validate(owner, 'C-APPROVED'),
      validate(owner, 'C-APPROVED'),
    ]);
    expect(answers.every((a) => a.body.data.name === 'Summer Launch')).toBe(true);
    expect(standin.refreshes).toBe(before + 1);
    standin.throttle(1);
    expect((await validate(owner, 'C-APPROVED')).body.data.name).toBe('Summer Launch');
  });

  it('a wrong key is 403 and a token of another environment is 421 (the stand-in contract)', async () => {
    const wrongKey = createSprinklrClient({
      ...t.ctx,
      config: { ...t.ctx.config, SPRINKLR_API_KEY: 'other-key' },
    });
    await expect(wrongKey.campaign('prod', 'C-APPROVED')).rejects.toMatchObject({ status: 401 });
    const tokenRes = await fetch(`${standin.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: STANDIN_KEY,
        client_secret: STANDIN_SECRET,
        grant_type: 'refresh_token',
        refresh_token: `standin-refresh-${standin.refreshes}`,
      }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const forbidden = await fetch(`${standin.url}/api/v2/campaign/C-APPROVED`, {
      headers: { authorization: `Bearer ${access_token}`, key: 'other-key' },
    });
    expect(forbidden.status).toBe(403);
    const misdirected = await fetch(`${standin.url}/prod2/api/v2/campaign/C-APPROVED`, {
      headers: { authorization: `Bearer ${access_token}`, key: STANDIN_KEY },
    });
    expect(misdirected.status).toBe(421);
    expect(((await misdirected.json()) as { errors: { message: string }[] }).errors[0].message).toBe(
      'Misdirected Request',
    );
    expect(new SprinklrError(421, 'x').status).toBe(421);
  });

  let integrationId = '';
  it('creates an integration only for an APPROVED campaign; required fields', async () => {
    const missing = await call(t, 'POST', P.root, owner, { team_db_id: teamId, environment: 'prod' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('This field is required');
    const draft = await call(t, 'POST', P.root, owner, {
      team_db_id: teamId,
      environment: 'prod',
      business_unit: '101',
      campaign_id: 'C-DRAFT',
    });
    expect(draft.body.errormessage).toBe(SPRINKLR_TEXT.campaignDraft);
    const otherUnit = await call(t, 'POST', P.root, owner, {
      team_db_id: teamId,
      environment: 'prod',
      business_unit: '999',
      campaign_id: 'C-APPROVED',
    });
    expect(otherUnit.body.errormessage).toBe(SPRINKLR_TEXT.unknownBusinessUnit);
    const made = await call<{ integration: { integration_db_id: string; campaign_name: string } }>(
      t,
      'POST',
      P.root,
      owner,
      {
        team_db_id: teamId,
        environment: 'prod',
        business_unit: '101',
        campaign_id: 'C-APPROVED',
        agency_for_media_assets: 'A-1',
      },
    );
    expect(made.body.data.integration.campaign_name).toBe('Summer Launch');
    integrationId = made.body.data.integration.integration_db_id;
    const targets = await call<{ integrations: unknown[] }>(t, 'GET', P.share, owner, {
      team_db_id: teamId,
      project_db_id: projectId,
    });
    expect(targets.body.data.integrations).toEqual([
      {
        integration_db_id: integrationId,
        business_unit: '101',
        business_unit_name: 'Brand India',
        agency_for_media_assets: 'A-1',
        agency_for_media_assets_name: 'Blue Agency',
        campaign_name: 'Summer Launch',
      },
    ]);
    // the list and the details view answer the names people chose, not Sprinklr's ids
    const list = await call<{ integrations: SprinklrIntegration[] }>(t, 'GET', P.root, owner, {
      team_db_id: teamId,
    });
    expect(list.body.data.integrations).toEqual([
      expect.objectContaining({
        integration_db_id: integrationId,
        business_unit: '101',
        business_unit_name: 'Brand India',
        agency_for_media_assets_name: 'Blue Agency',
      }),
    ]);
    const detail = await call<{ integration: SprinklrIntegration }>(t, 'GET', P.detail, owner, {
      integration_db_id: integrationId,
    });
    expect(detail.body.data.integration).toMatchObject({
      business_unit_name: 'Brand India',
      agency_for_media_assets_name: 'Blue Agency',
    });
  });

  it('shares assets to the campaign; again lists them as already shared; someone else is told who shared', async () => {
    const one = await asset(t, projectId, { title: 'teaser.mp4' });
    const two = await asset(t, projectId, { title: 'cutdown.mp4' });
    const first = await call<{ files: unknown[]; transfer: Transfer }>(t, 'POST', P.share, owner, {
      team_db_id: teamId,
      project_db_id: projectId,
      integration_db_id: integrationId,
      ingest_db_ids: [one.id],
    });
    expect(first.body.data.files).toEqual([]);
    expect(first.body.data.transfer).toMatchObject({ transfer_type: 'share', share_from_ps: true });
    await t.ctx.jobs.drainForTests();
    expect(standin.assets).toHaveLength(1);
    expect(standin.assets[0]).toMatchObject({ campaignId: 'C-APPROVED', name: 'teaser.mp4' });
    expect(standin.assets[0].url).toMatch(/^http:\/\/localhost:3000\//);
    const again = await call<{ message: string; files: { ingest_db_id: string; filename: string }[] }>(
      t,
      'POST',
      P.share,
      owner,
      {
        team_db_id: teamId,
        project_db_id: projectId,
        integration_db_id: integrationId,
        ingest_db_ids: [one.id, two.id],
      },
    );
    expect(again.body.data.message).toBe(SPRINKLR_TEXT.alreadyShared);
    expect(again.body.data.files).toEqual([{ ingest_db_id: one.id, filename: 'teaser.mp4' }]);
    // Proceed: the same call without the already-shared files
    const proceed = await call<{ files: unknown[] }>(t, 'POST', P.share, owner, {
      team_db_id: teamId,
      project_db_id: projectId,
      integration_db_id: integrationId,
      ingest_db_ids: [two.id],
    });
    expect(proceed.body.data.files).toEqual([]);
    await t.ctx.jobs.drainForTests();
    expect(standin.assets.map((a) => a.name)).toEqual(['teaser.mp4', 'cutdown.mp4']);
    const byEditor = await call(t, 'POST', P.share, editor, {
      team_db_id: teamId,
      project_db_id: projectId,
      integration_db_id: integrationId,
      ingest_db_ids: [one.id],
    });
    expect(byEditor.body.errormessage).toBe(SPRINKLR_TEXT.sharedBy('Olivia Owner'));
    const status = await call<{ assets: { sprinklr_shared_by: { name: string } | null }[] }>(
      t,
      'GET',
      `${P.share}/status`,
      editor,
      {
        project_db_id: projectId,
        ingest_db_ids: one.id,
      },
    );
    expect(status.body.data.assets[0].sprinklr_shared_by?.name).toBe('Olivia Owner');
  });

  it('a member without can_view_app_integration is refused on every Sprinklr route', async () => {
    const asks: [string, string, Record<string, unknown>][] = [
      ['GET', P.root, { team_db_id: teamId }],
      ['GET', P.detail, { integration_db_id: integrationId }],
      ['GET', P.options, { team_db_id: teamId }],
      ['GET', P.validate, { team_db_id: teamId, environment: 'prod', campaign_id: 'C-APPROVED' }],
      [
        'POST',
        P.root,
        { team_db_id: teamId, environment: 'prod', business_unit: '1', campaign_id: 'C-APPROVED' },
      ],
      ['DELETE', P.root, { integration_db_id: integrationId }],
      ['GET', P.share, { team_db_id: teamId, project_db_id: projectId }],
    ];
    for (const [method, url, body] of asks) {
      const res = await call(t, method as 'GET', url, plain, body);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const removed = await call<{ message: string }>(t, 'DELETE', P.root, owner, {
      integration_db_id: integrationId,
    });
    expect(removed.body.data.message).toBe(INTEGRATION_TEXT.integrationDeleted);
  });
});
