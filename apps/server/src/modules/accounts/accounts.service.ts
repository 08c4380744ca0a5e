import {
  MSG,
  type ChangePasswordBody,
  type TwoFactorSendBody,
  type TwoFactorVerifyBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { issueCode, verifyCode } from '../../platform/auth/codes.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { destroyUserSessions } from '../../platform/auth/sessions.ts';
import { endSessions } from '../../platform/auth/sessionCache.ts';
import { badRequest, fieldError, forbidden, unauthorized } from '../../platform/http/errors.ts';
import {
  findTeam,
  isTwoFactorEnforcedByTeam,
  setTeamTwoFactor,
  teamMemberIds,
  canManageTeamTwoFactor,
} from '../teams/index.ts';
import { recordAudit } from '../audit/index.ts';
import { codeMail } from './accounts.mails.ts';
import { findUserById, updateUser } from './users.service.ts';

/** Codes are bound to their scope: an account code cannot toggle a team, nor one team another. */
const codeScope = (scope: 'account' | 'team', teamId?: string) =>
  scope === 'team' ? `team:${teamId}` : 'account';

export function createAccountsService(ctx: AppContext) {
  const { db, mailer, events } = ctx;

  async function loadUser(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function assertTeamScope(userId: string, teamId?: string) {
    if (!teamId) throw badRequest(MSG.required, { errors: { team_id: MSG.required } });
    if (!(await canManageTeamTwoFactor(db, userId, teamId))) throw forbidden();
  }

  return {
    /** Every session ends on success (the web then goes to /logout), so a stolen session dies too. */
    async changePassword(userId: string, body: ChangePasswordBody) {
      const user = await loadUser(userId);
      if (!(await verifyPassword(user.passwordHash, body.existing_password))) {
        throw fieldError('existing_password', MSG.wrongExistingPassword);
      }
      if (body.existing_password === body.new_password) throw fieldError('new_password', MSG.samePassword);
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() });
        await destroyUserSessions(tx, userId);
        await recordAudit(tx, { teamId: null, action: 'auth.password_changed', actor: { id: userId } });
      });
      endSessions(ctx.realtime, { userId });
      return { message: MSG.passwordChanged };
    },

    async sendTwoFactorCode(userId: string, body: TwoFactorSendBody, ip?: string) {
      const user = await loadUser(userId);
      let purpose: 'enable' | 'disable' | 'team' = user.twoFactorEnabled ? 'disable' : 'enable';
      if (body.scope === 'team') {
        await assertTeamScope(userId, body.team_id);
        purpose = 'team';
      } else if (user.twoFactorEnabled && (await isTwoFactorEnforcedByTeam(db, userId))) {
        throw forbidden(MSG.twoFactorForcedByTeam);
      }
      await db.transaction(async (tx) => {
        const code = await issueCode(tx, ctx.secret, {
          userId,
          purpose: 'toggle_2fa',
          scope: codeScope(body.scope, body.team_id),
          ip,
        });
        await mailer.send(tx, codeMail(user.email, code, purpose));
      });
      ctx.jobs.wake();
      return { message: MSG.otpSent };
    },

    async verifyTwoFactor(userId: string, body: TwoFactorVerifyBody) {
      const enabled = body.two_factor_authentication_enabled;
      const teamId = body.team_id ?? body.team_db_id;
      if (body.scope === 'team') await assertTeamScope(userId, teamId);
      else if (!enabled && (await isTwoFactorEnforcedByTeam(db, userId)))
        throw forbidden(MSG.twoFactorForcedByTeam);

      await verifyCode(db, ctx.secret, {
        userId,
        purpose: 'toggle_2fa',
        scope: codeScope(body.scope, teamId),
        code: body.otp,
      });

      if (body.scope === 'team') {
        const team = await findTeam(db, teamId!);
        await db.transaction(async (tx) => {
          await setTeamTwoFactor(tx, team!.id, enabled);
          await recordAudit(tx, {
            teamId: team!.id,
            action: enabled ? 'auth.two_factor_enabled' : 'auth.two_factor_disabled',
            actor: { id: userId },
            target: { type: 'team', id: team!.id, label: team!.name },
            detail: { scope: 'team' },
          });
        });
        const members = await teamMemberIds(db, team!.id);
        // Members' own toggles become forced (user_updated); switchers and settings show the flag (team_update).
        await events.publish([
          ...members.map((id) => ({ name: 'user.updated' as const, payload: { userId: id } })),
          { name: 'team.changed', payload: { teamId: team!.id, addedUserIds: [], removedUserIds: [] } },
        ]);
      } else {
        await db.transaction(async (tx) => {
          await updateUser(tx, userId, { twoFactorEnabled: enabled });
          await recordAudit(tx, {
            teamId: null,
            action: enabled ? 'auth.two_factor_enabled' : 'auth.two_factor_disabled',
            actor: { id: userId },
            detail: { scope: 'account' },
          });
        });
        await events.publish([{ name: 'user.updated', payload: { userId } }]);
      }
      return { message: enabled ? MSG.twoFactorEnabled : MSG.twoFactorDisabled };
    },
  };
}
