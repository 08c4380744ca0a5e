import { APP_NAME, AUDIT_ACTIONS, type AuditAction } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { findUserById } from '../accounts/index.ts';

type SecurityChange = Extract<
  AuditAction,
  | 'auth.passkey_added'
  | 'auth.passkey_removed'
  | 'auth.authenticator_added'
  | 'auth.authenticator_removed'
  | 'auth.recovery_codes_created'
>;

/**
 * Tells the account's owner of a change to how it signs in, in the change's transaction: a passkey
 * added with a stolen session would outlive a password reset, so the owner must hear of it.
 */
export async function mailSecurityChange(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  change: SecurityChange,
) {
  const user = await findUserById(tx, userId);
  if (!user) return;
  const what = AUDIT_ACTIONS[change];
  await ctx.mailer.send(tx, {
    to: user.email,
    subject: `${what} on your ${APP_NAME} account`,
    text: `${what} on your ${APP_NAME} account (${user.email}).\n\nIf this was you, there is nothing to do. If it was not, reset your password at ${ctx.config.publicUrl}/forgot-password and check Account Settings → Security.`,
  });
}
