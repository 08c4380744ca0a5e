import { MSG, type LoginBody, type ResetPasswordBody, type SignupBody } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { consumeLinkToken, issueCode, issueLinkToken, verifyCode } from '../../platform/auth/codes.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { endSessions } from '../../platform/auth/sessionCache.ts';
import {
  createSession,
  destroySession,
  destroyUserSessions,
  type ResolvedSession,
} from '../../platform/auth/sessions.ts';
import { AppError, badRequest, fieldError } from '../../platform/http/errors.ts';
import {
  codeMail,
  createUser,
  findUserByEmail,
  findUserById,
  requiresTwoFactor,
  updateUser,
} from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { acceptAnyInviteIn, createInviteCodes, findAnyValidInvite } from '../projects/index.ts';
import { authMails } from './auth.mails.ts';

declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    'user.logged_in': { userId: string };
    'user.updated': { userId: string };
  }
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

const VERIFY_TTL_SECONDS = 24 * 3600;
const RESET_TTL_SECONDS = 3600;

export function createAuthService(ctx: AppContext) {
  const { db, config, mailer, events } = ctx;
  const policy = { idleHours: config.SESSION_IDLE_HOURS, maxDays: config.SESSION_MAX_DAYS };
  const baseUrl = config.publicUrl;
  // Team and project invitations share the invite_code path (projects/inviteCodes.ts).
  const invites = createInviteCodes(ctx);

  async function sendVerification(userId: string, email: string, ip?: string) {
    await db.transaction(async (tx) => {
      const token = await issueLinkToken(tx, {
        userId,
        purpose: 'verify_email',
        ttlSeconds: VERIFY_TTL_SECONDS,
        ip,
      });
      await mailer.send(tx, authMails.verify(email, baseUrl, token));
    });
    ctx.jobs.wake();
  }

  return {
    /**
     * Sign-up answers the same for new and known e-mails: a known one gets a mail saying so instead
     * of a second account, and the password is hashed either way so both take as long.
     */
    async signup(body: SignupBody, meta: RequestMeta) {
      const passwordHash = await hashPassword(body.password);
      // An invitation code must be live and meant for this e-mail; checked alike for known and new e-mails.
      if (body.invite_code && !(await findAnyValidInvite(db, body.invite_code, body.email))) {
        throw fieldError('invite_code', MSG.inviteInvalid);
      }
      const joined = await events.transaction(db, async (tx, emit) => {
        const existing = await findUserByEmail(tx, body.email);
        if (existing) {
          // At most one such notice an hour per address, so sign-ups from many addresses cannot flood a mailbox.
          const notice = authMails.alreadyRegistered(body.email, baseUrl);
          if (!(await mailer.sentRecently(tx, notice.to, notice.subject, 3600)))
            await mailer.send(tx, notice);
          return false;
        }
        if (body.invite_code) {
          // The mailed invitation proves the mailbox: verified at once, and joined.
          const user = await createUser(tx, {
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            passwordHash,
            verified: true,
          });
          await acceptAnyInviteIn(tx, emit, user, body.invite_code);
          return true;
        }
        const user = await createUser(tx, {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          passwordHash,
        });
        const token = await issueLinkToken(tx, {
          userId: user.id,
          purpose: 'verify_email',
          ttlSeconds: VERIFY_TTL_SECONDS,
          ip: meta.ip,
        });
        await mailer.send(tx, authMails.verify(user.email, baseUrl, token));
        return false;
      });
      ctx.jobs.wake();
      return { message: joined ? MSG.emailVerified : MSG.signupSent };
    },

    async verifyEmail(token: string) {
      await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, 'verify_email', token);
        await updateUser(tx, userId, { emailVerifiedAt: new Date() });
      });
      return { message: MSG.emailVerified };
    },

    /**
     * Password first (against a dummy hash for unknown e-mails, so both answer alike), then the
     * verified check, then two-factor: a 2FA user gets a short pending session and a mailed code.
     */
    async login(body: LoginBody, meta: RequestMeta) {
      const user = await findUserByEmail(db, body.email);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid) {
        // One insert either way (timing alike); an unknown e-mail is not kept (no actor, no address typed).
        await recordAudit(db, {
          teamId: null,
          action: 'auth.sign_in_failed',
          actor: { id: user?.id ?? null, kind: 'session' },
          detail: { reason: user ? 'wrong_password' : 'unknown_account' },
        });
        throw badRequest(MSG.invalidCredentials);
      }
      if (!user.emailVerifiedAt) {
        await sendVerification(user.id, user.email, meta.ip);
        throw new AppError(MSG.emailNotVerified, { status: 403, errorcode: 403 });
      }
      if (await requiresTwoFactor(db, user)) {
        const session = await db.transaction(async (tx) => {
          const code = await issueCode(tx, ctx.secret, {
            userId: user.id,
            purpose: 'login_2fa',
            ip: meta.ip,
          });
          await mailer.send(tx, codeMail(user.email, code, 'login'));
          return createSession(tx, user.id, 'pending_2fa', policy, meta);
        });
        ctx.jobs.wake();
        return { two_factor_required: true, session };
      }
      const session = await db.transaction(async (tx) => {
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.sign_in',
          actor: { id: user.id, kind: 'session' },
        });
        return createSession(tx, user.id, 'full', policy, meta);
      });
      await invites.tryAccept(user.id, body.invite_code);
      await events.publish([{ name: 'user.logged_in', payload: { userId: user.id } }]);
      return { two_factor_required: false, session };
    },

    /** Second login step: the code bound to this user's login replaces the pending session by a full one. */
    async completeTwoFactorLogin(
      pending: ResolvedSession,
      otp: string,
      meta: RequestMeta,
      /** The invite code kept through the pending step (a short-lived cookie): joined after the code. */
      inviteCode?: string,
    ) {
      await verifyCode(db, ctx.secret, { userId: pending.userId, purpose: 'login_2fa', code: otp });
      const session = await db.transaction(async (tx) => {
        await destroySession(tx, pending.idHash);
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.sign_in',
          actor: { id: pending.userId, kind: 'session' },
          detail: { second_factor: 'email' },
        });
        return createSession(tx, pending.userId, 'full', policy, meta);
      });
      await invites.tryAccept(pending.userId, inviteCode);
      await events.publish([{ name: 'user.logged_in', payload: { userId: pending.userId } }]);
      return session;
    },

    async resendLoginCode(pending: ResolvedSession, meta: RequestMeta) {
      const user = await findUserById(db, pending.userId);
      if (!user) throw badRequest(MSG.twoFactorSessionExpired);
      await db.transaction(async (tx) => {
        const code = await issueCode(tx, ctx.secret, { userId: user.id, purpose: 'login_2fa', ip: meta.ip });
        await mailer.send(tx, codeMail(user.email, code, 'login'));
      });
      ctx.jobs.wake();
      return { message: MSG.otpSent };
    },

    async logout(session: ResolvedSession | null) {
      if (session) {
        await db.transaction(async (tx) => {
          await destroySession(tx, session.idHash);
          await recordAudit(tx, { teamId: null, action: 'auth.sign_out', actor: { id: session.userId } });
        });
        endSessions(ctx.realtime, { idHash: session.idHash });
      }
      return { message: MSG.loggedOut };
    },

    /** Same answer whether or not the e-mail has an account. */
    async forgotPassword(email: string, meta: RequestMeta) {
      const user = await findUserByEmail(db, email);
      if (user) {
        await db.transaction(async (tx) => {
          const token = await issueLinkToken(tx, {
            userId: user.id,
            purpose: 'reset_password',
            ttlSeconds: RESET_TTL_SECONDS,
            ip: meta.ip,
          });
          await mailer.send(tx, authMails.reset(user.email, baseUrl, token));
        });
        ctx.jobs.wake();
      }
      return { message: MSG.forgotSent };
    },

    /** A reset proves the mailbox, so it also verifies the e-mail; every session of the user ends. */
    async resetPassword(body: ResetPasswordBody) {
      const passwordHash = await hashPassword(body.new_password);
      const userId = await db.transaction(async (tx) => {
        const id = await consumeLinkToken(tx, 'reset_password', body.token);
        const user = await findUserById(tx, id);
        await updateUser(tx, id, {
          passwordHash,
          passwordChangedAt: new Date(),
          emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
        });
        await destroyUserSessions(tx, id);
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.password_changed',
          actor: { id, kind: 'session' },
          detail: { via: 'reset_link' },
        });
        return id;
      });
      endSessions(ctx.realtime, { userId });
      return { message: MSG.passwordResetDone };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
