import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  OTP_MAX_ATTEMPTS,
  SIGNIN_MSG,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_STEP_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { totpSecrets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import './auth.service.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserById } from '../accounts/index.ts';
import { mailSecurityChange } from './signin.mails.ts';
import { lazyImport } from '../../platform/lazyImport.ts';

const qrcode = lazyImport(() => import('qrcode'));

const totpOf = (secret: Secret, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    secret,
  });

/**
 * A proven sign-in clears the wrong-code count: the lock holds only until one by another factor.
 * A write, so it runs beside the publish rounds (detached): queued in them, a burst of logins on a
 * busy pool held every realtime hint behind it (a minute of chat delay at 1,600 users).
 */
export function liftTotpLockOnSignIn(ctx: AppContext) {
  ctx.events.on('user.logged_in', ({ userId }) => resetTotpAttempts(ctx.db, userId), {
    coalesce: ({ userId }) => userId,
    detached: true,
  });
}

async function resetTotpAttempts(db: DbOrTx, userId: string) {
  await db
    .update(totpSecrets)
    .set({ attempts: 0 })
    .where(and(eq(totpSecrets.userId, userId), sql`${totpSecrets.attempts} > 0`));
}

export async function hasAuthenticator(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  return Boolean(row);
}

/**
 * The authenticator app (RFC 6238: SHA-1, 6 digits, 30 s). The secret is sealed at rest; a code is
 * accepted one step either side of now, never for a step already used, and after 5 wrong codes in a
 * row the app is locked like a spent e-mail code until a sign-in by another factor.
 */
export function createTotpService(ctx: AppContext) {
  const { db } = ctx;
  const box = secretBoxFor(ctx.config, ctx.secret);

  async function rowOf(userId: string) {
    const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
    return row;
  }

  /** Checks a code against a stored secret and marks its step used; throws the field's message. */
  async function check(row: typeof totpSecrets.$inferSelect, code: string): Promise<number> {
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw fieldError('code', SIGNIN_MSG.totpTooManyTries);
    const totp = totpOf(Secret.fromBase32(box.open(row.secretSealed)));
    const now = Date.now();
    const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
    if (delta === null) {
      const [after] = await db
        .update(totpSecrets)
        .set({ attempts: sql`${totpSecrets.attempts} + 1` })
        .where(and(eq(totpSecrets.userId, row.userId), lt(totpSecrets.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ attempts: totpSecrets.attempts });
      const dead = !after || after.attempts >= OTP_MAX_ATTEMPTS;
      throw fieldError('code', dead ? SIGNIN_MSG.totpTooManyTries : SIGNIN_MSG.totpInvalid);
    }
    const step = totp.counter({ timestamp: now }) + delta;
    // Atomic: of two requests with one code, only the first moves last_used_step past it.
    const used = await db
      .update(totpSecrets)
      .set({ lastUsedStep: step, attempts: 0 })
      .where(
        and(
          eq(totpSecrets.userId, row.userId),
          or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpSecrets.userId });
    if (used.length === 0) throw fieldError('code', SIGNIN_MSG.totpReused);
    return step;
  }

  return {
    /** A new secret (replacing an unconfirmed one) with its otpauth:// URL as an SVG QR code. */
    async setup(userId: string) {
      const user = await findUserById(db, userId);
      const existing = await rowOf(userId);
      if (existing?.confirmedAt) throw badRequest(SIGNIN_MSG.totpAlreadySetUp);
      const secret = new Secret({ size: 20 });
      const sealed = box.seal(secret.base32);
      await db
        .insert(totpSecrets)
        .values({ userId, secretSealed: sealed })
        .onConflictDoUpdate({
          target: totpSecrets.userId,
          set: { secretSealed: sealed, attempts: 0, lastUsedStep: null, createdAt: new Date() },
        });
      const url = totpOf(secret, user?.email ?? '').toString();
      const { default: QRCode } = await qrcode();
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret: secret.base32,
        otpauth_url: url,
        qr_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        digits: TOTP_DIGITS,
      };
    },

    /** The first code proves the app holds the secret; only then does it count as a factor. */
    async confirm(userId: string, code: string) {
      const row = await rowOf(userId);
      if (!row) throw badRequest(SIGNIN_MSG.totpNotSetUp);
      if (row.confirmedAt) throw badRequest(SIGNIN_MSG.totpAlreadySetUp);
      await check(row, code);
      await db.transaction(async (tx) => {
        await tx.update(totpSecrets).set({ confirmedAt: new Date() }).where(eq(totpSecrets.userId, userId));
        await recordAudit(tx, { teamId: null, action: 'auth.authenticator_added' });
        await mailSecurityChange(ctx, tx, userId, 'auth.authenticator_added');
      });
      ctx.jobs.wake();
      return { message: SIGNIN_MSG.totpAdded };
    },

    async remove(userId: string) {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(totpSecrets)
          .where(eq(totpSecrets.userId, userId))
          .returning({ confirmedAt: totpSecrets.confirmedAt });
        if (gone[0]?.confirmedAt)
          await recordAudit(tx, { teamId: null, action: 'auth.authenticator_removed' });
      });
      return { message: SIGNIN_MSG.totpRemoved };
    },

    /** A second login step: the code of the confirmed app. */
    async verifyForLogin(userId: string, code: string) {
      const row = await rowOf(userId);
      if (!row?.confirmedAt) throw badRequest(SIGNIN_MSG.methodUnavailable);
      await check(row, code);
    },

    async addedAt(userId: string) {
      const row = await rowOf(userId);
      return row?.confirmedAt ?? null;
    },
  };
}
