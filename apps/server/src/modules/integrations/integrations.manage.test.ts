import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMBER_PERMISSIONS, INTEGRATIONS_API as P, MSG, SPRINKLR_API } from '@rushes/shared';
import { integrations } from '../../db/schema/index.ts';
import { call } from '../teams/teams.testkit.ts';
import { createS3Integration, integrationsWorld, type IntegrationsWorld } from './integrations.testkit.ts';

/**
 * Viewing a team's integrations is can_view_app_integration (spec 002 §6), which every new member
 * holds by default; creating, testing and deleting them is the team admin's (is_admin: an owner).
 */
let w: IntegrationsWorld;

beforeAll(async () => {
  w = await integrationsWorld({ permissions: [...DEFAULT_MEMBER_PERMISSIONS] });
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const s3Form = (teamId: string) => ({
  team_db_id: teamId,
  output: true,
  output_bucket: 'delivery-out',
  auth_mode: 'keys',
  access_key_id: 'S3RVER',
  secret_access_key: 'S3RVER',
});

describe('managing integrations', () => {
  it('a member with the default codes lists the integrations but cannot create, test or delete them', async () => {
    const { t, owner, member, teamId } = w;
    const s3Id = await createS3Integration(t, owner, teamId);
    const contido = await call<{ integration: { integration_db_id: string } }>(t, 'POST', P.contido, owner, {
      ...s3Form(teamId),
      endpoint: w.s3.endpoint,
    });
    expect(contido.body.errormessage).toBe('');
    const contidoId = contido.body.data.integration.integration_db_id;
    const [sprinklr] = await t.ctx.db
      .insert(integrations)
      .values({ teamId, service: 'sprinklr', region: 'prod', settings: { campaign_id: 'C-APPROVED' } })
      .returning();

    // viewing and using stay open to the member
    const list = await call<{ s3_integrations: unknown[] }>(t, 'GET', P.s3, member, { team_db_id: teamId });
    expect(list.status).toBe(200);
    expect(list.body.data.s3_integrations).toHaveLength(1);
    expect((await call(t, 'GET', P.contido, member, { team_db_id: teamId })).status).toBe(200);
    expect((await call(t, 'GET', P.s3Detail, member, { s3_integration_db_id: s3Id })).status).toBe(200);
    expect((await call(t, 'GET', P.s3Buckets, member, { team_db_id: teamId })).status).toBe(200);
    expect((await call(t, 'GET', SPRINKLR_API.root, member, { team_db_id: teamId })).status).toBe(200);

    const asks: [string, string, Record<string, unknown>][] = [
      ['POST', P.s3, s3Form(teamId)],
      ['DELETE', P.s3, { s3_integration_db_id: s3Id }],
      ['POST', P.s3Test, { s3_integration_db_id: s3Id }],
      ['POST', P.contido, { ...s3Form(teamId), endpoint: w.s3.endpoint }],
      ['DELETE', P.contido, { integration_db_id: contidoId }],
      ['POST', P.contidoTest, { integration_db_id: contidoId }],
      [
        'POST',
        SPRINKLR_API.root,
        { team_db_id: teamId, environment: 'prod', business_unit: '1', campaign_id: 'C-APPROVED' },
      ],
      ['DELETE', SPRINKLR_API.root, { integration_db_id: sprinklr.id }],
    ];
    for (const [method, url, body] of asks) {
      const res = await call(t, method as 'POST', url, member, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body, `${method} ${url}`).toMatchObject({ response: false, errormessage: MSG.forbidden });
    }
    // nothing was created or deleted
    const after = await call<{ s3_integrations: unknown[] }>(t, 'GET', P.s3, owner, { team_db_id: teamId });
    expect(after.body.data.s3_integrations).toHaveLength(1);
    const contidoAfter = await call<{ integrations: unknown[] }>(t, 'GET', P.contido, owner, {
      team_db_id: teamId,
    });
    expect(contidoAfter.body.data.integrations).toHaveLength(1);
    const sprinklrAfter = await call<{ integrations: unknown[] }>(t, 'GET', SPRINKLR_API.root, owner, {
      team_db_id: teamId,
    });
    expect(sprinklrAfter.body.data.integrations).toHaveLength(1);

    // the team admin manages them
    expect((await call(t, 'DELETE', P.s3, owner, { s3_integration_db_id: s3Id })).status).toBe(200);
    expect((await call(t, 'DELETE', P.contido, owner, { integration_db_id: contidoId })).status).toBe(200);
    expect(
      (await call(t, 'DELETE', SPRINKLR_API.root, owner, { integration_db_id: sprinklr.id })).status,
    ).toBe(200);
  });
});
