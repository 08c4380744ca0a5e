import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, min } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, SIGNIN_MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { keyedHash } from '../../platform/auth/secrets.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { mailSecurityChange } from './signin.mails.ts';

/** Crockford's base32 letters (no i, l, o, u): 10 of them carry 50 bits, read aloud without doubt. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

const newCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** What the user typed, as it was issued: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, '');

export async function unusedRecoveryCodes(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ remaining: count(), createdAt: min(recoveryCodes.createdAt) })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { remaining: row?.remaining ?? 0, createdAt: row?.createdAt ?? null };
}

/**
 * Recovery codes: a set of 10, shown once; only a keyed hash (bound to the user and the server secret,
 * like the e-mailed codes) is kept; each works once, and a new set replaces the old.
 */
export function createRecoveryService(ctx: AppContext) {
  const { db } = ctx;
  const hashOf = (userId: string, code: string) =>
    keyedHash(ctx.secret, `recovery:${userId}:${normalise(code)}`);

  return {
    async create(userId: string) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx
          .insert(recoveryCodes)
          .values(codes.map((code) => ({ userId, codeHash: hashOf(userId, code) })));
        await recordAudit(tx, { teamId: null, action: 'auth.recovery_codes_created' });
        await mailSecurityChange(ctx, tx, userId, 'auth.recovery_codes_created');
      });
      ctx.jobs.wake();
      return { codes, message: SIGNIN_MSG.recoveryCreated };
    },

    /** Uses one code of the user's set (a second factor); refuses an unknown or used one. */
    async use(userId: string, code: string) {
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(recoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(recoveryCodes.userId, userId),
              eq(recoveryCodes.codeHash, hashOf(userId, code)),
              isNull(recoveryCodes.usedAt),
            ),
          )
          .returning({ id: recoveryCodes.id });
        if (!used) throw fieldError('code', SIGNIN_MSG.recoveryInvalid);
        const left = await unusedRecoveryCodes(tx, userId);
        await recordAudit(tx, {
          teamId: null,
          action: 'auth.recovery_code_used',
          actor: { id: userId, kind: 'session' },
          detail: { remaining: left.remaining },
        });
      });
    },
  };
}
