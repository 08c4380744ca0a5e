import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, MSG, type CurrentUser } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { createTeam, findTeam } from '../teams/teams.service.ts';
import { CODE_MAIL, expireSecrets, mailsTo, newestCode, send, usersWithEmail } from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Errors = { errors: Record<string, string> };
type VerifyBody = {
  scope: 'account' | 'team';
  otp: string;
  two_factor_authentication_enabled: boolean;
  team_id?: string;
  team_db_id?: string;
};

const sendCode = (cookie: string | undefined, body: { scope: 'account' | 'team'; team_id?: string }) =>
  send<Errors>(t, 'POST', API.account.twoFactorSend, { cookie, body });
const verify = (cookie: string | undefined, body: VerifyBody) =>
  send<Errors>(t, 'PUT', API.account.twoFactorVerify, { cookie, body });
const me = async (cookie: string) =>
  (await send<CurrentUser>(t, 'GET', API.auth.checkLogin, { cookie })).body.data;
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A logged-in user whose session just confirmed it's them (turning two-factor off asks for that). */
async function loggedIn(opts: { twoFactor?: boolean } = {}) {
  const made = await makeUser(t.ctx, opts);
  const cookie = await sessionCookie(t.ctx, made.user);
  const confirmed = await send(t, 'POST', API.signin.reauthPassword, {
    cookie,
    body: { password: made.password },
  });
  expect(confirmed.status).toBe(200);
  return { ...made, cookie };
}

/** An owner with a (non-personal) team and one plain member, both logged in. */
async function teamWithMember() {
  const owner = await loggedIn();
  const member = await loggedIn();
  const team = await createTeam(t.ctx.db, {
    name: 'Crew',
    ownerId: owner.user.id,
    memberIds: [member.user.id],
  });
  return { owner, member, team };
}

/** The owner's full send-and-verify round trip for a team. */
async function setTeamTwoFactor(owner: { email: string; cookie: string }, teamId: string, enabled: boolean) {
  expect((await sendCode(owner.cookie, { scope: 'team', team_id: teamId })).body.response).toBe(true);
  const code = await newestCode(t.ctx, owner.email, CODE_MAIL.team);
  return verify(owner.cookie, {
    scope: 'team',
    team_id: teamId,
    otp: code,
    two_factor_authentication_enabled: enabled,
  });
}

describe('account two-factor', () => {
  it('turns two-factor on with the mailed code, after which login asks for a code', async () => {
    const { email, password, cookie } = await loggedIn();
    const sent = await sendCode(cookie, { scope: 'account' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ response: true, data: { message: MSG.otpSent } });
    const code = await newestCode(t.ctx, email, CODE_MAIL.enable);

    const res = await verify(cookie, {
      scope: 'account',
      otp: code,
      two_factor_authentication_enabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.twoFactorEnabled } });
    expect(await me(cookie)).toMatchObject({
      two_factor_authentication_enabled: true,
      is_two_factor_authentication_enabled_by_team: false,
    });

    const login = await send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, {
      body: { email, password },
    });
    expect(login.body.data.two_factor_required).toBe(true);
    expect(await newestCode(t.ctx, email, CODE_MAIL.login)).toMatch(/^\d{6}$/);
  });

  it('turns two-factor off with a code mailed for that', async () => {
    const { email, password, cookie } = await loggedIn({ twoFactor: true });
    expect((await sendCode(cookie, { scope: 'account' })).body.response).toBe(true);
    const code = await newestCode(t.ctx, email, CODE_MAIL.disable);
    const res = await verify(cookie, {
      scope: 'account',
      otp: code,
      two_factor_authentication_enabled: false,
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.twoFactorDisabled } });
    expect((await me(cookie)).two_factor_authentication_enabled).toBe(false);
    const login = await send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, {
      body: { email, password },
    });
    expect(login.body.data.two_factor_required).toBe(false);
  });

  it('refuses a wrong code on the otp field and leaves the setting alone', async () => {
    const { email, cookie } = await loggedIn();
    await sendCode(cookie, { scope: 'account' });
    const code = await newestCode(t.ctx, email, CODE_MAIL.enable);
    const res = await verify(cookie, {
      scope: 'account',
      otp: other(code),
      two_factor_authentication_enabled: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      response: false,
      errormessage: MSG.otpInvalid,
      data: { errors: { otp: MSG.otpInvalid } },
    });
    expect((await me(cookie)).two_factor_authentication_enabled).toBe(false);
  });

  it('refuses an expired code and a code used once already', async () => {
    const { user, email, cookie } = await loggedIn();
    await sendCode(cookie, { scope: 'account' });
    await expireSecrets(t.ctx, user.id, 'toggle_2fa');
    const stale = await newestCode(t.ctx, email, CODE_MAIL.enable);
    const expired = await verify(cookie, {
      scope: 'account',
      otp: stale,
      two_factor_authentication_enabled: true,
    });
    expect(expired.body.errormessage).toBe(MSG.otpExpired);

    await sendCode(cookie, { scope: 'account' });
    const code = await newestCode(t.ctx, email, CODE_MAIL.enable);
    expect(
      (await verify(cookie, { scope: 'account', otp: code, two_factor_authentication_enabled: true })).body
        .response,
    ).toBe(true);
    const reused = await verify(cookie, {
      scope: 'account',
      otp: code,
      two_factor_authentication_enabled: false,
    });
    expect(reused.body.errormessage).toBe(MSG.otpExpired);
    expect((await me(cookie)).two_factor_authentication_enabled).toBe(true);
  });

  it('does not accept a login code to toggle two-factor', async () => {
    const { email, password, cookie } = await loggedIn({ twoFactor: true });
    await send(t, 'POST', API.auth.login, { body: { email, password } });
    const loginCode = await newestCode(t.ctx, email, CODE_MAIL.login);
    const res = await verify(cookie, {
      scope: 'account',
      otp: loginCode,
      two_factor_authentication_enabled: false,
    });
    expect(res.body.response).toBe(false);
    expect((await me(cookie)).two_factor_authentication_enabled).toBe(true);
  });

  it('answers 401 to an anonymous caller', async () => {
    const send1 = await sendCode(undefined, { scope: 'account' });
    const verify1 = await verify(undefined, {
      scope: 'account',
      otp: '123456',
      two_factor_authentication_enabled: true,
    });
    for (const res of [send1, verify1]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ response: false, errorcode: 401 });
    }
  });

  it('validates the bodies', async () => {
    const { cookie } = await loggedIn();
    const badScope = await send<Errors>(t, 'POST', API.account.twoFactorSend, {
      cookie,
      body: { scope: 'everyone' },
    });
    expect(badScope.status).toBe(400);
    expect(badScope.body.data.errors.scope).toBeDefined();
    const badOtp = await verify(cookie, {
      scope: 'account',
      otp: '12ab56',
      two_factor_authentication_enabled: true,
    });
    expect(badOtp.body.data.errors.otp).toBe(MSG.otpDigits);
    const noTeam = await sendCode(cookie, { scope: 'team' });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.data.errors.team_id).toBe(MSG.required);
  });
});

