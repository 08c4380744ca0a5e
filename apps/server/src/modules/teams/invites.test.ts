import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, type CurrentUser } from '@rushes/shared';
import {
  createTestApp,
  sessionCookie,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { CODE_MAIL, mailsTo, newestCode, send, usersWithEmail } from '../../../test/inject.ts';
import { teamInvites } from '../../db/schema/index.ts';
import {
  apiTeam,
  call,
  inviteCodeIn,
  membership,
  permissionIdOf,
  person,
  type Errors,
} from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An owner's team with a pending invite to a fresh address; answers the mailed code. */
async function invited(opts: { email?: string; permissions?: number[] } = {}) {
  const owner = await person(t);
  const email = opts.email ?? uniqueEmail('invitee');
  const teamId = await apiTeam(t, owner, { emails: [email], permissions: opts.permissions });
  const [mail] = await mailsTo(t.ctx, email);
  const code = inviteCodeIn(mail.text);
  if (!code) throw new Error('no invite code in the mail');
  return { owner, email, teamId, code };
}

const invitesOf = (teamId: string) =>
  t.ctx.db.select().from(teamInvites).where(eq(teamInvites.teamId, teamId));
const teamsOf = async (cookie: string) =>
  (await send<CurrentUser>(t, 'GET', API.auth.checkLogin, { cookie })).body.data.teams.map(
    (x) => x.team_db_id,
  );

describe('sign-up through an invitation', () => {
  it('creates a verified user who is in the team at once, with the invited permissions', async () => {
    const { email, teamId, code } = await invited({
      permissions: [await permissionIdOf(t, 'can_manage_billing')],
    });
    const res = await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'Ina', last_name: 'Vite', email, password: STRONG_PASSWORD, invite_code: code },
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.emailVerified } });
    const [user] = await usersWithEmail(t.ctx, email);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await membership(t, teamId, user.id)).toEqual({ isAdmin: false, codes: ['can_manage_billing'] });
    expect(await invitesOf(teamId)).toHaveLength(0);
    // No verification mail: only the invitation went to this address.
    expect(await mailsTo(t.ctx, email)).toHaveLength(1);

    const login = await send(t, 'POST', API.auth.login, { body: { email, password: STRONG_PASSWORD } });
    expect(login.body).toMatchObject({ response: true, data: { two_factor_required: false } });
    expect(await teamsOf(login.sessionCookie!)).toContain(teamId);
  });

  it('refuses a code meant for another e-mail, an unknown code and a used code, creating nobody', async () => {
    const { code, teamId } = await invited();
    const other = uniqueEmail('other');
    const body = { first_name: 'Eve', last_name: 'Dropper', email: other, password: STRONG_PASSWORD };
    for (const invite_code of [code, 'x'.repeat(43)]) {
      const res = await send<Errors>(t, 'POST', API.auth.signup, { body: { ...body, invite_code } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errormessage: MSG.inviteInvalid,
        data: { errors: { invite_code: MSG.inviteInvalid } },
      });
    }
    expect(await usersWithEmail(t.ctx, other)).toHaveLength(0);
    expect(await invitesOf(teamId)).toHaveLength(1);
  });

  it('refuses an expired invitation', async () => {
    const { email, code, teamId } = await invited();
    await t.ctx.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.teamId, teamId));
    const res = await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'Late', last_name: 'Comer', email, password: STRONG_PASSWORD, invite_code: code },
    });
    expect(res.body.errormessage).toBe(MSG.inviteInvalid);
    expect(await usersWithEmail(t.ctx, email)).toHaveLength(0);
  });
});

