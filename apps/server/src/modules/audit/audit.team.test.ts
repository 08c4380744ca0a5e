import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AuditAction } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person as personWith } from '../../../test/factories.ts';
import { newestMail } from '../../../test/inject.ts';
import { call, crew, inviteCodeIn, permissionIdOf, person, type Person } from '../teams/teams.testkit.ts';
import { createS3Integration } from '../integrations/integrations.testkit.ts';
import { INTEGRATIONS_API } from '@rushes/shared';
import { expectOneEntry } from './audit.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type World = Awaited<ReturnType<typeof crew>>;
const ok = async (p: Promise<{ body: { response: boolean; errormessage?: string | null } }>) => {
  const res = await p;
  expect(res.body.errormessage ?? '').toBe('');
  expect(res.body.response).toBe(true);
  return res;
};

/** Each team event: what makes it (as the owner, unless said), and the target its entry names. */
const CASES: { action: AuditAction; act: (w: World) => Promise<unknown>; target?: (w: World) => string }[] = [
  {
    action: 'members.invited',
    act: (w) =>
      ok(
        call(t, 'POST', API.teams.members, w.owner, {
          team_id: w.teamId,
          user_db_ids: [],
          user_emails: ['new.one@example.com'],
        }),
      ),
    target: () => 'new.one@example.com',
  },
  {
    action: 'members.joined',
    act: async (w) => {
      const extra = await person(t);
      await ok(
        call(t, 'POST', API.teams.members, w.owner, {
          team_id: w.teamId,
          user_db_ids: [extra.user.id],
          user_emails: [],
        }),
      );
    },
  },
  {
    action: 'members.removed',
    act: (w) =>
      ok(call(t, 'PUT', API.teams.members, w.owner, { team_id: w.teamId, user_db_id: w.member.user.id })),
    target: (w) => w.member.user.id,
  },
  {
    action: 'members.role_changed',
    act: async (w) =>
      ok(
        call(t, 'POST', API.teams.memberPermissions, w.owner, {
          team_id: w.teamId,
          user_db_id: w.member.user.id,
          permissions: [await permissionIdOf(t, 'added_as_team_owner')],
        }),
      ),
    target: (w) => w.member.user.id,
  },
  {
    action: 'members.permissions_changed',
    act: async (w) =>
      ok(
        call(t, 'POST', API.teams.memberPermissions, w.owner, {
          team_id: w.teamId,
          user_db_id: w.member.user.id,
          permissions: [await permissionIdOf(t, 'can_create_projects')],
        }),
      ),
    target: (w) => w.member.user.id,
  },
  {
    action: 'team.settings_changed',
    act: (w) => ok(call(t, 'PUT', API.teams.root, w.owner, { team_id: w.teamId, name: 'Renamed crew' })),
    target: (w) => w.teamId,
  },
  {
    action: 'integrations.created',
    act: (w) => createS3Integration(t, w.owner as Person, w.teamId),
  },
  {
    action: 'integrations.deleted',
    act: async (w) => {
      const id = await createS3Integration(t, w.owner as Person, w.teamId);
      await ok(call(t, 'DELETE', INTEGRATIONS_API.s3, w.owner as Person, { s3_integration_db_id: id }));
    },
  },
];

describe('team events write exactly one entry each, in the team', () => {
  it.each(CASES.map((c) => [c.action, c] as const))('%s', async (_name, c) => {
    const w = await crew(t);
    const entry = await expectOneEntry(t, c.action, () => c.act(w));
    expect(entry).toMatchObject({ teamId: w.teamId, actorId: w.owner.user.id, actorKind: 'session' });
    if (c.target) expect(entry.targetId).toBe(c.target(w));
  });

  it('members.joined by invitation: the joining person is the actor', async () => {
    const w = await crew(t);
    const email = `joiner-${Date.now()}@example.com`;
    await ok(
      call(t, 'POST', API.teams.members, w.owner, {
        team_id: w.teamId,
        user_db_ids: [],
        user_emails: [email],
      }),
    );
    const code = inviteCodeIn((await newestMail(t.ctx, email)).text)!;
    const joiner = await personWith(t, { email });
    const entry = await expectOneEntry(t, 'members.joined', () =>
      ok(call(t, 'POST', API.teams.acceptInvite, joiner as Person, { invite_code: code })),
    );
    expect(entry).toMatchObject({ teamId: w.teamId, actorId: joiner.user.id });
  });

  it('a refused change (removing oneself) leaves no entry', async () => {
    const w = await crew(t);
    const { auditMark, auditSince } = await import('./audit.testkit.ts');
    const mark = await auditMark(t);
    const res = await call(t, 'PUT', API.teams.members, w.owner, {
      team_id: w.teamId,
      user_db_id: w.owner.user.id,
    });
    expect(res.body.response).toBe(false);
    expect(await auditSince(t, mark)).toEqual([]);
  });
});
