import { and, eq } from 'drizzle-orm';
import { API, type TeamPermissionCode } from '@rushes/shared';
import { makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { permissions, teamMembers, teams } from '../../db/schema/index.ts';
import { updateUser } from '../accounts/users.service.ts';
import { heldCodes } from './teams.policy.ts';
import { people, team } from '../../../test/factories.ts';

/** Test helpers for the teams, plans and users modules: people, teams made through the API, lookups. */

export type Errors = { errors: Record<string, string> };

export interface Person {
  user: Awaited<ReturnType<typeof makeUser>>['user'];
  email: string;
  password: string;
  cookie: string;
}

export async function person(
  t: TestApp,
  opts: { twoFactor?: boolean; firstName?: string; lastName?: string } = {},
): Promise<Person> {
  const made = await makeUser(t.ctx, { twoFactor: opts.twoFactor });
  if (opts.firstName || opts.lastName) {
    await updateUser(t.ctx.db, made.user.id, {
      firstName: opts.firstName ?? made.user.firstName,
      lastName: opts.lastName ?? made.user.lastName,
    });
  }
  return { ...made, cookie: await sessionCookie(t.ctx, made.user) };
}

export const call = <T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Person | undefined,
  payload?: Record<string, unknown>,
) =>
  send<T>(t, method, url, {
    cookie: who?.cookie,
    ...(method === 'GET'
      ? { query: payload as Record<string, string> | undefined }
      : { body: payload ?? {} }),
  });

export async function permissionIdOf(t: TestApp, code: TeamPermissionCode): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.code, code));
  return row.id;
}

let teamSeq = 0;
export const teamName = (label = 'Crew') => `${label} ${++teamSeq}`;

/** Creates a team through the API as `owner` (with the given members) and answers its id. */
export async function apiTeam(
  t: TestApp,
  owner: Person,
  members: { ids?: string[]; emails?: string[]; permissions?: number[] } = {},
  name = teamName(),
): Promise<string> {
  const res = await call<{ team_db_id: string }>(t, 'POST', API.teams.root, owner, {
    name,
    aws_region: 'eu-west-1',
    user_db_ids: members.ids ?? [],
    user_emails: members.emails ?? [],
    ...(members.permissions ? { permissions: members.permissions } : {}),
  });
  if (!res.body.response) throw new Error(`team not created: ${res.body.errormessage}`);
  return res.body.data.team_db_id;
}

/**
 * An owner with a team (on the default plan, like the owner's account) and one plain member (default
 * permissions), written directly (test/factories.ts): a test's world, not its subject.
 */
export async function crew(t: TestApp) {
  const [owner, member] = await people(t, 2);
  const teamId = await team(t, owner, { name: teamName(), members: [member] });
  return { owner, member, teamId };
}

export async function membership(t: TestApp, teamId: string, userId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row) return null;
  return { isAdmin: row.isAdmin, codes: (await heldCodes(t.ctx.db, teamId, userId)).sort() };
}

export async function setPlan(t: TestApp, teamId: string, planCode: string) {
  await t.ctx.db.update(teams).set({ planCode }).where(eq(teams.id, teamId));
}

export const inviteCodeIn = (text: string) => /inviteCode=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