describe('login with an invitation', () => {
  async function existingInvitee(opts: { twoFactor?: boolean } = {}) {
    const invitee = await person(t, opts);
    const owner = await person(t);
    // A registered e-mail is added directly, so the invite is made for the address before it registers.
    const teamId = await apiTeam(t, owner, { emails: ['placeholder@example.com'] });
    await t.ctx.db.update(teamInvites).set({ email: invitee.email }).where(eq(teamInvites.teamId, teamId));
    const [mail] = await mailsTo(t.ctx, 'placeholder@example.com');
    return { invitee, teamId, code: inviteCodeIn(mail.text)! };
  }

  it('joins the team after a full login', async () => {
    const { invitee, teamId, code } = await existingInvitee();
    const res = await send(t, 'POST', API.auth.login, {
      body: { email: invitee.email, password: invitee.password, invite_code: code },
    });
    expect(res.body.data).toEqual({ two_factor_required: false });
    expect(await membership(t, teamId, invitee.user.id)).not.toBeNull();
    expect(await invitesOf(teamId)).toHaveLength(0);
  });

  it('for a two-factor user, joins only once the code is entered', async () => {
    const { invitee, teamId, code } = await existingInvitee({ twoFactor: true });
    const login = await send(t, 'POST', API.auth.login, {
      body: { email: invitee.email, password: invitee.password, invite_code: code },
    });
    expect(login.body.data).toEqual({ two_factor_required: true });
    expect(await membership(t, teamId, invitee.user.id)).toBeNull();
    const inviteCookie = login.setCookie.find((c) => c.startsWith('rushes_invite='))!;
    expect(inviteCookie).toMatch(/HttpOnly/i);
    const otp = await newestCode(t.ctx, invitee.email, CODE_MAIL.login);
    const done = await send(t, 'POST', API.auth.loginOtp, {
      body: { otp },
      cookie: `${login.sessionCookie}; ${inviteCookie.split(';')[0]}`,
    });
    expect(done.body.response).toBe(true);
    expect(await membership(t, teamId, invitee.user.id)).not.toBeNull();
  });

  it('ignores a code meant for someone else: the login works, nobody joins', async () => {
    const { teamId, code } = await existingInvitee();
    const stranger = await person(t);
    const res = await send(t, 'POST', API.auth.login, {
      body: { email: stranger.email, password: stranger.password, invite_code: code },
    });
    expect(res.body.response).toBe(true);
    expect(await membership(t, teamId, stranger.user.id)).toBeNull();
    expect(await invitesOf(teamId)).toHaveLength(1);
  });
});

describe('POST /api/teams/invites/accept', () => {
  it('joins a logged-in user whose e-mail the invite is for, once', async () => {
    const { email, teamId, code } = await invited();
    await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'Late', last_name: 'Joiner', email, password: STRONG_PASSWORD },
    });
    const [user] = await usersWithEmail(t.ctx, email);
    expect(await membership(t, teamId, user.id)).toBeNull();
    const me = { user, email, password: STRONG_PASSWORD, cookie: await sessionCookie(t.ctx, user) };
    const res = await call<{ message: string; team: { team_db_id: string; is_admin: boolean } }>(
      t,
      'POST',
      API.teams.acceptInvite,
      me,
      { invite_code: code },
    );
    expect(res.body).toMatchObject({
      response: true,
      data: { message: MSG.inviteAccepted, team: { team_db_id: teamId, is_admin: false } },
    });
    expect(await membership(t, teamId, user.id)).not.toBeNull();
    const again = await call(t, 'POST', API.teams.acceptInvite, me, { invite_code: code });
    expect(again.body).toMatchObject({ response: false, errormessage: MSG.inviteInvalid });
  });

  it('refuses a user with another e-mail and an anonymous caller', async () => {
    const { teamId, code } = await invited();
    const stranger = await person(t);
    const res = await call(t, 'POST', API.teams.acceptInvite, stranger, { invite_code: code });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.inviteInvalid);
    expect(await membership(t, teamId, stranger.user.id)).toBeNull();
    expect((await call(t, 'POST', API.teams.acceptInvite, undefined, { invite_code: code })).status).toBe(
      401,
    );
    expect(await invitesOf(teamId)).toHaveLength(1);
  });

  it('joins an invited owner as an admin', async () => {
    const { email, teamId, code } = await invited({
      permissions: [await permissionIdOf(t, 'added_as_team_owner')],
    });
    await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'Co', last_name: 'Owner', email, password: STRONG_PASSWORD, invite_code: code },
    });
    const [user] = await usersWithEmail(t.ctx, email);
    expect(await membership(t, teamId, user.id)).toEqual({ isAdmin: true, codes: ['added_as_team_owner'] });
  });
});
