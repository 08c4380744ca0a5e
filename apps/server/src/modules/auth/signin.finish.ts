import type { AppContext } from '../../platform/context.ts';
import { createSession, destroySession } from '../../platform/auth/sessions.ts';
import { recordAudit } from '../audit/index.ts';
import { createInviteCodes } from '../projects/index.ts';
import type { RequestMeta } from './auth.service.ts';

/** How the login was completed, kept on its audit entry. */
export type SignInMethod =
  { first_factor: 'passkey' } | { second_factor: 'passkey' | 'authenticator' | 'recovery_code' };

/**
 * Ends a login proven by a passkey alone or by another second factor than the e-mailed code: the
 * pending session (if any) gives way to a full one, with its audit entry, in one transaction; then the
 * invitation kept through the login is accepted and the user's other tabs hear of it.
 */
export async function finishSignIn(
  ctx: AppContext,
  input: {
    userId: string;
    pendingIdHash?: string;
    meta: RequestMeta;
    method: SignInMethod;
    inviteCode?: string | undefined;
  },
) {
  const policy = { idleHours: ctx.config.SESSION_IDLE_HOURS, maxDays: ctx.config.SESSION_MAX_DAYS };
  const session = await ctx.db.transaction(async (tx) => {
    if (input.pendingIdHash) await destroySession(tx, input.pendingIdHash);
    await recordAudit(tx, {
      teamId: null,
      action: 'auth.sign_in',
      actor: { id: input.userId, kind: 'session' },
      detail: input.method,
    });
    return createSession(tx, input.userId, 'full', policy, input.meta);
  });
  await createInviteCodes(ctx).tryAccept(input.userId, input.inviteCode);
  await ctx.events.publish([{ name: 'user.logged_in', payload: { userId: input.userId } }]);
  return session;
}