describe('team two-factor', () => {
  it('lets the owner turn it on for the team, enforcing it on every member', async () => {
    const { owner, member, team } = await teamWithMember();
    const res = await setTeamTwoFactor(owner, team.id, true);
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.twoFactorEnabled } });
    expect((await findTeam(t.ctx.db, team.id))!.twoFactorEnabled).toBe(true);
    // The owner's own account toggle is untouched (the team enforces it instead).
    expect((await usersWithEmail(t.ctx, owner.email))[0].twoFactorEnabled).toBe(false);

    const memberView = await me(member.cookie);
    expect(memberView).toMatchObject({
      two_factor_authentication_enabled: true,
      is_two_factor_authentication_enabled_by_team: true,
    });
    expect(memberView.teams.find((x) => x.team_db_id === team.id)?.two_factor_authentication_enabled).toBe(
      true,
    );

    const login = await send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, {
      body: { email: member.email, password: member.password },
    });
    expect(login.body.data.two_factor_required).toBe(true);
  });

  it('does not let a member turn off two-factor the team enforces', async () => {
    const { owner, member, team } = await teamWithMember();
    await sendCode(owner.cookie, { scope: 'team', team_id: team.id });
    const code = await newestCode(t.ctx, owner.email, CODE_MAIL.team);
    // The spec's verify body may name the team as team_db_id.
    const on = await verify(owner.cookie, {
      scope: 'team',
      team_db_id: team.id,
      otp: code,
      two_factor_authentication_enabled: true,
    });
    expect(on.body.response).toBe(true);

    // Turning off with a (valid) account code is refused…
    expect((await sendCode(member.cookie, { scope: 'account' })).body.response).toBe(true);
    const memberCode = await newestCode(t.ctx, member.email, CODE_MAIL.enable);
    const off = await verify(member.cookie, {
      scope: 'account',
      otp: memberCode,
      two_factor_authentication_enabled: false,
    });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({
      response: false,
      errormessage: MSG.twoFactorForcedByTeam,
      errorcode: 403,
    });
    expect((await me(member.cookie)).two_factor_authentication_enabled).toBe(true);

    // …and a member whose own toggle is on cannot even ask for the code to turn it off.
    const both = await loggedIn({ twoFactor: true });
    const otherTeam = await createTeam(t.ctx.db, {
      name: 'Other',
      ownerId: owner.user.id,
      memberIds: [both.user.id],
    });
    expect((await setTeamTwoFactor(owner, otherTeam.id, true)).body.response).toBe(true);
    const refused = await sendCode(both.cookie, { scope: 'account' });
    expect(refused.status).toBe(403);
    expect(refused.body.errormessage).toBe(MSG.twoFactorForcedByTeam);
    expect(await mailsTo(t.ctx, both.email)).toHaveLength(0);
  });

  it('lets the owner turn team two-factor off again', async () => {
    const { owner, member, team } = await teamWithMember();
    for (const enabled of [true, false]) {
      const res = await setTeamTwoFactor(owner, team.id, enabled);
      expect(res.body.data).toEqual({ message: enabled ? MSG.twoFactorEnabled : MSG.twoFactorDisabled });
    }
    expect(await me(member.cookie)).toMatchObject({
      two_factor_authentication_enabled: false,
      is_two_factor_authentication_enabled_by_team: false,
    });
  });

  it('refuses a non-owner with 403, even an admin member', async () => {
    const { owner, member, team } = await teamWithMember();
    await t.ctx.db
      .update(teamMembers)
      .set({ isAdmin: true })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.user.id)));
    const sent = await sendCode(member.cookie, { scope: 'team', team_id: team.id });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ response: false, errormessage: MSG.forbidden, errorcode: 403 });
    expect(await mailsTo(t.ctx, member.email)).toHaveLength(0);

    // The member holds a valid account code: the team route still refuses before looking at it.
    await sendCode(member.cookie, { scope: 'account' });
    const code = await newestCode(t.ctx, member.email, CODE_MAIL.enable);
    const res = await verify(member.cookie, {
      scope: 'team',
      team_id: team.id,
      otp: code,
      two_factor_authentication_enabled: true,
    });
    expect(res.status).toBe(403);
    expect((await findTeam(t.ctx.db, team.id))!.twoFactorEnabled).toBe(false);

    // An outsider, and the owner on a personal team (not a team setting), are refused too.
    const outsider = await loggedIn();
    expect((await sendCode(outsider.cookie, { scope: 'team', team_id: team.id })).status).toBe(403);
    const personal = (await me(owner.cookie)).teams.find((x) => x.is_personal)!;
    expect((await sendCode(owner.cookie, { scope: 'team', team_id: personal.team_db_id })).status).toBe(403);
  });

  it('binds codes to their scope: an account code cannot toggle a team, nor one team another', async () => {
    const { owner, team } = await teamWithMember();
    const second = await createTeam(t.ctx.db, { name: 'Second', ownerId: owner.user.id });

    await sendCode(owner.cookie, { scope: 'account' });
    const accountCode = await newestCode(t.ctx, owner.email, CODE_MAIL.enable);
    const res = await verify(owner.cookie, {
      scope: 'team',
      team_id: team.id,
      otp: accountCode,
      two_factor_authentication_enabled: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.response).toBe(false);
    expect(res.body.data.errors.otp).toBeDefined();

    await sendCode(owner.cookie, { scope: 'team', team_id: second.id });
    const secondCode = await newestCode(t.ctx, owner.email, CODE_MAIL.team);
    const cross = await verify(owner.cookie, {
      scope: 'team',
      team_id: team.id,
      otp: secondCode,
      two_factor_authentication_enabled: true,
    });
    expect(cross.body.response).toBe(false);
    // Nor can the team code toggle the owner's account.
    const asAccount = await verify(owner.cookie, {
      scope: 'account',
      otp: secondCode,
      two_factor_authentication_enabled: true,
    });
    expect(asAccount.body.response).toBe(false);

    expect((await findTeam(t.ctx.db, team.id))!.twoFactorEnabled).toBe(false);
    expect((await me(owner.cookie)).two_factor_authentication_enabled).toBe(false);
    // The second team's code is still good for the second team.
    const ok = await verify(owner.cookie, {
      scope: 'team',
      team_id: second.id,
      otp: secondCode,
      two_factor_authentication_enabled: true,
    });
    expect(ok.body.response).toBe(true);
  });
});

describe('code sending limits', () => {
  it('refuses the 6th code within 15 minutes for one user, even from different addresses', async () => {
    const { email, cookie } = await loggedIn();
    for (let i = 1; i <= 5; i++)
      expect((await sendCode(cookie, { scope: 'account' })).body.response).toBe(true);
    const sixth = await sendCode(cookie, { scope: 'account' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      response: false,
      data: null,
      errormessage: MSG.tooManyRequests,
      errorcode: 429,
    });
    expect(await mailsTo(t.ctx, email)).toHaveLength(5);
    // Another user is not affected.
    const { cookie: otherCookie } = await loggedIn();
    expect((await sendCode(otherCookie, { scope: 'account' })).body.response).toBe(true);
  });
});
