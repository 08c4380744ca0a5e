import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AuditAction } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { CODE_MAIL, newestCode, newestToken, send } from '../../../test/inject.ts';
import { createTeam } from '../teams/teams.service.ts';
import { auditMark, auditSince, expectOneEntry } from './audit.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loggedIn(opts: { twoFactor?: boolean } = {}) {
  const made = await makeUser(t.ctx, opts);
  return { ...made, cookie: await sessionCookie(t.ctx, made.user) };
}
type Who = Awaited<ReturnType<typeof loggedIn>>;
const ok = async (p: ReturnType<typeof send>) => expect((await p).body.response).toBe(true);
const login = (email: string, password: string) =>
  send(t, 'POST', API.auth.login, { body: { email, password } });

async function toggleTwoFactor(who: Who, scope: 'account' | 'team', enabled: boolean, teamId?: string) {
  await ok(
    send(t, 'POST', API.account.twoFactorSend, { cookie: who.cookie, body: { scope, team_id: teamId } }),
  );
  const marker = scope === 'team' ? CODE_MAIL.team : enabled ? CODE_MAIL.enable : CODE_MAIL.disable;
  const otp = await newestCode(t.ctx, who.email, marker);
  await ok(
    send(t, 'PUT', API.account.twoFactorVerify, {
      cookie: who.cookie,
      body: { scope, team_id: teamId, otp, two_factor_authentication_enabled: enabled },
    }),
  );
}

/** Each account event: what makes it, and what its one entry must say. */
const CASES: {
  action: AuditAction;
  act: (who: Who) => Promise<unknown>;
  team?: boolean;
  actor?: 'self' | 'none';
}[] = [
  { action: 'auth.sign_in', act: (w) => ok(login(w.email, w.password)) },
  {
    action: 'auth.sign_in_failed',
    act: async (w) => expect((await login(w.email, `${w.password}x`)).body.response).toBe(false),
  },
  {
    action: 'auth.sign_in_failed',
    actor: 'none',
    act: async () =>
      expect((await login('nobody-here@example.com', 'Whatever1!x')).body.response).toBe(false),
  },
  { action: 'auth.sign_out', act: (w) => ok(send(t, 'POST', API.auth.logout, { cookie: w.cookie })) },
  {
    action: 'auth.password_changed',
    act: (w) =>
      ok(
        send(t, 'POST', API.account.changePassword, {
          cookie: w.cookie,
          body: {
            existing_password: w.password,
            new_password: `${w.password}9a`,
            confirm_new_password: `${w.password}9a`,
          },
        }),
      ),
  },
  {
    action: 'auth.password_changed',
    act: async (w) => {
      await ok(send(t, 'POST', API.auth.forgotPassword, { body: { email: w.email } }));
      const token = await newestToken(t.ctx, w.email, '/reset-password?token=');
      await ok(
        send(t, 'POST', API.auth.resetPassword, {
          body: { token, new_password: `${w.password}7b`, confirm_new_password: `${w.password}7b` },
        }),
      );
    },
  },
  { action: 'auth.two_factor_enabled', act: (w) => toggleTwoFactor(w, 'account', true) },
];

describe('account events write exactly one entry each', () => {
  it.each(CASES.map((c, i) => [`${c.action} #${i}`, c] as const))('%s', async (_name, c) => {
    const who = await loggedIn();
    const entry = await expectOneEntry(t, c.action, () => c.act(who));
    expect(entry.teamId).toBeNull();
    if (c.actor === 'none') {
      expect(entry.actorId).toBeNull();
      expect(JSON.stringify(entry)).not.toContain('nobody-here');
    } else {
      expect(entry.actorId).toBe(who.user.id);
      expect(entry.actorLabel).not.toBe('');
    }
    expect(JSON.stringify(entry.detail)).not.toMatch(/password1|Whatever/i);
  });

  it('a 2FA sign-in writes one sign-in, at the code step', async () => {
    const who = await loggedIn({ twoFactor: true });
    const mark = await auditMark(t);
    const first = await login(who.email, who.password);
    expect((await auditSince(t, mark)).filter((r) => r.action === 'auth.sign_in')).toHaveLength(0);
    const otp = await newestCode(t.ctx, who.email, CODE_MAIL.login);
    await ok(send(t, 'POST', API.auth.loginOtp, { cookie: first.sessionCookie!, body: { otp } }));
    const rows = (await auditSince(t, mark)).filter((r) => r.action === 'auth.sign_in');
    expect(rows).toHaveLength(1);
  });

  it('account 2FA off, and team 2FA on/off carry the team', async () => {
    const who = await loggedIn({ twoFactor: true });
    // Turning it off asks "Confirm it's you" first.
    await ok(
      send(t, 'POST', API.signin.reauthPassword, { cookie: who.cookie, body: { password: who.password } }),
    );
    await expectOneEntry(t, 'auth.two_factor_disabled', () => toggleTwoFactor(who, 'account', false));
    const team = await createTeam(t.ctx.db, { name: 'Crew', ownerId: who.user.id, memberIds: [] });
    const on = await expectOneEntry(t, 'auth.two_factor_enabled', () =>
      toggleTwoFactor(who, 'team', true, team.id),
    );
    expect(on).toMatchObject({ teamId: team.id, actorId: who.user.id });
    const off = await expectOneEntry(t, 'auth.two_factor_disabled', () =>
      toggleTwoFactor(who, 'team', false, team.id),
    );
    expect(off.teamId).toBe(team.id);
  });
});
