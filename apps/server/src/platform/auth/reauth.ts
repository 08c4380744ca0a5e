import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { REAUTH_MINUTES, SIGNIN_MSG } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import { keyedHash } from './secrets.ts';
import type { ResolvedSession } from './sessions.ts';

/**
 * "Confirm it's you": a session that proved its user again (password or passkey) may change how
 * that user signs in for REAUTH_MINUTES. The proof is a one_time_codes row of purpose 'reauth' whose
 * hash is the server-keyed hash of the session's id hash: only that session finds it (another
 * session of the same user, or the same user after signing in again, does not), the table alone
 * does not say which session it is, and it lapses on its own.
 */
const proofOf = (secret: string, session: ResolvedSession) => keyedHash(secret, `reauth:${session.idHash}`);

/** The browser session of the request, never an API token (a token cannot confirm who is at the keyboard). */
function browserSession(req: FastifyRequest): ResolvedSession {
  const session = req.session;
  if (!session || session.kind !== 'full') throw unauthorized();
  if (session.tokenId) throw forbidden();
  return session;
}

/** Opens (or renews) the request's session's window; answers when it ends. */
export async function markRecentAuth(
  db: DbOrTx,
  secret: string,
  req: FastifyRequest,
): Promise<{ until: Date }> {
  const session = browserSession(req);
  const secretHash = proofOf(secret, session);
  const until = new Date(Date.now() + REAUTH_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    // The renewed proof replaces the session's older one (one live row per session).
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.secretHash, secretHash),
          eq(oneTimeCodes.purpose, 'reauth'),
          isNull(oneTimeCodes.usedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      userId: session.userId,
      purpose: 'reauth',
      secretHash,
      expiresAt: until,
      requestIp: req.ip,
    });
  });
  return { until };
}

/**
 * Refuses (403, data `{ reauth_required: true }`) unless the request's session confirmed its user
 * within the window: the web then asks "Confirm it's you" and retries.
 */
export async function assertRecentAuth(db: DbOrTx, secret: string, req: FastifyRequest): Promise<void> {
  const session = browserSession(req);
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.secretHash, proofOf(secret, session)),
        eq(oneTimeCodes.purpose, 'reauth'),
        eq(oneTimeCodes.userId, session.userId),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError(SIGNIN_MSG.reauthRequired, {
      status: 403,
      errorcode: 403,
      data: { reauth_required: true },
    });
  }
}
