import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MSG, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { AppError, fieldError, tooManyRequests } from '../http/errors.ts';
import { keyedHash, randomDigits, randomToken, safeEqual, sha256 } from './secrets.ts';

export type CodePurpose = 'login_2fa' | 'toggle_2fa';
export type LinkPurpose = 'verify_email' | 'reset_password';

/** At most this many codes per user and purpose in the window (the route also limits per address). */
const SENDS_PER_WINDOW = 5;
const SEND_WINDOW_MINUTES = 15;

/** Ends every live secret of a user for a purpose (a new one replaces them). */
async function retire(db: DbOrTx, userId: string, purpose: CodePurpose | LinkPurpose) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    );
}

/** Issues an e-mail link token; only its SHA-256 is stored (256 random bits need no key). */
export async function issueLinkToken(
  db: DbOrTx,
  input: { userId: string; purpose: LinkPurpose; ttlSeconds: number; ip?: string },
): Promise<string> {
  await retire(db, input.userId, input.purpose);
  const token = randomToken();
  await db.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    secretHash: sha256(token),
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
    requestIp: input.ip,
  });
  return token;
}

/** Uses a link token once; answers its user id or refuses with 'This link is invalid or has expired'. */
export async function consumeLinkToken(db: DbOrTx, purpose: LinkPurpose, token: string): Promise<string> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.secretHash, sha256(token)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  if (!row) throw new AppError(MSG.invalidLink, { status: 400 });
  return row.userId;
}

/** Issues a 6-digit code bound to user, purpose and scope; refuses past the per-user send limit. */
export async function issueCode(
  db: DbOrTx,
  secret: string,
  input: { userId: string; purpose: CodePurpose; scope?: string; ip?: string },
): Promise<string> {
  const since = new Date(Date.now() - SEND_WINDOW_MINUTES * 60_000);
  const [{ sent }] = await db
    .select({ sent: sql<number>`count(*)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        gt(oneTimeCodes.createdAt, since),
      ),
    );
  if (sent >= SENDS_PER_WINDOW) throw tooManyRequests();
  await retire(db, input.userId, input.purpose);
  const code = randomDigits(OTP_LENGTH);
  const scope = input.scope ?? '';
  await db.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    scope,
    secretHash: keyedHash(secret, `${input.purpose}:${scope}:${code}`),
    expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
    requestIp: input.ip,
  });
  return code;
}

/**
 * Checks a code against the user's latest live one for the purpose and scope. A wrong code counts
 * an attempt atomically; the fifth wrong attempt kills the code. A right code is used exactly once.
 */
export async function verifyCode(
  db: DbOrTx,
  secret: string,
  input: { userId: string; purpose: CodePurpose; scope?: string; code: string },
): Promise<void> {
  const scope = input.scope ?? '';
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.scope, scope),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw fieldError('otp', MSG.otpExpired);
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw fieldError('otp', MSG.otpTooManyTries);

  const expected = keyedHash(secret, `${input.purpose}:${scope}:${input.code}`);
  if (!safeEqual(expected, row.secretHash)) {
    const [after] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, row.id), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ attempts: oneTimeCodes.attempts });
    const dead = !after || after.attempts >= OTP_MAX_ATTEMPTS;
    throw fieldError('otp', dead ? MSG.otpTooManyTries : MSG.otpInvalid);
  }
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw fieldError('otp', MSG.otpExpired);
}
